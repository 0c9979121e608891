import unittest

from solution import KanbanBoard


def card(title, points, column):
    return {"title": title, "points": points, "column": column}


class KanbanBoardTestCount(unittest.TestCase):
    def test_count_1(self):
        board = KanbanBoard(["todo", "doing", "done"], {})
        self.assertEqual(board.count("todo"), 0)
        self.assertEqual(board.count("done"), 0)

    def test_count_2(self):
        board = KanbanBoard(["todo", "doing", "done"], {})
        board.cards = {1: card("A", 1, "todo"), 2: card("B", 2, "todo"), 3: card("C", 3, "doing")}
        self.assertEqual(board.count("todo"), 2)
        self.assertEqual(board.count("doing"), 1)
        self.assertEqual(board.count("done"), 0)

    def test_count_3(self):
        board = KanbanBoard(["todo", "done"], {})
        with self.assertRaises(ValueError):
            board.count("doing")

    def test_count_4(self):
        board = KanbanBoard(["todo", "done"], {})
        with self.assertRaises(ValueError):
            board.count("Todo")

    def test_count_5(self):
        board = KanbanBoard(["todo", "done"], {"todo": 1})
        board.add_card("A", 1)
        self.assertEqual(board.count("todo"), 1)
        self.assertEqual(len(board.cards), 1)


class KanbanBoardTestAddCard(unittest.TestCase):
    def test_add_card_1(self):
        board = KanbanBoard(["todo", "done"], {})
        self.assertEqual(board.add_card("Login page", 3), 1)
        self.assertEqual(board.cards, {1: card("Login page", 3, "todo")})
        self.assertEqual(board.next_id, 2)

    def test_add_card_2(self):
        board = KanbanBoard(["backlog", "done"], {})
        self.assertEqual(board.add_card("  Logout\t", 13), 1)
        self.assertEqual(board.add_card("Search", 1), 2)
        self.assertEqual(board.add_card("Payments", 8), 3)
        self.assertEqual(board.add_card("Profile", 2), 4)
        self.assertEqual(board.cards[1], card("Logout", 13, "backlog"))
        self.assertEqual(board.cards[2]["column"], "backlog")

    def test_add_card_3(self):
        board = KanbanBoard(["todo", "done"], {"todo": 2})
        self.assertEqual(board.add_card("A", 1), 1)
        self.assertEqual(board.add_card("B", 1), 2)
        self.assertEqual(board.add_card("C", 1), 0)
        self.assertEqual(board.next_id, 3)
        self.assertEqual(sorted(board.cards), [1, 2])

    def test_add_card_4(self):
        board = KanbanBoard(["todo", "done"], {})
        for points in (0, 4, 21, -1):
            with self.assertRaises(ValueError):
                board.add_card("A", points)
        self.assertEqual(board.cards, {})
        self.assertEqual(board.next_id, 1)

    def test_add_card_5(self):
        board = KanbanBoard(["todo", "done"], {})
        with self.assertRaises(ValueError):
            board.add_card("", 1)
        with self.assertRaises(ValueError):
            board.add_card("   ", 1)
        self.assertEqual(board.cards, {})

    def test_add_card_6(self):
        board = KanbanBoard(["todo", "done"], {"todo": 1})
        self.assertEqual(board.add_card("A", 1), 1)
        board.cards[1]["column"] = "done"
        self.assertEqual(board.add_card("B", 2), 2)
        self.assertEqual(board.cards[2], card("B", 2, "todo"))

    def test_add_card_7(self):
        board = KanbanBoard(["todo", "done"], {"todo": 0, "done": 1})
        self.assertEqual(board.add_card("A", 5), 0)
        self.assertEqual(board.cards, {})
        self.assertEqual([board.add_card(t, p) for t, p in [("x", 1), ("y", 2)]], [0, 0])


