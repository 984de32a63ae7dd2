"""Issue 32's byte-identity check: every golden and example gives today what it gave at the base
revision (tests/golden/pinned/outputs.json, written by ``python tests/pinned_outputs.py --base
4b88136`` with the code of that revision): canonical text and sha256 byte for byte, the replay
JSON field for field, the CLI's scoresheet line for line, and the located problems of a record
refused. A failure names the file and the first JSON path that differs.

A difference is a fix only if it names its rule and golden; the snapshot is then written again
from the revision that makes the fix, never edited by hand.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

import pytest

from pinned_outputs import SNAPSHOT_PATH, first_difference, outputs, record_files

ROOT = Path(__file__).resolve().parents[1]
SNAPSHOT: dict[str, Any] = json.loads(ROOT.joinpath(*SNAPSHOT_PATH).read_text(encoding="utf-8"))
PINNED: dict[str, dict[str, Any]] = SNAPSHOT["outputs"]


@functools.cache
def current() -> dict[str, dict[str, Any]]:
    return outputs(ROOT)


def test_the_snapshot_covers_every_record_file() -> None:
    """A record file added since the snapshot is covered by its own goldens, not by this test;
    one the snapshot holds must still be there."""
    files = {p.relative_to(ROOT).as_posix() for p in record_files(ROOT)}
    assert set(PINNED) <= files
    assert sum(1 for e in PINNED.values() if e.get("seats") == 4) >= 100
    assert {e.get("seats") for e in PINNED.values()} >= {2, 3, 4, 5, None}


@pytest.mark.parametrize("name", sorted(PINNED))
def test_outputs_are_those_of_the_base(name: str) -> None:
    before = PINNED[name]
    after = current()[name]
    assert after["input"] == before["input"], f"{name}: the input itself changed"
    difference = first_difference(before, after)
    assert difference is None, f"{name}: {difference}"


def test_first_difference_names_the_path() -> None:
    """The comparison can fail, and says where: one byte of a dump, one replay field."""
    name = next(n for n, e in PINNED.items() if e.get("seats") == 4)
    entry = PINNED[name]
    changed = dict(entry, canonical=entry["canonical"].replace('"', "'", 1))
    line = 2   # "{" and then the first field, "format"
    assert first_difference(entry, changed) == (
        f".canonical line {line}: " + repr(entry["canonical"].splitlines()[line - 1])
        + " became " + repr(changed["canonical"].splitlines()[line - 1]))
    result = json.loads(json.dumps(entry["result"]))
    result["deals"][0]["points"]["ns"] += 1
    assert first_difference(entry, dict(entry, result=result)) == (
        f".result.deals[0].points.ns: {entry['result']['deals'][0]['points']['ns']!r} became "
        f"{result['deals'][0]['points']['ns']!r}")
