import json
import unittest

from solution import ConnectFourBoard


def played(columns, rows=6, width=7):
    board = ConnectFourBoard(rows, width)
    for column in columns:
        board.drop(column)
    return board


class ConnectFourBoardTestCell(unittest.TestCase):
    def test_cell_1(self):
        board = ConnectFourBoard()
        self.assertEqual(board.cell(0, 0), "")
        self.assertEqual(board.cell(5, 6), "")

    def test_cell_2(self):
        board = ConnectFourBoard()
        board.stacks[2] = ["X", "O"]
        self.assertEqual(board.cell(0, 2), "X")
        self.assertEqual(board.cell(1, 2), "O")
        self.assertEqual(board.cell(2, 2), "")

    def test_cell_3(self):
        board = ConnectFourBoard()
        for row, column in [(-1, 0), (6, 0), (0, -1), (0, 7)]:
            with self.assertRaises(ValueError):
                board.cell(row, column)

    def test_cell_4(self):
        board = ConnectFourBoard(rows=2, columns=3)
        board.stacks = [["O", "O"], [], ["X"]]
        self.assertEqual([board.cell(1, c) for c in range(3)], ["O", "", ""])
        self.assertEqual([board.cell(0, c) for c in range(3)], ["O", "", "X"])
        with self.assertRaises(ValueError):
            board.cell(2, 0)

    def test_cell_5(self):
        board = played([3, 3, 4])
        self.assertEqual(board.cell(0, 3), "X")
        self.assertEqual(board.cell(1, 3), "O")
        self.assertEqual(board.cell(0, 4), "X")
        self.assertEqual(board.stacks[3], ["X", "O"])


class ConnectFourBoardTestLongestLine(unittest.TestCase):
    def test_longest_line_1(self):
        board = ConnectFourBoard()
        self.assertEqual(board.longest_line(0, 0), 0)

    def test_longest_line_2(self):
        board = ConnectFourBoard()
        board.stacks[0], board.stacks[1], board.stacks[2] = ["X"], ["O", "X"], ["O", "O", "X"]
        self.assertEqual(board.longest_line(0, 0), 3)
        self.assertEqual(board.longest_line(2, 2), 3)
        self.assertEqual(board.longest_line(0, 1), 2)

    def test_longest_line_3(self):
        board = ConnectFourBoard()
        board.stacks[3] = ["O", "X", "X", "X", "X"]
        self.assertEqual(board.longest_line(2, 3), 4)
        self.assertEqual(board.longest_line(0, 3), 1)

    def test_longest_line_4(self):
        board = ConnectFourBoard()
        for column in range(7):
            board.stacks[column] = ["X" if column != 3 else "O"]
        self.assertEqual(board.longest_line(0, 0), 3)
        self.assertEqual(board.longest_line(0, 6), 3)
        self.assertEqual(board.longest_line(0, 3), 1)

    def test_longest_line_5(self):
        board = ConnectFourBoard()
        board.stacks[3] = ["O", "O", "O", "X"]
        board.stacks[4] = ["O", "O", "X"]
        board.stacks[5] = ["O", "X"]
        board.stacks[6] = ["X"]
        self.assertEqual(board.longest_line(3, 3), 4)
        self.assertEqual(board.longest_line(0, 6), 4)
        with self.assertRaises(ValueError):
            board.longest_line(6, 0)

    def test_longest_line_6(self):
        board = ConnectFourBoard(rows=3, columns=3)
        board.stacks = [["X", "O", "O"], ["O", "X", "O"], ["O", "O", "X"]]
        self.assertEqual(board.longest_line(1, 1), 3)
        self.assertEqual(board.longest_line(2, 0), 2)
        self.assertEqual(board.longest_line(0, 2), 2)
        board.stacks = [["X", "O", "O"], ["O", "O", "X"], ["O", "X", "X"]]
        self.assertEqual(board.longest_line(0, 2), 3)
        self.assertEqual(board.longest_line(1, 1), 3)


