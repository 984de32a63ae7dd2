"""The dataset's optional analysis tables (``euchre dataset --analysis``): the double-dummy
analysis of each deal (euchre_records/analysis.py, docs/ANALYSIS.md) as rows. Pure, no I/O.

Contract: :func:`analysis_rows` turns one replayed record (its content hash as ``record_id``)
into rows of :data:`ANALYSIS_COLUMNS`: ``analysis`` one row per deal (known or not, with the
reason), ``analysis_plays`` one row per card played in an analysed deal. The rows depend only
on the record, so they are the same in one process and on a cluster.
"""

from __future__ import annotations

from typing import Any

from euchre_records.analysis import BestCall, analyse_record
from euchre_records.cards import Side
from euchre_records.model import Record, ReplayResult

__all__ = ["ANALYSIS_COLUMNS", "ANALYSIS_TABLES", "analysis_rows"]

ANALYSIS_COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    "analysis": (
        ("record_id", "str"), ("deal", "int"), ("known", "bool"), ("reason", "str"),
        ("trump", "str"), ("maker", "str"), ("alone", "bool"), ("tricks", "int"),
        ("points_ns", "int"), ("points_ew", "int"), ("taken", "int"), ("scored_ns", "int"),
        ("scored_ew", "int"), ("plays", "int"), ("costly", "int"), ("tricks_lost", "int"),
        ("best_ns_maker", "str"), ("best_ns_call", "str"), ("best_ns_points", "int"),
        ("best_ew_maker", "str"), ("best_ew_call", "str"), ("best_ew_points", "int"),
        ("calls_reason", "str")),
    "analysis_plays": (
        ("record_id", "str"), ("deal", "int"), ("trick", "int"), ("position", "int"),
        ("seat", "str"), ("card", "str"), ("before", "int"), ("after", "int"), ("cost", "int"),
        ("revoke", "bool"), ("best", "str")),
}
ANALYSIS_TABLES = tuple(ANALYSIS_COLUMNS)


def _call(b: BestCall | None) -> tuple[Any, Any, Any]:
    if b is None:
        return None, None, None
    name = ("NT" if b.trump is None else b.trump.value) + (" alone" if b.alone else "")
    return b.maker.name, name, b.points


def analysis_rows(key: str, record: Record, result: ReplayResult,
                  out: dict[str, list[tuple[Any, ...]]]) -> None:
    """Append the record's analysis rows to ``out`` (see the module contract)."""
    analysis = analyse_record(record, result)
    for d in analysis.deals:
        best = {b.side: b for b in d.best_calls}
        trump = None if d.maker is None else ("NT" if d.trump is None else d.trump.value)
        pts = d.points or (None, None)
        scored = d.scored or (None, None)
        out["analysis"].append((
            key, d.number, d.known, d.reason, trump, d.maker.name if d.maker else None, d.alone,
            d.tricks, pts[0], pts[1], d.taken, scored[0], scored[1],
            len(d.plays) if d.known else None, sum(1 for p in d.plays if p.cost) if d.known else None,
            sum(p.cost for p in d.plays) if d.known else None,
            *_call(best.get(Side.NS)), *_call(best.get(Side.EW)), d.calls_reason))
        position = 0
        trick = 0
        for p in d.plays:
            position = position + 1 if p.trick == trick else 1
            trick = p.trick
            out["analysis_plays"].append((
                key, d.number, p.trick, position, p.seat.name, p.card.name, p.before, p.after,
                p.cost, p.revoke, " ".join(c.name for c in p.best) or None))
