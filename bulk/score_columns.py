"""``deal_scores`` and ``game_scores`` of four-handed records, column by column. Pure, no I/O.

Contract: :class:`FourScores` collects the store's game rows of four-handed records and reads
their deal rows from the batch's ``bulk.deal_columns.FourDeals``, which holds them for the
``deals`` table too (``api/store/rows.py``: a deal row holds its game at 0, number at 1, the
maker's side at 7 and the ``_ns``/``_ew`` pairs of hand points, penalty, points and running
score at 16..23; a game row its number at 0, start at 3-4, score at 5-6, winner at 7, finished
at 8), keeping the row tuples themselves, and :meth:`FourScores.arrays` turns them into the Arrow arrays of the two tables'
columns (``columns.SCORE_COLUMNS``): four rows per deal and per game, seats N E S W in that
order, each seat carrying his partnership's figures; ``side`` is ``makers`` for the maker's
partnership and ``defenders`` for the other (null where nobody made trump); ``won`` is null while
the game is unfinished. The text columns (record_id, seat, side, partnership, variant) are
dictionary arrays, the few names and an index per row, as the Parquet writer takes them
(``bulk.parquet.DIRECT``); their values are strings all the same.

Tests: tests/test_game_scores_won.py (``won`` true, false and null, worked by hand),
tests/test_bulk_dataset.py (each seat's deal points against the reference laws, and every
four-handed value against the layout-2 commit's output).

Why columns: four rows per deal made as Python tuples and converted cell by cell into Arrow made
the four-handed build markedly slower than layout 2's (benchmarks/bench_dataset.py ``--before``,
docs/DATASET.md "Measured"); here the rows are numpy's repeat and interleave over a few columns
per deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pyarrow as pa

from .deal_columns import FourDeals
from .columns import FOUR_HANDED, SCORE_COLUMNS

__all__ = ["FourScores"]

Row = tuple[Any, ...]

_SEATS = pa.array(["N", "E", "S", "W"], type=pa.string())
_PARTS = pa.array(["NS", "EW"], type=pa.string())
_SIDES = pa.array(["makers", "defenders"], type=pa.string())
_SIDE_CODE = {"NS": 0, "EW": 1}   # a partnership's index in _PARTS (-1: none)
_PART_OF_SEAT = np.array([0, 1, 0, 1], dtype=np.int64)   # N, E, S, W: NS, EW, NS, EW


def _take(values: pa.Array, index: np.ndarray[Any, Any]) -> pa.Array:
    return values.take(pa.array(index, type=pa.int64()))


def _coded(names: pa.Array, index: np.ndarray[Any, Any],
           mask: np.ndarray[Any, Any] | None = None) -> pa.Array:
    """The strings ``names[index]`` (null where ``mask``) as a dictionary array."""
    return pa.DictionaryArray.from_arrays(pa.array(index.astype(np.int32), mask=mask), names)


def _per_seat(ns: Sequence[int], ew: Sequence[int]) -> pa.Array:
    """N, E, S, W of each row: ns, ew, ns, ew."""
    a, b = np.asarray(ns, dtype=np.int64), np.asarray(ew, dtype=np.int64)
    return pa.array(np.column_stack((a, b, a, b)).ravel(), type=pa.int64())


def _constant(value: Any, kind: pa.DataType, count: int) -> pa.Array:
    if kind == pa.string():
        return _coded(pa.array([value], type=kind), np.zeros(count, dtype=np.int32))
    return pa.array(np.full(count, value, dtype=np.int64), type=kind)


class FourScores:
    """The four-handed deal and game rows of a batch (see the module contract): the game rows
    held here, the deal rows by the batch's :class:`FourDeals` (``deals``), which turns them
    on their side once for both tables."""

    def __init__(self, deals: FourDeals) -> None:
        self._held = deals
        self.clear()

    def clear(self) -> None:
        """Forget the game rows (the deal rows are cleared with their FourDeals)."""
        self._games: list[Row] = []
        self._game_record: list[int] = []

    def add(self, record: int, games: tuple[Row, ...]) -> None:
        """The store game rows of one record, whose key is at index ``record`` of the caller's
        keys (its deal rows: ``FourDeals.add``)."""
        self._games.extend(games)
        self._game_record.extend([record] * len(games))

    def counts(self) -> dict[str, int]:
        return {"deal_scores": 4 * self._held.counts()["deals"], "game_scores": 4 * len(self._games)}

    def arrays(self, keys: list[str]) -> dict[str, list[pa.Array]]:
        """The columns of ``deal_scores`` and ``game_scores`` (in table order) for the rows added."""
        names = pa.array(keys, type=pa.string())
        return {"deal_scores": self._deal_arrays(names), "game_scores": self._game_arrays(names)}

    def _deal_arrays(self, keys: pa.Array) -> list[pa.Array]:
        n = self._held.counts()["deals"]
        cols = self._held.deal_columns()
        each = np.repeat(np.arange(n, dtype=np.int64), 4)
        side = np.array([_SIDE_CODE.get(s, -1) for s in cols[7]], dtype=np.int64)
        side_of = side[each]
        part = np.tile(_PART_OF_SEAT, n)
        role = np.where(side_of == part, 0, 1)
        out = {
            "record_id": _coded(keys, np.asarray(self._held.deal_records(), dtype=np.int64)[each]),
            "game": _take(pa.array(cols[0], type=pa.int64()), each),
            "deal": _take(pa.array(cols[1], type=pa.int64()), each),
            "seat": _coded(_SEATS, np.tile(np.arange(4, dtype=np.int64), n)),
            "side": _coded(_SIDES, role, side_of < 0),
            "partnership": _coded(_PARTS, part),
            "hand_points": _per_seat(cols[16], cols[17]),
            "penalty": _per_seat(cols[18], cols[19]),
            "points": _per_seat(cols[20], cols[21]),
            "score": _per_seat(cols[22], cols[23]),
            "seats": _constant(FOUR_HANDED[0], pa.int64(), 4 * n),
            "variant": _constant(FOUR_HANDED[1], pa.string(), 4 * n),
        }
        return [out[name] for name, _ in SCORE_COLUMNS["deal_scores"]]

    def _game_arrays(self, keys: pa.Array) -> list[pa.Array]:
        n = len(self._games)
        cols = list(zip(*self._games)) if n else [()] * 9
        each = np.repeat(np.arange(n, dtype=np.int64), 4)
        part = np.tile(_PART_OF_SEAT, n)
        winner = np.array([_SIDE_CODE.get(w, -1) for w in cols[7]], dtype=np.int64)[each]
        finished = np.array([bool(f) for f in cols[8]], dtype=bool)[each]
        out = {
            "record_id": _coded(keys, np.asarray(self._game_record, dtype=np.int64)[each]),
            "game": _take(pa.array(cols[0], type=pa.int64()), each),
            "seat": _coded(_SEATS, np.tile(np.arange(4, dtype=np.int64), n)),
            "partnership": _coded(_PARTS, part),
            "start": _per_seat(cols[3], cols[4]),
            "score": _per_seat(cols[5], cols[6]),
            "won": pa.array(winner == part, type=pa.bool_(), mask=~finished),
            "finished": pa.array(finished, type=pa.bool_()),
            "seats": _constant(FOUR_HANDED[0], pa.int64(), 4 * n),
            "variant": _constant(FOUR_HANDED[1], pa.string(), 4 * n),
        }
        return [out[name] for name, _ in SCORE_COLUMNS["game_scores"]]
