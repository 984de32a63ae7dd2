"""What ``euchre show`` prints of a stored record, at every table: its deal rows with their
column names, and its findings (docs/CLI.md, ``euchre show``).

Contract: :func:`shown_rows` reads the store only (no replay). Four-handed: the ``deals`` rows
in :data:`DEAL_COLUMNS` (the row as migration 1 made it: the columns of tables of n that
migration 19 added are left out); at a table of 2, 3 or 5: its ``deals`` rows with each seat's
points and running score from ``deal_scores`` as columns ``points_0``, ``score_0`` ...; the
findings from ``findings``, in the order found.
"""

from __future__ import annotations

from typing import Any

from ..api.store.row_tuples import N_DEAL_COLUMNS

__all__ = ["DEAL_COLUMNS", "FINDING_COLUMNS", "shown_rows"]

DEAL_COLUMNS = ("number", "dealer", "turned", "trump", "maker", "alone", "tricks_ns",
                "tricks_ew", "points_ns", "points_ew", "score_ns", "score_ew")
"""The columns of a four-handed deal row."""

FINDING_COLUMNS = ("deal", "trick", "seat", "kind", "rule", "message")


def shown_rows(db: Any, record_id: int, seats: int
               ) -> tuple[list[dict[str, Any]], list[str], list[dict[str, Any]]]:
    """The deal rows, their column names in order, and the findings of stored record
    ``record_id`` at a table of ``seats``."""
    if seats == 4:
        deals = [{k: v for k, v in row.items() if k not in N_DEAL_COLUMNS} for row in db.query(
            "SELECT * FROM deals WHERE record_id = ? ORDER BY number", [record_id])]
        columns = list(DEAL_COLUMNS)
    else:
        deals, columns = _deals_per_seat(db, record_id)
    findings = list(db.query(f"SELECT {', '.join(FINDING_COLUMNS)} FROM findings "
                             "WHERE record_id = ? ORDER BY id", [record_id]))
    return deals, columns, findings


def _deals_per_seat(db: Any, record_id: int) -> tuple[list[dict[str, Any]], list[str]]:
    seats = [row[0] for row in db.execute(
        "SELECT DISTINCT seat FROM deal_scores WHERE record_id = ? ORDER BY seat", [record_id])]
    rows = []
    for deal in db.query("SELECT number, dealer, trump, maker, alone, called, partner, "
                         "maker_tricks, thrown_in, void FROM deals WHERE record_id = ? "
                         "ORDER BY number", [record_id]):
        scores = {s: (p, r) for s, p, r in db.execute(
            "SELECT seat, points, score FROM deal_scores WHERE record_id = ? AND deal = ?",
            [record_id, deal["number"]])}
        row = dict(deal)
        row.update({f"points_{s}": scores.get(s, (None, None))[0] for s in seats})
        row.update({f"score_{s}": scores.get(s, (None, None))[1] for s in seats})
        rows.append(row)
    columns = ["number", "dealer", "trump", "maker", "alone", "called", "partner", "maker_tricks"]
    columns += [f"points_{s}" for s in seats] + [f"score_{s}" for s in seats]
    return rows, columns
