"""Benchmark: what a table link costs a request, as a ratio to the same request of a club's
signed-in scorer, measured in the same run.

Not a test. Run:  python benchmarks/bench_table_links.py [--rounds 5] [--requests 40]

A temporary store holds an event with two tables seated and their links issued. Two browsers of
the Flask test client (the real app, ``create_app``; no network) enter deals into a sitting of
their own: one signed in with the club's token (its own draft), one holding table 1's link (the
link's draft). In alternating rounds (the machine is shared and noisy) each asks for its sitting
page and posts a deal and takes it back, ``--requests`` times; the medians of each kind and
their ratio (table / club) are printed. Every request of the table browser re-reads its session,
its link, the revocation, the event's close and the draft's state.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

SEATING = [{"table": "1", "seats": {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}},
           {"table": "2", "seats": {"N": "Ed", "E": "Flo", "S": "Gus", "W": "Hal"}}]


def _csrf(html: bytes) -> str:
    found = re.search(rb'name="csrf_token" value="([^"]+)"', html)
    assert found
    return found.group(1).decode()


def _revision(html: bytes) -> str:
    found = re.search(rb'name="revision" value="(\d+)"', html)
    assert found
    return found.group(1).decode()


def setup() -> tuple[Any, tuple[Any, str], tuple[Any, str]]:
    from euchre_records.api.store import events, table_links
    from euchre_records.api.store.migrations import open_db
    from euchre_records.api.store.tokens import verify
    from pages_support import build_db, make_app, make_token
    path = Path(tempfile.mkdtemp()) / "bench.db"
    build_db(path, examples=False)
    token = make_token(path, "Riverside Euchre Club")
    db = open_db(path)
    row = verify(db, token)
    assert row is not None
    eid = events.create_event(db, {"name": "Bench night", "format": "progressive",
                                   "players": [n for t in SEATING for n in t["seats"].values()]},
                              club_id=row.club_id)
    events.add_seating(db, eid, 1, SEATING)
    secret = table_links.issue_links(db, eid, 1, club_id=row.club_id, token_id=row.id,
                                     created_by="bench", tables=["1"])[0].secret
    db.close()
    app = make_app(path)
    club = app.test_client()
    csrf = _csrf(club.get("/login").data)
    club.post("/login", data={"token": token, "csrf_token": csrf, "next": "/"})
    csrf = _csrf(club.get("/web/sittings/new").data)
    made = club.post("/web/sittings/new", data={
        "player_N": "Ann", "player_E": "Bob", "player_S": "Cy", "player_W": "Di",
        "preset": "modern", "csrf_token": csrf})
    club_url = made.headers["Location"].split("#")[0]
    table = app.test_client()
    join = table.get("/web/table")
    opened = table.post("/web/table", data={"code": secret, "csrf_token": _csrf(join.data)})
    table_url = opened.headers["Location"].split("#")[0]
    return app, (club, club_url), (table, table_url)


def one(client: Any, url: str) -> tuple[float, float]:
    """(page ms, deal post ms) for one page view and one deal posted then taken back."""
    start = time.perf_counter()
    page = client.get(url)
    page_ms = (time.perf_counter() - start) * 1000
    assert page.status_code == 200
    csrf, revision = _csrf(page.data), _revision(page.data)
    start = time.perf_counter()
    posted = client.post(url + "/deals", data={"csrf_token": csrf, "revision": revision,
                                               "dealer": "N", "maker": "E", "trump": "H",
                                               "tricks": "3"})
    post_ms = (time.perf_counter() - start) * 1000
    assert posted.status_code == 303, posted.status_code
    back = client.get(url)
    undone = client.post(url + "/undo", data={"csrf_token": _csrf(back.data),
                                              "revision": _revision(back.data)})
    assert undone.status_code == 303
    return page_ms, post_ms


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--requests", type=int, default=40)
    args = parser.parse_args()
    _, club, table = setup()
    times: dict[str, list[tuple[float, float]]] = {"club": [], "table": []}
    for _ in range(max(1, args.rounds)):
        for name, (client, url) in (("club", club), ("table", table)):
            times[name] += [one(client, url) for _ in range(max(1, args.requests))]
    med = {name: (statistics.median(p for p, _ in rows), statistics.median(q for _, q in rows))
           for name, rows in times.items()}
    for i, what in enumerate(("sitting page", "deal post")):
        print(f"  {what:12}: table link {med['table'][i]:.1f} ms, club session "
              f"{med['club'][i]:.1f} ms, ratio {med['table'][i] / med['club'][i]:.2f}x  "
              f"(median of {len(times['club'])} each)")


if __name__ == "__main__":
    main()
