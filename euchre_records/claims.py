"""Claims of the remaining tricks, checked by searching every legal line of play.

With every remaining card known, :func:`guaranteed_tricks` is the number of the remaining tricks
a side can make against any defence (both sides play perfectly, every card seen). It is an exact
search, made fast three ways:

- the question asked is yes/no ("can the side make at least ``k``?"), so a line that settles
  the answer stops the search at once (alpha-beta with a window of one trick);
- answers are memoised at every trick boundary on the cards that remain (one bit per card)
  and the seat to lead, as bounds: the most tricks known makeable, the fewest known not;
- cards of one hand that are touching in power within their suit (no card still live lies
  between them) are interchangeable: only one of them is tried.

The rest of a deal is at most five tricks, so a full search visits at most some thousands of
positions (milliseconds). The work is also bounded: inside :func:`search_budget` every position
visited is counted against the budget, and past it the search raises
:class:`~euchre_records.errors.SearchBudgetExceeded` (the service answers 422 ``too-costly``).

>>> from euchre_records.cards import parse_card as c, Suit
>>> hands = {Seat.N: [c("JH")], Seat.E: [c("AH")], Seat.S: [c("9C")], Seat.W: [c("9S")]}
>>> guaranteed_tricks(hands, Seat.N, Suit.HEARTS, Side.NS, frozenset())
1

The tricks not played out are settled by one function at every table (issue 32),
:func:`settle_claim`, called by the one tail of the deal walk (``deal.DealWalk._claims``: the sides
N-S and E-W at four, the deal's makers and defenders at n); what differs is the table's words
(:class:`ClaimWords`). A deal of fewer than five tricks needs a ``claim`` or ``concession`` (or is
``unfinished``, or at four settled by law), and the last one recorded settles the rest: a claim
gives the claimer's side ``tricks`` of the remaining ones (all when not said) and the other side
the rest; a concession gives them to the other side than the conceder's (docs/FORMAT.md,
``tricks``). When every remaining card is known (:func:`possible_hands`) the claim is searched
against every legal line of play: guaranteed, a note; not guaranteed whatever the dealer's
unrecorded discard was, a ``claim`` finding (status ``not guaranteed``); either way the deal is
scored as agreed (the preset's rule on claims). Unknown cards: a note, scored as agreed. A claim
with five tricks played (located at the first claim), with no seat, or of more tricks than remain
is a located problem.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Callable, Container, Iterator, Mapping, Sequence

from .cards import Card, Seat, Side, Suit, power_table
from .errors import InconsistentRecord, SearchBudgetExceeded, join_path
from .model import FindingKind, Deal, Finding, IrregularityKind, Record
from .rules import Rules

SUITS = tuple(Suit)

__all__ = ["guaranteed_tricks", "seat_guaranteed_tricks", "search_budget", "Budget",
           "DEFAULT_REQUEST_BUDGET", "SETTLES", "claims_of", "settle_claim",
           "ClaimWords", "possible_hands"]

DEFAULT_REQUEST_BUDGET = 500_000
"""Positions one request may search, all its claims together: about a second of CPU (a position
costs ~2 µs). A claim before the first trick visits ~2,000 on average and ~11,000 at most over
300 random deals (benchmarks/bench_claims.py), so a record of a few hundred such deals fits; a 2 MiB body of
8,000 of them (minutes of CPU) is refused 422 ``too-costly`` after about a second."""


class Budget:
    """A mutable count of search positions left (one per request; not shared across threads).

    ``pace``, when given, is called with the positions spent so far at every spending (about
    every 1,024 positions, a few milliseconds of CPU): the caller's way to share the CPU among
    concurrent searches (the service makes a search past a free allowance wait for a slot,
    api/cpu_gate.py). Whatever it raises ends the search."""

    __slots__ = ("left", "limit", "pace")

    def __init__(self, limit: int, pace: Callable[[int], None] | None = None) -> None:
        self.left = self.limit = limit
        self.pace = pace

    def spend(self, n: int) -> None:
        self.left -= n
        if self.left < 0:
            raise SearchBudgetExceeded(
                f"checking the claims of this record needs more than {self.limit} search positions; "
                "send fewer claimed deals per request", "")
        if self.pace is not None:
            self.pace(self.limit - self.left)


_BUDGET: ContextVar[Budget | None] = ContextVar("claim_search_budget", default=None)


@contextmanager
def search_budget(limit: int | None = None,
                  pace: Callable[[int], None] | None = None) -> Iterator[Budget]:
    """Bound every claim search inside the ``with`` block to ``limit`` positions in total
    (default :data:`DEFAULT_REQUEST_BUDGET`, read at each call), paced by ``pace`` (see
    :class:`Budget`)."""
    budget = Budget(DEFAULT_REQUEST_BUDGET if limit is None else limit, pace)
    token = _BUDGET.set(budget)
    try:
        yield budget
    finally:
        _BUDGET.reset(token)


@dataclass(frozen=True, slots=True)
class _Geometry:
    """Per-search constants: each card's bit, effective suit and power under the trump."""

    suit_of: dict[int, Suit]      # bit -> effective suit
    power_of: dict[int, int]      # bit -> power (trumps above every plain card)
    suit_mask: dict[Suit, int]    # effective suit -> bits of the cards of that suit in play


