"""Events written: create a tournament with its players, record a round's seating, attach sittings.

Contract: writes add rows only (see events_schema.py); each write is one transaction. A refused
request raises :class:`~.event_rows.EventError` (with ``where`` naming the field) and writes
nothing.
"""

from __future__ import annotations

import re
import secrets
import sqlite3
from typing import Any, Mapping, Sequence

import sqlite_utils

from euchre_records.events.draw import DrawError, draw_tables
from euchre_records.events.tournament import Format, Pairing, PlaceScoring, Tournament, seat_tokens
from euchre_records.schema.basefields import date_problem, label_problem

from ..whole_numbers import SQLITE_MAX
from .event_rows import SEATS, EventError, open_tournament_row, utc_now
from .players import RegistryError, effective_id, player_for
from .store import write_transaction

__all__ = ["create_event", "add_seating", "draw_seating", "attach_sitting", "close_event"]

_MAX_ID = SQLITE_MAX


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
    for key in ("date_from", "date_to"):   # read as a record's date is (ASCII digits, a real day)
        problem = None if texts[key] is None else date_problem(texts[key], times=False)
        if problem is not None:
            raise EventError(f"{key} must be a date YYYY-MM-DD (or YYYY-MM, YYYY): {problem}", key)
    target = spec.get("emn_target")
    if target is not None and (not isinstance(target, int) or isinstance(target, bool)
                               or not 1 <= target <= 10**9):
        raise EventError("emn_target must be a whole number from 1", "emn_target")
    seats = spec.get("seats", 4)
    if not isinstance(seats, int) or isinstance(seats, bool) or seats not in (2, 3, 4, 5):
        raise EventError(f"seats must be 2, 3, 4 or 5 (players at a table), not {seats!r}",
                         "seats")
    place_scoring = spec.get("place_scoring")
    if place_scoring is not None:
        try:
            place_scoring = PlaceScoring(place_scoring).value
        except ValueError:
            raise EventError(f"unknown place_scoring {place_scoring!r}; one of "
                             + ", ".join(p.value for p in PlaceScoring), "place_scoring") from None
    problem = Tournament(name, fmt, seats=seats, place_scoring=(
        None if place_scoring is None else PlaceScoring(place_scoring))).settings_problem()
    if problem is not None:
        raise EventError(*problem)
    if seats != 4 and (scoring is not None or ints["league"] is not None):
        raise EventError("an event at tables of 2, 3 or 5 cannot be a night of a league yet "
                         "(a league ranks partnerships' formats)", "league")
    ints["seats"] = seats
    texts["place_scoring"] = place_scoring
    players = spec.get("players") or []
    if not isinstance(players, list):
        raise EventError("players must be a list", "players")
    return name, fmt, pairing, scoring, ints, texts, players


def create_event(db: sqlite_utils.Database, spec: Mapping[str, Any], *,
                 created_by: str | None = None, club_id: int | None = None) -> int:
    """Create a tournament from ``spec`` (docs/EVENTS.md, "Creating"): ``name``, ``format``
    and optionally ``club``, ``date_from``, ``date_to``, ``pairing``, ``rounds``,
    ``deals_per_round``, ``scoring`` (leagues), ``league`` (the season's id), ``description``,
    ``seats`` (players at a table: 4, or 2, 3, 5 for individual events), ``place_scoring``
    (individual events: places, points or wins), ``players`` (names, or ``{"name", "id",
    "pair"}``). Returns its id."""
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
        "emn_target, created_at, created_by, seats, place_scoring) "
        "VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
        (name.strip(), texts["club"], club_id, texts["date_from"], texts["date_to"],
         fmt.value, pairing, scoring, ints["rounds"], ints["deals_per_round"],
         ints["league"], texts["match_id"], texts["description"], texts["emn_format"],
         spec.get("emn_target"), utc_now(), created_by, ints["seats"], texts["place_scoring"]))
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
                 "VALUES (?,?,?,?)", (event_id, pid, pair, utc_now()))
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


