"""The Java runtime a sample's tests run in: a ``jlink`` image of the JDK without the denied
modules, and a class-data archive (AppCDS) of the judge and JUnit made from the canonical run.

``--limit-modules`` keeps a module out of a JVM, but the JVM then maps no class-data archive
(CDS is off with that option), so every test JVM loads and verifies JUnit's classes afresh. An
image built with ``jlink`` from this JDK's modules but the denied ones holds none of them at
all, and maps archives: the JDK's own (``--generate-cds-archive``) and one per project of the
classes the canonical run loaded from the judge's jar and JUnit's (the project's own classes,
read from folders, are never archived). An archive changes what a class costs to load, never
what it does: a JVM that cannot map it loads the classes from their jars.

A denied module a project needs (``jdk_modules`` in its ``project.toml``) is in its image, but
without the classes in ``WITHHELD``: JavaBench's PA22 mocks with Mockito, whose Objenesis makes
objects through ``sun.reflect.ReflectionFactory`` in ``jdk.unsupported``; the same module holds
``sun.misc.Unsafe``, which reads any object's memory (the judge's secret included). ``jlink``
leaves that one class file out, so the tests get the factory and a sample cannot load Unsafe.

The image is built once per machine, JDK, judge and module set, under the cache folder
(``CLASSWRIGHT_CACHE``, else ``$XDG_CACHE_HOME/classwright``, else ``~/.cache/classwright``):
about 6 CPU-s and 150 MB.
"""

from __future__ import annotations

import functools
import hashlib
import os
import shutil
import stat
import subprocess
import tempfile
import threading
import zipfile
from collections.abc import Sequence
from pathlib import Path

from classwright.evaluator.java import judge_source
from classwright.evaluator.java.jail import judge_module
from classwright.evaluator.java.toolchain import JavaToolchain

CACHE_VARIABLE = "CLASSWRIGHT_CACHE"
JUDGE_JAR = "classwright-judge.jar"
WITHHELD: dict[str, tuple[str, ...]] = {"jdk.unsupported": ("sun/misc/Unsafe.class",)}
"""Class files left out of a module the image holds: what no test needs and a sample must not
have (``sun.misc.Unsafe``: memory access past every access check)."""
_lock = threading.Lock()


def cache_root() -> Path:
    """Where images are kept (made on first use, this user's only)."""
    named = os.environ.get(CACHE_VARIABLE)
    if named:
        root = Path(named)
    else:
        base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
        root = Path(base) / "classwright"
    root.mkdir(parents=True, exist_ok=True)
    return root


def _trusted(folder: Path) -> bool:
    """Whether ``folder`` is ours and nobody else may write in it (a runtime another user could
    change would run the judge)."""
    info = folder.lstat()
    return (
        stat.S_ISDIR(info.st_mode)
        and info.st_uid == os.geteuid()
        and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
    )


_REQUIRES = """\
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;

public class Requires {
    public static void main(String[] args) {
        for (var module : ModuleFinder.ofSystem().findAll()) {
            StringBuilder line = new StringBuilder(module.descriptor().name());
            for (ModuleDescriptor.Requires r : module.descriptor().requires()) {
                line.append(' ').append(r.name());
            }
            System.out.println(line);
        }
    }
}
"""


def image_modules(toolchain: JavaToolchain, excluded: frozenset[str]) -> list[str]:
    """This JDK's modules but the ``excluded`` ones and every module that requires one of them,
    directly or not (``jlink`` adds what a module requires: ``java.se`` would bring
    ``java.instrument``, ``jdk.jcmd`` would bring ``jdk.attach``)."""
    with tempfile.TemporaryDirectory(prefix="classwright-requires-") as folder:
        program = Path(folder) / "Requires.java"
        program.write_text(_REQUIRES, encoding="utf-8")
        listed = subprocess.run(
            [str(toolchain.java), str(program)],
            capture_output=True,
            text=True,
            check=True,
            timeout=300,
        ).stdout
    requires = {}
    for line in listed.splitlines():
        name, *needs = line.split()
        requires[name] = set(needs)
    out = set(excluded)
    grown = True
    while grown:
        more = {name for name, needs in requires.items() if needs & out} - out
        out |= more
        grown = bool(more)
    return sorted(set(requires) - out)


