"""The one error shape of every HTTP answer, and the exception views raise to give it.

Contract: every error response is ``{"error": {"status", "code", "message", "problems": [{"where",
"what"}]}}``; an unexpected failure is a 500 of the same shape, and a client's mistake never is.
"""

from __future__ import annotations

from typing import Any

from flask import Response, json

__all__ = ["ApiError", "error_response", "CODES", "problems_of"]

CODES = {400: "bad-request", 404: "not-found", 405: "method-not-allowed", 409: "conflict",
          413: "too-large", 415: "unsupported-media-type", 422: "invalid-request",
          500: "internal-error"}


class ApiError(Exception):
    """An error a view raises to answer with the standard error shape."""

    def __init__(self, status: int, code: str, message: str,
                 problems: list[dict[str, str]] | None = None, **extra: Any) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.problems = problems or []
        self.extra = extra


def error_response(status: int, code: str, message: str,
                   problems: list[dict[str, str]] | None = None,
                   headers: dict[str, str] | None = None, **extra: Any) -> Response:
    """``{"error": {"status", "code", "message", "problems": [{"where", "what"}]}}``."""
    body = {"error": {"status": status, "code": code, "message": message,
                      "problems": problems or [], **extra}}
    resp = Response(json.dumps(body), status=status, mimetype="application/json")
    for key, value in (headers or {}).items():
        resp.headers[key] = value
    return resp


def problems_of(messages: Any) -> list[dict[str, str]]:
    """webargs/marshmallow messages -> located problems (as the notation's loader locates them)."""
    from euchre_records.schema.notation import problems_from_messages
    return [{"where": p.where, "what": p.what} for p in problems_from_messages(messages)]


