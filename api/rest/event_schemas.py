"""Marshmallow schemas of the events and player-registry API (docs/EVENTS.md).

Request bodies (``EventCreateSchema``, ``SeatingSchema``, ``SittingSchema``, ``MergeSchema``,
``NameSchema``) are what the views load a body with, so the document's types and required
fields are the server's: a key the schema does not know is refused (422, located), as is a
missing required one. The store checks the meaning after them (a league that is a league, a
name in the registry ...).

Response schemas list every key of the answers built by api/store/events.py and players.py
(required when always there; no other key allowed), like api/rest/schemas.py.
"""

from __future__ import annotations

from typing import Any

from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate, validates_schema

from euchre_records.events.tournament import INDIVIDUAL_FORMATS, Format, Pairing, PlaceScoring
from euchre_records.schema.basefields import _CONTROL_CLASS, NameField, label_problem

from ..store.store import MAX_ID
from .document import Typed
from .ratings import PlayerRatingSchema
from .schemas import PageArgs, PageSchema, date_validators

__all__ = [
    "EventListArgs", "PlayerSearchArgs", "PlayerArgs", "EventCreateSchema", "SeatingSchema",
    "SittingSchema", "MergeSchema", "NameSchema", "EventSummarySchema", "EventSchema",
    "EventPageSchema", "StandingsSchema", "RoundSchema", "CreatedSchema", "PlayerSchema",
    "PlayerPageSchema",
]

LABEL_PATTERN = f"^[^{_CONTROL_CLASS}]*(?![\\s\\S])"
"""A label as the store takes it (label_problem): one line of visible text. The final lookahead ends
the text in both regex dialects (Python's ``$`` also matches before a final newline)."""
NAME_PATTERN = f"^[^{_CONTROL_CLASS}]*[^\\s{_CONTROL_CLASS}][^{_CONTROL_CLASS}]*(?![\\s\\S])"
"""A name: a label with a character that is not a space."""
FORMATS = [f.value for f in Format]
PLACE_SCORINGS = [p.value for p in PlaceScoring]
_TOKENS = ("N", "E", "S", "W", "0", "1", "2", "3", "4")
PAIRINGS = [p.value for p in Pairing]
SEATS = ("N", "E", "S", "W")


# --- query arguments ------------------------------------------------------------------------

class EventListArgs(PageArgs):
    club = fields.String(metadata={"description": (
        "only the events this club owns (made with its token; for events made by a local "
        "command, which no club owns: their label)")})
    club_label = fields.String(metadata={"description": (
        "only the events whose own club label (free text) is this, whoever made them")})


class PlayerSearchArgs(PageArgs):
    q = fields.String(validate=validate.Length(max=200), metadata={
        "description": "part of a name or alias, matched after NFC and case folding"})


class PlayerArgs(Schema):
    class Meta:
        unknown = EXCLUDE

    event = fields.Integer(validate=validate.Range(min=1, max=MAX_ID), metadata={
        "description": "statistics over this event's sittings only (a league: its nights)"})


# --- request bodies -------------------------------------------------------------------------

class NameOrEntrant(Typed):
    """An event's player: a name, or an :class:`EntrantSchema` object."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__({"oneOf": [{"type": "string", "minLength": 1, "maxLength": 200,
                                     "pattern": NAME_PATTERN}, EntrantSchema]}, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            if not value.strip() or len(value) > 200:
                raise ValidationError("a name is 1 to 200 characters")
            return value
        if isinstance(value, dict):
            return _ENTRANT.load(value)
        raise ValidationError("a player is a name or {name, id, pair} or {player, pair}")


class IdOrName(Typed):
    """A seat of a seating: a registry id, or a name (the event's players first, then the
    registry)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__({"oneOf": [{"type": "integer", "minimum": 1, "maximum": MAX_ID},
                                    {"type": "string", "minLength": 1, "maxLength": 200,
                                     "pattern": "\\S"}]},
                         **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, float) and value.is_integer():
            value = int(value)   # JSON Schema's integer: 424.0 is the integer 424
        if isinstance(value, bool) or not isinstance(value, (int, str)):
            raise ValidationError("a player is a registry id or a name")
        if isinstance(value, int) and not 1 <= value <= MAX_ID:
            raise ValidationError(f"no player with id {value}")
        if isinstance(value, str) and not (value.strip() and len(value) <= 200):
            raise ValidationError("a name is 1 to 200 characters")
        return value


