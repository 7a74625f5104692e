"""axe-core (the accessibility engine browsers' own audits use) finds nothing on the preview's real
pages — the games, a game's cards, a card, the sheets, a deal — at a desktop's width and at a
phone's."""
from __future__ import annotations

import pytest

from serve_kit import IN_VIEW_LOADED
from test_serve_page import gem  # noqa: F401  (the served GEM: a fixture)

PAGES = ["/", "/game/gem", "/game/gem/card/sapphire-ruby", "/game/gem/sheets", "/game/gem/deal?players=3&seed=5"]


@pytest.mark.slow
@pytest.mark.parametrize("width", [1200, 390])
def test_axe_finds_nothing_on_the_real_pages(gem, browser, width):  # noqa: F811
    axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe()
    p = browser.new_page(viewport={"width": width, "height": 800})
    found = {}
    for path in PAGES:
        p.goto(gem.url + path)
        p.wait_for_function(IN_VIEW_LOADED)
        results = axe.run(p).response
        found[path] = [f"{v['id']} ({v['impact']}): {v['help']} — {[n['target'] for n in v['nodes'][:3]]}"
                       for v in results["violations"]]
        assert len(results["passes"]) >= 5, path  # axe ran its rules on the page
    p.close()
    assert {k: v for k, v in found.items() if v} == {}
