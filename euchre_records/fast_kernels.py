"""The kernels of the fast path at every table: cards as bits, the plain bidding walk, each
hand's mask and the tricks' winners with integer bit masks (docs/TABLES.md "The fast path").

Contract: pure functions over the tables built here once, for :mod:`.fastpath` (their one
reader; it binds each to its compiled twin in ``_cplay.c`` where that is built, and its tests to
either): :func:`_bid` walks a plain bidding at a table of ``len(seats)`` seats, or says None;
:func:`_hand_masks` gives each seat's cards as a mask when the hands, kitty and turned card are
the pack's cards once each; :func:`_play_known` the winners of tricks whose hands are known
(None at a card not held or a revoke), :func:`_play_inferred` those of tricks known from the
plays alone. None always means "not the plain case": the detailed replay then decides and
explains. The tables: ``_BIT`` (card -> its bit), per trump ``_EFF`` (card -> effective suit
index, power), ``_SUIT_MASK``, ``_INFO`` and ``_TRUMP`` (the three in one look-up); the
bidding's flags ``_STICK`` .. ``_NO_LONE`` and call words.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from .cards import Card, Seat, Suit, make_pack, power_table
from .model import Call, CallKind, Trick

__all__ = ["PlayedTrick"]

_SUITS = tuple(Suit)
_SUIT_INDEX = {s: i for i, s in enumerate(_SUITS)}
_BIT: dict[Card, int] = {}
for _c in make_pack(32, True):
    _BIT[_c] = 1 << _c.index

# per trump: card -> (effective suit index, power); effective suit index -> mask of its cards
_EFF: dict[Suit, dict[Card, tuple[int, int]]] = {}
_SUIT_MASK: dict[Suit, tuple[int, int, int, int]] = {}
for _trump in Suit:
    table = power_table(_trump)
    _EFF[_trump] = {c: (_SUIT_INDEX[table[c][0]], table[c][1]) for c in _BIT}
    masks = [0, 0, 0, 0]
    for _c, (_s, _) in _EFF[_trump].items():
        masks[_s] |= _BIT[_c]
    _SUIT_MASK[_trump] = (masks[0], masks[1], masks[2], masks[3])

# per trump: card -> (bit, effective suit index, power), one lookup per played card
_INFO: dict[Suit, dict[Card, tuple[int, int, int]]] = {
    t: {c: (_BIT[c],) + _EFF[t][c] for c in _BIT} for t in Suit}
_NOT_A_CARD = (0, 0, 0)
# per trump, in one lookup: (_INFO, _SUIT_MASK, index of the trump suit)
_TRUMP = {t: (_INFO[t], _SUIT_MASK[t], _SUIT_INDEX[t]) for t in Suit}

_STICK, _CANADIAN, _TAKES_LONE, _DEFEND, _NO_LONE = 1, 2, 4, 8, 16   # _bid's flags: the bidding's rules
_FOUR_ONLY = _CANADIAN | _TAKES_LONE | _DEFEND   # options of the four-handed game alone
_PASS, _ORDER, _ASSIST, _TAKE, _NAME = (CallKind.PASS, CallKind.ORDER, CallKind.ASSIST,
                                        CallKind.TAKE, CallKind.NAME)
_PARTNER_ALONE, _DEFEND_ALONE = CallKind.PARTNER_ALONE, CallKind.DEFEND_ALONE


_S = TypeVar("_S")   # a seat: cards.Seat at four, an int index at other tables


def _bid(calls: tuple[Call, ...] | tuple[Call, ...], seats: tuple[_S, ...], dealer: _S,
         turned_suit: Suit, flags: int
         ) -> tuple[_S | None, Suit | None, bool, bool, bool, Seat | None] | None:
    """The plain bidding walk at a table of ``len(seats)``: (maker, trump, alone, took_up, thrown,
    defender) where each call is the one its seat may make in turn, or None for anything else
    (the detailed replay explains). ``thrown``: all passed twice.

    ``seats``: the table's seat objects by index (:data:`cards.SEATS`, or the ints 0 .. n-1 of a
    table of n), a call's seat and the dealer found among them by identity; the seat on i's left
    is i + 1 modulo n; the maker is returned as his seat object. The word that accepts the
    turned card: TAKE by the dealer, ASSIST by his partner at four, ORDER by the others.
    ``flags``: the rules' options, _STICK ... _DEFEND, and _NO_LONE (a table without lone hands:
    any call said alone is refused); the four-handed options (_CANADIAN, _TAKES_LONE, _DEFEND)
    at another table: None."""
    n = len(seats)
    if n != 4 and flags & _FOUR_ONLY:
        return None
    d = next((i for i, s in enumerate(seats) if s is dealer), -1)
    if d < 0:
        return None
    seat = (d + 1) % n
    passes = 0
    maker = -1
    trump: Suit | None = None
    alone = took_up = thrown = partner_took = False
    defender: Seat | None = None
    for call in calls:
        kind = call.kind
        if flags & _NO_LONE and call.alone:
            return None
        if maker < 0 and not thrown:
            if call.seat is not None and call.seat is not seats[seat]:
                return None
            if kind is _PASS:
                if passes == 2 * n - 1 and flags & _STICK:
                    return None
                passes += 1
                thrown = passes == 2 * n
                seat = (seat + 1) % n
            elif kind is _ORDER or kind is _ASSIST or kind is _TAKE:
                at = (seat - d) % n
                word = _TAKE if at == 0 else _ASSIST if n == 4 and at == 2 else _ORDER
                if passes >= n or kind is not word:
                    return None
                if flags & _CANADIAN and kind is _ASSIST and not call.alone:
                    return None   # the Canadian loner: the detailed replay refuses it
                maker, trump, alone, took_up = seat, turned_suit, call.alone, True
            elif kind is _NAME:
                if passes < n or call.suit is turned_suit or call.suit is None:
                    return None
                maker, trump, alone = seat, call.suit, call.alone
            else:
                return None
        elif thrown:
            return None
        elif kind is _PARTNER_ALONE:
            # Somerset 74-75: third hand takes over from eldest, the dealer from second hand,
            # once, before a defender goes alone, when the turned card was accepted (four seats)
            partner = (maker + 2) & 3
            if (not flags & _TAKES_LONE or partner_took or defender is not None or not took_up
                    or (call.seat is not None and call.seat is not seats[partner])
                    or ((maker - d) & 3) not in (1, 2)):
                return None
            maker, alone, partner_took = partner, True, True
        elif kind is _DEFEND_ALONE:
            if (not flags & _DEFEND or call.seat is None or not (call.seat ^ maker) & 1
                    or defender is not None):
                return None
            defender = call.seat   # _DEFEND: four seats, cards.Seat
        else:
            return None
    return (seats[maker] if maker >= 0 else None), trump, alone, took_up, thrown, defender


def _hand_masks(hands: tuple[tuple[Card | None, ...], ...], kitty: tuple[Card | None, ...] | None,
                turned_bit: int, pack: int) -> list[int] | None:
    """Each seat's cards as a mask, one per hand of ``hands`` (a table of 1 to 8 seats), when
    every hand holds five known cards, the kitty (if known) the rest of the pack, and the hands,
    kitty and turned card (``turned_bit``) are the pack's cards once each; None otherwise."""
    bit = _BIT
    if not 1 <= len(hands) <= 8:
        return None
    for h in hands:   # every hand's size before any card (as the C: an unhashable card of a
        if len(h) != 5:   # hand raises only where every hand has five)
            return None
    try:
        # KeyError: an unknown card
        masks = [bit[h[0]] + bit[h[1]] + bit[h[2]] + bit[h[3]] + bit[h[4]]  # type: ignore[index]
                 for h in hands]
        total = turned_bit + sum(masks)
        count = 5 * len(hands) + 1
        if kitty is not None:
            if len(kitty) != pack.bit_count() - count:
                return None
            total += sum(map(bit.__getitem__, kitty))   # type: ignore[arg-type]  # KeyError
            count += len(kitty)
    except KeyError:
        return None
    # a sum of distinct powers of two has one bit per term; a repeat carries
    if total.bit_count() != count or total & ~pack:
        return None
    return masks


