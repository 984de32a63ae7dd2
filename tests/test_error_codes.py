"""Every status and error code in docs/API.md's error table, each produced by a real request.

The table is read from the document: a row without a case here fails, a case whose code is not
documented fails, and a case whose answer changes (``unsupported-rules`` answered as
``invalid-record``, a re-posted superseded record answered 500 ...) fails.
"""

from __future__ import annotations

import json
import re
import socket
import sqlite3
from pathlib import Path
from typing import Any, Callable, Iterator

import pytest

from euchre_records.api.app import MAX_CONTENT_LENGTH, create_app
from euchre_records.api.server import LIMITS, make_server
from euchre_records.testkit.samples import random_texts

from auth_fixtures import bearer, make_token
from pages_support import run_in_thread, stop_loop

ROOT = Path(__file__).resolve().parents[1]
TABLE_ROW = re.compile(r"^\| (\d{3}) \| `([a-z-]+)` \|", re.M)
DOCUMENTED = sorted(set(TABLE_ROW.findall((ROOT / "docs" / "API.md").read_text(encoding="utf-8"))))
TEXTS = list(random_texts(4, start_seed=4242))
EGN = json.loads((ROOT / "tests" / "data" / "egn" / "custom-scenario.egn").read_text(encoding="utf-8"))


class World:
    """An app on a fresh store with two clubs' tokens, and (when asked) a live server."""

    def __init__(self, tmp_path: Path) -> None:
        self.path = tmp_path / "codes.db"
        self.app = create_app({"DATABASE": str(self.path), "TESTING": True})
        self.client = self.app.test_client()
        self.own = bearer(make_token(self.path, "Taunton")[1])
        self.other = bearer(make_token(self.path, "Bath")[1])
        self._server: Any = None

    def post(self, path: str, body: str | bytes, headers: dict[str, str] | None = None,
             content_type: str = "application/json") -> Any:
        return self.client.post(path, data=body, content_type=content_type,
                                headers={**self.own, **(headers or {})})

    def stored(self, text: str = TEXTS[0], headers: dict[str, str] | None = None) -> int:
        resp = self.post("/records", text, headers)
        assert resp.status_code in (200, 201), resp.get_data(as_text=True)
        return int(resp.get_json()["id"])

    def raw(self, payload: bytes) -> tuple[int, str]:
        """Send bytes to the live waitress server; (status, code) of its answer."""
        if self._server is None:
            self._server = make_server(self.app, host="127.0.0.1", port=0, threads=2)
            run_in_thread(self._server)
        for _ in range(5):  # a server that refuses early may reset before we read its answer
            data = b""
            try:
                with socket.create_connection(("127.0.0.1", self._server.effective_port),
                                              timeout=10) as s:
                    s.sendall(payload)
                    while chunk := s.recv(65536):
                        data += chunk
            except ConnectionResetError:
                pass
            if b"\r\n\r\n" in data:
                break
        head, _, body = data.partition(b"\r\n\r\n")
        return int(head.split()[1]), json.loads(body)["error"]["code"]

    def close(self) -> None:
        if self._server is not None:
            stop_loop(self._server)


def answer(resp: Any) -> tuple[int, str]:
    assert resp.mimetype == "application/json", resp.get_data(as_text=True)
    error = resp.get_json()["error"]
    assert error["status"] == resp.status_code and isinstance(error["problems"], list)
    return resp.status_code, error["code"]


def _mangled(**changes: Any) -> str:
    doc = json.loads(TEXTS[1])
    doc.update(changes)
    return json.dumps(doc)


def _impossible() -> str:
    doc = json.loads(TEXTS[1])
    deal = doc["deals"][0]
    n, e = deal["hands"]["N"].split(), deal["hands"]["E"].split()
    n[0] = e[0]  # one card dealt to two seats
    deal["hands"]["N"] = " ".join(n)
    return json.dumps(doc)


def _unsupported() -> str:
    doc = json.loads(json.dumps(EGN))
    doc["metadata"]["ruleset"]["num_players"] = 6  # six-handed euchre is refused by name (VARIANTS.md)
    return json.dumps(doc)


def _superseded_repost(w: World) -> tuple[int, str]:
    first = w.stored(TEXTS[0])
    w.post(f"/records?supersedes={first}", TEXTS[1])
    # correcting the superseded version again names the current one
    return answer(w.post(f"/records?supersedes={first}", TEXTS[2]))


def _duplicate_correction(w: World) -> tuple[int, str]:
    first = w.stored(TEXTS[0])
    w.stored(TEXTS[1])
    return answer(w.post(f"/records?supersedes={first}", TEXTS[1]))  # TEXTS[1] is stored already


def _already_withdrawn(w: World) -> tuple[int, str]:
    rid = w.stored(TEXTS[0])
    withdrawn = w.client.post(f"/records/{rid}/withdraw", headers=w.own).get_json()
    new_id = withdrawn.get("id", rid)
    return answer(w.client.post(f"/records/{new_id}/withdraw", headers=w.own))


def _busy(w: World) -> tuple[int, str]:
    w.stored(TEXTS[0])
    holder = sqlite3.connect(w.path)
    holder.execute("BEGIN IMMEDIATE")  # another writer holds the store past the 5 s busy timeout
    try:
        return answer(w.post("/records", TEXTS[1]))
    finally:
        holder.rollback()
        holder.close()


def _failing_store(message: str) -> Callable[[World, Any], tuple[int, str]]:
    def case(w: World, monkeypatch: Any) -> tuple[int, str]:
        from euchre_records.api.store import store

        def fail(*args: Any, **kwargs: Any) -> Any:
            raise sqlite3.OperationalError(message)
        monkeypatch.setattr(store.Store, "save", fail)
        return answer(w.post("/records", TEXTS[3]))
    return case


