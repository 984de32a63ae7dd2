"""The live board of an event (``/web/events/{id}/board``): big type for a projector, refreshing
itself.

The page is server-rendered; its live part (standings, the round's tables, the last results) is
also served alone (``?part=live``) with an ETag, the board's change counter
(:func:`~..store.event_board.board_version`). board.js asks for it every few seconds with
``If-None-Match`` and gets 304 until something changes; a 304 is answered from the counter
alone, without computing the standings; without JavaScript a ``<meta refresh>`` reloads the page. No view here writes anything.
"""

from __future__ import annotations

from typing import Any

from flask import Response, abort, make_response, render_template, request

from ..db import get_db
from ..store.event_board import board as event_board
from ..store.event_board import board_version
from ..store.event_rows import EventError, tournament_row
from ..store.store import MAX_ID
from .blueprint import bp

__all__ = ["REFRESH_SECONDS", "POLL_SECONDS"]

POLL_SECONDS = 5
"""How often board.js asks whether the board changed."""
REFRESH_SECONDS = 30
"""How often the page reloads itself without JavaScript."""


def _fresh(version: str) -> bool:
    return request.if_none_match.contains(version)


@bp.route(f"/web/events/<int(max={MAX_ID}):event_id>/board")
def event_board_page(event_id: int) -> Any:
    db = get_db()
    try:
        tournament_row(db.conn, event_id)
    except EventError:
        abort(404, description=f"no event {event_id}")
    version = board_version(db, event_id)
    if _fresh(version):
        resp = Response(status=304)
    else:
        found = event_board(db, event_id)
        if found is None:   # pragma: no cover - the row was just read
            abort(404, description=f"no event {event_id}")
        version = found["version"]
        template = "_board_live.html" if request.args.get("part") == "live" else "board.html"
        resp = make_response(render_template(template, board=found, poll=POLL_SECONDS,
                                             refresh=REFRESH_SECONDS))
    resp.set_etag(version)
    resp.headers["Cache-Control"] = "no-cache"
    return resp
