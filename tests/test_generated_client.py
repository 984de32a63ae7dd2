"""A real client nobody here wrote: openapi-python-client generates a Python package from the
live server's ``/openapi.json`` during the test (offline: the document comes from the server on
127.0.0.1, no formatter hooks run), and that package alone drives the API.

It posts records with a club's token, reads a result and a history, lists rubbers page by page,
builds the golden rubber night (tests/golden/events/02-rubber-night.json: an event, its
seatings, its sittings) and reads its standings, compared with the hand-worked ones. Generation
fails the test on any warning (an endpoint or a model the generator had to leave out).
"""

from __future__ import annotations

import importlib
import json
import re
import typing
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, Iterator

import attrs
import pytest

from euchre_records.api.app import create_app
from euchre_records.api.server import make_server

from auth_fixtures import make_token
from golden_cases import GOLDEN, expected

ROOT = Path(__file__).resolve().parents[1]
NIGHT = GOLDEN / "events" / "02-rubber-night.json"
CONFIG = "post_hooks: []\nproject_name_override: euchre-client\npackage_name_override: euchre_client\n"
"""No post hooks: the generator would run ruff over its output (slow, and not ours to test)."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: Any) -> Iterator[tuple[str, str]]:
    path = tmp_path_factory.mktemp("client") / "club.db"
    app = create_app({"DATABASE": str(path)})
    token = make_token(path, "Riverside Euchre Club")[1]
    live = make_server(app, host="127.0.0.1", port=0, threads=4)
    threading.Thread(target=live.run, daemon=True).start()
    yield f"http://127.0.0.1:{live.effective_port}", token
    live.close()


def generate(url: str, where: Path) -> str:
    """Generate the client package ``euchre_client`` under ``where``; the generator's output."""
    config = where / "client.yaml"
    config.write_text(CONFIG, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "openapi_python_client", "generate", "--url",
         f"{url}/openapi.json", "--meta", "none", "--config", str(config), "--output-path",
         str(where / "euchre_client"), "--fail-on-warning"],
        capture_output=True, text=True, timeout=120)
    return done.stdout + done.stderr + f"\n[exit {done.returncode}]"


@pytest.fixture(scope="module")
def client_package(server: tuple[str, str], tmp_path_factory: Any) -> Iterator[Any]:
    where = tmp_path_factory.mktemp("generated")
    output = generate(server[0], where)
    assert "[exit 0]" in output and "will not be generated" not in output \
        and "WARNING" not in output.upper(), output
    sys.path.insert(0, str(where))
    try:
        yield importlib.import_module("euchre_client")
    finally:
        sys.path.remove(str(where))
        for name in [m for m in sys.modules if m == "euchre_client" or
                     m.startswith("euchre_client.")]:
            del sys.modules[name]


def _api(package: Any, tag: str, operation: str) -> Any:
    return importlib.import_module(f"{package.__name__}.api.{tag}.{operation}")


def _model(package: Any, name: str) -> Any:
    return getattr(importlib.import_module(f"{package.__name__}.models"), name)


def test_a_generated_client_posts_reads_pages_and_runs_an_event(
        server: tuple[str, str], client_package: Any) -> None:
    url, token = server
    pkg = client_package
    with pkg.AuthenticatedClient(base_url=url, token=token) as client, \
            pkg.Client(base_url=url) as anonymous:
        _drive(pkg, client, anonymous)


def test_the_record_body_is_a_union_of_typed_models(client_package: Any) -> None:
    """POST /records's body: one typed model per kind of record (the schema's top-level oneOf),
    each with its fields typed (rules and deals of models of their own), not one untyped dict."""
    pkg = client_package
    submit = _api(pkg, "records", "submit_record")
    body = typing.get_type_hints(submit.sync_detailed)["body"]
    members = set(typing.get_args(body))
    names = {"NotationFourHandedRecord", "NotationTable2Record", "NotationTable3Record",
             "NotationTable5Record"}
    assert members == {_model(pkg, name) for name in names}, body
    for model in members:
        fields = attrs.fields_dict(model)   # annotations as written: names of models
        rules, deals = str(fields["rules"].type), str(fields["deals"].type)
        assert re.fullmatch(r"Notation(Table\d)?Rules", rules), (model, rules)
        deal = re.fullmatch(r"list\[(Notation(?:Table\d)?Deal)\]", deals)
        assert deal, (model, deals)
        assert "kind" in attrs.fields_dict(_model(pkg, deal.group(1))), (model, deal.group(1))


