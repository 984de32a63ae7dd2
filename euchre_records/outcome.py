"""Result-only deals: what most club scoresheets hold (maker, alone, tricks, revoke claims).

They score exactly as played deals do: revokes come from ``revoke-claimed`` events (the
offender's seat), since there are no cards to search, and the laws that change a score (a wrong
number of cards, a lone hand abandoned, the lone player's partner exposing a card ...) apply as
recorded. Events that concern single calls or cards (calls or leads out of turn, exposed cards,
claims) cannot be checked without them: they are kept as notes. One path at every table
(:func:`replay_outcome`, issue 32): at n the sides are the maker and the called card's holder as
recorded against the rest, each player of a side scoring its points (``deal_score.score_deal``).
"""

from __future__ import annotations

from typing import Sequence

from .card_places import seat_words
from .cards import JOKER
from .deal_score import made_by, made_result, score_deal, tricks_by_side, unplayed_result
from .errors import InconsistentRecord
from .model import Deal, DealResult, IrregularityKind, Record
from .revokes import revoke_findings
from .rules import JokerUpcard, Rules
from .table import Table

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


def replay_outcome(record_or_table: Record | Table, deal: Deal, rules: Rules, number: int,
                   where: str) -> DealResult:
    """Score a result-only deal at any table (the one result-only path, issue 32): the
    unchecked irregularities noted, a thrown-in deal, the sides (N-S and E-W at four; at n the
    maker and the holder of his called card, if recorded, against the rest), the revoke claims
    (``revokes.revoke_findings`` with no cards) and the one score of the table
    (``deal_score``). At four the table suffices; at n the record (``rules`` are its own).
    Raises InconsistentRecord for an impossible outcome."""
    table = record_or_table.table if isinstance(record_or_table, Record) else record_or_table
    outcome = deal.outcome
    if outcome is None:
        raise InconsistentRecord("a result-only deal needs its result", f"{where}.result")
    unchecked = unchecked_notes(deal, number, seat_words(table))
    if outcome.maker is None:
        redeal = thrown_in_redeal(deal, rules, where) and table.fixed_sides   # (no redeal flag at n)
        return unplayed_result(table, number, deal, thrown_in=True, redeal=redeal, notes=unchecked)
    if not 0 <= outcome.tricks <= 5:
        raise InconsistentRecord(f"the makers took {outcome.tricks} tricks; a deal has 5",
                                 f"{where}.result.tricks")
    notes = list(unchecked)
    maker = outcome.maker
    if outcome.defender_alone is not None:
        if not rules.defend_alone:
            raise InconsistentRecord(f"these rules forbid defending alone ({rules.cite('defend_alone')})",
                                     f"{where}.result.defender_alone")
        if outcome.defender_alone.side is maker.side:
            raise InconsistentRecord("the lone defender must be an opponent of the maker",
                                     f"{where}.result.defender_alone")
    if table.called_partner and not outcome.alone and outcome.called is None:
        raise InconsistentRecord("the maker who does not go alone names a card not of the trump "
                                 "suit (or say \"alone\": true)", f"{where}.result.called")
    partner_known = outcome.called is None or outcome.partner_stated
    if not partner_known:
        notes.append(f"deal {number}: who held the called card {outcome.called.name} is not "  # type: ignore[union-attr]
                     "recorded: the maker is scored as alone")
    made = made_by(record_or_table, maker, outcome.trump, outcome.alone, outcome.defender_alone,
                   outcome.called, outcome.partner, partner_known)
    found = revoke_findings(deal, rules, number, where, made.revokes,   # the claims, as recorded
                            outcome.trump, None, {})
    score = score_deal(table, rules, deal, number, where, made, outcome.tricks, (), found, True)
    tricks = tricks_by_side(maker, outcome.tricks) if table.fixed_sides else ()
    return made_result(deal, number, made, (), (), tricks, outcome.tricks, score.hand,
                       score.penalty, found.findings + score.findings, (*notes, *score.notes))

