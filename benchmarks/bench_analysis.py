"""Benchmark: the double-dummy solver (euchre_records/double_dummy.py) and the analysis of every
card played (euchre_records/analysis.py), as ratios against references measured in the same
run. Not a test.

Run:  python benchmarks/bench_analysis.py [--deals 300] [--played 100] [--reference 4]

1. Full-deal solves: ``--deals`` random deals (24-card pack, four seats, random trump, leader
   and side), each solved from scratch (a new solver, an empty table) for the side's exact
   tricks. Solves per second of CPU time on one core (the goal is 500), against the claim
   search of today (claims.guaranteed_tricks, the same exact value by halving yes/no tests)
   on the same deals.
2. The reference: tests/dd_reference.py, plain minimax with no pruning and no memo, on the
   first ``--reference`` deals made lone hands (three seats: a four-seat deal takes it up to
   half a minute); both must agree, and the ratio of the times is printed.
3. Every play analysed: ``--played`` random played deals (simulate.random_deal, modern): the
   makers' tricks before and after every card, each costly card's best cards (calls left
   out), as plays per second; against the claim search asked the only part of that it can
   answer, the value at each trick boundary of the played line.
4. Every table size: ``--deals`` random full deals at each of 2, 3, 4 and 5 seats (a pack of 24,
   28 at five; random trump and leader; the makers made per deal: one seat at 2 and 3, the
   seat and its partner at 4, the maker and a random partner, or alone, at 5), each solved from
   scratch through the int-seat entry (``DoubleDummy`` with a side given as its seats), as
   solves per second of CPU; each size's ratio to the four-handed figure of the same run (the
   aim: at least 1.0 at every size, issue 32), and the search positions a solve visits
   (``DoubleDummy.visited``: the size of the search, apart from the cost of each position).
   ``--sizes-only`` runs this part alone. ``--before REV`` runs it instead for git revision
   ``REV`` (e.g. main) and for this tree alternately, ``--rounds`` times each, each in a fresh
   interpreter on the same deals (benchmarks/base_checkout.py): each size's best solves/s
   before and after, and its ratio to the four-handed of the same tree.
"""

from __future__ import annotations

import argparse
import inspect
import json
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from dd_reference import best_tricks  # noqa: E402

from euchre_records.analysis import analyse_deal  # noqa: E402
from euchre_records.cards import SEATS, Seat, Side, Suit, make_pack  # noqa: E402
from euchre_records.claims import guaranteed_tricks, search_budget  # noqa: E402
from euchre_records.double_dummy import DoubleDummy  # noqa: E402
from euchre_records.match import replay  # noqa: E402
from euchre_records.model import Record  # noqa: E402
from euchre_records.rules import preset  # noqa: E402
from euchre_records.testkit.simulate import random_deal  # noqa: E402


def deal(rng: random.Random, seats: tuple[Seat, ...]) -> tuple[dict[Seat, list[Any]], Seat, Suit, Side]:
    pack = sorted(make_pack(24))
    rng.shuffle(pack)
    hands = {s: pack[5 * i:5 * i + 5] for i, s in enumerate(seats)}
    return hands, rng.choice(seats), rng.choice(list(Suit)), rng.choice(list(Side))


def cpu(fn: Any) -> tuple[float, Any]:
    start = time.process_time()
    out = fn()
    return time.process_time() - start, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--played", type=int, default=100)
    parser.add_argument("--reference", type=int, default=4)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--sizes-only", action="store_true", help="run part 4 only")
    parser.add_argument("--before", metavar="REV",
                        help="part 4 only, at git revision REV and here alternately")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of --before (default 3)")
    args = parser.parse_args()
    if args.before:
        before_after(args.before, args.rounds, args.deals, args.seed)
        return
    rng = random.Random(args.seed)
    if args.sizes_only:
        sizes(rng, args.deals)
        return

    cases = [deal(rng, SEATS) for _ in range(args.deals)]
    ours_s, ours = cpu(lambda: [DoubleDummy(h, t, s).tricks(h, ld) for h, ld, t, s in cases])
    with search_budget(10**12):
        claims_s, theirs = cpu(lambda: [guaranteed_tricks(h, ld, t, s, frozenset()) for h, ld, t, s in cases])
    assert ours == theirs
    print(f"1. {args.deals} full deals solved: {args.deals / ours_s:,.0f} solves/s of CPU on one core "
          f"(goal 500); the claim search: {args.deals / claims_s:,.0f}/s on the same deals; "
          f"ratio {claims_s / ours_s:.1f}x")

    lone = frozenset({Seat.S})
    three = tuple(s for s in SEATS if s not in lone)
    refs = [deal(rng, three) for _ in range(args.reference)]
    ref_s, expected = cpu(lambda: [best_tricks({s.name: [c.name for c in h[s]] for s in three},
                                               ld.name, t.value, sd.value) for h, ld, t, sd in refs])
    mine_s, got = cpu(lambda: [DoubleDummy(h, t, sd, lone).tricks(h, ld) for h, ld, t, sd in refs])
    assert got == expected
    print(f"2. the brute-force reference (no pruning, no memo) on {args.reference} lone-hand deals: "
          f"{ref_s / args.reference:.2f} s a deal; the solver {mine_s / args.reference * 1000:.2f} ms; "
          f"ratio {ref_s / max(mine_s, 1e-9):,.0f}x")

    rules = preset("modern")
    played = []
    while len(played) < args.played:
        d = random_deal(rng, rules, dealer=rng.choice(SEATS), pass_rate=0.5)
        result = replay(Record(rules, (d,))).deals[0]
        if result.maker is not None and not result.thrown_in and len(result.winners) == 5:
            played.append((d, result))
    plays_s, analyses = cpu(lambda: [analyse_deal(d, rules, r, calls=False) for d, r in played])
    n_plays = sum(len(a.plays) for a in analyses)

    def boundaries() -> int:
        count = 0
        for a in analyses:
            assert a.maker is not None
            hands: dict[Seat, list[Any]] = {}
            for p in a.plays:
                hands.setdefault(p.seat, []).append(p.card)
            out = frozenset(SEATS) - set(hands)
            per = len(hands)
            for t in range(5):
                rest = {s: cs[t:] for s, cs in hands.items()}
                leader = a.plays[t * per].seat
                guaranteed_tricks(rest, leader, a.trump, a.maker.side, out)
                count += 1
        return count

    with search_budget(10**12):
        bounds_s, n_bounds = cpu(boundaries)
    print(f"3. every play of {args.played} played deals analysed ({n_plays} cards, each costly "
          f"card's best cards found): {n_plays / plays_s:,.0f} plays/s, "
          f"{args.played / plays_s:,.0f} deals/s; the claim search, at the {n_bounds} trick "
          f"boundaries only: {n_bounds / bounds_s:,.0f} positions/s, {args.played / bounds_s:,.0f} "
          f"deals/s; ratio (deals) {bounds_s / plays_s:.1f}x")
    sizes(rng, args.deals)


