"""What a goal card says, made from what it scores: a goal component (spec kind `goal`) and a
language in, its sentence out.

The card's text is never written in the spec: it is made here from the parameters the scorer
reads (`goals.py`) and the numbers of the rules model, so the words cannot say one thing while
the card scores another. The zh-TW sentences use the seed's words (its 目標卡說明: 最多……的
玩家再獲得 6 分，第二名獲得 3 分; 完整的泡泡; 角對角相鄰; 每排兩端; 斜角; 第 III 層); the names of
colours, shapes, bubbles and decorations come from the rules model, every number from it too.
"""
from __future__ import annotations

from ...load.spec import Item
from . import board, goals, rules

ZH = "zh-TW"


def goal_text(goal: Item, lang: str = "en") -> str:
    """The sentence a goal card prints, in `lang` (en or zh-TW)."""
    kind = goals.GOAL_KINDS[goal["goal"]]
    lang = ZH if lang == ZH else "en"
    if not goals.complete(goal):  # a parameter missing (the validator says which): the kind's name
        return f"{kind.name(lang)}{'：' if lang == ZH else ': '}{_points(goal['points'], lang)}"
    return SENTENCES[kind.id](goal, lang, goals.unit_points(goal))


def texts(goal: Item) -> dict[str, str]:
    """Both languages, as the spec's bilingual names are: {en, zh-TW}."""
    return {"en": goal_text(goal, "en"), ZH: goal_text(goal, ZH)}


def _points(n: int, lang: str) -> str:
    return f"{n} 分" if lang == ZH else f"{n} point{'' if n == 1 else 's'}"


def _majority(lang: str, whom: str = "") -> str:
    first, second = goals.MAJORITY
    if lang == ZH:
        return f"最多{whom}的玩家再獲得 {first} 分，第二名獲得 {second} 分。"
    return f"Most{' ' + whom if whom else ''}: +{first}, second: +{second}."


def _named(table, key: str, lang: str) -> str:
    name = table[key].name(lang)
    return name if lang == ZH else name.lower()


def _most_baubles(g: Item, lang: str, pts: int) -> str:
    table, key = (rules.COLORS, g["color"]) if g.get("color") else (rules.SHAPES, g["shape"])
    what = _named(table, key, lang)
    if lang == ZH:
        return f"每個{what}玻璃珠 {_points(pts, lang)}。{_majority(lang, what + '玻璃珠')}"
    return f"Each {what} bauble: {_points(pts, lang)}. {_majority(lang, what + ' baubles')}"


def _most_specials(g: Item, lang: str, pts: int) -> str:
    d = rules.DECORATIONS[g["decoration"]]
    if lang == ZH:
        return f"每個{d.zh} {_points(pts, lang)}。{_majority(lang, d.zh)}"
    return f"Each {d.en.lower()}: {_points(pts, lang)}. {_majority(lang, d.many)}"


def _bubbles(g: Item, lang: str, pts: int) -> str:
    colour = _named(rules.BUBBLES, g["bubble"], lang)
    if lang == ZH:
        return f"每個完整的{colour}泡泡 {_points(pts, lang)}。"
    return f"Each completed {colour} bubble: {_points(pts, lang)}."


def _formation(g: Item, lang: str) -> tuple[int, str]:
    f = goals.FORMATIONS[g["formation"]]
    return f.cells, f.name(lang)


def _twins(g: Item, lang: str, pts: int) -> str:
    n, how = _formation(g, lang)
    if lang == ZH:
        return f"每組{how}、顏色及形狀皆相同的 {n} 個玻璃珠 {_points(pts, lang)}。"
    return f"Each {n} baubles of one colour and shape, {how}: {_points(pts, lang)}."


def _trio(g: Item, lang: str, pts: int) -> str:
    n, how = _formation(g, lang)
    if lang == ZH:
        return f"每組{how}、相同顏色或相同形狀的 {n} 個玻璃珠 {_points(pts, lang)}。"
    return f"Each {n} baubles of one colour or one shape, {how}: {_points(pts, lang)}."


