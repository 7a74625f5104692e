"""The Tabletop Simulator writer: a deck's cards laid out in the sheets TTS imports.

A TTS Custom Deck reads one image per sheet: a grid of equal slots, at most 10 columns x 7 rows
and 4096 px on a side, filled row by row from the top left, plus a card count and a back image
(or, with "Unique Backs", a second sheet of backs in the same grid). The grid's last slot (bottom
right) is what TTS shows for a card hidden in another player's hand, so it is never a card: a
sheet holds at most 69 cards, and that slot shows the deck's back. A copy of a card takes a slot
of its own. Takes a `Deck` and the drawn faces and backs; returns the sheet images (RGB, pieces
on white) with their file names, and the record deck.json keeps: which card is in which slot.

`saved_object` turns those records into a TTS saved object (`<game>.json`, spawned from Objects >
Saved Objects): one object per sheet, a "DeckCustom" of the sheet's cards (a "Card" where the
sheet holds one), each with a CustomDeck entry of its own whose FaceURL is the sheet and whose
BackURL is the deck's back (or, with UniqueBack, the sheet's back sheet). A card's CardID is
n * 100 + its slot, n the sheet's CustomDeck key, so every copy is in the deck once; a game's keys
are a block of its own (`first_key`), so two exported games can share a table.

Pieces that are not rectangles (diamonds, rounds, hexagons) up to CARD_MAX_MM are not cards (a TTS
card is a rectangle: a diamond showed white corners): each distinct face is a PNG of its own,
transparent outside the piece's outline, and every copy a Custom Token cut round that outline,
held in a Bag per back design that gives them out at random, as a face-down pile does.
"""
from __future__ import annotations

import hashlib
import math
from collections import Counter

from PIL import Image

from ..records import record
from ..geometry.drawing import Drawing
from .png import MM_PER_IN, Shot, pixels, rasterise

MAX_COLS, MAX_ROWS, MAX_SIDE = 10, 7, 4096
MIN_COLS = MIN_ROWS = 2  # TTS's import dialog takes a grid of at least 2 x 2
PER_SHEET = MAX_COLS * MAX_ROWS - 1  # 69: the last slot is the hidden-card image
CARD_MAX_MM = 150.0  # larger pieces (boards, score tracks) are TTS Custom Boards, not cards


@record(frozen=True)
class Card:
    id: str
    copy: int
    back: str | None  # the key of its back drawing; None: printed without a back


@record
class Deck:
    """Cards of one size sharing a back design, shuffled together at the table."""

    name: str
    template: str
    size_mm: tuple[float, float]
    cards: list[Card]

    @property
    def unique_backs(self) -> bool:
        """Backs that differ card by card (a back showing the card's level): a back sheet too."""
        return len({c.back for c in self.cards}) > 1

    def sheets(self) -> list[list[Card]]:
        return [self.cards[i:i + PER_SHEET] for i in range(0, len(self.cards), PER_SHEET)]


@record
class Bag:
    """Pieces of one shape and size sharing a back design: Custom Tokens in a bag."""

    name: str
    template: str
    size_mm: tuple[float, float]
    pieces: list[Card]


def card_like(shape: str, w: float, h: float) -> bool:
    """Cards go into decks: rectangles up to CARD_MAX_MM a side."""
    return shape == "rect" and max(w, h) <= CARD_MAX_MM


def token_like(shape: str, w: float, h: float) -> bool:
    """Other shapes up to CARD_MAX_MM are tokens: TTS cuts a Custom Token round the transparency
    of its image. Larger pieces (boards) are left to their --png images."""
    return shape != "rect" and max(w, h) <= CARD_MAX_MM


def grid(cards: int) -> tuple[int, int]:
    """Columns and rows for `cards` cards and the hidden-card slot."""
    slots = cards + 1
    cols = min(MAX_COLS, max(MIN_COLS, slots))
    return cols, max(MIN_ROWS, math.ceil(slots / cols))


def slot_size(card_px: tuple[int, int], cols: int, rows: int) -> tuple[int, int]:
    """The card's pixel size, scaled down (never up) so that the sheet fits MAX_SIDE."""
    w, h = card_px
    f = min(1.0, MAX_SIDE / (cols * w), MAX_SIDE / (rows * h))
    return max(1, math.floor(w * f)), max(1, math.floor(h * f))


