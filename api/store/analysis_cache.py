"""Double-dummy analyses of stored records, computed on demand and cached (docs/ANALYSIS.md).

Contract:
- :func:`record_analysis` gives a stored record's analysis as JSON text, or None for an unknown
  id. A cached analysis is read from ``analysis_cache`` (by the record's hash, which covers its
  rules, and the analysis version). Otherwise it is computed inside the request's search budget
  (:func:`~euchre_records.double_dummy.analysis_budget`), whatever the table (2, 3, 4 or 5
  players: :func:`euchre_records.analysis.analyse_record` reads each), and filed, with each four-handed
  seat's accuracy in ``analysis_seats``. A store that cannot be written (read-only file) still
  answers, uncached.
- A computation is costly: with a ``pacer`` (the request's use of api/cpu_gate.py) it holds one
  of the gate's slots while it runs, or raises :class:`~..cpu_gate.ServerBusy` (503 ``busy``).
- One computation per record at a time (:class:`AnalysisRuns`, one per process): a request that
  asks for an analysis another request is computing waits for it as one of the gate's queue
  (or is told ``busy`` at once when the queue is full) and then reads its result.
- A computation that passed its budget raises
  :class:`~euchre_records.errors.SearchBudgetExceeded` (422 ``too-costly``) and is remembered
  by the record's hash, the analysis version and the budget: asking again within a budget no
  larger raises the same at once, with no search.
- A record the analysis cannot read raises the :class:`~euchre_records.errors.RecordError` that
  says why (a 4xx for the API), never anything else.
- :func:`player_accuracy` sums a player's accuracy over the current records they sat in whose
  analysis is cached, and says how many of their records that is.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections import OrderedDict
from datetime import datetime, timezone
from typing import Any, Protocol

import sqlite_utils

from euchre_records.analysis import ANALYSIS_VERSION, RecordAnalysis, analyse_record, as_json
from euchre_records.double_dummy import DEFAULT_ANALYSIS_BUDGET, analysis_budget
from euchre_records.errors import SearchBudgetExceeded

__all__ = ["record_analysis", "player_accuracy", "AnalysisRuns", "cached_analysis", "analyse_text"]


class _Gate(Protocol):
    def follow(self, done: threading.Event) -> None: ...


class _Pacer(Protocol):
    """What :func:`record_analysis` needs of api/cpu_gate.py's Pacer."""

    gate: _Gate
    held: bool

    def take(self) -> None: ...


class AnalysisRuns:
    """The analyses being computed now, and those that passed their budget, in one process.

    ``remember`` bounds the failures kept (the oldest are forgotten first): each is a hash and a
    message, a few hundred bytes."""

    def __init__(self, remember: int = 4096) -> None:
        self.remember = remember
        self._lock = threading.Lock()
        self._running: dict[str, threading.Event] = {}
        self._failed: OrderedDict[tuple[str, int], tuple[int, str]] = OrderedDict()
        self.computed = 0   # computations started (read by tests and the probe)

    def failure(self, digest: str, budget: int) -> str | None:
        """The message of a remembered failure that holds for ``budget``, or None."""
        with self._lock:
            known = self._failed.get((digest, ANALYSIS_VERSION))
        if known is None or budget > known[0]:
            return None
        return known[1]

    def failed(self, digest: str, budget: int, message: str) -> None:
        with self._lock:
            key = (digest, ANALYSIS_VERSION)
            old = self._failed.pop(key, None)
            self._failed[key] = (max(budget, old[0]) if old else budget, message)
            while len(self._failed) > self.remember:
                self._failed.popitem(last=False)

    def lead_or_follow(self, digest: str) -> tuple[bool, threading.Event]:
        """(True, event) when the caller is to compute ``digest`` (it must call :meth:`done`),
        else (False, the event of the computation under way)."""
        with self._lock:
            running = self._running.get(digest)
            if running is not None:
                return False, running
            event = self._running[digest] = threading.Event()
            self.computed += 1
            return True, event

    def done(self, digest: str) -> None:
        with self._lock:
            event = self._running.pop(digest)
        event.set()


