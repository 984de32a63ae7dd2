"""Widening a table's constraints in place, for migrations that only admit more rows.

Contract: :func:`widen_checks` rewrites each named table's stored ``CREATE TABLE`` text, replacing
every ``old`` fragment (which must occur exactly once) by its ``new`` one, through SQLite's
``writable_schema`` (sqlite.org/lang_altertable.html, "Making Other Kinds Of Table Schema
Changes"), and bumps ``schema_version``. It is only right where every stored row satisfies the
new text (a wider CHECK, a NOT NULL dropped); a table missing or a fragment not found once is a
RuntimeError before anything is written.
"""

from __future__ import annotations

from typing import Mapping, Sequence

import sqlite_utils

__all__ = ["widen_checks"]


def widen_checks(db: sqlite_utils.Database, checks: Mapping[str, Sequence[tuple[str, str]]],
                 what: str = "constraint") -> None:
    """Replace each (old, new) fragment of each table's schema text (see the module doc);
    ``what`` names the constraint in the refusal ("an unexpected seat constraint")."""
    version = int(db.execute("PRAGMA schema_version").fetchone()[0])
    edits: list[tuple[str, str]] = []
    for table, changes in checks.items():
        row = db.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?",
                         [table]).fetchone()
        if row is None:
            raise RuntimeError(f"no table {table}; not migrating")
        sql = row[0]
        for old, new in changes:
            if sql.count(old) != 1:
                raise RuntimeError(f"{table} has an unexpected {what}; not migrating")
            sql = sql.replace(old, new)
        edits.append((table, sql))
    db.execute("PRAGMA writable_schema = ON")
    try:
        for table, sql in edits:
            db.execute("UPDATE sqlite_master SET sql = ? WHERE type = 'table' AND name = ?",
                       [sql, table])
        db.execute(f"PRAGMA schema_version = {version + 1}")
    finally:
        db.execute("PRAGMA writable_schema = OFF")
