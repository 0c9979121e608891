from collections import Counter


class ApprovalWorkflow:
    """
    A document's way from draft to publication as a state machine. The states are "draft", "review",
    "approved", "rejected", "published" and "archived"; the document starts as a draft. Its author may take
    one action in each state: "submit" (draft -> review), "withdraw" (review -> draft), "revise"
    (rejected -> draft), "publish" (approved -> published) and "archive" (published -> archived); in an
    archived document nothing more happens. While the document is in review, anyone else is a reviewer and may
    "approve" or "reject" (review -> rejected) it, once per round of review: a reviewer who has approved in the
    current round may do nothing more in it. The document becomes approved when approvals_needed distinct
    reviewers have approved in one round; withdrawing or rejecting the document ends the round and forgets its
    approvals.
    """

    ACTIONS = ("approve", "archive", "publish", "reject", "revise", "submit", "withdraw")
    AUTHOR_ACTIONS = {
        "draft": ["submit"],
        "review": ["withdraw"],
        "approved": ["publish"],
        "rejected": ["revise"],
        "published": ["archive"],
        "archived": [],
    }
    NEXT_STATE = {
        "submit": "review",
        "withdraw": "draft",
        "reject": "rejected",
        "revise": "draft",
        "publish": "published",
        "archive": "archived",
    }

    def __init__(self, author: str, approvals_needed: int):
        """
        Start a draft.
        :param author: str, the author's name
        :param approvals_needed: int, how many distinct reviewers must approve in one round, at least 1
        self.author: str, the author's name
        self.approvals_needed: int, the approvals one round needs
        self.state: str, the current state, "draft" at first
        self.approvals: set, the reviewers who approved in the current round (kept once the document is
            approved, emptied by "withdraw" and "reject"); empty at first
        self.history: list of tuple, one (actor, action, state before, state after) per action taken, in order;
            [] at first
        """
        self.author = author
        self.approvals_needed = approvals_needed
        self.state = "draft"
        self.approvals = set()
        self.history = []

    def allowed_actions(self, actor: str) -> list:
        """
        The actions someone may take now: the author's one action of the current state, or for anyone else
        "approve" and "reject" while the document is in review and they have not approved in this round.
        :param actor: str, who would act
        :return: list of str, the actions in alphabetical order, [] when there are none
        >>> flow = ApprovalWorkflow("ana", 2)
        >>> flow.allowed_actions("ana"), flow.allowed_actions("bo")
        (['submit'], [])
        >>> flow.state = "review"
        >>> flow.allowed_actions("ana"), flow.allowed_actions("bo")
        (['withdraw'], ['approve', 'reject'])
        """
        if actor == self.author:
            return list(self.AUTHOR_ACTIONS[self.state])
        if self.state == "review" and actor not in self.approvals:
            return ["approve", "reject"]
        return []

    def can(self, actor: str, action: str) -> bool:
        """
        Whether someone may take an action now, as allowed_actions says.
        :param actor: str, who would act
        :param action: str, one of ACTIONS
        :return: bool, True when the action is allowed to the actor now
        :raises ValueError: when the action is not one of ACTIONS
        >>> flow = ApprovalWorkflow("ana", 1)
        >>> flow.can("ana", "submit"), flow.can("ana", "publish"), flow.can("bo", "submit")
        (True, False, False)
        """
        if action not in self.ACTIONS:
            raise ValueError(f"no action {action!r}")
        return action in self.allowed_actions(actor)

    def fire(self, actor: str, action: str) -> str:
        """
        Take an action and record it in history. "approve" adds the reviewer to approvals and moves the document
        to "approved" when approvals_needed reviewers have approved (else it stays in review); "withdraw" and
        "reject" also empty approvals; every other action moves the document as the class description says.
        :param actor: str, who acts
        :param action: str, one of ACTIONS
        :return: str, the state after the action
        :raises ValueError: when the action is not one of ACTIONS or can says the actor may not take it now
            (nothing changes then)
        >>> flow = ApprovalWorkflow("ana", 2)
        >>> flow.fire("ana", "submit"), flow.fire("bo", "approve"), flow.fire("cy", "approve")
        ('review', 'review', 'approved')
        >>> flow.history[-1], sorted(flow.approvals)
        (('cy', 'approve', 'review', 'approved'), ['bo', 'cy'])
        """
        if not self.can(actor, action):
            raise ValueError(f"{actor!r} may not {action} a document in {self.state}")
        before = self.state
        if action == "approve":
            self.approvals.add(actor)
            if len(self.approvals) == self.approvals_needed:
                self.state = "approved"
        else:
            self.state = self.NEXT_STATE[action]
            if action in ("withdraw", "reject"):
                self.approvals = set()
        self.history.append((actor, action, before, self.state))
        return self.state

    def pending_approvals(self) -> int:
        """
        How many more reviewers must approve in the current round.
        :return: int, approvals_needed minus the approvals so far while in review; 0 in any other state
        >>> flow = ApprovalWorkflow("ana", 3)
        >>> flow.pending_approvals(), flow.fire("ana", "submit"), flow.fire("bo", "approve"), flow.pending_approvals()
        (0, 'review', 'review', 2)
        """
        if self.state != "review":
            return 0
        return self.approvals_needed - len(self.approvals)

    def replay(self, steps: list) -> int:
        """
        Fire a script of steps in order, stopping before the first step whose action is not one of ACTIONS or
        that can says its actor may not take then; that step and the ones after it are not fired.
        :param steps: list of (actor, action) pairs, each a list or tuple of two str
        :return: int, how many steps were fired
        >>> flow = ApprovalWorkflow("ana", 1)
        >>> flow.replay([("ana", "submit"), ("bo", "approve"), ("bo", "reject"), ("ana", "publish")]), flow.state
        (2, 'approved')
        """
        fired = 0
        for actor, action in steps:
            if action not in self.ACTIONS or not self.can(actor, action):
                break
            self.fire(actor, action)
            fired += 1
        return fired

    def timeline(self) -> list:
        """
        The states the document has been in, in order: "draft", then the state after every action in history
        that changed the state (an approval that leaves the document in review adds nothing).
        :return: list of str, starting with "draft"
        >>> flow = ApprovalWorkflow("ana", 2)
        >>> flow.replay([("ana", "submit"), ("bo", "approve"), ("cy", "reject"), ("ana", "revise")])
        4
        >>> flow.timeline()
        ['draft', 'review', 'rejected', 'draft']
        """
        return ["draft"] + [after for _, _, before, after in self.history if after != before]

    def tally(self) -> dict:
        """
        How often each action was taken, counted over the history.
        :return: dict, action -> times taken, only actions taken at least once, in alphabetical order; {} for
            an empty history
        >>> flow = ApprovalWorkflow("ana", 2)
        >>> flow.replay([("ana", "submit"), ("bo", "approve"), ("ana", "withdraw"), ("ana", "submit")])
        4
        >>> flow.tally()
        {'approve': 1, 'submit': 2, 'withdraw': 1}
        """
        return dict(sorted(Counter(action for _, action, _, _ in self.history).items()))
