"""The response schema of ``GET /records/{id}/analysis`` (docs/ANALYSIS.md "The JSON"): the
shape :func:`euchre_records.analysis.as_json` makes, typed field by field for the OpenAPI
document. Responses are the cached JSON text, not dumped through this schema; a test holds
every response to it."""

from __future__ import annotations

from marshmallow import Schema, fields, validate

__all__ = ["AnalysisSchema"]

_SEAT = validate.OneOf(["N", "E", "S", "W", "0", "1", "2", "3", "4"])
"""A seat's token: a letter four-handed, "0" .. "n-1" at a table of n."""
_TRUMP = validate.OneOf(["S", "H", "D", "C", "NT"])


def _points(description: str, **kwargs: object) -> fields.List:
    return fields.List(fields.Integer(), validate=validate.Length(min=2, max=5),
                       metadata={"description": description + " (per score column: N-S, E-W "
                                 "four-handed; one per player, by seat, at a table of n)"},
                       **kwargs)  # type: ignore[arg-type]


class PlaySchema(Schema):
    trick = fields.Integer(required=True, metadata={"description": "1-based"})
    seat = fields.String(required=True, validate=_SEAT)
    card = fields.String(required=True, metadata={"description": "the card in the notation"})
    before = fields.Integer(required=True, metadata={
        "description": "the makers' tricks in the deal with best play from before this card"})
    after = fields.Integer(required=True, metadata={"description": "the same after it"})
    cost = fields.Integer(required=True, metadata={
        "description": "tricks the player's side lost by this card against his best (0: a best play)"})
    revoke = fields.Boolean(required=True, metadata={"description": "the card failed to follow suit"})
    best = fields.List(fields.String(), required=True, metadata={
        "description": "the player's best legal cards, when this one cost something or revoked"})


class CallSchema(Schema):
    trump = fields.String(required=True, validate=_TRUMP)
    alone = fields.Boolean(required=True)
    tricks = fields.Integer(required=True, metadata={"description": "the makers' tricks with best play"})
    points = fields.Integer(required=True, metadata={
        "description": "the makers' side's points less the other side's (at a table of n: the "
                       "maker's points less the most any opponent scores)"})
    allowed = fields.Boolean(required=True, metadata={"description": "the bidding allowed this call"})
    why = fields.String(required=True)


class BestCallSchema(Schema):
    side = fields.String(required=True, allow_none=True, validate=validate.OneOf(["NS", "EW"]),
                         metadata={"description": "four-handed: the side; null at a table of n, "
                                   "where each player's best call is given"})
    maker = fields.String(required=True, validate=_SEAT)
    trump = fields.String(required=True, validate=_TRUMP)
    alone = fields.Boolean(required=True)
    tricks = fields.Integer(required=True)
    points = fields.Integer(required=True)


class RevokeViewSchema(Schema):
    trick = fields.Integer(required=True)
    seat = fields.String(required=True, validate=_SEAT)
    card = fields.String(required=True)
    scored = _points("the deal's points as the law scored them", required=True)
    best_tricks = fields.Integer(required=True, metadata={
        "description": "the makers' tricks had a legal card been played there, and best play after"})
    best_points = _points("the points those tricks score", required=True)


class DealAnalysisSchema(Schema):
    number = fields.Integer(required=True)
    known = fields.Boolean(required=True, metadata={
        "description": "the hands at the start of play are known (dealt, or inferred completely)"})
    reason = fields.String(required=True, allow_none=True, metadata={
        "description": "why the deal has no value, when it has none"})
    trump = fields.String(required=True, allow_none=True, validate=_TRUMP)
    maker = fields.String(required=True, allow_none=True, validate=_SEAT)
    alone = fields.Boolean(required=True)
    tricks = fields.Integer(required=True, allow_none=True, metadata={
        "description": "the makers' tricks with best play by all"})
    points = _points("the points those tricks score", required=True, allow_none=True)
    taken = fields.Integer(required=True, allow_none=True, metadata={"description": "the makers' tricks as scored"})
    scored = _points("the deal's points as scored, penalties included", required=True, allow_none=True)
    summary = fields.String(required=True)
    plays = fields.List(fields.Nested(PlaySchema()), required=True)
    calls = fields.List(fields.Nested(CallSchema()), required=True)
    calls_reason = fields.String(required=True, allow_none=True)
    best_calls = fields.List(fields.Nested(BestCallSchema()), required=True)
    revokes = fields.List(fields.Nested(RevokeViewSchema()), required=True)


class PlayerAccuracySchema(Schema):
    seat = fields.String(required=True, validate=_SEAT)
    name = fields.String(required=True, allow_none=True)
    plays = fields.Integer(required=True)
    costly = fields.Integer(required=True)
    lost = fields.Integer(required=True)


class AnalysisSchema(Schema):
    """A record's double-dummy analysis: per deal its value, calls and plays; per seat its accuracy."""

    version = fields.Integer(required=True, metadata={"description": "the analysis version"})
    seats = fields.List(fields.String(validate=_SEAT), required=True, metadata={
        "description": "the table's seat tokens, in the order of play: N E S W, or 0 .. n-1"})
    deals = fields.List(fields.Nested(DealAnalysisSchema()), required=True)
    players = fields.List(fields.Nested(PlayerAccuracySchema()), required=True)
