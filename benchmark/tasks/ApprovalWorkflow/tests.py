import unittest

from solution import ApprovalWorkflow


def flow_after(author, approvals_needed, steps):
    flow = ApprovalWorkflow(author, approvals_needed)
    for actor, action in steps:
        flow.fire(actor, action)
    return flow


class ApprovalWorkflowTestAllowedActions(unittest.TestCase):
    def test_allowed_actions_1(self):
        flow = ApprovalWorkflow("ana", 2)
        self.assertEqual(flow.allowed_actions("ana"), ["submit"])
        self.assertEqual(flow.allowed_actions("bo"), [])
        flow.state = "review"
        self.assertEqual(flow.allowed_actions("ana"), ["withdraw"])
        self.assertEqual(flow.allowed_actions("bo"), ["approve", "reject"])

    def test_allowed_actions_2(self):
        flow = ApprovalWorkflow("ana", 1)
        expected = {
            "draft": ["submit"],
            "review": ["withdraw"],
            "approved": ["publish"],
            "rejected": ["revise"],
            "published": ["archive"],
            "archived": [],
        }
        for state, actions in expected.items():
            flow.state = state
            self.assertEqual(flow.allowed_actions("ana"), actions)

    def test_allowed_actions_3(self):
        flow = ApprovalWorkflow("ana", 1)
        for state in ("draft", "approved", "rejected", "published", "archived"):
            flow.state = state
            self.assertEqual(flow.allowed_actions("bo"), [])

    def test_allowed_actions_4(self):
        flow = ApprovalWorkflow("ana", 3)
        flow.state = "review"
        flow.approvals = {"bo"}
        self.assertEqual(flow.allowed_actions("bo"), [])
        self.assertEqual(flow.allowed_actions("cy"), ["approve", "reject"])
        self.assertEqual(flow.approvals, {"bo"})
        self.assertEqual(flow.state, "review")

    def test_allowed_actions_5(self):
        flow = ApprovalWorkflow("ana", 1)
        flow.state = "review"
        self.assertEqual(flow.allowed_actions("Ana"), ["approve", "reject"])
        self.assertEqual(flow.allowed_actions(""), ["approve", "reject"])
        self.assertEqual(flow.allowed_actions("ana"), ["withdraw"])


class ApprovalWorkflowTestCan(unittest.TestCase):
    def test_can_1(self):
        flow = ApprovalWorkflow("ana", 1)
        self.assertIs(flow.can("ana", "submit"), True)
        self.assertIs(flow.can("ana", "publish"), False)
        self.assertIs(flow.can("bo", "submit"), False)

    def test_can_2(self):
        flow = ApprovalWorkflow("ana", 1)
        for action in ("delete", "", "Submit", "approved"):
            with self.assertRaises(ValueError):
                flow.can("ana", action)
        self.assertEqual(flow.state, "draft")

    def test_can_3(self):
        flow = flow_after("ana", 2, [("ana", "submit"), ("bo", "approve")])
        self.assertIs(flow.can("bo", "approve"), False)
        self.assertIs(flow.can("bo", "reject"), False)
        self.assertIs(flow.can("cy", "reject"), True)
        self.assertIs(flow.can("cy", "approve"), True)
        self.assertIs(flow.can("ana", "approve"), False)

    def test_can_4(self):
        flow = ApprovalWorkflow("ana", 1)
        flow.state = "archived"
        for action in ApprovalWorkflow.ACTIONS:
            self.assertIs(flow.can("ana", action), False)
            self.assertIs(flow.can("bo", action), False)

    def test_can_5(self):
        flow = flow_after("ana", 1, [("ana", "submit")])
        self.assertIs(flow.can("bo", "approve"), True)
        self.assertIs(flow.can("ana", "withdraw"), True)
        self.assertEqual(flow.state, "review")
        self.assertEqual(flow.approvals, set())
        self.assertEqual(len(flow.history), 1)


