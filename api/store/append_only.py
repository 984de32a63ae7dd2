"""The triggers that make a table append-only: a row, once written, is never updated or deleted.

Contract: :func:`append_only` creates ``{table}_no_update`` and ``{table}_no_delete``, each
aborting with ``message``. Used by the migrations of this release (9, 11, 12); the earlier ones
keep their own loops as released (a released migration is never edited).
"""

from __future__ import annotations

import sqlite_utils

__all__ = ["append_only"]


def append_only(db: sqlite_utils.Database, table: str, message: str) -> None:
    """Refuse every UPDATE and DELETE on ``table`` with ``message``."""
    for event in ("UPDATE", "DELETE"):
        db.execute(f"""
        CREATE TRIGGER {table}_no_{event.lower()} BEFORE {event} ON {table}
        BEGIN SELECT RAISE(ABORT, '{message}'); END""")
