"""The JSON API of tournaments ("events" in URLs) and of the player registry (docs/EVENTS.md).

Reads are open (unless the server is private); writes need a club's token (``require_writer``)
and, for an existing event, that the token's club owns it (or is an admin). Views are thin:
they parse the request, call api/store/events.py or players.py, and shape JSON.
"""

from __future__ import annotations

import json
import math
from typing import Any

from flask import Response, request, url_for
from flask_smorest import Blueprint
from marshmallow import Schema, ValidationError

from euchre_records.schema.numbers import whole_number

from ..auth import Forbidden, current_actor, may_modify, require_writer
from ..db import get_db
from ..errors import ApiError, problems_of
from ..store import events as store_events
from ..store import players as store_players
from ..store.store import MAX_ID, UnknownRecord, record_owner, write_transaction
from .document import CHALLENGE, LOCATION
from .event_schemas import (
    CreatedSchema, DrawnSchema, DrawSchema, EventCreateSchema, EventListArgs, EventPageSchema, EventSchema, MergeSchema,
    NameSchema, PlayerArgs, PlayerPageSchema, PlayerSchema, PlayerSearchArgs, RoundSchema,
    SeatingSchema, SittingSchema, StandingsSchema,
)
from .schemas import ErrorSchema
from .trust_schemas import SECURITY

__all__ = ["events_blp", "registry_blp"]

events_blp = Blueprint("events", __name__, description="Tournaments: club nights, progressive "
                       "evenings, pairs events, league seasons; their rounds and standings")
registry_blp = Blueprint("registry", __name__, description="The player registry: stable ids, "
                         "names, aliases, merges; statistics and partnerships")

_ID = f"int(max={MAX_ID})"


def _body(schema: type[Schema], description: str) -> dict[str, Any]:
    """A request body documented by the schema the view loads it with."""
    return {"required": True, "description": f"{description} (docs/EVENTS.md)",
            "content": {"application/json": {"schema": schema}}}


def _errors(blp: Blueprint, *statuses: int) -> Any:
    def wrap(view: Any) -> Any:
        for status in sorted({*statuses, 401}):
            view = blp.alt_response(status, schema=ErrorSchema, headers=(
                CHALLENGE if status == 401 else None))(view)
        return view
    return wrap


