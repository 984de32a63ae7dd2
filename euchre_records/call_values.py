"""The calls of a deal, valued with best play: what each call the record's maker could have made
would have scored, whether the bidding allowed it, and each side's (at a table of n, each
player's) best call (docs/ANALYSIS.md "The calls"). Part of the double-dummy analysis
(:mod:`.analysis`, which re-exports :class:`CallValue` and :class:`BestCall`).

Contract: :func:`four_handed_calls` and :func:`table_calls` take a replayed deal and its hands
as dealt (before the turned card is taken) and return ``(calls, best)``:

- four-handed, for each trump (and no trump under ``allow_no_trump``), alone or not, the
  record's maker's tricks and net points (his side's less the other's) with best play, the
  dealer discarding his best card for his own side when the turned card is taken; ``best``
  the best call of N-S and of E-W over both their seats;
- at a table of n, sides made per call: for each trump the maker with his best partner
  (five-handed: each seat holding a card he could name) or alone, his points less the most any
  opponent scores (:func:`~.scoring.seat_points`); ``best`` one call a player.

:func:`opening_leader` (four-handed: who leads the first trick) and :func:`made_in_round_one`
(the turned card taken up) are read by the play's analysis too. Every value is exact
(:mod:`.double_dummy`); solves are shared where the play is the same position. At a table of
n a call is solved exactly only when yes/no questions (:class:`~.call_tricks.CallTricks`) say
it could beat the best call found so far, which leaves every answer as if each call were solved
(issue 32: at five the calls were 99% of an analysis's search).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .call_tricks import CallTricks
from .cards import JOKER, SEATS, Seat, Side, Suit, effective_suit
from .double_dummy import Hands
from .model import Deal, DealResult, Record
from .rules import LoneLead, Rules
from .scoring import hand_points, seat_points

__all__ = ["CallValue", "BestCall", "four_handed_calls", "table_calls", "opening_leader",
           "made_in_round_one"]


@dataclass(frozen=True, slots=True)
class CallValue:
    """The record's maker had made this call instead: the makers' tricks with best play and their
    side's net points (their points less the opponents'), and whether the bidding allowed it."""

    trump: Suit | None    # None: no trump (house rule allow_no_trump)
    alone: bool
    tricks: int
    points: int
    allowed: bool
    why: str              # why it was allowed or not (round 1: the turned suit only ...)


@dataclass(frozen=True, slots=True)
class BestCall:
    """The best call a side could make (over both its seats), with its net points; at a table
    of n (sides made per deal) the best call of one player, ``side`` None."""

    side: Side | None
    maker: int
    trump: Suit | None
    alone: bool
    tricks: int
    points: int


def _turned_suit(deal: Deal) -> Suit | None:
    if deal.turned is JOKER:   # the suit the dealer named (RULES.md "The joker")
        return deal.joker_suit
    return deal.turned.suit if deal.turned is not None else None


def made_in_round_one(deal: Deal) -> bool:
    """Whether trump was made in round 1 (the dealer took the turned card up)."""
    return any(c.kind.accepts for c in deal.calls)


def opening_leader(rules: Rules, dealer: Seat, maker: Seat, alone: bool, out: frozenset[Seat]) -> Seat:
    """Eldest leads, or the lone player's left (``rules.lone_lead``), skipping a seat out."""
    leader = maker.left if alone and rules.lone_lead is LoneLead.LEFT_OF_LONE else dealer.left
    while leader in out:
        leader = leader.left
    return leader


def four_handed_calls(deal: Deal, rules: Rules, result: DealResult,
                      dealt: Hands) -> tuple[tuple[CallValue, ...], tuple[BestCall, ...]]:
    """Each call the record's maker could have made, alone or not, and each side's best call.
    Solves are shared: the play is zero-sum, so one solve of a position gives both sides'
    tricks (N-S's are kept, E-W's are five less)."""
    maker = result.maker
    assert maker is not None
    turned_suit = _turned_suit(deal)
    round_one = made_in_round_one(deal)
    trumps = _trumps(rules)
    cache: dict[tuple[object, ...], int] = {}   # -> N-S's tricks with best play

    def tricks(seat: Seat, trump: Suit | None, alone: bool) -> int:
        out = frozenset({seat.partner}) if alone else frozenset()
        leader = opening_leader(rules, deal.dealer, seat, alone, out)
        key = (trump, out, leader)
        ns = cache.get(key)
        if ns is None:
            took_up = trump is turned_suit and trump is not None
            ns = cache[key] = CallTricks(deal, rules, dealt, trump, Side.NS, out, leader,
                                         took_up, deal.dealer.side is Side.NS).exact()
        return ns if seat.side is Side.NS else 5 - ns

    calls = []
    for trump in trumps:
        for alone in (False, True):
            t = tricks(maker, trump, alone)
            allowed, why = _allowed(rules, trump, alone, round_one, turned_suit,
                                    maker is deal.dealer, maker is deal.dealer.partner)
            calls.append(CallValue(trump, alone, t, _net(rules, maker.side, alone, t), allowed, why))
    best = []
    for side in (Side.NS, Side.EW):
        top: BestCall | None = None
        for seat in (s for s in SEATS if s.side is side):
            for trump in trumps:
                for alone in (False, True):
                    t = tricks(seat, trump, alone)
                    net = _net(rules, side, alone, t)
                    if top is None or net > top.points:
                        top = BestCall(side, seat, trump, alone, t, net)
        assert top is not None
        best.append(top)
    return tuple(calls), tuple(best)


