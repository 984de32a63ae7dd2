"""Where a chart's text labels go so that none overlaps another (api/pages/chart.py,
rating_chart.py), at the largest size the stylesheet draws them (on a phone).

Contract: sizes are in SVG user units. :func:`text_box` estimates a label's box from its length
(DejaVu Sans, chromium's sans-serif on Debian: digits and most letters advance about 0.64 em;
bold ones 0.7 em); the estimate is generous, and tests/test_chart_labels.py measures the boxes
chromium really draws at 390 px. :class:`Placer` keeps the boxes placed so far and gives each
new label the first of its candidate positions that clashes with none of them, or None.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

__all__ = ["Box", "text_box", "Placer", "tick_step"]

Box = tuple[float, float, float, float]
"""(left, top, right, bottom)."""

_ADVANCE, _BOLD_ADVANCE = 0.64, 0.7
_ASCENT, _DESCENT = 0.8, 0.25


def text_box(x: float, y: float, text: str, size: float, anchor: str = "start",
             bold: bool = False) -> Box:
    """The box of ``text`` drawn at (``x``, baseline ``y``) with ``text-anchor`` ``anchor``."""
    width = len(text) * size * (_BOLD_ADVANCE if bold else _ADVANCE) + 2
    left = x if anchor == "start" else x - width / 2 if anchor == "middle" else x - width
    return (left, y - size * _ASCENT, left + width, y + size * _DESCENT)


def _clash(a: Box, b: Box, pad: float) -> bool:
    return a[0] < b[2] + pad and b[0] < a[2] + pad and a[1] < b[3] + pad and b[1] < a[3] + pad


@dataclass
class Placer:
    """The labels of one chart, placed in turn (the more important first)."""

    size: float
    pad: float = 2.0
    bounds: Box | None = None        # labels must lie inside (the SVG's view box)
    boxes: list[Box] = field(default_factory=list)

    def reserve(self, box: Box) -> None:
        """Mark ``box`` as taken (a label always drawn, or a mark labels must avoid)."""
        self.boxes.append(box)

    def place(self, text: str, candidates: Sequence[tuple[float, float, str]],
              bold: bool = False) -> tuple[float, float, str] | None:
        """The first ``(x, y, anchor)`` of ``candidates`` where ``text`` fits, now reserved."""
        for x, y, anchor in candidates:
            box = text_box(x, y, text, self.size, anchor, bold)
            b = self.bounds
            if b is not None and (box[0] < b[0] or box[1] < b[1] or box[2] > b[2] or box[3] > b[3]):
                continue
            if not any(_clash(box, other, self.pad) for other in self.boxes):
                self.boxes.append(box)
                return (x, y, anchor)
        return None


def tick_step(count: int, unit: float, widest: str, size: float, at_most: int = 12) -> int:
    """Every how many positions an axis labels one: at most ``at_most`` labels, and each step
    (``unit`` apart per position) wider than the widest label with room to spare."""
    step = max(1, count // at_most + (1 if count % at_most else 0))
    need = len(widest) * size * _ADVANCE + 2 + 6
    while step * unit < need:
        step += 1
    return step
