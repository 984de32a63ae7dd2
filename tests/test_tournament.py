"""The pure tournament core: properties of the movement and of the ranking, with oracles that
restate the rules (docs/EVENTS.md §2 and §4) rather than call the code under test."""

from __future__ import annotations

import random

from hypothesis import given, strategies as st

from euchre_records.names import clean_name, name_key
from euchre_records.events.tournament import (
    CRITERIA, Format, SittingScore, TableResult, TableSeating, next_seating, rank,
)


@st.composite
def rounds(draw: st.DrawFn) -> list[TableResult]:
    tables = draw(st.integers(1, 6))
    players = [f"p{n}" for n in range(4 * tables)]
    draw(st.randoms(use_true_random=False)).shuffle(players)
    out = []
    for t in range(tables):
        ns = draw(st.integers(0, 20))
        ew = draw(st.integers(0, 20).filter(lambda v: v != ns))
        seats = tuple(players[4 * t: 4 * t + 4])
        out.append(TableResult(TableSeating(t + 1, seats), (ns, ew)))  # type: ignore[arg-type]
    return out


@given(rounds())
def test_the_movement_moves_winners_up_and_splits_every_pair(results: list[TableResult]) -> None:
    count = len(results)
    got = {s.table: s.seats for s in next_seating(list(reversed(results)))}
    assert sorted(got) == list(range(1, count + 1))
    everyone = [p for r in results for p in r.seating.seats]
    assert sorted(p for seats in got.values() for p in seats) == sorted(everyone)
    for r in results:
        n, e, s, w = r.seating.seats
        win, lose = ((n, s), (e, w)) if r.points[0] > r.points[1] else ((e, w), (n, s))
        t = r.seating.table
        if count == 1:
            want_win, want_lose = 1, 1
        else:
            want_win = 1 if t == 1 else t - 1            # head winners stay, others move up
            want_lose = count if t == 1 else t           # head losers to the foot, others stay
        assert set(win) <= set(got[want_win]) and set(lose) <= set(got[want_lose])
        for pair in (win, lose):                          # partners split
            table = got[want_win] if pair is win else got[want_lose]
            a, b = table.index(pair[0]), table.index(pair[1])
            assert a % 2 != b % 2      # seats 0/2 and 1/3 are the partnerships


@given(st.lists(st.tuples(st.sampled_from("ABCDEFG"), st.integers(0, 12), st.integers(0, 12),
                          st.booleans(), st.integers(0, 2)), min_size=1, max_size=30),
       st.sampled_from([Format.PROGRESSIVE, Format.RUBBERS, Format.PAIRS]), st.randoms())
def test_ranking_sorts_by_the_criteria_and_shares_equal_places(
        rows: list[tuple[str, int, int, bool, int]], fmt: Format, rng: random.Random) -> None:
    scores = [SittingScore(e, 1, "1", pf, pa, won, net_rubber_points=pf - pa,
                           games_won=int(won), lone_hands_made=lone)
              for e, pf, pa, won, lone in rows]
    shuffled = scores[:]
    rng.shuffle(shuffled)
    first, second = rank(fmt, scores), rank(fmt, shuffled)
    assert first == second                               # arrival order never matters
    totals: dict[str, list[int]] = {}
    for e, pf, pa, won, lone in rows:                     # the oracle: add up by hand
        t = totals.setdefault(e, [0, 0, 0, 0, 0, 0])
        t[0] += pf
        t[1] += pa
        t[2] += int(won)
        t[3] += int(pf > pa)
        t[4] += pf - pa
        t[5] += lone
    keyed = {"points": 0, "wins": 2, "rounds_won": 3, "net_rubber_points": 4,
             "difference": 4, "lone_hands_made": 5, "games_won": 2}
    key = lambda e: tuple(-totals[e][keyed[c.key]] for c in CRITERIA[fmt])  # noqa: E731
    assert [s.entrant for s in first] == sorted(totals, key=lambda e: (key(e), e))
    for i, s in enumerate(first):                         # competition ranking: 1, 2, 2, 4
        ahead = sum(1 for e in totals if key(e) < key(s.entrant))
        assert s.place == ahead + 1
        assert ("shares the place" in s.explanation) == any(
            key(o.entrant) == key(s.entrant) for j, o in enumerate(first) if abs(j - i) == 1)


@given(st.text(max_size=20))
def test_name_keys_are_idempotent_and_ignore_surrounding_space(name: str) -> None:
    assert name_key(name_key(name)) == name_key(name)
    assert name_key(f"  {name}  ") == name_key(name)
    assert clean_name(clean_name(name)) == clean_name(name)


@given(st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ é", max_size=20))
def test_name_keys_ignore_letter_case(name: str) -> None:
    assert name_key(name.upper()) == name_key(name.lower()) == name_key(name.swapcase())
