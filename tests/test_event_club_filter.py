"""``GET /events?club=`` and ``euchre events --club`` go by the club that owns an event (the
club of the token that made it), as ``/records?club=`` does; ``club_label`` by the event's own
free-text label (docs/API.md "Which club is which", docs/EVENTS.md).

The cases, by hand: Riverside makes "Riverside Friday" (labelled "Riverside Euchre Club");
Taunton makes "Not yours", labelled "Riverside" on purpose; a local command (no token, no
owner) makes "Imported night" labelled "Riverside". Riverside's events are its own and the
unowned one that carries its name — never Taunton's; the label "Riverside" is Taunton's and the
local one's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from euchre_records.api.app import create_app
from euchre_records.api.store import events
from euchre_records.api.store.migrations import open_db
from euchre_records.cli.main import main

from auth_fixtures import writing_client

PLAYERS = ["Ann", "Bob", "Cy", "Di"]


def _store(tmp_path: Path) -> tuple[Any, Path]:
    db_path = tmp_path / "events.db"
    app = create_app({"DATABASE": str(db_path), "TESTING": True})
    riverside = writing_client(app, "Riverside")
    taunton = writing_client(app, "Taunton")
    for client, body in ((riverside, {"name": "Riverside Friday", "club": "Riverside Euchre Club"}),
                         (taunton, {"name": "Not yours", "club": "Riverside"})):
        made = client.post("/events", data=json.dumps(
            {**body, "format": "rubbers", "players": PLAYERS}), content_type="application/json")
        assert made.status_code == 201, made.get_data(as_text=True)
    db = open_db(db_path)
    try:
        events.create_event(db, {"name": "Imported night", "club": "Riverside",
                                 "format": "rubbers", "players": PLAYERS})
    finally:
        db.close()
    return app, db_path


def _names(app: Any, query: str) -> list[str]:
    resp = app.test_client().get(f"/events?{query}")
    assert resp.status_code == 200, resp.get_data(as_text=True)
    return [e["name"] for e in resp.get_json()["items"]]


def test_the_club_filter_is_the_owner_and_club_label_the_label(tmp_path: Path) -> None:
    app, _ = _store(tmp_path)
    assert _names(app, "") == ["Imported night", "Not yours", "Riverside Friday"]
    assert _names(app, "club=Riverside") == ["Imported night", "Riverside Friday"]
    assert _names(app, "club=Taunton") == ["Not yours"]
    assert _names(app, "club_label=Riverside") == ["Imported night", "Not yours"]
    assert _names(app, "club_label=Taunton") == []
    assert _names(app, "club=Riverside&club_label=Riverside") == ["Imported night"]
    total = app.test_client().get("/events?club=Riverside").get_json()["total"]
    assert total == 2


def test_the_events_command_filters_the_same_way(tmp_path: Path) -> None:
    _, db_path = _store(tmp_path)

    def listed(*args: str) -> list[str]:
        done = CliRunner().invoke(main, ["events", "--db", str(db_path), "--format", "json",
                                         *args])
        assert done.exit_code == 0, done.output
        return [e["name"] for e in json.loads(done.stdout)]
    assert listed("--club", "Riverside") == ["Imported night", "Riverside Friday"]
    assert listed("--club-label", "Riverside") == ["Imported night", "Not yours"]
