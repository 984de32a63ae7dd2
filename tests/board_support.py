"""A big club night for the board's screen tests (tests/test_board_screen.py) and its screenshots
(docs/screenshots/take.py board): 24 players at six tables, round 1 seated, four of its tables
finished (their sittings attached), two still playing. Names are of a real night's lengths
(first name and surname), so a row of the standings is as wide as it will be on the night.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

NAMES = ["Ann Abbott", "Bob Barker", "Cy Castellanos", "Di Dunn", "Ed Evans", "Flo Fitzgerald",
         "Gus Grant", "Hal Hughes", "Ida Ingram", "Jo Jablonski", "Kit Kowalczyk",
         "Lou Lindqvist", "Max Morrison", "Nan Nakamura", "Oz Okafor", "Pat Pennington",
         "Quin Quigley", "Ros Rasmussen", "Sam Sutherland", "Tess Thibodeaux", "Uma Underwood",
         "Vic Vasquez", "Wyn Whitfield", "Xan Xenakis"]
CLUB = "Riverside Euchre Club"
EVENT = "Riverside Friday progressive"


def _record(table: int, seats: dict[str, str], shift: int) -> dict[str, Any]:
    """Four deals of table ``table`` (dealer N, E, S, W), the points differing table by table."""
    plays = [("E", "H", 3), ("S", "S", 5), ("W", "D", 2), ("N", "C", 4),
             ("N", "H", 5), ("E", "S", 4)]
    deals = []
    for k, dealer in enumerate("NESW"):
        maker, trump, tricks = plays[(k + shift) % len(plays)]
        deals.append({"kind": "result", "dealer": dealer,
                      "result": {"maker": maker, "trump": trump, "tricks": tricks}})
    return {"format": "euchre-records", "version": "1.0",
            "event": {"club": CLUB, "event": EVENT, "round": "1", "table": str(table)},
            "players": {s: {"name": n} for s, n in seats.items()},
            "rules": {"preset": "modern"}, "deals": deals}


def build_big_night(db: Any, *, players: int = 24, finished: int = 4, close: bool = False) -> int:
    """The night in ``db`` (a migrated database): its event id. ``players`` of :data:`NAMES`
    (a multiple of four), round 1 seated, its first ``finished`` tables' sittings attached; the
    event closed when ``close``."""
    from euchre_records.api.store import events
    from euchre_records.api.store.ingest import prepare
    from euchre_records.api.store.store import Store
    names = NAMES[:players]
    eid = events.create_event(db, {"name": EVENT, "format": "progressive", "club": CLUB,
                                   "date_from": "2026-12-04", "rounds": 3,
                                   "deals_per_round": 4, "players": names})
    tables = [{"table": str(t + 1), "seats": dict(zip("NESW", names[4 * t:4 * t + 4]))}
              for t in range(players // 4)]
    events.add_seating(db, eid, 1, tables)
    for t in tables[:finished]:
        record = _record(int(t["table"]), t["seats"], int(t["table"]))
        events.attach_sitting(db, eid, Store(db).save(prepare(json.dumps(record))).id)
    if close:
        events.close_event(db, eid)
    return eid


def big_night_db(path: str | Path, **kw: Any) -> int:
    """A fresh database at ``path`` holding the night; its event id."""
    from events_support import fresh
    db = fresh(str(path))
    try:
        return build_big_night(db, **kw)
    finally:
        db.close()
