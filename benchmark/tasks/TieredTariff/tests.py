import unittest
from decimal import Decimal

from solution import TieredTariff


def home_tariff():
    tariff = TieredTariff("12.50")
    tariff.add_tier(100, "0.25")
    tariff.add_tier(300, "0.30")
    tariff.add_tier(0, "0.40")
    return tariff


def tariff_of(fixed, *tiers):
    tariff = TieredTariff(fixed)
    for up_to, price in tiers:
        tariff.add_tier(up_to, price)
    return tariff


class TieredTariffTestAddTier(unittest.TestCase):
    def test_add_tier_1(self):
        tariff = TieredTariff("12.50")
        self.assertEqual(tariff.add_tier(100, "0.25"), 1)
        self.assertEqual(tariff.add_tier(0, "0.30"), 2)
        self.assertEqual(tariff.tiers, [[100, Decimal("0.25")], [0, Decimal("0.30")]])

    def test_add_tier_2(self):
        tariff = tariff_of("1", (100, "0.25"))
        bad = [(200, ""), (200, "0,25"), (200, "-1"), (200, ".5"), (200, "abc"), (200, "1e2"), (-1, "0.2"),
               (100, "0.2"), (50, "0.2"), (1, "0.2")]
        for up_to, price in bad:
            with self.assertRaises(ValueError):
                tariff.add_tier(up_to, price)
        self.assertEqual(tariff.tiers, [[100, Decimal("0.25")]])

    def test_add_tier_3(self):
        tariff = TieredTariff("0")
        self.assertEqual(tariff.add_tier(50, "0"), 1)
        self.assertEqual(tariff.add_tier(51, "0.1"), 2)
        self.assertEqual(tariff.add_tier(0, "0.2"), 3)
        self.assertEqual(tariff.tiers, [[50, Decimal("0")], [51, Decimal("0.1")], [0, Decimal("0.2")]])

    def test_add_tier_4(self):
        tariff = TieredTariff("0")
        self.assertEqual(tariff.add_tier(0, "0.3"), 1)
        for up_to in [100, 0]:
            with self.assertRaises(ValueError):
                tariff.add_tier(up_to, "0.4")
        self.assertEqual(tariff.tiers, [[0, Decimal("0.3")]])
        closed = tariff_of("0", (100, "0.2"), (0, "0.3"))
        with self.assertRaises(ValueError):
            closed.add_tier(500, "0.4")
        three = tariff_of("0", (100, "0.2"), (300, "0.3"))
        with self.assertRaises(ValueError):
            three.add_tier(200, "0.4")
        self.assertEqual(three.tiers, [[100, Decimal("0.2")], [300, Decimal("0.3")]])

    def test_add_tier_5(self):
        tariff = TieredTariff("0")
        tariff.add_tier(10, "0.250")
        self.assertEqual(str(tariff.tiers[0][1]), "0.250")
        self.assertEqual(tariff.fixed, Decimal("0"))


class TieredTariffTestRoundCents(unittest.TestCase):
    def test_round_cents_1(self):
        tariff = TieredTariff("0")
        self.assertEqual(tariff.round_cents("13.125"), "13.13")
        self.assertEqual(tariff.round_cents("7"), "7.00")

    def test_round_cents_2(self):
        tariff = TieredTariff("0")
        self.assertEqual(tariff.round_cents("0.005"), "0.01")
        self.assertEqual(tariff.round_cents("0.004"), "0.00")
        self.assertEqual(tariff.round_cents("2.675"), "2.68")
        self.assertEqual(tariff.round_cents("-1.005"), "-1.01")

    def test_round_cents_3(self):
        tariff = TieredTariff("0")
        self.assertEqual(tariff.round_cents("100"), "100.00")
        self.assertEqual(tariff.round_cents("99.999"), "100.00")

    def test_round_cents_4(self):
        tariff = TieredTariff("0")
        self.assertEqual(tariff.round_cents("0.125"), "0.13")
        self.assertEqual(tariff.round_cents("1.115"), "1.12")

    def test_round_cents_5(self):
        tariff = home_tariff()
        self.assertEqual(tariff.round_cents("12.345"), "12.35")
        self.assertEqual(len(tariff.tiers), 3)


