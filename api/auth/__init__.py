"""Identity and permissions (docs/AUTH.md): who a request comes from, what it may change, and
the browser session with its CSRF protection.

The interface other parts build on:
``Actor``, ``may_modify``, ``current_actor``, ``require_writer``, ``public``, ``sign_in``,
``sign_out``, ``csrf_token``, the errors ``NotSignedIn`` (401), ``Forbidden`` (403),
``CsrfFailed`` (403), and ``init_auth`` (called by ``create_app``).
"""

from .actor import Actor, may_modify
from .csrf import CSRF_FIELD, CSRF_HEADER, csrf_token
from .errors import AuthError, CsrfFailed, Forbidden, NotSignedIn
from .guard import current_actor, is_writer_view, public, require_writer
from .session import sign_in, sign_out
from .setup import init_auth

__all__ = ["Actor", "may_modify", "current_actor", "require_writer", "public", "is_writer_view",
           "sign_in", "sign_out", "csrf_token", "CSRF_FIELD", "CSRF_HEADER", "AuthError",
           "NotSignedIn", "Forbidden", "CsrfFailed", "init_auth"]
