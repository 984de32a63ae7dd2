"""The score of one deal once its tricks are known (played out, claimed, or written as a
result-only deal's result): one tail for the deal walk and the result-only path at each table
(issue 32). Pure: no I/O.

Contracts: :func:`partnership_score` (the table of four) and :func:`seat_score` (a table of 2, 3
or 5) give the hand's own points (the preset's points table: ``scoring.hand_points`` by side,
``scoring.seat_points`` per seat), none where a revoke's penalty replaces them (rule
``revoke_hand_scores``) or by the house rule ``fast_break`` (the penalties stand), and the
penalties. At four the laws that change a played deal's score apply after
(``laws.score_adjustments``: a lone hand abandoned, a wrong number of cards found late ...); at n
those laws are refused by the loader (docs/TABLES.md), so none applies.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import Seat, Side, Suit
from .house_rules import fast_break, fast_break_note
from .laws import score_adjustments
from .model import Deal, DealKind, DealResult, Finding, Points, Record, Scores, seat_deal_result
from .revokes import Revokes
from .rules import Rules
from .scoring import add_scores, hand_points, seat_points
from .table import SeatIndex

__all__ = ["PartnershipScore", "partnership_score", "seat_score", "tricks_by_side"]


class PartnershipScore(NamedTuple):
    """A four-handed deal's score: the hand's points and the penalties (N-S, E-W), the
    adjustments' findings and the house rules' notes (a named tuple: made for every deal
    replayed in detail, the cheapest immutable value)."""

    hand: Points
    penalty: Points
    findings: tuple[Finding, ...]
    notes: tuple[str, ...]


def partnership_score(deal: Deal, rules: Rules, number: int, where: str, maker: Seat, alone: bool,
                      defender_alone: Seat | None, maker_tricks: int | None,
                      winners: tuple[Seat, ...] | list[Seat], found: Revokes,
                      took_up: bool) -> PartnershipScore:
    """The score of a four-handed deal (see module); ``maker_tricks`` None: an unfinished deal
    settled by law whose outcome is not yet certain (the hand scores nothing); ``winners`` the
    tricks' winners as played (none for a result-only deal: no fast break can be seen)."""
    penalty = found.penalty
    hand = (hand_points(rules, maker.side, alone, defender_alone, maker_tricks)
            if maker_tricks is not None else (0, 0))
    if not found.hand_scores:
        hand = (0, 0)
    notes: tuple[str, ...] = ()
    if (rules.fast_break and maker_tricks is not None
            and fast_break((maker, maker.partner), winners, maker_tricks)):
        hand = (0, 0)
        notes = (fast_break_note(number),)
    adjusted = score_adjustments(deal, rules, number, where, maker, alone, defender_alone,
                                 maker_tricks, hand, took_up)
    penalty = (penalty[0] + adjusted.penalty[0], penalty[1] + adjusted.penalty[1])
    return PartnershipScore(adjusted.hand, penalty, tuple(adjusted.findings), notes)


def seat_score(record: Record, deal: Deal, number: int, maker: SeatIndex, trump: Suit | None,
               lone: bool, makers: tuple[SeatIndex, ...], defenders: tuple[SeatIndex, ...],
               partner: SeatIndex | None, partner_known: bool, leaders: tuple[SeatIndex, ...],
               winners: tuple[SeatIndex, ...], maker_tricks: int,
               findings: list[tuple[Finding, Scores]], notes: tuple[str, ...],
               no_trump: bool = False) -> DealResult:
    """The per-seat :class:`~euchre_records.model.DealResult` of a deal at a table of n scored
    (see module): each finding with the points it moved, the penalty their sum."""
    table, rules = record.table, record.rules
    n = table.seats
    hand, _ = seat_points(table, rules, record.options, makers, lone, maker_tricks)
    penalty: Scores = (0,) * n
    for _, points in findings:
        penalty = add_scores(penalty, points)
    if any(any(p) for _, p in findings) and not rules.revoke_hand_scores:
        hand = (0,) * n
    if rules.fast_break and fast_break(makers, winners, maker_tricks):
        hand = (0,) * n   # the hand only: penalties stand (docs/RULES.md "House rules")
        notes = notes + (fast_break_note(number),)
    return seat_deal_result(number, deal.kind, deal.dealer, trump, maker, lone, makers, defenders,
                            deal.called if deal.kind is not DealKind.RESULT else
                            (deal.outcome.called if deal.outcome else None),
                            partner, partner_known, False, leaders, winners, maker_tricks, hand,
                            penalty, add_scores(hand, penalty), tuple(f for f, _ in findings),
                            notes=notes, no_trump=no_trump, turned=deal.turned)


def tricks_by_side(maker: Seat, maker_tricks: int) -> Points:
    """A four-handed deal's tricks (N-S, E-W) from the makers' ``maker_tricks`` of five."""
    return (maker_tricks, 5 - maker_tricks) if maker.side is Side.NS else (5 - maker_tricks, maker_tricks)
