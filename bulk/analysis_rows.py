"""The dataset's optional analysis tables (``euchre dataset --analysis``): the double-dummy
analysis of each deal (euchre_records/analysis.py, docs/ANALYSIS.md) as rows, at every table
(layout 4, docs/DATASET.md). Pure, no I/O.

Contract: :func:`analysis_rows` turns one replayed record of any table (its content hash as
``record_id``, its table view) into rows of :data:`ANALYSIS_COLUMNS`, read from the one
analysis (``analyse_record``) and the record's table view (``table_view.view_of``), the same for
every table size:

- ``analysis``, one row per deal (known or not, with the analysis' reason): the layout-3 columns
  where they were (the four-handed ``_ns``/``_ew`` pairs and ``best_ns_*``/``best_ew_*``, null
  at a table of 2, 3 or 5), then the variant columns, the making side's seats ``makers`` (as
  ``deals.makers``) and the points each seat of the makers and of the defenders would score
  with best play (each seat of a side scores the same for the hand: VARIANTS.md);
- ``analysis_plays``, one row per card played in an analysed deal, then the variant columns;
- ``analysis_scores``, one row per seat of every deal the analysis has a maker for: the seat's
  side (``makers``/``defenders``, as ``deal_scores.side``), its points with best play and as
  scored (the analysis' ``points`` and ``scored`` of the seat's score column: a four-handed
  seat carries his partnership's), and the best call of his score column (four-handed: his
  partnership's best over both its seats, so ``best_maker`` may be his partner; at a table of
  n: his own).

The rows depend only on the record, so they are the same in one process and on a cluster.
"""

from __future__ import annotations

from typing import Any

from euchre_records.analysis import BestCall, DealAnalysis, analyse_record
from euchre_records.model import Record, ReplayResult
from euchre_records.table_view import RecordView

from .columns import VARIANT_COLUMNS

__all__ = ["ANALYSIS_COLUMNS", "ANALYSIS_TABLES", "LAYOUT3_ANALYSIS", "analysis_rows"]

LAYOUT3_ANALYSIS: dict[str, tuple[tuple[str, str], ...]] = {
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
"""The analysis tables of layouts 2 and 3 (four-handed deals only): the first columns of
layout 4's, in the same places (docs/DATASET.md "Reading layout 3 files")."""

ANALYSIS_COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    "analysis": (*LAYOUT3_ANALYSIS["analysis"], *VARIANT_COLUMNS, ("makers", "strs"),
                 ("points_makers", "int"), ("points_defenders", "int")),
    "analysis_plays": (*LAYOUT3_ANALYSIS["analysis_plays"], *VARIANT_COLUMNS),
    "analysis_scores": (
        ("record_id", "str"), ("deal", "int"), ("seat", "str"), ("side", "str"),
        ("partnership", "str"), ("points", "int"), ("scored", "int"), ("best_maker", "str"),
        ("best_call", "str"), ("best_points", "int"), *VARIANT_COLUMNS),
}
ANALYSIS_TABLES = tuple(ANALYSIS_COLUMNS)

_MAKERS, _DEFENDERS = "makers", "defenders"
_PARTNERSHIP = ("NS", "EW")   # the four-handed score columns N-S, E-W (table_view.SIDE_KEYS)


def _call(b: BestCall | None, tokens: tuple[str, ...]) -> tuple[Any, Any, Any]:
    if b is None:
        return None, None, None
    name = ("NT" if b.trump is None else b.trump.value) + (" alone" if b.alone else "")
    return tokens[b.maker], name, b.points


def analysis_rows(key: str, record: Record, result: ReplayResult, view: RecordView,
                  out: dict[str, list[tuple[Any, ...]]]) -> None:
    """Append the rows of ``record`` (replayed to ``result``, table view ``view``) to ``out``
    (see the module contract)."""
    analysis = analyse_record(record, result)
    tokens = analysis.tokens
    var = (view.seats, view.variant)
    sides = not view.per_player   # fixed partnerships: the layout-3 _ns/_ew columns are filled
    for d, v in zip(analysis.deals, view.deals):
        # the score columns of the making side (four-handed: the maker's partnership, his lone
        # partner's too; at n: the makers' seats), and each of the others' (the defenders)
        mine = {view.column_of(tokens.index(t)) for t in v.makers} if d.maker is not None else set()
        theirs = [c for c in range(len(view.columns)) if c not in mine]
        best = _best_by_column(d, view)
        points, scored = d.points, d.scored
        trump = None if d.maker is None else ("NT" if d.trump is None else d.trump.value)
        out["analysis"].append((
            key, d.number, d.known, d.reason, trump,
            None if d.maker is None else tokens[d.maker], d.alone, d.tricks,
            *_pair(points, sides), d.taken, *_pair(scored, sides),
            len(d.plays) if d.known else None,
            sum(1 for p in d.plays if p.cost) if d.known else None,
            sum(p.cost for p in d.plays) if d.known else None,
            *_call(best.get(0) if sides else None, tokens),
            *_call(best.get(1) if sides else None, tokens), d.calls_reason, *var,
            list(v.makers) if d.maker is not None else None,
            None if points is None or d.maker is None else points[view.column_of(d.maker)],
            None if points is None or not theirs else points[theirs[0]]))
        if d.maker is not None:
            for s, token in enumerate(tokens):
                c = view.column_of(s)
                out["analysis_scores"].append((
                    key, d.number, token, _MAKERS if c in mine else _DEFENDERS,
                    _PARTNERSHIP[c] if sides else None, None if points is None else points[c],
                    None if scored is None else scored[c], *_call(best.get(c), tokens), *var))
        position = 0
        trick = 0
        for p in d.plays:
            position = position + 1 if p.trick == trick else 1
            trick = p.trick
            out["analysis_plays"].append((
                key, d.number, p.trick, position, tokens[p.seat], p.card.name, p.before, p.after,
                p.cost, p.revoke, " ".join(c.name for c in p.best) or None, *var))


def _best_by_column(d: DealAnalysis, view: RecordView) -> dict[int, BestCall]:
    """The deal's best calls by the score column they are for: four-handed one per side (the
    best over both its seats), at a table of n one per player."""
    return {view.column_of(b.maker): b for b in d.best_calls}


def _pair(values: tuple[int, ...] | None, sides: bool) -> tuple[int | None, int | None]:
    """The layout-3 ``_ns``/``_ew`` pair of a per-column tuple: null at a table of n."""
    if values is None or not sides:
        return None, None
    return values[0], values[1]
