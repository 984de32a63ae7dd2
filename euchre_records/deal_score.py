"""The score of one deal once its tricks are known (played out, claimed, or written as a
result-only deal's result), at every table: one score and one result for the deal walk and the
result-only path (issue 32). Pure: no I/O.

Contracts:

- :func:`made_by` gives the deal's sides (:class:`Made`) from who made trump: at four the
  partnerships (``model.four_handed_sides``: a lone hand's partner and a lone defender's sit
  out), at n the maker (and at five the holder of his called card) against the rest; the lone
  hand, and the sides as the revoke laws read them (``revokes.RevokeTable``).
- :func:`score_deal` gives the hand's own points (``scoring.hand_value``, the table's points
  table, to the sides' score columns: (N-S, E-W) at four, one per seat at n), none where a
  revoke's penalty replaces them (rule ``revoke_hand_scores``) or by the house rule
  ``fast_break`` (the penalties stand), and the penalties. At four the laws that change a played
  deal's score apply after (``laws.score_adjustments``: a lone hand abandoned, a wrong number of
  cards found late ...); at n those laws are refused by the loader (docs/TABLES.md), so none
  applies.
- :func:`made_result` builds the deal's :class:`~euchre_records.model.DealResult` from those;
  :func:`unplayed_result` that of a deal nobody made trump in (void, thrown in, stopped).
"""

from __future__ import annotations

from operator import add
from typing import NamedTuple, Sequence, cast

from .cards import Card, Seat, Side, Suit
from .house_rules import fast_break, fast_break_note
from .laws import score_adjustments
from .model import (AnySeat, Deal, DealResult, Finding, Points, Record, Scores,
                    four_handed_sides)
from .revokes import RevokeTable, Revokes
from .rules import Rules
from .scoring import hand_value
from .table import SeatIndex, Table, VariantOptions

__all__ = ["Made", "made_by", "DealScore", "score_deal", "made_result", "unplayed_result",
           "tricks_by_side", "ZERO_SCORES"]


class Made(NamedTuple):
    """Who made trump in one deal and the sides it made (see module): ``lone`` the lone hand
    for the score (at two and three the maker always plays alone; at five also when nobody
    holds his called card), ``revokes`` the sides as score columns, ``called``, ``partner``
    and ``partner_known`` the five-handed called card, its holder and whether the record tells
    him (None, None, True elsewhere). (A named tuple: made for every deal replayed in detail,
    the cheapest immutable value.)"""

    maker: AnySeat
    trump: Suit | None
    lone: bool
    defender_alone: Seat | None
    makers: tuple[int, ...]        # seats: ``Seat`` values at four, indexes at n
    defenders: tuple[int, ...]
    revokes: RevokeTable
    options: VariantOptions = VariantOptions()   # the variant's (the points of its hands)
    called: Card | None = None
    partner: SeatIndex | None = None
    partner_known: bool = True


def made_by(record_or_table: Record | Table, maker: AnySeat, trump: Suit | None, alone: bool,
            defender_alone: Seat | None = None, called: Card | None = None,
            partner: SeatIndex | None = None, partner_known: bool = True) -> Made:
    """The sides of a deal ``maker`` made (see module): at four the table suffices, at n the
    record names the revoke findings' players."""
    if type(record_or_table) is Table and record_or_table.fixed_sides:   # the hot path of four
        key = (maker, trump, alone, defender_alone)
        made = _FOUR_MADE.get(key)
        if made is None:   # (the few there can be, made once)
            makers, defenders = four_handed_sides(maker, alone, defender_alone)
            made = _FOUR_MADE[key] = Made(maker, trump, alone, defender_alone, makers, defenders,
                                          RevokeTable.partnerships(maker, alone))
        return made
    record = cast(Record, record_or_table)   # a table of n names its players
    table = record.table
    lone = alone or table.maker_alone or (table.called_partner and partner is None)
    seats: tuple[int, ...] = (maker,) if partner is None else (maker, partner)
    return Made(maker, trump, lone, None, seats, tuple(s for s in range(table.seats) if s not in seats),
                RevokeTable.made(record, seats, lone), record.options, called, partner, partner_known)


_FOUR_MADE: dict[tuple[AnySeat, Suit | None, bool, Seat | None], Made] = {}
"""The four-handed deal's sides by (maker, trump, alone, lone defender)."""


class DealScore(NamedTuple):
    """A deal's score: the hand's points and the penalties (one per score column), the laws'
    findings and the house rules' notes (a named tuple: made for every deal replayed in
    detail, the cheapest immutable value)."""

    hand: Scores
    penalty: Scores
    findings: tuple[Finding, ...]
    notes: tuple[str, ...]


