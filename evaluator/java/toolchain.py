"""The JDK and the jars a Java project compiles and runs with: Debian's, found on this machine.

``javac`` and ``java`` come from ``$JAVA_HOME/bin`` or ``PATH``; JUnit 5 is Debian's ``junit5``
package, whose ``junit-platform-console-standalone.jar`` holds the console launcher, the Jupiter
API and engine (its manifest's Class-Path names the rest in the same folder). Nothing is
downloaded: ``scripts/setup.sh`` installs the packages.
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

from classwright.schema.errors import InputError

SYSTEM_JARS = Path("/usr/share/java")
CONSOLE_LAUNCHER = "junit-platform-console-standalone.jar"
JARS_VARIABLE = "CLASSWRIGHT_JAVA_JARS"
"""Overrides the folder holding the JUnit console launcher and the projects' libraries."""
INSTALL_HINT = "install Debian's openjdk-17-jdk-headless and junit5 (scripts/setup.sh does)"


@dataclass(frozen=True)
class JavaToolchain:
    """The programs and jars of one machine."""

    java: Path
    javac: Path
    jars: Path
    """The folder of system jars (Debian: /usr/share/java)."""

    @property
    def console_launcher(self) -> Path:
        return self.jars / CONSOLE_LAUNCHER

    def library(self, name: str, where: str | Path, line: int = 0) -> Path:
        """The jar of a project's library (``mockito-core`` -> ``.../mockito-core.jar``);
        one that is not installed is bad input naming ``where``."""
        jar = self.jars / f"{name}.jar"
        if not jar.is_file():
            raise InputError(where, f"library {name}: {jar} is not installed", line)
        return jar


def _program(name: str) -> Path:
    home = os.environ.get("JAVA_HOME")
    if home and (Path(home) / "bin" / name).is_file():
        return Path(home) / "bin" / name
    found = shutil.which(name)
    if found is None:
        raise InputError(name, f"not found on PATH or in $JAVA_HOME/bin ({INSTALL_HINT})")
    return Path(found)


def find_toolchain() -> JavaToolchain:
    """This machine's JDK and JUnit jars; a missing piece is an ``InputError`` saying what to
    install."""
    jars = Path(os.environ.get(JARS_VARIABLE) or SYSTEM_JARS)
    toolchain = JavaToolchain(java=_program("java"), javac=_program("javac"), jars=jars)
    if not toolchain.console_launcher.is_file():
        raise InputError(
            toolchain.console_launcher, f"JUnit 5 console launcher missing ({INSTALL_HINT})"
        )
    return toolchain
