"""The Java side of the warm compiler: one JVM per project and worker that compiles request after
request with the JDK's own ``javac`` (``javax.tools``), so that javac's warm-up is paid once
(:mod:`classwright.evaluator.java.warm`).

A request is one line on standard input naming an argument file (javac's options and the
source files, one a line); the answer is one line on standard output, ``done <exit code> <CPU
nanoseconds the JVM spent on it> <javac's output, base64>``. Every request runs javac afresh (a new
compilation context; only the JIT-compiled code and the JDK's class data stay warm), with
``-proc:none`` among its options, so no code of the sample runs here: annotation processors
and plugins are the only ways javac runs code it compiles, and the options refuse both. A
failure of javac itself (an exception, a stack overflow, memory) is answered with exit code 4,
javac's own code for it, and the compiler ends, to be started afresh by the scorer.
"""

MAIN_CLASS = "classwright.compiler.Main"

MAIN = """\
package classwright.compiler;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/** Compiles one argument file per line of standard input; one answer line per request. */
public final class Main {
    private Main() {}

    public static void main(String[] args) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        com.sun.management.OperatingSystemMXBean system =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream answers = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        String argfile;
        while ((argfile = in.readLine()) != null) {
            long before = system.getProcessCpuTime();
            ByteArrayOutputStream output = new ByteArrayOutputStream();
            PrintStream diagnostics = new PrintStream(output, true, StandardCharsets.UTF_8);
            int code;
            boolean broken = false;
            try {
                code = javac.run(null, diagnostics, diagnostics, "@" + argfile);
            } catch (Throwable thrown) {
                diagnostics.println("javac failed: " + thrown);
                code = 4;
                broken = true;
            }
            long spent = system.getProcessCpuTime() - before;
            byte[] text = output.toByteArray();
            if (text.length > 200000) {
                text = java.util.Arrays.copyOf(text, 200000);
            }
            answers.println("done " + code + " " + spent + " " + Base64.getEncoder().encodeToString(text));
            if (broken || code == 4) {
                Runtime.getRuntime().halt(4);
            }
        }
    }
}
"""

SOURCES = {"classwright/compiler/Main.java": MAIN}
