"""Migration 17: records at tables of two, three and five (issue 19; docs/STORE.md "Tables of
two, three and five").

- ``records`` gains ``seats`` (2..5; 4 for every record stored before) and ``variant``
  (``four-handed``, ``two-handed``, ``cut-throat``, ``call-your-partner``), never changed.
- ``seats.seat`` and ``seat_bindings.seat`` take the tokens ``"0" .. "4"`` beside N E S W;
  ``seats.side`` is NULL where sides are not fixed. Both widenings only admit more values, so
  they are made in place in the schema table, as migration 4 widened ``records.status``.
- The per-player rows of those records are new tables, never changed or removed:
  ``table_games`` and ``game_scores`` (a game, and each seat's start and score in it),
  ``table_deals`` and ``deal_scores`` (a deal, and each seat's role and points in it),
  ``table_findings`` (with the points the finding moved, per seat, as a JSON array).
  Four-handed records keep their rows in ``rubbers``/``games``/``deals``/``findings`` as before.
"""

from __future__ import annotations

import sqlite_utils

from .widen_checks import widen_checks

from ..append_only import append_only

__all__ = ["_v17_tables_of_n", "TABLE_OF_N_TABLES"]

TABLE_OF_N_TABLES = ("table_games", "game_scores", "table_deals", "deal_scores", "table_findings")
"""The tables migration 17 adds (backup.PUBLIC_TABLES and datasette.TABLES list them)."""

_SEAT_CHECKS = {
    "seats": [("seat TEXT NOT NULL CHECK (seat IN ('N', 'E', 'S', 'W'))",
               "seat TEXT NOT NULL CHECK (seat IN ('N', 'E', 'S', 'W', '0', '1', '2', '3', '4'))"),
              ("side TEXT NOT NULL CHECK (side IN ('NS', 'EW'))",
               "side TEXT CHECK (side IN ('NS', 'EW'))")],
    "seat_bindings": [("seat TEXT NOT NULL CHECK (seat IN ('N', 'E', 'S', 'W'))",
                       "seat TEXT NOT NULL CHECK (seat IN ('N', 'E', 'S', 'W', '0', '1', '2', '3', '4'))")],
}


def _widen_seat_checks(db: sqlite_utils.Database) -> None:
    """Widen the seat CHECKs and drop ``seats.side``'s NOT NULL in place: constraints that only
    admit more rows (sqlite.org/lang_altertable.html, "Making Other Kinds Of Table Schema
    Changes"); every stored row satisfies the wider ones."""
    widen_checks(db, _SEAT_CHECKS, "seat constraint")


def _v17_tables_of_n(db: sqlite_utils.Database) -> None:
    """Version 17: records at tables of 2, 3 and 5 (see the module docstring)."""
    db.execute("ALTER TABLE records ADD COLUMN seats INTEGER NOT NULL DEFAULT 4 "
               "CHECK (seats BETWEEN 2 AND 5)")
    db.execute("ALTER TABLE records ADD COLUMN variant TEXT NOT NULL DEFAULT 'four-handed' "
               "CHECK (variant IN ('two-handed', 'cut-throat', 'four-handed', 'call-your-partner'))")
    db.execute("""
    CREATE TRIGGER records_no_change_table BEFORE UPDATE OF seats, variant ON records
    WHEN NEW.seats IS NOT OLD.seats OR NEW.variant IS NOT OLD.variant
    BEGIN SELECT RAISE(ABORT, 'a stored record is never changed; submit a new version'); END""")
    db.table("records").create_index(["variant", "status"])
    _widen_seat_checks(db)
    db.execute("""
    CREATE TABLE table_games (
        record_id INTEGER NOT NULL REFERENCES records(id),
        number INTEGER NOT NULL,             -- 1-based within the record
        first_deal INTEGER NOT NULL, last_deal INTEGER NOT NULL,
        winner TEXT,                         -- the winning seat's token; NULL: unfinished
        finished INTEGER NOT NULL,
        PRIMARY KEY (record_id, number)
    ) WITHOUT ROWID""")
    db.execute("""
    CREATE TABLE game_scores (
        record_id INTEGER NOT NULL REFERENCES records(id),
        game INTEGER NOT NULL,               -- table_games.number
        seat TEXT NOT NULL,                  -- the seat token "0" .. "4"
        start INTEGER NOT NULL,              -- the seat's score when the game began
        score INTEGER NOT NULL,              -- the seat's final (or current) score
        PRIMARY KEY (record_id, game, seat)
    ) WITHOUT ROWID""")
    db.execute("""
    CREATE TABLE table_deals (
        record_id INTEGER NOT NULL REFERENCES records(id),
        number INTEGER NOT NULL,             -- 1-based within the record
        game INTEGER,                        -- table_games.number
        kind TEXT NOT NULL,                  -- full, plays or result
        dealer TEXT NOT NULL,
        trump TEXT,                          -- suit letter S H D C
        maker TEXT,                          -- seat token, NULL when nobody made trump
        alone INTEGER NOT NULL,              -- five-handed: the maker went alone
        called TEXT,                         -- five-handed: the card the maker named
        partner TEXT,                        -- five-handed: its holder, when known
        partner_known INTEGER NOT NULL,
        maker_tricks INTEGER,                -- tricks of the making side
        thrown_in INTEGER NOT NULL,
        void TEXT,                           -- why the deal was void (misdeal ...), else NULL
        euchred INTEGER NOT NULL,            -- the makers took fewer than 3 tricks
        marched INTEGER NOT NULL,            -- the makers took all 5 tricks
        unfinished INTEGER NOT NULL,
        PRIMARY KEY (record_id, number)
    ) WITHOUT ROWID""")
    db.execute("""
    CREATE TABLE deal_scores (
        record_id INTEGER NOT NULL REFERENCES records(id),
        deal INTEGER NOT NULL,               -- table_deals.number
        seat TEXT NOT NULL,                  -- the seat token
        role TEXT CHECK (role IN ('maker', 'partner', 'defender')),  -- NULL: nobody made trump
        hand_points INTEGER NOT NULL, penalty INTEGER NOT NULL, points INTEGER NOT NULL,
        score INTEGER NOT NULL,              -- the seat's running game score after the deal
        PRIMARY KEY (record_id, deal, seat)
    ) WITHOUT ROWID""")
    db.execute("""
    CREATE TABLE table_findings (
        id INTEGER PRIMARY KEY,
        record_id INTEGER NOT NULL REFERENCES records(id),
        deal INTEGER, trick INTEGER, seat TEXT, card TEXT,
        kind TEXT NOT NULL, rule TEXT NOT NULL, message TEXT NOT NULL,
        points TEXT NOT NULL                 -- JSON array: the points moved, one per seat
    )""")
    db.table("table_findings").create_index(["record_id"])
    db.table("deal_scores").create_index(["seat", "role"])
    for table in TABLE_OF_N_TABLES:
        append_only(db, table, "the rows of a stored record are never changed")
