import unittest

from solution import TransitNetwork


def build(links):
    network = TransitNetwork()
    for a, b, minutes in links:
        network.connect(a, b, minutes)
    return network


class TransitNetworkTestConnect(unittest.TestCase):
    def test_connect_1(self):
        network = TransitNetwork()
        self.assertIs(network.connect("A", "B", 4), True)
        self.assertEqual(network.links, {"A": {"B": 4}, "B": {"A": 4}})

    def test_connect_2(self):
        network = TransitNetwork()
        network.connect("A", "B", 4)
        self.assertIs(network.connect("B", "A", 7), False)
        self.assertEqual(network.links, {"A": {"B": 7}, "B": {"A": 7}})

    def test_connect_3(self):
        network = TransitNetwork()
        for a, b, minutes in [("", "B", 1), ("A", "", 1), ("A", "A", 1), ("A", "B", 0), ("A", "B", -3)]:
            with self.assertRaises(ValueError):
                network.connect(a, b, minutes)
        self.assertEqual(network.links, {})

    def test_connect_4(self):
        network = TransitNetwork()
        self.assertIs(network.connect("A", "B", 1), True)
        self.assertIs(network.connect("A", "C", 2), True)
        self.assertEqual(network.links, {"A": {"B": 1, "C": 2}, "B": {"A": 1}, "C": {"A": 2}})

    def test_connect_5(self):
        network = TransitNetwork()
        network.links = {"A": {}, "B": {}}
        self.assertIs(network.connect("A", "B", 3), True)
        self.assertEqual(network.links, {"A": {"B": 3}, "B": {"A": 3}})

    def test_connect_6(self):
        network = build([("A", "B", 3)])
        with self.assertRaises(ValueError):
            network.connect("A", "B", 0)
        with self.assertRaises(ValueError):
            network.connect("B", "B", 2)
        self.assertEqual(network.links, {"A": {"B": 3}, "B": {"A": 3}})


class TransitNetworkTestDisconnect(unittest.TestCase):
    def test_disconnect_1(self):
        network = build([("A", "B", 4)])
        self.assertIs(network.disconnect("A", "B"), True)
        self.assertEqual(network.links, {"A": {}, "B": {}})

    def test_disconnect_2(self):
        network = build([("A", "B", 4), ("B", "C", 1)])
        self.assertIs(network.disconnect("A", "C"), False)
        self.assertEqual(network.links, {"A": {"B": 4}, "B": {"A": 4, "C": 1}, "C": {"B": 1}})

    def test_disconnect_3(self):
        network = build([("A", "B", 4)])
        self.assertIs(network.disconnect("A", "X"), False)
        self.assertIs(network.disconnect("X", "A"), False)
        self.assertIs(network.disconnect("X", "Y"), False)
        self.assertEqual(network.links, {"A": {"B": 4}, "B": {"A": 4}})

    def test_disconnect_4(self):
        network = build([("A", "B", 1), ("B", "C", 2), ("A", "C", 3)])
        self.assertIs(network.disconnect("C", "A"), True)
        self.assertEqual(network.links, {"A": {"B": 1}, "B": {"A": 1, "C": 2}, "C": {"B": 2}})

    def test_disconnect_5(self):
        network = build([("A", "B", 4)])
        self.assertIs(network.disconnect("B", "A"), True)
        self.assertIs(network.disconnect("A", "B"), False)
        self.assertEqual(network.links, {"A": {}, "B": {}})


