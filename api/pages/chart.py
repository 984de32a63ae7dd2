"""The running-score chart of a rubber: geometry for an inline SVG (templates/_chart.html).

Contract: :func:`chart` takes a sheet (:func:`.sheet.build_sheet`) and returns coordinates only;
one polyline per side and game (N-S solid with round markers, E-W dashed with square markers, so
the chart reads without colour), a dashed vertical line at each game boundary, a marked point
where a lap carried points into a game, and the game target as a dotted line. None when the
sheet has no deal in a game.
"""

from __future__ import annotations

from typing import Any

__all__ = ["chart", "WIDTH", "HEIGHT"]

WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 40, 56, 14, 34


def _ticks(top: int) -> list[int]:
    step = 1 if top <= 6 else 2 if top <= 12 else 5 if top <= 30 else 10
    return list(range(0, top + 1, step))


def chart(sheet: dict[str, Any]) -> dict[str, Any] | None:
    games = [g for g in sheet["games"] if g["deals"]]
    if not games:
        return None
    last: int = max(g["deals"][-1]["number"] for g in games)
    first: int = min(g["deals"][0]["number"] for g in games)
    span = max(last - first + 1, 1)
    top = max([sheet.get("game_points") or 0]
              + [max(r["score"]) for g in games for r in g["deals"] if r["score"]]
              + [max(g["start"]) for g in games])
    top = max(top, 1)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(deal: float) -> float:
        return round(float(LEFT + (deal - first + 1) / span * plot_w), 1)

    def y(score: int) -> float:
        return round(float(TOP + plot_h - score / top * plot_h), 1)

    sides: list[dict[str, Any]] = []
    for index, (side, label) in enumerate((("NS", "N-S"), ("EW", "E-W"))):
        lines, markers = [], []
        for g in games:
            start_x = g["deals"][0]["number"] - 1
            pts = [(x(start_x), y(g["start"][index]))]
            for r in g["deals"]:
                if r["score"] is not None:
                    pts.append((x(r["number"]), y(r["score"][index])))
            lines.append(" ".join(f"{a},{b}" for a, b in pts))
            markers.extend(pts[1:])
        final = games[-1]["deals"][-1]["score"] or games[-1]["start"]
        sides.append({"side": side, "label": label, "lines": lines, "markers": markers,
                      "end": (x(games[-1]["deals"][-1]["number"]) + 6,
                              y(final[index]) + (4 if index == 0 else 12)),
                      "final": final[index]})
    boundaries = [{"x": x(g["deals"][0]["number"] - 1), "label": f"Game {g['number']}"}
                  for g in games]
    laps: list[dict[str, Any]] = []
    for g in games:
        if g["lap_in"]:
            index = 0 if g["start"][0] >= g["start"][1] else 1
            laps.append({"x": x(g["deals"][0]["number"] - 1), "y": y(g["start"][index]),
                         "label": f"lap {g['start'][index]}"})
    target = sheet.get("game_points")
    step = max(1, span // 12 + (1 if span % 12 else 0))
    xticks = [{"x": x(n), "label": str(n)} for n in range(first, last + 1, step)]
    summary = "; ".join(
        f"game {g['number']}: N-S {g['score'][0]}, E-W {g['score'][1]}"
        + (f" ({'N-S' if g['winner'] == 'NS' else 'E-W'} won)" if g["winner"] else "")
        + (f", lap {g['start'][0]}-{g['start'][1]} carried in" if g["lap_in"] else "")
        for g in games)
    return {
        "width": WIDTH, "height": HEIGHT, "left": LEFT, "right": WIDTH - RIGHT, "top": TOP,
        "bottom": TOP + plot_h, "sides": sides, "boundaries": boundaries, "laps": laps,
        "target": None if not target else {"y": y(target), "label": f"game {target}"},
        "xticks": xticks, "yticks": [{"y": y(v), "label": str(v)} for v in _ticks(top)],
        "summary": f"Running score by deal. {summary}.",
    }