class KanbanBoardTestMove(unittest.TestCase):
    def setUp(self):
        self.board = KanbanBoard(["todo", "doing", "review", "done"], {"doing": 1})
        self.board.cards = {1: card("A", 1, "todo"), 2: card("B", 2, "todo"), 3: card("C", 3, "review")}
        self.board.next_id = 4

    def test_move_1(self):
        self.assertIs(self.board.move(1, "doing"), True)
        self.assertEqual(self.board.cards[1]["column"], "doing")
        self.assertEqual(self.board.history, [(1, "todo", "doing")])

    def test_move_2(self):
        self.assertIs(self.board.move(1, "doing"), True)
        self.assertIs(self.board.move(2, "doing"), False)
        self.assertEqual(self.board.cards[2]["column"], "todo")
        self.assertEqual(self.board.history, [(1, "todo", "doing")])

    def test_move_3(self):
        self.assertIs(self.board.move(1, "review"), False)
        self.assertIs(self.board.move(1, "todo"), False)
        self.assertIs(self.board.move(3, "todo"), False)
        self.assertEqual(self.board.history, [])

    def test_move_4(self):
        self.assertIs(self.board.move(3, "done"), True)
        self.assertIs(self.board.move(3, "review"), True)
        self.assertEqual(self.board.history, [(3, "review", "done"), (3, "done", "review")])
        self.assertEqual(self.board.cards[3]["column"], "review")

    def test_move_5(self):
        with self.assertRaises(ValueError):
            self.board.move(9, "doing")
        with self.assertRaises(ValueError):
            self.board.move(1, "blocked")
        self.assertEqual(self.board.history, [])

    def test_move_6(self):
        self.assertIs(self.board.move(1, "doing"), True)
        self.assertIs(self.board.move(1, "review"), True)
        self.assertIs(self.board.move(2, "doing"), True)
        self.assertIs(self.board.move(3, "doing"), False)
        self.assertEqual(self.board.count("doing"), 1)
        self.assertEqual(len(self.board.history), 3)

    def test_move_7(self):
        self.assertIs(self.board.move(2, "doing"), True)
        self.assertIs(self.board.move(2, "todo"), True)
        self.assertEqual(self.board.cards[2]["column"], "todo")
        self.assertEqual(self.board.history, [(2, "todo", "doing"), (2, "doing", "todo")])


class KanbanBoardTestAdvance(unittest.TestCase):
    def test_advance_1(self):
        board = KanbanBoard(["todo", "doing", "done"], {})
        board.add_card("A", 1)
        self.assertIs(board.advance(1), True)
        self.assertEqual(board.cards[1]["column"], "doing")
        self.assertEqual(board.history, [(1, "todo", "doing")])

    def test_advance_2(self):
        board = KanbanBoard(["todo", "doing", "done"], {})
        board.add_card("A", 1)
        self.assertIs(board.advance(1), True)
        self.assertIs(board.advance(1), True)
        self.assertIs(board.advance(1), False)
        self.assertEqual(board.cards[1]["column"], "done")
        self.assertEqual(len(board.history), 2)

    def test_advance_3(self):
        board = KanbanBoard(["todo", "doing", "done"], {"doing": 1})
        board.add_card("A", 1)
        board.add_card("B", 1)
        self.assertIs(board.advance(1), True)
        self.assertIs(board.advance(2), False)
        self.assertEqual(board.cards[2]["column"], "todo")

    def test_advance_4(self):
        board = KanbanBoard(["todo", "done"], {})
        with self.assertRaises(ValueError):
            board.advance(1)

    def test_advance_5(self):
        board = KanbanBoard(["todo", "doing", "done"], {"done": 0})
        board.cards = {7: card("A", 8, "doing")}
        self.assertIs(board.advance(7), False)
        self.assertEqual(board.history, [])
        self.assertEqual(board.cards[7]["column"], "doing")


