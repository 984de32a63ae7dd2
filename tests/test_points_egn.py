"""Points-only deals exported to EGN (docs/INTEROP.md): refused by default with the deal named;
with ``--lossy`` left out, the opening ones' points in ``initialScore``, every one named on
stderr and in the file's ``description``; the file valid against EGN's own JSON Schema.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from euchre_records.cli.main import main
from euchre_records.errors import UnsupportedRules
from euchre_records.interop.egn.document import egn_to_record, record_to_egn
from euchre_records.schema.notation import loads

jsonschema = pytest.importorskip("jsonschema")
from egn_support import EGN_SCHEMA, EGN_VALIDATOR   # EGN's schema, date-time enforced
EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "modern-lone-march.json"


def _mixed() -> dict[str, Any]:
    """The example's first played deal (dealt by N) between two points-only deals."""
    data = json.loads(EXAMPLE.read_text("utf-8"))
    played = data["deals"][0]
    assert played["dealer"] == "N" and played["kind"] != "points"
    data["deals"] = [{"kind": "points", "dealer": "W", "points": [0, 2]}, played,
                     {"kind": "points", "dealer": "E", "points": [1, 0]}]
    return data


def test_refused_by_default_naming_each_points_deal() -> None:
    with pytest.raises(UnsupportedRules) as caught:
        record_to_egn(loads(json.dumps(_mixed())))
    problems = [(p.where, p.what) for p in caught.value.problems if "points-only" in p.what]
    assert [w for w, _ in problems] == ["deals[0]", "deals[2]"]
    assert "N-S 0, E-W 2" in problems[0][1] and "--lossy" in problems[0][1]


def test_lossy_writes_what_egn_carries_and_names_the_rest() -> None:
    record = loads(json.dumps(_mixed()))
    doc = record_to_egn(record, lossy=True)
    EGN_VALIDATOR.validate(doc)
    assert len(doc["deals"]) == 1
    assert doc["deals"][0]["initialState"]["dealer"] == 0          # N, the played deal
    assert doc["metadata"]["initialScore"] == [0, 2]                # deal 1's points carried in
    description = doc["metadata"]["description"]
    assert description.startswith(record.event.notes or "")
    assert "deal 1, points only (N-S 0, E-W 2), its points added to initialScore" in description
    assert "deal 3, points only (N-S 1, E-W 0), its points lost" in description
    back = egn_to_record(doc)
    assert back.start_score == (0, 2) and len(back.deals) == 1


def test_a_points_deal_that_ends_a_game_is_not_folded_into_the_start() -> None:
    data = _mixed()
    data["deals"] = [{"kind": "points", "dealer": "W", "points": [10, 0]}, data["deals"][1]]
    doc = record_to_egn(loads(json.dumps(data)), lossy=True)
    assert doc["metadata"]["initialScore"] == [0, 0]   # game to 10: deal 1 ended game 1
    assert "its points lost" in doc["metadata"]["description"]


def test_the_cli_says_what_is_lost_on_stderr(tmp_path: Path) -> None:
    path = tmp_path / "mixed.json"
    path.write_text(json.dumps(_mixed()), "utf-8")
    refused = CliRunner().invoke(main, ["export", str(path), "--to", "egn"])
    assert refused.exit_code != 0 and refused.stdout == ""
    assert f"{path}: unsupported: deals[0]: a points-only deal" in refused.stderr
    lossy = CliRunner().invoke(main, ["export", str(path), "--to", "egn", "--lossy"])
    assert lossy.exit_code == 0, lossy.stderr
    assert json.loads(lossy.stdout)["metadata"]["initialScore"] == [0, 2]
    lost = [line for line in lossy.stderr.splitlines() if "points-only" in line]
    assert [line.split(": ")[2] for line in lost] == ["deals[0]", "deals[2]"]
    assert all("not in EGN" in line for line in lost)
