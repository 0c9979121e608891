class ElevatorCar:
    """
    An elevator car serving the floors 0 to floors - 1 with the SCAN rule: while it moves in one direction it
    keeps going as long as some requested floor lies ahead, stopping at each on the way; then it turns round.
    An idle car goes to the nearest requested floor (the lower one when two are equally near). The car moves one
    floor per step.
    """

    def __init__(self, floors: int):
        """
        Put a car, idle, at floor 0.
        :param floors: int, the number of floors, at least 2
        self.floors: int, the number of floors
        self.floor: int, the floor the car is at, 0 at first
        self.direction: str, "up", "down" or "idle"; "idle" at first
        self.requests: set, the requested floors not served yet; empty at first
        self.log: list of int, the floors the car stopped at to serve a request, in order; [] at first
        """
        self.floors = floors
        self.floor = 0
        self.direction = "idle"
        self.requests = set()
        self.log = []

    def request(self, floor: int) -> bool:
        """
        Ask the car to stop at a floor. A request for the floor the car is at is served at once (the doors open)
        and neither kept nor logged.
        :param floor: int, from 0 to floors - 1
        :return: bool, True when the request was added, False when the floor was already requested or the car is
            at it
        :raises ValueError: when the floor does not exist
        >>> car = ElevatorCar(10)
        >>> car.request(5), car.request(5), car.request(0), car.requests
        (True, False, False, {5})
        """
        if not 0 <= floor < self.floors:
            raise ValueError(f"no floor {floor}")
        if floor == self.floor or floor in self.requests:
            return False
        self.requests.add(floor)
        return True

    def next_stop(self) -> int:
        """
        The floor the car will stop at next: moving up, the nearest requested floor above it, or, when there is
        none, the nearest below; moving down, the other way round; idle, the nearest requested floor (the lower
        of two equally near).
        :return: int, the floor; -1 when nothing is requested
        >>> car = ElevatorCar(10)
        >>> car.floor = 5
        >>> car.request(3), car.request(7), car.next_stop()
        (True, True, 3)
        """
        if not self.requests:
            return -1
        above = [floor for floor in self.requests if floor > self.floor]
        below = [floor for floor in self.requests if floor < self.floor]
        if self.direction == "up":
            return min(above) if above else max(below)
        if self.direction == "down":
            return max(below) if below else min(above)
        return min(self.requests, key=lambda floor: (abs(floor - self.floor), floor))

    def step(self) -> int:
        """
        Move one floor toward the next stop (see next_stop), the direction becoming "up" or "down" accordingly.
        Arriving at a requested floor serves it: it leaves the requests and is appended to the log; the car is
        idle again when no request is left. Without requests the car stays and is idle.
        :return: int, the floor the car is at afterwards
        >>> car = ElevatorCar(10)
        >>> car.request(2)
        True
        >>> car.step(), car.direction, car.step(), car.direction, car.log
        (1, 'up', 2, 'idle', [2])
        """
        target = self.next_stop()
        if target == -1:
            self.direction = "idle"
            return self.floor
        self.direction = "up" if target > self.floor else "down"
        self.floor += 1 if self.direction == "up" else -1
        if self.floor in self.requests:
            self.requests.remove(self.floor)
            self.log.append(self.floor)
            if not self.requests:
                self.direction = "idle"
        return self.floor

    def run(self) -> list:
        """
        Step until every request is served.
        :return: list of int, the floors stopped at during the run, in order; [] when nothing is requested
        >>> car = ElevatorCar(10)
        >>> car.request(5), car.request(3), car.request(8)
        (True, True, True)
        >>> car.run(), car.floor, car.direction
        ([3, 5, 8], 8, 'idle')
        """
        start = len(self.log)
        while self.requests:
            self.step()
        return self.log[start:]

    def pending(self) -> list:
        """
        The requested floors not served yet, without changing the car.
        :return: list of int, in the order the car will serve them if no other request comes (see next_stop)
        >>> car = ElevatorCar(10)
        >>> car.floor, car.direction = 4, "up"
        >>> car.request(2), car.request(6), car.request(9), car.pending()
        (True, True, True, [6, 9, 2])
        """
        twin = ElevatorCar(self.floors)
        twin.floor, twin.direction, twin.requests = self.floor, self.direction, set(self.requests)
        return twin.run()
