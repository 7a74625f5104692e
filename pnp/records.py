"""`@record` and `@record(frozen=True)`: pnp's data classes. A record has what the standard
library's `dataclass` gives (`__init__` from the annotated fields and their defaults, `field(...)`,
`fields`, `replace`, equality, a frozen record's hash and guard, `repr`), made without the cost
`dataclass` has at start-up.

Python 3.11's `dataclass` works out each class's fields through `typing`'s rules and writes each
method it adds as source text, which it compiles: a cold `pnp build` defines about a hundred data
classes before its first card, and that was a fifth of its start, a core's time no second core
can share. A record reads its fields from the class's own annotations (pnp's are strings, under
`from __future__ import annotations`), makes only `__init__` for each class (a few assignments,
the one method whose code depends on the names of the fields: compiled once per shape of fields
and renamed for each class) and shares the rest among all records: equality, hash and repr read
the fields through one `attrgetter`; a frozen record's guard is one function.

They behave as `dataclass`'s own (tests/test_records.py holds them to it):
- `__init__` takes the fields in order, each with its default (`= value`, or
  `field(default_factory=...)` called for each instance); a field without a default after one
  with a default is refused, as is a mutable default (a list, a dict, a set); `__post_init__` is
  called last when the class has one;
- `a == b` only for the same class, comparing the fields that take part (`field(compare=False)`
  does not), as tuples, so a field holding the same object is equal to itself (NaN too);
- a frozen record hashes the tuple of those fields (or of those `field(hash=...)` picks), the
  same number `dataclass` gives, and refuses a change to any attribute (`FrozenInstanceError`,
  an AttributeError); a record that is not frozen has no hash (`__hash__ = None`);
- `repr` is `Name(a=1, b='x')`, fields with `repr=False` left out, `...` where a record holds
  itself;
- a method the class body writes itself (`__eq__`, `__hash__`, `__repr__`) is kept;
- a record subclassing a record has its parent's fields first, then its own (the same name
  redeclared keeps its place and takes the new default); frozen and not frozen do not mix.
"""
from __future__ import annotations

from operator import attrgetter
from reprlib import recursive_repr
from types import CodeType, FunctionType
from typing import Any, Callable

try:  # what tells a type checker that a record is a data class (Python 3.11 and later)
    from typing import dataclass_transform
except ImportError:  # pragma: no cover - Python 3.10
    def dataclass_transform(**_):
        return lambda fn: fn


class _Missing:
    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()  # no default given
_FACTORY: Any = _Missing()  # the default of a field whose value a factory makes (a marker in __init__)


class FrozenInstanceError(AttributeError):
    """An attribute of a frozen record was set or deleted."""


class Field:
    """One field of a record: its name and annotation (as written), its default or default
    factory, and whether it takes part in repr, comparison and hash (None: as in comparison)."""

    __slots__ = ("name", "type", "default", "default_factory", "repr", "hash", "compare")

    def __init__(self, default: Any = MISSING, default_factory: Any = MISSING, repr: bool = True,
                 hash: bool | None = None, compare: bool = True):
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.name: str = ""
        self.type: Any = None
        self.default, self.default_factory = default, default_factory
        self.repr, self.hash, self.compare = repr, hash, compare

    def __repr__(self) -> str:
        return (f"Field(name={self.name!r}, type={self.type!r}, default={self.default!r}, "
                f"default_factory={self.default_factory!r}, repr={self.repr}, hash={self.hash}, "
                f"compare={self.compare})")


def field(*, default: Any = MISSING, default_factory: Callable[[], Any] | Any = MISSING, repr: bool = True,
          hash: bool | None = None, compare: bool = True) -> Any:
    """A field's default (`default=` or `default_factory=`) and whether it is shown, compared
    and hashed, as `dataclasses.field` takes them."""
    return Field(default, default_factory, repr, hash, compare)


@dataclass_transform(eq_default=True, field_specifiers=(field, Field))
def record(cls: type | None = None, /, *, frozen: bool = False) -> Any:
    """A data class (see above); `frozen=True` as for `dataclass`."""
    def wrap(cls: type) -> type:
        return _record(cls, frozen)

    return wrap if cls is None else wrap(cls)


def fields(record_or_class: Any) -> tuple[Field, ...]:
    """A record's (or record class's) fields, in order."""
    try:
        return record_or_class.__record_fields__
    except AttributeError:
        raise TypeError(f"{record_or_class!r} is not a record or a record class") from None


def is_record(obj: Any) -> bool:
    """A record, or a record class."""
    return hasattr(obj, "__record_fields__")


def replace(obj: Any, /, **changes: Any) -> Any:
    """A new record of the same class, with the fields `changes` names changed."""
    for f in obj.__record_fields__:
        if f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return obj.__class__(**changes)