def _trumps(rules: Rules) -> list[Suit | None]:
    """The trumps a call may name: each suit, and no trump (None) under the house rule
    ``allow_no_trump`` (RULES.md house rules), at every table."""
    return [*Suit, None] if rules.allow_no_trump else list(Suit)


def _net(rules: Rules, side: Side, alone: bool, tricks: int) -> int:
    pts = hand_points(rules, side, alone, None, tricks)
    mine, theirs = (pts[0], pts[1]) if side is Side.NS else (pts[1], pts[0])
    return mine - theirs


def _partners(record: Record, maker: int, trump: Suit | None,
              dealt: Hands) -> list[tuple[bool, int | None]]:
    """The partnerships the maker could have at a table of n: (alone by choice, partner or
    None). Five-handed: each seat holding a card not of the trump suit he could name (at no
    trump any card: VARIANTS.md five-handed, house rule allow_no_trump), or alone
    (naming a card in no other hand scores as alone too, so it is not listed apart); elsewhere
    he is alone by the table's law, not by choice."""
    if not record.table.called_partner:
        return [(False, None)]
    out: list[tuple[bool, int | None]] = []
    for seat, hand in dealt.items():
        if seat != maker and any(effective_suit(c, trump) is not trump for c in hand):
            out.append((False, seat))
    return out + [(True, None)]   # alone last: at equal points the partnership is shown


def _seat_net(points: tuple[int, ...], maker: int, makers: frozenset[int]) -> int:
    """The maker's points less the most any opponent of his (a seat not of the makers) scores."""
    return points[maker] - max((p for s, p in enumerate(points) if s not in makers), default=0)


def table_calls(record: Record, deal: Deal, maker: int,
                dealt: Hands) -> tuple[tuple[CallValue, ...], tuple[BestCall, ...]]:
    """At a table of n: each trump the record's maker could have made (with his best partner,
    or alone), and each player's best call."""
    table, rules = record.table, record.rules
    turned_suit = _turned_suit(deal)   # a turned joker: the suit the dealer named, as at four
    round_one = made_in_round_one(deal)
    cache: dict[tuple[object, ...], CallTricks] = {}

    def value(seat: int, trump: Suit | None, partner: int | None,
              above: int | None, search: bool = True) -> tuple[int, int] | None:
        """The call's tricks and the seat's net points when the net beats ``above`` (None:
        any), else None. The search asks first whether the tricks reach the fewest that would
        beat it (a yes/no question, which a call far below answers cheaply), and solves the
        call exactly only when they do; ``search`` False: only a call already solved."""
        makers = frozenset({seat} if partner is None else {seat, partner})
        call = cache.get((trump, makers))
        if call is None:
            call = cache[trump, makers] = CallTricks(
                deal, rules, dealt, trump, makers, (), table.eldest(deal.dealer),
                trump is turned_suit, deal.dealer in makers)
        if not search and call.low < call.high:
            return None
        lone = table.maker_alone or partner is None
        side = (seat,) if partner is None else (seat, partner)

        def net(t: int) -> int:
            return _seat_net(seat_points(table, rules, record.options, side, lone, t)[0], seat, makers)

        if above is not None:
            beating = [t for t in range(call.low, call.high + 1) if net(t) > above]
            if not beating or not call.reaches(beating[0]):
                return None
        t = call.exact()
        return (t, net(t)) if above is None or net(t) > above else None

    def best_of(seat: int, trumps: Sequence[Suit | None]) -> tuple[Suit | None, bool, int, int]:
        """The seat's best call of ``trumps`` (trump, alone, tricks, net): the first, in the
        order of the trumps and of :func:`_partners`, of those with the most net points. The
        calls already solved give a floor first (the best nets at least as much), so a call
        that cannot reach it is not solved."""
        options = [(trump, alone, partner) for trump in trumps
                   for alone, partner in _partners(record, seat, trump, dealt)]
        solved = [found[1] for trump, _, partner in options
                  if (found := value(seat, trump, partner, None, search=False)) is not None]
        top: tuple[Suit | None, bool, int, int] | None = None
        for trump, alone, partner in options:
            above = top[3] if top is not None else max(solved) - 1 if solved else None
            found = value(seat, trump, partner, above)
            if found is not None:
                top = (trump, alone, *found)
        assert top is not None
        return top

    calls = []
    for trump in _trumps(rules):
        _, alone, t, net = best_of(maker, [trump])
        allowed, why = _allowed(rules, trump, alone, round_one, turned_suit, maker == deal.dealer, False)
        calls.append(CallValue(trump, alone, t, net, allowed, why))
    best = [BestCall(None, seat, *best_of(seat, _trumps(rules))) for seat in range(table.seats)]
    return tuple(calls), tuple(best)


def _allowed(rules: Rules, trump: Suit | None, alone: bool, round_one: bool,
             turned_suit: Suit | None, dealer: bool, dealer_partner: bool) -> tuple[bool, str]:
    """Whether the bidding allowed the maker this call when he made his (``dealer``: he is the
    dealer; ``dealer_partner``: the dealer's partner, four-handed)."""
    if round_one:
        if trump is not turned_suit:
            return False, "round 1: only the turned suit may be made trump"
        if rules.canadian and dealer_partner and not alone:
            return False, "round 1: the dealer's partner who accepts must play alone (house rule canadian)"
        return True, "round 1: the turned suit"
    if trump is turned_suit and trump is not None:
        return False, "round 2: the turned-down suit may not be named"
    if dealer and rules.stick_the_dealer:
        return True, "round 2: stick the dealer, so he had to name a suit"
    return True, "round 2: any suit but the turned-down one"
