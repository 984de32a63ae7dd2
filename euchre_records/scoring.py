"""Deal scoring: the points table and the revoke penalties, separate from the replay so that the
tests and the docs read one table.

>>> from euchre_records.rules import preset
>>> hand_points(preset("somerset-1888"), Side.NS, alone=True, defender_alone=None, maker_tricks=2)
(0, 4)
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import add

from .cards import Seat, Side
from .model import Points
from .rules import Election, RevokeLone, RevokeTo, Rules
from .table import CutthroatEuchre, Table, Variant, VariantOptions

__all__ = [
    "hand_points", "hand_outcome", "RevokeCharge", "revoke_penalties", "side_points", "charge_text",
    "DealSides", "PARTNERSHIPS", "SideWords", "PARTNERSHIP_WORDS", "side_column", "Scores", "hand_value", "seat_points",
    "add_scores",
]

Scores = tuple[int, ...]
"""Points per column of the score: (N-S, E-W) where sides are fixed, one per seat otherwise."""


def side_points(side: Side, points: int) -> Points:
    """``points`` to ``side`` as an (N-S, E-W) pair."""
    return (points, 0) if side is Side.NS else (0, points)


def hand_outcome(rules: Rules, alone: bool, defender_alone: bool, maker_tricks: int) -> tuple[str, int, bool]:
    """(name of the outcome, points, whether the makers score them) for a played hand."""
    if not 0 <= maker_tricks <= 5:
        raise ValueError(f"makers' tricks must be 0-5, not {maker_tricks}")
    if maker_tricks == 5:
        return ("lone march", rules.lone_march, True) if alone else ("march", rules.march, True)
    if maker_tricks >= 3:
        return ("lone hand made", rules.lone_make, True) if alone else ("made", rules.make, True)
    if defender_alone:
        return ("euchred by a lone defender", rules.lone_defender_euchre, False)
    if alone:
        return ("lone hand euchred", rules.lone_euchred, False)
    return ("euchred", rules.euchre, False)


def hand_value(table: Table, rules: Rules, options: VariantOptions, alone: bool,
               defender_alone: bool, maker_tricks: int) -> tuple[str, int, bool]:
    """(name of the outcome, points, whether they go to the makers) of a played hand at any
    table: one value table, the table's variant choosing its row (RULES.md for four hands,
    VARIANTS.md for two, three and five). The four-handed row is :func:`hand_outcome`. A
    cut-throat maker euchred under ``cutthroat_euchre: maker-minus-2`` loses the points: they go
    to the makers, negative. Five-handed, a lone maker who marches scores 5 (VARIANTS.md).

    >>> from euchre_records.table import table_for
    >>> from euchre_records.rules import preset
    >>> hand_value(table_for(5), preset("modern"), VariantOptions(), True, False, 5)
    ('lone march', 5, True)
    """
    if not 0 <= maker_tricks <= 5:
        raise ValueError(f"makers' tricks must be 0-5, not {maker_tricks}")
    variant = table.variant
    if variant is Variant.FOUR_HANDED:
        return hand_outcome(rules, alone, defender_alone, maker_tricks)
    made = maker_tricks >= 3
    march = maker_tricks == 5
    if variant is Variant.TWO_HANDED:
        value = options.two_handed_march if march else rules.make if made else rules.euchre
    elif variant is Variant.CUTTHROAT:
        value = options.cutthroat_march if march else rules.make if made else rules.euchre
        if not made and options.cutthroat_euchre is CutthroatEuchre.MAKER_MINUS_2:
            return "euchred (maker loses)", -value, True
    elif alone:   # five-handed call your partner, the maker alone
        value = options.call_partner_lone_march if march else rules.lone_make if made else rules.euchre
    else:
        value = rules.march if march else rules.make if made else rules.euchre
    name = "march" if march else "made" if made else "euchred"
    return ("lone " + name if alone and table.called_partner else name), value, made


def seat_points(table: Table, rules: Rules, options: VariantOptions, makers: tuple[int, ...],
                alone: bool, maker_tricks: int) -> tuple[Scores, str]:
    """The hand's own points per seat at a table where each scores for himself (the makers'
    seats against the others', :class:`DealSides`), and the name of the outcome
    (:func:`hand_value`; no lone defender at these tables).

    >>> from euchre_records.table import table_for
    >>> from euchre_records.rules import preset
    >>> seat_points(table_for(3), preset("modern"), VariantOptions(), (1,), True, 2)
    ((2, 0, 2), 'euchred')
    """
    name, value, to_makers = hand_value(table, rules, options, alone, False, maker_tricks)
    defenders = tuple(s for s in range(table.seats) if s not in makers)
    return DealSides(table.seats, (makers, defenders)).points(0 if to_makers else 1, value), name


def hand_points(rules: Rules, maker_side: Side, alone: bool, defender_alone: Seat | None,
                maker_tricks: int) -> Points:
    """The hand's own points as played: march, make or euchre, per the rules' table."""
    _, points, to_makers = hand_outcome(rules, alone, defender_alone is not None, maker_tricks)
    return side_points(maker_side if to_makers else maker_side.other, points)


@dataclass(frozen=True, slots=True)
class DealSides:
    """The two sides of a deal as columns of the score: ``sides[0]`` and ``sides[1]`` the
    columns each side's points go to, ``columns`` how many the score has. Four-handed
    (:data:`PARTNERSHIPS`): the columns (N-S, E-W), one each. At a table where each scores for
    himself: one column per seat, the makers' seats against the others' (docs/TABLES.md)."""

    columns: int
    sides: tuple[tuple[int, ...], tuple[int, ...]]

    def points(self, side: int, points: int) -> Scores:
        """``points`` to each column of ``sides[side]``, 0 to the others."""
        out = [0] * self.columns
        for c in self.sides[side]:
            out[c] = points
        return tuple(out)


PARTNERSHIPS = DealSides(2, ((0,), (1,)))
"""The four-handed game's sides: N-S the column 0, E-W the column 1, fixed for the game."""


