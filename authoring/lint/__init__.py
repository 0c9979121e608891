"""The rule framework: what a rule is, what it sees of a task, and how rules are run.

The rules themselves live in ``classwright.authoring.rules``, one per module.
"""