class TieredTariffTestEnergyCharge(unittest.TestCase):
    def test_energy_charge_1(self):
        tariff = home_tariff()
        self.assertEqual(tariff.energy_charge(80), "20.00")
        self.assertEqual(tariff.energy_charge(150), "40.00")
        self.assertEqual(tariff.energy_charge(450), "145.00")

    def test_energy_charge_2(self):
        tariff = home_tariff()
        expected = {0: "0.00", 100: "25.00", 101: "25.30", 300: "85.00", 301: "85.40"}
        for usage, charge in expected.items():
            self.assertEqual(tariff.energy_charge(usage), charge, usage)

    def test_energy_charge_3(self):
        with self.assertRaises(ValueError):
            home_tariff().energy_charge(-1)
        with self.assertRaises(ValueError):
            TieredTariff("1").energy_charge(0)
        capped = tariff_of("1", (100, "0.2"))
        with self.assertRaises(ValueError):
            capped.energy_charge(101)
        self.assertEqual(capped.energy_charge(100), "20.00")
        one = tariff_of("1", (1, "0.5"))
        self.assertEqual(one.energy_charge(1), "0.50")
        with self.assertRaises(ValueError):
            one.energy_charge(2)

    def test_energy_charge_4(self):
        tariff = tariff_of("0", (0, "0.125"))
        self.assertEqual(tariff.energy_charge(3), "0.38")
        self.assertEqual(tariff.energy_charge(1), "0.13")
        # Rounded once, at the end: each tier alone would round 0.005 up to 0.01.
        self.assertEqual(tariff_of("0", (1, "0.005"), (0, "0.005")).energy_charge(2), "0.01")

    def test_energy_charge_5(self):
        tariff = tariff_of("0", (50, "0"), (0, "0.2"))
        self.assertEqual(tariff.energy_charge(50), "0.00")
        self.assertEqual(tariff.energy_charge(60), "2.00")
        self.assertEqual(tariff.tiers, [[50, Decimal("0")], [0, Decimal("0.2")]])


class TieredTariffTestMarginalPrice(unittest.TestCase):
    def test_marginal_price_1(self):
        tariff = tariff_of("12.50", (100, "0.25"), (0, "0.30"))
        self.assertEqual(tariff.marginal_price(99), "0.25")
        self.assertEqual(tariff.marginal_price(100), "0.30")

    def test_marginal_price_2(self):
        tariff = home_tariff()
        expected = {0: "0.25", 100: "0.30", 299: "0.30", 300: "0.40", 10000: "0.40"}
        for usage, price in expected.items():
            self.assertEqual(tariff.marginal_price(usage), price, usage)

    def test_marginal_price_3(self):
        with self.assertRaises(ValueError):
            home_tariff().marginal_price(-1)
        capped = tariff_of("1", (100, "0.2"))
        with self.assertRaises(ValueError):
            capped.marginal_price(100)
        self.assertEqual(capped.marginal_price(99), "0.2")
        with self.assertRaises(ValueError):
            TieredTariff("1").marginal_price(0)

    def test_marginal_price_4(self):
        self.assertEqual(tariff_of("0", (10, "0.250")).marginal_price(9), "0.250")

    def test_marginal_price_5(self):
        tariff = home_tariff()
        self.assertEqual(tariff.marginal_price(101), "0.30")
        self.assertEqual(len(tariff.tiers), 3)


