"""pnp's records (pnp/records.py) behave as the standard library's dataclasses: the same
equality, hash numbers, repr text, frozen guard, replace, fields and pickling. Each class below is
made twice, once by `record` and once by `dataclass`, and every pair of values is compared both
ways; a record whose hash differed would put a set's members in another order, and one whose repr
differed would change what pnp writes from it."""
import dataclasses
import math
import pickle
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from pnp.records import record

ROOT = Path(__file__).resolve().parent.parent


def twins(frozen: bool, body):
    """The class `body(decorator)` makes, by record and by dataclass."""
    return (body(record(frozen=True) if frozen else record),
            body(dataclass(frozen=True) if frozen else dataclass))


def plain(deco):
    @deco
    class Plain:
        a: int
        b: str = "x"
        c: list = field(default_factory=list)
    return Plain


def one_field(deco):
    @deco
    class One:
        v: float
    return One


def no_fields(deco):
    @deco
    class Empty:
        pass
    return Empty


def partly_compared(deco):
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
        with pytest.raises(dataclasses.FrozenInstanceError):
            mine[0].extra = 1
    else:
        assert ours.__hash__ is None and theirs.__hash__ is None
        with pytest.raises(TypeError):
            hash(mine[0])


def _hash(x):
    try:
        return hash(x)
    except TypeError as exc:
        return str(exc)


Pickled = plain(record)
FrozenPickled = plain(record(frozen=True))
Pickled.__qualname__ = "Pickled"  # found by its name when unpickled
FrozenPickled.__qualname__ = "FrozenPickled"


@pytest.mark.parametrize("Plain", [Pickled, FrozenPickled], ids=["mutable", "frozen"])
def test_a_record_is_a_dataclass_to_replace_fields_and_pickle(Plain):
    p = Plain(1, "y", [3])
    assert dataclasses.is_dataclass(p)
    assert [f.name for f in dataclasses.fields(p)] == ["a", "b", "c"]
    q = dataclasses.replace(p, a=2)
    assert (q.a, q.b, q.c) == (2, "y", [3]) and q != p
    assert dataclasses.asdict(p) == {"a": 1, "b": "y", "c": [3]}
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
    for deco in (record, dataclass):
        @deco
        class Node:
            children: list = field(default_factory=list)

        n = Node()
        n.children.append(n)
        assert repr(n).endswith("Node(children=[...])")


def test_every_pnp_data_class_is_a_record():
    """The start-up the records save (pnp/records.py) is lost again by one `@dataclass`."""
    found = []
    for path in sorted((ROOT / "pnp").rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        found += [f"{path.relative_to(ROOT)}:{text[:m.start()].count(chr(10)) + 1}"
                  for m in re.finditer(r"^\s*@dataclass\b|^from dataclasses import .*\bdataclass\b", text, re.M)]
    assert found == []
    assert len(list((ROOT / "pnp").rglob("*.py"))) > 100
