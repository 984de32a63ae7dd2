"""Sessions that end, a secret no reader of the store sees, and a ``next`` that stays on the site
(issue 22; docs/AUTH.md).

- A copy of the session cookie is worth nothing once its browser signs out (or signs in again),
  and a session ends at its expiry on the server whatever the cookie says.
- The session-signing secret is in ``<store>.secret`` (mode 0600), never in a table; an older
  store's secret is dropped from ``settings`` by its migration, bytes and all.
- ``next`` is followed only when a browser would stay on this site with it; the oracle of the
  property is ada, an implementation of the WHATWG URL standard (what browsers do), not our code.
"""

from __future__ import annotations

import sqlite3
import stat
from pathlib import Path

import pytest
from ada_url import URL
from hypothesis import example, given, settings
from hypothesis import strategies as st

from euchre_records.api.app import create_app
from euchre_records.api.pages.safe_next import local_path
from euchre_records.api.store import migrations
from euchre_records.api.store.migrations import migrate, open_db

from pages_support import build_db, csrf_of, make_app, make_token

BASE = "https://club.example/web/rubbers"


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    path = tmp_path / "pages.db"
    build_db(path, examples=False)
    return path


def _sign_in(client, token: str, next_: str = "/") -> object:  # type: ignore[no-untyped-def]
    csrf = csrf_of(client.get("/login").data)
    return client.post("/login", data={"token": token, "csrf_token": csrf, "next": next_})


def _copy_cookie(source, target) -> None:  # type: ignore[no-untyped-def]
    cookie = source.get_cookie("euchre_session")
    target.set_cookie("euchre_session", cookie.value)


def _signed_in(client) -> bool:  # type: ignore[no-untyped-def]
    return client.get("/web/sittings/new").status_code == 200  # else 303 to /login


# --- sessions that end --------------------------------------------------------------------------

def test_a_copied_cookie_dies_with_the_sign_out(db_path: Path) -> None:
    app = make_app(db_path)
    token = make_token(db_path, "Riverside")
    browser, thief = app.test_client(), app.test_client()
    assert _sign_in(browser, token).status_code == 303
    _copy_cookie(browser, thief)
    assert _signed_in(thief)  # the copy works while the session lives
    csrf = csrf_of(browser.get("/web/sittings/new").data)
    assert browser.post("/logout", data={"csrf_token": csrf}).status_code == 303
    assert not _signed_in(browser) and not _signed_in(thief)


def test_signing_in_again_ends_the_session_before(db_path: Path) -> None:
    app = make_app(db_path)
    token = make_token(db_path, "Riverside")
    browser, thief = app.test_client(), app.test_client()
    _sign_in(browser, token)
    _copy_cookie(browser, thief)
    _sign_in(browser, token)
    assert _signed_in(browser) and not _signed_in(thief)


def test_the_server_ends_a_session_at_its_expiry_whatever_the_cookie(db_path: Path,
                                                                     monkeypatch) -> None:
    from datetime import datetime, timedelta, timezone

    from euchre_records.api.store import sessions

    app = make_app(db_path, SESSION_HOURS=1)
    browser = app.test_client()
    _sign_in(browser, make_token(db_path, "Riverside"))
    now = datetime.now(timezone.utc)
    monkeypatch.setattr(sessions, "_now", lambda: now + timedelta(minutes=59))
    assert _signed_in(browser)
    monkeypatch.setattr(sessions, "_now", lambda: now + timedelta(minutes=61))
    assert not _signed_in(browser)


def test_sessions_are_never_deleted_and_end_once(db_path: Path) -> None:
    app = make_app(db_path)
    browser = app.test_client()
    _sign_in(browser, make_token(db_path, "Riverside"))
    db = open_db(db_path)
    try:
        with pytest.raises(sqlite3.IntegrityError):
            db.conn.execute("DELETE FROM sessions")
        db.conn.rollback()
        db.conn.execute("UPDATE sessions SET ended_at = '2026-01-01T00:00:00.000Z'")
        db.conn.commit()
        with pytest.raises(sqlite3.IntegrityError):
            db.conn.execute("UPDATE sessions SET ended_at = NULL")
        with pytest.raises(sqlite3.IntegrityError):
            db.conn.execute("UPDATE sessions SET expires_at = '2099-01-01T00:00:00.000Z'")
        db.conn.rollback()
    finally:
        db.close()
    assert not _signed_in(browser)  # ended in the store: the cookie is nothing now


# --- the secret ---------------------------------------------------------------------------------

def test_the_secret_is_a_0600_file_beside_the_store_not_a_row(tmp_path: Path,
                                                              monkeypatch) -> None:
    monkeypatch.delenv("EUCHRE_SECRET", raising=False)
    store = tmp_path / "club.db"
    key = create_app({"DATABASE": str(store)}).config["SECRET_KEY"]
    secret = tmp_path / "club.db.secret"
    assert secret.read_text().strip() == key and len(key) == 64
    assert stat.S_IMODE(secret.stat().st_mode) == 0o600
    assert create_app({"DATABASE": str(store)}).config["SECRET_KEY"] == key  # kept
    db = open_db(store)
    assert db.conn.execute("SELECT count(*) FROM settings").fetchone() == (0,)
    db.close()
    assert key.encode() not in store.read_bytes()
    assert sorted(p.name for p in tmp_path.iterdir() if "-" not in p.name) == [
        "club.db", "club.db.secret"]  # (and SQLite's -wal, -shm while open): no stray file


