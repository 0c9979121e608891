package depot;

import java.util.Map;
import java.util.TreeMap;

/**
 * Ships orders from a stock, all of an order or nothing of it.
 */
public class Warehouse {

    private final Stock stock;
    private long shippedCents;

    /**
     * A warehouse that ships from {@code stock}.
     *
     * @param stock the stock it takes units from (shared, not copied)
     */
    public Warehouse(Stock stock) {
        this.stock = stock;
    }

    /**
     * What the stock lacks to ship an order.
     *
     * @param order the order to check
     * @return sku -> units missing, for each line the stock cannot serve, in sku order; empty
     *     when the whole order can ship
     */
    public Map<String, Integer> shortfall(Order order) {
        Map<String, Integer> missing = new TreeMap<>();
        for (Order.Line line : order.lines()) {
            int lacking = line.quantity() - stock.count(line.item().sku());
            if (lacking > 0) {
                missing.put(line.item().sku(), lacking);
            }
        }
        return missing;
    }

    /**
     * Whether the stock holds enough to ship an order.
     *
     * @param order the order to check
     * @return true if every line can be served, that is the shortfall is empty
     */
    public boolean canShip(Order order) {
        return shortfall(order).isEmpty();
    }

    /**
     * Ships an order if it can: takes every line's units from the stock and adds the order's
     * total to the shipped value. An order that cannot ship changes nothing.
     *
     * @param order the order to ship
     * @return true if it shipped, false if the stock lacked something
     */
    public boolean ship(Order order) {
        if (!canShip(order)) {
            return false;
        }
        for (Order.Line line : order.lines()) {
            stock.take(line.item().sku(), line.quantity());
        }
        shippedCents += order.totalCents();
        return true;
    }

    /**
     * The value shipped so far.
     *
     * @return the sum of the totals of the orders shipped, in cents
     */
    public long shippedCents() {
        return shippedCents;
    }
}
