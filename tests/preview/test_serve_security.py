"""`pnp serve` treats every request and every card text as hostile: it listens on loopback, serves
only what it made (no path from a URL reaches the file system), answers what does not exist
with a 404 (never a traceback), runs nothing a request asks, and shows card text as text."""
from __future__ import annotations

import http.client
import json
import shutil
from pathlib import Path

import pytest

from serve_kit import IN_VIEW_LOADED, Server, save

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "lanterns"
HOSTILE = "<svg onload=alert(1)>"  # within the example's 24-character titles


@pytest.fixture(scope="module")
def lanterns(tmp_path_factory):
    """The example declared game, one card titled with markup, served."""
    folder = tmp_path_factory.mktemp("serve-lanterns")
    shutil.copytree(EXAMPLE, folder / "game")
    table = folder / "game" / "card_specs" / "lanterns.csv"
    text = table.read_text(encoding="utf-8")
    assert "Red Dragon," in text
    table.write_text(text.replace("Red Dragon,", f"{HOSTILE},", 1), encoding="utf-8")
    (folder / "secret.txt").write_text("do not serve me", encoding="utf-8")
    server = Server(folder / "game", "lanterns", "--specs", "card_specs")
    server.wait_ready("/game/lanterns")
    yield server
    code, err = server.stop()
    assert code == 0 and "Traceback" not in err, err


def raw(server: Server, path: str, method: str = "GET", hosts: list[str] | None = None) -> tuple[int, bytes]:
    """A request sent as written: no client normalises its dots away; `hosts`: its Host headers
    as sent (default: the one a browser sends)."""
    host, port = server.url.removeprefix("http://").split(":")
    c = http.client.HTTPConnection(host, int(port), timeout=20)
    c.putrequest(method, path, skip_accept_encoding=True, skip_host=hosts is not None)
    for h in hosts or ():
        c.putheader("Host", h)
    c.endheaders()
    r = c.getresponse()
    body = r.read()
    c.close()
    return r.status, body


def test_it_listens_on_loopback_only_by_default(lanterns):
    assert lanterns.first.startswith("serving http://127.0.0.1:")


@pytest.mark.parametrize("path", [
    "/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/game/..%2f..%2fetc%2fpasswd", "/game/%2e%2e/card/x",
    "/picture/lanterns/..%2f..%2fsecret.txt.png", "/picture/lanterns/%2fetc%2fpasswd.png",
    "//etc/passwd", "/etc/passwd", "/card_specs/lanterns.yaml", "/game/lanterns/../../../secret.txt",
    "/sheet/lanterns/..%2f..%2f/1.png", "/static/../../secret.txt", "/game/lanterns/card/..%2f..%2fsecret.txt",
])
def test_no_path_from_a_url_reaches_the_file_system(lanterns, path):
    status, body = raw(lanterns, path)
    assert status == 404, (path, status)
    assert b"do not serve me" not in body and b"root:" not in body
    assert b"Traceback" not in body


@pytest.mark.parametrize("path", [
    "/game/harbor", "/game/lanterns/card/no-such-card", "/picture/lanterns/0123456789abcdef0123.png",
    "/picture/lanterns/not-a-key.png", "/sheet/lanterns/0000/1.png", "/game/lanterns/card/%00",
    "/game/lanterns/deal?players=abc&seed=%ff%fe", "/game/lanterns/card/" + "x" * 5000,
])
def test_what_does_not_exist_is_a_404_or_an_answer_never_a_traceback(lanterns, path):
    status, body = raw(lanterns, path)
    assert status in (200, 404, 414), (path, status)
    assert b"Traceback" not in body and b"Internal Server Error" not in body


def test_a_page_of_the_print_that_does_not_exist_is_a_404(lanterns):
    state = json.loads(lanterns.get("/game/lanterns/state.json")[1])
    assert state["cards"]
    html = lanterns.get("/game/lanterns/sheets")[1].decode()
    first = html.split('src="/sheet/lanterns/')[1].split('"')[0]  # PDFHASH/1.png
    pdf = first.split("/")[0]
    assert raw(lanterns, f"/sheet/lanterns/{pdf}/1.png")[0] == 200
    for page in ("0", "999", "-1", "1e3", "1%2f..%2f"):
        assert raw(lanterns, f"/sheet/lanterns/{pdf}/{page}.png")[0] == 404, page


SECRET_PATHS = ("/", "/game/lanterns", "/game/lanterns/state.json", "/game/lanterns/card/red-dragon",
                "/game/lanterns/sheets", "/events")


