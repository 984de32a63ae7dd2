"""Tournaments in the store: create them, record a round's seating, attach sittings, and read
them back with standings, rounds and the findings on sittings that do not fit.

Contracts:
- Writes add rows only (see events_schema.py); each write is one transaction. A refused
  request raises :class:`EventError` (with ``where`` naming the field) and writes nothing.
- :func:`standings` is a query over stored rows (``tournament_seat_scores``), never a replay;
  the ranking and its explanations come from the pure :func:`euchre_records.tournament.rank`.
- Readers return plain JSON-ready dicts, or None for an unknown tournament.
"""

from __future__ import annotations

import re
import sqlite3
from datetime import datetime, timezone
from typing import Any, Iterable, Mapping, Sequence

import sqlite_utils

from euchre_records.schema.basefields import label_problem
from euchre_records.tournament import (
    CRITERIA, EventFinding, Format, MovementTie, Pairing, SittingFacts, SittingScore,
    TableResult, TableSeating, Tournament, check_round, check_sitting, next_seating, rank,
)

from .events_schema import SEAT_SCORES_SQL
from .players import RegistryError, effective_id, player_for, player_names
from .store import write_transaction

__all__ = ["EventError", "create_event", "add_seating", "attach_sitting", "list_events",
           "get_event", "standings", "round_detail", "event_findings", "movement",
           "tournament_of", "seat_scores", "current_seating"]

SEATS = ("N", "E", "S", "W")
_DATE = re.compile(r"\d{4}(-\d{2}(-\d{2})?)?")
_MAX_ID = 2**63 - 1


class EventError(Exception):
    """A tournament request refused; ``where`` names the field at fault."""

    def __init__(self, what: str, where: str = "", status: int = 422) -> None:
        super().__init__(what)
        self.what, self.where, self.status = what, where, status


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _rows(conn: sqlite3.Connection, sql: str, params: Any = ()) -> list[dict[str, Any]]:
    cur = conn.execute(sql, params)
    names = [c[0] for c in cur.description]
    return [dict(zip(names, row)) for row in cur.fetchall()]


# --- writing --------------------------------------------------------------------------------

def _checked(spec: Mapping[str, Any]) -> tuple[Any, ...]:
    """The validated parts of an event spec (EventError names the field at fault)."""
    name = spec.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > 200:
        raise EventError("a tournament needs a name (at most 200 characters)", "name")
    if label_problem(name):
        raise EventError(f"the name holds a {label_problem(name)}", "name")
    try:
        fmt = Format(spec.get("format"))
    except ValueError:
        raise EventError(f"unknown format {spec.get('format')!r}; one of "
                         + ", ".join(f.value for f in Format), "format") from None
    pairing = spec.get("pairing")
    if pairing is not None:
        try:
            pairing = Pairing(pairing).value
        except ValueError:
            raise EventError(f"unknown pairing {pairing!r}; ROUND_ROBIN or SWISS",
                             "pairing") from None
    scoring = spec.get("scoring")
    if scoring is not None and scoring not in ("rubbers", "progressive", "pairs"):
        raise EventError(f"unknown scoring {scoring!r}; rubbers, progressive or pairs", "scoring")
    if scoring is not None and fmt is not Format.LEAGUE:
        raise EventError("only a league has a scoring format", "scoring")
    ints = {}
    for key, top in (("rounds", 10_000), ("deals_per_round", 10_000), ("league", _MAX_ID)):
        value = spec.get(key)
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)
                                  or not 1 <= value <= top):
            raise EventError(f"{key} must be a whole number from 1 to {top}"
                             + (" (an event id)" if key == "league" else ""), key)
        ints[key] = value
    texts = {}
    for key in ("club", "date_from", "date_to", "description", "match_id", "emn_format"):
        value = spec.get(key)
        if value is not None and (not isinstance(value, str) or len(value) > 1024):
            raise EventError(f"{key} must be text (at most 1024 characters)", key)
        if key in ("club", "match_id") and value is not None and label_problem(value):
            raise EventError(f"{key} holds a {label_problem(value)}", key)
        texts[key] = value
    for key in ("date_from", "date_to"):
        if texts[key] is not None and not _DATE.fullmatch(texts[key]):
            raise EventError(f"{key} must be a date YYYY-MM-DD (or YYYY-MM, YYYY)", key)
    target = spec.get("emn_target")
    if target is not None and (not isinstance(target, int) or isinstance(target, bool)
                               or not 1 <= target <= 10**9):
        raise EventError("emn_target must be a whole number from 1", "emn_target")
    players = spec.get("players") or []
    if not isinstance(players, list):
        raise EventError("players must be a list", "players")
    return name, fmt, pairing, scoring, ints, texts, players


