"""Loading the actor of each request and guarding views.

Contract:
- :func:`load_actor` runs before every request (registered by :func:`~.setup.init_auth`): first
  the CSRF check (:mod:`.csrf`), then ``g.actor`` from ``Authorization: Bearer TOKEN`` when that
  header is present (the session is then not consulted), else from the session cookie; None
  when anonymous. A malformed, unknown or revoked Bearer token leaves ``g.actor`` None and
  notes why in ``g.auth_problem``; a write then answers 401 with ``error="invalid_token"``.
- With ``PRIVATE`` set, every request but those to views marked :func:`public` (and static
  files) needs an actor: 401 otherwise.
- :func:`require_writer` makes a JSON API view answer 401 ``unauthorized`` (with
  ``WWW-Authenticate``) without an actor, before anything of the request is parsed.
- A table link (``Bearer eut_...`` or a table session; api/auth/table.py) never makes an actor.
  Its holder gets 403 ``forbidden`` from every writer view, and on a private server from every
  view a table may not use; a dead link's 401 names the cause (revoked, expired, closed).
"""

from __future__ import annotations

import functools
from typing import Any, Callable, TypeVar

from flask import current_app, g, request

from ..db import get_db
from ..store import tokens
from .actor import Actor, actor_of
from .csrf import check_csrf, has_session_cookie
from .errors import Forbidden, NotSignedIn
from .session import actor_from_session, session_ended
from .table import dead_message, is_table_view, load_table, table_dead, table_grant

__all__ = ["load_actor", "require_writer", "public", "current_actor", "is_writer_view"]

F = TypeVar("F", bound=Callable[..., Any])

_HOW = "send it as 'Authorization: Bearer TOKEN' (docs/AUTH.md)"
_TABLE_ONLY = ("a table link may write only its own table's sitting, on its page; everything "
               "else needs a club's token (docs/AUTH.md)")


def current_actor() -> Actor | None:
    """The actor of this request (None when anonymous)."""
    actor = g.get("actor")
    return actor if isinstance(actor, Actor) else None


def load_actor() -> None:
    """Set ``g.actor``, ``g.auth_via`` ('bearer', 'session' or None) and ``g.auth_problem``."""
    g.actor, g.auth_via, g.auth_problem = None, None, None
    check_csrf()
    header = request.headers.get("Authorization")
    g.table, g.table_dead = None, None
    if header is not None:
        g.auth_via = "bearer"
        scheme, _, credentials = header.strip().partition(" ")
        if scheme.lower() != "bearer" or not credentials.strip():
            g.auth_problem = "the Authorization header is not of the form 'Bearer TOKEN'"
        elif credentials.strip().startswith("eut_"):   # a table link, not a club's token
            load_table(credentials.strip())
            dead = table_dead()
            if dead is not None:
                g.auth_problem = dead_message(dead)
        else:
            row = tokens.verify(get_db(), credentials.strip())
            if row is None:
                g.auth_problem = "the token is not valid: unknown, revoked or mistyped"
            else:
                g.actor = actor_of(row)
    elif has_session_cookie():
        g.actor = actor_from_session()
        g.auth_via = "session" if g.actor is not None else None
        if g.actor is None:
            load_table(None)
    if current_app.config.get("PRIVATE") and g.actor is None and not _public_endpoint():
        if table_grant() is not None:
            if not is_table_view():
                raise Forbidden(_TABLE_ONLY)
        elif table_dead() is None or not is_table_view():
            raise _not_signed_in("this server is private: every request needs a token")


def _not_signed_in(why: str) -> NotSignedIn:
    ended = session_ended() if g.get("auth_via") != "bearer" else None
    if ended:
        return NotSignedIn(f"{ended} ({_HOW})", invalid_token=True)
    problem = g.get("auth_problem")
    dead = table_dead()
    if dead is not None and not problem:   # a browser whose table link died
        problem = dead_message(dead)
    if problem:
        return NotSignedIn(f"{problem}; {_HOW}", invalid_token=True)
    return NotSignedIn(f"{why}: {_HOW}")


def _public_endpoint() -> bool:
    endpoint = request.endpoint or ""
    if endpoint == "static" or endpoint.endswith(".static"):
        return True
    view = current_app.view_functions.get(endpoint)
    return bool(getattr(view, "_euchre_public", False))


def public(view: F) -> F:
    """Mark a view as reachable without a token even on a private server (sign-in pages)."""
    view._euchre_public = True  # type: ignore[attr-defined]
    return view


def require_writer(view: F) -> F:
    """401 ``unauthorized`` unless the request has an actor. Put it right under ``route`` so it
    runs before argument parsing."""
    @functools.wraps(view)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        if g.get("actor") is None and table_grant() is not None:
            raise Forbidden(_TABLE_ONLY)
        if g.get("actor") is None:
            raise _not_signed_in("writing needs a club's token")
        return view(*args, **kwargs)

    guarded._euchre_writer = True  # type: ignore[attr-defined]
    return guarded  # type: ignore[return-value]


def is_writer_view(view: Any) -> bool:
    return bool(getattr(view, "_euchre_writer", False))
