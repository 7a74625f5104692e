"""`pnp serve` in a real browser: every card on the page, a save swapping exactly that card's
picture in place (no reload, scroll kept), a rule break shown at the card with the pictures as
saved, a save that cannot be read keeping the last good pictures beside its located error."""
from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

from pnp.load.paths import SPECS_DIR
from serve_kit import IN_VIEW_LOADED, Server, save


@pytest.fixture(scope="module")
def gem(tmp_path_factory):
    folder = tmp_path_factory.mktemp("serve-gem")
    (folder / "card_specs").mkdir()
    shutil.copy(SPECS_DIR / "gem.yaml", folder / "card_specs" / "gem.yaml")
    server = Server(folder, "gem", "--specs", "card_specs")
    server.wait_ready("/game/gem")
    yield server
    code, err = server.stop()
    assert code == 0 and "pnp serve: stopped" in err, err
    assert "Traceback" not in err, err


@pytest.fixture
def page(browser, gem):  # noqa: F811
    p = browser.new_page(viewport={"width": 1200, "height": 800})
    p.goto(gem.url + "/game/gem")
    p.wait_for_function(IN_VIEW_LOADED)
    yield p
    p.close()


def pictures(page) -> dict[tuple[str, str], str]:
    return {(e["card"], e["side"]): e["src"] for e in page.eval_on_selector_all(
        "img[data-card]", "els => els.map(e => ({card: e.dataset.card, side: e.dataset.side, src: e.getAttribute('src')}))")}


def spec_path(gem):
    return gem.folder / "card_specs" / "gem.yaml"


def restore(gem, page, before: str) -> None:
    version = page.evaluate("() => document.body.dataset.version")
    spec_path(gem).write_text(before, encoding="utf-8")
    page.wait_for_function(f"() => document.body.dataset.version !== {json.dumps(version)}", timeout=20000)


def test_the_page_shows_every_card_front_and_back_with_its_count_and_id(gem, page):
    shown = pictures(page)
    state = json.loads(gem.get("/game/gem/state.json")[1])
    ids = [c["id"] for c in state["cards"]]
    assert len(ids) == 30  # 12 coins and 18 gem cards, as the spec has them
    assert {c for c, side in shown if side == "front"} == set(ids)
    assert {c for c, side in shown if side == "back"} == set(ids)  # every card has GEM's back
    # every picture drawn: a card is taller than it is wide, as GEM's cards are (those below the
    # window are asked for now, not when scrolled to)
    page.evaluate("() => document.querySelectorAll('img[loading=lazy]').forEach(i => { i.loading = 'eager'; })")
    page.wait_for_function("() => [...document.images].every(i => i.complete && i.naturalWidth > 0)")
    sizes = page.eval_on_selector_all("img[data-side=front]", "els => els.map(e => [e.naturalWidth, e.naturalHeight])")
    assert all(h > 2 * w > 0 for w, h in sizes), sizes
    captions = page.eval_on_selector_all("figure.card figcaption", "els => els.map(e => e.textContent)")
    assert any("×1" in c and "sapphire-ruby" in c and "Sapphire + Ruby (invest 1, loan 2)" in c for c in captions)
    assert page.locator("h2", has_text="coin (12 cards)").count() == 1 and page.locator("h2", has_text="gem (18 cards)").count() == 1
    assert page.locator("[data-diagnostic]").count() == 0
    assert "No problems" in page.inner_text("#diagnostics")


def test_filter_by_kind_and_search_by_name_or_value(page):
    page.select_option("#kind", "coin")
    assert page.locator("figure.card:not(.hidden)").count() == 12
    page.select_option("#kind", "")
    page.fill("#search", "diamond")
    visible = page.eval_on_selector_all("figure.card:not(.hidden)", "els => els.map(e => e.dataset.cardBox)")
    assert visible == ["diamond-1", "diamond-2", "diamond-3"]
    page.fill("#search", "Emerald + Ruby")
    assert page.eval_on_selector_all("figure.card:not(.hidden)", "els => els.map(e => e.dataset.cardBox)") == ["emerald-ruby"]


