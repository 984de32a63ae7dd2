"""Clubs and their tokens in the store (tables of migration v4; docs/AUTH.md).

Contracts:
- A token is ``eur_<id>_<64 hex digits>``: the row id (not secret: it says which token to revoke
  when one leaks) and 256 random bits from :mod:`secrets`. It is shown once, by
  :func:`create_token`; the store keeps only ``sha256(token text)`` in hex.
- SHA-256 suffices because the secret is 256 random bits: a slow password hash (bcrypt,
  scrypt, argon2) protects guessable passwords, and a guess here succeeds with probability
  2^-256 however fast the hash is. The stored hash is compared with :func:`hmac.compare_digest`
  (constant time) after the row is found by its id, so timing tells nothing about the secret.
- :func:`verify` answers the :class:`TokenRow` of a well-formed, known, unrevoked token, else
  None; it notes the use in ``last_used_at`` at most once a minute per token, and never fails
  the request if that note cannot be written (a read-only or busy database).
- Nothing is deleted: revoking sets ``revoked_at`` once (a trigger refuses any other change).
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import sqlite3
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

import sqlite_utils

from euchre_records.schema.basefields import label_problem

from .store import write_transaction

__all__ = ["TokenRow", "TokenError", "create_token", "create_first_token", "verify", "token_by_id", "list_tokens",
           "revoke", "token_hash", "club_id", "has_tokens", "setting", "set_setting_once",
           "TOKEN_RE", "MAX_CLUB_NAME", "MAX_LABEL"]

TOKEN_RE = re.compile(r"eur_([1-9][0-9]{0,17})_([0-9a-f]{64})")
"""The whole token text: ``eur_``, the token's id, ``_``, 64 lowercase hex digits."""

MAX_CLUB_NAME = 200
MAX_LABEL = 200
LAST_USED_EVERY = timedelta(seconds=60)
_DUMMY_HASH = hashlib.sha256(b"no such token").hexdigest()


class TokenError(Exception):
    """A token request the store refuses (bad club name, unknown token id)."""


@dataclass(frozen=True, slots=True)
class TokenRow:
    """A token as stored, without its secret."""

    id: int
    club_id: int
    club: str
    label: str | None
    admin: bool
    created_at: str
    last_used_at: str | None
    revoked_at: str | None


