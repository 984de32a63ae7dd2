"""Fixed-deal sittings at every table (issue 32; docs/RULES.md ``fixed_deals``, docs/TABLES.md's
matrix): ``fixed_deals`` N with ``game_points: null`` is a game of N deals with no winner,
whatever the score, at two, three and five hands as at four (the one game loop,
``games.play_games``; the one loader and dumper, ``schema.tables``).

The figures are worked by hand from cut-throat's scoring (VARIANTS.md: the maker alone; 3 or 4
tricks score him 1, a march 3; a euchred maker gives each of the others 2), not read from the
engine. Before issue 32's change the loader refused ``fixed_deals`` at these tables (each test
below failed there with a NotationError at ``rules.overrides.fixed_deals``).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from euchre_records.match import game_points_of, replay
from euchre_records.schema.tables import dump_table_record, load_any

# dealer, maker, trump, tricks; and each seat's score after the deal, by hand
DEALS = [("0", "1", "H", 5), ("1", "2", "S", 2), ("2", "0", "C", 3), ("0", "2", "D", 4),
         ("1", "0", "H", 5)]
BY_HAND = [(0, 3, 0), (2, 5, 0), (3, 5, 0), (3, 5, 1),   # game 1: Bob's march, Cy euchred ...
           (3, 0, 0)]                                      # deal 5 opens game 2


def _record(deals: int, seats: int = 3, fixed: int = 4) -> dict[str, Any]:
    return {"format": "euchre-records", "version": "1.0",
            "players": {str(s): {"name": n} for s, n in enumerate(["Ann", "Bob", "Cy", "Di", "Ed"][:seats])},
            "rules": {"preset": "modern", "seats": seats,
                      "overrides": {"fixed_deals": fixed, "game_points": None}},
            "deals": [{"kind": "result", "dealer": d, "result": {"maker": m, "trump": t, "tricks": k}}
                      for d, m, t, k in DEALS[:deals]]}


def test_four_deals_are_a_finished_game_with_no_winner() -> None:
    record = load_any(_record(4))
    assert game_points_of(record) is None
    replayed = replay(record)
    assert [score for _, score in replayed.running] == BY_HAND[:4]
    assert [(g.first_deal, g.last_deal, g.score, g.winner, g.finished) for g in replayed.games] == [
        (1, 4, (3, 5, 1), None, True)]
    assert "game 1: a game of 4 deals has no winner (EGN 1.4: games set to num_deals count " \
           "points, not wins); seat 0 3, seat 1 5, seat 2 1" in replayed.notes


def test_fewer_deals_leave_the_game_unfinished_and_more_open_the_next() -> None:
    short = replay(load_any(_record(3)))
    assert [(g.last_deal, g.score, g.winner, g.finished) for g in short.games] == [
        (3, (3, 5, 0), None, False)]
    assert not any("no winner" in n for n in short.notes)
    long = replay(load_any(_record(5)))
    assert [(g.first_deal, g.last_deal, g.start, g.score, g.winner, g.finished) for g in long.games] == [
        (1, 4, (0, 0, 0), (3, 5, 1), None, True), (5, 5, (0, 0, 0), (3, 0, 0), None, False)]


def test_a_score_past_the_variants_target_does_not_end_a_game_of_fixed_deals() -> None:
    # three marches by Bob in a row: 9, then a fourth deal he makes with 3 tricks: 10, the
    # cut-throat game's default target; the game of 4 deals has no winner all the same
    raw = _record(0, fixed=4)
    raw["deals"] = [{"kind": "result", "dealer": d, "result": {"maker": "1", "trump": "H", "tricks": k}}
                    for d, k in (("0", 5), ("1", 5), ("2", 5), ("0", 3))]
    replayed = replay(load_any(raw))
    assert [(g.score, g.winner, g.finished) for g in replayed.games] == [((0, 10, 0), None, True)]


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_the_notation_round_trips_and_the_games_end_after_n_deals(seats: int) -> None:
    raw = _record(0, seats=seats, fixed=2)
    if seats == 5:
        raw["rules"]["overrides"]["pack"] = 32   # five hands of five and the turned card
    tokens, columns = [str(s) for s in range(seats)], seats
    if seats == 4:   # N E S W, one column a side, and no rubber (RULES.md ``fixed_deals``)
        del raw["players"], raw["rules"]["seats"]
        raw["rules"]["overrides"]["rubber"] = "none"
        tokens, columns = list("NESW"), 2
    raw["deals"] = [{"kind": "points", "dealer": tokens[i % seats],
                     "points": [0] * columns} for i in range(3)]
    record = load_any(raw)   # points-only deals: 0 each (a deal thrown in)
    assert load_any(json.loads(json.dumps(dump_table_record(record)))) == record
    replayed = replay(record)
    assert [(g.first_deal, g.last_deal, g.winner, g.finished) for g in replayed.games] == [
        (1, 2, None, True), (3, 3, None, False)]
