"""Double-dummy analysis of a record at a table of two, three or five (VARIANTS.md; issue 32):
the same questions as :mod:`.analysis` asks of a four-handed record, on the same solver.

Sides are made per deal: the maker, and the partner where there is one, against the rest. Every
hand is seen, so the five-handed partner is the seat whose hand at the start of play holds the
called card (none when it is undealt, was discarded or is the maker's own: the maker is alone).

Contract: :func:`analyse_table_record` replays the record (raising what
:func:`~.table_replay.replay_table` raises) and returns a :class:`~.analysis.RecordAnalysis`
whose seats are the table's indexes 0 .. n-1 (``tokens`` "0" .. "n-1") and whose points are one
per player, with one :class:`~.analysis.DealAnalysis` per deal:

- a deal whose hands at the start of play are known (dealt, the dealer's discard applied, or
  inferred completely from five played tricks) gets its value: the makers' tricks with best
  play by all, and the points they would score (:func:`~.scoring.seat_points`); every card
  played gets the makers' tricks before and after it and its cost, as four-handed;
- a deal whose dealt hands are known gets its calls: for each trump (and, five-handed, alone or
  with each partner the maker could have called), the maker's net points had he made that call,
  whether the bidding allowed it, and the best call of each player;
- any other deal has ``known`` False and a ``reason``.

The adapter reads only the record's deals and the replay's leaders, winners, maker and makers:
the positions themselves are :class:`~.double_dummy.DoubleDummy`'s (int seats, a side of seats).
"""

from __future__ import annotations

from typing import Mapping, Sequence

from .analysis import (
    BestCall, CallValue, DealAnalysis, PlayerAccuracy, RecordAnalysis, _plays,
)
from .cards import Card, Suit, effective_suit
from .double_dummy import DoubleDummy
from .model import CallKind, DealKind
from .rules import Rules
from .table import Table, VariantOptions
from .table_model import TableDeal, TableDealResult, TableRecord, TableReplay
from .table_replay import replay_table
from .scoring import seat_points as hand_points

__all__ = ["analyse_table_record", "analyse_table_deal"]

def analyse_table_record(record: TableRecord, result: TableReplay | None = None) -> RecordAnalysis:
    """Analyse every deal of ``record`` (see the module docstring)."""
    if result is None:
        result = replay_table(record)
    n = record.table.seats
    deals = tuple(analyse_table_deal(record, d, r) for d, r in zip(record.deals, result.deals))
    names = dict(record.players)
    players = []
    for seat in range(n):
        mine = [p for d in deals for p in d.plays if p.seat == seat]
        player = names.get(seat)
        players.append(PlayerAccuracy(seat, player.name if player else None, len(mine),
                                      sum(1 for p in mine if p.cost), sum(p.cost for p in mine)))
    return RecordAnalysis(deals, tuple(players), tokens=tuple(str(s) for s in range(n)))


def analyse_table_deal(record: TableRecord, deal: TableDeal, result: TableDealResult,
                       calls: bool = True) -> DealAnalysis:
    """Analyse one replayed deal of a table of n (``calls`` False: the play alone)."""
    number = result.number
    why = _not_played(deal, result)
    if why is not None:
        return DealAnalysis(number, False, why)
    maker, trump = result.maker, result.trump
    assert maker is not None and trump is not None
    table, rules, options = record.table, record.rules, record.options
    n = table.seats
    order = [[((leader + j) % n, c) for j, c in enumerate(trick.cards)]
             for trick, leader in zip(deal.tricks, result.leaders)]
    start = _start_hands(deal, n, order)
    dealt = _dealt_hands(deal, n, order)
    call_values: tuple[CallValue, ...] = ()
    best_calls: tuple[BestCall, ...] = ()
    calls_reason = dealt if isinstance(dealt, str) else None
    if not isinstance(dealt, str) and calls:
        call_values, best_calls = _calls(table, rules, options, deal, maker, trump, dealt)
    taken = result.maker_tricks
    if isinstance(start, str):
        return DealAnalysis(number, False, start, trump, maker, result.alone, taken=taken,
                            scored=result.points, calls=call_values, calls_reason=calls_reason,
                            best_calls=best_calls)
    makers = _makers(table, maker, deal.called, start)
    lone = table.maker_alone or len(makers) == 1

    def points_of(tricks: int) -> tuple[int, ...]:
        return hand_points(table, rules, options, tuple(sorted(makers, key=lambda s: s != maker)),
                           lone, tricks)[0]
    solver = DoubleDummy(start, trump, makers)
    plays, revokes = _plays(solver, start, order, result.winners, trump, makers, points_of,
                            result.points)
    first = order[0][0][0] if order else table.eldest(deal.dealer)
    tricks = plays[0].before if plays else solver.tricks(start, first)
    return DealAnalysis(number, True, None, trump, maker, result.alone, tricks, points_of(tricks),
                        taken, result.points, plays, call_values, calls_reason, best_calls, revokes)


