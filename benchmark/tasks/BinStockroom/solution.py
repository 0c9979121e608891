import json
import os


class BinStockroom:
    """
    A stockroom whose goods lie in named storage bins: each bin holds whole, positive quantities of products
    identified by their sku. Picking an order takes goods from the bins that hold the fewest first, so that
    part-filled bins are emptied and freed. The stock is kept in a JSON file between runs.
    """

    def __init__(self, path: str):
        """
        Describe a stockroom kept in a file; the file is only read by load and written by save.
        :param path: str, the JSON stock file
        self.path: str, the JSON stock file
        self.bins: dict, bin name -> dict of sku -> quantity (int, at least 1); a bin that holds nothing is not a
            key, nor is a sku a bin no longer holds; {} at first
        """
        self.path = path
        self.bins = {}

    def receive(self, bin_name: str, sku: str, quantity: int) -> int:
        """
        Put goods into a bin.
        :param bin_name: str, the bin, not empty
        :param sku: str, the product, not empty
        :param quantity: int, how many, at least 1
        :return: int, how many of the sku the bin holds now
        :raises ValueError: when a name is empty or quantity is below 1 (nothing changes then)
        >>> room = BinStockroom("stock.json")
        >>> room.receive("A1", "bolt", 40), room.receive("A1", "bolt", 10)
        (40, 50)
        >>> room.bins
        {'A1': {'bolt': 50}}
        """
        if not bin_name or not sku or quantity < 1:
            raise ValueError("a bin, a sku and a quantity of at least 1 are needed")
        contents = self.bins.setdefault(bin_name, {})
        contents[sku] = contents.get(sku, 0) + quantity
        return contents[sku]

    def total(self, sku: str) -> int:
        """
        How many of a sku the stockroom holds, in all bins together.
        :param sku: str, the product
        :return: int, the total, 0 when no bin holds it
        >>> room = BinStockroom("stock.json")
        >>> room.receive("A1", "bolt", 40), room.receive("B2", "bolt", 5)
        (40, 5)
        >>> room.total("bolt"), room.total("nut")
        (45, 0)
        """
        return sum(contents.get(sku, 0) for contents in self.bins.values())

    def pick(self, sku: str, quantity: int) -> list:
        """
        Take goods of a sku out of the stockroom: from the bin holding the fewest of the sku first (bins with equal
        quantities in alphabetical order of their names), emptying it before the next is used. A sku taken out
        of a bin entirely is removed from that bin, and a bin left holding nothing is removed.
        :param sku: str, the product
        :param quantity: int, how many to take, at least 1
        :return: list of tuple, (bin name, number taken from it) in the order the bins were used
        :raises ValueError: when quantity is below 1 or the stockroom holds fewer than quantity (nothing changes
            then)
        >>> room = BinStockroom("stock.json")
        >>> room.receive("A1", "bolt", 40), room.receive("B2", "bolt", 5), room.receive("B2", "nut", 9)
        (40, 5, 9)
        >>> room.pick("bolt", 12)
        [('B2', 5), ('A1', 7)]
        >>> room.bins
        {'A1': {'bolt': 33}, 'B2': {'nut': 9}}
        """
        if quantity < 1 or self.total(sku) < quantity:
            raise ValueError(f"cannot pick {quantity} of {sku!r}")
        holding = sorted((contents[sku], name) for name, contents in self.bins.items() if sku in contents)
        taken = []
        while quantity > 0:
            held, name = holding.pop(0)
            amount = min(held, quantity)
            self.bins[name][sku] -= amount
            if self.bins[name][sku] == 0:
                del self.bins[name][sku]
                if not self.bins[name]:
                    del self.bins[name]
            taken.append((name, amount))
            quantity -= amount
        return taken

    def move(self, sku: str, source: str, target: str, quantity: int) -> int:
        """
        Move goods of a sku from one bin to another; the source loses the sku (and is removed when it holds nothing
        else) when all of it is moved.
        :param sku: str, the product
        :param source: str, the bin the goods leave
        :param target: str, the bin the goods go to, not empty and not source
        :param quantity: int, how many, at least 1
        :return: int, how many of the sku the target holds afterwards
        :raises ValueError: when source == target, target is empty, quantity is below 1 or the source holds fewer
            than quantity of the sku (nothing changes then)
        >>> room = BinStockroom("stock.json")
        >>> room.receive("A1", "bolt", 4), room.receive("C3", "bolt", 1)
        (4, 1)
        >>> room.move("bolt", "A1", "C3", 4)
        5
        >>> room.bins
        {'C3': {'bolt': 5}}
        """
        held = self.bins.get(source, {}).get(sku)
        if held is None or source == target or held < quantity:
            raise ValueError(f"cannot move {quantity} of {sku!r} from {source!r} to {target!r}")
        result = self.receive(target, sku, quantity)
        if held == quantity:
            del self.bins[source][sku]
            if not self.bins[source]:
                del self.bins[source]
        else:
            self.bins[source][sku] = held - quantity
        return result

    def save(self) -> int:
        """
        Write the stock to the file at self.path (replacing it) as one JSON object: bin name -> object of
        sku -> quantity, exactly as self.bins holds it.
        :return: int, the number of bins written
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     room = BinStockroom(os.path.join(folder, "stock.json"))
        ...     _ = room.receive("A1", "bolt", 4)
        ...     count = room.save()
        ...     with open(room.path) as handle:
        ...         (count, json.load(handle))
        (1, {'A1': {'bolt': 4}})
        """
        with open(self.path, "w", encoding="utf-8") as handle:
            json.dump(self.bins, handle)
        return len(self.bins)

    def load(self) -> int:
        """
        Replace the stock by the one in the file at self.path; a file that does not exist is an empty stockroom.
        The file must hold a JSON object whose values are objects with non-empty bin names and skus, each of
        whose values is a whole number (not a boolean) of at least 1; a bin with an empty object is not kept.
        :return: int, the number of bins loaded
        :raises ValueError: when the file is not valid JSON or does not have this form (the stock is unchanged
            then)
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     room = BinStockroom(os.path.join(folder, "stock.json"))
        ...     with open(room.path, "w") as handle:
        ...         _ = handle.write('{"A1": {"bolt": 4}, "Z9": {}}')
        ...     (room.load(), room.bins)
        (1, {'A1': {'bolt': 4}})
        """
        if not os.path.exists(self.path):
            self.bins = {}
            return 0
        with open(self.path, encoding="utf-8") as handle:
            data = json.load(handle)
        if not isinstance(data, dict):
            raise ValueError("the stock file must hold a JSON object")
        for name, contents in data.items():
            if not name or not isinstance(contents, dict):
                raise ValueError(f"bad bin {name!r}")
            for sku, quantity in contents.items():
                if not sku or type(quantity) is not int or quantity < 1:
                    raise ValueError(f"bad quantity of {sku!r} in {name!r}")
        self.bins = {name: dict(contents) for name, contents in data.items() if contents}
        return len(self.bins)
