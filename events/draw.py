"""A seeded draw for the seating of a round: the same players and seed always give the same
tables, so a draw the director made can be shown again and checked.

Contract: :func:`draw_tables` shuffles ``players`` with :class:`random.Random` seeded by
``seed`` (its shuffle is the same on every CPython since 3.2) and seats them four to a table in
the order N, E, S, W, tables numbered from 1. The number of players must be a positive multiple
of four (:class:`DrawError` otherwise, naming the count); a player listed twice is refused.

>>> [t["seats"] for t in draw_tables([1, 2, 3, 4], seed=7)] == [t["seats"] for t in draw_tables([1, 2, 3, 4], seed=7)]
True
>>> draw_tables([1, 2, 3], seed=1)
Traceback (most recent call last):
  ...
euchre_records.events.draw.DrawError: 3 players cannot be seated four to a table: a draw needs 4, 8, 12 ... players
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

__all__ = ["DrawError", "draw_tables", "SEAT_ORDER"]

SEAT_ORDER = ("N", "E", "S", "W")


class DrawError(ValueError):
    """The players cannot be drawn into tables (the message says why)."""


def draw_tables(players: Sequence[int], seed: int) -> list[dict[str, Any]]:
    """The tables ``[{"table": "1", "seats": {"N": id, "E": id, "S": id, "W": id}}, ...]``."""
    if len(set(players)) != len(players):
        raise DrawError("a player is listed twice: each player sits at one table")
    if not players or len(players) % 4:
        raise DrawError(f"{len(players)} players cannot be seated four to a table: a draw needs "
                        "4, 8, 12 ... players")
    order = list(players)
    random.Random(seed).shuffle(order)
    return [{"table": str(i // 4 + 1), "seats": dict(zip(SEAT_ORDER, order[i:i + 4]))}
            for i in range(0, len(order), 4)]
