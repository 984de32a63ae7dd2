"""Benchmark: a live board's poll answered 304 from the change counter, against the bare page of
the same app, and the full answer (standings computed) for scale. Ratios measured in one run.

Not a test. Run:  python benchmarks/bench_board_poll.py [--rounds 40] [--tables 4] [--repeat 200]

Stores the progressive event of bench_standings.py (``--tables`` x ``--rounds`` sittings of 4
random full deals) in a temporary database, then times through Flask's test client, each the
median of ``--repeat`` requests:

- the bare page ``GET /logout`` (a template, no database read): the reference;
- ``GET /web/events/1/board?part=live`` with the board's current ETag: a 304, which reads only
  the change counter (api/store/event_board.board_version);
- the same without ``If-None-Match``: a 200 that computes the standings and renders the board.

Prints each (ms) and its ratio to the bare page.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_standings import sittings  # noqa: E402

from euchre_records.api.app import create_app  # noqa: E402
from euchre_records.api.store import events  # noqa: E402
from euchre_records.api.store.migrations import migrate, open_db  # noqa: E402
from euchre_records.api.store.store import Store  # noqa: E402


def fill(path: Path, subs: list[Any]) -> int:
    """The event stored with its sittings attached; its id."""
    db = open_db(path)
    migrate(db)
    eid = events.create_event(db, {"name": "Bench", "format": "progressive",
                                   "deals_per_round": 4})
    store = Store(db)
    for sub in subs:
        events.attach_sitting(db, eid, store.save(sub).id)
    db.close()
    return int(eid)


def median_ms(client: Any, url: str, repeat: int, headers: dict[str, str] | None = None,
              status: int = 200) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        resp = client.get(url, headers=headers or {})
        times.append(time.perf_counter() - start)
        if resp.status_code != status:
            raise RuntimeError(f"{url}: {resp.status_code}, expected {status}")
    return statistics.median(times) * 1000


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=40)
    ap.add_argument("--tables", type=int, default=4)
    ap.add_argument("--repeat", type=int, default=200)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "board.db"
        eid = fill(path, sittings(args.rounds, args.tables))
        app = create_app({"DATABASE": str(path), "SECRET_KEY": "bench-secret-key-0123456789"})
        client = app.test_client()
        url = f"/web/events/{eid}/board?part=live"
        tag = client.get(url).headers["ETag"]
        bare = median_ms(client, "/logout", args.repeat)
        cached = median_ms(client, url, args.repeat, {"If-None-Match": tag}, status=304)
        full = median_ms(client, url, max(args.repeat // 10, 5))
    print(f"event of {args.rounds * args.tables} sittings; median of {args.repeat} requests")
    print(f"bare page GET /logout          {bare:8.2f} ms   1.0x")
    print(f"board poll, 304 (ETag matches) {cached:8.2f} ms  {cached / bare:5.1f}x")
    print(f"board poll, 200 (standings)    {full:8.2f} ms  {full / bare:5.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
