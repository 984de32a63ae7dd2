"""api/auth and api/store/tokens: tokens in the store (format, hash, revocation, guards),
the actor of a request, private servers, the secret key, browser sessions and CSRF.

Expectations come from docs/AUTH.md and the rules of issue 9 (a token is a 256-bit secret
stored only as its SHA-256; sessions are signed HttpOnly SameSite cookies that never hold the
token; every unsafe request carried by the session cookie needs the form token and a same-site
origin), not from the code's own output."""

from __future__ import annotations

import base64
import hashlib
import json
import re
import sqlite3
import zlib

import pytest
from flask import Blueprint, g, render_template_string, request

from euchre_records.api.app import create_app
from euchre_records.api.auth import (
    Actor, CsrfFailed, current_actor, may_modify, public, sign_in, sign_out,
)
from euchre_records.api.store import tokens
from euchre_records.api.store.migrations import migrate, open_db, schema_version
from euchre_records.testkit.samples import random_texts

from auth_fixtures import bearer, make_token

TEXTS = list(random_texts(2, start_seed=500))
TOKEN_SHAPE = re.compile(r"eur_[1-9][0-9]*_[0-9a-f]{64}")


# --- tokens in the store ---------------------------------------------------------------------

@pytest.fixture
def db(tmp_path):
    database = open_db(tmp_path / "t.db")
    migrate(database)
    yield database
    database.close()


def test_a_token_is_256_random_bits_stored_only_as_its_sha256(db, tmp_path):
    row, text = tokens.create_token(db, "Riverside", label="tablet")
    assert TOKEN_SHAPE.fullmatch(text) and text.startswith(f"eur_{row.id}_")
    stored = db.conn.execute("SELECT hash FROM tokens WHERE id = ?", (row.id,)).fetchone()[0]
    assert stored == hashlib.sha256(text.encode()).hexdigest()
    secret = text.rsplit("_", 1)[1]
    db.conn.commit()
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("t.db*"))
    assert secret.encode() not in raw and text.encode() not in raw
    _, second = tokens.create_token(db, "Riverside")
    assert second.rsplit("_", 1)[1] != secret


def test_verify_accepts_the_token_only(db):
    row, text = tokens.create_token(db, "Riverside")
    assert tokens.verify(db, text).id == row.id
    secret = text.rsplit("_", 1)[1]
    wrong = [
        "", "eur_", text + "0", text[:-1], text.upper(), " " + text,
        f"eur_{row.id}_" + ("1" if secret[0] != "1" else "2") + secret[1:],  # one digit off
        f"eur_{row.id + 1}_{secret}",  # someone else's id
        f"eur_0{row.id}_{secret}", f"eur_{row.id}_{secret}\n", "eur_99999999999999999999_" + secret,
    ]
    for text_ in wrong:
        assert tokens.verify(db, text_) is None, text_


def test_revoked_tokens_fail_and_revocation_is_kept(db):
    row, text = tokens.create_token(db, "Riverside")
    revoked, changed = tokens.revoke(db, row.id)
    assert changed and revoked.revoked_at is not None
    assert tokens.verify(db, text) is None
    again, changed = tokens.revoke(db, row.id)
    assert not changed and again.revoked_at == revoked.revoked_at
    with pytest.raises(tokens.TokenError):
        tokens.revoke(db, 999)


@pytest.mark.parametrize("sql", [
    "DELETE FROM tokens",
    "DELETE FROM clubs",
    "UPDATE tokens SET hash = 'x'",
    "UPDATE tokens SET admin = 1",
    "UPDATE tokens SET club_id = 2",
    "UPDATE tokens SET revoked_at = NULL",
    "UPDATE clubs SET name = 'Other'",
])
def test_the_store_refuses_to_rewrite_tokens_and_clubs(db, sql):
    row, _ = tokens.create_token(db, "Riverside")
    tokens.create_token(db, "Other club")
    tokens.revoke(db, row.id)
    with pytest.raises(sqlite3.IntegrityError):
        db.conn.execute(sql)
    db.conn.rollback()


def test_last_use_is_noted_at_most_once_a_minute(db):
    row, text = tokens.create_token(db, "Riverside")
    assert row.last_used_at is None
    first = tokens.verify(db, text)
    noted = tokens.token_by_id(db, row.id).last_used_at
    assert first is not None and noted is not None
    tokens.verify(db, text)
    assert tokens.token_by_id(db, row.id).last_used_at == noted


@pytest.mark.parametrize("club", ["", "   ", "a\x00b", "x" * 201])
def test_bad_club_names_are_refused(db, club):
    with pytest.raises(tokens.TokenError):
        tokens.create_token(db, club)


