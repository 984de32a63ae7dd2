"""A club night's pages in every state a director or scorer meets (issue 18), for the axe sweep
(tests/test_night_pages.py) and the screenshots (docs/screenshots/take.py night).

:func:`build_night` fills a migrated database through the store functions the pages call:
- the golden progressive night (tests/golden/events/01-progressive-night.json, 8 players, two
  tables), owned by the club, round 1 seated and both its sittings attached, so round 1's page
  shows round 2 by the movement and the seat page of round 2 offers it;
- a second event of the club with nothing seated (the seat page of round 1: draw or typed);
- two drafts of the club: one in progress (three deals) and one whose rubber is decided (the
  scorer's page then offers to store it, no further deal);
- a third event with round 1 seated and no link issued yet, for the table links: the round's
  links page, the printable cards, the page a link opens and a dead link's page
  (:func:`link_pages` drives them in a browser).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from golden_cases import GOLDEN
from pages_support import build_db

CLUB = "Riverside Euchre Club"
CASE = json.loads((GOLDEN / "events" / "01-progressive-night.json").read_text(encoding="utf-8"))


@dataclass(frozen=True)
class Night:
    token: str
    event_id: int
    empty_event_id: int
    draft_id: int
    over_draft_id: int
    links_event_id: int

    def pages(self) -> list[tuple[str, str]]:
        """(screenshot name, path) of every page of the night, before it is closed."""
        e = self.event_id
        return [("event-new", "/web/events/new"),
                ("seat-round-1", f"/web/events/{self.empty_event_id}/rounds/1/seat"),
                ("seat-round-2", f"/web/events/{e}/rounds/2/seat"),
                ("round", f"/web/events/{e}/rounds/1"),
                ("event-director", f"/web/events/{e}"),
                ("board", f"/web/events/{e}/board"),
                ("scorer", f"/web/drafts/{self.draft_id}"),
                ("scorer-over", f"/web/drafts/{self.over_draft_id}")]


def _header(seats: dict[str, str], preset: str = "modern") -> dict[str, object]:
    rules: dict[str, object] = {"preset": preset}
    return {"format": "euchre-records", "version": "1.0",
            "event": {"club": CLUB, "event": CASE["event"]["name"], "round": "2", "table": "1"},
            "players": {s: {"name": n} for s, n in seats.items()}, "rules": rules, "deals": []}


def _deal(dealer: str, maker: str, trump: str, tricks: int, alone: bool = False
          ) -> dict[str, object]:
    result: dict[str, object] = {"maker": maker, "trump": trump, "tricks": tricks}
    if alone:
        result["alone"] = True
    return {"kind": "result", "dealer": dealer, "result": result}


def build_night(path: str | Path) -> Night:
    from euchre_records.api.store import drafts, events, tokens
    from euchre_records.api.store.ingest import prepare
    from euchre_records.api.store.migrations import open_db
    from euchre_records.api.store.store import Store

    build_db(path, examples=False)
    db = open_db(path)
    try:
        row, token = tokens.create_token(db, CLUB)
        by = f"{CLUB} (token {row.id})"
        event_id = events.create_event(db, CASE["event"], created_by=by, club_id=row.club_id)
        for seating in CASE["seatings"]:
            events.add_seating(db, event_id, seating["round"], seating["tables"], created_by=by)
        for sitting in CASE["sittings"]:
            if sitting["round"] == 1:
                saved = Store(db).save(prepare(json.dumps(sitting["record"])))
                events.attach_sitting(db, event_id, saved.id, created_by=by)
        empty = events.create_event(db, {"name": "Tuesday progressive", "format": "progressive",
                                         "club": CLUB, "rounds": 3, "deals_per_round": 4,
                                         "players": CASE["event"]["players"]},
                                    created_by=by, club_id=row.club_id)
        seats = {"N": "Ann", "E": "Cy", "S": "Flo", "W": "Hal"}
        playing = _header(seats)
        playing["deals"] = [_deal("N", "E", "H", 3), _deal("E", "S", "S", 5),
                            _deal("S", "W", "D", 2)]
        draft_id = drafts.create_draft(db, playing, club_id=row.club_id, token_id=row.id)
        # Hoyle-style: game to 5, a rubber the best of three; two lone marches (4 points each)
        # win a game, two games the rubber
        over = _header(seats, "hoyle")
        over["deals"] = [_deal("N", "S", "C", 5, True), _deal("E", "N", "H", 5, True),
                         _deal("S", "S", "D", 5, True), _deal("W", "N", "S", 5, True)]
        over_id = drafts.create_draft(db, over, club_id=row.club_id, token_id=row.id)
        linked = events.create_event(db, {"name": "Wednesday progressive",
                                          "format": "progressive", "club": CLUB, "rounds": 3,
                                          "deals_per_round": 4,
                                          "players": CASE["event"]["players"]},
                                     created_by=by, club_id=row.club_id)
        events.add_seating(db, linked, 1, CASE["seatings"][0]["tables"], created_by=by)
    finally:
        db.close()
    return Night(token, event_id, empty, draft_id, over_id, linked)


def link_pages(b: Any, base: str, night: Night, viewport: dict[str, int],
               visit: Callable[[Any, str], None]) -> None:
    """Drive the table-link pages of ``night.links_event_id`` in browser ``b`` and call
    ``visit(page, name)`` on each: the round's links (director), the printable cards just
    issued, the join page a link opens, the scorer's page opened from a link (a phone without
    the club's token), and that phone's page once the director re-issued its table's link
    (the old one revoked)."""
    director_ctx = b.new_context(viewport=viewport, device_scale_factor=1)
    director = director_ctx.new_page()
    director.goto(f"{base}/login?token={night.token}")
    director.locator('main button[type="submit"]').click()
    director.wait_for_url(base + "/")
    links = f"{base}/web/events/{night.links_event_id}/rounds/1/links"
    director.goto(links)
    visit(director, "links")
    director.locator('form[action$="/links"] button[type="submit"]').click()
    director.wait_for_selector("section.table-card")
    visit(director, "table-cards")
    url = director.locator("section.table-card .card-url a").first.get_attribute("href")
    phone_ctx = b.new_context(viewport=viewport, device_scale_factor=1)
    phone = phone_ctx.new_page()
    phone.goto(f"{base}/web/table")
    visit(phone, "table-join")
    phone.goto(url)
    phone.wait_for_url(re.compile(r".*/web/drafts/\d+(#entry)?$"))
    visit(phone, "table-scorer")
    director.goto(links)
    director.select_option("#table", "1")
    director.locator('form[action$="/links"] button[type="submit"]').click()
    director.wait_for_selector("section.table-card")
    phone.goto(f"{base}/web/table")
    assert "revoked" in phone.locator("h1").inner_text()
    visit(phone, "link-revoked")
    phone_ctx.close()
    director_ctx.close()
