"""One request's double-dummy analysis of a stored record, through the process's CPU gate.

Contract: :func:`analysis_of` is :func:`.store.analysis_cache.record_analysis` for the request
being served: the app's budget (``config["ANALYSIS_BUDGET"]``), the request's pacer (its use of
api/cpu_gate.py: a computation holds a slot) and the process's :class:`AnalysisRuns` (one
computation per record at once; failures remembered). It raises what that raises
(``SearchBudgetExceeded`` and any ``RecordError``: 422; ``ServerBusy``: 503). Both the API
(``GET /records/{id}/analysis``) and the record page (``?analysis=1``) call it.
"""

from __future__ import annotations

from typing import Any

from flask import current_app, request

from .store.analysis_cache import AnalysisRuns, record_analysis

__all__ = ["analysis_of"]


def analysis_of(db: Any, record_id: int) -> str | None:
    """The analysis of record ``record_id`` as JSON text, or None for an unknown id."""
    runs = current_app.extensions.setdefault("analysis_runs", AnalysisRuns())
    pacer = request.environ.get("euchre.pacer")
    return record_analysis(db, record_id, current_app.config.get("ANALYSIS_BUDGET"), pacer, runs)
