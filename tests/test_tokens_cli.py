"""``euchre token create|list|revoke`` and the trust options of ``euchre serve`` (--private,
--secret, the first-start admin token and its sign-in URL), through click's CliRunner; the
tokens made are then tried against the app, so a token the CLI prints must really work."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest
from click.testing import CliRunner

from euchre_records.api.app import create_app
from euchre_records.testkit.samples import random_texts
from euchre_records.cli.main import main

from auth_fixtures import bearer

TEXT = next(random_texts(1, start_seed=700))
TOKEN_LINE = re.compile(r"eur_[1-9][0-9]*_[0-9a-f]{64}\n")


@pytest.fixture
def runner():
    return CliRunner()


def run(runner, *args):
    return runner.invoke(main, [str(a) for a in args], catch_exceptions=False)


def create(runner, db, *extra) -> str:
    result = run(runner, "token", "create", "--db", db, *extra)
    assert result.exit_code == 0, result.stderr
    assert TOKEN_LINE.fullmatch(result.stdout), result.stdout  # the token alone on stdout
    return result.stdout.strip()


def post(app, text, headers):
    return app.test_client().post("/records", data=text, content_type="application/json",
                                  headers=headers)


def test_create_prints_the_token_alone_and_it_writes(runner, tmp_path):
    db = tmp_path / "club.db"
    result = run(runner, "token", "create", "--club", "Riverside", "--label", "tablet", "--db", db)
    token = result.stdout.strip()
    assert TOKEN_LINE.fullmatch(result.stdout)
    assert "Riverside" in result.stderr and token not in result.stderr
    app = create_app({"DATABASE": str(db)})
    assert post(app, TEXT, bearer(token)).status_code == 201
    assert post(app, TEXT, {}).status_code == 401


def test_list_shows_every_token_and_never_a_secret(runner, tmp_path):
    db = tmp_path / "club.db"
    first = create(runner, db, "--club", "Riverside", "--label", "tablet")
    second = create(runner, db, "--club", "Federation", "--admin")
    app = create_app({"DATABASE": str(db)})
    post(app, TEXT, bearer(first))  # a use, noted in last_used
    rows = json.loads(run(runner, "token", "list", "--db", db, "--format", "json").stdout)
    assert [(r["id"], r["club"], r["label"], r["admin"]) for r in rows] == [
        (1, "Riverside", "tablet", False), (2, "Federation", None, True)]
    assert set(rows[0]) == {"id", "club", "label", "admin", "created", "last_used", "revoked"}
    assert rows[0]["last_used"] is not None and rows[1]["last_used"] is None
    assert rows[0]["revoked"] is None
    table = run(runner, "token", "list", "--db", db).stdout
    assert table.splitlines()[0].split() == ["id", "club", "label", "admin", "created",
                                             "last_used", "revoked"]
    conn = sqlite3.connect(db)
    hashes = [h for (h,) in conn.execute("SELECT hash FROM tokens")]
    conn.close()
    for output in (table, json.dumps(rows)):
        for secret in (first, second, *hashes, first.rsplit("_", 1)[1]):
            assert secret not in output


def test_revoke_stops_a_token_at_once(runner, tmp_path):
    db = tmp_path / "club.db"
    token = create(runner, db, "--club", "Riverside")
    app = create_app({"DATABASE": str(db)})
    assert post(app, TEXT, bearer(token)).status_code == 201
    result = run(runner, "token", "revoke", "1", "--db", db)
    assert result.exit_code == 0 and "revoked token 1" in result.stderr
    resp = post(app, TEXT, bearer(token))
    assert resp.status_code == 401 and 'error="invalid_token"' in resp.headers["WWW-Authenticate"]
    rows = json.loads(run(runner, "token", "list", "--db", db, "--format", "json").stdout)
    assert rows[0]["revoked"] is not None  # kept, marked
    again = run(runner, "token", "revoke", "1", "--db", db)
    assert again.exit_code == 0 and "already revoked" in again.stderr


@pytest.mark.parametrize("args, message", [
    (["token", "revoke", "7"], "no token with id 7"),
    (["token", "create", "--club", "  "], "club name is empty"),
])
def test_refusals_exit_1_with_a_message(runner, tmp_path, args, message):
    db = tmp_path / "club.db"
    create(runner, db, "--club", "Riverside")
    result = run(runner, *args, "--db", db)
    assert result.exit_code == 1 and message in result.stderr and result.stdout == ""


def test_list_and_revoke_want_an_existing_database(runner, tmp_path):
    for args in (["token", "list"], ["token", "revoke", "1"]):
        result = run(runner, *args, "--db", tmp_path / "none.db")
        assert result.exit_code == 1 and "no database" in result.stderr
    assert not (tmp_path / "none.db").exists()


def test_token_commands_have_help_with_an_example(runner):
    for args in (["token"], ["token", "create"], ["token", "list"], ["token", "revoke"]):
        result = run(runner, *args, "--help")
        assert result.exit_code == 0 and "Example" in result.stdout


# --- serve --------------------------------------------------------------------------------------

class FakeServer:
    effective_port = 8123

    def run(self) -> None:
        pass

    def close(self) -> None:
        pass


@pytest.fixture
def served(monkeypatch):
    """Calls of make_server: (app, options); the server is bound but never run."""
    from euchre_records.api import server

    calls: list = []
    monkeypatch.setattr(server, "make_server",
                        lambda app, **kw: calls.append((app, kw)) or FakeServer())
    monkeypatch.delenv("EUCHRE_PRIVATE", raising=False)
    monkeypatch.delenv("EUCHRE_SECRET", raising=False)
    return calls


def test_the_first_start_prints_a_working_sign_in_url_once(runner, tmp_path, served):
    db = tmp_path / "new.db"
    first = run(runner, "serve", "--db", db, "--port", "8123")
    assert first.exit_code == 0, first.stderr
    urls = re.findall(r"http://127\.0\.0\.1:8123/login\?token=(eur_1_[0-9a-f]{64})", first.stderr)
    assert len(urls) == 1 and first.stdout == ""
    app = served[0][0]
    assert post(app, TEXT, bearer(urls[0])).status_code == 201
    browser = app.test_client()  # the URL leads to a sign-in page that signs in with it
    page = browser.get(f"/login?token={urls[0]}").get_data(as_text=True)
    assert urls[0] in page
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
    signed = browser.post("/login", data={"token": urls[0], "csrf_token": csrf})
    assert signed.status_code in (302, 303)
    assert browser.get_cookie(app.config["SESSION_COOKIE_NAME"]) is not None
    rows = json.loads(run(runner, "token", "list", "--db", db, "--format", "json").stdout)
    assert [(r["club"], r["admin"], r["label"]) for r in rows] == [("admin", True, "first start")]
    second = run(runner, "serve", "--db", db, "--port", "8123")
    assert "token=" not in second.stderr  # once


def test_no_first_token_and_a_store_with_tokens_print_none(runner, tmp_path, served):
    result = run(runner, "serve", "--db", tmp_path / "a.db", "--no-first-token")
    assert "token=" not in result.stderr
    create(runner, tmp_path / "b.db", "--club", "Riverside")
    assert "token=" not in run(runner, "serve", "--db", tmp_path / "b.db").stderr


def test_serve_private_makes_reads_need_a_token(runner, tmp_path, served):
    token = create(runner, tmp_path / "p.db", "--club", "Riverside")
    run(runner, "serve", "--db", tmp_path / "p.db", "--private")
    client = served[-1][0].test_client()
    assert client.get("/records").status_code == 401
    assert client.get("/records", headers=bearer(token)).status_code == 200
    run(runner, "serve", "--db", tmp_path / "p.db")
    assert served[-1][0].test_client().get("/records").status_code == 200


def test_serve_secret(runner, tmp_path, served, monkeypatch):
    run(runner, "serve", "--db", tmp_path / "s.db", "--secret", "k" * 24)
    assert served[-1][0].config["SECRET_KEY"] == "k" * 24
    monkeypatch.setenv("EUCHRE_SECRET", "e" * 24)
    run(runner, "serve", "--db", tmp_path / "s.db")
    assert served[-1][0].config["SECRET_KEY"] == "e" * 24
    short = runner.invoke(main, ["serve", "--db", str(tmp_path / "s.db"), "--secret", "short"])
    assert short.exit_code == 2 and "--secret" in short.stderr


def test_a_store_that_cannot_take_a_first_token_is_served_all_the_same(runner, tmp_path,
                                                                       served, monkeypatch):
    from euchre_records.api.store import tokens

    def read_only(*args, **kwargs):
        raise sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(tokens, "create_first_token", read_only)
    result = run(runner, "serve", "--db", tmp_path / "ro.db")
    assert result.exit_code == 0 and len(served) == 1
    assert "no first token made (attempt to write a readonly database)" in result.stderr
    assert "token=" not in result.stderr
