"""The player registry: stable ids, display names, aliases, merges and splits; binding the seats of
stored records to registry players; reading players with their statistics and partnerships.

Contracts:
- A seat binds by the record's player ``id`` (source ``notation``) when the record gives one:
  a known id is that player, an unknown id is a new player (two people who share a name but
  carry different ids stay two). Without an id a seat binds by the name key
  (:func:`euchre_records.names.name_key`: NFC + casefold) to the earliest player with that key
  as a display name or alias, else to a new player.
- Nothing is rewritten: a merge is a ``registry_changes`` row (player A now counts as B), a
  split is a row that undoes one merge; renames and aliases are new ``registry_names`` rows.
  Every reader resolves ids through the view ``registry_effective``.
- :class:`RegistryError` is a refused request (unknown player, merge into itself or into a
  player already merged into it, split of a merge that is not active).
"""

from __future__ import annotations

import sqlite3
from datetime import datetime, timezone
from typing import Any, Iterable, Sequence

import sqlite_utils

from euchre_records.names import clean_name, name_key
from .statistics_sql import TABLE_DEAL_COUNTS, TABLE_DEAL_JOINS, VARIANT_STATISTICS_SQL

__all__ = ["RegistryError", "bind_seats", "bind_records", "has_registry", "bind_existing", "create_player", "add_alias", "add_ref", "rename",
           "merge", "split", "effective_id", "search_players", "get_player", "player_names",
           "player_for", "player_table", "TABLE_COLUMNS", "SORTS", "variant_player_table",
           "TABLE_N_COLUMNS", "all_variants_player_table", "ALL_VARIANTS_COLUMNS",
           "VARIANT_ORDER"]

NOTATION = "notation"


class RegistryError(Exception):
    """A registry request refused (the message says why)."""


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _has_registry(conn: sqlite3.Connection) -> bool:
    return conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' "
                        "AND name = 'seat_bindings'").fetchone() is not None


def create_player(conn: sqlite3.Connection, name: str, *, ref: str | None = None,
                  source: str = NOTATION, created_by: str | None = None) -> int:
    """A new registry player with ``name`` as display name (and ``ref`` as its id in ``source``)."""
    shown = clean_name(name) or "?"
    now = _now()
    cur = conn.execute("INSERT INTO registry_players (display_name, created_at, created_by) "
                       "VALUES (?,?,?)", (shown, now, created_by))
    pid = int(cur.lastrowid)  # type: ignore[arg-type]
    conn.execute("INSERT INTO registry_names (player_id, name, key, kind, created_at, created_by) "
                 "VALUES (?,?,?,'display',?,?)", (pid, shown, name_key(shown), now, created_by))
    if ref is not None:
        conn.execute("INSERT INTO registry_refs (player_id, source, ref, created_at) "
                     "VALUES (?,?,?,?)", (pid, source, ref, now))
    return pid


def add_alias(conn: sqlite3.Connection, player_id: int, name: str, *,
              created_by: str | None = None) -> None:
    """Another name for a player (matched by key from now on)."""
    _add_name(conn, player_id, name, "alias", "an alias", created_by)


def rename(conn: sqlite3.Connection, player_id: int, name: str, *,
           created_by: str | None = None) -> None:
    """A new display name for a player (the old one stays, as an alias and in the history)."""
    _add_name(conn, player_id, name, "display", "a name", created_by)


def _add_name(conn: sqlite3.Connection, player_id: int, name: str, kind: str, what: str,
              created_by: str | None) -> None:
    """Add a row of ``kind`` ('alias' or 'display') to a known player's names (never an update)."""
    _exists(conn, player_id)
    shown = clean_name(name)
    if not shown or len(shown) > 200:
        raise RegistryError(f"{what} must have 1 to 200 characters")
    # the notation's check, loaded here: an import's writer (and its re-run) never names players
    # this way, and the schemas would be a fifth of a re-run's start-up
    from euchre_records.schema.basefields import label_problem
    problem = label_problem(shown)
    if problem:  # as the notation refuses it (schema/basefields.py): shown raw, it could spoof
        raise RegistryError(f"{what} may not hold a {problem}")
    conn.execute("INSERT INTO registry_names (player_id, name, key, kind, created_at, created_by) "
                 "VALUES (?,?,?,?,?,?)", (player_id, shown, name_key(shown), kind, _now(),
                                          created_by))


