"""Benchmark: our full verifying replay against OpenSpiel's checked replay of the same deals.

Not a test. Run:  /work/venv/bin/python benchmarks/bench_replay.py [--deals N] [--repeat R] [--profile]

The deals come from random OpenSpiel euchre games (fixed seeds; stick-the-dealer and lone
defenders on; the deal passing to the left, so the record has no wrong-dealer finding). Both sides are timed in the same run on the same deals:

- ours: ``replay_deal`` (bidding, discard, every card checked against the hands, revoke search,
  scoring) and ``match.replay`` of the deals as one record (games and scoresheet as well);
- OpenSpiel: from a new initial state, each action is checked to be in ``legal_actions()`` and
  then applied (chance actions included), as its own replay of a recorded game would do. For
  information, OpenSpiel's ``apply_action_with_legality_check`` (the check done in C++) is timed too.

Prints deals/s for each and the ratio (target: ours >= 3x OpenSpiel). ``--profile`` prints the
cProfile top functions of our replay. Where the compiled kernels are built (euchre_records._cplay),
``replay_deal`` is timed a second time with fastpath.py's pure-Python twins put in their place:
what the C buys, in the same run.

``--before REV`` (e.g. the commit a branch started from) times instead the replay stage of
``bench_dataset.py --stages`` (``match.replay`` of the 40 random rubbers its input repeats, CPU
microseconds a deal, best of ``--repeat``) with the package as it was at git revision REV
(benchmarks/base_checkout.py, its C accelerators compiled there) and with this work tree's,
alternately, ``--rounds`` times each, each in a fresh interpreter: before and after in one run.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from typing import Any, Callable

from euchre_records import fastpath
from euchre_records.deal import replay_deal
from euchre_records.match import replay
from euchre_records.model import Deal, Record
from euchre_records.interop.openspiel import deal_from_openspiel
from euchre_records.rules import Rules, preset

PARAMS = {"stick_the_dealer": True, "allow_lone_defender": True}


def matching_rules() -> Rules:
    return preset("modern").with_overrides({
        "lone_lead": "eldest", "stick_the_dealer": True, "defend_alone": True,
        "game_points": None, "fixed_deals": 1_000_000,
    })


def recorded_games(pyspiel: Any, n: int) -> list[list[int]]:
    game = pyspiel.load_game("euchre", PARAMS)
    histories = []
    for seed in range(n):
        rng = random.Random(seed)
        state = game.new_initial_state()
        state.apply_action(seed % 4)   # the deal passes to the left, as in a real record
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        histories.append(list(state.history()))
    return histories


def openspiel_checked_replay(game: Any, histories: list[list[int]]) -> None:
    for history in histories:
        state = game.new_initial_state()
        for action in history:
            if action not in state.legal_actions():
                raise AssertionError(f"illegal action {action}")
            state.apply_action(action)
        state.returns()


def openspiel_native_checked(game: Any, histories: list[list[int]]) -> None:
    for history in histories:
        state = game.new_initial_state()
        for action in history:
            state.apply_action_with_legality_check(action)
        state.returns()


def ours_deals(deals: list[Deal], rules: Rules) -> None:
    for i, deal in enumerate(deals):
        replay_deal(deal, rules, i + 1)


KERNELS = ("bid", "hand_masks", "play_known", "play_inferred")


def ours_pure(deals: list[Deal], rules: Rules) -> None:
    """``ours_deals`` with fastpath's pure-Python twins in place of the compiled kernels."""
    saved = [getattr(fastpath, f"_c_{k}") for k in KERNELS]
    try:
        for k in KERNELS:
            setattr(fastpath, f"_c_{k}", getattr(fastpath, f"_{k}"))
        ours_deals(deals, rules)
    finally:
        for k, fn in zip(KERNELS, saved):
            setattr(fastpath, f"_c_{k}", fn)


