package depot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class OrderTest {

    private static final Item PEN = new Item("pen", "Ballpoint pen", 120);
    private static final Item INK = new Item("ink", "Ink bottle", 450);
    private static final Item NIB = new Item("nib", "Steel nib", 35);

    @Nested
    class LineSubtotal {

        @Test
        void isPriceTimesQuantity() {
            assertEquals(360, new Order.Line(PEN, 3).subtotalCents());
        }

        @Test
        void ofOneUnitIsThePrice() {
            assertEquals(450, new Order.Line(INK, 1).subtotalCents());
        }

        @Test
        void ofAFreeItemIsZeroBesideAPricedOne() {
            Item free = new Item("gift", "Sticker", 0);
            assertEquals(0, new Order.Line(free, 9).subtotalCents());
            assertEquals(70, new Order.Line(NIB, 2).subtotalCents());
        }

        @Test
        void doesNotOverflowAnInt() {
            Item dear = new Item("safe", "Safe", 2_000_000_000);
            assertEquals(6_000_000_000L, new Order.Line(dear, 3).subtotalCents());
        }

        @Test
        void ofALineFromAnOrder() {
            Order order = new Order().add(NIB, 4);
            assertEquals(140, order.lines().get(0).subtotalCents());
        }
    }

    @Nested
    class Add {

        @Test
        void returnsTheOrderItself() {
            Order order = new Order();
            assertSame(order, order.add(PEN, 1));
        }

        @Test
        void appendsANewItemAsTheLastLine() {
            Order order = new Order();
            order.add(PEN, 1);
            order.add(INK, 2);
            assertEquals(List.of(new Order.Line(PEN, 1), new Order.Line(INK, 2)), order.lines());
        }

        @Test
        void raisesTheQuantityOfAnItemAlreadyOrdered() {
            Order order = new Order();
            order.add(PEN, 1);
            order.add(INK, 2);
            order.add(PEN, 4);
            assertEquals(List.of(new Order.Line(PEN, 5), new Order.Line(INK, 2)), order.lines());
        }

        @Test
        void matchesItemsBySku() {
            Order order = new Order();
            order.add(PEN, 1);
            order.add(new Item("pen", "Renamed pen", 999), 1);
            assertEquals(List.of(new Order.Line(PEN, 2)), order.lines());
        }

        @Test
        void refusesAQuantityBelowOne() {
            Order order = new Order().add(PEN, 1);
            assertThrows(IllegalArgumentException.class, () -> order.add(INK, 0));
            assertEquals(List.of(new Order.Line(PEN, 1)), order.lines());
        }
    }

    @Nested
    class Lines {

        @Test
        void ofANewOrderAreEmpty() {
            assertEquals(List.of(), new Order().lines());
        }

        @Test
        void holdOneLinePerItem() {
            Order order = new Order().add(PEN, 1).add(INK, 1).add(NIB, 1);
            assertEquals(3, order.lines().size());
        }

        @Test
        void keepTheOrderOfFirstAddition() {
            Order order = new Order().add(NIB, 1).add(PEN, 1).add(NIB, 1);
            assertEquals(List.of(new Order.Line(NIB, 2), new Order.Line(PEN, 1)), order.lines());
        }

        @Test
        void cannotBeModified() {
            Order order = new Order().add(PEN, 1);
            assertThrows(
                    UnsupportedOperationException.class,
                    () -> order.lines().add(new Order.Line(INK, 1)));
        }

        @Test
        void areASnapshot() {
            Order order = new Order().add(PEN, 1);
            List<Order.Line> before = order.lines();
            order.add(INK, 1);
            assertEquals(List.of(new Order.Line(PEN, 1)), before);
        }
    }

    @Nested
    class QuantityOf {

        @Test
        void ofAnOrderedItem() {
            assertEquals(3, new Order().add(PEN, 3).quantityOf("pen"));
        }

        @Test
        void addsUpRepeatedAdditions() {
            assertEquals(5, new Order().add(PEN, 3).add(PEN, 2).quantityOf("pen"));
        }

        @Test
        void ofAnItemNotOrderedIsZeroBesideAnOrderedOne() {
            Order order = new Order().add(PEN, 3);
            assertEquals(0, order.quantityOf("ink"));
            assertEquals(3, order.quantityOf("pen"));
        }

        @Test
        void ofTheLastLine() {
            assertEquals(7, new Order().add(PEN, 1).add(INK, 2).add(NIB, 7).quantityOf("nib"));
        }

        @Test
        void isBySku() {
            assertEquals(2, new Order().add(INK, 2).quantityOf(new String("ink")));
        }
    }

    @Nested
    class TotalCents {

        @Test
        void ofOneLine() {
            assertEquals(360, new Order().add(PEN, 3).totalCents());
        }

        @Test
        void sumsTheLines() {
            assertEquals(120 + 900 + 35, new Order().add(PEN, 1).add(INK, 2).add(NIB, 1).totalCents());
        }

        @Test
        void ofAnEmptyOrderIsZeroAndGrowsWithALine() {
            Order order = new Order();
            assertEquals(0, order.totalCents());
            assertEquals(450, order.add(INK, 1).totalCents());
        }

        @Test
        void countsRaisedQuantities() {
            assertEquals(600, new Order().add(PEN, 2).add(PEN, 3).totalCents());
        }

        @Test
        void doesNotOverflowAnInt() {
            Item dear = new Item("safe", "Safe", 2_000_000_000);
            assertEquals(4_000_000_120L, new Order().add(dear, 2).add(PEN, 1).totalCents());
        }
    }
}
