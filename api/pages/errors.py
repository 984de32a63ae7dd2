"""HTML error pages for the page routes (the JSON API keeps its one error shape).

Contract: :func:`wants_html` decides by the path (the pages' paths, see blueprint.PAGE_PREFIXES)
and, for a path no route knows, by the client's Accept header (a browser asking for HTML gets an
HTML 404; curl and JSON clients get the JSON shape). :func:`html_error` renders
``[f"{status}.html", "error.html"]`` with the status, a title and the message; never a traceback.
"""

from __future__ import annotations

from flask import Response, redirect, render_template, request, url_for

from ..auth import AuthError, CsrfFailed, NotSignedIn
from ..auth.session import session_ended
from .blueprint import bp, is_page_path

__all__ = ["wants_html", "html_error"]

TITLES = {400: "Bad request", 401: "Sign in needed", 403: "Not allowed", 404: "Not found",
          405: "Method not allowed", 409: "Conflict", 413: "Too large", 422: "Not valid",
          429: "Too many requests", 500: "Server error", 503: "Unavailable"}


def wants_html() -> bool:
    if request.blueprint == "pages" or is_page_path(request.path):
        return True
    if request.url_rule is None:  # no route: decide by what the client asks for
        best = request.accept_mimetypes.best_match(["application/json", "text/html"])
        return best == "text/html" and request.accept_mimetypes["text/html"] > \
            request.accept_mimetypes["application/json"]
    return False


def html_error(status: int, message: str, headers: dict[str, str] | None = None) -> Response:
    title = TITLES.get(status, "Error")
    body = render_template([f"{status}.html", "error.html"], status=status, title=title,
                           message=message)
    resp = Response(body, status=status, mimetype="text/html")
    for key, value in (headers or {}).items():
        resp.headers[key] = value
    return resp


def _auth_error(exc: AuthError) -> Response:
    """Auth errors on a page: a GET that needs signing in goes to the sign-in page; the rest
    (a failed CSRF check, a forbidden write) is an HTML error page."""
    if isinstance(exc, NotSignedIn) and request.method == "GET":
        target = request.full_path.rstrip("?")
        resp = redirect(url_for("pages.login", next=target), 303)
        return resp  # type: ignore[return-value]
    if isinstance(exc, CsrfFailed) and session_ended() is not None:
        return html_error(401, f"Signed out: {session_ended()}.")   # the cause, not the form
    return html_error(exc.status, exc.message, dict(exc.headers))


bp.register_error_handler(AuthError, _auth_error)
