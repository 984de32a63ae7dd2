"""The replay result's schema in the API's document: the shape of
:func:`euchre_records.schema.results.dump_result` (docs/FORMAT.md, "Replay result"), answered by
``POST /validate`` and ``GET /records/{id}/result``.

Every key is always there (``null`` when there is no value), so every field is required; no
other key is allowed (the tests validate real answers against this schema). The enums are the
core's own (:class:`FindingKind`, :class:`DealKind`), so a new kind is documented when it is made.
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate

from euchre_records.model import DealKind, FindingKind

from .document import Typed, component_ref

__all__ = ["seat", "side", "ResultSchema", "PointsSchema", "FindingSchema", "DealResultSchema",
           "GameResultSchema", "RubberResultSchema"]

def seat(**kwargs: Any) -> Typed:
    """A seat: the shared ``Seat`` enum."""
    return Typed(component_ref("Seat"), **kwargs)


def side(**kwargs: Any) -> Typed:
    """A side: the shared ``Side`` enum."""
    return Typed(component_ref("Side"), **kwargs)


class PointsSchema(Schema):
    """A score or a change of score: ``{"ns": int, "ew": int}``."""

    ns = fields.Integer(required=True)
    ew = fields.Integer(required=True)


def _points(description: str, nullable: bool = False) -> fields.Nested:
    return fields.Nested(PointsSchema(), required=True, allow_none=nullable,
                         metadata={"description": description})


class RulesOutSchema(Schema):
    preset = fields.String(required=True, metadata={"description": "somerset-1888, hoyle or "
                                                                   "modern"})
    overrides = Typed(component_ref("RuleOverrides"), required=True)
    options = Typed(component_ref("RuleOptions"), required=True)


class FindingSchema(Schema):
    """A breach of the laws, or a scoresheet disagreement, with its rule."""

    kind = fields.String(required=True, validate=validate.OneOf([k.value for k in FindingKind]))
    message = fields.String(required=True, metadata={"description": "the finding in words, "
                                                                    "with its rule"})
    rule = fields.String(required=True, metadata={"description": "the rule cited, e.g. Somerset 62-64"})
    deal = fields.Integer(required=True, allow_none=True, metadata={"description": "1-based"})
    trick = fields.Integer(required=True, allow_none=True, metadata={"description": "1-based"})
    seat = seat(required=True, allow_none=True)
    card = fields.String(required=True, allow_none=True, metadata={"description": "e.g. JH"})
    held = fields.List(fields.String(), required=True,
                       metadata={"description": "revokes: the cards of the suit led he held"})
    status = fields.String(required=True, allow_none=True, metadata={
        "description": "revokes: established, corrected or claimed"})
    points = _points("the points this finding moved (penalties)")
    recorded = _points("scoresheet: what the scorer wrote", nullable=True)
    computed = _points("scoresheet: what the replay computes", nullable=True)


class DealResultSchema(Schema):
    """What the replay computed for one deal."""

    number = fields.Integer(required=True, metadata={"description": "1-based"})
    kind = fields.String(required=True, validate=validate.OneOf([k.value for k in DealKind]))
    dealer = seat(required=True)
    turned = fields.String(required=True, allow_none=True,
                           metadata={"description": "the turned card; null when unknown"})
    trump = fields.String(required=True, allow_none=True,
                          validate=validate.OneOf(["S", "H", "D", "C", "NT"]), metadata={
                              "description": "null when thrown in; NT: no trump (house rule)"})
    maker = seat(required=True, allow_none=True)
    maker_side = side(required=True, allow_none=True)
    alone = fields.Boolean(required=True)
    defender_alone = seat(required=True, allow_none=True)
    thrown_in = fields.Boolean(required=True)
    redeal = fields.Boolean(required=True)
    void = fields.String(required=True, allow_none=True,
                         metadata={"description": "why the deal was void (a misdeal ...)"})
    unfinished = fields.Boolean(required=True, metadata={
        "description": "the record stops inside this deal: not scored"})
    next_dealer = seat(required=True, allow_none=True, metadata={
        "description": "who deals next when the laws decide it; null: the left neighbour"})
    leaders = fields.List(seat(), required=True, metadata={"description": "per trick"})
    winners = fields.List(seat(), required=True, metadata={"description": "per trick"})
    tricks = _points("tricks won by each side")
    hand_points = _points("the hand's own points as played (after the revoke rules)")
    penalty = _points("revoke and other penalties, scored first")
    points = _points("hand_points + penalty")
    findings = fields.List(fields.Nested(FindingSchema()), required=True)
    notes = fields.List(fields.String(), required=True)


class GameResultSchema(Schema):
    number = fields.Integer(required=True)
    first_deal = fields.Integer(required=True, metadata={"description": "1-based"})
    last_deal = fields.Integer(required=True)
    start = _points("the score at the start (a lap carried in)")
    score = _points("the score at the end (uncapped)")
    winner = side(required=True, allow_none=True, metadata={"description": "null: unfinished"})
    finished = fields.Boolean(required=True)
    carried = _points("points carried into the next game (option lap)")
    rubber_points = _points("rubber points this game earned")


class RubberResultSchema(Schema):
    system = fields.String(required=True, metadata={"description": "somerset or whist"})
    games_won = _points("games won by each side")
    winner = side(required=True, allow_none=True)
    finished = fields.Boolean(required=True)
    rubber_points = _points("rubber points of each side")
    net = fields.Integer(required=True, metadata={"description": "the winner's rubber points "
                                                                 "minus the loser's"})


class ResultSchema(Schema):
    """The replay result: rules, deals, games, rubber and findings (docs/FORMAT.md)."""

    rules = fields.Nested(RulesOutSchema(), required=True)
    clean = fields.Boolean(required=True, metadata={"description": "true: no findings"})
    deals = fields.List(fields.Nested(DealResultSchema()), required=True)
    games = fields.List(fields.Nested(GameResultSchema()), required=True)
    rubber = fields.Nested(RubberResultSchema(), required=True, allow_none=True,
                           metadata={"description": "null when the rules play single games"})
    findings = fields.List(fields.Nested(FindingSchema()), required=True, metadata={
        "description": "every finding of the record in order, the deals' included"})
    notes = fields.List(fields.String(), required=True)
