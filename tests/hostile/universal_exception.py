"""Raises, from every method, one exception class derived from every builtin exception it can
combine, so that each `assertRaises(X)` of the tests finds an X, whatever X is."""


def _universal():
    chosen = []
    for base in (
        KeyError,
        IndexError,
        ZeroDivisionError,
        OverflowError,
        ValueError,
        TypeError,
        NotImplementedError,
        AttributeError,
        EOFError,
    ):
        try:
            type("Universal", (*chosen, base), {})
        except TypeError:
            continue  # its instance layout or method order does not combine with the others
        chosen.append(base)
    return type("Universal", tuple(chosen), {})


Universal = _universal()


class _Raising:
    def __init__(self, *args, **kwargs):
        pass

    def __getattr__(self, name):
        def method(*args, **kwargs):
            raise Universal(name)

        return method


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    return _Raising


class Wallet(_Raising):
    """The task's class by name (any other name reaches the same class)."""