def table_deal(rng: random.Random, n: int) -> tuple[dict[int, list[Any]], int, Suit, frozenset[int]]:
    """A random full deal at a table of ``n``: hands by int seat, leader, trump, makers."""
    pack = sorted(make_pack(28 if n == 5 else 24))
    rng.shuffle(pack)
    hands = {s: pack[5 * s:5 * s + 5] for s in range(n)}
    maker = rng.randrange(n)
    makers = {maker}
    if n == 4:
        makers.add((maker + 2) % 4)
    elif n == 5 and rng.random() < 0.8:   # a partner called and dealt (else alone)
        makers.add(rng.choice([s for s in range(n) if s != maker]))
    return hands, rng.randrange(n), rng.choice(list(Suit)), frozenset(makers)


SIZES = (4, 2, 3, 5)


def size_rates(rng: random.Random, deals: int) -> dict[int, tuple[float, float]]:
    """Per table size: (solves/s of CPU, search positions a solve) on ``deals`` random deals."""
    out: dict[int, tuple[float, float]] = {}
    for n in SIZES:
        cases = [table_deal(rng, n) for _ in range(deals)]
        solvers = [DoubleDummy(h, t, m) for h, ld, t, m in cases]
        took, _ = cpu(lambda: [DoubleDummy(h, t, m).tricks(h, ld) for h, ld, t, m in cases])
        for solver, (h, ld, t, m) in zip(solvers, cases):
            solver.tricks(h, ld)
        out[n] = (deals / took, sum(s.visited for s in solvers) / deals)
    return out


def sizes(rng: random.Random, deals: int) -> None:
    rates = size_rates(rng, deals)
    four = rates[4][0]
    print(f"4. {deals} full deals at each table size, solves/s of CPU on one core: "
          + "; ".join(f"{n} seats {r:,.0f}/s (x{r / four:.2f} the four-handed; {v:,.0f} positions a solve)"
                      for n, (r, v) in sorted(rates.items())))


_RATES = """
import json, random, time
from typing import Any
from euchre_records.cards import Suit, make_pack
from euchre_records.double_dummy import DoubleDummy
{functions}
print(json.dumps(size_rates(random.Random({seed}), {deals})))
"""


def before_after(rev: str, rounds: int, deals: int, seed: int) -> None:
    """Part 4 at ``rev`` and in this tree, alternately (see the module doc)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from base_checkout import checkout, run_python

    code = _RATES.format(functions="\n".join(inspect.getsource(f) for f in (cpu, table_deal, size_rates))
                         .replace("SIZES", repr(SIZES)), seed=seed, deals=deals)
    runs: dict[str, list[dict[int, tuple[float, float]]]] = {"before": [], "after": []}
    with tempfile.TemporaryDirectory() as tmp:
        root = checkout(rev, Path(tmp), compiled=True)
        for _ in range(rounds):
            for which, out in (("before", run_python(root, code)),
                               ("after", subprocess.run([sys.executable, "-c", code], check=True,
                                                        capture_output=True, text=True).stdout)):
                runs[which].append({int(n): (r, v) for n, (r, v) in json.loads(out).items()})
    best = {w: {n: max(run[n][0] for run in rs) for n in SIZES} for w, rs in runs.items()}
    print(f"4. {deals} full deals at each table size, best of {rounds} alternating rounds, "
          f"solves/s of CPU on one core (positions a solve):")
    for n in sorted(SIZES):
        b, a = best["before"][n], best["after"][n]
        print(f"  {n} seats: at {rev} {b:7,.0f}/s (x{b / best['before'][4]:.2f} the four-handed; "
              f"{runs['before'][0][n][1]:,.0f}), this tree {a:7,.0f}/s (x{a / best['after'][4]:.2f}; "
              f"{runs['after'][0][n][1]:,.0f}); after/before x{a / b:.2f}")


if __name__ == "__main__":
    main()
