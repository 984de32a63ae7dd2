"""The ``plays`` table column by column: a batch of deals' cards as numpy arrays. Pure, no I/O.

Contract: :class:`PlayColumns` collects the tricks of the deals given to :meth:`PlayColumns.add`
(a few list extensions per deal, no per-card Python work) and :meth:`PlayColumns.columns` turns
them into one array per column of the ``plays`` table (``bulk.tables.COLUMNS["plays"]``), in the
order the deals were added and the cards were played; ``record_id`` is given as the index of the
record's key in the keys the caller holds, and the text columns (seat, card, suits, winner) as
indexes into :data:`SEAT_NAMES`, :data:`CARD_NAMES` and :data:`SUIT_LETTERS`. Which rows a deal
gets, and what they hold, is documented on :meth:`PlayColumns.add`; the values are those of the
engine's own tables (``cards.power_table``, ``cards.LEFT_OF``), looked up in arrays made from
them once at import.

Why columns: a batch of 500 rubbers holds about 100,000 cards; one Python tuple per card, then
one Python object per cell turned into Arrow, cost more than parsing and replaying the records
(benchmarks/bench_dataset.py). Here the per-card work is numpy's.
"""

from __future__ import annotations

from itertools import chain
from operator import attrgetter
from collections.abc import Collection, Iterable, Sequence
from typing import Any

import numpy as np

from euchre_records.cards import LEFT_OF, SEATS, Seat, Suit, make_pack, power_table
from euchre_records.enum_text import SEAT_NAME, SUIT_VALUE
from euchre_records.model import Deal, DealResult
from euchre_records.table import Table

__all__ = ["PlayColumns", "SEAT_NAMES", "CARD_NAMES", "SUIT_LETTERS", "TEXT_OF", "seat_play_rows"]

_SUITS: tuple[Suit, ...] = tuple(Suit)
_SUIT_CODE = {suit: i for i, suit in enumerate(_SUITS)}
_SEAT_CODE = {seat: i for i, seat in enumerate(SEATS)}
_WIDTH = len(SEATS)
"""Most cards a trick can hold: one per seat."""

SEAT_NAMES: tuple[str, ...] = tuple(SEAT_NAME[s] for s in SEATS)
SUIT_LETTERS: tuple[str, ...] = tuple(SUIT_VALUE[s] for s in _SUITS)

_PACK = sorted(make_pack(32, joker=True), key=attrgetter("index"))
_SIZE = _PACK[-1].index + 1
CARD_NAMES: tuple[str, ...] = tuple(
    {c.index: c.name for c in _PACK}.get(i, "") for i in range(_SIZE))
"""By card index (``Card.index``): the card's name."""

# By trump code and card index: the card's suit under that trump (its code) and its power.
_EFF = np.zeros((len(_SUITS), _SIZE), dtype=np.int64)
_POW = np.zeros((len(_SUITS), _SIZE), dtype=np.int64)
for _t, _trump in enumerate(_SUITS):
    for _card, (_suit, _power) in power_table(_trump).items():
        if _card.index < _SIZE:
            _EFF[_t, _card.index] = _SUIT_CODE[_suit]
            _POW[_t, _card.index] = _power
assert int(_POW.min()) >= 0   # -1 below marks a card that cannot win

_INDEX = attrgetter("index")
_CARDS = attrgetter("cards")


def _order(leader: Seat, skip: Collection[Seat]) -> tuple[int, ...]:
    """The seats (their codes) that play to a trick led by ``leader``, in turn, clockwise, past
    the ``skip`` seats; one per seat of the table, the last repeating round when seats sit out."""
    seats, seat = [], leader
    for _ in range(_WIDTH):
        seats.append(_SEAT_CODE[seat])
        seat = LEFT_OF[seat]
        while seat in skip:
            seat = LEFT_OF[seat]
    return tuple(seats)