def add_ref(conn: sqlite3.Connection, player_id: int, source: str, ref: str) -> None:
    """Record another id of the player (an EMN ``playerIds`` entry); a known one is kept."""
    conn.execute("INSERT OR IGNORE INTO registry_refs (player_id, source, ref, created_at) "
                 "VALUES (?,?,?,?)", (player_id, source, ref, _now()))


def player_for(conn: sqlite3.Connection, name: str, ref: str | None,
               created_by: str | None = None, known: dict[Any, int] | None = None
               ) -> tuple[int, str]:
    """The registry player a seat (name, record id) binds to, created if needed, and how.

    ``known`` (optional) remembers the answers found or made, keyed by ref, by the name as
    written and by its name key, for later seats of the same write transaction only: while it
    holds the write lock no one else adds a name or a ref, and players made later have larger
    ids, so the earliest player of a key stays the earliest. Clear it when the transaction
    ends."""
    if ref is not None:
        cached = known.get(("ref", ref)) if known is not None else None
        if cached is not None:
            return cached, "id"
        row = conn.execute("SELECT player_id FROM registry_refs WHERE source = ? AND ref = ?",
                           (NOTATION, ref)).fetchone()
        pid = int(row[0]) if row is not None else create_player(conn, name, ref=ref,
                                                                   created_by=created_by)
        if known is not None:
            known[("ref", ref)] = pid
        return pid, "id"
    cached = known.get(("name", name)) if known is not None else None  # the name as written
    if cached is not None:
        return cached, "name"
    key = name_key(name)
    cached = known.get(key) if known is not None else None
    if cached is None:
        row = conn.execute("SELECT min(player_id) FROM registry_names WHERE key = ?",
                           (key,)).fetchone()
        cached = int(row[0]) if row is not None and row[0] is not None \
            else create_player(conn, name, created_by=created_by)
    if known is not None:
        known[key] = known[("name", name)] = cached
    return cached, "name"


def has_registry(conn: sqlite3.Connection) -> bool:
    """Whether the database has the player registry (migration 5); older schemas have none."""
    return _has_registry(conn)


def bind_seats(conn: sqlite3.Connection, record_id: int,
               seats: Iterable[Sequence[Any]], known: dict[Any, int] | None = None,
               registry: bool | None = None) -> None:
    """Bind the seats (seat, side, name, ref) of a newly stored record (inside its transaction).
    Does nothing on a database without the registry (older schema). ``known`` is
    :func:`player_for`'s per-transaction memory; ``registry`` says whether the registry
    exists, when the caller already knows."""
    bind_records(conn, [(record_id, seats)], known, registry)


def bind_records(conn: sqlite3.Connection,
                 records: Iterable[tuple[int, Iterable[Sequence[Any]]]],
                 known: dict[Any, int] | None = None, registry: bool | None = None) -> None:
    """:func:`bind_seats` for several new records, (record id, seats) each, in order: one
    insert for all their bindings."""
    if not (_has_registry(conn) if registry is None else registry):
        return
    conn.executemany(
        "INSERT OR IGNORE INTO seat_bindings (record_id, seat, player_id, how) VALUES (?,?,?,?)",
        [(record_id, seat) + player_for(conn, str(name), None if ref is None else str(ref),
                                        known=known)
         for record_id, seats in records for seat, _side, name, ref in seats])


def bind_existing(conn: sqlite3.Connection) -> None:
    """Bind every seat stored before the registry existed (migration 5), in record order."""
    rows = conn.execute(
        "SELECT seats.record_id, seats.seat, seats.side, players.name, seats.player_ref "
        "FROM seats JOIN players ON players.id = seats.player_id "
        "ORDER BY seats.record_id, instr('NESW', seats.seat)").fetchall()
    for record_id, seat, side, name, ref in rows:
        bind_seats(conn, record_id, [(seat, side, name, ref)])


def _exists(conn: sqlite3.Connection, player_id: int) -> None:
    if conn.execute("SELECT 1 FROM registry_players WHERE id = ?", (player_id,)).fetchone() is None:
        raise RegistryError(f"no player with id {player_id}")


def effective_id(conn: sqlite3.Connection, player_id: int) -> int:
    """The player ``player_id`` counts as now (itself unless merged)."""
    row = conn.execute("SELECT effective_id FROM registry_effective WHERE player_id = ?",
                       (player_id,)).fetchone()
    if row is None:
        raise RegistryError(f"no player with id {player_id}")
    return int(row[0])


