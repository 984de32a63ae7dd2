"""Denial-of-service probes against the real server, before (waitress's defaults) and after
(api/server.py's limits). Not a test; prints what a normal client sees while an attacker works.

Run:  python benchmarks/probe_dos.py [--slow 110] [--seconds 10]

1. Slow clients: ``--slow`` connections each send half a request and then one more byte every
   two seconds; meanwhile a normal ``GET /rubbers`` is timed (gives up after ``--seconds``).
2. A large body: a POST announcing 10^9 bytes (under waitress's default limit of 1 GiB) is
   streamed in 64 KiB chunks; how many bytes the server takes before it answers (or until
   64 MiB have been sent; the first few MB sit in the kernel's buffers either way).
3. Claims: POST /validate of a ~2 MiB record whose every deal is claimed before the first trick,
   with the request budget (the real server) and, for comparison, the same search unbounded
   (measured on a sample of the deals and scaled to the whole body).
4. Eight at once: ``--bodies`` anonymous clients post claim-heavy bodies (600 claimed deals,
   155 KB) again and again for ``--load-seconds``, while a normal client times ``GET /rubbers``
   every 50 ms: the slowest and the median GET, against the median GET of the idle server (the
   reference, same run), with the gate of api/cpu_gate.py off (the "before") and on. The aim:
   the slowest GET under 100 ms.
5. Analyses: a record of ``--analysis-deals`` full deals (200 by default, far past the analysis's
   budget) is stored once with a club's token, then ``--bodies`` anonymous clients ask for its
   double-dummy analysis at the same moment (``GET /records/{id}/analysis``), while a normal
   client times ``GET /records/{other}`` (a small record) every 50 ms until they are all
   answered: the slowest and median plain GET, how the analysis GETs were answered and how
   long the slowest took, and the CPU seconds the process spent meanwhile. Run it on each
   version to compare (``--only-analysis``).
"""

from __future__ import annotations

import argparse
import http.client
import os
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from claim_records import claim_text  # noqa: E402


def start(app: Any, limited: bool) -> tuple[Any, int]:
    from waitress.server import create_server

    from euchre_records.api.server import make_server
    if limited:
        server = make_server(app, host="127.0.0.1", port=0, threads=8)
    else:
        server = create_server(app, host="127.0.0.1", port=0, threads=8)  # waitress's defaults
    threading.Thread(target=server.run, daemon=True).start()
    return server, server.effective_port


def normal_request(port: int, timeout: float) -> str:
    started = time.monotonic()
    try:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        conn.request("GET", "/rubbers")
        status = conn.getresponse().status
        conn.close()
    except OSError as exc:
        return f"no answer within {timeout:.0f} s ({type(exc).__name__})"
    return f"{status} in {(time.monotonic() - started) * 1000:.0f} ms"


def slow_clients(port: int, count: int, seconds: float) -> str:
    socks: list[socket.socket] = []
    stop = threading.Event()
    for _ in range(count):
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=2)
            s.sendall(b"GET /rubbers HTTP/1.1\r\nHost: x\r\n")
            socks.append(s)
        except OSError:
            break

    def drip() -> None:
        while not stop.wait(2.0):
            for s in socks:
                try:
                    s.send(b"X")
                except OSError:
                    pass
    threading.Thread(target=drip, daemon=True).start()
    time.sleep(3)  # let the server take them all in and start dripping
    try:
        return normal_request(port, seconds)
    finally:
        stop.set()
        for s in socks:
            s.close()


def large_body(port: int) -> str:
    chunk = b"x" * 65536
    sent = 0
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(b"POST /validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 1000000000\r\n\r\n")
        s.setblocking(False)
        answer = b""
        while sent < 64 * 1024 * 1024:
            try:
                answer += s.recv(4096)
                if answer:
                    break
            except BlockingIOError:
                pass
            except OSError:
                break
            try:
                sent += s.send(chunk)
            except BlockingIOError:
                time.sleep(0.001)
            except OSError:
                break
        s.setblocking(True)
        s.settimeout(2)
        try:
            answer += s.recv(4096)
        except OSError:
            pass
    status = answer.split(b" ", 2)[1].decode() if answer.startswith(b"HTTP/") else "none"
    kind = "JSON" if b"application/json" in answer else "text" if answer else "-"
    return f"answered {status} ({kind}) after {sent / 1e6:.1f} MB of the body"


