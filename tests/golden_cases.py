"""Shared by the golden tests: the cases of a folder (record + ``.expected.json`` worked out by
hand), their expectations, and pytest parameters (an expected file with ``xfail`` is a strict
xfail: the engine disagrees with the rule books there).

The loader refuses a key that its test does not check (``expected(path, keys)``): a check
written in the wrong place (say ``notes_contain`` inside a deal of a law case, where nothing
reads it) fails loudly instead of never running.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Mapping

import pytest

from euchre_records.errors import RecordError
from euchre_records.match import replay
from euchre_records.model import Record, ReplayResult
from euchre_records.schema.notation import load_any, parse_json

GOLDEN = Path(__file__).parent / "golden"

Keys = Mapping[str, Any]
"""Allowed keys of an expected file: ``{key: None}`` for a plain value, ``{key: Keys}`` for an
object checked in turn, ``{key: [Keys]}`` for a list of such objects."""


def cases(folder: str) -> list[Path]:
    """The record files of ``tests/golden/<folder>``, in name order."""
    return sorted(p for p in (GOLDEN / folder).glob("*.json") if not p.name.endswith(".expected.json"))


def unknown_keys(value: Any, keys: Keys, where: str = "") -> list[str]:
    """The places in ``value`` holding a key that ``keys`` does not allow."""
    if not isinstance(value, dict):
        return [f"{where or 'the file'}: expected an object"]
    out = []
    for key, item in value.items():
        at = f"{where}.{key}" if where else key
        if key not in keys:
            out.append(f"{at}: unknown key (the test checks only {', '.join(sorted(keys))})")
            continue
        spec = keys[key]
        if isinstance(spec, list):
            if not isinstance(item, list):
                out.append(f"{at}: expected a list")
                continue
            for i, element in enumerate(item):
                out += unknown_keys(element, spec[0], f"{at}[{i}]")
        elif spec is not None:
            out += unknown_keys(item, spec, at)
    return out


def expected(record: Path, keys: Keys | None = None) -> dict[str, Any]:
    """The hand-worked expectation of ``record``; with ``keys``, refused (a test failure) when
    it holds a key the test does not check."""
    data: dict[str, Any] = json.loads(record.with_suffix(".expected.json").read_text(encoding="utf-8"))
    if keys is not None:
        problems = unknown_keys(data, keys)
        if problems:
            pytest.fail(f"{record.with_suffix('.expected.json').name}: " + "; ".join(problems))
    return data


def params(paths: list[Path]) -> list[Any]:
    out = []
    for path in paths:
        reason = expected(path).get("xfail")
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        out.append(pytest.param(path, id=path.stem, marks=marks))
    return out


def load(text: str) -> Record:
    """The record of a golden file at any table: the one loader, which reads ``rules.seats``."""
    return load_any(parse_json(text))


def replay_case(path: Path, keys: Keys | None = None) -> tuple[dict[str, Any], str, ReplayResult | None]:
    """(expectation, its reasoning for messages, the replay). An expected ``error`` is checked
    here — some problem contains it at a place starting with ``where`` — and the replay is None.
    Every table's records go through the one loader (:func:`load`).
    ``keys``: see :func:`expected`."""
    exp = expected(path, keys)
    why = f"\n{path.name} -- worked by hand:\n{exp['why']}"
    text = path.read_text(encoding="utf-8")
    if "error" not in exp:
        return exp, why, replay(load(text))
    with pytest.raises(RecordError) as caught:
        replay(load(text))
    problems = caught.value.problems
    assert any(exp["error"] in p.what and p.where.startswith(exp["where"]) for p in problems), \
        f"expected {exp['error']!r} at {exp['where']}, got {[str(p) for p in problems]}{why}"
    return exp, why, None


def seat_name(seat: Any) -> str | None:
    return None if seat is None else str(seat.name)
