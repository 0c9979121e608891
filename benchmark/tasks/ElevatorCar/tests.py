import unittest

from solution import ElevatorCar


def car_at(floor, direction="idle", requests=(), floors=10):
    car = ElevatorCar(floors)
    car.floor, car.direction = floor, direction
    for wanted in requests:
        car.request(wanted)
    return car


class ElevatorCarTestRequest(unittest.TestCase):
    def test_request_1(self):
        car = ElevatorCar(10)
        self.assertIs(car.request(5), True)
        self.assertIs(car.request(5), False)
        self.assertIs(car.request(0), False)
        self.assertEqual(car.requests, {5})

    def test_request_2(self):
        car = car_at(0, requests=[4])
        for floor in [-1, 10, 11]:
            with self.assertRaises(ValueError):
                car.request(floor)
        self.assertEqual(car.requests, {4})

    def test_request_3(self):
        car = ElevatorCar(10)
        for floor in [3, 9, 1]:
            self.assertIs(car.request(floor), True)
        self.assertEqual(car.requests, {1, 3, 9})

    def test_request_4(self):
        car = car_at(4)
        self.assertIs(car.request(4), False)
        self.assertIs(car.request(0), True)
        self.assertEqual(car.requests, {0})

    def test_request_5(self):
        car = ElevatorCar(2)
        self.assertIs(car.request(1), True)
        with self.assertRaises(ValueError):
            car.request(2)
        self.assertEqual((car.floors, car.floor, car.direction, car.log), (2, 0, "idle", []))


class ElevatorCarTestNextStop(unittest.TestCase):
    def test_next_stop_1(self):
        self.assertEqual(car_at(5, requests=[3, 7]).next_stop(), 3)

    def test_next_stop_2(self):
        self.assertEqual(ElevatorCar(10).next_stop(), -1)
        self.assertEqual(car_at(4, "up").next_stop(), -1)

    def test_next_stop_3(self):
        self.assertEqual(car_at(4, "up", [2, 6, 9]).next_stop(), 6)
        self.assertEqual(car_at(4, "up", [2, 1]).next_stop(), 2)

    def test_next_stop_4(self):
        self.assertEqual(car_at(4, "down", [2, 6]).next_stop(), 2)
        self.assertEqual(car_at(4, "down", [6, 9]).next_stop(), 6)
        self.assertEqual(car_at(4, "down", [0, 3, 6]).next_stop(), 3)

    def test_next_stop_5(self):
        self.assertEqual(car_at(0, requests=[5, 3, 8]).next_stop(), 3)
        self.assertEqual(car_at(9, requests=[0, 7]).next_stop(), 7)
        car = car_at(5, requests=[4, 6, 9])
        self.assertEqual(car.next_stop(), 4)
        self.assertEqual((car.floor, car.direction, car.requests), (5, "idle", {4, 6, 9}))


class ElevatorCarTestStep(unittest.TestCase):
    def test_step_1(self):
        car = car_at(0, requests=[2])
        self.assertEqual(car.step(), 1)
        self.assertEqual(car.direction, "up")
        self.assertEqual(car.step(), 2)
        self.assertEqual((car.direction, car.log, car.requests), ("idle", [2], set()))

    def test_step_2(self):
        car = ElevatorCar(10)
        self.assertEqual(car.step(), 0)
        self.assertEqual(car.direction, "idle")
        moving = car_at(3, "up")
        self.assertEqual(moving.step(), 3)
        self.assertEqual(moving.direction, "idle")

    def test_step_3(self):
        car = car_at(0, requests=[5])
        car.step()
        car.step()
        car.request(1)
        self.assertEqual(car.step(), 3)
        self.assertEqual(car.direction, "up")
        self.assertEqual(car.requests, {1, 5})

    def test_step_4(self):
        car = car_at(3, "up", [1])
        self.assertEqual(car.step(), 2)
        self.assertEqual(car.direction, "down")

    def test_step_5(self):
        car = car_at(0, requests=[1, 3])
        self.assertEqual(car.step(), 1)
        self.assertEqual((car.log, car.direction), ([1], "up"))
        self.assertEqual(car.step(), 2)
        self.assertEqual(car.step(), 3)
        self.assertEqual((car.log, car.direction, car.requests), ([1, 3], "idle", set()))

    def test_step_6(self):
        car = car_at(5, requests=[4])
        self.assertEqual(car.step(), 4)
        self.assertEqual((car.log, car.direction), ([4], "idle"))


