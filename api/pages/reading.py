"""The reading pages: home, rubber, record (card by card), players, events.

Each view reads through ``api/store`` functions (queries, drafts, events) and renders one
template; none holds SQL, none replays a record (stored result JSON is what they show).
"""

from __future__ import annotations

import json
from typing import Any

from flask import Response, abort, render_template, request

from ..auth import public
from ..db import get_db
from ..store import drafts, queries
from ..store.players import player_names
from ..store.store import MAX_ID
from .blueprint import actor, bp
from .chart import chart
from .saving import may_attach, may_attach_record, writable_events
from .sheet import build_sheet
from .tricks import card_deals

__all__: list[str] = []

_ID = f"int(max={MAX_ID})"


def _events_module() -> Any:
    """api/store/events (the events engineer's), or None while it is not installed."""
    try:
        from ..store import events
    except ImportError:
        return None
    return events


@bp.route("/")
def home() -> str:
    db = get_db()
    rubbers, total = queries.list_rubbers(db, per_page=10)
    me = actor()
    open_drafts = drafts.list_drafts(db, me.club_id) if me is not None else []
    set_aside = drafts.list_drafts(db, me.club_id, limit=10, status="abandoned") if me else []
    events_mod = _events_module()
    events: list[dict[str, Any]] = []
    if events_mod is not None:
        events, _ = events_mod.list_events(db, per_page=10)
    from .record_page import recent_table_records
    return render_template("home.html", rubbers=rubbers, total=total, drafts=open_drafts,
                           set_aside=set_aside, events=events,
                           events_known=events_mod is not None,
                           table_records=recent_table_records(db))


@bp.route("/web/players")
def players() -> str:
    q = " ".join(request.args.get("q", "").split())[:100]
    names = queries.player_names(get_db(), q or None)
    return render_template("players.html", q=q, names=names)


@bp.route("/web/players/<path:name>")
def player(name: str) -> str:
    db = get_db()
    stats = queries.player_statistics(db, name)
    if stats is None:
        abort(404, description=f"no player named {name!r}")
    rubbers, total = queries.list_rubbers(db, player=name, per_page=20)
    from .analysis_view import player_accuracy_view
    from .record_page import recent_table_records
    return render_template("player.html", name=name, stats=stats, rubbers=rubbers, total=total,
                           table_records=recent_table_records(db, player=name),
                           registry=_registry_entry(db, name), accuracy=player_accuracy_view(db, name))


def _registry_entry(db: Any, name: str) -> dict[str, Any] | None:
    """The player registry's entry of this name (aliases, ids, win rate, partnerships), when
    the registry (api/store/players) is installed and knows the name."""
    try:
        from ..store import players as registry
    except ImportError:
        return None
    items, _ = registry.search_players(db, name, per_page=50)
    found = next((p for p in items if p["name"] == name), None)
    return None if found is None else registry.get_player(db, found["id"])


def _rubber_context(rubber_id: int) -> dict[str, Any]:
    db = get_db()
    rubber = queries.get_rubber(db, rubber_id)
    if rubber is None:
        abort(404, description=f"no rubber {rubber_id}")
    record_id = rubber["record_id"]
    meta = queries.get_record_meta(db, record_id)
    result = json.loads(queries.get_result(db, record_id) or "{}")
    running = [row[1:] for row in queries.deal_scores(db, record_id)]
    sheet = build_sheet(result, running, rubber["players"])
    me = actor()
    return {"rubber": rubber, "meta": meta, "sheet": sheet, "chart": chart(sheet),
            "has_cards": any(d["kind"] not in ("result", "points") for d in result["deals"]),
            "events": writable_events(db, me) if me is not None else [],
            "may_attach_record": me is not None and may_attach_record(db, me, record_id)}


@bp.route(f"/web/rubbers/<{_ID}:rubber_id>")
def rubber(rubber_id: int) -> str:
    return render_template("rubber.html", **_rubber_context(rubber_id))


@bp.route(f"/web/records/<{_ID}:record_id>")
def record(record_id: int) -> str:
    db = get_db()
    meta = queries.get_record_meta(db, record_id)
    if meta is None:
        abort(404, description=f"no record {record_id}")
    canonical = json.loads(queries.get_canonical(db, record_id) or "{}")
    from .analysis_view import record_analysis_view
    analysis = record_analysis_view(db, record_id, request.args.get("analysis") == "1")
    if (canonical.get("rules") or {}).get("seats", 4) != 4:   # a table of two, three or five
        from .record_page import table_record_context
        return render_template("record.html", meta=meta, analysis=analysis,
                               has_cards=any(d.get("kind") not in ("result", "points")
                                             for d in canonical.get("deals", [])),
                               **table_record_context(db, record_id, canonical))
    result = json.loads(queries.get_result(db, record_id) or "{}")
    return render_template("record.html", meta=meta, deals=card_deals(canonical, result),
                           rubber_id=queries.rubber_of_record(db, record_id), analysis=analysis,
                           has_cards=any(d.get("kind") not in ("result", "points") for d in canonical.get("deals", [])))


@bp.route("/web/events")
def events() -> str:
    mod = _events_module()
    if mod is None:
        abort(404, description="events are not available on this server")
    items, total = mod.list_events(get_db(), per_page=100)
    return render_template("events.html", events=items, total=total)


@bp.route(f"/web/events/<{_ID}:event_id>")
def event(event_id: int) -> str:
    mod = _events_module()
    if mod is None:
        abort(404, description="events are not available on this server")
    db = get_db()
    found = mod.get_event(db, event_id)
    if found is None:
        abort(404, description=f"no event {event_id}")
    director = may_attach(actor(), queries.event_owner(db, event_id)[1])
    playing = mod.tables_playing(db, event_id) if director and not found.get("closed_at") else []
    return render_template("event.html", event=found, standings=mod.standings(db, event_id),
                           playing=playing)


@bp.route(f"/web/events/<{_ID}:event_id>/rounds/<int(min=1,max=999):number>")
def event_round(event_id: int, number: int) -> str:
    mod = _events_module()
    if mod is None:
        abort(404, description="events are not available on this server")
    db = get_db()
    found = mod.get_event(db, event_id)
    # the link states are the director's: shown to the event's club (or an admin) only
    director = found is not None and may_attach(actor(), queries.event_owner(db, event_id)[1])
    detail = mod.round_view(db, event_id, number, links=director) if found else None
    if found is None or detail is None:
        abort(404, description=f"no event {event_id}")
    rubbers = {s["record_id"]: queries.rubber_of_record(db, s["record_id"])
               for s in detail["sittings"]}
    ties = []
    if director and detail.get("next_seating") is None and detail.get("next_seating_why"):
        ties = mod.round_ties(db, event_id, number)
        names = {int(k): str(v) for k, v in player_names(
            db.conn, [p for t in ties for p in t["seats"].values()]).items()}
        for t in ties:   # the names of each pair, for the director's choice
            t["pairs"] = {"NS": f"{names.get(t['seats']['N'])} & {names.get(t['seats']['S'])}",
                          "EW": f"{names.get(t['seats']['E'])} & {names.get(t['seats']['W'])}"}
    settled = mod.ties_settled(db, event_id, number)
    return render_template("round.html", event=found, detail=detail, rubbers=rubbers,
                           director=director, ties=ties, settled=settled)


@bp.route("/favicon.ico")
@public
def favicon() -> Response:
    """No icon: an empty answer (browsers ask for one on every page, the JSON ones too)."""
    resp = Response(status=204)
    resp.headers["Cache-Control"] = "public, max-age=86400"
    return resp
