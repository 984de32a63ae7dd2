"""The versions of a record: every version of the correction chain that holds a record, with who
wrote each (club and token) and when. A read: nothing here parses or replays a record.

Contract: :func:`record_history` answers None for an unknown id; else the chain from its first
version to its head, numbered from 1, each version with ``action`` ``submitted`` (the first),
``corrected`` or ``withdrawn``; ``by`` is None for versions stored by a local command.
"""

from __future__ import annotations

from typing import Any

import sqlite_utils

from ..whole_numbers import SQLITE_MAX

__all__ = ["record_history"]

MAX_ID = SQLITE_MAX   # no record id is larger

_CHAIN = """
WITH RECURSIVE back(id, up) AS (
    SELECT id, supersedes FROM records WHERE id = ?
    UNION ALL
    SELECT records.id, records.supersedes FROM records JOIN back ON records.id = back.up
),
forward(id, version) AS (
    SELECT id, 1 FROM back WHERE up IS NULL
    UNION ALL
    SELECT records.id, forward.version + 1 FROM records JOIN forward
      ON records.supersedes = forward.id
)
SELECT records.id, forward.version, records.status, records.supersedes, records.submitted_at,
       records.submitted_by, owner.name AS owner_club, tokens.id AS token_id,
       writer.name AS writer_club, records.hash LIKE 'withdrawn:%' AS withdrawal
FROM forward JOIN records ON records.id = forward.id
LEFT JOIN clubs owner ON owner.id = records.club_id
LEFT JOIN tokens ON tokens.id = records.token_id
LEFT JOIN clubs writer ON writer.id = tokens.club_id
ORDER BY forward.version
"""


def record_history(db: sqlite_utils.Database, record_id: int) -> dict[str, Any] | None:
    """``{"record_id", "first_id", "current_id", "status", "owner_club", "versions": [...]}``;
    ``current_id`` is the head's id when the head is current (None once withdrawn)."""
    if not 1 <= record_id <= MAX_ID:
        return None
    rows = db.conn.execute(_CHAIN, (record_id,)).fetchall()
    if not rows:
        return None
    versions = []
    for rid, version, status, supersedes, at, label, owner, token_id, writer, withdrawal in rows:
        action = "submitted" if version == 1 else "withdrawn" if withdrawal else "corrected"
        versions.append({
            "id": rid, "version": version, "status": status, "action": action,
            "supersedes": supersedes, "submitted_at": at, "submitted_by": label,
            "by": None if token_id is None else {"club": writer, "token_id": token_id},
        })
    head = versions[-1]
    return {"record_id": record_id, "first_id": versions[0]["id"],
            "current_id": head["id"] if head["status"] == "current" else None,
            "status": head["status"], "owner_club": rows[0][6], "versions": versions}