class KanbanBoardTestVelocity(unittest.TestCase):
    def test_velocity_1(self):
        board = KanbanBoard(["todo", "done"], {})
        self.assertEqual(board.velocity(), 0)

    def test_velocity_2(self):
        board = KanbanBoard(["todo", "done"], {})
        board.cards = {1: card("A", 3, "done"), 2: card("B", 5, "todo"), 3: card("C", 8, "done")}
        self.assertEqual(board.velocity(), 11)

    def test_velocity_3(self):
        board = KanbanBoard(["todo", "doing", "done"], {})
        board.cards = {1: card("A", 3, "doing"), 2: card("B", 5, "todo")}
        self.assertEqual(board.velocity(), 0)

    def test_velocity_4(self):
        board = KanbanBoard(["todo", "shipped"], {})
        board.add_card("A", 13)
        board.advance(1)
        self.assertEqual(board.velocity(), 13)
        self.assertEqual(board.cards[1]["column"], "shipped")

    def test_velocity_5(self):
        board = KanbanBoard(["todo", "done"], {})
        board.cards = {1: card("A", 2, "done"), 2: card("B", 2, "done")}
        self.assertEqual(board.velocity(), 4)
        board.cards[2]["column"] = "todo"
        self.assertEqual(board.velocity(), 2)


class KanbanBoardTestFind(unittest.TestCase):
    def setUp(self):
        self.board = KanbanBoard(["todo", "done"], {})
        self.board.cards = {
            3: card("Page footer", 1, "todo"),
            1: card("Fix login page", 3, "todo"),
            2: card("Login: add captcha", 2, "done"),
        }

    def test_find_1(self):
        self.assertEqual(self.board.find("login"), [1, 2])

    def test_find_2(self):
        self.assertEqual(self.board.find("PAGE"), [1, 3])

    def test_find_3(self):
        self.assertEqual(self.board.find("page, login!"), [1])

    def test_find_4(self):
        self.assertEqual(self.board.find("log"), [])
        self.assertEqual(self.board.find("login captcha footer"), [])

    def test_find_5(self):
        self.assertEqual(self.board.find(""), [])
        self.assertEqual(self.board.find(" ,.- "), [])

    def test_find_6(self):
        board = KanbanBoard(["todo", "done"], {})
        self.assertEqual(board.find("x"), [])
        board.add_card("Upgrade to v2 API", 5)
        self.assertEqual(board.find("v2"), [1])
        self.assertEqual(board.find("api v2 api"), [1])


class KanbanBoardTest(unittest.TestCase):
    def test_kanban_board_1(self):
        board = KanbanBoard(["backlog", "doing", "done"], {"doing": 2})
        self.assertEqual(board.add_card("Login page", 3), 1)
        self.assertEqual(board.add_card("Logout button", 1), 2)
        self.assertEqual(board.add_card("Login captcha", 5), 3)
        self.assertIs(board.advance(1), True)
        self.assertIs(board.advance(3), True)
        self.assertIs(board.advance(2), False)
        self.assertEqual(board.count("doing"), 2)
        self.assertIs(board.advance(1), True)
        self.assertIs(board.move(2, "doing"), True)
        self.assertEqual(board.velocity(), 3)
        self.assertIs(board.move(1, "doing"), False)
        self.assertEqual(board.find("login"), [1, 3])
        self.assertEqual(
            board.history,
            [(1, "backlog", "doing"), (3, "backlog", "doing"), (1, "doing", "done"), (2, "backlog", "doing")],
        )

    def test_kanban_board_2(self):
        board = KanbanBoard(["todo", "review", "done"], {"todo": 1})
        self.assertEqual(board.add_card("Docs", 2), 1)
        self.assertEqual(board.add_card("Tests", 2), 0)
        self.assertIs(board.advance(1), True)
        self.assertEqual(board.add_card("Tests", 2), 2)
        self.assertIs(board.move(1, "todo"), False)
        self.assertIs(board.advance(1), True)
        self.assertIs(board.move(1, "review"), True)
        self.assertEqual(board.count("review"), 1)
        self.assertEqual(board.velocity(), 0)
        self.assertEqual(board.find("tests"), [2])


if __name__ == "__main__":
    unittest.main()
