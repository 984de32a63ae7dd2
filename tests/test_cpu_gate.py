"""Claim-heavy bodies cannot stall other clients (issue 22; api/cpu_gate.py).

Through the real server: eight anonymous ``POST /validate`` of bodies whose claims cost seconds
of search run at once, and plain GETs are answered while the first of them still searches
(before, every worker thread and the interpreter's lock were theirs, and a GET waited up to
10 s). The assertion is an order of events, not a time; the 100 ms figure is measured by
``benchmarks/probe_dos.py``.
"""

from __future__ import annotations

import http.client
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from euchre_records.api.app import create_app
from euchre_records.api.cpu_gate import ClaimGate, ServerBusy
from euchre_records.api.server import make_server

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from claim_records import claim_text  # noqa: E402
from pages_support import run_in_thread, stop_loop


def test_the_gate_lets_one_search_on_queues_two_and_refuses_the_rest() -> None:
    gate = ClaimGate(slots=1, queue=1, wait=0.05, free=100)
    first, second, third = gate.pacer(), gate.pacer(), gate.pacer()
    first(50)
    assert not first.held  # within the free allowance: no slot asked for
    first(101)
    assert first.held
    with pytest.raises(ServerBusy):  # waits 0.05 s in the queue, in vain
        second(101)
    done = threading.Event()

    def waiting() -> None:
        second(101)
        done.set()
    waiter = threading.Thread(target=waiting)
    gate.wait = 5.0
    waiter.start()
    time.sleep(0.1)
    with pytest.raises(ServerBusy) as busy:  # the queue (1) is full: refused at once
        third(101)
    assert busy.value.retry_after == 1
    first.release()  # the slot goes to the one waiting
    waiter.join(5)
    assert done.is_set() and second.held
    second.release()
    third(101)
    assert third.held
    third.release()


def _post(port: int, body: bytes, out: list[tuple[float, int, bytes]]) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    conn.request("POST", "/validate", body=body, headers={"Content-Type": "application/json"})
    resp = conn.getresponse()
    text = resp.read()
    out.append((time.monotonic(), resp.status, text))
    conn.close()


def test_a_large_body_takes_a_slot_before_it_is_read(tmp_path: Path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "big.db"),
                      "CLAIM_GATE": ClaimGate(slots=1, queue=0, large_body=1000)})
    gate = app.extensions["claim_gate"]
    client = app.test_client()
    small, large = claim_text(1), claim_text(30)  # 260 and ~7,800 bytes
    assert gate._slots.acquire(blocking=False)  # someone costly holds the only slot
    try:
        assert client.post("/validate", data=small, content_type="application/json"
                           ).status_code == 200
        resp = client.post("/validate", data=large, content_type="application/json")
        assert resp.status_code == 503 and resp.get_json()["error"]["code"] == "busy"
    finally:
        gate._slots.release()
    assert client.post("/validate", data=large, content_type="application/json"
                       ).status_code == 200
    assert gate._slots._value == 1  # given back at the end of the request


def _get(port: int) -> tuple[float, int]:
    started = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("GET", "/rubbers")
    status = conn.getresponse().status
    conn.close()
    return time.monotonic() - started, status


def test_gets_are_answered_while_eight_claim_heavy_bodies_run(tmp_path: Path,
                                                              monkeypatch: Any) -> None:
    from euchre_records import claims
    monkeypatch.setattr(claims, "DEFAULT_REQUEST_BUDGET", 150_000)  # ~0.3 s each: a lean test
    app = create_app({"DATABASE": str(tmp_path / "dos.db")})
    gate = app.extensions["claim_gate"]
    server = make_server(app, host="127.0.0.1", port=0, threads=8)
    run_in_thread(server)
    port = server.effective_port
    body = claim_text(600).encode()  # 155 KB, ~3 s of search unbounded; the budget stops it
    alone: list[tuple[float, int, bytes]] = []
    started = time.monotonic()
    _post(port, body, alone)  # the reference, in the same run: one such body, by itself
    reference = alone[0][0] - started
    posts: list[tuple[float, int, bytes]] = []
    try:
        workers = [threading.Thread(target=_post, args=(port, body, posts)) for _ in range(8)]
        for w in workers:
            w.start()
        deadline = time.monotonic() + 60
        while gate._slots._value and time.monotonic() < deadline:  # until one is at work
            time.sleep(0.005)
        assert not gate._slots._value, "no request took a slot"
        gets = [_get(port) for _ in range(5)]
        still_running = not gate._slots._value and len(posts) < 8
        for w in workers:
            w.join(120)
    finally:
        stop_loop(server)
    assert all(status == 200 for _, status in gets) and still_running
    # before the gate a GET waited for the eight (up to 10 s: ten times one body alone); now
    # each is answered faster than one body alone is refused
    assert max(seconds for seconds, _ in gets) < reference, (gets, reference)
    codes = sorted((status, text.split(b'"code": "', 1)[1].split(b'"', 1)[0].decode())
                   for _, status, text in posts)
    assert set(codes) <= {(422, "too-costly"), (503, "busy")} and (422, "too-costly") in codes
    assert codes.count((503, "busy")) >= 8 - gate.slots - gate.queue  # refused at once
