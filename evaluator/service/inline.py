"""Whether a server takes tasks sent inline with a request, and the sentence that says so.

An inline task's canonical solution and tests are the client's code, and they run on the
server's machine (the canonical solution is timed there) at the server's isolation. Only
bubblewrap keeps the server's files and network out of reach; under `unshare` or rlimits only a
task's code could read the server's tasks and send them away. So inline tasks are refused unless
the sandbox runs at full isolation, or the operator opts in knowingly (`--allow-inline-tasks`);
the choice is stated in /healthz and in every verdict.
"""

from __future__ import annotations

from dataclasses import dataclass

from classwright.evaluator.sandbox.modes import Isolation

FULL_ISOLATION = Isolation.BUBBLEWRAP
OPT_IN = "--allow-inline-tasks"


@dataclass(frozen=True)
class InlinePolicy:
    allowed: bool
    statement: str
    """One sentence: allowed or refused, and why (shown in /healthz and every verdict)."""


def inline_policy(isolation: str | None, opted_in: bool) -> InlinePolicy:
    """The policy of a server whose sandboxes run at ``isolation`` (None: not known here, as
    with a cluster's executor) and whose operator did or did not opt in."""
    level = f"at {isolation} isolation" if isolation else "at an isolation this server cannot see"
    if isolation == FULL_ISOLATION:
        return InlinePolicy(True, f"allowed: the sandbox runs at full isolation ({isolation})")
    if opted_in:
        return InlinePolicy(
            True,
            f"allowed by the operator ({OPT_IN}) {level}, not full isolation "
            f"({FULL_ISOLATION}): a task's code may read what the server's user can read",
        )
    return InlinePolicy(
        False,
        f"refused: this server's sandbox runs {level}, not full isolation ({FULL_ISOLATION}); "
        f"an operator may allow them with {OPT_IN}",
    )


REFUSED = inline_policy(None, False)
"""The policy when none is given: refused."""