def decks_of(components, edition, back_of: dict[str, str]) -> tuple[list[Deck], list[Bag], list[dict]]:
    """Cards grouped into decks and tokens into bags, by template and back design, in the spec's
    order; each is named after its back design ('no-back' for pieces printed without one), with
    the template's name added where one design backs pieces of two sizes or shapes. Also the
    pieces left out (boards), as deck.json records them. `back_of`: a card's id -> the key of its
    back drawing."""
    groups: dict[tuple, list[Card]] = {}
    left_out = []
    for c in components:
        t = edition.template_for(c.kind)
        if not (card_like(t.shape, t.width, t.height) or token_like(t.shape, t.width, t.height)):
            left_out.append({"id": c.id, "count": c.count, "shape": t.shape, "size_mm": [t.width, t.height]})
            continue
        groups.setdefault((t.name, c.back), []).extend(Card(c.id, k, back_of.get(c.id)) for k in range(1, c.count + 1))
    designs = [back for _, back in groups]
    decks, bags, taken = [], [], set()
    for (tname, back), cards in groups.items():
        t = edition.templates[tname]
        deck = card_like(t.shape, t.width, t.height)
        name = back or ("no-back" if deck else tname)  # a bag of pieces without a back: named by their shape
        if designs.count(back) > 1 or name in taken:
            name = f"{name}-{tname}"
        taken.add(name)
        if deck:
            decks.append(Deck(name, tname, (t.width, t.height), cards))
        else:
            bags.append(Bag(name, tname, (t.width, t.height), cards))
    return decks, bags, left_out


def images_of(group: Deck | Bag) -> int:
    """How many pictures deck_sheets renders for a deck (each distinct face and back once), and
    bag_tokens for a bag (each distinct face)."""
    if isinstance(group, Bag):
        return len({c.id for c in group.pieces})
    return len({c.id for c in group.cards}) + len({c.back for c in group.cards})


def work_of(decks: list[Deck], bags: list[Bag], dpi: float) -> tuple[int, int]:
    """(images, pixels) that `deck_sheets` and `bag_tokens` render and write for these decks and
    bags at `dpi`, known before any is drawn: each deck's distinct faces and backs at its slot
    size, its sheets (and back sheets) and its back image; each bag's distinct faces."""
    images = px = 0
    for deck in decks:
        w_mm, h_mm = deck.size_mm
        sheets = deck.sheets()
        w, h = slot_size((pixels(w_mm, dpi), pixels(h_mm, dpi)), *grid(len(sheets[0])))
        rendered = images_of(deck)
        images, px = images + rendered, px + rendered * w * h
        sides = 2 if deck.unique_backs else 1
        for cards in sheets:
            cols, rows = grid(len(cards))
            images, px = images + sides, px + sides * cols * rows * w * h
        if not deck.unique_backs:
            images, px = images + 1, px + w * h
    for bag in bags:
        w_mm, h_mm = bag.size_mm
        w, h = slot_size((pixels(w_mm, dpi), pixels(h_mm, dpi)), 1, 1)
        images, px = images + images_of(bag), px + images_of(bag) * w * h
    return images, px


def bag_tokens(bag: Bag, faces: dict[str, Drawing], dpi: float, tick=None, save=None):
    """The bag's token images as [(file name, RGBA image)], one per distinct face, `<id>.token.png`
    (an id has no dot, so it never meets a sheet's name), transparent outside the piece's outline,
    at `dpi` (scaled down to MAX_SIDE); and its record for deck.json. `save(name, image)`, when
    given, takes each image as it is made instead (none is kept)."""
    w_mm, h_mm = bag.size_mm
    size = slot_size((pixels(w_mm, dpi), pixels(h_mm, dpi)), 1, 1)
    ids = list(dict.fromkeys(c.id for c in bag.pieces))
    shots = [Shot(faces[i], (0.0, 0.0, w_mm, h_mm), size) for i in ids]
    files: list = []
    keep = save or (lambda name, img: files.append((name, img)))
    for i, img in zip(ids, rasterise(shots, size[0] * MM_PER_IN / w_mm)):
        keep(f"{i}.token.png", img.convert("RGBA"))
        if tick is not None:
            tick()
    copies = Counter(c.id for c in bag.pieces)
    return files, {"name": bag.name, "template": bag.template, "piece_mm": [round(w_mm, 3), round(h_mm, 3)],
                   "image_px": list(size), "pieces": [{"id": i, "copies": copies[i], "image": f"{i}.token.png"}
                                                      for i in ids]}


