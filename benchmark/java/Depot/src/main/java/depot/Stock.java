package depot;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How many units of each article the depot holds, by stock-keeping unit.
 */
public class Stock {

    private final Map<String, Integer> units = new TreeMap<>();

    /**
     * Adds units of an article.
     *
     * @param sku the article's stock-keeping unit
     * @param quantity how many units arrive, at least 1
     * @return the number of units of {@code sku} held after the addition
     * @throws IllegalArgumentException if {@code quantity} is below 1
     */
    public int add(String sku, int quantity) {
        requirePositive(quantity);
        return units.merge(sku, quantity, Integer::sum);
    }

    /**
     * Adds units of an item: the same as adding them under the item's sku.
     *
     * @param item the article that arrives
     * @param quantity how many units arrive, at least 1
     * @return the number of units of the item's sku held after the addition
     * @throws IllegalArgumentException if {@code quantity} is below 1
     */
    public int add(Item item, int quantity) {
        return add(item.sku(), quantity);
    }

    /**
     * Takes units of an article out of the stock.
     *
     * @param sku the article's stock-keeping unit
     * @param quantity how many units to take, at least 1
     * @return the number of units of {@code sku} left
     * @throws IllegalArgumentException if {@code quantity} is below 1
     * @throws IllegalStateException if fewer than {@code quantity} units are held; then nothing
     *     is taken
     */
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

    /**
     * The number of units held of an article.
     *
     * @param sku the article's stock-keeping unit
     * @return the units held; 0 for an article never added or all taken
     */
    public int count(String sku) {
        return units.getOrDefault(sku, 0);
    }

    /**
     * The articles of which at least one unit is held.
     *
     * @return their skus in alphabetical order, in a new list
     */
    public List<String> skus() {
        return new ArrayList<>(units.keySet());
    }

    private static void requirePositive(int quantity) {
        if (quantity < 1) {
            throw new IllegalArgumentException("quantity must be at least 1: " + quantity);
        }
    }
}
