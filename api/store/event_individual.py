"""Events at tables of two, three and five read back: individual standings, the sittings with
each seat's points, and the ladder movement (docs/EVENTS.md §2.1, §4.1).

Contract: like :mod:`.event_reads`, a query over stored rows (the view
``tournament_game_scores`` of migration 18, over the one set of rows since migration 19), never a
replay; the places and the ranking come from the pure :mod:`euchre_records.events.individual`.
Readers return plain JSON-ready dicts.

Which games are placed: in a ``games`` event every finished game of a sitting; a game left
unfinished is not placed and counts nothing (it was not played out). In a ``progressive``
event (fixed deals, the game never reaches its points) every game is placed by the points at the
table when the round ended.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

import sqlite_utils

from euchre_records.events.individual import (
    PLACE_CRITERIA, GameScore, NTableResult, NTableSeating, next_individual_seating,
    place_points, places, rank_individual,
)
from euchre_records.events.tournament import (
    Format, MovementTie, PlaceScoring, SittingFacts, Tournament, seat_tokens,
)

from ..whole_numbers import is_whole
from .event_rows import EventError, fetch_rows, round_deals, tournament_row
from .migrations.v19_one_set import GAME_SCORES_SQL
from .players import player_names

__all__ = ["game_rows", "individual_sittings", "individual_standings", "individual_facts",
           "individual_movement", "sitting_points"]


def game_rows(db: sqlite_utils.Database, event_id: int) -> list[dict[str, Any]]:
    """The ``tournament_game_scores`` rows of a tournament's sittings at tables of n, a
    progressive round's counted over its fixed number of deals only (:func:`_round_deals_only`)."""
    rows = fetch_rows(db.conn, GAME_SCORES_SQL.format(where="AND ts.tournament_id = ?")
                      + ' ORDER BY latest.round, latest."table", gs.game, CAST(gs.seat AS INTEGER)',
                      [event_id])
    return _round_deals_only(db, event_id, rows)


