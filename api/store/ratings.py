"""Ratings read from the store: the matches of the current records, rated by
:func:`euchre_records.events.ratings.rate` (docs/RATINGS.md).

Contracts:
- The ratings are a pure function of the stored rows as they are now: the current records
  (corrections and withdrawals followed), the registry's merges and splits (every seat counts
  for the player its binding's player counts as), and the events' counted sittings. Nothing is
  stored and nothing is updated in place, so there is nothing to keep in step: a correction, a
  withdrawal, a merge or a split gives exactly the ratings of a store that held the new state
  from the start (a property test holds the two equal).
- What a record rates (one match each, or one per game): a record counted as a sitting of a
  progressive event (or of a league ranked as progressive) is one match won by the side with
  more points over its deals, equal points a draw; otherwise a rubber is one match won by the
  side the rubber's system makes winner (an unfinished rubber is not rated); otherwise each
  finished game of a record of single games is one match won by the game's winner. A record
  at a table of 2, 3 or 5 (its own variant's ladder) rates each player as a team of one, ranked
  by place (events/individual.py: 1 + the players with more points, level players sharing
  it): a counted progressive sitting by the points each made over its deals, otherwise each
  finished game by its final scores. A record without as many different players as seats (a
  seat with no player, or one person in two seats after a merge) is not rated; :func:`unrated`
  says which and why.
- The computed ratings are kept in memory per database file, keyed by a change counter of the
  store (:func:`change_counter`: the largest ids of the append-only tables the ratings read);
  every write to those tables makes a new id, so a cached answer is never stale. Filters that
  select the same records share an entry. Names are read at each call (a rename needs no
  recomputation).
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Callable, Sequence

import sqlite_utils

from euchre_records.events.individual import places
from euchre_records.events.ratings import (FOUR_HANDED, ORDINAL_Z, Book, Entry, Kind, Match,
                                           Point, new_model, points_ranks, rate, side_ranks)
from euchre_records.table import Variant

from ..whole_numbers import whole_in
from .event_reads import round_points
from .event_rows import round_deals
from .players import RegistryError, effective_id, player_names
from .queries import filters

__all__ = ["Unrated", "matches", "book", "change_counter", "ladder", "player_ratings",
           "event_changes", "unrated", "KINDS", "LADDER_COLUMNS", "PARTNERSHIP_COLUMNS",
           "clear_cache"]

KINDS = ("players", "partnerships")
"""The two ladders of a variant."""

LADDER_COLUMNS = ("place", "name", "id", "rating", "mu", "sigma", "matches", "won", "lost",
                  "drawn", "last_date")
"""The columns of the players' ladder (``euchre ratings``)."""

PARTNERSHIP_COLUMNS = ("place", "name", "ids", "rating", "mu", "sigma", "matches", "won",
                       "lost", "drawn", "last_date")
"""The columns of the partnerships' ladder (``euchre ratings --partnerships``)."""

SIDES = ("NS", "EW")
SIDE_SEATS = {"NS": ("N", "S"), "EW": ("E", "W")}


@dataclass(frozen=True, slots=True)
class Unrated:
    """A current record that gives no match, and why."""

    record_id: int
    reason: str


_SITTINGS = """
    WITH RECURSIVE latest AS (
        SELECT ts.tournament_id, ts.round, ts.record_id FROM tournament_sittings ts
        WHERE ts.id = (SELECT max(t2.id) FROM tournament_sittings t2
                       WHERE t2.tournament_id = ts.tournament_id AND t2.round = ts.round
                         AND t2."table" = ts."table")
    ), chain(tournament_id, round, record_id) AS (
        SELECT tournament_id, round, record_id FROM latest
        UNION ALL
        SELECT chain.tournament_id, chain.round, records.id
        FROM chain JOIN records ON records.supersedes = chain.record_id
    )
    SELECT chain.record_id, chain.tournament_id, chain.round, t.format, t.scoring, t.league_id,
           t.date_from
    FROM chain JOIN records ON records.id = chain.record_id AND records.status = 'current'
    JOIN tournaments t ON t.id = chain.tournament_id
    ORDER BY chain.record_id, chain.tournament_id
"""
"""The counted sittings of every event: the current version of the latest record attached at
each (event, round, table) -- the same rows the standings count (events_schema.SEAT_SCORES_SQL)."""


_AT_N = "record_id IN (SELECT id FROM records WHERE seats != 4)"
"""The rows of records at tables of 2, 3 or 5: ``games``, ``deals``, ``game_scores`` and
``deal_scores`` hold every table's since migration 19."""