STAGE = """
import time
from euchre_records.testkit.samples import random_texts
from euchre_records.schema.notation import loads
from euchre_records.match import replay
records = [loads(t) for t in random_texts(40, start_seed=7000)]
deals = sum(len(r.deals) for r in records)
best = float("inf")
for _ in range({repeat} + 1):
    started = time.process_time()
    for r in records:
        replay(r)
    best = min(best, time.process_time() - started)
print(best / deals * 1e6)
"""


def before_after(rev: str, rounds: int, repeat: int) -> int:
    """The replay stage's CPU us a deal at ``rev`` and here, alternately (see the module doc)."""
    import subprocess
    import tempfile
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from base_checkout import checkout, run_python

    code = STAGE.format(repeat=repeat)
    times: dict[str, list[float]] = {"before": [], "after": []}
    with tempfile.TemporaryDirectory() as tmp:
        root = checkout(rev, Path(tmp), compiled=True)
        for _ in range(rounds):
            times["before"].append(float(run_python(root, code)))
            times["after"].append(float(subprocess.run(
                [sys.executable, "-c", code], check=True, capture_output=True,
                text=True).stdout))
    b, a = min(times["before"]), min(times["after"])
    print(f"replay stage (match.replay, CPU us a deal, best of {rounds} rounds x {repeat}):")
    print(f"  at {rev:12}: {b:6.2f} us   {' '.join(f'{t:.2f}' for t in times['before'])}")
    print(f"  this tree   : {a:6.2f} us   {' '.join(f'{t:.2f}' for t in times['after'])}"
          f"   (compiled kernels: {'yes' if fastpath.COMPILED else 'no'})")
    print(f"  before / after: {b / a:5.2f}x")
    return 0


def best_of(repeat: int, contestants: dict[str, Callable[[], None]]) -> dict[str, float]:
    """Best time of each contestant over ``repeat`` interleaved rounds (fair under varying load)."""
    best = {name: float("inf") for name in contestants}
    for _ in range(repeat):
        for name, fn in contestants.items():
            start = time.perf_counter()
            fn()
            best[name] = min(best[name], time.perf_counter() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--before", metavar="REV")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    if args.before:
        return before_after(args.before, args.rounds, args.repeat)
    try:
        import pyspiel
    except ImportError:
        print("open_spiel is not installed: pip install -e '.[bench]'", file=sys.stderr)
        return 2
    histories = recorded_games(pyspiel, args.deals)
    deals = [deal_from_openspiel(h, PARAMS) for h in histories]
    rules = matching_rules()
    record = Record(rules=rules, deals=tuple(deals))
    game = pyspiel.load_game("euchre", PARAMS)
    n = len(deals)
    contestants = {
        "os": lambda: openspiel_checked_replay(game, histories),
        "native": lambda: openspiel_native_checked(game, histories),
        "deal": lambda: ours_deals(deals, rules),
        "match": lambda: replay(record),
    }
    if fastpath.COMPILED:
        contestants["pure"] = lambda: ours_pure(deals, rules)
    t = best_of(args.repeat, contestants)
    t_os, t_native, t_deal, t_match = t["os"], t["native"], t["deal"], t["match"]
    print(f"{n} deals, best of {args.repeat} interleaved rounds")
    print(f"OpenSpiel checked replay : {n / t_os:10.0f} deals/s")
    print(f"  (apply_action_with_legality_check: {n / t_native:10.0f} deals/s, for information)")
    print(f"ours replay_deal         : {n / t_deal:10.0f} deals/s   ratio {t_os / t_deal:5.2f}x")
    print(f"ours match.replay        : {n / t_match:10.0f} deals/s   ratio {t_os / t_match:5.2f}x")
    if "pure" in t:
        print(f"  (replay_deal with the pure-Python twins of the C kernels: {n / t['pure']:10.0f} "
              f"deals/s, ratio {t_os / t['pure']:5.2f}x; the C buys {t['pure'] / t_deal:4.2f}x)")
    else:
        print("  (the compiled kernels are not built: the pure-Python path was timed)")
    if args.profile:
        prof = cProfile.Profile()
        prof.runcall(replay, record)
        pstats.Stats(prof).sort_stats("tottime").print_stats(15)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
