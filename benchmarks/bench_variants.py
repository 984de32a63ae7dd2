"""Benchmark: the replay of deals at tables of two, three and five against the four-handed replay
in the same run.

Not a test. Run:  python benchmarks/bench_variants.py [--deals N] [--rounds R]

Random legal deals (fixed seed) of each table, full hands known, are replayed by
``match.replay`` (one record per table holding all its deals, scored as games) twice:
as it runs (clean deals by the fast path, fastpath.fast_table_deal) and with the fast path
switched off (every deal by the detailed replay, which builds the findings). The reference is
``match.replay`` of as many four-handed deals (random legal deals, the hands known, the same
seed), in the same process. Prints deals/s for each and the ratio to the reference: CPU time
(``time.process_time``), best of R interleaved rounds.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any, Callable

from euchre_records.cards import effective_suit, parse_card
from euchre_records.match import replay
from euchre_records.schema.notation import load_record
from euchre_records.schema.tables import load_table_record
import euchre_records.match as match

SUITS = "SHDC"


def pack(size: int) -> list[str]:
    ranks = "9TJQKA" if size == 24 else "89TJQKA"
    return [r + s for s in SUITS for r in ranks]


def winner(cards: list[str], trump: str) -> int:
    from euchre_records.cards import trick_winner, Suit
    return trick_winner([parse_card(c) for c in cards], Suit(trump))


def suit(card: str, trump: str) -> str:
    from euchre_records.cards import Suit
    return effective_suit(parse_card(card), Suit(trump)).value


def random_deal(rng: random.Random, n: int, dealer: int) -> dict[str, Any]:
    size = 28 if n == 5 else 24
    cards = pack(size)
    rng.shuffle(cards)
    hands = [cards[5 * s:5 * s + 5] for s in range(n)]
    turned = cards[5 * n]
    names = "NESW" if n == 4 else [str(s) for s in range(n)]
    eldest = (dealer + 1) % n
    trump = turned[1]
    calls = [f"{names[eldest]}: order"] if eldest != dealer else [f"{names[dealer]}: take"]
    held = [list(h) for h in hands]
    held[dealer].append(turned)
    discard = min(held[dealer], key=lambda c: (suit(c, trump) == trump, c))
    held[dealer].remove(discard)
    deal: dict[str, Any] = {"kind": "full", "dealer": names[dealer], "turned": turned,
                            "hands": {names[s]: " ".join(h) for s, h in enumerate(hands)},
                            "calls": calls, "discard": discard}
    if n == 5:
        deal["called"] = next(c for c in ("AS", "AC", "AD", "AH", "KS", "KC") if suit(c, trump) != trump)
    leader, tricks = eldest, []
    for _ in range(5):
        played: list[str] = []
        for j in range(n):
            hand = held[(leader + j) % n]
            led = suit(played[0], trump) if played else None
            follow = [c for c in hand if led is not None and suit(c, trump) == led]
            card = rng.choice(follow or hand)
            hand.remove(card)
            played.append(card)
        tricks.append(" ".join(played))
        leader = (leader + winner(played, trump)) % n
    deal["tricks"] = tricks
    return deal


def records(n: int, count: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    deals = [random_deal(rng, n, i % n) for i in range(count)]
    rules: dict[str, Any] = {"preset": "modern", "overrides": {"game_points": 1_000_000}}
    if n != 4:
        rules["seats"] = n
    if n == 5:
        rules["overrides"]["pack"] = 28
    return {"format": "euchre-records", "version": "1.0", "rules": rules, "deals": deals}


def best(fn: Callable[[], Any], rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.process_time()
        fn()
        times.append(time.process_time() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    four = load_record(records(4, args.deals, 1))
    tables = {n: load_table_record(records(n, args.deals, 1)) for n in (2, 3, 5)}
    for rec in tables.values():   # every drawn deal is legal: the replay must be clean
        assert replay(rec).clean
    fast = match.fast_table_deal

    def detailed(rec: Any) -> Any:
        match.fast_table_deal = lambda *args: None   # type: ignore[assignment]
        try:
            return replay(rec)
        finally:
            match.fast_table_deal = fast

    for rec in tables.values():
        assert detailed(rec) == replay(rec)
    runs: list[tuple[str, Callable[[], Any]]] = [("four-handed match.replay", lambda: replay(four))]
    for n, rec in tables.items():
        runs.append((f"{n}-handed replay", lambda rec=rec: replay(rec)))
        runs.append((f"{n}-handed detailed only", lambda rec=rec: detailed(rec)))
    timings: dict[str, float] = {}
    for _ in range(args.rounds):   # interleaved: the machine's noise falls on all alike
        for name, fn in runs:
            t = best(fn, 1)
            timings[name] = min(timings.get(name, t), t)
    ref = args.deals / timings["four-handed match.replay"]
    print(f"{args.deals} deals per table, best of {args.rounds} interleaved rounds")
    for name, t in timings.items():
        rate = args.deals / t
        print(f"{name:26s}: {rate:9.0f} deals/s   ratio to four-handed {rate / ref:5.2f}x")


if __name__ == "__main__":
    main()
