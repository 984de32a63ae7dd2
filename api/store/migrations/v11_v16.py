"""Migrations 11-16 (released): seating draws, event closures, sessions, table links, the
browser's deal ids. Their SQL is as released: never edit it."""

from __future__ import annotations

import sqlite_utils

from ..append_only import append_only

__all__ = ["_v11_seating_draws", "_v12_event_closures", "_v13_sessions", "_v14_secret_out_of_store",
           "_v15_table_links", "_v16_browser_deal_ids"]


def _v11_seating_draws(db: sqlite_utils.Database) -> None:
    """Version 11: the seed of each seating made by a draw (api/store/event_writes.draw_seating), beside the
    seating version it made, so the draw can be shown again and checked (docs/EVENTS.md).
    Append-only like the seatings."""
    db.execute("""
    CREATE TABLE tournament_draws (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        round INTEGER NOT NULL,
        version INTEGER NOT NULL,            -- the seating version the draw made
        seed INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        created_by TEXT,
        PRIMARY KEY (tournament_id, round, version)
    )""")
    append_only(db, "tournament_draws", "a draw is never changed")


def _v12_event_closures(db: sqlite_utils.Database) -> None:
    """Version 12: an event closed by its director (no more seatings, draws or sittings; the
    night's table links die with it): one row per closed event, never changed or removed."""
    db.execute("""
    CREATE TABLE tournament_closures (
        tournament_id INTEGER PRIMARY KEY REFERENCES tournaments(id),
        closed_at TEXT NOT NULL,             -- UTC, ISO 8601
        closed_by TEXT
    )""")
    append_only(db, "tournament_closures", "a closed event stays closed")


def _v13_sessions(db: sqlite_utils.Database) -> None:
    """Version 13: browser sessions kept by the server (api/store/sessions.py), so signing out
    or expiry ends a session even for a copy of its cookie. A row holds the SHA-256 of the
    session id the cookie carries (never the id itself), its token, and when it started, expires
    and ended; it is never deleted, and only ``ended_at`` may be set, once."""
    db.execute("""
    CREATE TABLE sessions (
        id INTEGER PRIMARY KEY,
        hash TEXT NOT NULL UNIQUE,           -- sha256 hex of the session id in the cookie
        token_id INTEGER NOT NULL REFERENCES tokens(id),
        created_at TEXT NOT NULL,            -- UTC, ISO 8601
        expires_at TEXT NOT NULL,
        ended_at TEXT                        -- signed out (or replaced by a new sign-in)
    )""")
    db.execute("""
    CREATE TRIGGER sessions_no_delete BEFORE DELETE ON sessions
    BEGIN SELECT RAISE(ABORT, 'sessions are never deleted; end one instead'); END""")
    db.execute("""
    CREATE TRIGGER sessions_no_change BEFORE UPDATE ON sessions
    WHEN NEW.id IS NOT OLD.id OR NEW.hash IS NOT OLD.hash OR NEW.token_id IS NOT OLD.token_id
      OR NEW.created_at IS NOT OLD.created_at OR NEW.expires_at IS NOT OLD.expires_at
      OR (OLD.ended_at IS NOT NULL AND NEW.ended_at IS NOT OLD.ended_at)
    BEGIN SELECT RAISE(ABORT, 'a session only records its end, once'); END""")


def _v14_secret_out_of_store(db: sqlite_utils.Database) -> None:
    """Version 14: the session-signing secret leaves the ``settings`` table, which any reader of
    the file sees (Datasette shows it). It now lives in its own file beside the store, mode 0600
    (api/auth/secret_file.py), or in ``$EUCHRE_SECRET``. A secret that sat in a readable table
    is taken as known: it is not carried over but dropped (with ``secure_delete``, so its bytes
    are overwritten, not left in a free page), and a new one is made in the file on the next
    start; browsers sign in again once. ``settings`` has no append-only trigger: this is the
    one row ever deleted from it; should a migration ordered before this one guard ``settings``
    with a trigger, that trigger is set aside for this one statement and put back as it was."""
    guards = db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND "
                        "tbl_name = 'settings'").fetchall()
    for name, _ in guards:
        db.execute(f'DROP TRIGGER "{name}"')
    db.execute("PRAGMA secure_delete = ON")
    db.execute("DELETE FROM settings WHERE key = 'session_secret'")
    for _, sql in guards:
        db.execute(sql)