def test_may_modify():
    own = Actor(club_id=1, club="A", token_id=1, admin=False)
    admin = Actor(club_id=2, club="F", token_id=2, admin=True)
    assert may_modify(own, 1) and not may_modify(own, 2) and not may_modify(own, None)
    assert may_modify(admin, 1) and may_modify(admin, None)
    assert not may_modify(None, 1)


def test_migration_4_keeps_a_version_3_store_whole(tmp_path):
    from euchre_records.api.store.ingest import prepare

    path = tmp_path / "old.db"
    old = open_db(path)
    migrate(old, target=3)
    sub = prepare(TEXTS[0])  # a record row as version 3 wrote it
    old.conn.execute(
        "INSERT INTO records (hash, canonical, result, format_version, rules, deals, findings, "
        "submitted_at, submitted_by) VALUES (?, ?, ?, '1.0', 'somerset-1888', 1, 0, "
        "'2026-01-01T00:00:00.000Z', 'scorer')", (sub.hash, sub.canonical, sub.result_json))
    old.conn.commit()
    saved_id = old.conn.execute("SELECT id FROM records").fetchone()[0]
    before = old.conn.execute("SELECT * FROM records").fetchall()
    old.close()
    db = open_db(path)
    migrate(db)
    assert schema_version(db) >= 4
    after = db.conn.execute("SELECT * FROM records").fetchall()
    assert [row[:len(before[0])] for row in after] == before  # new columns appended, NULL
    assert db.conn.execute("SELECT club_id, token_id FROM records").fetchall() == [(None, None)]
    assert db.conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    with pytest.raises(sqlite3.IntegrityError):  # the CHECK still refuses unknown statuses
        db.conn.execute("UPDATE records SET status = 'deleted' WHERE id = ?", (saved_id,))
    db.conn.rollback()
    with pytest.raises(sqlite3.IntegrityError):  # and the guard the new columns
        db.conn.execute("UPDATE records SET club_id = 1 WHERE id = ?", (saved_id,))
    db.conn.rollback()
    db.close()


# --- the app: actor, private servers, the secret key ------------------------------------------

def make_app(tmp_path, **config):
    app = create_app({"DATABASE": str(tmp_path / "app.db"), "TESTING": True, **config})
    test_bp = Blueprint("t", __name__)

    @test_bp.route("/t/whoami")
    def whoami():
        actor = current_actor()
        return {"actor": None if actor is None else [actor.club, actor.token_id, actor.admin],
                "via": g.auth_via}

    @test_bp.route("/t/login", methods=["GET", "POST"])
    @public
    def login():
        if request.method == "GET":
            return render_template_string(
                '<form method="post"><input type="hidden" name="csrf_token" '
                'value="{{ csrf_token() }}"><input name="token"></form>')
        actor = sign_in(request.form.get("token", ""))
        return ({"signed_in": actor is not None}, 200 if actor else 401)

    @test_bp.route("/t/logout", methods=["POST"])
    def logout():
        sign_out()
        return {"signed_out": True}

    @test_bp.route("/t/write", methods=["POST"])
    def write():
        return {"actor": None if g.actor is None else g.actor.club}

    @test_bp.route("/t/form")
    def form():
        return render_template_string("{{ csrf_token() }}")

    app.register_blueprint(test_bp)
    return app


def test_the_actor_comes_from_a_bearer_token(tmp_path):
    app = make_app(tmp_path)
    tid, text = make_token(app.config["DATABASE"], "Riverside", admin=True)
    client = app.test_client()
    assert client.get("/t/whoami").get_json() == {"actor": None, "via": None}
    assert client.get("/t/whoami", headers=bearer(text)).get_json() == {
        "actor": ["Riverside", tid, True], "via": "bearer"}
    # a bad token on a read of a public server is just anonymous
    assert client.get("/t/whoami", headers=bearer("eur_1_" + "0" * 64)).get_json()["actor"] is None
    assert client.get("/records", headers={"Authorization": "Bearer nonsense"}).status_code == 200


def test_a_private_server_needs_a_token_for_every_read(tmp_path):
    app = make_app(tmp_path, PRIVATE=True)
    _, text = make_token(app.config["DATABASE"])
    client = app.test_client()
    for path in ("/records", "/rubbers", "/records/1", "/players/statistics?name=Ann", "/players/Ann", "/openapi.json",
                 "/t/whoami"):
        resp = client.get(path)
        assert resp.status_code == 401, path
        assert resp.get_json()["error"]["code"] == "unauthorized"
        assert resp.headers["WWW-Authenticate"].startswith("Bearer")
    assert client.post("/validate", data=TEXTS[0], content_type="application/json"
                       ).status_code == 401
    assert client.get("/records", headers=bearer(text)).status_code == 200
    assert client.get("/t/login").status_code == 200  # sign-in pages stay open
    assert client.get("/login").status_code == 200  # the web pages' own (api/pages)


