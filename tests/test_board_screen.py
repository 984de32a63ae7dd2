"""The live board on the screens it is shown on (issue 33): a projector at 1920 x 1080 shows the
standings of 24 players, every name in sight without scrolling; a laptop at 1280 x 800 those of
12; the board has no site menu and its type stays readable from across a room; once the event is
closed the board says its standings are final and stops refreshing itself.

The night is tests/board_support.py's: 24 (or 12) players at tables of four, round 1 seated,
some of its tables finished.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup

from board_support import big_night_db
from pages_support import browser, live_server, make_app, need_chromium, serious_violations

PROJECTOR = {"width": 1920, "height": 1080}
LAPTOP = {"width": 1280, "height": 800}
MIN_NAME_PX = 24
"""The smallest a name of the standings is drawn on either screen (the board's type is 1.7 % of
the width or 3 % of the height, whichever is less: 32.4 px on the projector; pages.css never lets
it under 24 px, which the laptop gets)."""

FINAL = "these standings are final"


def _in_sight(page: Any, viewport: dict[str, int], players: int) -> None:
    """Every entrant of the standings is inside the viewport as loaded, the page scrolls neither
    way, there is no site menu, the names are large and axe finds nothing serious."""
    names = page.locator("ol.board-standings .entrant")
    assert names.count() == players
    for i in range(players):
        box = names.nth(i).bounding_box()
        assert box is not None
        text = names.nth(i).inner_text()
        assert box["x"] >= 0 and box["y"] >= 0, text
        assert box["x"] + box["width"] <= viewport["width"], text
        assert box["y"] + box["height"] <= viewport["height"], f"{text} is below the screen"
        size = float(names.nth(i).evaluate("e => getComputedStyle(e).fontSize").rstrip("px"))
        assert size >= MIN_NAME_PX, f"{text}: {size} px"
    sizes = page.evaluate("[document.documentElement.scrollWidth, "
                          "document.documentElement.scrollHeight]")
    assert sizes[0] <= viewport["width"], "the board scrolls sideways"
    assert sizes[1] <= viewport["height"], "the board scrolls down"
    assert page.locator("header.site, nav[aria-label=Site]").count() == 0
    assert page.evaluate("scrollY") == 0
    assert serious_violations(page) == []


@pytest.mark.slow
@pytest.mark.parametrize("viewport, players, closed", [
    (PROJECTOR, 24, False), (PROJECTOR, 24, True), (LAPTOP, 12, False), (LAPTOP, 12, True),
    (LAPTOP, 24, False), (LAPTOP, 24, True)],
    ids=["projector-24", "projector-24-final", "laptop-12", "laptop-12-final", "laptop-24",
         "laptop-24-final"])
def test_the_standings_fit_the_screen_without_scrolling(tmp_path: Path,
                                                        viewport: dict[str, int],
                                                        players: int, closed: bool) -> None:
    """Open (some tables playing) and closed (every table finished, five last results and the
    final line): the closed board is the fuller one."""
    need_chromium()
    path = tmp_path / "night.db"
    eid = big_night_db(path, players=players, finished=players // 4 - (0 if closed else 2),
                       close=closed)
    with live_server(make_app(path)) as base, browser() as b:
        context = b.new_context(viewport=viewport)
        page = context.new_page()
        page.goto(f"{base}/web/events/{eid}/board")
        _in_sight(page, viewport, players)
        context.close()


def test_a_closed_event_s_board_says_its_standings_are_final(tmp_path: Path) -> None:
    path = tmp_path / "night.db"
    eid = big_night_db(path, players=12, finished=3, close=True)
    with make_app(path).test_client() as client:
        page = BeautifulSoup(client.get(f"/web/events/{eid}/board").data, "html.parser")
        live = BeautifulSoup(client.get(f"/web/events/{eid}/board?part=live").data, "html.parser")
    for soup in (page, live):
        text = soup.get_text(" ", strip=True)
        assert FINAL in text
        assert "refreshes itself" not in text
        assert soup.select_one("#board-live[data-final]") is not None
    assert page.select_one("meta[http-equiv=refresh]") is None    # not even without JavaScript


@pytest.mark.slow
def test_the_board_turns_final_when_the_event_closes_and_stops_asking(tmp_path: Path) -> None:
    """The board open in chromium while the director closes the event: the next poll brings the
    final standings, and after that the page asks the server nothing more."""
    need_chromium()
    from euchre_records.api.store import events
    from euchre_records.api.store.migrations import open_db
    path = tmp_path / "night.db"
    eid = big_night_db(path, players=12, finished=3)
    with live_server(make_app(path)) as base, browser() as b:
        context = b.new_context(viewport=LAPTOP)
        page = context.new_page()
        polls: list[str] = []
        page.on("request", lambda r: polls.append(r.url) if "part=live" in r.url else None)
        page.goto(f"{base}/web/events/{eid}/board")
        assert "refreshes itself" in page.locator("#board-live").inner_text()
        db = open_db(path)
        try:
            events.close_event(db, eid)
        finally:
            db.close()
        page.wait_for_function("t => document.getElementById('board-live').innerText"
                               ".includes(t)", arg=FINAL, timeout=0)
        live = page.locator("#board-live").inner_text()
        assert "refreshes itself" not in live
        asked = len(polls)
        page.wait_for_timeout(12_000)       # more than two polling periods (board.py POLL_SECONDS)
        assert len(polls) == asked, "the final board still polls"
        _in_sight(page, LAPTOP, 12)
        context.close()
