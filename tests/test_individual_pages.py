"""The director's pages for an event at tables of three (docs/EVENTS.md §2.1, §4.1): created
from the form with its table size, seated by typed lines of three names (four refused with the
line named), round 2 seated by the ladder the round page shows, and the event page listing the
places game by game. The sittings are the golden cut-throat night's
(tests/golden/events/04-cutthroat-night.json, worked by hand)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from bs4 import BeautifulSoup

from euchre_records.api.store import events
from euchre_records.api.store.ingest import prepare
from euchre_records.api.store.migrations import migrate, open_db
from euchre_records.api.store.store import Store

from golden_cases import GOLDEN, expected
from test_director_pages import _seat, db_path, director  # noqa: F401  (fixtures)
from test_pages import Scorer

NIGHT = GOLDEN / "events" / "04-cutthroat-night.json"
CASE = json.loads(NIGHT.read_text(encoding="utf-8"))
WANT = expected(NIGHT)


def _attach_round(db_path: Path, rnd: int) -> None:  # noqa: F811
    db = open_db(db_path)
    migrate(db)
    for s in CASE["sittings"]:
        if s["round"] == rnd:
            events.attach_sitting(db, 1, Store(db).save(prepare(json.dumps(s["record"]))).id)
    db.close()


def test_a_cutthroat_night_from_the_directors_pages(director: Scorer, db_path: Path) -> None:  # noqa: F811
    resp = director.client.post("/web/events/new", data={
        "name": "Cut-throat night", "format": "games", "seats": "3", "rounds": "2",
        "players": "\n".join(CASE["event"]["players"]), "csrf_token": director.csrf})
    assert resp.status_code == 303, resp.data
    made = events.get_event(open_db(db_path), 1)
    assert made is not None and (made["format"], made["seats"]) == ("games", 3)
    four = _seat(director, 1, 1, how="typed", tables="1: Ann, Bob, Cy, Di\n2: Ed, Flo")
    assert four.status_code == 200
    said = BeautifulSoup(four.data, "html.parser").select_one("#f-tables").get_text()
    assert "line 1: write 'TABLE: ' and the three players in seat order" in said
    ok = _seat(director, 1, 1, how="typed", tables="1: Ann, Bob, Cy\n2: Di, Ed, Flo")
    assert ok.status_code == 303
    _attach_round(db_path, 1)
    page = director.page("/web/events/1/rounds/1")
    shown = page.find("h2", string="Next round, by the movement").find_next("ul").get_text(" ")
    assert "Table 1: Ann, Bob, Di" in " ".join(shown.split())   # the ladder, by hand; by name
    form = page.find("button", string=re.compile("Save this seating for round 2")).find_parent("form")
    moved = director.client.post(form["action"], data={
        i["name"]: i.get("value", "") for i in form.find_all("input") if i.get("name")})
    assert moved.status_code == 303
    _attach_round(db_path, 2)
    event = director.page("/web/events/1")
    rows = [" ".join(r.get_text(" ").split()) for r in event.select("table.places tbody tr")]
    assert rows[-1] == "2 2 Ed 5 (1, 4); Flo 1 (2, 1); Cy 1 (2, 1)"
    places = [" ".join(r.select_one("th").get_text().split()) + " "
              + r.select_one("td").get_text(strip=True) for r in event.select("table.standings tbody tr")]
    assert places == [f"{s['place']} {s['entrant']}" for s in WANT["standings"]]
