"""The Parquet writer's fast paths keep the dataset's contents (bulk/parquet.py, docs/DATASET.md).

Oracles, none of them the writer under test:
- the rows ``tables_of`` makes as Python tuples (``Batch.play_rows``, ``Batch.score_rows``: the
  numpy columns turned back into names one by one), against the files the writer makes from
  dictionary arrays, on random records of the three presets mixed with records of 2, 3 and 5
  seats (hypothesis);
- what Arrow itself stores for plain string columns (``ARROW:schema`` and the schema's metadata
  of a file written the ordinary way), against what the writer stores for dictionary columns;
- the package as it was at the commit this round started from (benchmarks/base_checkout.py):
  every table's schema, rows in order, key-value metadata and row-group statistics the same.
"""

from __future__ import annotations

import base64
import importlib
import io
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st


def _need(module: str) -> Any:
    """The module, or a skip locally; under CI (which installs the bulk extra) missing fails."""
    if os.environ.get("CI"):
        return importlib.import_module(module)
    return pytest.importorskip(module, reason=f"{module} is not installed (the bulk extra)")


pa = _need("pyarrow")
pq = _need("pyarrow.parquet")

from euchre_records.bulk.parquet import DIRECT, arrow_schema, write_shard  # noqa: E402
from euchre_records.bulk.run import build_dataset  # noqa: E402
from euchre_records.bulk.shards import plan_shards  # noqa: E402
from euchre_records.bulk.tables import (COLUMNS, DATASET_VERSION, DEAL_TABLES, TABLES,  # noqa: E402
                                        tables_of)
from euchre_records.testkit.samples import random_texts  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
HOUSE_RULES = ("fast_break", "four_trick_tokens", "allow_no_trump", "go_under", "farmers")


def _start_reads(path: Path) -> bool:
    """Whether the START writer read this golden: none of the house rules, exchanges, claims,
    corrections (a revoke's, the score's), points-only deals, turned jokers or laws of
    irregularities that tables of n take since (issue 32), which it refused as a bad line (or,
    a points-only deal, failed on)."""
    text = path.read_text("utf-8")
    return not any(f'"{k}"' in text for k in (
        *HOUSE_RULES, "exchanges", "claim", "concession", "revoke-corrected", "score-correction",
        "JK", "deal-out-of-turn", "turned-suit-named", "played-before-discard", "exposed-card")
    ) and '"kind": "points"' not in text


VARIANTS = sorted(p for p in (ROOT / "tests" / "golden" / "variants").glob("*.json")
                  if not p.name.endswith(".expected.json") and _start_reads(p))
START = "ebb0763"
"""The commit this round (issue 20's bulk path) started from: its writer made strings. A change
of the layout (``tables.DATASET_VERSION``) changes the contents on purpose: move START then, or
(layout 4 changed the analysis tables only, which this test does not write) read START's files
with the version it wrote taken as this one (:func:`_as_now`)."""

START_LAYOUT = "3"
"""The layout version START wrote."""


COLUMNWISE = (*DIRECT, *DEAL_TABLES)
"""The tables whose row groups hold their four-handed rows first (bulk/parquet.py)."""


def _four_first(f: Any) -> list[dict[str, Any]]:
    """The rows of a file, in each row group the four-handed ones first, each part in its order."""
    out: list[dict[str, Any]] = []
    for g in range(f.metadata.num_row_groups):
        rows = f.read_row_group(g).to_pylist()
        out += [r for r in rows if r["variant"] == "four-handed"]
        out += [r for r in rows if r["variant"] != "four-handed"]
    return out


def _compact(text: str) -> str:
    return json.dumps(json.loads(text), ensure_ascii=False, separators=(",", ":"))


def _lines(seed: int, count: int, variants: list[int]) -> list[str]:
    lines: list[str] = []
    for i, preset in enumerate(("somerset-1888", "hoyle", "modern")):
        lines.extend(_compact(t) for t in random_texts(count, start_seed=seed + 50 * i,
                                                       rules_name=preset))
    for k in variants:   # records of 2, 3 and 5 seats, between the four-handed ones
        lines.insert(k % (len(lines) + 1), _compact(VARIANTS[k % len(VARIANTS)].read_text("utf-8")))
    return lines


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 10_000), count=st.integers(0, 3),
       variants=st.lists(st.integers(0, 200), max_size=3), batch=st.integers(1, 7))
