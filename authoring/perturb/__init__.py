"""Class-level variants of task folders that stay valid tasks: ``classwright perturb``.

A model that saw a benchmark's tasks, tests and solutions while it was trained can score by
recall. A variant of a task keeps what the task asks (the same behaviour, pinned by the same
tests) and changes how it is written: the names, the order of methods or parameters, the
examples, the constants. Each way of changing a task is an *operator*, one small module in
``classwright.authoring.perturb.operators`` with fixtures that prove it, as rules are.

The framework, bottom to top:

- ``files``: a task as three texts (``task.toml``'s table, ``solution.py``, ``tests.py``), loaded
  and compiled the way a folder is;
- ``operator``: the ``Operator`` base class, what an operator returns (``Applied``) and how it
  refuses a task (``Declined``);
- ``fixtures``: an operator's ``APPLIES`` and ``DECLINES`` fixtures;
- ``registry``: every operator, by name;
- ``vocabulary``: the word list that renaming draws from (``words.json``);
- ``proof``: the validity proof of a variant (it loads, keeps every test, and ``classwright
  check`` finds nothing in it the original did not have);
- ``record``: ``perturbation.toml``, what a variant says about its making;
- ``engine``: applying an operator set to many tasks, proving and writing the variants.
"""
