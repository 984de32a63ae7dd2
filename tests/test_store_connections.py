"""How the store is held: the API's connection kept by its thread between requests
(api/db.py), one process's writers queued before ``BEGIN IMMEDIATE`` (store.WRITERS), a
record's rows built before its transaction, and the migrations' commits unsynced
(docs/STORE.md, "Connections", "Writers queue", "Durability")."""

from __future__ import annotations

import os
import sqlite3
import threading
from pathlib import Path
from typing import Any

import pytest

from euchre_records.api import db as api_db
from euchre_records.api.app import create_app
from euchre_records.api.db import get_db
from euchre_records.api.store import migrations, rows
from euchre_records.api.store.migrations import migrate, open_db
from euchre_records.api.store.store import Store, write_transaction

from test_store import submission


@pytest.fixture
def app(tmp_path: Path) -> Any:
    return create_app({"DATABASE": str(tmp_path / "api.db"), "TESTING": True})


def _connection(app: Any) -> Any:
    with app.app_context():
        return get_db()


def test_a_thread_keeps_its_connection_from_one_request_to_the_next(app: Any, monkeypatch: Any
                                                                    ) -> None:
    opened = []

    def counting(path: Any) -> Any:
        opened.append(path)
        return open_db(path)
    monkeypatch.setattr(api_db, "open_db", counting)
    client = app.test_client()
    for _ in range(3):
        assert client.get("/records").status_code == 200
    assert len(opened) == 1
    assert _connection(app) is _connection(app)


def test_each_thread_has_its_own_connection(app: Any) -> None:
    mine = _connection(app)
    theirs: list[Any] = []
    worker = threading.Thread(target=lambda: theirs.append(_connection(app)))
    worker.start()
    worker.join()
    assert theirs and theirs[0] is not mine
    assert _connection(app) is mine


def test_a_store_replaced_by_a_rename_is_opened_anew(app: Any, tmp_path: Path) -> None:
    old = _connection(app)
    other = tmp_path / "restored.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE marker (x)")
    conn.commit()
    conn.close()
    os.replace(other, app.config["DATABASE"])
    new = _connection(app)
    assert new is not old
    assert new.conn.execute("SELECT name FROM sqlite_master WHERE name = 'marker'").fetchone()


def test_another_store_path_closes_the_kept_connection(app: Any, tmp_path: Path) -> None:
    first = _connection(app)
    second_app = create_app({"DATABASE": str(tmp_path / "second.db"), "TESTING": True})
    second = _connection(second_app)
    assert second is not first
    with pytest.raises(sqlite3.ProgrammingError):   # closed: a thread keeps one connection
        first.conn.execute("SELECT 1")


def test_a_transaction_a_request_left_open_is_rolled_back(app: Any) -> None:
    with app.app_context():
        db = get_db()
        db.conn.execute("BEGIN IMMEDIATE")
        db.conn.execute("INSERT INTO settings (key, value) VALUES ('left', 'open')")
    with app.app_context():
        again = get_db()
        assert again is db and not again.conn.in_transaction
        assert again.conn.execute("SELECT 1 FROM settings WHERE key = 'left'").fetchone() is None


def test_a_writer_waits_its_turn_before_it_begins(tmp_path: Path) -> None:
    """While one thread is inside a write transaction, another's does not even reach SQLite's
    BEGIN (which would wait in the busy handler's sleeps): it starts once the first commits."""
    path = tmp_path / "queue.db"
    setup = open_db(path)
    migrate(setup)
    setup.close()
    statements: list[str] = []
    inside, release = threading.Event(), threading.Event()

    def holder() -> None:
        conn = open_db(path)
        with write_transaction(conn):
            inside.set()
            release.wait(10)
            conn.conn.execute("INSERT INTO settings (key, value) VALUES ('first', '1')")
        conn.close()

    def follower() -> None:
        conn = open_db(path)
        conn.conn.set_trace_callback(statements.append)
        with write_transaction(conn):
            seen = conn.conn.execute("SELECT value FROM settings WHERE key = 'first'").fetchone()
            statements.append(f"saw {seen}")
        conn.close()

    a = threading.Thread(target=holder)
    a.start()
    assert inside.wait(10)
    b = threading.Thread(target=follower)
    b.start()
    b.join(0.5)
    waiting = b.is_alive() and "BEGIN IMMEDIATE" not in statements
    release.set()
    a.join(10)
    b.join(10)
    assert waiting, statements
    assert statements[0] == "BEGIN IMMEDIATE" and "saw ('1',)" in statements, statements


def test_a_records_rows_are_built_before_its_transaction(tmp_path: Path, monkeypatch: Any
                                                         ) -> None:
    db = open_db(tmp_path / "rows.db")
    migrate(db)
    during: list[bool] = []
    original = rows.rows_of

    def watched(sub: Any) -> Any:
        during.append(db.conn.in_transaction)
        return original(sub)
    monkeypatch.setattr(rows, "rows_of", watched)
    saved = Store(db).save(submission())
    assert during == [False] and not saved.duplicate
    assert db.conn.execute("SELECT count(*) FROM records").fetchone()[0] == 1
    db.close()


def test_migrations_commit_unsynced_and_the_setting_comes_back(tmp_path: Path,
                                                                monkeypatch: Any) -> None:
    db = open_db(tmp_path / "sync.db")
    migrate(db, target=3)
    seen: list[int] = []
    step = migrations.MIGRATIONS[3]

    def watched(database: Any) -> None:
        seen.append(database.execute("PRAGMA synchronous").fetchone()[0])
        step(database)
    patched = list(migrations.MIGRATIONS)
    patched[3] = watched
    monkeypatch.setattr(migrations, "MIGRATIONS", patched)
    db.execute("PRAGMA synchronous = EXTRA")
    assert migrate(db) == migrations.SCHEMA_VERSION
    assert seen == [1]                                          # NORMAL while migrating
    assert db.execute("PRAGMA synchronous").fetchone()[0] == 3  # the connection's own again
    db.close()
    fresh = open_db(tmp_path / "fresh.db")
    migrate(fresh)
    assert fresh.execute("PRAGMA synchronous").fetchone()[0] == 2   # FULL for the records
    fresh.close()
