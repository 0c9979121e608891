"""The Java side of the warm compiler: one JVM per project and worker that compiles request after
request with the JDK's own ``javac`` (its ``Main``, in process), so that javac's warm-up is paid once
(:mod:`classwright.evaluator.java.warm`).

A request is one line on standard input naming an argument file (javac's options and the
source files, one a line); the answer is one line on standard output, ``done <exit code> <CPU
nanoseconds the JVM spent on it> <javac's output, base64> <error keys, base64>``. The error keys
are the diagnostic keys (``compiler.err.cant.resolve.location``) of the errors javac wrote, one
a line, in order, at most ``KeyedLog.KEPT``: taken from javac's diagnostic objects as it writes
them (a ``Log`` that records ``getCode()``), never read back from its text, so nothing a
sample writes (an identifier, a string, a comment javac quotes) can add one. The same program
compiles a sample's sources in a fresh JVM on the cold path (one request), so both paths give
the same output and keys. Every request runs javac afresh (a new
compilation context; only the JIT-compiled code and the JDK's class data stay warm), with
``-proc:none`` among its options, so no code of the sample runs here: annotation processors
and plugins are the only ways javac runs code it compiles, and the options refuse both. A
failure of javac itself (an exception, a stack overflow, memory) is answered with exit code 4,
javac's own code for it, and the compiler ends, to be started afresh by the scorer.
"""

MAIN_CLASS = "classwright.compiler.Main"
EXPORTS = tuple(
    f"--add-exports=jdk.compiler/com.sun.tools.javac.{package}=ALL-UNNAMED"
    for package in ("file", "main", "util")
)
"""javac's internal packages the compiler uses (its ``Main`` and ``Log``), given to the javac
that compiles it and to the JVM that runs it."""

MAIN = """\
package classwright.compiler;

import com.sun.tools.javac.file.JavacFileManager;
import com.sun.tools.javac.util.Context;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import javax.tools.JavaFileManager;

/** Compiles one argument file per line of standard input; one answer line per request. */
public final class Main {
    private Main() {}

    public static void main(String[] args) throws IOException {
        com.sun.management.OperatingSystemMXBean system =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream answers = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        String argfile;
        while ((argfile = in.readLine()) != null) {
            long before = system.getProcessCpuTime();
            ByteArrayOutputStream output = new ByteArrayOutputStream();
            PrintWriter diagnostics = new PrintWriter(new OutputStreamWriter(output, StandardCharsets.UTF_8), true);
            int code;
            boolean broken = false;
            // What javax.tools' run and the javac launcher do (a fresh context, javac's Main),
            // with a Log that also records each error's key.
            Context context = new Context();
            KeyedLog log = new KeyedLog(context, diagnostics);
            JavacFileManager.preRegister(context);
            try {
                code = new com.sun.tools.javac.main.Main("javac").compile(new String[] {"@" + argfile}, context).exitCode;
                JavaFileManager files = context.get(JavaFileManager.class);
                if (files != null) {
                    files.close();
                }
            } catch (Throwable thrown) {
                diagnostics.println("javac failed: " + thrown);
                code = 4;
                broken = true;
            }
            diagnostics.flush();
            long spent = system.getProcessCpuTime() - before;
            byte[] text = output.toByteArray();
            if (text.length > 200000) {
                text = java.util.Arrays.copyOf(text, 200000);
            }
            byte[] keys = String.join("\\n", log.keys).getBytes(StandardCharsets.UTF_8);
            Base64.Encoder base64 = Base64.getEncoder();
            answers.println("done " + code + " " + spent + " " + base64.encodeToString(text) + " " + base64.encodeToString(keys));
            if (broken || code == 4) {
                Runtime.getRuntime().halt(4);
            }
        }
    }
}
"""

KEYED_LOG = """\
package classwright.compiler;

import com.sun.tools.javac.util.Context;
import com.sun.tools.javac.util.JCDiagnostic;
import com.sun.tools.javac.util.Log;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** javac's Log, which also keeps the key of each error it writes (after its own filtering of
 * repeated positions and -Xmaxerrs: the keys are those of the errors printed). */
final class KeyedLog extends Log {
    static final int KEPT = 1000;
    final List<String> keys = new ArrayList<>();

    KeyedLog(Context context, PrintWriter writer) {
        super(context, writer, writer);
    }

    @Override
    protected void writeDiagnostic(JCDiagnostic diagnostic) {
        if (diagnostic.getType() == JCDiagnostic.DiagnosticType.ERROR && keys.size() < KEPT) {
            keys.add(diagnostic.getCode());
        }
        super.writeDiagnostic(diagnostic);
    }
}
"""

SOURCES = {"classwright/compiler/Main.java": MAIN, "classwright/compiler/KeyedLog.java": KEYED_LOG}
