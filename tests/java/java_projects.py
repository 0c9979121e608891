"""Where the Java tests' projects lie: our benchmark's Depot and the derivation's edge cases."""

from __future__ import annotations

from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
DEPOT = REPO / "benchmark" / "java" / "Depot"
SHAPES = Path(__file__).resolve().parent / "fixtures" / "Shapes"

DEPOT_TEST_CLASSES = {
    "depot.Stock#add(String,int)": "depot.StockTest$AddBySku",
    "depot.Stock#add(Item,int)": "depot.StockTest$AddItem",
    "depot.Stock#take(String,int)": "depot.StockTest$Take",
    "depot.Stock#count(String)": "depot.StockTest$Count",
    "depot.Stock#skus()": "depot.StockTest$Skus",
    "depot.Order#add(Item,int)": "depot.OrderTest$Add",
    "depot.Order#lines()": "depot.OrderTest$Lines",
    "depot.Order#quantityOf(String)": "depot.OrderTest$QuantityOf",
    "depot.Order#totalCents()": "depot.OrderTest$TotalCents",
    "depot.Order.Line#subtotalCents()": "depot.OrderTest$LineSubtotal",
    "depot.Warehouse#shortfall(Order)": "depot.WarehouseTest$Shortfall",
    "depot.Warehouse#canShip(Order)": "depot.WarehouseTest$CanShip",
    "depot.Warehouse#ship(Order)": "depot.WarehouseTest$Ship",
    "depot.Warehouse#shippedCents()": "depot.WarehouseTest$ShippedCents",
}
"""Each task method of Depot -> the nested test class that holds its tests (the fixture's own
convention; a later check derives the map from per-test coverage)."""
