// Takes the JVM's signals through sun.misc.Signal (in jdk.unsupported, which a project with the jdk_modules key resolves) and ignores them, then never returns from skus(): the scorer must still end those tests at their limits and pass nothing class-wise.
package depot;

import java.util.ArrayList;
import java.util.List;

public class Stock {

    static final boolean CHEATED = deaf();

    static boolean deaf() {
        for (String name : new String[] {"TERM", "INT", "HUP", "XCPU", "USR1", "USR2"}) {
            try {
                sun.misc.Signal.handle(new sun.misc.Signal(name), signal -> System.err.println("ignored " + signal));
                System.err.println("signal taken: " + name);
            } catch (Throwable e) {
                System.err.println("signal refused: " + name + ": " + e);
            }
        }
        return true;
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

    public List<String> skus() {
        while (CHEATED) {
            Thread.onSpinWait();
        }
        return new ArrayList<>(units.keySet());
    }
}