def test_a_secret_file_readable_by_others_is_narrowed(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("EUCHRE_SECRET", raising=False)
    secret = tmp_path / "club.db.secret"
    secret.write_text("k" * 40 + "\n")
    secret.chmod(0o644)
    assert create_app({"DATABASE": str(tmp_path / "club.db")}).config["SECRET_KEY"] == "k" * 40
    assert stat.S_IMODE(secret.stat().st_mode) == 0o600


def test_an_older_store_loses_the_secret_it_kept_in_a_table(tmp_path: Path,
                                                            monkeypatch) -> None:
    monkeypatch.delenv("EUCHRE_SECRET", raising=False)
    store = tmp_path / "old.db"
    before = migrations.MIGRATIONS.index(migrations._v14_secret_out_of_store)
    db = open_db(store)
    migrate(db, target=before)  # a store as the versions before kept it
    old = "0123456789abcdef" * 4
    db.conn.execute("INSERT INTO settings (key, value) VALUES ('session_secret', ?)", (old,))
    db.conn.execute("INSERT INTO settings (key, value) VALUES ('other', 'kept')")
    guard = ("CREATE TRIGGER settings_no_delete BEFORE DELETE ON settings "  # as another
             "BEGIN SELECT RAISE(ABORT, 'settings are never deleted'); END")  # migration might
    db.conn.execute(guard)
    db.conn.commit()
    db.close()
    key = create_app({"DATABASE": str(store)}).config["SECRET_KEY"]
    assert key != old  # it was readable by anyone: a new one, in the file
    assert (tmp_path / "old.db.secret").read_text().strip() == key
    db = open_db(store)
    assert db.conn.execute("SELECT key, value FROM settings").fetchall() == [("other", "kept")]
    assert db.conn.execute("SELECT sql FROM sqlite_master WHERE name = 'settings_no_delete'"
                           ).fetchone() == (guard,)  # put back as it was
    db.conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    assert old.encode() not in store.read_bytes()  # overwritten, not left in a free page


# --- next -----------------------------------------------------------------------------------------

@pytest.mark.parametrize("given, expected", [
    ("/web/rubbers/3?page=2#top", "/web/rubbers/3?page=2#top"),
    ("/\t/evil.example", None), ("/\n/evil.example", None), ("\r\n//evil.example", None),
    ("/\\evil.example", None), ("\\/evil.example", None), ("  //evil.example", None),
    ("\x00//evil.example", None), ("https://evil.example/", None), ("javascript:alert(1)", None),
    ("web/rubbers", None), ("", None),
    ("/web/a\r\nSet-Cookie: x=1", "/web/aSet-Cookie:%20x=1"),
    ("/web/caf\u00e9 x", "/web/caf%C3%A9%20x"), ("/web/?q=a\\b", "/web/?q=a\\b"),
])
def test_next_as_a_browser_reads_it(given: str, expected: str | None) -> None:
    assert local_path(given) == expected


def _browser(target: str) -> URL | None:
    try:
        return URL(target, BASE)
    except ValueError:
        return None


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["/", "\\", "\t", "\n", "\r", " ", "\x00", "\x1f", "\x7f", ".",
                                 "..", "?", "#", "%2f", "%", ":", "@", "evil.example", "a",
                                 "\u00e9", "\u202e", "http:", "https:", "javascript:"]),
                max_size=8).map("".join) | st.text(max_size=12))
@example("/\t/evil.example")
@example("/.//evil.example")
@example("/\\\\evil.example")
def test_next_is_followed_only_where_a_browser_stays_on_the_site(target: str) -> None:
    answer = local_path(target)
    given_url = _browser(target)
    if answer is None:
        return
    assert answer.isascii() and answer.isprintable() and " " not in answer  # one clean header
    reached = URL(answer, BASE)
    assert reached.host == "club.example" and reached.protocol == "https:"
    assert given_url is not None and reached.href == given_url.href  # where he asked to go
    # a path of its own, not a host in disguise: it stays on any site it is resolved on
    assert URL(answer, "http://other.example/x").host == "other.example"


def test_a_cr_lf_in_next_at_sign_in_is_no_500(db_path: Path) -> None:
    app = make_app(db_path)
    client = app.test_client()
    for next_ in ("/web/x\r\nLocation: https://evil.example", "/\r\n/evil.example"):
        resp = _sign_in(client, make_token(db_path, "Riverside"), next_)
        assert resp.status_code == 303, resp.data[:200]
        assert resp.headers["Location"] in ("/web/xLocation:%20https://evil.example", "/")
        page = client.get(f"/login?next={next_}")
        assert page.status_code == 200