def _dump(value: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(json.dumps(value, ensure_ascii=False), status=status,
                    mimetype="application/json", headers=headers)


def _page(items: list[dict[str, Any]], total: int, args: dict[str, Any]) -> dict[str, Any]:
    per = args["per_page"]
    return {"items": items, "page": args["page"], "per_page": per, "total": total,
            "pages": math.ceil(total / per) if total else 0}


def _json_body() -> dict[str, Any]:
    mimetype = request.mimetype
    if mimetype != "application/json" and not mimetype.endswith("+json"):
        raise ApiError(415, "unsupported-media-type",
                       f"send JSON (application/json), not {mimetype or 'no content type'}")
    raw = request.get_data(cache=False)
    try:
        # a whole-number float (4.0) is the integer JSON Schema says it is (schema/numbers.py)
        data = json.loads(raw.decode("utf-8-sig"), parse_float=whole_number)
    except UnicodeDecodeError as exc:
        raise ApiError(400, "bad-encoding", f"the body is not UTF-8: {exc.reason}") from None
    except (ValueError, RecursionError) as exc:
        raise ApiError(400, "malformed-json", f"the body is not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise ApiError(422, "invalid-request", "the body must be a JSON object",
                       [{"where": "", "what": "expected an object"}])
    return data


def _load(schema: Schema, body: dict[str, Any],
          message: str = "the request is not valid") -> dict[str, Any]:
    """The body loaded by the schema that documents it; 422 ``invalid-request`` locating
    every problem (an unknown key included)."""
    try:
        return dict(schema.load(body))
    except ValidationError as exc:
        raise ApiError(422, "invalid-request", message, problems_of(exc.messages)) from None


def _refused(exc: store_events.EventError) -> ApiError:
    code = {404: "not-found", 409: "conflict"}.get(exc.status, "invalid-request")
    return ApiError(exc.status, code, exc.what, [{"where": exc.where, "what": exc.what}])


def _by() -> str | None:
    actor = current_actor()
    return None if actor is None else f"{actor.club} (token {actor.token_id})"


def _attachable(record_id: int) -> None:
    """403 unless the token's club owns the record (an admin: any record). A sitting makes a
    record count in standings: the record's own club vouches for it, as it alone corrects it;
    an unknown record is left to the store (422 unknown-record)."""
    try:
        owner = record_owner(get_db(), record_id)
    except UnknownRecord:
        return
    if not may_modify(current_actor(), owner):
        whose = "a local import (admin tokens only)" if owner is None else "another club"
        raise Forbidden(f"record {record_id} belongs to {whose}; a club attaches its own "
                        "records to its events (an admin token may attach any)")


def _owned(event_id: int) -> None:
    """404 for an unknown event; 403 unless the token's club owns it (or is an admin)."""
    row = get_db().conn.execute("SELECT club_id FROM tournaments WHERE id = ?",
                                (event_id,)).fetchone()
    if row is None:
        raise ApiError(404, "not-found", f"no event {event_id}")
    if not may_modify(current_actor(), row[0]):
        raise Forbidden(f"event {event_id} belongs to another club; only its club or an "
                        "admin may change it")


# --- reading --------------------------------------------------------------------------------

@events_blp.route("/events", methods=["GET"])
@events_blp.arguments(EventListArgs, location="query")
@events_blp.alt_response(200, schema=EventPageSchema, success=True,
                         description="one page of events, newest first")
@_errors(events_blp, 422)
def list_events(args: dict[str, Any]) -> Response:
    items, total = store_events.list_events(get_db(), club=args.get("club"), page=args["page"],
                                            per_page=args["per_page"],
                                            club_label=args.get("club_label"))
    return _dump(_page(items, total, args))


@events_blp.route(f"/events/<{_ID}:event_id>", methods=["GET"])
@events_blp.alt_response(200, schema=EventSchema, success=True,
                         description="the event: settings, players, rounds, findings")
@_errors(events_blp, 404)
def get_event(event_id: int) -> Response:
    found = store_events.get_event(get_db(), event_id)
    if found is None:
        raise ApiError(404, "not-found", f"no event {event_id}")
    return _dump(found)


@events_blp.route(f"/events/<{_ID}:event_id>/standings", methods=["GET"])
@events_blp.doc(operationId="getEventStandings")
@events_blp.alt_response(200, schema=StandingsSchema, success=True,
                         description="standings with every tie-break explained, and findings")
@_errors(events_blp, 404)
def get_standings(event_id: int) -> Response:
    found = store_events.standings(get_db(), event_id)
    if found is None:
        raise ApiError(404, "not-found", f"no event {event_id}")
    return _dump(found)


@events_blp.route(f"/events/<{_ID}:event_id>/rounds/<int(min=1, max=10000):number>",
                  methods=["GET"])
@events_blp.doc(operationId="getEventRound")
@events_blp.alt_response(200, schema=RoundSchema, success=True,
                         description="the round's seating, every table's status (not started, in progress "
                                     "from its draft, finished), sittings, findings (and movement)")
@_errors(events_blp, 404)
def get_round(event_id: int, number: int) -> Response:
    found = store_events.round_view(get_db(), event_id, number)
    if found is None:
        raise ApiError(404, "not-found", f"no event {event_id}")
    return _dump(found)


# --- writing --------------------------------------------------------------------------------

@events_blp.route("/events", methods=["POST"])
@require_writer
@events_blp.doc(requestBody=_body(EventCreateSchema, "the event"),
                summary="Create an event", security=SECURITY)
@events_blp.alt_response(201, schema=CreatedSchema, success=True, description="created",
                         headers=LOCATION)
@_errors(events_blp, 400, 403, 404, 413, 415, 422)
def create_event() -> Response:
    spec = _load(EventCreateSchema(), _json_body())
    actor = current_actor()
    if actor is not None and spec.get("club") is None:
        spec["club"] = actor.club  # an event is its token's club's unless it says otherwise
    league = spec.get("league")
    if isinstance(league, int) and not isinstance(league, bool) and 1 <= league <= MAX_ID:
        _owned(league)  # out of range (no SQLite integer): the store's check refuses it, 422
    try:
        event_id = store_events.create_event(get_db(), spec, created_by=_by(),
                                             club_id=None if actor is None else actor.club_id)
    except store_events.EventError as exc:
        raise _refused(exc) from None
    location = url_for("events.get_event", event_id=event_id)
    return _dump({"id": event_id, "links": {"event": location}}, 201, {"Location": location})


@events_blp.route(f"/events/<{_ID}:event_id>/rounds/<int(min=1, max=10000):number>/seating",
                  methods=["POST"])
@require_writer
@events_blp.doc(requestBody=_body(SeatingSchema, "the seating by table; a player is a "
                                  "registry id or a name"),
                summary="Record a round's seating (a new version of the round's seating)",
                security=SECURITY, operationId="addRoundSeating")
@events_blp.alt_response(201, schema=CreatedSchema, success=True, description="recorded",
                         headers=LOCATION)
@_errors(events_blp, 400, 403, 404, 413, 415, 422)
def add_seating(event_id: int, number: int) -> Response:
    body = _json_body()
    _owned(event_id)
    tables = _load(SeatingSchema(), body)["tables"]
    try:
        version = store_events.add_seating(get_db(), event_id, number, tables,
                                           created_by=_by())
    except store_events.EventError as exc:
        raise _refused(exc) from None
    location = url_for("events.get_round", event_id=event_id, number=number)
    return _dump({"id": version, "links": {"round": location}}, 201, {"Location": location})


@events_blp.route(f"/events/<{_ID}:event_id>/rounds/<int(min=1, max=10000):number>/draw",
                  methods=["POST"])
@require_writer
@events_blp.doc(requestBody=_body(DrawSchema, "the seed of the draw (optional)"),
                summary="Seat a round by a seeded draw of the event's players (a new version of "
                        "the round's seating; the seed is recorded)",
                security=SECURITY, operationId="drawRoundSeating")
@events_blp.alt_response(201, schema=DrawnSchema, success=True, description="drawn",
                         headers=LOCATION)
@_errors(events_blp, 400, 403, 404, 413, 415, 422)
def draw_seating(event_id: int, number: int) -> Response:
    body = _json_body()
    _owned(event_id)
    seed = _load(DrawSchema(), body).get("seed")
    try:
        version, seed = store_events.draw_seating(get_db(), event_id, number, seed=seed,
                                                  created_by=_by())
    except store_events.EventError as exc:
        raise _refused(exc) from None
    location = url_for("events.get_round", event_id=event_id, number=number)
    return _dump({"id": version, "seed": seed, "links": {"round": location}}, 201,
                 {"Location": location})


@events_blp.route(f"/events/<{_ID}:event_id>/close", methods=["POST"])
@require_writer
@events_blp.doc(summary="Close the event: no more seatings, draws or sittings (its standings "
                        "are final)", security=SECURITY, operationId="closeEvent")
@events_blp.alt_response(201, schema=CreatedSchema, success=True, description="closed",
                         headers=LOCATION)
@_errors(events_blp, 403, 404, 409)
def close_event(event_id: int) -> Response:
    _owned(event_id)
    try:
        store_events.close_event(get_db(), event_id, created_by=_by())
    except store_events.EventError as exc:
        raise _refused(exc) from None
    location = url_for("events.get_event", event_id=event_id)
    return _dump({"id": event_id, "links": {"event": location}}, 201, {"Location": location})


@events_blp.route(f"/events/<{_ID}:event_id>/sittings", methods=["POST"])
@require_writer
@events_blp.doc(requestBody=_body(SittingSchema, "the sitting: a stored record"),
                summary="Attach a stored record as a sitting of the event", security=SECURITY)
@events_blp.alt_response(201, schema=CreatedSchema, success=True, description="attached",
                         headers=LOCATION)
@_errors(events_blp, 400, 403, 404, 409, 413, 415, 422)
def attach_sitting(event_id: int) -> Response:
    body = _json_body()
    _owned(event_id)
    data = _load(SittingSchema(), body, "the sitting is not valid")
    _attachable(data["record_id"])
    try:
        sid = store_events.attach_sitting(get_db(), event_id, data["record_id"],
                                          round_no=data.get("round"), table=data.get("table"),
                                          created_by=_by())
    except store_events.EventError as exc:
        if exc.status == 404 and exc.where == "record":   # the body names no stored record: the
            # event (the URL) is found, so not 404 (clients read that as the event gone)
            raise ApiError(422, "unknown-record", exc.what,
                           [{"where": "record_id", "what": exc.what}]) from None
        raise _refused(exc) from None
    location = url_for("events.get_standings", event_id=event_id)
    return _dump({"id": sid, "links": {"standings": location}}, 201, {"Location": location})


# --- players --------------------------------------------------------------------------------

@registry_blp.route("/players", methods=["GET"])
@registry_blp.arguments(PlayerSearchArgs, location="query")
@registry_blp.alt_response(200, schema=PlayerPageSchema, success=True,
                           description="one page of registry players, by id")
@_errors(registry_blp, 422)
def list_players(args: dict[str, Any]) -> Response:
    items, total = store_players.search_players(get_db(), args.get("q"), page=args["page"],
                                                per_page=args["per_page"])
    return _dump(_page(items, total, args))


@registry_blp.route(f"/players/<{_ID}:player_id>", methods=["GET"])
@registry_blp.arguments(PlayerArgs, location="query")
@registry_blp.alt_response(200, schema=PlayerSchema, success=True, description=(
    "a registry player: names, ids, statistics (points scored, win rate ...) and "
    "partnerships, over all current records or one event's sittings"))
@_errors(registry_blp, 404, 422)
def get_player(args: dict[str, Any], player_id: int) -> Response:
    db = get_db()
    event = args.get("event")
    if event is not None and store_events.get_event(db, event) is None:
        raise ApiError(404, "not-found", f"no event {event}")
    found = store_players.get_player(db, player_id, event_id=event)
    if found is None:
        raise ApiError(404, "not-found", f"no player {player_id}")
    from ..store.ratings import player_ratings  # docs/RATINGS.md
    found["ratings"] = player_ratings(db, found["id"])
    return _dump(found)



def _registry_404(table: str, key: int, what: str) -> None:
    """404 for an id in the path that names no row of the registry (``table``: its players or
    its changes), before the store is asked to change it."""
    kind = " AND kind = 'merge'" if table == "registry_changes" else ""
    if get_db().conn.execute(f"SELECT 1 FROM {table} WHERE id = ?{kind}", (key,)).fetchone() is None:
        raise ApiError(404, "not-found", f"no {what} {key}")


def _admin() -> None:
    actor = current_actor()
    if actor is None or not actor.admin:
        raise Forbidden("the registry is shared by every club: only an admin token merges or "
                        "splits players")


@registry_blp.route(f"/players/<{_ID}:player_id>/merge", methods=["POST"])
@require_writer
@registry_blp.doc(requestBody=_body(MergeSchema, "the player this one is merged into"),
                  security=SECURITY,
                  summary="Merge this player into another (a typo, a second entry); admin only")
@registry_blp.alt_response(201, schema=CreatedSchema, success=True, headers=LOCATION,
                           description="the merge's id (what a split undoes)")
@_errors(registry_blp, 400, 403, 404, 413, 415, 422)
def merge_player(player_id: int) -> Response:
    body = _json_body()
    _admin()
    data = _load(MergeSchema(), body)
    _registry_404("registry_players", player_id, "player")
    db = get_db()
    try:
        with write_transaction(db):
            merge_id = store_players.merge(db.conn, player_id, data["into"],
                                           note=data.get("note"), created_by=_by())
    except store_players.RegistryError as exc:
        raise ApiError(422, "invalid-request", str(exc), [{"where": "into", "what": str(exc)}]) from None
    location = url_for("registry.get_player", player_id=data["into"])
    return _dump({"id": merge_id, "links": {"player": location}}, 201, {"Location": location})


@registry_blp.route(f"/players/merges/<{_ID}:merge_id>/split", methods=["POST"])
@require_writer
@registry_blp.doc(summary="Undo a wrong merge (both players count on their own again); "
                          "admin only", security=SECURITY)
@registry_blp.alt_response(201, schema=CreatedSchema, success=True, description="split")
@_errors(registry_blp, 403, 404, 422)
def split_players(merge_id: int) -> Response:
    _admin()
    _registry_404("registry_changes", merge_id, "merge")
    db = get_db()
    try:
        with write_transaction(db):
            split_id = store_players.split(db.conn, merge_id, created_by=_by())
    except store_players.RegistryError as exc:
        raise ApiError(422, "invalid-request", str(exc), [{"where": "merge", "what": str(exc)}]) from None
    return _dump({"id": split_id, "links": {}}, 201)


@registry_blp.route(f"/players/<{_ID}:player_id>/names", methods=["POST"])
@require_writer
@registry_blp.doc(requestBody=_body(NameSchema, "the name"), operationId="addPlayerName",
                  security=SECURITY, summary="Add an alias or a new display name; admin only")
@registry_blp.alt_response(201, schema=PlayerSchema, success=True, description="the player",
                           headers=LOCATION)
@_errors(registry_blp, 400, 403, 404, 413, 415, 422)
def name_player(player_id: int) -> Response:
    body = _json_body()
    _admin()
    data = _load(NameSchema(), body)
    _registry_404("registry_players", player_id, "player")
    db = get_db()
    try:
        with write_transaction(db):
            if data["kind"] == "alias":
                store_players.add_alias(db.conn, player_id, data["name"], created_by=_by())
            else:
                store_players.rename(db.conn, player_id, data["name"], created_by=_by())
    except store_players.RegistryError as exc:
        raise ApiError(422, "invalid-request", str(exc), [{"where": "name", "what": str(exc)}]) from None
    location = url_for("registry.get_player", player_id=player_id)
    return _dump(store_players.get_player(db, player_id), 201, {"Location": location})
