"""Individual standings (events/individual.py, docs/EVENTS.md §2.1 and §4.1): the golden
cut-throat night worked by hand (tests/golden/events/04-cutthroat-night*.json), and properties
held to an oracle that restates the rules another way (places by sorting the scores, place
points from the place and the number level with it, the standings' places by counting who is
strictly better on the criteria tuple) rather than calling the code under test."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import given, strategies as st

from euchre_records.events.individual import (
    PLACE_CRITERIA, GameScore, NTableResult, NTableSeating, PlaceScoring, next_individual_seating,
    place_points, places, rank_individual,
)
from euchre_records.events.tournament import MovementTie
from euchre_records.schema.tables import load_any
from euchre_records.match import replay

from golden_cases import GOLDEN

CASE = json.loads((GOLDEN / "events" / "04-cutthroat-night.json").read_text(encoding="utf-8"))
WANT = json.loads((GOLDEN / "events" / "04-cutthroat-night.expected.json").read_text(encoding="utf-8"))


def _golden_games() -> list[GameScore]:
    """The golden night's games as the engine replays its records (the hand-worked scores are
    checked against these first)."""
    out = []
    for s in CASE["sittings"]:
        record = load_any(s["record"])
        result = replay(record)  # type: ignore[arg-type]
        names = tuple(s["record"]["players"][str(i)]["name"] for i in range(3))
        for g in result.games:
            out.append(GameScore(s["round"], s["table"], g.number, names, tuple(g.score)))
    return out


def test_the_golden_games_are_scored_and_placed_as_worked_by_hand() -> None:
    games = _golden_games()
    assert [(g.round, g.table, list(g.players), list(g.scores)) for g in games] == \
        [(w["round"], w["table"], w["players"], w["scores"]) for w in WANT["games"]]
    for g, w in zip(games, WANT["games"]):
        assert list(places(g.scores)) == w["places"]
        assert list(place_points(g.scores)) == w["place_points"]


def test_the_golden_standings_are_as_worked_by_hand() -> None:
    got = rank_individual(_golden_games(), PlaceScoring.PLACES)
    assert [{"place": s.place, "entrant": s.entrant, "place_points": s.totals.place_points,
             "wins": s.totals.wins, "points": s.totals.points, "games": s.totals.games,
             "places": list(s.totals.places), "tie_break": s.explanation} for s in got] \
        == WANT["standings"]


def test_the_golden_ladder_movement_seats_round_two() -> None:
    games = [g for g in _golden_games() if g.round == 1]
    results = [NTableResult(NTableSeating(int(g.table), g.players), g.scores) for g in games]
    seated = next_individual_seating(results)
    want = WANT["seatings"]["2"]
    assert [(str(s.table), {str(i): p for i, p in enumerate(s.seats)}) for s in seated] == \
        [(t["table"], t["seats"]) for t in want]


# --- the oracle ----------------------------------------------------------------------------

def _oracle_places(scores: list[int]) -> list[int]:
    best_first = sorted(scores, reverse=True)
    return [best_first.index(s) + 1 for s in scores]


def _oracle_place_points(scores: list[int]) -> list[int]:
    n = len(scores)
    level = Counter(scores)
    return [2 * (n - p) - (level[s] - 1) for s, p in zip(scores, _oracle_places(scores))]


@given(st.lists(st.integers(-4, 14), min_size=2, max_size=5))
def test_places_and_place_points_match_the_oracle(scores: list[int]) -> None:
    assert list(places(scores)) == _oracle_places(scores)
    assert list(place_points(scores)) == _oracle_place_points(scores)
    n = len(scores)
    assert sum(place_points(scores)) == n * (n - 1)   # every game hands out the same


PLAYERS = [f"p{i}" for i in range(9)]


@st.composite
def events(draw: st.DrawFn) -> tuple[int, list[GameScore]]:
    n = draw(st.sampled_from([2, 3, 5]))
    games = []
    for k in range(draw(st.integers(1, 8))):
        seated = draw(st.permutations(PLAYERS))[:n]
        scores = draw(st.lists(st.integers(0, 12), min_size=n, max_size=n))
        games.append(GameScore(k // 3 + 1, str(k % 3 + 1), 1, tuple(seated), tuple(scores)))
    return n, games


def _oracle_standings(games: list[GameScore], scoring: PlaceScoring) -> list[tuple[int, str]]:
    """(place, player) sorted as the standings list them, computed from the rules directly."""
    pp: Counter[str] = Counter()
    wins: Counter[str] = Counter()
    points: Counter[str] = Counter()
    seen: set[str] = set()
    for g in games:
        scores = list(g.scores)
        for p, s, place, value in zip(g.players, scores, _oracle_places(scores),
                                      _oracle_place_points(scores)):
            seen.add(p)
            pp[p] += value
            points[p] += s
            wins[p] += int(place == 1 and scores.count(s) == 1)
    values = {"place_points": pp, "wins": wins, "points": points}
    crit = {p: tuple(values[c.key][p] for c in PLACE_CRITERIA[scoring]) for p in seen}
    placed = [(1 + sum(1 for q in seen if crit[q] > crit[p]), p) for p in seen]
    return sorted(placed)


@given(events(), st.sampled_from(list(PlaceScoring)), st.randoms(use_true_random=False))
def test_individual_standings_match_the_oracle_in_any_order(
        event: tuple[int, list[GameScore]], scoring: PlaceScoring, rng: object) -> None:
    _, games = event
    got = rank_individual(games, scoring)
    assert [(s.place, s.entrant) for s in got] == _oracle_standings(games, scoring)
    shuffled = list(games)
    rng.shuffle(shuffled)  # type: ignore[attr-defined]
    assert rank_individual(shuffled, scoring) == got
    assert sum(s.totals.place_points for s in got) == sum(len(g.players) * (len(g.players) - 1)
                                                          for g in games)


@st.composite
def ladder_rounds(draw: st.DrawFn) -> list[NTableResult]:
    n = draw(st.sampled_from([2, 3, 5]))
    tables = draw(st.integers(1, 5))
    players = [f"p{i}" for i in range(n * tables)]
    draw(st.randoms(use_true_random=False)).shuffle(players)
    out = []
    for t in range(tables):
        scores = draw(st.lists(st.integers(0, 15), min_size=n, max_size=n, unique=True))
        out.append(NTableResult(NTableSeating(t + 1, tuple(players[t * n:(t + 1) * n])),
                                tuple(scores)))
    return out


@given(ladder_rounds())
def test_the_ladder_moves_the_first_up_and_the_last_down(results: list[NTableResult]) -> None:
    count = len(results)
    got = {s.table: s.seats for s in next_individual_seating(list(reversed(results)))}
    assert sorted(got) == list(range(1, count + 1))
    everyone = sorted(p for r in results for p in r.seating.seats)
    assert sorted(p for seats in got.values() for p in seats) == everyone
    for r in results:
        t, seats, pts = r.seating.table, r.seating.seats, r.points
        first, last = seats[pts.index(max(pts))], seats[pts.index(min(pts))]
        assert first in got[max(t - 1, 1)]
        assert last in got[min(t + 1, count)]
        for p in seats:
            if p not in (first, last):
                assert p in got[t]
        assert len(got[t]) == len(seats)


def test_a_shared_first_or_last_place_stops_the_ladder() -> None:
    level_top = NTableResult(NTableSeating(1, ("a", "b", "c")), (5, 5, 1))
    other = NTableResult(NTableSeating(2, ("d", "e", "f")), (5, 2, 1))
    with pytest.raises(MovementTie, match="table 1: the first place is shared"):
        next_individual_seating([level_top, other])
    level_bottom = NTableResult(NTableSeating(2, ("d", "e", "f")), (5, 1, 1))
    with pytest.raises(MovementTie, match="table 2: the last place is shared"):
        next_individual_seating([NTableResult(NTableSeating(1, ("a", "b", "c")), (5, 2, 1)),
                                 level_bottom])


def test_a_game_needs_a_score_for_each_of_two_or_more_players() -> None:
    with pytest.raises(ValueError, match="2 players and 3 scores"):
        GameScore(1, "1", 1, ("a", "b"), (1, 2, 3))
    with pytest.raises(ValueError, match="a player sits twice"):
        GameScore(1, "1", 1, ("a", "a", "b"), (1, 2, 3))
