"""What the store writes for each record, before and after, in one run: the canonical text and
its sha256, the result text and the store's rows, in CPU microseconds per deal.

Usage: python benchmarks/bench_dumps.py [--before REV] [--records 150] [--rounds 3]

The same input for both sides: ``--records`` random rubbers (testkit random_texts, canonical
texts of legal deals). Each side runs in a fresh interpreter, the package as it is at git
revision ``REV`` (benchmarks/base_checkout.py: ``git archive`` into a temporary folder; by
default the commit this branch started from, ``git merge-base HEAD main``) or as this work
tree is installed, alternately, ``--rounds`` times each. In each run the records are parsed and
replayed first (not timed), then each stage is timed over all records, interleaved, best of
``--repeat`` rounds (warm alike on both sides):

- ``canonical text + sha256``: ``sha256((indented_json(dump_record(r)) + "\\n").encode())``, as
  ``ingest.prepare_record`` and bench_dataset.py's ``--stages`` make it;
- ``result text``: ``compact(dump_result(result))`` (prepare_record's ``result_json``);
- ``store rows (rows_of)``: the rows of the submission.

The before side is a ``git archive`` of REV with its C accelerators compiled there
(benchmarks/base_checkout.py, ``compiled=True``), so compiled code is compared with compiled
code; a REV from before the C was added runs its pure-Python code, as it did then.

Prints the best of each side and after/before per stage, and checks that both sides wrote the
same canonical texts, hashes, result texts and rows (a digest of all of them): a speed change
never changes a result. A ratio is read within one run; the machine's other load moves both
sides alike, and the best of several rounds is what the code costs.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

STAGES = """
import hashlib, json, sys, time
from euchre_records.testkit.samples import random_texts
from euchre_records.api.store.ingest import prepare
from euchre_records.api.store.rows import rows_of
from euchre_records.schema.json_text import compact
from euchre_records.schema.notation import dump_record, indented_json
from euchre_records.schema.results import dump_result

count, repeat = int(sys.argv[1]), int(sys.argv[2])
subs = [prepare(t) for t in random_texts(count, start_seed=7000)]
records = [s.record for s in subs]
results = [s.result for s in subs]
deals = sum(len(r.deals) for r in records)
steps = {
    "canonical text + sha256": lambda: [
        hashlib.sha256((indented_json(dump_record(r)) + "\\n").encode()).hexdigest()
        for r in records],
    "result text": lambda: [compact(dump_result(r)) for r in results],
    "store rows (rows_of)": lambda: [rows_of(s) for s in subs],
}
digest = hashlib.sha256()
for name, step in steps.items():
    for out in step():
        digest.update(repr(out).encode())
best = {name: float("inf") for name in steps}
for _ in range(repeat):
    for name, step in steps.items():
        started = time.process_time()
        step()
        best[name] = min(best[name], (time.process_time() - started) / deals * 1e6)
print(json.dumps({"deals": deals, "us": best, "digest": digest.hexdigest()}))
"""


def merge_base() -> str:
    return subprocess.run(["git", "-C", str(ROOT), "merge-base", "HEAD", "main"], check=True,
                          capture_output=True, text=True).stdout.strip()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", metavar="REV", help="the revision to compare with "
                    "(default: where this branch left main)")
    ap.add_argument("--records", type=int, default=150)
    ap.add_argument("--rounds", type=int, default=3, help="alternate runs of each side")
    ap.add_argument("--repeat", type=int, default=7, help="timed rounds within a run")
    args = ap.parse_args()
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from base_checkout import checkout, run_python
    rev = args.before or merge_base()
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], check=True,
                          capture_output=True, text=True).stdout.strip()
    if rev == head or rev.startswith(head):   # merged into main: no branch start to compare
        print("the merge base with main is HEAD itself: give --before REV", file=sys.stderr)
        return 2
    argv = [str(args.records), str(args.repeat)]
    runs: dict[str, list[dict[str, object]]] = {"before": [], "after": []}
    with tempfile.TemporaryDirectory() as tmp:
        root = checkout(rev, Path(tmp) / "base", compiled=True)
        for _ in range(args.rounds):
            for side in ("before", "after"):
                if side == "before":
                    text = run_python(root, f"import sys\nsys.argv = ['x', *{argv!r}]\n" + STAGES)
                else:
                    text = subprocess.run([sys.executable, "-c", STAGES, *argv], cwd=tmp,
                                          check=True, capture_output=True, text=True).stdout
                runs[side].append(json.loads(text.strip().splitlines()[-1]))
    digests = {run["digest"] for side in runs.values() for run in side}
    deals = runs["after"][0]["deals"]
    print(f"{args.records} random rubbers, {deals:,} deals; before = {rev[:10]}, after = this "
          f"work tree; {args.rounds} alternate runs each, best of {args.repeat} rounds per run")
    print(f"  {'stage (CPU us per deal)':28} {'before':>8} {'after':>8} {'after/before':>13}")
    total = {"before": 0.0, "after": 0.0}
    for stage in runs["after"][0]["us"]:   # type: ignore[attr-defined]
        best = {side: min(run["us"][stage] for run in side_runs)   # type: ignore[index]
                for side, side_runs in runs.items()}
        for side in total:
            total[side] += best[side]
        print(f"  {stage:28} {best['before']:8.2f} {best['after']:8.2f} "
              f"{best['after'] / best['before']:12.2f}x")
    print(f"  {'all three':28} {total['before']:8.2f} {total['after']:8.2f} "
          f"{total['after'] / total['before']:12.2f}x")
    same = len(digests) == 1
    print("outputs (canonical texts, hashes, result texts, rows): "
          + ("identical on both sides" if same else "DIFFERENT"))
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
