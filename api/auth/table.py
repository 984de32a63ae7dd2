"""The holder of a table link: what it may do, and the session a browser gets for one.

Contract (docs/AUTH.md, "Table links"):
- A request carries a table link as ``Authorization: Bearer eut_...`` (a script) or as the
  session cookie of a browser that opened the link (:func:`open_table_session`, from the page
  ``/web/table``, which reads the secret from the URL's fragment: a fragment is never sent to
  the server, so the secret is in no access log, no proxy log and no ``Referer``).
- :func:`load_table` sets ``g.table`` to the :class:`TableGrant` of a live link, or
  ``g.table_dead`` to the :class:`~..store.table_links.LinkCheck` of a dead one (revoked,
  expired, closed, used, unknown) so the answer can name the cause. It never sets ``g.actor``:
  a table link is not a club.
- A grant may use only the views marked :func:`table_view` (the sitting's page and its deal
  forms), and in them only its own draft (:func:`may_use_draft`). Every other write answers
  403 (:class:`~.errors.Forbidden`); on a private server every other read does too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, TypeVar

from flask import current_app, g, request, session

from ..db import get_db
from ..store import table_links
from ..store.table_links import LinkCheck, LinkState, TableLink
from .csrf import new_csrf_token
from .session import sign_out

__all__ = ["TableGrant", "load_table", "table_grant", "table_dead", "table_view",
           "is_table_view", "may_use_draft", "open_table_session", "end_table_session",
           "dead_message", "TABLE_SESSION_KEY"]

F = TypeVar("F", bound=Callable[..., Any])

TABLE_SESSION_KEY = "tsid"


@dataclass(frozen=True, slots=True)
class TableGrant:
    """What a live table link allows: the one sitting of its ``link`` (event, round, table,
    draft), written for the link's club with its issuer's token. The grant holds the stored
    link itself rather than a copy of its fields; it exists only for a link that was live when
    the request was checked (a dead one is refused here, so no view can be handed one)."""

    link: TableLink

    def __post_init__(self) -> None:
        if self.link.state is not LinkState.LIVE:
            raise ValueError(f"table link {self.link.id} is {self.link.state.value}, not live: "
                             "it grants nothing")


def table_grant() -> TableGrant | None:
    found = g.get("table")
    return found if isinstance(found, TableGrant) else None


def table_dead() -> LinkCheck | None:
    found = g.get("table_dead")
    return found if isinstance(found, LinkCheck) else None


def dead_message(check: LinkCheck) -> str:
    """What happened to a link, in a sentence that names the cause and whom to ask."""
    link = check.link
    where = "" if link is None else (f" for table {link.table}, round {link.round} of "
                                     f"{link.event_name}")
    ask = "ask the director for a new table card"
    if check.state is LinkState.REVOKED and link is not None:
        return f"This table link{where} was revoked at {link.revoked_at}: {ask}."
    if check.state is LinkState.CLOSED and link is not None:
        return (f"This table link{where} stopped working when the event was closed at "
                f"{link.closed_at}: its standings are final, nothing more can be entered.")
    if check.state is LinkState.EXPIRED and link is not None and check.session_ended_at:
        return (f"This browser's session of the table link{where} ended at "
                f"{check.session_ended_at}; the link itself works until {link.expires_at}: "
                "scan the table card again to go on.")
    if check.state is LinkState.EXPIRED and link is not None:
        return f"This table link{where} expired at {link.expires_at}: {ask}."
    if check.state is LinkState.USED and link is not None:
        what = ("stored" if link.draft_status == "finished" else "set aside by the director")
        return (f"This table link{where} has done its work: the sitting was {what}, so there "
                "is nothing more to enter with it.")
    return f"This is not a table link this server knows (mistyped or cut short): {ask}."


def load_table(bearer: str | None) -> None:
    """Set ``g.table`` / ``g.table_dead`` from a ``eut_`` bearer secret or the table session."""
    g.table, g.table_dead = None, None
    if bearer is not None:
        check = table_links.check_link(get_db(), bearer)
    elif session.get(TABLE_SESSION_KEY) is not None:
        check = table_links.link_of_session(get_db(), session.get(TABLE_SESSION_KEY))
    else:
        return
    if check.state is LinkState.LIVE and check.link is not None:
        g.table = TableGrant(check.link)
    else:
        g.table_dead = check


def table_view(view: F) -> F:
    """Mark a view as one a table link may use (with its own draft only)."""
    view._euchre_table = True  # type: ignore[attr-defined]
    return view


def is_table_view(endpoint: str | None = None) -> bool:
    view = current_app.view_functions.get(endpoint or request.endpoint or "")
    return bool(getattr(view, "_euchre_table", False))


def may_use_draft(draft_id: int) -> bool:
    grant = table_grant()
    return grant is not None and grant.link.draft_id == draft_id


def open_table_session(secret: str) -> LinkCheck:
    """Exchange a link's secret for a table session in this browser (a live link only): the
    browser's old session, club or table, is ended first and the cookie cleared (no fixation)."""
    db = get_db()
    check = table_links.check_link(db, secret)
    if check.state is not LinkState.LIVE or check.link is None:
        return check
    end_table_session()
    sign_out()
    session.permanent = True
    session[TABLE_SESSION_KEY] = table_links.start_session(
        db, check.link, float(current_app.config["SESSION_HOURS"]))
    new_csrf_token()
    g.table, g.table_dead = TableGrant(check.link), None
    return check


def end_table_session() -> None:
    old = session.pop(TABLE_SESSION_KEY, None)
    if old is not None:
        table_links.end_session(get_db(), old)
    g.table = None
