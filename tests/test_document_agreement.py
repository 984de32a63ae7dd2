"""The server answers as its OpenAPI document says, on the points schemathesis found wrong
(issue 34; tests/test_schemathesis.py runs every check of schemathesis, slowly): fast checks
here, each on a real request.

- ``Allow`` (OPTIONS, and a 405) lists exactly the methods the document gives the path (ST205),
  plus the ones HTTP gives every resource that has a GET (HEAD) and OPTIONS itself.
- The analysis of a stored record at a table of two, three or five, a 500 once (ST101), is
  analysed now: tests/test_analysis_gate.py holds it at every table.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from euchre_records.api.app import create_app

from auth_fixtures import make_token, writing_client

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



def _body_validator(doc: dict[str, Any], path: str) -> Any:
    """A JSON Schema validator of ``POST path``'s documented body (components as ``$defs``)."""
    from jsonschema import Draft202012Validator
    text = json.dumps({"components": doc["components"]["schemas"],
                       "body": doc["paths"][path]["post"]["requestBody"]["content"]
                       ["application/json"]["schema"]})
    parts = json.loads(text.replace('"#/components/schemas/', '"#/$defs/'))
    return Draft202012Validator({**parts["body"], "$defs": parts["components"]})


ADMIN_CASES = [   # (path, body): the document and the server must agree on each
    ("/players/1/names", {"name": "\u009b]er"}),        # a C1 control character (ST202)
    ("/players/1/names", {"name": "   "}),
    ("/players/1/names", {"name": "Ann\nLee"}),
    ("/players/1/names", {"name": "Ann Lee", "kind": "alias"}),
    ("/events", {"name": "0", "format": "games", "seats": 2, "league": 1}),   # ST202
    ("/events", {"name": "0", "format": "pairs", "scoring": "progressive"}),
    ("/events", {"name": "0", "format": "games"}),
    ("/events", {"name": "0", "format": "rubbers", "seats": 3}),
    ("/events", {"name": "0", "format": "rubbers", "place_scoring": "places"}),
    ("/events", {"name": "\u0082+", "format": "rubbers"}),
    ("/events", {"name": "Night", "format": "rubbers", "players": [{}]}),
    ("/events", {"name": "Night", "format": "rubbers", "club": "a\tb"}),
    ("/events", {"name": "Night", "format": "progressive", "seats": 3}),
    ("/events", {"name": "Night", "format": "rubbers", "players": ["Ann", {"name": "Bo"}]}),
]


@pytest.mark.parametrize("path, body", ADMIN_CASES)
def test_the_document_refuses_what_the_server_refuses(tmp_path: Path, path: str,
                                                       body: dict[str, Any]) -> None:
    """A body the document allows is taken (201); one it refuses, the server refuses (422):
    the document states the store's rules these bodies meet (ST202 found them apart)."""
    app = create_app({"DATABASE": str(tmp_path / "rules.db"), "TESTING": True})
    doc = app.test_client().get("/openapi.json").get_json()
    allowed = _body_validator(doc, re.sub(r"/\d+/", "/{player_id}/", path)).is_valid(body)
    client = writing_client(app, "Admin")
    _, admin = make_token(app.config["DATABASE"], "Admin", admin=True)
    client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {admin}"
    made = client.post("/events", json={"name": "L", "format": "league",   # league 1; players
                                        "players": ["Ann", "Bo", "Cy", "Di"]})
    assert made.status_code == 201, made.get_data(as_text=True)
    answer = client.post(path, json=body)
    assert answer.status_code == (201 if allowed else 422), (allowed, answer.get_data(as_text=True))


def test_the_links_rules_are_the_presets(app: Any) -> None:
    from euchre_records.rules import PRESETS
    doc = app.test_client().get("/openapi.json").get_json()
    rules = doc["components"]["schemas"]["LinkIssue"]["properties"]["rules"]
    assert sorted(rules["enum"]) == sorted(PRESETS)


@pytest.mark.parametrize("path, body", [("/players/99/names", {"name": "Ann"}),
                                        ("/players/99/merge", {"into": 1}),
                                        ("/players/merges/99/split", None)])
def test_an_unknown_id_in_a_registry_path_is_404(tmp_path: Path, path: str,
                                                 body: dict[str, Any] | None) -> None:
    app = create_app({"DATABASE": str(tmp_path / "reg.db"), "TESTING": True})
    client = app.test_client()
    _, admin = make_token(app.config["DATABASE"], "Admin", admin=True)
    answer = client.post(path, json=body, headers={"Authorization": f"Bearer {admin}"})
    assert answer.status_code == 404, answer.get_data(as_text=True)
    assert answer.get_json()["error"]["code"] == "not-found"


RULE_CASES = [{"fixed_deals": 5}, {"fixed_deals": 5, "game_points": None}, {"game_points": None},
              {"game_points": 0}, {"fixed_deals": 0, "game_points": None},
              {"allow_no_trump": True, "joker": True}, {"allow_no_trump": True},
              {"fixed_deals": 5, "game_points": None, "rubber": "none"}, {"game_points": 7}]


@pytest.mark.parametrize("overrides", RULE_CASES)
@pytest.mark.parametrize("seats", [4, 3])
@pytest.mark.parametrize("preset", ["hoyle", "modern"])
def test_the_schema_and_the_reader_agree_on_the_rule_options(app: Any, overrides: dict[str, Any],
                                                             seats: int, preset: str) -> None:
    """The rule options' cross-checks (Rules.check: exactly one of game_points and fixed_deals,
    each at least 1, no fixed deals in a rubber, not no-trump with the joker) are the schema's
    too: a record it allows, POST /validate takes (ST202 found one apart)."""
    from jsonschema import Draft202012Validator
    from euchre_records.schema.jsonschema_gen import generate_json_schema
    record = {"format": "euchre-records", "version": "1.0", "deals": [],
              "rules": {"preset": preset, "seats": seats, "overrides": overrides}}
    allowed = Draft202012Validator(generate_json_schema()).is_valid(record)
    answer = app.test_client().post("/validate", json=record)
    assert answer.status_code == (200 if allowed else 422), (allowed, answer.get_data(as_text=True))