def deck_sheets(deck: Deck, faces: dict[str, Drawing], backs: dict[str, Drawing], dpi: float, tick=None,
                save=None):
    """The deck's sheets as [(file name, RGB image)] and its record for deck.json. Every sheet of
    a deck has the slot size of its first, fullest sheet. `tick()` is called as each picture is
    rendered (for a progress line). `save(name, image)`, when given, takes each sheet as it is
    made instead: a deck of a thousand cards is 15 sheets of 50 MB, and none is kept."""
    w_mm, h_mm = deck.size_mm
    sheets = deck.sheets()
    cols, rows = grid(len(sheets[0]))
    slot = slot_size((pixels(w_mm, dpi), pixels(h_mm, dpi)), cols, rows)
    images = _render(deck, faces, backs, slot, tick)
    back = images.get(("back", deck.cards[0].back)) if not deck.unique_backs else None
    files: list[tuple[str, Image.Image]] = []
    keep = save or (lambda name, img: files.append((name, img)))
    records = []
    for n, cards in enumerate(sheets, 1):
        cols, rows = grid(len(cards))
        face_name = f"{deck.name}-{n}.png"
        keep(face_name, _sheet([images[("face", c.id)] for c in cards], cols, rows, slot, back))
        record = {"face": face_name, "columns": cols, "rows": rows, "cards": len(cards),
                  "size_px": [cols * slot[0], rows * slot[1]], "hidden_slot": cols * rows - 1}
        if deck.unique_backs:
            record["back"] = f"{deck.name}-{n}.back.png"
            keep(record["back"], _sheet([images[("back", c.back)] for c in cards], cols, rows, slot, None))
        record["slots"] = [{"slot": i, "row": i // cols, "col": i % cols, "id": c.id, "copy": c.copy}
                           for i, c in enumerate(cards)]
        records.append(record)
    if back is not None:
        keep(f"{deck.name}.back.png", _on_white(back))
    return files, {"name": deck.name, "template": deck.template, "card_mm": [round(w_mm, 3), round(h_mm, 3)],
                   "slot_px": list(slot), "unique_backs": deck.unique_backs,
                   "back": None if deck.unique_backs else f"{deck.name}.back.png", "sheets": records}


def _render(deck: Deck, faces: dict[str, Drawing], backs: dict[str, Drawing], slot: tuple[int, int], tick) -> dict:
    """Each distinct face and back of the deck rendered once at the slot's size; a card printed
    without a back gets a blank one."""
    w_mm, h_mm = deck.size_mm
    wanted: dict[tuple, Drawing] = {}
    for c in deck.cards:
        wanted.setdefault(("face", c.id), faces[c.id])
        wanted.setdefault(("back", c.back), backs[c.back] if c.back is not None else Drawing(w_mm, h_mm))
    dpi = slot[0] * MM_PER_IN / w_mm
    shots = [Shot(d, (0.0, 0.0, w_mm, h_mm), slot) for d in wanted.values()]
    images = {}
    for key, img in zip(wanted, rasterise(shots, dpi)):
        images[key] = img
        if tick is not None:
            tick()
    return images


def _sheet(images: list[Image.Image], cols: int, rows: int, slot: tuple[int, int],
           hidden: Image.Image | None) -> Image.Image:
    w, h = slot
    out = Image.new("RGB", (cols * w, rows * h), "white")
    for i, img in enumerate(images):
        out.paste(_on_white(img), ((i % cols) * w, (i // cols) * h))
    if hidden is not None:
        out.paste(_on_white(hidden), ((cols - 1) * w, (rows - 1) * h))
    return out


def _on_white(img: Image.Image) -> Image.Image:
    """TTS wants RGB: whatever lies outside the piece's outline becomes white."""
    if img.mode != "RGBA":
        return img.convert("RGB")
    ground = Image.new("RGB", img.size, "white")
    ground.paste(img, mask=img.getchannel("A"))
    return ground


# -- the saved object ---------------------------------------------------------------------------
COLOUR = {"r": 0.713235259, "g": 0.713235259, "b": 0.713235259}  # TTS's default tint of a card
WHITE = {"r": 1.0, "g": 1.0, "b": 1.0}  # a token's: TTS tints a Custom Token's image by it
BAG_RANDOM = 2  # a TTS bag's Order: 0 last in first out, 1 first in first out, 2 at random
TOKEN_THICKNESS = 0.1  # TTS units (about an inch): a card-thick tile
DECK_GAP = 3.0  # TTS units between two decks laid out in a row (a card at scale 1 is about 2.1 wide)


def saved_object(title: str, records: list[dict], names: dict[str, str], url, salt: str = "",
                 bags: list[dict] = ()) -> dict:
    """A TTS saved object of the decks and bags deck.json records (`records`, `bags`): one object
    per sheet, laid face down in a row, then a Bag per bag of tokens. `names`: a card id -> its
    printed name (the card's Nickname; its id is kept in GMNotes); `url(file name)` -> the URL TTS
    loads that image from. `salt` (the game id) seeds the objects' GUIDs, so that an export writes
    the same file every time."""
    guids: set[str] = set()

    def guid(*key) -> str:
        text = "/".join(map(str, (salt, *key)))
        while True:
            g = hashlib.sha1(text.encode("utf-8")).hexdigest()[:6]
            if g not in guids:
                guids.add(g)
                return g
            text += "+"

    objects = []
    n = first_key(salt) - 1
    for deck in records:
        w_mm, h_mm = deck["card_mm"]
        sideways = w_mm > h_mm
        sheets = deck["sheets"]
        for k, sheet in enumerate(sheets, 1):
            n += 1
            back = sheet["back"] if deck["unique_backs"] else deck["back"]
            custom = {str(n): {"FaceURL": url(sheet["face"]), "BackURL": url(back), "NumWidth": sheet["columns"],
                               "NumHeight": sheet["rows"], "BackIsHidden": True, "UniqueBack": deck["unique_backs"],
                               "Type": 0}}
            where = _transform(len(objects))
            cards = [_object("Card", guid(n, s["slot"]), where, names[s["id"]], "", s["id"], sideways,
                             CardID=n * 100 + s["slot"], CustomDeck=custom)
                     for s in sheet["slots"]]
            if len(cards) == 1:
                objects.append(cards[0])
                continue
            nickname = deck["name"] if len(sheets) == 1 else f"{deck['name']} {k}/{len(sheets)}"
            about = (f"{title}: {len(cards)} cards, {deck['template']} {w_mm:g} x {h_mm:g} mm "
                     f"(sheet {sheet['face']})")
            objects.append(_object("DeckCustom", guid(n), where, nickname, about, "", sideways, Hands=False,
                                   DeckIDs=[c["CardID"] for c in cards], CustomDeck=custom, ContainedObjects=cards))
    for bag in bags:
        where = _transform(len(objects))
        face_up = dict(where, rotY=0.0, rotZ=0.0)
        tokens = [_object("Custom_Token", guid(bag["name"], p["id"], k), face_up, names[p["id"]], "", p["id"], False,
                          ColorDiffuse=dict(WHITE), HideWhenFaceDown=False, CustomImage=_token_image(url(p["image"])))
                  for p in bag["pieces"] for k in range(1, p["copies"] + 1)]
        w_mm, h_mm = bag["piece_mm"]
        about = (f"{title}: {len(tokens)} pieces, {bag['template']} {w_mm:g} x {h_mm:g} mm, "
                 f"given out at random")
        objects.append(_object("Bag", guid("bag", bag["name"]), where, bag["name"], about, "", False,
                               Hands=False, Bag={"Order": BAG_RANDOM}, MaterialIndex=-1, ContainedObjects=tokens))
    return {"SaveName": title, "GameMode": "", "GameType": "", "GameComplexity": "", "Tags": [], "Date": "",
            "VersionNumber": "", "Gravity": 0.5, "PlayArea": 0.5, "Table": "", "Sky": "", "Note": "", "Rules": "",
            "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "TabStates": {}, "ObjectStates": objects}


def _token_image(url: str) -> dict:
    """A Custom Token's image: cut round the image's transparency, one image for both sides."""
    return {"ImageURL": url, "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0,
            "CustomToken": {"Thickness": TOKEN_THICKNESS, "MergeDistancePixels": 15.0, "StandUp": False,
                            "Stackable": False}}


def first_key(game: str) -> int:
    """The first CustomDeck key of a game's saved object: a block of 100 keys of its own, chosen
    by its id (100 to 999,900), so that two games' decks spawned on one table do not take each
    other's sheets — TTS finds a card's images by its deck key (CardID = key * 100 + slot), and
    every export numbering from 1 made the second game's cards show the first one's."""
    return 100 * (1 + int(hashlib.sha1(game.encode("utf-8")).hexdigest()[:8], 16) % 9999)


def _transform(i: int) -> dict:
    """The i-th object's place: in a row along x, face down (rotZ 180), as TTS saves a deck."""
    return {"posX": round(i * DECK_GAP, 3), "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def _object(kind: str, guid: str, transform: dict, nickname: str, description: str, gm_notes: str,
            sideways: bool, **fields) -> dict:
    obj = {"GUID": guid, "Name": kind, "Transform": dict(transform), "Nickname": nickname,
           "Description": description, "GMNotes": gm_notes, "ColorDiffuse": dict(COLOUR), "Locked": False,
           "Grid": True, "Snap": True, "IgnoreFoW": False, "Autoraise": True, "Sticky": True, "Tooltip": True,
           "GridProjection": False, "HideWhenFaceDown": True, "Hands": True, "SidewaysCard": sideways}
    obj.update(fields)
    obj.update({"LuaScript": "", "LuaScriptState": "", "XmlUI": ""})
    return obj