class ConnectFourBoardTestDrop(unittest.TestCase):
    def test_drop_1(self):
        board = ConnectFourBoard()
        self.assertEqual(board.drop(3), 0)
        self.assertEqual(board.stacks[3], ["X"])
        self.assertEqual(board.current, "O")
        self.assertEqual(board.moves, [3])

    def test_drop_2(self):
        board = ConnectFourBoard(rows=2, columns=4)
        self.assertEqual(board.drop(1), 0)
        self.assertEqual(board.drop(1), 1)
        self.assertEqual(board.drop(1), -1)
        self.assertEqual(board.stacks, [[], ["X", "O"], [], []])
        self.assertEqual(board.current, "X")
        self.assertEqual(board.moves, [1, 1])

    def test_drop_3(self):
        board = played([0, 1, 0, 1, 0, 1])
        self.assertEqual(board.winner, "")
        self.assertEqual(board.drop(0), 3)
        self.assertEqual(board.winner, "X")
        self.assertEqual(board.current, "O")
        self.assertEqual(board.drop(2), -1)
        self.assertEqual(board.moves, [0, 1, 0, 1, 0, 1, 0])

    def test_drop_4(self):
        board = played([0, 0, 1, 1, 2, 2, 6])
        self.assertEqual(board.drop(3), 0)
        self.assertEqual(board.winner, "")
        board = played([0, 0, 1, 1, 2, 2])
        self.assertEqual(board.drop(3), 0)
        self.assertEqual(board.winner, "X")

    def test_drop_5(self):
        board = ConnectFourBoard()
        with self.assertRaises(ValueError):
            board.drop(7)
        with self.assertRaises(ValueError):
            board.drop(-1)
        self.assertEqual(board.moves, [])
        self.assertEqual(board.current, "X")

    def test_drop_6(self):
        board = played([0, 1, 1, 2, 3, 2, 2, 3, 6, 3])
        self.assertEqual(board.winner, "")
        self.assertEqual(board.drop(3), 3)
        self.assertEqual(board.winner, "X")
        self.assertEqual(board.longest_line(3, 3), 4)

    def test_drop_7(self):
        board = played([6, 0, 1, 0, 1, 0, 2, 0])
        self.assertEqual(board.winner, "O")
        self.assertEqual(board.current, "X")
        self.assertEqual(board.drop(3), -1)


class ConnectFourBoardTestLegalColumns(unittest.TestCase):
    def test_legal_columns_1(self):
        self.assertEqual(ConnectFourBoard().legal_columns(), [0, 1, 2, 3, 4, 5, 6])

    def test_legal_columns_2(self):
        board = ConnectFourBoard(rows=1, columns=3)
        board.stacks = [["X"], [], []]
        self.assertEqual(board.legal_columns(), [1, 2])

    def test_legal_columns_3(self):
        board = played([0, 1, 0, 1, 0, 1, 0])
        self.assertEqual(board.legal_columns(), [])

    def test_legal_columns_4(self):
        board = ConnectFourBoard(rows=2, columns=2)
        for column in [0, 0, 1, 1]:
            board.drop(column)
        self.assertEqual(board.legal_columns(), [])
        self.assertEqual(board.winner, "")

    def test_legal_columns_5(self):
        board = ConnectFourBoard(rows=2, columns=3)
        board.stacks = [["X"], ["O", "X"], []]
        self.assertEqual(board.legal_columns(), [0, 2])
        board.winner = "O"
        self.assertEqual(board.legal_columns(), [])


class ConnectFourBoardTestUndo(unittest.TestCase):
    def test_undo_1(self):
        self.assertIs(ConnectFourBoard().undo(), False)

    def test_undo_2(self):
        board = played([3])
        self.assertIs(board.undo(), True)
        self.assertEqual(board.stacks[3], [])
        self.assertEqual(board.current, "X")
        self.assertEqual(board.moves, [])

    def test_undo_3(self):
        board = played([3, 4])
        self.assertIs(board.undo(), True)
        self.assertEqual(board.current, "O")
        self.assertEqual(board.stacks[4], [])
        self.assertEqual(board.stacks[3], ["X"])

    def test_undo_4(self):
        board = played([0, 1, 0, 1, 0, 1, 0])
        self.assertEqual(board.winner, "X")
        self.assertIs(board.undo(), True)
        self.assertEqual(board.winner, "")
        self.assertEqual(board.current, "X")
        self.assertEqual(board.drop(2), 0)
        self.assertEqual(board.winner, "")

    def test_undo_5(self):
        board = played([2, 2, 5])
        self.assertIs(board.undo(), True)
        self.assertIs(board.undo(), True)
        self.assertIs(board.undo(), True)
        self.assertIs(board.undo(), False)
        self.assertEqual(board.stacks, [[] for _ in range(7)])
        self.assertEqual(board.current, "X")


