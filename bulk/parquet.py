"""Writing one shard's tables as Parquet files (pyarrow), deterministically.

Contract: :func:`write_shard` reads a shard, turns every record into rows (``tables.Batch``)
and writes ``OUT/<table>/part-<shard>.parquet`` for every table, empty tables included, in row
groups of at most ``batch`` records, so a worker holds one batch of rows at a time. The bytes
written depend only on the shard and ``batch``: the same input gives the same files on any
scheduler.
"""

from __future__ import annotations

import gc
import time
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
from .table_rows import FOUR_HANDED, SCORE_COLUMNS
from .tables import ALL_COLUMNS, DATASET_VERSION, Batch, tables_for

__all__ = ["write_shard", "arrow_schema", "part_name", "dask_setup"]

_TYPES = {"str": pa.string(), "int": pa.int64(), "bool": pa.bool_(),
          "strs": pa.list_(pa.string())}


def arrow_schema(table: str) -> pa.Schema:
    """The Arrow schema of a dataset table, with the layout version in its metadata."""
    return pa.schema([pa.field(name, _TYPES[kind]) for name, kind in ALL_COLUMNS[table]],
                     metadata={"euchre_records.dataset": DATASET_VERSION,
                               "euchre_records.table": table})


def dask_setup(worker: object = None) -> None:
    """What a Dask worker started with ``--preload euchre_records.bulk.parquet`` runs as it
    starts (Dask's preload hook): this module and the engine are imported by then, and here
    Arrow makes its first array, which imports pandas (pyarrow 26; about half a second), so
    that the worker's first shard does not wait for either (docs/DATASET.md)."""
    pa.array([0], type=pa.int64())


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
        for table, items in batch.rows.items():
            if table == "plays":
                if len(batch.plays) or items:
                    self._write(table, _play_arrays(batch), len(batch.plays) + len(items))
                continue
            if table in SCORE_COLUMNS:
                four = batch.scores.counts()[table]
                if four or items:
                    self._write(table, _score_arrays(batch, table), four + len(items))
                continue
            if not items:
                continue
            schema = arrow_schema(table)
            self._write(table, [pa.array(col, type=f.type)
                                for col, f in zip(zip(*items), schema)], len(items))
        batch.clear()

    def _write(self, table: str, arrays: list[pa.Array], rows: int) -> None:
        schema = arrow_schema(table)
        data = pa.Table.from_arrays(arrays, schema=schema)
        writer = self.writers.get(table)
        if writer is None:
            writer = self.writers[table] = pq.ParquetWriter(self._path(table), schema)
        writer.write_table(data)
        self.counts[table] += rows

    def close(self) -> None:
        for table in self.tables:
            writer = self.writers.pop(table, None)
            if writer is not None:
                writer.close()
            else:
                schema = arrow_schema(table)
                pq.write_table(schema.empty_table(), self._path(table))

    def _path(self, table: str) -> str:
        folder = self.out / table
        folder.mkdir(parents=True, exist_ok=True)
        return str(folder / self.name)


def _play_arrays(batch: Batch) -> list[pa.Array]:
    """The ``plays`` columns of a batch as Arrow arrays: numbers and flags straight from numpy,
    texts taken from their few names (``bulk.plays.TEXT_OF``) by index."""
    columns = batch.plays.columns()
    count = len(batch.plays)
    tables = batch.rows["plays"]   # the cards of tables of 2, 3 and 5 (bulk.table_rows), after
    out = []
    for i, f in enumerate(arrow_schema("plays")):
        if f.name in columns:
            values = columns[f.name]
            names = batch.keys if f.name == "record_id" else TEXT_OF.get(f.name)
            if names is not None:
                four = pa.array(names, type=pa.string()).take(pa.array(values))
            else:
                four = pa.array(values, type=f.type)
        else:   # the variant columns: every card gathered column-wise is four-handed
            four = pa.array([FOUR_HANDED[f.name == "variant"]], type=f.type).take(
                pa.array(np.zeros(count, dtype=np.int64)))
        if tables:
            four = pa.concat_arrays([four, pa.array([r[i] for r in tables], type=f.type)])
        out.append(four)
    return out


def _score_arrays(batch: Batch, table: str) -> list[pa.Array]:
    """``deal_scores`` or ``game_scores`` of a batch: the four-handed columns
    (``bulk.score_columns``), then the rows of tables of 2, 3 and 5."""
    four = batch.scores.arrays(batch.keys)[table]
    rows = batch.rows[table]
    if not rows:
        return four
    schema = arrow_schema(table)
    return [pa.concat_arrays([a, pa.array(list(col), type=f.type)])
            for a, col, f in zip(four, zip(*rows), schema)]


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
