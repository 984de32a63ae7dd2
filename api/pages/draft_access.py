"""Who may enter a sitting, and the draft a request names (shared by every entry view).

Contracts:
- :func:`writer_required`: an anonymous visitor goes to the sign-in page and back; a browser
  holding a table link passes into the views marked ``table_view`` only (403 elsewhere); one whose
  link died gets the page that says why.
- :func:`own_draft`: a draft is visible only to its club (and admins): another club's draft is a
  404, never a leak; a table link sees its own sitting's draft only (403 for any other).
- :func:`form_id` / :func:`seen_revision` read a posted id or revision, never raising.
"""

from __future__ import annotations

from functools import wraps
from typing import Any, Callable

from flask import abort, flash, redirect, request, url_for

from ..auth.session import session_ended
from ..auth.table import is_table_view, may_use_draft, table_dead, table_grant
from ..db import get_db
from ..store import drafts as store_drafts
from ..store.store import MAX_ID
from ..whole_numbers import whole_in
from .blueprint import actor
from .link_dead import link_dead_page

__all__ = ["ID", "writer_required", "own_draft", "form_id", "seen_revision", "form_revision"]

ID = f"int(max={MAX_ID})"
"""The URL converter of a draft or record id (1 .. 2^63-1)."""


def writer_required(view: Callable[..., Any]) -> Callable[..., Any]:
    """Send an anonymous visitor to the sign-in page, then back here. A browser holding a table
    link (api/auth/table.py) passes into the views marked ``table_view`` only (403 elsewhere);
    one whose link died gets the page that says why."""
    @wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        grant, dead = table_grant(), table_dead()
        if actor() is None and grant is not None:
            if not is_table_view():
                link = grant.link
                abort(403, description=f"this browser holds the link of table {link.table} "
                      f"(round {link.round}): it may enter that table's sitting only; sign "
                      "in with a club's token for the rest")
            return view(*args, **kwargs)
        if actor() is None and dead is not None:
            return link_dead_page(dead)
        if actor() is None and session_ended() is not None:   # say why (until a new sign-in)
            flash(f"Signed out: {session_ended()}.", "error")
        if actor() is None:
            target = request.full_path if request.method == "GET" else request.path
            return redirect(url_for("pages.login", next=target.rstrip("?")), 303)
        return view(*args, **kwargs)
    return wrapped


def own_draft(draft_id: int) -> store_drafts.Draft:
    """The draft ``draft_id`` if this club (or this table link) may see it, else 404/403."""
    draft = store_drafts.get_draft(get_db(), draft_id)
    me = actor()
    if me is None:   # a table link: its own sitting's draft only
        if draft is None or not may_use_draft(draft_id):
            abort(403, description=f"this table link may enter its own table's sitting only, "
                                   f"not draft {draft_id}")
        return draft
    if draft is None or not (me.admin or me.club_id == draft.club_id):
        abort(404, description=f"no draft {draft_id} of your club")
    return draft


def form_id(name: str) -> int | None:
    """The id a form field holds, or None when it is blank, not a whole number or out of the
    range of ids (1 to 2^63-1: a larger number is no SQLite integer, and no row has it)."""
    return whole_in(request.form.get(name) or "", 1, MAX_ID)


def seen_revision() -> int:
    """The revision the posted form was drawn from (-1 when it names none: blank, no whole number,
    or past SQLite's integers, which no stored revision is)."""
    return form_revision("revision")


def form_revision(name: str) -> int:
    """The revision form field ``name`` holds, or -1 (see :func:`seen_revision`)."""
    value = whole_in(request.form.get(name) or "")
    return -1 if value is None else value

