"""Shared by the golden tests: the cases of a folder (record + ``.expected.json`` worked out by
hand), their expectations, and pytest parameters (an expected file with ``xfail`` is a strict
xfail: the engine disagrees with the rule books there)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from euchre_records.schema.notation import loads

from euchre_records.errors import RecordError
from euchre_records.match import replay
from euchre_records.model import ReplayResult

GOLDEN = Path(__file__).parent / "golden"


def cases(folder: str) -> list[Path]:
    """The record files of ``tests/golden/<folder>``, in name order."""
    return sorted(p for p in (GOLDEN / folder).glob("*.json") if not p.name.endswith(".expected.json"))


def expected(record: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(record.with_suffix(".expected.json").read_text(encoding="utf-8"))
    return data


def params(paths: list[Path]) -> list[Any]:
    out = []
    for path in paths:
        reason = expected(path).get("xfail")
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        out.append(pytest.param(path, id=path.stem, marks=marks))
    return out


def replay_case(path: Path) -> tuple[dict[str, Any], str, ReplayResult | None]:
    """(expectation, its reasoning for messages, the replay). An expected ``error`` is checked
    here — some problem contains it at a place starting with ``where`` — and the replay is None."""
    exp = expected(path)
    why = f"\n{path.name} -- worked by hand:\n{exp['why']}"
    text = path.read_text(encoding="utf-8")
    if "error" not in exp:
        return exp, why, replay(loads(text))
    with pytest.raises(RecordError) as caught:
        replay(loads(text))
    problems = caught.value.problems
    assert any(exp["error"] in p.what and p.where.startswith(exp["where"]) for p in problems), \
        f"expected {exp['error']!r} at {exp['where']}, got {[str(p) for p in problems]}{why}"
    return exp, why, None


def seat_name(seat: Any) -> str | None:
    return None if seat is None else str(seat.name)
