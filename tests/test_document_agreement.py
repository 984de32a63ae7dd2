"""The server answers as its OpenAPI document says, on the points schemathesis found wrong
(issue 34; tests/test_schemathesis.py runs every check of schemathesis, slowly): fast checks
here, each on a real request.

- ``Allow`` (OPTIONS, and a 405) lists exactly the methods the document gives the path (ST205),
  plus the ones HTTP gives every resource that has a GET (HEAD) and OPTIONS itself.
- The analysis of a stored record at a table of two, three or five is a documented 4xx, not a
  500 (ST101).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from euchre_records.api.app import create_app

from auth_fixtures import writing_client

ROOT = Path(__file__).resolve().parents[1]
METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


@pytest.fixture(scope="module")
def app(tmp_path_factory: Any) -> Any:
    return create_app({"DATABASE": str(tmp_path_factory.mktemp("agree") / "agree.db"),
                       "TESTING": True})


def _concrete(path: str) -> str:
    """A URL of a templated path: every parameter 1 (ids, round numbers)."""
    return re.sub(r"\{[^}]+\}", "1", path)


def test_allow_lists_the_documented_methods_of_every_path(app: Any) -> None:
    doc = app.test_client().get("/openapi.json").get_json()
    client = app.test_client()
    wrong = []
    for path, item in doc["paths"].items():
        documented = {m.upper() for m in item if m in METHODS}
        expected = documented | {"OPTIONS"} | ({"HEAD"} if "GET" in documented else set())
        answer = client.open(_concrete(path), method="OPTIONS")
        allowed = {m.strip() for m in answer.headers.get("Allow", "").split(",") if m.strip()}
        if allowed != expected:
            wrong.append(f"{path}: Allow {sorted(allowed)}, the document {sorted(expected)}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("path", ["/players/1/merge", "/players/1/names",
                                  "/players/merges/1/split"])
def test_a_get_of_a_post_only_registry_path_is_405_not_the_old_redirect(app: Any,
                                                                         path: str) -> None:
    answer = app.test_client().get(path)
    assert answer.status_code == 405, answer.get_data(as_text=True)
    assert set(answer.headers["Allow"].split(", ")) == {"OPTIONS", "POST"}
    assert answer.get_json()["error"]["code"] == "method-not-allowed"


def test_the_old_statistics_url_still_redirects(app: Any) -> None:
    answer = app.test_client().get("/players/William%20B.%20Cabot")
    assert answer.status_code == 308
    assert answer.headers["Location"] == "/players/statistics?name=William+B.+Cabot"


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