def test_the_kind_filter_keeps_working_after_a_card_is_added(gem, page):
    """The kind select is replaced when the cards change: the filter reads the new one, and the
    kind chosen stays chosen (it kept reading the old select: only a reload fixed it)."""
    before_text = spec_path(gem).read_text(encoding="utf-8")
    page.select_option("#kind", "coin")
    save(spec_path(gem), "  - { id: coin-1a,", "  - { id: coin-1z, kind: coin, value: 1 }\n  - { id: coin-1a,")
    page.wait_for_selector('figure[data-card-box="coin-1z"]', timeout=20000)
    assert page.input_value("#kind") == "coin"
    assert page.locator("figure.card:not(.hidden)").count() == 13
    page.select_option("#kind", "gem")
    assert page.locator("figure.card:not(.hidden)").count() == 18
    page.select_option("#kind", "")
    assert page.locator("figure.card:not(.hidden)").count() == 31
    restore(gem, page, before_text)
    page.wait_for_function("() => !document.querySelector('figure[data-card-box=\"coin-1z\"]')", timeout=20000)


def test_a_save_changes_exactly_that_cards_picture_in_place(gem, page):
    before_text = spec_path(gem).read_text(encoding="utf-8")
    page.evaluate("() => { window.scrollTo(0, 600); window.notReloaded = true; }")
    y = page.evaluate("() => window.scrollY")
    before = pictures(page)
    save(spec_path(gem), "gems: [sapphire, ruby],     invest: 1, loan: 2 }", "gems: [sapphire, ruby],     invest: 1, loan: 3 }")
    page.wait_for_function("(old) => document.querySelector('img[data-card=\"sapphire-ruby\"][data-side=front]')"
                           ".getAttribute('src') !== old", arg=before[("sapphire-ruby", "front")], timeout=20000)
    page.wait_for_function(IN_VIEW_LOADED)
    after = pictures(page)
    assert {k for k in before if before[k] != after[k]} == {("sapphire-ruby", "front")}
    page.wait_for_function("() => document.body.dataset.changed !== undefined")
    assert page.evaluate("() => document.body.dataset.changed") == "sapphire-ruby"  # the card lit up, and only it
    assert page.evaluate("() => window.notReloaded") is True  # swapped in place, not reloaded
    assert page.evaluate("() => window.scrollY") == y
    restore(gem, page, before_text)
    assert pictures(page) == before  # the same drawing again: the same picture address


def test_a_rule_break_shows_the_cards_as_saved_with_the_violation_at_the_card(gem, page):
    before_text = spec_path(gem).read_text(encoding="utf-8")
    before = pictures(page)
    # five coins of value 3: a rule break (exit 1), not unreadable input
    save(spec_path(gem), "{ id: coin-2d, kind: coin, value: 2 }", "{ id: coin-2d, kind: coin, value: 3 }")
    page.wait_for_selector("[data-diagnostic]", timeout=20000)
    texts = page.eval_on_selector_all("[data-diagnostic]", "els => els.map(e => e.textContent)")
    assert any(t.startswith("card_specs/gem.yaml:") and ": error[GEM-COIN-VALUES]: the deck has 3 coins of value 2" in t
               for t in texts), texts
    assert any(": error[GEM-COIN-VALUES]: the deck has 5 coins of value 3" in t for t in texts), texts
    page.wait_for_function(IN_VIEW_LOADED)
    after = pictures(page)
    assert after[("coin-2d", "front")] != before[("coin-2d", "front")]  # the card as saved: a 3 now
    # the card the break is blamed on — the misprinted one, whose single change mends both counts —
    # is marked on the page, its message beside its picture
    marked = page.eval_on_selector_all("figure.card.has-error", "els => els.map(e => e.dataset.cardBox)")
    assert marked == ["coin-2d"], marked
    assert "probably a misprint of 2" in page.inner_text("figure[data-card-box=coin-2d] .card-errors")
    assert page.is_hidden("#stale")
    restore(gem, page, before_text)
    assert page.locator("[data-diagnostic]").count() == 0 and page.locator("figure.card.has-error").count() == 0


def test_a_save_that_cannot_be_read_keeps_the_last_good_pictures_beside_its_located_error(gem, page):
    before_text = spec_path(gem).read_text(encoding="utf-8")
    before = pictures(page)
    save(spec_path(gem), "components:", "components: [")
    page.wait_for_selector("[data-diagnostic]", timeout=20000)
    text = page.inner_text("[data-diagnostic]")
    assert text.startswith("card_specs/gem.yaml:") and "error[YAML-SYNTAX]" in text, text
    assert page.is_visible("#stale")
    assert pictures(page) == before  # the last good pictures stay
    assert page.evaluate(IN_VIEW_LOADED)
    restore(gem, page, before_text)
    assert page.is_hidden("#stale") and page.locator("[data-diagnostic]").count() == 0


