"""Browser sessions: signing in with a token, signing out, and the session's actor.

Contract:
- The session is Flask's signed cookie (``SESSION_COOKIE_NAME`` ``euchre_session``, HttpOnly,
  SameSite=Lax; Secure when ``SESSION_COOKIE_SECURE`` is set, as behind HTTPS). It holds the id
  of a session the server keeps (api/store/sessions.py) and the form token — never the token,
  and nothing that stays valid once the server has ended the session.
- :func:`sign_in` verifies a token, ends the browser's old session and clears the cookie (no
  fixation), and starts a new server-side session expiring after ``SESSION_HOURS`` (default
  12); :func:`sign_out` ends it on the server and clears the cookie, so a copy of the cookie
  taken before is worth nothing afterwards (as it is after expiry).
- :func:`actor_from_session` answers the actor of a live session, re-reading the session and
  its token on every request: signing out, expiry or revoking the token ends it at once. The
  cause is kept in the cookie (``ended``) and named by the pages ("this club's token was
  revoked at ..."), and the form token is kept, so a form drawn before the end is refused for
  that cause, not as a stale form.
"""

from __future__ import annotations

import logging
import sqlite3

from flask import current_app, g, session

from ..db import get_db
from ..store import sessions, table_links, tokens
from .actor import Actor, actor_of
from .csrf import new_csrf_token

__all__ = ["sign_in", "sign_out", "actor_from_session", "session_ended", "ENDED_KEY"]

ENDED_KEY = "ended"

log = logging.getLogger(__name__)

_SESSION_ID = "sid"


def sign_in(token_text: str) -> Actor | None:
    """Start a browser session for a valid token; None (and no session change) otherwise."""
    row = tokens.verify(get_db(), token_text.strip())
    if row is None:
        return None
    old = session.get(_SESSION_ID)
    table_sid = session.get("tsid")   # a browser that held a table link (api/auth/table.py)
    if table_sid is not None:
        table_links.end_session(get_db(), table_sid)
    session.clear()
    if old is not None:
        sessions.end(get_db(), old)
    session.permanent = True
    session[_SESSION_ID] = sessions.start(get_db(), row.id,
                                          float(current_app.config["SESSION_HOURS"]))
    new_csrf_token()
    actor = actor_of(row)
    g.actor, g.auth_via = actor, "session"
    return actor


def sign_out() -> None:
    """End the browser session on the server and clear the cookie (a new form token is made on
    the next ``csrf_token()``). A store that cannot be written now leaves the server-side
    session to its expiry (logged); the cookie is cleared either way."""
    old = session.get(_SESSION_ID)
    session.clear()
    g.actor, g.auth_via = None, None
    if old is None:
        return
    try:
        sessions.end(get_db(), old)
    except sqlite3.Error as exc:
        log.warning("cannot record the end of a session (%s): it ends at its expiry", exc)


def session_ended() -> str | None:
    """Why this browser's club session ended (its token revoked, signed out, expired), when
    that is what this request meets; None otherwise."""
    why = g.get("session_ended") or session.get(ENDED_KEY)
    return why if isinstance(why, str) else None


def actor_from_session() -> Actor | None:
    """The actor of this request's live session, or None (an ended, expired or revoked one is
    cleared)."""
    sid = session.get(_SESSION_ID)
    if sid is None:  # an anonymous browser's cookie (its form token only): nothing to end
        return None
    row = sessions.live_token(get_db(), sid)
    if row is None:
        why = sessions.why_not_live(get_db(), sid)
        form_token = session.get("csrf")
        session.clear()
        if why is not None:   # said where the browser next asks (not as a stale form token):
            session[ENDED_KEY] = why   # a form drawn before keeps its token, so its next
            g.session_ended = why      # post meets this cause, not a CSRF refusal
            if isinstance(form_token, str):
                session["csrf"] = form_token
        return None
    tokens.note_use(get_db(), row)
    return actor_of(row)