def add_scores(a: Scores, b: Scores) -> Scores:
    """Two scores added column by column."""
    return tuple(map(add, a, b))


def side_column(side: Side) -> int:
    """The index of a four-handed side in :data:`PARTNERSHIPS` (N-S 0, E-W 1)."""
    return 0 if side is Side.NS else 1


@dataclass(frozen=True, slots=True)
class RevokeCharge:
    """One revoke to be charged: which side of the deal revoked (0 or 1, an index of the
    :class:`DealSides` the charges are scored with; four-handed :func:`side_column`), whether it
    was against (or by) a lone hand, and the non-offenders' election if the record gives one."""

    offender: int
    in_lone_hand: bool         # the deal is a lone hand
    against_lone: bool         # the offender defends against a lone maker
    election: Election | None = None


@dataclass(frozen=True, slots=True)
class ChargeOutcome:
    """What became of one charge: points moved (one per column of the deal's sides; four-handed
    (N-S, E-W)) and how."""

    points: Scores
    how: str          # "added", "deducted", "hand", "cancelled"
    size: int

    @property
    def pair(self) -> Points:
        """The points as the four-handed (N-S, E-W) pair (scored with :data:`PARTNERSHIPS`)."""
        return (self.points[0], self.points[1])


@dataclass(frozen=True, slots=True)
class SideWords:
    """How a revoke charge names the deal's two sides (indexes of its :class:`DealSides`):
    ``each[side]`` the players who each score or lose the penalty (``E-W``; at a table of n
    ``each of 1 and 3``), ``named[side]`` the side as one (``E-W``, ``1 and 3``), ``note`` what
    follows the penalty's rule."""

    each: tuple[str, str]
    named: tuple[str, str]
    note: str = ""


PARTNERSHIP_WORDS = SideWords((Side.NS.label, Side.EW.label), (Side.NS.label, Side.EW.label))
"""The four-handed sides' words: N-S (column 0) and E-W (column 1)."""


def charge_text(rules: Rules, offender: Side | int, how: str, size: int, lone: bool,
                words: SideWords = PARTNERSHIP_WORDS) -> str:
    """How a revoke charge was scored, with its rule: "3 points to N-S (Somerset 63)".
    ``offender`` the side that revoked: a four-handed :class:`~.cards.Side`, or its index."""
    side = side_column(offender) if isinstance(offender, Side) else offender
    other = 1 - side
    lone_text = " in a lone hand" if lone and size != rules.revoke_penalty else ""
    if how == "added":
        return f"{size} points to {words.each[other]}{lone_text} ({rules.cite('revoke_penalty')}{words.note})"
    if how == "deducted":
        return (f"{size} points deducted from {words.each[side]}{lone_text} "
                f"({rules.cite('revoke_penalty')}{words.note})")
    if how == "hand":
        return (f"{words.named[other]} elected to score the hand as played: no penalty "
                f"({rules.cite('revoke_penalty')})")
    return (f"cancelled by an equal number of revokes by {words.named[other]} "
            f"({rules.cite('revokes_cancel')})")


def revoke_penalties(rules: Rules, charges: list[RevokeCharge],
                     sides: DealSides = PARTNERSHIPS) -> list[ChargeOutcome]:
    """Score every revoke charge in order (Somerset 63: each repeat is charged), at any table:
    the penalty goes to each column of the non-offending side, or is deducted from each column
    of the offending side (each player of a side scores the side's penalty where each scores
    for himself, VARIANTS.md).

    Equal numbers on both sides cancel where ``rules.revokes_cancel`` (Somerset 71): the first
    revokes of each side are paired off. An election of ``hand`` (where the rules allow an
    election) means no penalty for that revoke.
    """
    cancelled: set[int] = set()
    if rules.revokes_cancel:
        first = [i for i, c in enumerate(charges) if c.offender == 0]
        second = [i for i, c in enumerate(charges) if c.offender != 0]
        pairs = min(len(first), len(second))
        cancelled = set(first[:pairs]) | set(second[:pairs])
    zero = (0,) * sides.columns
    out: list[ChargeOutcome] = []
    for i, charge in enumerate(charges):
        lone = charge.in_lone_hand if rules.revoke_lone is RevokeLone.LONE_HAND else charge.against_lone
        size = rules.revoke_penalty_lone if lone else rules.revoke_penalty
        if i in cancelled:
            out.append(ChargeOutcome(zero, "cancelled", size))
            continue
        election = charge.election if rules.revoke_election else None
        if election is Election.HAND:
            out.append(ChargeOutcome(zero, "hand", size))
        elif election is Election.DEDUCT or (election is None and rules.revoke_to is RevokeTo.DEDUCT):
            out.append(ChargeOutcome(sides.points(charge.offender, -size), "deducted", size))
        else:
            out.append(ChargeOutcome(sides.points(1 - charge.offender, size), "added", size))
    return out
