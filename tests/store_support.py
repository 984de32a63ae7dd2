"""Building a store of an earlier schema version for the tests of a migration."""

from __future__ import annotations

from typing import Any

__all__ = ["as_released"]


def as_released(new: Any, old: Any) -> list[int]:
    """Copy the rows of ``new`` (a store of this release) into ``old`` (a store migrated to an
    earlier version), in the tables and columns ``old`` has: the rows that release wrote for the
    same four-handed records, since the migrations after it only add tables, columns and the
    rows of other tables (migration 19: one set of rows for every table size). The record ids,
    in order. The Store of this release writes the one set, so it cannot write an older store
    itself."""
    names = set(old.table_names())
    with old.conn:
        for table in new.table_names():
            if table in names:
                cols = ", ".join(f'"{c.name}"' for c in old[table].columns)
                rows = new.conn.execute(f"SELECT {cols} FROM {table}").fetchall()
                if rows:
                    old.conn.executemany(f"INSERT INTO {table} ({cols}) VALUES "
                                         f"({', '.join('?' * len(rows[0]))})", rows)
    return [i for (i,) in old.conn.execute("SELECT id FROM records ORDER BY id")]
