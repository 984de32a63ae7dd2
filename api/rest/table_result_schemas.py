"""The replay result at a table of two, three or five in the API's document: the shape of
:func:`euchre_records.schema.tables.dump_table_result` (docs/FORMAT.md "Tables of two, three and
five"), answered by ``POST /validate`` and ``GET /records/{id}/result`` for such a record.

Seats are the tokens ``"0" .. "n-1"``; every score is an array of n integers, one per seat (the
scores are kept per player: no sides are fixed). As :mod:`.result_schemas`, every key is always
there, so every field is required.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from euchre_records.model import DealKind, FindingKind
from euchre_records.table import Variant

__all__ = ["TableOfNResultSchema", "SEAT_TOKEN", "ANY_RESULT"]

SEAT_TOKEN = validate.OneOf(["0", "1", "2", "3", "4"])
"""A seat at a table of n: its token."""


def _token(**kwargs: Any) -> fields.String:
    return fields.String(validate=SEAT_TOKEN, **kwargs)


def _scores(description: str, nullable: bool = False) -> fields.List[Any]:
    return fields.List(fields.Integer(), required=True, allow_none=nullable,
                       validate=validate.Length(min=2, max=5),
                       metadata={"description": description + " (one per seat, seat 0 first)"})


class TableOfNRulesSchema(Schema):
    preset = fields.String(required=True)
    seats = fields.Integer(required=True, validate=validate.OneOf([2, 3, 5]))
    variant = fields.String(required=True, validate=validate.OneOf(
        [v.value for v in Variant if v is not Variant.FOUR_HANDED]))


class TableOfNFindingSchema(Schema):
    kind = fields.String(required=True, validate=validate.OneOf([k.value for k in FindingKind]))
    message = fields.String(required=True)
    rule = fields.String(required=True, metadata={"description": "the rule cited"})
    deal = fields.Integer(required=True, allow_none=True)
    trick = fields.Integer(required=True, allow_none=True)
    seat = _token(required=True, allow_none=True)
    card = fields.String(required=True, allow_none=True)
    points = fields.List(fields.Integer(), required=True,
                         metadata={"description": "the points this finding moved, per seat"})
    recorded = _scores("scoresheet: what the scorer wrote", nullable=True)
    computed = _scores("scoresheet: what the replay computes", nullable=True)
    held = fields.List(fields.String(), required=True, metadata={
        "description": "revokes: the cards of the suit led the offender held (or played later)"})
    status = fields.String(required=True, allow_none=True, validate=validate.OneOf(
        ["established", "claimed", "not borne out", "not guaranteed"]), metadata={
        "description": "revokes: established, claimed, or not borne out (claimed, the cards show "
                       "none); claims: not guaranteed (the cards refute the claim)"})


class TableOfNDealSchema(Schema):
    number = fields.Integer(required=True)
    kind = fields.String(required=True, validate=validate.OneOf([k.value for k in DealKind]))
    dealer = _token(required=True)
    trump = fields.String(required=True, allow_none=True,
                          validate=validate.OneOf(["S", "H", "D", "C", "NT"]),
                          metadata={"description": "null when thrown in; NT: no trump (house rule)"})
    maker = _token(required=True, allow_none=True)
    alone = fields.Boolean(required=True)
    makers = fields.List(_token(), required=True, metadata={
        "description": "the making side's seats, the maker first"})
    defenders = fields.List(_token(), required=True)
    called = fields.String(required=True, allow_none=True, metadata={
        "description": "five-handed: the card the maker named"})
    partner = _token(required=True, allow_none=True, metadata={
        "description": "five-handed: the holder of the called card"})
    partner_known = fields.Boolean(required=True)
    thrown_in = fields.Boolean(required=True)
    void = fields.String(required=True, allow_none=True)
    unfinished = fields.Boolean(required=True)
    next_dealer = _token(required=True, allow_none=True)
    leaders = fields.List(_token(), required=True)
    winners = fields.List(_token(), required=True)
    maker_tricks = fields.Integer(required=True)
    hand_points = _scores("the hand's own points")
    penalty = _scores("revoke penalties, scored first")
    points = _scores("hand_points + penalty")
    findings = fields.List(fields.Nested(TableOfNFindingSchema()), required=True)
    notes = fields.List(fields.String(), required=True)


class TableOfNGameSchema(Schema):
    number = fields.Integer(required=True)
    first_deal = fields.Integer(required=True)
    last_deal = fields.Integer(required=True)
    start = _scores("the score at the start")
    score = _scores("the score at the end")
    winner = _token(required=True, allow_none=True, metadata={
        "description": "the seat who won the game; null: unfinished"})
    finished = fields.Boolean(required=True)


class TableOfNResultSchema(Schema):
    """The replay result at a table of 2, 3 or 5: scores per player, no rubber."""

    rules = fields.Nested(TableOfNRulesSchema(), required=True)
    clean = fields.Boolean(required=True)
    deals = fields.List(fields.Nested(TableOfNDealSchema()), required=True)
    games = fields.List(fields.Nested(TableOfNGameSchema()), required=True)
    rubber = fields.Constant(None, required=True, allow_none=True, metadata={
        "description": "always null: only fixed partnerships play rubbers"})
    findings = fields.List(fields.Nested(TableOfNFindingSchema()), required=True)
    notes = fields.List(fields.String(), required=True)


def _any_result() -> dict[str, Any]:
    from .result_schemas import ResultSchema
    return {"oneOf": [ResultSchema, TableOfNResultSchema],
            "description": "four-handed: Result; at a table of two, three or five: TableOfNResult"}


ANY_RESULT = _any_result()
"""The documented answer of /validate and /records/{id}/result: either shape of result."""
