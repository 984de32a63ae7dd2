"""The HTTP API through Flask's test client on a temporary database: every endpoint and every
error path (400, 404, 405 with Allow, 409, 413, 415, 422), duplicates and corrections; records at
tables of two, three and five (docs/API.md "Tables of two, three and five") stored with the
scores per player, read back, listed by seats and variant, every answer checked against the
OpenAPI document, bad input a located 422 at every table size.

Oracles: the hand-worked expectations of tests/golden/variants; the OpenAPI document for the
shapes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from euchre_records.api.app import create_app
from euchre_records.testkit.samples import random_texts

from auth_fixtures import bearer, make_token, writing_client
from golden_cases import cases, expected
from openapi_support import check_answer, match

TEXTS = list(random_texts(3, start_seed=100))
VARIANTS = cases("variants")    # tests/golden/variants: the tables of two, three and five
CUT_TIE = VARIANTS[10]      # 11: cut-throat from [8, 8, 5]: [11, 10, 5], seat 0 wins
CUT_MARCH = VARIANTS[3]     # 04: cut-throat march, 3 to the maker


@pytest.fixture
def app(tmp_path):
    return create_app({"DATABASE": str(tmp_path / "api.db"), "TESTING": True,
                       "MAX_CONTENT_LENGTH": 64 * 1024})


@pytest.fixture
def client(app):
    """Writes with a club's token; requests without one are tested in test_permissions.py."""
    return writing_client(app)


def post(client, path: str, text: str, **kwargs):
    return client.post(path, data=text, content_type="application/json", **kwargs)


def assert_error(resp, status: int, code: str | None = None) -> dict:
    assert resp.status_code == status, resp.get_data(as_text=True)
    assert resp.mimetype == "application/json"
    body = resp.get_json()["error"]
    assert body["status"] == status and set(body) >= {"code", "message", "problems"}
    if code:
        assert body["code"] == code
    return body


@pytest.fixture
def doc(client: Any) -> dict[str, Any]:
    return client.get("/openapi.json").get_json()  # type: ignore[no-any-return]


def _checked(doc: dict[str, Any], method: str, url: str, resp: Any) -> Any:
    """The answer's body, after checking status, headers and body against the OpenAPI document."""
    op = match(doc, method, url.split("?")[0])
    assert op is not None, url
    headers = {k.lower(): v for k, v in resp.headers.items()}
    body = resp.get_json() if resp.data else None
    assert check_answer(doc, op, resp.status_code, headers, body) == []
    return body


def mangled(text: str, **changes) -> str:
    data = json.loads(text)
    data.update(changes)
    return json.dumps(data)


def test_validate_returns_the_replay_and_stores_nothing(client):
    resp = post(client, "/validate", TEXTS[0])
    assert resp.status_code == 200
    result = resp.get_json()
    assert result["rubber"]["finished"] is True and result["findings"] == []
    assert client.get("/records").get_json()["total"] == 0


def test_post_record_then_read_it_back(client):
    resp = post(client, "/records", TEXTS[0], headers={"X-Submitted-By": "the scorer"})
    assert resp.status_code == 201
    body = resp.get_json()
    rid = body["id"]
    assert body["duplicate"] is False and body["summary"]["rubber"]["finished"] is True
    assert resp.headers["Location"] == f"/records/{rid}"
    got = client.get(f"/records/{rid}").get_json()
    assert got["record"] == json.loads(TEXTS[0])
    assert got["submitted_by"] == "the scorer" and got["status"] == "current"
    assert got["hash"] and len(got["players"]) == 4
    result = client.get(f"/records/{rid}/result").get_json()
    assert result == post(client, "/validate", TEXTS[0]).get_json()


def test_duplicate_is_200_with_the_existing_id(client):
    first = post(client, "/records", TEXTS[0]).get_json()["id"]
    # same record, different spacing: the canonical text (and so the hash) is the same
    again = post(client, "/records", json.dumps(json.loads(TEXTS[0])))
    assert again.status_code == 200
    assert again.get_json() | {"summary": None} == {
        "id": first, "duplicate": True, "summary": None,
        "links": {"record": f"/records/{first}", "result": f"/records/{first}/result"}}
    assert client.get("/records").get_json()["total"] == 1