def create_event(db: sqlite_utils.Database, spec: Mapping[str, Any], *,
                 created_by: str | None = None, club_id: int | None = None) -> int:
    """Create a tournament from ``spec`` (docs/EVENTS.md, "Creating"): ``name``, ``format``
    and optionally ``club``, ``date_from``, ``date_to``, ``pairing``, ``rounds``,
    ``deals_per_round``, ``scoring`` (leagues), ``league`` (the season's id), ``description``,
    ``players`` (names, or ``{"name", "id", "pair"}``). Returns its id."""
    checked = _checked(spec)
    with write_transaction(db):
        return _create(db.conn, *checked, spec, created_by, club_id)


def _create(conn: sqlite3.Connection, name: str, fmt: Format, pairing: str | None,
            scoring: str | None, ints: dict[str, Any], texts: dict[str, Any], players: list[Any],
            spec: Mapping[str, Any], created_by: str | None, club_id: int | None) -> int:
    """create_event inside an open transaction (the arguments validated)."""
    if ints["league"] is not None:
        row = conn.execute("SELECT format FROM tournaments WHERE id = ?",
                           (ints["league"],)).fetchone()
        if row is None or row[0] != "league":
            raise EventError(f"tournament {ints['league']} is not a league", "league")
    cur = conn.execute(
        "INSERT INTO tournaments (name, club, club_id, date_from, date_to, format, pairing, "
        "scoring, rounds, deals_per_round, league_id, match_id, description, emn_format, "
        "emn_target, created_at, created_by) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        (name.strip(), texts["club"], club_id, texts["date_from"], texts["date_to"],
         fmt.value, pairing, scoring, ints["rounds"], ints["deals_per_round"],
         ints["league"], texts["match_id"], texts["description"], texts["emn_format"],
         spec.get("emn_target"), _now(), created_by))
    event_id = int(cur.lastrowid)  # type: ignore[arg-type]
    for i, entry in enumerate(players):
        _register(conn, event_id, entry, f"players[{i}]", created_by)
    return event_id


def _register(conn: sqlite3.Connection, event_id: int, entry: object, where: str,
              created_by: str | None) -> int:
    if isinstance(entry, str):
        entry = {"name": entry}
    if not isinstance(entry, dict):
        raise EventError("a player is a name or {name, id, pair}", where)
    name, ref, pair, known = entry.get("name"), entry.get("id"), entry.get("pair"), entry.get("player")
    if known is not None:
        if not isinstance(known, int) or isinstance(known, bool) or not 1 <= known <= _MAX_ID:
            raise EventError("player must be a registry id", where + ".player")
        try:
            pid = effective_id(conn, known)
        except RegistryError as exc:
            raise EventError(str(exc), where + ".player") from None
    else:
        if not isinstance(name, str) or not name.strip():
            raise EventError("a player needs a name", where + ".name")
        if ref is not None and (not isinstance(ref, str) or not 1 <= len(ref) <= 64):
            raise EventError("a player's id is text (1-64 characters)", where + ".id")
        if len(name) > 200:
            raise EventError("a name has at most 200 characters", where + ".name")
        if label_problem(name) or (ref is not None and label_problem(ref)):
            raise EventError(f"a {label_problem(name) or label_problem(ref or '')}",
                             where + (".name" if label_problem(name) else ".id"))
        pid = effective_id(conn, player_for(conn, name, ref, created_by)[0])
    if pair is not None and (not isinstance(pair, int) or isinstance(pair, bool)
                             or not 1 <= pair <= 10_000):
        raise EventError("pair must be a whole number from 1", where + ".pair")
    if conn.execute("SELECT 1 FROM tournament_players WHERE tournament_id = ? AND player_id = ?",
                    (event_id, pid)).fetchone():
        raise EventError(f"player {pid} is listed twice", where)
    conn.execute("INSERT INTO tournament_players (tournament_id, player_id, pair, created_at) "
                 "VALUES (?,?,?,?)", (event_id, pid, pair, _now()))
    return pid