class _Orders:
    """Every seat order met so far, numbered: ``code[skip][leader]`` and its row in ``table``."""

    def __init__(self) -> None:
        self.code: dict[frozenset[Seat], dict[Seat, int]] = {}
        self.rows: list[tuple[int, ...]] = []
        self._table: np.ndarray[Any, Any] | None = None

    def of(self, skip: frozenset[Seat]) -> dict[Seat, int]:
        found = self.code.get(skip)
        if found is None:
            found = self.code[skip] = {}
            for leader in SEATS:
                found[leader] = len(self.rows)
                self.rows.append(_order(leader, skip))
            self._table = None
        return found

    @property
    def table(self) -> np.ndarray[Any, Any]:
        if self._table is None:
            self._table = np.array(self.rows, dtype=np.int64).reshape(-1, _WIDTH)
        return self._table


_ORDERS = _Orders()
for _skip in (frozenset(), *(frozenset((s,)) for s in SEATS),
              *(frozenset((a, b)) for a in SEATS for b in SEATS if a < b and a.side is not b.side)):
    _ORDERS.of(_skip)

_PLAIN_ORDERS = _ORDERS.of(frozenset())
"""By leader: the seat order of a trick with every seat playing."""

Row = tuple[Any, ...]

Revokes = Collection[tuple[int | None, int | None, Seat | None]]


def _ints(values: list[int]) -> np.ndarray[Any, Any]:
    return np.array(values, dtype=np.int64)


class PlayColumns:
    """The cards of a batch of deals, gathered deal by deal (see the module contract)."""

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        """Forget every deal added."""
        self._cards: list[int] = []     # per card: its index
        self._lengths: list[int] = []   # per trick: cards played to it
        self._orders: list[int] = []    # per trick: the code of its seat order
        self._record: list[int] = []    # per deal: the caller's record index
        self._number: list[int] = []    # per deal: its number in the record
        self._trump: list[int] = []     # per deal: the trump's code
        self._tricks: list[int] = []    # per deal: its tricks
        self._revokes: list[int] = []   # per revoke: trick (in the batch) * _WIDTH + seat code

    def __len__(self) -> int:
        return len(self._cards)

    def add(self, record: int, deals: Sequence[Deal], replayed: Iterable[DealResult],
            revokes: Revokes = ()) -> None:
        """One row per card of each deal of ``deals`` the replay scored (``replayed``, each
        naming its deal by number from 1; a number out of range is passed over), for the record
        at index ``record``; the rows are trick, position, seat, card, suit, led_suit, trump,
        follows, winner, wins and revoke. A deal with no trump, no tricks, or fewer leaders found
        than tricks has none. Seats follow the trick's leader as the replay found it
        (``DealResult.leaders``) clockwise, skipping the partners of a lone maker and of a lone
        defender; ``suit`` is the card's suit under trump (bowers and the joker are trumps);
        ``winner`` is the seat of the trick's highest trump, else of its highest card of the
        suit led (``cards.trick_winner``); ``revoke`` marks a card whose deal, trick and seat
        are those of one of ``revokes``."""
        lengths, codes, orders = self._lengths, self._cards, self._orders
        plain = _PLAIN_ORDERS.__getitem__
        count = len(deals)
        for d in replayed:
            number, trump = d.number, d.trump
            if trump is None or not 1 <= number <= count:
                continue
            tricks = deals[number - 1].tricks
            n = len(tricks)
            leaders = d.leaders
            if not n or len(leaders) < n:
                continue
            order = plain
            if d.defender_alone is not None or (d.alone and d.maker is not None):
                skip: frozenset[Seat] = frozenset()
                if d.alone and d.maker is not None:
                    skip = frozenset((d.maker.partner,))
                if d.defender_alone is not None:
                    skip = skip | {d.defender_alone.partner}
                order = _ORDERS.of(skip).__getitem__
            first = len(lengths)
            cards = list(map(_CARDS, tricks))
            lengths.extend(map(len, cards))
            codes.extend(map(_INDEX, chain.from_iterable(cards)))
            orders.extend(map(order, leaders[:n]))
            self._record.append(record)
            self._number.append(number)
            self._trump.append(_SUIT_CODE[trump])
            self._tricks.append(n)
            if revokes:
                self._revokes.extend((first + t - 1) * _WIDTH + _SEAT_CODE[s]
                                     for dn, t, s in revokes
                                     if dn == number and s is not None and t is not None
                                     and 1 <= t <= n)

    def columns(self) -> dict[str, np.ndarray[Any, Any]]:
        """The arrays of the ``plays`` columns for every card added (see the module contract)."""
        lengths = _ints(self._lengths)
        cards = _ints(self._cards)
        ntricks, ncards = len(lengths), len(cards)
        trick_of = np.repeat(np.arange(ntricks), lengths)              # per card: its trick
        starts = np.cumsum(lengths) - lengths                          # per trick: first card
        position = np.arange(ncards) - starts[trick_of]                # from 0
        deal_of = np.repeat(np.arange(len(self._tricks)), _ints(self._tricks))  # per trick
        deal_first = np.cumsum(_ints(self._tricks)) - _ints(self._tricks)
        trick_number = np.arange(ntricks) - deal_first[deal_of] + 1
        trump = _ints(self._trump)[deal_of][trick_of]
        orders = _ints(self._orders)
        table = _ORDERS.table
        seat = table[orders[trick_of], position]
        suit = _EFF[trump, cards]
        led = suit[starts[trick_of]]
        follows = suit == led
        score = np.where(follows | (suit == trump), _POW[trump, cards], -1)
        grid = np.full((ntricks, _WIDTH), -1, dtype=np.int64)
        grid[trick_of, position] = score
        best = grid.argmax(axis=1)         # the first highest: trick_winner's strict '>'
        winner = table[orders, best][trick_of]
        revoke = np.isin(trick_of * _WIDTH + seat, _ints(self._revokes))
        return {
            "record_id": _ints(self._record)[deal_of][trick_of],
            "deal": _ints(self._number)[deal_of][trick_of],
            "trick": trick_number[trick_of],
            "position": position + 1,
            "seat": seat, "card": cards, "suit": suit, "led_suit": led, "trump": trump,
            "follows": follows, "winner": winner, "wins": position == best[trick_of],
            "revoke": revoke,
        }


