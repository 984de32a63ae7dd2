"""Double-dummy analyses of stored records, computed on demand and cached (docs/ANALYSIS.md).

Contract:
- :func:`record_analysis` gives a stored record's analysis as JSON text, or None for an unknown
  id. The first request for a canonical text computes it inside the request's search budget
  (:func:`~euchre_records.double_dummy.analysis_budget`; past it
  :class:`~euchre_records.errors.SearchBudgetExceeded`, answered 422 ``too-costly``) and files
  it in ``analysis_cache`` by the record's hash and the analysis version, with each seat's
  accuracy in ``analysis_seats``; later requests read the row. A store that cannot be written
  (read-only file) still answers, uncached.
- :func:`player_accuracy` sums a player's accuracy over the current records they sat in whose
  analysis is cached, and says how many of their records that is.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timezone
from typing import Any

import sqlite_utils

from euchre_records.analysis import ANALYSIS_VERSION, RecordAnalysis, analyse_record, as_json
from euchre_records.double_dummy import analysis_budget

__all__ = ["record_analysis", "player_accuracy"]


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def record_analysis(db: sqlite_utils.Database, record_id: int,
                    budget: int | None = None) -> str | None:
    """The analysis of stored record ``record_id`` as JSON text (see the module docstring)."""
    row = db.conn.execute("SELECT hash, canonical FROM records WHERE id = ?", (record_id,)).fetchone()
    if row is None:
        return None
    digest, canonical = str(row[0]), str(row[1])
    cached = db.conn.execute("SELECT analysis FROM analysis_cache WHERE hash = ? AND version = ?",
                             (digest, ANALYSIS_VERSION)).fetchone()
    if cached is not None:
        return str(cached[0])
    from euchre_records.interop.detect import load_any
    with analysis_budget(budget):
        analysis = analyse_record(load_any(canonical))
    text = json.dumps(as_json(analysis), ensure_ascii=False)
    try:
        _file(db, digest, analysis, text)
    except sqlite3.OperationalError:   # a read-only store: answer without caching
        db.conn.rollback()
    return text


def _file(db: sqlite_utils.Database, digest: str, analysis: RecordAnalysis, text: str) -> None:
    with db.conn:   # one transaction: the analysis and its seats together
        cursor = db.conn.execute(
            "INSERT OR IGNORE INTO analysis_cache (hash, version, analysis, made_at) VALUES (?, ?, ?, ?)",
            (digest, ANALYSIS_VERSION, text, _now()))
        if not cursor.rowcount:
            return   # another request filed it first
        for p in analysis.players:
            deals = sum(1 for d in analysis.deals if any(q.seat is p.seat for q in d.plays))
            db.conn.execute(
                "INSERT INTO analysis_seats (hash, version, seat, deals, plays, costly, lost) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (digest, ANALYSIS_VERSION, p.seat.name, deals, p.plays, p.costly, p.lost))


def player_accuracy(db: sqlite_utils.Database, name: str) -> dict[str, Any]:
    """A player's plays over the analysed deals of their current records: ``records`` (how many
    they sat in), ``analysed`` (of those, with an analysis cached), ``deals``, ``plays``,
    ``costly``, ``lost`` and ``best_rate`` (the share of plays that cost nothing, or None)."""
    sql = """
    SELECT COUNT(DISTINCT records.id), COUNT(DISTINCT analysis_seats.hash),
           COALESCE(SUM(analysis_seats.deals), 0), COALESCE(SUM(analysis_seats.plays), 0),
           COALESCE(SUM(analysis_seats.costly), 0), COALESCE(SUM(analysis_seats.lost), 0)
    FROM records
    JOIN seats ON seats.record_id = records.id
    JOIN players ON players.id = seats.player_id
    LEFT JOIN analysis_seats ON analysis_seats.hash = records.hash
         AND analysis_seats.version = ? AND analysis_seats.seat = seats.seat
    WHERE players.name = ? AND records.status = 'current'"""
    n, analysed, deals, plays, costly, lost = db.conn.execute(sql, (ANALYSIS_VERSION, name)).fetchone()
    return {"records": n, "analysed": analysed, "deals": deals, "plays": plays, "costly": costly,
            "lost": lost, "best_rate": None if not plays else round((plays - costly) / plays, 4)}
