"""A hypothesis property of permissions and versions: random sequences of writes (new records,
corrections, withdrawals) by tokens of two clubs, an admin, a revoked token and no token, run
against the app and against a small model written from the rules of docs/AUTH.md and
docs/API.md (who may change what; a chain has one head; nothing is stored twice). Every answer's
status and code, and in the end the listing and every history, must be the model's."""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_records.api.app import create_app
from euchre_records.api.store import tokens
from euchre_records.api.store.migrations import open_db

from auth_fixtures import bearer, make_token

SEATS = ("N", "E", "S", "W")


def text(n: int) -> str:
    return json.dumps({
        "format": "euchre-records", "version": "1.0",
        "event": {"club": "Model", "date": "2026-11-27", "table": str(n)},
        "players": {s: {"name": f"M{n}{s}"} for s in SEATS},
        "rules": {"preset": "modern"},
        "deals": [{"kind": "result", "dealer": "N",
                   "result": {"maker": "E", "trump": "H", "tricks": 3 + n % 3}}],
    })


TEXTS = [text(n) for n in range(6)]
WHO = ["A", "B", "admin", "revoked", "none"]
CLUB = {"A": "Alpha", "B": "Beta", "admin": "Federation"}

ops = st.lists(st.one_of(
    st.tuples(st.just("new"), st.sampled_from(WHO), st.integers(0, 5)),
    st.tuples(st.just("correct"), st.sampled_from(WHO), st.integers(0, 9), st.integers(0, 5)),
    st.tuples(st.just("withdraw"), st.sampled_from(WHO), st.integers(0, 9)),
), min_size=1, max_size=14)


@dataclass
class Version:
    chain: int
    status: str
    text: int | None           # None for a withdrawal version
    withdrew: int | None = None


@dataclass
class Model:
    versions: dict[int, Version] = field(default_factory=dict)
    owner: dict[int, str] = field(default_factory=dict)   # chain -> club
    stored: dict[int, int] = field(default_factory=dict)  # text -> id of its first row

    def new_id(self) -> int:
        return max(self.versions, default=0) + 1

    def may(self, who: str, chain: int) -> bool:
        return who == "admin" or CLUB[who] == self.owner[chain]

    def new(self, who: str, t: int) -> tuple[int, str | None, int | None]:
        if t in self.stored:
            return 200, None, self.stored[t]
        rid = self.new_id()
        self.versions[rid] = Version(rid, "current", t)
        self.owner[rid] = CLUB[who]
        self.stored[t] = rid
        return 201, None, rid

    def correct(self, who: str, target: int, t: int) -> tuple[int, str | None, int | None]:
        old = self.versions.get(target)
        if old is None:
            return 422, "unknown-record", None
        if not self.may(who, old.chain):
            return 403, "forbidden", None
        if t in self.stored and not (old.status == "withdrawn" and old.withdrew == self.stored[t]):
            return 409, "duplicate-correction", None
        if old.status == "superseded":
            return 409, "already-superseded", None
        rid = self.new_id()
        old.status = "superseded"
        self.versions[rid] = Version(old.chain, "current", t)
        self.stored.setdefault(t, rid)
        return 201, None, rid

    def withdraw(self, who: str, target: int) -> tuple[int, str | None, int | None]:
        old = self.versions.get(target)
        if old is None:
            return 404, "not-found", None
        if not self.may(who, old.chain):
            return 403, "forbidden", None
        if old.status != "current":
            return 409, "already-withdrawn" if old.status == "withdrawn" else \
                "already-superseded", None
        rid = self.new_id()
        old.status = "superseded"
        self.versions[rid] = Version(old.chain, "withdrawn", None, withdrew=target)
        return 201, None, rid


@pytest.mark.slow  # ~25 s on the shared 2-core machine
@settings(max_examples=30, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(ops)
def test_writes_follow_the_model(sequence):
    with tempfile.TemporaryDirectory() as folder:
        path = str(Path(folder) / "m.db")
        app = create_app({"DATABASE": path, "TESTING": True})
        tok = {who: make_token(path, CLUB[who], admin=who == "admin")[1]
               for who in ("A", "B", "admin")}
        revoked_id, tok["revoked"] = make_token(path, "Alpha")
        db = open_db(path)
        tokens.revoke(db, revoked_id)
        db.close()
        client = app.test_client()
        model = Model()
        for op in sequence:
            kind, who = op[0], op[1]
            headers = bearer(tok[who]) if who != "none" else {}
            if kind == "new":
                resp = client.post("/records", data=TEXTS[op[2]], headers=headers,
                                   content_type="application/json")
            else:
                ids = sorted(model.versions)
                target = ids[op[2] % len(ids)] if ids and op[2] < 8 else 999
                url = (f"/records?supersedes={target}" if kind == "correct"
                       else f"/records/{target}/withdraw")
                resp = client.post(url, data=TEXTS[op[3]] if kind == "correct" else None,
                                   headers=headers,
                                   content_type="application/json" if kind == "correct" else None)
            if who in ("revoked", "none"):
                expected: tuple[int, str | None, int | None] = (401, "unauthorized", None)
            elif kind == "new":
                expected = model.new(who, op[2])
            elif kind == "correct":
                expected = model.correct(who, target, op[3])
            else:
                expected = model.withdraw(who, target)
            body = resp.get_json()
            got = (resp.status_code, body.get("error", {}).get("code"),
                   body.get("id") if resp.status_code < 300 else None)
            assert got == expected, (op, body)
        listed = client.get("/records?per_page=100").get_json()
        assert sorted(r["id"] for r in listed["items"]) == sorted(
            rid for rid, v in model.versions.items() if v.status == "current")
        for rid, version in model.versions.items():
            history = client.get(f"/records/{rid}/history").get_json()
            chain = [i for i, v in sorted(model.versions.items()) if v.chain == version.chain]
            assert [v["id"] for v in history["versions"]] == chain
            assert [v["status"] for v in history["versions"]] == [
                model.versions[i].status for i in chain]
            assert history["owner_club"] == model.owner[version.chain]
