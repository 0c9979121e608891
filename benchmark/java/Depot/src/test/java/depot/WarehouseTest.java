package depot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

class WarehouseTest {

    private static final Item PEN = new Item("pen", "Ballpoint pen", 120);
    private static final Item INK = new Item("ink", "Ink bottle", 450);

    private Stock stock;
    private Warehouse warehouse;

    @BeforeEach
    void fill() {
        stock = new Stock();
        stock.add("pen", 10);
        stock.add("ink", 2);
        warehouse = new Warehouse(stock);
    }

    @Nested
    class Shortfall {

        @Test
        void isEmptyWhenEverythingIsHeld() {
            assertEquals(Map.of(), warehouse.shortfall(new Order().add(PEN, 10).add(INK, 2)));
        }

        @Test
        void namesTheMissingUnits() {
            assertEquals(Map.of("ink", 3), warehouse.shortfall(new Order().add(PEN, 1).add(INK, 5)));
        }

        @Test
        void countsAnArticleNotHeldInFull() {
            Item nib = new Item("nib", "Steel nib", 35);
            assertEquals(Map.of("nib", 4), warehouse.shortfall(new Order().add(nib, 4)));
        }

        @Test
        void listsSkusInOrder() {
            Order order = new Order().add(PEN, 11).add(INK, 3);
            assertEquals(List.of("ink", "pen"), List.copyOf(warehouse.shortfall(order).keySet()));
        }

        @Test
        void followsTheStock() {
            Order order = new Order().add(INK, 3);
            assertEquals(Map.of("ink", 1), warehouse.shortfall(order));
            stock.add("ink", 1);
            assertEquals(Map.of(), warehouse.shortfall(order));
        }
    }

    @Nested
    class CanShip {

        @Test
        void whenEverythingIsHeld() {
            assertTrue(warehouse.canShip(new Order().add(PEN, 10).add(INK, 2)));
        }

        @Test
        void notWhenOneLineLacksButWhenItIsRestocked() {
            Order order = new Order().add(PEN, 1).add(INK, 3);
            assertFalse(warehouse.canShip(order));
            stock.add("ink", 1);
            assertTrue(warehouse.canShip(order));
        }

        @Test
        void anEmptyOrder() {
            assertTrue(warehouse.canShip(new Order()));
        }

        @Test
        void leavesTheStockAlone() {
            assertTrue(warehouse.canShip(new Order().add(PEN, 4)));
            assertEquals(10, stock.count("pen"));
        }

        @Test
        void aGrownOrderNoLonger() {
            Order order = new Order().add(PEN, 9);
            assertTrue(warehouse.canShip(order));
            order.add(PEN, 2);
            assertFalse(warehouse.canShip(order));
        }
    }

    @Nested
    class Ship {

        @Test
        void takesTheUnitsFromTheStock() {
            assertTrue(warehouse.ship(new Order().add(PEN, 4).add(INK, 2)));
            assertEquals(6, stock.count("pen"));
            assertEquals(List.of("pen"), stock.skus());
        }

        @Test
        void refusesAndTakesNothingWhenALineLacks() {
            assertFalse(warehouse.ship(new Order().add(PEN, 4).add(INK, 3)));
            assertEquals(10, stock.count("pen"));
            assertTrue(warehouse.ship(new Order().add(PEN, 4)));
        }

        @Test
        void addsTheTotalToTheShippedValue() {
            warehouse.ship(new Order().add(PEN, 2));
            assertEquals(240, warehouse.shippedCents());
        }

        @Test
        void shipsTheSameOrderAgainWhileStockLasts() {
            Order order = new Order().add(INK, 1);
            assertTrue(warehouse.ship(order));
            assertTrue(warehouse.ship(order));
            assertFalse(warehouse.ship(order));
        }

        @Test
        void anEmptyOrderShipsForNothing() {
            assertTrue(warehouse.ship(new Order()));
            assertEquals(0, warehouse.shippedCents());
            assertEquals(10, stock.count("pen"));
        }
    }

    @Nested
    class ShippedCents {

        @Test
        void isZeroBeforeAnyShippingAndGrowsWithOne() {
            assertEquals(0, warehouse.shippedCents());
            warehouse.ship(new Order().add(INK, 1));
            assertEquals(450, warehouse.shippedCents());
        }

        @Test
        void sumsTheShippedOrders() {
            warehouse.ship(new Order().add(PEN, 1));
            warehouse.ship(new Order().add(INK, 2));
            assertEquals(120 + 900, warehouse.shippedCents());
        }

        @Test
        void leavesOutAnOrderThatDidNotShip() {
            warehouse.ship(new Order().add(PEN, 1));
            warehouse.ship(new Order().add(INK, 5));
            assertEquals(120, warehouse.shippedCents());
        }

        @Test
        void isPerWarehouse() {
            Warehouse other = new Warehouse(stock);
            other.ship(new Order().add(PEN, 1));
            warehouse.ship(new Order().add(PEN, 2));
            assertEquals(240, warehouse.shippedCents());
            assertEquals(120, other.shippedCents());
        }

        @Test
        void exceedsAnInt() {
            Item dear = new Item("safe", "Safe", 2_000_000_000);
            stock.add("safe", 2);
            warehouse.ship(new Order().add(dear, 2));
            assertEquals(4_000_000_000L, warehouse.shippedCents());
        }
    }
}
