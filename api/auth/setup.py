"""Wiring authentication into the app: configuration, the secret key, the before-request
loader, the error handler and the ``csrf_token`` Jinja global.

Configuration (``create_app`` config, else the environment):
- ``SECRET_KEY``: signs session cookies. From the config (``euchre serve --secret``), else
  ``$EUCHRE_SECRET``, else a random key made once and kept in the database's ``settings`` table
  so sessions survive restarts. Never a fixed default; a given key must have 16+ characters.
- ``PRIVATE``: reads need a token too (``euchre serve --private``, ``$EUCHRE_PRIVATE=1``).
- ``SESSION_HOURS``: lifetime of a browser session (default 12).
- ``SESSION_COOKIE_SECURE``: send the session cookie over HTTPS only; also ``$EUCHRE_SECURE_COOKIES=1``.
"""

from __future__ import annotations

import logging
import os
import secrets
import sqlite3
from datetime import timedelta

from flask import Flask

from ..store import tokens
from ..store.migrations import open_db
from .csrf import csrf_token
from .errors import AuthError, auth_error_response
from .guard import load_actor

__all__ = ["init_auth", "MIN_SECRET_LENGTH"]

log = logging.getLogger(__name__)

MIN_SECRET_LENGTH = 16
_SECRET_SETTING = "session_secret"


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
    db = open_db(app.config["DATABASE"])
    try:
        stored = tokens.setting(db, _SECRET_SETTING)
        if stored is None:
            stored = tokens.set_setting_once(db, _SECRET_SETTING, secrets.token_hex(32))
        return stored
    except sqlite3.Error as exc:  # a read-only database: sessions last as long as this process
        log.warning("cannot keep a session secret in the database (%s): using one for this "
                    "process only", exc)
        return secrets.token_hex(32)
    finally:
        db.close()