def _resolve(conn: sqlite3.Connection, event_id: int, who: object, where: str) -> int:
    """A seat of a seating: a registry id, or a name matched among the tournament's players
    first, then the registry."""
    if isinstance(who, int) and not isinstance(who, bool):
        if not 1 <= who <= _MAX_ID:
            raise EventError(f"no player with id {who}", where)
        try:
            return effective_id(conn, who)
        except RegistryError as exc:
            raise EventError(str(exc), where) from None
    if not isinstance(who, str) or not who.strip():
        raise EventError("a seat needs a player (a registry id or a name)", where)
    from euchre_records.names import name_key
    key = name_key(who)
    row = conn.execute(
        "SELECT tp.player_id FROM tournament_players tp JOIN registry_effective e "
        "ON e.effective_id = tp.player_id JOIN registry_names n ON n.player_id = e.player_id "
        "WHERE tp.tournament_id = ? AND n.key = ? ORDER BY tp.id LIMIT 1", (event_id, key)
    ).fetchone()
    if row is not None:
        return int(row[0])
    row = conn.execute("SELECT min(player_id) FROM registry_names WHERE key = ?", (key,)).fetchone()
    if row is None or row[0] is None:
        raise EventError(f"no player named {who!r} in the registry", where)
    return effective_id(conn, int(row[0]))


def _tournament_row(conn: sqlite3.Connection, event_id: int) -> dict[str, Any]:
    rows = _rows(conn, "SELECT * FROM tournaments WHERE id = ?", (event_id,))
    if not rows:
        raise EventError(f"no event {event_id}", "event", status=404)
    return rows[0]


def add_seating(db: sqlite_utils.Database, event_id: int, round_no: int,
                tables: Sequence[Mapping[str, Any]], *, created_by: str | None = None) -> int:
    """Record the seating of round ``round_no``: ``tables`` is a list of ``{"table", "seats":
    {"N": player, "E": ..., "S": ..., "W": ...}}`` (a player is a registry id or a name). The
    whole round is one new version (the highest counts). Returns the version number."""
    if not isinstance(round_no, int) or isinstance(round_no, bool) or not 1 <= round_no <= 10_000:
        raise EventError("round must be a whole number from 1 to 10000", "round")
    if not isinstance(tables, (list, tuple)) or not tables:
        raise EventError("a seating lists at least one table", "tables")
    with write_transaction(db):
        conn = db.conn
        _tournament_row(conn, event_id)
        version = int(conn.execute(
            "SELECT coalesce(max(version), 0) + 1 FROM tournament_seatings WHERE "
            "tournament_id = ? AND round = ?", (event_id, round_no)).fetchone()[0])
        seen: dict[int, str] = {}
        labels: set[str] = set()
        now = _now()
        for i, t in enumerate(tables):
            where = f"tables[{i}]"
            if not isinstance(t, Mapping):
                raise EventError("a table is {table, seats}", where)
            label = str(t.get("table", i + 1)).strip()
            if len(label) > 64:
                raise EventError("a table label has at most 64 characters", where + ".table")
            if label_problem(label):
                raise EventError(f"the table label holds a {label_problem(label)}",
                                 where + ".table")
            if not label or label in labels:
                raise EventError(f"table {label!r} is empty or given twice", where + ".table")
            labels.add(label)
            seats = t.get("seats")
            if not isinstance(seats, Mapping) or set(seats) != set(SEATS):
                raise EventError("seats must name N, E, S and W", where + ".seats")
            for seat in SEATS:
                pid = _resolve(conn, event_id, seats[seat], f"{where}.seats.{seat}")
                if pid in seen:
                    raise EventError(f"player {pid} is seated twice (also at {seen[pid]})",
                                     f"{where}.seats.{seat}")
                seen[pid] = f"table {label} {seat}"
                conn.execute(
                    'INSERT INTO tournament_seatings (tournament_id, round, "table", version, '
                    "seat, player_id, created_at, created_by) VALUES (?,?,?,?,?,?,?,?)",
                    (event_id, round_no, label, version, seat, pid, now, created_by))
    return version