class ElevatorCarTestRun(unittest.TestCase):
    def test_run_1(self):
        car = car_at(0, requests=[5, 3, 8])
        self.assertEqual(car.run(), [3, 5, 8])
        self.assertEqual((car.floor, car.direction), (8, "idle"))

    def test_run_2(self):
        car = car_at(6)
        self.assertEqual(car.run(), [])
        self.assertEqual((car.floor, car.log), (6, []))

    def test_run_3(self):
        car = car_at(0, requests=[5])
        car.step()
        car.step()
        car.request(1)
        self.assertEqual(car.run(), [5, 1])
        self.assertEqual((car.floor, car.direction), (1, "idle"))

    def test_run_4(self):
        car = car_at(9, requests=[2])
        self.assertEqual(car.step(), 8)
        car.request(7)
        car.request(0)
        self.assertEqual(car.run(), [7, 2, 0])

    def test_run_5(self):
        car = car_at(0, requests=[2])
        self.assertEqual(car.run(), [2])
        car.request(1)
        car.request(4)
        self.assertEqual(car.run(), [1, 4])
        self.assertEqual(car.log, [2, 1, 4])


class ElevatorCarTestPending(unittest.TestCase):
    def test_pending_1(self):
        self.assertEqual(car_at(4, "up", [2, 6, 9]).pending(), [6, 9, 2])

    def test_pending_2(self):
        self.assertEqual(ElevatorCar(10).pending(), [])
        self.assertEqual(car_at(4, "down").pending(), [])

    def test_pending_3(self):
        self.assertEqual(car_at(5, requests=[3, 7]).pending(), [3, 7])
        self.assertEqual(car_at(5, requests=[4, 6, 9]).pending(), [4, 6, 9])
        self.assertEqual(car_at(5, requests=[9, 6, 2]).pending(), [6, 9, 2])

    def test_pending_4(self):
        self.assertEqual(car_at(5, "down", [1, 3, 8, 9]).pending(), [3, 1, 8, 9])
        car = car_at(5, "up", [1, 3, 8, 9])
        self.assertEqual(car.pending(), [8, 9, 3, 1])
        self.assertEqual((car.floor, car.direction, car.requests, car.log), (5, "up", {1, 3, 8, 9}, []))

    def test_pending_5(self):
        car = car_at(5, "down", [7, 0, 9, 2])
        expected = car.pending()
        self.assertEqual(expected, [2, 0, 7, 9])
        self.assertEqual(car.run(), expected)


class ElevatorCarTest(unittest.TestCase):
    def test_a_busy_morning(self):
        car = ElevatorCar(12)
        self.assertIs(car.request(7), True)
        self.assertIs(car.request(3), True)
        self.assertEqual(car.next_stop(), 3)
        self.assertEqual([car.step() for _ in range(3)], [1, 2, 3])
        self.assertEqual(car.log, [3])
        self.assertIs(car.request(1), True)
        self.assertIs(car.request(11), True)
        self.assertEqual(car.pending(), [7, 11, 1])
        self.assertEqual(car.run(), [7, 11, 1])
        self.assertEqual((car.floor, car.direction, car.log), (1, "idle", [3, 7, 11, 1]))

    def test_requests_while_going_down(self):
        car = car_at(8, requests=[1])
        car.step()
        self.assertEqual(car.direction, "down")
        self.assertIs(car.request(9), True)
        self.assertIs(car.request(4), True)
        self.assertEqual(car.next_stop(), 4)
        self.assertEqual(car.pending(), [4, 1, 9])
        self.assertEqual(car.run(), [4, 1, 9])
