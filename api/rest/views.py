"""The API endpoints (see docs/API.md). Views are thin: parse the request, call ingest/store/queries,
shape JSON. Stored JSON texts (canonical record, replay result) are spliced into responses as
they are: a GET never parses or replays a record.
"""

from __future__ import annotations

import json
import math
from typing import Any, Callable

from flask import Blueprint as PlainBlueprint
from flask import Response, request, url_for
from flask_smorest import Blueprint
from werkzeug.routing import PathConverter

from euchre_records.words import counted
from euchre_records.errors import (
    InconsistentRecord, NotationError, RecordError, SearchBudgetExceeded, UnsupportedRules,
)

from ..auth import Forbidden, current_actor, may_modify, require_writer
from ..store import queries
from ..db import get_db
from ..errors import ApiError
from ..store.ingest import Submission, error_payload, prepare
from .document import CHALLENGE, LOCATION
from .result_schemas import ANY_RESULT
from .schemas import (
    MAX_ID, ErrorSchema, ListArgs, PlayerNameArgs, RecordListArgs, PlayerStatsSchema, RecordOutSchema,
    RecordPageSchema, RubberPageSchema, RubberSchema, SavedSchema, SubmitArgs,
    SubmitHeaders,
)
from ..store.history import record_history
from ..store.store import (
    AlreadySuperseded, AlreadyWithdrawn, DuplicateCorrection, Store, UnknownRecord, Writer,
    record_owner,
)
from .trust_schemas import SECURITY, HistorySchema, WithdrawArgs, WithdrawnSchema
from .analysis_schemas import AnalysisSchema

__all__ = ["blueprints", "plain_blueprints"]

records_blp = Blueprint("records", __name__, description="Validate, store and read records")
rubbers_blp = Blueprint("rubbers", __name__, description="Rubbers: games, scores, rubber points")
players_blp = Blueprint("players", __name__, description="Player statistics by name")
moved_bp = PlainBlueprint("moved", __name__)
"""Old URLs, answered with a redirect to the new one (not in the OpenAPI document)."""

_RECORD_BODY = {
    "required": True,
    "description": "One record in the euchre-records notation 1.0 (docs/FORMAT.md; the schema is "
                   "the notation's JSON Schema; a record at a table of two, three or five, "
                   "rules.seats 2, 3 or 5, is NotationTableRecord), or an EGN document (told apart "
                   "by its content). "
                   "Content-Type must be application/json; at most 2 MiB.",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NotationRecord"}}},
}

_ID = f"int(max={MAX_ID})"
"""Ids in routes: a number beyond SQLite's largest integer is no id (404), not a failed query."""

_KIND_CODES = {NotationError: "invalid-record", InconsistentRecord: "impossible-record",
               UnsupportedRules: "unsupported-rules", SearchBudgetExceeded: "too-costly"}


def _kind_code(exc: RecordError) -> str:
    """The API's error code of an engine refusal (docs/API.md "Errors")."""
    return next((c for t, c in _KIND_CODES.items() if isinstance(exc, t)), "invalid-record")


def blueprints() -> list[Blueprint]:
    from .events import events_blp, registry_blp  # events and the player registry (EVENTS.md)
    from .ratings import ratings_blp  # the ladders (RATINGS.md)
    from .table_links import links_blp  # table links of an event's rounds (AUTH.md)
    return [records_blp, rubbers_blp, players_blp, events_blp, registry_blp, ratings_blp,
            links_blp]


def plain_blueprints() -> list[PlainBlueprint]:
    """Blueprints registered on the app but kept out of the document (old URLs)."""
    return [moved_bp]


def _errors(*statuses: int) -> Callable[[Any], Any]:
    """Document the error responses of a view, all in the one error shape; every view may answer
    401 (a write without a valid token, any request to a private server)."""
    def wrap(view: Any) -> Any:
        for status in sorted({*statuses, 401}):
            view = records_blp.alt_response(status, schema=ErrorSchema, headers=(
                CHALLENGE if status == 401 else None))(view)
        return view
    return wrap