def claims(port: int, deals: int) -> str:
    body = claim_text(deals).encode()
    started = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    conn.request("POST", "/validate", body=body, headers={"Content-Type": "application/json"})
    response = conn.getresponse()
    text = response.read()
    elapsed = time.monotonic() - started
    code = text.split(b'"code": "', 1)[1].split(b'"', 1)[0].decode() if b'"code"' in text else ""
    return (f"{len(body) / 1e6:.2f} MB, {deals} claimed deals: {response.status} {code} "
            f"in {elapsed:.2f} s")


def unbounded_claims(deals: int, sample: int = 100) -> str:
    from euchre_records.api.store.ingest import prepare
    started = time.perf_counter()
    prepare(claim_text(sample))
    per = (time.perf_counter() - started) / sample
    return (f"unbounded search: {per * 1000:.1f} ms per claimed deal ({sample} measured), so "
            f"~{per * deals:.0f} s for the whole body")


def _timed_get(port: int) -> float:
    started = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    conn.request("GET", "/rubbers")
    conn.getresponse().read()
    conn.close()
    return (time.monotonic() - started) * 1000


def gets_beside_bodies(port: int, bodies: int, seconds: float) -> str:
    idle = sorted(_timed_get(port) for _ in range(20))[10]
    body = claim_text(600).encode()
    stop = threading.Event()
    answers: dict[int, int] = {}

    def attacker() -> None:
        while not stop.is_set():
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            conn.request("POST", "/validate", body=body,
                         headers={"Content-Type": "application/json"})
            status = conn.getresponse().status
            answers[status] = answers.get(status, 0) + 1
            conn.close()
    threads = [threading.Thread(target=attacker, daemon=True) for _ in range(bodies)]
    for t in threads:
        t.start()
    time.sleep(0.5)  # let them all be at work
    times = []
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        times.append(_timed_get(port))
        time.sleep(0.05)
    stop.set()
    for t in threads:
        t.join()
    times.sort()
    worst, median = times[-1], times[len(times) // 2]
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    return (f"{len(times)} GETs: slowest {worst:.0f} ms, 95th percentile {p95:.0f} ms, median "
            f"{median:.0f} ms (idle median {idle:.1f} ms: slowest {worst / idle:.0f}x idle; "
            f"machine load {load:.1f} on {os.cpu_count()} CPUs); the bodies were answered "
            + ", ".join(f"{n} x {status}" for status, n in sorted(answers.items())))


def costly_record(deals: int, seed: int = 5) -> str:
    """A modern four-handed record of ``deals`` random full deals (a game that never ends)."""
    import json
    import random

    from euchre_records.cards import SEATS
    from euchre_records.model import Record
    from euchre_records.rules import preset
    from euchre_records.schema.notation import dump_record
    from euchre_records.testkit.simulate import random_deal
    rng = random.Random(seed)
    rules = preset("modern")
    played = [random_deal(rng, rules, dealer=SEATS[i % 4], pass_rate=0.3) for i in range(deals)]
    data = dump_record(Record(rules, tuple(played)))
    data["rules"] = {"preset": "modern", "overrides": {"game_points": 100000, "rubber": "none"}}
    return json.dumps(data)


def _get(port: int, path: str, timeout: float = 300) -> tuple[int, float]:
    started = time.monotonic()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    conn.request("GET", path)
    status = conn.getresponse().status
    conn.close()
    return status, (time.monotonic() - started) * 1000


def analyses_beside_gets(app: Any, port: int, askers: int, deals: int) -> str:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from auth_fixtures import writing_client
    client = writing_client(app)
    costly = client.post("/records", data=costly_record(deals), content_type="application/json")
    plain = client.post("/records", data=costly_record(1, seed=9), content_type="application/json")
    assert costly.status_code == 201 and plain.status_code == 201, costly.get_data(as_text=True)
    costly_id, plain_id = costly.get_json()["id"], plain.get_json()["id"]
    idle = sorted(_get(port, f"/records/{plain_id}")[1] for _ in range(20))[10]
    answers: list[tuple[int, float]] = []

    def asker() -> None:
        answers.append(_get(port, f"/records/{costly_id}/analysis"))
    threads = [threading.Thread(target=asker, daemon=True) for _ in range(askers)]
    cpu_before = time.process_time()
    for t in threads:
        t.start()
    times = []
    while any(t.is_alive() for t in threads):
        times.append(_get(port, f"/records/{plain_id}")[1])
        time.sleep(0.05)
    for t in threads:
        t.join()
    cpu = time.process_time() - cpu_before
    again = _get(port, f"/records/{costly_id}/analysis")
    times.sort()
    statuses: dict[int, int] = {}
    for status, _ in answers:
        statuses[status] = statuses.get(status, 0) + 1
    return (f"{askers} anonymous analysis GETs of a record of {deals} full deals: answered "
            + ", ".join(f"{n} x {status}" for status, n in sorted(statuses.items()))
            + f", the slowest after {max(ms for _, ms in answers) / 1000:.1f} s; {cpu:.1f} CPU "
            f"seconds meanwhile (the whole process); asked once more: {again[0]} in "
            f"{again[1]:.0f} ms. Beside them {len(times)} plain GETs of another record: slowest "
            f"{times[-1]:.0f} ms, median {times[len(times) // 2]:.0f} ms (idle median {idle:.1f} ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--slow", type=int, default=110, help="slow connections")
    parser.add_argument("--seconds", type=float, default=10, help="patience of the normal client")
    parser.add_argument("--deals", type=int, default=8000, help="claimed deals in the body")
    parser.add_argument("--bodies", type=int, default=8, help="claim-heavy clients at once")
    parser.add_argument("--load-seconds", type=float, default=8, help="how long they post")
    parser.add_argument("--only-gate", action="store_true", help="run probe 4 only")
    parser.add_argument("--analysis-deals", type=int, default=200, help="deals of the costly record")
    parser.add_argument("--only-analysis", action="store_true", help="run probe 5 only")
    args = parser.parse_args()

    from euchre_records.api.app import create_app

    from euchre_records.api.cpu_gate import ClaimGate

    tmp = Path(tempfile.mkdtemp(prefix="euchre-dos-"))
    app = create_app({"DATABASE": str(tmp / "analysis.db")})
    server, port = start(app, True)
    print(f"== {analyses_beside_gets(app, port, args.bodies, args.analysis_deals)}")
    time.sleep(0.5)   # let the last answers leave before the server closes
    server.close()
    if args.only_analysis:
        return
    for gated in (False, True):
        off = None if gated else ClaimGate(free=10**18, large_body=10**18)  # never costly
        app = create_app({"DATABASE": str(tmp / f"gate-{gated}.db"), "CLAIM_GATE": off})
        server, port = start(app, True)
        print(f"== {args.bodies} claim-heavy bodies at once, gate {'on' if gated else 'off'}: "
              f"{gets_beside_bodies(port, args.bodies, args.load_seconds)}")
        server.close()
    if args.only_gate:
        return
    for limited in (False, True):
        label = "api/server.py limits" if limited else "waitress defaults"
        app = create_app({"DATABASE": str(tmp / f"{limited}.db")})
        server, port = start(app, limited)
        print(f"== {label}")
        print(f"  idle server, normal GET /rubbers: {normal_request(port, args.seconds)}")
        print(f"  {args.slow} slow clients, normal GET /rubbers: "
              f"{slow_clients(port, args.slow, args.seconds)}")
        print(f"  10^9-byte body announced: {large_body(port)}")
        if limited:
            print(f"  claims: {claims(port, args.deals)}")
        server.close()
    print(f"== claims without a budget: {unbounded_claims(args.deals)}")


if __name__ == "__main__":
    main()