def _makers(table: Table, maker: int, called: Card | None,
            start: Mapping[int, Sequence[Card]]) -> frozenset[int]:
    """The making side as the hands show it: the maker, and the holder of the called card."""
    if table.called_partner and called is not None:
        for seat, hand in start.items():
            if called in hand and seat != maker:
                return frozenset({maker, seat})
    return frozenset({maker})


def _not_played(deal: TableDeal, result: TableDealResult) -> str | None:
    if result.void is not None:
        return f"the deal was void ({result.void})"
    if result.unfinished:
        return "the record stops inside this deal"
    if result.thrown_in:
        return "the deal was thrown in: no trump was made"
    if deal.kind is DealKind.RESULT:
        return "only the outcome is recorded, not the hands"
    if deal.kind is DealKind.POINTS:
        return "only the points are recorded, not the hands"
    if result.no_trump:
        return ("a no-trump deal (house rule allow_no_trump): the analysis at this table is of "
                "trump deals")
    return None


def _taken(deal: TableDeal) -> bool:
    return any(c.kind in (CallKind.ORDER, CallKind.TAKE) for c in deal.calls)


_EXCHANGED = ("cards were exchanged with the kitty before the bidding (house rules farmers, "
              "go_under): the hands as dealt are not the hands bid and played")


def _start_hands(deal: TableDeal, n: int,
                 order: list[list[tuple[int, Card]]]) -> dict[int, list[Card]] | str:
    """Each seat's cards at the start of play, or why they are not known."""
    played: dict[int, list[Card]] = {s: [] for s in range(n)}
    for trick in order:
        for seat, c in trick:
            played[seat].append(c)
    if len(order) == 5:
        return played
    if deal.exchanges:
        return _EXCHANGED
    if deal.hands is None:
        return (f"the hands are inferred from the plays, and only {len(order)} of the 5 tricks "
                "were played")
    if any(c is None for h in deal.hands for c in h):
        return "some cards of the hands are unknown"
    hands = {s: [c for c in deal.hands[s] if c is not None] for s in range(n)}
    if _taken(deal) and deal.turned is not None:
        if deal.discard is None:
            return "the dealer's discard is not recorded and the play stops before the fifth trick"
        hands[deal.dealer] = [c for c in hands[deal.dealer] + [deal.turned] if c is not deal.discard]
    for s in range(n):
        if not set(played[s]) <= set(hands[s]):
            return f"seat {s}'s cards played are not all in his recorded hand"
    return hands


def _dealt_hands(deal: TableDeal, n: int,
                 order: list[list[tuple[int, Card]]]) -> dict[int, list[Card]] | str:
    """The hands as dealt (before the turned card is taken), or why they are not known."""
    if deal.exchanges:
        return _EXCHANGED
    if deal.hands is not None and all(c is not None for h in deal.hands for c in h):
        return {s: [c for c in deal.hands[s] if c is not None] for s in range(n)}
    if deal.hands is not None:
        return "some cards of the hands are unknown"
    if len(order) != 5:
        return "the hands are inferred from the plays, and not every trick was played"
    hands: dict[int, list[Card]] = {s: [] for s in range(n)}
    for trick in order:
        for seat, c in trick:
            hands[seat].append(c)
    if _taken(deal):
        if deal.discard is None or deal.turned is None:
            return "the dealer's discard is not recorded, so his dealt hand is not known"
        if deal.turned not in hands[deal.dealer]:
            return "the dealer's dealt hand is not known"
        hands[deal.dealer] = [c for c in hands[deal.dealer] if c is not deal.turned] + [deal.discard]
    return hands


# --- the calls -------------------------------------------------------------------------------

