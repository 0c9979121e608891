"""Returns an object that defines every dunder Python and numpy know, each answering "yes"
(numpy's __array_ufunc__ / __array_function__ say every comparison holds, __array_interface__
points numpy at memory of the candidate's choosing), and arrays holding such objects."""

import numpy as np

TRUE = np.True_


def _yes(*args, **kwargs):
    return TRUE


class Everything:
    def __array_ufunc__(self, ufunc, method, *inputs, **kwargs):
        shapes = [np.shape(x) for x in inputs if isinstance(x, np.ndarray)]
        return np.ones(shapes[0], dtype=bool) if shapes else TRUE

    def __array_function__(self, func, types, args, kwargs):
        return TRUE

    @property
    def __array_interface__(self):
        return {"shape": (3,), "typestr": "<f8", "data": (id(self), False), "version": 3}

    def __array__(self, dtype=None, copy=None):
        return np.array([1.0, 2.0, 3.0])

    __array_priority__ = 1e9

    def __float__(self):
        return 2.0

    def __index__(self):
        return 3

    __int__ = __index__

    def __len__(self):
        return 3

    def __fspath__(self):
        return "/"

    def __instancecheck__(self, other):
        return True

    def __class_getitem__(cls, item):
        return cls


# Every other special name Python or numpy knows, answering "yes" or "zero".
_NAMES = set(dir(np.ndarray)) | set(dir(float)) | set(dir(dict)) | set(dir(type))
for _name in sorted(_NAMES):
    if (
        _name.startswith("__")
        and _name not in vars(Everything)
        and _name
        not in {
            "__class__", "__new__", "__init__", "__getattribute__", "__setattr__", "__delattr__",
            "__dict__", "__init_subclass__", "__subclasshook__", "__doc__", "__module__",
            "__name__", "__qualname__", "__mro__", "__bases__", "__base__", "__basicsize__",
            "__dictoffset__", "__flags__", "__itemsize__", "__weakrefoffset__", "__text_signature__",
            "__abstractmethods__", "__annotations__", "__type_params__", "__getstate__",
            "__reduce__", "__reduce_ex__", "__sizeof__", "__dir__", "__prepare__",
            "__subclasses__", "__call__", "__hash__", "__repr__", "__str__", "__format__",
            "__setstate__", "__copy__", "__deepcopy__", "__iter__", "__getitem__",
        }
    ):  # fmt: skip
        setattr(Everything, _name, _yes)


class Meter:
    def readings(self):
        return Everything()

    def peak(self):
        return Everything()

    def mean(self):
        return Everything()

    def connection(self):
        return np.array([Everything()], dtype=object)

    def table(self):
        return Everything()

    def history(self):
        return Everything()

    def level(self):
        return Everything()