def test_correction_is_stored_as_a_new_version(client):
    old = post(client, "/records", TEXTS[0]).get_json()["id"]
    fixed = mangled(TEXTS[0], event={**json.loads(TEXTS[0])["event"], "notes": "corrected"})
    resp = post(client, f"/records?supersedes={old}&submitted_by=referee", fixed)
    assert resp.status_code == 201
    new = resp.get_json()["id"]
    old_meta = client.get(f"/records/{old}").get_json()
    assert old_meta["status"] == "superseded" and old_meta["superseded_by"] == new
    assert old_meta["record"] == json.loads(TEXTS[0])  # nothing overwritten
    new_meta = client.get(f"/records/{new}").get_json()
    assert new_meta["supersedes"] == old and new_meta["submitted_by"] == "referee"
    listed = client.get("/records").get_json()
    assert [r["id"] for r in listed["items"]] == [new]
    again = mangled(fixed, event={"notes": "corrected twice"})
    body = assert_error(post(client, f"/records?supersedes={old}", again), 409, "already-superseded")
    assert body["current_id"] == new
    body = assert_error(post(client, "/records?supersedes=999", again), 422, "unknown-record")
    assert body["problems"][0]["where"] == "supersedes"


def _record_at(seats: int) -> dict[str, Any]:
    """A record at a table of ``seats``: a four-handed random text, else the cut-throat march
    (golden 04) or the first variant golden of that size."""
    if seats == 4:
        return json.loads(TEXTS[0])
    if seats == 3:
        return json.loads(CUT_MARCH.read_text(encoding="utf-8"))
    return next(d for d in (json.loads(p.read_text(encoding="utf-8")) for p in VARIANTS)
                if d["rules"]["seats"] == seats)


def _four_bad(d: dict[str, Any]) -> None:
    d["version"] = "9.9"
    d["deals"][0]["dealer"] = "X"
    d["deals"][1]["turned"] = "ZZ"


@pytest.mark.parametrize("seats, change, wheres", [
    (4, _four_bad, {"version", "deals[0].dealer", "deals[1].turned"}),
    (3, lambda d: d["rules"].update(seats=9), {"rules.seats"}),
    (3, lambda d: d["rules"].update(seats=6), {"rules.seats"}),
    (3, lambda d: d["deals"][0]["tricks"].__setitem__(0, "AH KH"), {"deals[0].tricks[0]"}),
    (3, lambda d: d["rules"].update(preset=["modern"]), {"rules.preset"}),
    (2, lambda d: d["deals"][0].update(dealer="7"), {"deals[0].dealer"}),
    (3, lambda d: d["deals"][0].update(dealer="7"), {"deals[0].dealer"}),
    (5, lambda d: d["deals"][0].update(dealer="7"), {"deals[0].dealer"}),
])
def test_invalid_record_is_422_with_every_problem_located(client, doc, seats, change, wheres):
    data = _record_at(seats)
    change(data)
    resp = post(client, "/records", json.dumps(data))
    body = assert_error(resp, 422, "invalid-record")
    _checked(doc, "POST", "/records", resp)
    assert wheres <= {p["where"] for p in body["problems"]}, body
    assert client.get("/records").get_json()["total"] == 0


@pytest.mark.parametrize("seats", [2, 3, 5])
@pytest.mark.parametrize("token", ["²", "①", "٣"])
def test_a_seat_of_other_digits_is_no_seat(client, seats, token):
    """A seat at a table of n is "0" .. "n-1" (FORMAT.md): "²" and "①" pass str.isdigit() but
    not int(), and "٣" is an Arabic-Indic three; each is refused where it stands with the
    notation's words, never int()'s, and never read as seat 3 (issue 32)."""
    data = _record_at(seats)
    data["deals"][0]["dealer"] = token
    body = assert_error(post(client, "/validate", json.dumps(data)), 422, "invalid-record")
    assert [p["where"] for p in body["problems"]] == ["deals[0].dealer"], body
    assert body["problems"][0]["what"].startswith("not a seat of this table"), body


