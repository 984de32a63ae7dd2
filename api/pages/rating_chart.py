"""A player's rating chart: geometry for an inline SVG (templates/_rating_chart.html), drawn as
the running-score chart is (api/pages/chart.py).

Contract: :func:`rating_chart` takes a player's rating history (points of
``api/store/ratings.player_ratings``, in time order) and returns coordinates only: the rating
(mu - 3 sigma) after each match as a solid line with round markers, the skill estimate (mu) as a
dashed line with square markers, so the two read apart without colour; both start at the new
player's values before the first match. None for an empty history. Its labels keep apart at
:data:`LABEL`, the size a phone draws them at (pages.css; api/pages/chart_labels.py).
"""

from __future__ import annotations

import math
from typing import Any, Sequence

from euchre_records.events.ratings import ORDINAL_Z, new_model

from .chart_labels import tick_step

__all__ = ["rating_chart", "WIDTH", "HEIGHT", "LABEL"]

WIDTH, HEIGHT = 480, 220
LEFT, RIGHT, TOP, BOTTOM = 40, 64, 14, 40
LABEL = 14
"""The labels' largest size in user units (a phone's, pages.css)."""


def _ticks(low: float, high: float, height: float) -> list[int]:
    span = high - low
    steps = [1, 2, 5] + [10 * 2 ** k for k in range(12)]
    step = next(s for s in steps if s * height / span >= LABEL * 1.1 + 4)
    first = math.ceil(low / step) * step
    return list(range(first, math.floor(high) + 1, step))


def rating_chart(history: Sequence[dict[str, Any]]) -> dict[str, Any] | None:
    if not history:
        return None
    start = new_model().rating()
    ratings = [start.ordinal(z=ORDINAL_Z)] + [float(p["rating"]) for p in history]
    mus = [start.mu] + [float(p["mu"]) for p in history]
    low = math.floor(min(ratings + mus)) - 1
    high = math.ceil(max(ratings + mus)) + 1
    n = len(history)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return round(float(LEFT + i / max(n, 1) * plot_w), 1)

    def y(v: float) -> float:
        return round(float(TOP + plot_h - (v - low) / (high - low) * plot_h), 1)

    series: list[dict[str, Any]] = []
    for name, label, values in (("rating", "rating", ratings), ("mu", "mu", mus)):
        pts = [(x(i), y(v)) for i, v in enumerate(values)]
        series.append({"name": name, "label": label, "line": " ".join(f"{a},{b}" for a, b in pts),
                       "markers": pts[1:], "end": (pts[-1][0] + 6, pts[-1][1] + 5)})
    # keep the two end labels apart (a label's height and a little), inside the chart
    apart = LABEL + 3
    if abs(series[0]["end"][1] - series[1]["end"][1]) < apart:
        a, b = series[0]["end"], series[1]["end"]
        low_one, high_one = (0, 1) if a[1] >= b[1] else (1, 0)
        other = series[high_one]["end"][1]
        moved = other + apart
        if moved > HEIGHT - BOTTOM + LABEL:          # no room below: the other goes up
            series[high_one]["end"] = (series[high_one]["end"][0], series[low_one]["end"][1] - apart)
        else:
            series[low_one]["end"] = (series[low_one]["end"][0], moved)
    step = tick_step(n + 1, plot_w / max(n, 1), str(n), LABEL)
    xticks = [{"x": x(i), "label": str(i)} for i in range(0, n + 1, step)]
    best = max(range(1, n + 1), key=lambda i: (ratings[i], -i))
    summary = (f"Rating after each of {n} rated match{'es' if n != 1 else ''}: from "
               f"{ratings[0]:.1f} to {ratings[-1]:.1f}, the highest {ratings[best]:.1f} after "
               f"match {best}; skill estimate (mu) now {mus[-1]:.1f}.")
    return {
        "width": WIDTH, "height": HEIGHT, "left": LEFT, "right": WIDTH - RIGHT, "top": TOP,
        "bottom": TOP + plot_h, "series": series, "xticks": xticks,
        "yticks": [{"y": y(v), "label": str(v)} for v in _ticks(low, high, plot_h)],
        "tick_y": TOP + plot_h + LABEL * 0.8 + 3,
        "zero": y(0.0) if low <= 0 <= high else None, "summary": summary,
    }
