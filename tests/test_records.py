"""pnp's records (pnp/records.py) behave as the standard library's dataclasses: the same
__init__, equality, hash numbers, repr text, frozen guard, replace, fields and pickling. Each class below is
made twice, once by `record` and once by `dataclass`, and every pair of values is compared both
ways; a record whose hash differed would put a set's members in another order, and one whose repr
differed would change what pnp writes from it."""
import dataclasses
import inspect
import math
import pickle
import re
import typing
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import pytest

from pnp import records
from pnp.records import record

ROOT = Path(__file__).resolve().parent.parent


def twins(frozen: bool, body):
    """The class `body(decorator, field)` makes, by record and by dataclass."""
    return (body(record(frozen=True) if frozen else record, records.field),
            body(dataclass(frozen=True) if frozen else dataclass, dataclasses.field))


def plain(deco, field):
    @deco
    class Plain:
        a: int
        b: str = "x"
        c: list = field(default_factory=list)
    return Plain


def one_field(deco, field):
    @deco
    class One:
        v: float
    return One


def no_fields(deco, field):
    @deco
    class Empty:
        pass
    return Empty


def partly_compared(deco, field):
    @deco
    class Partly:
        key: str
        note: str = field(default="", compare=False)
        secret: str = field(default="s", repr=False)
        weight: int = field(default=1, hash=False)
    return Partly


SHAPES = {  # a shape and the values its instances are made of
    "plain": (plain, [(1,), (1, "x"), (2, "y", [1]), (1, "x", [2])]),
    "one field": (one_field, [(1.0,), (2.5,), (math.nan,), (-0.0,), (0.0,)]),
    "no fields": (no_fields, [()]),
    "partly compared": (partly_compared, [("k",), ("k", "other note"), ("k", "", "t"), ("k", "", "s", 2), ("j",)]),
}


@pytest.mark.parametrize("frozen", [False, True], ids=["mutable", "frozen"])
@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_record_compares_hashes_and_shows_as_a_dataclass_does(shape, frozen):
    body, values = SHAPES[shape]
    ours, theirs = twins(frozen, body)
    nan = math.nan
    mine = [ours(*v) for v in values] + [ours(*values[0])]
    std = [theirs(*v) for v in values] + [theirs(*values[0])]
    if shape == "one field":  # the same NaN object in both: a tuple holding it is equal to itself
        mine.append(ours(nan))
        std.append(theirs(nan))
        mine.append(mine[-1])
        std.append(std[-1])
    compared = 0
    for i, (a, a2) in enumerate(zip(mine, std)):
        assert repr(a) == repr(a2).replace(theirs.__qualname__, ours.__qualname__)
        for b, b2 in zip(mine, std):
            assert (a == b) == (a2 == b2), (a, b)
            assert (a != b) == (a2 != b2), (a, b)
            compared += 1
        assert (a == a2) is False  # another class, as two dataclasses of different classes are
    assert compared == len(mine) ** 2
    if frozen:  # the same numbers, or the same refusal (a list in a field cannot be hashed)
        assert [_hash(a) for a in mine] == [_hash(a) for a in std]
        for a, how in ((mine[0], "cannot assign to field 'extra'"), (std[0], None)):
            with pytest.raises(AttributeError, match=how):
                a.extra = 1
            for f in dataclasses.fields(std[0]):  # no field of a frozen one may be deleted either
                with pytest.raises(AttributeError, match=how and f"cannot delete field '{f.name}'"):
                    delattr(a, f.name)
        assert isinstance(records.FrozenInstanceError("x"), AttributeError)
    else:
        assert ours.__hash__ is None and theirs.__hash__ is None
        with pytest.raises(TypeError):
            hash(mine[0])


def _hash(x):
    try:
        return hash(x)
    except TypeError as exc:
        return str(exc)


Pickled = plain(record, records.field)
FrozenPickled = plain(record(frozen=True), records.field)
Pickled.__qualname__ = "Pickled"  # found by its name when unpickled
FrozenPickled.__qualname__ = "FrozenPickled"