def _four_equal(g: Item, lang: str, pts: int) -> str:
    n, how = _formation(g, lang)
    if lang == ZH:
        return f"每組{how}、分數相同的 {n} 個玻璃珠 {_points(pts, lang)}。"
    return f"Each {n} baubles of equal value, {how}: {_points(pts, lang)}."


def _sequence(g: Item, lang: str, pts: int) -> str:
    _, how = _formation(g, lang)
    if lang == ZH:
        run = "、".join(map(str, rules.SNOWFLAKES))
        return f"每組{how}、依序相鄰、雪花為 {run} 的玻璃珠 {_points(pts, lang)}。"
    run = ", ".join(map(str, rules.SNOWFLAKES))
    return f"Each {run} snowflake run of baubles, {how}: {_points(pts, lang)}."


def _candy_gingerbread(g: Item, lang: str, pts: int) -> str:
    _, how = _formation(g, lang)
    candy, man = rules.DECORATIONS["candy"], rules.DECORATIONS["gingerbread"]
    if lang == ZH:
        return f"每組{how}相鄰的{candy.zh}與{man.zh} {_points(pts, lang)}。"
    return f"Each {candy.en.lower()} and {man.en.lower()} touching {how}: {_points(pts, lang)}."


def _row_variety(g: Item, lang: str, pts: int) -> str:
    n = len(goals.BY[g["by"]])
    if lang == ZH:
        return f"每排含有 {n} 種不同{'顏色' if g['by'] == 'color' else '形狀'}的玻璃珠 {_points(pts, lang)}。"
    return f"Each row holding baubles of all {n} {'colours' if g['by'] == 'color' else 'shapes'}: {_points(pts, lang)}."


def _row_ends(g: Item, lang: str, pts: int) -> str:
    if lang == ZH:
        return f"每排兩端有相同顏色及形狀的玻璃珠 {_points(pts, lang)}。"
    return f"Each row whose two end baubles share colour and shape: {_points(pts, lang)}."


def _snowflake_lines(g: Item, lang: str, pts: int) -> str:
    """A row is a level (one of each length: 'Level IV'); diagonals of a length are several."""
    lines, target, length = goals.lines_of(g), g["target"], g["length"]
    if g["lines"] == "rows" and len(lines) == 1:
        level = board.NUMERALS[board.rows().index(lines[0])]
        if lang == ZH:
            return f"第 {level} 層玻璃珠的雪花至少 {target} 個：{_points(pts, lang)}。"
        return f"Level {level} with at least {target} snowflakes on its baubles: {_points(pts, lang)}."
    if lang == ZH:
        line = "排" if g["lines"] == "rows" else "斜角"
        return f"每個 {length} 張的{line}上玻璃珠的雪花至少 {target} 個：{_points(pts, lang)}。"
    line = "row" if g["lines"] == "rows" else "diagonal"
    return f"Each {line} of {length} cards with at least {target} snowflakes on its baubles: {_points(pts, lang)}."


def _bubble_pairs(g: Item, lang: str, pts: int) -> str:
    colour, n = _named(rules.BUBBLES, g["bubble"], lang), goals.BUBBLE_PAIR
    if lang == ZH:
        return f"同一張卡上每 {n} 個完整的{colour}泡泡 {_points(pts, lang)}。"
    return f"Each {n} completed {colour} bubbles on one card: {_points(pts, lang)}."


SENTENCES = {
    "most-baubles": _most_baubles, "most-specials": _most_specials, "bubbles": _bubbles,
    "twins": _twins, "candy-gingerbread": _candy_gingerbread, "row-variety": _row_variety,
    "trio": _trio, "row-ends": _row_ends, "snowflake-lines": _snowflake_lines,
    "sequence": _sequence, "four-equal": _four_equal, "bubble-pairs": _bubble_pairs,
}