def test_private_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("EUCHRE_PRIVATE", "1")
    assert make_app(tmp_path).test_client().get("/records").status_code == 401
    monkeypatch.setenv("EUCHRE_PRIVATE", "0")
    assert make_app(tmp_path).test_client().get("/records").status_code == 200


def test_the_secret_key_is_kept_beside_the_database_never_a_fixed_default(tmp_path, monkeypatch):
    monkeypatch.delenv("EUCHRE_SECRET", raising=False)
    first = create_app({"DATABASE": str(tmp_path / "a.db")}).config["SECRET_KEY"]
    again = create_app({"DATABASE": str(tmp_path / "a.db")}).config["SECRET_KEY"]
    other = create_app({"DATABASE": str(tmp_path / "b.db")}).config["SECRET_KEY"]
    assert first == again and first != other and len(first) >= 32
    monkeypatch.setenv("EUCHRE_SECRET", "s" * 20)
    assert create_app({"DATABASE": str(tmp_path / "a.db")}).config["SECRET_KEY"] == "s" * 20
    given = create_app({"DATABASE": str(tmp_path / "a.db"), "SECRET_KEY": "g" * 16})
    assert given.config["SECRET_KEY"] == "g" * 16
    with pytest.raises(ValueError):
        create_app({"DATABASE": str(tmp_path / "a.db"), "SECRET_KEY": "short"})


# --- browser sessions -------------------------------------------------------------------------

def _cookie_payload(client, app) -> dict:
    cookie = client.get_cookie(app.config["SESSION_COOKIE_NAME"])
    data = cookie.value
    compressed = data.startswith(".")
    body = data.lstrip(".").split(".")[0]
    raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    return json.loads(zlib.decompress(raw) if compressed else raw)


def signed_in(tmp_path, club="Riverside", **config):
    app = make_app(tmp_path, **config)
    tid, text = make_token(app.config["DATABASE"], club)
    client = app.test_client()
    page = client.get("/t/login").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    resp = client.post("/t/login", data={"token": text, "csrf_token": csrf})
    assert resp.status_code == 200, resp.get_data(as_text=True)
    return app, client, tid, text, resp


def test_sign_in_sets_a_signed_httponly_samesite_cookie_without_the_token(tmp_path):
    app, client, tid, text, resp = signed_in(tmp_path)
    header = resp.headers["Set-Cookie"]
    assert header.startswith("euchre_session=") and "HttpOnly" in header
    assert "SameSite=Lax" in header
    payload = _cookie_payload(client, app)
    assert set(payload) == {"sid", "csrf", "_permanent"} and text not in json.dumps(payload)
    db = open_db(app.config["DATABASE"])  # the store has the session id's hash, not the id
    stored = db.conn.execute("SELECT hash, token_id FROM sessions").fetchall()
    db.close()
    assert stored == [(hashlib.sha256(payload["sid"].encode()).hexdigest(), tid)]
    assert text.rsplit("_", 1)[1] not in client.get_cookie("euchre_session").value
    assert client.get("/t/whoami").get_json() == {"actor": ["Riverside", tid, False],
                                                  "via": "session"}


def test_secure_cookies_behind_https(tmp_path, monkeypatch):
    monkeypatch.setenv("EUCHRE_SECURE_COOKIES", "1")
    _, _, _, _, resp = signed_in(tmp_path)
    assert "Secure" in resp.headers["Set-Cookie"]


def test_a_tampered_cookie_is_no_session(tmp_path):
    app, client, tid, _, _ = signed_in(tmp_path)
    value = client.get_cookie("euchre_session").value
    other = {**_cookie_payload(client, app), "sid": "A" * 43}
    forged = base64.urlsafe_b64encode(json.dumps(other).encode()).decode().rstrip("=")
    client.set_cookie("euchre_session", forged + "." + value.split(".", 2)[-1])
    assert client.get("/t/whoami").get_json()["actor"] is None


def test_sign_in_starts_a_new_session_and_a_bad_token_changes_nothing(tmp_path):
    app = make_app(tmp_path)
    _, text = make_token(app.config["DATABASE"])
    client = app.test_client()
    before = client.get("/t/form").get_data(as_text=True)
    resp = client.post("/t/login", data={"token": "eur_1_" + "f" * 64, "csrf_token": before})
    assert resp.status_code == 401
    assert client.get("/t/form").get_data(as_text=True) == before  # unchanged
    assert client.post("/t/login", data={"token": text, "csrf_token": before}).status_code == 200
    after = client.get("/t/form").get_data(as_text=True)
    assert after != before  # a new session, a new form token (no fixation)


