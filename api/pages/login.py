"""Signing a browser in with a club's token, and out again (on api/auth's sign_in/sign_out).

Contracts: ``GET /login`` shows the form; ``GET /login?token=...`` (the sign-in URL that
``euchre serve`` prints on the first start) shows the same form with the token filled in, so the
browser signs in only by a POST from this site (a link from elsewhere cannot sign anyone into
another club). ``POST /login`` verifies the token; a bad one is a 401 page saying so. ``next`` is
followed only when a browser would stay on this site with it (read as browsers parse URLs,
safe_next.py). ``POST /logout`` ends the session; ``GET /logout``
shows the button.
"""

from __future__ import annotations

from typing import Any

from flask import flash, redirect, render_template, request, url_for

from ..auth import public, sign_in, sign_out
from .blueprint import actor, bp
from .safe_next import local_path

__all__: list[str] = []

MAX_TOKEN = 512


def _safe_next(target: str | None) -> str:
    """``next`` as a browser would follow it when that stays on this site (safe_next.py), else
    the home page."""
    return local_path(target) or url_for("pages.home")


@bp.route("/login", methods=["GET"])
@public
def login() -> Any:
    return render_template("login.html", token=request.args.get("token", "")[:MAX_TOKEN],
                           next=_safe_next(request.args.get("next")), error=None)


@bp.route("/login", methods=["POST"])
@public
def login_post() -> Any:
    token = (request.form.get("token") or "").strip()
    target = _safe_next(request.form.get("next"))
    found = sign_in(token) if token and len(token) <= MAX_TOKEN else None
    if found is None:
        error = ("Type or paste your club's token." if not token else
                 "That token is not valid: unknown, revoked, expired or mistyped.")
        return render_template("login.html", token="", next=target, error=error), \
            400 if not token else 401
    flash(f"Signed in as {found.club}.", "ok")
    return redirect(target, 303)


@bp.route("/logout", methods=["GET"])
@public
def logout() -> Any:
    return render_template("logout.html")


@bp.route("/logout", methods=["POST"])
@public
def logout_post() -> Any:
    was = actor()
    sign_out()
    if was is not None:
        flash("Signed out.", "ok")
    return redirect(url_for("pages.home"), 303)