def _round_label(value: object, where: str) -> int:
    try:
        n = int(str(value).strip())
    except (TypeError, ValueError):
        raise EventError(f"the round must be a number, not {value!r}", where) from None
    if not 1 <= n <= 10_000:
        raise EventError("the round must be from 1 to 10000", where)
    return n


def attach_sitting(db: sqlite_utils.Database, event_id: int, record_id: int, *,
                   round_no: int | None = None, table: str | None = None,
                   created_by: str | None = None, game_index: int | None = None) -> int:
    """Attach a stored record as the sitting at (round, table); both default to the record's own
    ``round`` and ``table`` labels. A later attachment at the same place replaces the earlier
    one in the standings; a record (or any version of it) attaches once per tournament.
    Returns the sitting id."""
    with write_transaction(db):
        return _attach(db.conn, event_id, record_id, round_no, table, created_by, game_index)


def _attach(conn: sqlite3.Connection, event_id: int, record_id: int, round_no: int | None,
            table: str | None, created_by: str | None, game_index: int | None) -> int:
    _tournament_row(conn, event_id)
    if not 1 <= record_id < 2**63:
        raise EventError(f"no record {record_id}", "record", status=404)
    row = conn.execute('SELECT round, "table" FROM records WHERE id = ?', (record_id,)).fetchone()
    if row is None:
        raise EventError(f"no record {record_id}", "record", status=404)
    if round_no is None and row[0] is None:
        raise EventError(f"record {record_id} names no round; give one", "round")
    n = _round_label(round_no if round_no is not None else row[0], "round")  # 1..10000: SQL-safe
    label = table if table is not None else row[1]
    if label is None or not str(label).strip():
        raise EventError(f"record {record_id} names no table; give one", "table")
    label = str(label).strip()
    if len(label) > 64:
        raise EventError("a table label has at most 64 characters", "table")
    if label_problem(label):
        raise EventError(f"the table label holds a {label_problem(label)}", "table")
    chain = _chain(conn, record_id)
    marks = ",".join("?" * len(chain))
    old = conn.execute(f'SELECT id, round, "table" FROM tournament_sittings WHERE '
                       f"tournament_id = ? AND record_id IN ({marks})",
                       (event_id, *chain)).fetchone()
    if old is not None:
        raise EventError(f"record {record_id} is already a sitting of this event (round "
                         f"{old[1]}, table {old[2]})", "record", status=409)
    cur = conn.execute(
        'INSERT INTO tournament_sittings (tournament_id, round, "table", record_id, game_index, '
        "created_at, created_by) VALUES (?,?,?,?,?,?,?)",
        (event_id, n, label, record_id, game_index, _now(), created_by))
    return int(cur.lastrowid)  # type: ignore[arg-type]


def _chain(conn: sqlite3.Connection, record_id: int) -> list[int]:
    """Every version in the correction chain of ``record_id``."""
    root = record_id
    for _ in range(10_000):
        row = conn.execute("SELECT supersedes FROM records WHERE id = ?", (root,)).fetchone()
        if row is None or row[0] is None:
            break
        root = int(row[0])
    out = [root]
    for _ in range(10_000):
        row = conn.execute("SELECT id FROM records WHERE supersedes = ?", (out[-1],)).fetchone()
        if row is None:
            break
        out.append(int(row[0]))
    return out


