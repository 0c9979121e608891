"""The Java side of sample scoring: a launcher module that runs a project's JUnit 5 tests and
reports each test's outcome as one authenticated line (see :mod:`classwright.evaluator.java.verdict`).

Kept as text in a Python module so that it ships with the package as code does; it is compiled
once per process with the machine's ``javac`` (:func:`classwright.evaluator.java.jail.judge_module`).
The module ``classwright.judge`` exports and opens nothing: the sample's classes, on the class
path, cannot read its fields by reflection.
"""

MODULE_NAME = "classwright.judge"
MAIN_CLASS = "classwright.judge.Main"
JUNIT_MODULE = "junit.platform.console.standalone"
"""The automatic module name of Debian's ``junit-platform-console-standalone.jar``."""

MODULE_INFO = """\
module classwright.judge {
    requires junit.platform.console.standalone;
    requires jdk.management;
}
"""

MAIN = """\
package classwright.judge;

import java.io.ByteArrayInputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.platform.engine.FilterResult;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.ClassNameFilter;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.PostDiscoveryFilter;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * Runs a project's JUnit 5 tests and reports each test's outcome to the scorer as one line on
 * standard output, headed by a per-run secret read from standard input before any project class
 * is loaded. This package is neither exported nor opened: no project class may read its fields
 * by reflection. Everything the tests print goes to standard error.
 *
 * <p>With a second argument, a file of limits: {@code default <ns>}, {@code limit <unique id,
 * base64> <ns>} and {@code skip <unique id, base64>} lines. A test whose run takes more CPU time
 * of this JVM (every thread) than its limit is reported {@code timeout} and the JVM halts (the
 * scorer starts another for the tests after it); a skipped test (one an earlier JVM reported)
 * is not run.
 */
public final class Main {
    private Main() {}

    public static void main(String[] args) throws IOException {
        byte[] secret = readSecret();
        Limits limits = args.length > 1 ? Limits.read(Path.of(args[1])) : new Limits();
        FileOutputStream events = new FileOutputStream(FileDescriptor.out);
        PrintStream errors = new PrintStream(new FileOutputStream(FileDescriptor.err), true, StandardCharsets.UTF_8);
        System.setOut(errors);
        System.setIn(new ByteArrayInputStream(new byte[0]));
        Reporter reporter = new Reporter(secret, events, Thread.currentThread(), limits);
        LauncherConfig config = LauncherConfig.builder()
                .enableTestExecutionListenerAutoRegistration(false)
                .enableLauncherSessionListenerAutoRegistration(false)
                .enablePostDiscoveryFilterAutoRegistration(false)
                .enableLauncherDiscoveryListenerAutoRegistration(false)
                .build();
        Launcher launcher = LauncherFactory.create(config);
        LauncherDiscoveryRequest request = LauncherDiscoveryRequestBuilder.request()
                .selectors(DiscoverySelectors.selectClasspathRoots(Set.of(Path.of(args[0]))))
                .filters(ClassNameFilter.includeClassNamePatterns(".*"), limits.skipping())
                .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "false")
                .build();
        try {
            if (limits.enforced()) {
                Thread watchdog = new Thread(reporter::watch, "classwright-watchdog");
                watchdog.setDaemon(true);
                watchdog.setPriority(Thread.MAX_PRIORITY);
                watchdog.start();
            }
            launcher.execute(request, reporter);
            reporter.end();
        } finally {
            // Threads a test left behind do not keep the JVM, nor get to run after the end.
            Runtime.getRuntime().halt(0);
        }
    }

    private static byte[] readSecret() throws IOException {
        byte[] line = new byte[128];
        int length = 0;
        try (FileInputStream in = new FileInputStream(FileDescriptor.in)) {
            int b;
            while (length < line.length && (b = in.read()) != -1 && b != '\\n') {
                line[length++] = (byte) b;
            }
        }
        if (length == 0) {
            throw new IOException("no secret on standard input");
        }
        byte[] secret = java.util.Arrays.copyOf(line, length);
        java.util.Arrays.fill(line, (byte) 0);
        return secret;
    }

    /** The CPU limits of the tests and the tests an earlier JVM already reported. */
    private static final class Limits {
        private long fallback;
        private final Map<String, Long> perTest = new HashMap<>();
        private final Set<String> skip = new HashSet<>();

        static Limits read(Path file) throws IOException {
            Limits limits = new Limits();
            for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String[] fields = line.split(" ");
                if (fields[0].equals("default")) {
                    limits.fallback = Long.parseLong(fields[1]);
                } else if (fields[0].equals("limit")) {
                    limits.perTest.put(decode(fields[1]), Long.parseLong(fields[2]));
                } else if (fields[0].equals("skip")) {
                    limits.skip.add(decode(fields[1]));
                }
            }
            return limits;
        }

        private static String decode(String field) {
            return new String(Base64.getDecoder().decode(field), StandardCharsets.UTF_8);
        }

        boolean enforced() {
            return fallback > 0;
        }

        long of(String uniqueId) {
            return perTest.getOrDefault(uniqueId, fallback);
        }

        PostDiscoveryFilter skipping() {
            return descriptor -> skip.contains(descriptor.getUniqueId().toString())
                    ? FilterResult.excluded("reported by an earlier JVM")
                    : FilterResult.included("to run");
        }
    }

    /** One event line per started, finished or skipped test, written by the launcher's own
     * thread; the watchdog's line when a test goes past its CPU limit. */
    private static final class Reporter implements TestExecutionListener {
        private static final StackWalker WALKER = StackWalker.getInstance(
                Set.of(StackWalker.Option.RETAIN_CLASS_REFERENCE, StackWalker.Option.SHOW_HIDDEN_FRAMES));
        private final byte[] secret;
        private final FileOutputStream events;
        private final Thread launcher;
        private final Limits limits;
        private final com.sun.management.OperatingSystemMXBean system =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        private final Object lock = new Object();
        private TestIdentifier running;
        private long startedAt;

        Reporter(byte[] secret, FileOutputStream events, Thread launcher, Limits limits) {
            this.secret = secret;
            this.events = events;
            this.launcher = launcher;
            this.limits = limits;
        }

        /** The watchdog's loop: halts the JVM when the running test passes its CPU limit. */
        void watch() {
            while (true) {
                try {
                    Thread.sleep(20);
                } catch (InterruptedException e) {
                    continue;
                }
                synchronized (lock) {
                    if (running == null) {
                        continue;
                    }
                    long spent = system.getProcessCpuTime() - startedAt;
                    long limit = limits.of(running.getUniqueId());
                    if (spent > limit) {
                        emit("timeout", running, "over its CPU limit of " + (limit / 1000000) + " ms");
                        Runtime.getRuntime().halt(0);
                    }
                }
            }
        }

        @Override
        public void executionStarted(TestIdentifier test) {
            if (!test.isTest() || !fromLauncher()) {
                return;
            }
            emit("started", test, "");
            synchronized (lock) {
                running = test;
                startedAt = system.getProcessCpuTime();
            }
        }

        /** The test that ended, with the CPU time it took (reported as an event). */
        private void ended(TestIdentifier test) {
            long spent;
            synchronized (lock) {
                if (running == null || !running.getUniqueId().equals(test.getUniqueId())) {
                    return;
                }
                spent = system.getProcessCpuTime() - startedAt;
                running = null;
            }
            emit("cpu", test, Long.toString(spent));
        }

        /** Whether this call comes from JUnit on the launcher's thread: no class of the
         * project (the class path's unnamed module, or a loader a sample made) on the stack. */
        private boolean fromLauncher() {
            if (Thread.currentThread() != launcher) {
                return false;
            }
            return WALKER.walk(frames -> frames.noneMatch(f -> !f.getDeclaringClass().getModule().isNamed()));
        }

        @Override
        public void executionSkipped(TestIdentifier test, String reason) {
            if (test.isTest()) {
                emit(fromLauncher() ? "skipped" : "tampered", test, reason == null ? "" : reason);
            }
        }

        @Override
        public void executionFinished(TestIdentifier test, TestExecutionResult result) {
            if (!test.isTest()) {
                return;
            }
            if (!fromLauncher()) {
                emit("tampered", test, "");
                return;
            }
            ended(test);
            switch (result.getStatus()) {
                case SUCCESSFUL:
                    emit("passed", test, "");
                    break;
                case ABORTED:
                    emit("skipped", test, "");
                    break;
                default:
                    Throwable thrown = result.getThrowable().orElse(null);
                    boolean assertion = thrown instanceof AssertionError;
                    emit(assertion ? "failed" : "error", test, describe(thrown));
            }
        }

        /** A failure's message, asked only of the JDK's and JUnit's own exception classes: a
         * project class's getMessage is code of the sample, never run here. */
        private static String describe(Throwable thrown) {
            if (thrown == null) {
                return "";
            }
            if (!thrown.getClass().getModule().isNamed()) {
                return thrown.getClass().getName();
            }
            String message = thrown.getMessage();
            return message == null ? thrown.getClass().getName() : message;
        }

        private static String testId(TestIdentifier test) {
            if (test.getSource().orElse(null) instanceof MethodSource) {
                MethodSource method = (MethodSource) test.getSource().get();
                return method.getClassName() + "#" + test.getLegacyReportingName();
            }
            return test.getUniqueId();
        }

        private void emit(String status, TestIdentifier test, String message) {
            String text = message.length() > 400 ? message.substring(0, 400) : message;
            write(status + " " + encode(testId(test)) + " " + encode(test.getUniqueId()) + " " + encode(text));
        }

        void end() {
            write("end - - -");
        }

        private static String encode(String text) {
            return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
        }

        private void write(String event) {
            byte[] body = (" " + event + "\\n").getBytes(StandardCharsets.UTF_8);
            byte[] line = new byte[secret.length + body.length];
            System.arraycopy(secret, 0, line, 0, secret.length);
            System.arraycopy(body, 0, line, secret.length, body.length);
            try {
                // One write(2) of less than PIPE_BUF bytes: a line no other writer can split.
                events.write(line);
            } catch (IOException e) {
                Runtime.getRuntime().halt(3);
            }
        }
    }
}
"""

SOURCES = {"module-info.java": MODULE_INFO, "classwright/judge/Main.java": MAIN}