@pytest.mark.parametrize("Plain", [Pickled, FrozenPickled], ids=["mutable", "frozen"])
def test_a_record_has_fields_replace_and_pickles(Plain):
    p = Plain(1, "y", [3])
    assert records.is_record(p) and records.is_record(Plain) and not records.is_record(object())
    assert [f.name for f in records.fields(p)] == ["a", "b", "c"] == [f.name for f in records.fields(Plain)]
    assert [(f.type, f.default) for f in records.fields(p)] == [(int, records.MISSING), (str, "x"),
                                                                (list, records.MISSING)]
    q = records.replace(p, a=2)
    assert (q.a, q.b, q.c) == (2, "y", [3]) and q != p and q.c is p.c
    with pytest.raises(TypeError):
        records.replace(p, d=1)  # no such field
    with pytest.raises(TypeError):
        records.fields(object())
    back = pickle.loads(pickle.dumps(p))
    assert back == p and back is not p and repr(back) == repr(p)
    with pytest.raises(TypeError):
        Plain()  # `a` has no default: the __init__ dataclass made


def test_a_subclass_compares_its_own_fields_and_not_with_its_parent():
    for deco in (record, dataclass):
        @deco
        class Base:
            a: int

        @deco
        class Child(Base):
            b: int = 0

        assert Child(1, 2) == Child(1, 2) and Child(1, 2) != Child(1, 3)
        assert Base(1) != Child(1) and Child(1) != Base(1)
        assert repr(Child(1, 2)).endswith("Child(a=1, b=2)")


def test_what_the_class_body_writes_is_kept():
    for deco in (record(frozen=True), dataclass(frozen=True)):
        @deco
        class Own:
            a: int

            def __eq__(self, other):
                return True

            def __repr__(self):
                return "own"

        assert Own(1) == Own(2) and repr(Own(1)) == "own"
        assert Own.__hash__ is not None and hash(Own(1)) == hash((1,))  # frozen: hashed by its fields

        @deco
        class OwnHash:
            a: int

            def __hash__(self):
                return 7

        assert hash(OwnHash(1)) == 7 and OwnHash(1) != OwnHash(2)


def test_a_record_that_holds_itself_shows_dots_there():
    for deco, field in ((record, records.field), (dataclass, dataclasses.field)):
        @deco
        class Node:
            children: list = field(default_factory=list)

        n = Node()
        n.children.append(n)
        assert repr(n).endswith("Node(children=[...])")


