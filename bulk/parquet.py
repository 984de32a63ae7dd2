"""Writing one shard's tables as Parquet files (pyarrow), deterministically.

Contract: :func:`write_shard` reads a shard, turns every record into rows (``tables.Batch``)
and writes ``OUT/<table>/part-<shard>.parquet`` for every table, empty tables included, in row
groups of at most ``batch`` records, so a worker holds one batch of rows at a time. The bytes
written depend only on the shard and ``batch``: the same input gives the same files on any
scheduler.

The tables gathered column by column (:data:`DIRECT`: ``plays``, ``deal_scores``,
``game_scores``, most of a batch's cells) hand their text columns to the Parquet writer as
dictionary arrays (the few names, and an index per row) instead of one string per row: Parquet
dictionary-encodes those columns anyway, and given the dictionary the writer skips hashing
every string back into one. What is stored is the same as for plain string columns: the file's
Arrow schema (``ARROW:schema``, the base64 of the serialised :func:`arrow_schema`, as Arrow
writes it) and its metadata are those of the string columns, so every reader gets strings,
the same values in the same order; only the order of a dictionary page's entries may differ
(tests/test_bulk_writer.py holds the tables equal to those of plain string arrays).
"""

from __future__ import annotations

import base64
import gc
import time
from functools import cache
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from euchre_records.errors import RecordError

from .shards import Shard, read_shard
from .plays import TEXT_OF
from .columns import FOUR_HANDED, SCORE_COLUMNS
from .tables import (ALL_COLUMNS, DATASET_VERSION, DEAL_TABLES, FLAGGED, Batch, bool_column,
                     tables_for)

__all__ = ["write_shard", "arrow_schema", "writer_schema", "part_name", "dask_setup", "DIRECT",
           "PROFILER_CALLBACKS", "statistics_columns"]

_TYPES = {"str": pa.string(), "int": pa.int64(), "bool": pa.bool_(),
          "strs": pa.list_(pa.string())}


_CODES = pa.dictionary(pa.int32(), pa.string())
"""A text column handed to the writer as names and an index per row (see the module doc)."""

DIRECT = ("plays", "deal_scores", "game_scores")
"""The tables whose text columns go to the writer as dictionary arrays (module doc)."""


@cache
def arrow_schema(table: str) -> pa.Schema:
    """The Arrow schema of a dataset table, with the layout version in its metadata: what a
    reader of its files gets."""
    return pa.schema([pa.field(name, _TYPES[kind]) for name, kind in ALL_COLUMNS[table]],
                     metadata={"euchre_records.dataset": DATASET_VERSION,
                               "euchre_records.table": table})


@cache
def writer_schema(table: str) -> pa.Schema:
    """The schema of the arrays handed to the writer: :func:`arrow_schema`, but for the text
    columns of a :data:`DIRECT` table, which are dictionary arrays (module doc)."""
    schema = arrow_schema(table)
    if table not in DIRECT:
        return schema
    return pa.schema([pa.field(f.name, _CODES) if f.type == pa.string() else f for f in schema],
                     metadata=schema.metadata)


@cache
def _file_metadata(table: str) -> dict[bytes, bytes]:
    """The key-value metadata of a DIRECT table's file: what Arrow stores for
    :func:`arrow_schema` (its serialised form under ``ARROW:schema``, then its own metadata)."""
    schema = arrow_schema(table)
    return {b"ARROW:schema": base64.b64encode(schema.serialize().to_pybytes()),
            **(schema.metadata or {})}


_PRUNING_TEXT = frozenset({"source", "format_version", "rules", "club", "event", "date", "variant"})
"""The text columns whose values come in runs (a source's records sit together; a club night's
share its club, event and date; an archive is of one variant, or a few), so that a row group's
minimum and maximum can let a reader skip it on a filter."""


@cache
def statistics_columns(table: str) -> list[str] | bool:
    """The columns of ``table`` whose row groups carry minimum and maximum statistics: every
    number and flag, and the text columns of :data:`_PRUNING_TEXT`. The other text columns
    (record ids, which are hashes in no order; seats, cards, suits and calls, every value of
    which is in every row group; the canonical text) get none: such a minimum and maximum
    never lets a reader skip a row group, and computing them was a quarter of Parquet's own
    encoding time (docs/DATASET.md "Row-group statistics")."""
    names = [f.name for f in arrow_schema(table)
             if f.name in _PRUNING_TEXT or f.type in (pa.int64(), pa.bool_())]
    return names or False


_BOOL = pa.bool_()


