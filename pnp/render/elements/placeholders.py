"""`{field}` substitution in a face's text: checked when the layout is read, filled in when a face
is drawn. Substitution only — nothing in a placeholder is evaluated.

    {title}          a field's value (text in the build's language, a list joined by commas)
    {gems.name| + }  a list joined by what follows the bar (here " + ") instead
    {suit.colour}    an attribute of a choice field's value (`choices:` in the spec)
    {suit.name}      its name in the build's language (the value itself when it has none)
    {id} {count}     the component's id and its number of copies
    {game.name}      the game's name in the build's language
    {{ and }}        a literal brace
"""
from __future__ import annotations

import re
from typing import Any

from ...load.schema import Choice, ListOf

TOKEN = re.compile(r"\{\{|\}\}|\{([^{}]*)\}|[{}]")
BUILTIN = ("id", "count", "game.name")


def parse(template: str) -> list[str | tuple]:
    """The template's parts: literal text, and (field, attribute or None[, list separator]) for
    each placeholder. Raises ValueError naming a lone brace."""
    parts: list[str | tuple[str, str | None]] = []
    at = 0
    for m in TOKEN.finditer(template):
        parts.append(template[at:m.start()])
        tok = m.group(0)
        if tok in ("{{", "}}"):
            parts.append(tok[0])
        elif m.group(1) is None:
            raise ValueError(f"a lone '{tok}' at character {m.start() + 1}; write '{tok}{tok}' for the brace itself")
        else:
            name, bar, sep = m.group(1).partition("|")
            field, _, attr = name.strip().partition(".")
            parts.append((field, attr or None, sep) if bar else (field, attr or None))
        at = m.end()
    parts.append(template[at:])
    return [p for p in parts if p != ""]


def problems(parts: list, fields: dict[str, Any], choices: dict[str, dict[str, dict]]) -> list[str]:
    """What is wrong with each placeholder, for a face whose kind has `fields` ({name: Type})."""
    out = []
    for p in parts:
        if isinstance(p, str):
            continue
        field, attr = p[0], p[1]
        shown = "{" + field + (f".{attr}" if attr else "") + "}"
        if attr is None and (field in fields or field in ("id", "count")):
            continue
        if field == "game" and attr == "name":
            continue
        if field not in fields:
            out.append(f"unknown placeholder '{shown}'; this face can use {_offer(fields)}")
            continue
        t = fields[field]
        t = t.item if isinstance(t, ListOf) else t
        t = _listed(t)
        if t is None:
            out.append(f"placeholder '{shown}': '{field}' is not a choice field, so it has no attribute '{attr}'")
            continue
        attrs = {"name"} | {a for v in choices.get(field, {}).values() for a in v}
        if attr not in attrs:
            out.append(f"placeholder '{shown}': the values of '{field}' have no attribute '{attr}'; they have "
                       + ", ".join(sorted(attrs)) + " (declare it under choices: in the spec)")
        elif attr != "name":
            lacking = [str(v) for v in t.options() if attr not in choices.get(field, {}).get(str(v), {})]
            if lacking:
                out.append(f"placeholder '{shown}': value{'s' if len(lacking) > 1 else ''} "
                           + ", ".join(lacking) + f" of '{field}' {'have' if len(lacking) > 1 else 'has'} no "
                           f"'{attr}' under choices: in the spec")
    return out


def _listed(t: Any) -> Any:
    """A field type whose values `choices:` may give attributes: a choice, an int field with
    `legal:` values, a bool (as something with `options()`); None for any other."""
    from ...load.schema import Bool, Int

    if isinstance(t, Choice):
        return t
    if isinstance(t, Int) and t.legal or isinstance(t, Bool):
        values = list(t.legal) if isinstance(t, Int) else [False, True]
        return type("Listed", (), {"options": staticmethod(lambda: values)})()
    return None


def _offer(fields: dict[str, Any]) -> str:
    return ", ".join("{" + f + "}" for f in [*fields, *BUILTIN])


def fill(parts: list, item: Any, lang: str, choices: dict[str, dict[str, dict]], game_name: str) -> str:
    """The template's text for `item` (a component or a back design) in `lang`."""
    out = []
    for p in parts:
        if isinstance(p, str):
            out.append(p)
            continue
        field, attr = p[0], p[1]
        if field == "game" and attr == "name":
            out.append(game_name)
        elif field == "id":
            out.append(item.id)
        elif field == "count":
            out.append(str(getattr(item, "count", 1)))
        else:
            out.append(_value(item.get(field), attr, lang, choices.get(field, {}), p[2] if len(p) > 2 else ", "))
    return "".join(out)


def _value(value: Any, attr: str | None, lang: str, attrs: dict[str, dict], sep: str = ", ") -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        return sep.join(_value(v, attr, lang, attrs) for v in value)
    if attr is not None:
        got = attrs.get(str(value), {}).get(attr)
        if got is None and attr == "name":
            return str(value)
        return in_lang(got, lang)
    return in_lang(value, lang)


def in_lang(value: Any, lang: str) -> str:
    if isinstance(value, dict):
        return str(value.get(lang) or value.get("en") or "")
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def uses(parts: list) -> set[str]:
    return {p[0] for p in parts if not isinstance(p, str)}
