"""A declared game's deal, said: as data and as lines for the people setting up, in one language.

Takes the table a deal left (setup.py's `deal`: the cards where its steps put them, and each step
run with its numbers), the seed, the variant, a language, how a card's name is printed and the
game's title; returns (`result`) the `SetupResult` every game's setup gives. Its data is split
into `public` (what everyone sees, and the cards of kinds no step shuffles in, left in the box),
`private` (each player's hand), `hidden` (the order of face-down piles) and, when a deal is
`seen_by: others`, `seen_by_others` (per seat, the cards it holds facing out); its lines are each
step's in the order of the steps (its `text:` or note, then what it laid out), then what no step
laid out, and per seat its hand, or the cards it holds facing out as the others see them and as
its holder reads them (how many, not which). The words are `TEXT`'s, in English and Chinese.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Any

from ...diagnostics import plural
from ...load.spec import Item, Spec
from ..base import CARD_KEYS, SetupResult, card_json
from .setup import _COUNTED, Step, _Table

# The deal's own words, in both languages (`phrases` adds the framing every setup shares).
TEXT = {
    "title": {"en": "{title} for {who} (seed {seed})", "zh-TW": "{title}：{players} 位玩家（隨機種子 {seed}）"},
    "title_variant": {"en": "{title} for {who} (seed {seed}), {variant}",
                      "zh-TW": "{title}：{players} 位玩家（隨機種子 {seed}），{variant}"},
    "title_game": {"en": "{title}, {variant} for {who} (seed {seed})",  # a game always played in a variant
                   "zh-TW": "{title}：{players} 位玩家（隨機種子 {seed}），{variant}"},
    "title_named": {"en": "{title} for {who} (seed {seed}, {variant})",  # a variant the game names
                    "zh-TW": "{title}：{players} 位玩家（隨機種子 {seed}，{variant}）"},
    "face_up": {"en": "  face up: {cards}", "zh-TW": "  正面朝上：{cards}"},
    "seat_cards": {"en": "  {seat}: {cards}", "zh-TW": "  {seat}：{cards}"},
    "pile": {"en": "  {pile}: {n}, face down", "zh-TW": "  {pile}：{n}，正面朝下"},
    "pile_n": {"en": "pile {n}", "zh-TW": "第 {n} 疊"},
    "deck": {"en": "deck", "zh-TW": "牌庫"},
    "removed": {"en": "  set aside (out of the game): {cards}", "zh-TW": "  放到一旁（不參與遊戲）：{cards}"},
    "box": {"en": "  not placed by the setup (the rules say where): {cards}",
            "zh-TW": "  設置步驟沒有擺放（依規則使用）：{cards}"},
    "supply": {"en": "  on the table, for everyone: {cards}", "zh-TW": "  放在桌上，大家共用：{cards}"},
    "nothing": {"en": "nothing", "zh-TW": "無"},
    "kind_count": {"en": "{n} {noun}", "zh-TW": "{n} 張{noun}"},
    "kind_line": {"en": "\n    {kind}: {cards}", "zh-TW": "\n    {kind}：{cards}"},
    "n_cards": {"en": "{n} cards", "zh-TW": "{n} 張"},
    "one_card": {"en": "1 card", "zh-TW": "1 張"},
    "copies": {"en": "{n} × {card}", "zh-TW": "{n} × {card}"},  # the copies of one component, listed once
    "unseen": {"en": "  {cards}, held facing out: the others see them, you may not",
               "zh-TW": "  {cards}，朝外拿著：其他玩家看得到，你自己不能看"},
}


class _Words:
    """How the deal is said in one language: a card as data and as a label, lists, counts, piles."""

    def __init__(self, table: _Table, lang: str, name):
        from ..base import phrases

        self.word, self.lang, self.name, self.labels = phrases(TEXT, lang), lang, name, table.labels
        self.steps, self.numbers = table.steps, {id(s): n for s, n in table.said}

    def js(self, x) -> dict:
        c = x[0]
        fields = {k: v for k, v in c.fields.items() if k not in ("id", "count", "back")}
        out = card_json(c, x[1], self.name(c, self.lang), kind=c.kind, **fields)
        if any(k in CARD_KEYS or k == "kind" for k in fields):  # a field called name, id, card or kind
            out["fields"] = fields  # its value in full, where the card's own keys do not hide it
        return out

    def listed(self, cards) -> str:
        """The cards by name and id, the copies of one component once: "11 × Chip [chip]"."""
        copies = Counter(c.id for c, _ in cards)
        first: dict[str, Item] = {}
        for c, _ in cards:
            first.setdefault(c.id, c)
        labels = {i: f"{self.name(c, self.lang)} [{i}]" for i, c in first.items()}
        said = [labels[i] if copies[i] == 1 else self.word("copies", n=copies[i], card=labels[i]) for i in first]
        return self.word("and").join(said) or self.word("nothing")

    def n_cards(self, n: int) -> str:
        return self.word("one_card") if n == 1 else self.word("n_cards", n=n)

    def pile(self, key: str) -> str:
        """A pile's name in the language: the spec's, as it gives it; pnp's own ("deck", "pile 2") translated."""
        if key in self.labels:
            return self.labels[key].get(self.lang) or self.labels[key]["en"]
        number = key.split()[-1]
        if key.startswith("pile ") and number.isdigit():
            return self.word("pile_n", n=number)
        return self.word("deck") if key == "deck" else key

    def sentence(self, step: Step, numbers: dict) -> str | None:
        """The step's own sentence (`text:`, a note) with its numbers, or None when it has none."""
        said = step.text or (step.arg if step.what == "note" else None)
        if said is None:
            return None
        sizes = self.word("and").join(map(str, numbers.get("sizes", [])))
        moved = numbers.get("moved", numbers.get("shown"))
        if moved is None and "given" in numbers:
            moved = [x for cs in numbers["given"].values() for x in cs]
        extra = {"cards": _Kinds(numbers.get("cards", 0), moved or [], len), "listed": _Kinds(
            self.listed(moved or []), moved or [], self.listed)} if moved is not None else {}
        quoted = {s.name: _Quoted(self.numbers.get(id(s), {})) for s in self.steps if s.name}  # {hand.each}
        return _COUNTED.format(said.get(self.lang) or said["en"], **{**quoted, **numbers, "sizes": sizes, **extra})