def test_impossible_record_is_422(client):
    data = json.loads(TEXTS[0])
    hands = data["deals"][0]["hands"]
    hands["N"], hands["E"] = hands["E"], hands["N"]  # plays no longer match the hands
    body = assert_error(post(client, "/validate", json.dumps(data)), 422)
    assert body["code"] == "impossible-record" and body["problems"]
    assert all(p["where"].startswith("deals[0]") for p in body["problems"])


@pytest.mark.parametrize("path", ["/validate", "/records"])
def test_malformed_json_is_400(client, path):
    body = assert_error(post(client, path, '{"format": "euchre-records",'), 400, "malformed-json")
    assert body["problems"]
    assert_error(client.post(path, data=b"\xff\xfe{}", content_type="application/json"), 400,
                 "bad-encoding")
    assert_error(post(client, path, "[" * 50_000), 400, "malformed-json")


@pytest.mark.parametrize("path", ["/validate", "/records"])
def test_wrong_media_type_is_415(client, path):
    assert_error(client.post(path, data=TEXTS[0], content_type="text/plain"), 415,
                 "unsupported-media-type")
    assert_error(client.post(path, data=TEXTS[0]), 415)


def test_too_large_is_413(client):
    body = json.dumps({"padding": "x" * 70_000})
    assert_error(post(client, "/records", body), 413, "too-large")


def test_unknown_paths_and_ids_are_404(client):
    for path in ("/records/42", "/records/42/result", "/rubbers/42",
                 "/players/statistics?name=Nobody", "/no/such/thing", "/records/abc"):
        assert_error(client.get(path), 404, "not-found")


def test_wrong_method_is_405_with_allow(client):
    resp = client.delete("/records/1")
    assert_error(resp, 405, "method-not-allowed")
    assert "GET" in resp.headers["Allow"]
    resp = client.get("/validate")
    assert_error(resp, 405)
    assert resp.headers["Allow"].split(", ").count("POST") == 1


def test_bad_query_is_422(client):
    body = assert_error(client.get("/records?per_page=0&from=yesterday"), 422)
    wheres = {p["where"] for p in body["problems"]}
    assert any("per_page" in w for w in wheres) and any("from" in w for w in wheres)
    assert_error(client.get("/rubbers?page=-1"), 422)
    assert_error(post(client, "/records?supersedes=abc", TEXTS[0]), 422)


def test_listings_filter_and_paginate(client):
    ids = [post(client, "/records", t).get_json()["id"] for t in TEXTS]
    page = client.get("/records?per_page=2").get_json()
    assert (page["total"], page["pages"], len(page["items"])) == (3, 2, 2)
    assert [r["id"] for r in page["items"]] == ids[::-1][:2]
    assert len(client.get("/records?per_page=2&page=2").get_json()["items"]) == 1
    first = json.loads(TEXTS[0])
    by_label = client.get(f"/records?club_label={first['event']['club']}").get_json()
    assert ids[0] in [r["id"] for r in by_label["items"]]
    by_owner = client.get("/records?club=Taunton").get_json()  # the token's club owns all three
    assert sorted(r["id"] for r in by_owner["items"]) == sorted(ids)
    name = first["players"]["N"]["name"]
    by_player = client.get(f"/records?player={name}").get_json()
    assert all(name in r["players"].values() for r in by_player["items"])
    date = first["event"]["date"]
    assert ids[0] in [r["id"] for r in
                      client.get(f"/records?from={date}&to={date}").get_json()["items"]]
    rubbers = client.get("/rubbers?per_page=10").get_json()
    assert rubbers["total"] == 3
    one = rubbers["items"][0]
    assert one["winner"] in ("NS", "EW", None) and one["games"] and one["finished"] is True
    assert client.get(f"/rubbers/{one['id']}").get_json() == one


