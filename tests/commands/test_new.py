"""`pnp new ID [--dir DIR]`: a working declared game to start from — it validates, builds and deals
as written, names its files after the id, and never overwrites anything."""
from __future__ import annotations

import json
from pathlib import Path

import pdfplumber


def test_a_new_game_validates_builds_and_deals_as_it_is(cli, tmp_path):
    r = cli("new", "harbor")
    assert r.code == 0, r.err
    written = {line.split(" ", 1)[1] for line in r.out.splitlines() if line.startswith("wrote ")}
    assert written == {"card_specs/harbor.yaml", "card_specs/harbor.csv", "layouts/harbor.yaml"}
    for command in ("pnp validate harbor", "pnp build harbor", "pnp setup harbor --players 3"):
        assert f"  {command}\n" in r.out  # the three commands to try next, as they are to be typed
    assert cli("validate", "harbor").out.strip() == "harbor: ok"
    r = cli("build", "harbor")
    assert r.code == 0, r.err
    data = json.loads(Path("output/harbor.json").read_text())
    fronts = [p for e in data["pages"] if e["side"] == "front" for p in e["pieces"]]
    assert sorted(p["id"] for p in fronts) == sorted(
        f"{suit}-{v}" for suit in ("sun", "moon", "star") for v in range(1, 5))
    with pdfplumber.open("output/harbor.pdf") as pdf:
        text = "".join(c["text"] for page in pdf.pages for c in page.chars)
    for title in ("Dawn", "FullMoon", "Nova"):  # the CSV's titles, printed (pdfplumber drops spaces between runs)
        assert title in text.replace(" ", "")
    r = cli("setup", "harbor", "--players", "3", "--seed", "4", "--format", "json")
    deal = r.json()
    assert r.code == 0 and [len(v["hand"]) for v in deal["private"].values()] == [3, 3, 3]
    assert len(deal["public"]["table"]) == 1 and deal["public"]["piles"] == {"draw": 2}


def test_a_new_game_in_another_folder_says_how_to_reach_it(cli, tmp_path):
    r = cli("new", "my-game", "--dir", "studio")
    assert r.code == 0, r.err
    assert "  pnp validate my-game --specs studio/card_specs\n" in r.out
    spec = Path("studio/card_specs/my-game.yaml").read_text()
    assert "game: my-game\n" in spec and "en: My Game" in spec and "table: my-game.csv" in spec
    assert cli("validate", "my-game", "--specs", "studio/card_specs").code == 0


def test_new_never_overwrites_and_refuses_what_is_no_game_id(cli, tmp_path):
    Path("layouts").mkdir()
    Path("layouts/harbor.yaml").write_text("mine\n")
    r = cli("new", "harbor")
    assert r.code == 2 and "would overwrite layouts/harbor.yaml; choose another id or --dir" in r.err
    assert Path("layouts/harbor.yaml").read_text() == "mine\n" and not Path("card_specs").exists()
    for bad, words in (("Harbor_2", "is not a game id"), ("gem", "is an installed game already")):
        r = cli("new", bad)
        assert r.code == 2 and words in r.err


def _tree(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


def test_new_with_a_file_or_a_dangling_link_in_the_way_writes_nothing(cli, tmp_path):
    """A needed folder that is a file, or a link to nowhere, is refused before any file is written
    (it crashed with a traceback after writing two of the three files)."""
    for how, words in (("file", "layouts is a file, not a folder"), ("link", "layouts is a link to nowhere")):
        folder = tmp_path / how
        folder.mkdir()
        if how == "file":
            (folder / "layouts").write_text("")
        else:
            (folder / "layouts").symlink_to(tmp_path / "nowhere")
        r = cli("new", "harbor", "--dir", how)
        assert r.code == 2 and words in r.err and "nothing was written" in r.err, r.err
        assert "Traceback" not in r.err and r.out == ""
        assert _tree(folder) == ["layouts"]


def test_new_refuses_an_empty_dir(cli, tmp_path):
    r = cli("new", "harbor", "--dir", "")
    assert r.code == 2 and "--dir is empty" in r.err
    assert _tree(tmp_path) == []


def test_new_interrupted_or_failing_while_placing_leaves_nothing(cli, tmp_path, monkeypatch):
    """The third file cannot be placed (or Ctrl-C comes then): the two placed before it, the
    staged temporaries and the folders made are all removed."""
    import os

    real = os.link
    for stop in (PermissionError(13, "Permission denied"), KeyboardInterrupt()):
        calls = []

        def link(src, dst, stop=stop):
            calls.append(dst)
            if len(calls) == 3:
                raise stop
            return real(src, dst)

        monkeypatch.setattr(os, "link", link)
        r = cli("new", "harbor", "--dir", "studio")
        assert r.code == (2 if isinstance(stop, OSError) else 130), r.err
        assert ("nothing was written" in r.err) if r.code == 2 else ("interrupted" in r.err)
        assert "Traceback" not in r.err and _tree(tmp_path) == []
