"""Build options: what a print of a game is asked to be (paper, backs, bleed, language, edition,
diamonds, shop, colour, marks, the printer's back offset and turn), the pieces it prints and the settings its sheet map records.

Takes a loaded game and the options the command line gave; returns plain data that the build,
the render cache, fingerprints and reprints all read, so each reads them the same way.
"""
from __future__ import annotations

from .records import record
from .imposition import Piece, back_shift, piece_bleed
from .load.layout import Edition, Sheet
from .games.project import Loaded
from .render.press import DEFAULT_INK_LIMIT

# A shop's own upload rules, where it publishes them, as the options they set when the command
# line leaves them unset: DriveThruCards takes 1/8 in of bleed, in CMYK of at most 240 % ink (its
# files, a PDF per deck with the back first, are pnp/writers/pdf_shop.py's).
SHOP_ORDERS = ("fronts-then-backs", "interleaved", "drivethru", "gamecrafter")  # what --shop takes
SHOP_PRESETS = {"drivethru": {"bleed": 25.4 / 8, "cmyk": True, "ink_limit": 240.0}}


@record
class BuildOptions:
    """What a print of a game is asked to be: paper, backs, bleed, language, edition, diamonds,
    shop, colour, marks and the printer's back offset and turn."""

    sheet: Sheet
    backs: str = "duplex-long"
    bleed: float = 3.0
    lang: str = "en"
    back_offset: tuple[float, float] = (0.0, 0.0)
    edition: str | None = None
    diamonds: str = "shared-edge"
    shop: str | None = None  # print-shop output: one piece a page, in this order (SHOP_ORDERS)
    cmyk: bool = False  # every colour in the press's CMYK (pnp/render/press.py), greys (black text, lines) in K only
    icc: str | None = None  # --icc: the print shop's CMYK output profile (None: pnp's own press profile)
    ink_limit: float = DEFAULT_INK_LIMIT  # --ink-limit: the most ink of any colour, C+M+Y+K in per cent
    slug: bool = True  # a line in the margin of every page saying what the sheet is
    cut_files: bool = False  # OUT/<id>-cut/page-<n>.svg for print-and-cut, and registration marks on the sheets
    back_rotate: float = 0.0  # degrees, as measured: how the backs land turned, seen from the front, ccw positive
    printer: str | None = None  # the printer profile the offset and turn came from (pnp printer)


def options_from(args, sheet: Sheet | None, **fixed) -> BuildOptions:
    """The BuildOptions a command line asks for — the one place they are made from arguments
    (`pnp build`, `watch`, `serve`, `export`). What the command line leaves unset (None) comes from
    the print shop's rules of --shop, else BuildOptions' defaults; a command passes as `fixed`
    what it decides itself (export: no sheet, diamonds with their own bleed)."""
    def given(name: str):
        return fixed[name] if name in fixed else getattr(args, name, None)

    shop = given("shop")
    preset = SHOP_PRESETS.get(shop, {})  # a shop's own rules: what the command line leaves unset
    opts = BuildOptions(sheet)
    for name in ("backs", "lang", "back_offset", "edition", "diamonds", "icc", "back_rotate", "printer"):
        if given(name) is not None:
            setattr(opts, name, given(name))
    opts.shop = shop
    for name in ("bleed", "ink_limit"):
        value = given(name)
        setattr(opts, name, value if value is not None else preset.get(name, getattr(BuildOptions, name)))
    opts.cmyk = bool(given("cmyk")) or preset.get("cmyk", False)
    opts.slug = not given("no_slug")
    opts.cut_files = bool(given("cut_files"))
    return opts


def press_of(opts: BuildOptions):
    """The press a `--cmyk` build converts its colours for (pnp/render/press.py), or None (RGB).
    Raises press.ProfileError for a profile that cannot be used."""
    if not opts.cmyk:
        return None
    from pathlib import Path

    from .render.press import press

    return press(Path(opts.icc) if opts.icc else None, opts.ink_limit)


def edition_of(loaded: Loaded, opts: BuildOptions) -> Edition:
    return loaded.layout.editions[opts.edition or loaded.layout.default]


def pieces_of(loaded: Loaded, opts: BuildOptions) -> list[Piece]:
    edition = edition_of(loaded, opts)
    out = []
    for c in loaded.spec.components:
        t = edition.template_for(c.kind)
        for k in range(1, c.count + 1):
            label = c.id if c.count == 1 else f"{c.id}-{k}"
            out.append(Piece(c.id, k, c.kind, t.outline, c.back is not None, t.name, t.overlap, label))
    return out


def sheet_settings(loaded: Loaded, opts: BuildOptions) -> dict:
    edition = edition_of(loaded, opts)
    main = edition.main
    return {
        "paper": {"name": opts.sheet.name, "width_mm": opts.sheet.width, "height_mm": opts.sheet.height},
        "edition": edition.name,
        "card_mm": [round(main.width, 3), round(main.height, 3)],
        "templates": {t.name: {"shape": t.shape, "size_mm": [round(t.width, 3), round(t.height, 3)],
                               "bleed_mm": piece_bleed(t.outline, opts.bleed, opts.diamonds)}
                      for t in edition.templates.values()},
        "bleed_mm": opts.bleed,
        "backs": opts.backs,
        "back_offset_mm": list(opts.back_offset),  # as measured: where the backs land, seen from the front
        "back_shift_mm": [round(v, 3) + 0.0 for v in back_shift(opts.backs, opts.back_offset)],  # the back pages moved by
        "back_rotate_deg": opts.back_rotate,  # as measured; the back pages are drawn turned by minus this, seen from the front
        "printer": opts.printer,
        "diamonds": opts.diamonds,
        "lang": opts.lang,
        "cmyk": opts.cmyk,
        "icc": press_of(opts).name if opts.cmyk else None,  # the profile the CMYK numbers mean
        "ink_limit": opts.ink_limit if opts.cmyk else None,
        "slug": opts.slug,
        "cut_files": opts.cut_files,
    }
