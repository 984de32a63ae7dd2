"""The double-dummy solver at tables of two, three, four and five (issue 32): its value of any
position equals the plain minimax of tests/dd_reference.py (no pruning, no memo, no engine code)
with the seats 0 .. n-1 and the side made per deal (../shared/VARIANTS.md):

- two-handed and three-handed: the maker alone against the rest;
- five-handed: the maker and the holder of the called card, or the maker alone;
- four-handed, as an int table: the maker and the seat opposite.
"""

from __future__ import annotations

from typing import Any

from hypothesis import example, given, settings, strategies as st

from dd_reference import _legal, _suit, best_tricks
from euchre_records.cards import Card, Suit, make_pack, parse_card
from euchre_records.double_dummy import Position, solve

PACKS = {2: [24, 32], 3: [24, 32], 4: [24, 32], 5: [28]}
"""The packs the laws allow at each size (VARIANTS.md; 28 at five: 25 dealt, three undealt)."""


def _makers(draw: Any, n: int) -> frozenset[int]:
    maker = draw(st.integers(0, n - 1))
    if n == 4:
        return frozenset({maker, (maker + 2) % 4})
    if n == 5 and draw(st.booleans()):   # a partner called (else alone, or the card undealt)
        partner = draw(st.integers(0, n - 1).filter(lambda s: s != maker))
        return frozenset({maker, partner})
    return frozenset({maker})


@st.composite
def table_positions(draw: Any, n: int, max_cards: int) -> tuple[Position, list[tuple[int, str]]]:
    """A position at a table of ``n``: each seat holds k cards, or k + 1 of which the first
    ``down`` seats have played one to the trick in progress; a trump (or none); the makers."""
    trump = draw(st.sampled_from([*Suit, None]))
    joker = trump is not None and draw(st.booleans())
    pack = sorted(make_pack(draw(st.sampled_from(PACKS[n])), joker))
    order = draw(st.permutations(pack))
    k = draw(st.integers(1, max_cards))
    down = draw(st.integers(0, n - 1))
    leader = draw(st.integers(0, n - 1))
    hands: list[list[Card]] = [[] for _ in range(n)]
    at = 0
    for j in range(n):
        seat = (leader + j) % n
        size = k + 1 if down else k   # the first ``down`` play one of them below
        hands[seat] = list(order[at:at + size])
        at += size
    table: list[tuple[int, str]] = []
    t = trump.value if trump else None
    for j in range(down):
        seat = (leader + j) % n
        led = _suit(table[0][1], t) if table else None
        name = draw(st.sampled_from(_legal([c.name for c in hands[seat]], led, t)))
        card = parse_card(name)
        hands[seat].remove(card)
        table.append((seat, name))
    position = Position(tuple(tuple(h) for h in hands), _makers(draw, n), leader, trump,
                        tuple(parse_card(c) for _, c in table))
    return position, table


def _reference(position: Position, table: list[tuple[int, str]]) -> int:
    n = len(position.hands)
    hands = {s: [c.name for c in h] for s, h in enumerate(position.hands)}
    trump = position.trump.value if position.trump else None
    return best_tricks(hands, position.leader, trump, position.makers, tuple(table), range(n))


@settings(max_examples=60, deadline=None)
@given(table_positions(2, max_cards=5))
def test_two_handed_the_solver_is_the_minimax(case: tuple[Position, list[tuple[int, str]]]) -> None:
    assert solve(case[0]) == _reference(*case)


@settings(max_examples=40, deadline=None)
@given(table_positions(3, max_cards=4))
def test_three_handed_the_solver_is_the_minimax(case: tuple[Position, list[tuple[int, str]]]) -> None:
    assert solve(case[0]) == _reference(*case)


@settings(max_examples=40, deadline=None)
@given(table_positions(4, max_cards=3))
def test_four_handed_as_a_table_the_solver_is_the_minimax(case: tuple[Position, list[tuple[int, str]]]) -> None:
    assert solve(case[0]) == _reference(*case)


@settings(max_examples=30, deadline=None)
@given(table_positions(5, max_cards=2))
def test_five_handed_the_solver_is_the_minimax(case: tuple[Position, list[tuple[int, str]]]) -> None:
    assert solve(case[0]) == _reference(*case)


def test_a_five_handed_deal_of_three_tricks_is_the_minimax() -> None:
    # three cards each at five (the brute force takes a moment): maker 1, partner 3, spades trump
    names = ["JS AS 9H", "JC KS AD", "QS AH KH", "9S TD KD", "TS QH AC"]
    hands = tuple(tuple(parse_card(c) for c in h.split()) for h in names)
    position = Position(hands, frozenset({1, 3}), 0, Suit.SPADES)
    assert solve(position) == _reference(position, [])
