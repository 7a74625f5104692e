"""Declarations made to hurt the declared engine, from a red-team report: keys that look like
player counts and are not ('²', which str.isdigit calls a digit and int() refuses; a key of 5,000
digits, which int() refuses too), an image field with a default or given a list, a deal with no
number for a player count the game allows, a NUL in a table's name, a template named like a path,
a list whose min is above its max, a give naming no component, a default template that is not
defined. Each is one located diagnostic with its code and exit 2 — never a traceback, never
accepted in silence, and a build keeps the last good PDF."""
from __future__ import annotations

from declared_kit import LAYOUT, SPEC, codes, no_traceback, one
from declared_fixtures import game  # noqa: F401  (fixtures)

def run(cli, *args):
    r = cli(*args, "lanterns", "--specs", "card_specs")
    no_traceback(r)
    return r


def validate(cli):
    return run(cli, "validate")


# -- files a spec or layout names ------------------------------------------------------------------------

def test_a_nul_in_a_table_name_is_refused_at_it(cli, game):
    game.edit(SPEC, "{ table: lanterns.csv,", '{ table: "lanterns\\0.csv",')
    r = validate(cli)
    assert r.code == 2, r.out + r.err
    one(r, "TABLE-UNREADABLE", game.at(SPEC, '"lanterns'), "holds a NUL character", "no file name")


def templates_form(game, templates: str = "card", extra: str = "") -> None:
    """The example's layout with its edition in the templates form: one template, `templates`,
    holding the card and its boxes; `extra` added under the edition (default:, kinds:)."""
    text = game.text(LAYOUT)
    old = "    card: { width: 63mm, height: 88mm }\n    boxes:\n"
    head, rest = text.split(old)
    boxes, faces = rest.split("\nfaces:", 1)
    boxes = "\n".join("    " + x if x.strip() else x for x in boxes.split("\n"))
    game.write(LAYOUT, f"{head}    templates:\n      {templates}:\n        width: 63mm\n        height: 88mm\n"
                       f"        boxes:\n{boxes}\n{extra}faces:{faces}")


def test_the_templates_form_of_the_example_validates(cli, game):
    templates_form(game)
    assert validate(cli).code == 0


def test_a_template_named_like_a_path_is_refused_at_its_name(cli, game):
    templates_form(game, '"../../escape"')
    r = validate(cli)
    assert r.code == 2, r.out + r.err
    one(r, "SPEC-ID", game.at(LAYOUT, '"../../escape"'), "template name in edition 'standard' '../../escape' is not a "
                                                        "valid id")
    assert codes(r) == ["SPEC-ID"]  # not again as 'kind lantern has no template' at every kind


def test_an_undefined_default_template_is_refused_and_the_last_pdf_kept(cli, game):
    templates_form(game)
    assert run(cli, "build", "--out", "out").code == 0
    pdf = game.root / "out" / "lanterns.pdf"
    before = pdf.read_bytes()
    game.edit(LAYOUT, "\nfaces:", "\n    default: poker\nfaces:")
    r = run(cli, "build", "--out", "out")
    assert r.code == 2, r.out + r.err
    one(r, "LAYOUT-DANGLING-REF", game.at(LAYOUT, "poker"), "default template 'poker' of edition 'standard' is not "
                                                           "defined", "templates: card")
    assert pdf.read_bytes() == before
