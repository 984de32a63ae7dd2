"""Browser sessions: signing in with a token, signing out, and the session's actor.

Contract:
- The session is Flask's signed cookie (``SESSION_COOKIE_NAME`` ``euchre_session``, HttpOnly,
  SameSite=Lax; Secure when ``SESSION_COOKIE_SECURE`` is set, as behind HTTPS). It holds the
  token id, an expiry time and the form token — never the token itself.
- :func:`sign_in` verifies a token, clears the old session (no fixation) and starts a new one
  expiring after ``SESSION_HOURS`` (default 12); :func:`sign_out` clears it.
- :func:`actor_from_session` answers the actor of a live session, re-reading the token on every
  request: revoking a token ends its sessions at once.
"""

from __future__ import annotations

import time

from flask import current_app, g, session

from ..db import get_db
from ..store import tokens
from .actor import Actor, actor_of
from .csrf import new_csrf_token

__all__ = ["sign_in", "sign_out", "actor_from_session"]

_TOKEN_ID = "tid"
_EXPIRES = "exp"


def sign_in(token_text: str) -> Actor | None:
    """Start a browser session for a valid token; None (and no session change) otherwise."""
    row = tokens.verify(get_db(), token_text.strip())
    if row is None:
        return None
    session.clear()
    session.permanent = True
    session[_TOKEN_ID] = row.id
    session[_EXPIRES] = int(time.time() + 3600 * float(current_app.config["SESSION_HOURS"]))
    new_csrf_token()
    actor = actor_of(row)
    g.actor, g.auth_via = actor, "session"
    return actor


def sign_out() -> None:
    """End the browser session (a new form token is made on the next ``csrf_token()``)."""
    session.clear()
    g.actor, g.auth_via = None, None


def actor_from_session() -> Actor | None:
    """The actor of this request's live session, or None (an expired or revoked one is
    cleared)."""
    tid, expires = session.get(_TOKEN_ID), session.get(_EXPIRES)
    if tid is None:
        return None
    if not isinstance(tid, int) or not isinstance(expires, int) or expires < time.time():
        session.clear()
        return None
    row = tokens.token_by_id(get_db(), tid)
    if row is None or row.revoked_at is not None:
        session.clear()
        return None
    tokens.note_use(get_db(), row)
    return actor_of(row)
