"""Command ``euchre dataset``: record archives to Parquet tables, on Dask (docs/DATASET.md).

Exit codes: 0 every record was valid; 1 some were invalid (they are in the ``errors`` table,
the valid ones are written all the same) or the output folder is not usable; 2 usage.
"""

from __future__ import annotations

import os
import sys
import time
from typing import Any

import click

COMMANDS: list[click.Command] = []

BULK_MODULES = ("dask", "distributed", "pyarrow")
"""What the 'bulk' extra installs; bulk/ imports them only when a dataset is built, so they are
looked for before any work starts."""


def missing_bulk_modules() -> list[str]:
    """The modules of :data:`BULK_MODULES` that cannot be imported (found without importing)."""
    import importlib.util
    missing = []
    for name in BULK_MODULES:
        try:
            found = importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):  # ValueError: blocked (None in sys.modules)
            found = False
        if not found:
            missing.append(name)
    return missing


@click.command()
@click.argument("inputs", nargs=-1, required=True,
                type=click.Path(exists=True, dir_okay=True, allow_dash=True))
@click.option("--out", "out", required=True, type=click.Path(file_okay=False),
              help="Folder for the tables (new or empty; see --overwrite).")
@click.option("--workers", type=click.IntRange(1), default=None,
              help="Start a local Dask cluster of this many worker processes.")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Run on an existing Dask scheduler (e.g. tcp://host:8786); its workers must "
                   "see the inputs and --out at the same paths.")
@click.option("--shard-mb", type=click.FloatRange(0.001), default=8.0, show_default=True,
              help="Input per shard (one Dask partition), in MiB.")
@click.option("--batch", type=click.IntRange(1), default=500, show_default=True,
              help="Records per Parquet row group (what a worker holds in memory at once).")
@click.option("--overwrite", is_flag=True, help="Replace a dataset already in --out.")
@click.option("--analysis", is_flag=True,
              help="Add the double-dummy analysis tables analysis and analysis_plays "
                   "(docs/ANALYSIS.md): exact, and far slower than the rest.")
@click.option("--progress/--no-progress", default=None,
              help="Progress bar with records/s on stderr (default: when stderr is a terminal).")
def dataset(inputs: tuple[str, ...], out: str, workers: int | None, scheduler: str | None,
            shard_mb: float, batch: int, overwrite: bool, analysis: bool,
            progress: bool | None) -> None:
    """Turn record archives into Parquet tables for DuckDB, pandas or Spark.

    INPUTS are JSON Lines files (one record per line), record files (our notation or EGN),
    EMN match files, CSV/xlsx scoresheets, folders of them, and - for JSON Lines on standard
    input (spooled to a temporary file, so a local run only). The tables records, players,
    games, deals, calls, plays, findings and errors are written under --out, one file per
    shard and table (see docs/DATASET.md); --analysis adds the tables analysis and
    analysis_plays (each deal's double-dummy value, each card's cost). An
    invalid record does not stop the run: its problems go to the errors table, located by file
    and line. The output is the same, byte for byte, whichever way the work runs: in this
    process (the default), on --workers N local processes, or on --scheduler ADDRESS.

    Exit 0 when every record was valid, 1 when some were invalid or --out cannot be used,
    2 for usage errors.

    \b
    Examples:
      euchre dataset season.jsonl --out season-tables
      euchre dataset archive/ --out tables --workers 2
      duckdb -c "SELECT trump, avg(points_ns) FROM 'tables/deals/*.parquet' GROUP BY trump"
    """
    missing = missing_bulk_modules()
    try:
        if missing:
            raise ImportError(name=missing[0])
        from ..bulk.run import OutputNotEmpty, SchedulerUnavailable, build_dataset
    except ImportError as exc:  # dask or pyarrow missing
        raise click.ClickException(
            f"the dataset command needs the 'bulk' extra ({exc.name} is missing): "
            "pip install 'euchre-records[bulk]'") from None
    show = sys.stderr.isatty() if progress is None else progress
    started = time.perf_counter()
    seen = {"records": 0}
    bar: Any = None

    def step(size: int, counts: dict[str, Any]) -> None:
        seen["records"] += counts["read"]
        if bar is not None:
            rate = seen["records"] / max(time.perf_counter() - started, 1e-9)
            bar.label = f"{seen['records']:,} records, {rate:,.0f}/s"
            bar.update(size)

    from ..bulk.run import shard_size
    from ..bulk.shards import plan_shards
    paths, labels = list(inputs), {}
    spool = None
    if "-" in paths:  # standard input (JSON Lines) spooled to a file, then cut like one
        spool = _spool_stdin()
        paths = [spool if p == "-" else p for p in paths]
        labels = {spool: "<stdin>"}
    kwargs = dict(workers=workers, scheduler=scheduler, shard_bytes=int(shard_mb * 1024 * 1024),
                  batch=batch, overwrite=overwrite, progress=step, labels=labels,
                  analysis=analysis)
    inputs = tuple(paths)
    try:
        if show:
            total = sum(shard_size(s) for s in plan_shards(list(inputs), kwargs["shard_bytes"]))
            with click.progressbar(length=total, label="0 records", file=sys.stderr) as bar:
                report = build_dataset(list(inputs), out, **kwargs)  # type: ignore[arg-type]
        else:
            report = build_dataset(list(inputs), out, **kwargs)  # type: ignore[arg-type]
    except (OutputNotEmpty, SchedulerUnavailable) as exc:
        raise click.ClickException(str(exc)) from None
    except OSError as exc:
        raise click.ClickException(f"cannot write {out}: {exc.strerror or exc}") from None
    finally:
        if spool is not None:
            os.unlink(spool)
    elapsed = time.perf_counter() - started
    for path in report.skipped[:3]:
        click.echo(f"{path}: skipped (declares no record notation: an expected result or a "
                   "note, as euchre import skips them)", err=True)
    if len(report.skipped) > 3:
        click.echo(f"... and {len(report.skipped) - 3} more skipped", err=True)
    click.echo(f"{report.records} records ({report.deals} deals) written to {out}, invalid "
               f"{report.invalid} (see the errors table); {report.shards} shards in "
               f"{elapsed:.1f} s ({report.deals / max(elapsed, 1e-9):,.0f} deals/s)", err=True)
    raise SystemExit(1 if report.invalid else 0)


def _spool_stdin() -> str:
    """Standard input copied to a temporary .jsonl file, 1 MiB at a time."""
    import shutil
    import tempfile
    with tempfile.NamedTemporaryFile("wb", suffix=".jsonl", delete=False) as f:
        shutil.copyfileobj(sys.stdin.buffer, f, 1 << 20)
    return f.name


COMMANDS.append(dataset)
