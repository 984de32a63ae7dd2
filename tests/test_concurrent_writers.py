"""8 concurrent writers x 500 records, each writer with its own club's token, through the real
server (``euchre serve`` on waitress, started here on a free port): 0 lost, 0 duplicated.

Each writer also re-posts 25 records of its neighbour while the neighbour posts them, so the
same record arrives twice at about the same time. The oracle is counting, independent of the
server: every record text is one distinct canonical record (checked before the run), so the
store must end with exactly 8 x 500 rows, each text once; every text got exactly one 201 and
otherwise 200 naming the same id; every stored version names the token that got its 201."""

from __future__ import annotations

import http.client
import json
import os
import socket
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from euchre_records.api.store.ingest import prepare

from auth_fixtures import make_token

WRITERS = 8
PER_WRITER = 500
OVERLAP = 25
SEATS = ("N", "E", "S", "W")


def record_text(writer: int, n: int) -> str:
    """A small valid record (one result-only deal), distinct for each (writer, n)."""
    return json.dumps({
        "format": "euchre-records", "version": "1.0",
        "event": {"club": f"Club {writer % 4}", "date": "2026-11-27", "table": f"{writer}-{n}"},
        "players": {s: {"name": f"P{writer}{s}"} for s in SEATS},
        "rules": {"preset": "modern"},
        "deals": [{"kind": "result", "dealer": SEATS[n % 4],
                   "result": {"maker": SEATS[(n + 1) % 4], "trump": "SHDC"[n % 4],
                              "tricks": 3 + n % 3}}],
    })


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_until_up(port: int, proc: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            conn.request("GET", "/openapi.json")
            if conn.getresponse().status == 200:
                conn.close()
                return
        except OSError:
            pass
        assert proc.poll() is None, "server exited: " + proc.stderr.read().decode()
        assert time.monotonic() < deadline, "server did not start"
        time.sleep(0.2)


@pytest.mark.slow
def test_eight_writers_lose_nothing_and_duplicate_nothing(tmp_path):
    texts = [[record_text(w, n) for n in range(PER_WRITER)] for w in range(WRITERS)]
    hashes = {prepare(t).hash for row in texts for t in row}
    assert len(hashes) == WRITERS * PER_WRITER  # the oracle: all distinct records

    db_path = tmp_path / "concurrent.db"
    tokens = [make_token(db_path, f"Club {w % 4}", label=f"writer {w}") for w in range(WRITERS)]
    port = _free_port()
    script = Path(sys.executable).parent / "euchre"
    command = [str(script)] if script.exists() else [
        sys.executable, "-c", "from euchre_records.cli.main import main; main()"]
    proc = subprocess.Popen(
        command + ["serve", "--db", str(db_path), "--port", str(port), "--threads", "8",
                   "--no-first-token"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**os.environ, "PYTHONWARNINGS": ""})
    answers: dict[int, list[tuple[int, int, int]]] = {}  # writer -> (item, status, id)
    failures: list[str] = []
    try:
        _wait_until_up(port, proc)
        start = threading.Barrier(WRITERS)

        def writer(w: int) -> None:
            token = tokens[w][1]
            neighbour = (w + 1) % WRITERS
            # own records, with the neighbour's first OVERLAP interleaved near the start
            plan = [(w * PER_WRITER + n, texts[w][n]) for n in range(PER_WRITER)]
            for k in range(OVERLAP):
                plan.insert(2 * k + 1, (neighbour * PER_WRITER + k, texts[neighbour][k]))
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            got = answers.setdefault(w, [])
            start.wait()
            for item, text in plan:
                try:
                    conn.request("POST", "/records", body=text.encode(), headers={
                        "Content-Type": "application/json", "Authorization": f"Bearer {token}"})
                    resp = conn.getresponse()
                    body = json.loads(resp.read())
                except (OSError, http.client.HTTPException, ValueError) as exc:
                    failures.append(f"writer {w} item {item}: {exc!r}")
                    conn.close()
                    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                    continue
                if resp.status not in (200, 201):
                    failures.append(f"writer {w} item {item}: {resp.status} {body}")
                    continue
                got.append((item, resp.status, body["id"]))
            conn.close()

        threads = [threading.Thread(target=writer, args=(w,)) for w in range(WRITERS)]
        began = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=600)
        elapsed = time.monotonic() - began
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        stderr = proc.stderr.read().decode()  # type: ignore[union-attr]
        proc.stderr.close()  # type: ignore[union-attr]

    assert not failures, failures[:5] + [stderr[-2000:]]
    by_item: dict[int, list[tuple[int, int, int]]] = {}
    for w, got in answers.items():
        assert len(got) == PER_WRITER + OVERLAP, w
        for item, status, rid in got:
            by_item.setdefault(item, []).append((w, status, rid))
    assert len(by_item) == WRITERS * PER_WRITER
    created_by: dict[int, int] = {}
    for item, seen in by_item.items():
        assert [s for _, s, _ in seen].count(201) == 1, (item, seen)  # stored exactly once
        assert len({rid for _, _, rid in seen}) == 1, (item, seen)   # everyone told the same id
        created_by[seen[0][2]] = next(w for w, s, _ in seen if s == 201)

    conn = sqlite3.connect(db_path)
    try:
        rows = conn.execute("SELECT id, hash, token_id, status FROM records").fetchall()
        deals = conn.execute("SELECT count(*) FROM deals").fetchone()[0]
    finally:
        conn.close()
    assert len(rows) == WRITERS * PER_WRITER  # 0 lost, 0 duplicated
    assert {h for _, h, _, _ in rows} == hashes
    assert {rid for rid, _, _, _ in rows} == set(created_by)
    assert deals == len(rows)  # every record whole (one deal each)
    token_of_writer = {w: tokens[w][0] for w in range(WRITERS)}
    for rid, _, token_id, status in rows:
        assert status == "current" and token_id == token_of_writer[created_by[rid]]
    print(f"{len(rows)} records from {WRITERS} writers in {elapsed:.1f} s "
          f"({len(rows) / elapsed:.0f} stored/s)")