def add_seating(db: sqlite_utils.Database, event_id: int, round_no: int,
                tables: Sequence[Mapping[str, Any]], *, created_by: str | None = None) -> int:
    """Record the seating of round ``round_no``: ``tables`` is a list of ``{"table", "seats":
    {"N": player, "E": ..., "S": ..., "W": ...}}`` (a player is a registry id or a name; at an
    event of tables of n the seats are "0" .. "n-1"). The whole round is one new version (the
    highest counts). Returns the version number."""
    if not isinstance(round_no, int) or isinstance(round_no, bool) or not 1 <= round_no <= 10_000:
        raise EventError("round must be a whole number from 1 to 10000", "round")
    if not isinstance(tables, (list, tuple)) or not tables:
        raise EventError("a seating lists at least one table", "tables")
    with write_transaction(db):
        return _add_seating(db.conn, event_id, round_no, tables, created_by)


def _add_seating(conn: sqlite3.Connection, event_id: int, round_no: int,
                 tables: Sequence[Mapping[str, Any]], created_by: str | None) -> int:
    """:func:`add_seating` inside the caller's write transaction."""
    row = open_tournament_row(conn, event_id)
    tokens = seat_tokens(int(row["seats"]))
    version = int(conn.execute(
        "SELECT coalesce(max(version), 0) + 1 FROM tournament_seatings WHERE "
        "tournament_id = ? AND round = ?", (event_id, round_no)).fetchone()[0])
    seen: dict[int, str] = {}
    labels: set[str] = set()
    now = utc_now()
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
        if not isinstance(seats, Mapping) or set(seats) != set(tokens):
            wanted = ("seats must name " + ", ".join(tokens[:-1]) + f" and {tokens[-1]}"
                      + ("" if tokens == SEATS else f" (a table of {len(tokens)})"))
            at = where + ".seats"
            if isinstance(seats, Mapping):
                missing = [k for k in tokens if k not in seats]
                extra = sorted(str(k) for k in seats if k not in tokens)
                at += f".{missing[0]}" if missing else f".{extra[0]}"
                wanted += (f": {missing[0]} is missing" if missing
                           else f": this event has no seat {extra[0]}")
            raise EventError(wanted, at)
        for seat in tokens:
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


def draw_seating(db: sqlite_utils.Database, event_id: int, round_no: int, *,
                 seed: int | None = None, created_by: str | None = None) -> tuple[int, int]:
    """Seat round ``round_no`` by a seeded draw of the event's players (events/draw.py), as one
    new version of the round's seating, and record the seed with it (``tournament_draws``) so the
    draw can be shown again. ``seed`` None draws one. Returns (version, seed)."""
    if not isinstance(round_no, int) or isinstance(round_no, bool) or not 1 <= round_no <= 10_000:
        raise EventError("round must be a whole number from 1 to 10000", "round")
    if seed is None:
        seed = secrets.randbelow(1_000_000) + 1
    if not isinstance(seed, int) or isinstance(seed, bool) or not 1 <= seed <= _MAX_ID:
        raise EventError(f"the seed must be a whole number from 1 to {_MAX_ID}", "seed")
    with write_transaction(db):
        conn = db.conn
        row = open_tournament_row(conn, event_id)
        players = [r[0] for r in conn.execute(
            "SELECT e.effective_id FROM tournament_players tp JOIN registry_effective e "
            "ON e.player_id = tp.player_id WHERE tp.tournament_id = ? ORDER BY tp.id",
            (event_id,))]
        try:
            tables = draw_tables(players, seed, seats=int(row["seats"]))
        except DrawError as exc:
            raise EventError(f"the event's players cannot be drawn: {exc}", "players") from None
        version = _add_seating(conn, event_id, round_no, tables, created_by)
        conn.execute("INSERT INTO tournament_draws (tournament_id, round, version, seed, "
                     "created_at, created_by) VALUES (?,?,?,?,?,?)",
                     (event_id, round_no, version, seed, utc_now(), created_by))
    return version, seed


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
    open_tournament_row(conn, event_id)
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
        (event_id, n, label, record_id, game_index, utc_now(), created_by))
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


def close_event(db: sqlite_utils.Database, event_id: int, *, created_by: str | None = None
                ) -> str:
    """Close the event: from now on it takes no seating, draw or sitting (EventError 409), and
    its standings are final. Returns when it was closed; closing a closed event is a 409 too."""
    with write_transaction(db):
        conn = db.conn
        open_tournament_row(conn, event_id)
        when = utc_now()
        conn.execute("INSERT INTO tournament_closures (tournament_id, closed_at, closed_by) "
                     "VALUES (?,?,?)", (event_id, when, created_by))
    return when
