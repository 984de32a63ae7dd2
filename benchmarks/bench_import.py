"""Benchmark: ``euchre import`` of a generated JSON Lines file against raw sqlite3 ``executemany``
of the same rows.

Not a test. Run:  python benchmarks/bench_import.py [--records 1000] [--jobs 2] [--repeat 5]

1. Writes ``--records`` random finished rubbers (full deals) as JSON Lines to a temporary file.
2. Times the real command, ``euchre import FILE --db NEW`` (a subprocess: parse, validate,
   replay, canonicalise, hash and store, batched transactions), and reports its peak memory.
3. Times the store alone: the same records already prepared (parsed, replayed and turned into
   rows by ``api.rows.rows_of``), written with ``Store.bulk`` into a new database, 128 records
   to a ``many`` call as the import writes them.
4. Reads every row the import wrote (records, players, seats, rubbers, games, deals, calls,
   findings) and times raw ``executemany`` of exactly those rows into a fresh database of the
   same schema, in one transaction.
5. Runs the same import again over the store it filled (every record already stored: they are
   recognised by the hash of their text before any parsing).
2, 4 and 5 are timed back to back in each of ``--repeat`` rounds (the machine is shared: all
three see it as it is then), and the best of each counts; the ratio of each round is printed
too. Before timing, the package's modules are byte-compiled
(``compileall``), as ``pip install`` does for an installed package: this sandbox sets
``PYTHONDONTWRITEBYTECODE``, so without it every run would compile the sources anew (about 0.1 s
of each import). ``--cold`` skips that. Prints deals/s for each and the ratios (targets: the
import with ``--jobs 2`` within 3x of raw executemany; the re-run within 20% of the import).
"""

from __future__ import annotations

import argparse
import json
import resource
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TABLES = ("records", "players", "seats", "rubbers", "games", "deals", "calls", "findings")


def compile_package() -> None:
    """Byte-compile every module of euchre_records (its packages live in several source folders)
    into __pycache__, as an installed package has them."""
    import compileall
    import importlib.util
    for name in ("euchre_records", "euchre_records.schema", "euchre_records.api",
                 "euchre_records.cli", "euchre_records.bulk"):
        spec = importlib.util.find_spec(name)
        for folder in (spec.submodule_search_locations or []) if spec else []:
            compileall.compile_dir(folder, quiet=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2, help="euchre import --jobs")
    parser.add_argument("--repeat", type=int, default=5, help="rounds; the best of each counts")
    parser.add_argument("--cold", action="store_true",
                        help="do not byte-compile the package first (time compiling too)")
    args = parser.parse_args()
    if not args.cold:
        compile_package()

    from euchre_records.api.store.ingest import prepare
    from euchre_records.api.store.migrations import migrate, open_db
    from euchre_records.testkit.samples import random_texts
    from euchre_records.api.store.rows import rows_of
    from euchre_records.api.store.store import Store

    tmp = Path(tempfile.mkdtemp(prefix="euchre-bench-"))
    jsonl = tmp / "records.jsonl"
    with jsonl.open("w") as out:
        for text in random_texts(args.records):
            out.write(json.dumps(json.loads(text), separators=(",", ":")) + "\n")
    size = jsonl.stat().st_size

    euchre = Path(sys.executable).parent / "euchre"

    def run_import(db: Path) -> float:
        start = time.perf_counter()
        subprocess.run([str(euchre), "import", str(jsonl), "--db", str(db), "--no-progress",
                        "--jobs", str(args.jobs)], check=False, stderr=subprocess.DEVNULL)
        return time.perf_counter() - start

    # the rows the import writes, read from a first (untimed) import, for the raw reference
    run_import(tmp / "rows.db")
    # its peak memory, read now: a child started later begins as a copy of this process, which
    # then holds those rows, and ru_maxrss would count that copy
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    conn = sqlite3.connect(tmp / "rows.db")
    deals = conn.execute("SELECT count(*) FROM deals").fetchone()[0]
    rows = {t: conn.execute(f"SELECT * FROM {t}").fetchall() for t in TABLES}
    conn.close()
    print(f"{args.records} records, {deals} deals, {size / 1e6:.1f} MB of JSON Lines")

    def run_raw(i: int) -> float:
        raw_db = open_db(tmp / f"raw{i}.db")
        migrate(raw_db)
        raw = raw_db.conn
        start = time.perf_counter()
        raw.execute("BEGIN")
        for table in TABLES:
            if rows[table]:
                marks = ",".join("?" * len(rows[table][0]))
                raw.executemany(f"INSERT INTO {table} VALUES ({marks})", rows[table])
        raw.execute("COMMIT")
        elapsed = time.perf_counter() - start
        raw_db.close()
        return elapsed

    # --repeat rounds, each timing the import into a new database, the same import again over
    # it (the re-run) and the raw reference back to back, so that all three see the machine as
    # it is then (it is shared); the best of each counts (the least disturbed run)
    imports, reruns, raws = [], [], []
    for i in range(args.repeat):
        imports.append(run_import(tmp / f"import{i}.db"))
        reruns.append(run_import(tmp / f"import{i}.db"))
        raws.append(run_raw(i))
    t_import, t_rerun, t_raw = min(imports), min(reruns), min(raws)

    prepared = [rows_of(prepare(line)) for line in jsonl.read_text().splitlines()]
    store_db = open_db(tmp / "store.db")
    migrate(store_db)
    start = time.perf_counter()
    with Store(store_db).bulk() as add:   # as the import stores them: a window of 128 at a time
        for first in range(0, len(prepared), 128):
            add.many(prepared[first:first + 128])
    t_store = time.perf_counter() - start
    store_db.close()

    def line(name: str, seconds: float) -> None:
        print(f"{name:44} {deals / seconds:10.0f} deals/s  ({seconds:.2f} s, "
              f"{seconds / t_raw:5.1f}x raw)")

    line(f"euchre import --jobs {args.jobs} (parse+replay+store)", t_import)
    line("the same import again (all stored already)", t_rerun)
    line("store only (prepared rows, Store.bulk)", t_store)
    line("raw sqlite3 executemany of the same rows", t_raw)
    print(f"euchre import peak memory: {peak_mb:.0f} MB")
    print(f"re-run / first import: {t_rerun / t_import:.0%} (target <= 20%)")
    ratios = sorted(i / r for i, r in zip(imports, raws))
    print(f"import / raw, round by round: {ratios[0]:.1f}x to {ratios[-1]:.1f}x, median "
          f"{ratios[len(ratios) // 2]:.1f}x (target <= 3x)")


if __name__ == "__main__":
    main()
