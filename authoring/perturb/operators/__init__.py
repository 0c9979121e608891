"""The operators of ``classwright perturb``, one per module.

A module named after an operator's kebab-case name with underscores (``shuffle-methods`` is
``shuffle_methods.py``) holds one ``Operator`` subclass with its ``APPLIES`` and ``DECLINES``
fixtures; adding an operator is adding a file. Modules whose name starts with ``_`` hold code
shared by operators (name analysis, docstring examples, rewriting chosen nodes, drawing another
order), not operators.
"""
