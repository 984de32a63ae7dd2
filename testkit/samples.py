"""Random valid records (finished rubbers of full deals) for tests, benchmarks and demonstrations.

Contract: :func:`random_record` returns a :class:`Record` that replays with no finding and whose
rubber (or single game, under rules without rubbers) is finished; the same seed gives the same
record. :func:`random_texts` yields canonical texts, one record each.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Iterator

from euchre_records.cards import SEATS, Seat
from euchre_records.model import Event, Player, Record
from euchre_records.rules import preset
from euchre_records.testkit.simulate import random_deal

__all__ = ["random_record", "random_texts", "write_many_deals", "NAMES", "CLUBS"]

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo", "Kit", "Lou")
CLUBS = ("Taunton", "Bath", "Wells")


def random_record(seed: int, rules_name: str = "somerset-1888", max_deals: int = 80) -> Record:
    """A finished rubber (or game) of random full deals between four of :data:`NAMES`."""
    from euchre_records.match import replay

    rng = random.Random(seed)
    rules = preset(rules_name)
    names = rng.sample(NAMES, 4)
    event = Event(club=rng.choice(CLUBS), event=f"Sample {seed}",
                  date=f"1888-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}", table="1")
    players = tuple((seat, Player(name)) for seat, name in zip(SEATS, names))
    deals = []
    dealer: Seat = SEATS[rng.randrange(4)]
    for _ in range(max_deals):
        deals.append(random_deal(rng, rules, dealer))
        dealer = dealer.left
        record = Record(rules=rules, deals=tuple(deals), event=event, players=players)
        result = replay(record)
        done = result.rubber.finished if result.rubber else bool(result.games) and all(
            g.finished for g in result.games)
        if done:
            return record
    return record


def random_texts(count: int, start_seed: int = 0, rules_name: str = "somerset-1888"
                 ) -> Iterator[str]:
    """Canonical texts of ``count`` random records with consecutive seeds."""
    from euchre_records.schema.notation import dumps

    for seed in range(start_seed, start_seed + count):
        yield dumps(random_record(seed, rules_name))


def write_many_deals(path: Path, deals: int, *, start_seed: int = 0) -> int:
    """Write a JSON Lines file of at least ``deals`` deals: 40 random rubbers, each written again
    and again under another table number (a new record each, with the same deals). Returns the
    number of deals written. For bulk tests and benchmarks: large inputs at little cost."""
    import json

    base = [json.loads(t) for t in random_texts(40, start_seed=start_seed)]
    written = n = 0
    with path.open("w", encoding="utf-8") as f:
        while written < deals:
            doc = base[n % len(base)]
            doc["event"]["table"] = str(n)
            f.write(json.dumps(doc, separators=(",", ":")) + "\n")
            written += len(doc["deals"])
            n += 1
    return written
