"""Shared by the events tests: a fresh store, and a golden event built in it as a director
would (create, seat, attach; later rounds seated by the movement where the case says so)."""

from __future__ import annotations

import json
from typing import Any

from euchre_records.api.store import events
from euchre_records.api.store.ingest import prepare
from euchre_records.api.store.migrations import migrate, open_db
from euchre_records.api.store.store import Store
from euchre_records.events.tournament import seat_tokens


def fresh(path: str = ":memory:") -> Any:
    db = open_db(path)
    migrate(db)
    return db


def build(case: dict[str, Any], order: list[int] | None = None, path: str = ":memory:"
          ) -> tuple[Any, int, dict[int, int]]:
    """A database holding the golden event: created, seated (round 1 as given, later rounds by
    the movement where listed), its sittings stored and attached in ``order``. Returns the db,
    the event id and sitting index -> record id."""
    db = fresh(path)
    eid = events.create_event(db, case["event"])
    for seating in case.get("seatings", []):
        events.add_seating(db, eid, seating["round"], seating["tables"])
    sittings = case["sittings"]
    order = list(range(len(sittings))) if order is None else order
    ids: dict[int, int] = {}
    moved = set(case.get("movement", []))
    store = Store(db)
    for rnd in sorted({s["round"] for s in sittings}):
        if rnd in moved:
            seats = events.movement(db, eid, rnd - 1)
            events.add_seating(db, eid, rnd, [
                {"table": str(s.table),
                 "seats": dict(zip(seat_tokens(len(s.seats)), (int(p) for p in s.seats)))}
                for s in seats])
        for i in order:
            if sittings[i]["round"] == rnd:
                ids[i] = store.save(prepare(json.dumps(sittings[i]["record"]))).id
                events.attach_sitting(db, eid, ids[i])
    return db, eid, ids