class TransitNetworkTestRemoveStation(unittest.TestCase):
    def test_remove_station_1(self):
        network = build([("A", "B", 4), ("B", "C", 2)])
        self.assertEqual(network.remove_station("B"), 2)
        self.assertEqual(network.links, {"A": {}, "C": {}})

    def test_remove_station_2(self):
        network = build([("A", "B", 4)])
        network.disconnect("A", "B")
        self.assertEqual(network.remove_station("A"), 0)
        self.assertEqual(network.links, {"B": {}})

    def test_remove_station_3(self):
        network = build([("A", "B", 4)])
        with self.assertRaises(ValueError):
            network.remove_station("C")
        self.assertEqual(network.links, {"A": {"B": 4}, "B": {"A": 4}})

    def test_remove_station_4(self):
        network = build([("Hub", "A", 1), ("Hub", "B", 2), ("Hub", "C", 3), ("A", "B", 5)])
        self.assertEqual(network.remove_station("Hub"), 3)
        self.assertEqual(network.links, {"A": {"B": 5}, "B": {"A": 5}, "C": {}})

    def test_remove_station_5(self):
        network = build([("A", "B", 4), ("B", "C", 2)])
        self.assertEqual(network.remove_station("C"), 1)
        self.assertEqual(network.links, {"A": {"B": 4}, "B": {"A": 4}})

    def test_remove_station_6(self):
        network = TransitNetwork()
        with self.assertRaises(ValueError):
            network.remove_station("A")
        self.assertEqual(network.links, {})


class TransitNetworkTestFewestStops(unittest.TestCase):
    def test_fewest_stops_1(self):
        network = build([("A", "C", 1), ("C", "D", 1), ("A", "B", 9), ("B", "D", 9), ("D", "E", 1)])
        self.assertEqual(network.fewest_stops("A", "E"), ["A", "B", "D", "E"])
        self.assertEqual(network.fewest_stops("E", "A"), ["E", "D", "B", "A"])

    def test_fewest_stops_2(self):
        network = build([("A", "B", 1)])
        self.assertEqual(network.fewest_stops("A", "A"), ["A"])
        self.assertEqual(network.fewest_stops("B", "A"), ["B", "A"])

    def test_fewest_stops_3(self):
        network = build([("A", "B", 1)])
        for start, goal in [("A", "X"), ("X", "A"), ("X", "X")]:
            with self.assertRaises(ValueError):
                network.fewest_stops(start, goal)

    def test_fewest_stops_4(self):
        network = build([("A", "B", 1), ("C", "D", 1)])
        self.assertEqual(network.fewest_stops("A", "D"), [])
        self.assertEqual(network.links, {"A": {"B": 1}, "B": {"A": 1}, "C": {"D": 1}, "D": {"C": 1}})

    def test_fewest_stops_5(self):
        network = build([("A", "B", 1), ("B", "C", 1), ("C", "D", 1), ("A", "Z", 50), ("Z", "D", 50)])
        self.assertEqual(network.fewest_stops("A", "D"), ["A", "Z", "D"])

    def test_fewest_stops_6(self):
        network = build([("S", "M", 1), ("S", "K", 1), ("M", "B", 1), ("K", "Q", 1), ("B", "G", 1), ("Q", "G", 1)])
        self.assertEqual(network.fewest_stops("S", "G"), ["S", "K", "Q", "G"])
        self.assertEqual(network.fewest_stops("G", "S"), ["G", "B", "M", "S"])


class TransitNetworkTestFastest(unittest.TestCase):
    def test_fastest_1(self):
        network = build([("A", "B", 5), ("B", "C", 5), ("A", "C", 12), ("C", "D", 1)])
        self.assertEqual(network.fastest("A", "D"), (11, ["A", "B", "C", "D"]))
        self.assertEqual(network.fastest("C", "A"), (10, ["C", "B", "A"]))

    def test_fastest_2(self):
        network = build([("A", "B", 5)])
        self.assertEqual(network.fastest("B", "B"), (0, ["B"]))

    def test_fastest_3(self):
        network = build([("A", "B", 5), ("B", "E", 5), ("A", "E", 12), ("C", "D", 2)])
        self.assertEqual(network.fastest("A", "C"), (-1, []))
        self.assertEqual(network.fastest("D", "C"), (2, ["D", "C"]))

    def test_fastest_4(self):
        network = build([("A", "B", 5)])
        for start, goal in [("A", "X"), ("X", "A")]:
            with self.assertRaises(ValueError):
                network.fastest(start, goal)

    def test_fastest_5(self):
        network = build([("A", "D", 4), ("A", "B", 2), ("B", "D", 2)])
        self.assertEqual(network.fastest("A", "D"), (4, ["A", "B", "D"]))
        network.connect("B", "D", 3)
        self.assertEqual(network.fastest("A", "D"), (4, ["A", "D"]))

    def test_fastest_6(self):
        network = build([("A", "B", 1), ("B", "C", 1), ("C", "D", 1), ("A", "D", 10), ("A", "C", 3)])
        self.assertEqual(network.fastest("A", "D"), (3, ["A", "B", "C", "D"]))
        self.assertEqual(network.fastest("D", "A"), (3, ["D", "C", "B", "A"]))

    def test_fastest_7(self):
        network = build([("A", "B", 5), ("B", "C", 5), ("A", "C", 12), ("C", "D", 3)])
        self.assertEqual(network.fastest("A", "D"), (13, ["A", "B", "C", "D"]))