def _geometry(cards: Sequence[Card], trump: Suit | None) -> tuple[_Geometry, dict[Card, int]]:
    table = power_table(trump)
    bit_of = {c: 1 << i for i, c in enumerate(sorted(set(cards)))}
    suit_of = {b: table[c][0] for c, b in bit_of.items()}
    power_of = {b: table[c][1] for c, b in bit_of.items()}
    suit_mask: dict[Suit, int] = {s: 0 for s in Suit}
    for b, s in suit_of.items():
        suit_mask[s] |= b
    return _Geometry(suit_of, power_of, suit_mask), bit_of


def _bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


def guaranteed_tricks(hands: Mapping[Seat, Sequence[Card]], leader: Seat, trump: Suit | None, side: Side,
                      sitting_out: frozenset[Seat]) -> int:
    """Tricks ``side`` can make from here whatever the other side does (both play perfectly).

    ``hands`` holds each active seat's remaining cards (all the same length); ``leader`` leads
    the next trick; ``sitting_out`` seats take no part (lone hands). Raises ValueError for hands
    of unequal length, SearchBudgetExceeded past the budget of :func:`search_budget`.
    """
    active = tuple(s for s in (Seat.N, Seat.E, Seat.S, Seat.W) if s not in sitting_out)
    return _search([hands[s] for s in active], tuple(s.side is side for s in active),
                   active.index(leader), trump)


def seat_guaranteed_tricks(hands: Sequence[Sequence[Card]], leader: int, trump: Suit | None,
                           side: Container[int]) -> int:
    """:func:`guaranteed_tricks` at a table of n (seats 0 .. n-1 clockwise, nobody sits out):
    the tricks the seats of ``side`` can make from here, ``hands[i]`` seat i's remaining cards
    and ``leader`` the seat to lead, whatever the other seats do (both sides play perfectly).

    >>> from euchre_records.cards import parse_card as c
    >>> seat_guaranteed_tricks([[c("AS")], [c("KS")], [c("9S")]], 1, Suit.HEARTS, {1})
    0
    """
    return _search(hands, tuple(s in side for s in range(len(hands))), leader, trump)