def _round_deals_only(db: sqlite_utils.Database, event_id: int,
                      rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """In a progressive event with ``deals_per_round``, a sitting that recorded more deals
    counts up to the last deal the round plays (EVENTS §3.2, as at four hands): a game begun
    after it is left out, and the game it falls in is scored as it stood after it. ``deals``
    stays the number recorded (its finding says so)."""
    cap = round_deals(db.conn, event_id)
    if cap is None:
        return rows
    cut: dict[int, tuple[int, int, dict[str, int]] | None] = {}
    out = []
    for r in rows:
        rid = int(r["record_id"])
        if r["deals"] <= cap:
            out.append(r)
            continue
        if rid not in cut:
            last = db.conn.execute(
                "SELECT d.number, g.number FROM deals d LEFT JOIN games g ON g.id = d.game_id "
                "WHERE d.record_id = ? AND d.void IS NULL "
                "ORDER BY d.number LIMIT 1 OFFSET ?", (rid, cap - 1)).fetchone()
            scores = {} if last is None else dict(db.conn.execute(
                "SELECT seat, score FROM deal_scores WHERE record_id = ? AND deal = ?",
                (rid, last[0])).fetchall())
            cut[rid] = None if last is None or last[1] is None else \
                (int(last[0]), int(last[1]), scores)
        found = cut[rid]
        if found is None:
            out.append(r)
            continue
        _, game, scores = found
        if r["game"] > game:
            continue
        if r["game"] == game:
            r = {**r, "score": scores.get(r["seat"], r["score"]), "finished": False}
        out.append(r)
    return out


def individual_sittings(rows: Iterable[Mapping[str, Any]]) -> dict[int, dict[str, Any]]:
    """Game rows grouped by sitting: round, table, record, deals, the number of seats, the
    player of each seat token, and per game each seat's start and score and whether it ended."""
    out: dict[int, dict[str, Any]] = {}
    for r in rows:
        s = out.setdefault(r["sitting_id"], {
            "tournament_id": r["tournament_id"], "round": r["round"], "table": r["table"],
            "record_id": r["record_id"], "attached_id": r["attached_id"], "deals": r["deals"],
            "table_seats": r["table_seats"], "seats": {}, "games": {}})
        s["seats"][r["seat"]] = r["player_id"]
        game = s["games"].setdefault(r["game"], {"finished": bool(r["finished"]),
                                                 "start": {}, "score": {}})
        game["start"][r["seat"]] = r["start"]
        game["score"][r["seat"]] = r["score"]
    return out


def sitting_points(s: Mapping[str, Any]) -> dict[str, int]:
    """Each seat's points over the sitting's games (final score less the score it began with)."""
    out: dict[str, int] = {}
    for game in s["games"].values():
        for seat, score in game["score"].items():
            out[seat] = out.get(seat, 0) + score - game["start"].get(seat, 0)
    return out


def _games(t: Tournament, sittings: Mapping[int, Mapping[str, Any]]) -> list[GameScore]:
    """The placed games of the sittings at the event's table size with a player in every seat."""
    out = []
    for s in sittings.values():
        tokens = seat_tokens(int(s["table_seats"]))
        if len(tokens) != t.seats or any(s["seats"].get(k) is None for k in tokens):
            continue     # a finding says why (§3.7, §3.8); it is not ranked
        for number, game in sorted(s["games"].items()):
            if t.format is Format.GAMES and not game["finished"]:
                continue
            out.append(GameScore(s["round"], s["table"], number,
                                 tuple(str(s["seats"][k]) for k in tokens),
                                 tuple(int(game["score"][k]) for k in tokens)))
    return out


def individual_facts(sittings: Mapping[int, Mapping[str, Any]],
                     names: Mapping[int, str]) -> list[tuple[int, SittingFacts]]:
    """(tournament id, facts) of each sitting at a table of n, for the event's checks."""
    out = []
    for s in sittings.values():
        tokens = seat_tokens(int(s["table_seats"]))
        ids = tuple(None if s["seats"].get(k) is None else str(s["seats"][k]) for k in tokens)
        shown = tuple(names.get(s["seats"].get(k), "?") for k in tokens)   # type: ignore[arg-type]
        out.append((s["tournament_id"],
                    SittingFacts(s["round"], s["table"], s["record_id"], ids, shown, s["deals"])))
    return out


def individual_standings(db: sqlite_utils.Database, t: Tournament,
                         event_id: int, registered: list[dict[str, Any]]) -> dict[str, Any]:
    """The individual standings' ``format``, ``order``, ``standings`` (each line: place,
    entrant, players, games, place_points, wins, points, places, sittings, tie_break) and the
    ``games`` placed (round, table, game, players, scores, places, place points)."""
    scoring = t.place_scoring or PlaceScoring.PLACES
    sittings = individual_sittings(game_rows(db, event_id))
    games = _games(t, sittings)
    keys = {p for g in games for p in g.players} | {str(p["id"]) for p in registered}
    names = player_names(db.conn, [int(k) for k in keys])
    labels = {k: names.get(int(k), "?") for k in keys}
    ranked = rank_individual(games, scoring, labels, [str(p["id"]) for p in registered])
    sat: dict[str, int] = {}
    for s in sittings.values():
        for pid in s["seats"].values():
            if pid is not None:
                sat[str(pid)] = sat.get(str(pid), 0) + 1
    lines = [{"place": st.place, "entrant": labels.get(st.entrant, st.entrant),
              "players": [{"id": int(st.entrant), "name": labels.get(st.entrant)}],
              "sittings": sat.get(st.entrant, 0), "games": st.totals.games,
              "place_points": st.totals.place_points, "wins": st.totals.wins,
              "points": st.totals.points, "places": list(st.totals.places),
              "tie_break": st.explanation} for st in ranked]
    criteria = PLACE_CRITERIA[scoring]
    return {
        "format": t.format.value, "seats": t.seats, "place_scoring": scoring.value,
        "order": [f"{i + 1}. {c.label}: {c.meaning}" for i, c in enumerate(criteria)]
        + [f"{len(criteria) + 1}. otherwise the place is shared (listed by name)"],
        "standings": lines,
        "games": [{"round": g.round, "table": g.table, "game": g.game,
                   "players": [labels.get(p, p) for p in g.players], "scores": list(g.scores),
                   "places": list(places(g.scores)),
                   "place_points": list(place_points(g.scores))} for g in games],
    }


def individual_movement(db: sqlite_utils.Database, event_id: int,
                        number: int) -> tuple[NTableSeating, ...]:
    """The ladder movement's seating for round ``number + 1`` from round ``number``'s sittings
    (each table's last game, by its points). EventError when the round has no sittings, a
    table is no number or lacks a player, or a first or last place is shared."""
    row = tournament_row(db.conn, event_id)
    tokens = seat_tokens(int(row["seats"]))
    sittings = [s for s in individual_sittings(game_rows(db, event_id)).values()
                if s["round"] == number]
    if not sittings:
        raise EventError(f"round {number} has no sittings", "round")
    results = []
    for s in sittings:
        if not is_whole(str(s["table"])):
            raise EventError(f"table {s['table']!r} is not a number; the movement needs tables "
                             "numbered 1 (the head) up", "table")
        if seat_tokens(int(s["table_seats"])) != tokens or any(
                s["seats"].get(k) is None for k in tokens):
            raise EventError(f"table {s['table']} has an unknown player or is not a table of "
                             f"{len(tokens)}", "table")
        last = s["games"][max(s["games"])]
        results.append(NTableResult(
            NTableSeating(int(s["table"]), tuple(str(s["seats"][k]) for k in tokens)),
            tuple(int(last["score"][k]) for k in tokens)))
    try:
        return next_individual_seating(results)
    except MovementTie as exc:
        raise EventError(str(exc), "round") from None
    except ValueError as exc:
        raise EventError(f"round {number}: {exc}", "round") from None