def _place_ranks(scores: Sequence[int]) -> tuple[int, ...]:
    """The ranks of one contest at a table of n from each seat's points: the places of the
    events' standings (events/individual.py: 1 + the players with more points; level players
    share the better place), counted from 0."""
    return tuple(p - 1 for p in places(scores))


def _table_games(conn: Any, ids: str, params: Any) -> dict[int, list[tuple[int, bool,
                                                                           tuple[int, ...]]]]:
    """Per record at a table of n, its games in order: (number, finished, the final score of
    each seat in seat order)."""
    scores: dict[tuple[int, int], dict[int, int]] = {}
    for record_id, game, seat, score in conn.execute(
            "SELECT record_id, game, seat, score FROM game_scores "
            f"WHERE record_id IN ({ids}) AND {_AT_N}", params):
        scores.setdefault((record_id, game), {})[int(seat)] = int(score)
    out: dict[int, list[tuple[int, bool, tuple[int, ...]]]] = {}
    for record_id, number, finished in conn.execute(
            "SELECT record_id, number, finished FROM games "
            f"WHERE record_id IN ({ids}) AND {_AT_N} ORDER BY record_id, number", params):
        at = scores.get((record_id, number), {})
        out.setdefault(record_id, []).append(
            (int(number), bool(finished), tuple(at[s] for s in sorted(at))))
    return out


def _table_points(conn: Any, ids: str, params: Any) -> dict[int, tuple[int, ...]]:
    """Per record at a table of n, each seat's points over all its deals, in seat order."""
    acc: dict[int, dict[int, int]] = {}
    for record_id, seat, points in conn.execute(
            "SELECT record_id, seat, coalesce(sum(points), 0) FROM deal_scores "
            f"WHERE record_id IN ({ids}) AND {_AT_N} GROUP BY record_id, seat", params):
        acc.setdefault(record_id, {})[int(seat)] = int(points)
    return {r: tuple(at[s] for s in sorted(at)) for r, at in acc.items()}


def _round_table_points(conn: Any, record_id: int, cap: int) -> tuple[int, ...] | None:
    """Each seat's points over a record's first ``cap`` counted deals at a table of n, or None
    when it has no more than ``cap`` (its points are then all its deals')."""
    past = conn.execute("SELECT number FROM deals WHERE record_id = ? AND void IS NULL "
                        "ORDER BY number LIMIT 1 OFFSET ?", (record_id, cap)).fetchone()
    if past is None:
        return None
    acc = dict(conn.execute("SELECT seat, coalesce(sum(points), 0) FROM deal_scores "
                            "WHERE record_id = ? AND deal < ? GROUP BY seat",
                            (record_id, int(past[0]))).fetchall())
    return tuple(int(acc[s]) for s in sorted(acc, key=int))


def _places_matches(record_id: int, n: int, progressive: bool,
                    games: list[tuple[int, bool, tuple[int, ...]]],
                    points: tuple[int, ...] | None, match: Callable[..., Match],
                    skipped: list[Unrated]) -> list[Match]:
    """The matches of a record at a table of n (each player a team of one, ranked by place):
    a counted progressive sitting is one match placed by each player's points over its deals;
    otherwise each finished game is one match placed by the players' final scores (its winner
    first alone, as the engine ends a game). A record with no finished game gives none."""
    if progressive:
        return [match(Kind.SITTING, _place_ranks(points or (0,) * n))]
    finished = [(number, score) for number, done, score in games if done and len(score) == n]
    if not finished:
        skipped.append(Unrated(record_id, "no game is finished"))
    return [match(Kind.GAME, _place_ranks(score), number) for number, score in finished]


def _progressive(fmt: str, scoring: str | None) -> bool:
    return fmt == "progressive" or (fmt == "league" and (scoring or "progressive") == "progressive")