@pytest.mark.parametrize("hosts", [
    ["evil.example"], ["evil.example:{port}"], ["localhost.evil.example:{port}"], ["127.0.0.1.nip.io:{port}"],
    ["evil.example", "127.0.0.1:{port}"], [""], [], ["localhost:{port}@evil.example"], ["127.0.0.1:x"],
])
def test_a_request_for_another_sites_name_is_refused_so_no_page_elsewhere_reads_the_game(lanterns, hosts):
    """DNS rebinding: a page of evil.example points its name at 127.0.0.1 and asks for the
    designer's game; the browser sends Host: evil.example, and gets nothing of it."""
    port = lanterns.url.rsplit(":", 1)[1]
    for path in SECRET_PATHS:
        status, body = raw(lanterns, path, hosts=[h.format(port=port) for h in hosts])
        assert status in (400, 421), (hosts, path, status)
        assert b"lantern" not in body.lower() and b"Traceback" not in body, body[:200]


@pytest.mark.parametrize("host", ["localhost:{port}", "127.0.0.1:{port}", "LOCALHOST:{port}", "localhost.:{port}",
                                  "127.0.0.1", "localhost"])
def test_the_servers_own_names_are_answered(lanterns, host):
    port = lanterns.url.rsplit(":", 1)[1]
    status, body = raw(lanterns, "/game/lanterns/state.json", hosts=[host.format(port=port)])
    assert status == 200 and json.loads(body)["cards"], host


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE"])
def test_no_request_writes_or_runs_anything(lanterns, method):
    before = sorted(p.name for p in (lanterns.folder / "card_specs").iterdir())
    status, body = raw(lanterns, "/game/lanterns", method)
    assert status in (404, 405) and b"Traceback" not in body
    assert sorted(p.name for p in (lanterns.folder / "card_specs").iterdir()) == before


def test_the_answers_forbid_scripts_from_elsewhere_and_sniffing(lanterns):
    status, _, headers = lanterns.get("/game/lanterns")
    headers = {k.lower(): v for k, v in headers.items()}
    assert status == 200
    assert headers["x-content-type-options"] == "nosniff"
    assert "default-src 'none'" in headers["content-security-policy"]


@pytest.mark.slow
def test_card_text_is_shown_as_text_never_as_markup(lanterns, browser):  # noqa: F811
    p = browser.new_page()
    alerts = []
    p.on("dialog", lambda d: (alerts.append(d.message), d.dismiss()))
    for path in ("/game/lanterns", "/game/lanterns/card/red-7", "/game/lanterns/deal?players=2&seed=3"):
        p.goto(lanterns.url + path)
        p.wait_for_function(IN_VIEW_LOADED)
        assert p.locator("main svg[onload]").count() == 0, path
    assert alerts == []
    p.goto(lanterns.url + "/game/lanterns")
    assert HOSTILE in p.inner_text("figure[data-card-box=red-7] figcaption")
    p.goto(lanterns.url + "/game/lanterns/card/red-7")
    assert HOSTILE in p.inner_text("h1")
    assert f"red-7,red,7,{HOSTILE}," in p.inner_text("pre.entry")  # the row as written in the CSV
    p.close()


def test_a_table_saved_updates_its_card_in_place(lanterns, browser):  # noqa: F811
    p = browser.new_page()
    p.goto(lanterns.url + "/game/lanterns")
    old = p.get_attribute("img[data-card=jade-4][data-side=front]", "src")
    save(lanterns.folder / "card_specs" / "lanterns.csv", "Jade Peony", "Jade Orchid")
    p.wait_for_function("(old) => document.querySelector('img[data-card=\"jade-4\"][data-side=front]').getAttribute('src') !== old",
                        arg=old, timeout=20000)
    assert "Jade Orchid" in p.inner_text("figure[data-card-box=jade-4] figcaption")
    p.close()


def test_the_text_report_is_shown_at_the_card(lanterns, browser):  # noqa: F811
    """What the text setter said about a face (here: a character no font has) is beside it."""
    p = browser.new_page()
    p.goto(lanterns.url + "/game/lanterns")
    version = p.evaluate("() => document.body.dataset.version")
    save(lanterns.folder / "card_specs" / "lanterns.csv", "violet-4,violet,4,Violet Peony,", "violet-4,violet,4,Violet 𓀀 Peony,")
    p.wait_for_function(f"() => document.body.dataset.version !== {json.dumps(version)}", timeout=20000)
    assert "no font has 𓀀" in p.inner_text("figure[data-card-box=violet-4] .card-texts")
    assert p.inner_text("figure[data-card-box=violet-3] .card-texts") == ""
    texts = p.eval_on_selector_all("[data-diagnostic]", "els => els.map(e => e.textContent)")
    assert any("warning[FONT-GLYPH]" in t and "violet-4" in t for t in texts), texts
    p.close()
