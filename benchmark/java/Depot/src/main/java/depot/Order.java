package depot;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A customer's order: lines of an item and a quantity, in the order the items were first added.
 */
public class Order {

    /**
     * One line of an order.
     *
     * @param item the article ordered
     * @param quantity how many units, at least 1
     */
    public record Line(Item item, int quantity) {

        /**
         * The price of the line.
         *
         * @return the item's unit price times the quantity, in cents
         */
        public long subtotalCents() {
            return (long) item.priceCents() * quantity;
        }
    }

    private final List<Line> lines = new ArrayList<>();

    /**
     * Orders units of an item. An item already ordered (the same sku) gets its quantity raised
     * on its line; a new item gets a new last line.
     *
     * @param item the article to order
     * @param quantity how many units, at least 1
     * @return this order, so that calls can be chained
     * @throws IllegalArgumentException if {@code quantity} is below 1
     */
    public Order add(Item item, int quantity) {
        if (quantity < 1) {
            throw new IllegalArgumentException("quantity must be at least 1: " + quantity);
        }
        for (int i = 0; i < lines.size(); i++) {
            Line line = lines.get(i);
            if (line.item().sku().equals(item.sku())) {
                lines.set(i, new Line(line.item(), line.quantity() + quantity));
                return this;
            }
        }
        lines.add(new Line(item, quantity));
        return this;
    }

    /**
     * The lines of the order.
     *
     * @return the lines in order, as a list that cannot be modified
     */
    public List<Line> lines() {
        return Collections.unmodifiableList(new ArrayList<>(lines));
    }

    /**
     * The units ordered of an article.
     *
     * @param sku the article's stock-keeping unit
     * @return the quantity on its line, or 0 if the article is not ordered
     */
    public int quantityOf(String sku) {
        for (Line line : lines) {
            if (line.item().sku().equals(sku)) {
                return line.quantity();
            }
        }
        return 0;
    }

    /**
     * The price of the whole order.
     *
     * @return the sum of the lines' subtotals, in cents
     */
    public long totalCents() {
        long total = 0;
        for (Line line : lines) {
            total += line.subtotalCents();
        }
        return total;
    }
}
