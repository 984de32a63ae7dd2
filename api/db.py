"""The SQLite connection of a request: one per thread, kept from one request to the next
(SQLite connections are bound to their thread).

Contract: :func:`get_db` gives the connection to the configured ``DATABASE`` on first use in a
request and keeps it on ``flask.g``; :func:`close_db` (registered at app teardown) ends the
request's use of it: a transaction the request left open is rolled back (as closing the
connection did), and the connection stays with its thread for that thread's next request.

Why kept: opening a connection costs more than a whole ordinary request's statements, because
SQLite reads and parses the store's schema (over a hundred tables, indexes and triggers) on a
connection's first statement, and the last connection to close checkpoints the write-ahead log
(about 1.2 ms and up to 2 ms of CPU per request; benchmarks/bench_api.py). A thread keeps one
connection; it is used again only for the same file, opened the same way: the same path, the same
file there (device and inode: a store restored or replaced by a rename is opened anew) and the
same opener (:func:`open_db`). Anything else closes it and opens another.
"""

from __future__ import annotations

import os
import threading
from typing import Any

import sqlite_utils
from flask import current_app, g

from .store.migrations import open_db

__all__ = ["get_db", "close_db"]

_KEPT = threading.local()
"""``_KEPT.db``: this thread's ``(key, connection)``, or absent."""


def get_db() -> sqlite_utils.Database:
    """This request's connection (this thread's kept one, or opened now; see the contract)."""
    if "db" not in g:
        g.db = _thread_connection(str(current_app.config["DATABASE"]))
    return g.db  # type: ignore[no-any-return]


def close_db(exc: BaseException | None) -> None:
    db = g.pop("db", None)
    if db is not None and db.conn.in_transaction:
        db.conn.rollback()


def _thread_connection(path: str) -> sqlite_utils.Database:
    key = (path, _identity(path), open_db)
    kept = getattr(_KEPT, "db", None)
    if kept is not None:
        if kept[0] == key:
            return kept[1]  # type: ignore[no-any-return]
        _KEPT.db = None
        kept[1].close()
    db = open_db(path)
    if key[1] is None:   # the file did not exist: it does now, and that is the one to keep
        key = (path, _identity(path), open_db)
    _KEPT.db = (key, db)
    return db


def _identity(path: str) -> Any:
    """The file's device and inode, or None (no such file yet, or not a file: ``:memory:``)."""
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return (found.st_dev, found.st_ino)
