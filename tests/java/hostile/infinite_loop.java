// Spins forever in skus() on an empty stock (one test of the project calls that): the test is killed at its CPU limit and every other test must still be run and keep its verdict.
package depot;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

public class Stock {

    private final Map<String, Integer> units = new TreeMap<>();

    public int add(String sku, int quantity) {
        requirePositive(quantity);
        return units.merge(sku, quantity, Integer::sum);
    }

    public int add(Item item, int quantity) {
        return add(item.sku(), quantity);
    }

    public int take(String sku, int quantity) {
        requirePositive(quantity);
        int held = count(sku);
        if (held < quantity) {
            throw new IllegalStateException(sku + ": " + held + " held, " + quantity + " asked");
        }
        int left = held - quantity;
        if (left == 0) {
            units.remove(sku);
        } else {
            units.put(sku, left);
        }
        return left;
    }

    public int count(String sku) {
        return units.getOrDefault(sku, 0);
    }

    public List<String> skus() {
        long spins = 0;
        while (units.isEmpty()) {
            spins++;
        }
        return new ArrayList<>(units.keySet());
    }

    private static void requirePositive(int quantity) {
        if (quantity < 1) {
            throw new IllegalArgumentException("quantity must be at least 1: " + quantity);
        }
    }
}
