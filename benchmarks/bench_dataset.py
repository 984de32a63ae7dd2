"""euchre dataset: deals/s in one process against a LocalCluster of 2 workers, in one run.

Usage: python benchmarks/bench_dataset.py [--deals 200000] [--shard-mb 8] [--one-process]
                                          [--before REV] [--rounds 2] [--pairs 3]
                                          [--variants 6000] [--analysis]

The defaults are ``euchre dataset``'s own shard size (8 MiB) and an input of about 64 MB, eight
such shards, so that each of two workers has several. Smaller shards cost more per deal: every
shard opens a file per table, which is most of a shard's fixed cost, and on a virtual machine
where creating a file costs a millisecond of CPU, 2 MiB shards ran about a tenth slower than
8 MiB ones (docs/DATASET.md "Measured").

Writes a JSON Lines file of random rubbers (a few distinct ones, each repeated under another
table number so every line is a distinct record), then builds the Parquet dataset four times on
the same input: in this process (Dask's synchronous scheduler), on ``--workers 2`` (a new
LocalCluster, its start-up included) and on an already running 2-worker cluster (start-up
excluded), twice: workers that import the bulk modules at their first shard, and workers started
with ``--preload euchre_records.bulk.parquet`` (docs/DATASET.md), which import them as they
start. Prints deals/s for each and the speed-up against one process, and checks that the
four outputs are byte-identical; beside them, measured before and after the cluster runs, what
two processes get of the machine against one, which bounds any 2-worker speed-up: for fixed
CPU-bound work (``parallelism``: 2.0 on two free cores) and for this very work, the same shards
written by two plain processes without Dask (``same_work_in_two``), which also contend for the
memory and caches the two cores share; and deals per CPU second of the one-process run, which
the machine's other load does not change as much as its wall time.

The reference in the same run: ``ingest.prepare`` of every line alone (the validated load, the
replay, the canonical and result texts: what the store does with every record it takes, nothing
written), in this process, in CPU seconds. The dataset's CPU time over it is what the bulk path
adds to the work it cannot skip; on a machine shared with other jobs this ratio moves far less
than deals/s.
``--one-process`` stops after the one-process run (a quick comparison of two versions).
``--stages`` prints instead where a deal's CPU time goes on the same input, in this process and
warm (the best of five interleaved rounds each): the validated load (schema/wire.py), the replay, the canonical
text and its hash, the store's rows (``rows_of``), the dataset's own rows and play columns
(``Batch.add`` less the stages before it) and the rest of the build (Parquet writing, reading
the shards, Dask's synchronous scheduler: the whole build less ``Batch.add``), beside
``json.loads`` of the same lines; what a change to one stage buys is read there.

``--before REV`` (e.g. the commit a branch started from) runs the one-process build of the same
four-handed input (and, with ``--variants``, of the input of tables of 2, 3 and 5) with the
package as it was at git revision REV (benchmarks/base_checkout.py:
``git archive`` into a temporary folder, its C accelerators compiled there, run in a
subprocess), alternately with this work tree's,
``--rounds`` times each, each in a fresh interpreter that builds twice and counts the second
build (warm alike): four-handed deals per CPU second before and after, in the same run.
``--pairs N`` (default 3) then starts a cluster as one is run beside the command (``dask
scheduler`` and ``dask worker --nworkers 2 --nthreads 1 --preload euchre_records.bulk.parquet``,
processes of their own), alternates N one-process builds with N builds on it of the same input
(one process first in even pairs, the cluster first in odd ones),
and prints each pair's ratio and the medians: the figure to read against the targets, each
ratio's two sides measured within a minute. Their outputs join the byte-for-byte comparison.
Beside each pair, ``json.loads`` of bench_load.py's one-full-deal record (the text issue 20
timed at 5.8 us when it set 25,000 deals/s) is timed before and after, and the pairs' deals/s
are printed again as that machine would have run them (scaled by the reference's time here
over 5.8 us): the targets read as ratios to a reference of the same minutes, as the issue
asks of every target, on a machine whose speed moves by half from one hour to the next.
``--analysis`` makes the one-process build and the four-handed ``--before`` builds write the
double-dummy analysis tables too (``euchre dataset --analysis``): the search is tens of
milliseconds a deal, so give ``--deals`` a few hundred (``--one-process --variants 0``).
``--variants N`` builds, in this process, an archive of about N deals at tables of two, three
and five (records of 12 random legal deals, benchmarks/bench_variants.py's), and prints their
deals per CPU second beside the four-handed figure. Both are printed after the one-process run
(and with ``--one-process`` too).
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from euchre_records.testkit.samples import write_many_deals
from euchre_records.bulk.run import build_dataset
from euchre_records.bulk.shards import DEFAULT_SHARD_BYTES


PRELOAD = "euchre_records.bulk.parquet"
"""What a worker started with ``--preload`` imports before it is given a shard."""


def write_input(path: Path, deals: int) -> int:
    return write_many_deals(path, deals, start_seed=7000)


ISSUE_JSON_US = 5.8
"""Microseconds of ``json.loads`` of bench_load.py's one-full-deal record (``full_record(1)``,
the same text then and now) on the machine as issue 20 measured it ("validated loads of one
full deal: 57.8 us against json.loads 5.8 us"): the machine's speed its 25,000 deals/s was set
at. This shared machine runs that same call between 4 and 9 us from one hour to the next."""


def json_speed(rounds: int = 15, calls: int = 2000) -> float:
    """Microseconds of ``json.loads`` of that record now: the median of ``rounds`` short rounds
    of wall time, about a quarter of a second in all (the speed the machine gives this minute,
    time the host takes included, as in the builds' wall times)."""
    import json
    import statistics
    from bench_load import full_record
    text = full_record(1)
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        for _ in range(calls):
            json.loads(text)
        times.append((time.perf_counter() - t) / calls * 1e6)
    return statistics.median(times)


def at_issue_speed(rate: float, json_us: float) -> float:
    """``rate`` (deals/s) as the machine of the issue would have run it: scaled by how much
    slower (or faster) the reference call ran beside it than there (:data:`ISSUE_JSON_US`)."""
    return rate * json_us / ISSUE_JSON_US


def prepare_cpu(src: Path) -> float:
    """CPU seconds of ``prepare`` on every line of ``src``, read beforehand (the reference)."""
    from euchre_records.api.store.ingest import prepare
    lines = src.read_text(encoding="utf-8").splitlines()
    prepare(lines[0])   # its first call's imports and caches are not the reference's
    started = time.process_time()
    for line in lines:
        prepare(line)
    return time.process_time() - started


def stages(src: Path, rounds: int = 5) -> None:
    """CPU microseconds a deal in each stage of the one-process build (see the module doc)."""
    import hashlib
    import json

    from euchre_records.api.store.ingest import _parse, prepare
    from euchre_records.api.store.rows import rows_of
    from euchre_records.bulk.tables import Batch
    from euchre_records.match import replay
    from euchre_records.schema.notation import dump_record, indented_json

    lines = src.read_text(encoding="utf-8").splitlines()
    records = [_parse(line)[0] for line in lines]
    deals = sum(len(r.deals) for r in records)
    subs = [prepare(line, result_text=False) for line in lines]

    def batch_add() -> None:
        batch = Batch()
        for i, line in enumerate(lines, 1):
            batch.add("x", line)
            if i % 500 == 0:
                batch.clear()

    with tempfile.TemporaryDirectory() as tmp:
        runs = iter(range(100))
        steps = {
            "json.loads (reference)": lambda: [json.loads(line) for line in lines],
            "validated load": lambda: [_parse(line) for line in lines],
            "replay": lambda: [replay(r) for r in records],
            "canonical text + sha256": lambda: [
                hashlib.sha256((indented_json(dump_record(r)) + "\n").encode()).hexdigest()
                for r in records],
            "store rows (rows_of)": lambda: [rows_of(sub) for sub in subs],
            "Batch.add": batch_add,
            "build_dataset": lambda: build_dataset([str(src)], f"{tmp}/{next(runs)}"),
        }
        best = {name: float("inf") for name in steps}
        for step in steps.values():
            step()
        for _ in range(rounds):   # interleaved: each round sees the machine as the others do
            for name, step in steps.items():
                started = time.process_time()
                step()
                best[name] = min(best[name], (time.process_time() - started) / deals * 1e6)
    whole = best.pop("build_dataset")
    best["Parquet, reading the shard, Dask"] = whole - best["Batch.add"]
    best["dataset rows and play columns"] = best.pop("Batch.add") - sum(
        best[n] for n in ("validated load", "replay", "canonical text + sha256",
                          "store rows (rows_of)"))
    total = sum(v for n, v in best.items() if n != "json.loads (reference)")
    print(f"where a deal's CPU goes ({deals:,} deals, warm, best of {rounds} rounds):")
    for name, us in best.items():
        share = "" if name.startswith("json") else f" {us / total:4.0%}"
        print(f"  {name:32} {us:6.1f} us{share}")
    print(f"  {'total':32} {total:6.1f} us = {1e6 / total:,.0f} deals per CPU s (target 25,000: "
          f"{1e6 / 25_000:.0f} us)")


def write_variants(path: Path, deals: int) -> int:
    """About ``deals`` deals at tables of 2, 3 and 5 (a third each): records of 12 random legal
    deals (bench_variants.records), each under its own table number."""
    import json
    from bench_variants import records
    written = n = 0
    with path.open("w", encoding="utf-8") as f:
        while written < deals:
            seats = (2, 3, 5)[n % 3]
            doc = records(seats, 12, seed=n)
            doc["rules"]["overrides"]["game_points"] = 10 if seats != 2 else 5
            doc["event"] = {"table": str(n)}
            f.write(json.dumps(doc, separators=(",", ":")) + "\n")
            written += 12
            n += 1
    return written


BUILD_TWICE = """
import json, shutil, sys, time
from euchre_records.bulk.run import build_dataset
src, out, shard, analysis = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4] == "1"
build_dataset([src], out, shard_bytes=shard, analysis=analysis)   # first shard's imports: not counted
shutil.rmtree(out)
t = time.perf_counter()
r = build_dataset([src], out, shard_bytes=shard, analysis=analysis)
print(json.dumps({"deals": r.deals, "cpu": r.cpu_seconds, "wall": time.perf_counter() - t}))
"""
"""Run in a fresh interpreter for each version: the second build's CPU seconds, warm alike."""


def before_after(rev: str, src: Path, shard: int, tmp: str, rounds: int,
                 label: str = "four-handed", analysis: bool = False) -> None:
    """The one-process build of ``src`` (``label`` its records; with ``analysis``, the
    analysis tables too) at ``rev`` and here, alternately (see --before)."""
    import json
    import shutil
    import subprocess
    from base_checkout import checkout, run_python
    root = Path(tmp) / "base"   # checked out once per run (a second input reuses it)
    if not (root / "euchre_records").exists():
        checkout(rev, root, compiled=True)
    cpu: dict[str, list[float]] = {"before": [], "after": []}
    deals = 0
    for i in range(rounds):
        for side in ("before", "after"):
            out = Path(tmp) / f"ba-{src.stem}-{side}-{i}"
            argv = [str(src), str(out), str(shard), "1" if analysis else "0"]
            if side == "before":
                text = run_python(root, f"import sys\nsys.argv = ['x', *{argv!r}]\n" + BUILD_TWICE)
            else:   # this work tree, as installed
                text = subprocess.run([sys.executable, "-c", BUILD_TWICE, *argv], cwd=tmp,
                                      check=True, capture_output=True, text=True).stdout
            got = json.loads(text.strip().splitlines()[-1])
            cpu[side].append(got["cpu"])
            deals = got["deals"]
            shutil.rmtree(out)
    import statistics
    b, a = min(cpu["before"]), min(cpu["after"])
    mb, ma = statistics.median(cpu["before"]), statistics.median(cpu["after"])
    print(f"{label}, one process, {rounds} alternate runs: before ({rev[:10]}) best "
          f"{deals / b:,.0f} deals per CPU s, median {deals / mb:,.0f}; after best {deals / a:,.0f}, "
          f"median {deals / ma:,.0f}: after/before x{b / a:.2f} (best), x{mb / ma:.2f} (median) "
          f"(all runs, CPU s: before {', '.join(f'{c:.2f}' for c in cpu['before'])}; after "
          f"{', '.join(f'{c:.2f}' for c in cpu['after'])})")


def variants(tmp: str, shard: int, deals: int, four_rate: float) -> None:
    src = Path(tmp) / "variants.jsonl"
    written = write_variants(src, deals)
    t = time.perf_counter()
    report = build_dataset([str(src)], f"{tmp}/variants", shard_bytes=shard)
    secs = time.perf_counter() - t
    assert report.invalid == 0, "every drawn record is valid"
    rate = report.deals / report.cpu_seconds
    print(f"tables of 2, 3 and 5: {written:,} deals, one process: {secs:.2f} s, "
          f"{report.deals / secs:,.0f} deals/s, {rate:,.0f} deals per CPU s = x{rate / four_rate:.2f} "
          f"the four-handed deals per CPU s of this run")


def _burn(seconds: float) -> int:
    """Fixed work on one core: hashing rounds until ``seconds`` of CPU time went by."""
    import hashlib
    started, n, data = time.process_time(), 0, b"x" * 4096
    while time.process_time() - started < seconds:
        for _ in range(200):
            data = hashlib.sha256(data).digest() * 128
        n += 1
    return n


def _burn_rate(seconds: float) -> float:
    """Rounds of :func:`_burn` per wall second in this process."""
    t = time.perf_counter()
    n = _burn(seconds)
    return n / (time.perf_counter() - t)


def parallelism(seconds: float = 1.0) -> float:
    """What two processes get of the machine now against one (2.0 on two free cores): the same
    CPU-bound work alone, then in two processes at once, as rounds per wall second. What a
    2-worker cluster can gain over one process is bounded by it."""
    import multiprocessing
    one = _burn_rate(seconds)
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        pool.map(_burn_rate, [0.05, 0.05])   # the workers started and imported first
        two = sum(pool.map(_burn_rate, [seconds, seconds]))
    return two / one


def _write_shards(args: tuple[list[Any], str]) -> float:
    """Wall seconds to write ``shards`` under ``out`` with ``parquet.write_shard``, in this
    process's main thread: the shard tasks' own work, without Dask."""
    from euchre_records.bulk.parquet import write_shard
    shards, out = args
    t = time.perf_counter()
    for shard in shards:
        write_shard(shard, out)
    return time.perf_counter() - t


def same_work_in_two(src: Path, shard: int, tmp: str, tag: str) -> float:
    """What two processes get of the machine now for this very work, against one: every shard
    of ``src`` written by one plain process (no Dask), then the shards split between two at
    once (alternate shards each), as a ratio of wall times. A 2-worker cluster is bounded by it;
    unlike :func:`parallelism`'s fixed work, this work contends for the memory and caches the
    two cores share, as the workers' does."""
    import multiprocessing
    from euchre_records.bulk.shards import plan_shards
    shards = plan_shards([str(src)], shard, [], None)
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        pool.map(_write_shards, [(shards[:1], f"{tmp}/{tag}-w0"), (shards[1:2], f"{tmp}/{tag}-w1")])
        one = pool.map(_write_shards, [(shards, f"{tmp}/{tag}-one")])[0]
        two = max(pool.map(_write_shards, [(shards[0::2], f"{tmp}/{tag}-two"),
                                           (shards[1::2], f"{tmp}/{tag}-two")]))
    return one / two


@contextmanager
def dask_cluster(tmp: str) -> Iterator[str]:
    """A 2-worker cluster as one is run beside the command: ``dask scheduler`` and ``dask
    worker --nworkers 2 --nthreads 1 --preload euchre_records.bulk.parquet`` in processes of
    their own (a LocalCluster's scheduler would run in this process, beside the one-process
    builds it is compared with); yields the scheduler's address once both workers are in."""
    import json
    import subprocess
    from dask.distributed import Client
    info = Path(tmp) / "scheduler.json"
    dask = str(Path(sys.executable).with_name("dask"))
    quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
    procs = [subprocess.Popen([dask, "scheduler", "--host", "127.0.0.1", "--port", "0",
                               "--no-dashboard", "--scheduler-file", str(info)], **quiet)]
    try:
        deadline = time.monotonic() + 60
        while not info.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
        procs.append(subprocess.Popen([dask, "worker", "--scheduler-file", str(info),
                                       "--nworkers", "2", "--nthreads", "1", "--no-dashboard",
                                       "--preload", PRELOAD, "--host", "127.0.0.1"], **quiet))
        with Client(scheduler_file=str(info), timeout="60s") as client:
            client.wait_for_workers(2, timeout=120)
        yield json.loads(info.read_text())["address"]
    finally:
        for proc in reversed(procs):
            proc.terminate()
        for proc in reversed(procs):
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                proc.kill()


def alternate(src: Path, shard: int, tmp: str, scheduler: str, pairs: int
              ) -> list[tuple[float, float, float]]:
    """``pairs`` times: the one-process build of ``src`` and the same build on the running
    cluster at ``scheduler``, one after the other (the one process first in even pairs, the
    cluster first in odd ones, so that neither side always follows the other); their wall
    seconds, and :func:`json_speed` before, between and after them (the median). Alternating
    puts both sides of each ratio on the machine as it is at that minute (a shared machine's
    speed drifts more than the ratio)."""
    import statistics
    out = []
    for i in range(pairs):
        refs = [json_speed()]
        secs = {}
        for side in ("one", "two") if i % 2 == 0 else ("two", "one"):
            t = time.perf_counter()
            build_dataset([str(src)], f"{tmp}/pair-{side}-{i}", shard_bytes=shard,
                          scheduler=scheduler if side == "two" else None)
            secs[side] = time.perf_counter() - t
            refs.append(json_speed())
        out.append((secs["one"], secs["two"], statistics.median(refs)))
    return out


def files(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=200_000)
    ap.add_argument("--shard-mb", type=float, default=DEFAULT_SHARD_BYTES / 2**20,
                    help="shard size in MiB (default: euchre dataset's own)")
    ap.add_argument("--one-process", action="store_true", help="stop after the one-process run")
    ap.add_argument("--stages", action="store_true", help="only where a deal's CPU time goes")
    ap.add_argument("--before", metavar="REV", help="also the one-process run at git revision REV")
    ap.add_argument("--analysis", action="store_true",
                    help="the builds of the one-process run and of --before with --analysis (the "
                         "double-dummy tables: tens of ms a deal, so give --deals a few hundred)")
    ap.add_argument("--rounds", type=int, default=2, help="alternate runs each for --before")
    ap.add_argument("--pairs", type=int, default=3, metavar="N",
                    help="alternate one-process and running-cluster builds, N of each (0: none)")
    ap.add_argument("--variants", type=int, default=6000, metavar="N",
                    help="deals at tables of 2, 3 and 5 (0: none)")
    args = ap.parse_args()
    from dask.distributed import LocalCluster

    shard = int(args.shard_mb * 1024 * 1024)
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "in.jsonl"
        deals = write_input(src, args.deals)
        size = src.stat().st_size / 1e6
        if args.stages:
            stages(src)
            return 0
        print(f"input: {deals:,} deals, {size:.1f} MB, shards of {args.shard_mb} MiB")
        timings = {}
        cpu = {}
        t = time.perf_counter()
        report = build_dataset([str(src)], f"{tmp}/one", shard_bytes=shard,
                               analysis=args.analysis)
        timings["1 process"] = time.perf_counter() - t
        cpu["1 process"] = report.cpu_seconds
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
        print(f"peak RSS of this process after the 1-process run: {peak:.0f} MiB (input "
              f"{size:.1f} MB; imports and allocator pools included; that the rows held do not "
              "grow with the input is checked by test_memory_is_bounded_by_the_batch_not_the_input)")
        ref = prepare_cpu(src)
        print(f"reference: prepare() of every line alone {ref:.2f} CPU s ({deals / ref:,.0f} "
              f"deals per CPU s); the 1-process dataset {cpu['1 process']:.2f} CPU s = "
              f"x{cpu['1 process'] / ref:.2f} the reference")
        if args.before:
            before_after(args.before, src, shard, tmp, args.rounds,
                         "four-handed" + (", --analysis" if args.analysis else ""), args.analysis)
        if args.variants:
            variants(tmp, shard, args.variants, report.deals / cpu["1 process"])
            if args.before:
                before_after(args.before, Path(tmp) / "variants.jsonl", shard, tmp, args.rounds,
                             "tables of 2, 3 and 5")
        if args.one_process:
            secs = timings["1 process"]
            ref = json_speed()
            print(f"json.loads of bench_load's one-deal record now {ref:.1f} us (issue 20: "
                  f"{ISSUE_JSON_US} us): the one-process build at that speed "
                  f"{at_issue_speed(report.deals / secs, ref):,.0f} deals/s (target 25,000; the "
                  "build and this reference minutes apart: read the pairs of a full run)")
            print(f"1 process: {secs:.2f} s, {report.deals / secs:,.0f} deals/s, "
                  f"{report.deals / cpu['1 process']:,.0f} deals per CPU s")
            return 0
        free = [parallelism()]
        same = [same_work_in_two(src, shard, tmp, "before")]
        t = time.perf_counter()
        two = build_dataset([str(src)], f"{tmp}/two", shard_bytes=shard, workers=2)
        timings["--workers 2 (cluster start included)"] = time.perf_counter() - t
        cpu["--workers 2 (cluster start included)"] = two.cpu_seconds
        for name, preload in (("--scheduler (2 workers running)", []),
                              ("--scheduler (2 running, bulk preloaded)", [PRELOAD])):
            with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                              host="127.0.0.1", dashboard_address=None, preload=preload,
                              scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                              silence_logs=50) as cluster:
                t = time.perf_counter()
                sched = build_dataset([str(src)], f"{tmp}/{len(preload)}", shard_bytes=shard,
                                      scheduler=cluster.scheduler_address)
                timings[name] = time.perf_counter() - t
                cpu[name] = sched.cpu_seconds
        if args.pairs:
            with dask_cluster(tmp) as address:
                pairs = alternate(src, shard, tmp, address, args.pairs)
        free.append(parallelism())
        same.append(same_work_in_two(src, shard, tmp, "after"))
        others = ["two", "0", "1", *(f"pair-{side}-{i}" for i in range(args.pairs)
                                     for side in ("one", "two"))]
        first = files(Path(f"{tmp}/one"))
        identical = all(first == files(Path(f"{tmp}/{other}")) for other in others)
        print(f"shards: {report.shards}; outputs byte-identical: {identical}")
        base = timings["1 process"]
        for name, secs in timings.items():
            print(f"{name:40} {secs:7.2f} s  {report.deals / secs:9,.0f} deals/s  "
                  f"x{base / secs:.2f} vs 1 process; shard tasks used {cpu[name]:.1f} CPU s, "
                  f"{cpu[name] / secs:.2f} cores on average")
        running = base / timings["--scheduler (2 running, bulk preloaded)"]
        bound = sum(same) / 2
        print("(a second worker can only use what the machine's other processes leave free: two "
              f"processes of fixed CPU-bound work got x{free[0]:.2f} and x{free[1]:.2f} of one, "
              "and two plain processes writing the same shards (no Dask) "
              f"x{same[0]:.2f} and x{same[1]:.2f} of one, before and after the cluster runs; the "
              f"running cluster's speed-up over the latter: x{running / bound:.2f})")
        if args.pairs:
            ratios = sorted(one / two for one, two, _ in pairs)
            rates = sorted(report.deals / one for one, _, _ in pairs)
            clustered = sorted(report.deals / two for _, two, _ in pairs)
            mid = len(pairs) // 2
            print(f"{args.pairs} alternate pairs, one process then a running 2-worker cluster "
                  "(dask scheduler and dask worker --preload, processes of their own): one process "
                  f"{', '.join(f'{r:,.0f}' for r in rates)} deals/s; the cluster "
                  f"{', '.join(f'{r:,.0f}' for r in clustered)} deals/s; the cluster over the one "
                  f"process of its pair x{', x'.join(f'{r:.2f}' for r in ratios)}: median "
                  f"x{ratios[mid]:.2f}, median cluster {clustered[mid]:,.0f} deals/s = "
                  f"x{clustered[mid] / 25_000:.2f} of 25,000")
            speeds = [ref for _, _, ref in pairs]
            ones = sorted(at_issue_speed(report.deals / one, ref) for one, _, ref in pairs)
            twos = sorted(at_issue_speed(report.deals / two, ref) for _, two, ref in pairs)
            print(f"the same pairs at the speed of the machine issue 20 set its targets on "
                  f"(json.loads of bench_load's one-deal record {ISSUE_JSON_US} us there, "
                  f"{min(speeds):.1f}-{max(speeds):.1f} us beside these pairs): one process "
                  f"{', '.join(f'{r:,.0f}' for r in ones)} deals/s, median {ones[mid]:,.0f} "
                  f"(target 25,000); the cluster {', '.join(f'{r:,.0f}' for r in twos)}, median "
                  f"{twos[mid]:,.0f} (target 1.7 x 25,000 = 42,500)")
        print(f"one process: {report.deals / cpu['1 process']:,.0f} deals per CPU second of its "
              f"shard tasks, what it would reach on a core of its own (targets: 25,000 deals/s in "
              f"one process; a running 2-worker cluster 1.7x that)")
    return 0 if identical else 1


if __name__ == "__main__":
    sys.exit(main())
