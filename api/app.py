"""The Flask application factory.

Contracts:
- :func:`create_app` takes the database path from ``config["DATABASE"]``, else the environment
  variable ``EUCHRE_DB``; it migrates the database once at start.
- Each request that needs the database opens its own connection (:func:`.db.get_db`).
- Every error response of the JSON API is JSON of one shape (:mod:`.errors`); the HTML pages
  (api/pages, registered as a plain blueprint) answer theirs as HTML pages (api/pages/errors.py).
- Every answer carries the security headers (:mod:`.headers`); costly requests share the
  process's slot (:mod:`.cpu_gate`; ``config["CLAIM_GATE"]`` replaces the default gate).
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from typing import Any

from flask import Flask, Response, current_app, request
from flask_smorest import Api
from werkzeug.exceptions import HTTPException

from .auth import init_auth
from .cpu_gate import ClaimGate, ServerBusy
from .db import close_db
from .errors import CODES, ApiError, error_response, problems_of
from .headers import add_security_headers
from .pages import bp as pages_bp
from .pages import html_error, wants_html
from .rest.document import configure_document
from .rest.schemas import ErrorSchema
from .rest.views import blueprints, plain_blueprints
from .store.migrations import migrate, open_db

__all__ = ["create_app", "MAX_CONTENT_LENGTH"]

log = logging.getLogger(__name__)

MAX_CONTENT_LENGTH = 2 * 1024 * 1024
"""Largest accepted request body (bytes): a long rubber in full detail is well under 200 KB."""


class JsonErrorApi(Api):  # type: ignore[misc]
    """flask-smorest Api answering every HTTP error in the one error shape, keeping ``Allow``."""

    ERROR_SCHEMA = ErrorSchema

    def _register_pagination_header(self) -> None:
        """Listings answer {items, page, per_page, total, pages} (PageSchema): no X-Pagination
        header is sent, so none is documented."""

    def handle_http_exception(self, error: HTTPException) -> Response:
        status = error.code or 500
        if status >= 500:
            cause = getattr(error, "original_exception", None)
            if cause is not None:
                log.error("unhandled error", exc_info=cause)
            if wants_html():
                return html_error(500, "the server failed; this is a bug")
            return error_response(500, "internal-error", "the server failed; this is a bug")
        headers = {k: v for k, v in error.get_headers() if k.lower() == "allow"}
        if wants_html():  # the pages answer errors as HTML pages (api/pages/errors.py)
            text = error.description or error.name
            if status == 413:
                text = f"request body larger than {current_app.config['MAX_CONTENT_LENGTH']} bytes"
            return html_error(status, str(text), headers)
        data = getattr(error, "data", None) or {}
        problems = problems_of(data.get("messages", data.get("errors", {})))
        message = data.get("message") or error.description or error.name
        if status == 413:
            message = f"request body larger than {current_app.config['MAX_CONTENT_LENGTH']} bytes"
        code = CODES.get(status, error.name.lower().replace(" ", "-"))
        return error_response(status, code, str(message), problems, headers)


_UNAVAILABLE = (("readonly", "read-only-store", "the store is read-only: nothing can be written "
                 "now (its file or folder is not writable); reads still work"),
                ("locked", "store-busy", "the store is busy with another writer; try again"),
                ("disk", "store-unavailable", "the store cannot be written (disk full or failing)"),
                ("unable to open", "store-unavailable", "the store's file cannot be opened"))


def store_unavailable(exc: sqlite3.OperationalError) -> Response:
    """503 for a store that cannot be written now (read-only, locked, disk full); any other
    database failure is a bug (500). Nothing is half-written: each write is one transaction."""
    text = str(exc).lower()
    for marker, code, message in _UNAVAILABLE:
        if marker in text:
            return error_response(503, code, message, headers={"Retry-After": "5"})
    log.error("database failure", exc_info=exc)
    return error_response(500, "internal-error", "the server failed; this is a bug")


def _claim_budget(wsgi_app: Any, gate: ClaimGate) -> Any:
    """Every request, whatever its view (API, pages, events), searches claims within one budget
    (claims.DEFAULT_REQUEST_BUDGET, about a second of CPU); past it the view's replay raises
    SearchBudgetExceeded, a RecordError answered 422 ``too-costly``. Past a small allowance its
    search also needs one of the process's slots (api/cpu_gate.py), or it is answered 503
    ``busy``: so concurrent requests together take a bounded share of the CPU."""
    from euchre_records.claims import search_budget

    def budgeted(environ: Any, start_response: Any) -> Any:
        pacer = environ["euchre.pacer"] = gate.pacer()  # a large body takes a slot: _large_body
        try:
            with search_budget(pace=pacer):
                return wsgi_app(environ, start_response)
        finally:
            pacer.release()
    return budgeted


def _large_body() -> None:
    """Before any view: a large body makes the request costly (api/cpu_gate.py), so it waits for
    a slot or is answered 503 ``busy`` before a byte of it is read."""
    pacer = request.environ.get("euchre.pacer")
    if pacer is not None and request.method not in ("GET", "HEAD", "OPTIONS"):
        pacer.body(request.content_length)


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """The API application. ``config`` overrides defaults; ``DATABASE`` is the SQLite file."""
    app = Flask(__name__)
    app.config.update(
        DATABASE=os.environ.get("EUCHRE_DB", "euchre-records.db"),
        MAX_CONTENT_LENGTH=MAX_CONTENT_LENGTH,
        API_TITLE="euchre-records",
        API_VERSION="1.0",
        OPENAPI_VERSION="3.1.0",
        OPENAPI_URL_PREFIX="/",
        OPENAPI_JSON_PATH="openapi.json",
        API_SPEC_OPTIONS={"info": {"description": (
            "Validate, replay, store and query Euchre records. Every error is "
            '{"error": {"status", "code", "message", "problems": [{"where", "what"}]}}. '
            "Operations, schemas and headers: docs/API.md.")}},
    )
    if config:
        app.config.update(config)
    db = open_db(app.config["DATABASE"])
    try:
        migrate(db)
    finally:
        db.close()
    app.teardown_appcontext(close_db)
    app.after_request(add_security_headers)  # every answer, errors too (api/headers.py)
    app.before_request(_large_body)
    init_auth(app)  # secret key, sessions, the actor of each request, CSRF (docs/AUTH.md)

    @app.errorhandler(ApiError)
    def _api_error(exc: ApiError) -> Response:
        if wants_html():
            return html_error(exc.status, exc.message)
        return error_response(exc.status, exc.code, exc.message, exc.problems, **exc.extra)

    @app.errorhandler(ServerBusy)
    def _busy(exc: ServerBusy) -> Response:
        retry = {"Retry-After": str(exc.retry_after)}
        if wants_html():
            return html_error(503, str(exc), retry)
        return error_response(503, "busy", str(exc), headers=retry)

    @app.errorhandler(sqlite3.OperationalError)
    def _store_unavailable(exc: sqlite3.OperationalError) -> Response:
        resp = store_unavailable(exc)
        if wants_html():  # the same answer as an HTML page on the pages' routes
            body = json.loads(resp.get_data(as_text=True))["error"]
            retry = {"Retry-After": resp.headers["Retry-After"]} if "Retry-After" in resp.headers \
                else None
            return html_error(resp.status_code, body["message"], retry)
        return resp

    api = JsonErrorApi(app)
    configure_document(api)  # operation ids, the bearer scheme, the notation's components
    app.extensions["claim_gate"] = gate = app.config.get("CLAIM_GATE") or ClaimGate()
    app.wsgi_app = _claim_budget(app.wsgi_app, gate)  # type: ignore[method-assign]
    for blp in blueprints():
        api.register_blueprint(blp)
    for plain in plain_blueprints():  # old URLs answering with a redirect: not in the document
        app.register_blueprint(plain)
    app.register_blueprint(pages_bp)  # the HTML pages: not on the Api, so not in /openapi.json
    return app