def _search(hands: Sequence[Sequence[Card]], ours: tuple[bool, ...], first: int,
            trump: Suit | None) -> int:
    """The search of :func:`guaranteed_tricks`: ``hands`` the active seats' cards in the order
    of play, ``ours`` whether each is of the side asked about, ``first`` the index leading."""
    sizes = {len(h) for h in hands}
    if len(sizes) != 1:
        raise ValueError("every active seat must hold the same number of cards")
    rest = sizes.pop()
    if rest == 0:
        return 0
    geo, bit_of = _geometry([c for h in hands for c in h], trump)
    start = tuple(sum(bit_of[c] for c in h) for h in hands)
    n = len(hands)
    memo: dict[tuple[tuple[int, ...], int], tuple[int, int]] = {}   # -> (makes, cannot make)
    budget = _BUDGET.get()
    visited = [0]
    suit_of, power_of, suit_mask = geo.suit_of, geo.power_of, geo.suit_mask
    descending = {s: sorted(_bits(suit_mask[s]), key=power_of.__getitem__, reverse=True) for s in Suit}

    def choices(hand: int, led: Suit | None, live: int) -> list[int]:
        """One card of each run of touching cards among the legal plays of ``hand``, the
        highest run first (a run: cards of one suit with no live card of another hand between)."""
        if led is not None and hand & suit_mask[led]:
            suits: tuple[Suit, ...] = (led,)
        else:
            suits = SUITS
        out: list[int] = []
        for s in suits:
            in_run = False
            for b in descending[s]:
                if b & hand:
                    if not in_run:
                        out.append(b)
                        in_run = True
                elif b & live:
                    in_run = False
        return out

    def wins(state: tuple[int, ...], lead: int, need: int, left: int) -> bool:
        """Can ``side`` make ``need`` of the ``left`` tricks still to play, ``lead`` leading?"""
        if need <= 0:
            return True
        if need > left:
            return False
        key = (state, lead)
        known = memo.get(key)
        if known is not None:
            if need <= known[0]:
                return True
            if need >= known[1]:
                return False
        answer = trick(state, lead, need, left, 0, 0, None, -1, -1)
        low, high = known or (0, left + 1)
        memo[key] = (max(low, need), high) if answer else (low, min(high, need))
        return answer

    def trick(state: tuple[int, ...], lead: int, need: int, left: int, pos: int, table: int,
              led: Suit | None, best_bit: int, best_seat: int) -> bool:
        """The same question part-way through a trick: ``pos`` cards (``table``) are down."""
        visited[0] += 1
        if budget is not None and visited[0] % 1024 == 0:
            budget.spend(1024)
        if pos == n:
            return wins(state, best_seat, need - (1 if ours[best_seat] else 0), left - 1)
        seat = (lead + pos) % n
        hand = state[seat]
        live = table
        for h in state:
            live |= h
        ours_turn = ours[seat]
        for card in choices(hand, led, live):
            nled: Suit | None
            if pos == 0:
                nled, nbest, nseat = suit_of[card], card, seat
            else:
                nled = led
                cs = suit_of[card]
                beats = (cs is suit_of[best_bit] or cs is trump) and power_of[card] > power_of[best_bit]
                nbest, nseat = (card, seat) if beats else (best_bit, best_seat)
            nstate = state[:seat] + (hand & ~card,) + state[seat + 1:]
            result = trick(nstate, lead, need, left, pos + 1, table | card, nled, nbest, nseat)
            if result is ours_turn:       # we found a winning line, or they found a refutation
                return result
        return not ours_turn

    try:
        low, high = 0, rest          # side makes ``low`` for sure; cannot make more than ``high``
        while low < high:
            need = (low + high + 1) // 2
            if wins(start, first, need, rest):
                low = need
            else:
                high = need - 1
        return low
    finally:
        if budget is not None:
            budget.spend(visited[0] % 1024)


# --- settling a claim at every table ---------------------------------

SETTLES = (IrregularityKind.CLAIM, IrregularityKind.CONCESSION)
"""The irregularities that settle the tricks not played out."""


def claims_of(deal: Deal) -> list[int]:
    """The indexes in ``deal.irregularities`` of its claims and concessions, in order."""
    return [i for i, irr in enumerate(deal.irregularities) if irr.kind in SETTLES]


@dataclass(frozen=True, slots=True)
class ClaimWords:
    """How a table names what a claim's note or finding says: ``who[seat]`` the seat that
    claims (``N`` at four; the player's name or ``seat 1`` at n), ``sides`` the side that takes
    the claimed tricks, (the makers', the defenders') -- ``N-S``/``E-W`` at four, ``the makers
    (...)``/``the defenders (...)`` at n -- and ``no_points`` what a claim finding moves:
    ``(0, 0)`` at four, ``()`` at n."""

    who: Sequence[str]
    sides: tuple[str, str]
    no_points: tuple[int, ...]

    @classmethod
    def made(cls, record: Record, makers: tuple[int, ...]) -> ClaimWords:
        """A claim's words at a table of n: the player's name or ``seat 1``; the side that takes
        the claimed tricks named with its players; a claim finding moves no points (``()``)."""
        table = record.table
        names = {s: p.name for s, p in record.players if p.name}
        defenders = tuple(s for s in table.all_seats if s not in makers)
        who = tuple(names.get(s) or f"seat {table.token(s)}" for s in table.all_seats)

        def side(kind: str, seats: tuple[int, ...]) -> str:
            return f"the {kind} (" + ", ".join(names.get(s) or table.token(s) for s in seats) + ")"
        return cls(who, (side("makers", makers), side("defenders", defenders)), ())


