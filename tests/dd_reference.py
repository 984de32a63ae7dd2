"""A brute-force double-dummy reference: plain minimax over every legal line, no pruning, no
memo, and no code shared with the engine (cards are notation strings; the laws are written here
again from ../shared/RULES.md, "Common ground").

RULES.md: the right bower (jack of trumps) is the highest trump, then the left bower (the other
jack of the same colour), then A K Q 10 9 (8 7); with a joker, the joker is above both. The left
bower belongs to the trump suit for every purpose, following suit included. Plain suits rank
A K Q J 10 9 (8 7). A player must follow the suit led when he can; the highest trump wins a
trick, else the highest card of the suit led; the winner leads next. No trump (a house rule):
every card is of its printed suit and the highest of the suit led wins.

Seats are the letters ``NESW`` clockwise by default; at a table of n (../shared/VARIANTS.md)
they are 0 .. n-1 in the order of play (pass ``order=range(n)``) and ``side`` is the set of the
deal's makers: the maker alone (two- and three-handed, a lone hand of five), or the maker and
the holder of the called card (five-handed). A lone hand's partner is simply absent from
``hands``.
"""

from __future__ import annotations

from typing import Collection, Hashable, Sequence

ORDER = "NESW"
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
PLAIN_RANKS = "789TJQKA"


def _suit(card: str, trump: str | None) -> str:
    if card == "JK":
        assert trump is not None
        return trump
    if trump is not None and card[0] == "J" and card[1] == SAME_COLOUR[trump]:
        return trump
    return card[1]


def _power(card: str, trump: str | None) -> int:
    if card == "JK":
        return 1000
    if trump is not None:
        if card == "J" + trump:
            return 900
        if card == "J" + SAME_COLOUR[trump]:
            return 800
    rank = PLAIN_RANKS.index(card[0])
    return rank + (100 if trump is not None and _suit(card, trump) == trump else 0)


def _trick_winner(plays: list[tuple[Hashable, str]], trump: str | None) -> Hashable:
    """The seat that wins ``plays`` ((seat, card) in playing order)."""
    led = _suit(plays[0][1], trump)
    best_seat, best_card = plays[0]
    for seat, card in plays[1:]:
        s, bs = _suit(card, trump), _suit(best_card, trump)
        if s == bs and _power(card, trump) > _power(best_card, trump):
            best_seat, best_card = seat, card
        elif trump is not None and s == trump and bs != trump:
            best_seat, best_card = seat, card
        assert _suit(best_card, trump) in (led, trump)
    return best_seat


def _legal(hand: list[str], led: str | None, trump: str | None) -> list[str]:
    if led is None:
        return list(hand)
    follow = [c for c in hand if _suit(c, trump) == led]
    return follow or list(hand)


def _next(seat: Hashable, seats: Collection[Hashable], order: Sequence[Hashable]) -> Hashable:
    i = list(order).index(seat)
    while True:
        i = (i + 1) % len(order)
        if order[i] in seats:
            return order[i]


def best_tricks(hands: dict[Hashable, list[str]], leader: Hashable, trump: str | None,
                side: Collection[Hashable], table: tuple[tuple[Hashable, str], ...] = (),
                order: Sequence[Hashable] = ORDER) -> int:
    """Tricks ``side`` ("NS" or "EW", or a set of seats) takes of the rest with best play by all,
    ``table`` being the cards already down in the current trick, which ``leader`` led;
    ``order`` the seats of the table clockwise."""
    seats = [s for s in order if s in hands]
    if not any(hands.values()) and not table:
        return 0
    if len(table) == len(seats):
        winner = _trick_winner(list(table), trump)
        got = 1 if winner in side else 0
        return got + best_tricks(hands, winner, trump, side, (), order)
    seat = leader if not table else _next(table[-1][0], seats, order)
    led = _suit(table[0][1], trump) if table else None
    results = []
    for card in _legal(hands[seat], led, trump):
        rest = dict(hands)
        rest[seat] = [c for c in hands[seat] if c != card]
        results.append(best_tricks(rest, leader, trump, side, table + ((seat, card),), order))
    return max(results) if seat in side else min(results)
