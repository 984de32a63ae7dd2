"""The server answers as its OpenAPI document says, on the points schemathesis found wrong
(issue 34; tests/test_schemathesis.py runs every check of schemathesis, slowly): fast checks
here, each on a real request.

- The analysis of a stored record at a table of two, three or five is a documented 4xx, not a
  500 (ST101).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from euchre_records.api.app import create_app

from auth_fixtures import writing_client

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def app(tmp_path_factory: Any) -> Any:
    return create_app({"DATABASE": str(tmp_path_factory.mktemp("agree") / "agree.db"),
                       "TESTING": True})


@pytest.mark.parametrize("example", ["two-handed-game.json", "cutthroat-game.json",
                                     "five-handed-game.json"])
def test_the_analysis_of_a_record_at_a_table_of_n_is_a_4xx_not_a_500(app: Any,
                                                                       example: str) -> None:
    client = writing_client(app)
    text = (ROOT / "examples" / example).read_text(encoding="utf-8")
    saved = client.post("/records", data=text, content_type="application/json")
    assert saved.status_code in (200, 201), saved.get_data(as_text=True)
    answer = client.get(f"/records/{saved.get_json()['id']}/analysis")
    assert 400 <= answer.status_code < 500, answer.get_data(as_text=True)
    error = answer.get_json()["error"]
    assert error["status"] == answer.status_code and error["message"]
    assert error["code"] in {"unsupported-rules", "invalid-record"}