def _bool_array(values: tuple[Any, ...]) -> pa.Array:
    """A flag column of a ``tables.FLAGGED`` table as booleans: the store's 0/1 (None kept) cast
    in Arrow, nonzero being true; values that are not all integers or None (booleans of a table
    of 2, 3 or 5 among them) one by one (``tables.bool_column``)."""
    try:
        return pa.array(values, type=pa.int64()).cast(_BOOL)
    except (pa.ArrowInvalid, pa.ArrowTypeError):
        return pa.array(bool_column(values), type=_BOOL)


def _fit(array: pa.Array, kind: pa.DataType) -> pa.Array:
    """``array`` (strings or dictionary-coded strings) as the writer's ``kind`` wants it."""
    if array.type == kind:
        return array
    if kind == _CODES:
        return array.dictionary_encode()   # int32 indexes, the names in order of appearance
    if pa.types.is_dictionary(array.type):
        return array.dictionary_decode()
    return array


def _joined(four: pa.Array, more: list[Any], kind: pa.DataType) -> pa.Array:
    """The column-wise rows, then the values ``more`` (rows of tables of 2, 3, 5), as ``kind``."""
    if not more:
        return _fit(four, kind)
    plain = pa.string() if kind == _CODES else kind
    return _fit(pa.concat_arrays([_fit(four, plain), pa.array(more, type=plain)]), kind)


PROFILER_CALLBACKS = ("profile", "profile-cycle")
"""A Dask worker's periodic callbacks of its statistical profiler (``distributed.worker.profile``),
which stops the task's thread every 10 ms to walk its stack: about an eighth of a shard's CPU
time (docs/DATASET.md "Measured"), for a profile nobody reads here."""


def dask_setup(worker: object = None) -> None:
    """What a Dask worker started with ``--preload euchre_records.bulk.parquet`` runs as it
    starts (Dask's preload hook): this module and the engine are imported by then, and here
    Arrow makes its first array, which imports pandas (pyarrow 26; about half a second), so
    that the worker's first shard does not wait for either (docs/DATASET.md); and the worker's
    statistical profiler is stopped (:data:`PROFILER_CALLBACKS`), as ``--workers N`` starts its
    own workers without it."""
    pa.array([0], type=pa.int64())
    callbacks = getattr(worker, "periodic_callbacks", None)
    if isinstance(callbacks, dict):
        for name in PROFILER_CALLBACKS:
            callback = callbacks.pop(name, None)
            if callback is not None:
                callback.stop()


def part_name(shard: Shard) -> str:
    return f"part-{shard.number:06d}.parquet"


class _Writers:
    """One ParquetWriter per table of a shard, opened at the first row group."""

    def __init__(self, out: Path, shard: Shard, tables: tuple[str, ...]) -> None:
        self.out = out
        self.name = part_name(shard)
        self.tables = tables
        self.writers: dict[str, pq.ParquetWriter] = {}
        self.counts = {t: 0 for t in tables}

    def flush(self, batch: Batch) -> None:
        """Write the batch's rows as one row group per table that has any, and clear it."""
        made: dict[str, dict[str, list[pa.Array]]] = {}   # each holder's two tables, made once
        for table, items in batch.rows.items():
            if table == "plays":
                if len(batch.plays) or items:
                    self._write(table, _play_arrays(batch), len(batch.plays) + len(items))
                continue
            holder = _HOLDER.get(table)
            if holder is not None:   # deal_scores, game_scores (batch.scores); deals, calls
                four = getattr(batch, holder).counts()[table]
                if four or items:
                    if holder not in made:
                        made[holder] = getattr(batch, holder).arrays(batch.keys)
                    self._write(table, _then_others(batch, table, made[holder][table]),
                                four + len(items))
                continue
            if not items:
                continue
            schema = arrow_schema(table)
            flagged = table in FLAGGED
            self._write(table, [_bool_array(col) if flagged and f.type == _BOOL
                                else pa.array(col, type=f.type)
                                for col, f in zip(zip(*items), schema)], len(items))
        batch.clear()

    def _write(self, table: str, arrays: list[pa.Array], rows: int) -> None:
        schema = writer_schema(table)
        data = pa.Table.from_arrays(arrays, schema=schema)
        writer = self.writers.get(table)
        if writer is None:   # a DIRECT table's stored schema is arrow_schema's, given at close
            writer = pq.ParquetWriter(self._path(table), schema, store_schema=table not in DIRECT,
                                      write_statistics=statistics_columns(table))
            self.writers[table] = writer
        writer.write_table(data)
        self.counts[table] += rows

    def close(self) -> None:
        for table in self.tables:
            writer = self.writers.pop(table, None)
            if writer is not None:
                if table in DIRECT:
                    writer.add_key_value_metadata(_file_metadata(table))
                writer.close()
            else:
                schema = arrow_schema(table)
                pq.write_table(schema.empty_table(), self._path(table),
                               write_statistics=statistics_columns(table))

    def _path(self, table: str) -> str:
        folder = self.out / table
        folder.mkdir(parents=True, exist_ok=True)
        return str(folder / self.name)