def merge(conn: sqlite3.Connection, merged: int, into: int, *, note: str | None = None,
          created_by: str | None = None) -> int:
    """Player ``merged`` counts as ``into`` from now on (a typo, a second entry). Returns the id
    of the merge (what a split names to undo it)."""
    _exists(conn, merged)
    _exists(conn, into)
    if effective_id(conn, merged) != merged:
        raise RegistryError(f"player {merged} is already merged into player "
                            f"{effective_id(conn, merged)}; merge that one")
    if effective_id(conn, into) == merged:
        raise RegistryError(f"player {into} already counts as player {merged}; nothing to merge")
    cur = conn.execute("INSERT INTO registry_changes (kind, player_id, other_id, note, created_at, "
                       "created_by) VALUES ('merge',?,?,?,?,?)",
                       (merged, into, note, _now(), created_by))
    return int(cur.lastrowid)  # type: ignore[arg-type]


def split(conn: sqlite3.Connection, merge_id: int, *, note: str | None = None,
          created_by: str | None = None) -> int:
    """Undo a merge (a wrong one): both players count on their own again."""
    row = conn.execute("SELECT player_id, other_id FROM registry_changes WHERE id = ? "
                       "AND kind = 'merge'", (merge_id,)).fetchone()
    if row is None:
        raise RegistryError(f"no merge with id {merge_id}")
    if conn.execute("SELECT 1 FROM registry_changes WHERE kind = 'split' AND undoes = ?",
                    (merge_id,)).fetchone():
        raise RegistryError(f"merge {merge_id} is already undone")
    cur = conn.execute("INSERT INTO registry_changes (kind, player_id, other_id, undoes, note, "
                       "created_at, created_by) VALUES ('split',?,?,?,?,?,?)",
                       (row[0], row[1], merge_id, note, _now(), created_by))
    return int(cur.lastrowid)  # type: ignore[arg-type]


def _rows(conn: sqlite3.Connection, sql: str, params: Any = ()) -> list[dict[str, Any]]:
    cur = conn.execute(sql, params)
    names = [c[0] for c in cur.description]
    return [dict(zip(names, row)) for row in cur.fetchall()]


def player_names(conn: sqlite3.Connection, ids: Iterable[int]) -> dict[int, str]:
    """The current display names of players (the latest 'display' name of each)."""
    out: dict[int, str] = {}
    for pid in set(ids):
        row = conn.execute("SELECT name FROM registry_names WHERE player_id = ? AND kind = "
                           "'display' ORDER BY id DESC LIMIT 1", (pid,)).fetchone()
        if row is not None:
            out[pid] = str(row[0])
    return out


def search_players(db: sqlite_utils.Database, q: str | None = None, *, page: int = 1,
                   per_page: int = 20) -> tuple[list[dict[str, Any]], int]:
    """One page of registry players (merged-away entries excluded), by name; ``q`` matches any
    name or alias by key (a substring of the key)."""
    conn = db.conn
    where = "WHERE e.effective_id = p.id"
    params: list[Any] = []
    if q:
        where += " AND p.id IN (SELECT player_id FROM registry_names WHERE instr(key, ?) > 0)"
        params.append(name_key(q))
    base = f"FROM registry_players p JOIN registry_effective e ON e.player_id = p.id {where}"
    total = conn.execute(f"SELECT count(*) {base}", params).fetchone()[0]
    rows = _rows(conn, f"SELECT p.id {base} ORDER BY p.id LIMIT ? OFFSET ?",
                 [*params, per_page, (page - 1) * per_page])
    return [_summary(conn, int(r["id"])) for r in rows], int(total)


def _summary(conn: sqlite3.Connection, pid: int) -> dict[str, Any]:
    names = _rows(conn, "SELECT name, kind FROM registry_names WHERE player_id IN "
                        "(SELECT player_id FROM registry_effective WHERE effective_id = ?) "
                        "ORDER BY id", (pid,))
    display = player_names(conn, [pid]).get(pid, "?")
    aliases = sorted({n["name"] for n in names} - {display})
    refs = _rows(conn, "SELECT source, ref FROM registry_refs WHERE player_id IN "
                       "(SELECT player_id FROM registry_effective WHERE effective_id = ?) "
                       "ORDER BY id", (pid,))
    merged = [int(r[0]) for r in conn.execute(
        "SELECT player_id FROM registry_effective WHERE effective_id = ? AND player_id != ? "
        "ORDER BY player_id", (pid, pid)).fetchall()]
    return {"id": pid, "name": display, "aliases": aliases, "ids": refs, "merged": merged}


