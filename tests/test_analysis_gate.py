"""The double-dummy analysis of a stored record is costly work, gated like claims (issue 34;
api/cpu_gate.py, api/store/analysis_cache.py):

- a computation holds one of the gate's slots, so with none free it is answered 503 ``busy``;
- a computation that passed its budget is remembered: asked again, 422 at once, with no search;
- asked for by several requests at the same moment, it is computed once: the others wait for it
  in the gate's queue (503 ``busy`` when the queue is full) and answer its result;
- a record of any table is answered, and a record it cannot read is a 4xx, never a 500.

The counts are of the engine's own entry points (spied on), not of times.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from euchre_records.api.app import create_app
from euchre_records.api.cpu_gate import ClaimGate
from euchre_records.api.store import analysis_cache

from auth_fixtures import writing_client

LONE = Path(__file__).parent / "golden" / "analysis" / "lone-hand.json"
EXAMPLES = Path(__file__).parents[1] / "examples"


def _stored(gate: ClaimGate, tmp_path: Path, text: str | None = None) -> tuple[Any, Any, int]:
    app = create_app({"DATABASE": str(tmp_path / "api.db"), "TESTING": True, "CLAIM_GATE": gate})
    client = writing_client(app)
    resp = client.post("/records", data=text or LONE.read_text(), content_type="application/json")
    assert resp.status_code == 201, resp.get_data(as_text=True)
    return app, client, resp.get_json()["id"]


def _count_analyses(monkeypatch: pytest.MonkeyPatch, hold: threading.Event | None = None,
                    started: threading.Event | None = None) -> list[int]:
    """Spy on the analysis the store computes: one entry per record analysed; ``hold`` keeps
    each computation from finishing until it is set."""
    calls: list[int] = []
    real = analysis_cache.analyse_record

    def spy(record: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if started is not None:
            started.set()
        if hold is not None:
            hold.wait(10)
        return real(record, *args, **kwargs)
    monkeypatch.setattr(analysis_cache, "analyse_record", spy)
    return calls


def test_an_analysis_holds_a_slot_of_the_gate(tmp_path: Path) -> None:
    gate = ClaimGate(slots=1, queue=0, wait=0.05)
    app, client, rid = _stored(gate, tmp_path)
    other = gate.pacer()
    other.take()   # another request computes at length
    busy = client.get(f"/records/{rid}/analysis")
    assert busy.status_code == 503, "the analysis ran beside another costly request"
    assert busy.get_json()["error"]["code"] == "busy" and busy.headers["Retry-After"] == "1"
    page = client.get(f"/web/records/{rid}?analysis=1")
    assert page.status_code == 200 and "ask again" in page.get_data(as_text=True)
    other.release()
    assert client.get(f"/records/{rid}/analysis").status_code == 200


def test_a_too_costly_analysis_is_remembered_by_hash(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    app, client, rid = _stored(ClaimGate(), tmp_path)
    calls = _count_analyses(monkeypatch)
    app.config["ANALYSIS_BUDGET"] = 20
    first = client.get(f"/records/{rid}/analysis")
    assert first.status_code == 422 and first.get_json()["error"]["code"] == "too-costly"
    again = client.get(f"/records/{rid}/analysis")
    assert again.status_code == 422 and again.get_json() == first.get_json()
    page = client.get(f"/web/records/{rid}?analysis=1").get_data(as_text=True)
    assert "would take too long here" in page
    assert len(calls) == 1, f"a failed analysis was searched {len(calls)} times"
    # the same text stored again (another id, same hash) is known to fail too
    resp = client.post("/records", data=LONE.read_text(), content_type="application/json")
    twin = resp.get_json().get("id", rid)
    assert client.get(f"/records/{twin}/analysis").status_code == 422 and len(calls) == 1
    app.config["ANALYSIS_BUDGET"] = None   # a larger budget tries again
    assert client.get(f"/records/{rid}/analysis").status_code == 200 and len(calls) == 2


def test_an_analysis_asked_for_at_once_is_computed_once(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    gate = ClaimGate(slots=1, queue=2, wait=10)
    app, client, rid = _stored(gate, tmp_path)
    hold, started = threading.Event(), threading.Event()
    calls = _count_analyses(monkeypatch, hold, started)
    answers: list[tuple[int, bytes]] = []

    def ask() -> None:
        resp = writing_client(app).get(f"/records/{rid}/analysis")
        answers.append((resp.status_code, resp.get_data()))
    first = threading.Thread(target=ask)
    first.start()
    assert started.wait(10)
    followers = [threading.Thread(target=ask) for _ in range(2)]
    for t in followers:
        t.start()
    deadline = time.monotonic() + 10
    while gate._waiting < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    late = client.get(f"/records/{rid}/analysis")   # the queue is full: told at once
    assert late.status_code == 503 and late.get_json()["error"]["code"] == "busy"
    hold.set()
    for t in [first, *followers]:
        t.join(20)
    assert [status for status, _ in answers] == [200, 200, 200]
    assert len({body for _, body in answers}) == 1
    assert len(calls) == 1, f"one analysis was computed {len(calls)} times at once"


VARIANTS = Path(__file__).parent / "golden" / "variants"


@pytest.mark.parametrize("path, seats", [
    (EXAMPLES / "two-handed-game.json", 2), (EXAMPLES / "cutthroat-game.json", 3),
    (EXAMPLES / "five-handed-game.json", 5), (VARIANTS / "02-cutthroat-euchre.json", 3),
    (VARIANTS / "05-five-handed-partner-found-at-trick-3.json", 5),
    (VARIANTS / "01-two-handed-march.json", 2)], ids=lambda v: getattr(v, "name", str(v)))
def test_a_record_of_any_table_is_analysed(tmp_path: Path, path: Path, seats: int) -> None:
    from euchre_records.api.rest.analysis_schemas import AnalysisSchema
    app, client, rid = _stored(ClaimGate(), tmp_path, path.read_text())
    resp = client.get(f"/records/{rid}/analysis")
    assert resp.status_code == 200, resp.get_data(as_text=True)
    body = resp.get_json()
    assert AnalysisSchema().validate(body) == {}
    assert body["seats"] == [str(s) for s in range(seats)]
    assert [p["seat"] for p in body["players"]] == body["seats"]
    if path.parent == VARIANTS:   # full deals: analysed; the examples' are results only
        assert body["deals"][0]["known"]
    for d in body["deals"]:
        if d["known"]:
            assert len(d["points"]) == seats and len(d["plays"]) == 5 * seats


def test_a_record_it_cannot_read_is_a_422_with_the_reason(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from euchre_records.errors import UnsupportedRules
    app, client, rid = _stored(ClaimGate(), tmp_path)

    def refuse(record: Any) -> Any:
        raise UnsupportedRules("a rule the analysis does not know", "rules.example")
    monkeypatch.setattr(analysis_cache, "analyse_record", refuse)
    resp = client.get(f"/records/{rid}/analysis")
    assert resp.status_code == 422
    error = resp.get_json()["error"]
    assert error["code"] == "unsupported-rules"
    assert error["problems"] == [{"where": "rules.example", "what": "a rule the analysis does not know"}]