def _play_arrays(batch: Batch) -> list[pa.Array]:
    """The ``plays`` columns of a batch as the writer takes them (:func:`writer_schema`):
    numbers and flags straight from numpy, texts as their few names (``bulk.plays.TEXT_OF``)
    and an index per row; then the cards of tables of 2, 3 and 5 (``plays.seat_play_rows``)."""
    columns = batch.plays.columns()
    count = len(batch.plays)
    tables = batch.rows["plays"]
    out = []
    for i, f in enumerate(writer_schema("plays")):
        if f.name in columns:
            values = columns[f.name]
            names = batch.keys if f.name == "record_id" else TEXT_OF.get(f.name)
            if names is not None:
                four = pa.DictionaryArray.from_arrays(pa.array(values.astype(np.int32)),
                                                      pa.array(names, type=pa.string()))
            else:
                four = pa.array(values, type=f.type)
        else:   # the variant columns: every card gathered column-wise is four-handed
            value = FOUR_HANDED[f.name == "variant"]
            if f.type == _CODES:
                four = pa.DictionaryArray.from_arrays(pa.array(np.zeros(count, dtype=np.int32)),
                                                      pa.array([value], type=pa.string()))
            else:
                four = pa.array(np.full(count, value, dtype=np.int64), type=f.type)
        out.append(_joined(four, [r[i] for r in tables], f.type))
    return out


_HOLDER = {**{t: "scores" for t in SCORE_COLUMNS}, **{t: "deals" for t in DEAL_TABLES}}
"""The tables whose four-handed columns a batch's ``scores`` (``bulk.score_columns``) or
``deals`` (``bulk.deal_columns``) makes, two tables at a time."""


def _then_others(batch: Batch, table: str, four: list[pa.Array]) -> list[pa.Array]:
    """``deal_scores``, ``game_scores``, ``deals`` or ``calls`` of a batch as the writer takes
    them: the four-handed columns ``four`` (``bulk.score_columns``, ``bulk.deal_columns``: each
    makes two tables' at once), then the rows of tables of 2, 3 and 5."""
    rows = batch.rows[table]
    more = list(zip(*rows)) if rows else [()] * len(four)
    return [_joined(a, list(col), f.type)
            for a, col, f in zip(four, more, writer_schema(table))]


@contextmanager
def _collector_per_batch() -> Iterator[None]:
    """The cycle collector paused while a shard is read (each batch then collects its own young
    objects, :func:`_collect_batch`), and restored as it was.

    A batch's rows are a few hundred thousand tuples that live until the batch is written; the
    collector's automatic passes, triggered by every few hundred allocations, walked them again
    and again, a third of a shard's CPU time (benchmarks/bench_dataset.py). Garbage that only
    the collector frees (an exception's traceback cycle ...) waits at most one batch."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _collect_batch() -> None:
    gc.collect(0)   # the objects made since the last batch (the collector being paused)


def write_shard(shard: Shard, out: str, batch: int = 500, analysis: bool = False) -> dict[str, Any]:
    """Write the tables of ``shard`` under ``out``; returns the shard's counts: records read,
    records valid, deals, rows per table, and the CPU seconds the shard took. ``analysis`` adds
    the double-dummy analysis tables (``bulk.analysis_rows``)."""
    started = time.process_time()
    writers = _Writers(Path(out), shard, tables_for(analysis))
    with _collector_per_batch():
        read = _write_rows(shard, writers, batch, analysis)
    counts = writers.counts
    return {"shard": shard.number, "read": read, "records": counts["records"],
            "deals": counts["deals"], "rows": dict(counts),
            "cpu_seconds": time.process_time() - started}  # for reports only, never written


def _write_rows(shard: Shard, writers: _Writers, batch: int, analysis: bool) -> int:
    """Every record of the shard turned into rows and written, ``batch`` records at a time;
    returns how many were read."""
    held = Batch(analysis)
    read = pending = 0
    try:
        for source, text, problem in read_shard(shard):
            read += 1
            pending += 1
            if text is None and isinstance(problem, RecordError):
                held.rows["errors"].extend((source, problem.kind, p.where, p.what)
                                           for p in problem.problems)
            elif text is None:
                held.rows["errors"].append((source, "unreadable", "", problem))
            else:
                held.add(source, text)
            if pending >= batch:
                writers.flush(held)
                _collect_batch()
                pending = 0
        writers.flush(held)
    finally:
        writers.close()
    return read