_STATS = """
    SELECT count(DISTINCT s.record_id) AS records, count(d.id) AS deals_played,
      coalesce(sum(d.maker = s.seat), 0) AS deals_made,
      coalesce(sum(CASE s.side WHEN 'NS' THEN d.points_ns ELSE d.points_ew END), 0) AS points_scored,
      coalesce(sum(CASE s.side WHEN 'NS' THEN d.points_ew ELSE d.points_ns END), 0) AS points_conceded,
      coalesce(sum(d.maker_side = s.side AND d.euchred), 0) AS euchres_suffered,
      coalesce(sum(d.maker_side != s.side AND d.euchred), 0) AS euchres_inflicted,
      coalesce(sum(d.maker = s.seat AND d.alone), 0) AS lone_hands_tried,
      coalesce(sum(d.maker = s.seat AND d.alone AND d.marched), 0) AS lone_hands_marched
    FROM ({seats}) s LEFT JOIN deals d ON d.record_id = s.record_id
"""

_SEATS = """
    SELECT seats.record_id, seats.seat, seats.side FROM seats
    JOIN records ON records.id = seats.record_id AND records.status = 'current'
      AND records.seats = 4
    JOIN seat_bindings b ON b.record_id = seats.record_id AND b.seat = seats.seat
    JOIN registry_effective e ON e.player_id = b.player_id AND e.effective_id = ?
    {where}
"""


def _seat_filter(event_id: int | None) -> tuple[str, list[Any]]:
    if event_id is None:
        return "", []
    # the counted (current) records of the tournament's sittings, or of a league's nights
    return ("WHERE records.id IN (SELECT record_id FROM tournament_seat_scores WHERE "
            "tournament_id = ? OR tournament_id IN (SELECT id FROM tournaments WHERE "
            "league_id = ?))", [event_id, event_id])


def get_player(db: sqlite_utils.Database, player_id: int,
               event_id: int | None = None) -> dict[str, Any] | None:
    """A player with statistics over current records (or one tournament's sittings): records,
    deals, points scored and conceded, games and rubbers won, win rate, euchres, lone hands,
    revokes, and partnerships (with whom, how often, how well), all of four-handed records;
    ``variants`` the player's record at tables of two, three and five, one entry per variant
    (statistics_sql.VARIANT_STATISTICS_SQL). None if unknown; a merged-away id answers for the
    player it is merged into (``merged_into``)."""
    conn = db.conn
    try:
        pid = effective_id(conn, player_id)
    except RegistryError:
        return None
    out = _summary(conn, pid)
    if pid != player_id:
        out["merged_into"] = pid
    where, extra = _seat_filter(event_id)
    seats_sql = _SEATS.format(where=where)
    params = [pid, *extra]
    stats = _rows(conn, _STATS.format(seats=seats_sql), params)[0]
    games = conn.execute(
        f"SELECT count(g.id), coalesce(sum(g.winner = s.side), 0) FROM ({seats_sql}) s "
        "JOIN games g ON g.record_id = s.record_id", params).fetchone()
    rubbers = conn.execute(
        f"SELECT coalesce(sum(r.system != 'none'), 0), "
        "coalesce(sum(r.system != 'none' AND r.winner = s.side), 0), "
        "coalesce(sum(CASE s.side WHEN 'NS' THEN r.rubber_points_ns - r.rubber_points_ew "
        "ELSE r.rubber_points_ew - r.rubber_points_ns END), 0) "
        f"FROM ({seats_sql}) s JOIN rubbers r ON r.record_id = s.record_id", params).fetchone()
    revokes = conn.execute(
        f"SELECT count(*) FROM ({seats_sql}) s JOIN findings f ON f.record_id = s.record_id "
        "AND f.kind = 'revoke' AND f.seat = s.seat", params).fetchone()[0]
    stats.update(games_played=games[0], games_won=games[1], rubbers_played=rubbers[0],
                 rubbers_won=rubbers[1], net_rubber_points=rubbers[2], revokes=revokes,
                 win_rate=round(games[1] / games[0], 4) if games[0] else None)
    out["event"] = event_id
    out["statistics"] = stats
    out["partnerships"] = _partnerships(conn, seats_sql, params)
    out["variants"] = _rows(conn, VARIANT_STATISTICS_SQL.format(where=where), params)
    return out


