"""The live board of a cut-throat night in Chromium (docs/PAGES.md, docs/EVENTS.md §2.1): the
golden night (tests/golden/events/04-cutthroat-night*.json, worked by hand) with round 2 still
playing shows each player's place points and places, and refreshes itself to the hand-worked
final places when the last sitting is attached; board and event page fit a phone and pass axe."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from euchre_records.words import counted
from euchre_records.api.store import events
from euchre_records.api.store.ingest import prepare
from euchre_records.api.store.store import Store

from events_support import fresh
from golden_cases import GOLDEN, expected
from pages_support import (DESKTOP, PHONE, browser, live_server, make_app, need_chromium,
                           serious_violations)

NIGHT = GOLDEN / "events" / "04-cutthroat-night.json"
CASE = json.loads(NIGHT.read_text(encoding="utf-8"))
WANT = expected(NIGHT)


def _attach(db: object, eid: int, index: int) -> None:
    record = CASE["sittings"][index]["record"]
    events.attach_sitting(db, eid, Store(db).save(prepare(json.dumps(record))).id)  # type: ignore[arg-type]


@pytest.mark.slow
def test_the_board_shows_individual_places_and_follows_the_night(tmp_path: Path) -> None:
    need_chromium()
    path = tmp_path / "night.db"
    db = fresh(str(path))
    eid = events.create_event(db, CASE["event"])
    events.add_seating(db, eid, 1, CASE["seatings"][0]["tables"])
    _attach(db, eid, 0)
    _attach(db, eid, 1)
    events.add_seating(db, eid, 2, WANT["seatings"]["2"])
    _attach(db, eid, 2)
    with live_server(make_app(path)) as base, browser() as b:
        context = b.new_context(viewport=DESKTOP)
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(f"{base}/web/events/{eid}/board")
        assert "1 table finished, 1 playing" in page.locator(".board-progress").inner_text()
        # after three games, by hand: Ann 2+4, Bob 4+0, Di 4+2 place points; Ed 2, Cy 0, Flo 0
        first = page.locator("ol.board-standings li").first.inner_text()
        assert "6 place pts" in first and "places 1, 2" in first and "Di" in first
        _attach(db, eid, 3)                        # table 2 of round 2 finishes meanwhile
        deadline = time.monotonic() + 30
        while "2 tables finished" not in page.locator(".board-progress").inner_text():
            assert time.monotonic() < deadline, "the board did not refresh itself"
            page.wait_for_timeout(500)
        lines = page.locator("ol.board-standings li").all_inner_texts()
        assert len(lines) == len(WANT["standings"])
        for line, want in zip(lines, WANT["standings"]):
            words = " ".join(line.split())
            assert words.startswith(f"{want['place']} {want['entrant']} "), words
            assert counted(want["place_points"], "place pt") in words
            assert "places " + ", ".join(map(str, want["places"])) in words
        tables = page.locator("ul.board-tables li").all_inner_texts()
        assert "5–1–1" in tables[1] and "Ed, Flo, Cy" in tables[1]
        context.close()
        for viewport in (PHONE, DESKTOP):
            context = b.new_context(viewport=viewport)
            page = context.new_page()
            for url in (f"/web/events/{eid}/board", f"/web/events/{eid}",
                        f"/web/events/{eid}/rounds/2"):
                page.goto(base + url)
                assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"], url
                bad = serious_violations(page)
                assert bad == [], f"{url} at {viewport['width']} px: {bad}"
            context.close()
        assert errors == []
