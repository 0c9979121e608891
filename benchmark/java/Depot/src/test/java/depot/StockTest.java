package depot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class StockTest {

    private static final Item PEN = new Item("pen", "Ballpoint pen", 120);

    @Nested
    class AddBySku {

        @Test
        void firstAdditionReturnsItsQuantity() {
            assertEquals(4, new Stock().add("pen", 4));
        }

        @Test
        void additionsOfOneSkuAccumulate() {
            Stock stock = new Stock();
            stock.add("pen", 4);
            assertEquals(7, stock.add("pen", 3));
        }

        @Test
        void skusAreCountedApart() {
            Stock stock = new Stock();
            stock.add("pen", 4);
            assertEquals(2, stock.add("ink", 2));
            assertEquals(4, stock.count("pen"));
        }

        @Test
        void zeroQuantityIsRefused() {
            Stock stock = new Stock();
            assertThrows(IllegalArgumentException.class, () -> stock.add("pen", 0));
        }

        @Test
        void negativeQuantityIsRefusedAndChangesNothing() {
            Stock stock = new Stock();
            stock.add("pen", 2);
            assertThrows(IllegalArgumentException.class, () -> stock.add("pen", -5));
            assertEquals(3, stock.add("pen", 1));
        }
    }

    @Nested
    class AddItem {

        @Test
        void addsUnderTheItemsSku() {
            Stock stock = new Stock();
            assertEquals(5, stock.add(PEN, 5));
            assertEquals(5, stock.count("pen"));
        }

        @Test
        void sharesItsCountWithAddBySku() {
            Stock stock = new Stock();
            stock.add("pen", 1);
            assertEquals(3, stock.add(PEN, 2));
        }

        @Test
        void twoItemsOfOneSkuAccumulate() {
            Stock stock = new Stock();
            stock.add(PEN, 1);
            assertEquals(2, stock.add(new Item("pen", "Another name", 99), 1));
        }

        @Test
        void zeroQuantityIsRefused() {
            Stock stock = new Stock();
            assertThrows(IllegalArgumentException.class, () -> stock.add(PEN, 0));
        }

        @Test
        void aNullItemIsRefused() {
            Stock stock = new Stock();
            assertThrows(NullPointerException.class, () -> stock.add((Item) null, 1));
        }
    }

    @Nested
    class Take {

        @Test
        void returnsWhatIsLeft() {
            Stock stock = new Stock();
            stock.add("pen", 5);
            assertEquals(3, stock.take("pen", 2));
        }

        @Test
        void takingEverythingRemovesTheSku() {
            Stock stock = new Stock();
            stock.add("pen", 2);
            stock.add("ink", 1);
            assertEquals(0, stock.take("pen", 2));
            assertEquals(List.of("ink"), stock.skus());
        }

        @Test
        void takingMoreThanHeldIsRefusedAndTakesNothing() {
            Stock stock = new Stock();
            stock.add("pen", 2);
            assertThrows(IllegalStateException.class, () -> stock.take("pen", 3));
            assertEquals(2, stock.count("pen"));
        }

        @Test
        void anUnknownSkuHasNothingToTake() {
            Stock stock = new Stock();
            assertThrows(IllegalStateException.class, () -> stock.take("ink", 1));
        }

        @Test
        void zeroQuantityIsRefused() {
            Stock stock = new Stock();
            stock.add("pen", 2);
            assertThrows(IllegalArgumentException.class, () -> stock.take("pen", 0));
        }
    }

    @Nested
    class Count {

        @Test
        void countsWhatWasAdded() {
            Stock stock = new Stock();
            stock.add("pen", 3);
            assertEquals(3, stock.count("pen"));
        }

        @Test
        void countsEachSkuApart() {
            Stock stock = new Stock();
            stock.add("pen", 3);
            stock.add("ink", 8);
            assertEquals(8, stock.count("ink"));
        }

        @Test
        void anUnknownSkuCountsZeroBesideAKnownOne() {
            Stock stock = new Stock();
            stock.add("pen", 3);
            assertEquals(0, stock.count("ink"));
            assertEquals(3, stock.count("pen"));
        }

        @Test
        void countsWhatIsLeftAfterTaking() {
            Stock stock = new Stock();
            stock.add("pen", 3);
            stock.take("pen", 1);
            assertEquals(2, stock.count("pen"));
        }

        @Test
        void countsAfterTakingEverythingAndAddingAgain() {
            Stock stock = new Stock();
            stock.add("pen", 3);
            stock.take("pen", 3);
            stock.add("pen", 1);
            assertEquals(1, stock.count("pen"));
        }
    }

    @Nested
    class Skus {

        @Test
        void anEmptyStockHasNone() {
            assertEquals(List.of(), new Stock().skus());
        }

        @Test
        void areInAlphabeticalOrder() {
            Stock stock = new Stock();
            stock.add("pen", 1);
            stock.add("ink", 1);
            stock.add("nib", 1);
            assertEquals(List.of("ink", "nib", "pen"), stock.skus());
        }

        @Test
        void listEachSkuOnce() {
            Stock stock = new Stock();
            stock.add("pen", 1);
            stock.add("pen", 2);
            assertEquals(List.of("pen"), stock.skus());
        }

        @Test
        void leaveOutSkusTakenToZero() {
            Stock stock = new Stock();
            stock.add("pen", 1);
            stock.add("ink", 1);
            stock.take("ink", 1);
            assertEquals(List.of("pen"), stock.skus());
        }

        @Test
        void areANewListEachTime() {
            Stock stock = new Stock();
            stock.add("pen", 1);
            stock.skus().add("ink");
            assertEquals(List.of("pen"), stock.skus());
        }
    }
}