_PROCESS_RUNS = AnalysisRuns()
"""The runs of callers that bring none (the CLI, scripts)."""


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def cached_analysis(db: sqlite_utils.Database, record_id: int) -> str | None:
    """The stored record's cached analysis, or None (not cached, or no such record)."""
    row = db.conn.execute(
        "SELECT analysis FROM analysis_cache JOIN records ON records.hash = analysis_cache.hash "
        "WHERE records.id = ? AND analysis_cache.version = ?", (record_id, ANALYSIS_VERSION)).fetchone()
    return None if row is None else str(row[0])


def record_analysis(db: sqlite_utils.Database, record_id: int, budget: int | None = None,
                    pacer: _Pacer | None = None, runs: AnalysisRuns | None = None) -> str | None:
    """The analysis of stored record ``record_id`` as JSON text (see the module docstring)."""
    row = db.conn.execute("SELECT hash, canonical FROM records WHERE id = ?", (record_id,)).fetchone()
    if row is None:
        return None
    digest, canonical = str(row[0]), str(row[1])
    runs = _PROCESS_RUNS if runs is None else runs
    limit = DEFAULT_ANALYSIS_BUDGET if budget is None else budget
    while True:
        cached = db.conn.execute("SELECT analysis FROM analysis_cache WHERE hash = ? AND version = ?",
                                 (digest, ANALYSIS_VERSION)).fetchone()
        if cached is not None:
            return str(cached[0])
        failure = runs.failure(digest, limit)
        if failure is not None:
            raise SearchBudgetExceeded(failure, "")
        lead, event = runs.lead_or_follow(digest)
        if lead:
            break
        if pacer is not None:
            pacer.gate.follow(event)   # ServerBusy when the queue is full or the wait too long
        else:
            event.wait()
    try:
        if pacer is not None and not pacer.held:
            pacer.take()
        text = _compute(db, digest, canonical, limit, runs)
    finally:
        runs.done(digest)
    return text


def _compute(db: sqlite_utils.Database, digest: str, canonical: str, limit: int,
             runs: AnalysisRuns) -> str:
    try:
        with analysis_budget(limit):
            analysis = analyse_text(canonical)
    except SearchBudgetExceeded as exc:
        runs.failed(digest, limit, str(exc))
        raise
    text = json.dumps(as_json(analysis), ensure_ascii=False)
    try:
        _file(db, digest, analysis, text)
    except sqlite3.OperationalError:   # a read-only store: answer without caching
        db.conn.rollback()
    return text


def analyse_text(canonical: str) -> RecordAnalysis:
    """The analysis of a record's text, whatever its table (RecordError for one it cannot read)."""
    from euchre_records.interop.detect import load_any_table_data
    from euchre_records.schema.notation import parse_json
    return analyse_record(load_any_table_data(parse_json(canonical)))


def _file(db: sqlite_utils.Database, digest: str, analysis: RecordAnalysis, text: str) -> None:
    with db.conn:   # one transaction: the analysis and its seats together
        cursor = db.conn.execute(
            "INSERT OR IGNORE INTO analysis_cache (hash, version, analysis, made_at) VALUES (?, ?, ?, ?)",
            (digest, ANALYSIS_VERSION, text, _now()))
        if not cursor.rowcount or len(analysis.players) != 4:
            return   # filed by another process first; or a table of n (analysis_seats holds N E S W)
        for p in analysis.players:
            deals = sum(1 for d in analysis.deals if any(q.seat == p.seat for q in d.plays))
            db.conn.execute(
                "INSERT INTO analysis_seats (hash, version, seat, deals, plays, costly, lost) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (digest, ANALYSIS_VERSION, "NESW"[p.seat], deals, p.plays, p.costly, p.lost))


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
