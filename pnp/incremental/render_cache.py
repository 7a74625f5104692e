"""A render cache for a warm process (`pnp watch`): faces and backs kept by content hash.

Takes a loaded game and build options; returns the same `Art` as `build.render_all`, drawing
only the faces and backs whose key (pnp/incremental/fingerprint.py) is new. What drawing a face said (text
shrunk or overflowing, missing glyphs, an image that could not be used) is kept with it and told
again on every build, so a cached face reports exactly what a fresh one would. The PDF writer
keeps the PDF code of each drawn path here too (`pdf_code`), so a face that was not drawn again
is not formatted again either. Entries not used by the latest build of a game are dropped.
"""
from __future__ import annotations

from ..records import field, record
from ..diagnostics import Report
from ..geometry.drawing import Drawing
from .fingerprint import keys_for
from ..games.base import RenderContext
from ..load.images import with_image
from ..imposition import piece_bleed
from ..writers.pdf_sheets import Art


@record
class _Drawn:
    drawing: Drawing
    report: Report
    texts: "object"  # build.TextReport of this one face


@record
class RenderCache:
    games: dict[str, dict[str, _Drawn]] = field(default_factory=dict)  # per game: drawings by key
    codes: dict[str, dict] = field(default_factory=dict)  # per game: PdfBackend's code of each drawn path
    game: str = ""  # the game rendered last: the one being written
    drawn: int = 0  # faces and backs drawn by the latest render (not taken from the cache)

    @property
    def pdf_code(self) -> dict:
        return self.codes.setdefault(self.game, {})

    def render(self, loaded, opts, report: Report, texts, progress=None, only: set[str] | None = None) -> Art:
        """Every component's face and back (only those in `only`, when given), as `render_all`."""
        from ..writers.faces import typefaces

        with typefaces(loaded.layout):
            return self._render(loaded, opts, report, texts, progress, only)

    def _render(self, loaded, opts, report: Report, texts, progress, only: set[str] | None) -> Art:
        from ..writers.faces import back_key
        from ..options import edition_of

        spec, edition, keys = loaded.spec, edition_of(loaded, opts), keys_for(loaded, opts)
        self.game = loaded.game.id
        entries = self.games.setdefault(self.game, {})
        comps = [c for c in spec.components if only is None or c.id in only]
        if progress:
            progress.cards(0, len(comps))
        contexts: dict[str, RenderContext] = {}
        art, used, self.drawn = Art({}, {}, {}), {}, 0
        for n, c in enumerate(comps, start=1):
            template = edition.template_for(c.kind)
            if template.name not in contexts:
                bleed = piece_bleed(template.outline, opts.bleed, opts.diamonds)
                contexts[template.name] = RenderContext(spec, template, opts.lang, bleed, edition)
            ctx = contexts[template.name]
            art.faces[c.id] = self._get(keys.face(c), entries, used, report, texts, f"card '{c.id}'", c.loc, ctx,
                                        lambda r: with_image(c, ctx, r, lambda: loaded.game.render_face(c, ctx)))
            if c.back is not None:
                design = spec.backs[c.back]
                key = back_key(loaded, c, template.name)
                art.back_of[c.id] = key
                if key not in art.backs:
                    art.backs[key] = self._get(
                        keys.back(c), entries, used, report, texts, f"back '{design.id}'", design.loc, ctx,
                        lambda r: with_image(design, ctx, r, lambda: loaded.game.render_back(design, ctx, c), back=True))
            if progress:
                progress.cards(n, len(comps))
        if only is None:
            self.games[self.game] = used
        else:
            entries.update(used)
        return art

    def _get(self, key: str, entries: dict, used: dict, report: Report, texts, what: str, loc, ctx, render) -> Drawing:
        from ..writers.faces import TextReport, _drawn

        hit = entries.get(key) or used.get(key)
        if hit is None:
            own, own_texts = Report(), TextReport()
            drawing = _drawn(lambda: render(own), what, loc, ctx, own, own_texts)
            hit = _Drawn(drawing, own, own_texts)
            self.drawn += 1
        used[key] = hit
        report.extend(hit.report)
        texts.merge(hit.texts)
        return hit.drawing
