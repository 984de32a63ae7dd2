"""Whether two JSON Schemas of the notation accept and refuse the same documents (issue 32: the
n-handed definitions walked from the schema classes instead of built by hand).

Run from the repository root: ``python tests/jsonschema_equivalence.py OLD.json NEW.json [N]``
(e.g. OLD from ``git show main:schema/euchre-records-1.0.schema.json``). (1) every .json under
examples/ and tests/golden/ (bad/ too) and every line of examples/*.jsonl: the same verdict and the
same error paths (the leaves of every oneOf/anyOf); (2) N records (default 10,000), a quarter of each
table size, from tests/reference_euchre.py (and the goldens of the size), each mutated once to three
times (wrong types, bad seats, extra keys, nulls, keys dropped): the same verdict. A seeded run:
the same figures each time. Prints the figures and the documents that differ."""
import copy
import glob
import json
import random
import sys

sys.path.insert(0, "tests")
from jsonschema import Draft202012Validator
import reference_euchre as ref

old_s, new_s = (json.load(open(p)) for p in sys.argv[1:3])
N = int(sys.argv[3]) if len(sys.argv) > 3 else 10_000
for s in (old_s, new_s):
    Draft202012Validator.check_schema(s)
OLD, NEW = Draft202012Validator(old_s), Draft202012Validator(new_s)


def leaves(errors):
    out = set()
    for e in errors:
        if e.context:
            out |= leaves(e.context)
        else:
            out.add("/".join(map(str, e.absolute_path)))
    return out


def verdict(v, doc):
    errs = list(v.iter_errors(doc))
    return (not errs, sorted(leaves(errs)))


# (1) every .json under examples/ and tests/golden/ (bad/ too), and .jsonl lines of examples/
files = sorted(glob.glob("examples/**/*.json", recursive=True) + glob.glob("tests/golden/**/*.json", recursive=True))
docs = []
for p in files:
    docs.append((p, json.load(open(p))))
for p in sorted(glob.glob("examples/**/*.jsonl", recursive=True)):
    for i, line in enumerate(open(p), 1):
        if line.strip():
            docs.append((f"{p}:{i}", json.loads(line)))
same = diff_valid = diff_path = 0
for name, d in docs:
    a, b = verdict(OLD, d), verdict(NEW, d)
    if a == b:
        same += 1
    elif a[0] != b[0]:
        diff_valid += 1; print("VERDICT", name, a, b)
    else:
        diff_path += 1; print("PATHS", name, a[1], b[1])
print(f"(1) documents: {len(docs)} ({len(files)} .json files); same verdict and error paths: {same}; "
      f"verdict differs: {diff_valid}; paths differ: {diff_path}")

# (2) mutation run
rng = random.Random(32)
seeds = [d for _, d in docs if isinstance(d, dict) and "format" in d]
JUNK = [None, True, False, 0, -1, 5, 7, 1.5, "", " ", "X", "N", "E", "0", "1", "2", "4", "5", "9", "1\n", "01",
        "??", "JK", "10h", "AS", "AS KS", "AS KS QS", "AS KS QS JS TS", "pass", "p", "order alone", "take",
        "partner alone", "defend alone", "assist", "NT", "E: AS KS", "1: AS KS QS", "0: AS", "full", "plays",
        "result", "points", "H", "H alone", "stopped", "stands", "exposed-card", "claim", "farmers",
        "go-under", "partners-best", "modern", [], [0], [1, 2], [1, 2, 3], [1, 2, 3, 4, 5], ["pass"], ["AS"],
        {}, {"maker": None}, {"maker": "0", "tricks": 3}, {"maker": "1", "trump": "H", "tricks": 5},
        {"points": [1, 2]}, {"x": None}, {"name": "A"}, {"0": {"name": "A"}}, {"kind": "claim"}]
EXTRA = ["x", "called", "partner", "annotations", "alternatives", "provenance", "defender_alone", "alone",
         "suit", "count", "election", "late", "points", "result", "seats", "unfinished", "joker_suit", "scoresheet",
         "exchanges", "irregularities", "cause", "note", "card", "trick", "tricks", "total"]


def nodes(node, prefix):
    """(path, value) of ``node`` and of everything in it, ``node`` itself first."""
    out = [(prefix, node)]
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    for k, v in items:
        out += nodes(v, prefix + [k])
    return out


def paths(d):
    return [p for p, _ in nodes(d, [])[1:]]


def containers(d):
    return [p for p, v in nodes(d, []) if isinstance(v, dict)]


def at(d, path):
    for k in path:
        d = d[k]
    return d


def base(i):
    seats = (4, 2, 3, 5)[i % 4]
    preset = rng.choice(["somerset-1888", "hoyle", "modern"])
    if seats == 4:
        return ref.random_record(rng, preset, rng.choice((24, 32)), joker=rng.random() < 0.2,
                                 revoke_rate=0.1).record
    if rng.random() < 0.3:
        same_size = [d for d in seeds if d.get("rules", {}).get("seats", 4) == seats]
        if same_size:
            return copy.deepcopy(rng.choice(same_size))
    return ref.random_variant_record(rng, seats, preset, rng.choice(ref.VARIANT_PACKS[seats]),
                                     revoke_rate=0.1, joker=rng.random() < 0.2).record


def mutate(d):
    d = copy.deepcopy(d)
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        r = rng.random()
        ps = paths(d)
        if r < 0.6 and ps:
            p = rng.choice(ps)
            parent = at(d, p[:-1])
            parent[p[-1]] = copy.deepcopy(rng.choice(JUNK))
        elif r < 0.85:
            c = rng.choice(containers(d))
            at(d, c)[rng.choice(EXTRA)] = copy.deepcopy(rng.choice(JUNK))
        elif ps:
            p = rng.choice(ps)
            parent = at(d, p[:-1])
            if isinstance(parent, dict):
                del parent[p[-1]]
            else:
                parent.pop(p[-1])
    return d


counts = {}
disagree = []
for i in range(N):
    seats = (4, 2, 3, 5)[i % 4]
    d = mutate(base(i))
    a, b = OLD.is_valid(d), NEW.is_valid(d)
    c = counts.setdefault(seats, [0, 0, 0])
    c[0] += 1; c[1] += a; c[2] += (a != b)
    if a != b:
        disagree.append((seats, d))
print("(2) mutated records by size: {seats: [records, valid under the old schema, verdicts differing]}:", counts)
for seats, d in disagree[:10]:
    print("DIFF", seats, json.dumps(d)[:600])
    print("   old:", [("/".join(map(str, e.absolute_path)), e.message[:80]) for e in OLD.iter_errors(d)][:3])
    print("   new:", [("/".join(map(str, e.absolute_path)), e.message[:80]) for e in NEW.iter_errors(d)][:3])