def test_a_cards_page_shows_it_large_its_entry_as_written_and_where_it_prints(gem, browser):  # noqa: F811
    p = browser.new_page()
    p.goto(gem.url + "/game/gem/card/diamond-2")
    entry = p.inner_text("pre.entry")
    line = next(i for i, t in enumerate(spec_path(gem).read_text(encoding="utf-8").splitlines(), 1) if "diamond-2," in t)
    assert entry.split()[0] == str(line) and "{ id: diamond-2," in entry
    sheet_map = json.loads(gem.get("/game/gem/state.json")[1])
    assert sheet_map["cards"]
    prints = p.inner_text("text=Prints on")
    assert "(front)" in p.content() and "(back)" in p.content(), prints
    assert p.eval_on_selector("img[data-side=front]", "e => e.naturalHeight") > 400
    p.close()


def test_the_sheets_as_printed_fronts_beside_backs(gem, browser):  # noqa: F811
    p = browser.new_page(viewport={"width": 1200, "height": 900})
    p.goto(gem.url + "/game/gem/sheets")
    sides = p.eval_on_selector_all(".sheet", "els => els.map(s => [...s.querySelectorAll('.side')].map(x => x.dataset.side).join('+'))")
    assert sides == ["front+back", "front+back"]  # duplex: each front page with the back printed behind it
    p.wait_for_function(IN_VIEW_LOADED)
    w, h = p.eval_on_selector(".side img", "e => [e.naturalWidth, e.naturalHeight]")
    assert abs(h / w - 297 / 210) < 0.02  # a page of A4
    shown = p.eval_on_selector(".side img", "e => e.getBoundingClientRect().width")
    assert w >= 2 * shown  # sharp when enlarged: at least twice the pixels it is shown at
    assert p.get_attribute(".side a.enlarge", "href") == p.get_attribute(".side img", "src")  # opened alone
    assert not p.is_visible(".side svg")
    p.check("#marks")
    assert p.is_visible(".side svg") and p.locator(".side svg polygon").count() >= 30
    p.close()


def test_a_deal_for_a_player_count_as_pictures_with_a_new_seed_on_a_click(gem, browser):  # noqa: F811
    p = browser.new_page()
    p.goto(gem.url + "/game/gem/deal?players=3&seed=5")
    text = p.text_content("pre.deal")
    assert text.startswith("GEM for 3 players (seed 5)") and "of 4, 3, 3, 3, 3, 2 cards" in text
    coins = p.locator(".hand", has_text="player 1").locator("img")
    assert coins.count() == 3
    p.click("#new-seed")
    p.wait_for_load_state()
    assert "seed=" in p.url and "(seed 5)" not in p.text_content("pre.deal")
    p.goto(gem.url + "/game/gem/deal?players=7")
    assert "GEM is played by 2 to 4 players, not 7" in p.inner_text("main")
    p.close()


@pytest.mark.slow
def test_a_save_redraws_the_sheets_and_the_deal_keeping_the_scroll_the_overlay_and_the_seed(gem, browser):  # noqa: F811
    """The sheets and a deal are drawn again on a save (a reload) — keeping where the reader was:
    the scroll, the trim/bleed overlay switched on, and the deal's seed when the address had none."""
    before_text = spec_path(gem).read_text(encoding="utf-8")
    p = browser.new_page(viewport={"width": 700, "height": 500})
    p.goto(gem.url + "/game/gem/deal?players=2")
    seed = p.url.split("seed=")[1].split("&")[0]  # the deal's seed, put in the address
    dealt = p.text_content("pre.deal")
    assert f"(seed {seed})" in dealt
    y = p.evaluate("() => { window.scrollTo(0, 200); return window.scrollY; }")
    assert y > 0  # the page is longer than the window
    with p.expect_navigation(timeout=20000):
        save(spec_path(gem), "gems: [sapphire, ruby],     invest: 1, loan: 2 }",
             "gems: [sapphire, ruby],     invest: 1, loan: 3 }")
    p.wait_for_load_state("load")
    assert p.text_content("pre.deal") == dealt  # the same deal, not a new seed
    p.wait_for_function(f"() => window.scrollY === {y}", timeout=20000)
    p.goto(gem.url + "/game/gem/sheets")
    p.check("#marks")
    p.wait_for_function(IN_VIEW_LOADED)
    y = p.evaluate("() => { window.scrollTo(0, 300); return window.scrollY; }")
    assert y > 0
    with p.expect_navigation(timeout=20000):
        spec_path(gem).write_text(before_text, encoding="utf-8")
    p.wait_for_load_state("load")
    assert p.is_checked("#marks") and p.is_visible(".side svg")
    p.wait_for_function(f"() => window.scrollY === {y}", timeout=20000)
    p.close()


