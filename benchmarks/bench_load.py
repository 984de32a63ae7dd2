"""Benchmark: validated ``loads`` of full-deal records against plain ``json.loads`` of the same text.

Not a test. Run:  /work/venv/bin/python benchmarks/bench_load.py [--repeat N]
Prints the time per load of each and their ratio (target: at most 4x).
"""

from __future__ import annotations

import argparse
import json
import timeit

from euchre_records.schema import dumps, loads

_DEAL = {
    "kind": "full",
    "dealer": "N",
    "turned": "JH",
    "hands": {"N": "AH KH 9S TD JC", "E": "AS KS QS 9C 8C", "S": "QD KD AD 9D 8D",
              "W": "7H 8H 9H TH QH"},
    "kitty": "7S 8S TS JS 7C TC QC KC 7D TD JD",
    "calls": ["pass", "E: order", "pass", "pass"],
    "discard": "9S",
    "tricks": ["E: AS 9D 7H AH", "N: KH 8C 8D 8H", "N: JC 9C QD 9H", "N: JH QS KD TH", "N: TD KS AD QH"],
    "scoresheet": {"points": [0, 2], "total": [0, 2]},
}


def full_record(deals: int) -> str:
    """Canonical text of a record with ``deals`` full deals (dealer rotating)."""
    seats = "NESW"
    data = {
        "format": "euchre-records", "version": "1.0",
        "event": {"club": "Somerset Club", "event": "Spring rubbers", "date": "1888-03-01"},
        "players": {s: {"name": f"Player {s}", "id": f"SC-{i}"} for i, s in enumerate(seats)},
        "rules": {"preset": "somerset-1888"},
        "deals": [dict(_DEAL, dealer=seats[i % 4]) for i in range(deals)],
    }
    return dumps(loads(json.dumps(data)))


def measure(text: str, repeat: int) -> tuple[float, float]:
    """Best-of-5 seconds per call of ``json.loads`` and of validated ``loads``."""
    plain = min(timeit.repeat(lambda: json.loads(text), number=repeat, repeat=5)) / repeat
    validated = min(timeit.repeat(lambda: loads(text), number=repeat, repeat=5)) / repeat
    return plain, validated


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2000, help="loads per timing run")
    args = parser.parse_args()
    for deals in (1, 10):
        text = full_record(deals)
        plain, validated = measure(text, args.repeat)
        print(f"{deals:2d} full deal(s), {len(text):5d} bytes: json.loads {plain * 1e6:8.1f} us, "
              f"validated loads {validated * 1e6:8.1f} us, ratio {validated / plain:5.2f}x")


if __name__ == "__main__":
    main()