# --- reading --------------------------------------------------------------------------------

def tournament_of(row: Mapping[str, Any]) -> Tournament:
    """The core value of a ``tournaments`` row."""
    return Tournament(
        name=row["name"], format=Format(row["format"]), club=row["club"],
        date_from=row["date_from"], date_to=row["date_to"],
        pairing=Pairing(row["pairing"]) if row["pairing"] else None, rounds=row["rounds"],
        deals_per_round=row["deals_per_round"],
        scoring=Format(row["scoring"]) if row["scoring"] else None)


def _scope(row: Mapping[str, Any]) -> tuple[str, list[Any]]:
    if row["format"] == "league":
        return ("AND ts.tournament_id IN (SELECT id FROM tournaments WHERE league_id = ?)",
                [row["id"]])
    return "AND ts.tournament_id = ?", [row["id"]]


def seat_scores(db: sqlite_utils.Database, event_id: int) -> list[dict[str, Any]]:
    """The ``tournament_seat_scores`` rows of a tournament (a league: of its nights)."""
    row = _tournament_row(db.conn, event_id)
    where, params = _scope(row)
    return _rows(db.conn, SEAT_SCORES_SQL.format(where=where)
                 + ' ORDER BY latest.tournament_id, latest.round, latest."table", '
                   "instr('NESW', seats.seat)", params)


def _event_summary(conn: sqlite3.Connection, row: Mapping[str, Any]) -> dict[str, Any]:
    out = {k: row[k] for k in ("id", "name", "club", "date_from", "date_to", "format",
                               "pairing", "scoring", "rounds", "deals_per_round", "description",
                               "match_id", "created_at", "created_by")}
    out["league"] = row["league_id"]
    out["sittings"] = conn.execute(
        "SELECT count(DISTINCT round || '/' || \"table\") FROM tournament_sittings WHERE "
        "tournament_id = ?", (row["id"],)).fetchone()[0]
    return out


def list_events(db: sqlite_utils.Database, *, club: str | None = None, page: int = 1,
                per_page: int = 20) -> tuple[list[dict[str, Any]], int]:
    """One page of tournaments, newest first, and the total."""
    where, params = ("WHERE club = ?", [club]) if club else ("", [])
    total = db.conn.execute(f"SELECT count(*) FROM tournaments {where}", params).fetchone()[0]
    rows = _rows(db.conn, f"SELECT * FROM tournaments {where} ORDER BY id DESC LIMIT ? OFFSET ?",
                 [*params, per_page, (page - 1) * per_page])
    return [_event_summary(db.conn, r) for r in rows], int(total)


def _players_of(conn: sqlite3.Connection, event_id: int) -> list[dict[str, Any]]:
    rows = conn.execute(
        "SELECT e.effective_id, tp.pair FROM tournament_players tp JOIN registry_effective e "
        "ON e.player_id = tp.player_id WHERE tp.tournament_id = ? ORDER BY tp.id",
        (event_id,)).fetchall()
    names = player_names(conn, [r[0] for r in rows])
    return [{"id": pid, "name": names.get(pid), "pair": pair} for pid, pair in rows]


def get_event(db: sqlite_utils.Database, event_id: int) -> dict[str, Any] | None:
    """A tournament: settings, players, rounds (seatings and sittings) and findings."""
    try:
        row = _tournament_row(db.conn, event_id)
    except EventError:
        return None
    out = _event_summary(db.conn, row)
    out["players"] = _players_of(db.conn, event_id)
    out["events"] = [_event_summary(db.conn, r) for r in _rows(
        db.conn, "SELECT * FROM tournaments WHERE league_id = ? ORDER BY id", (event_id,))]
    rounds = sorted({r[0] for r in db.conn.execute(
        "SELECT round FROM tournament_sittings WHERE tournament_id = ? UNION "
        "SELECT round FROM tournament_seatings WHERE tournament_id = ?", (event_id, event_id))})
    out["rounds_recorded"] = rounds
    out["findings"] = [_finding(f) for f in event_findings(db, event_id)]
    return out