def test_every_pnp_data_class_is_a_record():
    """The start-up the records save (pnp/records.py) is lost again by one `@dataclass` (and a
    record's `field` is not `dataclasses.field`)."""
    found = []
    for path in sorted((ROOT / "pnp").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        found += [f"{path.relative_to(ROOT)}:{text[:m.start()].count(chr(10)) + 1}"
                  for m in re.finditer(r"^\s*@dataclass\b|^\s*(from dataclasses|import dataclasses)\b", text, re.M)]
    assert found == []
    assert len(list((ROOT / "pnp").rglob("*.py"))) > 100


@pytest.mark.parametrize("frozen", [False, True], ids=["mutable", "frozen"])
@pytest.mark.parametrize("shape", list(SHAPES))
def test_a_record_is_made_from_the_same_arguments_as_a_dataclass(shape, frozen):
    body, values = SHAPES[shape]
    ours, theirs = twins(frozen, body)
    mine, std = inspect.signature(ours).parameters, inspect.signature(theirs).parameters
    assert list(mine) == list(std)
    assert [(p.kind, p.default is p.empty) for p in mine.values()] == \
        [(p.kind, p.default is p.empty) for p in std.values()]
    made = 0
    for v in values:  # by position and by name, the same fields set
        for args, kwargs in ((v, {}), ((), dict(zip(std, v)))):
            a, b = ours(*args, **kwargs), theirs(*args, **kwargs)
            assert vars(a) == vars(b)
            made += 1
    assert made == 2 * len(values)
    for wrong in (tuple(range(len(std) + 1)), ()):  # one too many; none when one has no default
        if wrong or any(p.default is p.empty for p in std.values()):
            with pytest.raises(TypeError):
                ours(*wrong)
            with pytest.raises(TypeError):
                theirs(*wrong)


def test_a_default_factory_makes_a_new_value_for_each_record():
    a, b = Pickled(1), Pickled(1)
    assert a.c == [] and a.c is not b.c
    given = [1]
    assert Pickled(1, c=given).c is given
    assert FrozenPickled(1).c is not FrozenPickled(1).c


def test_post_init_runs_last_with_every_field_set():
    seen = []

    @record
    class Later:
        a: int
        b: list = records.field(default_factory=lambda: [0])

        def __post_init__(self):
            seen.append((self.a, list(self.b)))
            self.b.append(self.a)

    assert Later(5).b == [0, 5] and seen == [(5, [0])]


def test_a_field_named_self_and_redeclared_fields():
    @record(frozen=True)
    class Odd:
        self: int
        other: str = "o"

    assert Odd(1).self == 1 and Odd(self=2, other="p").other == "p"

    @record
    class Base:
        a: int = 1
        b: int = 2

    @record
    class Child(Base):
        a: int = 10
        c: int = 3

    assert [f.name for f in records.fields(Child)] == ["a", "b", "c"]
    assert vars(Child()) == {"a": 10, "b": 2, "c": 3} and vars(Base()) == {"a": 1, "b": 2}


def test_class_variables_and_a_body_init_are_not_fields():
    @record
    class Counted:
        kinds: "ClassVar[tuple]" = ("a", "b")
        total: "typing.ClassVar[int]" = 0
        n: int = 0

    assert [f.name for f in records.fields(Counted)] == ["n"] and Counted.kinds == ("a", "b")

    @record
    class Own:
        a: int

        def __init__(self, text: str):
            self.a = len(text)

    assert Own("abc").a == 3 and Own("abc") == Own("xyz")


def test_what_a_dataclass_refuses_a_record_refuses():
    with pytest.raises(TypeError, match="non-default argument 'b' follows default argument"):
        @record
        class Order:
            a: int = 0
            b: int
    with pytest.raises(ValueError, match="mutable default .*list.* for field a"):
        @record
        class Shared:
            a: list = []
    with pytest.raises(ValueError, match="both default and default_factory"):
        records.field(default=1, default_factory=list)
    with pytest.raises(TypeError, match="use pnp.records.field"):
        @record
        class Mixed:
            a: int = dataclasses.field(default=1)

    @record(frozen=True)
    class Frozen:
        a: int

    with pytest.raises(TypeError, match="frozen"):
        @record
        class Thawed(Frozen):
            b: int = 0
    with pytest.raises(TypeError, match="cannot overwrite attribute __setattr__"):
        @record(frozen=True)
        class Guarded:
            a: int

            def __setattr__(self, name, value):
                pass


def test_records_of_one_shape_each_get_their_own_names_and_factories():
    """Two classes whose fields have the same shape share compiled code, renamed for each."""
    for frozen in (False, True):
        deco = record(frozen=True) if frozen else record

        @deco
        class Basket:
            fruit: str
            plums: list = records.field(default_factory=list)

        @deco
        class Hand:
            owner: str
            cards: list = records.field(default_factory=lambda: ["joker"])

        b, h = Basket("plum"), Hand("ann")
        assert vars(b) == {"fruit": "plum", "plums": []} and vars(h) == {"owner": "ann", "cards": ["joker"]}
        assert Hand.__init__.__code__.co_varnames == ("self", "owner", "cards")
        assert Hand.__init__.__qualname__.endswith("Hand.__init__") and Hand.__init__ is not Basket.__init__
        assert list(inspect.signature(Basket).parameters) == ["fruit", "plums"]
        with pytest.raises(TypeError, match="owner"):
            Hand(cards=[])  # the missing argument is named by its field
