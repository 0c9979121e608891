"""The rules of ``classwright check``, one per module.

Rules live one per module in this package, named ``<family>_<name>.py`` after the rule's
code and kebab-case name (``contract_*``, ``dependencies_*``, ``constructor_*``,
``signature_*``, ``tests_*``, ``execution_*``, ``adequacy_*``, ``metadata_*``; CW501
``too-few-method-tests`` is ``tests_too_few_method_tests.py``). Every ``Rule`` subclass defined
in such a module is registered (``classwright.authoring.lint.registry``); adding a rule is
adding a file. Modules whose name starts with ``_`` hold code shared by rules, not rules; a
rule imports only those and the framework, ``classwright.authoring.lint``
(``tests/rules/test_rule_files.py`` holds both conventions).
"""
