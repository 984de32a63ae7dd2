"""The database schema as an ordered list of migrations, and opening a database.

The migrations live in this package by number (``v01_v04``, ``v06_v10``, ``v11_v16``, ``v17_tables``, ``v18_events_of_n``,
``v19_one_set``;
5 and 9 in ``events_schema`` and ``calls_schema``); every one is importable from here as before.

Contract:
- ``PRAGMA user_version`` is the schema version: the number of migrations applied.
- :data:`MIGRATIONS` is append-only. Migration *n* (1-based) turns a version *n-1* database into
  version *n*; released migrations are never edited, so a database made by any earlier version of
  this package opens and is brought up to date by :func:`migrate`.
- Every migration runs in one transaction together with the ``user_version`` bump.
- :func:`open_db` sets the per-connection pragmas (foreign keys, busy timeout); WAL is a property of
  the file, set once by :func:`migrate` outside any transaction.
- :func:`migrate` commits the migrations with ``synchronous = NORMAL`` (WAL only) and leaves the
  connection's setting as it found it (``FULL``, SQLite's default, for the records after them);
  see :func:`_unsynced_steps` for why that is safe.

The schema itself is described in docs/STORE.md.
"""

from __future__ import annotations

import sqlite3
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

import sqlite_utils

from ..calls_schema import v9_calls
from ..events_schema import v5_events
from .v01_v04 import _v1_tables, _v2_guards, _v3_views, _v4_trust, _widen_status_check
from .v06_v10 import _v6_drafts, _v7_input_hashes, _v8_single_games_are_no_rubber, _v10_analysis_cache
from .v11_v16 import (
    _v11_seating_draws, _v12_event_closures, _v13_sessions, _v14_secret_out_of_store,
    _v15_table_links, _v16_browser_deal_ids,
)
from .v17_tables import _v17_tables_of_n
from .v18_events_of_n import _v18_events_of_n
from .v19_one_set import _v19_one_set

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "open_db", "migrate", "schema_version", "open_store",
           "StoreUnavailable"]

BUSY_TIMEOUT_MS = 5000

_RELEASED = (_widen_status_check,)   # kept importable from here as before the split



MIGRATIONS: list[Callable[[sqlite_utils.Database], None]] = [_v1_tables, _v2_guards, _v3_views,
                                                             _v4_trust, v5_events, _v6_drafts,
                                                             _v7_input_hashes,
                                                             _v8_single_games_are_no_rubber,
                                                             v9_calls, _v10_analysis_cache,
                                                             _v11_seating_draws,
                                                             _v12_event_closures, _v13_sessions,
                                                             _v14_secret_out_of_store,
                                                             _v15_table_links,
                                                             _v16_browser_deal_ids,
                                                             _v17_tables_of_n,
                                                             _v18_events_of_n,
                                                             _v19_one_set]
SCHEMA_VERSION = len(MIGRATIONS)


def schema_version(db: sqlite_utils.Database) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def open_db(path: str | Path) -> sqlite_utils.Database:
    """A connection with foreign keys on and a busy timeout. Does not migrate.

    Open one per thread (per request): a connection is bound to the thread that opened it."""
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    return sqlite_utils.Database(conn, execute_plugins=False)


def migrate(db: sqlite_utils.Database, target: int = SCHEMA_VERSION) -> int:
    """Apply the pending migrations up to ``target``; return the version reached.

    Raises StoreUnavailable (a RuntimeError) for a database newer than this package knows."""
    current = schema_version(db)
    if current > SCHEMA_VERSION:
        raise StoreUnavailable(f"database schema version {current} is newer than this program's "
                               f"({SCHEMA_VERSION}); upgrade euchre-records")
    if db.conn.in_transaction:
        db.conn.commit()
    if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal" and not _is_memory(db):
        db.execute("PRAGMA journal_mode = WAL")  # outside a transaction, or it is ignored
    with _unsynced_steps(db, current < target):
        for number in range(current + 1, target + 1):
            db.conn.execute("BEGIN IMMEDIATE")  # one transaction: the migration and the version bump
            try:
                if schema_version(db) < number:  # else another process got there first
                    with db.atomic():  # sqlite-utils helpers nest as savepoints inside it
                        MIGRATIONS[number - 1](db)
                    db.conn.execute(f"PRAGMA user_version = {number}")
                db.conn.execute("COMMIT")
            except BaseException:
                db.rollback()
                raise
    return schema_version(db)