def _finding(f: EventFinding) -> dict[str, Any]:
    return {"round": f.round, "table": f.table, "record_id": f.record_id, "what": f.what,
            "rule": f.rule}


def current_seating(conn: sqlite3.Connection, event_id: int,
                    round_no: int) -> dict[str, dict[str, int]]:
    """The round's current seating: table -> seat -> player id (empty when none is recorded)."""
    rows = conn.execute(
        'SELECT "table", seat, e.effective_id FROM tournament_seatings ts JOIN registry_effective e '
        "ON e.player_id = ts.player_id WHERE tournament_id = ? AND round = ? AND version = "
        "(SELECT max(version) FROM tournament_seatings WHERE tournament_id = ? AND round = ?)",
        (event_id, round_no, event_id, round_no)).fetchall()
    out: dict[str, dict[str, int]] = {}
    for table, seat, pid in rows:
        out.setdefault(str(table), {})[seat] = int(pid)
    return out


def _sittings(rows: Iterable[Mapping[str, Any]]) -> dict[int, dict[str, Any]]:
    """Seat-score rows grouped by sitting: round, table, record, seats, points per side."""
    out: dict[int, dict[str, Any]] = {}
    for r in rows:
        s = out.setdefault(r["sitting_id"], {
            "tournament_id": r["tournament_id"], "round": r["round"], "table": r["table"],
            "record_id": r["record_id"], "attached_id": r["attached_id"], "deals": r["deals"],
            "seats": {}, "points": {}, "won": {}, "lone": {}, "net": {}, "games": {}})
        if r["seat"] is None:  # a record without players
            continue
        s["seats"][r["seat"]] = r["player_id"]
        s["points"][r["side"]] = (r["points_for"], r["points_against"])
        s["won"][r["side"]] = bool(r["won"])
        s["net"][r["side"]] = r["net_rubber_points"]
        s["games"][r["side"]] = r["games_won"]
        s["lone"][r["seat"]] = r["lone_hands_made"]
    return out


def event_findings(db: sqlite_utils.Database, event_id: int,
                   rows: list[dict[str, Any]] | None = None) -> list[EventFinding]:
    """The sittings (of a league: of its nights) that do not fit their tournament (``rows``:
    its seat scores, when the caller has read them already)."""
    conn = db.conn
    rows = seat_scores(db, event_id) if rows is None else rows
    sittings = _sittings(rows)
    names = player_names(conn, [r["player_id"] for r in rows if r["player_id"] is not None])
    cache: dict[int, tuple[Tournament, frozenset[str], frozenset[frozenset[str]]]] = {}
    out: list[EventFinding] = []
    by_round: dict[tuple[int, int], list[SittingFacts]] = {}
    for s in sittings.values():
        tid = s["tournament_id"]
        if tid not in cache:
            trow = _tournament_row(conn, tid)
            players = _players_of(conn, tid)
            pairs: dict[int, set[str]] = {}
            for p in players:
                if p["pair"] is not None:
                    pairs.setdefault(p["pair"], set()).add(str(p["id"]))
            cache[tid] = (tournament_of(trow), frozenset(str(p["id"]) for p in players),
                          frozenset(frozenset(v) for v in pairs.values()))
        t, registered, pairs_set = cache[tid]
        ids = tuple(None if s["seats"].get(seat) is None else str(s["seats"][seat])
                    for seat in SEATS)
        facts = SittingFacts(s["round"], s["table"], s["record_id"], ids,  # type: ignore[arg-type]
                             tuple(names.get(s["seats"].get(seat), "?") for seat in SEATS),  # type: ignore[arg-type]
                             s["deals"])
        seating = current_seating(conn, tid, s["round"]).get(s["table"])
        want = None if seating is None else [str(seating.get(seat)) for seat in SEATS]
        want_names = None if seating is None else [
            player_names(conn, [seating[seat]]).get(seating[seat], "?") for seat in SEATS]
        out.extend(check_sitting(t, facts, seating=want, registered=registered, pairs=pairs_set,
                                 seating_names=want_names))
        by_round.setdefault((tid, s["round"]), []).append(facts)
    for facts_list in by_round.values():
        out.extend(check_round(facts_list))
    out.sort(key=lambda f: (f.round, f.table, f.record_id or 0, f.what))
    return out