class ConnectFourBoardTestSave(unittest.TestCase):
    def test_save_1(self):
        data = json.loads(ConnectFourBoard().save())
        self.assertEqual(data, {"rows": 6, "columns": 7, "moves": []})

    def test_save_2(self):
        board = played([2, 0], rows=4, width=5)
        self.assertEqual(json.loads(board.save()), {"rows": 4, "columns": 5, "moves": [2, 0]})

    def test_save_3(self):
        board = played([0, 1, 0, 1, 0, 1, 0])
        self.assertEqual(json.loads(board.save())["moves"], [0, 1, 0, 1, 0, 1, 0])
        self.assertEqual(board.winner, "X")

    def test_save_4(self):
        board = played([1, 1])
        board.undo()
        self.assertEqual(json.loads(board.save())["moves"], [1])
        self.assertEqual(board.moves, [1])

    def test_save_5(self):
        board = ConnectFourBoard(rows=9, columns=2)
        text = board.save()
        self.assertIsInstance(text, str)
        self.assertEqual(sorted(json.loads(text)), ["columns", "moves", "rows"])


class ConnectFourBoardTestLoad(unittest.TestCase):
    def test_load_1(self):
        board = ConnectFourBoard()
        self.assertIs(board.load('{"rows": 3, "columns": 3, "moves": [0, 1, 0]}'), True)
        self.assertEqual(board.stacks, [["X", "X"], ["O"], []])
        self.assertEqual(board.current, "O")
        self.assertEqual((board.rows, board.columns), (3, 3))

    def test_load_2(self):
        board = played([4, 4, 4])
        self.assertIs(board.load('{"rows": 3, "columns": 3, "moves": [0, 0, 0, 0]}'), False)
        self.assertEqual(board.moves, [4, 4, 4])
        self.assertEqual((board.rows, board.columns), (6, 7))
        self.assertEqual(board.stacks[4], ["X", "O", "X"])
        self.assertEqual(board.current, "O")

    def test_load_3(self):
        board = played([0, 1, 0, 1, 0, 1, 0])
        self.assertIs(board.load(board.save()), True)
        self.assertEqual(board.winner, "X")
        self.assertIs(board.load('{"rows": 6, "columns": 7, "moves": [0, 1, 0, 1, 0, 1, 0, 2]}'), False)
        self.assertIs(board.load('{"rows": 6, "columns": 7, "moves": [5]}'), True)
        self.assertEqual(board.winner, "")
        self.assertEqual(board.moves, [5])

    def test_load_4(self):
        board = played([2])
        self.assertIs(board.load('{"rows": 2, "columns": 2, "moves": [2]}'), False)
        self.assertIs(board.load('{"rows": 2, "columns": 2, "moves": [-1]}'), False)
        self.assertEqual(board.moves, [2])
        self.assertEqual(len(board.stacks), 7)

    def test_load_5(self):
        board = played([2])
        for text in ["not json", "[1, 2]", '{"rows": 2, "columns": 2}', '{"rows": 2, "columns": 2, "moves": [], "x": 1}']:
            with self.assertRaises(ValueError):
                board.load(text)
        self.assertEqual(board.moves, [2])
        self.assertEqual(board.current, "O")

    def test_load_6(self):
        board = played([1, 2, 3])
        self.assertIs(board.load('{"rows": 6, "columns": 7, "moves": []}'), True)
        self.assertEqual(board.stacks, [[] for _ in range(7)])
        self.assertEqual(board.current, "X")
        self.assertEqual(board.winner, "")


class ConnectFourBoardTest(unittest.TestCase):
    def test_connect_four_board_1(self):
        board = ConnectFourBoard()
        for column in [3, 3, 4, 4, 5]:
            board.drop(column)
        self.assertEqual(board.longest_line(0, 5), 3)
        self.assertEqual(board.legal_columns(), [0, 1, 2, 3, 4, 5, 6])
        saved = board.save()
        self.assertEqual(board.drop(5), 1)
        self.assertEqual(board.drop(6), 0)
        self.assertEqual(board.winner, "X")
        self.assertEqual(board.legal_columns(), [])
        self.assertIs(board.undo(), True)
        self.assertEqual(board.drop(2), 0)
        self.assertEqual(board.winner, "X")
        self.assertIs(board.load(saved), True)
        self.assertEqual(board.cell(0, 5), "X")
        self.assertEqual(board.cell(1, 5), "")
        self.assertEqual(board.current, "O")

    def test_connect_four_board_2(self):
        board = ConnectFourBoard(rows=2, columns=3)
        for column in [0, 1, 2, 0, 1, 2]:
            self.assertNotEqual(board.drop(column), -1)
        self.assertEqual(board.legal_columns(), [])
        self.assertEqual(board.winner, "")
        self.assertEqual(board.longest_line(1, 0), 2)
        self.assertEqual(board.cell(1, 2), "O")
        self.assertIs(board.undo(), True)
        self.assertEqual(board.legal_columns(), [2])
        self.assertIs(board.load(board.save()), True)
        self.assertEqual(board.moves, [0, 1, 2, 0, 1])


if __name__ == "__main__":
    unittest.main()
