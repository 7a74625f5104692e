"""`@record` and `@record(frozen=True)`: pnp's data classes — the standard library's dataclasses,
with the same `__init__`, fields, `replace` and `fields`, the same equality, hash and repr,
made without compiling code for each class.

Python 3.11's `dataclass` writes each method it adds as source text and compiles it: `__init__`,
`__eq__`, `__repr__`, and for a frozen class `__setattr__`, `__delattr__` and `__hash__`. A
cold `pnp build` defines about a hundred data classes before its first card, and compiling their
360 methods (120,000 characters of source) was a quarter of its start, a core's time that no
second core can share. `record` lets `dataclass` make what depends on the class's own fields and
defaults (`__init__`, and a frozen class's guards) and adds the comparison, hash and repr as
functions shared by every record, each reading the class's fields through one `attrgetter`.

They behave as `dataclass`'s own (tests/test_records.py holds them to it):
- `a == b` only for the same class, comparing the fields that take part (`field(compare=False)`
  does not), as tuples, so a field holding the same object is equal to itself (NaN too);
- a frozen record hashes the tuple of those fields (or of those `field(hash=...)` picks), the
  same number `dataclass` gives; a record that is not frozen has no hash (`__hash__ = None`);
- `repr` is `Name(a=1, b='x')`, fields with `repr=False` left out, `...` where a record holds
  itself;
- a method the class body writes itself (`__eq__`, `__hash__`, `__repr__`) is kept, as
  `dataclass` keeps it.
"""
from __future__ import annotations

import dataclasses
from operator import attrgetter
from reprlib import recursive_repr
from typing import Any, Callable

try:  # what tells a type checker that a record is a data class (Python 3.11 and later)
    from typing import dataclass_transform
except ImportError:  # pragma: no cover - Python 3.10
    def dataclass_transform(**_):
        return lambda fn: fn


@dataclass_transform(eq_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def record(cls: type | None = None, /, *, frozen: bool = False) -> Any:
    """A data class (see above); `frozen=True` as for `dataclass`."""
    def wrap(cls: type) -> type:
        return _record(cls, frozen)

    return wrap if cls is None else wrap(cls)


def _record(cls: type, frozen: bool) -> type:
    body = dict(cls.__dict__)
    cls = dataclasses.dataclass(cls, eq=False, repr=False, frozen=frozen)
    fields = dataclasses.fields(cls)
    compared = _values([f.name for f in fields if f.compare])
    if "__eq__" not in body:
        def __eq__(self, other):
            if other.__class__ is self.__class__:
                return compared(self) == compared(other)
            return NotImplemented
        _method(cls, __eq__)
    # dataclass's rule: a __hash__ the body writes is kept; one Python set to None because the
    # body wrote __eq__ is not the body's own
    if "__hash__" not in body or (body["__hash__"] is None and "__eq__" in body):
        if frozen:
            hashed = _values([f.name for f in fields if (f.compare if f.hash is None else f.hash)])

            def __hash__(self):
                return hash(hashed(self))
            _method(cls, __hash__)
        else:
            cls.__hash__ = None
    if "__repr__" not in body:
        shown = [f.name for f in fields if f.repr]

        @recursive_repr()
        def __repr__(self):
            return f"{self.__class__.__qualname__}({', '.join(f'{n}={getattr(self, n)!r}' for n in shown)})"
        _method(cls, __repr__)
    return cls


def _values(names: list[str]) -> Callable[[Any], tuple]:
    """The named attributes of an object as a tuple (attrgetter gives one name's value bare)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _method(cls: type, fn: Callable) -> None:
    fn.__qualname__ = f"{cls.__qualname__}.{fn.__name__}"
    setattr(cls, fn.__name__, fn)
