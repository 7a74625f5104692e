"""The card renderer: every face and back of a loaded game, each drawn on its template.

Takes a loaded game (spec, layout, its renderer) and build options; returns the `Art` the
writers place: a face per component and a back per back design and template (per card for
designs that show the card), each clipped to the template's outline grown by the bleed. A face
that cannot be drawn becomes a visible placeholder and a warning; what the text setter did
(shrunk where the layout did not plan it, overflowed, missing glyphs) is collected in a
`TextReport`.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import TYPE_CHECKING, Iterator

from ..records import field, record
from ..diagnostics import Report
from ..games.base import RenderContext
from ..imposition import piece_bleed
from ..load.images import with_image
from ..options import edition_of
from .pdf_sheets import Art
from ..geometry import fonts
from ..render import rich, text
from ..geometry.drawing import Color, Drawing

if TYPE_CHECKING:
    from ..games.project import Loaded
    from ..options import BuildOptions


@record
class TextReport:
    """What the drawings did with their text: how many different faces (a card printed in several
    copies is drawn once) and backs were drawn, which had type shrunk where their layout did not
    plan it (and to what), which overflowed even at the smallest size, which characters no font
    has."""

    faces: int = 0  # different fronts drawn: at most the cards printed, fewer when a card has copies
    backs: int = 0  # backs drawn: once per back design and template, once per card for per-card backs
    shrunk: list[dict] = field(default_factory=list)  # {"card", "box", "text", "size", "wanted"}
    overflow: list[dict] = field(default_factory=list)  # {"card", "box", "text", "left_mm", "left", "min"}
    glyphs: list[dict] = field(default_factory=list)  # {"card", "chars"}
    icons: list[dict] = field(default_factory=list)  # {"card", "icons"}: `:words:` that name no icon
    fallback: list[dict] = field(default_factory=list)  # {"card", "font", "chars"}: set in a shipped face

    def merge(self, other: "TextReport") -> None:
        """Add what another report holds (one face's, kept by a warm render cache)."""
        self.faces += other.faces
        self.backs += other.backs
        self.shrunk.extend(other.shrunk)
        self.overflow.extend(other.overflow)
        self.glyphs.extend(other.glyphs)
        self.icons.extend(other.icons)
        self.fallback.extend(other.fallback)

    def as_json(self) -> dict:
        return {"faces": self.faces, "backs": self.backs, "shrunk": self.shrunk, "overflow": self.overflow,
                "missing_glyphs": self.glyphs, "unknown_icons": self.icons, "font_fallback": self.fallback}


@contextmanager
def typefaces(layout) -> Iterator[None]:
    """While a game's faces are drawn: the layout's own font families registered (pnp/render/
    fonts.py) and its icons usable as `:NAME:` in any text, over the built-in symbols."""
    own = getattr(layout, "fonts", None) or {}
    for fam in own.values():
        fonts.add_family(fam.name, {style: (fam.ps_name_for(style), path) for style, path in fam.files.items()})
    icons = getattr(layout, "icons", None) or {}
    with rich.using({name: _icon(path) for name, path in icons.items()}):
        yield


def _icon(path) -> rich.Painter:
    from ..load.boxes import Box
    from ..render.elements.image import place_image

    return lambda d, x, y, side, colour: place_image(d, path, Box(x, y, side, side), "contain")


def render_all(loaded: Loaded, opts: BuildOptions, report: Report, texts: TextReport | None = None) -> Art:
    with typefaces(loaded.layout):
        return _render_all(loaded, opts, report, texts)


def _render_all(loaded: Loaded, opts: BuildOptions, report: Report, texts: TextReport | None = None) -> Art:
    """Every component's face and every back it needs, each drawn on its template and clipped to
    the template's outline grown by the bleed. A back design is drawn once per template it is
    printed on (once per card for designs that show the card). What the text did on each face
    goes into `texts` and, where it overflowed, into the report."""
    spec, edition = loaded.spec, edition_of(loaded, opts)
    contexts: dict[str, RenderContext] = {}
    art = Art({}, {}, {})
    texts = texts if texts is not None else TextReport()
    for c in spec.components:
        template = edition.template_for(c.kind)
        if template.name not in contexts:
            bleed = piece_bleed(template.outline, opts.bleed, opts.diamonds)
            contexts[template.name] = RenderContext(spec, template, opts.lang, bleed, edition)
        ctx = contexts[template.name]
        art.faces[c.id] = _drawn(lambda: with_image(c, ctx, report, lambda: loaded.game.render_face(c, ctx)),
                                 f"card '{c.id}'", c.loc, ctx, report, texts)
        if c.back is None:
            continue
        design = spec.backs[c.back]
        key = back_key(loaded, c, template.name)
        art.back_of[c.id] = key
        if key not in art.backs:
            art.backs[key] = _drawn(
                lambda: with_image(design, ctx, report, lambda: loaded.game.render_back(design, ctx, c), back=True),
                f"back '{design.id}'", design.loc, ctx, report, texts)
    return art


def _drawn(render, what: str, loc, ctx: RenderContext, report: Report, texts: TextReport) -> Drawing:
    """Render one face; a face that cannot be drawn becomes a visible placeholder and a warning."""
    with text.collecting() as fits:
        try:
            d = render()
        except Exception as exc:  # a renderer bug must not lose the other cards of the print run
            report.warning(loc, "RENDER-FAILED", f"{what} could not be drawn ({type(exc).__name__}: {exc}); "
                                                 "a placeholder is printed in its place")
            d = _placeholder(ctx, what)
    if what.startswith("back "):
        texts.backs += 1
    else:
        texts.faces += 1
    _note_text(fits, what, loc, report, texts)
    runs = list(d.text_ops())  # walked once for both checks below
    lacking = _check_glyphs(runs, what, loc, report)
    if lacking:
        texts.glyphs.append({"card": what, "chars": lacking})
    _note_fallback(runs, what, texts)
    return _clipped(d, ctx)


def _note_text(fits: list, what: str, loc, report: Report, texts: TextReport) -> None:
    """Text shrunk below its box's size where the layout did not plan it (`Fit.unplanned`), and
    text that did not fit even at its smallest size (a TEXT-OVERFLOW warning naming the card, the
    box and what is left over). A text set twice on a face (the two ends of a two-way card) is
    told once."""
    seen = set()
    for f in fits:
        key = (f.box.name, f.text, round(f.size, 2))
        if key in seen:
            continue
        seen.add(key)
        box = f.box.name or "a text box"
        if f.overflows:
            left = f.left_text if len(f.left_text) <= 40 else f.left_text[:39] + "…"
            texts.overflow.append({"card": what, "box": f.box.name, "text": f.text, "left_mm": round(f.left_mm, 2),
                                   "left": f.left_text, "min": round(f.size, 2)})
            report.warning(loc, "TEXT-OVERFLOW",
                           f"{what}: the text in box '{box}' does not fit even at {f.size:g} pt, its smallest size: "
                           f"{f.left_mm:.1f} mm left over (\"{left}\"); it is cut at the box's edge — shorten it, "
                           f"or give the box more room or a smaller min_text in the layout", stage="render")
        elif f.unplanned:
            texts.shrunk.append({"card": what, "box": f.box.name, "text": f.text, "size": round(f.size, 2),
                                 "wanted": round(f.box.text, 2)})
    unknown = list(dict.fromkeys(w for f in fits for w in f.unknown))
    if unknown:  # printed as written; --strict refuses them
        texts.icons.append({"card": what, "icons": unknown})
        report.warning(loc, "TEXT-ICON", f"{what}: {', '.join(unknown)} names no icon (a built-in symbol or one of the "
                                         "layout's icons:), so it is printed as written", stage="render")


def _note_fallback(runs: list, what: str, texts: TextReport) -> None:
    """Characters a text run (`Drawing.text_ops`) in a family of one's own was set in a shipped face
    for, by family."""
    by_family: dict[str, list[str]] = {}
    for t in runs:
        if t.family:
            got = by_family.setdefault(t.family, [])
            got.extend(ch for ch in fonts.fallen_back(t.text, t.bold, t.italic, t.family) if ch not in got)
    texts.fallback.extend({"card": what, "font": f, "chars": chars} for f, chars in by_family.items() if chars)


def _placeholder(ctx: RenderContext, what: str) -> Drawing:
    w, h = ctx.template.width, ctx.template.height
    d = Drawing(w, h)
    red = Color(0.85, 0.1, 0.1)
    d.path(ctx.template.clip(ctx.bleed), fill=Color(1, 1, 1))
    d.path(ctx.template.outline.path(-1.0), stroke=red, width=0.6)
    d.line(1, 1, w - 1, h - 1, stroke=red, width=0.4)
    d.line(1, h - 1, w - 1, 1, stroke=red, width=0.4)
    size = fonts.fit(what, 9, w - 4, bold=True)
    d.text(w / 2, h / 2 + 1, "CANNOT DRAW", fonts.fit("CANNOT DRAW", 9, w - 4, bold=True), bold=True, fill=red, anchor="middle")
    d.text(w / 2, h / 2 - 4, what, size, bold=True, fill=red, anchor="middle")
    return d


def back_key(loaded: Loaded, card, template: str) -> str:
    design = loaded.spec.backs[card.back]
    if design.kind in loaded.game.per_card_backs:
        return f"back:{design.id}:{card.id}"
    return f"back:{design.id}@{template}"


def _clipped(d: Drawing, ctx: RenderContext) -> Drawing:
    """Art may run into the bleed but never past it, into a neighbour's: clip to the outline grown
    by the bleed (for a diamond, the offset diamond), never to a rectangle."""
    out = Drawing(d.width, d.height)
    out.group(clip=ctx.template.clip(ctx.bleed)).ops.extend(d.ops)
    return out


def _check_glyphs(runs: list, what: str, loc, report: Report) -> list[str]:
    """The characters of the face's text runs (`Drawing.text_ops`) that no font has, warned of."""
    lacking: list[str] = []
    for t in runs:
        for ch in fonts.missing(t.text, t.bold, t.italic, t.family):
            if ch not in lacking:
                lacking.append(ch)
    if lacking:
        shown = ", ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in lacking)
        report.warning(loc, "FONT-GLYPH", f"{what} uses characters no vendored font has: {shown}; they print as empty boxes")
    return lacking