def test_dictionary_columns_read_back_as_the_rows_of_tables_of(tmp_path, seed, count, variants,
                                                               batch):
    lines = _lines(seed, count, variants)
    where = Path(tempfile.mkdtemp(dir=tmp_path))   # one folder per example
    src = where / "in.jsonl"
    src.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    (shard,) = plan_shards([str(src)], 1 << 30)
    write_shard(shard, str(where / "out"), batch)
    expected: dict[str, list[tuple[Any, ...]]] = {t: [] for t in TABLES}
    for first in range(0, len(lines), batch):   # a row group: `batch` records
        group: dict[str, list[tuple[Any, ...]]] = {t: [] for t in TABLES}
        for n, line in enumerate(lines[first:first + batch], first + 1):
            tables_of(f"{src}:{n}", line, group)
        for table, rows in group.items():
            if table in COLUMNWISE:   # a row group's four-handed rows, then the others'
                at = [name for name, _ in COLUMNS[table]].index("variant")
                rows = ([r for r in rows if r[at] == "four-handed"]
                        + [r for r in rows if r[at] != "four-handed"])
            expected[table].extend(rows)
    for table in TABLES:
        got = pq.read_table(where / "out" / table / "part-000000.parquet")
        if table in DIRECT:   # (elsewhere a list column reads back with Parquet's item name)
            assert got.schema.equals(arrow_schema(table), check_metadata=True), table
        names = [name for name, _ in COLUMNS[table]]
        assert got.to_pylist() == [dict(zip(names, row)) for row in expected[table]], table
    assert sum(len(expected[t]) for t in DIRECT) > 0 or not lines


