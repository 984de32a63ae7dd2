"""Mutation fuzz of the notation, EGN (JSON and binary) and EMN readers through the whole ingest
path (slow).

From a corpus of real records (examples, golden deals and laws, EGN samples, generated rubbers)
it makes >= 10,000 mutants, seeded, and sends each through everything a stored record goes
through: parse, load, replay, canonical text, hash and store rows (``ingest.prepare`` then
``rows.rows_of``). The oracle is the contract, not the code: every input either becomes a
Submission whose canonical text loads back to the same record, or raises one of the project's
own errors (RecordError: NotationError, InconsistentRecord, UnsupportedRules). Anything else,
an exception of another type, a problem without a message, or a canonical text that does not
load back, is a failure, reported with the seed that makes it. Binary EGN files (bytes flipped,
inserted, cut) and EMN matches (structural and textual mutants) go through their own readers and
then the same path, every game of a match included.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Callable

import pytest

from euchre_records.api.store.ingest import prepare, prepare_record
from euchre_records.api.store.rows import rows_of
from euchre_records.testkit.samples import random_texts
from euchre_records.errors import RecordError
from euchre_records.schema.notation import dumps, loads
from euchre_records.schema.tables import load_any
from json_paths import json_paths

ROOT = Path(__file__).resolve().parents[1]
MUTANTS = int(__import__("os").environ.get("FUZZ_MUTANTS", "10000"))
SEED = 20261201


def corpus() -> list[Any]:
    docs: list[Any] = []
    paths = sorted(ROOT.glob("examples/*.json")) + sorted(ROOT.glob("tests/golden/*/*.json"))
    paths += sorted(ROOT.glob("tests/data/egn/*.egn"))
    for path in paths:
        if path.name.endswith(".expected.json"):
            continue
        try:
            docs.append(json.loads(path.read_text(encoding="utf-8-sig")))
        except ValueError:
            continue
    docs += [json.loads(t) for t in random_texts(20, start_seed=77)]
    return docs


NASTY: list[Any] = [
    0, -1, 1, 2, 5, 7, 100_001, -(10**18), 10**19, 2**63, 1.5, -0.0, 1e308, True, False, None,
    "", " ", "\u0000", "\ud800", "\udfff", "x\u001b[2J", "\u202e", "N", "Q", "AH", "JK", "??", "10h",
    "pass", "order alone", "H", "claim", "full", "result", "plays", "2026-02-30", "9999-12-31",
    "a" * 5000, [], {}, [[]], [None], ["AH"], [1, 2], [1, 2, 3], {"": None}, {"kind": "claim"},
    [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],
]


def _get(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def _set(doc: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    _get(doc, path[:-1])[path[-1]] = new
    return doc


def _structural(rng: random.Random, doc: Any) -> Any:
    doc = json.loads(json.dumps(doc))
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        paths = json_paths(doc)
        path = rng.choice(paths)
        parent = _get(doc, path[:-1]) if path else None
        roll = rng.random()
        if roll < 0.45:
            doc = _set(doc, path, json.loads(json.dumps(rng.choice(NASTY))))
        elif roll < 0.6 and path:
            if isinstance(parent, dict):
                del parent[path[-1]]
            else:
                parent.pop(path[-1])
        elif roll < 0.7 and path and isinstance(parent, list):
            parent.insert(path[-1], json.loads(json.dumps(parent[path[-1]])))
        elif roll < 0.8:
            donor = _get(doc, rng.choice(paths))
            doc = _set(doc, path, json.loads(json.dumps(donor)))
        elif roll < 0.9 and isinstance(_get(doc, path), dict):
            _get(doc, path)[rng.choice(["kind", "seat", "x", "tricks", "name", "date"])] = rng.choice(NASTY[:40])
        elif isinstance(_get(doc, path), str):
            text = _get(doc, path)
            if text:
                i = rng.randrange(len(text))
                text = text[:i] + rng.choice(["", " ", "X", "9", "\u0000", "é", text[i] * 2]) + text[i + 1:]
            doc = _set(doc, path, text)
    return doc


def _textual(rng: random.Random, text: str) -> str:
    roll = rng.random()
    if roll < 0.25 and len(text) > 2:
        return text[: rng.randrange(len(text))]                     # truncated
    if roll < 0.5:
        i = rng.randrange(len(text))
        return text[:i] + rng.choice(["{", "}", "[", "]", ",", ":", '"', "\\", "\\u", "\\ud800",
                                      "1" * 5000, "NaN", " ", "\u0000"]) + text[i:]
    if roll < 0.75:                                                 # a key repeated
        i = text.find('"', rng.randrange(len(text)))
        j = text.find('":', i + 1)
        if 0 <= i < j:
            key = text[i:j + 2]
            k = text.find("{", rng.randrange(len(text)))
            if k >= 0:
                return text[:k + 1] + key + " 1," + text[k + 1:]
        return text
    i = rng.randrange(len(text))                                    # bytes swapped
    j = rng.randrange(len(text))
    chars = list(text)
    chars[i], chars[j] = chars[j], chars[i]
    return "".join(chars)


def mutant(rng: random.Random, docs: list[Any]) -> str:
    doc = rng.choice(docs)
    if rng.random() < 0.7:
        return json.dumps(_structural(rng, doc), ensure_ascii=rng.random() < 0.5)
    return _textual(rng, json.dumps(doc, indent=rng.choice([None, 2])))


def check(text: str) -> str | None:
    """None when the contract holds for ``text``; else what broke."""
    try:
        sub = prepare(text)
        rows_of(sub)
    except RecordError as exc:
        if not exc.problems or not all(p.what for p in exc.problems):
            return f"{type(exc).__name__} without a message"
        return None
    except Exception as exc:  # the failure this test exists to find
        return f"{type(exc).__name__}: {exc}"[:300]
    try:
        again = load_any(json.loads(sub.canonical))
    except RecordError as exc:
        return f"the canonical text does not load back: {exc}"[:300]
    if dumps(again) != sub.canonical:
        return "the canonical text is not stable"
    return None


@pytest.mark.slow
def test_ten_thousand_mutants_only_ever_raise_the_projects_own_errors() -> None:
    docs = corpus()
    assert len(docs) >= 40
    failures: list[str] = []
    valid = 0
    for i in range(MUTANTS):
        rng = random.Random(SEED + i)
        text = mutant(rng, docs)
        broke = check(text)
        if broke is None:
            valid += not _raises(text)
        elif len(failures) < 15:
            failures.append(f"seed {SEED + i}: {broke}")
    assert not failures, "\n".join(failures)
    assert valid > MUTANTS // 50  # the mutants reach the replay, not only the parser


def _raises(text: str) -> bool:
    try:
        prepare(text)
    except RecordError:
        return True
    return False


def test_the_mutator_is_deterministic_for_a_seed() -> None:
    docs = corpus()
    assert mutant(random.Random(5), docs) == mutant(random.Random(5), docs)


def test_a_known_crash_class_is_caught_by_the_check() -> None:
    # The check itself must be able to fail: a text that once crashed (a long integer) is
    # fine now, and a non-RecordError from the pipeline is reported, not swallowed.
    assert check('{"format": "euchre-records", "n": ' + "1" * 5000 + "}") is None
    boom: Callable[[str], Any] = lambda text: (_ for _ in ()).throw(KeyError("x"))
    import euchre_records.api.store.ingest as ingest_module
    real = globals()["prepare"]
    globals()["prepare"] = boom
    try:
        assert check("{}") == "KeyError: 'x'"
    finally:
        globals()["prepare"] = real
    assert ingest_module.prepare is real


# --- EGN binary and EMN: the other foreign inputs, through their own ingest paths (issue 22) -----

def _egn_binary() -> Any:
    from euchre_records.interop.egn.binary import egnb_to_egn
    return egnb_to_egn


def _emn_reader() -> Any:
    from euchre_records.interop.emn import emn_to_match
    return emn_to_match


def binary_mutant(rng: random.Random, blobs: list[bytes]) -> bytes:
    """A binary EGN file with bytes flipped, inserted, deleted or the file cut."""
    data = bytearray(rng.choice(blobs))
    for _ in range(rng.choice([1, 1, 2, 4, 8])):
        roll, i = rng.random(), rng.randrange(len(data))
        if roll < 0.5:
            data[i] = rng.randrange(256)
        elif roll < 0.7:
            data.insert(i, rng.choice([0, 0x7F, 0x80, 0xFF, rng.randrange(256)]))
        elif roll < 0.85 and len(data) > 2:
            del data[i]
        else:
            data = data[:max(1, i)]
    return bytes(data)


def check_binary(data: bytes) -> str | None:
    """None when a binary EGN file becomes a Submission or one of the project's errors."""
    try:
        doc = _egn_binary()(data)
    except RecordError as exc:
        return None if exc.problems and all(p.what for p in exc.problems) else "no message"
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"[:300]
    return check(json.dumps(doc, ensure_ascii=False))


