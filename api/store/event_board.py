"""The live board of an event: what a projector across the room shows during a club night.

Contract: :func:`board` returns None for an unknown event, else a JSON-ready dict of

- ``standings``: exactly what :func:`~.event_reads.standings` returns (the figures ``euchre
  standings EVENT --format json`` prints), never a second computation;
- ``round``: the latest round with a seating or a sitting (None before the first), and
  ``tables``: each table of that round's seating (and any table that has a sitting without a
  seating) with its seats, ``finished`` (a sitting is attached) or ``playing``, and the points of
  each side when finished; ``progress``: how many tables are finished and playing (the tables
  come from :func:`round_tables`, which also serves a round's page and API: one computation);
- ``last_results``: the five sittings attached last, newest first, with round, table, seats and
  points;
- ``closed_at``: when the event was closed (None while open): a closed event's standings are
  final and its board stops refreshing itself;
- ``version``: :func:`board_version`, which the pages send as the ETag, so a client that polls
  with ``If-None-Match`` gets 304 until something changes.

:func:`board_version` is the store's change counter for a board, read without computing it: every
table a board is made from is append-only (corrections and withdrawals are new ``records`` rows,
a merge is a new ``registry_changes`` row ...), so the highest row id of each, with the event's
closure and the schema and software versions, changes whenever a board could and never
otherwise. A poll answered 304 costs those few indexed reads, not a standings computation. It
may change when the board does not (another event's record stored): the client then gets the
same board again with a new tag, never a stale board under an old one.

A query over stored rows, like the standings: it writes nothing.
"""

from __future__ import annotations

import hashlib
import json
from enum import Enum
from typing import Any, Mapping

import sqlite_utils

from euchre_records.errors import RecordError

from .ingest import prepare
from .table_links import list_links

from euchre_records.events.tournament import seat_tokens

from .event_reads import (_finding, _table_order, current_seating, event_findings, event_sittings,
                          round_detail, standings)
from .event_rows import EventError, closed_at, tournament_row
from .players import player_names

__all__ = ["board", "board_version", "round_tables", "round_view", "TableStatus", "LAST_RESULTS",
           "tables_playing"]

LAST_RESULTS = 5

_COUNTED = ("records", "registry_players", "registry_names", "registry_changes", "tournaments",
            "tournament_players", "tournament_seatings", "tournament_sittings", "tournament_draws")
"""The append-only tables a board is made from whose highest row id grows with every write
(the rows of a record's seats, deals, games and scores come with its ``records`` row)."""