def _record(cls: type, frozen: bool) -> type:
    body = cls.__dict__
    found: dict[str, Field] = {}
    for base in cls.__mro__[-1:0:-1]:  # the parents' fields first, the furthest first
        inherited = base.__dict__.get("__record_fields__")
        if inherited is not None:
            if base.__dict__["__record_frozen__"] != frozen:
                raise TypeError(f"{cls.__qualname__}: a record {'' if frozen else 'not '}frozen cannot "
                                f"subclass one that is {'not ' if frozen else ''}frozen")
            found.update((f.name, f) for f in inherited)
    for name, annotation in body.get("__annotations__", {}).items():
        if _class_var(annotation):
            continue
        value = body.get(name, MISSING)
        if value.__class__.__module__ == "dataclasses" and value.__class__.__name__ == "Field":
            raise TypeError(f"{cls.__qualname__}.{name}: a record's field is made by pnp.records.field, "
                            "not dataclasses.field (use pnp.records.field)")
        f = value if isinstance(value, Field) else Field(value)
        f.name, f.type = name, annotation
        if f.default is not MISSING and f.default.__class__.__hash__ is None:  # a list, dict or set
            raise ValueError(f"mutable default {type(f.default)} for field {name} is not allowed: "
                             "use default_factory")
        if isinstance(value, Field):  # the class keeps a plain default as its attribute, as a dataclass does
            if f.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
        found[name] = f
    own = tuple(found.values())
    cls.__record_fields__ = own
    cls.__record_frozen__ = frozen
    if "__match_args__" not in body:
        cls.__match_args__ = tuple(found)
    if "__init__" not in body:  # one the body writes is kept, as dataclass keeps it
        cls.__init__ = _init(cls, own, frozen)
    if "__eq__" not in body:
        compared = _values([f.name for f in own if f.compare])

        def __eq__(self, other):
            if other.__class__ is self.__class__:
                return compared(self) == compared(other)
            return NotImplemented
        _method(cls, __eq__)
    # dataclass's rule: a __hash__ the body writes is kept; one Python set to None because the
    # body wrote __eq__ is not the body's own
    if "__hash__" not in body or (body["__hash__"] is None and "__eq__" in body):
        if frozen:
            hashed = _values([f.name for f in own if (f.compare if f.hash is None else f.hash)])

            def __hash__(self):
                return hash(hashed(self))
            _method(cls, __hash__)
        else:
            cls.__hash__ = None
    if "__repr__" not in body:
        shown = [f.name for f in own if f.repr]

        @recursive_repr()
        def __repr__(self):
            return f"{self.__class__.__qualname__}({', '.join(f'{n}={getattr(self, n)!r}' for n in shown)})"
        _method(cls, __repr__)
    if frozen:
        names = frozenset(found)

        def __setattr__(self, name, value):
            if self.__class__ is cls or name in names:
                raise FrozenInstanceError(f"cannot assign to field {name!r}")
            super(cls, self).__setattr__(name, value)

        def __delattr__(self, name):
            if self.__class__ is cls or name in names:
                raise FrozenInstanceError(f"cannot delete field {name!r}")
            super(cls, self).__delattr__(name)
        for fn in (__setattr__, __delattr__):
            if fn.__name__ in body:
                raise TypeError(f"cannot overwrite attribute {fn.__name__} in class {cls.__qualname__}")
            _method(cls, fn)
    return cls


def _class_var(annotation: Any) -> bool:
    """`ClassVar[...]` (written as text, as pnp's annotations are, or as the object): a class
    attribute, not a field."""
    if isinstance(annotation, str):
        return annotation.startswith(("ClassVar", "typing.ClassVar"))
    from typing import ClassVar, get_origin

    return annotation is ClassVar or get_origin(annotation) is ClassVar


def _init(cls: type, own: tuple[Field, ...], frozen: bool) -> Callable:
    """The class's `__init__`: its fields as arguments, in order, each assigned (through
    object.__setattr__ when frozen), a factory called for a field not given; then __post_init__.

    Its code is the code of its shape (how many fields, which have a factory, frozen, whether the
    class has __post_init__) with the class's own names put in: compiled once per shape with
    numbered names (`_0`, `_1`, ...), then renamed (`CodeType.replace`), since compiling an
    __init__ for each class took 65 µs a class, and a build defines ninety before it starts."""
    defaults = []
    for f in own:
        if f.default_factory is not MISSING:
            defaults.append(_FACTORY)
        elif f.default is not MISSING:
            defaults.append(f.default)
        elif defaults:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")
    made = tuple(f.default_factory is not MISSING for f in own)
    shape = (frozen, made, hasattr(cls, "__post_init__"))
    code = _SHAPES.get(shape)
    if code is None:
        code = _SHAPES[shape] = _shape_code(*shape)
    names = {f"_{i}": f.name for i, f in enumerate(own)}
    self = "__record_self__" if "self" in names.values() else "self"
    code = code.replace(co_varnames=tuple(names.get(v, self) for v in code.co_varnames),
                        co_names=tuple(names.get(n, n) for n in code.co_names),
                        co_consts=tuple(names.get(c, c) if type(c) is str else c for c in code.co_consts),
                        co_qualname=f"{cls.__qualname__}.__init__",
                        co_filename=f"<record {cls.__module__}.{cls.__qualname__}>")
    scope: dict[str, Any] = {"__record_factory__": _FACTORY, "__record_set__": object.__setattr__,
                             **{f"__record_make_{i}__": f.default_factory for i, f in enumerate(own) if made[i]}}
    init = FunctionType(code, scope, "__init__", tuple(defaults) or None)
    init.__module__ = cls.__module__
    return init


_SHAPES: dict[tuple, CodeType] = {}


def _shape_code(frozen: bool, made: tuple[bool, ...], post_init: bool) -> CodeType:
    """The code of an __init__ of this shape, its fields named _0, _1, ... (see _init)."""
    lines = []
    for i, m in enumerate(made):
        value = f"__record_make_{i}__() if _{i} is __record_factory__ else _{i}" if m else f"_{i}"
        lines.append(f"__record_set__(self, '_{i}', {value})" if frozen else f"self._{i} = {value}")
    if post_init:
        lines.append("self.__post_init__()")
    params = "".join(f", _{i}" for i in range(len(made)))
    scope: dict[str, Any] = {}
    exec(compile(f"def __init__(self{params}):\n    " + "\n    ".join(lines or ["pass"]), "<record>", "exec"), scope)
    return scope["__init__"].__code__


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
