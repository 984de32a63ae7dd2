"""Benchmark: ``euchre import`` of a generated JSON Lines file against raw sqlite3 ``executemany``
of the same rows.

Not a test. Run:  python benchmarks/bench_import.py [--records 1000] [--jobs 2] [--repeat 5]
                                         [--before REV]

1. Writes ``--records`` random finished rubbers (full deals) as JSON Lines to a temporary file.
2. Times the real command, ``euchre import FILE --db NEW`` (a subprocess: parse, validate,
   replay, canonicalise, hash and store, batched transactions), and reports its peak memory.
3. Times the store alone: the same records already prepared (parsed, replayed and turned into
   rows by ``api.rows.rows_of``), written with ``Store.bulk`` into a new database, 128 records
   to a ``many`` call as the import writes them.
4. Reads every row the import wrote (every table that holds rows a freshly migrated store does
   not: records, players, seats, rubbers, games, deals, calls, findings, the player registry's
   names and seat bindings, input_hashes) and times raw ``executemany`` of exactly those rows,
   table by table in the schema's order, into a fresh database of the same schema (``migrate``:
   the same indexes, the same append-only triggers, foreign keys on, WAL), in one transaction,
   with the connection settings the import writes under (``importer.import_pragmas``). The
   reference is the bare cost of storing what the import stored: anything the import writes
   that it would not insert (or a setting it would not have) would flatter the ratio.
5. Runs the same import again over the store it filled (every record already stored: they are
   recognised by the hash of their text before any parsing).
2, 4 and 5 are timed back to back in each of ``--repeat`` rounds (the machine is shared: all
three see it as it is then), and the best of each counts; the ratio of each round is printed
too, in wall time and in CPU time (the import's own and its workers', against the reference's:
less moved by the other work on a shared machine than wall time). ``--before REV`` times, in
the same rounds, the import of git revision REV (benchmarks/base_checkout.py, its C
accelerators compiled there: e.g. the commit a branch started from) on the same file, so that
a change is measured before and after in one run. Before timing, the package's modules are byte-compiled
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
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parent))
from base_checkout import checkout, python_env  # noqa: E402  (a script beside this one)


def compile_package(folders: list[str] | None = None) -> None:
    """Byte-compile every module of euchre_records (its packages live in several source folders)
    into __pycache__, as an installed package has them."""
    import compileall
    import importlib.util
    if folders is None:
        folders = []
        for name in ("euchre_records", "euchre_records.schema", "euchre_records.api",
                     "euchre_records.cli", "euchre_records.bulk"):
            spec = importlib.util.find_spec(name)
            folders.extend((spec.submodule_search_locations or []) if spec else [])
    for folder in folders:
        compileall.compile_dir(folder, quiet=1)


def children_cpu() -> float:
    """CPU seconds of the finished children (and theirs: an import's workers) so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def rows_written(path: Path, fresh: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of ``path`` in a table that a freshly migrated store (``fresh``) has empty, by
    table in the schema's order (a table refers only to tables made before it)."""
    empty = sqlite3.connect(fresh)
    conn = sqlite3.connect(path)
    tables = [name for (name,) in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "ORDER BY rowid")]
    out = {}
    for table in tables:
        if empty.execute(f'SELECT count(*) FROM "{table}"').fetchone()[0]:
            continue   # rows the migrations write (settings): the reference's store has them too
        rows = conn.execute(f'SELECT * FROM "{table}"').fetchall()
        if rows:
            out[table] = rows
    conn.close()
    empty.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--records", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2, help="euchre import --jobs")
    parser.add_argument("--repeat", type=int, default=5, help="rounds; the best of each counts")
    parser.add_argument("--before", metavar="REV",
                        help="also time the import of git revision REV in every round")
    parser.add_argument("--cold", action="store_true",
                        help="do not byte-compile the package first (time compiling too)")
    args = parser.parse_args()
    if not args.cold:
        compile_package()

    from euchre_records.api.store import importer
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
    command = ["import", str(jsonl), "--no-progress", "--jobs", str(args.jobs)]

    euchre = Path(sys.executable).parent / "euchre"

    def timed(argv: list[str], env: dict[str, str] | None = None,
              cwd: Path | None = None) -> tuple[float, float]:
        """Wall and CPU seconds (its own and its workers') of a command."""
        cpu, start = children_cpu(), time.perf_counter()
        done = subprocess.run(argv, check=False, stderr=subprocess.PIPE, env=env, cwd=cwd,
                              text=True)
        if "stored " not in done.stderr and "duplicates " not in done.stderr:
            raise SystemExit(f"the import failed: {done.stderr[-2000:]}")
        return time.perf_counter() - start, children_cpu() - cpu

    def run_import(db: Path) -> tuple[float, float]:
        return timed([str(euchre), *command, "--db", str(db)])

    run_before: Callable[[Path], tuple[float, float]] | None = None
    if args.before:
        root = checkout(args.before, tmp / "before", compiled=True)
        compile_package([str(root / "euchre_records")])
        # as base_checkout.run_python: without the editable install's finder, run in ``root``
        launch = ("import sys\nsys.meta_path[:] = [f for f in sys.meta_path "
                  "if '__editable__' not in getattr(f, '__module__', '')]\n"
                  "sys.path_hooks[:] = [h for h in sys.path_hooks "
                  "if '__editable__' not in getattr(h, '__module__', '')]\n"
                  "import euchre_records, pathlib\n"
                  f"assert pathlib.Path(euchre_records.__file__).resolve().is_relative_to("
                  f"pathlib.Path({str(root.resolve())!r}))\n"
                  "from euchre_records.cli.main import main\nmain()")
        env = python_env(root)

        def run_before(db: Path) -> tuple[float, float]:
            return timed([sys.executable, "-c", launch, *command, "--db", str(db)], env, root)

    # the rows the import writes, read from a first (untimed) import, for the raw reference
    run_import(tmp / "rows.db")
    # its peak memory, read now: a child started later begins as a copy of this process, which
    # then holds those rows, and ru_maxrss would count that copy
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    fresh = open_db(tmp / "fresh.db")
    migrate(fresh)
    fresh.close()
    rows = rows_written(tmp / "rows.db", tmp / "fresh.db")
    deals = len(rows["deals"])
    print(f"{args.records} records, {deals} deals, {size / 1e6:.1f} MB of JSON Lines; the "
          f"reference inserts {sum(map(len, rows.values()))} rows into "
          f"{len(rows)} tables: {', '.join(rows)}")

    def run_raw(i: int) -> tuple[float, float]:
        raw_db = open_db(tmp / f"raw{i}.db")
        migrate(raw_db)
        raw = raw_db.conn
        with importer.import_pragmas(raw):
            start, cpu = time.perf_counter(), time.process_time()
            raw.execute("BEGIN")
            for table, table_rows in rows.items():
                marks = ",".join("?" * len(table_rows[0]))
                raw.executemany(f'INSERT INTO "{table}" VALUES ({marks})', table_rows)
            raw.execute("COMMIT")
            elapsed = time.perf_counter() - start, time.process_time() - cpu
        raw_db.close()
        return elapsed

    # --repeat rounds, each timing the import into a new database, the same import again over
    # it (the re-run) and the raw reference back to back, so that all three see the machine as
    # it is then (it is shared); the best of each counts (the least disturbed run)
    imports, reruns, raws, befores = [], [], [], []
    for i in range(args.repeat):
        if run_before is not None:
            befores.append(run_before(tmp / f"before{i}.db"))
        imports.append(run_import(tmp / f"import{i}.db"))
        reruns.append(run_import(tmp / f"import{i}.db"))
        raws.append(run_raw(i))
    t_import, t_rerun, t_raw = min(imports), min(reruns), min(raws)

    prepared = [rows_of(prepare(line)) for line in jsonl.read_text().splitlines()]
    store_db = open_db(tmp / "store.db")
    migrate(store_db)
    with importer.import_pragmas(store_db.conn):
        start = time.perf_counter()
        with Store(store_db).bulk() as add:   # as the import stores them: a window at a time
            for first in range(0, len(prepared), importer.WINDOW):
                add.many(prepared[first:first + importer.WINDOW])
        t_store = time.perf_counter() - start
    store_db.close()

    def line(name: str, seconds: float, cpu: float | None = None) -> None:
        print(f"{name:46} {deals / seconds:9.0f} deals/s  ({seconds:.2f} s, "
              f"{seconds / t_raw[0]:5.1f}x raw"
              + ("" if cpu is None else f"; CPU {cpu:.2f} s, {cpu / t_raw[1]:4.1f}x raw's")
              + ")")

    def ratios(name: str, runs: list[tuple[float, float]]) -> None:
        wall = sorted(r[0] / raw[0] for r, raw in zip(runs, raws))
        cpu = sorted(r[1] / raw[1] for r, raw in zip(runs, raws))
        print(f"{name} / raw, round by round: wall {wall[0]:.1f}x to {wall[-1]:.1f}x (median "
              f"{wall[len(wall) // 2]:.1f}x), CPU {cpu[0]:.1f}x to {cpu[-1]:.1f}x (median "
              f"{cpu[len(cpu) // 2]:.1f}x)")

    if befores:
        t_before = min(befores)
        line(f"before ({args.before}) euchre import --jobs {args.jobs}", t_before[0],
             min(b[1] for b in befores))
    line(f"euchre import --jobs {args.jobs} (parse+replay+store)", t_import[0],
         min(i[1] for i in imports))
    line("the same import again (all stored already)", t_rerun[0], min(r[1] for r in reruns))
    line("store only (prepared rows, Store.bulk)", t_store)
    line("raw sqlite3 executemany of the same rows", t_raw[0], min(r[1] for r in raws))
    print(f"euchre import peak memory: {peak_mb:.0f} MB")
    print(f"re-run / first import: {t_rerun[0] / t_import[0]:.0%} (target <= 20%)")
    if befores:
        ratios(f"before ({args.before})", befores)
        after_before = sorted(i[0] / b[0] for i, b in zip(imports, befores))
        print(f"import after / before, round by round: {after_before[0]:.2f} to "
              f"{after_before[-1]:.2f} (median {after_before[len(after_before) // 2]:.2f})")
    ratios("import", imports)
    print("(target: import <= 3x raw)")


if __name__ == "__main__":
    main()
