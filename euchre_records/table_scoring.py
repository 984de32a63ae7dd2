"""The points of one deal at a table of two, three or five (VARIANTS.md; docs/TABLES.md).

Shared by the detailed replay (:mod:`.table_replay`, which re-exports :func:`hand_points`) and
its fast path (:mod:`.table_fastpath`), so that neither imports the other's internals. Pure.
"""

from __future__ import annotations

from .rules import Rules
from .table import CutthroatEuchre, SeatIndex, Table, Variant, VariantOptions
from .table_model import Scores

__all__ = ["hand_points"]


def hand_points(table: Table, rules: Rules, options: VariantOptions, makers: tuple[SeatIndex, ...],
                alone: bool, maker_tricks: int) -> tuple[Scores, str]:
    """The hand's own points per seat, and the name of the outcome (VARIANTS.md).

    >>> from euchre_records.table import table_for
    >>> from euchre_records.rules import preset
    >>> hand_points(table_for(3), preset("modern"), VariantOptions(), (1,), True, 2)
    ((2, 0, 2), 'euchred')
    """
    n = table.seats
    points = [0] * n
    defenders = [s for s in range(n) if s not in makers]
    if not 0 <= maker_tricks <= 5:
        raise ValueError(f"makers' tricks must be 0-5, not {maker_tricks}")
    made = maker_tricks >= 3
    march = maker_tricks == 5
    if table.variant is Variant.TWO_HANDED:
        value = options.two_handed_march if march else rules.make if made else rules.euchre
    elif table.variant is Variant.CUTTHROAT:
        value = options.cutthroat_march if march else rules.make if made else rules.euchre
        if not made and options.cutthroat_euchre is CutthroatEuchre.MAKER_MINUS_2:
            points[makers[0]] = -value
            return tuple(points), "euchred (maker loses)"
    else:   # five-handed call your partner
        if alone:
            value = options.call_partner_lone_march if march else rules.lone_make if made else rules.euchre
        else:
            value = rules.march if march else rules.make if made else rules.euchre
    for s in (makers if made else defenders):
        points[s] = value
    name = ("march" if march else "made" if made else "euchred")
    return tuple(points), ("lone " + name if alone and table.called_partner else name)