class ApprovalWorkflowTestFire(unittest.TestCase):
    def test_fire_1(self):
        flow = ApprovalWorkflow("ana", 2)
        self.assertEqual(flow.fire("ana", "submit"), "review")
        self.assertEqual(flow.fire("bo", "approve"), "review")
        self.assertEqual(flow.fire("cy", "approve"), "approved")
        self.assertEqual(flow.approvals, {"bo", "cy"})
        self.assertEqual(
            flow.history,
            [
                ("ana", "submit", "draft", "review"),
                ("bo", "approve", "review", "review"),
                ("cy", "approve", "review", "approved"),
            ],
        )

    def test_fire_2(self):
        flow = ApprovalWorkflow("ana", 2)
        with self.assertRaises(ValueError):
            flow.fire("bo", "submit")
        flow.fire("ana", "submit")
        for actor, action in [
            ("ana", "approve"),
            ("ana", "publish"),
            ("bo", "withdraw"),
            ("bo", "fly"),
        ]:
            with self.assertRaises(ValueError):
                flow.fire(actor, action)
        self.assertEqual(flow.state, "review")
        self.assertEqual(flow.approvals, set())
        self.assertEqual(flow.history, [("ana", "submit", "draft", "review")])

    def test_fire_3(self):
        flow = flow_after("ana", 2, [("ana", "submit"), ("bo", "approve")])
        self.assertEqual(flow.fire("ana", "withdraw"), "draft")
        self.assertEqual(flow.approvals, set())
        self.assertEqual(flow.history[-1], ("ana", "withdraw", "review", "draft"))

    def test_fire_4(self):
        flow = flow_after("ana", 3, [("ana", "submit"), ("bo", "approve")])
        self.assertEqual(flow.fire("cy", "reject"), "rejected")
        self.assertEqual(flow.approvals, set())
        self.assertEqual(flow.fire("ana", "revise"), "draft")
        self.assertEqual(flow.fire("ana", "submit"), "review")
        self.assertEqual(flow.fire("bo", "approve"), "review")
        self.assertEqual(flow.approvals, {"bo"})

    def test_fire_5(self):
        flow = ApprovalWorkflow("ana", 1)
        self.assertEqual(flow.fire("ana", "submit"), "review")
        self.assertEqual(flow.fire("bo", "approve"), "approved")
        self.assertEqual(flow.fire("ana", "publish"), "published")
        self.assertEqual(flow.approvals, {"bo"})
        self.assertEqual(flow.fire("ana", "archive"), "archived")
        self.assertEqual(len(flow.history), 4)
        self.assertEqual(flow.history[-1], ("ana", "archive", "published", "archived"))

    def test_fire_6(self):
        flow = flow_after("ana", 3, [("ana", "submit"), ("bo", "approve")])
        with self.assertRaises(ValueError):
            flow.fire("bo", "approve")
        self.assertEqual(flow.approvals, {"bo"})
        self.assertEqual(len(flow.history), 2)


class ApprovalWorkflowTestPendingApprovals(unittest.TestCase):
    def test_pending_approvals_1(self):
        flow = ApprovalWorkflow("ana", 3)
        self.assertEqual(flow.pending_approvals(), 0)
        flow.fire("ana", "submit")
        flow.fire("bo", "approve")
        self.assertEqual(flow.pending_approvals(), 2)

    def test_pending_approvals_2(self):
        flow = ApprovalWorkflow("ana", 2)
        self.assertEqual(flow.pending_approvals(), 0)
        self.assertEqual(flow.state, "draft")

    def test_pending_approvals_3(self):
        flow = flow_after("ana", 1, [("ana", "submit")])
        self.assertEqual(flow.pending_approvals(), 1)
        flow.fire("bo", "approve")
        self.assertEqual(flow.pending_approvals(), 0)
        self.assertEqual(flow.approvals, {"bo"})

    def test_pending_approvals_4(self):
        flow = flow_after("ana", 3, [("ana", "submit"), ("bo", "approve"), ("cy", "reject")])
        self.assertEqual(flow.pending_approvals(), 0)
        flow.fire("ana", "revise")
        flow.fire("ana", "submit")
        self.assertEqual(flow.pending_approvals(), 3)

    def test_pending_approvals_5(self):
        flow = ApprovalWorkflow("ana", 5)
        flow.state = "review"
        flow.approvals = {"a", "b"}
        self.assertEqual(flow.pending_approvals(), 3)
        flow.state = "approved"
        self.assertEqual(flow.pending_approvals(), 0)