def check_emn(text: str) -> str | None:
    """None when an EMN text is read into a match (every game a record that stores) or refused
    with one of the project's errors."""
    from euchre_records.schema.notation import parse_json
    try:
        match = _emn_reader()(parse_json(text))
        for game in match.games:
            sub = prepare_record(game.record)
            rows_of(sub)
            loads(sub.canonical)
    except RecordError as exc:
        return None if exc.problems and all(p.what for p in exc.problems) else "no message"
    except Exception as exc:
        return f"{type(exc).__name__}: {exc}"[:300]
    return None


FOREIGN_MUTANTS = int(__import__("os").environ.get("FUZZ_FOREIGN_MUTANTS", "1500"))


@pytest.mark.slow
def test_binary_egn_and_emn_mutants_only_ever_raise_the_projects_own_errors() -> None:
    blobs = [p.read_bytes() for p in sorted(ROOT.glob("tests/data/egn/binary/*.egnb"))]
    emn = [json.loads(p.read_text()) for p in sorted(ROOT.glob("tests/data/emn/*.emn"))]
    assert len(blobs) >= 6 and len(emn) >= 2
    failures: list[str] = []
    for i in range(FOREIGN_MUTANTS):
        rng = random.Random(SEED + 10**6 + i)
        broke = check_binary(binary_mutant(rng, blobs))
        if broke is None:
            text = (json.dumps(_structural(rng, rng.choice(emn))) if rng.random() < 0.8
                    else _textual(rng, json.dumps(rng.choice(emn))))
            broke = check_emn(text)
            kind = "EMN"
        else:
            kind = "EGN binary"
        if broke is not None and len(failures) < 15:
            failures.append(f"{kind}, seed {SEED + 10**6 + i}: {broke}")
    assert not failures, "\n".join(failures)


def test_the_foreign_checks_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    assert check_binary(b"\x00") is None             # refused with the project's error
    assert check_emn("{}") is None
    boom: Callable[..., Any] = lambda *a: (_ for _ in ()).throw(TypeError("deep"))
    monkeypatch.setitem(globals(), "_emn_reader", lambda: boom)
    monkeypatch.setitem(globals(), "_egn_binary", lambda: boom)
    assert check_emn("{}") == "TypeError: deep"
    assert check_binary(b"\x00") == "TypeError: deep"
