"""The double-dummy analysis as the record page and the player page show it (docs/PAGES.md).

Contract: :func:`record_analysis_view` gives, for a stored record, what the record page shows
of its analysis: None when it is neither cached nor asked for (``compute`` False), else a dict
with ``deals`` by number (the value beside what was scored, one sentence with card signs, each
play's cost by (trick, seat), the calls) or ``too_costly`` with the reason. The numbers are the
stored analysis's (api/store/analysis_cache); nothing is computed here but the wording.
"""

from __future__ import annotations

import json
from typing import Any

from euchre_records.errors import SearchBudgetExceeded

from ..store import analysis_cache
from .sheet import SUIT_SIGNS
from .tricks import card_text

__all__ = ["record_analysis_view", "player_accuracy_view"]

_WORDS = ("no", "one", "two", "three", "four", "five")


def _cached(db: Any, record_id: int) -> str | None:
    from euchre_records.analysis import ANALYSIS_VERSION
    row = db.conn.execute(
        "SELECT analysis FROM analysis_cache JOIN records ON records.hash = analysis_cache.hash "
        "WHERE records.id = ? AND analysis_cache.version = ?", (record_id, ANALYSIS_VERSION)).fetchone()
    return None if row is None else str(row[0])


def record_analysis_view(db: Any, record_id: int, compute: bool,
                         budget: int | None = None) -> dict[str, Any] | None:
    text = _cached(db, record_id)
    if text is None and not compute:
        return None
    if text is None:
        try:
            text = analysis_cache.record_analysis(db, record_id, budget)
        except SearchBudgetExceeded as exc:
            return {"too_costly": str(exc), "deals": {}}
        if text is None:
            return None
    data = json.loads(text)
    return {"too_costly": None, "deals": {d["number"]: _deal(d) for d in data["deals"]},
            "players": data["players"]}


def _trump(t: str | None) -> str:
    if t is None:
        return ""
    return "no trump" if t == "NT" else SUIT_SIGNS.get(t, t)


def _deal(d: dict[str, Any]) -> dict[str, Any]:
    costs = {(p["trick"], p["seat"]): p for p in d["plays"]}
    if not d["known"]:
        sentence = f"Not analysed: {d['reason']}."
    else:
        sentence = f"Makers could have taken {d['tricks']}"
        if d["taken"] != d["tricks"]:
            sentence += f", took {d['taken']}"
        costly = [p for p in d["plays"] if p["cost"]]
        if costly:
            sentence += ": " + ", ".join(
                f"the {card_text(p['card'])} at trick {p['trick']} cost {_WORDS[p['cost']]}"
                for p in costly) + "."
        else:
            sentence += ": every card played was a best play."
    calls = [{"name": _trump(c["trump"]) + (" alone" if c["alone"] else ""), **c} for c in d["calls"]]
    best = [{"name": _trump(b["trump"]) + (" alone" if b["alone"] else ""), **b} for b in d["best_calls"]]
    revokes = [dict(r, text=card_text(r["card"])) for r in d["revokes"]]
    for p in d["plays"]:
        p["best_text"] = " or ".join(card_text(c) for c in p["best"])
    return {**d, "sentence": sentence, "costs": costs, "call_rows": calls, "best_rows": best,
            "revoke_rows": revokes}


def player_accuracy_view(db: Any, name: str) -> dict[str, Any]:
    """The player's accuracy over the analysed deals (api/store/analysis_cache.player_accuracy)."""
    return analysis_cache.player_accuracy(db, name)
