"""load_any: our notation and EGN told apart by their content."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest

from euchre_records.errors import NotationError, UnsupportedRules
from euchre_records.interop import detect
from euchre_records.interop.detect import load_any, notation_of
from euchre_records.interop.egn.document import record_to_egn
from euchre_records.schema.notation import dumps

EGN = Path(__file__).parent / "data" / "egn" / "vwec-finals.egn"


def test_egn_and_ours_load_to_the_same_record() -> None:
    record = load_any(EGN.read_text(encoding="utf-8"))
    assert notation_of(json.loads(EGN.read_text(encoding="utf-8"))) == "egn"
    assert load_any(dumps(record)) == record
    assert load_any(json.dumps(record_to_egn(record))) == record


@pytest.mark.parametrize("text,message", [
    ("{", "not valid JSON"),
    ("[1, 2]", "not a euchre record"),
    ('{"fileType": "Bridge"}', "not a euchre record"),
    ('{"format": "euchre-records"}', "required field is missing"),
])
def test_unknown_or_broken_text(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        load_any(text)


def test_unsupported_egn_flag() -> None:
    data = json.loads(EGN.read_text(encoding="utf-8"))
    data["metadata"]["ruleset"]["num_players"] = 3     # farmers etc. are house rules we play now
    with pytest.raises(UnsupportedRules, match="metadata.ruleset.num_players"):
        load_any(json.dumps(data))


def test_doctests() -> None:
    assert doctest.testmod(detect).failed == 0
