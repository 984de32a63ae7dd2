"""Benchmark: validated ``loads`` of full-deal records against plain ``json.loads`` of the same text.

Not a test. Run:  python benchmarks/bench_load.py [--repeat N]

For a record with one full deal, one with ten (a game: one deal dealt round the table ten
times, every deal the same but its dealer) and one with ten distinct deals (the same deal under
ten different relabellings: the suits permuted within their colours and the seats turned, so
every hand, kitty, call and trick string differs from the deal before it and the play stays
legal-looking), prints the time per call of ``json.loads(text)`` and of the notation's
``loads(text)`` (parse + validate + build the frozen model, on msgspec's path for a valid
record: schema/wire.py; target: at most 2x json.loads for one deal and for ten), and their
ratio. The validated load is timed twice in the same rounds: with the compiled card-string
parser (schema/_cwire.c) and with the pure-Python twins alone (``wire.use_compiled(False)``),
so that the before/after of the compiled path is one run. For scale it also times a plain
builder: the same frozen model built from the parsed dict by straightforward code with no
validation at all. A last line times 40 random rubbers (``testkit.samples.random_texts``, the
deals of bench_dataset.py's input): every deal distinct, tricks without a leader, an 11-card
kitty, reported, not a target. Timings are CPU time of this process (``time.process_time``),
best of several rounds, interleaved, so that other processes on the machine disturb them as
little as possible.
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
from euchre_records.schema.wire import use_compiled
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


_SUITS = ("SHDC", "CHDS", "SDHC", "CDHS", "HSCD", "HCSD", "DSCH", "DCSH")
"""Eight relabellings of the suits S H D C that keep each colour's pair together (so the left
bower stays the jack of the trump's colour): each string is what S, H, D, C become."""


def _relabel(text: str, suits: str, turn: int) -> str:
    """A card, call or trick string with its suits relabelled and its seats turned ``turn`` places."""
    seats = "NESW"
    out = []
    for i, ch in enumerate(text):
        if ch in "SHDC" and i > 0 and text[i - 1] in "AKQJT987":
            ch = suits["SHDC".index(ch)]
        elif ch in seats and text[i + 1:i + 2] == ":":
            ch = seats[(seats.index(ch) + turn) % 4]
        out.append(ch)
    return "".join(out)


def distinct_deal(i: int) -> dict:  # type: ignore[type-arg]
    """The benchmark's deal under the i-th relabelling (suits permuted, seats turned)."""
    suits, turn = _SUITS[i % 8], (i + i // 8) % 4
    seats = "NESW"
    hands = {seats[(seats.index(s) + turn) % 4]: _relabel(h, suits, turn)
             for s, h in _DEAL["hands"].items()}
    points = _DEAL["scoresheet"]["points"]
    return dict(_DEAL, dealer=seats[turn], turned=_relabel(_DEAL["turned"], suits, turn),
                hands={s: hands[s] for s in seats}, kitty=_relabel(_DEAL["kitty"], suits, turn),
                calls=[_relabel(c, suits, turn) for c in _DEAL["calls"]],
                discard=_relabel(_DEAL["discard"], suits, turn),
                tricks=[_relabel(t, suits, turn) for t in _DEAL["tricks"]],
                scoresheet={"points": points if turn % 2 == 0 else points[::-1]})


def full_record(deals: int, distinct: bool = False) -> str:
    """Canonical text of a record with ``deals`` full deals: the same deal with the dealer
    rotating, or (``distinct``) the deal under a different relabelling each time."""
    seats = "NESW"
    rows = ([distinct_deal(i) for i in range(deals)] if distinct
            else [dict(_DEAL, dealer=seats[i % 4]) for i in range(deals)])
    total = [0, 0]
    for row in rows:   # the running total of the scoresheet, as a scorer keeps it
        total = [a + b for a, b in zip(total, row["scoresheet"]["points"])]
        row["scoresheet"] = {"points": row["scoresheet"]["points"], "total": total}
    data = {
        "format": "euchre-records", "version": "1.0",
        "event": {"club": "Somerset Club", "event": "Spring rubbers", "date": "1888-03-01"},
        "players": {s: {"name": f"Player {s}", "id": f"SC-{i}"} for i, s in enumerate(seats)},
        "rules": {"preset": "somerset-1888"},
        "deals": rows,
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
    """Best seconds per call of each function, measured in interleaved rounds; a name starting
    with ``pure`` is timed with the compiled card strings turned off (wire.use_compiled)."""
    out = {name: float("inf") for name in funcs}
    for _ in range(rounds):
        for name, func in funcs.items():
            use_compiled(not name.startswith("pure"))
            try:
                seconds = timeit.Timer(func, timer=time.process_time).timeit(number=repeat)
            finally:
                use_compiled(True)
            out[name] = min(out[name], seconds / repeat)
    return out


def _pure(func: Callable[[], object]) -> Callable[[], object]:
    """``func`` once with the card strings parsed by the Python twins alone (for the checks)."""
    def run() -> object:
        use_compiled(False)
        try:
            return func()
        finally:
            use_compiled(True)
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2000, help="calls per timing round")
    args = parser.parse_args()
    compiled = use_compiled(True)
    print(f"compiled card strings (schema/_cwire): {'yes' if compiled else 'NOT BUILT'}")
    for deals, distinct, label in ((1, False, " 1 full deal            "),
                                   (10, False, "10 full deals (repeated)"),
                                   (10, True, "10 distinct full deals  ")):
        text = full_record(deals, distinct)
        assert loads(text) == RECORD_SCHEMA.load(json.loads(text)) == floor(text)
        assert _pure(lambda: loads(text))() == loads(text)
        if distinct:
            assert len({json.dumps(d["hands"]) for d in json.loads(text)["deals"]}) == deals
        t = best({"json": lambda: json.loads(text), "notation": lambda: loads(text),
                  "pure": lambda: loads(text), "floor": lambda: floor(text)}, args.repeat)
        print(f"{label}, {len(text):5d} bytes: json.loads {t['json'] * 1e6:6.1f} us, "
              f"validated loads {t['notation'] * 1e6:6.1f} us, ratio {t['notation'] / t['json']:5.2f}x "
              f"(pure-Python path {t['pure'] * 1e6:6.1f} us, {t['pure'] / t['json']:5.2f}x; "
              f"plain unvalidated builder: {t['floor'] / t['json']:4.2f}x)")
    texts = list(random_texts(40, start_seed=7000))
    deals = 0
    for text in texts:
        assert loads(text) == RECORD_SCHEMA.load(json.loads(text))
        deals += len(loads(text).deals)
    t = best({"json": lambda: [json.loads(text) for text in texts],
              "notation": lambda: [loads(text) for text in texts],
              "pure": lambda: [loads(text) for text in texts]}, max(1, args.repeat // 200))
    print(f"40 random rubbers, {deals} deals: json.loads {t['json'] / deals * 1e6:5.1f} us a deal, "
          f"validated loads {t['notation'] / deals * 1e6:5.1f} us a deal, ratio "
          f"{t['notation'] / t['json']:5.2f}x (pure-Python path {t['pure'] / t['json']:5.2f}x)")


if __name__ == "__main__":
    main()