class _Quoted:
    """A named step's numbers, for another step's text: {hand.each} (0 when the step did not run)."""

    def __init__(self, numbers: dict):
        self.numbers = numbers

    def __getattr__(self, number: str):
        return self.__dict__["numbers"].get(number, 0)


class _Kinds:
    """A step's number or list of cards in a text, and the same of one kind: {cards.plum}."""

    def __init__(self, whole, cards, of):
        self.whole, self.cards, self.of = whole, cards, of

    def __getattr__(self, kind: str):
        return self.of([x for x in self.__dict__["cards"] if x[0].kind == kind])

    def __format__(self, spec: str) -> str:
        return format(self.whole, spec)

    def __eq__(self, other) -> bool:  # {cards:card|cards}: singular for 1
        return self.whole == other

    __hash__ = None


def result(spec: Spec, table: _Table, seed: int, variant: str | None, lang: str, name, title: str,
           called: dict[str, str] | None = None, always: bool = False) -> SetupResult:
    """The deal as data and as lines for a person, in `lang`, each step's lines in the order of the
    steps. `name(item, lang)` is a card's printed name; `called`: what the game calls the variant;
    `always`: the game is always played in one of its variants (a `default_variant:`), which then
    names the kind of game ("Christmas Tree, family game for 2 players") rather than a departure
    from it ("Pi mal Pflaumen for 3 players (seed 2, veteran variant)")."""
    from ..base import game_name

    w = _Words(table, lang, name)
    shown_title = game_name(spec, lang) if lang != "en" else title
    form = ("title_game" if always else "title_named") if variant and called else "title_variant" if variant else "title"
    said = (called.get(lang) or called["en"]) if variant and called else variant
    lines = [w.word(form, title=shown_title, players=table.players, seed=seed,
                    variant=said, who=plural(table.players, "player")), "", w.word("table")]
    held = {s: [ln for g, cs in groups.items() if cs
                for ln in _held_lines(table, w, g, cs)]
            for s, groups in table.hands.items()}
    facing = {s: [f"  {w.listed(cs)}" for cs in groups.values() if cs] for s, groups in table.facing.items()}
    unseen = {s: [w.word("unseen", cards=w.n_cards(len(cs))) for cs in groups.values() if cs]
              for s, groups in table.facing.items()}
    return SetupResult(_data(spec, table, seed, variant, lang, w.js), lines + _step_lines(table, w),
                      {s: ls for s, ls in held.items() if ls}, {s: ls for s, ls in facing.items() if ls},
                      {s: ls for s, ls in unseen.items() if ls})