def _drive(pkg: Any, client: Any, anonymous_client: Any) -> None:
    Record = _model(pkg, "NotationFourHandedRecord")  # a typed model of the record body
    submit = _api(pkg, "records", "submit_record")

    text = (ROOT / "examples" / "somerset-rubber.json").read_text(encoding="utf-8")
    posted = submit.sync_detailed(client=client, body=Record.from_dict(json.loads(text)),
                                  submitted_by="W. B. Cabot")
    assert posted.status_code == 201, posted.content
    saved = posted.parsed
    assert posted.headers["Location"] == f"/records/{saved.id}" and not saved.duplicate
    anonymous = submit.sync_detailed(client=anonymous_client,
                                     body=Record.from_dict(json.loads(text)))
    assert anonymous.status_code == 401 and anonymous.parsed.error.code == "unauthorized"

    result = _api(pkg, "records", "get_record_result").sync(client=client, record_id=saved.id)
    assert result.rubber.winner == "NS" and result.rubber.rubber_points.ns == 6
    assert [f.rule for f in result.findings] == ["Somerset 62-64"] and not result.clean
    assert sum(g.number for g in result.games) == 1 + 2 + 3 + 4
    history = _api(pkg, "records", "get_record_history").sync(client=client, record_id=saved.id)
    assert [v.action for v in history.versions] == ["submitted"]
    assert history.versions[0].by.club == "Riverside Euchre Club"
    assert history.versions[0].submitted_by == "W. B. Cabot"

    # the golden rubber night: its event, seatings and sittings, all through the client
    case = json.loads(NIGHT.read_text(encoding="utf-8"))
    made = _api(pkg, "events", "create_event").sync_detailed(
        client=client, body=_model(pkg, "EventCreate").from_dict(case["event"]))
    assert made.status_code == 201, made.content
    event_id = made.parsed.id
    seating = _api(pkg, "events", "add_round_seating")
    for round_seating in case["seatings"]:
        seated = seating.sync_detailed(client=client, event_id=event_id,
                                       number=round_seating["round"],
                                       body=_model(pkg, "Seating").from_dict(
                                           {"tables": round_seating["tables"]}))
        assert seated.status_code == 201, seated.content
    attach = _api(pkg, "events", "attach_sitting")
    for sitting in case["sittings"]:
        stored = submit.sync(client=client, body=Record.from_dict(sitting["record"]))
        attached = attach.sync_detailed(client=client, event_id=event_id,
                                        body=_model(pkg, "Sitting")(record_id=stored.id))
        assert attached.status_code == 201, attached.content
    standings = _api(pkg, "events", "get_event_standings").sync(client=client,
                                                                event_id=event_id)
    got = [(s.place, s.entrant, s.wins, s.net_rubber_points, s.games_won)
           for s in standings.standings]
    want = [(s["place"], s["entrant"], s["wins"], s["net_rubber_points"], s["games_won"])
            for s in expected(NIGHT)["standings"]]
    assert got == want

    # every rubber stored, page by page, each once
    list_rubbers = _api(pkg, "rubbers", "list_rubbers")
    seen: list[int] = []
    page = list_rubbers.sync(client=client, page=1, per_page=2)
    pages = page.pages
    while True:
        seen += [r.id for r in page.items]
        assert len(page.items) <= 2 and page.total == 1 + len(case["sittings"])
        if page.page >= pages:
            break
        page = list_rubbers.sync(client=client, page=page.page + 1, per_page=2)
    assert len(seen) == len(set(seen)) == page.total and pages == 3