def _json(text: str, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(text, status=status, mimetype="application/json", headers=headers)


def _dump(value: Any, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return _json(json.dumps(value, ensure_ascii=False), status, headers)


def _body_text() -> str:
    """The request body as text; 415 unless JSON, 413 if too large, 400 if not UTF-8."""
    mimetype = request.mimetype
    if mimetype != "application/json" and not mimetype.endswith("+json"):
        raise ApiError(415, "unsupported-media-type",
                       f"send the record as application/json, not {mimetype or 'no content type'}")
    raw = request.get_data(cache=False)  # raises RequestEntityTooLarge past MAX_CONTENT_LENGTH
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ApiError(400, "bad-encoding", f"the body is not UTF-8: {exc.reason} at byte "
                       f"{exc.start}") from None


def _submission() -> Submission:
    """Validate and replay the posted record, or raise the 400/422 ApiError locating the errors."""
    text = _body_text()
    try:  # within the request's claim budget and the process's gate (api/app.py)
        return prepare(text)
    except RecordError as exc:
        problems = error_payload(exc)
        if isinstance(exc, NotationError) and not _is_json(text):
            raise ApiError(400, "malformed-json", "the body is not JSON", problems) from None
        code = _kind_code(exc)
        message = (str(exc) if code == "too-costly"
                   else f"the record is not valid: {counted(len(problems), 'problem')}")
        raise ApiError(422, code, message, problems) from None


def _is_json(text: str) -> bool:
    """Is the text JSON syntax (RFC 8259: integers of any length; NaN is not JSON)?"""
    def refuse(name: str) -> None:
        raise ValueError(name)
    try:
        json.loads(text, parse_int=len, parse_constant=refuse)
    except (ValueError, RecursionError):
        return False
    return True


def _page(items: list[dict[str, Any]], total: int, args: dict[str, Any]) -> dict[str, Any]:
    per_page = args["per_page"]
    return {"items": items, "page": args["page"], "per_page": per_page, "total": total,
            "pages": math.ceil(total / per_page) if total else 0}


def _not_found(what: str, key: object) -> ApiError:
    return ApiError(404, "not-found", f"no {what} {key}")


def _writer(target: int | None = None) -> Writer:
    """The writer of this request (require_writer ran); 403 ``forbidden`` if ``target`` is a
    stored record its club may not change. An unknown ``target`` is left to the store."""
    actor = current_actor()
    assert actor is not None, "require_writer runs first"
    if target is not None:
        try:
            owner = record_owner(get_db(), target)
        except UnknownRecord:
            owner = -1
        if owner != -1 and not may_modify(actor, owner):
            whose = "a local import (admin tokens only)" if owner is None else "another club"
            raise Forbidden(f"record {target} belongs to {whose}; a token of club "
                            f"{actor.club!r} may change its own club's records only")
    return Writer(actor.club_id, actor.token_id)


# --- records ---------------------------------------------------------------------------------

@records_blp.route("/validate", methods=["POST"])
@records_blp.doc(requestBody=_RECORD_BODY, summary="Validate and replay a record; store nothing")
@records_blp.alt_response(200, schema=ANY_RESULT, success=True,
                          description="the replay result (deals, games, rubber, findings); "
                                      "at a table of two, three or five: scores per seat")
@_errors(400, 413, 415, 422, 503)
def validate_record() -> Response:
    return _json(_submission().result_json)


@records_blp.route("/records", methods=["POST"])
@require_writer
@records_blp.arguments(SubmitArgs, location="query")
@records_blp.arguments(SubmitHeaders, location="headers")
@records_blp.doc(requestBody=_RECORD_BODY, summary="Validate, replay and store a record",
                 description="Needs a club's token (Authorization: Bearer TOKEN). "
                             "201: stored. 200: this exact record (same canonical text) was "
                             "already stored; its id is returned. The club and token come from "
                             "the token; ?submitted_by= or the X-Submitted-By header is a free "
                             "label of the scorer. ?supersedes=ID stores a correction of record ID "
                             "as its new version: ID must belong to the token's club, or the "
                             "token be an admin's (403 otherwise; 409 if that exact record is "
                             "already stored).", security=SECURITY)
@records_blp.alt_response(201, schema=SavedSchema, success=True, description="stored",
                          headers=LOCATION)
@records_blp.alt_response(200, schema=SavedSchema, success=True, headers=LOCATION,
                          description="a duplicate: the stored record's id (Location: its URL)")
@_errors(400, 401, 403, 409, 413, 415, 422, 503)
def submit_record(args: dict[str, Any], headers: dict[str, Any]) -> Response:
    writer = _writer(args.get("supersedes"))  # 403 before the record is even parsed
    sub = _submission()
    by = args.get("submitted_by") or headers.get("submitted_by") or None
    try:
        saved = Store(get_db()).save(sub, submitted_by=by, supersedes=args.get("supersedes"),
                                     writer=writer)
    except UnknownRecord as exc:
        raise ApiError(422, "unknown-record", str(exc),
                       [{"where": "supersedes", "what": str(exc)}]) from None
    except AlreadySuperseded as exc:
        raise ApiError(409, "already-superseded", str(exc), current_id=exc.current_id) from None
    except DuplicateCorrection as exc:
        raise ApiError(409, "duplicate-correction", str(exc),
                       existing_id=exc.existing_id) from None
    location = url_for("records.get_record", record_id=saved.id)
    body = {"id": saved.id, "duplicate": saved.duplicate, "summary": saved.summary,
            "links": {"record": location,
                      "result": url_for("records.get_result", record_id=saved.id)}}
    return _dump(body, 200 if saved.duplicate else 201, {"Location": location})


@records_blp.route("/records", methods=["GET"])
@records_blp.arguments(RecordListArgs, location="query")
@records_blp.alt_response(200, schema=RecordPageSchema, success=True,
                          description="one page of current records, newest first")
@_errors(422)
def list_records(args: dict[str, Any]) -> Response:
    items, total = queries.list_records(
        get_db(), player=args.get("player"), club=args.get("club"),
        date_from=args.get("date_from"), date_to=args.get("date_to"), page=args["page"],
        per_page=args["per_page"], club_label=args.get("club_label"), seats=args.get("seats"),
        variant=args.get("variant"))
    return _dump(_page(items, total, args))


@records_blp.route(f"/records/<{_ID}:record_id>", methods=["GET"])
@records_blp.alt_response(200, schema=RecordOutSchema, success=True,
                          description="metadata and the canonical record")
@_errors(404)
def get_record(record_id: int) -> Response:
    db = get_db()
    meta = queries.get_record_meta(db, record_id)
    canonical = queries.get_canonical(db, record_id)
    if meta is None or canonical is None:
        raise _not_found("record", record_id)
    head = json.dumps(meta, ensure_ascii=False)
    return _json(head[:-1] + ', "record": ' + canonical.rstrip() + "}")


@records_blp.route(f"/records/<{_ID}:record_id>/result", methods=["GET"])
@records_blp.doc(operationId="getRecordResult")
@records_blp.alt_response(200, schema=ANY_RESULT, success=True,
                          description="the stored replay result (per seat at a table of two, "
                                      "three or five)")
@_errors(404)
def get_result(record_id: int) -> Response:
    text = queries.get_result(get_db(), record_id)
    if text is None:
        raise _not_found("record", record_id)
    return _json(text)


@records_blp.route(f"/records/<{_ID}:record_id>/analysis", methods=["GET"])
@records_blp.doc(operationId="getRecordAnalysis", summary="The record's double-dummy analysis",
                 description="Per deal whose hands are known: the makers' tricks and points with "
                             "best play, each call's value, each card's cost (docs/ANALYSIS.md). "
                             "Computed on first request, once however many ask at once, and "
                             "cached by the record's hash. A computation holds one of the "
                             "server's slots for costly work: 503 busy (with Retry-After) when "
                             "none is free. 422 too-costly when the analysis would exceed the "
                             "request's search budget (remembered: asked again, the same answer "
                             "at once); 422 with the reason for a record it cannot analyse.")
@records_blp.alt_response(200, schema=AnalysisSchema, success=True,
                          description="the analysis")
@_errors(404, 422, 503)
def get_analysis(record_id: int) -> Response:
    from ..analysis_request import analysis_of
    try:
        text = analysis_of(get_db(), record_id)
    except RecordError as exc:   # the same codes as every other answer about a record
        raise ApiError(422, _kind_code(exc), str(exc), error_payload(exc)) from None
    if text is None:
        raise _not_found("record", record_id)
    return _json(text)


@records_blp.route(f"/records/<{_ID}:record_id>/withdraw", methods=["POST"])
@require_writer
@records_blp.arguments(WithdrawArgs, location="query")
@records_blp.doc(summary="Withdraw a record entered by mistake", security=SECURITY,
                 description="Needs a token of the record's club or an admin token. Stores a new "
                             "version with status withdrawn (nothing is deleted); the record "
                             "leaves listings and statistics and stays readable by id with its "
                             "history. No request body.")
@records_blp.alt_response(201, schema=WithdrawnSchema, success=True, headers=LOCATION,
                          description="withdrawn: the id of the withdrawn version")
@_errors(401, 403, 404, 409, 422)
def withdraw_record(args: dict[str, Any], record_id: int) -> Response:
    writer = _writer(record_id)
    try:
        new_id = Store(get_db()).withdraw(record_id, submitted_by=args.get("submitted_by"),
                                          writer=writer)
    except UnknownRecord:
        raise _not_found("record", record_id) from None
    except AlreadyWithdrawn as exc:
        raise ApiError(409, "already-withdrawn", str(exc)) from None
    except AlreadySuperseded as exc:
        raise ApiError(409, "already-superseded", str(exc), current_id=exc.current_id) from None
    location = url_for("records.get_record", record_id=new_id)
    body = {"id": new_id, "withdrawn": record_id, "status": "withdrawn",
            "links": {"record": location,
                      "history": url_for("records.get_history", record_id=new_id)}}
    return _dump(body, 201, {"Location": location})


@records_blp.route(f"/records/<{_ID}:record_id>/history", methods=["GET"])
@records_blp.doc(operationId="getRecordHistory")
@records_blp.alt_response(200, schema=HistorySchema, success=True,
                          description="every version of the record's chain: who and when")
@_errors(401, 404)
def get_history(record_id: int) -> Response:
    history = record_history(get_db(), record_id)
    if history is None:
        raise _not_found("record", record_id)
    return _dump(history)


# --- rubbers and players ---------------------------------------------------------------------

@rubbers_blp.route("/rubbers", methods=["GET"])
@rubbers_blp.arguments(ListArgs, location="query")
@rubbers_blp.alt_response(200, schema=RubberPageSchema, success=True,
                          description="one page of rubbers of current records, newest first")
@_errors(422)
def list_rubbers(args: dict[str, Any]) -> Response:
    items, total = queries.list_rubbers(
        get_db(), player=args.get("player"), club=args.get("club"),
        date_from=args.get("date_from"), date_to=args.get("date_to"), page=args["page"],
        per_page=args["per_page"], club_label=args.get("club_label"))
    return _dump(_page(items, total, args))


@rubbers_blp.route(f"/rubbers/<{_ID}:rubber_id>", methods=["GET"])
@rubbers_blp.alt_response(200, schema=RubberSchema, success=True,
                          description="games, scores, rubber points and winner")
@_errors(404)
def get_rubber(rubber_id: int) -> Response:
    rubber = queries.get_rubber(get_db(), rubber_id)
    if rubber is None:
        raise _not_found("rubber", rubber_id)
    return _dump(rubber)


@players_blp.route("/players/statistics", methods=["GET"])
@players_blp.arguments(PlayerNameArgs, location="query")
@players_blp.alt_response(200, schema=PlayerStatsSchema, success=True,
                          description="statistics over current records")
@_errors(404, 422)
def get_player_statistics(args: dict[str, Any]) -> Response:
    """A player's statistics by the name recorded.

    The name is a query argument, so any name is one (all digits, a slash); the registry's
    players, by id, are ``GET /players/{player_id}``."""
    name = args["name"]
    stats = queries.player_statistics(get_db(), name)
    if stats is None:
        raise _not_found("player", repr(name))
    return _dump(stats)


class _OldPlayerName(PathConverter):
    """The ``name`` of the old ``/players/{name}``: any name, slashes too, except the paths of the
    registry's own operations (``/players/{id}/merge``, ``/players/{id}/names``,
    ``/players/merges/{id}/split``, POST only): matched by the old route too, they were answered
    with its GET in their ``Allow`` (OPTIONS) and a GET was redirected, where the document says
    405."""

    regex = r"(?!\d+/(?:merge|names)$)(?!merges/\d+/split$)[^/].*?"


moved_bp.record_once(lambda state: state.app.url_map.converters.setdefault(
    "old_player_name", _OldPlayerName))


@moved_bp.route("/players/<old_player_name:name>", methods=["GET"])
def player_statistics_moved(name: str) -> Response:
    """The old ``GET /players/{name}`` (until 2026-12): 308 to ``/players/statistics?name=``.
    An all-digit name never reached it (``/players/24`` is registry player 24)."""
    location = url_for("players.get_player_statistics", name=name)
    return _dump({"moved_to": location, "message": "player statistics by name are at GET "
                  "/players/statistics?name=NAME (docs/API.md)"}, 308, {"Location": location})
