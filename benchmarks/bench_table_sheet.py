"""Benchmark: the costs of scoresheets at tables of two, three and five, as ratios in one run.

Not a test. Run:  python benchmarks/bench_table_sheet.py [--deals N] [--rounds R]

For each table (2, 3, 5) a record of N result-only deals (fixed seed) is built twice: without a
scoresheet, and with the right per-player points and running score on every deal. Printed, CPU
time (``time.process_time``), best of R interleaved rounds:

- ``check``: ``replay`` of the record with its sheet against the same record without it
  (the ratio is the cost of the per-player sheet check);
- ``sheet``: the per-player CSV written and read back (``write_sheet`` then ``read_sheet``, which
  loads and replays each sitting) against the four-handed CSV of as many result-only deals
  written and read back in the same run.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any, Callable

from euchre_records.interop.sheets.table import read_sheet, write_sheet
from euchre_records.schema.notation import load_record
from euchre_records.schema.tables import load_table_record
from euchre_records.match import replay


def n_record(n: int, deals: int, rng: random.Random) -> dict[str, Any]:
    out = []
    for i in range(deals):
        r: dict[str, Any] = {"maker": str(rng.randrange(n)), "trump": rng.choice("SHDC"),
                             "tricks": rng.randrange(6)}
        if n == 5:
            r["called"] = "AC" if r["trump"] != "C" else "AD"
            r["partner"] = str((int(r["maker"]) + 1 + rng.randrange(4)) % 5)
        out.append({"kind": "result", "dealer": str(i % n), "result": r})
    overrides: dict[str, Any] = {"game_points": 10}
    if n == 5:
        overrides["pack"] = 28
    return {"format": "euchre-records", "version": "1.0",
            "rules": {"preset": "modern", "seats": n, "overrides": overrides}, "deals": out}


def with_sheet(data: dict[str, Any]) -> dict[str, Any]:
    result = replay(load_table_record(data))
    deals = [dict(d, scoresheet={"points": list(r.points), "total": list(t)})
             for d, r, t in zip(data["deals"], result.deals, result.running)]
    return dict(data, deals=deals)


def four_record(deals: int, rng: random.Random) -> dict[str, Any]:
    seats = "NESW"
    out = [{"kind": "result", "dealer": seats[i % 4],
            "result": {"maker": rng.choice(seats), "trump": rng.choice("SHDC"), "tricks": rng.randrange(6)}}
           for i in range(deals)]
    return {"format": "euchre-records", "version": "1.0", "rules": {"preset": "modern"}, "deals": out}


def time_once(fn: Callable[[], object], into: list[float]) -> None:
    start = time.process_time()
    fn()
    into.append(time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    rng = random.Random(19)
    four = load_record(four_record(args.deals, rng))
    for n in (2, 3, 5):
        bare_data = n_record(n, args.deals, rng)
        bare, sheet = load_table_record(bare_data), load_table_record(with_sheet(bare_data))
        times: dict[str, list[float]] = {k: [] for k in ("bare", "checked", "four-csv", "n-csv")}
        for _ in range(args.rounds):
            time_once(lambda: replay(bare), times["bare"])
            time_once(lambda: replay(sheet), times["checked"])
            time_once(lambda: read_sheet(write_sheet([four], lossy=True)), times["four-csv"])
            time_once(lambda: read_sheet(write_sheet([sheet])), times["n-csv"])
        t = {k: min(v) for k, v in times.items()}
        print(f"{n} players, {args.deals} deals: replay {args.deals / t['bare']:,.0f} deals/s bare, "
              f"{args.deals / t['checked']:,.0f} with the sheet checked (x{t['checked'] / t['bare']:.2f}); "
              f"CSV round trip {args.deals / t['n-csv']:,.0f} deals/s, four-handed "
              f"{args.deals / t['four-csv']:,.0f} (x{t['n-csv'] / t['four-csv']:.2f})")


if __name__ == "__main__":
    main()
