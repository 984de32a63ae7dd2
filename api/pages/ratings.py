"""The ratings on the web pages (docs/RATINGS.md): the ladder page ``/web/ratings``, and what the
player and event pages show of the ratings, through two template globals so that those pages'
views stay as they are (templates/_rating.html, templates/_event_ratings.html).

Like every reading view, these read through ``api/store`` (ratings.py) and hold no SQL.
"""

from __future__ import annotations

import re
from typing import Any

from flask import render_template, request

from euchre_records.events.ratings import FOUR_HANDED, plain_words

from ..db import get_db
from ..store import ratings as store_ratings
from .blueprint import bp
from .rating_chart import rating_chart
from .seats import VARIANT_NAMES

__all__: list[str] = []

_DATE = re.compile(r"^\d{4}(-\d{2}(-\d{2})?)?$")
LADDER_ROWS = 500
"""The ladder page shows at most this many entrants (the API pages through all)."""


@bp.route("/web/ratings")
def ratings() -> str:
    kind = request.args.get("kind", "players")
    if kind not in store_ratings.KINDS:
        kind = "players"
    variant = request.args.get("variant", FOUR_HANDED)
    if variant not in VARIANT_NAMES:
        variant = FOUR_HANDED
    if variant != FOUR_HANDED:   # a table of 2, 3 or 5 has no fixed partnerships
        kind = "players"
    club = " ".join(request.args.get("club", "").split())[:200] or None
    problems: list[str] = []
    dates: dict[str, str | None] = {}
    for field, label in (("from", "From"), ("to", "To")):
        value = request.args.get(field, "").strip()[:10]
        if value and not _DATE.match(value):
            problems.append(f"{label}: write a date as YYYY, YYYY-MM or YYYY-MM-DD, not "
                            f"“{value}”; it is not applied.")
            value = ""
        dates[field] = value or None
    db = get_db()
    rows = store_ratings.ladder(db, kind=kind, variant=variant, club=club,
                                date_from=dates["from"], date_to=dates["to"])
    unrated = store_ratings.unrated(db, club, dates["from"], dates["to"])
    return render_template("ratings.html", kind=kind, variant=variant,
                           variants=list(VARIANT_NAMES), club=club or "",
                           date_from=dates["from"] or "",
                           date_to=dates["to"] or "", rows=rows[:LADDER_ROWS], total=len(rows),
                           unrated=len(unrated), problems=problems)


@bp.app_template_global("rating_words")
def rating_words() -> tuple[str, ...]:
    """What a rating, μ and σ mean, in plain words (events/ratings.py ``plain_words``)."""
    return plain_words()


@bp.app_template_global("player_rating")
def player_rating(player_id: int | None) -> list[dict[str, Any]]:
    """A registry player's ratings (one per variant) with each one's chart and latest matches,
    for the player page; empty without a rated match."""
    if player_id is None:
        return []
    out = []
    for r in store_ratings.player_ratings(get_db(), int(player_id)):
        out.append({**r, "chart": rating_chart(r["history"]),
                    "recent": list(reversed(r["history"][-10:]))})
    return out


@bp.app_template_global("event_rating_changes")
def event_rating_changes(event_id: int) -> list[dict[str, Any]]:
    """How an event moved its players' ratings, for the event page."""
    return store_ratings.event_changes(get_db(), int(event_id))
