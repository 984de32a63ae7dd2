"""Storing a finished draft the way ``POST /records`` stores a record.

Contract: :func:`save_record` calls the same ``Store.save`` as the JSON API, with the signed-in
club's token as the writer (never anything the browser names); :func:`may_correct` applies the
one ownership rule of api/auth (``may_modify``: the record's own club, or an admin).
"""

from __future__ import annotations

import sqlite_utils

from ..auth import Actor, may_modify
from ..store.ingest import Submission
from ..store.store import Saved, Store, Writer, record_owner

__all__ = ["save_record", "may_correct"]


def save_record(db: sqlite_utils.Database, sub: Submission, actor: Actor, *,
                supersedes: int | None) -> Saved:
    return Store(db).save(sub, supersedes=supersedes,
                          writer=Writer(club_id=actor.club_id, token_id=actor.token_id))


def may_correct(db: sqlite_utils.Database, actor: Actor, record_id: int) -> bool:
    return may_modify(actor, record_owner(db, record_id))
