"""The pages blueprint and what every page template shares.

URLs: the home page is ``/``; every other page lives under ``/web/`` (``/web/rubbers/3`` is the
page of the rubber whose JSON is ``/rubbers/3``), and signing in is ``/login``/``/logout``.
Static files are ``/web/static/NAME?v=HASH``: the hash of the file's bytes, so they are served
with a year's ``Cache-Control: immutable`` and a new file gets a new URL.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, g, request, url_for

from euchre_records.words import counted, override_words

__all__ = ["bp", "PAGE_PREFIXES", "is_page_path", "actor"]

bp = Blueprint("pages", __name__, template_folder="templates", static_folder="static",
               static_url_path="/web/static")

bp.add_app_template_global(counted, "counted")   # "1 deal", "2 deals": one wording with the CLI
bp.add_app_template_global(override_words, "override_words")

PAGE_PREFIXES = ("/web/", "/login", "/logout")
"""Paths that belong to the pages (with ``/`` itself): their errors are HTML."""

STATIC_DIR = Path(__file__).parent / "static"
STATIC_MAX_AGE = 365 * 24 * 3600


def is_page_path(path: str) -> bool:
    return path == "/" or path.startswith(PAGE_PREFIXES)


def actor() -> Any:
    """The signed-in club (``g.actor`` set by api/auth), or None."""
    return g.get("actor")


@lru_cache(maxsize=64)
def _digest(name: str) -> str:
    return hashlib.sha256((STATIC_DIR / name).read_bytes()).hexdigest()[:12]


def static_url(name: str) -> str:
    """The cache-busting URL of a static file."""
    return url_for("pages.static", filename=name, v=_digest(name))


@bp.app_template_global("static_url")
def _static_url_global(name: str) -> str:
    return static_url(name)


@bp.app_template_global("current_actor")
def _actor_global() -> Any:
    return actor()


@bp.app_template_global("current_table")
def _table_global() -> Any:
    """The table link this browser holds (api/auth/table.py): the live link its grant holds, or
    None."""
    grant = g.get("table")
    return None if grant is None else grant.link


@bp.after_request
def _cache_headers(resp: Response) -> Response:
    if request.endpoint == "pages.static":
        if request.args.get("v"):
            resp.headers["Cache-Control"] = f"public, max-age={STATIC_MAX_AGE}, immutable"
        else:
            resp.headers["Cache-Control"] = "public, max-age=3600"
    elif resp.mimetype == "text/html":
        resp.headers.setdefault("Cache-Control",
                                "no-store" if actor() or g.get("table") else "no-cache")
    return resp  # the security headers: api/headers.py, on every answer of the app
