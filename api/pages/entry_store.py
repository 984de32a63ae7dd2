"""A draft's end and a stored record's next steps: finish (store), set aside, resume, correct,
attach to an event.

Contracts: finishing stores the record through ``Store.save`` exactly as ``POST /records`` does
(same validation, duplicate rule and versioning; a table link's record through its link);
correcting a stored record opens a draft of its next version (``supersedes``); attaching follows
``POST /events/{id}/sittings`` (a club attaches its own records to its own events).
"""

from __future__ import annotations

import json
from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for

from euchre_records.errors import RecordError

from ..auth.table import table_grant, table_view
from ..db import get_db
from ..store import drafts as store_drafts
from ..store import queries
from ..store.store import AlreadySuperseded, DuplicateCorrection, StoreError, UnknownRecord
from ..whole_numbers import SQLITE_MAX, is_whole, whole_in
from . import saving
from .blueprint import actor, bp
from .draft_access import ID, form_id, own_draft, seen_revision, writer_required
from .draft_view import draft_page, replay_draft

__all__ = ["finish", "confirm_abandon", "resume", "abandon", "correct", "attach"]


@bp.route(f"/web/drafts/<{ID}:draft_id>/finish", methods=["POST"])
@table_view
@writer_required
def finish(draft_id: int) -> Any:
    found = own_draft(draft_id)
    if found.status != "open":
        abort(409, description=f"draft {draft_id} is {found.status}")
    if seen_revision() != found.revision:
        flash("This draft changed in another window; check it and finish again.", "error")
        return draft_page(found)
    sub, problems = replay_draft(found.data)
    if sub is None:
        return draft_page(found, problems=[("general", f"{p['where']}: {p['what']}")
                                            for p in problems])
    db = get_db()
    grant = table_grant() if actor() is None else None
    try:
        if grant is not None:
            saved = saving.save_table_record(db, sub, grant)
        else:
            saved = saving.save_record(db, sub, actor(), supersedes=found.supersedes)
    except (UnknownRecord, AlreadySuperseded, DuplicateCorrection, StoreError) as exc:
        return draft_page(found, problems=[("general", str(exc))])
    except RecordError as exc:   # the store refused the record: said on the page, never a 500
        return draft_page(found, problems=[("general", f"{p.where}: {p.what}")
                                           for p in exc.problems])
    try:
        store_drafts.finish_draft(db, draft_id, saved.id)
    except store_drafts.DraftError:  # finished meanwhile from another window: same record
        pass
    if grant is not None:   # the link is used up now: its page says so, with the record
        flash(saving.attach_table_record(db, saved.id, grant), "ok")
        return redirect(url_for("pages.table_link"), 303)
    if saved.duplicate:
        flash(f"This record was already stored (record {saved.id}); nothing new was stored.",
              "ok")
    else:
        flash(f"Stored as record {saved.id}.", "ok")
    rubber_id = queries.rubber_of_record(db, saved.id)
    if rubber_id is None:
        return redirect(url_for("pages.record", record_id=saved.id), 303)
    return redirect(url_for("pages.rubber", rubber_id=rubber_id), 303)


@bp.route(f"/web/drafts/<{ID}:draft_id>/abandon", methods=["GET"])
@writer_required
def confirm_abandon(draft_id: int) -> Any:
    """Ask first: setting a draft aside takes it off the list of sittings in progress."""
    found = own_draft(draft_id)
    if found.status != "open":
        return redirect(url_for("pages.draft", draft_id=draft_id), 303)
    return render_template("abandon.html", draft=found, data=found.data)


@bp.route(f"/web/drafts/<{ID}:draft_id>/resume", methods=["POST"])
@writer_required
def resume(draft_id: int) -> Any:
    """A set-aside draft back in progress, as it was."""
    found = own_draft(draft_id)
    try:
        store_drafts.resume_draft(get_db(), found.id)
    except store_drafts.DraftError as exc:
        flash(str(exc), "error")
        return redirect(url_for("pages.home"), 303)
    flash(f"Draft {draft_id} is in progress again.", "ok")
    return redirect(url_for("pages.draft", draft_id=draft_id), 303)


@bp.route(f"/web/drafts/<{ID}:draft_id>/abandon", methods=["POST"])
@writer_required
def abandon(draft_id: int) -> Any:
    found = own_draft(draft_id)
    try:
        store_drafts.abandon_draft(get_db(), found.id)
    except store_drafts.DraftError as exc:
        flash(str(exc), "error")
        return redirect(url_for("pages.draft", draft_id=draft_id), 303)
    flash(f"Draft {draft_id} set aside (kept; resume it from the home page's set-aside list).", "ok")
    return redirect(url_for("pages.home"), 303)


@bp.route(f"/web/records/<{ID}:record_id>/correct", methods=["POST"])
@writer_required
def correct(record_id: int) -> Any:
    db = get_db()
    meta = queries.get_record_meta(db, record_id)
    if meta is None:
        abort(404, description=f"no record {record_id}")
    me = actor()
    if not saving.may_correct(db, me, record_id):
        abort(403, description=f"record {record_id} was not stored by your club")
    if meta["status"] != "current":
        flash(f"Record {record_id} is not the current version; correct the current one.",
              "error")
        return redirect(url_for("pages.record", record_id=record_id), 303)
    existing = store_drafts.draft_for_record(db, record_id, me.club_id)
    if existing is None:
        data = json.loads(queries.get_canonical(db, record_id) or "{}")
        existing = store_drafts.create_draft(db, data, club_id=me.club_id, token_id=me.token_id,
                                             supersedes=record_id)
    return redirect(url_for("pages.draft", draft_id=existing), 303)


@bp.route(f"/web/records/<{ID}:record_id>/attach", methods=["POST"])
@writer_required
def attach(record_id: int) -> Any:
    """Attach a stored record to an event as the sitting at (round, table)."""
    from ..store import events as store_events
    db = get_db()
    me = actor()
    if queries.get_record_meta(db, record_id) is None:
        abort(404, description=f"no record {record_id}")
    rubber_id = queries.rubber_of_record(db, record_id)
    back = (url_for("pages.rubber", rubber_id=rubber_id) if rubber_id is not None
            else url_for("pages.record", record_id=record_id))
    event_id = form_id("event_id")
    if event_id is None:
        flash("Choose the event to attach this record to.", "error")
        return redirect(back, 303)
    exists, owner = queries.event_owner(db, event_id)
    if not exists:
        abort(404, description=f"no event {event_id}")
    if not saving.may_attach(me, owner):
        abort(403, description=f"event {event_id} belongs to another club")
    if not saving.may_attach_record(db, me, record_id):
        abort(403, description=f"record {record_id} belongs to another club (or was stored by a "
                               "local command): a club attaches its own records to its events")
    round_text = (request.form.get("round") or "").strip()
    table = (request.form.get("table") or "").strip() or None
    # ASCII digits ask for that round (the store refuses one out of 1..10000: past SQLite's
    # integers, and past int()'s 4,300 digits, as the largest); other text asks for none
    round_no = None if not is_whole(round_text) else whole_in(round_text) or SQLITE_MAX
    try:
        store_events.attach_sitting(db, event_id, record_id, round_no=round_no,
                                    table=table, created_by=f"{me.club} (token {me.token_id})")
    except store_events.EventError as exc:
        flash(f"Not attached: {exc.what}" + (f" ({exc.where})" if exc.where else ""), "error")
        return redirect(back, 303)
    flash(f"Record {record_id} attached to the event.", "ok")
    return redirect(url_for("pages.event", event_id=event_id), 303)