class EntrantSchema(Schema):
    """An event's player as an object: a new or known ``name`` (with the notation's player
    ``id``), or a registry id (``player``); ``pair`` numbers a pairs event's partnership."""

    name = fields.String(validate=validate.Length(min=1, max=200),
                         metadata={"pattern": NAME_PATTERN})
    id = fields.String(validate=validate.Length(min=1, max=64), metadata={"pattern": LABEL_PATTERN,
        "description": "the player's id in the records (the notation's players.X.id)"})
    player = fields.Integer(validate=validate.Range(min=1, max=MAX_ID), metadata={
        "description": "a registry id, instead of a name"})
    pair = fields.Integer(validate=validate.Range(min=1, max=10_000))

    json_schema_rules: dict[str, Any] = {"anyOf": [
        {"type": "object", "required": ["name"], "properties": {"name": {}}},
        {"type": "object", "required": ["player"], "properties": {"player": {}}}]}
    """What ``_named`` checks, in the document: a name or a registry id."""

    @validates_schema
    def _named(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("name") is None and data.get("player") is None:
            raise ValidationError("a player needs a name or a registry id (player)")


_ENTRANT = EntrantSchema()


def _text(description: str | None = None, max_length: int = 1024,
          pattern: str | None = None) -> fields.String:
    meta: dict[str, Any] = {"description": description} if description else {}
    if pattern:
        meta["pattern"] = pattern
    return fields.String(allow_none=True, validate=validate.Length(max=max_length), metadata=meta)


def _count(description: str | None = None, top: int = 10_000) -> fields.Integer:
    meta = {"description": description} if description else {}
    return fields.Integer(allow_none=True, validate=validate.Range(min=1, max=top),
                          metadata=meta)


def _date(description: str) -> fields.String:
    return fields.String(allow_none=True, validate=date_validators(
        "expected a date YYYY-MM-DD (or YYYY-MM, YYYY)"),
        metadata={"description": description})


class EventCreateSchema(Schema):
    """The body of ``POST /events`` (docs/EVENTS.md, "Creating")."""

    name = fields.String(required=True, validate=validate.Length(min=1, max=200),
                         metadata={"pattern": NAME_PATTERN})
    format = fields.String(required=True, validate=validate.OneOf(FORMATS))
    club = _text("the club (default: the token's club)", pattern=LABEL_PATTERN)
    date_from = _date("first day, YYYY-MM-DD")
    date_to = _date("last day, YYYY-MM-DD")
    pairing = fields.String(allow_none=True, validate=validate.OneOf(PAIRINGS),
                            metadata={"description": "pairs events: how the pairs meet"})
    rounds = _count()
    deals_per_round = _count("progressive events: the deals of a round")
    scoring = fields.String(allow_none=True, validate=validate.OneOf(
        ["rubbers", "progressive", "pairs"]), metadata={"description": "a league's ranking"})
    league = _count("the league (season) this event is a night of", top=MAX_ID)
    description = _text()
    match_id = _text("EMN: the match's id", pattern=LABEL_PATTERN)
    emn_format = _text("EMN: the match format")
    emn_target = _count("EMN: the target score", top=10**9)
    seats = fields.Integer(validate=validate.OneOf([2, 3, 4, 5]), metadata={
        "description": "players at a table: 4 (partnerships, the default), or 2, 3, 5 for an "
                       "individual event (formats games or progressive; docs/EVENTS.md 2.1)"})
    place_scoring = fields.String(allow_none=True, validate=validate.OneOf(PLACE_SCORINGS),
                                  metadata={"description": "individual events: how places rank "
                                            "(default places)"})
    players = fields.List(NameOrEntrant(), metadata={
        "description": "the registered players: names, or {name, id, pair} / {player, pair}"})

    json_schema_rules: dict[str, Any] = {"allOf": [{
        "if": {"type": "object", "required": ["format"],
               "properties": {"format": {"type": "string", "not": {"const": Format.LEAGUE.value}}}},
        "then": {"properties": {"scoring": {"type": "null"}}}}, {
        "if": {"type": "object", "required": ["seats"],
               "properties": {"seats": {"type": "integer", "enum": [2, 3, 5]}}},
        "then": {"properties": {
            "format": {"type": "string", "enum": [f.value for f in INDIVIDUAL_FORMATS]},
            "league": {"type": "null"}, "scoring": {"type": "null"}}},
        "else": {"properties": {
            "format": {"type": "string", "not": {"const": Format.GAMES.value}},
            "place_scoring": {"type": "null"}}}}]}
    """What the store checks of these settings (Tournament.settings_problem, a league's night
    four-handed only), stated in the document too: only a league has a scoring format; at tables of 2, 3 or 5 (an individual event)
    the format is games or progressive and there is no league; at tables of four (seats 4 or
    left out) the format is not games and there is no place_scoring."""


_SEAT_HELP = ('N, E, S and W at a table of four; "0" .. "n-1" at a table of n (an individual '
              "event): the store says which are missing")

SeatingSeatsSchema = Schema.from_dict(
    {token: IdOrName(metadata={"description": _SEAT_HELP}) for token in _TOKENS},
    name="SeatingSeatsSchema")


class TableSeatingInSchema(Schema):
    table = fields.String(validate=validate.Length(min=1, max=64), metadata={
        "description": "the table's label (default: its place in the list, 1 ...): one line of "
                       "visible text", "pattern": LABEL_PATTERN})
    seats = fields.Nested(SeatingSeatsSchema(), required=True)


class SeatingSchema(Schema):
    """The body of ``POST /events/{event_id}/rounds/{number}/seating``."""

    tables = fields.List(fields.Nested(TableSeatingInSchema()), required=True,
                         validate=validate.Length(min=1))


class DrawSchema(Schema):
    """The body of ``POST /events/{event_id}/rounds/{number}/draw``: the seed (default: the
    server draws one). The same players and seed always draw the same tables."""

    seed = fields.Integer(validate=validate.Range(min=1, max=MAX_ID))


class SittingSchema(Schema):
    """The body of ``POST /events/{event_id}/sittings``: round and table default to the
    record's own labels."""

    record_id = fields.Integer(required=True, validate=validate.Range(min=1, max=MAX_ID))
    round = fields.Integer(validate=validate.Range(min=1, max=10_000))
    table = fields.String(validate=validate.Length(min=1, max=64), metadata={
        "description": "the table's label: one line of visible text",
        "pattern": LABEL_PATTERN})


class MergeSchema(Schema):
    """The body of ``POST /players/{player_id}/merge``."""

    into = fields.Integer(required=True, validate=validate.Range(min=1, max=MAX_ID),
                          metadata={"description": "the player that stays"})
    note = fields.String(validate=validate.Length(max=500))


class RegistryName(Typed):
    """A name given to a registry player: 1 to 200 characters, not all spaces, one line of
    visible text (the notation's rule for names, :func:`label_problem`), as the document says."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__({**NameField.schema_fragment, "minLength": 1, "maxLength": 200},
                         **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, str):
            raise ValidationError("a name is a string")
        if not (value.strip() and len(value) <= 200):
            raise ValidationError("a name is 1 to 200 characters, not all spaces")
        problem = label_problem(value)
        if problem:
            raise ValidationError(f"a name may not hold a {problem}")
        return value


class NameSchema(Schema):
    """The body of ``POST /players/{player_id}/names``."""

    name = RegistryName(required=True)
    kind = fields.String(load_default="alias", validate=validate.OneOf(["alias", "display"]),
                         metadata={"description": "alias (also matched) or display (the new name)"})


# --- answers --------------------------------------------------------------------------------

def _req(field: type[fields.Field[Any]], nullable: bool = False, **kwargs: Any) -> Any:
    return field(required=True, allow_none=nullable, **kwargs)


class PlayerRefSchema(Schema):
    id = _req(fields.Integer)
    name = _req(fields.String, nullable=True)


class EventSummarySchema(Schema):
    id = _req(fields.Integer)
    name = _req(fields.String)
    club = _req(fields.String, nullable=True)
    date_from = _req(fields.String, nullable=True)
    date_to = _req(fields.String, nullable=True)
    format = _req(fields.String, validate=validate.OneOf(FORMATS))
    pairing = _req(fields.String, nullable=True, validate=validate.OneOf(PAIRINGS))
    scoring = _req(fields.String, nullable=True, metadata={"description": "a league's ranking"})
    rounds = _req(fields.Integer, nullable=True)
    deals_per_round = _req(fields.Integer, nullable=True)
    description = _req(fields.String, nullable=True)
    match_id = _req(fields.String, nullable=True)
    created_at = _req(fields.String, metadata={"description": "UTC, ISO 8601"})
    created_by = _req(fields.String, nullable=True, metadata={
        "description": "the club and token that made it (null: a local command)"})
    league = _req(fields.Integer, nullable=True, metadata={"description": "the season's id"})
    sittings = _req(fields.Integer, metadata={"description": "sittings attached"})
    closed_at = _req(fields.String, nullable=True, metadata={
        "description": "when the director closed it (UTC; null: open, taking sittings)"})
    seats = _req(fields.Integer, metadata={"description": "players at a table (4: partnerships)"})
    place_scoring = _req(fields.String, nullable=True, metadata={
        "description": "individual events: how places rank (null: places)"})


class EventPlayerSchema(Schema):
    id = _req(fields.Integer)
    name = _req(fields.String, nullable=True)
    pair = _req(fields.Integer, nullable=True)


class EventFindingSchema(Schema):
    """A sitting that does not fit its event."""

    round = _req(fields.Integer)
    table = _req(fields.String)
    record_id = _req(fields.Integer, nullable=True)
    what = _req(fields.String)
    rule = _req(fields.String)


class EventSchema(EventSummarySchema):
    players = fields.List(fields.Nested(EventPlayerSchema()), required=True)
    events = fields.List(fields.Nested(EventSummarySchema()), required=True, metadata={
        "description": "a league: its nights"})
    rounds_recorded = fields.List(fields.Integer(), required=True, metadata={
        "description": "rounds with a seating or a sitting"})
    findings = fields.List(fields.Nested(EventFindingSchema()), required=True)


class EventPageSchema(PageSchema):
    items = fields.List(fields.Nested(EventSummarySchema()), required=True)


_FOUR = "partnership events only"
_N = "individual events (tables of 2, 3, 5) only"


class StandingSchema(Schema):
    place = _req(fields.Integer, metadata={"description": "shared places repeat (1, 2, 2, 4)"})
    entrant = _req(fields.String, metadata={"description": "a player, or a pair 'A & B'"})
    players = fields.List(fields.Nested(PlayerRefSchema()), required=True)
    sittings = _req(fields.Integer)
    points = _req(fields.Integer)
    points_against = fields.Integer(metadata={"description": _FOUR})
    difference = fields.Integer(metadata={"description": _FOUR})
    wins = _req(fields.Integer, metadata={"description": "sittings won; individual events: "
                                          "games placed first alone"})
    rounds_won = fields.Integer(metadata={"description": _FOUR})
    net_rubber_points = fields.Integer(metadata={"description": _FOUR})
    games_won = fields.Integer(metadata={"description": _FOUR})
    lone_hands_made = fields.Integer(metadata={"description": _FOUR})
    games = fields.Integer(metadata={"description": _N + ": games placed"})
    place_points = fields.Integer(metadata={
        "description": _N + ": 2 a player with fewer points at the table, 1 a player level"})
    places = fields.List(fields.Integer(), metadata={"description": _N + ": place game by game"})
    tie_break = _req(fields.String, metadata={"description": "why this place, in words"})


class PlacedGameSchema(Schema):
    """One placed game of an individual event."""

    round = _req(fields.Integer)
    table = _req(fields.String)
    game = _req(fields.Integer)
    players = fields.List(fields.String(), required=True, metadata={"description": "by seat"})
    scores = fields.List(fields.Integer(), required=True)
    places = fields.List(fields.Integer(), required=True)
    place_points = fields.List(fields.Integer(), required=True)


class StandingsSchema(Schema):
    event = fields.Nested(EventSummarySchema(), required=True)
    format = _req(fields.String, metadata={"description": "the ranking's format"})
    order = fields.List(fields.String(), required=True,
                        metadata={"description": "the criteria, in order"})
    standings = fields.List(fields.Nested(StandingSchema()), required=True)
    findings = fields.List(fields.Nested(EventFindingSchema()), required=True)
    seats = fields.Integer(metadata={"description": _N + ": players at a table"})
    place_scoring = fields.String(metadata={"description": _N + ": the scoring ranked by"})
    games = fields.List(fields.Nested(PlacedGameSchema()), metadata={
        "description": _N + ": every placed game with its places"})


TableSeatsSchema = Schema.from_dict(
    {token: fields.Nested(PlayerRefSchema(), allow_none=True, metadata={"description": _SEAT_HELP})
     for token in _TOKENS}, name="TableSeatsSchema")


class TableSeatingSchema(Schema):
    table = _req(fields.String)
    seats = fields.Nested(TableSeatsSchema(), required=True)


class RoundSittingSchema(Schema):
    table = _req(fields.String)
    record_id = _req(fields.Integer)
    attached_id = _req(fields.Integer)
    deals = _req(fields.Integer)
    seats = fields.Nested(TableSeatsSchema(), required=True)
    points = fields.List(fields.Integer(), required=True, validate=validate.Length(min=2, max=5),
                         metadata={"description": "[N-S, E-W]; at a table of n, each seat's"})


class RoundDrawSchema(Schema):
    seed = _req(fields.Integer)
    at = _req(fields.String, metadata={"description": "when the draw was made (UTC)"})


class TableFindingSchema(Schema):
    """A finding of a table's sitting: the event's (``kind`` ``event``: the sitting does not fit
    the round) or the engine's in its record (``revoke``, ``wrong-dealer`` ...)."""

    kind = _req(fields.String)
    what = _req(fields.String)
    rule = _req(fields.String, nullable=True)
    round = fields.Integer()
    table = fields.String()
    record_id = fields.Integer(allow_none=True)
    deal = fields.Integer(allow_none=True)
    trick = fields.Integer(allow_none=True)
    seat = fields.String(allow_none=True)


TableNamesSchema = Schema.from_dict(
    {token: fields.String(allow_none=True, metadata={"description": _SEAT_HELP})
     for token in _TOKENS}, name="TableNamesSchema")


class RoundTableSchema(Schema):
    """One table of the round and where it stands."""

    table = _req(fields.String)
    seats = fields.Nested(TableNamesSchema(), required=True)
    status = _req(fields.String, validate=validate.OneOf(["not_started", "in_progress", "finished"]))
    deals = _req(fields.Integer, metadata={"description": "deals stored, or entered so far"})
    points = fields.List(fields.Integer(), required=True, allow_none=True, metadata={
        "description": "[N-S, E-W] (at a table of n: each seat's): the stored sitting's, or the "
                       "draft's replay so far; null when not started or the draft does not "
                       "replay"})
    record_id = _req(fields.Integer, nullable=True)
    findings = fields.List(fields.Nested(TableFindingSchema()), required=True)


class RoundProgressSchema(Schema):
    not_started = _req(fields.Integer)
    in_progress = _req(fields.Integer)
    finished = _req(fields.Integer)


class RoundSchema(Schema):
    event = _req(fields.Integer)
    round = _req(fields.Integer)
    seats = _req(fields.Integer, metadata={"description": "players at a table (4: partnerships)"})
    tables = fields.List(fields.Nested(RoundTableSchema()), required=True, metadata={
        "description": "every table of the round: seated, or with a sitting"})
    progress = fields.Nested(RoundProgressSchema(), required=True)
    seating = fields.List(fields.Nested(TableSeatingSchema()), required=True)
    sittings = fields.List(fields.Nested(RoundSittingSchema()), required=True)
    findings = fields.List(fields.Nested(EventFindingSchema()), required=True)
    next_seating = fields.List(fields.Nested(TableSeatingSchema()), allow_none=True, metadata={
        "description": "progressive events, and events at tables of 2, 3, 5 (the ladder): the "
                       "movement's seating for the next round; null when it cannot be made "
                       "(next_seating_why)"})
    next_seating_why = fields.String(metadata={
        "description": "why there is no next seating (a round not complete, a tie ...)"})
    draw = fields.Nested(RoundDrawSchema(), required=True, allow_none=True, metadata={
        "description": "the seed of the current seating when a draw made it; null when it was "
                       "typed or moved"})


class CreatedLinksSchema(Schema):
    """Where to read what was made (the keys the operation gives)."""

    event = fields.String()
    round = fields.String()
    standings = fields.String()
    player = fields.String()


class CreatedSchema(Schema):
    id = _req(fields.Integer)
    links = fields.Nested(CreatedLinksSchema(), required=True)


class DrawnSchema(Schema):
    id = _req(fields.Integer, metadata={"description": "the seating version the draw made"})
    seed = _req(fields.Integer)
    links = fields.Nested(CreatedLinksSchema(), required=True)


class RegistryRefSchema(Schema):
    source = _req(fields.String, metadata={"description": "notation, or an EMN source"})
    ref = _req(fields.String)


class PlayerSummarySchema(Schema):
    id = _req(fields.Integer)
    name = _req(fields.String)
    aliases = fields.List(fields.String(), required=True)
    ids = fields.List(fields.Nested(RegistryRefSchema()), required=True, metadata={
        "description": "the notation's player ids and EMN playerIds"})
    merged = fields.List(fields.Integer(), required=True,
                         metadata={"description": "entries merged into this"})


class RegistryStatisticsSchema(Schema):
    records = _req(fields.Integer)
    deals_played = _req(fields.Integer)
    deals_made = _req(fields.Integer)
    points_scored = _req(fields.Integer)
    points_conceded = _req(fields.Integer)
    euchres_suffered = _req(fields.Integer)
    euchres_inflicted = _req(fields.Integer)
    lone_hands_tried = _req(fields.Integer)
    lone_hands_marched = _req(fields.Integer)
    games_played = _req(fields.Integer)
    games_won = _req(fields.Integer)
    rubbers_played = _req(fields.Integer)
    rubbers_won = _req(fields.Integer)
    net_rubber_points = _req(fields.Integer)
    revokes = _req(fields.Integer)
    win_rate = _req(fields.Float, nullable=True, metadata={
        "description": "games won / games played; null before a game"})


class VariantStatisticsSchema(Schema):
    """A player's record at tables of two, three or five, in one variant (docs/STORE.md)."""

    variant = _req(fields.String, validate=validate.OneOf(
        ["two-handed", "cut-throat", "call-your-partner"]))
    records = _req(fields.Integer)
    games_played = _req(fields.Integer)
    games_won = _req(fields.Integer, metadata={"description": "games the player won himself"})
    deals_played = _req(fields.Integer)
    deals_made = _req(fields.Integer)
    called_as_partner = _req(fields.Integer, metadata={
        "description": "five-handed: deals he held the maker's called card"})
    points_scored = _req(fields.Integer)
    euchres_suffered = _req(fields.Integer)
    euchres_inflicted = _req(fields.Integer)
    marches_made = _req(fields.Integer)
    lone_hands_tried = _req(fields.Integer)
    revokes = _req(fields.Integer)


class PartnershipSchema(Schema):
    partner = fields.Nested(PlayerRefSchema(), required=True)
    records = _req(fields.Integer)
    games_played = _req(fields.Integer)
    games_won = _req(fields.Integer)
    points_scored = _req(fields.Integer, metadata={"description": "points scored together"})
    win_rate = _req(fields.Float, nullable=True)


class PlayerSchema(PlayerSummarySchema):
    merged_into = fields.Integer(metadata={
        "description": "only when the id asked for was merged away: the player it is now"})
    event = _req(fields.Integer, nullable=True, metadata={
        "description": "the event the statistics are limited to (?event=), else null"})
    statistics = fields.Nested(RegistryStatisticsSchema(), required=True)
    partnerships = fields.List(fields.Nested(PartnershipSchema()), required=True)
    variants = fields.List(fields.Nested(VariantStatisticsSchema()), required=True, metadata={
        "description": "the player's record at tables of two, three and five, per variant "
                       "(statistics and partnerships are of four-handed records)"})
    ratings = fields.List(fields.Nested(PlayerRatingSchema()), metadata={
        "description": "GET /players/{id}: the rating in each variant's ladder, with its "
                       "history (docs/RATINGS.md); empty before a rated match"})


class PlayerPageSchema(PageSchema):
    items = fields.List(fields.Nested(PlayerSummarySchema()), required=True)
