"""Reading the store. Every function answers from stored rows and stored JSON texts: nothing here
parses a record or replays it.

Listings return ``(items, total)`` for one page; ``page`` is 1-based. Only current records (not
superseded versions) are listed; a superseded record is still readable by id.
"""

from __future__ import annotations

from typing import Any

import sqlite_utils

from .statistics_sql import PLAYER_STATISTICS_SQL

__all__ = ["get_record_meta", "get_canonical", "get_result", "list_records", "get_rubber",
           "list_rubbers", "player_statistics", "list_players", "filters", "deal_scores", "table_running",
           "rubber_of_record", "player_names", "event_owner"]

_META = ('records.id, records.hash, records.format_version, records.rules, records.club, '
         'records.event, records.date, records."table", records.round, records.deals, '
         'records.findings, records.submitted_at, records.submitted_by, records.supersedes, '
         'records.status, (SELECT r2.id FROM records r2 WHERE r2.supersedes = records.id) '
         'AS superseded_by, records.seats, records.variant')


def _rows(db: sqlite_utils.Database, sql: str, params: Any = ()) -> list[dict[str, Any]]:
    cur = db.conn.execute(sql, params)
    names = [c[0] for c in cur.description]
    return [dict(zip(names, row)) for row in cur.fetchall()]


def _players(db: sqlite_utils.Database, record_id: int) -> dict[str, str]:
    cur = db.conn.execute(
        "SELECT seats.seat, players.name FROM seats JOIN players ON players.id = seats.player_id "
        "WHERE seats.record_id = ? "
        "ORDER BY instr('NESW', seats.seat), seats.seat", (record_id,))  # clockwise, as written
    return {seat: name for seat, name in cur.fetchall()}


def get_record_meta(db: sqlite_utils.Database, record_id: int) -> dict[str, Any] | None:
    """The stored metadata of a record (no record text), with its players by seat."""
    rows = _rows(db, f"SELECT {_META} FROM records WHERE id = ?", (record_id,))
    if not rows:
        return None
    meta = rows[0]
    meta["players"] = _players(db, record_id)
    return meta


def get_canonical(db: sqlite_utils.Database, record_id: int) -> str | None:
    row = db.conn.execute("SELECT canonical FROM records WHERE id = ?", (record_id,)).fetchone()
    return None if row is None else str(row[0])


def get_result(db: sqlite_utils.Database, record_id: int) -> str | None:
    """The stored replay result JSON text of a record."""
    row = db.conn.execute("SELECT result FROM records WHERE id = ?", (record_id,)).fetchone()
    return None if row is None else str(row[0])


def club_clauses(table: str, club: str | None, club_label: str | None
                 ) -> tuple[list[str], list[Any]]:
    """The ``WHERE`` clauses and parameters of the club filters on ``table`` (``records`` or
    ``tournaments``, each with ``club_id`` and ``club``): ``club`` the club that owns a row (the
    club of the token that wrote it, by its name in ``clubs``), or the label of a row no club
    owns; ``club_label`` the free-text label alone, whoever wrote the row."""
    clauses: list[str] = []
    params: list[Any] = []
    if club:
        clauses.append(f"({table}.club_id = (SELECT clubs.id FROM clubs WHERE clubs.name = ?) "
                       f"OR ({table}.club_id IS NULL AND {table}.club = ?))")
        params.extend([club, club])
    if club_label:
        clauses.append(f"{table}.club = ?")
        params.append(club_label)
    return clauses, params


