"""Marshmallow schemas of the trust endpoints: withdrawal and history (docs/API.md). Like
schemas.py, they document responses for the OpenAPI document; views build the JSON directly."""

from __future__ import annotations

from marshmallow import EXCLUDE, Schema, fields, validate

__all__ = ["WithdrawArgs", "WithdrawnSchema", "HistorySchema", "VersionSchema", "BEARER_SCHEME",
           "SECURITY"]

BEARER_SCHEME = {"type": "http", "scheme": "bearer",
                 "description": "a club's token, eur_<id>_<64 hex digits> (docs/AUTH.md)"}
SECURITY: list[dict[str, list[str]]] = [{"bearerAuth": []}]
"""The security requirement of a write (the scheme is registered as ``bearerAuth``)."""


class WithdrawArgs(Schema):
    """Optional query arguments of ``POST /records/{id}/withdraw``."""

    class Meta:
        unknown = EXCLUDE

    submitted_by = fields.String(validate=validate.Length(min=1, max=200), metadata={
        "description": "a free label of who withdraws (the club and token come from the token)"})


class WithdrawnLinksSchema(Schema):
    record = fields.String(required=True, metadata={"description": "the withdrawn version"})
    history = fields.String(required=True)


class WithdrawnSchema(Schema):
    """The answer to a withdrawal."""

    id = fields.Integer(required=True, metadata={"description": "the new, withdrawn version"})
    withdrawn = fields.Integer(required=True, metadata={
        "description": "the version that was current and is now superseded"})
    status = fields.String(required=True, validate=validate.OneOf(["withdrawn"]))
    links = fields.Nested(WithdrawnLinksSchema(), required=True)


class WriterSchema(Schema):
    club = fields.String(required=True, metadata={"description": "the club of the token"})
    token_id = fields.Integer(required=True)


class VersionSchema(Schema):
    id = fields.Integer(required=True)
    version = fields.Integer(required=True, metadata={"description": "1 for the first"})
    status = fields.String(required=True, validate=validate.OneOf(
        ["current", "superseded", "withdrawn"]))
    action = fields.String(required=True, validate=validate.OneOf(
        ["submitted", "corrected", "withdrawn"]))
    supersedes = fields.Integer(required=True, allow_none=True)
    submitted_at = fields.String(required=True, metadata={"description": "UTC, ISO 8601"})
    submitted_by = fields.String(required=True, allow_none=True, metadata={
        "description": "the free label given with the write"})
    by = fields.Nested(WriterSchema(), required=True, allow_none=True, metadata={
        "description": "who wrote it (null: a local command such as euchre import)"})


class HistorySchema(Schema):
    record_id = fields.Integer(required=True, metadata={"description": "the id asked for"})
    first_id = fields.Integer(required=True)
    current_id = fields.Integer(required=True, allow_none=True, metadata={
        "description": "the current version; null once the record is withdrawn"})
    status = fields.String(required=True, validate=validate.OneOf(["current", "withdrawn"]))
    owner_club = fields.String(required=True, allow_none=True, metadata={
        "description": "the club the record belongs to (null: stored by a local command)"})
    versions = fields.List(fields.Nested(VersionSchema()), required=True)
