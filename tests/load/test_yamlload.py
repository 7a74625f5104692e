"""The YAML stage: unreadable input becomes one located diagnostic, never a traceback."""
import pytest

from pnp.diagnostics import InputError
from pnp.load.yamlload import load


def diag(tmp_path, data: bytes):
    path = tmp_path / "x.yaml"
    path.write_bytes(data)
    with pytest.raises(InputError) as info:
        load(path, "x.yaml")
    return [str(d) for d in info.value.report.items]


@pytest.mark.parametrize("data, expected", [
    (b"", "x.yaml:1:1: error[YAML-EMPTY]: the file is empty, expected a YAML mapping"),
    (b"# only a comment\n", "x.yaml:1:1: error[YAML-EMPTY]: the file is empty, expected a YAML mapping"),
    (b"- a\n- b\n", "x.yaml:1:1: error[YAML-NOT-MAPPING]: the top level is a list, expected a mapping of keys"),
    (b"just text\n", "x.yaml:1:1: error[YAML-NOT-MAPPING]: the top level is the text 'just text', expected a mapping of keys"),
    (b"game: gem\nname: {en: x\n",
     "x.yaml:3:1: error[YAML-SYNTAX]: expected ',' or '}', but got '<stream end>' (while parsing a flow mapping)"),
    (b"game: gem\n\tname: x\n",
     "x.yaml:2:1: error[YAML-SYNTAX]: found character '\\t' that cannot start any token (while scanning for the next token)"),
    (b"game: gem\nname: caf\xe9\n", "x.yaml:2:10: error[YAML-ENCODING]: byte 0xe9 is not UTF-8; save the file as UTF-8"),
    (b"\x89PNG\r\n\x1a\n\x00\x00", "x.yaml:3:1: error[YAML-BINARY]: this is a binary file (it contains a NUL byte), expected UTF-8 YAML text"),
    (b"a: 1\n---\nb: 2\n", "x.yaml:3:1: error[YAML-MULTIPLE-DOCUMENTS]: expected one YAML document, found a second one here"),
])
def test_unreadable_input_is_one_located_diagnostic(tmp_path, data, expected):
    assert diag(tmp_path, data) == [expected]


def test_duplicate_keys_and_python_tags_are_reported_at_their_place(tmp_path):
    got = diag(tmp_path, b"game: gem\nname: x\ngame: jam\nc: !!python/object:os.system x\n")
    assert got == [
        "x.yaml:3:1: error[YAML-DUPLICATE-KEY]: key 'game' appears twice in this mapping (first at line 1)",
        "x.yaml:4:4: error[YAML-VALUE]: cannot read this value: could not determine a constructor for the tag "
        "'tag:yaml.org,2002:python/object:os.system'",
    ]


def test_missing_file(tmp_path):
    with pytest.raises(InputError) as info:
        load(tmp_path / "nope.yaml", "card_specs/nope.yaml")
    assert [str(d) for d in info.value.report.items] == ["card_specs/nope.yaml:1:1: error[FILE-MISSING]: no such file"]


def test_every_value_knows_its_line_and_column(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_text("\ufeffgame: gem\ncomponents:\n  - { id: a, value: 3 }\n  - id: b\n    gems: [ruby, topaz]\n",
                    encoding="utf-8")
    root = load(path, "x.yaml")
    comps = root.get("components")
    assert (root.key_loc("components").line, root.key_loc("components").col) == (2, 1)
    first, second = comps.value
    assert (first.get("value").loc.line, first.get("value").loc.col) == (3, 21)
    assert second.get("gems").value[1].value == "topaz"
    assert (second.get("gems").value[1].loc.line, second.get("gems").value[1].loc.col) == (5, 18)
    assert root.plain()["components"][0] == {"id": "a", "value": 3}


def test_alias_bombs_and_deep_nesting_are_refused_quickly(tmp_path):
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    for i, name in enumerate("bcdefghij"):
        prev = "abcdefghij"[i]
        bomb += f"{name}: &{name} [" + ", ".join([f"*{prev}"] * 10) + "]\n"
    got = diag(tmp_path, bomb.encode())
    assert len(got) == 1 and "error[YAML-TOO-LARGE]: the YAML expands to more than 100000 values" in got[0]
    got = diag(tmp_path, b"a: " + b"[" * 5000 + b"]" * 5000 + b"\n")
    assert got == ["x.yaml:1:1: error[YAML-TOO-DEEP]: the YAML is nested too deeply to read"]


LONE = "x.yaml:{line}:{col}: error[YAML-VALUE]: the text holds \\{half}, half of a UTF-16 surrogate pair, which " \
       "is no character and cannot be printed; write the character itself (or both halves of the pair)"


@pytest.mark.parametrize("data, line, col, half", [
    (b'game: gem\nname: {en: "GEM\\udc80"}\n', 2, 12, "udc80"),  # a low half alone
    (b'title: "\\ud83d"\n', 1, 8, "ud83d"),  # a high half with nothing after it
    (b'title: "\\ude00\\ud83d"\n', 1, 8, "ude00"),  # both halves, the wrong way round
    (b'"k\\udfff": 1\n', 1, 1, "udfff"),  # in a key
    (b'items: ["ok", "\\udc80x"]\n', 1, 15, "udc80"),  # in a list
])
def test_half_a_surrogate_pair_is_a_located_error_not_a_crash_at_build(tmp_path, data, line, col, half):
    assert diag(tmp_path, data) == [LONE.format(line=line, col=col, half=half)]


def test_a_surrogate_pair_written_as_two_escapes_is_its_one_character(tmp_path):
    path = tmp_path / "x.yaml"
    path.write_bytes(b'title: "Jam \\ud83c\\udf53"\n')
    assert load(path).value["title"].value == "Jam \U0001F353"