def test_player_statistics(client):
    post(client, "/records", TEXTS[0])
    name = json.loads(TEXTS[0])["players"]["N"]["name"]
    stats = client.get("/players/statistics", query_string={"name": name}).get_json()
    assert stats["name"] == name and stats["rubbers_played"] == 1
    assert stats["games_played"] >= 2 and stats["deals_played"] >= 1
    assert set(stats) >= {"rubbers_won", "net_rubber_points", "games_won", "deals_made",
                          "euchres_suffered", "euchres_inflicted", "lone_hands_tried",
                          "lone_hands_marched", "revokes"}


def test_openapi_document(client):
    spec = client.get("/openapi.json").get_json()
    assert spec["openapi"].startswith("3.")
    paths = spec["paths"]
    for path in ("/validate", "/records", "/records/{record_id}", "/records/{record_id}/result",
                 "/rubbers", "/rubbers/{rubber_id}", "/players/statistics"):
        assert path in paths, path
    params = {p["name"] for p in paths["/records"]["get"]["parameters"]}
    assert {"player", "club", "from", "to", "page", "per_page"} <= params
    posted = {(p["in"], p["name"]) for p in paths["/records"]["post"]["parameters"]}
    assert {("header", "X-Submitted-By"), ("query", "submitted_by"), ("query", "supersedes")} <= posted
    assert "201" in paths["/records"]["post"]["responses"]
    assert "422" in paths["/records"]["post"]["responses"]


def test_database_from_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("EUCHRE_DB", str(tmp_path / "env.db"))
    app = create_app({"TESTING": True})
    assert app.config["DATABASE"] == str(tmp_path / "env.db")
    assert (tmp_path / "env.db").exists()


def test_internal_failure_is_a_json_500(app, client, monkeypatch):
    from euchre_records.api.store import queries

    def broken(*args, **kwargs):
        raise RuntimeError("bug")

    monkeypatch.setattr(queries, "get_rubber", broken)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    assert_error(client.get("/rubbers/1"), 500, "internal-error")


def test_egn_records_are_accepted_and_stored_in_our_notation(client):
    from pathlib import Path

    egn = (Path(__file__).parent / "data" / "egn" / "epic-comeback.egn").read_text()
    resp = post(client, "/records", egn)
    assert resp.status_code == 201, resp.get_data(as_text=True)
    stored = client.get(f"/records/{resp.get_json()['id']}").get_json()
    assert stored["record"]["format"] == "euchre-records"
    assert post(client, "/records", egn).get_json()["duplicate"] is True


def _leaf_paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaf_paths(item, prefix + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _leaf_paths(item, prefix + (index,))


def test_mangled_records_are_client_errors_never_500(app, client):
    """A client's mistake is a 4xx: replace random parts of a valid record with odd values."""
    import random

    app.config["PROPAGATE_EXCEPTIONS"] = False
    rng = random.Random(4)
    odd = [None, 0, -1, 10**30, 1.5, "", "X", "JK", "??", [], {}, True, "N", "pass", "AS KS", [1]]
    for _ in range(150):
        data = json.loads(TEXTS[1])
        path = rng.choice(list(_leaf_paths(data))[1:])
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = rng.choice(odd)
        resp = post(client, "/validate", json.dumps(data))
        assert resp.status_code in (200, 400, 422), (path, resp.get_data(as_text=True))


def test_concurrent_submissions_of_one_record_store_it_once(app):
    from concurrent.futures import ThreadPoolExecutor

    _, token = make_token(app.config["DATABASE"])

    def submit(text: str) -> tuple[int, int]:
        # a request (and connection) per thread
        resp = post(app.test_client(), "/records", text, headers=bearer(token))
        return resp.status_code, resp.get_json()["id"]

    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(submit, [TEXTS[2]] * 8 + [TEXTS[1]] * 4))
    same = answers[:8]
    assert sorted(s for s, _ in same) == [200] * 7 + [201]
    assert len({i for _, i in same}) == 1
    assert sorted(s for s, _ in answers[8:]) == [200] * 3 + [201]
    assert app.test_client().get("/records").get_json()["total"] == 2


HUGE = 99999999999999999999  # beyond SQLite's 64-bit integers