def score_deal(table: Table, rules: Rules, deal: Deal, number: int, where: str, made: Made,
               maker_tricks: int | None, winners: Sequence[AnySeat], found: Revokes,
               took_up: bool) -> DealScore:
    """The score of a deal at any table (see module); ``maker_tricks`` None: an unfinished
    deal settled by law whose outcome is not yet certain (the hand scores nothing);
    ``winners`` the tricks' winners as played (none for a result-only deal: no fast break can
    be seen); ``found`` its revokes (``revokes.revoke_findings`` with ``made.revokes``).

    A revoke's penalty replaces the hand's points unless ``revoke_hand_scores``: at four when
    a revoke is charged (``Revokes.hand_scores``), at n when a charge moved points (a penalty
    of 0 points leaves the hand its points there, as it always has)."""
    sides = made.revokes
    zero = ZERO_SCORES[table.seats]
    hand = zero
    if maker_tricks is not None:
        _, value, to_makers = hand_value(table, rules, made.options, made.lone,
                                         made.defender_alone is not None, maker_tricks)
        hand = sides.sides.points(sides.maker_side if to_makers else 1 - sides.maker_side, value)
    if not found.hand_scores if table.fixed_sides else (
            not rules.revoke_hand_scores and any(any(f.points) for f in found.findings)):
        hand = zero
    notes: tuple[str, ...] = ()
    if rules.fast_break and maker_tricks is not None and fast_break(made.makers, winners, maker_tricks):
        hand = zero   # the hand only: penalties stand (docs/RULES.md "House rules")
        notes = (fast_break_note(number),)
    if not table.fixed_sides:
        return DealScore(hand, found.penalty, (), notes)
    adjusted = score_adjustments(deal, rules, number, where, made.maker, made.lone, made.defender_alone,
                                 maker_tricks, hand, took_up)   # type: ignore[arg-type]
    penalty = (tuple(map(add, found.penalty, adjusted.penalty)) if any(adjusted.penalty)
               else found.penalty)
    return DealScore(adjusted.hand, penalty, tuple(adjusted.findings), notes)


def made_result(deal: Deal, number: int, made: Made, leaders: tuple[AnySeat, ...],
                winners: tuple[AnySeat, ...], tricks: Scores, maker_tricks: int, hand: Scores,
                penalty: Scores, findings: tuple[Finding, ...], notes: tuple[str, ...],
                no_trump: bool = False, unfinished: bool = False) -> DealResult:
    """The :class:`~euchre_records.model.DealResult` of a deal made by ``made.maker`` at any
    table: ``tricks`` by side at four (``()`` at n), the points the hand's and the penalties."""
    return DealResult(   # (by position: made for every deal, the cheapest call)
        number, deal.kind, deal.dealer, deal.turned, made.trump, made.maker, made.lone,
        made.defender_alone, False, leaders, winners, tricks, hand, penalty,
        tuple(map(add, hand, penalty)) if any(penalty) else hand, findings, False, None, None,
        notes, unfinished, no_trump, made.makers, made.defenders,  # type: ignore[arg-type]
        maker_tricks, made.called, made.partner, made.partner_known)  # type: ignore[arg-type]


def unplayed_result(table: Table, number: int, deal: Deal, findings: tuple[Finding, ...] = (),
                    thrown_in: bool = False, redeal: bool = False, void: str | None = None,
                    next_dealer: int | None = None, notes: tuple[str, ...] = (),
                    unfinished: bool = False) -> DealResult:
    """The :class:`~euchre_records.model.DealResult` of a deal nobody made trump in, at any
    table: void, thrown in, or stopped in the bidding; nothing scored (tricks by side ``(0, 0)``
    at four, ``()`` at n)."""
    zero = ZERO_SCORES[table.seats]
    return DealResult(number, deal.kind, deal.dealer, deal.turned, None, None, False, None,
                      thrown_in, (), (), zero if table.fixed_sides else (), zero, zero, zero,
                      findings, redeal, void, next_dealer, notes, unfinished)  # type: ignore[arg-type]


ZERO_SCORES = {n: (0,) * (2 if n == 4 else n) for n in range(2, 8)}
"""A table's zero score, by its seats: (N-S, E-W) at four, one per seat at n."""


def tricks_by_side(maker: Seat, maker_tricks: int, played: int = 5) -> Points:
    """A four-handed deal's tricks (N-S, E-W) from the makers' ``maker_tricks`` of ``played``."""
    rest = played - maker_tricks
    return (maker_tricks, rest) if maker.side is Side.NS else (rest, maker_tricks)
