"""The double-dummy analysis as the record page and the player page show it (docs/PAGES.md).

Contract: :func:`record_analysis_view` gives, for a stored record, what the record page shows
of its analysis: None when it is neither cached nor asked for (``compute`` False), else a dict
with ``deals`` by number (the value beside what was scored, one sentence with card signs, each
play's cost by (trick, seat), the calls), or ``too_costly`` with the reason (past the budget, or
a record the analysis cannot read), or ``busy`` (no slot of the CPU gate free: try again). The
numbers are the stored analysis's (api/store/analysis_cache, through api/analysis_request.py:
gated, computed once); nothing is computed here but the wording.
"""

from __future__ import annotations

import json
from typing import Any

from euchre_records.errors import RecordError

from ..cpu_gate import ServerBusy
from ..store import analysis_cache
from .sheet import SUIT_SIGNS
from .seats import seat_name
from .tricks import card_text

__all__ = ["record_analysis_view", "player_accuracy_view"]

_WORDS = ("no", "one", "two", "three", "four", "five")


def record_analysis_view(db: Any, record_id: int, compute: bool) -> dict[str, Any] | None:
    text = analysis_cache.cached_analysis(db, record_id)
    if text is None and not compute:
        return None
    if text is None:
        from ..analysis_request import analysis_of
        try:
            text = analysis_of(db, record_id)
        except RecordError as exc:
            return {"too_costly": str(exc), "busy": None, "deals": {}}
        except ServerBusy as exc:
            return {"too_costly": None, "busy": str(exc), "deals": {}}
        if text is None:
            return None
    data = json.loads(text)
    seats = data.get("seats") or ["N", "E", "S", "W"]
    names = {p["seat"]: p["name"] for p in data["players"] if p.get("name")}
    return {"too_costly": None, "busy": None, "players": data["players"], "seats": seats,
            "deals": {d["number"]: _deal(d, seats, names) for d in data["deals"]}}


def _points(points: list[int], seats: list[str], names: dict[str, str]) -> str:
    """"N-S 1 – E-W 0" four-handed; at a table of n each player by name ("Ann: 2 · Bob: 0"),
    "seat 2" only where the record names nobody there (seats.seat_name)."""
    if len(seats) == 4:
        return f"N-S {points[0]} – E-W {points[1]}"
    return " · ".join(f"{seat_name(names, s)}: {p}" for s, p in zip(seats, points))


def _trump(t: str | None) -> str:
    if t is None:
        return ""
    return "no trump" if t == "NT" else SUIT_SIGNS.get(t, t)


def _deal(d: dict[str, Any], seats: list[str], names: dict[str, str]) -> dict[str, Any]:
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
    best = [{"name": _trump(b["trump"]) + (" alone" if b["alone"] else ""),
             "who": (seat_name(names, b["maker"]) if b["side"] is None else
                     ("N-S" if b["side"] == "NS" else "E-W") + f": {b['maker']}"), **b}
            for b in d["best_calls"]]
    revokes = [dict(r, text=card_text(r["card"]), scored_text=_points(r["scored"], seats, names),
                    best_text=_points(r["best_points"], seats, names),
                    who=r["seat"] if len(seats) == 4 else seat_name(names, r["seat"]))
               for r in d["revokes"]]
    for p in d["plays"]:
        p["best_text"] = " or ".join(card_text(c) for c in p["best"])
    texts = {"points_text": _points(d["points"], seats, names) if d["points"] else "",
             "scored_text": _points(d["scored"], seats, names) if d["scored"] else ""}
    return {**d, **texts, "sentence": sentence, "costs": costs, "call_rows": calls,
            "best_rows": best, "revoke_rows": revokes}


def player_accuracy_view(db: Any, name: str) -> dict[str, Any]:
    """The player's accuracy over the analysed deals (api/store/analysis_cache.player_accuracy)."""
    return analysis_cache.player_accuracy(db, name)
