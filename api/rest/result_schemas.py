"""The replay result's schema in the API's document, for every table: the shape of
:func:`euchre_records.schema.results.dump_result` (docs/FORMAT.md, "Replay result" and "Tables of
two, three and five"), answered by ``POST /validate`` and ``GET /records/{id}/result``:
:data:`ANY_RESULT`, ``oneOf`` the four-handed ``Result`` (seats ``N E S W``, scores
``{"ns", "ew"}``, a rubber) and the ``TableOfNResult`` (seats ``"0" .. "n-1"``, scores arrays of
n, no rubber). The fields both have are written once (``_*_fields``), given a :class:`_Kind`.

Every key is always there (``null`` when there is no value), so every field is required; no
other key is allowed (the tests validate real answers against this schema). The enums are the
core's own (:class:`FindingKind`, :class:`DealKind`, :class:`Variant`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from marshmallow import Schema, fields, validate

from euchre_records.model import DealKind, FindingKind
from euchre_records.table import Variant

from .document import Typed, component_ref

__all__ = ["seat", "side", "ResultSchema", "PointsSchema", "FindingSchema", "DealResultSchema",
           "GameResultSchema", "RubberResultSchema", "TableOfNResultSchema", "SEAT_TOKEN",
           "ANY_RESULT"]

Field = fields.Field[Any]


def seat(**kwargs: Any) -> Typed:
    """A seat: the shared ``Seat`` enum."""
    return Typed(component_ref("Seat"), **kwargs)


def side(**kwargs: Any) -> Typed:
    """A side: the shared ``Side`` enum."""
    return Typed(component_ref("Side"), **kwargs)


SEAT_TOKEN = validate.OneOf(["0", "1", "2", "3", "4"])
"""A seat at a table of n: its token."""


def _token(**kwargs: Any) -> fields.String:
    return fields.String(validate=SEAT_TOKEN, **kwargs)


class PointsSchema(Schema):
    """A score or a change of score: ``{"ns": int, "ew": int}``."""

    ns = fields.Integer(required=True)
    ew = fields.Integer(required=True)


def _points(description: str, nullable: bool = False) -> Field:
    return fields.Nested(PointsSchema(), required=True, allow_none=nullable,
                         metadata={"description": description})


def _scores(description: str, nullable: bool = False) -> Field:
    return fields.List(fields.Integer(), required=True, allow_none=nullable,
                       validate=validate.Length(min=2, max=5),
                       metadata={"description": description + "; one per seat, seat 0 first"})


def _moved(description: str, nullable: bool = False) -> Field:
    """What a finding moved at a table of n: one per seat, or empty (a scoresheet finding)."""
    return fields.List(fields.Integer(), required=True, validate=validate.Length(max=5), metadata={
        "description": description + "; one per seat, seat 0 first, or none"})


@dataclass(frozen=True)
class _Kind:
    """How a kind of table writes its result: a seat, a game's winner (a side or a seat), a
    score (``scores(description, nullable)``), what a finding moved, the trumps; a finding's
    ``status`` (``statuses``: its values, None: any string, each law its own ruling)."""

    seat: Callable[..., Field]
    winner: Callable[..., Field]
    scores: Callable[[str, bool], Field]
    moved: Callable[[str, bool], Field]
    trumps: tuple[str, ...]
    statuses: tuple[str, ...] | None
    status_description: str


SIDES = _Kind(seat, side, _points, _points, ("S", "H", "D", "C", "NT"), None,
              "revokes: established, corrected, claimed or not borne out; other laws: the ruling")
PLAYERS = _Kind(_token, _token, _scores, _moved, ("S", "H", "D", "C", "NT"),
                ("established", "corrected", "claimed", "not borne out", "not guaranteed",
                 "out of turn", "stopped", "void", "five cards", "exposed", "no penalty", "too late",
                 "misdeal", "new deal"),
                "revokes: established, corrected (before the trick was quitted), claimed, or not "
                "borne out (claimed, the cards show none); "
                "claims: not guaranteed (the cards refute the claim); a deal out of turn: out of "
                "turn, stopped; the turned-down suit named: void; a dealer who played before "
                "discarding: five cards; an exposed card: exposed, or no penalty (a lone player); "
                "a score correction after the next trump card was turned: too late; a void deal: "
                "misdeal, new deal (laws.void_ruling, the four-handed rulings)")


def _finding_fields(kind: _Kind) -> dict[str, Field]:
    """A breach of the laws, or a scoresheet disagreement, with its rule."""
    statuses = None if kind.statuses is None else validate.OneOf(kind.statuses)
    return {
        "kind": fields.String(required=True, validate=validate.OneOf([k.value for k in FindingKind])),
        "message": fields.String(required=True, metadata={"description": "the finding in words, "
                                                                         "with its rule"}),
        "rule": fields.String(required=True, metadata={"description": "the rule cited, e.g. "
                                                                      "Somerset 62-64"}),
        "deal": fields.Integer(required=True, allow_none=True, metadata={"description": "1-based"}),
        "trick": fields.Integer(required=True, allow_none=True, metadata={"description": "1-based"}),
        "seat": kind.seat(required=True, allow_none=True),
        "card": fields.String(required=True, allow_none=True, metadata={"description": "e.g. JH"}),
        "held": fields.List(fields.String(), required=True, metadata={
            "description": "revokes: the cards of the suit led the offender held (or played later)"}),
        "status": fields.String(required=True, allow_none=True, validate=statuses,
                                metadata={"description": kind.status_description}),
        "points": kind.moved("the points this finding moved (penalties)", False),
        "recorded": kind.scores("scoresheet: what the scorer wrote", True),
        "computed": kind.scores("scoresheet: what the replay computes", True),
    }


def _deal_fields(kind: _Kind, finding: type[Schema]) -> dict[str, Field]:
    """What the replay computed for one deal, at any table."""
    return {
        "number": fields.Integer(required=True, metadata={"description": "1-based"}),
        "kind": fields.String(required=True, validate=validate.OneOf([k.value for k in DealKind])),
        "dealer": kind.seat(required=True),
        "trump": fields.String(required=True, allow_none=True, validate=validate.OneOf(kind.trumps),
                               metadata={"description": "null when thrown in" + (
                                   "; NT: no trump (house rule)" if "NT" in kind.trumps else "")}),
        "maker": kind.seat(required=True, allow_none=True),
        "alone": fields.Boolean(required=True),
        "thrown_in": fields.Boolean(required=True),
        "void": fields.String(required=True, allow_none=True,
                              metadata={"description": "why the deal was void (a misdeal ...)"}),
        "unfinished": fields.Boolean(required=True, metadata={
            "description": "the record stops inside this deal: not scored"}),
        "next_dealer": kind.seat(required=True, allow_none=True, metadata={
            "description": "who deals next when the laws decide it; null: the left neighbour"}),
        "leaders": fields.List(kind.seat(), required=True, metadata={"description": "per trick"}),
        "winners": fields.List(kind.seat(), required=True, metadata={"description": "per trick"}),
        "hand_points": kind.scores("the hand's own points as played (after the revoke rules)", False),
        "penalty": kind.scores("revoke and other penalties, scored first", False),
        "points": kind.scores("hand_points + penalty", False),
        "findings": fields.List(fields.Nested(finding()), required=True),
        "notes": fields.List(fields.String(), required=True),
    }


def _game_fields(kind: _Kind) -> dict[str, Field]:
    """One game, at any table."""
    return {
        "number": fields.Integer(required=True),
        "first_deal": fields.Integer(required=True, metadata={"description": "1-based"}),
        "last_deal": fields.Integer(required=True),
        "start": kind.scores("the score at the start (four-handed: a lap carried in)", False),
        "score": kind.scores("the score at the end (uncapped)", False),
        "winner": kind.winner(required=True, allow_none=True,
                              metadata={"description": "who won: a side (four-handed) or a "
                                                       "seat; null: unfinished"}),
        "finished": fields.Boolean(required=True),
    }


def _result_fields(rules: type[Schema], deal: type[Schema], game: type[Schema],
                   finding: type[Schema], rubber: Field) -> dict[str, Field]:
    """The replay result: rules, deals, games, rubber and findings (docs/FORMAT.md)."""
    return {
        "rules": fields.Nested(rules(), required=True),
        "clean": fields.Boolean(required=True, metadata={"description": "true: no findings"}),
        "deals": fields.List(fields.Nested(deal()), required=True),
        "games": fields.List(fields.Nested(game()), required=True),
        "rubber": rubber,
        "findings": fields.List(fields.Nested(finding()), required=True, metadata={
            "description": "every finding of the record in order, the deals' included"}),
        "notes": fields.List(fields.String(), required=True),
    }


# --- the four-handed game: sides, (ns, ew), rubbers ------------------------------------------

class RulesOutSchema(Schema):
    preset = fields.String(required=True, metadata={"description": "somerset-1888, hoyle or "
                                                                   "modern"})
    overrides = Typed(component_ref("RuleOverrides"), required=True)
    options = Typed(component_ref("RuleOptions"), required=True)


class RubberResultSchema(Schema):
    system = fields.String(required=True, metadata={"description": "somerset or whist"})
    games_won = _points("games won by each side")
    winner = side(required=True, allow_none=True)
    finished = fields.Boolean(required=True)
    rubber_points = _points("rubber points of each side")
    net = fields.Integer(required=True, metadata={"description": "the winner's rubber points "
                                                                 "minus the loser's"})


FindingSchema = Schema.from_dict(_finding_fields(SIDES), name="FindingSchema")

DealResultSchema = Schema.from_dict({
    **_deal_fields(SIDES, FindingSchema),
    "turned": fields.String(required=True, allow_none=True,
                            metadata={"description": "the turned card; null when unknown"}),
    "maker_side": side(required=True, allow_none=True),
    "defender_alone": seat(required=True, allow_none=True),
    "redeal": fields.Boolean(required=True),
    "tricks": _points("tricks won by each side"),
}, name="DealResultSchema")

GameResultSchema = Schema.from_dict({
    **_game_fields(SIDES),
    "carried": _points("points carried into the next game (option lap)"),
    "rubber_points": _points("rubber points this game earned"),
}, name="GameResultSchema")

ResultSchema = Schema.from_dict(_result_fields(
    RulesOutSchema, DealResultSchema, GameResultSchema, FindingSchema,
    fields.Nested(RubberResultSchema(), required=True, allow_none=True,
                  metadata={"description": "null when the rules play single games"})),
    name="ResultSchema")


# --- tables of 2, 3 and 5: seat tokens, a score per player, no rubber --------------------

class TableOfNRulesSchema(Schema):
    preset = fields.String(required=True)
    seats = fields.Integer(required=True, validate=validate.OneOf([2, 3, 5]))
    variant = fields.String(required=True, validate=validate.OneOf(
        [v.value for v in Variant if v is not Variant.FOUR_HANDED]))


TableOfNFindingSchema = Schema.from_dict(_finding_fields(PLAYERS), name="TableOfNFindingSchema")

TableOfNDealSchema = Schema.from_dict({
    **_deal_fields(PLAYERS, TableOfNFindingSchema),
    "makers": fields.List(_token(), required=True, metadata={
        "description": "the making side's seats, the maker first"}),
    "defenders": fields.List(_token(), required=True),
    "called": fields.String(required=True, allow_none=True, metadata={
        "description": "five-handed: the card the maker named"}),
    "partner": _token(required=True, allow_none=True, metadata={
        "description": "five-handed: the holder of the called card"}),
    "partner_known": fields.Boolean(required=True),
    "maker_tricks": fields.Integer(required=True),
}, name="TableOfNDealSchema")

TableOfNGameSchema = Schema.from_dict(_game_fields(PLAYERS), name="TableOfNGameSchema")

TableOfNResultSchema = Schema.from_dict(_result_fields(
    TableOfNRulesSchema, TableOfNDealSchema, TableOfNGameSchema, TableOfNFindingSchema,
    fields.Constant(None, required=True, allow_none=True, metadata={
        "description": "always null: only fixed partnerships play rubbers"})),
    name="TableOfNResultSchema")


ANY_RESULT: dict[str, Any] = {
    "oneOf": [ResultSchema, TableOfNResultSchema],
    "description": "four-handed: Result; at a table of two, three or five: TableOfNResult"}
"""The documented answer of /validate and /records/{id}/result: either shape of result."""
