"""Result-only deals: what most club scoresheets hold (maker, alone, tricks, revoke claims).

They score exactly as played deals do: revokes come from ``revoke-claimed`` events (the
offender's seat), since there are no cards to search, and the laws that change a score (a wrong
number of cards, a lone hand abandoned, the lone player's partner exposing a card ...) apply as
recorded. Events that concern single calls or cards (calls or leads out of turn, exposed cards,
claims) cannot be checked without them: they are kept as notes.
"""

from __future__ import annotations

from typing import Sequence

from .cards import JOKER, SEATS
from .errors import InconsistentRecord
from .laws import score_adjustments
from .model import Deal, DealResult, IrregularityKind, four_handed_sides
from .revokes import RevokeTable, revoke_findings
from .rules import JokerUpcard, Rules
from .scoring import hand_points

__all__ = ["replay_outcome", "unchecked_notes", "thrown_in_redeal"]

_NEEDS_PLAY = (IrregularityKind.REVOKE_CORRECTED, IrregularityKind.LEAD_OUT_OF_TURN,
                IrregularityKind.PLAY_OUT_OF_TURN, IrregularityKind.EXPOSED_CARD,
                IrregularityKind.CALLED_CARD, IrregularityKind.CLAIM, IrregularityKind.CONCESSION,
                IrregularityKind.CALL_OUT_OF_TURN, IrregularityKind.TURNED_SUIT_NAMED)


def unchecked_notes(deal: Deal, number: int, words: Sequence[str]) -> tuple[str, ...]:
    """The notes of a result-only deal's irregularities that concern single calls or cards
    (``words[seat]`` names a seat: ``N``, ``seat 1``): they cannot be checked without them. One
    for every table (issue 32)."""
    return tuple(
        f"deal {number}: the {e.kind.value}" + (f" by {words[e.seat]}" if e.seat is not None else "")
        + " is recorded; without the calls and cards it cannot be checked (a penalty it led to is "
          "recorded as a revoke claim)"
        for e in deal.irregularities if e.kind in _NEEDS_PLAY)


def thrown_in_redeal(deal: Deal, rules: Rules, where: str) -> bool:
    """A result-only deal with no maker (thrown in): whether it is the joker's redeal; under
    stick the dealer a deal cannot be thrown in (the preset's rule on sticking the dealer),
    :class:`~euchre_records.errors.InconsistentRecord` at ``result.maker``. One for every table
    (issue 32)."""
    redeal = deal.turned is JOKER and rules.joker_upcard is JokerUpcard.REDEAL
    if rules.stick_the_dealer and not redeal:
        raise InconsistentRecord("under stick-the-dealer a deal cannot be thrown in: the dealer "
                                 f"must name a suit ({rules.cite('stick_the_dealer')})",
                                 f"{where}.result.maker")
    return redeal


_SEAT_NAMES = tuple(s.name for s in SEATS)


def replay_outcome(deal: Deal, rules: Rules, number: int, where: str) -> DealResult:
    """Score a result-only deal. Raises InconsistentRecord for an impossible outcome."""
    outcome = deal.outcome
    if outcome is None:
        raise InconsistentRecord("a result-only deal needs its result", f"{where}.result")
    unchecked = unchecked_notes(deal, number, _SEAT_NAMES)
    if outcome.maker is None:
        redeal = thrown_in_redeal(deal, rules, where)
        return DealResult(number, deal.kind, deal.dealer, deal.turned, None, None, False, None, True,
                          (), (), (0, 0), (0, 0), (0, 0), (0, 0), (), redeal, notes=unchecked)
    maker = outcome.maker
    if not 0 <= outcome.tricks <= 5:
        raise InconsistentRecord(f"the makers took {outcome.tricks} tricks; a deal has 5",
                                 f"{where}.result.tricks")
    if outcome.defender_alone is not None:
        if not rules.defend_alone:
            raise InconsistentRecord(f"these rules forbid defending alone ({rules.cite('defend_alone')})",
                                     f"{where}.result.defender_alone")
        if outcome.defender_alone.side is maker.side:
            raise InconsistentRecord("the lone defender must be an opponent of the maker",
                                     f"{where}.result.defender_alone")
    revokes = revoke_findings(deal, rules, number, where,   # the claims, as recorded
                              RevokeTable.partnerships(maker, outcome.alone), outcome.trump, None, {})
    findings, penalty = list(revokes.findings), revokes.penalty
    hand = hand_points(rules, maker.side, outcome.alone, outcome.defender_alone, outcome.tricks)
    if not revokes.hand_scores:
        hand = (0, 0)
    adjusted = score_adjustments(deal, rules, number, where, maker, outcome.alone,
                                 outcome.defender_alone, outcome.tricks, hand, True)
    hand = adjusted.hand
    findings.extend(adjusted.findings)
    penalty = (penalty[0] + adjusted.penalty[0], penalty[1] + adjusted.penalty[1])
    tricks = (outcome.tricks, 5 - outcome.tricks) if maker.side.value == "NS" else (5 - outcome.tricks, outcome.tricks)
    makers, defenders = four_handed_sides(maker, outcome.alone, outcome.defender_alone)
    return DealResult(number, deal.kind, deal.dealer, deal.turned, outcome.trump, maker, outcome.alone,
                      outcome.defender_alone, False, (), (), tricks, hand, penalty,
                      (hand[0] + penalty[0], hand[1] + penalty[1]), tuple(findings), notes=unchecked,
                      makers=makers, defenders=defenders, maker_tricks=outcome.tricks)
