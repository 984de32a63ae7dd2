"""One SQLite connection per request (SQLite connections are bound to their thread).

Contract: :func:`get_db` opens the configured ``DATABASE`` on first use in a request and keeps it on
``flask.g``; :func:`close_db` (registered at app teardown) closes it.
"""

from __future__ import annotations

import sqlite_utils
from flask import current_app, g

from .store.migrations import open_db

__all__ = ["get_db", "close_db"]


def get_db() -> sqlite_utils.Database:
    """This request's connection (opened on first use, closed at teardown)."""
    if "db" not in g:
        g.db = open_db(current_app.config["DATABASE"])
    return g.db  # type: ignore[no-any-return]


def close_db(exc: BaseException | None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


