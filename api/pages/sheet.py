"""The scoresheet a page shows, built from a replay result in its JSON form.

One builder for both faces of a rubber: a stored record (its stored result JSON and the running
scores of its ``deals`` rows) and a draft being entered (``dump_result`` of a fresh replay and
``ReplayResult.running``). Nothing here scores: every number comes from the engine's result.

Contract: :func:`build_sheet` returns plain dicts and lists that the templates and the chart read;
``running`` has one entry per deal of the result, ``(game number or None, ns, ew)``.
"""

from __future__ import annotations

from typing import Any, Sequence

__all__ = ["SUIT_NAMES", "SUIT_SIGNS", "SEAT_NAMES", "SIDE_NAMES", "build_sheet", "running_of",
           "Running"]

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SIGNS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
SIDE_NAMES = {"NS": "N-S", "EW": "E-W"}

Running = tuple[int | None, int, int]


def running_of(result_running: Sequence[Any]) -> list[Running]:
    """``ReplayResult.running`` (``(game, (ns, ew))`` or None per deal) as ``Running`` rows."""
    out: list[Running] = []
    last = (0, 0)
    for item in result_running:
        if item is None:
            out.append((None, last[0], last[1]))
        else:
            last = item[1]
            out.append((item[0], item[1][0], item[1][1]))
    return out


def _pair(p: dict[str, int] | None) -> tuple[int, int] | None:
    return None if p is None else (p["ns"], p["ew"])


def _deal_row(d: dict[str, Any], run: Running | None, players: dict[str, str]) -> dict[str, Any]:
    side = d["maker_side"]
    made = None
    if side is not None and not d["thrown_in"]:
        made = d["tricks"]["ns"] if side == "NS" else d["tricks"]["ew"]
    trump = d["trump"]
    return {
        "number": d["number"], "kind": d["kind"], "dealer": d["dealer"],
        "dealer_name": players.get(d["dealer"], ""),
        "maker": d["maker"], "maker_name": players.get(d["maker"] or "", ""),
        "maker_side": side, "trump": trump,
        "trump_sign": SUIT_SIGNS.get(trump or "", ""), "trump_name": SUIT_NAMES.get(trump or "", ""),
        "alone": d["alone"], "defender_alone": d["defender_alone"],
        "thrown_in": d["thrown_in"], "redeal": d["redeal"], "void": d["void"],
        "made": made, "euchred": made is not None and made < 3, "marched": made == 5,
        "points": _pair(d["points"]), "penalty": _pair(d["penalty"]),
        "score": None if run is None else (run[1], run[2]),
        "findings": d["findings"], "notes": d.get("notes") or [],
        "turned": d["turned"],
    }


def build_sheet(result: dict[str, Any], running: Sequence[Running],
                players: dict[str, str]) -> dict[str, Any]:
    """The sheet: games with their deal rows, deals outside any game, rubber and findings."""
    runs = list(running) + [None] * (len(result["deals"]) - len(running))
    rows = [_deal_row(d, run, players) for d, run in zip(result["deals"], runs)]
    for row in rows:  # every finding of a deal (scoresheet ones are only in the record's list)
        row["findings"] = [f for f in result["findings"] if f.get("deal") == row["number"]]
    by_number = {r["number"]: r for r in rows}
    games = []
    in_game: set[int] = set()
    for g in result["games"]:
        deals = [by_number[n] for n in range(g["first_deal"], g["last_deal"] + 1) if n in by_number]
        in_game.update(r["number"] for r in deals)
        games.append({
            "number": g["number"], "deals": deals, "start": _pair(g["start"]),
            "score": _pair(g["score"]), "winner": g["winner"], "finished": g["finished"],
            "carried": _pair(g["carried"]), "rubber_points": _pair(g["rubber_points"]),
            "lap_in": g["start"]["ns"] > 0 or g["start"]["ew"] > 0,
        })
    rubber = result.get("rubber")
    options = result["rules"].get("options", {})
    return {
        "games": games,
        "loose": [r for r in rows if r["number"] not in in_game],
        "rows": rows,
        "rubber": None if rubber is None else {
            "system": rubber["system"], "games_won": _pair(rubber["games_won"]),
            "winner": rubber["winner"], "finished": rubber["finished"],
            "rubber_points": _pair(rubber["rubber_points"]), "net": rubber["net"]},
        "findings": result["findings"],
        "rules": result["rules"],
        "game_points": options.get("game_points"),
        "players": players,
    }