def _held_lines(table: _Table, w: _Words, group: str, cards: list) -> list[str]:
    """A hand in its holder's section: one line, or a line for each card (a deal's `each_card`)."""
    template = table.card_lines.get(group)
    if template is None:
        return [f"  {w.listed(cards)}"]
    text = template.get(w.lang) or template["en"]
    return ["  " + _COUNTED.format(text, **{**c.fields, "card": f"{w.name(c, w.lang)} [{c.id}]"}) for c, _ in cards]


def _data(spec: Spec, table: _Table, seed: int, variant: str | None, lang: str, js) -> dict[str, Any]:
    """The deal as JSON-ready data: public, private, hidden (and seen_by_others when a deal says so)."""
    piles = table.piles + ([("deck", table.deck)] if table.deck else [])
    public: dict[str, Any] = {"table": [], "given": {}, "piles": {}, "removed": [js(x) for x in table.removed],
                              "box": [js(x) for x in table.box]}  # box: of kinds no shuffle step put into play
    public.update({g: [js(x) for x in cs] if g not in table.counted else _counted(cs, table.counted[g], js)
                   for g, cs in table.shown.items()})
    public.update({g: {s: [js(x) for x in cs] for s, cs in seats.items()} for g, seats in table.given.items()})
    public["piles"] = {p: len(cs) for p, cs in piles}
    hidden: dict[str, Any] = {"piles": {p: [js(x) for x in cs] for p, cs in piles}}
    if "piles" in table.grouped and table.deck:  # the named piles took the key: the rest of the deck has its own
        public["deck"], hidden["deck"] = len(table.deck), [js(x) for x in table.deck]
    for g, group in table.grouped.items():
        public[g] = [len(cs) for cs in group]
        hidden[g] = [[js(x) for x in cs] for cs in group]
    private = {s: {g: [js(x) for x in cs] for g, cs in groups.items()} or ({} if table.facing[s] else {"hand": []})
               for s, groups in table.hands.items()}
    data = {"game": spec.game, "players": table.players, "seed": seed, "variant": variant, "lang": lang,
            "public": public, "private": private, "hidden": hidden}
    if table.dummies:  # the dummy seats (`dummies:`): at the table for all to know, their hands no one's to see
        public["dummies"] = list(table.dummies)
        hidden["dummies"] = {s: {g: [js(x) for x in cs] for g, cs in groups.items()}
                             for s, groups in table.dummy_hands.items()}
    if table.returned is not None:  # a step sets cards aside (`set_aside:`): those a pile took back, face
        public["shuffled_back"] = [js(x)["card"] for x in table.returned]  # down now: their labels, not the cards
    if any(table.facing.values()):  # per seat, the cards its holder shows the others and may not see
        data["seen_by_others"] = {s: {g: [js(x) for x in cs] for g, cs in groups.items()}
                                  for s, groups in table.facing.items()}
    return data


def _counted(cards, kinds: list[str], js) -> dict[str, Any]:
    """A place step's cards with `counted:` kinds: {kind: how many} for those, {kind: [cards]} for the rest."""
    out: dict[str, Any] = {}
    for x in cards:
        if x[0].kind in kinds:
            out[x[0].kind] = out.get(x[0].kind, 0) + 1
        else:
            out.setdefault(x[0].kind, []).append(js(x))
    return out


