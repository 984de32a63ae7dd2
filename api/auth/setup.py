"""Wiring authentication into the app: configuration, the secret key, the before-request
loader, the error handler and the ``csrf_token`` Jinja global.

Configuration (``create_app`` config, else the environment):
- ``SECRET_KEY``: signs session cookies. From the config (``euchre serve --secret``), else
  ``$EUCHRE_SECRET``, else a random key made once and kept in its own file beside the store,
  ``<store>.secret``, mode 0600 (secret_file.py), so sessions survive restarts — never in a
  table of the store, which every reader of the file sees. Never a fixed default; a given key
  must have 16+ characters.
- ``PRIVATE``: reads need a token too (``euchre serve --private``, ``$EUCHRE_PRIVATE=1``).
- ``SESSION_HOURS``: lifetime of a browser session (default 12).
- ``SESSION_COOKIE_SECURE``: send the session cookie over HTTPS only; also ``$EUCHRE_SECURE_COOKIES=1``.
"""

from __future__ import annotations

import logging
import os
import secrets
from datetime import timedelta

from flask import Flask

from .csrf import csrf_token
from .errors import AuthError, auth_error_response
from .guard import load_actor
from .secret_file import read_or_make, secret_path

__all__ = ["init_auth", "MIN_SECRET_LENGTH"]

log = logging.getLogger(__name__)

MIN_SECRET_LENGTH = 16


def _truthy(value: object) -> bool:
    return str(value).strip().lower() in ("1", "true", "yes", "on")


def init_auth(app: Flask) -> None:
    """Configure sessions and register the loader, the error handler and ``csrf_token``.
    Call after the database is migrated. ValueError for a secret that is too short."""
    config = app.config
    if "PRIVATE" not in config:
        config["PRIVATE"] = _truthy(os.environ.get("EUCHRE_PRIVATE", ""))
    config.setdefault("SESSION_HOURS", 12)
    config["PERMANENT_SESSION_LIFETIME"] = timedelta(hours=float(config["SESSION_HOURS"]))
    if config.get("SESSION_COOKIE_NAME") in (None, "session"):
        config["SESSION_COOKIE_NAME"] = "euchre_session"
    config["SESSION_COOKIE_HTTPONLY"] = True
    if _truthy(os.environ.get("EUCHRE_SECURE_COOKIES", "")):  # served over HTTPS (a proxy)
        config["SESSION_COOKIE_SECURE"] = True
    if not config.get("SESSION_COOKIE_SAMESITE"):
        config["SESSION_COOKIE_SAMESITE"] = "Lax"
    config["SECRET_KEY"] = _secret_key(app)
    app.before_request(load_actor)
    app.register_error_handler(AuthError, auth_error_response)
    app.jinja_env.globals["csrf_token"] = csrf_token


def _secret_key(app: Flask) -> str | bytes:
    given = app.config.get("SECRET_KEY") or os.environ.get("EUCHRE_SECRET")
    if given:
        if len(given) < MIN_SECRET_LENGTH:
            raise ValueError(f"the secret key must have at least {MIN_SECRET_LENGTH} characters")
        return given if isinstance(given, (str, bytes)) else str(given)
    path = secret_path(app.config["DATABASE"])
    stored = None if path is None else read_or_make(path, MIN_SECRET_LENGTH)
    if stored is None:  # an in-memory store, a read-only folder: this process only
        log.warning("no session secret file beside the store: using one for this process only "
                    "(sessions end when it stops); set $EUCHRE_SECRET to keep them")
        return secrets.token_hex(32)
    return stored
