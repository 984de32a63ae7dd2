"""Benchmark: the API server under a native load generator (Debian's wrk), against bare Flask +
SQLite endpoints served by the same WSGI server, in one run.

Not a test. Run:  python benchmarks/bench_api.py [--seconds 5] [--rounds 2] [--connections 16]

1. Fills a temporary store with random finished rubbers (``testkit.samples``) and creates a
   club token for the writes (``api.store.tokens.create_token``; writes need one).
2. For each server kind, waitress (one process, ``--threads`` threads, as ``euchre serve``) and
   gunicorn (``--workers`` processes, gthread), starts two servers on 127.0.0.1: our app
   (``create_app``) and a bare Flask app whose ``GET /rubbers/<id>`` reads one ``rubbers`` row by
   primary key and whose ``POST /records`` parses the body with ``json.loads`` and inserts it as
   one row.
3. wrk drives each pair in alternating rounds (``--seconds`` each): ``GET /rubbers/{id}`` on
   random ids, and ``POST /records`` of distinct records (one random rubber, its table number
   changed per request, so each POST is a new record: parse, replay, store).
Prints req/s and p50/p99 latency of every run, the ratio to the bare endpoint (targets: GET
>= 60 %; POST >= 50 %, also in records/s and deals/s). wrk shares the 2 cores with the servers,
so absolute figures are low; the ratios are what the script is for. Without wrk (or gunicorn)
the missing part is skipped with the reason.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BARE_APP = r'''
import json, sqlite3, sys
from flask import Flask, g, jsonify, request
app = Flask("bare")
DB = sys.argv[1] if __name__ == "__main__" else __import__("os").environ["BARE_DB"]
def db():
    if "db" not in g:
        g.db = sqlite3.connect(DB, timeout=5)
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
@app.post("/records")
def post():
    doc = json.loads(request.get_data())
    conn = db()
    with conn:
        cur = conn.execute("INSERT INTO bare_posts (body) VALUES (?)", (json.dumps(doc),))
    return jsonify(id=cur.lastrowid), 201
if __name__ == "__main__":
    from waitress import serve
    serve(app, host="127.0.0.1", port=int(sys.argv[2]), threads=int(sys.argv[3]), _quiet=True)
'''

OURS_WAITRESS = r'''
import sys
from euchre_records.api.app import create_app
from euchre_records.api.server import serve
serve(create_app({"DATABASE": sys.argv[1]}), host="127.0.0.1", port=int(sys.argv[2]),
      threads=int(sys.argv[3]))
'''

GET_LUA = r'''
math.randomseed(os.time())
request = function()
  return wrk.format("GET", "/rubbers/" .. math.random(1, %d))
end
'''

POST_LUA = r'''
local counter = 0
local threads = {}
local body = [==[%s]==]
setup = function(thread)
  thread:set("tid", #threads + 1)
  table.insert(threads, thread)
end
request = function()
  counter = counter + 1
  local b = string.gsub(body, "__TABLE__", "%s-" .. tid .. "-" .. counter)
  return wrk.format("POST", "/records", {["Content-Type"] = "application/json",
                    ["Authorization"] = "Bearer %s"}, b)
end
'''


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_up(port: int, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"server on port {port} exited with {proc.returncode}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/rubbers/1")
            conn.getresponse().read()
            conn.close()
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"server on port {port} did not start")


def fill(db_path: str, records: int) -> tuple[int, str, str, int]:
    """The store: ``records`` rubbers, a token, one record text for the POSTs and its deals."""
    from euchre_records.api.store import tokens
    from euchre_records.api.store.importer import ImportReport, import_sources
    from euchre_records.api.store.migrations import migrate, open_db
    from euchre_records.testkit.samples import random_texts

    db = open_db(db_path)
    migrate(db)
    report = import_sources(db, ((str(i), t) for i, t in enumerate(random_texts(records))),
                            ImportReport())
    db.execute("CREATE TABLE bare_posts (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
    _row, token = tokens.create_token(db, "Bench club", label="bench_api")
    rubbers = db.execute("SELECT count(*) FROM rubbers").fetchone()[0]
    db.close()
    doc = json.loads(next(random_texts(1, start_seed=10_000)))
    doc["event"]["table"] = "__TABLE__"
    assert report.stored == records
    return rubbers, token, json.dumps(doc, separators=(",", ":")), len(doc["deals"])


def wrk(url: str, script: str, seconds: float, connections: int, threads: int
        ) -> dict[str, float]:
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as f:
        f.write(script)
    try:
        out = subprocess.run(["wrk", f"-t{threads}", f"-c{connections}", f"-d{max(1, round(seconds))}s",
                              "--latency", "-s", f.name, url], capture_output=True, text=True,
                             timeout=seconds + 60).stdout
    finally:
        os.unlink(f.name)
    rate = re.search(r"Requests/sec:\s+([\d.]+)", out)
    if rate is None:
        raise SystemExit("wrk gave no figures:\n" + out)
    lat = dict(re.findall(r"^\s+(50|99)%\s+([\d.]+\w+)", out, re.M))
    bad = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    errors = re.search(r"Socket errors:.*", out)
    return {"rps": float(rate.group(1)), "p50": _ms(lat.get("50", "0ms")),
            "p99": _ms(lat.get("99", "0ms")), "bad": int(bad.group(1)) if bad else 0,
            "socket_errors": errors.group(0) if errors else ""}


def _ms(text: str) -> float:
    value, unit = re.match(r"([\d.]+)(\w+)", text).groups()  # type: ignore[union-attr]
    return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}[unit]


def start(kind: str, app: str, db_path: str, port: int, threads: int, workers: int,
          tmp: str) -> subprocess.Popen[bytes]:
    env = dict(os.environ, EUCHRE_DB=db_path, BARE_DB=db_path)
    bare_file = Path(tmp) / "bare_app.py"
    bare_file.write_text(BARE_APP)
    if kind == "waitress":
        code = OURS_WAITRESS if app == "ours" else BARE_APP
        cmd = [sys.executable, "-c", code, db_path, str(port), str(threads)]
    else:
        target = ("euchre_records.api.app:create_app()" if app == "ours" else "bare_app:app")
        cmd = [sys.executable, "-m", "gunicorn", "-w", str(workers), "-k", "gthread",
               "--threads", str(threads), "-b", f"127.0.0.1:{port}", "--log-level", "warning",
               "--chdir", tmp, target]
    return subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=5)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--connections", type=int, default=16)
    ap.add_argument("--wrk-threads", type=int, default=2)
    ap.add_argument("--records", type=int, default=300)
    ap.add_argument("--threads", type=int, default=8, help="threads per server process")
    ap.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    args = ap.parse_args()
    if shutil.which("wrk") is None:
        print("skipped: wrk is not installed (apt-get install wrk)")
        return 0
    kinds = ["waitress"]
    try:
        import gunicorn  # noqa: F401
        kinds.append("gunicorn")
    except ImportError:
        print("gunicorn is not installed: only waitress is measured")
    with tempfile.TemporaryDirectory() as tmp:
        db_path = str(Path(tmp) / "bench.db")
        rubbers, token, body, deals = fill(db_path, args.records)
        print(f"store: {rubbers} rubbers; POST body {len(body):,} bytes, {deals} deals; wrk "
              f"-t{args.wrk_threads} -c{args.connections}, {args.rounds} x {args.seconds:g} s "
              "per run; machine: 2 shared cores")
        summary = {}
        for kind in kinds:
            procs = {}
            ports = {}
            try:
                for app in ("ours", "bare"):
                    ports[app] = free_port()
                    procs[app] = start(kind, app, db_path, ports[app], args.threads,
                                       args.workers, tmp)
                for app in ("ours", "bare"):
                    wait_up(ports[app], procs[app])
                for label, script in (("GET /rubbers/{id}", GET_LUA % rubbers),
                                      ("POST /records", None)):
                    totals: dict[str, list[dict[str, float]]] = {"ours": [], "bare": []}
                    for r in range(args.rounds):
                        for app in ("ours", "bare") if r % 2 == 0 else ("bare", "ours"):
                            lua = script or POST_LUA % (body, f"{kind}{r}{app}", token)
                            totals[app].append(wrk(f"http://127.0.0.1:{ports[app]}", lua,
                                                   args.seconds, args.connections,
                                                   args.wrk_threads))
                    summary[(kind, label)] = totals
                    _print(kind, label, totals, deals if script is None else None)
            finally:
                for proc in procs.values():
                    proc.terminate()
                for proc in procs.values():
                    try:
                        proc.wait(timeout=10)
                    except subprocess.TimeoutExpired:
                        proc.kill()
        _verdict(summary, kinds)
        conn = __import__("sqlite3").connect(db_path)
        stored = conn.execute("SELECT count(*) FROM records").fetchone()[0] - args.records
        bare = conn.execute("SELECT count(*) FROM bare_posts").fetchone()[0]
        conn.close()
        print(f"rows written by the POST runs: {stored:,} new records (ours), {bare:,} bare rows"
              if stored > 0 else
              "no record stored by the POST runs: the figures above are not of stores")
    return 0


def _mean(runs: list[dict[str, float]], key: str) -> float:
    return sum(r[key] for r in runs) / len(runs)


def _print(kind: str, label: str, totals: dict[str, list[dict[str, float]]],
           deals: int | None) -> None:
    for app in ("ours", "bare"):
        runs = totals[app]
        bad = sum(r["bad"] for r in runs)
        extra = f", {_mean(runs, 'rps') * deals:,.0f} deals/s" if deals and app == "ours" else ""
        print(f"{kind:9} {label:18} {app:4}: {_mean(runs, 'rps'):8,.0f} req/s{extra}  "
              f"p50 {_mean(runs, 'p50'):7.2f} ms  p99 {_mean(runs, 'p99'):7.2f} ms"
              + (f"  NON-2XX {bad}" if bad else "")
              + (f"  {runs[-1]['socket_errors']}" if runs[-1]["socket_errors"] else ""))
    ratio = _mean(totals["ours"], "rps") / max(_mean(totals["bare"], "rps"), 1e-9)
    print(f"{kind:9} {label:18} ours/bare: {ratio:.0%}")


def _verdict(summary: dict[tuple[str, str], dict[str, list[dict[str, float]]]],
             kinds: list[str]) -> None:
    print()
    for label, target in (("GET /rubbers/{id}", 0.60), ("POST /records", 0.50)):
        for kind in kinds:
            t = summary[(kind, label)]
            ratio = _mean(t["ours"], "rps") / max(_mean(t["bare"], "rps"), 1e-9)
            print(f"{label:18} {kind:9} {ratio:5.0%} of bare (target {target:.0%}): "
                  f"{'met' if ratio >= target else 'NOT met'}")
    if len(kinds) == 2:
        for label in ("GET /rubbers/{id}", "POST /records"):
            w = _mean(summary[("waitress", label)]["ours"], "rps")
            g = _mean(summary[("gunicorn", label)]["ours"], "rps")
            print(f"{label:18} gunicorn / waitress (ours): {g / max(w, 1e-9):.2f}x")


if __name__ == "__main__":
    sys.exit(main())
