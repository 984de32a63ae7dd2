"""schemathesis against the live app (slow): every operation of /openapi.json, requests built from
the documented schemas (the record bodies from the notation's own JSON Schema), with a club's
token; the checks are schemathesis's own: no server error, every status, content type and
response body as documented (response schemas list their required fields).

The server is the real one (api/server.py, waitress) on 127.0.0.1 (a free port), on a store
holding a golden progressive night (event 1, its rounds, players 1-8) and the examples, so reads
find records, events and players. Bounded: a few dozen examples per operation. Every operation
of the document is run, those added later too; tests/test_openapi.py checks recorded answers
of every operation the same way, fast.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import pytest

schemathesis = pytest.importorskip("schemathesis")
from hypothesis import HealthCheck, settings  # noqa: E402

from euchre_records.api.app import create_app  # noqa: E402
from euchre_records.api.server import make_server  # noqa: E402
from euchre_records.api.store.importer import import_sources, iter_sources, ImportReport  # noqa: E402
from euchre_records.api.store.migrations import open_store  # noqa: E402

from auth_fixtures import make_token  # noqa: E402
from events_support import build  # noqa: E402
from golden_cases import GOLDEN  # noqa: E402
from pages_support import run_in_thread, stop_loop

NIGHT = GOLDEN / "events" / "01-progressive-night.json"

ROOT = Path(__file__).resolve().parents[1]
TOKEN: dict[str, str] = {}


@pytest.fixture(scope="module")
def live(tmp_path_factory: Any) -> Iterator[str]:
    path = tmp_path_factory.mktemp("schemathesis") / "live.db"
    build(json.loads(NIGHT.read_text(encoding="utf-8")), path=str(path))[0].close()
    db = open_store(path, write=True)
    report = ImportReport()
    import_sources(db, iter_sources([str(ROOT / "examples")], report), report)
    db.close()
    TOKEN["Authorization"] = "Bearer " + make_token(path, "Somerset Club", admin=True)[1]
    server = make_server(create_app({"DATABASE": str(path)}), host="127.0.0.1", port=0, threads=4)
    run_in_thread(server)
    yield f"http://127.0.0.1:{server.effective_port}"
    stop_loop(server)


EXAMPLES_PER_OPERATION = 25
NOT_CHECKED = [schemathesis.checks.positive_data_acceptance]
"""A record valid by the JSON Schema may still be impossible (a card dealt twice, seven cards in a
hand): no JSON Schema can say so, and the answer is the documented 422 impossible-record."""


@pytest.mark.slow
def test_the_live_api_conforms_to_its_document(live: str) -> None:
    # Driven by hand (hypothesis @given per operation) rather than schemathesis's pytest plugin,
    # whose lazy fixture loader does not run under pytest 9.
    from hypothesis import given

    api_schema = schemathesis.openapi.from_url(f"{live}/openapi.json")
    failures: list[str] = []
    operations = 0
    for result in api_schema.get_all_operations():
        operation = result.ok()
        operations += 1

        @settings(max_examples=EXAMPLES_PER_OPERATION, deadline=None, derandomize=True,
                  database=None, suppress_health_check=list(HealthCheck))
        @given(case=operation.as_strategy())
        def run(case: Any) -> None:
            case.call_and_validate(headers=TOKEN, excluded_checks=NOT_CHECKED)

        try:
            run()
        except Exception as exc:  # a failed check: keep going, report every operation
            failures.append(f"{operation.label}: {exc}"[:2000])
    assert operations >= 10
    assert not failures, "\n\n".join(failures)


def test_the_record_body_is_the_notation_schema(tmp_path: Path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "doc.db")})
    doc = app.test_client().get("/openapi.json").get_json()
    body = doc["paths"]["/records"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body == {"$ref": "#/components/schemas/NotationRecord"}
    root = doc["components"]["schemas"]["NotationRecord"]   # by rules.seats: four-handed or a table of n
    assert root["then"] == {"$ref": "#/components/schemas/NotationTableRecord"}
    assert root["else"] == {"$ref": "#/components/schemas/NotationFourHandedRecord"}
    record = doc["components"]["schemas"]["NotationFourHandedRecord"]
    assert set(record["required"]) >= {"format", "version", "rules", "deals"}
    assert record["properties"]["deals"]["items"] == {"$ref": "#/components/schemas/NotationDeal"}
    assert "NotationDeal" in doc["components"]["schemas"]
    saved = doc["components"]["schemas"]["Saved"]
    assert set(saved["required"]) == {"id", "duplicate", "summary", "links"}