def matches(db: sqlite_utils.Database, club: str | None = None, date_from: str | None = None,
            date_to: str | None = None) -> tuple[list[Match], list[Unrated]]:
    """The matches of the current records that pass the filters (club, inclusive dates), and
    the records that give none (see the module contract)."""
    conn = db.conn
    where, params = filters(None, club, date_from, date_to)
    base = f"FROM records{where}"
    records = conn.execute(
        "SELECT records.id, records.date, records.round, v.first_id, "
        "(SELECT f.submitted_at FROM records f WHERE f.id = v.first_id) "
        f"FROM records JOIN record_versions v ON v.record_id = records.id{where}",
        params).fetchall()
    ids = f"SELECT records.id {base}"
    seats: dict[int, dict[str, int | None]] = {}
    for record_id, seat, player in conn.execute(
            "SELECT seats.record_id, seats.seat, e.effective_id FROM seats "
            "LEFT JOIN seat_bindings b ON b.record_id = seats.record_id AND b.seat = seats.seat "
            "LEFT JOIN registry_effective e ON e.player_id = b.player_id "
            f"WHERE seats.record_id IN ({ids})", params):
        seats.setdefault(record_id, {})[seat] = player
    rubbers = {r[0]: (r[1], r[2]) for r in conn.execute(
        f"SELECT record_id, system, winner FROM rubbers WHERE record_id IN ({ids})", params)}
    games: dict[int, list[tuple[int, tuple[int, ...] | None]]] = {}
    for record_id, number, winner, finished, made_ns, made_ew in conn.execute(
            "SELECT record_id, number, winner, finished, score_ns - start_ns, score_ew - start_ew "
            f"FROM games WHERE record_id IN ({ids}) AND NOT {_AT_N} ORDER BY record_id, number",
            params):
        # a finished game's ranks: its winner's, or by the points made in it when it has none
        # (a game of fixed deals, EGN's num_deals: it counts points, not wins)
        ranks = (side_ranks(SIDES.index(winner)) if winner is not None
                 else points_ranks((made_ns, made_ew)) if finished else None)
        games.setdefault(record_id, []).append((number, ranks))
    points = {r[0]: (int(r[1]), int(r[2])) for r in conn.execute(
        "SELECT record_id, coalesce(sum(points_ns), 0), coalesce(sum(points_ew), 0) FROM deals "
        f"WHERE record_id IN ({ids}) AND NOT {_AT_N} GROUP BY record_id", params)}
    sittings: dict[int, list[tuple[int, int, bool, int | None, str | None]]] = {}
    caps: dict[int, int] = {}   # record -> the deals its progressive round plays
    per_event: dict[int, int | None] = {}
    for record_id, event_id, round_no, fmt, scoring, league, event_date in conn.execute(_SITTINGS):
        sittings.setdefault(record_id, []).append(
            (event_id, round_no, _progressive(fmt, scoring), league, event_date))
        if event_id not in per_event:
            per_event[event_id] = round_deals(conn, event_id)
        cap = per_event[event_id]
        if cap is not None:
            caps[record_id] = cap
    for record_id, cap in caps.items():
        if record_id in points:
            # a round's deals only, as its standings count them (EVENTS §3.2)
            points[record_id] = round_points(conn, record_id, cap) or points[record_id]
    tables = {r[0]: (int(r[1]), str(r[2])) for r in conn.execute(   # migration 17: tables of n
        f"SELECT id, seats, variant FROM records WHERE seats != 4 AND id IN ({ids})", params)}
    table_games = _table_games(conn, ids, params) if tables else {}
    table_points = _table_points(conn, ids, params) if tables else {}
    for record_id, cap in caps.items():
        if record_id in table_points:   # the same cap at a table of n
            table_points[record_id] = _round_table_points(conn, record_id, cap) \
                or table_points[record_id]
    out: list[Match] = []
    skipped: list[Unrated] = []
    for record_id, date, round_label, first_id, first_at in records:
        counted = sittings.get(record_id, [])
        events = tuple(sorted({e for s in counted for e in (s[0], s[3]) if e is not None}))
        when = date or next((s[4] for s in counted if s[4]), None) or (first_at or "")[:10]
        round_no = min((s[1] for s in counted), default=None)
        if round_no is None:
            round_no = whole_in(str(round_label or "")) or 0   # free text: "²" is none
        at = seats.get(record_id, {})
        n, variant = tables.get(record_id, (4, FOUR_HANDED))
        tokens = "NESW" if n == 4 else [str(i) for i in range(n)]
        players = [at.get(seat) for seat in tokens]
        if any(p is None for p in players):
            skipped.append(Unrated(record_id, "a seat has no registry player"))
            continue
        if len(set(players)) < n:
            skipped.append(Unrated(record_id, "one player sits in two seats (after a merge)"))
            continue
        teams = (tuple(tuple(int(at[s] or 0) for s in SIDE_SEATS[side]) for side in SIDES)
                 if n == 4 else tuple((int(p or 0),) for p in players))

        def match(kind: Kind, ranks: tuple[int, ...], game: int | None = None) -> Match:
            return Match((when, round_no, int(first_id), game or 0), variant, kind,
                         int(record_id), date, teams, ranks, game, events)

        if n != 4:
            out.extend(_places_matches(record_id, n, any(s[2] for s in counted),
                                       table_games.get(record_id, []),
                                       table_points.get(record_id), match, skipped))
            continue
        system, winner = rubbers.get(record_id, ("none", None))
        if any(s[2] for s in counted):
            out.append(match(Kind.SITTING, points_ranks(points.get(record_id, (0, 0)))))
        elif system != "none":
            ranks = side_ranks(None if winner is None else SIDES.index(winner))
            if ranks is None:
                skipped.append(Unrated(record_id, "the rubber is not finished"))
            else:
                out.append(match(Kind.RUBBER, ranks))
        else:
            finished = [(n, r) for n, r in games.get(record_id, []) if r is not None]
            if not finished:
                skipped.append(Unrated(record_id, "no game is finished"))
            for number, game_ranks in finished:
                out.append(match(Kind.GAME, game_ranks, int(number)))
    return out, skipped


