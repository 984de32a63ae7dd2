"""Settling a tied table of a progressive round (docs/EVENTS.md §4.2): the movement with the
director's settlements, worked by hand, and the cut's rules (Somerset Club 1888, rules 8-14:
the jack highest in cutting, equal cards cut again)."""

from __future__ import annotations

import pytest

from euchre_records.events.tie_cut import CUT_ORDER, cut_for_tie
from euchre_records.events.tournament import (MovementTie, TableResult, TableSeating,
                                              next_seating)

ROUND = [TableResult(TableSeating(1, ("a", "b", "c", "d")), (5, 2)),
         TableResult(TableSeating(2, ("e", "f", "g", "h")), (3, 3)),
         TableResult(TableSeating(3, ("i", "j", "k", "l")), (1, 1))]


def test_every_unsettled_tie_is_named_at_once() -> None:
    with pytest.raises(MovementTie) as caught:
        next_seating(ROUND)
    assert caught.value.tables == ((2, (3, 3)), (3, (1, 1)))
    assert "table 2: the round is tied 3-3; table 3: the round is tied 1-1" in str(caught.value)
    with pytest.raises(MovementTie) as caught:
        next_seating(ROUND, {2: "EW"})
    assert caught.value.tables == ((3, (1, 1)),)


def test_settled_ties_move_as_winners_and_the_untied_table_keeps_the_movement() -> None:
    # by hand: winners a-c (1), f-h (2, settled E-W), i-k (3, settled N-S); losers b-d, e-g,
    # j-l. Head: a c stay, f h arrive; table 2: e g stay, i k arrive; foot: j l stay, b d arrive
    seats = [s.seats for s in next_seating(ROUND, {2: "EW", 3: "NS"})]
    assert seats == [("a", "c", "f", "h"), ("e", "g", "i", "k"), ("j", "l", "b", "d")]
    # a settlement names a tied table only: the untied head table is not turned round
    assert next_seating(ROUND, {1: "EW", 2: "EW", 3: "NS"}) == \
        next_seating(ROUND, {2: "EW", 3: "NS"})


@pytest.mark.parametrize("seed", range(1, 300))
def test_a_cut_is_its_seeds_and_the_higher_card_wins(seed: int) -> None:
    cut = cut_for_tie(seed)
    assert cut == cut_for_tie(seed)
    *recuts, (ns, ew) = cut.cards
    for a, b in recuts:   # a re-cut only after equal cards
        assert a[0] == b[0]
    assert ns[0] != ew[0]
    assert cut.winners == ("NS" if CUT_ORDER.index(ns[0]) < CUT_ORDER.index(ew[0]) else "EW")


def test_the_jack_is_the_highest_card_in_the_cut() -> None:
    assert CUT_ORDER[0] == "J" and CUT_ORDER[1] == "A"
    jacks = [c for c in (cut_for_tie(s) for s in range(1, 400)) if "J" in (c.cards[-1][0][0],
                                                                            c.cards[-1][1][0])]
    assert jacks and all(("J" == c.cards[-1][0][0]) == (c.winners == "NS") for c in jacks)