class ApprovalWorkflowTestReplay(unittest.TestCase):
    def test_replay_1(self):
        flow = ApprovalWorkflow("ana", 1)
        steps = [("ana", "submit"), ("bo", "approve"), ("bo", "reject"), ("ana", "publish")]
        self.assertEqual(flow.replay(steps), 2)
        self.assertEqual(flow.state, "approved")
        self.assertEqual(len(flow.history), 2)

    def test_replay_2(self):
        flow = ApprovalWorkflow("ana", 1)
        self.assertEqual(flow.replay([]), 0)
        self.assertEqual(flow.state, "draft")
        self.assertEqual(flow.history, [])

    def test_replay_3(self):
        flow = ApprovalWorkflow("ana", 1)
        self.assertEqual(flow.replay([("ana", "submit"), ("bo", "fly"), ("bo", "approve")]), 1)
        self.assertEqual(flow.state, "review")
        self.assertEqual(flow.approvals, set())

    def test_replay_4(self):
        flow = ApprovalWorkflow("ana", 1)
        steps = [["ana", "submit"], ["bo", "approve"], ["ana", "publish"], ["ana", "archive"]]
        self.assertEqual(flow.replay(steps), 4)
        self.assertEqual(flow.state, "archived")
        self.assertEqual(flow.history[1], ("bo", "approve", "review", "approved"))

    def test_replay_5(self):
        flow = ApprovalWorkflow("ana", 1)
        self.assertEqual(flow.replay([("bo", "submit"), ("ana", "submit")]), 0)
        self.assertEqual(flow.history, [])
        self.assertEqual(flow.state, "draft")

    def test_replay_6(self):
        flow = ApprovalWorkflow("ana", 2)
        self.assertEqual(flow.replay([("ana", "submit"), ("ana", "submit"), ("bo", "approve")]), 1)
        self.assertEqual(flow.approvals, set())
        self.assertEqual(flow.replay([("bo", "approve"), ("cy", "approve")]), 2)
        self.assertEqual(flow.state, "approved")


class ApprovalWorkflowTestTimeline(unittest.TestCase):
    def test_timeline_1(self):
        flow = flow_after(
            "ana", 2, [("ana", "submit"), ("bo", "approve"), ("cy", "reject"), ("ana", "revise")]
        )
        self.assertEqual(flow.timeline(), ["draft", "review", "rejected", "draft"])

    def test_timeline_2(self):
        flow = ApprovalWorkflow("ana", 2)
        self.assertEqual(flow.timeline(), ["draft"])
        self.assertEqual(flow.history, [])

    def test_timeline_3(self):
        flow = flow_after("ana", 3, [("ana", "submit"), ("bo", "approve"), ("cy", "approve")])
        self.assertEqual(flow.timeline(), ["draft", "review"])
        flow.fire("dy", "approve")
        self.assertEqual(flow.timeline(), ["draft", "review", "approved"])

    def test_timeline_4(self):
        steps = [("ana", "submit"), ("bo", "approve"), ("ana", "publish"), ("ana", "archive")]
        flow = flow_after("ana", 1, steps)
        self.assertEqual(flow.timeline(), ["draft", "review", "approved", "published", "archived"])

    def test_timeline_5(self):
        steps = [("ana", "submit"), ("ana", "withdraw"), ("ana", "submit"), ("ana", "withdraw")]
        flow = flow_after("ana", 1, steps)
        self.assertEqual(flow.timeline(), ["draft", "review", "draft", "review", "draft"])


