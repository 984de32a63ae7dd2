"""The page a dead table link gets: what happened to it and whom to ask, never a bare 401.

Contract: :func:`link_dead_page` answers 410 (Gone) for a link that was revoked, expired, died
with its event's close or has done its work (its sitting stored), and 404 for a text that is
no table link of this server; the message comes from api/auth/table.dead_message, so the page
and the JSON API name the same cause.
"""

from __future__ import annotations

from flask import Response, render_template

from ..auth.table import dead_message
from ..store.table_links import LinkCheck, LinkState

__all__ = ["link_dead_page", "TITLES"]

TITLES = {LinkState.REVOKED: "This table link was revoked",
          LinkState.CLOSED: "The event is closed",
          LinkState.EXPIRED: "This table link has expired",
          LinkState.USED: "This table's sitting is stored",
          LinkState.UNKNOWN: "Not a table link"}


def link_dead_page(check: LinkCheck) -> Response:
    status = 404 if check.state is LinkState.UNKNOWN else 410
    title = ("This browser's table session has ended" if check.session_ended_at
             else TITLES.get(check.state, "Dead link"))
    body = render_template("link_dead.html", check=check, title=title,
                           message=dead_message(check), status=status)
    return Response(body, status=status, mimetype="text/html")
