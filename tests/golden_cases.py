"""Shared by the golden tests: the cases of a folder (record + ``.expected.json`` worked out by
hand), their expectations, and pytest parameters (an expected file with ``xfail`` is a strict
xfail: the engine disagrees with the rule books there)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

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


def seat_name(seat: Any) -> str | None:
    return None if seat is None else str(seat.name)