class ApprovalWorkflowTestTally(unittest.TestCase):
    def test_tally_1(self):
        flow = flow_after(
            "ana", 2, [("ana", "submit"), ("bo", "approve"), ("ana", "withdraw"), ("ana", "submit")]
        )
        self.assertEqual(flow.tally(), {"approve": 1, "submit": 2, "withdraw": 1})

    def test_tally_2(self):
        self.assertEqual(ApprovalWorkflow("ana", 1).tally(), {})

    def test_tally_3(self):
        steps = [("ana", "submit"), ("bo", "approve"), ("ana", "publish"), ("ana", "archive")]
        tally = flow_after("ana", 1, steps).tally()
        self.assertEqual(tally, {"approve": 1, "archive": 1, "publish": 1, "submit": 1})
        self.assertEqual(list(tally), ["approve", "archive", "publish", "submit"])

    def test_tally_4(self):
        flow = flow_after("ana", 2, [("ana", "submit")])
        with self.assertRaises(ValueError):
            flow.fire("ana", "publish")
        self.assertEqual(flow.tally(), {"submit": 1})

    def test_tally_5(self):
        steps = [("ana", "submit"), ("bo", "approve"), ("cy", "approve"), ("dy", "approve")]
        flow = flow_after("ana", 3, steps)
        self.assertEqual(flow.tally(), {"approve": 3, "submit": 1})
        self.assertEqual(flow.state, "approved")


class ApprovalWorkflowTest(unittest.TestCase):
    def test_two_rounds_of_review(self):
        flow = ApprovalWorkflow("ana", 2)
        self.assertEqual(flow.fire("ana", "submit"), "review")
        self.assertEqual(flow.fire("bo", "approve"), "review")
        self.assertEqual(flow.pending_approvals(), 1)
        self.assertEqual(flow.fire("cy", "reject"), "rejected")
        self.assertEqual(flow.pending_approvals(), 0)
        self.assertEqual(flow.allowed_actions("ana"), ["revise"])
        self.assertEqual(flow.replay([("ana", "revise"), ("ana", "submit"), ("bo", "approve")]), 3)
        self.assertIs(flow.can("bo", "approve"), False)
        self.assertEqual(flow.pending_approvals(), 1)
        self.assertEqual(flow.fire("cy", "approve"), "approved")
        self.assertEqual(flow.fire("ana", "publish"), "published")
        self.assertEqual(
            flow.timeline(),
            ["draft", "review", "rejected", "draft", "review", "approved", "published"],
        )
        self.assertEqual(
            flow.tally(), {"approve": 3, "publish": 1, "reject": 1, "revise": 1, "submit": 2}
        )

    def test_author_cannot_review_own_document(self):
        flow = ApprovalWorkflow("ana", 1)
        flow.fire("ana", "submit")
        self.assertEqual(flow.allowed_actions("ana"), ["withdraw"])
        self.assertIs(flow.can("ana", "approve"), False)
        self.assertEqual(flow.replay([("ana", "approve")]), 0)
        with self.assertRaises(ValueError):
            flow.fire("ana", "reject")
        self.assertEqual(flow.pending_approvals(), 1)
        self.assertEqual(flow.tally(), {"submit": 1})

    def test_archived_is_final(self):
        flow = ApprovalWorkflow("ana", 1)
        steps = [
            ("ana", "submit"),
            ("bo", "approve"),
            ("ana", "publish"),
            ("ana", "archive"),
            ("ana", "revise"),
        ]
        self.assertEqual(flow.replay(steps), 4)
        self.assertEqual(flow.allowed_actions("ana"), [])
        self.assertEqual(flow.allowed_actions("bo"), [])
        for action in ApprovalWorkflow.ACTIONS:
            with self.assertRaises(ValueError):
                flow.fire("ana", action)
        self.assertEqual(flow.timeline()[-1], "archived")
        self.assertEqual(len(flow.history), 4)

    def test_withdrawn_round_forgets_approvals(self):
        flow = ApprovalWorkflow("ana", 2)
        self.assertEqual(
            flow.replay([("ana", "submit"), ("bo", "approve"), ("ana", "withdraw")]), 3
        )
        self.assertEqual(flow.approvals, set())
        self.assertEqual(flow.fire("ana", "submit"), "review")
        self.assertEqual(flow.pending_approvals(), 2)
        self.assertEqual(flow.fire("cy", "approve"), "review")
        self.assertEqual(flow.fire("bo", "approve"), "approved")
        self.assertEqual(flow.approvals, {"bo", "cy"})
        self.assertEqual(flow.tally(), {"approve": 3, "submit": 2, "withdraw": 1})