def filters(player: str | None = None, club: str | None = None, date_from: str | None = None,
            date_to: str | None = None, club_label: str | None = None, *,
            seats: int | None = None, variant: str | None = None) -> tuple[str, list[Any]]:
    """The ``WHERE`` clause (on table ``records``) and its parameters of the listings' filters:
    current records only, then player, club and the inclusive date range.

    ``club`` is the club that **owns** a record — the club of the token that stored its first
    version (``records.club_id``), found by the club's name in ``clubs`` — or, for a record no
    club owns (stored by a local command such as ``euchre import``, the operator's own), its
    label. The label (``records.club``, the record's ``event.club``) is free text any writer
    chooses, so it never puts a record under a club that did not store it; ``club_label``
    filters by the label alone, whoever stored the record (docs/API.md). ``seats`` and
    ``variant`` keep the records of one table (``records.seats``, ``records.variant``:
    ``four-handed``, ``two-handed``, ``cut-throat``, ``call-your-partner``)."""
    where: list[str] = ["records.status = 'current'"]
    params: list[Any] = []
    if player:  # the registry's player of that name (NFC + case folding, aliases, merges), as
        from euchre_records.names import name_key   # euchre players counts them
        where.append("records.id IN (SELECT b.record_id FROM seat_bindings b "
                     "JOIN registry_effective e ON e.player_id = b.player_id "
                     "WHERE e.effective_id IN (SELECT e2.effective_id FROM registry_names n "
                     "JOIN registry_effective e2 ON e2.player_id = n.player_id WHERE n.key = ?))")
        params.append(name_key(player))
    owner, owner_params = club_clauses("records", club, club_label)
    where += owner
    params += owner_params
    if date_from:
        where.append("records.date >= ?")
        params.append(date_from)
    if date_to:  # inclusive for a prefix too: to=1888-05 takes 1888-05-31
        where.append("substr(records.date, 1, ?) <= ?")
        params.extend([len(date_to), date_to])
    if seats is not None:
        where.append("records.seats = ?")
        params.append(seats)
    if variant is not None:
        where.append("records.variant = ?")
        params.append(variant)
    return " WHERE " + " AND ".join(where), params


def list_records(db: sqlite_utils.Database, *, player: str | None = None, club: str | None = None,
                 date_from: str | None = None, date_to: str | None = None, page: int = 1,
                 per_page: int = 20, club_label: str | None = None, seats: int | None = None,
                 variant: str | None = None) -> tuple[list[dict[str, Any]], int]:
    """One page of record metadata, newest id first, and the total count."""
    where, params = filters(player, club, date_from, date_to, club_label, seats=seats,
                            variant=variant)
    total = db.conn.execute(f"SELECT count(*) FROM records{where}", params).fetchone()[0]
    items = _rows(db, f"SELECT {_META} FROM records{where} ORDER BY records.id DESC "
                      "LIMIT ? OFFSET ?", [*params, per_page, (page - 1) * per_page])
    for item in items:
        item["players"] = _players(db, item["id"])
    return items, int(total)


_RUBBER = ("SELECT rubbers.*, records.club, records.event, records.date, records.rules, "
           "records.status FROM rubbers JOIN records ON records.id = rubbers.record_id")


def _shape_rubber(db: sqlite_utils.Database, row: dict[str, Any], games: bool) -> dict[str, Any]:
    out: dict[str, Any] = {
        "id": row["id"], "record_id": row["record_id"], "club": row["club"],
        "event": row["event"], "date": row["date"], "rules": row["rules"],
        "system": row["system"], "status": row["status"],
        "players": _players(db, row["record_id"]),
        "games_played": row["games"],
        "games_won": [row["games_ns"], row["games_ew"]],
        "rubber_points": [row["rubber_points_ns"], row["rubber_points_ew"]],
        "net": row["net"], "winner": row["winner"], "finished": bool(row["finished"]),
    }
    if games:
        out["games"] = [
            {"number": g["number"], "deals": [g["first_deal"], g["last_deal"]],
             "start": [g["start_ns"], g["start_ew"]], "score": [g["score_ns"], g["score_ew"]],
             "winner": g["winner"], "finished": bool(g["finished"]),
             "rubber_points": [g["rubber_points_ns"], g["rubber_points_ew"]]}
            for g in _rows(db, "SELECT * FROM games WHERE rubber_id = ? ORDER BY number",
                           (row["id"],))]
    return out


def get_rubber(db: sqlite_utils.Database, rubber_id: int) -> dict[str, Any] | None:
    """A rubber with its games, scores, rubber points and winner."""
    rows = _rows(db, _RUBBER + " WHERE rubbers.id = ?", (rubber_id,))
    return _shape_rubber(db, rows[0], games=True) if rows else None


