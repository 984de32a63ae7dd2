"""Marshmallow schemas of the HTTP API: query arguments (validated) and response bodies
(documentation for the OpenAPI document; responses are built from stored rows and stored JSON
texts, not dumped through these schemas, so a GET stays one or two primary-key reads).

A response schema lists every key the answer has: a key always present is ``required``, and no
other key is allowed (marshmallow's default ``unknown=RAISE`` documents
``additionalProperties: false``); the tests validate real answers of every operation against
them (tests/test_openapi.py)."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote_to_bytes

from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate

from euchre_records.schema.basefields import date_problem

from ..store.store import MAX_ID
from .document import Typed, component_ref
from .result_schemas import ResultSchema, side

__all__ = [
    "ListArgs", "RecordListArgs", "SubmitArgs", "SubmitHeaders", "ErrorSchema", "SavedSchema", "RecordOutSchema", "RecordMetaSchema",
    "RecordPageSchema", "RubberSchema", "RubberPageSchema", "PlayerStatsSchema", "ResultSchema",
    "PageArgs", "PageSchema", "PlayerNameArgs", "SeatNamesSchema", "DATE_RE", "date_validators", "MAX_ID",
    "MAX_PAGE",
    "MAX_PER_PAGE",
]

DATE_RE = r"^[0-9]{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?)?$"
"""A date of the API, as the OpenAPI document states it: ``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD``
in ASCII digits (``\\d`` would take other scripts' digits, which records refuse)."""
_DATE = re.compile(DATE_RE)


def date_validators(error: str) -> list[Any]:
    """The validators of an API date: the pattern (which the OpenAPI document shows) and the one
    date check of records (``date_problem``: a day that exists, no trailing newline), so an
    event's or a filter's date is read as a record's is."""
    def real_date(text: str) -> None:
        if not _DATE.match(text):   # the pattern's own error says it
            return
        problem = date_problem(text, times=False)
        if problem is not None:
            raise ValidationError(problem)
    return [validate.Regexp(DATE_RE, error=error), real_date]


MAX_PER_PAGE = 100
MAX_PAGE = 10**9
"""Largest page number: (page - 1) * per_page stays far inside SQLite's 64-bit OFFSET."""


class PageArgs(Schema):
    """The pagination of every listing: ``page`` (1-based) and ``per_page``. The answer is a
    :class:`PageSchema`: ``{items, page, per_page, total, pages}``."""

    class Meta:
        unknown = EXCLUDE

    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=MAX_PAGE),
                          metadata={"description": f"1-based page number, at most {MAX_PAGE}"})
    per_page = fields.Integer(load_default=20, validate=validate.Range(min=1, max=MAX_PER_PAGE),
                              metadata={"description": f"items per page, at most {MAX_PER_PAGE}"})


class ListArgs(PageArgs):
    """Filters and pagination of the listings. Dates compare with the record's event date."""

    player = fields.String(metadata={"description": "only records where this player sat"})
    club = fields.String(metadata={"description": (
        "only records this club owns (stored with its token; for records stored by a local "
        "command, which no club owns: their label)")})
    club_label = fields.String(metadata={"description": (
        "only records whose own club label (event.club, free text) is this, whoever stored "
        "them")})
    date_from = fields.String(data_key="from", validate=date_validators(
        "expected a date YYYY, YYYY-MM or YYYY-MM-DD"),
        metadata={"description": "event date on or after (YYYY-MM-DD)"})
    date_to = fields.String(data_key="to", validate=date_validators(
        "expected a date YYYY, YYYY-MM or YYYY-MM-DD"),
        metadata={"description": "event date on or before, inclusive (YYYY, YYYY-MM or "
                                       "YYYY-MM-DD: to=2026-11 includes all of November)"})


class RecordListArgs(ListArgs):
    """The filters of ``GET /records``: those of every listing, and the table."""

    seats = fields.Integer(validate=validate.OneOf([2, 3, 4, 5], error="expected 2, 3, 4 or 5"),
                           metadata={"description": "only records of this many players"})
    variant = fields.String(validate=validate.OneOf(
        ["four-handed", "two-handed", "cut-throat", "call-your-partner"]),
        metadata={"description": "only records of this variant (docs/TABLES.md)"})


class PlayerNameArgs(Schema):
    """The query of ``GET /players/statistics``: a name, any name (all digits too)."""

    class Meta:
        unknown = EXCLUDE

    name = fields.String(required=True, validate=validate.Length(min=1, max=200), metadata={
        "description": "the player's name as recorded (exact)"})


class SubmitArgs(Schema):
    """Optional query arguments of ``POST /records``."""

    class Meta:
        unknown = EXCLUDE

    supersedes = fields.Integer(validate=validate.Range(min=1, max=MAX_ID), metadata={
        "description": "id of the stored record this one corrects: stored as its new version"})
    submitted_by = fields.String(validate=validate.Length(min=1, max=200), metadata={
        "description": "who submits (the X-Submitted-By header does the same; the field wins)"})