def change_counter(db: sqlite_utils.Database) -> tuple[int, ...]:
    """What the ratings depend on, as the largest id of each append-only table they read (and
    the schema version): every write that can change a rating adds a row to one of them --
    a record, a correction or a withdrawal to ``records``, a merge or a split to
    ``registry_changes``, an attachment to ``tournament_sittings`` -- so any change moves it."""
    row = db.conn.execute(
        "SELECT (SELECT coalesce(max(id), 0) FROM records), "
        "(SELECT coalesce(max(id), 0) FROM registry_changes), "
        "(SELECT coalesce(max(id), 0) FROM tournament_sittings), "
        "(SELECT coalesce(max(id), 0) FROM tournaments), "
        "(SELECT coalesce(max(id), 0) FROM registry_players)").fetchone()
    version = db.conn.execute("PRAGMA user_version").fetchone()[0]
    return (int(version), *(int(v) for v in row))


_CACHE: OrderedDict[tuple[Any, ...], tuple[Book, tuple[Unrated, ...]]] = OrderedDict()
_CACHE_SIZE = 8
_LOCK = threading.Lock()


def clear_cache() -> None:
    """Forget every cached computation (tests compare the cached path with a fresh one)."""
    with _LOCK:
        _CACHE.clear()


def _file_of(db: sqlite_utils.Database) -> str | None:
    row = db.conn.execute("PRAGMA database_list").fetchone()
    return str(row[2]) if row is not None and row[2] else None  # '' for a memory database


def _selection(db: sqlite_utils.Database, club: str | None, date_from: str | None,
               date_to: str | None) -> str:
    """Which current records the filters select, as a digest of their ids: filters that select
    the same records (``from=1000`` and ``from=1800`` on a store of later records) share one
    computation, so varying a filter's text cannot make the server recompute at will."""
    if not (club or date_from or date_to):
        return "all"
    where, params = filters(None, club, date_from, date_to)
    ids = db.conn.execute(f"SELECT group_concat(id) FROM (SELECT records.id FROM records{where} "
                          "ORDER BY records.id)", params).fetchone()[0]
    return hashlib.sha256((ids or "").encode()).hexdigest()


def _computed(db: sqlite_utils.Database, club: str | None, date_from: str | None,
              date_to: str | None, cached: bool = True) -> tuple[Book, tuple[Unrated, ...]]:
    path = _file_of(db) if cached else None
    key = ((path, change_counter(db), _selection(db, club, date_from, date_to)) if path
           else None)
    if key is not None:
        with _LOCK:
            hit = _CACHE.get(key)
            if hit is not None:
                _CACHE.move_to_end(key)
                return hit
    found, skipped = matches(db, club, date_from, date_to)
    value = (rate(found), tuple(skipped))
    if key is not None:
        with _LOCK:
            _CACHE[key] = value
            while len(_CACHE) > _CACHE_SIZE:
                _CACHE.popitem(last=False)
    return value


def book(db: sqlite_utils.Database, club: str | None = None, date_from: str | None = None,
         date_to: str | None = None, *, cached: bool = True) -> Book:
    """The ratings of the current records that pass the filters. ``cached=False`` computes
    them afresh (and leaves the cache alone)."""
    return _computed(db, club, date_from, date_to, cached)[0]


def unrated(db: sqlite_utils.Database, club: str | None = None, date_from: str | None = None,
            date_to: str | None = None) -> list[Unrated]:
    """The current records (passing the filters) that give no match, and why."""
    return list(_computed(db, club, date_from, date_to)[1])


def _rounded(value: float) -> float:
    return round(value, 4)


def _places(entries: tuple[Entry, ...]) -> list[int]:
    """Ladder places: entrants with equal ratings share a place (1, 2, 2, 4)."""
    places: list[int] = []
    for i, e in enumerate(entries):
        places.append(places[-1] if i and entries[i - 1].ordinal == e.ordinal else i + 1)
    return places