def list_rubbers(db: sqlite_utils.Database, *, player: str | None = None,
                 club: str | None = None, date_from: str | None = None,
                 date_to: str | None = None, page: int = 1, per_page: int = 20,
                 club_label: str | None = None) -> tuple[list[dict[str, Any]], int]:
    """One page of rubbers of current records, newest first, with their games."""
    where, params = filters(player, club, date_from, date_to, club_label)
    total = db.conn.execute(
        f"SELECT count(*) FROM rubbers JOIN records ON records.id = rubbers.record_id{where}",
        params).fetchone()[0]
    rows = _rows(db, f"{_RUBBER}{where} ORDER BY rubbers.id DESC LIMIT ? OFFSET ?",
                 [*params, per_page, (page - 1) * per_page])
    return [_shape_rubber(db, r, games=True) for r in rows], int(total)


def player_statistics(db: sqlite_utils.Database, name: str) -> dict[str, Any] | None:
    """The statistics of one player over current records; None if the name is unknown."""
    rows = _rows(db, PLAYER_STATISTICS_SQL.format(where="WHERE players.name = ?"), (name,))
    if rows:
        return rows[0]
    known = db.conn.execute("SELECT 1 FROM players WHERE name = ?", (name,)).fetchone()
    return None if known is None else _empty_stats(name)


def list_players(db: sqlite_utils.Database) -> list[dict[str, Any]]:
    """Statistics of every player, by name."""
    return _rows(db, "SELECT * FROM player_statistics ORDER BY name")


def _empty_stats(name: str) -> dict[str, Any]:
    keys = ("rubbers_played", "rubbers_won", "net_rubber_points", "games_played", "games_won",
            "deals_played", "deals_made", "euchres_suffered", "euchres_inflicted",
            "lone_hands_tried", "lone_hands_marched", "revokes")
    return {"name": name, **{k: 0 for k in keys}}


def deal_scores(db: sqlite_utils.Database, record_id: int) -> list[tuple[int | None, int, int]]:
    """Per stored deal of a record, in order: (game number or None, running N-S, running E-W)."""
    cur = db.conn.execute(
        "SELECT games.number, deals.score_ns, deals.score_ew FROM deals LEFT JOIN games "
        "ON games.id = deals.game_id WHERE deals.record_id = ? ORDER BY deals.number",
        (record_id,))
    return [(row[0], int(row[1]), int(row[2])) for row in cur.fetchall()]


def table_running(db: sqlite_utils.Database, record_id: int) -> list[tuple[int, ...]]:
    """Per stored deal of a record at a table of n, in order: each seat's running game score
    after it (``deal_scores.score``), seat 0 first."""
    by_deal: dict[int, list[int]] = {}
    for deal, score in db.conn.execute(
            "SELECT deal, score FROM deal_scores WHERE record_id = ? "
            "ORDER BY deal, CAST(seat AS INTEGER)", (record_id,)):
        by_deal.setdefault(int(deal), []).append(int(score))
    return [tuple(by_deal[d]) for d in sorted(by_deal)]


def rubber_of_record(db: sqlite_utils.Database, record_id: int) -> int | None:
    """The id of the rubber row of a record."""
    row = db.conn.execute("SELECT id FROM rubbers WHERE record_id = ?", (record_id,)).fetchone()
    return None if row is None else int(row[0])


def player_names(db: sqlite_utils.Database, contains: str | None = None,
                 limit: int = 200, club_id: int | None = None) -> list[str]:
    """Known player names (of current records), by name; ``contains`` narrows them (any case),
    ``club_id`` to the players of the records that club stored."""
    sql = ("SELECT DISTINCT players.name FROM players JOIN seats ON seats.player_id = players.id "
           "JOIN records ON records.id = seats.record_id AND records.status = 'current'")
    where: list[str] = []
    params: list[Any] = []
    if contains:
        where.append("instr(lower(players.name), lower(?)) > 0")
        params.append(contains)
    if club_id is not None:
        where.append("records.club_id = ?")
        params.append(club_id)
    if where:
        sql += " WHERE " + " AND ".join(where)
    cur = db.conn.execute(sql + " ORDER BY players.name LIMIT ?", [*params, limit])
    return [str(row[0]) for row in cur.fetchall()]


def event_owner(db: sqlite_utils.Database, event_id: int) -> tuple[bool, int | None]:
    """Whether the tournament exists, and the club that owns it (None: made by a local command)."""
    row = db.conn.execute("SELECT club_id FROM tournaments WHERE id = ?", (event_id,)).fetchone()
    return (False, None) if row is None else (True, row[0])
