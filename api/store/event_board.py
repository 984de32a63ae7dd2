"""The live board of an event: what a projector across the room shows during a club night.

Contract: :func:`board` returns None for an unknown event, else a JSON-ready dict of

- ``standings``: exactly what :func:`~.event_reads.standings` returns (the figures ``euchre
  standings EVENT --format json`` prints), never a second computation;
- ``round``: the latest round with a seating or a sitting (None before the first), and
  ``tables``: each table of that round's seating (and any table that has a sitting without a
  seating) with its seats, ``finished`` (a sitting is attached) or ``playing``, and the points of
  each side when finished; ``progress``: how many tables are finished and playing;
- ``last_results``: the five sittings attached last, newest first, with round, table, seats and
  points;
- ``version``: a digest of everything above, which the pages send as the ETag, so a client that
  polls with ``If-None-Match`` gets 304 until something changes.

A query over stored rows, like the standings: it writes nothing.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import sqlite_utils

from .event_reads import _sittings, _table_order, current_seating, seat_scores, standings
from .event_rows import SEATS, EventError, tournament_row
from .players import player_names

__all__ = ["board", "LAST_RESULTS"]

LAST_RESULTS = 5


def board(db: sqlite_utils.Database, event_id: int) -> dict[str, Any] | None:
    """The board of event ``event_id`` (see the module's contract), or None if there is none."""
    conn = db.conn
    try:
        tournament_row(conn, event_id)
    except EventError:
        return None
    table = standings(db, event_id)
    if table is None:   # pragma: no cover - the row was just read
        return None
    sittings = [s for s in _sittings(seat_scores(db, event_id)).values()
                if s["tournament_id"] == event_id]
    rounds = {r[0] for r in conn.execute(
        "SELECT round FROM tournament_seatings WHERE tournament_id = ?", (event_id,))}
    rounds |= {s["round"] for s in sittings}
    current = max(rounds) if rounds else None
    seating = current_seating(conn, event_id, current) if current is not None else {}
    ids = [p for m in seating.values() for p in m.values()]
    ids += [p for s in sittings for p in s["seats"].values() if p is not None]
    names = player_names(conn, ids)

    def seats(m: dict[str, Any]) -> dict[str, str | None]:
        return {seat: (None if m.get(seat) is None else names.get(m[seat])) for seat in SEATS}

    def points(s: dict[str, Any]) -> list[int]:
        return [s["points"].get("NS", (0, 0))[0], s["points"].get("EW", (0, 0))[0]]

    done = {s["table"]: s for s in sittings if s["round"] == current}
    tables = []
    for name in sorted(set(seating) | set(done), key=lambda t: _table_order((t, None))):
        sitting = done.get(name)
        tables.append({
            "table": name,
            "seats": seats(seating[name] if name in seating else sitting["seats"]),  # type: ignore[index]
            "status": "finished" if sitting is not None else "playing",
            "points": points(sitting) if sitting is not None else None,
            "record_id": sitting["record_id"] if sitting is not None else None})
    latest = sorted(sittings, key=lambda s: s["attached_id"], reverse=True)[:LAST_RESULTS]
    out: dict[str, Any] = {
        "event": table["event"], "standings": table, "round": current, "tables": tables,
        "progress": {"finished": sum(t["status"] == "finished" for t in tables),
                     "playing": sum(t["status"] == "playing" for t in tables)},
        "last_results": [{"round": s["round"], "table": s["table"], "seats": seats(s["seats"]),
                          "points": points(s), "record_id": s["record_id"]} for s in latest],
    }
    text = json.dumps(out, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    out["version"] = hashlib.sha256(text.encode()).hexdigest()[:32]
    return out