class HeaderText(fields.String):
    """A header's text, never mojibake: WSGI hands headers over as ISO-8859-1, so the bytes are
    read again as UTF-8 (a plain ASCII value is unchanged); an RFC 8187 value ``UTF-8''Ann%C3%A9``
    is percent-decoded. Bytes that are not UTF-8, or control characters, are refused."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            raw = text.encode("latin-1")
            if raw[:7].lower() == b"utf-8''":
                raw = unquote_to_bytes(raw[7:].decode("ascii"))
            text = raw.decode("utf-8")
        except (UnicodeError, ValueError):
            raise ValidationError("not UTF-8 text: send UTF-8 bytes, or RFC 8187 form "
                                  "UTF-8''percent-encoded") from None
        if any(ord(ch) < 32 or 127 <= ord(ch) < 160 for ch in text):
            raise ValidationError("control characters are not allowed")
        return text


class SubmitHeaders(Schema):
    """Optional headers of ``POST /records``."""

    class Meta:
        unknown = EXCLUDE

    submitted_by = HeaderText(data_key="X-Submitted-By", validate=validate.Length(
        min=1, max=200), metadata={
            "description": "who submits (the submitted_by field wins): printable ASCII as sent; "
                           "other text in RFC 8187 form UTF-8''percent-encoded",
            "pattern": "^[ -~]*$"})


class ProblemSchema(Schema):
    where = fields.String(required=True, metadata={
        "description": "JSON path into the record, e.g. deals[2].tricks[1]"})
    what = fields.String(required=True)


class ErrorBodySchema(Schema):
    status = fields.Integer(required=True, metadata={"description": "the HTTP status code"})
    code = fields.String(required=True,
                         metadata={"description": "stable machine-readable code, e.g. invalid-record"})
    message = fields.String(required=True)
    problems = fields.List(fields.Nested(ProblemSchema()), required=True)
    current_id = fields.Integer(metadata={
        "description": "409 already-superseded only: the current version's id"})
    existing_id = fields.Integer(metadata={
        "description": "409 duplicate-correction only: the id under which the correction's exact "
                       "text is already stored"})


class ErrorSchema(Schema):
    """Every error: ``{"error": {"status", "code", "message", "problems": [...]}}``."""

    error = fields.Nested(ErrorBodySchema(), required=True)


def _pair(description: str) -> fields.List[Any]:
    return fields.List(fields.Integer(), required=True, validate=validate.Length(equal=2),
                       metadata={"description": description})


def _side(**kwargs: Any) -> Typed:
    return side(required=True, allow_none=True, **kwargs)


class RubberSummarySchema(Schema):
    system = fields.String(required=True, metadata={"description": "somerset or whist"})
    games_won = _pair("[N-S, E-W]")
    rubber_points = _pair("[N-S, E-W]")
    net = fields.Integer(required=True)
    winner = _side()
    finished = fields.Boolean(required=True)


class SeatScoreSchema(Schema):
    """One player's score at a table of two, three or five (the record's last game)."""

    seat = fields.String(required=True, validate=validate.OneOf(["0", "1", "2", "3", "4"]))
    player = fields.String(required=True, allow_none=True, metadata={
        "description": "the player's name, null when the record names none"})
    score = fields.Integer(required=True)


class SummarySchema(Schema):
    id = fields.Integer(required=True)
    deals = fields.Integer(required=True)
    games = fields.Integer(required=True)
    findings = fields.Integer(required=True)
    rubber = fields.Nested(RubberSummarySchema(), required=True, allow_none=True, metadata={
        "description": "null when the rules play single games (and at tables of two, three "
                       "and five)"})
    seats = fields.Integer(validate=validate.OneOf([2, 3, 5]), metadata={
        "description": "tables of two, three and five only: the number of players"})
    variant = fields.String(validate=validate.OneOf(["two-handed", "cut-throat",
                                                     "call-your-partner"]), metadata={
        "description": "tables of two, three and five only"})
    winner = fields.String(allow_none=True, metadata={
        "description": "tables of two, three and five only: the seat who won the last game, "
                       "null while it goes on"})
    scores = fields.List(fields.Nested(SeatScoreSchema()), metadata={
        "description": "tables of two, three and five only: each player's score in the last "
                       "game (the replay in full: links.result)"})


class SavedLinksSchema(Schema):
    record = fields.String(required=True)
    result = fields.String(required=True)


class SavedSchema(Schema):
    """The answer to ``POST /records``."""

    id = fields.Integer(required=True)
    duplicate = fields.Boolean(required=True,
                               metadata={"description": "true: this exact record was already stored"})
    summary = fields.Nested(SummarySchema(), required=True)
    links = fields.Nested(SavedLinksSchema(), required=True)


class SeatNamesSchema(Schema):
    """Player names by seat (the seats the record names): N E S W, or 0 .. 4 at tables of
    two, three and five."""

    N = fields.String()
    E = fields.String()
    S = fields.String()
    W = fields.String()
    seat0 = fields.String(data_key="0")
    seat1 = fields.String(data_key="1")
    seat2 = fields.String(data_key="2")
    seat3 = fields.String(data_key="3")
    seat4 = fields.String(data_key="4")


class RecordMetaSchema(Schema):
    id = fields.Integer(required=True)
    hash = fields.String(required=True, metadata={"description": "sha256 of the canonical text"})
    format_version = fields.String(required=True)
    rules = fields.String(required=True, metadata={"description": "the preset's name"})
    club = fields.String(required=True, allow_none=True)
    event = fields.String(required=True, allow_none=True)
    date = fields.String(required=True, allow_none=True)
    table = fields.String(required=True, allow_none=True)
    round = fields.String(required=True, allow_none=True)
    deals = fields.Integer(required=True)
    findings = fields.Integer(required=True)
    submitted_at = fields.String(required=True, metadata={"description": "UTC, ISO 8601"})
    submitted_by = fields.String(required=True, allow_none=True)
    supersedes = fields.Integer(required=True, allow_none=True)
    superseded_by = fields.Integer(required=True, allow_none=True)
    status = fields.String(required=True, validate=validate.OneOf(
        ["current", "superseded", "withdrawn"]))
    players = fields.Nested(SeatNamesSchema(), required=True)
    seats = fields.Integer(required=True, validate=validate.OneOf([2, 3, 4, 5]), metadata={
        "description": "the number of players (docs/TABLES.md)"})
    variant = fields.String(required=True, validate=validate.OneOf(
        ["four-handed", "two-handed", "cut-throat", "call-your-partner"]))


class RecordOutSchema(RecordMetaSchema):
    record = Typed(component_ref("NotationRecord"),  # any table: its if/then picks by rules.seats
                   required=True,
                   metadata={"description": "the canonical record (docs/FORMAT.md)"})


class PageSchema(Schema):
    """One page of a listing (:class:`PageArgs`); subclasses add ``items``."""

    page = fields.Integer(required=True, metadata={"description": "this page's number"})
    per_page = fields.Integer(required=True)
    total = fields.Integer(required=True, metadata={"description": "items of all pages"})
    pages = fields.Integer(required=True, metadata={"description": "number of pages (0: none)"})


class RecordPageSchema(PageSchema):
    items = fields.List(fields.Nested(RecordMetaSchema()), required=True)


class GameSchema(Schema):
    number = fields.Integer(required=True)
    deals = _pair("first and last deal number")
    start = _pair("[N-S, E-W] at the start")
    score = _pair("[N-S, E-W] at the end")
    winner = _side()
    finished = fields.Boolean(required=True)
    rubber_points = _pair("[N-S, E-W]")


class RubberSchema(Schema):
    id = fields.Integer(required=True)
    record_id = fields.Integer(required=True)
    club = fields.String(required=True, allow_none=True)
    event = fields.String(required=True, allow_none=True)
    date = fields.String(required=True, allow_none=True)
    rules = fields.String(required=True)
    system = fields.String(required=True,
                           metadata={"description": "somerset, whist or none (single games)"})
    status = fields.String(required=True)
    players = fields.Nested(SeatNamesSchema(), required=True)
    games_played = fields.Integer(required=True)
    games_won = _pair("[N-S, E-W]")
    rubber_points = _pair("[N-S, E-W]")
    net = fields.Integer(required=True)
    winner = _side(metadata={"description": "NS, EW or null"})
    finished = fields.Boolean(required=True)
    games = fields.List(fields.Nested(GameSchema()), required=True)


class RubberPageSchema(PageSchema):
    items = fields.List(fields.Nested(RubberSchema()), required=True)


class PlayerStatsSchema(Schema):
    """A player's statistics over current records, by the name recorded (STORE.md, view
    ``player_statistics``)."""

    name = fields.String(required=True)
    rubbers_played = fields.Integer(required=True)
    rubbers_won = fields.Integer(required=True)
    net_rubber_points = fields.Integer(required=True)
    games_played = fields.Integer(required=True)
    games_won = fields.Integer(required=True)
    deals_played = fields.Integer(required=True)
    deals_made = fields.Integer(required=True, metadata={
        "description": "deals in which this player made trump"})
    euchres_suffered = fields.Integer(required=True, metadata={
        "description": "the player's side made and was euchred"})
    euchres_inflicted = fields.Integer(required=True, metadata={
        "description": "the other side made and was euchred"})
    lone_hands_tried = fields.Integer(required=True)
    lone_hands_marched = fields.Integer(required=True)
    revokes = fields.Integer(required=True)