class TieredTariffTestBill(unittest.TestCase):
    def test_bill_1(self):
        self.assertEqual(
            home_tariff().bill(150, "25"), {"fixed": "12.50", "energy": "40.00", "vat": "13.13", "total": "65.63"}
        )

    def test_bill_2(self):
        self.assertEqual(
            home_tariff().bill(0, "25"), {"fixed": "12.50", "energy": "0.00", "vat": "3.13", "total": "15.63"}
        )

    def test_bill_3(self):
        self.assertEqual(
            home_tariff().bill(450, "0"), {"fixed": "12.50", "energy": "145.00", "vat": "0.00", "total": "157.50"}
        )

    def test_bill_4(self):
        tariff = home_tariff()
        for vat in ["25%", "", "-5", "x"]:
            with self.assertRaises(ValueError):
                tariff.bill(100, vat)
        with self.assertRaises(ValueError):
            tariff.bill(-1, "25")
        with self.assertRaises(ValueError):
            tariff_of("1", (100, "0.2")).bill(101, "25")

    def test_bill_5(self):
        bill = tariff_of("9.999", (0, "0.1")).bill(10, "10")
        self.assertEqual(bill, {"fixed": "10.00", "energy": "1.00", "vat": "1.10", "total": "12.10"})
        self.assertEqual(list(bill), ["fixed", "energy", "vat", "total"])

    def test_bill_6(self):
        tariff = home_tariff()
        self.assertEqual(tariff.bill(150, "12.5"), {"fixed": "12.50", "energy": "40.00", "vat": "6.56", "total": "59.06"})
        self.assertEqual(tariff.fixed, Decimal("12.50"))


class TieredTariffTestDescribe(unittest.TestCase):
    def test_describe_1(self):
        self.assertEqual(home_tariff().describe(), ["1-100 kWh: 0.25", "101-300 kWh: 0.30", "301 kWh and up: 0.40"])

    def test_describe_2(self):
        self.assertEqual(TieredTariff("1").describe(), [])

    def test_describe_3(self):
        self.assertEqual(tariff_of("1", (0, "0.3")).describe(), ["1 kWh and up: 0.3"])

    def test_describe_4(self):
        self.assertEqual(tariff_of("1", (100, "0.2"), (250, "0.25")).describe(), ["1-100 kWh: 0.2", "101-250 kWh: 0.25"])

    def test_describe_5(self):
        tariff = tariff_of("1", (1, "0"), (2, "0.5"), (0, "1"))
        self.assertEqual(tariff.describe(), ["1-1 kWh: 0", "2-2 kWh: 0.5", "3 kWh and up: 1"])
        self.assertEqual(len(tariff.tiers), 3)


class TieredTariffTest(unittest.TestCase):
    def test_choosing_a_tariff(self):
        flat = tariff_of("20.00", (0, "0.28"))
        tiered = home_tariff()
        # At 250 kWh: flat 20 + 70 = 90.00; tiered 12.50 + 25 + 45 = 82.50.
        self.assertEqual(flat.bill(250, "25")["total"], "112.50")
        self.assertEqual(tiered.bill(250, "25")["total"], "103.13")
        # At 600 kWh: flat 20 + 168 = 188.00; tiered 12.50 + 85 + 120 = 217.50.
        self.assertEqual(flat.energy_charge(600), "168.00")
        self.assertEqual(tiered.energy_charge(600), "205.00")
        self.assertEqual(tiered.marginal_price(600), "0.40")
        self.assertEqual(flat.describe(), ["1 kWh and up: 0.28"])
        self.assertEqual(tiered.round_cents("217.505"), "217.51")

    def test_building_a_tariff(self):
        tariff = TieredTariff("5")
        self.assertEqual(tariff.add_tier(200, "0.1"), 1)
        self.assertEqual(tariff.energy_charge(200), "20.00")
        with self.assertRaises(ValueError):
            tariff.energy_charge(201)
        self.assertEqual(tariff.add_tier(0, "0.2"), 2)
        self.assertEqual(tariff.energy_charge(201), "20.20")
        self.assertEqual(tariff.bill(201, "20"), {"fixed": "5.00", "energy": "20.20", "vat": "5.04", "total": "30.24"})
        self.assertEqual(tariff.describe(), ["1-200 kWh: 0.1", "201 kWh and up: 0.2"])
