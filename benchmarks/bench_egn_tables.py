"""Benchmark: EGN out and in for games of two, three and five players, against four-handed EGN in
the same run.

Not a test. Run:  python benchmarks/bench_egn_tables.py [--deals N] [--rounds R]

One record per table of N random legal deals with the hands known (bench_variants.records, fixed
seed; EGN's schema allows 100 deals a game, the default). For each table, two round trips are
timed: JSON (record -> EGN document -> JSON text -> record: ``record_to_egn``,
``json.dumps``/``loads``, ``egn_to_any``) and condensed binary (record -> ``.egnb`` bytes
-> record: ``record_to_egnb``, ``egnb_to_any``): the one reader and writer of every table. The reference is the same two trips of a
four-handed record of as many deals (``record_to_egn``, ``egn_to_record``, ``record_to_egnb``,
``egnb_to_record``), in the same process. Prints deals/s and the ratio to the four-handed trip of
the same form: CPU time (``time.process_time``), best of R interleaved rounds.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any, Callable

from bench_variants import records

from euchre_records.interop.egn.binary import (
    egnb_to_any, egnb_to_record, record_to_egnb,
)
from euchre_records.interop.egn.document import egn_to_any, egn_to_record, record_to_egn
from euchre_records.schema.notation import load_record
from euchre_records.schema.tables import load_table_record
from euchre_records.match import replay


def once(fn: Callable[[], Any]) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=7)
    args = parser.parse_args()
    four = load_record(records(4, args.deals, 1))
    tables = {n: load_table_record(records(n, args.deals, 1)) for n in (2, 3, 5)}
    for rec in tables.values():   # the trip must give the same game back
        back = egn_to_any(json.loads(json.dumps(record_to_egn(rec))))
        assert replay(back).deals == replay(rec).deals
    trips: list[tuple[str, str, Callable[[], Any]]] = [
        ("4", "json", lambda: egn_to_record(json.loads(json.dumps(record_to_egn(four))))),
        ("4", "egnb", lambda: egnb_to_record(record_to_egnb(four))),
    ]
    for n, rec in tables.items():
        trips.append((str(n), "json", lambda rec=rec: egn_to_any(
            json.loads(json.dumps(record_to_egn(rec))))))
        trips.append((str(n), "egnb", lambda rec=rec: egnb_to_any(record_to_egnb(rec))))
    timings: dict[tuple[str, str], float] = {}
    for _ in range(args.rounds):   # interleaved: the machine's noise falls on all alike
        for seats, form, fn in trips:
            t = once(fn)
            timings[(seats, form)] = min(timings.get((seats, form), t), t)
    print(f"{args.deals} deals per record, best of {args.rounds} interleaved rounds (CPU time)")
    for (seats, form), t in timings.items():
        rate = args.deals / t
        ref = args.deals / timings[("4", form)]
        print(f"{seats}-handed EGN {form:4s} out and in: {rate:8.0f} deals/s   ratio to four-handed "
              f"{rate / ref:5.2f}x")


if __name__ == "__main__":
    main()
