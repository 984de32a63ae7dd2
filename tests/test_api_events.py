"""The events and player-registry endpoints over HTTP (docs/EVENTS.md "HTTP API"): a golden
progressive night built through the API gives the hand-worked standings; writes need a token
and the event's club; bad requests get located 4xx errors, never a 500."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from euchre_records.api.app import create_app

from auth_fixtures import make_token, writing_client
from golden_cases import GOLDEN, expected

NIGHT = GOLDEN / "events" / "01-progressive-night.json"


@pytest.fixture
def app(tmp_path: Path):  # type: ignore[no-untyped-def]
    return create_app({"DATABASE": str(tmp_path / "events.db"), "TESTING": True})


def _post(client, path: str, body: object):  # type: ignore[no-untyped-def]
    return client.post(path, data=json.dumps(body), content_type="application/json")


def _night(client) -> int:  # type: ignore[no-untyped-def]
    """The golden progressive night, built as a director would over HTTP; returns its id."""
    case = json.loads(NIGHT.read_text(encoding="utf-8"))
    resp = _post(client, "/events", case["event"])
    assert resp.status_code == 201, resp.get_data(as_text=True)
    eid = resp.get_json()["id"]
    assert resp.headers["Location"].endswith(f"/events/{eid}")
    seat = _post(client, f"/events/{eid}/rounds/1/seating", {"tables": case["seatings"][0]["tables"]})
    assert seat.status_code == 201, seat.get_data(as_text=True)
    for rnd in (1, 2, 3):
        if rnd > 1:  # the movement's seating, read from the previous round, recorded as given
            prev = client.get(f"/events/{eid}/rounds/{rnd - 1}").get_json()
            tables = [{"table": t["table"], "seats": {k: v["id"] for k, v in t["seats"].items()}}
                      for t in prev["next_seating"]]
            assert _post(client, f"/events/{eid}/rounds/{rnd}/seating",
                         {"tables": tables}).status_code == 201
        for sitting in case["sittings"]:
            if sitting["round"] == rnd:
                stored = _post(client, "/records", sitting["record"])
                assert stored.status_code == 201, stored.get_data(as_text=True)
                att = _post(client, f"/events/{eid}/sittings", {"record_id": stored.get_json()["id"]})
                assert att.status_code == 201, att.get_data(as_text=True)
    return int(eid)


def test_a_progressive_night_over_http_gives_the_hand_worked_standings(app) -> None:  # type: ignore[no-untyped-def]
    client = writing_client(app)
    eid = _night(client)
    got = client.get(f"/events/{eid}/standings").get_json()
    want = expected(NIGHT)
    assert [(s["place"], s["entrant"], s["points"]) for s in got["standings"]] == \
        [(s["place"], s["entrant"], s["points"]) for s in want["standings"]]
    assert got["findings"] == []
    assert got["order"][0].startswith("1. points")
    listing = client.get("/events").get_json()
    assert listing["total"] == 1 and listing["items"][0]["sittings"] == 6
    event = client.get(f"/events/{eid}").get_json()
    assert [p["name"] for p in event["players"]][:2] == ["Ann", "Bob"]
    assert event["rounds_recorded"] == [1, 2, 3]
    round2 = client.get(f"/events/{eid}/rounds/2").get_json()
    assert round2["seating"][0]["seats"]["S"]["name"] == "Flo"
    assert [s["points"] for s in round2["sittings"]] == [[1, 5], [3, 5]]
    # the registry: search, one player with statistics and partnerships, per event
    found = client.get("/players?q=CY").get_json()
    assert found["total"] == 1
    cy = found["items"][0]["id"]
    player = client.get(f"/players/{cy}?event={eid}").get_json()
    assert player["statistics"]["points_scored"] == 17
    assert {p["partner"]["name"] for p in player["partnerships"]} == {"Ann", "Hal", "Gus"}
    assert client.get("/players?per_page=3&page=2").get_json()["items"][0]["name"] == "Di"


def test_writes_need_a_token_and_the_event_club(app) -> None:  # type: ignore[no-untyped-def]
    anonymous = app.test_client()
    resp = _post(anonymous, "/events", {"name": "x", "format": "pairs"})
    assert resp.status_code == 401 and resp.headers["WWW-Authenticate"].startswith("Bearer")
    owner = writing_client(app, "Taunton")
    eid = _post(owner, "/events", {"name": "Night", "format": "progressive"}).get_json()["id"]
    other = writing_client(app, "Bath")
    resp = _post(other, f"/events/{eid}/rounds/1/seating", {"tables": []})
    assert resp.status_code == 403 and resp.get_json()["error"]["code"] == "forbidden"
    resp = _post(other, f"/events/{eid}/sittings", {"record_id": 1})
    assert resp.status_code == 403
    # merging registry entries is for an admin
    assert _post(owner, "/players/1/merge", {"into": 2}).status_code == 403
    _, admin = make_token(app.config["DATABASE"], "Admin", admin=True)
    resp = owner.post("/players/1/merge", data=json.dumps({"into": 2}),
                      content_type="application/json", headers={"Authorization": f"Bearer {admin}"})
    assert resp.status_code == 404  # no players yet: player 1 is not found, not a 500
    assert resp.get_json()["error"]["message"] == "no player 1"


@pytest.mark.parametrize("path, body, status, where", [
    ("/events", {"format": "pairs"}, 422, "name"),
    ("/events", {"name": "x", "format": "bridge"}, 422, "format"),
    ("/events", {"name": "x", "format": "pairs", "rounds": "three"}, 422, "rounds"),
    ("/events", [1, 2], 422, ""),
    ("/events/{eid}/rounds/1/seating", {"tables": [{"table": "1", "seats": {"N": "Ann"}}]}, 422,
     "tables[0].seats.E"),  # each missing seat is named (the body's schema requires all four)
    ("/events", {"name": "x", "format": "pairs", "date_form": "2026-12-01"}, 422, "date_form"),
    # an event's date is read as a record's (schema.basefields.date_problem): a day that exists,
    # in ASCII digits ("\\d" had taken these, and records refuse them)
    ("/events", {"name": "x", "format": "pairs", "date_from": "2026-02-31"}, 422, "date_from"),
    ("/events", {"name": "x", "format": "pairs", "date_from": "2026-13-45"}, 422, "date_from"),
    ("/events", {"name": "x", "format": "pairs", "date_to": "\u0662\u0660\u0662\u0666"}, 422, "date_to"),
    ("/events", {"name": "x", "format": "pairs", "date_to": "2026-01-01\n"}, 422, "date_to"),
    ("/events/{eid}/rounds/1/seating", {"tables": [{"table": "1", "seats": {
        "N": "Nobody", "E": 1, "S": 2, "W": 3}}]}, 422, "tables[0].seats.N"),
    ("/events/{eid}/sittings", {"record_id": 12345}, 422, "record_id"),   # the event is found
    ("/events/{eid}/sittings", {"record_id": "x"}, 422, "record_id"),
    ("/events/999/sittings", {"record_id": 1}, 404, None),
])
def test_bad_requests_are_located_errors(app, path: str, body: object, status: int,
                                         where: str | None) -> None:  # type: ignore[no-untyped-def]
    client = writing_client(app)
    eid = _post(client, "/events", {"name": "Night", "format": "progressive",
                                    "players": ["Ann", "Bob"]}).get_json()["id"]
    resp = _post(client, path.format(eid=eid), body)
    assert resp.status_code == status, resp.get_data(as_text=True)
    error = resp.get_json()["error"]
    if where is not None:
        assert error["problems"][0]["where"] == where, error


def test_unknown_things_are_404_and_malformed_bodies_400(app) -> None:  # type: ignore[no-untyped-def]
    client = writing_client(app)
    for path in ("/events/5", "/events/5/standings", "/events/5/rounds/1", "/players/77",
                 f"/events/{2**63}"):
        assert client.get(path).status_code == 404, path
    resp = client.post("/events", data="{nope", content_type="application/json")
    assert resp.status_code == 400 and resp.get_json()["error"]["code"] == "malformed-json"
    resp = client.post("/events", data="name=x", content_type="application/x-www-form-urlencoded")
    assert resp.status_code == 415
    assert client.get("/players?per_page=0").status_code == 422


def test_openapi_documents_the_events_and_players(app) -> None:  # type: ignore[no-untyped-def]
    paths = app.test_client().get("/openapi.json").get_json()["paths"]
    for path in ("/events", "/events/{event_id}", "/events/{event_id}/standings",
                 "/events/{event_id}/rounds/{number}", "/events/{event_id}/sittings",
                 "/events/{event_id}/rounds/{number}/seating", "/players", "/players/{player_id}"):
        assert path in paths, path
    assert paths["/events"]["post"]["security"] == [{"bearerAuth": []}]


from hypothesis import HealthCheck, example, given, settings, strategies as st  # noqa: E402

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=5),
    max_leaves=20)
_FIELDS = st.fixed_dictionaries({}, optional={
    k: _JSON for k in ("name", "format", "club", "date_from", "date_to", "pairing", "rounds",
                       "deals_per_round", "scoring", "league", "players", "emn_target",
                       "tables", "record_id", "round", "table", "into")})


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@example(body={"league": 2**63}, path="/events")  # found once in a clean CI run: a 500 (issue 22)
@example(body={"name": "N", "format": "league", "league": -(2**63) - 1}, path="/events")
@given(body=_FIELDS, path=st.sampled_from(["/events", "/events/1/rounds/1/seating",
                                            "/events/1/sittings", "/players/1/merge"]))
def test_no_body_makes_a_write_fail_with_a_500(app, body: dict, path: str) -> None:  # type: ignore[no-untyped-def]
    client = writing_client(app) if not hasattr(app, "_events_client") else app._events_client
    app._events_client = client
    if not hasattr(app, "_events_made"):
        assert _post(client, "/events", {"name": "Night", "format": "progressive",
                                         "players": ["Ann", "Bob"]}).status_code == 201
        app._events_made = True
    resp = _post(client, path, body)
    assert resp.status_code < 500, (path, body, resp.get_data(as_text=True))
    assert resp.mimetype == "application/json"


def test_an_admin_names_players_and_merges_them(app) -> None:  # type: ignore[no-untyped-def]
    client = writing_client(app)
    _post(client, "/events", {"name": "Night", "format": "rubbers", "players": ["Ann", "Anne"]})
    _, admin = make_token(app.config["DATABASE"], "Admin", admin=True)
    head = {"Authorization": f"Bearer {admin}"}
    resp = client.post("/players/1/names", data=json.dumps({"name": "Annie"}),
                       content_type="application/json", headers=head)
    assert resp.status_code == 201 and resp.get_json()["aliases"] == ["Annie"]
    assert client.get("/players?q=annie").get_json()["total"] == 1
    resp = client.post("/players/2/merge", data=json.dumps({"into": 1, "note": "typo"}),
                       content_type="application/json", headers=head)
    assert resp.status_code == 201
    merge_id = resp.get_json()["id"]
    assert client.get("/players").get_json()["total"] == 1
    assert client.get("/players/2").get_json()["merged_into"] == 1
    resp = client.post(f"/players/merges/{merge_id}/split", headers=head)
    assert resp.status_code == 201 and client.get("/players").get_json()["total"] == 2
    again = client.post(f"/players/merges/{merge_id}/split", headers=head)
    assert again.status_code == 422
    assert client.post("/players/1/names", data=json.dumps({"name": "x"}),
                       content_type="application/json").status_code == 403  # not an admin


@pytest.mark.parametrize("seats", [3, 4])
@pytest.mark.parametrize("label", ["²", "①", "٣", "1²"])
def test_a_table_label_of_other_digits_is_a_label_never_a_500(app, seats: int, label: str) -> None:  # type: ignore[no-untyped-def]
    """str.isdigit() is True for "²", "①" and "٣", which int() refuses or reads as no table
    number a director typed: such a table is a label, listed after the numbered tables, on the
    round, its links and the board (api/whole_numbers.py; issue 32)."""
    client = writing_client(app)
    names = [f"P{i}" for i in range(2 * seats)]
    event = {"name": "Labels", "format": "progressive", "players": names}
    if seats != 4:
        event["seats"] = seats
    eid = _post(client, "/events", event).get_json()["id"]
    tokens = ["N", "E", "S", "W"] if seats == 4 else [str(i) for i in range(seats)]
    tables = [{"table": label, "seats": dict(zip(tokens, names[:seats]))},
              {"table": "2", "seats": dict(zip(tokens, names[seats:]))}]
    assert _post(client, f"/events/{eid}/rounds/1/seating", {"tables": tables}).status_code == 201
    round1 = client.get(f"/events/{eid}/rounds/1")
    assert round1.status_code == 200, round1.get_data(as_text=True)
    assert [t["table"] for t in round1.get_json()["tables"]] == ["2", label]
    links = _post(client, f"/events/{eid}/rounds/1/links", {})
    assert links.status_code == 201, links.get_data(as_text=True)
    assert [link["table"] for link in links.get_json()["links"]] == ["2", label]
    board = client.get(f"/web/events/{eid}/board")
    assert board.status_code == 200 and label in board.get_data(as_text=True)