def _entrant_scores(fmt: Format, sittings: Mapping[int, Mapping[str, Any]]
                    ) -> tuple[list[SittingScore], dict[str, list[int]]]:
    """One score per entrant and sitting: a player (rubbers, progressive) or a pair."""
    scores: list[SittingScore] = []
    members: dict[str, list[int]] = {}
    for s in sittings.values():
        for side, (a, b) in (("NS", ("N", "S")), ("EW", ("E", "W"))):
            if side not in s["points"]:
                continue
            pf, pa = s["points"][side]
            common = dict(round=s["round"], table=s["table"], points_for=pf, points_against=pa,
                          won=s["won"][side], net_rubber_points=s["net"][side],
                          games_won=s["games"][side])
            present = [seat for seat in (a, b) if s["seats"].get(seat) is not None]
            if fmt is Format.PAIRS:
                ids = sorted(s["seats"][seat] for seat in present)
                if not ids:
                    continue
                key = "+".join(str(i) for i in ids)
                members[key] = ids
                scores.append(SittingScore(key, lone_hands_made=sum(
                    s["lone"].get(seat, 0) for seat in present), **common))
            else:
                for seat in present:
                    key = str(s["seats"][seat])
                    members[key] = [s["seats"][seat]]
                    scores.append(SittingScore(key, lone_hands_made=s["lone"].get(seat, 0),
                                               **common))
    return scores, members


def standings(db: sqlite_utils.Database, event_id: int) -> dict[str, Any] | None:
    """The standings of a tournament (a league: over the union of its nights), each line with
    its place, entrant, totals and the tie-break that placed it; the order of criteria; and
    the findings on sittings. None for an unknown tournament."""
    conn = db.conn
    try:
        row = _tournament_row(conn, event_id)
    except EventError:
        return None
    t = tournament_of(row)
    fmt = t.ranking
    rows = seat_scores(db, event_id)
    sittings = _sittings(rows)
    scores, members = _entrant_scores(fmt, sittings)
    registered = _players_of(conn, event_id) if t.format is not Format.LEAGUE else []
    extra: list[str] = []
    if fmt is Format.PAIRS:
        pairs: dict[int, list[int]] = {}
        for p in registered:
            if p["pair"] is not None:
                pairs.setdefault(p["pair"], []).append(p["id"])
        for ids in pairs.values():
            key = "+".join(str(i) for i in sorted(ids))
            members.setdefault(key, sorted(ids))
            extra.append(key)
    else:
        for p in registered:
            members.setdefault(str(p["id"]), [p["id"]])
            extra.append(str(p["id"]))
    names = player_names(conn, [i for ids in members.values() for i in ids])
    labels = {k: " & ".join(names.get(i, "?") for i in ids) for k, ids in members.items()}
    ranked = rank(fmt, scores, labels, extra)
    criteria = CRITERIA[fmt]
    lines = []
    for st in ranked:
        tot = st.totals
        line: dict[str, Any] = {
            "place": st.place, "entrant": labels.get(st.entrant, st.entrant),
            "players": [{"id": i, "name": names.get(i)} for i in members.get(st.entrant, [])],
            "sittings": tot.sittings, "points": tot.points, "points_against": tot.points_against,
            "difference": tot.difference, "wins": tot.wins, "rounds_won": tot.rounds_won,
            "net_rubber_points": tot.net_rubber_points, "games_won": tot.games_won,
            "lone_hands_made": tot.lone_hands_made, "tie_break": st.explanation}
        lines.append(line)
    return {"event": _event_summary(conn, row), "format": fmt.value,
            "order": [f"{i + 1}. {c.label}: {c.meaning}" for i, c in enumerate(criteria)]
            + [f"{len(criteria) + 1}. otherwise the place is shared (listed by name)"],
            "standings": lines,
            "findings": [_finding(f) for f in event_findings(db, event_id, rows)]}


