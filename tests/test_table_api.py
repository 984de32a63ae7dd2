"""The HTTP API with records at tables of two, three and five (docs/API.md "Tables of two, three
and five"): stored (201) with the scores per player, read back, listed by seats and variant, and
every answer checked against the OpenAPI document; bad input a located 4xx, never a 500.

Oracles: the hand-worked expectations of tests/golden/variants; the OpenAPI document for the
shapes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from euchre_records.api.app import create_app
from auth_fixtures import writing_client
from golden_cases import cases, expected
from openapi_support import check_answer, match

VARIANTS = cases("variants")
CUT_TIE = VARIANTS[10]      # 11: cut-throat from [8, 8, 5]: [11, 10, 5], seat 0 wins
CUT_MARCH = VARIANTS[3]     # 04: cut-throat march, 3 to the maker


@pytest.fixture
def client(tmp_path: Path) -> Any:
    app = create_app({"DATABASE": str(tmp_path / "api.db"), "TESTING": True})
    return writing_client(app)


@pytest.fixture
def doc(client: Any) -> dict[str, Any]:
    return client.get("/openapi.json").get_json()  # type: ignore[no-any-return]


def _post(client: Any, path: str, text: str) -> Any:
    return client.post(path, data=text, content_type="application/json")


def _checked(doc: dict[str, Any], method: str, url: str, resp: Any) -> Any:
    op = match(doc, method, url.split("?")[0])
    assert op is not None, url
    headers = {k.lower(): v for k, v in resp.headers.items()}
    body = resp.get_json() if resp.data else None
    assert check_answer(doc, op, resp.status_code, headers, body) == []
    return body


def _named(path: Path, names: dict[str, str]) -> str:
    data = json.loads(path.read_text(encoding="utf-8"))
    data["players"] = {seat: {"name": name} for seat, name in names.items()}
    return json.dumps(data)


def test_post_a_cutthroat_game_answers_its_scores_per_player(client: Any, doc: dict[str, Any]) -> None:
    game = expected(CUT_TIE)["games"][0]
    resp = _post(client, "/records", _named(CUT_TIE, {"0": "Ann", "1": "Bo", "2": "Cy"}))
    assert resp.status_code == 201, resp.get_data(as_text=True)
    body = _checked(doc, "POST", "/records", resp)
    summary = body["summary"]
    assert (summary["seats"], summary["variant"], summary["rubber"]) == (3, "cut-throat", None)
    assert summary["winner"] == game["winner"] == "0"
    assert [s["score"] for s in summary["scores"]] == game["score"] == [11, 10, 5]
    assert [s["player"] for s in summary["scores"]] == ["Ann", "Bo", "Cy"]
    again = _post(client, "/records", _named(CUT_TIE, {"0": "Ann", "1": "Bo", "2": "Cy"}))
    assert again.status_code == 200 and again.get_json()["duplicate"] is True

    url = body["links"]["record"]
    record = _checked(doc, "GET", url, client.get(url))
    assert (record["seats"], record["variant"]) == (3, "cut-throat")
    assert record["players"] == {"0": "Ann", "1": "Bo", "2": "Cy"}
    assert record["record"]["rules"]["seats"] == 3
    result = _checked(doc, "GET", body["links"]["result"], client.get(body["links"]["result"]))
    assert [d["points"] for d in result["deals"]] == [d["points"] for d in expected(CUT_TIE)["deals"]]
    assert result["games"][0]["winner"] == "0" and result["rubber"] is None


@pytest.mark.parametrize("path", VARIANTS, ids=lambda p: p.stem)
def test_every_variant_golden_is_stored_and_documented(client: Any, doc: dict[str, Any],
                                                       path: Path) -> None:
    resp = _post(client, "/records", path.read_text(encoding="utf-8"))
    assert resp.status_code == 201, resp.get_data(as_text=True)
    body = _checked(doc, "POST", "/records", resp)
    exp = expected(path)
    deals = exp["deals"] if "deals" in exp else [exp]
    result = _checked(doc, "GET", body["links"]["result"], client.get(body["links"]["result"]))
    for want, got in zip(deals, result["deals"]):
        if "points" in want:
            assert got["points"] == want["points"], exp["why"]
    validated = _checked(doc, "POST", "/validate", _post(client, "/validate", path.read_text()))
    assert validated == result


def test_listing_by_seats_and_variant(client: Any, doc: dict[str, Any]) -> None:
    ids = {}
    for path in VARIANTS:
        ids[path.stem] = _post(client, "/records", path.read_text(encoding="utf-8")).get_json()["id"]
    three = _checked(doc, "GET", "/records", client.get("/records?seats=3&per_page=100"))
    assert {r["id"] for r in three["items"]} == {i for s, i in ids.items() if "cutthroat" in s}
    assert {r["variant"] for r in three["items"]} == {"cut-throat"}
    five = _checked(doc, "GET", "/records",
                    client.get("/records?variant=call-your-partner&per_page=100"))
    assert {r["id"] for r in five["items"]} == {i for s, i in ids.items() if "five-handed" in s}
    assert client.get("/records?seats=4").get_json()["total"] == 0
    for query, field in (("seats=6", "seats"), ("seats=x", "seats"), ("variant=euchre", "variant")):
        bad = client.get(f"/records?{query}")
        assert bad.status_code == 422, query
        assert [p["where"] for p in bad.get_json()["error"]["problems"]] == [f"query.{field}"]


def _with(path: Path, change: Any) -> str:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize("change, where", [
    (lambda d: d["rules"].update(seats=9), "rules.seats"),
    (lambda d: d["rules"].update(seats=6), "rules.seats"),
    (lambda d: d["deals"][0]["tricks"].__setitem__(0, "AH KH"), "deals[0].tricks[0]"),
    (lambda d: d["rules"].update(preset=["modern"]), "rules.preset"),
    (lambda d: d["deals"][0].update(dealer="7"), "deals[0].dealer"),
])
def test_bad_records_of_n_are_located_errors(client: Any, doc: dict[str, Any], change: Any,
                                             where: str) -> None:
    resp = _post(client, "/records", _with(CUT_MARCH, change))
    assert resp.status_code == 422, resp.get_data(as_text=True)
    body = _checked(doc, "POST", "/records", resp)
    assert any(p["where"].startswith(where) for p in body["error"]["problems"]), body
