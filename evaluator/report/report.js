// Drill-down: open the task a link points at, and open or close every task at once.
(function () {
  function openTarget() {
    var id = decodeURIComponent(window.location.hash.slice(1));
    var target = id ? document.getElementById(id) : null;
    if (target && target.tagName === "DETAILS") { target.open = true; }
  }
  function setAll(open) {
    document.querySelectorAll("details.task").forEach(function (d) { d.open = open; });
  }
  window.addEventListener("hashchange", openTarget);
  openTarget();
  var openAll = document.getElementById("open-all");
  var closeAll = document.getElementById("close-all");
  if (openAll) { openAll.addEventListener("click", function () { setAll(true); }); }
  if (closeAll) { closeAll.addEventListener("click", function () { setAll(false); }); }
})();
// Integrity flags: keep the flagged samples' rows of the chosen flag.
(function () {
  var chooser = document.getElementById("flag-filter");
  if (!chooser) { return; }
  chooser.addEventListener("change", function () {
    var wanted = chooser.value;
    document.querySelectorAll("table.flagged tbody tr").forEach(function (row) {
      var flags = (row.getAttribute("data-flags") || "").split(" ");
      row.style.display = !wanted || flags.indexOf(wanted) >= 0 ? "" : "none";
    });
  });
})();
