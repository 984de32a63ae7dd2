"""Entry that survives the connection: the service worker and keeping one's own deal in a clash.

Contracts (docs/PAGES.md "Entry without the connection"):
- ``GET /sw.js`` is the service worker (scope ``/``): it keeps the sitting pages
  (``/web/drafts/N``, network first, the copy kept for a reload without the connection) and the
  pages' static files (cache first: their URLs carry their hash). It writes nothing to the server
  itself and never answers a POST from its cache; the browser's queue (static/offline.js) sends
  the deals tapped without the connection. It is served with a policy of its own that lets it
  fetch from this site only (``connect-src 'self'``), to a table link's session too on a private
  server (a ``table_view``: those phones reload offline as well).
- **A session's pages go with the session.** Every HTML page of the blueprint answers with
  :data:`SESSION_HEADER`: an opaque key of the browser session it was drawn for (an HMAC of
  the session's id under the app's secret key, never the id: the key opens nothing), or
  ``none`` when the request has no live session (anonymous, signed out, expired, revoked, a
  dead table link). The worker keeps a session's sitting pages in a cache named for that key,
  and the first page it sees with another key (or ``none``) removes every other session's
  cache before anything else: opening a table link, signing in as another club, or a session
  that ended and is answered so, leaves no earlier page readable offline. Signing in or out
  empties them too. Offline, a sitting page is answered from the current session's cache only.
- ``POST /web/drafts/N/keep-mine`` settles a clash in favour of this writer: the draft as the
  revision it saw (``base_revision``) with its deal added, saved over the latest revision
  (``revision``) as a new revision; the other writer's version stays in the draft's history. It
  answers as adding a deal does (deal_ids), the deal id included.
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import uuid
from typing import Any

from flask import Response, current_app, g, render_template, request, session

from ..auth.table import TABLE_SESSION_KEY, table_view
from ..db import get_db
from ..store import drafts as store_drafts
from . import deal_ids, entry
from .blueprint import _digest, actor, bp, static_url
from .draft_access import form_revision
from .draft_view import deal_of_form, draft_page, fields_for
from .forms import Problems
from .round_cap import REFUSED_STATUS, beyond_cap

__all__ = ["ASSETS", "WORKER_CSP", "SESSION_HEADER", "session_key"]

ASSETS = ("pages.css", "print.css", "entry.js", "offline.js", "localtime.js")
"""The static files the worker keeps from the start (the sitting page loads them all)."""
WORKER_CSP = "default-src 'none'; connect-src 'self'; frame-ancestors 'none'"


SESSION_HEADER = "X-Euchre-Offline-Session"
"""The header that names, to the service worker, the session a page was drawn for."""


def session_key() -> str:
    """The key of this request's live browser session (club or table link), or ``none``."""
    if g.get("table") is not None and session.get(TABLE_SESSION_KEY) is not None:
        kind, sid = "table", session.get(TABLE_SESSION_KEY)
    elif actor() is not None and g.get("auth_via") == "session" and session.get("sid"):
        kind, sid = "club", session.get("sid")
    else:
        return "none"
    secret = current_app.secret_key
    key = secret.encode() if isinstance(secret, str) else bytes(secret or b"")
    return hmac.new(key, f"offline-cache:{kind}:{sid}".encode(), hashlib.sha256).hexdigest()[:32]


@bp.after_request
def _name_the_session(resp: Response) -> Response:
    if resp.mimetype == "text/html":
        resp.headers[SESSION_HEADER] = session_key()
    return resp


@bp.route("/sw.js")
@table_view   # a table link's phone on a private server reloads its sitting offline too
def service_worker() -> Response:
    assets = [static_url(name) for name in ASSETS]
    version = hashlib.sha256("".join(_digest(n) for n in ASSETS).encode()).hexdigest()[:12]
    body = render_template("sw.js", assets=assets, version=version, header=SESSION_HEADER)
    resp = Response(body, mimetype="text/javascript")
    resp.headers["Cache-Control"] = "no-cache"
    resp.headers["Content-Security-Policy"] = WORKER_CSP
    return resp


def _base_revision() -> int:
    return form_revision("base_revision")


@bp.route(f"/web/drafts/<{entry._ID}:draft_id>/keep-mine", methods=["POST"])
@table_view   # a table link keeps its own deal in a clash on its own sitting (_own_draft checks)
@entry.writer_required
def keep_mine(draft_id: int) -> Any:
    found = entry._own_draft(draft_id)
    client_id = deal_ids.client_id()
    first = deal_ids.answered_first(found, client_id)
    if first is not None:
        return first
    db = get_db()
    deal, problems = deal_of_form(found.data, request.form)
    seen = _base_revision()
    base = store_drafts.revision_data(db, found.id, seen)
    if base is None:
        problems = [*problems, ("general", f"base_revision: draft {draft_id} has no revision "
                                           f"{request.form.get('base_revision', '')!r}")]
        base = found.data
    data = copy.deepcopy(base)
    deals = data.setdefault("deals", [])
    position = len(deals)
    past = beyond_cap(found.id, found.data, len(found.data.get("deals") or []))
    if past is not None:   # the latest revision has the sitting's deals already
        if deal_ids.wants_json():
            return deal_ids.refused(position + 1, [("general", past)])
        return draft_page(found, form=dict(request.form), problems=[("general", past)],
                          status=REFUSED_STATUS)
    if client_id is not None and (problem := store_drafts.client_id_problem(client_id)):
        problems = [*problems, ("general", f"deal_id: {problem}")]
    if not problems:
        deals.append(deal)
        _, found_problems = entry.replay_draft(data)
        problems = fields_for(data, found_problems, position)
    if problems:
        return _refused(found, position, problems)
    return entry._identified(found, data, deal, position, client_id or str(uuid.uuid4()),
                             f"Your deal {position + 1} is kept; the other version stays in "
                             "the draft's history.")


def _refused(found: store_drafts.Draft, position: int, problems: Problems) -> Any:
    if deal_ids.wants_json():
        return deal_ids.refused(position + 1, problems)
    return entry._draft_page(found, form=dict(request.form), problems=problems)
