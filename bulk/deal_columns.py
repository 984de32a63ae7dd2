"""``deals`` and ``calls`` of four-handed records, column by column. Pure, no I/O.

Contract: :class:`FourDeals` collects, record by record, the store's ``deals`` and ``calls``
rows of four-handed records (``api/store/rows.py``: a deal row is game 0, number 1, kind 2,
dealer 3, turned 4, trump 5, maker 6, the maker's side 7, alone 8, defender alone 9, the flags
thrown in, redeal, euchred and marched 10-13 as 0/1, tricks 14-15, then the ``_ns``/``_ew``
pairs of hand points, penalty, points and running score 16-23; a call row is ``record_calls``'),
keeping the row tuples themselves, with the record's rule set name and overrides text.
:meth:`FourDeals.rows` gives the two tables' rows as tuples in column order, the flags as the
store keeps them (0/1), each deal row ending with :func:`four_deal_extras`: what one
record's rows were before this module (the oracle of the tests). :meth:`FourDeals.arrays`
gives the same values as the Arrow arrays of the columns, the flags as booleans, as the
Parquet writer takes them (``bulk.parquet``).

Why columns: a row of 34 values made as a tuple for every deal (and one for every call), then
turned on its side at the flush, cost about 1.9 us a deal to turn alone (docs/DATASET.md
"Measured"); here only the store's own rows (24 values a deal) are turned, once a batch, and
the record-wide values (key, rules, overrides) are an index per row into the batch's few.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyarrow as pa

from .columns import FOUR_HANDED

__all__ = ["FourDeals", "four_deal_extras"]

Row = tuple[Any, ...]

_PARTNER4 = {"N": "S", "S": "N", "E": "W", "W": "E"}


def four_deal_extras(row: Row) -> Row:
    """The layout-3 columns of a four-handed ``deals`` row of the store (``rows._deal_row``:
    maker at 6, its side at 7, alone at 8, tricks at 14 and 15): the variant, the seats that
    played on the making side (the maker and, unless he went alone, his partner), their tricks;
    the five-handed columns null."""
    maker = row[6]
    if maker is None:
        return (*FOUR_HANDED, None, None, None, None, None)
    makers = [maker] if row[8] else [maker, _PARTNER4[maker]]
    return (*FOUR_HANDED, makers, row[14] if row[7] == "NS" else row[15], None, None, None)

_STR, _INT, _BOOL = pa.string(), pa.int64(), pa.bool_()
_FLAGS = frozenset({8, 10, 11, 12, 13})   # the store row's 0/1 flags: booleans here
_DEAL_TYPES = (_INT, _INT, _STR, _STR, _STR, _STR, _STR, _STR, _BOOL, _STR, _BOOL, _BOOL, _BOOL,
               _BOOL, *([_INT] * 10))
"""The Arrow type of each value of a store deal row, in order, up to the columns only a table of
2, 3 or 5 fills (``row_tuples.N_DEAL_COLUMNS``, migration 19), which a four-handed row holds as
None and this table writes from its own columns instead."""
_DEAL_WIDTH = len(_DEAL_TYPES)
_CALL_TYPES = (_INT, _INT, _INT, _STR, _STR, _STR, _BOOL)
"""The Arrow type of each value of a store call row ``(deal, call, round, seat, kind, suit,
alone)``."""


def _flag(values: tuple[Any, ...]) -> pa.Array:
    """A 0/1 column (None kept) as booleans, nonzero being true."""
    return pa.array(values, type=_INT).cast(_BOOL)


class FourDeals:
    """The four-handed ``deals`` and ``calls`` rows of a batch (see the module contract)."""

    def __init__(self) -> None:
        self.clear()

    def clear(self) -> None:
        self._deals: list[Row] = []
        self._deal_record: list[int] = []
        self._calls: list[Row] = []
        self._call_record: list[int] = []
        self._rules: list[str] = []        # by record index, for every record added
        self._overrides: list[str] = []
        self._columns: list[tuple[Any, ...]] | None = None

    def add(self, record: int, rules: str, overrides: str, deals: tuple[Row, ...],
            calls: tuple[Row, ...]) -> None:
        """The store rows of one record, whose key is at index ``record`` of the caller's keys
        (records are added in index order, each once)."""
        self._rules.append(rules)
        self._overrides.append(overrides)
        self._deals.extend(deals)
        self._deal_record.extend([record] * len(deals))
        self._calls.extend(calls)
        self._call_record.extend([record] * len(calls))
        self._columns = None

    def counts(self) -> dict[str, int]:
        return {"deals": len(self._deals), "calls": len(self._calls)}

    def deal_columns(self) -> list[tuple[Any, ...]]:
        """The store deal rows added, turned on their side (one tuple a value of the row), made
        once for the batch: the ``deals`` columns and ``bulk.score_columns``' come from them."""
        if self._columns is None:
            n = len(self._deals)
            self._columns = list(zip(*self._deals)) if n else [()] * len(_DEAL_TYPES)
        return self._columns

    def deal_records(self) -> list[int]:
        """The index of each deal row's record in the caller's keys."""
        return self._deal_record

    def rows(self, keys: list[str]) -> dict[str, list[Row]]:
        """Both tables' rows as tuples in column order (the module contract's oracle)."""
        deals = [(keys[r], *d[:_DEAL_WIDTH], self._rules[r], self._overrides[r], *four_deal_extras(d))
                 for r, d in zip(self._deal_record, self._deals)]
        calls = [(keys[r], *c, *FOUR_HANDED) for r, c in zip(self._call_record, self._calls)]
        return {"deals": deals, "calls": calls}

    def arrays(self, keys: list[str]) -> dict[str, list[pa.Array]]:
        """Both tables' columns (in table order) for the rows added."""
        names = pa.array(keys, type=_STR)
        return {"deals": self._deal_arrays(names), "calls": self._call_arrays(names)}

    def _deal_arrays(self, keys: pa.Array) -> list[pa.Array]:
        n = len(self._deals)
        cols = self.deal_columns()
        record = pa.array(np.asarray(self._deal_record, dtype=np.int64), type=_INT)
        out = [keys.take(record)]
        out += [_flag(col) if i in _FLAGS else pa.array(col, type=kind)
                for i, (col, kind) in enumerate(zip(cols, _DEAL_TYPES))]
        out.append(pa.array(self._rules, type=_STR).take(record))
        out.append(pa.array(self._overrides, type=_STR).take(record))
        out += _variant(n)
        makers, maker_tricks = [], []
        for maker, side, alone, ns, ew in zip(cols[6], cols[7], cols[8], cols[14], cols[15]):
            if maker is None:
                makers.append(None)
                maker_tricks.append(None)
            else:
                makers.append([maker] if alone else [maker, _PARTNER4[maker]])
                maker_tricks.append(ns if side == "NS" else ew)
        out.append(pa.array(makers, type=pa.list_(_STR)))
        out.append(pa.array(maker_tricks, type=_INT))
        out += [pa.nulls(n, type=_STR), pa.nulls(n, type=_STR), pa.nulls(n, type=_BOOL)]
        return out   # called, partner, partner_known: five-handed only

    def _call_arrays(self, keys: pa.Array) -> list[pa.Array]:
        n = len(self._calls)
        cols = list(zip(*self._calls)) if n else [()] * len(_CALL_TYPES)
        record = pa.array(np.asarray(self._call_record, dtype=np.int64), type=_INT)
        return [keys.take(record), *(pa.array(col, type=kind) for col, kind in zip(cols, _CALL_TYPES)),
                *_variant(n)]


def _variant(count: int) -> list[pa.Array]:
    """The ``seats`` and ``variant`` columns of ``count`` four-handed rows."""
    return [pa.array(np.full(count, FOUR_HANDED[0], dtype=np.int64), type=_INT),
            pa.array([FOUR_HANDED[1]], type=_STR).take(pa.array(np.zeros(count, dtype=np.int64)))]