def _now() -> datetime:
    return datetime.now(timezone.utc)


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def token_hash(text: str) -> str:
    """The stored form of a token: sha256 of its UTF-8 text, hex."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _clean(value: str, what: str, limit: int) -> str:
    value = value.strip()
    if not value:
        raise TokenError(f"the {what} is empty")
    if len(value) > limit:
        raise TokenError(f"the {what} is longer than {limit} characters")
    problem = label_problem(value)  # the notation's check: controls, bidi, zero-width
    if problem:
        raise TokenError(f"the {what} contains a {problem}")
    return value


def club_id(db: sqlite_utils.Database, name: str, create: bool = False) -> int | None:
    """The id of the club called ``name`` (exact, after trimming), created if asked."""
    name = _clean(name, "club name", MAX_CLUB_NAME)
    conn = db.conn
    row = conn.execute("SELECT id FROM clubs WHERE name = ?", (name,)).fetchone()
    if row is None and create:
        conn.execute("INSERT OR IGNORE INTO clubs (name, created_at) VALUES (?, ?)",
                     (name, _iso(_now())))
        row = conn.execute("SELECT id FROM clubs WHERE name = ?", (name,)).fetchone()
    return None if row is None else int(row[0])


def create_token(db: sqlite_utils.Database, club: str, admin: bool = False,
                 label: str | None = None) -> tuple[TokenRow, str]:
    """A new token for ``club`` (the club is created if new): its row and its text, which
    exists nowhere else afterwards. One transaction."""
    made = _create(db, club, admin, label, only_first=False)
    assert made is not None
    return made


def create_first_token(db: sqlite_utils.Database, club: str, label: str | None = None
                       ) -> tuple[TokenRow, str] | None:
    """An admin token for ``club`` if the store has no token at all (checked and made in one
    transaction, so two servers starting at once cannot both make one); else None."""
    return _create(db, club, True, label, only_first=True)


def _create(db: sqlite_utils.Database, club: str, admin: bool, label: str | None,
            only_first: bool) -> tuple[TokenRow, str] | None:
    clean_label = None if label is None else _clean(label, "label", MAX_LABEL)
    conn = db.conn
    if conn.in_transaction:
        conn.commit()
    with write_transaction(db):
        if only_first and has_tokens(db):
            return None   # nothing written: the empty transaction commits
        cid = club_id(db, club, create=True)
        # the id is part of the hashed text: take the next one while holding the write lock
        tid = int(conn.execute("SELECT coalesce(max(id), 0) + 1 FROM tokens").fetchone()[0])
        text = f"eur_{tid}_{secrets.token_hex(32)}"
        conn.execute(
            "INSERT INTO tokens (id, club_id, hash, label, admin, created_at) VALUES (?,?,?,?,?,?)",
            (tid, cid, token_hash(text), clean_label, int(admin), _iso(_now())))
    row = token_by_id(db, tid)
    assert row is not None
    return row, text


_SELECT = ("SELECT tokens.id, tokens.club_id, clubs.name, tokens.label, tokens.admin, "
           "tokens.created_at, tokens.last_used_at, tokens.revoked_at "
           "FROM tokens JOIN clubs ON clubs.id = tokens.club_id")
_SELECT_WITH_HASH = _SELECT.replace(" FROM", ", tokens.hash FROM", 1)


def _row(values: Any) -> TokenRow:
    return TokenRow(int(values[0]), int(values[1]), str(values[2]), values[3], bool(values[4]),
                    str(values[5]), values[6], values[7])


def token_by_id(db: sqlite_utils.Database, tid: int) -> TokenRow | None:
    if not 1 <= tid < 2**63:
        return None
    values = db.conn.execute(_SELECT + " WHERE tokens.id = ?", (tid,)).fetchone()
    return None if values is None else _row(values)


def verify(db: sqlite_utils.Database, text: str) -> TokenRow | None:
    """The unrevoked token whose text this is, or None (see the module contract)."""
    match = TOKEN_RE.fullmatch(text)
    if match is None:
        return None
    tid = int(match.group(1))
    values = db.conn.execute(_SELECT_WITH_HASH + " WHERE tokens.id = ?", (tid,)).fetchone()
    stored = _DUMMY_HASH if values is None else str(values[8])
    same = hmac.compare_digest(stored, token_hash(text))
    if values is None or not same or values[7] is not None:
        return None
    row = _row(values)
    note_use(db, row)
    return row


def note_use(db: sqlite_utils.Database, row: TokenRow) -> None:
    """Record that a token was used now, at most once per :data:`LAST_USED_EVERY`."""
    now = _now()
    if row.last_used_at is not None:
        try:
            last = datetime.fromisoformat(row.last_used_at.replace("Z", "+00:00"))
        except ValueError:
            last = None
        if last is not None and now - last < LAST_USED_EVERY:
            return
    conn = db.conn
    try:
        if conn.in_transaction:
            return  # never commit someone else's transaction
        conn.execute("UPDATE tokens SET last_used_at = ? WHERE id = ?", (_iso(now), row.id))
        conn.commit()
    except sqlite3.Error:  # read-only file, busy past the timeout: the use goes unrecorded
        conn.rollback()


def has_tokens(db: sqlite_utils.Database) -> bool:
    return db.conn.execute("SELECT 1 FROM tokens LIMIT 1").fetchone() is not None


def list_tokens(db: sqlite_utils.Database) -> list[TokenRow]:
    """Every token, oldest first, revoked ones too (never a secret or hash)."""
    return [_row(v) for v in db.conn.execute(_SELECT + " ORDER BY tokens.id").fetchall()]


def revoke(db: sqlite_utils.Database, tid: int) -> tuple[TokenRow, bool]:
    """Revoke token ``tid``: its row and whether this call revoked it (False: it already was).
    TokenError if there is no such token."""
    conn = db.conn
    if conn.in_transaction:
        conn.commit()
    with write_transaction(db):
        row = token_by_id(db, tid)
        if row is None:
            raise TokenError(f"no token with id {tid}")
        changed = row.revoked_at is None
        if changed:
            conn.execute("UPDATE tokens SET revoked_at = ? WHERE id = ?", (_iso(_now()), tid))
    final = token_by_id(db, tid)
    assert final is not None
    return final, changed


def setting(db: sqlite_utils.Database, key: str) -> str | None:
    row = db.conn.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
    return None if row is None else str(row[0])


def set_setting_once(db: sqlite_utils.Database, key: str, value: str) -> str:
    """Store ``value`` under ``key`` unless one is there already; the stored value either way."""
    conn = db.conn
    if conn.in_transaction:
        conn.commit()
    conn.execute("INSERT OR IGNORE INTO settings (key, value) VALUES (?, ?)", (key, value))
    conn.commit()
    stored = setting(db, key)
    assert stored is not None
    return stored
