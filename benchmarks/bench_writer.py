"""The dataset's writer stage alone, before and after: the same batches flushed to Parquet by the
writer of a git revision and by this work tree's, alternately, in one process.

Usage: python benchmarks/bench_writer.py [--before ebb0763] [--deals 10000] [--rounds 7]

The batches (``bulk.tables.Batch``, 500 records each, random rubbers of
``testkit.samples.write_many_deals``) are made once per side and kept, their ``clear`` disabled,
so every round flushes the same rows: what is timed is ``parquet._Writers.flush`` and ``close``
of every batch (the Arrow arrays of every table and the Parquet encoding), nothing of the
parsing, replay or rows before it. The revision's ``bulk/parquet.py`` and
``bulk/score_columns.py`` (``git show``) are loaded beside this tree's as modules of the same
package, so the rest of the code is the same on both sides. Prints CPU microseconds a deal of
each side (best and median of the rounds, interleaved so that the machine's load falls on both
alike), the ratio, and checks that both wrote the same tables (schema, metadata, rows).
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _module_at(rev: str, path: str, name: str, tmp: Path) -> ModuleType:
    """``path`` as it was at ``rev``, loaded as ``euchre_records.bulk.<name>``."""
    source = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{path}"], check=True,
                            capture_output=True, text=True).stdout
    file = tmp / f"{name}.py"
    file.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(f"euchre_records.bulk.{name}", file)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "euchre_records.bulk"
    spec.loader.exec_module(module)
    return module


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", default="ebb0763", metavar="REV")
    ap.add_argument("--deals", type=int, default=10_000)
    ap.add_argument("--rounds", type=int, default=7)
    args = ap.parse_args()
    import pyarrow.parquet as pq

    from euchre_records.bulk import parquet as after
    from euchre_records.bulk import tables
    from euchre_records.bulk.score_columns import FourScores
    from euchre_records.bulk.shards import Shard
    from euchre_records.testkit.samples import write_many_deals

    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        before = _module_at(args.before, "bulk/parquet.py", "parquet_before", tmp)
        old_scores = _module_at(args.before, "bulk/score_columns.py", "score_columns_before",
                                tmp).FourScores
        src = tmp / "in.jsonl"
        deals = write_many_deals(src, args.deals, start_seed=7000)
        lines = src.read_text(encoding="utf-8").splitlines()
        gc.disable()   # as in a shard (parquet._collector_per_batch); the batches are kept

        def batches(scores: Any) -> list[Any]:
            out = []
            for first in range(0, len(lines), 500):
                batch = tables.Batch()
                batch.scores = scores()
                for i, line in enumerate(lines[first:first + 500], first + 1):
                    batch.add(f"{src}:{i}", line)
                batch.clear = lambda: None   # type: ignore[method-assign]  # flushed again
                out.append(batch)
            return out

        sides = {"before": (before, batches(old_scores)), "after": (after, batches(FourScores))}
        cpu: dict[str, list[float]] = {side: [] for side in sides}
        for r in range(args.rounds):
            for side, (module, held) in sides.items():
                started = time.process_time()
                writers = module._Writers(tmp / f"{side}{r}", Shard(0), tables.TABLES)
                for batch in held:
                    writers.flush(batch)
                writers.close()
                cpu[side].append(time.process_time() - started)
        gc.enable()
        for side, c in cpu.items():
            print(f"{side:7} ({args.before if side == 'before' else 'this tree'}): best "
                  f"{min(c) / deals * 1e6:6.2f} us a deal, median "
                  f"{statistics.median(c) / deals * 1e6:6.2f} (rounds, CPU s: "
                  f"{', '.join(f'{x:.3f}' for x in c)})")
        print(f"after/before: best x{min(cpu['after']) / min(cpu['before']):.2f}, median "
              f"x{statistics.median(cpu['after']) / statistics.median(cpu['before']):.2f} "
              f"({deals:,} deals, {len(lines):,} records)")
        same = True
        for table in tables.TABLES:
            a, b = pq.read_table(tmp / "before0" / table), pq.read_table(tmp / "after0" / table)
            same &= a.equals(b) and a.schema.equals(b.schema, check_metadata=True)
        print(f"the same tables (schema, metadata, rows): {same}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