def ladder(db: sqlite_utils.Database, *, kind: str = "players", variant: str = FOUR_HANDED,
           club: str | None = None, date_from: str | None = None,
           date_to: str | None = None) -> list[dict[str, Any]]:
    """One ladder as rows, best first: place (shared when equal), the entrant (``name``, and
    ``id`` for a player or ``ids`` for a partnership; ``players``: [{id, name}]), ``rating``
    (mu - 3 sigma), ``mu``, ``sigma`` (rounded to 4 decimals), matches won, lost and drawn, and
    the date of the last match."""
    if kind not in KINDS:
        raise ValueError(f"kind is one of {', '.join(KINDS)}")
    found = book(db, club, date_from, date_to).ladders.get(variant)
    entries = () if found is None else (found.players if kind == "players"
                                        else found.partnerships)
    names = player_names(db.conn, {p for e in entries for p in e.key})
    rows = []
    for place, e in zip(_places(entries), entries):
        people = [{"id": p, "name": names.get(p, "?")} for p in e.key]
        row: dict[str, Any] = {"place": place, "name": " & ".join(p["name"] for p in people)}
        if kind == "players":
            row["id"] = e.key[0]
        else:
            row["ids"] = "+".join(str(p) for p in e.key)
        row.update(players=people, rating=_rounded(e.ordinal), mu=_rounded(e.mu),
                   sigma=_rounded(e.sigma), matches=e.matches, won=e.won, lost=e.lost,
                   drawn=e.drawn, last_date=e.history[-1].date if e.history else None)
        rows.append(row)
    return rows


def _point(p: Point) -> dict[str, Any]:
    return {"record_id": p.record_id, "date": p.date, "kind": p.kind.value, "game": p.game,
            "outcome": p.outcome.value, "rating": _rounded(p.ordinal), "mu": _rounded(p.mu),
            "sigma": _rounded(p.sigma), "change": _rounded(p.change), "events": list(p.events),
            "place": p.place, "of": p.of}


def _variant_order(variant: str) -> tuple[bool, int, str]:
    """Four-handed first, then the tables of 2, 3 and 5 in size order (an unknown name last)."""
    sizes = [v.value for v in Variant]
    return (variant != FOUR_HANDED, sizes.index(variant) if variant in sizes else len(sizes),
            variant)


def player_ratings(db: sqlite_utils.Database, player_id: int) -> list[dict[str, Any]]:
    """A player's rating in each variant's ladder, four-handed first, then by table size (the
    player a merged-away id counts as):
    place and ladder size, rating, mu, sigma, matches won, lost and drawn, and the history,
    one point per match in time order. Empty for a player without a rated match."""
    try:
        pid = effective_id(db.conn, player_id)
    except RegistryError:
        return []
    out = []
    ladders = book(db).ladders
    for variant in sorted(ladders, key=_variant_order):
        found = ladders[variant]
        for place, e in zip(_places(found.players), found.players):
            if e.key == (pid,):
                out.append({"variant": variant, "place": place, "of": len(found.players),
                            "rating": _rounded(e.ordinal), "mu": _rounded(e.mu),
                            "sigma": _rounded(e.sigma), "matches": e.matches, "won": e.won,
                            "lost": e.lost, "drawn": e.drawn,
                            "history": [_point(p) for p in e.history]})
    return out


def event_changes(db: sqlite_utils.Database, event_id: int) -> list[dict[str, Any]]:
    """How an event moved its players' ratings (a league: its nights too): per player and
    variant, the matches of the event's counted sittings, the rating before the first of them
    and after the last, and the change they made (the sum of their changes; other matches
    between them are not counted). Largest gain first."""
    rows = []
    for variant, found in book(db).ladders.items():
        for e in found.players:
            steps = [(i, p) for i, p in enumerate(e.history) if event_id in p.events]
            if not steps:
                continue
            first, last = steps[0][0], steps[-1][1]
            before = (e.history[first - 1].ordinal if first
                      else new_model().rating().ordinal(z=ORDINAL_Z))
            rows.append({"variant": variant, "id": e.key[0], "matches": len(steps),
                         "won": sum(p.outcome.value == "won" for _, p in steps),
                         "before": _rounded(before), "after": _rounded(last.ordinal),
                         "change": _rounded(sum(p.change for _, p in steps))})
    names = player_names(db.conn, {r["id"] for r in rows})
    for r in rows:
        r["name"] = names.get(r["id"], "?")
    rows.sort(key=lambda r: (-r["change"], r["name"], r["id"]))
    return rows