def test_revoking_a_token_ends_its_sessions(tmp_path):
    app, client, tid, _, _ = signed_in(tmp_path)
    db = open_db(app.config["DATABASE"])
    tokens.revoke(db, tid)
    db.close()
    assert client.get("/t/whoami").get_json()["actor"] is None


def test_a_session_expires(tmp_path, monkeypatch):
    from datetime import datetime, timedelta, timezone

    from euchre_records.api.store import sessions

    _, client, _, _, _ = signed_in(tmp_path, SESSION_HOURS=2)
    now = datetime.now(timezone.utc)
    monkeypatch.setattr(sessions, "_now", lambda: now + timedelta(hours=1.9))
    assert client.get("/t/whoami").get_json()["actor"] is not None
    monkeypatch.setattr(sessions, "_now", lambda: now + timedelta(hours=2.1))
    assert client.get("/t/whoami").get_json()["actor"] is None


def test_sign_out(tmp_path):
    _, client, _, _, _ = signed_in(tmp_path)
    csrf = client.get("/t/form").get_data(as_text=True)
    assert client.post("/t/logout", data={"csrf_token": csrf}).status_code == 200
    assert client.get("/t/whoami").get_json()["actor"] is None


# --- CSRF -------------------------------------------------------------------------------------

def _csrf_code(resp) -> str | None:
    body = resp.get_json(silent=True) or {}
    return body.get("error", {}).get("code")


def test_a_form_post_needs_the_form_token(tmp_path):
    _, client, _, _, _ = signed_in(tmp_path)
    csrf = client.get("/t/form").get_data(as_text=True)
    assert client.post("/t/write", data={"csrf_token": csrf}).get_json() == {"actor": "Riverside"}
    for data in ({}, {"csrf_token": ""}, {"csrf_token": csrf[:-1] + "x"}):
        resp = client.post("/t/write", data=data)
        assert resp.status_code == 403 and _csrf_code(resp) == "csrf-failed", data


@pytest.mark.parametrize("headers", [
    {"Sec-Fetch-Site": "cross-site"},
    {"Sec-Fetch-Site": "same-site"},
    {"Origin": "https://evil.example"},
    {"Origin": "null"},
])
def test_a_cross_site_post_fails_even_with_the_form_token(tmp_path, headers):
    _, client, _, _, _ = signed_in(tmp_path)
    csrf = client.get("/t/form").get_data(as_text=True)
    resp = client.post("/t/write", data={"csrf_token": csrf}, headers=headers)
    assert resp.status_code == 403 and _csrf_code(resp) == "csrf-failed"


@pytest.mark.parametrize("headers", [
    {"Sec-Fetch-Site": "same-origin"}, {"Sec-Fetch-Site": "none"},
    {"Origin": "http://localhost"}, {},
])
def test_a_same_site_post_with_the_form_token_passes(tmp_path, headers):
    _, client, _, _, _ = signed_in(tmp_path)
    csrf = client.get("/t/form").get_data(as_text=True)
    assert client.post("/t/write", data={"csrf_token": csrf}, headers=headers).status_code == 200


def test_a_cross_site_form_without_a_session_fails_too(tmp_path):
    """Login CSRF: a page of another site posting its own token to the sign-in form."""
    app = make_app(tmp_path)
    _, text = make_token(app.config["DATABASE"])
    resp = app.test_client().post("/t/login", data={"token": text},
                                  headers={"Sec-Fetch-Site": "cross-site"})
    assert resp.status_code == 403 and _csrf_code(resp) == "csrf-failed"


def test_the_json_api_under_a_session_needs_the_csrf_header(tmp_path):
    _, client, _, _, _ = signed_in(tmp_path)
    csrf = client.get("/t/form").get_data(as_text=True)
    resp = client.post("/records", data=TEXTS[0], content_type="application/json")
    assert resp.status_code == 403 and _csrf_code(resp) == "csrf-failed"
    resp = client.post("/records", data=TEXTS[0], content_type="application/json",
                       headers={"X-CSRF-Token": csrf})
    assert resp.status_code == 201


def test_a_bearer_header_beside_the_cookie_does_not_skip_csrf(tmp_path):
    _, client, _, text, _ = signed_in(tmp_path)
    resp = client.post("/records", data=TEXTS[0], content_type="application/json",
                       headers=bearer(text))
    assert resp.status_code == 403 and _csrf_code(resp) == "csrf-failed"


def test_an_api_client_without_cookies_needs_no_csrf_token(tmp_path):
    app = make_app(tmp_path)
    _, text = make_token(app.config["DATABASE"])
    resp = app.test_client().post("/records", data=TEXTS[0], content_type="application/json",
                                  headers=bearer(text))
    assert resp.status_code == 201


def test_csrf_failed_is_an_api_error_of_the_one_shape():
    err = CsrfFailed("x")
    assert (err.status, err.code) == (403, "csrf-failed")
