"""What the event modules share: the error they raise, the clock, rows as dicts, a tournament's row.

Contract: :class:`EventError` is the one refusal of the event store (``where`` names the field at
fault, ``status`` the HTTP status it maps to); :func:`tournament_row` raises it (404) for an
unknown event.
"""

from __future__ import annotations

import sqlite3
from datetime import datetime, timezone
from typing import Any


__all__ = ["SEATS", "EventError", "utc_now", "fetch_rows", "tournament_row", "open_tournament_row",
           "closed_at", "round_deals"]

SEATS = ("N", "E", "S", "W")


class EventError(Exception):
    """A tournament request refused; ``where`` names the field at fault."""

    def __init__(self, what: str, where: str = "", status: int = 422) -> None:
        super().__init__(what)
        self.what, self.where, self.status = what, where, status


def utc_now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def fetch_rows(conn: sqlite3.Connection, sql: str, params: Any = ()) -> list[dict[str, Any]]:
    cur = conn.execute(sql, params)
    names = [c[0] for c in cur.description]
    return [dict(zip(names, row)) for row in cur.fetchall()]


def tournament_row(conn: sqlite3.Connection, event_id: int) -> dict[str, Any]:
    rows = fetch_rows(conn, "SELECT * FROM tournaments WHERE id = ?", (event_id,))
    if not rows:
        raise EventError(f"no event {event_id}", "event", status=404)
    return rows[0]


def round_deals(conn: sqlite3.Connection, event_id: int) -> int | None:
    """The deals a round of event ``event_id`` plays (``deals_per_round``), or None where no
    round is of fixed deals (not a progressive event, or one without the setting): what caps a
    sitting's counted deals (EVENTS §3.2)."""
    t = conn.execute("SELECT format, deals_per_round FROM tournaments WHERE id = ?",
                     (event_id,)).fetchone()
    return int(t[1]) if t is not None and t[0] == "progressive" and t[1] else None


def closed_at(conn: sqlite3.Connection, event_id: int) -> str | None:
    """When the event was closed (None: open)."""
    row = conn.execute("SELECT closed_at FROM tournament_closures WHERE tournament_id = ?",
                       (event_id,)).fetchone()
    return None if row is None else str(row[0])


def open_tournament_row(conn: sqlite3.Connection, event_id: int) -> dict[str, Any]:
    """:func:`tournament_row` of an event that takes writes: EventError 409 once it is closed."""
    row = tournament_row(conn, event_id)
    when = closed_at(conn, event_id)
    if when is not None:
        raise EventError(f"event {event_id} was closed at {when}: it takes no more seatings, "
                         "draws or sittings", "event", status=409)
    return row
