"""Result-only deals tapped into the deal form: add one, change one, take the last one back.

Contracts: a deal is saved (a new revision) only when the whole record with it passes
``replay_draft``; an added deal that carries a browser's id is stored with it once
(docs/API.md, "Deal ids"), and a clash with another writer shows both versions and stores
nothing. A refused deal comes back in its form with the problems at their fields.
"""

from __future__ import annotations

import json
from typing import Any

from flask import abort, flash, redirect, request, url_for

from ..auth.table import table_view
from ..db import get_db
from ..store import drafts as store_drafts
from ..store.ingest import Submission
from . import deal_ids
from .blueprint import bp
from .draft_access import ID, own_draft, seen_revision, writer_required
from .draft_view import (deal_of_form, draft_page, fields_for, replay_draft, save_revision,
                         score_note, points_warning)
from .round_cap import REFUSED_STATUS, beyond_cap

__all__ = ["add_deal", "edit_deal", "undo_deal", "identified"]


def _with_deal(found: store_drafts.Draft, index: int | None,
               client_id: str | None = None) -> Any:
    """Add (index None) or replace deal ``index`` (0-based) from the posted deal form; an added
    deal with a browser's id is stored with it (:func:`_identified`)."""
    deal, problems = deal_of_form(found.data, request.form)
    if client_id is not None:
        problem = store_drafts.client_id_problem(client_id)
        if problem is not None:
            problems = [*problems, ("general", f"deal_id: {problem}")]
    form = dict(request.form)
    data = json.loads(json.dumps(found.data))
    deals = data.setdefault("deals", [])
    position = len(deals) if index is None else index
    sub: Submission | None = None
    past = beyond_cap(found.id, found.data, position) if index is None else None
    if past is not None:   # the sitting's deals are in: refused, whatever the form says
        if deal_ids.wants_json():
            return deal_ids.refused(position + 1, [("general", past)])
        return draft_page(found, form=form, problems=[("general", past)],
                          status=REFUSED_STATUS)
    if not problems:
        if index is None:
            deals.append(deal)
        else:
            deals[index] = deal
        sub, found_problems = replay_draft(data)
        problems = fields_for(data, found_problems, position)
    if problems:
        if deal_ids.wants_json():
            return deal_ids.refused(position + 1, problems)
        return draft_page(found, form=form, problems=problems,
                           editing=None if index is None else index + 1)
    what = "added" if index is None else "changed"
    warning = points_warning(sub, position)
    message, category = f"Deal {position + 1} {what}{score_note(sub)}.", "ok"
    if warning:   # kept as the sheet wrote it, but no deal scores that: said first, not "ok"
        message, category = (f"Check deal {position + 1} ({what}): {warning}. Change it if the "
                             "points were mistyped."), "warning"
    if client_id is not None and index is None:
        return identified(found, data, deal, position, client_id, message, category)
    done = save_revision(found, data, message, category)
    return done or draft_page(own_draft(found.id))


def identified(found: store_drafts.Draft, data: dict[str, Any], deal: dict[str, Any],
                position: int, client_id: str, message: str, category: str = "ok") -> Any:
    """Store an added deal with its browser id; a clash with another writer shows (or answers)
    both versions, the stored one and this one, and stores nothing."""
    db = get_db()
    try:
        receipt = store_drafts.save_deal(db, found.id, data, seen_revision(), client_id,
                                         position + 1)
    except store_drafts.StaleDraft as exc:
        latest = own_draft(found.id)
        clash = deal_ids.conflict(db, latest, seen_revision(), deal, request.form)
        if deal_ids.wants_json():
            return deal_ids.stale(latest, exc, clash)
        flash(str(exc), "error")
        return draft_page(latest, conflict=clash)
    except store_drafts.DraftClosed:
        latest = own_draft(found.id)
        if deal_ids.wants_json():
            return deal_ids.closed(latest)
        abort(409, description=f"draft {found.id} is {latest.status}")
    return deal_ids.answer(found.id, receipt, client_id, message, category)


@bp.route(f"/web/drafts/<{ID}:draft_id>/deals", methods=["POST"])
@table_view
@writer_required
def add_deal(draft_id: int) -> Any:
    """Add the next deal. A deal id the draft has already received is answered as the
    duplicate it is, whatever the draft's state since (docs/API.md, "Deal ids")."""
    found = own_draft(draft_id)
    client_id = deal_ids.client_id()
    first = deal_ids.answered_first(found, client_id)
    if first is not None:
        return first
    return _with_deal(found, None, client_id)


@bp.route(f"/web/drafts/<{ID}:draft_id>/deals/<int(min=1,max=999):number>",
          methods=["GET", "POST"])
@table_view
@writer_required
def edit_deal(draft_id: int, number: int) -> Any:
    found = own_draft(draft_id)
    deals = found.data.get("deals") or []
    if number > len(deals) or deals[number - 1].get("kind") not in ("result", "points"):
        abort(404, description=f"draft {draft_id} has no result-only or points-only deal {number}")
    if request.method == "GET":
        return draft_page(found, editing=number)
    if found.status != "open":
        abort(409, description=f"draft {draft_id} is {found.status}")
    return _with_deal(found, number - 1)


@bp.route(f"/web/drafts/<{ID}:draft_id>/undo", methods=["POST"])
@table_view
@writer_required
def undo_deal(draft_id: int) -> Any:
    found = own_draft(draft_id)
    data = json.loads(json.dumps(found.data))
    if not data.get("deals"):
        flash("There is no deal to take back.", "error")
        return redirect(url_for("pages.draft", draft_id=draft_id), 303)
    data["deals"].pop()
    done = save_revision(found, data, f"Deal {len(data['deals']) + 1} taken back (it is kept "
                                       "in the draft's history).")
    return done or draft_page(own_draft(draft_id))


