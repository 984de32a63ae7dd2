"""Laws that void a deal or change its score: misdeals and new deals, a deal out of turn, a wrong
number of cards, a dealer who played before discarding, a lone hand abandoned by an opponent,
and the lone player's partner exposing a card.

Contracts: :func:`void_ruling` rules a deal the laws make void at any table (or None; the
result is worded per table by ``deal.replay_in_detail``); and
:func:`score_adjustments` turns the hand's points as played into the points the laws give.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .cards import Seat, Side
from .errors import InconsistentRecord
from .model import (
    MISDEAL_CAUSES, NEW_DEAL_CAUSES, Deal, Finding, FindingKind, Irregularity,
    IrregularityKind, Points,
)
from .rules import BeforeDiscard, Rules, WrongCards
from .scoring import hand_outcome, side_points

__all__ = ["void_ruling", "Adjusted", "score_adjustments", "events_of", "settled_by_law",
           "stopped_deal_text", "out_of_turn_text", "five_cards_text"]

_VOIDING = (IrregularityKind.MISDEAL, IrregularityKind.NEW_DEAL, IrregularityKind.DEAL_OUT_OF_TURN,
            IrregularityKind.WRONG_NUMBER_OF_CARDS)


def events_of(deal: Deal, kind: IrregularityKind) -> list[tuple[int, Irregularity]]:
    """(index, event) for every irregularity of ``kind`` in the deal."""
    return [(i, e) for i, e in enumerate(deal.irregularities) if e.kind is kind]


def void_ruling(deal: Deal, rules: Rules, number: int, where: str, words: Sequence[str],
                left: Sequence[int], no_points: tuple[int, ...]) -> tuple[str, int, Finding] | None:
    """The laws that void a deal, one for every table (issue 32): (why: ``misdeal``, ``new
    deal``, ``deal out of turn``, ``wrong number of cards``; who deals next; the finding) or None
    when the deal is played. ``words[seat]`` names a seat (``N``, ``seat 1``), ``left[seat]`` is
    the seat on its left (the table's seats), ``no_points`` what the finding moves (``(0, 0)``
    at four, ``()`` at n). A misdeal passes the deal where the preset says so (Somerset 43-44:
    not when the opponents caused it, ``deals-again``), a new deal is dealt by the same dealer
    unless the opponents let it stand (Somerset 35), a deal out of turn stopped before the turn-up
    goes to the rightful dealer (Somerset 40). Raises
    :class:`~euchre_records.errors.InconsistentRecord` for a cause the laws do not know or a
    stopped deal without the rightful dealer."""
    for i, e in enumerate(deal.irregularities):
        if e.kind not in _VOIDING:
            continue
        at = f"{where}.irregularities[{i}]"
        dealer = deal.dealer
        name = words[dealer]
        if e.kind is IrregularityKind.MISDEAL:
            if e.cause not in MISDEAL_CAUSES:
                raise InconsistentRecord(f"a misdeal's cause is one of {', '.join(MISDEAL_CAUSES)}, "
                                         f"not {e.cause!r}", at + ".cause")
            keeps = e.election == "deals-again"   # Somerset 43-44: the opponents caused it
            loses = rules.misdeal_loses_deal and not keeps
            nxt = left[dealer] if loses else dealer
            why = {"wrong-count": "not five cards to each player",
                   "packets": "the packets were not 2 then 3, or 3 then 2"}[e.cause]
            text = (f"deal {number}: misdeal by {name} ({why}) — "
                    + (f"the deal passes to {words[nxt]}" if loses else f"{name} deals again")
                    + f" ({rules.cite('misdeal')})")
            return "misdeal", nxt, _finding(text, rules.cite("misdeal"), number, dealer, "misdeal",
                                            points=no_points)
        if e.kind is IrregularityKind.NEW_DEAL:
            if e.cause not in NEW_DEAL_CAUSES:
                raise InconsistentRecord(f"a new deal's cause is one of {', '.join(NEW_DEAL_CAUSES)}, "
                                         f"not {e.cause!r}", at + ".cause")
            if e.election == "stands":
                continue   # Somerset 35: the opponents let the deal stand; the card cannot be called
            text = (f"deal {number}: new deal by the same dealer {name} ({e.cause.replace('-', ' ')}; "
                    f"scores already made stand) ({rules.cite('new_deal')})")
            return "new deal", dealer, _finding(text, rules.cite("new_deal"), number, dealer,
                                                          "new deal", points=no_points)
        if e.kind is IrregularityKind.DEAL_OUT_OF_TURN:
            if e.election != "stopped":
                continue   # found after the trump card was turned: the deal stands (Somerset 40)
            rightful = e.seat
            if rightful is None:
                raise InconsistentRecord("a stopped deal out of turn needs the seat whose deal it was",
                                         at + ".seat")
            text = stopped_deal_text(number, name, words[rightful], rules)
            return "deal out of turn", rightful, _finding(
                text, rules.cite("deal_out_of_turn"), number, dealer, "stopped", points=no_points)
        if (e.kind is IrregularityKind.WRONG_NUMBER_OF_CARDS
                and rules.wrong_cards is WrongCards.REDEAL_OR_NOTHING and (e.trick or 1) <= 1):
            who = words[e.seat] if e.seat is not None else "a player"
            text = (f"deal {number}: {who} held {e.count if e.count is not None else 'the wrong number of'} "
                    f"cards, found before the first trick was quitted — {name} deals again "
                    f"({rules.cite('wrong_cards')})")
            return "wrong number of cards", dealer, _finding(
                text, rules.cite("wrong_cards"), number, e.seat, "redeal", points=no_points)
    return None


def stopped_deal_text(number: int, dealer: str, rightful: str, rules: Rules) -> str:
    """A deal out of turn stopped before the trump card was turned (Somerset 40): void, the
    rightful dealer deals. ``dealer`` and ``rightful`` as the record names them, at any table."""
    return (f"deal {number}: {dealer} dealt out of turn and was stopped before the trump card was "
            f"turned — {rightful} deals ({rules.cite('deal_out_of_turn')})")


def out_of_turn_text(number: int, dealer: str, expected: str, stopped: bool, rules: Rules) -> str:
    """A deal the record says was dealt out of turn (``expected`` was to deal): stopped, or found
    after the trump card was turned and standing (Somerset 40), at any table."""
    return (f"deal {number}: {dealer} dealt out of turn ({expected} was to deal)"
            + ("" if stopped else f"; found after the trump card was turned, the deal stands "
               f"({rules.cite('deal_out_of_turn')})"))


def five_cards_text(number: int, dealer: str, rules: Rules) -> str:
    """A dealer who played before discarding plays his five dealt cards, without the turned card
    (Hoyle; ``played_before_discard: five-cards``), at any table."""
    return (f"deal {number}: the dealer {dealer} played before discarding — he plays his five "
            f"dealt cards without the turned card ({rules.cite('played_before_discard')})")


def _finding(text: str, rule: str, number: int, seat: int | None, status: str,
             trick: int | None = None, points: tuple[int, ...] = (0, 0)) -> Finding:
    return Finding(FindingKind.IRREGULARITY, text, rule, number, trick, seat, status=status, points=points)


def settled_by_law(deal: Deal, rules: Rules, maker: Seat, alone: bool) -> bool:
    """Whether the laws settle the deal even though not all five tricks were played."""
    for e in deal.irregularities:
        if e.kind is IrregularityKind.WRONG_NUMBER_OF_CARDS:
            return True
        if (e.kind is IrregularityKind.HAND_THROWN_DOWN and alone and e.seat is not None
                and e.seat.side is not maker.side):
            return True
    return False


@dataclass(frozen=True, slots=True)
class Adjusted:
    hand: Points
    penalty: Points
    findings: tuple[Finding, ...]


def score_adjustments(deal: Deal, rules: Rules, number: int, where: str, maker: Seat, alone: bool,
                      defender_alone: Seat | None, maker_tricks: int | None, hand: Points,
                      dealer_took_up: bool) -> Adjusted:
    """Apply the laws that change a played deal's score. ``maker_tricks`` is None when the
    tricks were not all played (the hand's own points are then unknown and count nothing)."""
    findings: list[Finding] = []
    penalty: Points = (0, 0)
    if maker_tricks is None:
        hand = (0, 0)
    for i, e in enumerate(deal.irregularities):
        at = f"{where}.irregularities[{i}]"
        if e.kind in (IrregularityKind.WRONG_NUMBER_OF_CARDS, IrregularityKind.PLAYED_BEFORE_DISCARD):
            if e.seat is None:
                raise InconsistentRecord("the offender's seat is needed", at + ".seat")
            offenders = e.seat.side
            if e.kind is IrregularityKind.PLAYED_BEFORE_DISCARD:
                if e.seat is not deal.dealer or not dealer_took_up:
                    raise InconsistentRecord("only a dealer who took up the turned card can play "
                                             "before discarding", at)
                if rules.played_before_discard is BeforeDiscard.FIVE_CARDS:
                    findings.append(_finding(
                        five_cards_text(number, e.seat.name, rules),
                        rules.cite("played_before_discard"), number, e.seat, "five cards", e.trick))
                    continue
                what = f"the dealer {e.seat.name} played before discarding"
                rule = rules.cite("played_before_discard")
            else:
                what = (f"{e.seat.name} held {e.count} cards" if e.count is not None
                        else f"{e.seat.name} held the wrong number of cards")
                rule = rules.cite("wrong_cards")
            if rules.wrong_cards is WrongCards.FORFEIT or e.kind is IrregularityKind.PLAYED_BEFORE_DISCARD:
                size = rules.wrong_cards_forfeit_lone if alone else rules.wrong_cards_forfeit
                moved = side_points(offenders.other, size)
                penalty = (penalty[0] + moved[0], penalty[1] + moved[1])
                text = (f"{offenders.label} forfeit {size} points to {offenders.other.label} and score "
                        f"nothing made on the hand")
            else:
                moved = (0, 0)
                text = f"{offenders.label} score nothing for the deal"
            hand = (0, hand[1]) if offenders is Side.NS else (hand[0], 0)
            findings.append(_finding(f"deal {number}: {what} — the deal stands; {text} ({rule})",
                                     rule, number, e.seat, "forfeit" if any(moved) else "no score",
                                     e.trick, moved))
        elif e.kind is IrregularityKind.HAND_THROWN_DOWN:
            if e.seat is None:
                raise InconsistentRecord("the seat that threw down its cards is needed", at + ".seat")
            if alone and e.seat.side is not maker.side:
                rule = rules.cite("lone_abandoned")
                hand = side_points(maker.side, rules.lone_abandoned)
                findings.append(_finding(
                    f"deal {number}: {e.seat.name}, an opponent of the lone hand, threw his cards down "
                    f"or failed to play — the lone side scores {rules.lone_abandoned} ({rule})",
                    rule, number, e.seat, "lone hand scores", e.trick, hand))
            else:
                rule = rules.cite("hand_thrown_down")
                findings.append(_finding(
                    f"deal {number}: {e.seat.name} threw his cards face up — they are exposed and may "
                    f"be called ({rule})", rule, number, e.seat, "exposed", e.trick))
        elif e.kind is IrregularityKind.LONE_PARTNER_EXPOSED:
            if not alone or e.seat is not maker.partner:
                raise InconsistentRecord("a lone player's partner exposing a card needs a lone hand and "
                                         "the partner's seat", at)
            rule = rules.cite("lone_partner_exposed")
            limit = rules.lone_partner_exposed_march
            if limit is None:
                findings.append(_finding(
                    f"deal {number}: {e.seat.name}, partner of the lone player, exposed a card — these "
                    f"rules give no penalty ({rule})", rule, number, e.seat, "no law", e.trick))
            elif maker_tricks == 5:
                hand = side_points(maker.side, min(limit, rules.lone_march))
                findings.append(_finding(
                    f"deal {number}: {e.seat.name}, partner of the lone player, exposed a card — the lone "
                    f"march scores only {min(limit, rules.lone_march)} ({rule})", rule, number, e.seat,
                    "march limited", e.trick))
            else:
                name, _, _ = hand_outcome(rules, alone, defender_alone is not None, maker_tricks or 0)
                findings.append(_finding(
                    f"deal {number}: {e.seat.name}, partner of the lone player, exposed a card — "
                    f"{name}: scored as usual ({rule})", rule, number, e.seat, "no effect", e.trick))
    return Adjusted(hand, penalty, tuple(findings))