def board_version(db: sqlite_utils.Database, event_id: int) -> str:
    """The change counter of event ``event_id``'s board (see the module's contract): a short hex
    digest, the same until a write that could change the board. Cheap: no standings are read."""
    from euchre_records import __version__
    from .migrations import schema_version
    conn = db.conn
    marks: list[Any] = [__version__, schema_version(db), event_id]
    marks += [conn.execute(f"SELECT max(rowid) FROM {t}").fetchone()[0] for t in _COUNTED]
    marks.append(conn.execute("SELECT closed_at FROM tournament_closures WHERE tournament_id = ?",
                              (event_id,)).fetchone())
    text = json.dumps(marks, default=str, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def board(db: sqlite_utils.Database, event_id: int) -> dict[str, Any] | None:
    """The board of event ``event_id`` (see the module's contract), or None if there is none."""
    conn = db.conn
    try:
        tournament_row(conn, event_id)
    except EventError:
        return None
    version = board_version(db, event_id)   # before the reads: a write meanwhile changes it
    table = standings(db, event_id)
    if table is None:   # pragma: no cover - the row was just read
        return None
    sittings = event_sittings(db, event_id)
    tokens = seat_tokens(int(table["event"].get("seats") or 4))
    rounds = {r[0] for r in conn.execute(
        "SELECT round FROM tournament_seatings WHERE tournament_id = ?", (event_id,))}
    rounds |= {s["round"] for s in sittings}
    current = max(rounds) if rounds else None
    seating = current_seating(conn, event_id, current) if current is not None else {}
    ids = [p for m in seating.values() for p in m.values()]
    ids += [p for s in sittings for p in s["seats"].values() if p is not None]
    names = player_names(conn, ids)

    def seats(m: dict[str, Any]) -> dict[str, str | None]:
        return {seat: (None if m.get(seat) is None else names.get(m[seat])) for seat in tokens}

    def points(s: dict[str, Any]) -> list[int]:
        return list(s["points_list"])

    tables = [{"table": t["table"], "seats": t["seats"],
               "status": "finished" if t["status"] == "finished" else "playing",
               "points": t["points"], "record_id": t["record_id"]}
              for t in round_tables(db, event_id, current, detail=False, sittings=sittings,
                                        names=names)
              ] if current is not None else []
    latest = sorted(sittings, key=lambda s: s["attached_id"], reverse=True)[:LAST_RESULTS]
    out: dict[str, Any] = {
        "event": table["event"], "standings": table, "round": current, "tables": tables,
        "seats": len(tokens), "closed_at": closed_at(conn, event_id),
        "progress": {"finished": sum(t["status"] == "finished" for t in tables),
                     "playing": sum(t["status"] == "playing" for t in tables)},
        "last_results": [{"round": s["round"], "table": s["table"], "seats": seats(s["seats"]),
                          "points": points(s), "record_id": s["record_id"]} for s in latest],
    }
    out["version"] = version
    return out


class TableStatus(str, Enum):
    """Where a seated table of a round stands."""

    NOT_STARTED = "not_started"   # seated, no deal entered (no draft, or its draft is empty)
    IN_PROGRESS = "in_progress"   # its table link's draft holds deals, no sitting stored yet
    FINISHED = "finished"         # a stored sitting is attached to the event for this table


def _draft_of(conn: Any, event_id: int, round_no: int) -> dict[str, tuple[str, dict[str, Any]]]:
    """Table -> (status, data) of the draft of the table's latest link (drafts not opened from
    a table link are not the event's: they name no table of it)."""
    rows = conn.execute(
        'SELECT l."table", d.status, r.data FROM table_links l JOIN drafts d ON d.id = l.draft_id '
        "JOIN draft_revisions r ON r.draft_id = d.id AND r.revision = d.revision "
        "WHERE l.tournament_id = ? AND l.round = ? AND l.id = (SELECT max(l2.id) FROM "
        'table_links l2 WHERE l2.tournament_id = l.tournament_id AND l2.round = l.round '
        'AND l2."table" = l."table")', (event_id, round_no)).fetchall()
    return {str(t): (str(status), json.loads(data)) for t, status, data in rows}


def _running(data: dict[str, Any]) -> dict[str, Any]:
    """The deals entered in a draft and the points of each side (at a table of n: each seat) by
    the engine's replay of it
    (the sum of its deals' points, the figure a stored sitting's points are; None when the
    draft does not replay yet)."""
    deals = len(data.get("deals") or [])
    try:
        result = prepare(json.dumps(data, ensure_ascii=False), result_text=False).result
    except RecordError:   # a draft that does not replay yet is shown without a score
        return {"deals": deals, "points": None}
    width = len(result.deals[0].points) if result.deals else 2   # N-S, E-W; or one a seat
    return {"deals": deals, "points": [sum(d.points[i] for d in result.deals)
                                       for i in range(width)]}


def _record_findings(conn: Any, record_ids: list[int]) -> dict[int, list[dict[str, Any]]]:
    """The engine's findings of stored records (revokes, wrong dealers ...), by record, in deal
    order, as the store keeps them: the one ``findings`` table holds every table size's
    (migration 19), so a sitting of two, three or five reads its findings as one of four does;
    ``seat`` is the seat's token (``N`` .. ``W``, or ``0`` .. ``n-1``)."""
    out: dict[int, list[dict[str, Any]]] = {r: [] for r in record_ids}
    if not record_ids:
        return out
    marks = ",".join("?" * len(record_ids))
    for rid, deal, trick, seat, kind, rule, message in conn.execute(
            "SELECT record_id, deal, trick, seat, kind, rule, message FROM findings "
            f"WHERE record_id IN ({marks}) ORDER BY record_id, id",
            record_ids):
        out[int(rid)].append({"deal": deal, "trick": trick, "seat": seat, "kind": kind,
                              "rule": rule, "what": message})
    return out


def round_tables(db: sqlite_utils.Database, event_id: int, round_no: int, *,
                 links: bool = False, detail: bool = True,
                 sittings: list[dict[str, Any]] | None = None,
                 names: Mapping[int, str] | None = None) -> list[dict[str, Any]]:
    """Every table of round ``round_no`` (its seating's tables and any table with a sitting but
    no seating), in table order, each with ``seats`` (seat -> name), ``status``
    (:class:`TableStatus`), ``deals`` and ``points`` ([N-S, E-W]: the stored sitting's, or the
    draft's replay so far; None when not started or not replayable), ``record_id`` (finished),
    ``findings``: the sitting's findings — the event's (a sitting that does not fit the round)
    and the engine's in its record — and, with ``links``, ``link``: the state of the table's
    latest link (a :class:`~.table_links.LinkState` value, or ``"none"``). Without ``detail``
    (the board, polled every few seconds) a table that is not finished is only ``not_started``
    (no draft is read or replayed) and no finding is read. The board and the round's page and
    API all read this; it writes nothing."""
    conn = db.conn
    if sittings is None:
        sittings = event_sittings(db, event_id)
    tokens = seat_tokens(int(tournament_row(conn, event_id).get("seats") or 4))
    seating = current_seating(conn, event_id, round_no)
    done = {s["table"]: s for s in sittings if s["round"] == round_no}
    if names is None:
        ids = [p for m in seating.values() for p in m.values()]
        ids += [p for s in done.values() for p in s["seats"].values() if p is not None]
        names = player_names(conn, ids)
    drafts = _draft_of(conn, event_id, round_no) if detail else {}
    found = _record_findings(conn, [s["record_id"] for s in done.values()] if detail else [])
    fits: dict[str, list[dict[str, Any]]] = {}
    if done and detail:
        for f in event_findings(db, event_id):
            if f.round == round_no:
                fits.setdefault(f.table, []).append({**_finding(f), "kind": "event"})
    state: dict[str, str] = {}
    if links:
        for link in list_links(db, event_id, round_no):   # oldest first: the latest wins
            state[link.table] = link.state.value
    out = []
    for name in sorted(set(seating) | set(done), key=lambda t: _table_order((t, None))):
        sitting = done.get(name)
        m = seating[name] if name in seating else sitting["seats"]  # type: ignore[index]
        row: dict[str, Any] = {
            "table": name,
            "seats": {seat: (None if m.get(seat) is None else names.get(m[seat])) for seat in tokens},
            "record_id": None, "deals": 0, "points": None, "findings": []}
        if sitting is not None:
            row.update(status=TableStatus.FINISHED.value, record_id=sitting["record_id"],
                       deals=sitting["deals"], points=list(sitting["points_list"]),
                       findings=fits.get(name, []) + found.get(sitting["record_id"], []))
        elif name in drafts and drafts[name][0] == "open" and drafts[name][1].get("deals"):
            row.update(status=TableStatus.IN_PROGRESS.value, **_running(drafts[name][1]))
        else:
            row["status"] = TableStatus.NOT_STARTED.value
        if links:
            row["link"] = state.get(name, "none")
        out.append(row)
    return out


def round_view(db: sqlite_utils.Database, event_id: int, number: int, *,
               links: bool = False) -> dict[str, Any] | None:
    """:func:`~.event_reads.round_detail` with ``tables`` (:func:`round_tables`) and
    ``progress``: how many tables are not started, in progress and finished. None for an
    unknown event. ``links`` only for the event's club (the link states are the director's)."""
    out = round_detail(db, event_id, number)
    if out is None:
        return None
    out["tables"] = round_tables(db, event_id, number, links=links)
    out["progress"] = {status.value: sum(t["status"] == status.value for t in out["tables"])
                       for status in TableStatus}
    return out


def tables_playing(db: sqlite_utils.Database, event_id: int) -> list[dict[str, Any]]:
    """Every table of the event still playing: its table link's draft holds deals and no sitting
    is stored for it (:attr:`TableStatus.IN_PROGRESS`), in round and table order, each
    ``{"round", "table", "deals"}``; what closing the event now would leave out."""
    rounds = [int(r) for (r,) in db.conn.execute(
        "SELECT DISTINCT round FROM tournament_seatings WHERE tournament_id = ? ORDER BY round",
        (event_id,))]
    sittings = event_sittings(db, event_id)
    return [{"round": n, "table": t["table"], "deals": t["deals"]}
            for n in rounds for t in round_tables(db, event_id, n, sittings=sittings)
            if t["status"] == TableStatus.IN_PROGRESS.value]
