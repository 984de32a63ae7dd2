"""Who deals next, whether the recorded dealer is that seat, and the note of a game of a fixed
number of deals: the deal passing of a record, written once for every table (issue 32).

Contracts, at a table of any size (seats as ``Table.token`` writes them: ``N E S W`` at four,
``0 .. n-1`` otherwise):

- :func:`dealer_findings`: the deal passes to the left (Somerset 41, ``deal_passes``) unless
  the laws of the deal before say who deals next (a void deal, a redeal: ``next_dealer`` /
  ``redeal`` of its result); the finding of each deal whose recorded dealer is not that seat,
  citing the rule: a deal the record says was dealt out of turn (Somerset 40,
  ``deal_out_of_turn``; stopped or standing), or a wrong dealer (``deal_passes``). Either way
  the rotation goes on from the recorded dealer. The replay of the table places the finding
  (:func:`reported_first`).
- :func:`dealer_after`: who deals the deal after one replayed deal, by the same rule (the
  pages' next dealer of a sitting; :func:`dealer_findings` runs it inline, once per deal).
- :func:`no_winner_note`: a finished game of ``fixed_deals`` deals has no winner (EGN 1.4
  ``num_deals``), with each scoring column's points.

The words of the wrong-dealer finding and whether a finding carries moved points are the
table's (a table of four names the seat and scores ``(0, 0)``; a table of n says "seat 1" and
gives ``()``), as released: the texts are pinned (tests/golden/pinned).
"""

from __future__ import annotations

from collections.abc import Sequence

from .laws import out_of_turn_text
from .model import (
    Deal,
    DealResult,
    Finding,
    FindingKind,
    IrregularityKind,
    Scores,
)
from .rules import Rules
from .table import SeatIndex, Table

__all__ = ["dealer_after", "dealer_findings", "no_winner_note", "reported_first"]

_LEFT: dict[int, tuple[SeatIndex, ...]] = {}
"""By table size: the seat on each seat's left (the deal passes to it)."""


def dealer_after(table: Table, result: DealResult) -> SeatIndex:
    """Who deals next after the deal replayed to ``result``: the seat its laws name
    (``next_dealer``: a void deal), the same dealer after a redeal (``redeal``, four-handed),
    else the dealer's left (Somerset 41): the rule :func:`dealer_findings` holds each deal to."""
    if result.next_dealer is not None:
        return result.next_dealer
    if result.redeal:
        return result.dealer
    return (result.dealer + 1) % table.seats


def dealer_findings(table: Table, rules: Rules, deals: Sequence[Deal],
                    results: Sequence[DealResult]) -> list[tuple[int, Finding]]:
    """(index, finding) of every deal of the record dealt by another seat than the one the deal
    passed to (after the deal before it, as its ``results[i - 1]`` says), in deal
    order; ``results`` one per deal. One pass over the record, no call for a deal dealt by its
    rightful dealer (the common case: the four-handed replay's speed)."""
    found: list[tuple[int, Finding]] = []
    left = _LEFT.get(table.seats) or _LEFT.setdefault(
        table.seats, tuple((s + 1) % table.seats for s in range(table.seats)))
    expected: SeatIndex | None = None
    for i, deal in enumerate(deals):
        dealer = deal.dealer
        if dealer != expected and expected is not None:
            found.append((i, _dealt_by_another(table, rules, deal, i + 1, expected)))
        result = results[i]
        stated = result.next_dealer
        expected = (stated if stated is not None else
                    dealer if result.redeal else left[dealer])
    return found


def _out_of_turn(deal: Deal) -> tuple[bool, bool]:
    """(the record states a deal out of turn, one of them was stopped)."""
    events = [e for e in deal.irregularities if e.kind is IrregularityKind.DEAL_OUT_OF_TURN]
    return bool(events), any(e.election == "stopped" for e in events)


def _dealt_by_another(table: Table, rules: Rules, deal: Deal, number: int,
                      expected: SeatIndex) -> Finding:
    """The finding for deal ``number`` (1-based), dealt by another seat than ``expected``."""
    dealer = deal.dealer
    fixed = table.fixed_sides
    moved: Scores = (0, 0) if fixed else ()   # the points the finding moved: none
    who = table.token(dealer) if fixed else f"seat {table.token(dealer)}"
    rightful = table.token(expected) if fixed else f"seat {table.token(expected)}"
    out_of_turn, stopped = _out_of_turn(deal)
    if out_of_turn:
        return Finding(FindingKind.IRREGULARITY,
                       out_of_turn_text(number, who, rightful, stopped, rules),
                       rules.cite("deal_out_of_turn"), number, seat=dealer, status="out of turn",
                       points=moved)
    rule = rules.cite("deal_passes")
    text = (f"deal {number}: dealt by {who}, but the deal passes to {rightful} ({rule}); replayed "
            f"with {who} as dealer" if fixed else
            f"deal {number}: {who} dealt; {rightful} should have (the deal passes to the left, {rule})")
    return Finding(FindingKind.WRONG_DEALER, text, rule, number, seat=dealer, points=moved)


def reported_first(table: Table, finding: Finding) -> bool:
    """Whether the dealer's finding comes before the deal's own findings: always at four, and for
    a deal out of turn at a table of n (a wrong dealer comes after them there, as released)."""
    return table.fixed_sides or finding.kind is FindingKind.IRREGULARITY


def no_winner_note(game: int, fixed: int, points: str) -> str:
    """The note of finished game ``game`` of ``fixed`` deals: no winner; ``points`` each
    column's points in the game as the table writes them ("N-S 5, E-W 3", "seat 0 4, ...")."""
    return (f"game {game}: a game of {fixed} deal{'s' if fixed != 1 else ''} has no winner (EGN 1.4: "
            f"games set to num_deals count points, not wins); {points}")
