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
- :func:`replay_points` — a points-only deal's :class:`~euchre_records.model.DealResult` at any
  table (``columns`` None at four, the table's :class:`SeatColumns` at n): it
  scores the points as written (they count in games, rubbers, scoresheet checks, standings and
  ratings like any deal). A pair that no deal can score, nor one with one or two revokes or
  another law, is a ``scoresheet`` finding citing the points table: the record keeps what the
  scorer wrote (a slip of the pen on a sheet is the scorer's, as a wrong running total is), and is
  not refused. A pair possible only with a revoke or another law is a note, not a finding. Every
  result notes what the sheet cannot show and the engine cannot check: who made trump, alone or
  not, the tricks, revokes and other irregularities, and whether the deal was dealt correctly.
- :func:`check_points` — those notes and that finding for any score, read by
  :func:`replay_points`, the one points-only path of every table (issue 32).

Every function takes the score's columns: none for the four-handed (N-S, E-W) pair, or a
:class:`SeatColumns` for a table where each player scores for himself (one entry per seat). There
the ways a deal can go are the variant's making sides (one seat alone at two and three; one seat
alone or any two at five), each scored by :func:`~euchre_records.scoring.hand_value` for the
variant and each revoke by :func:`~euchre_records.scoring.revoke_penalties` with that deal's
sides; no other law changes a score at those tables (docs/TABLES.md "Points-only deals per
player").

>>> from euchre_records.rules import preset
>>> sorted(p for p in played_points(preset("modern")) if p[1] == 0)
[(0, 0), (1, 0), (2, 0), (4, 0)]
>>> (3, 0) in revoke_points(preset("modern"))
False
>>> from euchre_records.table import table_for, VariantOptions
>>> cutthroat = SeatColumns(table_for(3), VariantOptions(), "VARIANTS.md")
>>> sorted(p for p in played_points(preset("modern"), cutthroat) if p[0] == p[1] == 0)
[(0, 0, 0), (0, 0, 1), (0, 0, 3)]
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, product
from typing import cast

from .cards import Side
from .errors import InconsistentRecord
from .model import Deal, DealResult, Finding, FindingKind, Points, seat_deal_result
from .rules import Election, JokerUpcard, Rules
from .scoring import (
    DealSides, RevokeCharge, Scores, add_scores, hand_outcome, hand_value, revoke_penalties,
    side_points,
)
from .table import Table, VariantOptions

__all__ = ["played_points", "revoke_points", "law_points", "replay_points", "points_text",
           "REVOKES_CONSIDERED", "SeatColumns", "check_points"]

REVOKES_CONSIDERED = 2
"""Revoke charges in one deal that :func:`revoke_points` considers (one or two, by either side)."""

@dataclass(frozen=True, slots=True)
class SeatColumns:
    """The score columns of a table of two, three or five, where each player scores for himself:
    one column per seat (docs/TABLES.md). Given to the functions of this module in place of the
    four-handed (N-S, E-W) columns. ``cite`` names the source of the variant's scoring
    (``deal.VARIANT_CITES``)."""

    table: Table
    options: VariantOptions
    cite: str

    def who(self, seats: tuple[int, ...]) -> str:
        """"seat 1", "seats 0 and 2", "seats 0, 2 and 4"."""
        tokens = [self.table.token(s) for s in seats]
        if len(tokens) == 1:
            return f"seat {tokens[0]}"
        return "seats " + ", ".join(tokens[:-1]) + " and " + tokens[-1]


@dataclass(frozen=True, slots=True)
class _Way:
    """One way a deal can be played out: its two sides as score columns (the makers' first) and
    their names, alone or not, a lone defender, the makers' tricks, the sides that may revoke
    (an index into ``sides.sides`` and a name) in the order they are considered, and whether a
    revoke is charged at the lone-hand rate (at a table of n only the five-handed lone maker's
    hand is a lone hand, as ``revokes.revoke_findings`` charges it)."""

    sides: DealSides
    makers: str
    defenders: str
    alone: bool
    lone_defender: bool
    tricks: int
    offenders: tuple[tuple[int, str], ...]
    revoke_lone: bool


def _columns(columns: SeatColumns | None) -> int:
    return 2 if columns is None else columns.table.seats


def points_text(points: Scores, columns: SeatColumns | None = None) -> str:
    """Points as a scorer says them. Four-handed: "3 points to N-S", "1 point to E-W", "N-S 3,
    E-W 2", "no points"; at a table of n: "3 points to seat 1", "2 points to each of seats 0 and
    2", "-2 points to seat 1", "seat 0 1, seat 1 0, seat 2 3"."""
    if not any(points):
        return "no points"
    if columns is None:
        ns, ew = points
        if ew == 0 or ns == 0:
            side, n = (Side.NS, ns) if ew == 0 else (Side.EW, ew)
            return f"{n} point{'' if n == 1 else 's'} to {side.label}"
        return f"N-S {ns}, E-W {ew}"
    scored = tuple(s for s, p in enumerate(points) if p)
    values = {points[s] for s in scored}
    if len(values) == 1:
        n = values.pop()
        each = "each of " if len(scored) > 1 else ""
        return f"{n} point{'' if n == 1 else 's'} to {each}{columns.who(scored)}"
    return ", ".join(f"{columns.who((s,))} {p}" for s, p in enumerate(points))


def _ways(rules: Rules, columns: SeatColumns | None) -> list[_Way]:
    """Every way a deal can be played out. Four-handed: either side makes trump, alone or not,
    against a lone defender where the rules allow one. At a table of n: the makers are any one
    seat (two- and three-handed, always alone; five-handed, alone or with the called card
    undealt) or, five-handed, any two seats (the maker and the holder of the called card)."""
    out = []
    if columns is None:
        defenders = (False, True) if rules.defend_alone else (False,)
        for side, alone, lone_defender, tricks in product((Side.NS, Side.EW), (False, True),
                                                          defenders, range(6)):
            c = 0 if side is Side.NS else 1
            out.append(_Way(DealSides(2, ((c,), (1 - c,))), side.label, side.other.label, alone,
                            lone_defender, tricks,
                            tuple((0 if o is side else 1, o.label) for o in (Side.NS, Side.EW)),
                            alone))
        return out
    table = columns.table
    sides: list[tuple[tuple[int, ...], bool]] = [((s,), True) for s in table.all_seats]
    if table.called_partner:
        sides += [(pair, False) for pair in combinations(table.all_seats, 2)]
    for makers, alone in sides:
        others = tuple(s for s in table.all_seats if s not in makers)
        m, d = columns.who(makers), columns.who(others)
        for tricks in range(6):
            out.append(_Way(DealSides(table.seats, (makers, others)), m, d, alone, False, tricks,
                            ((0, m), (1, d)), alone and table.called_partner))
    return out


def _hand_values(rules: Rules, way: _Way, columns: SeatColumns | None) -> list[tuple[Scores, str]]:
    """The hand's own points (before penalties) of one way of playing, with the house rules'
    alternatives: a fast break (0 to both) and a fourth token (1 more). At a table of n the
    value is the variant's (:func:`~euchre_records.scoring.hand_value`)."""
    alone, tricks = way.alone, way.tricks
    if columns is None:
        name, value, to_makers = hand_outcome(rules, alone, way.lone_defender, tricks)
        topic = {"lone march": "lone_march", "march": "march",
                 "lone hand euchred": "lone_euchred"}.get(name, "score")
        cite, said_alone = rules.cite(topic), alone
    else:
        name, value, to_makers = hand_value(columns.table, rules, columns.options, alone, False,
                                            tricks)
        cite, said_alone = columns.cite, alone and columns.table.called_partner
    base = way.sides.points(0 if to_makers else 1, value)
    scorer = way.makers if to_makers else way.defenders
    text = (f"{name}: {way.makers} made trump{' alone' if said_alone else ''}"
            f"{'' if to_makers else ', ' + scorer + ' score'} ({cite})")
    out = [(base, text)]
    if rules.fast_break and tricks == 3:
        out.append(((0,) * len(base), f"a fast break: {way.makers} made trump and took only the "
                    "last three tricks (house rule fast_break, EGN 1.4 alternate rules)"))
    if rules.four_trick_tokens and not alone and tricks == 4 and value > 0:
        # four hands: the side's token; at five each maker holds his own (house_rules.Tokens),
        # so either of them, or both at once, may turn his fourth in
        holders = [way.sides.sides[0]] if columns is None else \
            [(s,) for s in way.sides.sides[0]] + [way.sides.sides[0]]
        for seats in holders:
            who = way.makers if columns is None else columns.who(seats)
            out.append((add_scores(base, DealSides(way.sides.columns, (seats, ())).points(0, 1)),
                        f"{name} with {who}'s fourth four-trick token (house rule "
                        "four_trick_tokens, EGN 1.4 alternate rules)"))
    return out


def played_points(rules: Rules, columns: SeatColumns | None = None) -> dict[Scores, tuple[str, ...]]:
    """Every score one deal can give with no irregularity -> the ways it arises (see module):
    (N-S, E-W) pairs, or one entry per seat with ``columns``."""
    zero = (0,) * _columns(columns)
    ways: dict[Scores, list[str]] = {}
    ways.setdefault(zero, []).append(f"a misdeal or a new deal: void ({rules.cite('misdeal')})")
    if not rules.stick_the_dealer or (rules.joker and rules.joker_upcard is JokerUpcard.REDEAL):
        ways[zero].append(f"thrown in: all passed ({rules.cite('thrown_in')})")
    for way in _ways(rules, columns):
        for points, text in _hand_values(rules, way, columns):
            found = ways.setdefault(points, [])
            if text not in found:
                found.append(text)
    return {p: tuple(w) for p, w in ways.items()}


def _elections(rules: Rules, columns: SeatColumns | None) -> tuple[Election | None, ...]:
    """The elections a revoke's non-offenders may make (none recorded at a table of n: the
    rules' ``revoke_to`` decides there)."""
    if columns is None and rules.revoke_election:
        return (Election.ADD, Election.DEDUCT, Election.HAND)
    return (None,)


def revoke_points(rules: Rules, columns: SeatColumns | None = None) -> dict[Scores, str]:
    """The scores one or two revoke charges make possible that :func:`played_points` lacks ->
    one way each, scored by :func:`~euchre_records.scoring.revoke_penalties` as a replay does
    (at a table of n: to, or from, each player of a side, as ``revokes.revoke_findings``
    charges them)."""
    plain = played_points(rules, columns)
    zero = (0,) * _columns(columns)
    out: dict[Scores, str] = {}
    for way in _ways(rules, columns):
        for hand, how in _hand_values(rules, way, columns):
            for count in range(1, REVOKES_CONSIDERED + 1):
                for offenders in product(way.offenders, repeat=count):
                    for elections in product(_elections(rules, columns), repeat=count):
                        charges = [RevokeCharge(o, way.revoke_lone, way.revoke_lone and o == 1, e)
                                   for (o, _), e in zip(offenders, elections)]
                        outcomes = revoke_penalties(rules, charges, way.sides)
                        penalty = zero
                        for outcome in outcomes:
                            penalty = add_scores(penalty, outcome.points)
                        scored = hand
                        if not rules.revoke_hand_scores and any(
                                o.how in ("added", "deducted") for o in outcomes):
                            scored = zero
                        points = add_scores(scored, penalty)
                        if points in plain or points in out:
                            continue
                        labels = [label for _, label in offenders]
                        by = (f"two revokes by {labels[0]}" if len(labels) == 2 and
                              labels[0] == labels[1] and columns is not None else
                              " and ".join(f"a revoke by {label}" for label in labels))
                        out[points] = (f"{by} ({rules.cite('revoke_penalty')}) in a deal that was "
                                       f"otherwise {how}")
    return out


def law_points(rules: Rules, columns: SeatColumns | None = None) -> dict[Scores, str]:
    """Further scores other laws that change a deal's score make possible -> one way each. At a
    table of n none: the laws of irregularities taken there are the revoke, the misdeal and the
    new deal (docs/FORMAT.md "Tables of two, three and five"), which :func:`played_points` and
    :func:`revoke_points` already cover."""
    if columns is not None:
        return {}
    plain = played_points(rules)
    out: dict[Scores, str] = {}
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


def _single_values(pairs: dict[Scores, tuple[str, ...]], columns: SeatColumns | None) -> str:
    if columns is None:
        values = sorted({max(p) for p in pairs if min(p) == 0 and max(p) > 0})
    else:
        values = sorted({v for p in pairs for v in p if v})
    if not values:
        return "no points"
    return ", ".join(map(str, values[:-1])) + (" or " if len(values) > 1 else "") + str(values[-1])



def _cannot_check(number: int) -> str:
    return (f"deal {number}: only the points are recorded: who made trump, whether alone, the "
            "tricks, revokes and other irregularities, and whether the deal was dealt correctly "
            "cannot be checked")


def check_points(points: Scores, rules: Rules, number: int, columns: SeatColumns | None = None,
                 ) -> tuple[tuple[str, ...], str | None, str]:
    """What the rules say of a points-only deal's points (see module): (the notes, the message of
    a ``scoresheet`` finding or None, its rule). ``columns`` None: four-handed (N-S, E-W)."""
    plain = played_points(rules, columns)
    notes = [_cannot_check(number)]
    text = points_text(points, columns)
    if points in plain:
        notes.append(f"deal {number}: {text} is possible as {'; or '.join(plain[points])}")
        return tuple(notes), None, ""
    revoked = revoke_points(rules, columns)
    lawful = law_points(rules, columns)
    if points in revoked:
        notes.append(f"deal {number}: {text} is possible only with a revoke penalty — "
                     f"{revoked[points]}; the sheet cannot show it")
        return tuple(notes), None, ""
    if points in lawful:
        notes.append(f"deal {number}: {text} is possible only under a law on irregularities — "
                     f"{lawful[points]}; the sheet cannot show it")
        return tuple(notes), None, ""
    if columns is None:
        rule = rules.cite("score")
        scores = f"a deal scores {_single_values(plain, columns)} to one side"
        where = f"{rules.name} rules"
    else:
        rule = columns.cite
        scores = (f"a deal scores {_single_values(plain, columns)} to each player of one side, "
                  "the others 0")
        where = f"{rules.name} rules at a table of {columns.table.seats}"
    return tuple(notes), (
        f"deal {number}: {text} is not a possible score of one deal under {where} ({rule}: "
        f"{scores}), nor with one or two revokes ({rules.cite('revoke_penalty')}); scored as "
        "written"), rule


def replay_points(deal: Deal, rules: Rules, number: int, where: str,
                  columns: SeatColumns | None = None) -> DealResult:
    """Score a points-only deal as written, with a finding for points no deal can score (see
    module), at every table (issue 32): ``columns`` None at four (an (N-S, E-W) pair), the
    table's :class:`SeatColumns` at n (one entry per seat, the finding moving no points, ``()``).
    Raises InconsistentRecord only for a deal without its points."""
    points = deal.points
    if points is None:
        raise InconsistentRecord("a points-only deal needs its points", f"{where}.points")
    notes, message, rule = check_points(points, rules, number, columns)
    if columns is None:
        findings = () if message is None else (
            Finding(FindingKind.SCORESHEET, message, rule, number, recorded=points),)
        pair = cast(Points, points)   # a four-handed deal's points are a pair (the loader's check)
        return DealResult(number, deal.kind, deal.dealer, None, None, None, False, None, False,
                          (), (), (0, 0), pair, (0, 0), pair, findings, notes=notes)
    findings = () if message is None else (
        Finding(FindingKind.SCORESHEET, message, rule, number, recorded=points, points=()),)
    return seat_deal_result(number, deal.kind, deal.dealer, None, None, False, (), (), None, None,
                            True, False, (), (), 0, points, (0,) * len(points), points, findings,
                            notes=notes, turned=deal.turned)
