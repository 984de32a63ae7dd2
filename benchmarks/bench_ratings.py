"""Benchmark: the ratings of a store, from scratch and cached, against the bare openskill updates
of the same matches, measured in one run.

Not a test. Run:  python benchmarks/bench_ratings.py [--records 5000] [--players 40] [--repeat 3]

1. Stores ``--records`` records of single games (result-only deals, modern rules, games of 5)
   between random foursomes of ``--players`` names, dated over a year, in a temporary database.
2. Times ``ratings.book(db, cached=False)``: the matches read from the store (current records,
   seats through the registry, games, event sittings) and replayed through openskill with every
   history kept -- against the reference: the bare ``PlackettLuce.rate`` calls of the same
   matches, players and partnerships (two calls a match), with nothing read and nothing kept.
   Prints both (ms, best of ``--repeat``), their ratio, and the cached answer's time (the change
   counter read and a dictionary hit).
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from pathlib import Path

from euchre_records.api.store import ratings
from euchre_records.api.store.importer import import_sources
from euchre_records.api.store.migrations import migrate, open_db
from euchre_records.events.ratings import new_model


def texts(records: int, players: int, seed: int = 11) -> list[tuple[str, str]]:
    rng = random.Random(seed)
    names = [f"Player {n:02d}" for n in range(players)]
    out = []
    for i in range(records):
        four = rng.sample(names, 4)
        deals, score = [], [0, 0]
        while max(score) < 5:
            maker = rng.choice("NESW")
            tricks = rng.choice([0, 1, 2, 3, 3, 3, 4, 4, 5])
            deals.append({"kind": "result", "dealer": "NESW"[len(deals) % 4],
                          "result": {"maker": maker, "trump": "H", "tricks": tricks}})
            side = 0 if maker in "NS" else 1
            if tricks >= 3:
                score[side] += 2 if tricks == 5 else 1
            else:
                score[1 - side] += 2
        out.append((f"game-{i}.json", json.dumps({
            "format": "euchre-records", "version": "1.0",
            "event": {"club": "Bench", "date": f"2026-{1 + i * 12 // records:02d}-"
                                              f"{1 + i % 28:02d}", "table": "1"},
            "players": {s: {"name": n} for s, n in zip("NESW", four)},
            "rules": {"preset": "modern", "overrides": {"game_points": 5}}, "deals": deals})))
    return out


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=5000)
    ap.add_argument("--players", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = open_db(Path(tmp) / "bench.db")
        migrate(db)
        start = time.perf_counter()
        report = import_sources(db, texts(args.records, args.players))
        print(f"stored {args.records} records in {time.perf_counter() - start:.1f} s "
              f"(invalid {getattr(report, 'invalid', 0)})")
        found, _ = ratings.matches(db)
        model = new_model()

        def reference() -> None:
            rating: dict[object, object] = {}
            for m in sorted(found, key=lambda m: m.order):
                teams = [[rating.setdefault(p, model.rating()) for p in team] for team in m.teams]
                new = model.rate(teams, ranks=[float(r) for r in m.ranks])  # type: ignore[arg-type]
                for team, rated in zip(m.teams, new):
                    rating.update(zip(team, rated))
                pairs = [[rating.setdefault(tuple(sorted(t)), model.rating())] for t in m.teams]
                new = model.rate(pairs, ranks=[float(r) for r in m.ranks])  # type: ignore[arg-type]
                for team, rated in zip(m.teams, new):
                    rating[tuple(sorted(team))] = rated[0]

        ours = best(lambda: ratings.book(db, cached=False), args.repeat)
        bare = best(reference, args.repeat)
        ratings.book(db)  # fill the cache
        cached = best(lambda: ratings.book(db), max(args.repeat, 20))
        page = best(lambda: ratings.ladder(db), max(args.repeat, 20))
        print(f"{len(found)} matches among {args.players} players")
        print(f"from scratch : {ours * 1000:.0f} ms  (reference, bare openskill updates: "
              f"{bare * 1000:.0f} ms; ratio {ours / bare:.2f}x)")
        print(f"cached       : {cached * 1000:.2f} ms for the book, {page * 1000:.2f} ms for a "
              f"ladder with its names")
        db.close()


if __name__ == "__main__":
    main()