def _partners(table: Table, maker: int, trump: Suit,
              dealt: Mapping[int, Sequence[Card]]) -> list[tuple[bool, int | None]]:
    """The partnerships the maker could have: (alone by choice, partner or None). Five-handed:
    each seat holding a card not of the trump suit he could name, or alone (naming a card in
    no other hand scores as alone too, so it is not listed apart); elsewhere he is alone by the
    table's law, not by choice."""
    if not table.called_partner:
        return [(False, None)]
    out: list[tuple[bool, int | None]] = []
    for seat, hand in dealt.items():
        if seat != maker and any(effective_suit(c, trump) is not trump for c in hand):
            out.append((False, seat))
    return out + [(True, None)]   # alone last: at equal points the partnership is shown


def _net(points: tuple[int, ...], maker: int, makers: frozenset[int]) -> int:
    """The maker's points less the most any opponent of his (a seat not of the makers) scores."""
    return points[maker] - max((p for s, p in enumerate(points) if s not in makers), default=0)


def _calls(table: Table, rules: Rules, options: VariantOptions, deal: TableDeal, maker: int,
           made: Suit, dealt: Mapping[int, Sequence[Card]]
           ) -> tuple[tuple[CallValue, ...], tuple[BestCall, ...]]:
    """Each call the record's maker could have made, and each player's best call, with best
    play (the dealer discarding his best card when the turned card is taken)."""
    n = table.seats
    turned = deal.turned
    turned_suit = turned.suit if turned is not None else None
    round_one = _taken(deal)
    cache: dict[tuple[object, ...], int] = {}

    def tricks(seat: int, trump: Suit, makers: frozenset[int]) -> int:
        took_up = trump is turned_suit
        key = (trump, makers)
        got = cache.get(key)
        if got is None:
            hands = {s: list(dealt[s]) for s in range(n)}
            options_ = [hands]
            layout = hands
            if took_up and turned is not None:
                six = hands[deal.dealer] + [turned]
                keep = None if rules.turned_card_discard else turned
                options_ = [{**hands, deal.dealer: [c for c in six if c is not d]}
                            for d in six if d is not keep]
                layout = {**hands, deal.dealer: six}
            solver = DoubleDummy(layout, trump, makers)
            leader = table.eldest(deal.dealer)
            values = [solver.tricks(h, leader) for h in options_]
            got = cache[key] = max(values) if deal.dealer in makers else min(values)
        return got

    def value(seat: int, trump: Suit, alone: bool, partner: int | None) -> tuple[int, int]:
        makers = frozenset({seat} if partner is None else {seat, partner})
        t = tricks(seat, trump, makers)
        lone = table.maker_alone or partner is None
        side = (seat,) if partner is None else (seat, partner)
        return t, _net(hand_points(table, rules, options, side, lone, t)[0], seat, makers)

    calls = []
    suits = list(Suit)
    for trump in suits:
        best_t, best_net, best_alone = -1, None, False
        for alone, partner in _partners(table, maker, trump, dealt):
            t, net = value(maker, trump, alone, partner)
            if best_net is None or net > best_net:
                best_t, best_net, best_alone = t, net, alone
        assert best_net is not None
        allowed, why = _allowed(rules, trump, round_one, turned_suit, maker == deal.dealer)
        calls.append(CallValue(trump, best_alone, best_t, best_net, allowed, why))
    best = []
    for seat in range(n):
        top: BestCall | None = None
        for trump in suits:
            for alone, partner in _partners(table, seat, trump, dealt):
                t, net = value(seat, trump, alone, partner)
                if top is None or net > top.points:
                    top = BestCall(None, seat, trump, alone, t, net)
        assert top is not None
        best.append(top)
    return tuple(calls), tuple(best)


def _allowed(rules: Rules, trump: Suit, round_one: bool, turned_suit: Suit | None,
             dealer: bool) -> tuple[bool, str]:
    """Whether the bidding allowed the maker this call when he made his."""
    if round_one:
        if trump is not turned_suit:
            return False, "round 1: only the turned suit may be made trump"
        return True, "round 1: the turned suit"
    if trump is turned_suit:
        return False, "round 2: the turned-down suit may not be named"
    if dealer and rules.stick_the_dealer:
        return True, "round 2: stick the dealer, so he had to name a suit"
    return True, "round 2: any suit but the turned-down one"