def test_a_second_reload_keeps_the_place_the_first_could_not_reach_yet(gem, browser):  # noqa: F811
    """A page reloaded while shorter than where the reader was (its sheets still being laid out)
    goes as far as it can and keeps the reader's place for the next reload (the sheets arriving),
    rather than the bottom it stopped at; the browser's own scroll restoring does not undo it."""
    p = browser.new_page(viewport={"width": 700, "height": 500})
    p.goto(gem.url + "/game/gem/sheets")
    # a save of the test before is laid out: no reload of its own
    p.wait_for_function("async () => (await (await fetch('/game/gem/state.json', {cache: 'no-store'})).json()).printed",
                        timeout=60000)
    p.goto(gem.url + "/game/gem/sheets")
    far = 100_000  # further than the page goes
    p.evaluate(f"() => sessionStorage.setItem('pnp-scroll:' + location.pathname + location.search, '{far}')")
    p.reload()
    # as far as it goes (the page may still grow while it loads: the bottom as it is then)
    # (the browser's own restoring of the place it had before the reload, the top, would undo it)
    p.wait_for_function("() => Math.abs(window.scrollY - (document.documentElement.scrollHeight - innerHeight)) <= 1 "
                        "&& window.scrollY > 0")
    for _ in range(2):
        assert p.evaluate("() => pnpRestoring") == far
        with p.expect_navigation():
            p.evaluate("() => pnpReload()")
    assert p.evaluate("() => pnpRestoring") == far  # still the reader's place, not the bottom
    assert p.evaluate("() => history.scrollRestoration") == "manual"
    p.mouse.wheel(0, -100)  # the reader moves: that is the place from now on
    p.wait_for_function("() => pnpRestoring === null")
    assert p.evaluate("() => history.scrollRestoration") == "auto"  # the browser's again, for back and forward
    p.wait_for_function("() => window.scrollY > 0")
    y = p.evaluate("() => window.scrollY")
    p.goto(gem.url + "/game/gem")
    p.go_back()
    p.wait_for_function(f"() => window.scrollY === {y}")  # the reader's place, by the browser, on coming back
    p.close()


@pytest.mark.slow
def test_a_stopped_server_is_plain_to_see_and_a_save_made_meanwhile_shows_on_reconnect(tmp_path, browser):  # noqa: F811
    """When `pnp serve` stops, a banner across the top of the window says so (not 12 px of grey
    text in the header); when it is started again on its address, the page catches up with the
    save made while it was down without waiting for another save."""
    (tmp_path / "card_specs").mkdir()
    spec = tmp_path / "card_specs" / "gem.yaml"
    shutil.copy(SPECS_DIR / "gem.yaml", spec)
    first = Server(tmp_path, "gem", "--specs", "card_specs")
    first.wait_ready("/game/gem")
    port = first.url.rsplit(":", 1)[1]
    p = browser.new_page(viewport={"width": 1000, "height": 700})
    p.goto(first.url + "/game/gem")
    p.wait_for_function("() => document.getElementById('live').textContent === 'live'", timeout=20000)
    assert not p.is_visible("#offline")
    before = pictures(p)
    p.evaluate("() => window.scrollTo(0, 500)")
    first.stop()
    p.wait_for_selector("#offline", state="visible", timeout=20000)
    box = p.eval_on_selector("#offline", "e => { const r = e.getBoundingClientRect(); return [r.top, r.width, "
                                         "parseFloat(getComputedStyle(e).fontSize)]; }")
    assert box[0] == 0 and box[1] >= 990 and box[2] >= 16  # across the top of the window, scrolled or not
    save(spec, "gems: [sapphire, ruby],     invest: 1, loan: 2 }", "gems: [sapphire, ruby],     invest: 1, loan: 3 }")
    again = Server(tmp_path, "gem", "--specs", "card_specs", "--port", port)
    try:
        again.wait_ready("/game/gem")
        p.wait_for_selector("#offline", state="hidden", timeout=30000)
        p.wait_for_function("(old) => document.querySelector('img[data-card=\"sapphire-ruby\"][data-side=front]')"
                            ".getAttribute('src') !== old", arg=before[("sapphire-ruby", "front")], timeout=30000)
    finally:
        p.close()
        again.stop()


