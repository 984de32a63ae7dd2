"""Benchmark: a club night's load on the real server (issue 18) — 20 tables each posting a deal
every 20 s while 3 live boards refresh every 5 s — against a bare page of the same server.

Not a test. Run:  python benchmarks/bench_night.py [--seconds 150] [--tables 20]
(``--seconds 40`` for a quick look; the figures then rest on few posts).

1. A temporary store holds a progressive event of ``--tables`` tables (4 players each): round 1
   played (a sitting of 8 result-only deals at every table, attached, so the board's standings
   have 20 sittings to add up), round 2 seated by the movement and its table links issued (each
   link makes its table's draft from the seating). It is built with the store functions the
   director's pages call; that part is not timed.
2. The real server (``euchre serve`` through the installed entry point: waitress, 8 threads) runs
   on 127.0.0.1. Every table opens its link as a phone does (``POST /web/table`` with the code
   from the card's fragment: its own table session cookie, no club token) and lands on its
   round-2 sitting.
3. For ``--seconds`` (tables and boards start staggered over their period):
   - each table posts a deal every ``--deal-every`` s by the scorer's own path: ``POST
     /web/drafts/{id}/deals`` with the table session's cookie, the form token, the revision and
     the deal's id (the form entry.js sends when online), then the ``GET`` of the sitting its
     303 names, as the browser follows it;
   - each board polls ``GET /web/events/{id}/board?part=live`` with ``If-None-Match`` every
     ``--board-every`` s, as board.js does (200 or 304);
   - the bare page, ``GET /logout`` (a static template page, no database read), is fetched every
     0.5 s by one more client: the same server under the same load, so the ratio is fair.
Prints p50/p99 of each kind (ms), its ratios to the bare page and whether the target holds: p99
of a deal post under 4x the bare page's p99. Every client waits for its answer before its next
request (no pile-up); every loop is bounded by the clock; only loopback traffic.
"""

from __future__ import annotations

import argparse
import http.client
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

SECRET = "bench-night-secret-0123456789"
CLUB = "Riverside Euchre Club"
TARGET = 4.0
CSRF = re.compile(r'name="csrf_token" value="([^"]*)"')
REVISION = re.compile(r'name="revision" value="(\d+)"')
DEALER = re.compile(r'name="dealer" value="([NESW])" checked')
DEAL_ID = re.compile(r'name="deal_id" value="([^"]+)"')
SEATS = "NESW"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def sitting_record(seats: dict[str, str], round_no: int, table: int, deals: int) -> str:
    """A result-only sitting of ``deals`` deals (modern rules), the makers' sides alternating;
    the second deal a euchre (even tables) or a march (odd tables), so no sitting is tied."""
    import json
    out = []
    for i in range(deals):
        tricks = 3 if i != 1 else (2 if table % 2 == 0 else 5)
        out.append({"kind": "result", "dealer": SEATS[i % 4],
                    "result": {"maker": SEATS[(i + 1) % 4], "trump": "SHDC"[i % 4],
                               "tricks": tricks}})
    return json.dumps({"format": "euchre-records", "version": "1.0",
                       "event": {"club": CLUB, "event": "Bench night", "table": str(table),
                                 "round": str(round_no)},
                       "players": {s: {"name": n} for s, n in seats.items()},
                       "rules": {"preset": "modern"}, "deals": out})


def build(db_path: str, tables: int) -> tuple[int, list[tuple[str, str]]]:
    """The store: (event id, [(table, its round-2 link's secret)])."""
    from euchre_records.api.store import events, table_links, tokens
    from euchre_records.api.store.ingest import prepare
    from euchre_records.api.store.migrations import migrate, open_db
    from euchre_records.api.store.store import Store

    db = open_db(db_path)
    migrate(db)
    row, _token = tokens.create_token(db, CLUB, label="bench_night")
    club_id = row.club_id
    names = [f"Player {i:02d}" for i in range(1, 4 * tables + 1)]
    event_id = events.create_event(db, {"name": "Bench night", "format": "progressive",
                                        "rounds": 3, "deals_per_round": 8, "club": CLUB,
                                        "players": names}, club_id=club_id)
    first: list[dict[str, Any]] = [{"table": str(t + 1),
                                    "seats": dict(zip(SEATS, names[4 * t:4 * t + 4]))}
             for t in range(tables)]
    events.add_seating(db, event_id, 1, first)
    store = Store(db)
    for t in first:
        saved = store.save(prepare(sitting_record(t["seats"], 1, int(t["table"]), 8)))
        events.attach_sitting(db, event_id, saved.id)
    ids = {v: k for k, v in events_player_ids(db, event_id).items()}
    second: list[dict[str, Any]] = [
        {"table": str(s.table), "seats": {seat: ids.get(int(p), str(p))
                                          for seat, p in zip(SEATS, s.seats)}}
        for s in events.movement(db, event_id, 1)]
    events.add_seating(db, event_id, 2, second)
    issued = table_links.issue_links(db, event_id, 2, club_id=club_id, token_id=row.id,
                                     created_by="bench_night", hours=2)
    db.close()
    return event_id, [(i.link.table, i.secret) for i in issued]