def settle_claim(deal: Deal, rules: Rules, number: int, where: str, found: Sequence[int], played: int,
                 maker_tricks: int, makers: Container[int], leader: int, trump: Suit | None,
                 lines: Callable[[], Sequence[Mapping[int, Sequence[Card]]]],
                 words: Callable[[], ClaimWords]) -> tuple[int, list[Finding], list[str]]:
    """The one settling of a claim or concession at every table: (the makers' tricks with the
    claimed ones, findings, notes) after ``played`` complete tricks of which the makers (the
    seats of ``makers``: a side at four, the deal's makers at n) won ``maker_tricks``,
    ``leader`` to lead the next under ``trump`` (None: no trump). ``found``: the indexes in
    ``deal.irregularities`` of its claims and concessions, the last of which settles the rest
    (:func:`claims_of`'s order at n; at four the claims before the concessions, the order the
    four-handed replay has always read them in); with none, the tricks are ``maker_tricks``
    (the caller refuses fewer than five tricks without a claim).

    ``lines()``: every set of hands the active seats' remaining cards may be (one per card
    the dealer may have discarded when his discard is not recorded), each a mapping seat ->
    cards in the order of play; empty when a card is unknown. ``words()``: the table's words
    (:class:`ClaimWords`), asked only where a claim is recorded. Raises
    :class:`~euchre_records.errors.InconsistentRecord` located at the claim: a claim with five
    tricks played, with no seat, or of more tricks than remain (the preset's rule on claims)."""
    if played == 5 and found:
        raise InconsistentRecord("a claim or concession is recorded, but all five tricks were played",
                                 join_path(where, f"irregularities[{found[0]}]"))
    if not found:
        return maker_tricks, [], []
    i = found[-1]
    at = join_path(where, f"irregularities[{i}]")
    event = deal.irregularities[i]
    if event.seat is None:
        raise InconsistentRecord("a claim or concession needs the seat that made it", at + ".seat")
    rest = 5 - played
    taken = rest if event.tricks is None else event.tricks
    if not 0 <= taken <= rest:
        raise InconsistentRecord(f"the claim covers {taken} tricks, but {rest} remain", at + ".tricks")
    told = words()
    who = told.who[event.seat]
    claim = event.kind is IrregularityKind.CLAIM
    on_makers = (event.seat in makers) is claim      # the side that takes ``taken``
    verb = f"{'claimed' if claim else 'conceded'} {taken} of the last {rest} tricks"
    rule = rules.cite("claim")
    total = maker_tricks + (taken if on_makers else rest - taken)
    possible = lines()
    if not possible:
        return total, [], [f"deal {number}: {who} {verb}; the hands are not known, so the claim "
                           f"cannot be checked; scored as agreed ({rule})"]
    active = tuple(possible[0])
    ours = tuple((s in makers) is on_makers for s in active)
    bests = [_search([h[s] for s in active], ours, active.index(leader), trump) for h in possible]
    best, most = min(bests), max(bests)
    whichever = ", whichever card the dealer discarded" if len(possible) > 1 else ""
    if best >= taken:
        return total, [], [f"deal {number}: {who} {verb} — guaranteed against any defence"
                           f"{whichever} ({rule})"]
    if most < taken:
        held_to = f"{most}" if best == most else f"at most {most}"
        side = told.sides[0 if on_makers else 1]
        return total, [Finding(
            FindingKind.CLAIM, f"deal {number}: {who} {verb}, but against the best defence "
            f"{side} can be held to {held_to}{whichever} — not guaranteed; scored as agreed ({rule})",
            rule, number, played + 1, event.seat, status="not guaranteed",
            points=told.no_points)], []
    return total, [], [f"deal {number}: {who} {verb}; whether it is guaranteed depends on the "
                       f"dealer's discard, which is not recorded; scored as agreed ({rule})"]


def possible_hands(hands: Mapping[int, Sequence[Card | None]] | None, dealer: int,
                   may_discard: bool, kept: Card | None) -> list[dict[int, list[Card]]]:
    """Every set of hands the active seats' remaining cards may be (``hands``: seat -> cards
    left, None an unknown card, in the order of play; None: the hands are not recorded): one
    when all are known, one per card the dealer may have discarded when ``may_discard`` (he took
    up and his discard is not recorded) -- never ``kept``, the turned card where the rules forbid
    discarding it (Somerset 88) -- and only those in which every active seat holds as many cards;
    none when a card is unknown. One for every table (the claim's search, :func:`settle_claim`)."""
    if hands is None or any(None in h for h in hands.values()):
        return []
    known = {s: [c for c in h if c is not None] for s, h in hands.items()}
    options = [known]
    if may_discard and dealer in known:
        options = [{**known, dealer: [c for c in known[dealer] if c is not d]}
                   for d in known[dealer] if d is not kept]
    return [h for h in options if len({len(cards) for cards in h.values()}) == 1]
