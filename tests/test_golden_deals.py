"""Golden deals: single-deal records replayed by the engine and checked against results worked out by
hand from the rule books (not from the engine).

Each ``tests/golden/deals/NN-name.json`` is a record in our notation; its twin
``NN-name.expected.json`` holds the hand-worked result and the reasoning behind it (``why``, with rule
numbers). Either the replay result::

    {"why": ..., "trump": "H", "maker": "E", "alone": false, "winners": ["N", ...],
     "tricks": [ns, ew], "points": [ns, ew], "leaders": ["E", ...],
     "findings": [{"kind": "revoke", "seat": "W", "trick": 3, "status": "established", "points": [ns, ew]}]}

or, for an impossible record, the error it must raise::

    {"why": ..., "error": "substring of the message", "where": "deals[0].tricks[2][3]"}

``leaders`` (and, rarely, ``findings``) may be left out; they are then not compared; each
expected finding gives all five keys. ``notes_contain`` lists texts the deal's notes must contain
(what the laws did that is no breach). Any other key is refused (``KEYS``).
``where`` must be the start of the error's location (the engine may be more precise, never less).
An expected file with an ``xfail`` key is a case where the rule books and the engine disagree: the
test is marked ``xfail(strict=True)`` with that reason, so a fix to the engine turns it green loudly.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from golden_cases import cases, params, replay_case, seat_name

from euchre_records.model import DealResult

OPTIONAL = ("leaders", "findings")   # compared only when the expected file gives them
CASES = cases("deals")
FINDING = {"kind": None, "seat": None, "trick": None, "status": None, "points": None}
KEYS = {"why": None, "xfail": None, "error": None, "where": None, "trump": None, "maker": None,
        "alone": None, "leaders": None, "winners": None, "tricks": None, "points": None,
        "findings": [FINDING], "notes_contain": None}
"""Every key an expected file may hold: each is checked by ``test_golden_deal``."""


def _observed(deal: DealResult) -> dict[str, Any]:
    """The replay result in the shape of an expected file."""
    return {
        "trump": None if deal.trump is None else deal.trump.value,
        "maker": seat_name(deal.maker),
        "alone": deal.alone,
        "leaders": [s.name for s in deal.leaders],
        "winners": [s.name for s in deal.winners],
        "tricks": list(deal.tricks),
        "points": list(deal.points),
        "findings": [
            {"kind": f.kind.value, "seat": seat_name(f.seat), "trick": f.trick, "status": f.status,
             "points": list(f.points)}
            for f in deal.findings
        ],
    }


def test_there_are_enough_golden_deals() -> None:
    assert len(CASES) >= 14
    for path in CASES:
        assert path.with_suffix(".expected.json").exists(), f"{path.name} has no expected file"


@pytest.mark.parametrize("path", params(CASES))
def test_golden_deal(path: Path) -> None:
    expected, why, result = replay_case(path, KEYS)
    if result is None:
        return   # an impossible record, refused as expected
    assert len(result.deals) == 1
    observed = _observed(result.deals[0])
    for key in ("trump", "maker", "alone", "leaders", "winners", "tricks", "points", "findings"):
        if key in OPTIONAL and key not in expected:
            continue
        assert observed[key] == expected[key], f"{key}: engine {observed[key]!r}, " \
                                               f"by hand {expected[key]!r}{why}"
    for text in expected.get("notes_contain", []):   # what the laws did that is no breach
        assert any(text in n for n in result.deals[0].notes), f"no note says {text!r}{why}"
