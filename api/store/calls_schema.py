"""Migration 9: the ``calls`` table, one row per recorded call of every stored deal, and its
filling for the records stored before it (the same rows the dataset's ``calls`` table has, made
by one function, ``rows.call_rows``; docs/STORE.md, docs/DATASET.md).

A module of its own, as events_schema.py is for migration 5, so that migrations.py stays the
runner and the small migrations.
"""

from __future__ import annotations

import sqlite_utils

from .append_only import append_only

__all__ = ["v9_calls"]


def v9_calls(db: sqlite_utils.Database) -> None:
    """Version 9: table ``calls``, one row per recorded call of every deal stored (the rows of
    the dataset's ``calls`` table, made by the same function, ``rows.call_rows``), guarded as
    the other rows of a record. The calls of the records already stored are filled in from
    their canonical texts (parsed once, not replayed: the deals come from the ``deals`` rows);
    a stored text this release no longer reads keeps its other rows and gets no calls."""
    db.execute("""
    CREATE TABLE calls (
        record_id INTEGER NOT NULL REFERENCES records(id),
        deal_id INTEGER NOT NULL REFERENCES deals(id),
        deal INTEGER NOT NULL,               -- the deal's number in the record
        call INTEGER NOT NULL,               -- the call's position in the deal's calls, from 1
        round INTEGER NOT NULL CHECK (round IN (1, 2)),  -- 1: the turned card; 2: naming a suit
        seat TEXT,                           -- as recorded, else the seat in turn
        kind TEXT NOT NULL,                  -- pass, order, assist, take, name, ...
        suit TEXT,                           -- the suit named
        alone INTEGER NOT NULL,
        PRIMARY KEY (record_id, deal, call)
    )""")
    db.table("calls").create_index(["deal_id"])
    append_only(db, "calls", "the rows of a stored record are never changed")
    _fill_calls(db)


def _fill_calls(db: sqlite_utils.Database) -> None:
    """The calls of every stored record that has deal rows (withdrawals have none)."""
    from euchre_records.errors import RecordError
    from euchre_records.schema.notation import loads

    from .row_tuples import CALLS_INSERT
    from .rows import record_calls
    conn = db.conn
    records = conn.execute("SELECT id, canonical FROM records WHERE id IN "
                           "(SELECT DISTINCT record_id FROM deals) ORDER BY id")
    for record_id, canonical in records.fetchall():
        deal_ids = dict(conn.execute("SELECT number, id FROM deals WHERE record_id = ?",
                                     (record_id,)).fetchall())
        try:
            record = loads(canonical)
        except RecordError:   # a text an earlier release accepted and this one refuses
            continue          # (it keeps its other rows; only its calls are not listed)
        calls = record_calls(record, sorted(deal_ids))
        conn.executemany(CALLS_INSERT, [(record_id, deal_ids[c[0]]) + c for c in calls])
