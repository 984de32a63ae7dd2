"""Benchmark: validated ``loads`` of full-deal records against plain ``json.loads`` of the same text.

Not a test. Run:  /work/venv/bin/python benchmarks/bench_load.py [--repeat N]

For a record with one full deal and one with ten (a game: one deal dealt round the table ten
times), prints the time per call of
``json.loads(text)`` and of the notation's ``loads(text)`` (parse + validate + build the frozen
model, on msgspec's path for a valid record: schema/wire.py; target: at most 2x json.loads), and
their ratio. For scale it also times a plain builder:
the same frozen model built from the parsed dict by straightforward code with no validation at
all, i.e. roughly what building the model costs before any checking. A third line times
40 random rubbers (``testkit.samples.random_texts``, the deals of bench_dataset.py's input):
every deal distinct, tricks without a leader, an 11-card kitty, so no lookup table stays warm
as it does for the game's ten equal deals; the targets are set on the first two. Timings are CPU time of this process (``time.process_time``), best of several rounds,
interleaved, so that other processes on the machine disturb them as little as possible.
"""

from __future__ import annotations

import argparse
import json
import time
import timeit
from typing import Callable

from euchre_records.cards import SEATS
from euchre_records.model import Deal, DealKind, Event, Player, Record, RecordedScore, Trick
from euchre_records.rules import resolve_rules
from euchre_records.schema import dumps, loads
from euchre_records.schema.basefields import SEAT_BY_TEXT
from euchre_records.schema.cardfields import CARD_BY_TOKEN
from euchre_records.schema.playfields import parse_call
from euchre_records.schema.schemas import RECORD_SCHEMA
from euchre_records.testkit.samples import random_texts

_DEAL = {
    "kind": "full",
    "dealer": "N",
    "turned": "JH",
    "hands": {"N": "AH KH 9S TD JC", "E": "AS KS QS 9C 8C", "S": "QD KD AD 9D 8D",
              "W": "7H 8H 9H TH QH"},
    "kitty": "7S 8S TS JS 7C TC QC KC 7D TD JD",
    "calls": ["pass", "E: order", "pass", "pass"],
    "discard": "9S",
    "tricks": ["E: AS 9D 7H AH", "N: KH 8C 8D 8H", "N: JC 9C QD 9H", "N: JH QS KD TH",
               "N: TD KS AD QH"],
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


_CARD = CARD_BY_TOKEN.__getitem__
_CARD_OR_UNKNOWN = {**CARD_BY_TOKEN, "??": None}.__getitem__


def _floor_deal(d: dict) -> Deal:  # type: ignore[type-arg]
    h = d["hands"]
    tricks = []
    for text in d["tricks"]:
        tokens = text.split()
        leader = SEAT_BY_TEXT[tokens.pop(0)[:-1]] if tokens[0][-1] == ":" else None
        tricks.append(Trick(tuple(map(_CARD, tokens)), leader))
    sheet = d["scoresheet"]
    return Deal(DealKind(d["kind"]), SEAT_BY_TEXT[d["dealer"]], _CARD(d["turned"]), None,
                tuple(tuple(map(_CARD_OR_UNKNOWN, h[s.name].split())) for s in SEATS),
                tuple(map(_CARD_OR_UNKNOWN, d["kitty"].split())), tuple(map(parse_call, d["calls"])),
                _CARD(d["discard"]), tuple(tricks), None, (),
                RecordedScore(tuple(sheet["points"]), tuple(sheet["total"])))  # type: ignore[arg-type]


def floor(text: str) -> Record:
    """No validation at all: build the same frozen model from the parsed dict, plainly."""
    data = json.loads(text)
    players = tuple((s, Player(**data["players"][s.name])) for s in SEATS)
    return Record(resolve_rules(data["rules"]["preset"]), tuple(map(_floor_deal, data["deals"])),
                  Event(**data["event"]), players)


def best(funcs: dict[str, Callable[[], object]], repeat: int, rounds: int = 7) -> dict[str, float]:
    """Best seconds per call of each function, measured in interleaved rounds."""
    out = {name: float("inf") for name in funcs}
    for _ in range(rounds):
        for name, func in funcs.items():
            seconds = timeit.Timer(func, timer=time.process_time).timeit(number=repeat)
            out[name] = min(out[name], seconds / repeat)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2000, help="calls per timing round")
    args = parser.parse_args()
    for deals in (1, 10):
        text = full_record(deals)
        assert loads(text) == RECORD_SCHEMA.load(json.loads(text)) == floor(text)
        t = best({"json": lambda: json.loads(text), "notation": lambda: loads(text),
                  "floor": lambda: floor(text)}, args.repeat)
        print(f"{deals:2d} full deal(s), {len(text):5d} bytes: json.loads {t['json'] * 1e6:6.1f} us, "
              f"validated loads {t['notation'] * 1e6:6.1f} us, ratio {t['notation'] / t['json']:5.2f}x "
              f"(plain unvalidated builder: {t['floor'] / t['json']:4.2f}x)")
    texts = list(random_texts(40, start_seed=7000))
    deals = 0
    for text in texts:
        assert loads(text) == RECORD_SCHEMA.load(json.loads(text))
        deals += len(loads(text).deals)
    t = best({"json": lambda: [json.loads(text) for text in texts],
              "notation": lambda: [loads(text) for text in texts]}, max(1, args.repeat // 200))
    print(f"40 random rubbers, {deals} deals: json.loads {t['json'] / deals * 1e6:5.1f} us a deal, "
          f"validated loads {t['notation'] / deals * 1e6:5.1f} us a deal, ratio "
          f"{t['notation'] / t['json']:5.2f}x")


if __name__ == "__main__":
    main()
