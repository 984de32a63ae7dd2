"""The permission matrix of every HTTP write: no token, a malformed header, an unknown token, a
wrong secret, a revoked token, another club's, the record's own club's and an admin's token —
for a new record, a correction and a withdrawal. The expectations are the rules of issue 9 /
docs/AUTH.md, written out by hand (not read from the code): writes need a valid token (401
``unauthorized`` with ``WWW-Authenticate`` otherwise); any valid token may submit a new record;
only the record's club or an admin may correct or withdraw it (403 ``forbidden``). A refused write
changes nothing."""

from __future__ import annotations

import re
import sqlite3

import pytest

from euchre_records.api.app import create_app
from euchre_records.api.auth import is_writer_view
from euchre_records.api.store import tokens
from euchre_records.api.store.migrations import open_db
from euchre_records.testkit.samples import random_texts

from auth_fixtures import bearer, make_token

TEXTS = list(random_texts(3, start_seed=300))
ORIGINAL, CORRECTED, OTHER = TEXTS

OK, UNAUTHORIZED, FORBIDDEN = (201, None), (401, "unauthorized"), (403, "forbidden")

CREDENTIALS = ["none", "malformed", "unknown", "wrong-secret", "revoked", "other-club",
               "own-club", "admin"]

EXPECTED = {  # credential -> (new record, correction, withdrawal)
    "none": (UNAUTHORIZED,) * 3,
    "malformed": (UNAUTHORIZED,) * 3,
    "unknown": (UNAUTHORIZED,) * 3,
    "wrong-secret": (UNAUTHORIZED,) * 3,
    "revoked": (UNAUTHORIZED,) * 3,
    "other-club": (OK, FORBIDDEN, FORBIDDEN),
    "own-club": (OK, OK, OK),
    "admin": (OK, OK, OK),
}
ACTIONS = ["new", "correct", "withdraw"]


class World:
    """A store with clubs Taunton (owner of record ``rid``), Bath, and an admin of Federation."""

    def __init__(self, tmp_path) -> None:
        self.path = str(tmp_path / "perm.db")
        self.app = create_app({"DATABASE": self.path, "TESTING": True})
        self.client = self.app.test_client()
        self.own_id, self.own = make_token(self.path, "Taunton")
        _, self.other = make_token(self.path, "Bath")
        _, self.admin = make_token(self.path, "Federation", admin=True)
        revoked_id, self.revoked = make_token(self.path, "Taunton")
        db = open_db(self.path)
        tokens.revoke(db, revoked_id)
        db.close()
        resp = self.post("/records", ORIGINAL, bearer(self.own))
        assert resp.status_code == 201
        self.rid = resp.get_json()["id"]

    def post(self, path: str, text: str | None, headers: dict[str, str]):
        return self.client.post(path, data=text, headers=headers,
                                content_type="application/json" if text is not None else None)

    def headers(self, credential: str) -> dict[str, str]:
        secret = self.own.rsplit("_", 1)[1]
        return {
            "none": {},
            "malformed": {"Authorization": f"Basic {self.own}"},
            "unknown": bearer("eur_999_" + "0" * 64),
            "wrong-secret": bearer(f"eur_{self.own_id}_" + secret[::-1]),
            "revoked": bearer(self.revoked),
            "other-club": bearer(self.other),
            "own-club": bearer(self.own),
            "admin": bearer(self.admin),
        }[credential]

    def rows(self) -> list[tuple]:
        conn = sqlite3.connect(self.path)
        try:
            return conn.execute("SELECT id, status, hash FROM records ORDER BY id").fetchall()
        finally:
            conn.close()

    def do(self, action: str, credential: str):
        headers = self.headers(credential)
        if action == "new":
            return self.post("/records", OTHER, headers)
        if action == "correct":
            return self.post(f"/records?supersedes={self.rid}", CORRECTED, headers)
        return self.post(f"/records/{self.rid}/withdraw", None, headers)


@pytest.mark.parametrize("credential", CREDENTIALS)
@pytest.mark.parametrize("action", ACTIONS)
def test_permission_matrix(tmp_path, action, credential):
    world = World(tmp_path)
    before = world.rows()
    resp = world.do(action, credential)
    status, code = EXPECTED[credential][ACTIONS.index(action)]
    assert resp.status_code == status, resp.get_data(as_text=True)
    body = resp.get_json()
    if code is None:
        assert len(world.rows()) == len(before) + 1
        return
    assert body["error"]["code"] == code and body["error"]["status"] == status
    assert world.rows() == before  # nothing written, nothing changed
    if status == 401:
        challenge = resp.headers["WWW-Authenticate"]
        assert challenge.startswith('Bearer realm="euchre-records"')
        assert ('error="invalid_token"' in challenge) == (credential != "none")
    else:
        assert "WWW-Authenticate" not in resp.headers


def test_the_writer_comes_from_the_token_never_from_a_header(tmp_path):
    world = World(tmp_path)
    resp = world.post("/records?supersedes=%d" % world.rid, CORRECTED,
                      {**bearer(world.admin), "X-Submitted-By": "Taunton"})
    assert resp.status_code == 201
    new_id = resp.get_json()["id"]
    history = world.client.get(f"/records/{new_id}/history").get_json()
    first, second = history["versions"]
    assert first["by"]["club"] == "Taunton" and first["by"]["token_id"] == world.own_id
    assert second["by"]["club"] == "Federation" and second["submitted_by"] == "Taunton"
    assert history["owner_club"] == "Taunton"  # an admin's correction does not take the record