def _step_lines(table: _Table, w: _Words) -> list[str]:
    """Each step's lines after its own sentence. A paragraph is a sentence and its step's lines (a
    note joins the sentence before it), or the lines of steps without one: a step's lines never
    read as another step's sentence's."""
    lines, last = [], None  # last: what the paragraph so far ends with, "sentence" or "lines"
    for step, numbers in table.said:
        sentence = w.sentence(step, numbers)
        own = _own_lines(step, numbers, table, w, sentence is not None)
        if sentence is not None:  # an indented sentence continues the paragraph before it
            joins = step.what == "note" and last != "lines" or sentence.startswith(" ")
            lines += sentence.split("\n") if joins else ["", *sentence.split("\n")]
        elif own and last == "sentence":
            lines.append("")
        lines += own
        last = "lines" if own and sentence is None else "sentence" if sentence is not None else last
    rest = _rest_lines(table, w)
    return lines + ([""] if rest and last == "sentence" else []) + rest


def _own_lines(step: Step, numbers: dict, table: _Table, w: _Words, has_text: bool) -> list[str]:
    """What a step shows on the table: cards given or dealt open, cards face up, piles made
    (nothing when its text lists them already, with {listed})."""
    if has_text and _lists(step):
        return []
    if step.what == "give" or step.what == "deal" and step.seen_by == "all":
        return [w.word("seat_cards", seat=w.word("seat", n=s.split()[-1]), cards=w.listed(cs))
                for s, cs in numbers["given"].items() if cs]
    if step.what == "display":
        return [w.word("face_up", cards=w.listed(numbers["shown"]))]
    if step.what == "place":
        return [w.word("supply", cards=w.listed(numbers["shown"]))]
    if has_text:
        return []
    if step.what == "piles":
        made = dict(table.piles)
        made.update({f"{g} {i}": cs for g, group in table.grouped.items() for i, cs in enumerate(group, 1)})
        return [w.word("pile", pile=w.pile(p), n=w.n_cards(len(made[p]))) for p in numbers["made"]]
    if step.what == "pile":
        cs = next(cs for p, cs in table.piles if p == step.arg["en"])
        return [w.word("pile", pile=w.pile(step.arg["en"]), n=w.n_cards(len(cs)))]
    return []


def _rest_lines(table: _Table, w: _Words) -> list[str]:
    """What no step laid out: the rest of the deck, the cards set aside, those left in the box."""
    lines = [w.word("pile", pile=w.pile("deck"), n=w.n_cards(len(table.deck)))] if table.deck else []
    told = {id(x) for step, numbers in table.said if step.what == "remove" and _lists(step) for x in numbers["moved"]}
    removed = [x for x in table.removed if id(x) not in told]  # a remove step's text listed the rest
    if removed:
        lines.append(w.word("removed", cards=_summed(removed, w, table)))
    if table.box:
        lines.append(w.word("box", cards=_summed(table.box, w, table)))
    return [re.sub(r" +\n", "\n", line) for line in lines]  # no space left before a kind's line


LISTED_AT_MOST = 12  # different cards one line names; more are named a kind a line


def _summed(cards: list, w: _Words, table: _Table) -> str:
    """The cards by name and id; more different ones than a line can name readably, a line for each
    kind, led by how many ("9 gingerbread men: …"), the kind's `nouns:` where the game has them."""
    if len({c.id for c, _ in cards}) <= LISTED_AT_MOST:
        return w.listed(cards)
    from .rules import noun

    declared = getattr(getattr(table.spec, "definition", None), "declared", None)
    nouns = getattr(getattr(declared, "kinds", None), "nouns", None) or {}
    kinds: dict[str, list] = {}
    for x in cards:
        kinds.setdefault(x[0].kind, []).append(x)
    lines = []
    for kind, xs in kinds.items():
        if w.lang == "en":
            counted = noun(nouns, kind, len(xs), w.lang)
        else:  # 張: the measure word of a card
            counted = w.word("kind_count", n=len(xs), noun=(nouns.get(kind, {}).get(w.lang) or (kind,))[0])
        lines.append(w.word("kind_line", kind=counted, cards=w.listed(xs)))
    return "".join(lines)


def _lists(step: Step) -> bool:
    """Whether the step's text names the cards it moved ({listed}, {listed.KIND})."""
    return step.text is not None and any("{listed" in t for t in step.text.values())
