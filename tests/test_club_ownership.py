"""Which club is which (issue 22; docs/API.md "Which club is which", docs/EVENTS.md).

A record's **owner** is the club whose token stored it; its **label** (``event.club``) is free
text any writer chooses. ``?club=`` goes by the owner (or, for a record no club owns, stored by
a local command, by its label), ``?club_label=`` by the label; a club attaches to its events the
records it owns, an admin any. Expected ids are worked out here from the posts, not read back.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from euchre_records.api.app import create_app
from euchre_records.api.store.ingest import prepare
from euchre_records.api.store.migrations import open_db
from euchre_records.api.store.store import Store

from auth_fixtures import bearer, make_token
from pages_support import csrf_of

ROOT = Path(__file__).resolve().parents[1]
BASE = json.loads((ROOT / "examples" / "club-scoresheet.json").read_text(encoding="utf-8"))


def _record(label: str, table: str) -> str:
    doc = copy.deepcopy(BASE)
    doc["event"]["club"], doc["event"]["table"] = label, table
    return json.dumps(doc)


@pytest.fixture
def world(tmp_path: Path) -> dict[str, Any]:
    """Riverside stores one record labelled Riverside; Taunton one labelled Riverside (the
    spoof) and one labelled Taunton; a local import (no owner) is labelled Riverside."""
    app = create_app({"DATABASE": str(tmp_path / "clubs.db"), "TESTING": True})
    path = app.config["DATABASE"]
    tokens = {club: make_token(path, club)[1] for club in ("Riverside", "Taunton")}
    client = app.test_client()
    ids = {}
    for name, club, label, table in (("riverside", "Riverside", "Riverside", "1"),
                                     ("spoof", "Taunton", "Riverside", "2"),
                                     ("taunton", "Taunton", "Taunton", "3")):
        resp = client.post("/records", data=_record(label, table), content_type="application/json",
                           headers=bearer(tokens[club]))
        assert resp.status_code == 201, resp.get_data(as_text=True)
        ids[name] = resp.get_json()["id"]
    db = open_db(path)
    ids["local"] = Store(db).save(prepare(_record("Riverside", "4"))).id  # as euchre import does
    db.close()
    return {"app": app, "client": client, "tokens": tokens, "ids": ids}


def _ids(client: Any, query: str, what: str = "records") -> set[int]:
    items = client.get(f"/{what}?{query}").get_json()["items"]
    return {item["id"] if what == "records" else item["record_id"] for item in items}


def test_club_filters_by_the_owner_never_by_a_label_another_club_wrote(world: dict) -> None:
    client, ids = world["client"], world["ids"]
    for what in ("records", "rubbers"):
        assert _ids(client, "club=Riverside", what) == {ids["riverside"], ids["local"]}
        assert _ids(client, "club=Taunton", what) == {ids["spoof"], ids["taunton"]}
        assert _ids(client, "club_label=Riverside", what) == {ids["riverside"], ids["spoof"],
                                                              ids["local"]}
        assert _ids(client, "club=Riverside&club_label=Riverside", what) == {
            ids["riverside"], ids["local"]}
        assert _ids(client, "club=Nobody", what) == set()


def _event(client: Any, token: str) -> int:
    resp = client.post("/events", data=json.dumps({"name": "Monday night",
                                                   "format": "progressive"}),
                       content_type="application/json", headers=bearer(token))
    assert resp.status_code == 201, resp.get_data(as_text=True)
    return int(resp.get_json()["id"])


def _attach(client: Any, token: str, event: int, record: int) -> Any:
    return client.post(f"/events/{event}/sittings", data=json.dumps(
        {"record_id": record, "round": 1}), content_type="application/json",
        headers=bearer(token))


def test_a_club_attaches_its_own_records_to_its_event_an_admin_any(world: dict) -> None:
    client, tokens, ids = world["client"], world["tokens"], world["ids"]
    event = _event(client, tokens["Riverside"])
    for other in ("spoof", "taunton", "local"):  # another club's, or no club's
        resp = _attach(client, tokens["Riverside"], event, ids[other])
        assert resp.status_code == 403, other
        assert resp.get_json()["error"]["code"] == "forbidden"
    assert _attach(client, tokens["Riverside"], event, ids["riverside"]).status_code == 201
    _, admin = make_token(world["app"].config["DATABASE"], "League office", admin=True)
    assert _attach(client, admin, event, ids["taunton"]).status_code == 201
    assert _attach(client, admin, event, ids["local"]).status_code == 201
    sittings = client.get(f"/events/{event}/rounds/1").get_json()["sittings"]
    assert sorted(s["record_id"] for s in sittings) == sorted(
        [ids["riverside"], ids["taunton"], ids["local"]])


def test_the_page_offers_and_allows_attaching_own_records_only(world: dict) -> None:
    app, tokens, ids = world["app"], world["tokens"], world["ids"]
    event = _event(world["client"], tokens["Riverside"])
    browser = app.test_client()
    csrf = csrf_of(browser.get("/login").data)
    assert browser.post("/login", data={"token": tokens["Riverside"], "csrf_token": csrf,
                                        "next": "/"}).status_code == 303

    def rubber_page(record_id: int) -> str:
        rubber = [r for r in browser.get("/rubbers?per_page=100").get_json()["items"]
                  if r["record_id"] == record_id][0]
        return browser.get(f"/web/rubbers/{rubber['id']}").get_data(as_text=True)
    assert "Attach to an event" in rubber_page(ids["riverside"])
    assert "Attach to an event" not in rubber_page(ids["spoof"])
    csrf = csrf_of(rubber_page(ids["riverside"]))
    resp = browser.post(f"/web/records/{ids['spoof']}/attach",
                        data={"csrf_token": csrf, "event_id": str(event), "round": "1"})
    assert resp.status_code == 403
    resp = browser.post(f"/web/records/{ids['riverside']}/attach",
                        data={"csrf_token": csrf, "event_id": str(event), "round": "1"})
    assert resp.status_code == 303 and resp.headers["Location"].endswith(f"/web/events/{event}")