def _judge_jar(toolchain: JavaToolchain, folder: Path) -> None:
    """The judge module as a jar (a class-data archive takes jars only), in ``folder``."""
    classes = judge_module(toolchain)
    with zipfile.ZipFile(folder / JUDGE_JAR, "w") as jar:
        for path in sorted(classes.rglob("*.class")):
            info = zipfile.ZipInfo(path.relative_to(classes).as_posix(), (1980, 1, 1, 0, 0, 0))
            jar.writestr(info, path.read_bytes())
    (folder / JUDGE_JAR).chmod(0o644)


@functools.cache
def _runtime(toolchain: JavaToolchain, excluded: frozenset[str], judge_digest: str) -> Path:
    release = (toolchain.java.resolve().parents[1] / "release").read_bytes()
    # A pattern for a module the image lacks matches nothing: jlink accepts it.
    withheld = sorted(
        f"/{module}/{path}"
        for module, paths in WITHHELD.items()
        if module not in excluded
        for path in paths
    )
    parts = [str(toolchain.java.resolve()).encode(), release, ",".join(sorted(excluded)).encode()]
    parts += [",".join(withheld).encode()] if withheld else []
    key = hashlib.sha256(b"\0".join([*parts, judge_digest.encode()])).hexdigest()[:20]
    root = cache_root()
    final = root / f"java-runtime-{key}"
    if final.exists() and _trusted(final) and (final / JUDGE_JAR).is_file():
        return final
    building = Path(tempfile.mkdtemp(prefix="java-runtime-building-", dir=root))
    try:
        image = building / "image"
        done = subprocess.run(
            [
                str(toolchain.java.resolve().parent / "jlink"),
                "--add-modules",
                ",".join(image_modules(toolchain, excluded)),
                "--output",
                str(image),
                "--no-header-files",
                "--no-man-pages",
                "--generate-cds-archive",
                *([f"--exclude-resources={','.join(withheld)}"] if withheld else []),
            ],
            capture_output=True,
            text=True,
            check=False,
            timeout=600,
        )
        if done.returncode != 0:
            raise RuntimeError(f"jlink failed:\n{done.stdout}{done.stderr}")
        for path in image.iterdir():
            shutil.move(str(path), building / path.name)
        image.rmdir()
        _judge_jar(toolchain, building)
        building.chmod(0o755)
        try:
            building.rename(final)
        except OSError:
            # Another process built it first: use theirs.
            shutil.rmtree(building, ignore_errors=True)
    except BaseException:
        shutil.rmtree(building, ignore_errors=True)
        raise
    if not _trusted(final):
        raise RuntimeError(f"{final} is writable by others or not ours: not used")
    return final


def sample_runtime(toolchain: JavaToolchain, denied: frozenset[str], needed: Sequence[str]) -> Path:
    """The java home of the image without the ``denied`` modules (less those the project
    ``needed``) nor any module requiring one, with the judge's jar in it, built once per
    machine."""
    digest = hashlib.sha256("".join(judge_source.SOURCES.values()).encode()).hexdigest()
    with _lock:
        return _runtime(toolchain, frozenset(denied - set(needed)), digest)


def dump_archive(
    runtime: Path, module_path: str, class_list: Path, archive: Path, options: Sequence[str]
) -> bool:
    """Write the class-data archive of the classes in ``class_list`` (those the canonical run
    loaded) that the image and ``module_path`` hold; whether it was written."""
    if not class_list.is_file():
        return False
    done = subprocess.run(
        [
            str(runtime / "bin" / "java"),
            *options,
            "-Xshare:dump",
            f"-XX:SharedClassListFile={class_list}",
            f"-XX:SharedArchiveFile={archive}",
            "--module-path",
            module_path,
            "-m",
            judge_source.MODULE_NAME,
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    if done.returncode != 0 or not archive.is_file():
        return False
    archive.chmod(0o644)
    return True
