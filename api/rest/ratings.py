"""The JSON API of the ratings (docs/RATINGS.md): ``GET /ratings``, one ladder per request, and
the schema of a player's ratings that ``GET /players/{id}`` adds to its answer.

Reads only, open unless the server is private. The view is thin: it validates the query, calls
api/store/ratings.py and shapes the page.
"""

from __future__ import annotations

import json
import math
from typing import Any

from flask import Response
from flask_smorest import Blueprint
from marshmallow import Schema, fields, validate

from euchre_records.table import Variant

from ..db import get_db
from ..store import ratings as store_ratings
from .document import CHALLENGE
from .schemas import MAX_PER_PAGE, date_validators, ErrorSchema, PageArgs, PageSchema

__all__ = ["ratings_blp", "PlayerRatingSchema"]

ratings_blp = Blueprint("ratings", __name__, description="Ratings of players and partnerships "
                        "(openskill's Plackett-Luce) from every stored game, rubber and "
                        "progressive sitting, in time order")

_DATE = date_validators("expected a date YYYY, YYYY-MM or YYYY-MM-DD")


class RatingsArgs(PageArgs):

    kind = fields.String(load_default="players", validate=validate.OneOf(store_ratings.KINDS),
                         metadata={"description": "the players' ladder or the partnerships'"})
    variant = fields.String(load_default="four-handed",
                            validate=validate.OneOf([v.value for v in Variant]),
                            metadata={"description": "the game's variant: each has its ladder "
                                                     "(at tables of 2, 3 and 5 each player is "
                                                     "ranked by his place)"})
    club = fields.String(metadata={"description": "only this club's records: a ladder of their "
                                                  "own, from new ratings"})
    date_from = fields.String(data_key="from", validate=_DATE, metadata={
        "description": "only records dated on or after (YYYY, YYYY-MM or YYYY-MM-DD)"})
    date_to = fields.String(data_key="to", validate=_DATE, metadata={
        "description": "only records dated on or before, inclusive (to=2026-11: all November)"})
    per_page = fields.Integer(load_default=50, validate=validate.Range(min=1, max=MAX_PER_PAGE),
                              metadata={"description": f"items per page, at most {MAX_PER_PAGE}"})


class LadderEntrantSchema(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)


class LadderRowSchema(Schema):
    place = fields.Integer(required=True, metadata={"description": "equal ratings share a place"})
    name = fields.String(required=True, metadata={"description": "a player, or 'A & B'"})
    id = fields.Integer(metadata={"description": "the player's registry id (players' ladder)"})
    ids = fields.String(metadata={"description": "the partners' ids, 'A+B' (partnerships')"})
    players = fields.List(fields.Nested(LadderEntrantSchema()), required=True)
    rating = fields.Float(required=True, metadata={
        "description": "mu - 3 sigma (openskill's ordinal): what the ladder is ordered by"})
    mu = fields.Float(required=True, metadata={"description": "the skill estimate"})
    sigma = fields.Float(required=True, metadata={"description": "its uncertainty"})
    matches = fields.Integer(required=True)
    won = fields.Integer(required=True)
    lost = fields.Integer(required=True)
    drawn = fields.Integer(required=True)
    last_date = fields.String(allow_none=True, required=True)


class RatingModelSchema(Schema):
    name = fields.String(required=True)
    mu = fields.Float(required=True)
    sigma = fields.Float(required=True)
    beta = fields.Float(required=True)
    kappa = fields.Float(required=True)
    tau = fields.Float(required=True)
    ordinal = fields.String(required=True)


class LadderPageSchema(PageSchema):
    kind = fields.String(required=True)
    variant = fields.String(required=True)
    model = fields.Nested(RatingModelSchema(), required=True)
    unrated = fields.Integer(required=True, metadata={
        "description": "current records (after the filters) that give no match"})
    items = fields.List(fields.Nested(LadderRowSchema()), required=True)


class RatingPointSchema(Schema):
    record_id = fields.Integer(required=True)
    date = fields.String(allow_none=True, required=True)
    kind = fields.String(required=True, metadata={"description": "game, rubber or sitting"})
    game = fields.Integer(allow_none=True, required=True)
    outcome = fields.String(required=True, metadata={"description": "won, lost or drawn"})
    rating = fields.Float(required=True)
    mu = fields.Float(required=True)
    sigma = fields.Float(required=True)
    change = fields.Float(required=True, metadata={"description": "of the rating, by this match"})
    events = fields.List(fields.Integer(), required=True)
    place = fields.Integer(required=True, metadata={
        "description": "where the entrant finished: 1 + the sides (or, at tables of 2, 3 and 5, "
                       "the players) ranked better; level ones share a place"})
    of = fields.Integer(required=True, metadata={
        "description": "the sides, or players, of the match"})


class PlayerRatingSchema(Schema):
    """A player's rating in one variant's ladder, with its history."""

    variant = fields.String(required=True)
    place = fields.Integer(required=True)
    of = fields.Integer(required=True, metadata={"description": "players in the ladder"})
    rating = fields.Float(required=True)
    mu = fields.Float(required=True)
    sigma = fields.Float(required=True)
    matches = fields.Integer(required=True)
    won = fields.Integer(required=True)
    lost = fields.Integer(required=True)
    drawn = fields.Integer(required=True)
    history = fields.List(fields.Nested(RatingPointSchema()), required=True, metadata={
        "description": "the rating after each match, in time order"})


def model_description() -> dict[str, Any]:
    from euchre_records.events.ratings import MODEL_PARAMETERS, ORDINAL_Z
    return {"name": "openskill PlackettLuce", **MODEL_PARAMETERS,
            "ordinal": f"mu - {ORDINAL_Z:g} sigma"}


@ratings_blp.route("/ratings", methods=["GET"])
@ratings_blp.arguments(RatingsArgs, location="query")
@ratings_blp.alt_response(200, schema=LadderPageSchema, success=True,
                          description="one page of a ladder, best first")
@ratings_blp.alt_response(401, schema=ErrorSchema, headers=CHALLENGE)
@ratings_blp.alt_response(422, schema=ErrorSchema)
@ratings_blp.doc(operationId="listRatings", summary="A rating ladder of players or partnerships")
def list_ratings(args: dict[str, Any]) -> Response:
    db = get_db()
    filters = (args.get("club"), args.get("date_from"), args.get("date_to"))
    rows = store_ratings.ladder(db, kind=args["kind"], variant=args["variant"], club=filters[0],
                                date_from=filters[1], date_to=filters[2])
    per, page = args["per_page"], args["page"]
    body = {"kind": args["kind"], "variant": args["variant"], "model": model_description(),
            "unrated": len(store_ratings.unrated(db, *filters)),
            "items": rows[(page - 1) * per:page * per], "page": page, "per_page": per,
            "total": len(rows), "pages": math.ceil(len(rows) / per) if rows else 0}
    return Response(json.dumps(body, ensure_ascii=False), mimetype="application/json")
