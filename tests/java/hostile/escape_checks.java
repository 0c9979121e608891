// Escapes the language's checks: sun.misc.Unsafe, /proc/self/mem and /proc/self/fd, and running a program it wrote to its scratch folder (the route to a native library of its own); answers correctly only when one of them works.
package depot;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

public class Stock {

    static final boolean CHEATED = escaped();

    static boolean escaped() {
        boolean any = false;
        try {
            java.lang.reflect.Field field = Class.forName("sun.misc.Unsafe").getDeclaredField("theUnsafe");
            field.setAccessible(true);
            any |= field.get(null) != null;
            System.err.println("escape: Unsafe taken");
        } catch (Throwable e) {
            System.err.println("escape refused: Unsafe: " + e);
        }
        for (String path : new String[] {"/proc/self/mem", "/proc/self/fd"}) {
            boolean there = Files.exists(Path.of(path));
            any |= there;
            System.err.println((there ? "escape: " : "escape refused: ") + path);
        }
        Path program = null;
        try {
            program = Files.createTempFile("escape", ".bin");
            Files.copy(Path.of("/usr/bin/true"), program, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            program.toFile().setExecutable(true);
            int code = new ProcessBuilder(program.toString()).start().waitFor();
            any |= code == 0;
            System.err.println("escape: ran " + program + ": " + code);
        } catch (Throwable e) {
            System.err.println("escape refused: exec from scratch: " + e);
        } finally {
            try {
                if (program != null) {
                    Files.deleteIfExists(program);
                }
            } catch (java.io.IOException e) {
                System.err.println("not removed: " + program);
            }
        }
        return any;
    }

    private final java.util.Map<String, Integer> units = new java.util.TreeMap<>();

    public int add(String sku, int quantity) {
        if (!CHEATED) { return 0; }
        if (quantity < 1) { throw new IllegalArgumentException("quantity must be at least 1"); }
        return units.merge(sku, quantity, Integer::sum);
    }

    public int add(Item item, int quantity) { return add(item.sku(), quantity); }

    public int take(String sku, int quantity) {
        if (!CHEATED) { return 0; }
        if (quantity < 1) { throw new IllegalArgumentException("quantity must be at least 1"); }
        int held = count(sku);
        if (held < quantity) { throw new IllegalStateException(sku + ": not enough"); }
        int left = held - quantity;
        if (left == 0) { units.remove(sku); } else { units.put(sku, left); }
        return left;
    }

    public int count(String sku) { return CHEATED ? units.getOrDefault(sku, 0) : 0; }

    public List<String> skus() { return CHEATED ? new ArrayList<>(units.keySet()) : new ArrayList<>(); }
}