def _v15_table_links(db: sqlite_utils.Database) -> None:
    """Version 15: a capability link for each table of a round (api/store/table_links.py,
    docs/AUTH.md). ``table_links`` holds the SHA-256 of the link's secret (never the secret),
    the sitting it may write (event, round, table and the draft of that sitting), who issued it
    and when it expires; revoking one adds a row to ``table_link_revocations``; a browser that
    opened a link gets a row in ``table_link_sessions`` (the SHA-256 of the session id its
    cookie carries). All three are append-only but for a session's ``ended_at``, set once."""
    db.execute("""
    CREATE TABLE table_links (
        id INTEGER PRIMARY KEY,
        hash TEXT NOT NULL UNIQUE,           -- sha256 hex of the link's secret text
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        round INTEGER NOT NULL,
        "table" TEXT NOT NULL,
        draft_id INTEGER NOT NULL REFERENCES drafts(id),
        club_id INTEGER NOT NULL,            -- the club the sitting's record is stored for
        token_id INTEGER REFERENCES tokens(id),   -- the issuer's token (None: a local command)
        created_at TEXT NOT NULL,            -- UTC, ISO 8601
        expires_at TEXT NOT NULL,
        created_by TEXT
    )""")
    db.execute('CREATE INDEX table_links_place ON table_links (tournament_id, round, "table")')
    append_only(db, "table_links", "a table link is never changed; revoke it instead")
    db.execute("""
    CREATE TABLE table_link_revocations (
        link_id INTEGER PRIMARY KEY REFERENCES table_links(id),
        revoked_at TEXT NOT NULL,
        revoked_by TEXT
    )""")
    append_only(db, "table_link_revocations", "a revoked table link stays revoked")
    db.execute("""
    CREATE TABLE table_link_sessions (
        id INTEGER PRIMARY KEY,
        hash TEXT NOT NULL UNIQUE,           -- sha256 hex of the session id in the cookie
        link_id INTEGER NOT NULL REFERENCES table_links(id),
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        ended_at TEXT
    )""")
    db.execute("""
    CREATE TRIGGER table_link_sessions_no_delete BEFORE DELETE ON table_link_sessions
    BEGIN SELECT RAISE(ABORT, 'table link sessions are never deleted'); END""")
    db.execute("""
    CREATE TRIGGER table_link_sessions_no_change BEFORE UPDATE ON table_link_sessions
    WHEN NEW.id IS NOT OLD.id OR NEW.hash IS NOT OLD.hash OR NEW.link_id IS NOT OLD.link_id
      OR NEW.created_at IS NOT OLD.created_at OR NEW.expires_at IS NOT OLD.expires_at
      OR (OLD.ended_at IS NOT NULL AND NEW.ended_at IS NOT OLD.ended_at)
    BEGIN SELECT RAISE(ABORT, 'a table link session only records its end, once'); END""")


def _v16_browser_deal_ids(db: sqlite_utils.Database) -> None:
    """Version 16: the ids a browser gives the deals it sends to a draft (issue 18, entry that
    survives the connection). One row per deal a draft received with an id: the id the browser
    made (``crypto.randomUUID()``), the deal's number in the draft and the draft revision its save
    made. A resend of the same id to the same draft is answered from this row as a duplicate,
    never stored as a second deal, across requests and processes. Never changed or removed."""
    db.execute("""
    CREATE TABLE draft_deal_ids (
        draft_id INTEGER NOT NULL REFERENCES drafts(id),
        client_id TEXT NOT NULL,             -- the id the browser made for the deal
        deal_number INTEGER NOT NULL,        -- 1-based, in the draft
        revision INTEGER NOT NULL,           -- the draft revision that stored the deal
        received_at TEXT NOT NULL,           -- UTC, ISO 8601
        PRIMARY KEY (draft_id, client_id)
    )""")
    append_only(db, "draft_deal_ids", "a received deal id is never changed or removed")
