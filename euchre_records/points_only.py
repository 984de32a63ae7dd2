"""Points-only deals: a sheet that keeps only the points each side scored in a deal.

Contracts (docs/FORMAT.md "Points-only deals", docs/RULES.md):

- :func:`played_points` — every (N-S, E-W) pair one deal can score under ``rules`` with no
  irregularity, each with the ways it arises (a make, a march, a lone hand, a euchre, a lone
  defender's euchre; a deal thrown in or void; the house rules' fast break and fourth token).
  It is derived from the scoring code itself (:func:`~euchre_records.scoring.hand_outcome`, the
  points table of the rules), never from a second table.
- :func:`revoke_points` — the further pairs that one or two revoke penalties make possible
  (:func:`~euchre_records.scoring.revoke_penalties`: the penalty's size, lone or not, added or
  deducted, the election, cancelling, and whether the hand still scores), each with one way.
- :func:`law_points` — the further pairs other laws that change a score make possible (a lone
  hand abandoned by an opponent, a lone march after the partner exposed a card).
- :func:`replay_points` — a points-only deal's :class:`~euchre_records.model.DealResult`: it
  scores the points as written (they count in games, rubbers, scoresheet checks, standings and
  ratings like any deal). A pair that no deal can score, nor one with one or two revokes or
  another law, is a ``scoresheet`` finding citing the points table: the record keeps what the
  scorer wrote (a slip of the pen on a sheet is the scorer's, as a wrong running total is), and is
  not refused. A pair possible only with a revoke or another law is a note, not a finding. Every
  result notes what the sheet cannot show and the engine cannot check: who made trump, alone or
  not, the tricks, revokes and other irregularities, and whether the deal was dealt correctly.

>>> from euchre_records.rules import preset
>>> sorted(p for p in played_points(preset("modern")) if p[1] == 0)
[(0, 0), (1, 0), (2, 0), (4, 0)]
>>> (3, 0) in revoke_points(preset("modern"))
False
"""

from __future__ import annotations

from itertools import product

from .cards import Seat, Side
from .errors import InconsistentRecord
from .model import Deal, DealResult, Finding, FindingKind, Points
from .rules import Election, JokerUpcard, Rules
from .scoring import RevokeCharge, hand_outcome, revoke_penalties, side_column, side_points

__all__ = ["played_points", "revoke_points", "law_points", "replay_points", "points_text",
           "REVOKES_CONSIDERED"]

REVOKES_CONSIDERED = 2
"""Revoke charges in one deal that :func:`revoke_points` considers (one or two, by either side)."""

_LONE_DEFENDER = {Side.NS: Seat.E, Side.EW: Seat.N}   # a seat of the makers' opponents


def points_text(points: Points) -> str:
    """A pair as a scorer says it: "3 points to N-S", "1 point to E-W", "N-S 3, E-W 2", "no points"."""
    ns, ew = points
    if ns == 0 and ew == 0:
        return "no points"
    if ew == 0 or ns == 0:
        side, n = (Side.NS, ns) if ew == 0 else (Side.EW, ew)
        return f"{n} point{'' if n == 1 else 's'} to {side.label}"
    return f"N-S {ns}, E-W {ew}"


def _add(a: Points, b: Points) -> Points:
    return (a[0] + b[0], a[1] + b[1])


def _hands(rules: Rules) -> list[tuple[Side, bool, bool, int]]:
    """Every way a deal can be played out: (makers' side, alone, a lone defender, makers' tricks)."""
    defenders = (False, True) if rules.defend_alone else (False,)
    return list(product((Side.NS, Side.EW), (False, True), defenders, range(6)))


def _hand_values(rules: Rules, side: Side, alone: bool, lone_defender: bool, tricks: int,
                 ) -> list[tuple[Points, str]]:
    """The hand's own points (before penalties) of one way of playing, with the house rules'
    alternatives: a fast break (0 to both) and a fourth token (1 more)."""
    name, value, to_makers = hand_outcome(rules, alone, lone_defender, tricks)
    scorer = side if to_makers else side.other
    topic = {"lone march": "lone_march", "march": "march", "lone hand euchred": "lone_euchred"}.get(
        name, "score")
    base = side_points(scorer, value)
    text = (f"{name}: {side.label} made trump{' alone' if alone else ''}"
            f"{'' if to_makers else ', ' + scorer.label + ' score'} ({rules.cite(topic)})")
    out = [(base, text)]
    if rules.fast_break and tricks == 3:
        out.append(((0, 0), f"a fast break: {side.label} made trump and took only the last three "
                            "tricks (house rule fast_break, EGN 1.4 alternate rules)"))
    if rules.four_trick_tokens and not alone and tricks == 4 and value > 0:
        out.append((_add(base, side_points(side, 1)),
                    f"{name} with {side.label}'s fourth four-trick token (house rule "
                    "four_trick_tokens, EGN 1.4 alternate rules)"))
    return out


