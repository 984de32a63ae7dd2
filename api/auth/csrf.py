"""Cross-site request forgery protection for the browser session.

Contract (checked before every view, by :func:`check_csrf`):
- Safe methods (GET, HEAD, OPTIONS, TRACE) are never checked; they must not write.
- An unsafe request that carries the session cookie, or is a form (url-encoded, multipart or
  text/plain body), must come from this site: ``Sec-Fetch-Site`` must be ``same-origin`` or
  ``none`` when the browser sends it; else an ``Origin`` header, when present, must name this
  host (``null`` never does). Browsers send one of the two on every cross-site POST.
- An unsafe request that carries the session cookie must also carry the session's form token,
  as the form field ``csrf_token`` or the header ``X-CSRF-Token``, compared in constant time —
  whatever else it carries: a Bearer header beside the cookie does not skip the check.
- A request without the cookie that is not a form (an API client with a Bearer token) is not
  checked: a cross-site page can neither attach a Bearer header nor send application/json
  without the browser's CORS preflight, which this service never grants.
Failures are 403 ``csrf-failed`` (:class:`~.errors.CsrfFailed`).
"""

from __future__ import annotations

import hmac
import secrets
from urllib.parse import urlsplit

from flask import current_app, request, session

from .errors import CsrfFailed

__all__ = ["csrf_token", "check_csrf", "SAFE_METHODS", "CSRF_FIELD", "CSRF_HEADER"]

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
FORM_TYPES = frozenset({"application/x-www-form-urlencoded", "multipart/form-data", "text/plain"})
CSRF_FIELD = "csrf_token"
CSRF_HEADER = "X-CSRF-Token"
_SESSION_KEY = "csrf"


def csrf_token() -> str:
    """This session's form token (made on first use). Jinja global: every form carries
    ``<input type="hidden" name="csrf_token" value="{{ csrf_token() }}">``."""
    token = session.get(_SESSION_KEY)
    if not isinstance(token, str) or len(token) < 32:
        token = secrets.token_urlsafe(32)
        session[_SESSION_KEY] = token
    return token


def new_csrf_token() -> str:
    """A fresh form token (at sign-in, after ``session.clear()``)."""
    session[_SESSION_KEY] = secrets.token_urlsafe(32)
    return str(session[_SESSION_KEY])


def has_session_cookie() -> bool:
    return str(current_app.config["SESSION_COOKIE_NAME"]) in request.cookies


def check_csrf() -> None:
    """Raise CsrfFailed for an unsafe request that fails the checks of the module contract."""
    if request.method in SAFE_METHODS:
        return
    cookie = has_session_cookie()
    form = request.mimetype in FORM_TYPES
    if not (cookie or form):
        return
    _check_origin()
    if not cookie:
        return
    expected = session.get(_SESSION_KEY)
    given = request.headers.get(CSRF_HEADER)
    if given is None and form:
        given = request.form.get(CSRF_FIELD)
    if not isinstance(expected, str) or not given or not hmac.compare_digest(
            expected.encode("utf-8"), given.encode("utf-8", "surrogateescape")):
        raise CsrfFailed("the form's security token is missing or out of date: reload the page "
                         "and send it again")


def _check_origin() -> None:
    fetch_site = request.headers.get("Sec-Fetch-Site")
    if fetch_site is not None:
        if fetch_site.strip().lower() not in ("same-origin", "none"):
            raise CsrfFailed(f"a cross-site request (Sec-Fetch-Site: {fetch_site}) may not write")
        return
    origin = request.headers.get("Origin")
    if origin is None:
        return
    if origin.strip().lower() == "null" or urlsplit(origin.strip()).netloc.lower() != \
            request.host.lower():
        raise CsrfFailed(f"a request from another origin ({origin}) may not write")
