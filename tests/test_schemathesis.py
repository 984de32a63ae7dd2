"""schemathesis against the live app (slow): every operation of /openapi.json, requests built from
the documented schemas (the record bodies from the notation's own JSON Schema), with a club's
token; the checks are all of schemathesis's own (no server error; every status, header, content
type and response body as documented; Allow as documented; a request the document allows is
not refused; one the document refuses is not taken ...), any failure fails the build.

The server is the real one (api/server.py, waitress) on 127.0.0.1 (a free port), on a store
holding a golden progressive night (event 1, its rounds, players 1-8) and the examples, so reads
find records, events and players. Bounded: a few dozen examples per operation. Every operation
of the document is run, those added later too; tests/test_openapi.py checks recorded answers
of every operation the same way, fast.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

schemathesis = pytest.importorskip("schemathesis")

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
SEED = 34
HOOKS = "schemathesis_hooks"   # tests/schemathesis_hooks.py: ST202 but for stored-state refusals


@pytest.mark.slow
def test_the_live_api_conforms_to_its_document(live: str, tmp_path: Path) -> None:
    """schemathesis's own run (its CLI, every phase: examples, coverage, fuzzing, stateful) with
    every check (``--checks all``): a failure of any check fails the test, with schemathesis's
    report. The one check replaced is positive_data_acceptance (ST202), by the hooks' copy that
    lets through only the documented refusals that depend on stored data or the game's logic
    (tests/schemathesis_hooks.py). The seed is fixed: a run is repeatable, and a failure seen
    in it is a bug to fix, not to retry."""
    command = [sys.executable, "-m", "schemathesis.cli", "run", f"{live}/openapi.json",
               "--checks", "all", "--exclude-checks", "positive_data_acceptance",
               "--header", f"Authorization: {TOKEN['Authorization']}",
               "--max-examples", str(EXAMPLES_PER_OPERATION), "--seed", str(SEED),
               "--workers", "1", "--suppress-health-check", "all", "--no-color"]
    env = {**os.environ, "SCHEMATHESIS_HOOKS": HOOKS,
           "PYTHONPATH": os.pathsep.join([str(ROOT / "tests"), os.environ.get("PYTHONPATH", "")])}
    run = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path)
    report = run.stdout + run.stderr
    assert run.returncode == 0, report[-20000:]
    assert "Tested: " in report, report[-5000:]


def test_the_record_body_is_the_notation_schema(tmp_path: Path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "doc.db")})
    doc = app.test_client().get("/openapi.json").get_json()
    body = doc["paths"]["/records"]["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body == {"$ref": "#/components/schemas/NotationRecord"}
    root = doc["components"]["schemas"]["NotationRecord"]   # by rules.seats: four-handed or a table of n
    assert root["oneOf"] == [{"$ref": f"#/components/schemas/Notation{name}Record"}
                             for name in ("FourHanded", "Table2", "Table3", "Table5")]
    assert not {"if", "then", "else"} & root.keys()
    record = doc["components"]["schemas"]["NotationFourHandedRecord"]
    assert set(record["required"]) >= {"format", "version", "rules", "deals"}
    assert record["properties"]["deals"]["items"] == {"$ref": "#/components/schemas/NotationDeal"}
    assert "NotationDeal" in doc["components"]["schemas"]
    saved = doc["components"]["schemas"]["Saved"]
    assert set(saved["required"]) == {"id", "duplicate", "summary", "links"}
