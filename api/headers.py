"""The security headers every answer carries, whatever answers it (a page, the JSON API, an
error of any status, a static file; waitress's own errors in api/server.py add the same).

Contract: :func:`security_headers` is the header list for a response of ``mimetype``; an HTML
answer gets the pages' Content-Security-Policy (only this site's own styles, scripts, images,
service worker and forms; no framing), any other answer one that allows nothing at all (a JSON body is data,
never a document to render). Every answer gets ``X-Content-Type-Options: nosniff`` and
``Referrer-Policy: same-origin``. :func:`add_security_headers` sets those a view did not set.
"""

from __future__ import annotations

from flask import Response

__all__ = ["security_headers", "add_security_headers", "PAGE_CSP", "DATA_CSP"]

PAGE_CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
            "worker-src 'self'; form-action 'self'; frame-ancestors 'none'")
DATA_CSP = "default-src 'none'; frame-ancestors 'none'"


def security_headers(mimetype: str | None) -> list[tuple[str, str]]:
    """The security headers of an answer of this media type (see the module)."""
    csp = PAGE_CSP if mimetype == "text/html" else DATA_CSP
    return [("X-Content-Type-Options", "nosniff"), ("Content-Security-Policy", csp),
            ("Referrer-Policy", "same-origin")]


def add_security_headers(resp: Response) -> Response:
    """``after_request`` of the whole app: the security headers, unless the view set its own."""
    for name, value in security_headers(resp.mimetype):
        resp.headers.setdefault(name, value)
    return resp
