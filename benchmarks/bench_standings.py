"""Benchmark: event standings and the registry's cost at import, as ratios measured in one run.

Not a test. Run:  python benchmarks/bench_standings.py [--rounds 40] [--tables 4] [--repeat 5]

1. Stores a progressive event of random full deals (``--tables`` tables x ``--rounds`` rounds,
   fixed games of 4 deals, 4 x tables players drawn each round) in a temporary database, twice:
   once as the store does (every seat bound to the player registry) and once with the binding
   switched off; prints records/s of both and their ratio (the registry's share of a save).
2. Times ``events.standings(db, id)`` (the ranked, explained standings with the findings on
   sittings) against a reference in the same database: one plain aggregate query over the same
   deals (per record and side, the sum of points). Prints both (ms) and the ratio.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from euchre_records.api.store import events, players, store as store_module
from euchre_records.api.store.ingest import prepare_record
from euchre_records.api.store.migrations import migrate, open_db
from euchre_records.api.store.store import Store
from euchre_records.cards import SEATS
from euchre_records.model import Event, Player, Record
from euchre_records.rules import preset
from euchre_records.testkit.simulate import random_deal


def sittings(rounds: int, tables: int, seed: int = 7) -> list[Any]:
    rng = random.Random(seed)
    rules = preset("modern").with_overrides({"game_points": None, "fixed_deals": 4})
    names = [f"Player {n:02d}" for n in range(4 * tables)]
    out = []
    for rnd in range(1, rounds + 1):
        order = rng.sample(names, len(names))
        for table in range(1, tables + 1):
            deals, dealer = [], SEATS[0]
            for _ in range(4):
                deals.append(random_deal(rng, rules, dealer))
                dealer = dealer.left
            seats = order[(table - 1) * 4: table * 4]
            rec = Record(rules=rules, deals=tuple(deals),
                         event=Event(event="Bench", round=str(rnd), table=str(table)),
                         players=tuple((s, Player(n)) for s, n in zip(SEATS, seats)))
            out.append(prepare_record(rec))
    return out


def fill(path: Path, subs: list[Any], bind: bool) -> tuple[Any, int, float]:
    db = open_db(path)
    migrate(db)
    eid = events.create_event(db, {"name": "Bench", "format": "progressive",
                                   "deals_per_round": 4})
    original = store_module.bind_records
    if not bind:
        store_module.bind_records = lambda *a, **k: None  # type: ignore[assignment]
    try:
        store = Store(db)
        start = time.perf_counter()
        ids = [store.save(sub).id for sub in subs]
        elapsed = time.perf_counter() - start
    finally:
        store_module.bind_records = original
    if bind:
        for rid in ids:
            events.attach_sitting(db, eid, rid)
    return db, eid, elapsed


def best(fn: Any, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    subs = sittings(args.rounds, args.tables)
    with tempfile.TemporaryDirectory() as tmp:
        plain = bound = float("inf")
        for n in range(2):  # alternate, keep the best of each: the machine is shared
            plain_db, _, took = fill(Path(tmp) / f"plain{n}.db", subs, bind=False)
            plain_db.close()
            plain = min(plain, took)
            db, eid, took = fill(Path(tmp) / f"bound{n}.db", subs, bind=True)
            bound = min(bound, took)
            if n == 0:
                db.close()
        n = len(subs)
        print(f"save: {n / bound:8.1f} records/s with the registry, {n / plain:8.1f} without; "
              f"ratio {plain / bound:.2f} (time without / time with)")
        ref = best(lambda: db.conn.execute(
            "SELECT record_id, sum(points_ns), sum(points_ew) FROM deals GROUP BY record_id"
        ).fetchall(), args.repeat)
        got = best(lambda: events.standings(db, eid), args.repeat)
        table = events.standings(db, eid)
        assert table is not None and len(table["standings"]) == 4 * args.tables
        print(f"standings of {n} sittings ({4 * args.tables} players): {got * 1000:8.1f} ms; "
              f"reference aggregate {ref * 1000:8.2f} ms; ratio {got / ref:.1f}")
        stats = best(lambda: players.get_player(db, 1, event_id=eid), args.repeat)
        print(f"one player's statistics and partnerships in the event: {stats * 1000:8.1f} ms")
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