def test_the_stored_schema_is_the_one_arrow_stores_for_strings(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text("".join(line + "\n" for line in _lines(3, 2, [0, 5])), encoding="utf-8")
    build_dataset([str(src)], str(tmp_path / "out"))
    for table in DIRECT:
        ours = pq.ParquetFile(tmp_path / "out" / table / "part-000000.parquet")
        assert ours.metadata.num_rows > 0
        plain = io.BytesIO()
        pq.write_table(ours.read(), plain)   # read as strings, written the ordinary way
        theirs = pq.ParquetFile(io.BytesIO(plain.getvalue()))
        assert ours.metadata.metadata == theirs.metadata.metadata, table
        assert ours.schema_arrow.equals(arrow_schema(table), check_metadata=True)
        assert ours.read().equals(theirs.read())


PRUNING_TEXT = {"source", "format_version", "rules", "club", "event", "date", "variant"}
"""The text columns that keep their row-group minimum and maximum (docs/DATASET.md "Row-group
statistics"); every number and flag keeps them, no other text column has them."""


def _with_statistics(f: Any, column: int) -> bool:
    field = f.schema_arrow.field(f.metadata.row_group(0).column(column).path_in_schema
                                 .split(".")[0])
    return field.name in PRUNING_TEXT or field.type in (pa.int64(), pa.bool_())


def _stats(f: Any, kept: bool | None = None) -> list[Any]:
    """Every column chunk's statistics; with ``kept``, only those of the columns that keep them
    (True) or do not (False)."""
    out = []
    for g in range(f.metadata.num_row_groups):
        for c in range(f.metadata.num_columns):
            if kept is not None and _with_statistics(f, c) != kept:
                continue
            s = f.metadata.row_group(g).column(c).statistics
            out.append(None if s is None else (s.has_min_max, s.null_count, s.num_values,
                                               s.min if s.has_min_max else None,
                                               s.max if s.has_min_max else None))
    return out


def test_every_table_holds_what_the_start_of_the_round_wrote(tmp_path):
    """Four-handed rubbers of the three presets, records of 2, 3 and 5 seats, the examples and a
    bad line, written by the writer of the commit this round started from and by this one:
    every file has the same Arrow schema, metadata, rows in order and the statistics of every
    number, flag and :data:`PRUNING_TEXT` column; the other text columns have no minimum and
    maximum now (the START writer gave every column one)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from base_checkout import checkout, run_python
    finally:
        sys.path.pop(0)
    lines = [*_lines(40, 4, [1, 7, 30, 64]), "{bad"]
    halves = (tmp_path / "mixed-1.jsonl", tmp_path / "mixed-2.jsonl")
    for half, part in zip(halves, (lines[::2], lines[1::2])):
        half.write_text("".join(line + "\n" for line in part), encoding="utf-8")
    # one shard a JSON Lines file, so that START's plan (cut every shard_bytes) and this one
    # (the file shared evenly, bulk/shards.py) are the same; the examples in several shards
    shard = max(half.stat().st_size for half in halves)
    base = checkout(START, tmp_path / "base")
    inputs = [*map(str, halves), str(ROOT / "examples")]
    before, after = tmp_path / "before", tmp_path / "after"
    run_python(base, "from euchre_records.bulk.run import build_dataset\n"
                     f"build_dataset({inputs!r}, {str(before)!r}, shard_bytes={shard}, batch=3)\n")
    build_dataset(inputs, str(after), shard_bytes=shard, batch=3)
    manifest = json.loads((before / "manifest.json").read_text())
    assert manifest["version"] == START_LAYOUT
    manifest["version"] = DATASET_VERSION
    assert json.dumps(manifest, indent=2) + "\n" == (after / "manifest.json").read_text()
    parts = sorted(p.relative_to(before) for p in before.rglob("*.parquet"))
    assert parts == sorted(p.relative_to(after) for p in after.rglob("*.parquet"))
    assert len(parts) > 2 * len(TABLES)
    moved = 0   # files of deals or calls whose row groups mix four-handed rows with others
    for part in parts:
        old, new = pq.ParquetFile(before / part), pq.ParquetFile(after / part)
        assert _as_now(old.metadata.metadata) == new.metadata.metadata, part
        assert _schema_as_now(old.schema_arrow).equals(new.schema_arrow, check_metadata=True), part
        if part.parts[0] in DEAL_TABLES:   # START wrote a batch's rows in record order
            assert _four_first(old) == new.read().to_pylist(), part
            moved += _four_first(old) != old.read().to_pylist()
        else:
            assert old.read().to_pylist() == new.read().to_pylist(), part
        assert old.metadata.num_row_groups == new.metadata.num_row_groups, part
        assert _stats(old, kept=True) == _stats(new, kept=True), part
        assert not any(s and s[0] for s in _stats(new, kept=False)), part
        dropped = [s for s in _stats(old, kept=False) if s and s[0]]
        if new.metadata.num_rows and part.parts[0] != "errors":
            assert dropped, part   # START wrote min/max there: the test would see a change
    assert moved   # the input has such row groups: the reordering is checked, not assumed


_VERSION_KEY = b"euchre_records.dataset"


def _schema_as_now(schema: Any) -> Any:
    """START's schema with its layout version (:data:`START_LAYOUT`, checked) taken as this one."""
    meta = dict(schema.metadata)
    assert meta[_VERSION_KEY] == START_LAYOUT.encode()
    return schema.with_metadata({**meta, _VERSION_KEY: DATASET_VERSION.encode()})


def _as_now(meta: dict[bytes, bytes]) -> dict[bytes, bytes]:
    """A START file's key-value metadata, its layout version (and the one in the Arrow schema
    it stores) taken as this one's."""
    assert meta[_VERSION_KEY] == START_LAYOUT.encode()
    out = {**meta, _VERSION_KEY: DATASET_VERSION.encode()}
    stored = pa.ipc.read_schema(pa.py_buffer(base64.b64decode(meta[b"ARROW:schema"])))
    out[b"ARROW:schema"] = base64.b64encode(_schema_as_now(stored).serialize().to_pybytes())
    return out


class _Callback:
    def __init__(self) -> None:
        self.stopped = False

    def stop(self) -> None:
        self.stopped = True


def test_the_preload_stops_the_workers_profiler_and_nothing_else():
    from euchre_records.bulk.parquet import PROFILER_CALLBACKS, dask_setup

    class Worker:
        periodic_callbacks = {name: _Callback() for name in (*PROFILER_CALLBACKS, "heartbeat")}

    held = dict(Worker.periodic_callbacks)
    dask_setup(Worker())
    assert set(Worker.periodic_callbacks) == {"heartbeat"}
    assert [held[n].stopped for n in (*PROFILER_CALLBACKS, "heartbeat")] == [True, True, False]
    dask_setup(None)   # a preload with no worker (Dask's other callers): nothing to stop


def test_a_preloaded_worker_runs_without_its_profiler():
    distributed = _need("dask.distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None, preload=["euchre_records.bulk.parquet"],
                                  scheduler_kwargs={"dashboard_address": None},
                                  silence_logs=50) as cluster, distributed.Client(cluster) as client:
        running = client.run(lambda dask_worker: sorted(dask_worker.periodic_callbacks))
    (names,) = running.values()
    assert "heartbeat" in names and not set(names) & {"profile", "profile-cycle"}, names
