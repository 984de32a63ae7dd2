"""Storing a finished draft the way ``POST /records`` stores a record.

Contract: :func:`save_record` calls the same ``Store.save`` as the JSON API, with the signed-in
club's token as the writer (never anything the browser names); :func:`may_correct` applies the
one ownership rule of api/auth (``may_modify``: the record's own club, or an admin).
"""

from __future__ import annotations

from typing import Any

import sqlite_utils

from ..auth import Actor, may_modify
from ..auth.table import TableGrant
from ..store import queries
from ..store.ingest import Submission
from ..store.store import Saved, Store, Writer, record_owner

__all__ = ["save_record", "may_correct", "may_attach", "may_attach_record", "writable_events",
           "save_table_record", "attach_table_record"]


def save_record(db: sqlite_utils.Database, sub: Submission, actor: Actor, *,
                supersedes: int | None) -> Saved:
    return Store(db).save(sub, supersedes=supersedes,
                          writer=Writer(club_id=actor.club_id, token_id=actor.token_id))


def save_table_record(db: sqlite_utils.Database, sub: Submission, grant: TableGrant) -> Saved:
    """Store a table link's sitting as ``POST /records`` would, for the club the link was issued
    for and with the issuer's token as the writer (the link itself is not a token)."""
    link = grant.link
    return Store(db).save(sub, supersedes=None,
                          writer=Writer(club_id=link.club_id, token_id=link.token_id))


def attach_table_record(db: sqlite_utils.Database, record_id: int, grant: TableGrant) -> str:
    """Attach a table's stored record as the sitting at its (round, table): the message for
    the page (a refusal, such as the event closed meanwhile, is said, not raised)."""
    from ..store import events as store_events
    link = grant.link
    try:
        store_events.attach_sitting(db, link.event_id, record_id, round_no=link.round,
                                    table=link.table, created_by=f"table link {link.id}")
    except store_events.EventError as exc:
        return (f"Stored as record {record_id}, but not attached to the event: {exc.what}; "
                "tell the director.")
    return (f"Stored as record {record_id}: the sitting of table {link.table}, round "
            f"{link.round} of {link.event_name}.")


def may_correct(db: sqlite_utils.Database, actor: Actor, record_id: int) -> bool:
    return may_modify(actor, record_owner(db, record_id))


def may_attach(actor: Actor, event_club_id: int | None) -> bool:
    """Whether the actor may attach sittings to an event owned by ``event_club_id``."""
    return may_modify(actor, event_club_id)


def may_attach_record(db: sqlite_utils.Database, actor: Actor, record_id: int) -> bool:
    """Whether the actor may make record ``record_id`` a sitting: a club attaches the records
    it owns (an admin any), as for corrections (docs/EVENTS.md); the event's own rule is
    :func:`may_attach`."""
    return may_modify(actor, record_owner(db, record_id))


def writable_events(db: sqlite_utils.Database, actor: Actor) -> list[dict[str, Any]]:
    """The events the actor's club may attach sittings to (its own; an admin: all)."""
    try:
        from ..store import events as store_events
    except ImportError:  # a server without the events store
        return []
    items, _ = store_events.list_events(db, per_page=100)
    return [e for e in items if may_attach(actor, queries.event_owner(db, e["id"])[1])]