@pytest.mark.slow
def test_the_page_answers_at_once_saying_what_is_built_and_fills_in(tmp_path, browser):  # noqa: F811
    """`serving …` comes first and the page answers from then on: a game not drawn yet says so,
    and the page fills in by itself as it is drawn (it was no answer at all for 21-24 s). A save
    made while the first builds run is not lost (the watcher starts first), and a 1000-card game
    shows every card."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    import big_game

    big_game.write(tmp_path, 992)  # Lantern Walk at 1000 cards: its first draw takes a while
    shutil.copy(SPECS_DIR / "gem.yaml", tmp_path / "card_specs")
    server = Server(tmp_path, "gem", "lanterns", "--specs", "card_specs")  # drawn in this order
    try:
        code, body, _ = server.get("/game/lanterns")  # right after `serving …`
        assert code == 200 and b"Building lanterns" in body
        assert "pnp serve: gem drawn in" in server.wait_said("pnp serve: gem drawn in")
        said = server.said
        if "pnp serve: lanterns drawn in" not in said:  # gem is drawn, lanterns are not: save gem now
            save(tmp_path / "card_specs" / "gem.yaml", "invest: 1, loan: 2 }", "invest: 1, loan: 3 }")
            with server.heard:
                server.heard.wait_for(lambda: server.said.count("pnp serve: gem drawn in") >= 2, 120)
            assert server.said.count("pnp serve: gem drawn in") >= 2, server.said  # the save was seen
        p = browser.new_page()
        p.goto(server.url + "/game/lanterns")
        p.wait_for_selector("figure.card", timeout=120000)  # filled in, no reload asked for
        assert not p.is_visible("#building") and p.locator("figure.card").count() == 1000
        p.wait_for_function(IN_VIEW_LOADED, timeout=120000)
        p.goto(server.url + "/")
        p.wait_for_function("() => !document.querySelector('[data-building]')", timeout=120000)
        assert "GEM — 30 cards" in p.inner_text("main") and "Lantern Walk — 1000 cards" in p.inner_text("main")
        p.close()
    finally:
        server.stop()


def test_a_deal_shows_pictures_first_and_face_down_piles_as_a_count_with_a_back(gem, browser):  # noqa: F811
    """The deal as pictures, the text dump folded away below them; a face-down pile is how many
    cards and one back, never every face in it."""
    p = browser.new_page(viewport={"width": 1200, "height": 900})
    p.goto(gem.url + "/game/gem/deal?players=2&seed=5")
    piles = p.eval_on_selector_all(".pile", "els => els.map(e => [e.textContent.trim().split(/\\s+/).slice(0, 3).join(' '), "
                                            "e.querySelectorAll('img').length, e.querySelector('img').dataset.side])")
    assert piles == [["1: 4 face", 1, "back"], ["2: 3 face", 1, "back"], ["3: 3 face", 1, "back"],
                     ["4: 3 face", 1, "back"], ["5: 3 face", 1, "back"], ["6: 2 face", 1, "back"]]
    down = p.locator("h2", has_text="Face down")
    fronts_below = p.eval_on_selector_all("h2 ~ .group img[data-side=front], h2 ~ .hand img[data-side=front]",
                                          "els => els.length")
    assert down.count() == 1
    assert not p.is_visible("pre.deal") and "(seed 5)" in p.text_content("details.deal-text")  # folded, still there
    first_img = p.evaluate("() => document.querySelector('main img').getBoundingClientRect().top")
    text_at = p.evaluate("() => document.querySelector('details.deal-text').getBoundingClientRect().top")
    assert first_img < text_at and fronts_below >= 6  # pictures first: the coins given to each player
    p.close()


def test_a_cards_page_keeps_up_with_a_save_entry_errors_and_all(gem, browser):  # noqa: F811
    """On a save the card's page is brought up to date in place: its entry as written, its
    errors (a new rule break shows there at once), its picture — not only the picture."""
    before_text = spec_path(gem).read_text(encoding="utf-8")
    p = browser.new_page(viewport={"width": 1200, "height": 900})
    p.goto(gem.url + "/game/gem/card/coin-2d")
    p.evaluate("() => { window.notReloaded = true; }")
    assert "value: 2" in p.inner_text("pre.entry") and p.locator(".card-errors li").count() == 0
    save(spec_path(gem), "{ id: coin-2d, kind: coin, value: 2 }", "{ id: coin-2d, kind: coin, value: 3 }")
    p.wait_for_function("() => document.querySelector('pre.entry').textContent.includes('value: 3')", timeout=20000)
    p.wait_for_selector(".card-errors li", timeout=20000)
    assert "GEM-COIN-VALUES" in p.inner_text(".card-errors") and "probably a misprint of 2" in p.inner_text(".card-errors")
    assert p.evaluate("() => window.notReloaded") is True  # in place
    spec_path(gem).write_text(before_text, encoding="utf-8")
    p.wait_for_function("() => document.querySelector('pre.entry').textContent.includes('value: 2')", timeout=20000)
    p.wait_for_function("() => !document.querySelector('.card-errors li')", timeout=20000)
    p.close()


def test_pages_and_state_are_gzipped_for_a_browser_that_accepts_it(gem):
    import gzip
    import urllib.request

    asked = []
    for path in ("/game/gem", "/game/gem/state.json"):
        plain = gem.get(path)[1]
        req = urllib.request.Request(gem.url + path, headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(req, timeout=30) as r:
            body, encoding = r.read(), r.headers.get("Content-Encoding")
        after = gem.get(path)[1]  # the sheets of a save before may have been laid out meanwhile ("printed")
        assert encoding == "gzip" and len(body) < len(plain) / 3
        # the same page (its picture addresses too) as asked for plainly just before or just after
        assert any(gzip.decompress(body).startswith(p[:200]) for p in (plain, after))
        asked.append(path)
    assert len(asked) == 2


@pytest.mark.slow
def test_diagnostics_are_grouped_by_code_folded_when_long_and_link_to_their_card(gem, browser):  # noqa: F811
    """Many near-identical errors do not push the cards off the first screen: they are one group
    per code, folded when long, and each entry about a card is a link to it."""
    before_text = spec_path(gem).read_text(encoding="utf-8")
    many = before_text.count("loan: 2 }")
    assert many >= 4
    p = browser.new_page(viewport={"width": 1200, "height": 800})
    p.goto(gem.url + "/game/gem")
    spec_path(gem).write_text(before_text.replace("loan: 2 }", "loan: 200 }"), encoding="utf-8")
    p.wait_for_selector("details.diag-group", timeout=20000)
    group = p.locator("details.diag-group", has_text="SPEC-RANGE")
    assert group.count() == 1 and f"SPEC-RANGE ({many})" in group.locator("summary").inner_text()
    assert group.get_attribute("open") is None  # folded: the cards stay on the first screen
    assert p.evaluate("() => document.querySelector('figure.card').getBoundingClientRect().top") < 800
    group.locator("summary").click()
    link = group.locator("li[data-for] a").first
    target = link.get_attribute("href")
    assert target.startswith("#card-")
    link.click()
    p.wait_for_function(f"() => location.hash === {target!r}")
    top = p.evaluate(f"() => document.getElementById({target[1:]!r}).getBoundingClientRect().top")
    assert -1 <= top < 800  # the card it is about, in view
    spec_path(gem).write_text(before_text, encoding="utf-8")
    p.wait_for_function("() => !document.querySelector('details.diag-group')", timeout=20000)
    p.close()


def test_at_phone_width_nothing_overflows_and_the_links_stay_whole(gem, browser):  # noqa: F811
    p = browser.new_page(viewport={"width": 375, "height": 740})
    pages = 0
    for path in ("/game/gem", "/game/gem/sheets", "/game/gem/card/coin-1a", "/game/gem/deal?players=2&seed=3"):
        pages += 1
        p.goto(gem.url + path)
        p.wait_for_load_state("load")
        wide = p.evaluate("() => document.documentElement.scrollWidth")
        assert wide <= 375, (path, wide)  # no sideways scrolling
        live = p.evaluate("() => { const r = document.getElementById('live').getBoundingClientRect(); return [r.left, r.right]; }")
        assert 0 <= live[0] and live[1] <= 375, (path, live)  # the live indicator on the screen
        heights = p.eval_on_selector_all("header a", "els => els.map(e => e.getClientRects().length)")
        assert all(n == 1 for n in heights), (path, heights)  # no link broken over two lines
    p.close()
    assert pages == 4


def test_a_cards_page_links_to_its_neighbours_and_to_the_sheet_it_prints_on(gem, browser):  # noqa: F811
    p = browser.new_page(viewport={"width": 1200, "height": 900})
    p.goto(gem.url + "/game/gem/card/coin-1b")
    assert p.get_attribute("a[rel=prev]", "href").endswith("/card/coin-1a")
    assert p.get_attribute("a[rel=next]", "href").endswith("/card/coin-1c")
    p.click("a[rel=next]")
    p.wait_for_url("**/card/coin-1c")
    links = p.eval_on_selector_all("a.prints", "els => els.map(e => [e.textContent, e.getAttribute('href')])")
    pages = [t.split()[1] for t, _ in links]
    assert links and all(h == f"/game/gem/sheets#page-{n}" for (_, h), n in zip(links, pages))
    p.click("a.prints >> nth=0")
    p.wait_for_url(f"**/sheets#page-{pages[0]}")
    side = p.locator(f"#page-{pages[0]}")
    assert side.count() == 1 and side.get_attribute("data-page") == pages[0]
    assert f"({side.get_attribute('data-side')})" in links[0][0]  # the side the card page said
    p.close()


def test_tiles_take_a_size_or_the_printed_size_and_a_back_is_shown_once_per_design(page):
    fronts = "() => [...document.querySelectorAll('img[data-side=front]')].map(i => i.getBoundingClientRect().height)"
    visible_backs = "() => [...document.querySelectorAll('img[data-side=back]')].filter(i => i.offsetParent).length"
    assert page.evaluate(visible_backs) == 1  # GEM's one back design, once (the others on hover)
    page.hover("figure[data-card-box='coin-2a']")
    assert page.evaluate(visible_backs) == 2  # and this card's, under the pointer
    page.eval_on_selector("#tile", "e => { e.value = 360; e.dispatchEvent(new Event('input')); }")
    assert set(page.evaluate(fronts)) == {360}
    page.check("#actual")
    heights = set(round(h, 1) for h in page.evaluate(fronts))
    assert heights == {round(76.2 * 96 / 25.4, 1)}  # 3 inches: GEM's gum card as it prints (CSS mm)
    page.uncheck("#actual")
    page.eval_on_selector("#tile", "e => { e.value = 180; e.dispatchEvent(new Event('input')); }")


def test_a_save_drawn_before_the_page_was_listening_is_shown_when_it_listens(gem, browser):  # noqa: F811
    """A page loaded a moment before a save, whose event stream was not open yet when the save
    was drawn, missed it (and stayed old until the next save). The stream's first word says every
    game's version; a page older than that brings itself up to date."""
    held = []
    p = browser.new_page(viewport={"width": 1200, "height": 800})
    p.route("**/events", lambda route: held.append(route))  # the stream, held back until the save is drawn
    p.goto(gem.url + "/game/gem")
    while not held:
        p.wait_for_timeout(20)  # the page's own stream request, arriving
    img = 'img[data-card="sapphire-ruby"][data-side="front"]'
    old = p.get_attribute(img, "src")
    drawn = gem.said.count("pnp serve: gem drawn in")
    text = spec_path(gem).read_text(encoding="utf-8")
    save(spec_path(gem), "gems: [sapphire, ruby],     invest: 1, loan: 2 }", "gems: [sapphire, ruby],     invest: 1, loan: 4 }")
    try:
        with gem.heard:
            assert gem.heard.wait_for(lambda: gem.said.count("pnp serve: gem drawn in") > drawn, 60)
        held[0].continue_()
        p.wait_for_function("([sel, old]) => document.querySelector(sel).getAttribute('src') !== old",
                            arg=[img, old], timeout=20000)
        assert "loan 4" in p.inner_text('figure[data-card-box="sapphire-ruby"] figcaption')
    finally:
        spec_path(gem).write_text(text, encoding="utf-8")
        with gem.heard:
            gem.heard.wait_for(lambda: gem.said.count("pnp serve: gem drawn in") > drawn + 1, 60)
        p.close()
