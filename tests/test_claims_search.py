"""The claim search (euchre_records/claims.py): hand-worked endings, an independent brute-force
oracle for small endings, and the per-request budget.

Law of claims: a claimed trick counts only if the claimer's side makes it against any defence
(Somerset 49 leaves a claim "as agreed"; the engine reports a claim that is not guaranteed).
Play: follow the suit led if able (the bowers belong to trumps); the highest trump wins, else
the highest card of the suit led (right bower, left bower, A K Q T 9 of trumps).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from euchre_records.cards import Seat, Side, Suit, parse_card
from euchre_records.claims import guaranteed_tricks, search_budget, seat_guaranteed_tricks
from euchre_records.errors import SearchBudgetExceeded


def hands(**by_seat: str) -> dict[Seat, list[Any]]:
    return {Seat[s]: [parse_card(c) for c in cards.split()] for s, cards in by_seat.items()}


# --- hand-worked ------------------------------------------------------------------------------

def test_a_claim_that_holds_both_bowers() -> None:
    # Hearts trumps, N to lead with JH and JD, the right and left bowers: the two highest trumps.
    # Trick 1: N leads JH; E must follow in trumps (AH or KH) and loses to the right bower.
    # Trick 2: N leads JD (a trump); whatever is played, only the right bower, gone, beats it.
    h = hands(N="JH JD", E="AH KH", S="9C TC", W="9S TS")
    assert guaranteed_tricks(h, Seat.N, Suit.HEARTS, Side.NS, frozenset()) == 2


def test_a_claim_that_fails_and_its_refuting_line() -> None:
    # Hearts trumps; N on lead claims both tricks with AH AS. E holds JH 9C.
    # If N leads AH, E must follow in trumps with JH (right bower) and wins, then E's 9C wins
    # trick 2 (nobody else holds a club; N has only AS left): N-S 0.
    # If N leads AS, E (void in spades) trumps with JH and wins; E leads 9C and N trumps it
    # with AH: N-S 1. The best N-S can force is 1; the refuting line is "E trumps AS with JH".
    h = hands(N="AH AS", E="JH 9C", S="9D TD", W="9S TS")
    assert guaranteed_tricks(h, Seat.N, Suit.HEARTS, Side.NS, frozenset()) == 1
    # and the other side's guarantee is the rest: the search is a zero-sum minimax
    assert guaranteed_tricks(h, Seat.N, Suit.HEARTS, Side.EW, frozenset()) == 1


def test_a_lone_claim_before_the_first_trick_with_the_five_top_trumps_holds() -> None:
    # S plays alone in hearts (N sits out) holding the five highest trumps: JH JD AH KH QH.
    # Whatever E or W lead, S either follows in trumps or, void in the suit led, trumps it,
    # always with a trump no one else can beat: 5 tricks.
    h = hands(E="AS KS QS AC KC", S="JH JD AH KH QH", W="9S TS 9D TD 9H")
    assert guaranteed_tricks(h, Seat.E, Suit.HEARTS, Side.NS, frozenset({Seat.N})) == 5


def test_a_lone_claim_before_the_first_trick_that_fails() -> None:
    # As above but S holds 9S for QH. E leads AS: S must follow with 9S and loses it. S's four
    # trumps JH JD AH KH are the four highest, so S wins every other trick: exactly 4.
    h = hands(E="AS KS QS AC KC", S="JH JD AH KH 9S", W="QH TS 9D TD 9H")
    assert guaranteed_tricks(h, Seat.E, Suit.HEARTS, Side.NS, frozenset({Seat.N})) == 4


def test_the_left_bower_follows_trumps_not_its_own_suit() -> None:
    # Diamonds trumps; W leads 9H. N holds JH (the left bower: a diamond now) and AS, so N is
    # void in hearts and trumps with JH; E must follow with TH; S has no trump: N wins. N leads
    # AS and wins it (S follows with KS). If W leads TC instead, N trumps it the same way.
    # Either way N-S make both tricks.
    h = hands(N="JH AS", E="TH QC", S="KS 9C", W="9H TC")
    assert guaranteed_tricks(h, Seat.W, Suit.DIAMONDS, Side.NS, frozenset()) == 2


def test_unequal_hands_are_refused() -> None:
    with pytest.raises(ValueError):
        guaranteed_tricks(hands(N="JH JD", E="AH", S="9C", W="9S"), Seat.N, Suit.HEARTS,
                          Side.NS, frozenset())


# --- an independent oracle: plain minimax over every legal line, no memo, no pruning -------------

RANKS_PLAIN = {"A": 14, "K": 13, "Q": 12, "J": 11, "T": 10, "9": 9}
SAME_COLOUR = {"H": "D", "D": "H", "S": "C", "C": "S"}


def _suit(card: str, trump: str) -> str:
    if card[0] == "J" and card[1] == SAME_COLOUR[trump]:
        return trump
    return card[1]


def _power(card: str, trump: str, led: str) -> int:
    if card == "J" + trump:
        return 300
    if card == "J" + SAME_COLOUR[trump]:
        return 299
    if card[1] == trump:
        return 200 + RANKS_PLAIN[card[0]]
    return 100 + RANKS_PLAIN[card[0]] if card[1] == led else 0


def _oracle(hs: dict[str, list[str]], order: list[str], lead: str, trump: str, side: set[str]) -> int:
    if not hs[lead]:
        return 0
    seats = order[order.index(lead):] + order[:order.index(lead)]

    def play(pos: int, table: list[tuple[str, str]], hs: dict[str, list[str]]) -> int:
        if pos == len(seats):
            led = _suit(table[0][1], trump)
            winner = max(table, key=lambda sc: _power(sc[1], trump, led) if _suit(sc[1], trump) in (led, trump) else 0)[0]
            return (1 if winner in side else 0) + _oracle(hs, order, winner, trump, side)
        seat = seats[pos]
        hand = hs[seat]
        if table:
            led = _suit(table[0][1], trump)
            follow = [c for c in hand if _suit(c, trump) == led]
            options = follow or hand
        else:
            options = hand
        results = [play(pos + 1, table + [(seat, c)], {**hs, seat: [x for x in hand if x != c]})
                   for c in options]
        return max(results) if seat in side else min(results)

    return play(0, [], hs)


PACK = [r + s for s in "SHDC" for r in "AKQJT9"]


@st.composite
def endings(draw: Any) -> tuple[Any, ...]:
    """A position of 1-3 tricks left at a table of 2, 3, 4 or 5: four hands may have a seat
    sitting out (a lone hand) and sides N-S / E-W; the others seats "0".."n-1", nobody out, the
    side any seats (the deal's makers or defenders)."""
    seats = draw(st.sampled_from([2, 3, 4, 5]))
    n = draw(st.integers(1, 3))
    names = list("NESW") if seats == 4 else [str(i) for i in range(seats)]
    out = draw(st.sampled_from([None, *names])) if seats == 4 else None
    active = [s for s in names if s != out]
    cards = draw(st.permutations(PACK))
    hs = {s: cards[i * n:(i + 1) * n] for i, s in enumerate(active)}
    if seats == 4:
        side = draw(st.sampled_from(["NS", "EW"]))
        members = {"N", "S"} if side == "NS" else {"E", "W"}
    else:
        members = set(draw(st.lists(st.sampled_from(names), min_size=1, max_size=seats - 1, unique=True)))
        side = None
    return hs, out, draw(st.sampled_from(active)), draw(st.sampled_from("SHDC")), side, members


@settings(max_examples=400, deadline=None)
@given(endings())
def test_the_search_agrees_with_plain_minimax(ending: tuple[Any, ...]) -> None:
    """The one search, at every table: four hands by ``guaranteed_tricks`` (seats, sides, a
    seat sitting out), two, three and five by ``seat_guaranteed_tricks`` (the claims of
    euchre_records/claims.py, settle_claim), both against the plain minimax above."""
    hs, out, lead, trump, side, members = ending
    active = [s for s in hs]
    expected = _oracle(hs, active, lead, trump, members)
    if side is not None:
        got = guaranteed_tricks({Seat[s]: [parse_card(c) for c in cs] for s, cs in hs.items()},
                                Seat[lead], Suit(trump), Side(side),
                                frozenset({Seat[out]} if out else set()))
    else:
        got = seat_guaranteed_tricks([[parse_card(c) for c in hs[s]] for s in active], int(lead),
                                     Suit(trump), {int(s) for s in members})
    assert got == expected


# --- speed and the budget ---------------------------------------------------------------------

FIVE = hands(N="KH AD 9D TH QD", E="JC 9C TC KD TD", S="QC 9H KS AS JS", W="JH AC TS AH 9S")
"""A costly five-trick position found by benchmarks/bench_claims.py (thousands of positions)."""


def test_a_full_five_trick_search_is_bounded_by_the_budget() -> None:
    with search_budget(1000):
        with pytest.raises(SearchBudgetExceeded) as caught:
            guaranteed_tricks(FIVE, Seat.S, Suit.CLUBS, Side.NS, frozenset())
    assert "1000 search positions" in str(caught.value)


def test_budgets_are_spent_across_searches_and_scoped_to_the_block() -> None:
    with search_budget(10**7) as budget:
        first = guaranteed_tricks(FIVE, Seat.S, Suit.CLUBS, Side.NS, frozenset())
        spent = budget.limit - budget.left
        guaranteed_tricks(FIVE, Seat.S, Suit.CLUBS, Side.NS, frozenset())
        assert budget.limit - budget.left == 2 * spent > 0
    assert first == 3
    # outside any block there is no budget: the same search runs to the end
    assert guaranteed_tricks(FIVE, Seat.S, Suit.CLUBS, Side.NS, frozenset()) == 3
