"""Marshmallow schemas of the HTTP API: query arguments (validated) and response bodies
(documentation for the OpenAPI document; responses are built from stored rows and stored JSON
texts, not dumped through these schemas, so a GET stays one or two primary-key reads)."""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote_to_bytes

from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate

from ..store.store import MAX_ID

__all__ = [
    "ListArgs", "SubmitArgs", "SubmitHeaders", "ErrorSchema", "SavedSchema", "RecordOutSchema", "RecordMetaSchema",
    "RecordPageSchema", "RubberSchema", "RubberPageSchema", "PlayerStatsSchema", "ResultSchema",
    "DATE_RE", "MAX_ID", "MAX_PAGE", "MAX_PER_PAGE",
]

DATE_RE = r"^\d{4}(-\d{2}(-\d{2})?)?$"

MAX_PER_PAGE = 100
MAX_PAGE = 10**9
"""Largest page number: (page - 1) * per_page stays far inside SQLite's 64-bit OFFSET."""


class ListArgs(Schema):
    """Filters and pagination of the listings. Dates compare with the record's event date."""

    class Meta:
        unknown = EXCLUDE

    player = fields.String(metadata={"description": "only records where this player sat"})
    club = fields.String(metadata={"description": (
        "only records this club owns (stored with its token; for records stored by a local "
        "command, which no club owns: their label)")})
    club_label = fields.String(metadata={"description": (
        "only records whose own club label (event.club, free text) is this, whoever stored "
        "them")})
    date_from = fields.String(data_key="from", validate=validate.Regexp(
        DATE_RE, error="expected a date YYYY, YYYY-MM or YYYY-MM-DD"),
        metadata={"description": "event date on or after (YYYY-MM-DD)"})
    date_to = fields.String(data_key="to", validate=validate.Regexp(
        DATE_RE, error="expected a date YYYY, YYYY-MM or YYYY-MM-DD"),
        metadata={"description": "event date on or before, inclusive (YYYY, YYYY-MM or "
                                       "YYYY-MM-DD: to=2026-11 includes all of November)"})
    page = fields.Integer(load_default=1, validate=validate.Range(min=1, max=MAX_PAGE),
                          metadata={"description": f"1-based page number, at most {MAX_PAGE}"})
    per_page = fields.Integer(load_default=20, validate=validate.Range(min=1, max=MAX_PER_PAGE),
                              metadata={"description": "items per page, at most 100"})


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
        min=1, max=200), metadata={"description": "who submits (the submitted_by field wins)"})


class ProblemSchema(Schema):
    where = fields.String(metadata={"description": "JSON path into the record, e.g. deals[2].tricks[1]"})
    what = fields.String()


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


class RubberSummarySchema(Schema):
    system = fields.String()
    games_won = fields.List(fields.Integer())
    rubber_points = fields.List(fields.Integer())
    net = fields.Integer()
    winner = fields.String(allow_none=True)
    finished = fields.Boolean()


class SummarySchema(Schema):
    id = fields.Integer()
    deals = fields.Integer()
    games = fields.Integer()
    findings = fields.Integer()
    rubber = fields.Nested(RubberSummarySchema(), allow_none=True)


class SavedSchema(Schema):
    """The answer to ``POST /records``."""

    id = fields.Integer(required=True)
    duplicate = fields.Boolean(required=True,
                               metadata={"description": "true: this exact record was already stored"})
    summary = fields.Nested(SummarySchema(), required=True)
    links = fields.Dict(keys=fields.String(), values=fields.String(), required=True)


class RecordMetaSchema(Schema):
    id = fields.Integer(required=True)
    hash = fields.String(required=True, metadata={"description": "sha256 of the canonical text"})
    format_version = fields.String(required=True)
    rules = fields.String(required=True)
    club = fields.String(allow_none=True)
    event = fields.String(allow_none=True)
    date = fields.String(allow_none=True)
    table = fields.String(allow_none=True)
    round = fields.String(allow_none=True)
    deals = fields.Integer(required=True)
    findings = fields.Integer(required=True)
    submitted_at = fields.String(required=True)
    submitted_by = fields.String(allow_none=True)
    supersedes = fields.Integer(allow_none=True)
    superseded_by = fields.Integer(allow_none=True)
    status = fields.String(required=True, metadata={"description": "current, superseded or withdrawn"})
    players = fields.Dict(keys=fields.String(), values=fields.String(),
                          metadata={"description": "player names by seat"})


class RecordOutSchema(RecordMetaSchema):
    record = fields.Dict(metadata={"description": "the canonical record (docs/FORMAT.md)"})


class PageSchema(Schema):
    page = fields.Integer(required=True)
    per_page = fields.Integer(required=True)
    total = fields.Integer(required=True)
    pages = fields.Integer(required=True)


class RecordPageSchema(PageSchema):
    items = fields.List(fields.Nested(RecordMetaSchema()), required=True)


class GameSchema(Schema):
    number = fields.Integer()
    deals = fields.List(fields.Integer(), metadata={"description": "first and last deal number"})
    start = fields.List(fields.Integer())
    score = fields.List(fields.Integer(), metadata={"description": "[N-S, E-W]"})
    winner = fields.String(allow_none=True)
    finished = fields.Boolean()
    rubber_points = fields.List(fields.Integer())


class RubberSchema(Schema):
    id = fields.Integer(required=True)
    record_id = fields.Integer(required=True)
    club = fields.String(allow_none=True)
    event = fields.String(allow_none=True)
    date = fields.String(allow_none=True)
    rules = fields.String()
    system = fields.String(required=True,
                           metadata={"description": "somerset, whist or none (single games)"})
    status = fields.String()
    players = fields.Dict(keys=fields.String(), values=fields.String())
    games_played = fields.Integer()
    games_won = fields.List(fields.Integer())
    rubber_points = fields.List(fields.Integer())
    net = fields.Integer()
    winner = fields.String(allow_none=True, metadata={"description": "NS, EW or null"})
    finished = fields.Boolean(required=True)
    games = fields.List(fields.Nested(GameSchema()), required=True)


class RubberPageSchema(PageSchema):
    items = fields.List(fields.Nested(RubberSchema()), required=True)


class PlayerStatsSchema(Schema):
    name = fields.String()
    rubbers_played = fields.Integer()
    rubbers_won = fields.Integer()
    net_rubber_points = fields.Integer()
    games_played = fields.Integer()
    games_won = fields.Integer()
    deals_played = fields.Integer()
    deals_made = fields.Integer(metadata={"description": "deals in which this player made trump"})
    euchres_suffered = fields.Integer(metadata={"description": "the player's side made and was euchred"})
    euchres_inflicted = fields.Integer(metadata={"description": "the other side made and was euchred"})
    lone_hands_tried = fields.Integer()
    lone_hands_marched = fields.Integer()
    revokes = fields.Integer()


class ResultSchema(Schema):
    """The replay result (schema.results.dump_result): deals, games, rubber, findings."""

    class Meta:
        unknown = EXCLUDE

    deals = fields.List(fields.Dict(), required=True)
    games = fields.List(fields.Dict(), required=True)
    rubber = fields.Dict(allow_none=True)
    findings = fields.List(fields.Dict(), required=True)
