"""Browser sessions kept by the server (table ``sessions``, migration 13; docs/AUTH.md).

Contracts:
- :func:`start` makes a session of a token: 256 random bits as its id (the text the signed
  cookie carries), of which the store keeps only ``sha256`` in hex, and an expiry time. The
  id exists nowhere else afterwards, so a reader of the store file cannot take a session over.
- :func:`live_token` answers the token row of a session that is known, not ended, not expired
  and whose token is not revoked; else None. The stored hash is found by the hash of the given
  id (an index lookup: the id is 256 random bits, so no guess comes near one).
- :func:`end` sets ``ended_at`` once (signing out, or a new sign-in in the same browser); an
  ended or expired session never comes back, whatever cookie carries its id. Nothing is deleted.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from datetime import datetime, timedelta, timezone

import sqlite_utils

from .store import write_transaction
from .tokens import TokenRow, token_by_id

__all__ = ["start", "live_token", "end", "why_not_live", "SESSION_ID_RE"]

SESSION_ID_RE = re.compile(r"[A-Za-z0-9_-]{43}")
"""A session id as :func:`start` makes it: 32 random bytes, URL-safe base64 without padding."""


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _hash(session_id: str) -> str:
    return hashlib.sha256(session_id.encode("ascii")).hexdigest()


def start(db: sqlite_utils.Database, token_id: int, hours: float) -> str:
    """A new session of token ``token_id`` lasting ``hours``: its id (for the cookie)."""
    session_id = secrets.token_urlsafe(32)
    now = _now()
    conn = db.conn
    if conn.in_transaction:
        conn.commit()
    with write_transaction(db):
        conn.execute("INSERT INTO sessions (hash, token_id, created_at, expires_at) "
                     "VALUES (?, ?, ?, ?)", (_hash(session_id), token_id, _iso(now),
                                             _iso(now + timedelta(hours=hours))))
    return session_id


def live_token(db: sqlite_utils.Database, session_id: object) -> TokenRow | None:
    """The unrevoked token of a live session with this id, or None (see the module)."""
    if not isinstance(session_id, str) or SESSION_ID_RE.fullmatch(session_id) is None:
        return None
    row = db.conn.execute("SELECT token_id FROM sessions WHERE hash = ? AND ended_at IS NULL "
                          "AND expires_at > ?", (_hash(session_id), _iso(_now()))).fetchone()
    if row is None:
        return None
    token = token_by_id(db, int(row[0]))
    return None if token is None or token.revoked_at is not None else token


def why_not_live(db: sqlite_utils.Database, session_id: object) -> str | None:
    """Why a session that is not live ended, for the page to say: its token was revoked (with
    when), it was signed out, or it expired; None for an unknown id (or a live session)."""
    if not isinstance(session_id, str) or SESSION_ID_RE.fullmatch(session_id) is None:
        return None
    row = db.conn.execute("SELECT token_id, expires_at, ended_at FROM sessions WHERE hash = ?",
                          (_hash(session_id),)).fetchone()
    if row is None:
        return None
    token = token_by_id(db, int(row[0]))
    if token is not None and token.revoked_at is not None:
        return (f"this club's token (token {token.id}, {token.club}) was revoked at "
                f"{token.revoked_at}: ask the club's secretary for a new one and sign in with it")
    if row[2] is not None:
        return "this browser was signed out: sign in again with the club's token"
    if str(row[1]) <= _iso(_now()):
        return f"the sign-in of this browser expired at {row[1]}: sign in again"
    return None


def end(db: sqlite_utils.Database, session_id: object) -> bool:
    """End the session with this id; whether one was live and is now ended."""
    return end_row(db, "sessions", session_id)


SESSION_TABLES = ("sessions", "table_link_sessions")
"""The tables of browser sessions: a club token's, a table link's (table_links.py)."""


def end_row(db: sqlite_utils.Database, table: str, session_id: object) -> bool:
    """End the session with this id in ``table`` (one of :data:`SESSION_TABLES`: its ``ended_at``
    set, the one change the table's triggers allow); whether one was live and is now ended."""
    if table not in SESSION_TABLES:
        raise ValueError(f"not a session table: {table!r}")
    if not isinstance(session_id, str) or SESSION_ID_RE.fullmatch(session_id) is None:
        return False
    conn = db.conn
    if conn.in_transaction:
        conn.commit()
    with write_transaction(db):
        cursor = conn.execute(f"UPDATE {table} SET ended_at = ? WHERE hash = ? AND "
                              "ended_at IS NULL", (_iso(_now()), _hash(session_id)))
    return cursor.rowcount == 1