def test_oversized_numbers_are_client_errors_never_500(client):
    rid = post(client, "/records", TEXTS[0]).get_json()["id"]
    for path in (f"/records/{HUGE}", f"/records/{HUGE}/result", f"/rubbers/{HUGE}",
                 f"/records/{2**63}", f"/rubbers/{2**63}"):
        assert_error(client.get(path), 404, "not-found")
    assert client.get(f"/records/{rid}").status_code == 200
    for listing in ("/records", "/rubbers"):
        for page in (HUGE, 4611686018427387904, 10**9 + 1):
            body = assert_error(client.get(f"{listing}?page={page}"), 422, "invalid-request")
            assert any("page" in p["where"] for p in body["problems"])
        assert client.get(f"{listing}?page=1000000000&per_page=100").get_json()["items"] == []
    fixed = mangled(TEXTS[0], event={"notes": "fixed"})
    body = assert_error(post(client, f"/records?supersedes={HUGE}", fixed), 422)
    assert any("supersedes" in p["where"] for p in body["problems"])


@pytest.mark.parametrize("where, change", [
    ("start_score", lambda d: d.update(start_score=[10**30, 0])),
    ("start_score", lambda d: d.update(start_score=[0, -(10**30)])),
    ("deals[0].scoresheet.points", lambda d: d["deals"][0].update(
        scoresheet={"points": [HUGE, 0]})),
    ("deals[0].scoresheet.total", lambda d: d["deals"][0].update(
        scoresheet={"total": [0, 100001]})),
])
def test_oversized_points_are_located_notation_errors(client, where, change):
    data = json.loads(TEXTS[0])
    change(data)
    for path in ("/validate", "/records"):
        body = assert_error(post(client, path, json.dumps(data)), 422, "invalid-record")
        assert [p["where"] for p in body["problems"]] == [where]
        assert "out of range" in body["problems"][0]["what"]
    data = json.loads(TEXTS[0])
    data["start_score"] = [100000, -100000]  # the bounds themselves are allowed
    assert post(client, "/validate", json.dumps(data)).status_code == 200


def test_oversized_egn_scores_are_located_errors(client):
    from pathlib import Path
    sample = next(iter(sorted((Path(__file__).parent / "data" / "egn").glob("*.egn"))))
    data = json.loads(sample.read_text(encoding="utf-8"))
    data["metadata"]["initialScore"] = [10**30, 0]
    body = assert_error(post(client, "/records", json.dumps(data)), 422, "invalid-record")
    assert [p["where"] for p in body["problems"]] == ["metadata.initialScore"]


def test_a_correction_that_is_already_stored_is_refused(client):
    first = post(client, "/records", TEXTS[0]).get_json()["id"]
    second = post(client, "/records", TEXTS[1]).get_json()["id"]
    # "correcting" record 1 with the text of record 2: not a 200 duplicate that drops it
    body = assert_error(post(client, f"/records?supersedes={first}", TEXTS[1]), 409,
                        "duplicate-correction")
    assert body["existing_id"] == second and str(second) in body["message"]
    body = assert_error(post(client, f"/records?supersedes={first}", TEXTS[0]), 409,
                        "duplicate-correction")
    assert body["existing_id"] == first
    assert client.get(f"/records/{first}").get_json()["status"] == "current"
    body = assert_error(post(client, "/records?supersedes=999", TEXTS[1]), 422, "unknown-record")
    assert body["problems"][0]["where"] == "supersedes"
    assert client.get("/records").get_json()["total"] == 2


def test_errors_in_an_egn_record_are_located_at_egn_paths(client, tmp_path):
    from pathlib import Path

    from euchre_records.api.store.importer import ImportReport, import_sources, iter_sources
    from euchre_records.api.store.migrations import migrate, open_db

    data = json.loads((Path(__file__).parent / "data" / "egn" / "six-points-in-two-hands.egn")
                      .read_text(encoding="utf-8"))
    data["deals"][1]["phases"][1]["tricks"][3][0] = "Jd"   # already played in trick 1
    egn = json.dumps(data)
    for path in ("/validate", "/records"):
        body = assert_error(post(client, path, egn), 422, "impossible-record")
        assert [p["where"] for p in body["problems"]] == ["deals[1].phases[1].tricks[3][0]"]
    source = tmp_path / "bad.egn"
    source.write_text(egn, encoding="utf-8")
    db = open_db(tmp_path / "import.db")
    migrate(db)
    report = ImportReport()
    import_sources(db, iter_sources([str(source)], report), report, None, 10)
    db.close()
    assert report.invalid == 1
    assert report.reasons[0][1][0].startswith("deals[1].phases[1].tricks[3][0]: ")