def _read_only(w: World, monkeypatch: Any) -> tuple[int, str]:
    from euchre_records.api import db as api_db
    import sqlite_utils

    def read_only(p: Any) -> Any:
        return sqlite_utils.Database(sqlite3.connect(f"file:{p}?mode=ro", uri=True))
    monkeypatch.setattr(api_db, "open_db", read_only)
    return answer(w.post("/records", TEXTS[3]))


def _internal(w: World, monkeypatch: Any) -> tuple[int, str]:
    from euchre_records.api.rest import views

    def broken(text: str) -> Any:
        raise RuntimeError("a bug")
    monkeypatch.setattr(views, "prepare", broken)
    w.app.config["PROPAGATE_EXCEPTIONS"] = False  # answer as in production, not re-raise (TESTING)
    return answer(w.post("/validate", TEXTS[0]))


def _too_costly(w: World, monkeypatch: Any) -> tuple[int, str]:
    import sys
    from euchre_records import claims
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from claim_records import claim_text
    monkeypatch.setattr(claims, "DEFAULT_REQUEST_BUDGET", 5_000)
    return answer(w.post("/validate", claim_text(20)))


def _claims_busy(w: World) -> tuple[int, str]:
    import sys
    sys.path.insert(0, str(ROOT / "benchmarks"))
    from claim_records import claim_text
    gate = w.app.extensions["claim_gate"]  # its slots taken, no queue: a long search waits not
    gate.free, gate.queue = 0, 0
    for _ in range(gate.slots):
        assert gate._slots.acquire(blocking=False)
    try:
        resp = w.post("/validate", claim_text(5))
        assert resp.headers["Retry-After"] == "1"
        return answer(resp)
    finally:
        for _ in range(gate.slots):
            gate._slots.release()


CASES: dict[tuple[str, str], Callable[..., tuple[int, str]]] = {
    ("400", "bad-request"): lambda w: w.raw(b"GET /rubbers HTTP/1.1\r\nHost: x\r\nno colon\r\n\r\n"),
    ("400", "malformed-json"): lambda w: answer(w.post("/records", "{not json")),
    ("400", "bad-encoding"): lambda w: answer(w.post("/records", b'{"a": "\xff"}')),
    ("401", "unauthorized"): lambda w: answer(w.client.post(
        "/records", data=TEXTS[0], content_type="application/json")),
    ("403", "forbidden"): lambda w: answer(w.client.post(
        f"/records?supersedes={w.stored()}", data=TEXTS[1], content_type="application/json",
        headers=w.other)),
    ("403", "csrf-failed"): lambda w: answer(w.client.post(
        "/records", data="x", content_type="text/plain", headers={"Sec-Fetch-Site": "cross-site"})),
    ("404", "not-found"): lambda w: answer(w.client.get("/records/99")),
    ("405", "method-not-allowed"): lambda w: answer(w.client.delete("/records/1")),
    ("409", "already-superseded"): _superseded_repost,
    ("409", "duplicate-correction"): _duplicate_correction,
    ("409", "already-withdrawn"): _already_withdrawn,
    ("413", "too-large"): lambda w: w.raw(
        b"POST /validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        b"Content-Length: %d\r\n\r\n{" % (MAX_CONTENT_LENGTH + 1)),
    ("415", "unsupported-media-type"): lambda w: answer(w.post("/records", TEXTS[0], content_type="text/csv")),
    ("422", "invalid-record"): lambda w: answer(w.post("/records", _mangled(rules={"preset": "whist"}))),
    ("422", "impossible-record"): lambda w: answer(w.post("/records", _impossible())),
    ("422", "unsupported-rules"): lambda w: answer(w.post("/records", _unsupported())),
    ("422", "too-costly"): _too_costly,
    ("422", "unknown-record"): lambda w: answer(w.post("/records?supersedes=12345", TEXTS[0])),
    ("422", "invalid-request"): lambda w: answer(w.client.get("/records?per_page=0")),
    ("431", "headers-too-large"): lambda w: w.raw(
        b"GET /rubbers HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * (LIMITS.max_request_header_size + 10)
        + b"\r\n\r\n"),
    ("500", "internal-error"): _internal,
    ("503", "busy"): _claims_busy,
    ("503", "read-only-store"): _read_only,
    ("503", "store-busy"): _busy,
    ("503", "store-unavailable"): _failing_store("database or disk is full"),
}


def test_the_document_lists_codes_and_every_one_has_a_case() -> None:
    assert len(DOCUMENTED) >= 20
    assert sorted(CASES) == DOCUMENTED


@pytest.fixture
def world(tmp_path: Path) -> Iterator[World]:
    w = World(tmp_path)
    yield w
    w.close()


@pytest.mark.parametrize("status, code", DOCUMENTED)
def test_each_documented_code_is_what_its_case_answers(world: World, monkeypatch: Any,
                                                       status: str, code: str) -> None:
    case = CASES[(status, code)]
    takes_patch = case.__code__.co_argcount == 2
    got = case(world, monkeypatch) if takes_patch else case(world)
    assert got == (int(status), code)


def test_a_superseded_record_posted_again_is_a_duplicate_not_a_500(world: World) -> None:
    first = world.stored(TEXTS[0])
    second = world.post(f"/records?supersedes={first}", TEXTS[1])
    assert second.status_code == 201
    again = world.post("/records", TEXTS[0])  # the old version's exact text
    assert again.status_code == 200 and again.get_json() == {**again.get_json(), "id": first,
                                                            "duplicate": True}