def _partnerships(conn: sqlite3.Connection, seats_sql: str,
                  params: list[Any]) -> list[dict[str, Any]]:
    """With whom the player sat as partner, how often (records), and how well (games won,
    points scored together)."""
    rows = conn.execute(f"""
        SELECT e2.effective_id,
          (SELECT count(*) FROM games g WHERE g.record_id = s.record_id),
          (SELECT count(*) FROM games g WHERE g.record_id = s.record_id AND g.winner = s.side),
          (SELECT coalesce(sum(CASE s.side WHEN 'NS' THEN d.points_ns ELSE d.points_ew END), 0)
             FROM deals d WHERE d.record_id = s.record_id)
        FROM ({seats_sql}) s
        JOIN seat_bindings b2 ON b2.record_id = s.record_id AND b2.seat = CASE s.seat
             WHEN 'N' THEN 'S' WHEN 'S' THEN 'N' WHEN 'E' THEN 'W' ELSE 'E' END
        JOIN registry_effective e2 ON e2.player_id = b2.player_id""", params).fetchall()
    acc: dict[int, list[int]] = {}
    for partner, games, won, points in rows:
        row = acc.setdefault(int(partner), [0, 0, 0, 0])
        row[0] += 1
        row[1] += games
        row[2] += won
        row[3] += points
    names = player_names(conn, acc)
    out = [{"partner": {"id": pid, "name": names.get(pid)}, "records": v[0],
            "games_played": v[1], "games_won": v[2], "points_scored": v[3],
            "win_rate": round(v[2] / v[1], 4) if v[1] else None}
           for pid, v in acc.items()]
    out.sort(key=lambda p: (-p["records"], p["partner"]["id"]))
    return out


TABLE_COLUMNS = ("name", "id", "records", "rubbers_played", "rubbers_won", "net_rubber_points",
                 "games_played",
                 "games_won", "win_rate", "deals_played", "deals_made", "points_scored",
                 "points_conceded", "euchres_suffered", "euchres_inflicted", "lone_hands_tried",
                 "lone_hands_marched", "revokes")
"""The columns of :func:`player_table`, in order."""

SORTS = {"name": "name COLLATE NOCASE, id", "points": "points_scored DESC, name COLLATE NOCASE",
         "win-rate": "win_rate IS NULL, win_rate DESC, name COLLATE NOCASE",
         "games": "games_won DESC, name COLLATE NOCASE",
         "records": "records DESC, name COLLATE NOCASE", "id": "id"}
"""The orders of :func:`player_table` (``--sort``)."""


