"""The Java side of ``classwright check`` on a Java project: one trusted JVM that compiles the
canonical sources and the tests (``javax.tools``, in process), runs the tests with JaCoCo's
coverage recorded per test, again in JUnit's random class and method order with a given seed,
and once per variant (a target file with one task method left TODO, compiled alone against the
canonical classes), each run in a class loader of its own so that no static state crosses runs.

Kept as text in a Python module so that it ships with the package as code does; compiled once
per process (:func:`classwright.evaluator.java.check_run.check_launcher`). It runs the project's
own code and tests, never a sample: it is not isolated (docs/java.md, "Checking a project").
"""

MAIN_CLASS = "classwright.check.Main"

MAIN = r"""package classwright.check;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.jacoco.core.analysis.Analyzer;
import org.jacoco.core.analysis.CoverageBuilder;
import org.jacoco.core.analysis.ICounter;
import org.jacoco.core.analysis.ILine;
import org.jacoco.core.analysis.ISourceFileCoverage;
import org.jacoco.core.data.ExecutionData;
import org.jacoco.core.data.ExecutionDataStore;
import org.jacoco.core.data.SessionInfoStore;
import org.jacoco.core.instr.Instrumenter;
import org.jacoco.core.runtime.LoggerRuntime;
import org.jacoco.core.runtime.RuntimeData;
import org.junit.platform.engine.TestExecutionResult;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.junit.platform.engine.discovery.ClassNameFilter;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * The check's runs of a trusted project in one JVM: compiles the canonical main sources and the
 * tests, runs the tests once with JaCoCo coverage recorded per test, once in a shuffled order,
 * and once per variant (one task method left TODO), each run in a class loader of its own.
 * Reads a plan (key=value lines) and writes tab-separated result lines.
 */
public final class Main {
    private Main() {}

    private static PrintStream results;

    /**
     * A method left TODO can make a test loop forever: each test of a variant runs in a thread
     * of its own with a time limit (a project's own limits still apply where they are set), and
     * the threads a variant's run leaves are stopped after it.
     */
    private static final Map<String, String> VARIANT_CONFIG = Map.of(
            "junit.jupiter.execution.timeout.default", "20 s",
            "junit.jupiter.execution.timeout.thread.mode.default", "SEPARATE_THREAD");

    public static void main(String[] args) throws Exception {
        Map<String, List<String>> plan = readPlan(Path.of(args[0]));
        Path work = Path.of(one(plan, "work"));
        results = new PrintStream(Files.newOutputStream(Path.of(one(plan, "out"))), true, StandardCharsets.UTF_8);
        String classpath = System.getProperty("java.class.path");
        Path mainOut = work.resolve("main-classes");
        Path testOut = work.resolve("test-classes");
        if (!compile("main", one(plan, "main-sources"), classpath, mainOut)) {
            return;
        }
        if (!compile("tests", one(plan, "test-sources"), mainOut + File.pathSeparator + classpath, testOut)) {
            return;
        }
        List<Path> resources = new ArrayList<>();
        for (String resource : plan.getOrDefault("resource", List.of())) {
            resources.add(Path.of(resource));
        }
        runCoverage(mainOut, testOut, resources);
        String seed = one(plan, "seed");
        Map<String, String> shuffled = new LinkedHashMap<>();
        shuffled.put("junit.jupiter.testmethod.order.default", "org.junit.jupiter.api.MethodOrderer$Random");
        shuffled.put("junit.jupiter.testclass.order.default", "org.junit.jupiter.api.ClassOrderer$Random");
        shuffled.put("junit.jupiter.execution.order.random.seed", seed);
        runTests("shuffled", List.of(mainOut), testOut, resources, shuffled, null);
        for (String variant : plan.getOrDefault("variant", List.of())) {
            String[] parts = variant.split("\t", 2);
            Path out = work.resolve("variant-" + parts[0]);
            String argfile = parts[1];
            if (compile("variant " + parts[0], argfile, mainOut + File.pathSeparator + classpath, out)) {
                runTests("variant " + parts[0], List.of(out, mainOut), testOut, resources, VARIANT_CONFIG, null);
            }
        }
        results.println("end");
        results.close();
        Runtime.getRuntime().halt(0);
    }

    private static Map<String, List<String>> readPlan(Path path) throws IOException {
        Map<String, List<String>> plan = new LinkedHashMap<>();
        for (String line : Files.readAllLines(path, StandardCharsets.UTF_8)) {
            int equals = line.indexOf('=');
            if (equals > 0) {
                plan.computeIfAbsent(line.substring(0, equals), k -> new ArrayList<>()).add(line.substring(equals + 1));
            }
        }
        return plan;
    }

    private static String one(Map<String, List<String>> plan, String key) {
        return plan.get(key).get(0);
    }

    private static String encode(String text) {
        return Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    private static boolean compile(String what, String argfile, String classpath, Path out) throws IOException {
        Files.createDirectories(out);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int code = javac.run(null, bytes, bytes, "--release", "17", "-encoding", "UTF-8", "-proc:none", "-nowarn",
                "-g", "-d", out.toString(), "-cp", classpath, "@" + argfile);
        String text = bytes.toString(StandardCharsets.UTF_8);
        results.println("compile\t" + what + "\t" + (code == 0 ? "ok" : "failed") + "\t"
                + encode(text.length() > 4000 ? text.substring(0, 4000) : text));
        return code == 0;
    }

    /**
     * Method entries, which JaCoCo's probes miss when a method's first block ends in an
     * exception thrown by a callee: each instrumented method first records its first line.
     */
    public static final class Entered {
        private static final Set<Long> HITS = ConcurrentHashMap.newKeySet();
        private static final List<String> FILES = new ArrayList<>();

        private Entered() {}

        public static void hit(int file, int line) {
            HITS.add(((long) file << 32) | line);
        }

        /** The lines entered since the last call, by source file. */
        static synchronized Map<String, TreeSet<Integer>> drain() {
            Map<String, TreeSet<Integer>> lines = new LinkedHashMap<>();
            for (Long hit : new ArrayList<>(HITS)) {
                HITS.remove(hit);
                lines.computeIfAbsent(FILES.get((int) (hit >> 32)), k -> new TreeSet<>()).add((int) (long) hit);
            }
            return lines;
        }

        private static synchronized int fileIndex(String file) {
            int index = FILES.indexOf(file);
            if (index < 0) {
                FILES.add(file);
                index = FILES.size() - 1;
            }
            return index;
        }

        /** The class with a call to {@link #hit} at the start of each method that has lines. */
        static byte[] hook(byte[] bytes) {
            Map<String, Integer> firstLines = new LinkedHashMap<>();
            String[] source = new String[2];
            new ClassReader(bytes).accept(new ClassVisitor(Opcodes.ASM9) {
                @Override
                public void visit(int version, int access, String name, String signature, String superName, String[] interfaces) {
                    int slash = name.lastIndexOf('/');
                    source[0] = slash < 0 ? "" : name.substring(0, slash + 1);
                }

                @Override
                public void visitSource(String file, String debug) {
                    source[1] = file;
                }

                @Override
                public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                    String key = name + descriptor;
                    return new MethodVisitor(Opcodes.ASM9) {
                        @Override
                        public void visitLineNumber(int line, Label start) {
                            firstLines.merge(key, line, Math::min);
                        }
                    };
                }
            }, 0);
            if (source[1] == null || firstLines.isEmpty()) {
                return bytes;
            }
            int file = fileIndex(source[0] + source[1]);
            ClassReader reader = new ClassReader(bytes);
            ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
            reader.accept(new ClassVisitor(Opcodes.ASM9, writer) {
                @Override
                public MethodVisitor visitMethod(int access, String name, String descriptor, String signature, String[] exceptions) {
                    MethodVisitor next = super.visitMethod(access, name, descriptor, signature, exceptions);
                    Integer line = firstLines.get(name + descriptor);
                    if (line == null) {
                        return next;
                    }
                    return new MethodVisitor(Opcodes.ASM9, next) {
                        @Override
                        public void visitCode() {
                            super.visitCode();
                            super.visitLdcInsn(file);
                            super.visitLdcInsn(line);
                            super.visitMethodInsn(Opcodes.INVOKESTATIC, "classwright/check/Main$Entered", "hit", "(II)V", false);
                        }
                    };
                }
            }, 0);
            return writer.toByteArray();
        }
    }

    /** Project classes from the given folders, main classes instrumented when asked. */
    private static final class ProjectLoader extends URLClassLoader {
        private final List<String> mainRoots;
        private final Instrumenter instrumenter;

        ProjectLoader(List<Path> roots, List<Path> mains, Instrumenter instrumenter) throws IOException {
            super(urls(roots), ClassLoader.getSystemClassLoader());
            this.mainRoots = new ArrayList<>();
            for (Path main : mains) {
                mainRoots.add(main.toUri().toURL().toString());
            }
            this.instrumenter = instrumenter;
        }

        private static URL[] urls(List<Path> roots) throws IOException {
            URL[] urls = new URL[roots.size()];
            for (int i = 0; i < urls.length; i++) {
                urls[i] = roots.get(i).toUri().toURL();
            }
            return urls;
        }

        @Override
        protected Class<?> findClass(String name) throws ClassNotFoundException {
            URL url = findResource(name.replace('.', '/') + ".class");
            if (url == null) {
                throw new ClassNotFoundException(name);
            }
            try (InputStream in = url.openStream()) {
                byte[] bytes = in.readAllBytes();
                String where = url.toString();
                if (instrumenter != null && mainRoots.stream().anyMatch(where::startsWith)) {
                    bytes = Entered.hook(instrumenter.instrument(bytes, name));
                }
                return defineClass(name, bytes, 0, bytes.length);
            } catch (IOException e) {
                throw new ClassNotFoundException(name, e);
            }
        }
    }

    private static String testId(TestIdentifier test) {
        if (test.getSource().orElse(null) instanceof MethodSource) {
            MethodSource method = (MethodSource) test.getSource().get();
            return method.getClassName() + "#" + test.getLegacyReportingName();
        }
        return test.getUniqueId();
    }

    /** Reports each test's outcome; calls the hook around each test. */
    private static class Outcomes implements TestExecutionListener {
        final String run;

        Outcomes(String run) {
            this.run = run;
        }

        void started(TestIdentifier test) {}

        void finished(TestIdentifier test) {}

        @Override
        public void executionStarted(TestIdentifier test) {
            if (test.isTest()) {
                started(test);
            }
        }

        @Override
        public void executionSkipped(TestIdentifier test, String reason) {
            if (test.isTest()) {
                results.println("test\t" + run + "\t" + encode(testId(test)) + "\tskipped\t" + encode(reason == null ? "" : reason));
            }
        }

        @Override
        public void executionFinished(TestIdentifier test, TestExecutionResult result) {
            if (!test.isTest()) {
                return;
            }
            finished(test);
            String status;
            String message = "";
            switch (result.getStatus()) {
                case SUCCESSFUL:
                    status = "passed";
                    break;
                case ABORTED:
                    status = "skipped";
                    break;
                default:
                    Throwable thrown = result.getThrowable().orElse(null);
                    status = thrown instanceof AssertionError ? "failed" : "error";
                    message = thrown == null ? "" : String.valueOf(thrown);
            }
            if (message.length() > 300) {
                message = message.substring(0, 300);
            }
            results.println("test\t" + run + "\t" + encode(testId(test)) + "\t" + status + "\t" + encode(message));
        }
    }

    private static void runTests(String run, List<Path> mains, Path testOut, List<Path> resources,
            Map<String, String> config, Outcomes listener) throws IOException {
        List<Path> roots = new ArrayList<>(mains);
        roots.add(testOut);
        roots.addAll(resources);
        Instrumenter instrumenter = listener instanceof Covering ? ((Covering) listener).instrumenter : null;
        ClassLoader previous = Thread.currentThread().getContextClassLoader();
        PrintStream out = System.out;
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        try (ProjectLoader loader = new ProjectLoader(roots, mains, instrumenter)) {
            Thread.currentThread().setContextClassLoader(loader);
            System.setOut(System.err);
            LauncherConfig launcherConfig = LauncherConfig.builder()
                    .enableTestExecutionListenerAutoRegistration(false)
                    .build();
            Launcher launcher = LauncherFactory.create(launcherConfig);
            LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request()
                    .selectors(DiscoverySelectors.selectClasspathRoots(Set.of(testOut)))
                    .filters(ClassNameFilter.includeClassNamePatterns(".*"));
            config.forEach(request::configurationParameter);
            launcher.execute(request.build(), listener != null ? listener : new Outcomes(run));
        } finally {
            System.setOut(out);
            Thread.currentThread().setContextClassLoader(previous);
            stopThreadsSince(before);
        }
        results.println("ran\t" + run);
    }

    /** Stops the threads started since {@code before} (a test's runaway loop, say). */
    @SuppressWarnings({"deprecation", "removal"})
    private static void stopThreadsSince(Set<Thread> before) {
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (!before.contains(thread) && thread != Thread.currentThread() && thread.isAlive()) {
                try {
                    thread.stop();
                } catch (UnsupportedOperationException | SecurityException e) {
                    thread.interrupt();
                }
            }
        }
    }

    /** Records the main classes' coverage per test (reset at each test's start). */
    private static final class Covering extends Outcomes {
        final LoggerRuntime runtime = new LoggerRuntime();
        final Instrumenter instrumenter = new Instrumenter(runtime);
        final RuntimeData data = new RuntimeData();
        final ExecutionDataStore union = new ExecutionDataStore();
        final Map<String, byte[]> originals;

        Covering(Map<String, byte[]> originals) throws Exception {
            super("coverage");
            this.originals = originals;
            runtime.startup(data);
        }

        private void collectInto(ExecutionDataStore store) {
            // The runtime hands over its live probe arrays and then clears them: copy first.
            data.collect(each -> store.put(new ExecutionData(each.getId(), each.getName(), each.getProbes().clone())),
                    new SessionInfoStore(), true);
        }

        @Override
        void started(TestIdentifier test) {
            collectInto(union);
            Entered.drain();
        }

        @Override
        void finished(TestIdentifier test) {
            ExecutionDataStore one = new ExecutionDataStore();
            collectInto(one);
            for (ExecutionData each : one.getContents()) {
                union.put(new ExecutionData(each.getId(), each.getName(), each.getProbes().clone()));
            }
            Map<String, TreeSet<Integer>> entered = Entered.drain();
            try {
                for (ISourceFileCoverage file : analyze(one)) {
                    TreeSet<Integer> covered = entered.getOrDefault(path(file), new TreeSet<>());
                    for (int line = file.getFirstLine(); line <= file.getLastLine() && line > 0; line++) {
                        int status = file.getLine(line).getStatus();
                        if (status == ICounter.FULLY_COVERED || status == ICounter.PARTLY_COVERED) {
                            covered.add(line);
                        }
                    }
                    entered.put(path(file), covered);
                }
                for (Map.Entry<String, TreeSet<Integer>> file : entered.entrySet()) {
                    if (!file.getValue().isEmpty()) {
                        results.println("covers\t" + encode(testId(test)) + "\t" + file.getKey() + "\t"
                                + file.getValue().stream().map(String::valueOf).collect(Collectors.joining(",")));
                    }
                }
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        }

        Iterable<ISourceFileCoverage> analyze(ExecutionDataStore store) throws IOException {
            CoverageBuilder builder = new CoverageBuilder();
            Analyzer analyzer = new Analyzer(store, builder);
            for (Map.Entry<String, byte[]> entry : originals.entrySet()) {
                analyzer.analyzeClass(entry.getValue(), entry.getKey());
            }
            return builder.getSourceFiles();
        }

        void report() throws IOException {
            collectInto(union);
            for (ISourceFileCoverage file : analyze(union)) {
                for (int line = file.getFirstLine(); line <= file.getLastLine() && line > 0; line++) {
                    ILine counters = file.getLine(line);
                    if (counters.getStatus() == ICounter.EMPTY) {
                        continue;
                    }
                    ICounter branches = counters.getBranchCounter();
                    results.println("line\t" + path(file) + "\t" + line + "\t" + counters.getInstructionCounter().getCoveredCount()
                            + "\t" + counters.getInstructionCounter().getMissedCount() + "\t" + branches.getCoveredCount()
                            + "\t" + branches.getMissedCount());
                }
            }
        }

        private static String path(ISourceFileCoverage file) {
            return file.getPackageName().isEmpty() ? file.getName() : file.getPackageName() + "/" + file.getName();
        }
    }

    private static void runCoverage(Path mainOut, Path testOut, List<Path> resources) throws Exception {
        Map<String, byte[]> originals = new LinkedHashMap<>();
        try (Stream<Path> files = Files.walk(mainOut)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".class")).sorted().collect(Collectors.toList())) {
                String name = mainOut.relativize(file).toString().replace(File.separatorChar, '/');
                originals.put(name.substring(0, name.length() - ".class".length()), Files.readAllBytes(file));
            }
        }
        Covering covering = new Covering(originals);
        runTests("coverage", List.of(mainOut), testOut, resources, Map.of(), covering);
        covering.report();
    }
}
"""

SOURCES = {"classwright/check/Main.java": MAIN}
