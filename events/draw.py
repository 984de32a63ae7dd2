"""A seeded draw for the seating of a round: the same players and seed always give the same
tables, so a draw the director made can be shown again and checked.

Contract: :func:`draw_tables` shuffles ``players`` with :class:`random.Random` seeded by
``seed`` (its shuffle is the same on every CPython since 3.2) and seats them four to a table in
the order N, E, S, W, tables numbered from 1; with ``seats`` 2, 3 or 5 (an individual event)
it seats them that many to a table in seats "0" .. "n-1". The number of players must be a
positive multiple of the table's size (:class:`DrawError` otherwise, naming the count); a
player listed twice is refused.

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


_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}


def draw_tables(players: Sequence[int], seed: int, seats: int = 4) -> list[dict[str, Any]]:
    """The tables ``[{"table": "1", "seats": {"N": id, "E": id, "S": id, "W": id}}, ...]`` (at
    tables of ``seats`` != 4: ``{"0": id, "1": id, ...}``)."""
    if seats not in _WORDS:
        raise DrawError(f"tables seat 2, 3, 4 or 5 players, not {seats}")
    tokens = SEAT_ORDER if seats == 4 else tuple(str(i) for i in range(seats))
    if len(set(players)) != len(players):
        raise DrawError("a player is listed twice: each player sits at one table")
    if not players or len(players) % seats:
        raise DrawError(f"{len(players)} players cannot be seated {_WORDS[seats]} to a table: "
                        f"a draw needs {seats}, {2 * seats}, {3 * seats} ... players")
    order = list(players)
    random.Random(seed).shuffle(order)
    return [{"table": str(i // seats + 1), "seats": dict(zip(tokens, order[i:i + seats]))}
            for i in range(0, len(order), seats)]
