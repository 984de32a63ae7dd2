"""Drafts: sittings being entered on the web pages, stored as they grow (schema: migration v6).

Contracts:
- A draft's data is a record in the notation (a JSON object, perhaps with no deals yet); every
  save adds a revision row and bumps ``drafts.revision``; nothing is updated in place but the
  draft's head (revision, timestamps, status) and nothing is deleted.
- :func:`save_draft` takes the revision the writer last saw: if another save came first it
  raises :class:`StaleDraft` and stores nothing (two tabs never overwrite each other silently).
- Only an ``open`` draft can be saved, finished or abandoned (:class:`DraftClosed`).
- :func:`save_deal` is :func:`save_draft` for a deal that carries an id made by the browser
  (migration 16): the first save of an id stores the deal and the id together; any later call
  with the same draft and id stores nothing and answers the first save's deal number and
  revision, flagged a duplicate, before any stale or closed check (a resend after a lost answer
  is never a second deal, nor an error).
- Each write is one ``BEGIN IMMEDIATE`` transaction.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

import sqlite_utils

from .store import StoreError, write_transaction

__all__ = ["Draft", "DraftError", "StaleDraft", "DraftClosed", "create_draft", "get_draft", "resume_draft",
           "save_draft", "finish_draft", "abandon_draft", "list_drafts", "draft_for_record",
           "DealReceipt", "save_deal", "deal_receipt", "revision_data", "client_id_problem"]


class DraftError(StoreError):
    """A draft request the store refuses."""


class StaleDraft(DraftError):
    def __init__(self, draft_id: int, seen: int, current: int) -> None:
        super().__init__(f"draft {draft_id} was saved elsewhere (revision {current}, this page "
                         f"had {seen}); the page now shows the latest revision")
        self.current = current


class DraftClosed(DraftError):
    def __init__(self, draft_id: int, status: str) -> None:
        super().__init__(f"draft {draft_id} is {status}; it can no longer change")
        self.status = status


@dataclass(frozen=True, slots=True)
class Draft:
    """A draft's head and its current data (the latest revision)."""

    id: int
    club_id: int
    token_id: int | None
    created_at: str
    updated_at: str
    revision: int
    status: str
    supersedes: int | None
    record_id: int | None
    data: dict[str, Any]


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _text(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


_HEAD = ("SELECT d.id, d.club_id, d.token_id, d.created_at, d.updated_at, d.revision, d.status, "
         "d.supersedes, d.record_id, r.data FROM drafts d JOIN draft_revisions r "
         "ON r.draft_id = d.id AND r.revision = d.revision")


def _draft(row: tuple[Any, ...]) -> Draft:
    return Draft(id=row[0], club_id=row[1], token_id=row[2], created_at=row[3],
                 updated_at=row[4], revision=row[5], status=row[6], supersedes=row[7],
                 record_id=row[8], data=json.loads(row[9]))


def create_draft(db: sqlite_utils.Database, data: dict[str, Any], *, club_id: int,
                 token_id: int | None = None, supersedes: int | None = None) -> int:
    """Store a new open draft (revision 1) and return its id."""
    now = _now()
    with write_transaction(db):
        cur = db.conn.execute(
            "INSERT INTO drafts (club_id, token_id, created_at, updated_at, supersedes) "
            "VALUES (?,?,?,?,?)", (club_id, token_id, now, now, supersedes))
        draft_id = int(cur.lastrowid)  # type: ignore[arg-type]
        db.conn.execute("INSERT INTO draft_revisions (draft_id, revision, saved_at, data) "
                        "VALUES (?,?,?,?)", (draft_id, 1, now, _text(data)))
    return draft_id


def get_draft(db: sqlite_utils.Database, draft_id: int) -> Draft | None:
    row = db.conn.execute(_HEAD + " WHERE d.id = ?", (draft_id,)).fetchone()
    return None if row is None else _draft(row)


def _open_revision(db: sqlite_utils.Database, draft_id: int) -> int:
    row = db.conn.execute("SELECT revision, status FROM drafts WHERE id = ?",
                          (draft_id,)).fetchone()
    if row is None:
        raise DraftError(f"no draft {draft_id}")
    if row[1] != "open":
        raise DraftClosed(draft_id, row[1])
    return int(row[0])


def _append_revision(db: sqlite_utils.Database, draft_id: int, revision: int,
                     data: dict[str, Any]) -> str:
    """Inside the caller's write transaction: store ``data`` as ``revision`` of the draft and
    make it the draft's current one; return the time it was saved."""
    now = _now()
    db.conn.execute("INSERT INTO draft_revisions (draft_id, revision, saved_at, data) "
                    "VALUES (?,?,?,?)", (draft_id, revision, now, _text(data)))
    db.conn.execute("UPDATE drafts SET revision = ?, updated_at = ? WHERE id = ?",
                    (revision, now, draft_id))
    return now


def save_draft(db: sqlite_utils.Database, draft_id: int, data: dict[str, Any],
               seen_revision: int) -> int:
    """Store ``data`` as the next revision of an open draft; return the new revision number."""
    with write_transaction(db):
        current = _open_revision(db, draft_id)
        if current != seen_revision:
            raise StaleDraft(draft_id, seen_revision, current)
        _append_revision(db, draft_id, current + 1, data)
    return current + 1


def finish_draft(db: sqlite_utils.Database, draft_id: int, record_id: int) -> None:
    """Mark an open draft finished, pointing at the record it became."""
    with write_transaction(db):
        _open_revision(db, draft_id)
        db.conn.execute("UPDATE drafts SET status = 'finished', record_id = ?, updated_at = ? "
                        "WHERE id = ?", (record_id, _now(), draft_id))


def abandon_draft(db: sqlite_utils.Database, draft_id: int) -> None:
    """Set an open draft aside (kept with all its revisions, no longer listed)."""
    with write_transaction(db):
        _open_revision(db, draft_id)
        db.conn.execute("UPDATE drafts SET status = 'abandoned', updated_at = ? WHERE id = ?",
                        (_now(), draft_id))


def resume_draft(db: sqlite_utils.Database, draft_id: int) -> None:
    """Put a draft that was set aside back in progress, with its revisions as they were
    (DraftClosed if it is not set aside: an open one needs nothing, a finished one is a record)."""
    with write_transaction(db):
        row = db.conn.execute("SELECT status FROM drafts WHERE id = ?", (draft_id,)).fetchone()
        if row is None:
            raise DraftError(f"no draft {draft_id}")
        if row[0] != "abandoned":
            raise DraftClosed(draft_id, row[0]) if row[0] != "open" else DraftError(
                f"draft {draft_id} is already in progress")
        db.conn.execute("UPDATE drafts SET status = 'open', updated_at = ? WHERE id = ?",
                        (_now(), draft_id))


def list_drafts(db: sqlite_utils.Database, club_id: int, limit: int = 50,
                status: str = "open") -> list[Draft]:
    """The club's drafts of ``status`` ('open': in progress; 'abandoned': set aside), most
    recently saved first."""
    rows = db.conn.execute(_HEAD + " WHERE d.club_id = ? AND d.status = ? "
                           "ORDER BY d.updated_at DESC, d.id DESC LIMIT ?",
                           (club_id, status, limit)).fetchall()
    return [_draft(r) for r in rows]


def draft_for_record(db: sqlite_utils.Database, record_id: int, club_id: int) -> int | None:
    """The club's open correction draft of ``record_id``, if there is one (so a second click on
    "correct" resumes it instead of starting another)."""
    row = db.conn.execute("SELECT id FROM drafts WHERE supersedes = ? AND club_id = ? AND "
                          "status = 'open' ORDER BY id DESC LIMIT 1",
                          (record_id, club_id)).fetchone()
    return None if row is None else int(row[0])


_CLIENT_ID = re.compile(r"[A-Za-z0-9_-]{8,64}")


def client_id_problem(client_id: str) -> str | None:
    """Why ``client_id`` is no deal id a browser may send (8 to 64 letters, digits, ``-`` or
    ``_``: a UUID fits), or None when it is one."""
    if _CLIENT_ID.fullmatch(client_id):
        return None
    return ("a deal id is 8 to 64 letters, digits, '-' or '_' (the browser makes one with "
            f"crypto.randomUUID()); got {client_id[:70]!r}")


@dataclass(frozen=True, slots=True)
class DealReceipt:
    """What a save of an identified deal did: the deal's number in the draft, the revision its
    (first) save made, and whether this call was a resend that stored nothing."""

    deal_number: int
    revision: int
    duplicate: bool


def _receipt(db: sqlite_utils.Database, draft_id: int, client_id: str) -> DealReceipt | None:
    row = db.conn.execute("SELECT deal_number, revision FROM draft_deal_ids WHERE draft_id = ? "
                          "AND client_id = ?", (draft_id, client_id)).fetchone()
    return None if row is None else DealReceipt(int(row[0]), int(row[1]), True)


def deal_receipt(db: sqlite_utils.Database, draft_id: int, client_id: str) -> DealReceipt | None:
    """The receipt of a deal id the draft already received (``duplicate`` True), or None."""
    return _receipt(db, draft_id, client_id)


def save_deal(db: sqlite_utils.Database, draft_id: int, data: dict[str, Any], seen_revision: int,
              client_id: str, deal_number: int) -> DealReceipt:
    """Store ``data`` (the draft with deal ``deal_number`` added or replaced) as the next
    revision, remembering ``client_id``; a resend of an id is answered from the first save
    (see the module contract). StaleDraft/DraftClosed as :func:`save_draft` otherwise."""
    problem = client_id_problem(client_id)
    if problem is not None:
        raise DraftError(f"deal_id: {problem}")
    with write_transaction(db):
        earlier = _receipt(db, draft_id, client_id)
        if earlier is not None:
            return earlier
        current = _open_revision(db, draft_id)
        if current != seen_revision:
            raise StaleDraft(draft_id, seen_revision, current)
        now = _append_revision(db, draft_id, current + 1, data)
        db.conn.execute("INSERT INTO draft_deal_ids (draft_id, client_id, deal_number, revision, "
                        "received_at) VALUES (?,?,?,?,?)",
                        (draft_id, client_id, deal_number, current + 1, now))
    return DealReceipt(deal_number, current + 1, False)


def revision_data(db: sqlite_utils.Database, draft_id: int, revision: int) -> dict[str, Any] | None:
    """The draft's data as revision ``revision`` saved it (every revision is kept), or None."""
    row = db.conn.execute("SELECT data FROM draft_revisions WHERE draft_id = ? AND revision = ?",
                          (draft_id, revision)).fetchone()
    return None if row is None else dict(json.loads(row[0]))