@contextmanager
def _unsynced_steps(db: sqlite_utils.Database, pending: bool) -> Iterator[None]:
    """The migrations' commits with ``synchronous = NORMAL`` (in WAL mode only), then the
    connection's own setting again.

    In WAL mode a NORMAL commit is safe against a crash of the program and never corrupts the
    file; a power cut may take back the last commits before the log reaches the disk. Here that
    only leaves the file at an earlier version, which the next :func:`migrate` continues (each
    migration is one transaction with its version bump), and the next FULL commit (the first
    record stored) or checkpoint puts them on disk with it. A new store was 22 migrations and 22
    waits for the disk (``fdatasync``) before a single record was stored."""
    wal = pending and db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    before = int(db.execute("PRAGMA synchronous").fetchone()[0]) if wal else None
    if before is not None and before > 1:
        db.execute("PRAGMA synchronous = NORMAL")
    try:
        yield
    finally:
        if before is not None:
            db.execute(f"PRAGMA synchronous = {before}")


def _is_memory(db: sqlite_utils.Database) -> bool:
    row = db.execute("PRAGMA database_list").fetchone()
    return not row[2]


class StoreUnavailable(RuntimeError):
    """The file cannot be used as a store: the message says why and what to do (for the CLI)."""


def open_store(path: str | Path, write: bool) -> sqlite_utils.Database:
    """Open ``path`` as a euchre-records store, or raise :class:`StoreUnavailable` saying why.

    - ``write=False`` (read commands): the file must exist and be a store of this program's
      version; it is opened read-only, so a read never creates, migrates or adds tables.
    - ``write=True``: a missing file is created (its folder must exist and be writable); an
      existing file must be a store (any older version: it is migrated) or an empty SQLite file.
    Either way a file that is not SQLite, an SQLite file of another program, a newer schema, a
    read-only or uncreatable path is refused with a message, never a traceback.
    """
    where = Path(path)
    if where.exists() and where.is_dir():
        raise StoreUnavailable(f"{path} is a folder, not a database file")
    if not where.exists():
        if not write:
            raise StoreUnavailable(f"no database {str(path)!r}; create one with: euchre import FILE "
                                   f"--db {path}")
        if not where.parent.is_dir():
            raise StoreUnavailable(f"cannot create {path}: the folder {where.parent} does not exist")
    try:
        if write:
            db = open_db(path)
        else:
            conn = sqlite3.connect(f"file:{_uri_path(where)}?mode=ro", uri=True,
                                   timeout=BUSY_TIMEOUT_MS / 1000)
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            db = sqlite_utils.Database(conn, execute_plugins=False)
        version = schema_version(db)
        tables = set(db.table_names())
    except sqlite3.DatabaseError as exc:
        raise StoreUnavailable(f"{path} is not a usable SQLite database: {exc}") from None
    try:
        if tables and (version == 0 or "records" not in tables):
            raise StoreUnavailable(f"{path} is an SQLite database but not a euchre-records store "
                                   f"(it holds tables {', '.join(sorted(tables)[:5])}); refusing to "
                                   "touch it")
        if version > SCHEMA_VERSION:
            raise StoreUnavailable(f"{path} has schema version {version}, newer than this "
                                   f"program's ({SCHEMA_VERSION}); upgrade euchre-records")
        if not write and version < SCHEMA_VERSION:
            raise StoreUnavailable(f"{path} is a store of schema version {version}; this program "
                                   f"reads version {SCHEMA_VERSION}. A write command (euchre import) "
                                   "or euchre serve upgrades it")
        if write:
            migrate(db)
            _probe_write(db)
    except sqlite3.OperationalError as exc:
        db.close()
        raise StoreUnavailable(f"cannot write {path}: {exc} (is the file or its folder "
                               "read-only?)") from None
    except StoreUnavailable:
        db.close()
        raise
    return db


def _probe_write(db: sqlite_utils.Database) -> None:
    """Raise the OperationalError a write would (a read-only file or folder) now, before a
    command has done half its work: rewrite the schema version as it is, then roll back."""
    if db.conn.in_transaction:
        db.conn.commit()
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        db.conn.execute(f"PRAGMA user_version = {schema_version(db)}")
    finally:
        db.conn.rollback()


def _uri_path(path: Path) -> str:
    from urllib.parse import quote
    return quote(str(path.resolve()))
