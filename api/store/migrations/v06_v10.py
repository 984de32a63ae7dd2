"""Migrations 6-10 (released; 5 is events_schema.v5_events, 9 calls_schema.v9_calls): drafts,
input hashes, single games, the analysis cache. Their SQL is as released: never edit it."""

from __future__ import annotations

import sqlite_utils

from ..events_schema import SEAT_SCORES_SQL

__all__ = ["_v6_drafts", "_v7_input_hashes", "_v8_single_games_are_no_rubber", "_v10_analysis_cache"]


def _v6_drafts(db: sqlite_utils.Database) -> None:
    """Version 6: the web pages' drafts (sittings being entered), every revision kept.

    A draft belongs to the club whose token started it; ``supersedes`` is the stored record a
    correction draft will replace; ``record_id`` is the record a finished draft became. Its data
    (a record in the notation, perhaps not finished) is in ``draft_revisions``, one row per save,
    never updated or deleted: the current data is the highest revision."""
    db.execute("""
    CREATE TABLE drafts (
        id INTEGER PRIMARY KEY,
        club_id INTEGER NOT NULL,            -- the club of the token that started it
        token_id INTEGER,
        created_at TEXT NOT NULL, updated_at TEXT NOT NULL,   -- UTC, ISO 8601
        revision INTEGER NOT NULL DEFAULT 1,
        status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'finished', 'abandoned')),
        supersedes INTEGER REFERENCES records(id),
        record_id INTEGER REFERENCES records(id)
    )""")
    db.execute("""
    CREATE TABLE draft_revisions (
        draft_id INTEGER NOT NULL REFERENCES drafts(id),
        revision INTEGER NOT NULL,
        saved_at TEXT NOT NULL,
        data TEXT NOT NULL,                  -- the draft record as JSON text
        PRIMARY KEY (draft_id, revision)
    )""")
    db.table("drafts").create_index(["club_id", "status"])
    db.execute("""
    CREATE TRIGGER drafts_no_delete BEFORE DELETE ON drafts
    BEGIN SELECT RAISE(ABORT, 'drafts are never deleted'); END""")
    for event in ("UPDATE", "DELETE"):
        db.execute(f"""
        CREATE TRIGGER draft_revisions_no_{event.lower()} BEFORE {event} ON draft_revisions
        BEGIN SELECT RAISE(ABORT, 'a draft revision is never changed'); END""")


def _v7_input_hashes(db: sqlite_utils.Database) -> None:
    """Version 7: the SHA-256 of each imported text as it was read (before parsing), so a re-run
    of an import recognises what is stored without parsing or replaying it again."""
    db.execute("""
    CREATE TABLE input_hashes (
        hash TEXT PRIMARY KEY,               -- sha256 hex of the input text (UTF-8, stripped)
        record_id INTEGER NOT NULL REFERENCES records(id)
    ) WITHOUT ROWID""")


def _v8_single_games_are_no_rubber(db: sqlite_utils.Database) -> None:
    """Version 8: "rubbers won" means one thing everywhere. A record of single games (rubber
    system ``none``) has no rubber, so no rubber winner: ``rubbers.winner`` becomes NULL for
    them, as the player statistics already counted (their games keep their winners, and
    ``games_ns``/``games_ew`` the games won). The one change ever made to stored derived rows,
    here under the guard lifted and put back in the same transaction; record texts and results
    are untouched. ``tournament_seat_scores`` is made again so that a sitting of single games
    is still won by the side that won more of them, once all are finished."""
    db.execute("DROP TRIGGER rubbers_no_update")
    db.execute("UPDATE rubbers SET winner = NULL WHERE system = 'none' AND winner IS NOT NULL")
    db.execute("""
    CREATE TRIGGER rubbers_no_update BEFORE UPDATE ON rubbers
    BEGIN SELECT RAISE(ABORT, 'the rows of a stored record are never changed'); END""")
    db.execute("DROP VIEW tournament_seat_scores")
    db.create_view("tournament_seat_scores", SEAT_SCORES_SQL.format(where=""))


def _v10_analysis_cache(db: sqlite_utils.Database) -> None:
    """Version 10: the double-dummy analyses computed on demand (docs/ANALYSIS.md), cached by the
    hash of the canonical text analysed and the analysis version, with each seat's accuracy as
    columns for the player pages. A cache: rows are only added (an analysis of a text never
    changes for one version), never updated."""
    db.execute("""
    CREATE TABLE analysis_cache (
        hash TEXT NOT NULL,                  -- records.hash of the canonical text analysed
        version INTEGER NOT NULL,            -- euchre_records.analysis.ANALYSIS_VERSION
        analysis TEXT NOT NULL,              -- the analysis as JSON text
        made_at TEXT NOT NULL,               -- UTC, ISO 8601
        PRIMARY KEY (hash, version)
    ) WITHOUT ROWID""")
    db.execute("""
    CREATE TABLE analysis_seats (
        hash TEXT NOT NULL,
        version INTEGER NOT NULL,
        seat TEXT NOT NULL CHECK (seat IN ('N', 'E', 'S', 'W')),
        deals INTEGER NOT NULL,              -- deals analysed in which the seat played
        plays INTEGER NOT NULL,              -- cards played in analysed deals
        costly INTEGER NOT NULL,             -- plays that cost at least one trick
        lost INTEGER NOT NULL,               -- tricks those plays cost
        PRIMARY KEY (hash, version, seat),
        FOREIGN KEY (hash, version) REFERENCES analysis_cache(hash, version)
    ) WITHOUT ROWID""")