class TransitNetworkTestReachable(unittest.TestCase):
    def test_reachable_1(self):
        network = build([("A", "B", 5), ("B", "C", 5), ("A", "C", 12), ("C", "D", 1)])
        self.assertEqual(network.reachable("A", 10), {"A": 0, "B": 5, "C": 10})

    def test_reachable_2(self):
        network = build([("A", "B", 5), ("B", "C", 5)])
        self.assertEqual(network.reachable("A", 0), {"A": 0})
        self.assertEqual(network.reachable("B", 4), {"B": 0})

    def test_reachable_3(self):
        network = build([("A", "B", 5), ("B", "C", 5), ("A", "C", 12), ("C", "D", 1)])
        self.assertEqual(network.reachable("A", 11), {"A": 0, "B": 5, "C": 10, "D": 11})
        self.assertEqual(network.reachable("D", 100), {"A": 11, "B": 6, "C": 1, "D": 0})

    def test_reachable_4(self):
        network = build([("A", "B", 1), ("X", "Y", 1)])
        network.disconnect("X", "Y")
        self.assertEqual(network.reachable("A", 50), {"A": 0, "B": 1})
        self.assertEqual(network.reachable("X", 50), {"X": 0})

    def test_reachable_5(self):
        network = build([("A", "B", 1)])
        with self.assertRaises(ValueError):
            network.reachable("Q", 5)
        with self.assertRaises(ValueError):
            network.reachable("A", -1)
        with self.assertRaises(ValueError):
            TransitNetwork().reachable("A", 0)

    def test_reachable_6(self):
        network = build([("Z", "M", 1), ("M", "A", 1)])
        result = network.reachable("Z", 5)
        self.assertEqual(result, {"A": 2, "M": 1, "Z": 0})
        self.assertEqual(list(result), ["A", "M", "Z"])


class TransitNetworkTest(unittest.TestCase):
    def test_transit_network_1(self):
        network = TransitNetwork()
        self.assertIs(network.connect("Abbey", "Bank", 4), True)
        self.assertIs(network.connect("Bank", "Cross", 3), True)
        self.assertIs(network.connect("Abbey", "Cross", 9), True)
        self.assertEqual(network.fastest("Abbey", "Cross"), (7, ["Abbey", "Bank", "Cross"]))
        self.assertEqual(network.fewest_stops("Abbey", "Cross"), ["Abbey", "Cross"])
        self.assertEqual(network.remove_station("Bank"), 2)
        self.assertEqual(network.fastest("Abbey", "Cross"), (9, ["Abbey", "Cross"]))
        self.assertEqual(network.reachable("Cross", 8), {"Cross": 0})

    def test_transit_network_2(self):
        network = build([("A", "B", 2), ("B", "C", 2), ("C", "D", 2)])
        self.assertEqual(network.reachable("A", 4), {"A": 0, "B": 2, "C": 4})
        self.assertIs(network.disconnect("B", "C"), True)
        self.assertEqual(network.fewest_stops("A", "D"), [])
        self.assertEqual(network.fastest("A", "D"), (-1, []))
        self.assertIs(network.connect("A", "D", 1), True)
        self.assertEqual(network.fewest_stops("A", "C"), ["A", "D", "C"])
        self.assertEqual(network.reachable("A", 3), {"A": 0, "B": 2, "C": 3, "D": 1})


if __name__ == "__main__":
    unittest.main()