def player_table(db: sqlite_utils.Database, *, club: str | None = None,
                 event_id: int | None = None, date_from: str | None = None,
                 date_to: str | None = None, sort: str = "name") -> list[dict[str, Any]]:
    """Per registry player (merges applied), over the current records that pass the filters
    (club, an event's sittings -- a league: its nights' --, the inclusive date range): the
    columns of :data:`TABLE_COLUMNS`, ordered by ``sort`` (a key of :data:`SORTS`)."""
    from .queries import filters

    where, params = filters(None, club, date_from, date_to)
    where += " AND records.seats = 4"   # games, deals, findings hold every table's (migration 19)
    if event_id is not None:
        where += (" AND records.id IN (SELECT record_id FROM tournament_seat_scores WHERE "
                  "tournament_id = ? OR tournament_id IN (SELECT id FROM tournaments WHERE "
                  "league_id = ?))")
        params += [event_id, event_id]
    sql = f"""
    WITH s AS (
        SELECT e.effective_id AS pid, seats.record_id, seats.seat, seats.side
        FROM seats JOIN records ON records.id = seats.record_id
        JOIN seat_bindings b ON b.record_id = seats.record_id AND b.seat = seats.seat
        JOIN registry_effective e ON e.player_id = b.player_id
        {where}
    ), d AS (
        SELECT s.pid, count(deals.id) AS deals_played,
          coalesce(sum(deals.maker = s.seat), 0) AS deals_made,
          coalesce(sum(CASE s.side WHEN 'NS' THEN deals.points_ns ELSE deals.points_ew END), 0)
            AS points_scored,
          coalesce(sum(CASE s.side WHEN 'NS' THEN deals.points_ew ELSE deals.points_ns END), 0)
            AS points_conceded,
          coalesce(sum(deals.maker_side = s.side AND deals.euchred), 0) AS euchres_suffered,
          coalesce(sum(deals.maker_side != s.side AND deals.euchred), 0) AS euchres_inflicted,
          coalesce(sum(deals.maker = s.seat AND deals.alone), 0) AS lone_hands_tried,
          coalesce(sum(deals.maker = s.seat AND deals.alone AND deals.marched), 0)
            AS lone_hands_marched
        FROM s LEFT JOIN deals ON deals.record_id = s.record_id GROUP BY s.pid
    ), g AS (
        SELECT s.pid, count(games.id) AS games_played,
          coalesce(sum(games.winner = s.side), 0) AS games_won
        FROM s LEFT JOIN games ON games.record_id = s.record_id GROUP BY s.pid
    ), r AS (
        SELECT s.pid, count(*) AS records,
          coalesce(sum(rubbers.system != 'none'), 0) AS rubbers_played,
          coalesce(sum(rubbers.system != 'none' AND rubbers.winner = s.side), 0) AS rubbers_won,
          coalesce(sum(CASE s.side WHEN 'NS' THEN rubbers.rubber_points_ns - rubbers.rubber_points_ew
                       ELSE rubbers.rubber_points_ew - rubbers.rubber_points_ns END), 0)
            AS net_rubber_points
        FROM s JOIN rubbers ON rubbers.record_id = s.record_id GROUP BY s.pid
    ), f AS (
        SELECT s.pid, count(findings.id) AS revokes FROM s LEFT JOIN findings
          ON findings.record_id = s.record_id AND findings.kind = 'revoke'
          AND findings.seat = s.seat GROUP BY s.pid
    )
    SELECT r.pid AS id,
      (SELECT name FROM registry_names n WHERE n.player_id = r.pid AND n.kind = 'display'
        ORDER BY n.id DESC LIMIT 1) AS name,
      r.records, r.rubbers_played, r.rubbers_won, r.net_rubber_points, g.games_played, g.games_won,
      CASE WHEN g.games_played > 0 THEN round(1.0 * g.games_won / g.games_played, 4) END
        AS win_rate,
      d.deals_played, d.deals_made, d.points_scored, d.points_conceded, d.euchres_suffered,
      d.euchres_inflicted, d.lone_hands_tried, d.lone_hands_marched, f.revokes
    FROM r JOIN d ON d.pid = r.pid JOIN g ON g.pid = r.pid JOIN f ON f.pid = r.pid
    ORDER BY {SORTS[sort]}
    """
    return _rows(db.conn, sql, params)


TABLE_N_COLUMNS = ("name", "id", "records", "games_played", "games_won", "win_rate",
                   "deals_played", "deals_made", "called_as_partner", "points_scored",
                   "euchres_suffered", "euchres_inflicted", "marches_made", "lone_hands_tried",
                   "revokes")
"""The columns of :func:`variant_player_table` (a table of 2, 3 or 5), in order: the columns of
a player's per-variant row (statistics_sql.VARIANT_STATISTICS_SQL) with the name, the id and the
win rate."""


