"""What every game shares with the pipeline: its `GameDef`, and the pieces its rules, setup,
scorer and renderer are written with (names in two languages, a setup's result, phrase tables).

A `GameDef` is the game's seam with the pipeline: its component kinds and their fields (the
spec schema), its back designs, the layout boxes its renderer reads, and its hooks — the rules
check, the card renderer, the setup, the scorer. The registry (pnp/games/__init__.py) makes one
for each installed game package, its hooks found by convention (`Hook`).
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from importlib import import_module, util
from typing import Any, Callable, Mapping, Sequence

from ..records import field, record
from ..diagnostics import Report, UnknownGame, one_of  # noqa: F401  (UnknownGame: read from here too)
from ..geometry.drawing import Drawing
from ..load.layout import Edition, Template
from ..load.schema import Field
from ..load.spec import LANGS, Item, Spec


def say(texts: dict[str, str], lang: str) -> str:
    """Text in `lang` from a {"en": …, "zh-TW": …} table, English where it has no such entry."""
    return texts.get(lang) or texts["en"]


class Bilingual:
    """For rules-model records with `en` and `zh` (the seed's zh-TW) names."""

    def name(self, lang: str) -> str:
        return self.zh if lang == "zh-TW" else self.en  # type: ignore[attr-defined]


@record(frozen=True)
class Named(Bilingual):
    """A thing every game names on its cards: an id, its English and Traditional Chinese names
    (zh-TW from the seed rulebook) and the colour its drawing and name plate use."""

    id: str
    en: str
    zh: str
    colour: str


def by_id(*items: Named) -> dict[str, Named]:
    """A rules-model table keyed by id, in the order given."""
    return {i.id: i for i in items}


@record
class RenderContext:
    """What a renderer draws one piece with: the spec, the piece's template, the language, the bleed
    and the build's edition."""

    spec: Spec
    template: Template  # the shape, size and boxes of the piece being drawn
    lang: str
    bleed: float
    edition: Edition | None = None  # every template of the build, for a piece drawn to fit another (a board's spaces)

    def name(self, names: dict[str, str]) -> str:
        return say(names, self.lang)


class SetupError(Exception):
    """A setup that cannot be made. `usage` is True for a bad request (player count, variant),
    False when the deck itself cannot be set up."""

    def __init__(self, message: str, usage: bool = True):
        super().__init__(message)
        self.usage = usage


@record
class SetupResult:
    """A deal (or a score) for a person and for tools.

    For a setup, `data` is JSON-ready and split like the table: `public` (what everyone sees —
    piles, basket, turn order, what is set aside), `private` (per seat, "player 1" …: the cards
    only that player may look at) and `hidden` (face-down cards no player sees, such as the
    order of a draw pile). `lines` is the public part for a person, `private` the same per seat.
    """

    data: dict[str, Any]
    lines: list[str]
    private: dict[str, list[str]] = field(default_factory=dict)
    # hands dealt `seen_by: others`, per seat: the lines of the cards it holds facing out (for the
    # others) and the lines its holder reads instead (how many, not which)
    facing: dict[str, list[str]] = field(default_factory=dict)
    unseen: dict[str, list[str]] = field(default_factory=dict)


def seat_name(p: int) -> str:
    """The key of player `p` (from 1) in a setup's `private` part (the same in every language)."""
    return f"player {p}"


# Framing words every setup uses, {key: {lang: text}} like every table `phrases` reads.
SETUP_TEXT = {
    "table": {"en": "On the table, for everyone to see:", "zh-TW": "桌面上，所有玩家都看得到："},
    "seat": {"en": "player {n}", "zh-TW": "玩家 {n}"},
    "and": {"en": ", ", "zh-TW": "、"},  # between the items of a list
    "or": {"en": " or ", "zh-TW": "或"},
}


def phrases(table: Mapping[str, Mapping[str, str]], lang: str) -> Callable[..., str]:
    """The sentences of `table` ({key: {"en": …, "zh-TW": …}}, over the shared SETUP_TEXT) in
    `lang`: `word(key, **values)` is that sentence with `values` filled in (str.format; a
    sentence uses the values it needs and ignores the rest), English where it has no `lang`.
    Every number in a sentence is a value from the rules model or the spec, never a literal."""
    texts = {**SETUP_TEXT, **table}

    def word(key: str, **values: Any) -> str:
        return say(texts[key], lang).format(**values)

    return word


def game_name(spec: Spec, lang: str) -> str:
    """The game's name in `lang` as its spec gives it (`name:`, the seed's zh-TW title)."""
    return spec.name.get(lang) or spec.name.get("en") or spec.game


CARD_KEYS = ("card", "id", "name")


def card_json(item: Item, copy: int, name: str, /, **extra: Any) -> dict[str, Any]:
    """A dealt card in a setup's JSON: its copy label, printed name, spec id and what else matters
    (an extra under one of CARD_KEYS is left to the caller to put elsewhere: it would hide them)."""
    return {"card": f"{item.id}#{copy}", "id": item.id, "name": name,
            **{k: v for k, v in extra.items() if k not in CARD_KEYS}}


_UNRESOLVED = object()


class Hook:
    """A function of a game package found by convention, `PACKAGE.MODULE.NAME` (the validator in
    validate.py, the setup in setup.py, …), imported on its first call: renderers (reportlab,
    fonts, art) load only for the commands that draw, so `pnp validate` and `pnp setup` start
    fast. An optional hook is false when its module or function does not exist."""

    __slots__ = ("module", "name", "_fn")

    def __init__(self, module: str, name: str):
        self.module, self.name, self._fn = module, name, _UNRESOLVED

    def _resolve(self) -> Callable[..., Any] | None:
        if self._fn is _UNRESOLVED:
            found = util.find_spec(self.module) is not None
            self._fn = getattr(import_module(self.module), self.name, None) if found else None
        return self._fn

    def __bool__(self) -> bool:
        return self._resolve() is not None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        fn = self._resolve()
        if fn is None:
            raise UnknownGame(f"game package module {self.module} has no function {self.name}")
        return fn(*args, **kwargs)

    def __repr__(self) -> str:
        return f"Hook({self.module}.{self.name})"


@record
class GameDef:
    """A game's seam with the pipeline: its component kinds and their fields, its back designs, the
    layout boxes its renderer reads, its player counts and variants, and its hooks."""

    id: str
    title: str
    kinds: dict[str, list[Field]]
    back_kinds: dict[str, list[Field]]
    boxes: Sequence[str] | Mapping[str, Sequence[str]]  # layout boxes the renderer reads: for every kind, or per kind
    players: Sequence[int]
    variants: Sequence[str] = ()
    sections: Sequence[Field] = field(default_factory=list)
    # Back-design kinds whose drawing depends on the card it backs (e.g. a card that shows its
    # face on both sides); every other back design is drawn once and shared.
    per_card_backs: Sequence[str] = ()
    # The kinds a setup shuffles together into one face-down deck, deck by deck (The Jam: its game
    # cards, and each mission kind apart): each deck's cards must share one back (`check_backs`).
    # A declared game's decks come from its setup steps instead; a game whose own validator checks
    # its backs under a code of its own (Christmas Tree, Pi mal Pflaumen) declares none.
    face_down: Sequence[Sequence[str]] = ()
    # The hooks (a game package's are found by convention, see HOOKS):
    validate: Callable[[Spec, Report], None] | None = None
    render_face: Callable[[Item, RenderContext], Drawing] | None = None
    render_back: Callable[[Item, RenderContext, Item], Drawing] | None = None  # (back design, ctx, the card it backs)
    setup: Callable[..., SetupResult] | None = None
    # End-of-game scoring of a played game: (spec, game file, its display path) -> result; raises
    # InputError (located diagnostics) for a file that cannot be read. None: no scorer.
    score: Callable[..., SetupResult] | None = None
    # A card's name as a player reads it on the printed card, in `lang`: (item, spec, lang) -> str.
    # Setups name cards by it and scorers accept it (or the spec id). None: the spec id.
    card_name: Callable[[Item, Spec, str], str] | None = None
    # What a face's drawing reads from the rest of the deck, as plain data (The Jam: the recipe
    # table); the render cache and `--changed` key every face on it. None: only its own entry.
    deck_context: Callable[[Spec], Any] | None = None
    # A game declared in data (pnp/games/declared/): what its spec declares, and the spec's keys
    # that declaration reads (beside game, name, components, backs, back).
    declared: Any = None
    spec_keys: Sequence[str] = ()

    def face_down_decks(self, spec: Spec) -> list[list[Item]]:
        """The components of each face-down deck the game's setup makes: from a declared game's
        setup steps (every player count and variant), else from `face_down`."""
        d = self.declared
        if d is None:
            return [spec.of_kind(*kinds) for kinds in self.face_down]
        return d.face_down_decks(spec)

    def name_of(self, item: Item, spec: Spec, lang: str = "en") -> str:
        return self.card_name(item, spec, lang) if self.card_name else item.id

    def labelled(self, item: Item, spec: Spec, lang: str = "en") -> str:
        """The printed name with the spec id in brackets: 'Strawberry jam / Walnut [strawberry-jam-walnut]'."""
        name = self.name_of(item, spec, lang)
        return name if name == item.id else f"{name} [{item.id}]"

    def find_cards(self, spec: Spec, text: str, kinds: Sequence[str] = ()) -> tuple[list[Item], str]:
        """Every component a player may mean by `text`: the one with that spec id; else those whose
        printed name, in any language, is `text` (case, spacing and punctuation spacing ignored);
        else those whose name without its bracketed detail is (GEM's cards print no name: setup
        calls one 'Diamond (invest 4, loan 5)', and 'Diamond' finds every diamond card). Returns
        (items, "") or ([], why not, naming close matches)."""
        pool = [c for c in spec.components if not kinds or c.kind in kinds]
        for c in pool:
            if c.id == text:
                return [c], ""
        key = _name_key(text)
        names = {c.id: [self.name_of(c, spec, lang) for lang in LANGS] for c in pool}
        for level in (_name_key, _short_key):
            hits = [c for c in pool if any(level(name) == key for name in names[c.id])]
            if hits:
                return hits, ""
        english = [names[c.id][0] for c in pool]
        known = [c.id for c in pool] + list(dict.fromkeys(english + [_short(n) for n in english]))
        from difflib import get_close_matches  # only for a name misspelt

        close = get_close_matches(text, known, n=3)
        hint = f"; did you mean {' or '.join(repr(m) for m in close)}?" if close else ""
        return [], f"no card is named or has the id '{text}'{hint}"

    def find_card(self, spec: Spec, text: str, kinds: Sequence[str] = ()) -> tuple[Item | None, str]:
        """The one component a player means by `text` (see `find_cards`): (item, "") or (None, why
        not) — a name several cards answer to asks for the card's id, listing them."""
        hits, why = self.find_cards(spec, text, kinds)
        if len(hits) == 1:
            return hits[0], ""
        if hits:
            return None, (f"'{text}' names {len(hits)} different cards ("
                          + ", ".join(h.id for h in hits[:6]) + (", …" if len(hits) > 6 else "")
                          + "); give the card's id")
        return None, why


def check_backs(spec: Spec, decks: Sequence[Sequence[Item]], report: Report) -> None:
    """Cards shuffled into one face-down deck share one back design: a card with a back of its own,
    or none, is known from behind — which one is on top, which one a player holds. Each odd card is
    a rule break (DECK-BACKS) at its `back:` (at its entry or row when it takes the spec's
    default back), said once however many decks it is in; the back most of the deck has is the
    deck's. A back the game's own checks already refused there (an error at it: Christmas Tree's
    CT-BACKS, Pi mal Pflaumen's PMP-BACK) is not told again."""
    inherited = Counter(c.loc_of("back") for c in spec.components if "back" in c.locs)
    told: set[str] = set()
    refused = {d.loc for d in report.errors}
    for deck in decks:
        backs = Counter(c.back for c in deck)
        if len(backs) < 2:
            continue
        common = backs.most_common(1)[0][0]
        kinds = one_of(dict.fromkeys(c.kind for c in deck), word="and")
        for c in deck:
            if c.back == common or c.id in told:
                continue
            told.add(c.id)
            at = c.loc_of("back") if inherited[c.loc_of("back")] == 1 else c.loc
            if at in refused:
                continue
            report.rule(at, "DECK-BACKS",
                        f"{c.kind} '{c.id}' has {_back_words(c.back)}, but the other cards the setup shuffles into its "
                        f"face-down deck ({kinds}) have {_back_words(common)}: a different back shows which card it "
                        f"is from behind; {_fix(common)}")


def _fix(common: str | None) -> str:
    return f"give it  back: {common}" if common is not None else "print it without a back too (back: none)"


def _back_words(back: str | None) -> str:
    return f"back '{back}'" if back is not None else "no back (back: none)"


def _name_key(text: str) -> str:
    """Names compare without case, spaces or the spacing around / + · ( ) punctuation."""
    return "".join(ch for ch in text.casefold() if not ch.isspace())


def _short(name: str) -> str:
    """A printed name without its bracketed detail at the end: 'Diamond (invest 4, loan 5)' ->
    'Diamond', '鑽石（投資 4，貸款 5）' -> '鑽石'; a name without one stays as it is."""
    cut = min((i for i in (name.find(" ("), name.find("（"), name.find("(")) if i > 0), default=-1)
    return name[:cut].rstrip() if cut > 0 and name.rstrip().endswith((")", "）")) else name


def _short_key(name: str) -> str:
    return _name_key(_short(name))


# Where a game package's hooks are, by convention: hook -> (module of the package, function).
HOOKS = {
    "validate": ("validate", "validate"),
    "setup": ("setup", "setup"),
    "render_face": ("render", "render_face"),
    "render_back": ("render", "render_back"),
    "score": ("score", "score"),
    "card_name": ("setup", "card_name"),
    "deck_context": ("deck", "deck_context"),
}
# A package that declares its game in game.yaml has no setup.py: its cards' names, where its
# `names:` cannot say them, come from names.py (its validate.py holds the checks data cannot say).
DECLARED_HOOKS = {"card_name": ("names", "card_name")}
# What a game package's __init__ declares: its name in GameDef -> (module attribute, required).
DECLARED = {
    "title": ("TITLE", True), "kinds": ("KINDS", True), "back_kinds": ("BACK_KINDS", True),
    "boxes": ("BOXES", True), "players": ("PLAYERS", True), "variants": ("VARIANTS", False),
    "sections": ("SECTIONS", False), "per_card_backs": ("PER_CARD_BACKS", False),
    "face_down": ("FACE_DOWN", False),
}


PACKAGE_FILE = "game.yaml"  # a game package's declaration in data, beside its __init__.py


def declared_in_data(module: Any) -> Path | None:
    """The package's game.yaml, when it declares its game in data (GEM)."""
    path = Path(getattr(module, "__file__", None) or "").parent / PACKAGE_FILE
    return path if getattr(module, "__file__", None) and path.is_file() else None


def from_package(game_id: str, package: str) -> GameDef:
    """The game that package `package` declares (TITLE, KINDS, BACK_KINDS, BOXES, PLAYERS and
    optionally VARIANTS, SECTIONS, PER_CARD_BACKS, FACE_DOWN in its __init__), with its hooks found in its
    modules by convention (HOOKS)."""
    try:
        module = import_module(package)
    except Exception as exc:  # a broken third-party package must not take the other games down
        raise UnknownGame(f"game '{game_id}': its package {package} cannot be loaded "
                          f"({type(exc).__name__}: {exc})") from exc
    hooks = {name: Hook(f"{package}.{mod}", fn) for name, (mod, fn) in HOOKS.items()}
    if declared_in_data(module):  # kinds, rules and setup in its game.yaml: the registry reads it
        hooks.update({name: Hook(f"{package}.{mod}", fn) for name, (mod, fn) in DECLARED_HOOKS.items()})
        return GameDef(id=game_id, title=getattr(module, "TITLE", game_id), kinds={}, back_kinds={},
                       boxes=getattr(module, "BOXES", ()), players=(),
                       per_card_backs=getattr(module, "PER_CARD_BACKS", ()), **hooks)
    missing = [attr for attr, required in DECLARED.values() if required and not hasattr(module, attr)]
    if missing:
        raise UnknownGame(f"game '{game_id}': its package {package} does not declare {', '.join(missing)}")
    declared = {name: getattr(module, attr) for name, (attr, _) in DECLARED.items() if hasattr(module, attr)}
    return GameDef(id=game_id, **declared, **hooks)
