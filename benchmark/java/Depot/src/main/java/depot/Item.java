package depot;

/**
 * An article the depot stocks: its stock-keeping unit, its name and its unit price in cents.
 *
 * @param sku the stock-keeping unit, not blank
 * @param name the article's name
 * @param priceCents the price of one unit in cents, not negative
 */
public record Item(String sku, String name, int priceCents) {

    /**
     * Checks the components.
     *
     * @throws IllegalArgumentException if the sku is blank or the price negative
     */
    public Item {
        if (sku == null || sku.isBlank()) {
            throw new IllegalArgumentException("sku must not be blank");
        }
        if (priceCents < 0) {
            throw new IllegalArgumentException("price must not be negative: " + priceCents);
        }
    }
}
