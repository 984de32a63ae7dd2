"""Running the dataset build on Dask: plan shards here, write them wherever Dask runs them.

Contract: :func:`build_dataset` plans the shards of the inputs (``shards.plan_shards``), maps
``parquet.write_shard`` over them as a ``dask.bag`` (one partition per shard) and writes
``OUT/manifest.json`` (layout version, columns, row counts). It runs in this process on Dask's
synchronous scheduler by default, on a new ``LocalCluster`` of ``workers`` processes, or on the
existing scheduler at ``scheduler`` (whose workers must see ``OUT`` and the inputs at the same
paths). Whichever way it runs, the files written are byte for byte the same. Dask is imported
here, inside the function, so the rest of the package works without it.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from .shards import DEFAULT_SHARD_BYTES, Shard, plan_shards
from .tables import ALL_COLUMNS, DATASET_VERSION, TABLES, tables_for
from .analysis_rows import ANALYSIS_TABLES

__all__ = ["build_dataset", "DatasetReport", "OutputNotEmpty", "SchedulerUnavailable",
           "shard_size"]


class OutputNotEmpty(Exception):
    """The output folder holds files that are not a dataset this command wrote."""


class SchedulerUnavailable(Exception):
    """The Dask scheduler named by ``scheduler`` cannot be reached."""


@dataclass
class DatasetReport:
    shards: int = 0
    read: int = 0
    records: int = 0
    deals: int = 0
    rows: dict[str, int] = field(default_factory=lambda: {t: 0 for t in TABLES})
    skipped: list[str] = field(default_factory=list)
    cpu_seconds: float = 0.0  # CPU time of the shard tasks, wherever they ran

    @property
    def invalid(self) -> int:
        return self.read - self.records

    def add(self, counts: dict[str, Any]) -> None:
        self.read += counts["read"]
        self.records += counts["records"]
        self.deals += counts["deals"]
        self.cpu_seconds += counts.get("cpu_seconds", 0.0)
        for t, n in counts["rows"].items():
            self.rows[t] = self.rows.get(t, 0) + n


def shard_size(shard: Shard) -> int:
    """Bytes of input in a shard (for progress)."""
    if not shard.files:
        return shard.end - shard.start
    total = 0
    for name in shard.files:
        try:
            total += Path(name).stat().st_size
        except OSError:
            pass
    return total


def _prepare_out(out: Path, overwrite: bool) -> None:
    """An empty or new folder; with ``overwrite``, a previous dataset's own files are removed
    (the table folders and the manifest), anything else makes it refuse."""
    if not out.exists():
        out.mkdir(parents=True)
        return
    if not out.is_dir():
        raise OutputNotEmpty(f"{out} is a file, not a folder")
    ours = {*TABLES, *ANALYSIS_TABLES, "manifest.json"}
    entries = sorted(p.name for p in out.iterdir())
    if not entries:
        return
    foreign = [e for e in entries if e not in ours]
    if foreign or not overwrite:
        what = f"holds {', '.join(foreign[:3])}" if foreign else "holds a dataset"
        hint = "" if foreign else " (use --overwrite to replace it)"
        raise OutputNotEmpty(f"{out} {what}{hint}; give an empty or new folder")
    for name in entries:
        path = out / name
        if path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink()


def build_dataset(paths: list[str], out: str, *, workers: int | None = None,
                  scheduler: str | None = None, shard_bytes: int = DEFAULT_SHARD_BYTES,
                  batch: int = 500, overwrite: bool = False,
                  progress: Callable[[int, dict[str, Any]], None] | None = None,
                  labels: dict[str, str] | None = None, analysis: bool = False) -> DatasetReport:
    """Build the dataset of ``paths`` in ``out`` (see module contract). ``progress(bytes,
    counts)`` is called as each shard finishes, in completion order; ``labels`` names JSON
    Lines paths in the sources (``shards.plan_shards``); ``analysis`` adds the double-dummy
    analysis tables (docs/DATASET.md)."""
    import dask.bag as dbag

    from .parquet import write_shard

    report = DatasetReport()
    shards = plan_shards(paths, shard_bytes, report.skipped, labels)
    report.shards = len(shards)
    target = Path(out)
    _prepare_out(target, overwrite)
    sizes = {s.number: shard_size(s) for s in shards}
    results: list[dict[str, Any]] = []

    def done(counts: dict[str, Any]) -> None:
        results.append(counts)
        if progress is not None:
            progress(sizes[counts["shard"]], counts)

    if shards:
        bag = dbag.from_sequence(shards, npartitions=len(shards))
        parts = bag.map(write_shard, str(target.resolve()), batch, analysis).to_delayed()
        if workers is None and scheduler is None:
            for part in parts:
                for counts in part.compute(scheduler="sync"):
                    done(counts)
        else:
            _on_cluster(parts, workers, scheduler, done)
    for counts in sorted(results, key=lambda c: c["shard"]):
        report.add(counts)
    _write_manifest(target, report, tables_for(analysis))
    return report


def _on_cluster(parts: list[Any], workers: int | None, scheduler: str | None,
                done: Callable[[dict[str, Any]], None]) -> None:
    import dask
    from dask.distributed import Client, LocalCluster, as_completed

    cluster = None
    if scheduler is None:
        with dask.config.set({"distributed.comm.timeouts.connect": "90s",  # a busy machine
                              # the workers' statistical profiler: an eighth of a shard's CPU
                              "distributed.worker.profile.enabled": False}):
            cluster = LocalCluster(n_workers=workers or 1, threads_per_worker=1,
                                   processes=True, host="127.0.0.1", dashboard_address=None,
                                   preload=["euchre_records.bulk.parquet"],  # imports as they start
                                   scheduler_kwargs={"dashboard_address": "127.0.0.1:0"}, silence_logs=50)
        client = Client(cluster)
    else:
        try:
            client = Client(scheduler, timeout="15s")
        except (OSError, TimeoutError, ValueError) as exc:
            raise SchedulerUnavailable(f"cannot reach the Dask scheduler {scheduler}: {exc}"
                                       ) from None
    try:
        futures = client.compute(parts)
        for future in as_completed(futures):
            for counts in future.result():
                done(counts)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _write_manifest(out: Path, report: DatasetReport, tables: tuple[str, ...]) -> None:
    manifest = {
        "format": "euchre-records-dataset",
        "version": DATASET_VERSION,
        "tables": {t: {"columns": [{"name": n, "type": k} for n, k in ALL_COLUMNS[t]],
                       "rows": report.rows.get(t, 0), "files": f"{t}/part-*.parquet"}
                   for t in tables},
        "shards": report.shards,
        "records_read": report.read,
        "records_valid": report.records,
        "deals": report.deals,
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