def variant_player_table(db: sqlite_utils.Database, variant: str, *, club: str | None = None,
                         event_id: int | None = None, date_from: str | None = None,
                         date_to: str | None = None, sort: str = "name") -> list[dict[str, Any]]:
    """:func:`player_table` for a table of 2, 3 or 5 (``variant``: ``two-handed``, ``cut-throat``,
    ``call-your-partner``): per registry player (merges applied) who sat at one in the current
    records that pass the filters (club, an event's counted sittings, the inclusive dates), the
    columns of :data:`TABLE_N_COLUMNS`. Each player scores for himself there, so his games won
    are the games whose winner is his seat; deals made are his as maker, ``called_as_partner``
    the deals he held the five-handed called card; euchres suffered count the makers' side
    (maker or called partner), inflicted the defenders'; marches and lone hands are his as
    maker; revokes the revoke findings at his seat."""
    from .queries import filters

    where, params = filters(None, club, date_from, date_to, variant=variant)
    if event_id is not None:   # the event's counted sittings (an individual event's games)
        where += (" AND records.id IN (SELECT record_id FROM tournament_game_scores WHERE "
                  "tournament_id = ?)")
        params += [event_id]
    sql = f"""
    WITH s AS (
        SELECT e.effective_id AS pid, seats.record_id, seats.seat
        FROM seats JOIN records ON records.id = seats.record_id
        JOIN seat_bindings b ON b.record_id = seats.record_id AND b.seat = seats.seat
        JOIN registry_effective e ON e.player_id = b.player_id
        {where}
    ), d AS (
        SELECT s.pid, {TABLE_DEAL_COUNTS}
        {TABLE_DEAL_JOINS}
        GROUP BY s.pid
    ), g AS (
        SELECT s.pid, count(DISTINCT s.record_id) AS records, count(tg.number) AS games_played,
          coalesce(sum(tg.winner = s.seat), 0) AS games_won
        FROM s LEFT JOIN games tg ON tg.record_id = s.record_id GROUP BY s.pid
    ), f AS (
        SELECT s.pid, count(tf.id) AS revokes FROM s LEFT JOIN findings tf
          ON tf.record_id = s.record_id AND tf.kind = 'revoke' AND tf.seat = s.seat
        GROUP BY s.pid
    )
    SELECT g.pid AS id,
      (SELECT name FROM registry_names n WHERE n.player_id = g.pid AND n.kind = 'display'
        ORDER BY n.id DESC LIMIT 1) AS name,
      g.records, g.games_played, g.games_won,
      CASE WHEN g.games_played > 0 THEN round(1.0 * g.games_won / g.games_played, 4) END
        AS win_rate,
      d.deals_played, d.deals_made, d.called_as_partner, d.points_scored, d.euchres_suffered,
      d.euchres_inflicted, d.marches_made, d.lone_hands_tried, f.revokes
    FROM g JOIN d ON d.pid = g.pid JOIN f ON f.pid = g.pid
    ORDER BY {SORTS[sort]}
    """
    return _rows(db.conn, sql, params)


ALL_VARIANTS_COLUMNS = ("variant", "name", "id", "records", "games_played", "games_won",
                        "win_rate", "deals_played", "deals_made", "points_scored",
                        "euchres_suffered", "euchres_inflicted", "marches_made",
                        "lone_hands_tried", "revokes")
"""The columns of :func:`all_variants_player_table`: what every table has in common."""

VARIANT_ORDER = ("four-handed", "two-handed", "cut-throat", "call-your-partner")
"""The order of the games in a player table across variants: four-handed first, then by size."""


def all_variants_player_table(db: sqlite_utils.Database, *, club: str | None = None,
                              event_id: int | None = None, date_from: str | None = None,
                              date_to: str | None = None,
                              sort: str = "name") -> list[dict[str, Any]]:
    """A row per registry player and game he played (four-handed first, then the tables of 2,
    3 and 5; within a game in the ``sort`` order), with :data:`ALL_VARIANTS_COLUMNS`: the four-
    handed rows are :func:`player_table`'s (points and euchres are his side's there, games won
    by his side) with ``marches_made`` the deals he made trump and his side took all five; the
    others :func:`variant_player_table`'s."""
    rows: list[dict[str, Any]] = []
    four = player_table(db, club=club, event_id=event_id, date_from=date_from, date_to=date_to,
                        sort=sort)
    if four:
        from .queries import filters
        where, params = filters(None, club, date_from, date_to)
        where += " AND records.seats = 4"
        if event_id is not None:
            where += (" AND records.id IN (SELECT record_id FROM tournament_seat_scores WHERE "
                      "tournament_id = ? OR tournament_id IN (SELECT id FROM tournaments WHERE "
                      "league_id = ?))")
            params += [event_id, event_id]
        marches = dict(db.conn.execute(
            "SELECT e.effective_id, count(*) FROM deals "
            "JOIN records ON records.id = deals.record_id "
            "JOIN seat_bindings b ON b.record_id = deals.record_id AND b.seat = deals.maker "
            f"JOIN registry_effective e ON e.player_id = b.player_id {where} "
            "AND deals.marched GROUP BY e.effective_id", params).fetchall())
        rows += [{**r, "variant": VARIANT_ORDER[0], "marches_made": marches.get(r["id"], 0)}
                 for r in four]
    for variant in VARIANT_ORDER[1:]:
        rows += [{**r, "variant": variant}
                 for r in variant_player_table(db, variant, club=club, event_id=event_id,
                                               date_from=date_from, date_to=date_to,
                                               sort=sort)]
    return [{c: r.get(c) for c in ALL_VARIANTS_COLUMNS} for r in rows]
