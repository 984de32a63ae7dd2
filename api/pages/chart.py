"""The running-score chart of a rubber: geometry for an inline SVG (templates/_chart.html).

Contract: :func:`chart` takes a sheet (:func:`.sheet.build_sheet`) and returns coordinates only;
one polyline per side and game (N-S solid with round markers, E-W dashed with square markers, so
the chart reads without colour), a dashed vertical line at each game boundary, a marked point
where a lap carried points into a game, and the game target as a dotted line. None when the
sheet has no deal in a game. Its labels are placed (api/pages/chart_labels.py) so that none
overlaps another at :data:`LABEL`, the size a phone draws them at (pages.css): a game's label is
shortened to its number, or left out, where games are too short for it; a label left out is
``None``. The ``desc`` summary says everything the labels do.
"""

from __future__ import annotations

from typing import Any

from .chart_labels import Placer, text_box, tick_step

__all__ = ["chart", "WIDTH", "HEIGHT", "LABEL"]

WIDTH, HEIGHT = 640, 250
LEFT, RIGHT, TOP, BOTTOM = 44, 60, 16, 44
LABEL = 18
"""The labels' largest size in user units (pages.css draws them so on a phone; 11 on a wider
screen, where the same places leave more room)."""


def _ticks(top: int, height: float) -> list[int]:
    """The scores the vertical axis labels: 0 to ``top`` by 1, 2, 5, 10, 20 ..., labels at least
    a label's height and a little apart over the plot's ``height``."""
    steps = [1, 2, 5] + [10 * 2 ** k for k in range(12)]
    step = next(s for s in steps if s * height / top >= LABEL * 1.1 + 4)
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

    bottom = TOP + plot_h
    placer = Placer(LABEL, bounds=(0, 0, WIDTH, HEIGHT))
    yticks: list[dict[str, Any]] = [{"y": y(v), "label": str(v)} for v in _ticks(top, plot_h)]
    for t in yticks:
        placer.reserve(text_box(LEFT - 6, t["y"] + 6, t["label"], LABEL, "end"))
    unit = plot_w / span
    step = tick_step(span, unit, str(last), LABEL)
    tick_y = bottom + LABEL * 0.8 + 3
    xticks: list[dict[str, Any]] = [{"x": x(n), "label": str(n)} for n in range(first, last + 1, step)]
    for t in xticks:
        placer.reserve(text_box(t["x"], tick_y, t["label"], LABEL, "middle"))
    placer.reserve(text_box((LEFT + WIDTH - RIGHT) / 2, HEIGHT - 4, "deal", LABEL, "middle"))

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
        end_x, end_y = x(games[-1]["deals"][-1]["number"]) + 6, y(final[index]) + LABEL * 0.35
        shifts = [0.0] + [k * sign * (LABEL + 3) for k in (1, 2) for sign in ((1, -1) if index else (-1, 1))]
        spot = placer.place(label, [(end_x, end_y + d, "start") for d in shifts], bold=True)
        sides.append({"side": side, "label": label, "lines": lines, "markers": markers,
                      "end": (end_x, end_y) if spot is None else (spot[0], spot[1]),
                      "final": final[index]})
    target = sheet.get("game_points")
    target_label = None
    if target:
        ty = y(target)
        text = f"game {target}"
        spot = placer.place(text, [(WIDTH - RIGHT - 4, ty - 5, "end"),
                                   (WIDTH - RIGHT - 4, ty + LABEL * 0.8 + 4, "end")])
        target_label = None if spot is None else {"x": spot[0], "y": spot[1], "label": text}
    boundaries = []
    for g in games:
        bx = x(g["deals"][0]["number"] - 1)
        spot = None
        for text in (f"Game {g['number']}", str(g["number"])):
            spot = placer.place(text, [(bx + 4, TOP + LABEL * 0.8, "start")])
            if spot is not None:
                break
        boundaries.append({"x": bx, "label": None if spot is None else text,
                           "label_y": TOP + LABEL * 0.8})
    laps: list[dict[str, Any]] = []
    for g in games:
        if g["lap_in"]:
            index = 0 if g["start"][0] >= g["start"][1] else 1
            lx, ly = x(g["deals"][0]["number"] - 1), y(g["start"][index])
            text = f"lap {g['start'][index]}"
            spot = placer.place(text, [(lx + 9, ly - 8, "start"), (lx + 9, ly + LABEL * 0.8 + 8, "start"),
                                       (lx - 9, ly - 8, "end"), (lx - 9, ly + LABEL * 0.8 + 8, "end")])
            laps.append({"x": lx, "y": ly, "label": None if spot is None else text,
                         "label_x": lx if spot is None else spot[0],
                         "label_y": ly if spot is None else spot[1],
                         "anchor": "start" if spot is None else spot[2]})
    summary = "; ".join(
        f"game {g['number']}: N-S {g['score'][0]}, E-W {g['score'][1]}"
        + (f" ({'N-S' if g['winner'] == 'NS' else 'E-W'} won)" if g["winner"] else "")
        + (f", lap {g['start'][0]}-{g['start'][1]} carried in" if g["lap_in"] else "")
        for g in games)
    return {
        "width": WIDTH, "height": HEIGHT, "left": LEFT, "right": WIDTH - RIGHT, "top": TOP,
        "bottom": bottom, "sides": sides, "boundaries": boundaries, "laps": laps,
        "target": None if not target else {"y": y(target), "label": target_label},
        "xticks": xticks, "yticks": yticks, "tick_y": tick_y,
        "summary": f"Running score by deal. {summary}.",
    }