def events_player_ids(db: Any, event_id: int) -> dict[str, int]:
    """Player name -> player id (the movement seats players by id)."""
    from euchre_records.api.store.players import player_names
    rows = db.execute("SELECT id FROM players").fetchall()
    found = player_names(db.conn, [r[0] for r in rows])
    return {name: pid for pid, name in found.items()}


class Client:
    """One browser: a keep-alive connection and its session cookie."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.cookie = ""

    def request(self, method: str, path: str, body: dict[str, str] | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], str, float]:
        head = dict(headers or {})
        if self.cookie:
            head["Cookie"] = self.cookie
        data = None
        if body is not None:
            data = urlencode(body)
            head["Content-Type"] = "application/x-www-form-urlencoded"
            head["Origin"] = f"http://127.0.0.1:{self.port}"
            head["Sec-Fetch-Site"] = "same-origin"
        for attempt in (1, 2):
            start = time.perf_counter()
            try:
                self.conn.request(method, path, body=data, headers=head)
                resp = self.conn.getresponse()
                text = resp.read().decode("utf-8", "replace")
                break
            except (http.client.HTTPException, OSError):
                self.conn.close()   # the server closed an idle keep-alive: one fresh connection
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                if attempt == 2:
                    raise
        ms = (time.perf_counter() - start) * 1000
        for name, value in resp.getheaders():
            if name.lower() == "set-cookie" and value.startswith("euchre_session="):
                self.cookie = value.split(";", 1)[0]
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, text, ms


class Table:
    """A table's scorer: signed in, its sitting started, posting deals."""

    def __init__(self, port: int, table: str, secret: str) -> None:
        self.client = Client(port)
        _, _, page, _ = self.client.request("GET", "/web/table")
        csrf = CSRF.search(page).group(1)  # type: ignore[union-attr]
        status, head, text, _ = self.client.request("POST", "/web/table", {
            "code": secret, "csrf_token": csrf})
        if status != 303 or "/web/drafts/" not in head.get("location", ""):
            raise SystemExit(f"table {table}: its link answered {status}: {text[:300]}")
        self.path = head["location"].split("#")[0].replace(f"http://127.0.0.1:{port}", "")
        _, _, self.page, _ = self.client.request("GET", self.path)
        self.csrf = CSRF.search(self.page).group(1)  # type: ignore[union-attr]
        self.deals = 0

    def post_deal(self) -> tuple[float, float]:
        """One deal by the form (ms of the POST, ms of the GET its 303 names)."""
        revision = REVISION.search(self.page).group(1)  # type: ignore[union-attr]
        dealer = DEALER.search(self.page).group(1)  # type: ignore[union-attr]
        maker = SEATS[(SEATS.index(dealer) + 1 + self.deals % 2) % 4]
        status, head, text, post_ms = self.client.request(
            "POST", self.path + "/deals",
            {"csrf_token": self.csrf, "revision": revision, "dealer": dealer, "maker": maker,
             "trump": "SHDC"[self.deals % 4], "tricks": "3",
             "deal_id": DEAL_ID.search(self.page).group(1)})  # type: ignore[union-attr]
        if status != 303:
            raise RuntimeError(f"{self.path}: deal {self.deals + 1} answered {status}: "
                               f"{text[:300]}")
        location = head["location"].split("#")[0]
        location = location.replace(f"http://127.0.0.1:{self.client.port}", "")
        status, _, self.page, get_ms = self.client.request("GET", location)
        if status != 200:
            raise RuntimeError(f"{location}: {status}")
        self.deals += 1
        return post_ms, get_ms


