"""The Flask application factory, per-request database connections and JSON errors.

Contracts:
- :func:`create_app` takes the database path from ``config["DATABASE"]``, else the environment
  variable ``EUCHRE_DB``; it migrates the database once at start.
- Each request that needs the database opens its own connection (:func:`get_db`), kept on
  ``flask.g`` and closed at teardown: SQLite connections are bound to their thread.
- Every error response is JSON of one shape (see :func:`error_response`); an unexpected failure is
  a 500 of the same shape, and a client's mistake is never a 500.
"""

from __future__ import annotations

import logging
import os
from typing import Any

import sqlite_utils
from flask import Flask, Response, current_app, g, json
from flask_smorest import Api
from werkzeug.exceptions import HTTPException

from .migrations import migrate, open_db
from .schemas import ErrorSchema

__all__ = ["create_app", "get_db", "error_response", "ApiError"]

log = logging.getLogger(__name__)

MAX_CONTENT_LENGTH = 2 * 1024 * 1024
"""Largest accepted request body (bytes): a long rubber in full detail is well under 200 KB."""

_CODES = {400: "bad-request", 404: "not-found", 405: "method-not-allowed", 409: "conflict",
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


def _flatten(messages: Any) -> list[dict[str, str]]:
    """webargs/marshmallow messages -> located problems (as the notation's loader locates them)."""
    from euchre_records.schema.notation import problems_from_messages
    return [{"where": p.where, "what": p.what} for p in problems_from_messages(messages)]


class JsonErrorApi(Api):  # type: ignore[misc]
    """flask-smorest Api answering every HTTP error in the one error shape, keeping ``Allow``."""

    ERROR_SCHEMA = ErrorSchema

    def handle_http_exception(self, error: HTTPException) -> Response:
        status = error.code or 500
        if status >= 500:
            cause = getattr(error, "original_exception", None)
            if cause is not None:
                log.error("unhandled error", exc_info=cause)
            return error_response(500, "internal-error", "the server failed; this is a bug")
        headers = {k: v for k, v in error.get_headers() if k.lower() == "allow"}
        data = getattr(error, "data", None) or {}
        problems = _flatten(data.get("messages", data.get("errors", {})))
        message = data.get("message") or error.description or error.name
        if status == 413:
            message = f"request body larger than {current_app.config['MAX_CONTENT_LENGTH']} bytes"
        code = _CODES.get(status, error.name.lower().replace(" ", "-"))
        return error_response(status, code, str(message), problems, headers)


def get_db() -> sqlite_utils.Database:
    """This request's connection (opened on first use, closed at teardown)."""
    if "db" not in g:
        g.db = open_db(current_app.config["DATABASE"])
    return g.db  # type: ignore[no-any-return]


def _close_db(exc: BaseException | None) -> None:
    db = g.pop("db", None)
    if db is not None:
        db.close()


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """The API application. ``config`` overrides defaults; ``DATABASE`` is the SQLite file."""
    app = Flask(__name__)
    app.config.update(
        DATABASE=os.environ.get("EUCHRE_DB", "euchre-records.db"),
        MAX_CONTENT_LENGTH=MAX_CONTENT_LENGTH,
        API_TITLE="euchre-records",
        API_VERSION="1.0",
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        API_SPEC_OPTIONS={"info": {"description": (
            "Validate, replay, store and query Euchre records. Every error is "
            '{"error": {"status", "code", "message", "problems": [{"where", "what"}]}}. '
            "Listings are paginated with page/per_page and answer "
            "{items, page, per_page, total, pages}.")}},
    )
    if config:
        app.config.update(config)
    db = open_db(app.config["DATABASE"])
    try:
        migrate(db)
    finally:
        db.close()
    app.teardown_appcontext(_close_db)

    @app.errorhandler(ApiError)
    def _api_error(exc: ApiError) -> Response:
        return error_response(exc.status, exc.code, exc.message, exc.problems, **exc.extra)

    api = JsonErrorApi(app)
    from .views import blueprints
    for blp in blueprints():
        api.register_blueprint(blp)
    return app
