"""Benchmark: the claim search (euchre_records/claims.py) against a plain memoised minimax of the
same positions, in the same run, and the worst case found. Not a test.

Run:  python benchmarks/bench_claims.py [--deals 200] [--reference 10]

1. ``--deals`` random five-trick positions (24-card pack, all four seats, random trump, leader
   and side: a claim before the first trick): time and positions of each search, with the
   per-request budget's counter; the slowest is printed so it can be replayed.
2. The reference: exact minimax over every legal line, memoised on the remaining hands (the
   method the engine used before), on the first ``--reference`` of those positions; both must
   agree, and the ratio of the mean times is printed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from functools import lru_cache
from typing import Any

from euchre_records.cards import Seat, Side, Suit, legal_plays, make_pack, power_table, trick_winner
from euchre_records.claims import guaranteed_tricks, search_budget


def reference(hands: dict[Seat, list[Any]], leader: Seat, trump: Suit, side: Side) -> int:
    """Exact minimax, memoised on (remaining hands, leader) only: no pruning, no merging."""
    seats = list(Seat)
    table = power_table(trump)

    @lru_cache(maxsize=None)
    def value(state: tuple[tuple[Any, ...], ...], lead: Seat) -> int:
        if not state[0]:
            return 0
        order = [seats[(lead + i) % 4] for i in range(4)]
        return play(state, order, ())

    def play(state: tuple[tuple[Any, ...], ...], order: list[Seat], cards: tuple[Any, ...]) -> int:
        if len(cards) == 4:
            winner = order[trick_winner(cards, trump)]
            return (winner.side is side) + value(state, winner)
        seat = order[len(cards)]
        led = table[cards[0]][0] if cards else None
        results = []
        for c in legal_plays(state[seat], led, trump):
            nxt = state[:seat] + (tuple(x for x in state[seat] if x is not c),) + state[seat + 1:]
            results.append(play(nxt, order, cards + (c,)))
        return max(results) if seat.side is side else min(results)

    return value(tuple(tuple(sorted(hands[s])) for s in seats), leader)


def position(rng: random.Random) -> tuple[dict[Seat, list[Any]], Seat, Suit, Side]:
    pack = sorted(make_pack(24))
    rng.shuffle(pack)
    hands = {s: pack[5 * i:5 * i + 5] for i, s in enumerate(Seat)}
    return hands, rng.choice(list(Seat)), rng.choice(list(Suit)), rng.choice(list(Side))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--reference", type=int, default=10)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    cases = [position(rng) for _ in range(args.deals)]
    times, counts = [], []
    for hands, leader, trump, side in cases:
        with search_budget(10**12) as budget:
            start = time.perf_counter()
            guaranteed_tricks(hands, leader, trump, side, frozenset())
            times.append(time.perf_counter() - start)
        counts.append(budget.limit - budget.left)
    worst = max(range(len(cases)), key=lambda i: counts[i])
    print(f"{args.deals} five-trick claims: mean {statistics.mean(times) * 1000:.1f} ms, "
          f"median {statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms; "
          f"positions mean {statistics.mean(counts):.0f}, max {max(counts)}")
    hands, leader, trump, side = cases[worst]
    print("most positions:", {s.name: " ".join(c.name for c in h) for s, h in hands.items()},
          f"leader {leader.name}, trump {trump.value}, side {side.value}")
    ref_times = []
    for i, (hands, leader, trump, side) in enumerate(cases[:args.reference]):
        start = time.perf_counter()
        expected = reference(hands, leader, trump, side)
        ref_times.append(time.perf_counter() - start)
        assert guaranteed_tricks(hands, leader, trump, side, frozenset()) == expected
    ours = statistics.mean(times[:args.reference])
    theirs = statistics.mean(ref_times)
    print(f"reference (plain memoised minimax) on the first {args.reference}: mean "
          f"{theirs * 1000:.0f} ms, max {max(ref_times) * 1000:.0f} ms; the search is "
          f"{theirs / ours:.0f}x faster on the same positions")


if __name__ == "__main__":
    main()
