"""Benchmark: the real API server under load, against a bare Flask endpoint served the same way.

Not a test. Run:  /work/venv/bin/python benchmarks/bench_api.py [--seconds 5] [--clients 4]

1. Fills a temporary database with random finished rubbers (``euchre_records.api.store.samples``).
2. Starts ``euchre serve`` (waitress, --threads workers) on 127.0.0.1, and in a second process the
   same waitress settings serving a bare Flask app whose one endpoint opens a connection, reads
   one ``rubbers`` row by primary key and returns it as JSON.
3. A bounded load generator (``--clients`` processes, one keep-alive http.client connection each,
   ``--seconds`` per endpoint, split in alternating ``--rounds``) measures requests/s of
   ``GET /rubbers/{id}`` on both, in the same run, then ``POST /records`` of fresh records on the
   real server for ``--seconds``.
Prints req/s, the ratio (target: GET /rubbers/{id} >= 60 % of the bare endpoint) and POST
throughput. Only loopback traffic.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing as mp
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BARE_APP = r"""
import sqlite3, sys
from flask import Flask, g, jsonify
import waitress
app = Flask("bare")
DB = sys.argv[1]
def db():
    if "db" not in g:
        g.db = sqlite3.connect(DB)
        g.db.row_factory = sqlite3.Row
    return g.db
@app.teardown_appcontext
def close(exc):
    conn = g.pop("db", None)
    if conn is not None:
        conn.close()
@app.get("/rubbers/<int:rubber_id>")
def rubber(rubber_id):
    row = db().execute("SELECT * FROM rubbers WHERE id = ?", (rubber_id,)).fetchone()
    if row is None:
        return jsonify(error="not found"), 404
    return jsonify(dict(row))
waitress.serve(app, host="127.0.0.1", port=int(sys.argv[2]), threads=int(sys.argv[3]), _quiet=True)
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_up(port: int, path: str, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"server on port {port} exited with {proc.returncode}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", path)
            conn.getresponse().read()
            conn.close()
            return
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"server on port {port} did not start")


def _get_worker(port: int, ids: list[int], seconds: float, seed: int, out: mp.Queue) -> None:
    rng = random.Random(seed)
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    done = errors = 0
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        conn.request("GET", f"/rubbers/{rng.choice(ids)}")
        resp = conn.getresponse()
        resp.read()
        if resp.status == 200:
            done += 1
        else:
            errors += 1
    conn.close()
    out.put((done, errors))


def _post_worker(port: int, texts: list[str], seconds: float, out: mp.Queue) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    done = errors = 0
    end = time.perf_counter() + seconds
    for text in texts:
        if time.perf_counter() >= end:
            break
        conn.request("POST", "/records", body=text.encode(),
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        resp.read()
        if resp.status == 201:
            done += 1
        else:
            errors += 1
    conn.close()
    out.put((done, errors))


def run_phase(target, args_per_client: list[tuple[object, ...]]) -> tuple[int, int, float]:
    out: mp.Queue = mp.Queue()
    procs = [mp.Process(target=target, args=(*a, out)) for a in args_per_client]
    start = time.perf_counter()
    for p in procs:
        p.start()
    results = [out.get() for _ in procs]
    for p in procs:
        p.join()
    elapsed = time.perf_counter() - start
    return sum(r[0] for r in results), sum(r[1] for r in results), elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--threads", type=int, default=8, help="waitress worker threads")
    parser.add_argument("--records", type=int, default=200, help="records stored before the run")
    parser.add_argument("--rounds", type=int, default=2,
                        help="alternating rounds per endpoint (--seconds is split among them)")
    args = parser.parse_args()

    from euchre_records.api.store.importer import import_sources
    from euchre_records.api.store.migrations import migrate, open_db
    from euchre_records.api.store.samples import random_texts

    tmp = Path(tempfile.mkdtemp(prefix="euchre-bench-"))
    db_path = tmp / "bench.db"
    db = open_db(db_path)
    migrate(db)
    report = import_sources(db, ((str(i), t) for i, t in enumerate(random_texts(args.records))))
    ids = [r[0] for r in db.execute("SELECT id FROM rubbers")]
    db.close()
    print(f"database: {report.stored} records, {report.deals} deals, {len(ids)} rubbers; "
          f"{args.clients} client processes, waitress threads={args.threads}, "
          f"{os.cpu_count()} CPUs")

    euchre = Path(sys.executable).parent / "euchre"
    api_port, bare_port = free_port(), free_port()
    api = subprocess.Popen([str(euchre), "serve", "--db", str(db_path), "--port", str(api_port),
                            "--threads", str(args.threads)], stderr=subprocess.DEVNULL)
    bare = subprocess.Popen([sys.executable, "-c", BARE_APP, str(db_path), str(bare_port),
                             str(args.threads)])
    try:
        wait_up(api_port, f"/rubbers/{ids[0]}", api)
        wait_up(bare_port, f"/rubbers/{ids[0]}", bare)
        names = {"bare": "bare Flask row by primary key", "api": "GET /rubbers/{id}"}
        ports = {"bare": bare_port, "api": api_port}
        for key in ("bare", "api"):  # warm up both
            run_phase(_get_worker, [(ports[key], ids, 1.0, i) for i in range(args.clients)])
        totals = {"bare": [0, 0, 0.0], "api": [0, 0, 0.0]}
        # alternate the two in rounds so a change of machine load hits both alike
        for _ in range(args.rounds):
            for key in ("bare", "api"):
                done, errors, elapsed = run_phase(
                    _get_worker,
                    [(ports[key], ids, args.seconds / args.rounds, i) for i in range(args.clients)])
                for j, v in enumerate((done, errors, elapsed)):
                    totals[key][j] += v
        rates = {}
        for key in ("bare", "api"):
            done, errors, elapsed = totals[key]
            rates[key] = done / elapsed
            print(f"{names[key]:32} {rates[key]:8.0f} req/s  ({done} ok, {errors} errors, "
                  f"{elapsed:.1f} s)")
        print(f"{'ratio':32} {rates['api'] / rates['bare']:8.0%}  (target >= 60%)")

        fresh = list(random_texts(args.clients * 150, start_seed=1_000_000))
        per_client = [fresh[i::args.clients] for i in range(args.clients)]
        deals = [len(json.loads(t)["deals"]) for t in fresh]
        done, errors, elapsed = run_phase(
            _post_worker, [(api_port, texts, args.seconds) for texts in per_client])
        mean_deals = sum(deals) / len(deals)
        print(f"{'POST /records':32} {done / elapsed:8.0f} records/s  (~{done * mean_deals / elapsed:.0f} "
              f"deals/s; {done} stored, {errors} errors, {elapsed:.1f} s)")
    finally:
        for proc in (api, bare):
            proc.terminate()
            proc.wait(timeout=10)


if __name__ == "__main__":
    main()