def test_a_record_without_deals_is_not_a_finished_rubber(client):
    empty = json.dumps({"format": "euchre-records", "version": "1.0",
                        "rules": {"preset": "modern"}, "deals": []})
    resp = post(client, "/records", empty)
    assert resp.status_code == 201, resp.get_data(as_text=True)
    (rubber,) = client.get("/rubbers").get_json()["items"]
    assert rubber["finished"] is False and rubber["winner"] is None
    assert client.get(f"/rubbers/{rubber['id']}").get_json()["finished"] is False


def test_statistics_by_name_take_any_name_and_the_old_url_redirects(client):
    """Names are a query argument (docs/API.md): an all-digit name is a name there, while
    /players/24 is registry player 24; the old /players/{name} answers 308 to the new URL."""
    record = json.loads(TEXTS[0])
    record["players"]["N"]["name"] = "24"
    assert post(client, "/records", json.dumps(record)).status_code == 201
    stats = client.get("/players/statistics?name=24")
    assert stats.status_code == 200 and stats.get_json()["name"] == "24"
    assert stats.get_json()["rubbers_played"] == 1
    moved = client.get("/players/Ann%20Smith")
    assert moved.status_code == 308
    assert moved.headers["Location"] == "/players/statistics?name=Ann+Smith"
    assert "/players/statistics?name=" in moved.get_json()["message"]
    assert client.get("/players/statistics").status_code == 422


# --- tables of two, three and five -------------------------------------------------------------

def _named(path: Path, names: dict[str, str]) -> str:
    data = json.loads(path.read_text(encoding="utf-8"))
    data["players"] = {seat: {"name": name} for seat, name in names.items()}
    return json.dumps(data)


def test_post_a_cutthroat_game_answers_its_scores_per_player(client: Any, doc: dict[str, Any]) -> None:
    game = expected(CUT_TIE)["games"][0]
    resp = post(client, "/records", _named(CUT_TIE, {"0": "Ann", "1": "Bo", "2": "Cy"}))
    assert resp.status_code == 201, resp.get_data(as_text=True)
    body = _checked(doc, "POST", "/records", resp)
    summary = body["summary"]
    assert (summary["seats"], summary["variant"], summary["rubber"]) == (3, "cut-throat", None)
    assert summary["winner"] == game["winner"] == "0"
    assert [s["score"] for s in summary["scores"]] == game["score"] == [11, 10, 5]
    assert [s["player"] for s in summary["scores"]] == ["Ann", "Bo", "Cy"]
    again = post(client, "/records", _named(CUT_TIE, {"0": "Ann", "1": "Bo", "2": "Cy"}))
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
    resp = post(client, "/records", path.read_text(encoding="utf-8"))
    assert resp.status_code == 201, resp.get_data(as_text=True)
    body = _checked(doc, "POST", "/records", resp)
    exp = expected(path)
    deals = exp["deals"] if "deals" in exp else [exp]
    result = _checked(doc, "GET", body["links"]["result"], client.get(body["links"]["result"]))
    for want, got in zip(deals, result["deals"]):
        if "points" in want:
            assert got["points"] == want["points"], exp["why"]
    validated = _checked(doc, "POST", "/validate", post(client, "/validate", path.read_text()))
    assert validated == result


def test_listing_by_seats_and_variant(client: Any, doc: dict[str, Any]) -> None:
    ids = {}
    for path in VARIANTS:
        ids[path.stem] = post(client, "/records", path.read_text(encoding="utf-8")).get_json()["id"]
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