def test_an_admin_correction_leaves_the_record_with_its_club(tmp_path):
    world = World(tmp_path)
    new_id = world.post(f"/records?supersedes={world.rid}", CORRECTED,
                        bearer(world.admin)).get_json()["id"]
    assert world.post(f"/records/{new_id}/withdraw", None, bearer(world.other)).status_code == 403
    assert world.post(f"/records/{new_id}/withdraw", None, bearer(world.own)).status_code == 201


def test_a_locally_imported_record_is_changed_over_http_by_an_admin_only(tmp_path):
    from click.testing import CliRunner

    from euchre_records.cli.main import main

    world = World(tmp_path)
    source = tmp_path / "local.json"
    source.write_text(OTHER)
    result = CliRunner().invoke(main, ["import", str(source), "--db", world.path])
    assert result.exit_code == 0, result.output
    local_id = max(r[0] for r in world.rows())
    for token in (world.own, world.other):
        resp = world.post(f"/records/{local_id}/withdraw", None, bearer(token))
        assert resp.status_code == 403 and "admin" in resp.get_json()["error"]["message"]
    assert world.post(f"/records/{local_id}/withdraw", None, bearer(world.admin)).status_code == 201
    history = world.client.get(f"/records/{local_id}/history").get_json()
    assert history["owner_club"] is None and history["versions"][0]["by"] is None


def test_forbidden_is_answered_before_the_record_is_read(tmp_path):
    world = World(tmp_path)
    resp = world.post(f"/records?supersedes={world.rid}", "not json at all", bearer(world.other))
    assert resp.status_code == 403
    resp = world.post("/records", "not json at all", {})
    assert resp.status_code == 401


def test_a_write_with_an_unknown_target_is_not_a_403(tmp_path):
    world = World(tmp_path)
    resp = world.post("/records?supersedes=999", CORRECTED, bearer(world.other))
    assert resp.status_code == 422 and resp.get_json()["error"]["code"] == "unknown-record"
    resp = world.post("/records/999/withdraw", None, bearer(world.other))
    assert resp.status_code == 404


def _sample_url(rule) -> str:
    return re.sub(r"<[^>]+>", "1", rule.rule)


def test_every_write_endpoint_needs_a_token(tmp_path):
    """Every JSON API route that accepts an unsafe method (now or added later: events, players)
    is guarded and answers 401 without a valid token (none, malformed, unknown, wrong secret,
    revoked); /validate stores nothing and is the one exception."""
    world = World(tmp_path)
    unguarded = {"records.validate_record"}
    seen = 0
    for rule in world.app.url_map.iter_rules():
        unsafe = set(rule.methods or ()) & {"POST", "PUT", "PATCH", "DELETE"}
        if not unsafe or rule.endpoint in unguarded or rule.endpoint.startswith("pages."):
            continue
        if rule.endpoint == "static" or rule.endpoint.endswith(".static"):
            continue
        seen += 1
        view = world.app.view_functions[rule.endpoint]
        assert is_writer_view(view), f"{rule.rule} ({rule.endpoint}) writes without require_writer"
        for method in unsafe:
            for credential in ("none", "malformed", "unknown", "wrong-secret", "revoked"):
                resp = world.client.open(_sample_url(rule), method=method, data="{}",
                                         content_type="application/json",
                                         headers=world.headers(credential))
                assert resp.status_code == 401, (rule.rule, method, credential,
                                                 resp.get_data(as_text=True))
    assert seen >= 2  # POST /records and POST /records/{id}/withdraw at least


def test_openapi_documents_401_and_403_and_the_bearer_scheme(tmp_path):
    world = World(tmp_path)
    spec = world.client.get("/openapi.json").get_json()
    assert spec["components"]["securitySchemes"]["bearerAuth"] == {
        "type": "http", "scheme": "bearer", "description": spec["components"]["securitySchemes"]
        ["bearerAuth"]["description"]}
    for path, method in (("/records", "post"), ("/records/{record_id}/withdraw", "post")):
        operation = spec["paths"][path][method]
        assert {"401", "403"} <= set(operation["responses"]), path
        assert operation["security"] == [{"bearerAuth": []}]
    for path in ("/records", "/rubbers", "/records/{record_id}/history"):
        assert "401" in spec["paths"][path]["get"]["responses"]  # on a private server


def test_every_page_that_writes_sends_an_anonymous_browser_to_sign_in(tmp_path):
    """The web pages' forms (api/pages) write too: without a session each answers a redirect
    to the sign-in page (or 401/403) and writes nothing, even with a valid form token."""
    world = World(tmp_path)
    client = world.app.test_client()
    page = client.get("/login").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    conn = sqlite3.connect(world.path)

    def counts() -> list[int]:
        tables = [t for (t,) in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
        return [conn.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0] for t in sorted(tables)]

    before = counts()
    seen = 0
    try:
        for rule in world.app.url_map.iter_rules():
            unsafe = set(rule.methods or ()) & {"POST", "PUT", "PATCH", "DELETE"}
            if not unsafe or not rule.endpoint.startswith("pages."):
                continue
            if rule.endpoint in ("pages.login_post", "pages.logout_post",
                                 "pages.table_join"):   # signing in, with a club's token or a table link
                continue
            seen += 1
            resp = client.post(_sample_url(rule), data={"csrf_token": csrf})
            refused = resp.status_code in (401, 403) or (
                resp.status_code in (302, 303) and "/login" in resp.headers["Location"])
            assert refused, (rule.rule, resp.status_code)
    finally:
        after = counts()
        conn.close()
    assert after == before
    assert seen >= 1 or not any(r.endpoint.startswith("pages.")
                                for r in world.app.url_map.iter_rules())