TEXT_OF: dict[str, tuple[str, ...]] = {
    "seat": SEAT_NAMES, "card": CARD_NAMES, "suit": SUIT_LETTERS, "led_suit": SUIT_LETTERS,
    "trump": SUIT_LETTERS, "winner": SEAT_NAMES}
"""The columns given as indexes, and the names they index."""


def seat_play_rows(key: str, number: int, deal: Deal, trump: Suit | None,
                   leaders: tuple[int, ...], winners: tuple[int, ...], table: Table,
                   revokes: set[tuple[int, int, int]], var: tuple[int, str]) -> list[Row]:
    """The ``plays`` rows of one deal at a table of 2, 3 or 5 (``bulk.tables``), one per card,
    as tuples in column order ending with ``var`` (seats, variant): the seats follow the trick's
    leader clockwise (nobody sits out at these tables); the winner is the replay's; a card is a
    revoke when ``revokes`` holds its (deal, trick, seat). ``trump`` None: a no-trump deal (house
    rule allow_no_trump), its trump written ``NT`` and each card of its printed suit."""
    powers = power_table(trump)
    tok = table.token
    rows: list[Row] = []
    t_trump = "NT" if trump is None else SUIT_VALUE[trump]
    for t, (trick, leader) in enumerate(zip(deal.tricks, leaders), 1):
        if not trick.cards:
            continue
        winner = winners[t - 1] if t <= len(winners) else None
        led = powers[trick.cards[0]][0]
        for p, card in enumerate(trick.cards):
            seat = (leader + p) % table.seats
            suit = powers[card][0]
            rows.append((key, number, t, p + 1, tok(seat), card.name, SUIT_VALUE[suit],
                         SUIT_VALUE[led], t_trump, suit is led, None if winner is None else tok(winner),
                         seat == winner, (number, t, seat) in revokes, *var))
    return rows

