import json
import re
from datetime import date


class PantryShelf:
    """
    A pantry's stock kept by batch: a batch is a whole number of units of one item that share a best-before date,
    written "YYYY-MM-DD". Taking units of an item uses the batch that expires first, then the next (first
    expiring, first out). A batch has expired on a day when its best-before date lies before that day; on the
    best-before date itself it is still good. The stock can be saved to a JSON file and loaded from one.
    """

    def __init__(self):
        """
        Start an empty pantry.
        self.batches: dict, item name -> list of [best-before date (str, "YYYY-MM-DD"), units (int, at least 1)],
            sorted by date, at most one batch per date; an item without units is not a key; {} at first
        """
        self.batches = {}

    def count(self, item: str) -> int:
        """
        How many units of an item the pantry holds, in all its batches.
        :param item: str, the item's name
        :return: int, the units, 0 for an item the pantry does not hold
        >>> shelf = PantryShelf()
        >>> shelf.batches = {"rice": [["2027-01-10", 2], ["2027-03-01", 5]]}
        >>> shelf.count("rice"), shelf.count("oats")
        (7, 0)
        """
        return sum(units for _, units in self.batches.get(item, []))

    def stock(self, item: str, units: int, best_before: str) -> int:
        """
        Put units of an item on the shelf. Units with a best-before date the item already has a batch for join
        that batch; otherwise they form a new batch, placed by date.
        :param item: str, the item's name, not empty
        :param units: int, how many, at least 1
        :param best_before: str, the best-before date as "YYYY-MM-DD" (four, two and two digits 0-9), a real day
        :return: int, the units of the item the pantry holds now, as count gives them
        :raises ValueError: when the item is empty, units is below 1 or the date is not written that way or is no
            real day (nothing changes then)
        >>> shelf = PantryShelf()
        >>> shelf.stock("rice", 5, "2027-03-01"), shelf.stock("rice", 2, "2027-01-10")
        (5, 7)
        >>> shelf.stock("rice", 1, "2027-03-01"), shelf.batches
        (8, {'rice': [['2027-01-10', 2], ['2027-03-01', 6]]})
        """
        if not item or units < 1 or not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", best_before):
            raise ValueError(f"cannot stock {units} of {item!r} best before {best_before!r}")
        date.fromisoformat(best_before)
        batches = self.batches.setdefault(item, [])
        for batch in batches:
            if batch[0] == best_before:
                batch[1] += units
                break
        else:
            batches.append([best_before, units])
            batches.sort()
        return self.count(item)

    def take(self, item: str, units: int) -> list:
        """
        Take units of an item off the shelf, from the batch with the earliest best-before date first. Batches
        left without units are removed, and so is the item when it has none left.
        :param item: str, the item's name
        :param units: int, how many, at least 1
        :return: list of tuple, one (best-before date, units taken from that batch) per batch used, earliest
            first
        :raises ValueError: when units is below 1 or the pantry holds fewer units of the item (nothing changes
            then)
        >>> shelf = PantryShelf()
        >>> shelf.stock("rice", 5, "2027-03-01"), shelf.stock("rice", 2, "2027-01-10")
        (5, 7)
        >>> shelf.take("rice", 4), shelf.batches
        ([('2027-01-10', 2), ('2027-03-01', 2)], {'rice': [['2027-03-01', 3]]})
        """
        if units < 1 or units > self.count(item):
            raise ValueError(f"cannot take {units} of {item!r}")
        batches = self.batches[item]
        taken = []
        while units > 0:
            best_before, have = batches[0]
            used = min(have, units)
            taken.append((best_before, used))
            units -= used
            if used == have:
                batches.pop(0)
            else:
                batches[0][1] = have - used
        if not batches:
            del self.batches[item]
        return taken

    def expired(self, today: str) -> dict:
        """
        What has expired on a day: per item, the units of its batches whose best-before date lies before that
        day. Nothing is removed.
        :param today: str, the day as "YYYY-MM-DD"
        :return: dict, item -> expired units, only items with some, in alphabetical order; {} when nothing has
            expired
        :raises ValueError: when today is not written "YYYY-MM-DD" (four, two and two digits 0-9) or is no real
            day
        >>> shelf = PantryShelf()
        >>> shelf.stock("milk", 2, "2026-12-04"), shelf.stock("milk", 1, "2026-12-05"), shelf.stock("eggs", 6, "2026-12-01")
        (2, 3, 6)
        >>> shelf.expired("2026-12-05")
        {'eggs': 6, 'milk': 2}
        """
        if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", today):
            raise ValueError(f"not a day: {today!r}")
        day = date.fromisoformat(today)
        found = {}
        for item, batches in sorted(self.batches.items()):
            units = sum(have for best_before, have in batches if date.fromisoformat(best_before) < day)
            if units:
                found[item] = units
        return found

    def discard_expired(self, today: str) -> int:
        """
        Remove every batch that has expired on a day, as expired finds them; an item left without batches is
        removed too.
        :param today: str, the day as "YYYY-MM-DD", as expired reads it
        :return: int, how many units were discarded, 0 when nothing had expired
        :raises ValueError: when expired refuses the day (nothing changes then)
        >>> shelf = PantryShelf()
        >>> shelf.stock("milk", 2, "2026-12-04"), shelf.stock("milk", 1, "2026-12-05"), shelf.stock("eggs", 6, "2026-12-01")
        (2, 3, 6)
        >>> shelf.discard_expired("2026-12-05"), shelf.batches
        (8, {'milk': [['2026-12-05', 1]]})
        """
        gone = self.expired(today)
        for item in gone:
            kept = [batch for batch in self.batches[item] if batch[0] >= today]
            if kept:
                self.batches[item] = kept
            else:
                del self.batches[item]
        return sum(gone.values())

    def save(self, path: str) -> int:
        """
        Write the stock to a file as JSON: an object mapping each item to its list of [best-before date, units]
        pairs, as in batches. The file is replaced when it exists.
        :param path: str, the file to write
        :return: int, how many items were written
        >>> import os, tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     shelf = PantryShelf()
        ...     _ = shelf.stock("rice", 5, "2027-03-01")
        ...     path = os.path.join(folder, "pantry.json")
        ...     shelf.save(path), json.load(open(path, encoding="utf-8"))
        (1, {'rice': [['2027-03-01', 5]]})
        """
        with open(path, "w", encoding="utf-8") as file:
            json.dump(self.batches, file)
        return len(self.batches)

    def load(self, path: str) -> int:
        """
        Replace the stock with the one in a JSON file of the shape save writes; every batch in it is stocked as
        stock would stock it (so pairs with the same date join, and the batches come out sorted).
        :param path: str, the file to read
        :return: int, how many items the pantry holds now
        :raises FileNotFoundError: when the file does not exist (nothing changes then)
        :raises ValueError: when the file is not JSON of that shape (an object whose values are lists of pairs,
            each pair a list of a date string and a whole number of units) or holds a batch stock refuses (nothing
            changes then)
        >>> import os, tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     path = os.path.join(folder, "pantry.json")
        ...     with open(path, "w", encoding="utf-8") as file:
        ...         _ = file.write('{"oats": [["2027-05-01", 1], ["2027-02-01", 3], ["2027-05-01", 2]]}')
        ...     shelf = PantryShelf()
        ...     shelf.load(path), shelf.batches
        (1, {'oats': [['2027-02-01', 3], ['2027-05-01', 3]]})
        """
        with open(path, encoding="utf-8") as file:
            data = json.load(file)
        old, self.batches = self.batches, {}
        try:
            for item, batches in data.items():
                for best_before, units in batches:
                    self.stock(item, units, best_before)
        except (AttributeError, TypeError, ValueError):
            self.batches = old
            raise ValueError(f"{path} does not hold a pantry's stock") from None
        return len(self.batches)
