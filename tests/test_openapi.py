"""The OpenAPI document (``GET /openapi.json``, docs/API.md "The OpenAPI document") holds as a
contract: valid OpenAPI 3.1 (openapi-spec-validator), one camelCase ``operationId`` per
operation, listed in docs/API.md, no two templated paths for one URL, nothing free-form in our
own schemas, and every real answer of every operation as documented.

The last is checked on recorded answers: a scenario drives the real server (waitress on
127.0.0.1, the golden progressive night and the examples stored) through every operation, and
each answer — 2xx and errors — is validated against the schema documented for its status, with
``additionalProperties`` as documented. Generic over the document: an operation nobody wrote a
request for is still called when it is a GET (its path ids filled from the store), and the test
fails for any operation without a documented 2xx answer recorded.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Iterator

import httpx
import pytest

from euchre_records.api.app import create_app
from euchre_records.api.server import make_server

from auth_fixtures import make_token
from golden_cases import GOLDEN
from openapi_support import Operation, check_answer, match, operations, walk
from pages_support import run_in_thread, stop_loop

ROOT = Path(__file__).resolve().parents[1]
NIGHT = json.loads((GOLDEN / "events" / "01-progressive-night.json").read_text("utf-8"))
EXAMPLES = {p.stem: p.read_text("utf-8") for p in sorted((ROOT / "examples").glob("*.json"))}


class Answer:
    """An HTTP answer as the scenario reads it."""

    def __init__(self, resp: httpx.Response) -> None:
        self.status_code, self.text = resp.status_code, resp.text
        self.headers = {k.lower(): v for k, v in resp.headers.items()}
        try:
            self.body: Any = resp.json() if resp.content else None
        except ValueError:
            self.body = None

    def get_json(self) -> Any:
        return self.body

    def get_data(self, as_text: bool = True) -> str:
        return self.text


class Recorder:
    """An HTTP client of the running server whose every answer is kept (operation, request,
    status, headers, body)."""

    def __init__(self, base: str, doc: dict[str, Any], token: str) -> None:
        self.http = httpx.Client(base_url=base, timeout=60)
        self.doc, self.token = doc, token
        self.answers: list[tuple[Operation | None, str, int, dict[str, str], Any]] = []

    def call(self, method: str, path: str, body: Any = None, text: str | None = None,
             token: str | None = "", query_string: dict[str, str] | None = None) -> Answer:
        headers = {}
        token = self.token if token == "" else token
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if body is not None:
            text = json.dumps(body)
        if text is not None:
            headers["Content-Type"] = "application/json"
        resp = Answer(self.http.request(method, path, content=text, headers=headers,
                                        params=query_string))
        url_path = path.split("?", 1)[0]
        self.answers.append((match(self.doc, method, url_path), f"{method} {path}",
                             resp.status_code, resp.headers, resp.body))
        return resp


def _scenario(rec: Recorder, admin: str) -> dict[str, int]:
    """Every operation of the API, as a club and its director use them; returns the ids made."""
    ids: dict[str, int] = {}
    somerset = EXAMPLES["somerset-rubber"]
    assert rec.call("POST", "/validate", text=somerset, token=None).status_code == 200
    first = rec.call("POST", "/records?submitted_by=Cabot", text=somerset)
    assert first.status_code == 201, first.get_data(as_text=True)
    ids["record_id"] = first.get_json()["id"]
    assert rec.call("POST", "/records", text=somerset).status_code == 200  # a duplicate
    corrected = somerset.replace("Scored by W. B. Cabot.", "Checked.")
    fixed = rec.call("POST", f"/records?supersedes={ids['record_id']}", text=corrected)
    assert fixed.status_code == 201, fixed.get_data(as_text=True)
    for name in ("hoyle-rubber", "modern-lone-march", "club-scoresheet", "joker-32"):
        assert rec.call("POST", "/records", text=EXAMPLES[name]).status_code == 201
    gone = rec.call("POST", "/records", text=EXAMPLES["format-tour"]).get_json()["id"]
    assert rec.call("POST", f"/records/{gone}/withdraw?submitted_by=me").status_code == 201
    rid = fixed.get_json()["id"]
    for path in ("/records?per_page=2", "/records?page=2&per_page=2&from=1800",
                 f"/records/{rid}", f"/records/{rid}/result", f"/records/{gone}/result",
                 f"/records/{ids['record_id']}/history", f"/records/{gone}/history",
                 f"/records/{rid}/analysis", f"/records/{rid}/analysis",   # computed, then cached
                 "/rubbers?per_page=2", "/rubbers?page=3&per_page=2", "/rubbers?club=nobody"):
        assert rec.call("GET", path).status_code == 200, path
    rubber = rec.call("GET", "/rubbers?per_page=1").get_json()["items"][0]
    ids["rubber_id"] = rubber["id"]
    assert rec.call("GET", f"/rubbers/{rubber['id']}").status_code == 200
    name = rubber["players"]["N"]
    assert rec.call("GET", "/players/statistics", query_string={"name": name}).status_code == 200

    # a progressive night built as a director does (docs/EVENTS.md), then read every way
    made = rec.call("POST", "/events", NIGHT["event"])
    assert made.status_code == 201, made.get_data(as_text=True)
    eid = ids["event_id"] = made.get_json()["id"]
    first_round = {"tables": NIGHT["seatings"][0]["tables"]}
    assert rec.call("POST", f"/events/{eid}/rounds/1/seating", first_round).status_code == 201
    for rnd in (1, 2, 3):
        if rnd > 1:
            prev = rec.call("GET", f"/events/{eid}/rounds/{rnd - 1}").get_json()
            tables = [{"table": t["table"], "seats": {k: v["id"] for k, v in t["seats"].items()}}
                      for t in prev["next_seating"]]
            assert rec.call("POST", f"/events/{eid}/rounds/{rnd}/seating",
                            {"tables": tables}).status_code == 201
        for sitting in NIGHT["sittings"]:
            if sitting["round"] == rnd:
                stored = rec.call("POST", "/records", sitting["record"]).get_json()
                assert rec.call("POST", f"/events/{eid}/sittings",
                                {"record_id": stored["id"]}).status_code == 201
    drawn = rec.call("POST", f"/events/{eid}/rounds/4/draw", {"seed": 2026})
    assert drawn.status_code == 201 and drawn.get_json()["seed"] == 2026
    assert rec.call("GET", f"/events/{eid}/rounds/4").get_json()["draw"]["seed"] == 2026
    issued = rec.call("POST", f"/events/{eid}/rounds/1/links", {"expires_hours": 2})
    assert issued.status_code == 201, issued.get_data(as_text=True)
    link = issued.get_json()["links"][0]
    assert rec.call("GET", "/table-link", token=link["secret"]).status_code == 200
    assert rec.call("GET", f"/events/{eid}/rounds/1/links").status_code == 200
    assert rec.call("POST", f"/events/{eid}/rounds/1/links/{link['id']}/revoke").status_code == 200
    assert rec.call("GET", "/table-link", token=link["secret"]).status_code == 401
    closing = rec.call("POST", "/events", {"name": "Closed night", "format": "rubbers"}).get_json()
    assert rec.call("POST", f"/events/{closing['id']}/close", {}).status_code == 201
    assert rec.call("POST", f"/events/{closing['id']}/close", {}).status_code == 409
    assert rec.call("GET", f"/events/{closing['id']}").get_json()["closed_at"]
    league = rec.call("POST", "/events", {"name": "Winter league", "format": "league",
                                          "scoring": "progressive"}).get_json()["id"]
    rec.call("POST", "/events", {"name": "Night 1", "format": "rubbers", "league": league,
                                 "players": ["Ann", {"name": "Bob", "id": "m-7"}]})
    for path in ("/events", "/events?per_page=1&page=2", f"/events/{eid}", f"/events/{league}",
                 f"/events/{eid}/standings", f"/events/{league}/standings",
                 f"/events/{eid}/rounds/1", f"/events/{eid}/rounds/3", f"/events/{eid}/rounds/9"):
        assert rec.call("GET", path).status_code == 200, path

    # the registry
    players = rec.call("GET", "/players?q=a&per_page=3").get_json()["items"]
    pid, other = players[0]["id"], players[1]["id"]
    ids["player_id"] = pid
    assert rec.call("GET", f"/players/{pid}").status_code == 200
    assert rec.call("GET", f"/players/{pid}?event={eid}").status_code == 200
    assert rec.call("POST", f"/players/{pid}/names", {"name": "Annie", "kind": "alias"},
                    token=admin).status_code == 201
    merged = rec.call("POST", f"/players/{other}/merge", {"into": pid, "note": "typo"},
                      token=admin)
    assert merged.status_code == 201, merged.get_data(as_text=True)
    assert rec.call("GET", f"/players/{other}").status_code == 200  # merged away: merged_into
    split = rec.call("POST", f"/players/merges/{merged.get_json()['id']}/split", token=admin)
    assert split.status_code == 201, split.get_data(as_text=True)

    # errors answer in their documented shape too
    for method, path, body in (("GET", "/records/999999", None), ("GET", "/rubbers/0", None),
                               ("GET", "/records/999999/analysis", None),
                               ("GET", "/records?per_page=0", None),
                               ("GET", "/players/statistics?name=Nobody", None),
                               ("GET", "/events/999/standings", None),
                               ("POST", "/events", {"name": "x"}),
                               ("POST", f"/events/{eid}/sittings", {"record_id": 999999}),
                               ):
        assert rec.call(method, path, body).status_code >= 400
    assert rec.call("POST", f"/players/{pid}/merge", {"into": pid}, token=admin).status_code == 422
    assert rec.call("POST", "/records", text=somerset, token=None).status_code == 401
    assert rec.call("POST", "/validate", text="{nope", token=None).status_code == 400
    return ids


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: Any) -> Iterator[tuple[dict[str, Any], Recorder]]:
    """The document and the recorded answers of the real server (api/server.py, waitress on
    127.0.0.1) running the scenario."""
    path = tmp_path_factory.mktemp("openapi") / "doc.db"
    server = make_server(create_app({"DATABASE": str(path)}), host="127.0.0.1", port=0,
                         threads=4)
    run_in_thread(server)
    base = f"http://127.0.0.1:{server.effective_port}"
    try:
        doc = httpx.get(f"{base}/openapi.json", timeout=60).json()
        rec = Recorder(base, doc, make_token(path, "Somerset Club, Boston")[1])
        ids = _scenario(rec, make_token(path, "Admin", admin=True)[1])
        # an operation added later without a request here: called if it is a GET
        done = {op.label for op, *_ in rec.answers if op is not None}
        for op in operations(doc):
            if op.label not in done and op.method == "get":
                url = re.sub(r"\{(\w+)\}", lambda m: str(ids.get(m.group(1), 1)), op.path)
                rec.call("GET", url)
        yield doc, rec
    finally:
        if "rec" in locals():
            rec.http.close()
        stop_loop(server)


def test_the_document_is_valid_openapi_3_1(recorded: tuple[dict[str, Any], Recorder]) -> None:
    from openapi_spec_validator import OpenAPIV31SpecValidator

    doc = recorded[0]
    assert doc["openapi"] == "3.1.0"
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:200]}"
              for e in OpenAPIV31SpecValidator(doc).iter_errors()]
    assert errors == []


def test_an_invalid_document_is_refused_by_the_validator(
        recorded: tuple[dict[str, Any], Recorder]) -> None:
    """The validator can fail: the same document with a 3.0-only keyword in a schema."""
    from openapi_spec_validator import OpenAPIV31SpecValidator

    doc = json.loads(json.dumps(recorded[0]))
    doc["components"]["schemas"]["Saved"]["properties"]["id"]["type"] = "int"
    assert list(OpenAPIV31SpecValidator(doc).iter_errors())


def test_every_operation_has_a_stable_camel_case_id_documented_in_api_md(
        recorded: tuple[dict[str, Any], Recorder]) -> None:
    doc = recorded[0]
    api_md = (ROOT / "docs" / "API.md").read_text("utf-8")
    ids = [op.id for op in operations(doc)]
    assert len(ids) == len(set(ids)), ids
    for op in operations(doc):
        assert re.fullmatch(r"[a-z][a-zA-Z0-9]*", op.id), op.label
        row = f"| `{op.method.upper()} {op.path}` | `{op.id}` |"
        assert row in api_md, f"docs/API.md's table of operations lacks the row {row}"


def test_no_two_templated_paths_match_the_same_urls(
        recorded: tuple[dict[str, Any], Recorder]) -> None:
    shapes: dict[str, str] = {}
    for path in recorded[0]["paths"]:
        shape = re.sub(r"\{[^}]+\}", "{}", path)
        assert shape not in shapes, f"{path} and {shapes[shape]} match the same URLs"
        shapes[shape] = path


def test_our_schemas_are_typed_and_closed(recorded: tuple[dict[str, Any], Recorder]) -> None:
    """No free-form object in our own components (the notation's are its JSON Schema's): every
    object lists its properties and allows no others, or types its values; every request body
    and every answer with content has a schema."""
    doc = recorded[0]
    loose = []
    for name, schema in doc["components"]["schemas"].items():
        if name.startswith("Notation"):
            continue
        nodes = dict(walk(schema, name))
        for where, node in nodes.items():
            # a condition (if/then/else) or an in-place member of a closed object's allOf/anyOf
            # applies to that same object, closed already: it is no object schema of its own
            member = re.fullmatch(r"(.*)/(?:allOf|anyOf)/\d+", where)
            if re.search(r"/(?:if|then|else)(?:/|$)", where) or (
                    member and nodes.get(member.group(1), {}).get("additionalProperties") is False):
                continue
            if node.get("type") == "object" or "properties" in node:
                extra = node.get("additionalProperties")
                if not (isinstance(extra, dict) and extra) and extra is not False:
                    loose.append(where)
            for key in ("anyOf", "oneOf"):
                members = node.get(key, [])
                if members and (members[0] == {"type": "null"} or any(
                        m in ({"type": "object"}, {}) for m in members)):
                    loose.append(f"{where}/{key}: a catch-all member, or null first")
    for op in operations(doc):
        body = op.spec.get("requestBody")
        if body is not None:
            assert body["content"]["application/json"].get("schema"), op.label
        for status, response in op.spec["responses"].items():
            for media in response.get("content", {}).values():
                assert media.get("schema"), f"{op.label} {status}"
    assert loose == []
    assert "PaginationMetadata" not in doc["components"]["schemas"]
    assert "X-Pagination" not in json.dumps(doc)


def test_every_answer_of_every_operation_is_as_documented(
        recorded: tuple[dict[str, Any], Recorder]) -> None:
    doc, rec = recorded
    problems = []
    succeeded: set[str] = set()
    for op, request, status, headers, body in rec.answers:
        if op is None:
            problems.append(f"{request}: no documented operation answers it")
            continue
        problems += check_answer(doc, op, status, headers, body)
        if 200 <= status < 300:
            succeeded.add(op.label)
    missing = [op.label for op in operations(doc) if op.label not in succeeded]
    assert problems == []
    assert missing == [], "no 2xx answer recorded for these: add a request to _scenario"


def test_the_check_fails_an_answer_with_an_undocumented_key(
        recorded: tuple[dict[str, Any], Recorder]) -> None:
    """The conformance check can fail: a real answer with one key more, or one key less."""
    doc, rec = recorded
    op, _, status, headers, body = next(a for a in rec.answers
                                        if a[0] is not None and a[0].id == "getEvent")
    assert check_answer(doc, op, status, headers, body) == []
    assert check_answer(doc, op, status, headers, {**body, "created": "now"})
    assert check_answer(doc, op, status, headers, {k: v for k, v in body.items() if k != "name"})
    posted = next(a for a in rec.answers if a[0] is not None and a[0].id == "createEvent"
                  and a[2] == 201)
    without = {k: v for k, v in posted[3].items() if k != "location"}
    assert check_answer(doc, posted[0], 201, without, posted[4])


def test_the_replay_of_every_golden_record_matches_the_result_schema(
        recorded: tuple[dict[str, Any], Recorder]) -> None:
    """The replay result's schema holds beyond the scenario: every golden deal and law case
    (misdeals, void and thrown-in deals, no trump, redeals, revokes, claims ...) and every
    example, dumped as the API answers it, is valid by the documented ``Result``."""
    from jsonschema import Draft202012Validator

    from euchre_records.errors import RecordError
    from euchre_records.match import replay
    from euchre_records.schema.notation import loads
    from euchre_records.schema.results import dump_result

    doc = recorded[0]
    validator = Draft202012Validator({"$ref": "#/components/schemas/Result",
                                      "components": doc["components"]})
    files = sorted((GOLDEN / "deals").glob("*.json")) + sorted((GOLDEN / "laws").glob("*.json"))
    files += sorted((ROOT / "examples").glob("*.json"))
    checked, problems = 0, []
    for path in files:
        if path.name.endswith(".expected.json"):
            continue
        try:
            result = dump_result(replay(loads(path.read_text(encoding="utf-8"))))
        except RecordError:
            continue  # a case the engine refuses: it has no result
        checked += 1
        problems += [f"{path.name}: {'/'.join(map(str, e.absolute_path))}: {e.message[:200]}"
                     for e in validator.iter_errors(json.loads(json.dumps(result)))]
    assert checked > 100 and problems == []


def test_operation_ids_come_from_view_names_and_a_duplicate_is_refused() -> None:
    """The plugin's contract (api/rest/document.py): camelCase of the view's name unless one is
    given; two operations with one id stop the app from being built."""
    from flask import Flask
    from flask_smorest import Api, Blueprint

    from euchre_records.api.rest.document import (
        DuplicateOperationId, configure_document, operation_id,
    )

    assert operation_id("get_record_result") == "getRecordResult"
    assert operation_id("list_rubbers") == "listRubbers"

    def build(second_id: str | None) -> dict[str, Any]:
        app = Flask("ids")
        app.config.update(API_TITLE="t", API_VERSION="1", OPENAPI_VERSION="3.1.0")
        api = Api(app)
        configure_document(api)
        one, two = Blueprint("one", "one"), Blueprint("two", "two")

        @one.route("/a")
        def read_thing() -> str:
            return ""

        @two.route("/b")
        @two.doc(**({"operationId": second_id} if second_id else {}))
        def read_thing_again() -> str:
            return ""

        api.register_blueprint(one)
        api.register_blueprint(two)
        return dict(api.spec.to_dict())

    paths = build(None)["paths"]
    assert paths["/a"]["get"]["operationId"] == "readThing"
    assert paths["/b"]["get"]["operationId"] == "readThingAgain"
    assert build("readOther")["paths"]["/b"]["get"]["operationId"] == "readOther"
    with pytest.raises(DuplicateOperationId, match="readThing"):
        build("readThing")
