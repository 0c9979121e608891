#!/usr/bin/env bash
# Installs everything classwright and its tests need into .venv, from this repository's files.
set -euo pipefail
cd "$(dirname "$0")/.."
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    # bubblewrap isolates each sample; faketime moves the clock for determinism checks;
    # chromium opens the HTML report headless in its tests.
    if ! command -v bwrap >/dev/null || ! command -v faketime >/dev/null \
        || ! command -v chromium >/dev/null; then
        apt-get update -qq >/dev/null
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq bubblewrap faketime chromium >/dev/null
    fi
    # Java tasks: a JDK (javac, java, jdeps) and Debian's JUnit 5, whose console launcher runs
    # the tests offline (no Gradle, no download); JetBrains' annotations and Mockito, which
    # JavaBench's projects compile and test against (classwright import javabench); JaCoCo
    # (with ASM), whose per-test coverage classwright check reads on a Java project.
    if ! command -v javac >/dev/null || [ ! -f /usr/share/java/junit-platform-console-standalone.jar ] \
        || [ ! -f /usr/share/java/mockito-core.jar ] \
        || [ ! -f /usr/share/java/org.jetbrains.annotations-java8.jar ] \
        || [ ! -f /usr/share/java/org.jacoco.core.jar ]; then
        apt-get update -qq >/dev/null
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq openjdk-17-jdk-headless junit5 \
            libmockito-java libjetbrains-annotations-java libjacoco-java >/dev/null
    fi
fi
# The Java tests need these; say so here rather than as a test failure far from the cause.
for needed in "$(command -v javac || echo javac)" /usr/share/java/junit-platform-console-standalone.jar \
    /usr/share/java/org.jacoco.core.jar; do
    [ -e "$needed" ] || echo "setup: $needed is missing (Debian: apt-get install openjdk-17-jdk-headless junit5 libjacoco-java)" >&2
done
python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
# setuptools copies the package into build/ and never drops a module deleted since: a build/
# left from an older checkout would install it again.
rm -rf build
.venv/bin/python -m pip install -q ".[dev,tasks,serve,ray,inspect]"
