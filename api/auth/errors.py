"""The errors of authentication: 401 with ``WWW-Authenticate``, 403 ``forbidden`` and 403
``csrf-failed``, all in the one error shape (``api.errors``).

They subclass :class:`~euchre_records.api.errors.ApiError`; the app registers
:func:`auth_error_response` for :class:`AuthError` so the 401 carries its header. A web page
may register its own handler for :class:`NotSignedIn` or :class:`CsrfFailed` on its blueprint.
"""

from __future__ import annotations

from flask import Response

from ..errors import ApiError, error_response

__all__ = ["AuthError", "NotSignedIn", "Forbidden", "CsrfFailed", "auth_error_response", "REALM"]

REALM = "euchre-records"


class AuthError(ApiError):
    """An ApiError that may carry response headers."""

    headers: dict[str, str] = {}


class NotSignedIn(AuthError):
    """401 ``unauthorized``: no token, or one that is malformed, unknown or revoked."""

    def __init__(self, message: str, invalid_token: bool = False) -> None:
        super().__init__(401, "unauthorized", message)
        challenge = f'Bearer realm="{REALM}"'
        if invalid_token:
            challenge += ', error="invalid_token"'
        self.headers = {"WWW-Authenticate": challenge}


class Forbidden(AuthError):
    """403 ``forbidden``: a valid token that may not do this (another club's record)."""

    def __init__(self, message: str) -> None:
        super().__init__(403, "forbidden", message)


class CsrfFailed(AuthError):
    """403 ``csrf-failed``: an unsafe request carried by a browser session failed the checks of
    origin or of the form token."""

    def __init__(self, message: str) -> None:
        super().__init__(403, "csrf-failed", message)


def auth_error_response(exc: AuthError) -> Response:
    return error_response(exc.status, exc.code, exc.message, exc.problems, exc.headers,
                          **exc.extra)
