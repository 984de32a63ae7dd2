"""Table links on the pages (issue 18): the director issues, lists, prints and revokes them; a
table opens its sitting from one.

Contracts:
- ``/web/events/{id}/rounds/{n}/links`` (GET) lists the round's links, dead ones too, never a
  secret; POST issues new links (for every table, or one) through
  ``api/store/table_links.issue_links`` — the path the CLI and the JSON API take — and answers
  with the printable table cards: the one response that holds the secrets (``no-store``). A
  card lost or a page reloaded is answered by issuing again, which revokes the old link and
  keeps the table's draft. Only the event's club (or an admin) may do any of this.
- ``/web/table`` is the page a link opens: ``/web/table#eut_...``. The secret is in the
  fragment, which the browser never sends; the page's script posts it (``POST /web/table``,
  form field ``code``) and the server answers with a table session cookie and a redirect to the
  sitting. A browser holding a table session already is not redirected by the GET (that would
  drop the fragment): the page names its sitting, and a posted code always switches to the new
  link's sitting, the old session ended on the server. Without JavaScript the scorer types the code from the card into the same form. A
  dead link gets the page that says why (link_dead.py).
"""

from __future__ import annotations

from typing import Any

import segno
from flask import abort, flash, redirect, render_template, request, url_for
from werkzeug.wrappers import Response

from euchre_records.rules import PRESETS

from ..auth import public
from ..auth.table import open_table_session, table_dead, table_grant, table_view
from ..db import get_db
from ..store import events as store_events
from ..store import queries, table_links
from ..store.store import MAX_ID
from .blueprint import actor, bp
from .director import _by, _owned_event
from .entry import writer_required
from .link_dead import link_dead_page

__all__ = ["link_url", "qr_data_uri"]

_ID = f"int(max={MAX_ID})"
_ROUND = "int(min=1,max=10000)"
MAX_CODE = 200


def link_url(base: str, secret: str) -> str:
    """The URL a card prints: the join page with the secret in the fragment."""
    return f"{base.rstrip('/')}/web/table#{secret}"


def qr_data_uri(url: str) -> str:
    """The link's QR code as an SVG data URI (segno; error correction M: a card survives a
    crease or a thumb over a corner)."""
    return str(segno.make(url, error="m").svg_data_uri(scale=4, border=2))


def _hours(text: str) -> float | None:
    text = text.strip()
    if not text:
        return None
    try:
        return float(text)
    except ValueError:
        raise table_links.EventError(f"'{text}' is not a number of hours", "expires_hours") from None


@bp.route(f"/web/events/<{_ID}:event_id>/rounds/<{_ROUND}:number>/links", methods=["GET"])
@writer_required
def round_links(event_id: int, number: int) -> Any:
    """The round's table links: state, issue and expiry; revoke; issue new ones."""
    found = _owned_event(event_id)
    detail = store_events.round_detail(get_db(), event_id, number) or {}
    return render_template("links.html", event=found, number=number,
                           links=table_links.list_links(get_db(), event_id, number),
                           tables=[t["table"] for t in detail.get("seating", [])],
                           presets=sorted(PRESETS), form={}, problem=None)


@bp.route(f"/web/events/<{_ID}:event_id>/rounds/<{_ROUND}:number>/links", methods=["POST"])
@writer_required
def issue_links(event_id: int, number: int) -> Any:
    """Issue links (every table, or the one chosen) and answer with their printable cards."""
    found = _owned_event(event_id)
    me = actor()   # an admin issuing for another club's event issues for that club
    db = get_db()
    table = (request.form.get("table") or "").strip()
    try:
        issued = table_links.issue_links(
            db, event_id, number, club_id=queries.event_owner(db, event_id)[1] or me.club_id,
            token_id=me.token_id, created_by=_by(),
            hours=_hours(request.form.get("expires_hours") or ""),
            rules=request.form.get("rules") or "modern", tables=[table] if table else None)
    except table_links.EventError as exc:
        detail = store_events.round_detail(db, event_id, number) or {}
        return render_template("links.html", event=found, number=number,
                               links=table_links.list_links(db, event_id, number),
                               tables=[t["table"] for t in detail.get("seating", [])],
                               presets=sorted(PRESETS), form=dict(request.form),
                               problem=(exc.where, exc.what)), exc.status
    base = request.host_url
    cards = [{"link": i.link, "seats": i.seats, "url": link_url(base, i.secret),
              "qr": qr_data_uri(link_url(base, i.secret))} for i in issued]
    resp = Response(render_template("table_cards.html", event=found, number=number,
                                    cards=cards), mimetype="text/html")
    resp.headers["Cache-Control"] = "no-store"   # the secrets: never kept by a cache
    return resp


@bp.route(f"/web/events/<{_ID}:event_id>/rounds/<{_ROUND}:number>/links/<{_ID}:link_id>/revoke",
          methods=["POST"])
@writer_required
def revoke_link(event_id: int, number: int, link_id: int) -> Any:
    _owned_event(event_id)
    try:
        row, changed = table_links.revoke_link(get_db(), event_id, number, link_id,
                                               revoked_by=_by())
    except table_links.EventError as exc:
        abort(exc.status, description=exc.what)
    flash(f"The link of table {row.table} is revoked: a phone that opened it can enter nothing "
          "more." if changed else f"The link of table {row.table} was already revoked.", "ok")
    return redirect(url_for("pages.round_links", event_id=event_id, number=number), 303)


@bp.route("/web/table", methods=["GET"])
@public
@table_view
def table_link() -> Any:
    """The page a table link opens (the secret in the fragment, read by table_join.js).

    A browser that already holds a live table session gets this page too, never a redirect to
    its sitting: a redirect's ``#entry`` would replace the fragment, so a phone opening the next
    round's card would land on its old draft with the new secret lost. The page names the
    sitting it holds; its script posts a new link's fragment (which switches the session) or,
    with no fragment, goes on to that sitting (a link to it without JavaScript)."""
    grant = table_grant()
    if grant is not None and actor() is None:
        return render_template("table_join.html", error=None, grant=grant,
                               sitting=url_for("pages.draft", draft_id=grant.link.draft_id) + "#entry")
    dead = table_dead()
    if dead is not None and actor() is None:
        return link_dead_page(dead)
    return render_template("table_join.html", error=None)


@bp.route("/web/table", methods=["POST"])
@public
@table_view
def table_join() -> Response | Any:
    """Exchange the link's code for this browser's table session, then open the sitting."""
    code = (request.form.get("code") or "").strip().lstrip("#")[:MAX_CODE]
    if not code:
        return render_template("table_join.html",
                               error="Type the code printed under the QR code of your "
                                     "table's card (it starts eut_)."), 422
    check = open_table_session(code)
    if check.state is not table_links.LinkState.LIVE or check.link is None:
        return link_dead_page(check)
    link = check.link
    flash(f"Table {link.table}, round {link.round} of {link.event_name}: enter the deals here.",
          "ok")
    return redirect(url_for("pages.draft", draft_id=link.draft_id) + "#entry", 303)