class PlayedTrick(Protocol):
    """What the trick kernels read of a trick at any table: its cards in playing order and its
    recorded leader (a seat as an int, None when left to the laws)."""

    @property
    def cards(self) -> tuple[Card, ...]: ...

    @property
    def leader(self) -> int | None: ...


def _play_known(tricks: tuple[PlayedTrick, ...], orders: tuple[tuple[int, ...], ...], lead: int,
                trump: Suit, masks: list[int]) -> list[int] | None:
    """The tricks' winners (seats 0 .. n-1) when every hand is known (``masks``: each seat's
    cards after the discard, consumed; ``orders``: per seat, the seats in playing order when it
    leads); None for a card not held, a trick of another size, a leader not ``lead`` or a revoke."""
    info, suit_mask, trump_i = _TRUMP[trump]
    n = len(orders[lead])
    winners: list[int] = []
    for trick in tricks:
        cards = trick.cards
        if len(cards) != n or (trick.leader is not None and trick.leader != lead):
            return None
        seats = orders[lead]
        b, led, best = info.get(cards[0], _NOT_A_CARD)
        m = masks[lead]
        if not m & b:   # not held (held cards are all in the pack)
            return None
        masks[lead] = m - b
        follow = suit_mask[led]
        win = lead
        for k in range(1, n):
            who = seats[k]
            b, e, p = info.get(cards[k], _NOT_A_CARD)
            m = masks[who]
            if not m & b:
                return None
            m -= b
            masks[who] = m
            if e == led:
                if p > best:
                    best, win = p, who
            elif m & follow:
                return None   # a revoke: the detailed replay reports it
            elif e == trump_i and p > best:
                best, win = p, who
        winners.append(win)
        lead = win
    return winners


def _play_inferred(tricks: tuple[Trick, ...], orders: tuple[tuple[int, ...], ...], lead: int,
                   trump: Suit, pack: int, used: int, turned_bit: int,
                   dealer: int) -> tuple[list[int], int] | None:
    """The five tricks' winners (seats 0-3) from the plays alone, and the mask of the cards used
    up (``used``: the discard so far); None for a card out of the pack or seen twice, the turned
    card played by another than the dealer, or a card of a suit its player showed void in."""
    info, _, trump_i = _TRUMP[trump]
    n = len(orders[lead])
    winners: list[int] = []
    voids = [0, 0, 0, 0]   # suits a seat failed to follow (a later card of one proves a revoke)
    for trick in tricks:
        cards = trick.cards
        if len(cards) != n or (trick.leader is not None and trick.leader != lead):
            return None
        led = -1
        best = -1
        win = lead
        for who, c in zip(orders[lead], cards):
            b, e, p = info.get(c, _NOT_A_CARD)
            if not b & pack or used & b or voids[who] >> e & 1 or (b == turned_bit and who != dealer):
                return None
            used |= b
            if led < 0:
                led, best, win = e, p, who
            else:
                if e != led:
                    voids[who] |= 1 << led
                if (e == led or e == trump_i) and p > best:
                    best, win = p, who
        winners.append(win)
        lead = win
    return winners, used