def played_points(rules: Rules) -> dict[Points, tuple[str, ...]]:
    """Every pair one deal can score with no irregularity -> the ways it arises (see module)."""
    ways: dict[Points, list[str]] = {}
    ways.setdefault((0, 0), []).append(f"a misdeal or a new deal: void ({rules.cite('misdeal')})")
    if not rules.stick_the_dealer or (rules.joker and rules.joker_upcard is JokerUpcard.REDEAL):
        ways[(0, 0)].append(f"thrown in: all passed ({rules.cite('thrown_in')})")
    for side, alone, lone_defender, tricks in _hands(rules):
        for points, text in _hand_values(rules, side, alone, lone_defender, tricks):
            found = ways.setdefault(points, [])
            if text not in found:
                found.append(text)
    return {p: tuple(w) for p, w in ways.items()}


def _elections(rules: Rules) -> tuple[Election | None, ...]:
    return (Election.ADD, Election.DEDUCT, Election.HAND) if rules.revoke_election else (None,)


def revoke_points(rules: Rules) -> dict[Points, str]:
    """The pairs one or two revoke charges make possible that :func:`played_points` lacks ->
    one way each, scored by :func:`~euchre_records.scoring.revoke_penalties` as a replay does."""
    plain = played_points(rules)
    out: dict[Points, str] = {}
    for side, alone, lone_defender, tricks in _hands(rules):
        for hand, how in _hand_values(rules, side, alone, lone_defender, tricks):
            for count in range(1, REVOKES_CONSIDERED + 1):
                for offenders in product((Side.NS, Side.EW), repeat=count):
                    for elections in product(_elections(rules), repeat=count):
                        charges = [RevokeCharge(side_column(o), alone, alone and o is not side, e)
                                   for o, e in zip(offenders, elections)]
                        outcomes = revoke_penalties(rules, charges)
                        penalty: Points = (0, 0)
                        for o in outcomes:
                            penalty = _add(penalty, o.pair)
                        scored = hand
                        if not rules.revoke_hand_scores and any(
                                o.how in ("added", "deducted") for o in outcomes):
                            scored = (0, 0)
                        points = _add(scored, penalty)
                        if points in plain or points in out:
                            continue
                        by = " and ".join(f"a revoke by {o.label}" for o in offenders)
                        out[points] = (f"{by} ({rules.cite('revoke_penalty')}) in a deal that was "
                                       f"otherwise {how}")
    return out


def law_points(rules: Rules) -> dict[Points, str]:
    """Further pairs other laws that change a deal's score make possible -> one way each."""
    plain = played_points(rules)
    out: dict[Points, str] = {}
    for side in (Side.NS, Side.EW):
        candidates = [(side_points(side, rules.lone_abandoned),
                       f"a lone hand of {side.label} whose opponent threw his cards down or failed "
                       f"to play ({rules.cite('lone_abandoned')})")]
        if rules.lone_partner_exposed_march is not None:
            candidates.append((side_points(side, min(rules.lone_partner_exposed_march, rules.lone_march)),
                               f"a lone march by {side.label} after the lone player's partner "
                               f"exposed a card ({rules.cite('lone_partner_exposed')})"))
        for points, text in candidates:
            if points not in plain and points not in out:
                out[points] = text
    return out


def _single_values(pairs: dict[Points, tuple[str, ...]]) -> str:
    values = sorted({max(p) for p in pairs if min(p) == 0 and max(p) > 0})
    if not values:
        return "no points"
    return ", ".join(map(str, values[:-1])) + (" or " if len(values) > 1 else "") + str(values[-1])


def _cannot_check(number: int) -> str:
    return (f"deal {number}: only the points are recorded: who made trump, whether alone, the "
            "tricks, revokes and other irregularities, and whether the deal was dealt correctly "
            "cannot be checked")


def replay_points(deal: Deal, rules: Rules, number: int, where: str) -> DealResult:
    """Score a points-only deal as written, with a finding for a pair no deal can score (see
    module). Raises InconsistentRecord only for a deal without its points."""
    points = deal.points
    if points is None:
        raise InconsistentRecord("a points-only deal needs its points", f"{where}.points")
    plain = played_points(rules)
    notes = [_cannot_check(number)]
    findings: list[Finding] = []
    text = points_text(points)
    if points in plain:
        notes.append(f"deal {number}: {text} is possible as {'; or '.join(plain[points])}")
    else:
        revoked = revoke_points(rules)
        lawful = law_points(rules)
        if points in revoked:
            notes.append(f"deal {number}: {text} is possible only with a revoke penalty — "
                         f"{revoked[points]}; the sheet cannot show it")
        elif points in lawful:
            notes.append(f"deal {number}: {text} is possible only under a law on irregularities — "
                         f"{lawful[points]}; the sheet cannot show it")
        else:
            rule = rules.cite("score")
            findings.append(Finding(
                FindingKind.SCORESHEET,
                f"deal {number}: {text} is not a possible score of one deal under {rules.name} "
                f"rules ({rule}: a deal scores {_single_values(plain)} to one side), nor with one "
                f"or two revokes ({rules.cite('revoke_penalty')}); scored as written",
                rule, number, recorded=points))
    return DealResult(number, deal.kind, deal.dealer, None, None, None, False, None, False,
                      (), (), (0, 0), points, (0, 0), points, tuple(findings),
                      notes=tuple(notes))
