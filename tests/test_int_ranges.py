"""Every integer that reaches SQL is range-checked where it enters (issue 22): SQLite's integers
are 64-bit, and a larger Python int makes the driver raise OverflowError, a 500 or a traceback.
Each entry point is probed with the first integers past the range on both sides; the answer is a
located refusal (4xx, exit 1 or 2, a NotationError), never a crash."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
import pytest

from euchre_records.api.app import create_app
from euchre_records.api.store.store import MAX_ID

from auth_fixtures import make_token, writing_client

OUT_OF_RANGE = [2**63, -(2**63) - 1, 2**64, 10**30]
"""Just past SQLite's INTEGER both ways, and far past it."""


@pytest.fixture(scope="module")
def client(tmp_path_factory: Any) -> Any:
    app = create_app({"DATABASE": str(tmp_path_factory.mktemp("ints") / "i.db")})
    app.config["PROPAGATE_EXCEPTIONS"] = False  # a crash answers 500 here, as it would live
    c = writing_client(app)
    _, admin = make_token(app.config["DATABASE"], "Taunton", admin=True)
    c.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {admin}"  # merges need an admin
    made = c.post("/events", data=json.dumps({"name": "Night", "format": "progressive",
                                              "players": ["Ann", "Bob", "Cy", "Di"]}),
                  content_type="application/json")
    assert made.status_code == 201 and made.get_json()["id"] == 1
    return c


def _bodies(v: int) -> list[tuple[str, dict[str, Any]]]:
    """Each write body of the API with one integer field set to ``v``."""
    seats = {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}
    return [
        ("/events", {"name": "N", "format": "league", "league": v}),   # the case CI once found
        ("/events", {"name": "N", "format": "rubbers", "rounds": v}),
        ("/events", {"name": "N", "format": "progressive", "deals_per_round": v}),
        ("/events", {"name": "N", "format": "progressive", "emn_target": v}),
        ("/events", {"name": "N", "format": "progressive", "players": [{"name": "A", "id": v}]}),
        ("/events", {"name": "N", "format": "pairs", "players": [{"name": "A", "pair": v}]}),
        ("/events/1/rounds/1/seating", {"tables": [{"table": v, "seats": seats}]}),
        ("/events/1/rounds/1/seating", {"tables": [{"table": "1", "seats": {**seats, "N": v}}]}),
        ("/events/1/sittings", {"record_id": v, "round": 1}),
        ("/events/1/sittings", {"record_id": 1, "round": v}),
        ("/events/1/sittings", {"record_id": 1, "round": 1, "table": v}),
        ("/players/1/merge", {"into": v}),
        ("/records?supersedes=%d" % v, {"format": "euchre-records"}),
    ]


@pytest.mark.parametrize("value", OUT_OF_RANGE)
def test_no_write_body_integer_answers_500(client: Any, value: int) -> None:
    for path, body in _bodies(value):
        resp = client.post(path, data=json.dumps(body), content_type="application/json")
        assert resp.status_code < 500, (path, body, resp.get_data(as_text=True))
        assert resp.mimetype == "application/json"


@pytest.mark.parametrize("value", OUT_OF_RANGE)
def test_no_query_or_path_integer_answers_500(client: Any, value: int) -> None:
    paths = [f"/events?page={value}", f"/players?page={value}", f"/players?event={value}",
             f"/records?page={value}", f"/rubbers?per_page={value}", f"/records/{value}",
             f"/rubbers/{value}", f"/events/{value}", f"/events/1/rounds/{value}",
             f"/players/{value}", f"/web/rubbers/{value}", f"/web/events/{value}",
             f"/web/events/1/rounds/{value}", f"/ratings?page={value}",
             f"/ratings?per_page={value}", f"/web/ratings?page={value}"]
    reader = client.application.test_client()  # its own cookies: pages may set a session
    for path in paths:
        resp = reader.get(path)
        assert resp.status_code < 500, (path, resp.status_code)


def test_a_league_id_is_any_event_id_not_a_count(client: Any) -> None:
    """league is an event id (1 to 2^63-1), not a number of rounds: an unknown one is 404."""
    resp = client.post("/events", data=json.dumps({"name": "N", "format": "league",
                                                   "league": MAX_ID}),
                       content_type="application/json")
    assert resp.status_code == 404
    resp = client.post("/events", data=json.dumps({"name": "N", "format": "league",
                                                   "league": MAX_ID + 1}),
                       content_type="application/json")
    assert resp.status_code == 422 and "league" in resp.get_data(as_text=True)


NOT_SQL = {"workers", "batch", "jobs", "threads", "shard_mb"}
"""Integer options that size the work (processes, threads, batches) and never reach SQL."""


def test_every_integer_option_of_the_cli_is_bounded_by_sqlite() -> None:
    """Every integer a command passes to SQL (ids, rounds, limits …) is an IntRange within
    SQLite's -2^63 .. 2^63-1: click refuses another as a usage error before any SQL."""
    from euchre_records.cli.main import all_commands

    def walk(command: click.Command, path: str) -> Any:
        yield path, command
        for name, sub in getattr(command, "commands", {}).items():
            yield from walk(sub, f"{path} {name}")
    seen = 0
    for name, command in all_commands().items():
        for path, one in walk(command, name):
            for param in one.params:
                if param.name in NOT_SQL:
                    continue
                assert param.type is not click.INT, f"{path} {param.name}: an unbounded int"
                if isinstance(param.type, click.IntRange):
                    seen += 1
                    low, top = param.type.min, param.type.max
                    assert low is not None and top is not None, f"{path} {param.name}: open"
                    assert -(2**63) <= low and top <= MAX_ID, f"{path} {param.name}: {low}..{top}"
    assert seen >= 20


def test_an_emn_game_index_past_the_range_is_a_located_problem() -> None:
    from euchre_records.errors import NotationError
    from euchre_records.interop.emn import emn_to_match
    doc = json.loads((Path(__file__).resolve().parent / "data" / "emn" /
                      "two-games.emn").read_text())
    for value in (2**63, -1):
        bad = json.loads(json.dumps(doc))
        bad["games"][0]["gameIndex"] = value
        with pytest.raises(NotationError) as caught:
            emn_to_match(bad)
        assert "games[0].gameIndex" in str(caught.value)



def test_every_integer_in_a_url_path_is_bounded(client: Any) -> None:
    """Every ``<int:...>`` of every route, pages and API, has a top within SQLite's range: a
    larger number is a 404 before the view runs (the sweep of path integers)."""
    from werkzeug.routing import IntegerConverter
    seen = 0
    for rule in client.application.url_map.iter_rules():
        for name, converter in (rule._converters or {}).items():
            if isinstance(converter, IntegerConverter):
                seen += 1
                assert converter.max is not None and converter.max <= MAX_ID, (rule.rule, name)
                assert not converter.signed, (rule.rule, name)
    assert seen >= 10