def round_detail(db: sqlite_utils.Database, event_id: int, number: int) -> dict[str, Any] | None:
    """One round: its current seating by table, its sittings with the points of each side, its
    findings and, for a progressive tournament whose round is complete, the movement's seating
    for the next round. None for an unknown tournament."""
    conn = db.conn
    try:
        row = _tournament_row(conn, event_id)
    except EventError:
        return None
    seating = current_seating(conn, event_id, number)
    sittings = [s for s in _sittings(seat_scores(db, event_id)).values()
                if s["round"] == number and s["tournament_id"] == event_id]
    ids = [p for t in seating.values() for p in t.values()]
    ids += [p for s in sittings for p in s["seats"].values() if p is not None]
    names = player_names(conn, ids)

    def seats(m: Mapping[str, Any]) -> dict[str, Any]:
        return {seat: (None if m.get(seat) is None else
                       {"id": m[seat], "name": names.get(m[seat])}) for seat in SEATS}

    out: dict[str, Any] = {
        "event": event_id, "round": number,
        "seating": [{"table": t, "seats": seats(m)} for t, m in sorted(seating.items(), key=_table_order)],
        "sittings": [{"table": s["table"], "record_id": s["record_id"],
                      "attached_id": s["attached_id"], "deals": s["deals"],
                      "seats": seats(s["seats"]),
                      "points": [s["points"].get("NS", (0, 0))[0], s["points"].get("EW", (0, 0))[0]]}
                     for s in sorted(sittings, key=lambda s: _table_order((s["table"], None)))],
        "findings": [_finding(f) for f in event_findings(db, event_id) if f.round == number],
    }
    if row["format"] == "progressive" and (row["rounds"] is None or number < row["rounds"]):
        try:
            out["next_seating"] = [
                {"table": str(s.table), "seats": seats(dict(zip(SEATS, (int(p) for p in s.seats))))}
                for s in movement(db, event_id, number)]
        except EventError as exc:
            out["next_seating"] = None
            out["next_seating_why"] = exc.what
    return out


def _table_order(item: tuple[str, Any]) -> tuple[int, str]:
    label = item[0]
    return (int(label), "") if label.isdigit() else (10**9, label)


def movement(db: sqlite_utils.Database, event_id: int, number: int) -> tuple[TableSeating, ...]:
    """The traditional movement's seating for round ``number + 1`` from the sittings of round
    ``number`` (player ids as text). EventError when the round is incomplete, its tables are not
    numbered 1..n, or a table is tied (the director then records a seating)."""
    sittings = [s for s in _sittings(seat_scores(db, event_id)).values()
                if s["round"] == number and s["tournament_id"] == event_id]
    if not sittings:
        raise EventError(f"round {number} has no sittings", "round")
    results = []
    for s in sittings:
        if not str(s["table"]).isdigit():
            raise EventError(f"table {s['table']!r} is not a number; the movement needs tables "
                             "numbered 1 (the head) up", "table")
        if any(s["seats"].get(seat) is None for seat in SEATS):
            raise EventError(f"table {s['table']} has an unknown player", "table")
        results.append(TableResult(
            TableSeating(int(s["table"]), tuple(str(s["seats"][seat]) for seat in SEATS)),  # type: ignore[arg-type]
            (s["points"]["NS"][0], s["points"]["EW"][0])))
    try:
        return next_seating(results)
    except MovementTie as exc:
        raise EventError(str(exc), "round") from None
    except ValueError as exc:
        raise EventError(f"round {number}: {exc}", "round") from None
