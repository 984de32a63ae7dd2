"""Benchmark: time to a usable rubber page on the loopback server, against a bare page.

Not a test. Run:  python benchmarks/bench_pages.py [--rounds 5] [--loads 10]

1. A temporary database holds the examples and one random finished rubber of about 20 deals
   (full deals: the page shows the card-level link too), stored as ``euchre import`` stores it.
2. The real app (``create_app``, the same as ``euchre serve``) and a reference, a bare Flask app
   whose one page opens a connection, reads one ``rubbers`` row by key and renders it as a tiny
   HTML page, are served by waitress (4 threads each) on 127.0.0.1, in this process.
3. In alternating rounds (these machines are shared and noisy) it measures
   - server time: sequential ``GET /web/rubbers/{id}`` and ``GET /bare/{id}`` over one keep-alive
     connection (median ms);
   - time to a usable page in headless Debian chromium: navigation start to the load event (HTML,
     stylesheet and inline SVG chart ready; the static files cached after the first load, as a
     returning scorer has them), median ms of ``--loads`` loads per round.
Prints the medians, the ratios to the reference and the target (rubber page < 300 ms in the
browser). Only loopback traffic; every loop is bounded.
"""

from __future__ import annotations

import argparse
import http.client
import shutil
import statistics
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def bare_app(db_path: str) -> Any:
    import sqlite3

    from flask import Flask, g

    app = Flask("bare")

    def db() -> sqlite3.Connection:
        if "db" not in g:
            g.db = sqlite3.connect(db_path)
            g.db.row_factory = sqlite3.Row
        return g.db  # type: ignore[no-any-return]

    @app.teardown_appcontext
    def close(exc: BaseException | None) -> None:
        conn = g.pop("db", None)
        if conn is not None:
            conn.close()

    @app.get("/bare/<int:rubber_id>")
    def rubber(rubber_id: int) -> str:
        row = db().execute("SELECT * FROM rubbers WHERE id = ?", (rubber_id,)).fetchone()
        cells = "".join(f"<tr><th>{k}</th><td>{row[k]}</td></tr>" for k in row.keys())
        return f"<!doctype html><title>rubber</title><table>{cells}</table>"

    return app


@contextmanager
def serve(app: Any) -> Iterator[int]:
    from waitress.server import create_server
    server = create_server(app, host="127.0.0.1", port=0, threads=4)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        yield int(server.effective_port)
    finally:
        server.close()
        thread.join(timeout=5)


def build(db_path: Path) -> tuple[int, int]:
    """The database; returns (rubber id, deals) of the ~20-deal rubber."""
    from euchre_records.api.store.importer import import_sources
    from euchre_records.api.store.ingest import prepare_record
    from euchre_records.api.store.migrations import migrate, open_db
    from euchre_records.testkit.samples import random_record
    from euchre_records.api.store.store import Store

    db = open_db(db_path)
    migrate(db)
    import_sources(db, [(p.name, p.read_text(encoding="utf-8"))
                        for p in sorted((ROOT / "examples").glob("*.json"))])
    best = min((random_record(seed) for seed in range(200)), key=lambda r: abs(len(r.deals) - 20))
    saved = Store(db).save(prepare_record(best))
    rubber_id = db.execute("SELECT id FROM rubbers WHERE record_id = ?", (saved.id,)).fetchone()[0]
    db.close()
    return int(rubber_id), len(best.deals)


def server_ms(port: int, path: str, count: int) -> list[float]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    out = []
    for _ in range(count):
        start = time.perf_counter()
        conn.request("GET", path)
        resp = conn.getresponse()
        resp.read()
        out.append((time.perf_counter() - start) * 1000)
        if resp.status != 200:
            raise SystemExit(f"GET {path}: {resp.status}")
    conn.close()
    return out


def browser_ms(page: Any, url: str, count: int) -> list[float]:
    out = []
    for _ in range(count):
        page.goto(url, wait_until="load")
        nav = page.evaluate("(() => { const n = performance.getEntriesByType('navigation')[0];"
                            " return n.loadEventEnd - n.startTime; })()")
        out.append(float(nav))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--loads", type=int, default=10, help="browser loads per round and page")
    parser.add_argument("--requests", type=int, default=40, help="server GETs per round and page")
    args = parser.parse_args()
    chromium = shutil.which("chromium")
    sys.path.insert(0, str(ROOT))
    from euchre_records.api.app import create_app

    tmp = Path(tempfile.mkdtemp())
    db_path = tmp / "bench-pages.db"
    rubber_id, deals = build(db_path)
    app = create_app({"DATABASE": str(db_path), "SECRET_KEY": "bench-secret-0123456789"})
    page_path, bare_path = f"/web/rubbers/{rubber_id}", f"/bare/{rubber_id}"
    server = {"page": [], "bare": []}  # type: dict[str, list[float]]
    loads = {"page": [], "bare": []}  # type: dict[str, list[float]]
    with serve(app) as port, serve(bare_app(str(db_path))) as bare_port:
        server_ms(port, page_path, 5)
        server_ms(bare_port, bare_path, 5)  # warm both
        pw_ctx = None
        if chromium:
            from playwright.sync_api import sync_playwright
            pw_ctx = sync_playwright().start()
            browser = pw_ctx.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
            page = browser.new_page()
            page.goto(f"http://127.0.0.1:{port}{page_path}")  # static files into the cache
        for _ in range(args.rounds):
            server["page"] += server_ms(port, page_path, args.requests)
            server["bare"] += server_ms(bare_port, bare_path, args.requests)
            if pw_ctx:
                loads["page"] += browser_ms(page, f"http://127.0.0.1:{port}{page_path}",
                                            args.loads)
                loads["bare"] += browser_ms(page, f"http://127.0.0.1:{bare_port}{bare_path}",
                                            args.loads)
        if pw_ctx:
            browser.close()
            pw_ctx.stop()
    med = {k: statistics.median(v) for k, v in server.items()}
    print(f"rubber page of {deals} deals (GET {page_path}) vs a bare page reading one row, "
          f"{args.rounds} alternating rounds")
    print(f"server time  : page {med['page']:.1f} ms, bare {med['bare']:.1f} ms, "
          f"ratio {med['page'] / med['bare']:.1f}x  (median of {len(server['page'])} each)")
    if pw_ctx:
        lm = {k: statistics.median(v) for k, v in loads.items()}
        p90 = sorted(loads["page"])[int(0.9 * (len(loads["page"]) - 1))]
        verdict = "met" if lm["page"] < 300 else "NOT met"
        print(f"usable page  : page {lm['page']:.1f} ms (p90 {p90:.1f}), bare {lm['bare']:.1f} ms,"
              f" ratio {lm['page'] / lm['bare']:.1f}x  (chromium, navigation start to load)")
        print(f"target < 300 ms to a usable page: {verdict}")
    else:
        print("usable page  : not measured (no chromium on this machine)")


if __name__ == "__main__":
    main()
