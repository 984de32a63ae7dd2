"""Claims of the remaining tricks, checked by searching every legal line of play.

With every remaining card known, :func:`guaranteed_tricks` is the number of the remaining tricks
a side can make against any defence (an exact minimax over at most five tricks, memoised on the
position). A claim of ``k`` tricks is guaranteed when that number is at least ``k``.

>>> from euchre_records.cards import parse_card as c, Suit
>>> hands = {Seat.N: [c("JH")], Seat.E: [c("AH")], Seat.S: [c("9C")], Seat.W: [c("9S")]}
>>> guaranteed_tricks(hands, Seat.N, Suit.HEARTS, Side.NS, frozenset())
1
"""

from __future__ import annotations

from functools import lru_cache
from typing import Mapping, Sequence

from .cards import Card, Seat, Side, Suit, legal_plays, power_table, trick_winner

__all__ = ["guaranteed_tricks"]


def guaranteed_tricks(hands: Mapping[Seat, Sequence[Card]], leader: Seat, trump: Suit, side: Side,
                      sitting_out: frozenset[Seat]) -> int:
    """Tricks ``side`` can make from here whatever the other side does (both play perfectly).

    ``hands`` holds each active seat's remaining cards (all the same length); ``leader`` leads
    the next trick; ``sitting_out`` seats take no part (lone hands).
    """
    active = [s for s in (Seat.N, Seat.E, Seat.S, Seat.W) if s not in sitting_out]
    table = power_table(trump)

    def order_from(lead: Seat) -> tuple[Seat, ...]:
        i = active.index(lead)
        return tuple(active[i:] + active[:i])

    @lru_cache(maxsize=None)
    def value(state: tuple[tuple[Card, ...], ...], lead: Seat) -> int:
        if not state[0]:
            return 0
        seats = order_from(lead)
        return play(state, seats, 0, ())

    def play(state: tuple[tuple[Card, ...], ...], seats: tuple[Seat, ...], pos: int,
             cards: tuple[Card, ...]) -> int:
        if pos == len(seats):
            winner = seats[trick_winner(cards, trump)]
            won = 1 if winner.side is side else 0
            return won + value(state, winner)
        seat = seats[pos]
        idx = active.index(seat)
        led = table[cards[0]][0] if cards else None
        options = legal_plays(state[idx], led, trump)
        results = []
        for c in options:
            new_hand = tuple(x for x in state[idx] if x is not c)
            new_state = state[:idx] + (new_hand,) + state[idx + 1:]
            results.append(play(new_state, seats, pos + 1, cards + (c,)))
        return max(results) if seat.side is side else min(results)

    start = tuple(tuple(sorted(hands[s])) for s in active)
    if len({len(h) for h in start}) != 1:
        raise ValueError("every active seat must hold the same number of cards")
    return value(start, leader)