def run_load(port: int, tables: list[Table], event_id: int, seconds: float, deal_every: float,
             boards: int, board_every: float) -> tuple[dict[str, list[float]], list[str]]:
    times: dict[str, list[float]] = {"post": [], "follow": [], "board": [], "bare": []}
    errors: list[str] = []
    lock = threading.Lock()
    start = time.monotonic() + 0.5
    end = start + seconds

    def every(period: float, offset: float, act: Any) -> None:
        tick = start + offset
        while tick < end:
            pause = tick - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            try:
                act()
            except Exception as exc:   # noqa: BLE001 - reported with the figures
                with lock:
                    errors.append(str(exc)[:300])
                return
            tick += period

    def table_act(table: Table) -> Any:
        def act() -> None:
            post, follow = table.post_deal()
            with lock:
                times["post"].append(post)
                times["follow"].append(post + follow)
        return act

    def board_act() -> Any:
        client, tag = Client(port), [""]

        def act() -> None:
            headers = {"If-None-Match": f'"{tag[0]}"'} if tag[0] else {}
            status, head, _, ms = client.request(
                "GET", f"/web/events/{event_id}/board?part=live", headers=headers)
            if status not in (200, 304):
                raise RuntimeError(f"board: {status}")
            tag[0] = head.get("etag", "").strip('W/"') or tag[0]
            with lock:
                times["board"].append(ms)
        return act

    def bare_act() -> Any:
        client = Client(port)

        def act() -> None:
            status, _, _, ms = client.request("GET", "/logout")
            if status != 200:
                raise RuntimeError(f"bare page: {status}")
            with lock:
                times["bare"].append(ms)
        return act

    workers = [threading.Thread(target=every, args=(deal_every, i * deal_every / len(tables),
                                                    table_act(t)))
               for i, t in enumerate(tables)]
    workers += [threading.Thread(target=every, args=(board_every, j * board_every / boards,
                                                     board_act()))
                for j in range(boards)]
    workers.append(threading.Thread(target=every, args=(0.5, 0.1, bare_act())))
    for w in workers:
        w.start()
    for w in workers:
        w.join(timeout=seconds + 120)
    return times, errors


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0-1) by the nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered) + 0.5) - 1))]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=150)
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--deal-every", type=float, default=20.0)
    ap.add_argument("--boards", type=int, default=3)
    ap.add_argument("--board-every", type=float, default=5.0)
    ap.add_argument("--threads", type=int, default=8, help="the server's threads (euchre serve)")
    args = ap.parse_args()
    exe = shutil.which("euchre", path=str(Path(sys.executable).parent)) or shutil.which("euchre")
    if exe is None:
        print("skipped: the euchre command is not installed (pip install -e .)")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        db_path = str(Path(tmp) / "night.db")
        event_id, links = build(db_path, args.tables)
        port = free_port()
        env = dict(os.environ, EUCHRE_SECRET=SECRET)
        proc = subprocess.Popen([exe, "serve", "--db", db_path, "--port", str(port),
                                 "--threads", str(args.threads), "--no-first-token"],
                                env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            wait_up(port, proc)
            tables = [Table(port, table, secret) for table, secret in links]
            times, errors = run_load(port, tables, event_id, args.seconds, args.deal_every,
                                     args.boards, args.board_every)
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
        _report(args, times, errors, sum(t.deals for t in tables), db_path)
    return 1 if errors else 0


def wait_up(port: int, proc: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            err = proc.stderr.read().decode() if proc.stderr else ""
            raise SystemExit(f"euchre serve exited with {proc.returncode}: {err[-500:]}")
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/logout")
            conn.getresponse().read()
            conn.close()
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"euchre serve did not answer on port {port}")


def _report(args: Any, times: dict[str, list[float]], errors: list[str], deals: int,
            db_path: str) -> None:
    import sqlite3
    conn = sqlite3.connect(db_path)
    revisions = conn.execute("SELECT count(*) FROM draft_revisions").fetchone()[0] \
        if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'draft_revisions'").fetchone() \
        else None
    ids = conn.execute("SELECT count(*) FROM draft_deal_ids").fetchone()[0] \
        if conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'draft_deal_ids'").fetchone() \
        else None
    conn.close()
    print(f"{args.tables} tables posting a deal every {args.deal_every:g} s, {args.boards} boards "
          f"polling every {args.board_every:g} s, for {args.seconds:g} s through `euchre serve` "
          f"(waitress, {args.threads} threads) on 127.0.0.1; machine: 2 shared cores, load "
          f"average {os.getloadavg()[0]:.1f}")
    print(f"deals posted: {deals}" + (f" (draft revisions in the store: {revisions}"
                                      if revisions is not None else " (")
          + (f", deal ids received: {ids})" if ids is not None else ")"))
    bare = times["bare"]
    if not bare or not times["post"]:
        print("no figures: " + "; ".join(errors or ["nothing measured"]))
        return
    b50, b99 = pct(bare, 0.5), pct(bare, 0.99)
    labels = {"bare": "bare page GET /logout", "board": "board poll (?part=live)",
              "post": "deal post (POST .../deals)", "follow": "deal post + its page (303, GET)"}
    for key in ("bare", "board", "post", "follow"):
        v = times[key]
        if not v:
            continue
        p50, p99 = pct(v, 0.5), pct(v, 0.99)
        print(f"{labels[key]:32} n={len(v):4}  p50 {p50:7.1f} ms ({p50 / b50:4.1f}x)  "
              f"p99 {p99:7.1f} ms ({p99 / b99:4.1f}x)  max {max(v):7.1f} ms  "
              f"mean {statistics.fmean(v):6.1f} ms")
    ratio = pct(times["post"], 0.99) / b99
    print(f"target: p99 of a deal post under {TARGET:g}x the bare page's p99: {ratio:.1f}x, "
          f"{'met' if ratio < TARGET else 'NOT met'}")
    whole = pct(times["follow"], 0.99) / b99
    print(f"(the scorer's whole wait, post and page: p99 {whole:.1f}x the bare page's)")
    if errors:
        print("ERRORS (the run stopped those clients):")
        for e in errors:
            print("  " + e)


if __name__ == "__main__":
    sys.exit(main())
