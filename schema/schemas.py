"""The marshmallow schemas of notation 1.0 (see docs/FORMAT.md).

Each schema declares the fields of one JSON object; ``build`` makes the frozen model value and
``check`` states the shape rules that tie fields together (``hands`` only with kind ``full`` ...),
reported on the offending key. Unknown keys are errors. Dumps omit None and empty values, so
canonical files stay compact. Game logic (a card dealt twice, a call by the wrong seat) is the
engine's job, not this module's.

Nested objects are loaded with :class:`~.lean.LeanNested` (same results as ``Nested``, faster).
The schema instances are built once at import and shared.
"""

from __future__ import annotations

import re
from typing import Any

from marshmallow import ValidationError
from marshmallow.fields import Field

from euchre_records.cards import JOKER, SEATS, Seat
from euchre_records.enum_text import SEAT_NAME  # Enum .name is a slow descriptor
from euchre_records.errors import NotationError
from euchre_records.model import (
    FORMAT_NAME, FORMAT_VERSION, MISDEAL_CAUSES, NEW_DEAL_CAUSES, Alternative, Annotation, Deal,
    DealKind, Event, Exchange, ExchangeKind, ExternalId, Irregularity, IrregularityKind, Outcome, Player, Record, RecordedScore,
)
from euchre_records.rules import PRESETS, Rules, resolve_rules
from euchre_records.table import Table, table_for

from .basefields import (
    BoolField, CompactField, DateField, EnumField, IntField, LabelField, NameField, PointsField,
    SeatField, StrField, SuitField, TableField,
)
from .card_text import cards_text as _cards_text, hands_text as _hands_text
from .card_text import tricks_text as _tricks_text
from .cardfields import CARD_NAME, CardField, CardsField, HandsField, cards_text, hands_text
from .lean import LeanNested, NotationSchema, lean_dump, lean_load
from .playfields import _LEADER_PREFIX, CallsField, TricksField, calls_text, tricks_text
from .rulefields import OverridesField

__all__ = [
    "EventSchema", "PlayerSchema", "RulesSchema", "OutcomeSchema", "IrregularitySchema",
    "ScoresheetSchema", "AnnotationSchema", "AlternativeSchema", "DealSchema", "RecordSchema",
    "RECORD_SCHEMA", "DEAL_SCHEMA", "AT_PATTERN", "kind_is", "absent",
]

AT_PATTERN = r"^(?:(?:call|trick|card) [1-9][0-9]*|deal)$"
"""Where an annotation or alternative attaches: ``"call N"``, ``"trick N"``, ``"card N"`` (the N-th
card played in the deal, across its tricks; all 1-based) or ``"deal"``."""


class TextsField(CompactField):
    """A list of strings (free text each)."""

    schema_fragment = {"type": "array", "items": {"type": "string"}}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> tuple[str, ...]:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ValidationError(f"expected a list of strings, not {value!r}")
        return tuple(value)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return list(value) if value else None


class PatternField(StrField):
    """A string matching a regular expression (the same pattern goes into the JSON Schema)."""

    def __init__(self, pattern: str, message: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.pattern, self.message, self._re = pattern, message, re.compile(pattern)

    def json_schema(self) -> dict[str, Any]:
        return {"type": "string", "pattern": self.pattern}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if not isinstance(value, str) or not self._re.fullmatch(value):
            raise ValidationError(f"{self.message}, not {value!r}")
        return value


class ConstField(StrField):
    """A string that must have one exact value (``"format": "euchre-records"``)."""

    def __init__(self, const: str, message: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.const, self.message = const, message

    def json_schema(self) -> dict[str, Any]:
        return {"const": self.const}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if value != self.const:
            raise ValidationError(f"{self.message}, not {value!r}")
        return self.const


class ChoiceField(StrField):
    """A string that must be one of a fixed list of names."""

    def __init__(self, choices: tuple[str, ...], message: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.choices, self.message = choices, message

    def json_schema(self) -> dict[str, Any]:
        return {"type": "string", "enum": list(self.choices)}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if value not in self.choices:
            raise ValidationError(f"{self.message} {value!r}; choose one of {', '.join(self.choices)}")
        return str(value)


def _text() -> StrField:
    return StrField(allow_none=True)


class EventSchema(NotationSchema):
    """Where and when the record was made; every field an optional string."""

    club = LabelField(allow_none=True)
    event = LabelField(allow_none=True)
    date = DateField(allow_none=True)
    table = LabelField(allow_none=True)
    round = LabelField(allow_none=True)
    notes = _text()
    game_id = _text()

    def build(self, data: dict[str, Any]) -> Event:
        return Event(**data)


class ExternalIdSchema(NotationSchema):
    """A player's identifier in another system (an EGN ``playerIds`` entry)."""

    id = StrField(required=True)
    source = StrField(required=True)

    def build(self, data: dict[str, Any]) -> ExternalId:
        return ExternalId(**data)


class PlayerSchema(NotationSchema):
    """A player: a name and an optional identifier (a club membership number ...)."""

    name = NameField(required=True)
    id = LabelField(allow_none=True)
    ids = LeanNested(ExternalIdSchema(), many=True)

    def build(self, data: dict[str, Any]) -> Player:
        return Player(**data)


PLAYER_SCHEMA = PlayerSchema()
_SEAT_NAMES = tuple((s, s.name) for s in SEATS)
_SEAT_KEYS = frozenset(s.name for s in SEATS)


class PlayersField(TableField, LeanNested):
    """``{"N": {...}, "E": ...}`` (any subset of seats) <-> ``((Seat, Player), ...)`` in N,E,S,W
    order; at a table of n (``table``: a :class:`TableField`) keyed by its tokens ``"0" ..
    "n-1"``, in seat order."""

    def __init__(self, table: Table | None = None, **kwargs: Any) -> None:
        super().__init__(table, schema=PLAYER_SCHEMA, **kwargs)

    def json_schema(self, name: str | None = None) -> dict[str, Any]:
        ref = {"$ref": "#/$defs/Player"}
        if self.table is not None:   # keyed by the table's tokens
            tokens = list(self.tokens)
            return {"type": "object", "propertyNames": {"type": "string", "enum": tokens},
                    "additionalProperties": ref}
        return {"type": "object", "properties": {s.name: ref for s in SEATS},
                "additionalProperties": False}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, dict):
            raise ValidationError("expected an object keyed by seat (N, E, S, W)")
        errors: dict[str, Any] = {}
        for key in value:
            if key not in _SEAT_KEYS:
                errors[str(key)] = ["not a seat (expected N, E, S or W, upper case)"]
        found: list[tuple[Seat, Player]] = []
        for seat, name in _SEAT_NAMES:
            if name in value:
                try:
                    found.append((seat, lean_load(PLAYER_SCHEMA, value[name], self._plan)))
                except ValidationError as exc:
                    errors[name] = exc.messages
        if errors:
            raise ValidationError(errors)
        return tuple(found)

    def _deserialize_at(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        table = self.table
        assert table is not None
        if not isinstance(value, dict):
            raise ValidationError(f"expected an object keyed by seat (\"0\" to \"{table.seats - 1}\")")
        errors: dict[str, Any] = {}
        found: list[tuple[int, Player]] = []
        for key, raw in value.items():
            try:
                seat = table.parse_seat(key)
                found.append((seat, lean_load(PLAYER_SCHEMA, raw, self._plan)))
            except ValueError as exc:
                errors[str(key)] = [str(exc)]
            except ValidationError as exc:
                errors[str(key)] = exc.messages
        if errors:
            raise ValidationError(errors)
        return tuple(sorted(found, key=lambda sp: sp[0]))

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        if not value:
            return None
        plan, name = self._plan, SEAT_NAME.__getitem__
        # a player known by name only (most are) dumps as {"name": ...} (what lean_dump gives)
        return {name(seat): {"name": p.name} if p.id is None and not p.ids and type(p.name) is str
                else lean_dump(PLAYER_SCHEMA, p, plan) for seat, p in value}

    def _serialize_at(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        if not value:
            return None
        plan, tokens = self._plan, self.tokens
        return {tokens[seat]: lean_dump(PLAYER_SCHEMA, p, plan) for seat, p in value}


class SeatsField(CompactField):
    """``rules.seats``: the number of players (docs/FORMAT.md "Tables of two, three and five").
    This reader (the four-handed :class:`Record`) takes 4 only; 2, 3 and 5 are read by
    :mod:`.tables`, and it says so; other numbers are refused with the table model's reason."""

    # minimum = maximum rather than "const": client generators (openapi-python-client) choke on
    # an integer const
    schema_fragment = {"type": "integer", "minimum": 4, "maximum": 4, "description": "the number of players; 4 (the default) in a "
                       "four-handed record; tables of 2, 3 and 5 are described in docs/FORMAT.md"}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        try:
            table = table_for(value, "")
        except NotationError as exc:
            raise ValidationError([p.what for p in exc.problems]) from None
        if table.seats != 4:
            raise ValidationError(
                f"a {table.variant.value} record (seats {table.seats}) is not read here: this "
                "reader takes four-handed records only (schema.tables.load_any and "
                "load_table_record read it; the store, API and CLI take it)")
        return table.seats


class RulesSchema(NotationSchema):
    """``{"preset": name, "seats": 4, "overrides": {option: value}}`` <-> :class:`Rules` (checked).

    ``seats`` is 4 or absent in a four-handed record, and never written (docs/FORMAT.md)."""

    preset = ChoiceField(tuple(PRESETS), "unknown rule set", required=True)
    seats: Field[Any] = SeatsField()   # a table's schema reads it otherwise (per_table)
    overrides = OverridesField()

    def build(self, data: dict[str, Any]) -> Rules:
        try:
            return resolve_rules(data["preset"], data.get("overrides"))
        except NotationError as exc:
            # resolve_rules locates problems from the record root ("rules.overrides.lap");
            # key them relative to this object so the caller's prefix applies once.
            moved: dict[str, list[str]] = {}
            for p in exc.problems:
                where = p.where[len("rules"):].lstrip(".") if p.where.startswith("rules") else p.where
                moved.setdefault(where or "_schema", []).append(p.what)
            raise ValidationError(moved) from None

    def dump(self, obj: Any, *, many: bool | None = None) -> Any:
        out: dict[str, Any] = {"preset": obj.name}
        if obj.overrides:
            out["overrides"] = dict(obj.overrides)
        return out


class OutcomeSchema(NotationSchema):
    """The ``result`` of a result-only deal <-> :class:`Outcome`. ``maker: null``: thrown in."""

    maker = SeatField(required=True, allow_none=True)
    trump = SuitField(allow_none=True)
    alone: Field[Any] = BoolField(allow_none=True)   # Field: refused at some tables (per_table)
    defender_alone: Field[Any] = SeatField(allow_none=True)
    tricks = IntField(0, 5, allow_none=True)

    json_schema_rules: dict[str, Any] = {"if": {"properties": {"maker": {"type": "null"}}},
                                         "then": {"properties": {k: {"type": "null"} for k in (
                                             "trump", "alone", "defender_alone", "tricks")}},
                                         "else": {"required": ["tricks"],
                                                  "properties": {"tricks": {"type": "integer"}}}}

    def check(self, data: dict[str, Any], original: Any) -> dict[str, list[str]]:
        if "maker" not in data:
            return {}
        if data["maker"] is None:   # (a called card and a partner: the five-handed game's)
            return {k: ["only with a maker (maker null means the deal was thrown in)"]
                    for k in ("trump", "alone", "defender_alone", "tricks", "called", "partner")
                    if data.get(k) is not None}
        if original.get("tricks") is None:
            return {"tricks": ["required with a maker: the tricks the makers won, 0 to 5"]}
        return {}

    def build(self, data: dict[str, Any]) -> Outcome:
        """The outcome; a partner (five-handed) is stated where the record names one (null
        too), with a maker."""
        return Outcome(data["maker"], data.get("trump"), bool(data.get("alone")),
                       data.get("defender_alone"), data.get("tricks") or 0, data.get("called"),
                       data.get("partner"), "partner" in data and data["maker"] is not None)

    def canonical(self, data: dict[str, Any], original: Outcome) -> dict[str, Any]:
        if original.maker is None:
            return {"maker": None}
        if not original.alone:
            data.pop("alone", None)
        return data


class IrregularitySchema(NotationSchema):
    """One recorded irregularity <-> :class:`Irregularity` (which fields matter depends on kind)."""

    kind: Field[Any] = EnumField(IrregularityKind, required=True)   # Field: per_table's differ
    seat = SeatField(allow_none=True)
    trick = IntField(1, 5, allow_none=True)
    card = CardField(allow_none=True)
    election = _text()
    tricks = IntField(0, 5, allow_none=True)
    points = PointsField(allow_none=True)
    note = _text()
    cause: Field[Any] = ChoiceField(MISDEAL_CAUSES + NEW_DEAL_CAUSES, "unknown cause", allow_none=True)
    suit: Field[Any] = SuitField(allow_none=True)
    count: Field[Any] = IntField(0, 33, allow_none=True)
    late = BoolField(allow_none=True)

    def build(self, data: dict[str, Any]) -> Irregularity:
        if "late" in data:
            data["late"] = bool(data["late"])
        return Irregularity(**data)

    def canonical(self, data: dict[str, Any], original: Irregularity) -> dict[str, Any]:
        if not original.late:
            data.pop("late", None)
        return data


class ScoresheetSchema(NotationSchema):
    """What the scorer wrote for a deal <-> :class:`RecordedScore`; at least one of the two."""

    points = PointsField(allow_none=True)
    total = PointsField(allow_none=True)

    # "not all of them missing or null", said without an anyOf of untyped members, which code
    # generators read as a union of types (openapi-python-client dropped the record posts)
    json_schema_rules: dict[str, Any] = {"not": {"type": "object", "properties": {
        k: {"type": "null"} for k in ("points", "total")}}}

    def check(self, data: dict[str, Any], original: Any) -> dict[str, list[str]]:
        if original.get("points") is None and original.get("total") is None:
            return {"_schema": ["give points, total or both"]}
        return {}

    def build(self, data: dict[str, Any]) -> RecordedScore:
        return RecordedScore(**data)


_AT_MESSAGE = "expected 'call N', 'trick N' or 'deal'"


class AnnotationSchema(NotationSchema):
    """A comment on a call, a trick or the whole deal <-> :class:`Annotation`."""

    at = PatternField(AT_PATTERN, _AT_MESSAGE, required=True)
    text = StrField(required=True)

    def build(self, data: dict[str, Any]) -> Annotation:
        return Annotation(**data)


class AlternativeSchema(NotationSchema):
    """An analysis line replacing the record from ``at`` on <-> :class:`Alternative`; never scored."""

    at = PatternField(AT_PATTERN, _AT_MESSAGE, required=True)
    calls = CallsField()
    discard = CardField(unknown_ok=True)
    tricks = TricksField()
    note = _text()
    annotations = LeanNested(AnnotationSchema(), many=True)

    def build(self, data: dict[str, Any]) -> Alternative:
        return Alternative(**data)


class ExchangeSchema(NotationSchema):
    """A house-rule card exchange <-> :class:`Exchange` (docs/FORMAT.md "Exchanges")."""

    kind: Field[Any] = EnumField(ExchangeKind, required=True)   # Field: per_table's differs
    seat = SeatField(required=True)
    gave = CardsField(unknown_ok=True, low=1, high=3)
    took = CardsField(unknown_ok=True, low=1, high=3)

    def build(self, data: dict[str, Any]) -> Exchange:
        return Exchange(**data)


_FULL, _RESULT, _POINTS = DealKind.FULL, DealKind.RESULT, DealKind.POINTS


def kind_is(kind: str) -> dict[str, Any]:
    """A JSON Schema condition: the deal's ``kind`` is ``kind`` (every table's deal uses it)."""
    return {"required": ["kind"], "properties": {"kind": {"const": kind}}}


def absent(*keys: str) -> dict[str, Any]:
    """A JSON Schema fragment: none of ``keys`` may be given."""
    return {"properties": {k: False for k in keys}}


_ONLY_FULL = ("hands", "kitty")
_NOT_WITH_RESULT = ("calls", "discard", "tricks", "alternatives", "exchanges")
_NOT_WITH_POINTS = ("turned", "joker_suit", "result", "irregularities", "unfinished")
"""Besides the keys a result deal refuses: a points-only deal holds the points and the dealer,
perhaps the scoresheet's figures and annotations, nothing of the play (docs/FORMAT.md)."""


class DealSchema(NotationSchema):
    """One deal <-> :class:`Deal`. JSON ``result`` is ``Deal.outcome``, ``scoresheet`` is ``Deal.recorded``."""

    kind = EnumField(DealKind, required=True)
    dealer = SeatField(required=True)
    points = PointsField()
    turned = CardField()
    joker_suit = SuitField()
    hands = HandsField()
    kitty = CardsField(unknown_ok=True, low=1, high=12)
    calls = CallsField()
    discard = CardField(unknown_ok=True)
    tricks = TricksField()
    outcome = LeanNested(OutcomeSchema(), data_key="result")
    irregularities = LeanNested(IrregularitySchema(), many=True)
    recorded = LeanNested(ScoresheetSchema(), data_key="scoresheet")
    annotations: Field[Any] = LeanNested(AnnotationSchema(), many=True)   # Field: refused at n (per_table)
    alternatives: Field[Any] = LeanNested(AlternativeSchema(), many=True)
    unfinished = BoolField()
    exchanges = LeanNested(ExchangeSchema(), many=True)

    json_schema_rules: dict[str, Any] = {"allOf": [
        {"if": kind_is("full"), "then": {"required": ["turned", "hands"], **absent("result")}},
        {"if": kind_is("plays"), "then": {"required": ["turned"], **absent("hands", "kitty", "result")}},
        {"if": kind_is("result"), "then": {"required": ["result"],
                                            **absent(*_ONLY_FULL, *_NOT_WITH_RESULT, "points")}},
        {"if": kind_is("points"), "then": {"required": ["points"], **absent(
            *_ONLY_FULL, *_NOT_WITH_RESULT, *_NOT_WITH_POINTS)}},
        {"if": {"not": kind_is("points")}, "then": absent("points")},
        {"if": {"required": ["joker_suit"]},
         "then": {"required": ["turned"], "properties": {"turned": {"pattern": "^[Jj][Kk]$"}}}},
    ]}

    def check(self, data: dict[str, Any], original: Any) -> dict[str, list[str]]:
        errors: dict[str, list[str]] = {}
        kind = data.get("kind")
        if kind is _FULL:
            if "hands" not in original:
                errors["hands"] = ["required with kind 'full'"]
        elif kind is not None:
            for key in _ONLY_FULL:
                if key in original:
                    errors[key] = [f"only with kind 'full', not {kind.value!r}"]
        if kind is _POINTS:
            for key in (*_NOT_WITH_RESULT, *_NOT_WITH_POINTS):
                if key in original:
                    errors[key] = ["not allowed with kind 'points'"]
            if "points" not in original:
                errors["points"] = ["required with kind 'points'"]
            return errors
        if "points" in original and kind is not None:
            errors["points"] = [f"only with kind 'points', not {kind.value!r}"]
        if kind is _RESULT:
            for key in _NOT_WITH_RESULT:
                if key in original:
                    errors[key] = ["not allowed with kind 'result'"]
            if "result" not in original:
                errors["result"] = ["required with kind 'result'"]
        elif kind is not None:
            if "result" in original:
                errors["result"] = [f"only with kind 'result', not {kind.value!r}"]
            if "turned" not in original:
                errors["turned"] = [f"required with kind {kind.value!r}"]
        if "joker_suit" in original and ("turned" not in original
                                         or data.get("turned", JOKER) is not JOKER):
            errors["joker_suit"] = ["only when the turned card is the joker (JK)"]
        return errors

    def build(self, data: dict[str, Any]) -> Deal:
        """The deal; irregularities null (taken at a table of n) are none, and a partner
        (five-handed) is stated where the record names one, null too."""
        if data.get("irregularities", ()) is None:
            data["irregularities"] = ()
        return Deal(**data, partner_stated="partner" in data)

    def canonical(self, data: dict[str, Any], original: Deal) -> dict[str, Any]:
        if not original.unfinished:
            data.pop("unfinished", None)
        return data

    def fast_dump(self, deal: Deal) -> dict[str, Any] | None:
        """The dumped dict of a plain deal (no joker suit, result, irregularities, scoresheet,
        annotations, alternatives or exchanges; finished), the same dict as ``lean_dump``'s
        field loop; None for any other deal."""
        if (deal.outcome is not None or deal.points is not None or deal.irregularities or deal.recorded is not None
                or deal.annotations or deal.alternatives or deal.exchanges
                or deal.joker_suit is not None or deal.unfinished is not False
                or type(deal.kind) is not DealKind or type(deal.dealer) is not Seat):
            return None
        out: dict[str, Any] = {"kind": deal.kind._value_, "dealer": SEAT_NAME[deal.dealer]}
        if deal.turned is not None:
            out["turned"] = deal.turned.name
        hands = deal.hands
        if hands is not None:   # the card strings by the compiled writer where it takes them
            four = _hands_text(hands, CARD_NAME)
            if four is not None:
                out["hands"] = {"N": four[0], "E": four[1], "S": four[2], "W": four[3]}
            else:
                texts = hands_text(hands)
                if texts:
                    out["hands"] = texts
        if deal.kitty:
            kitty = _cards_text(deal.kitty, CARD_NAME)
            out["kitty"] = kitty if kitty is not None else cards_text(deal.kitty)
        if deal.calls:
            out["calls"] = calls_text(deal.calls)
        if deal.discard is not None:
            out["discard"] = deal.discard.name
        if deal.tricks:
            tricks = _tricks_text(deal.tricks, CARD_NAME, _LEADER_PREFIX)
            out["tricks"] = tricks if tricks is not None else tricks_text(deal.tricks)
        return out


DEAL_SCHEMA = DealSchema()


class RecordSchema(NotationSchema):
    """A whole record <-> :class:`Record`."""

    format = ConstField(FORMAT_NAME, f"expected {FORMAT_NAME!r}", required=True)
    version = ConstField(FORMAT_VERSION, f"this reader knows version {FORMAT_VERSION!r} only",
                         required=True)
    event = LeanNested(EventSchema())
    players = PlayersField()
    rules = LeanNested(RulesSchema(), required=True)
    start_score = PointsField()
    deals = LeanNested(DEAL_SCHEMA, many=True, required=True)
    provenance: Field[Any] = TextsField()   # Field: refused at n (per_table)

    def build(self, data: dict[str, Any]) -> Record:
        del data["format"]
        return Record(**data)

    def canonical(self, data: dict[str, Any], original: Record) -> dict[str, Any]:
        data = {"format": FORMAT_NAME, **data}
        if not any(original.start_score or ()):   # all zeros (or none): the default
            data.pop("start_score", None)
        data["deals"] = data.get("deals", [])
        return data


RECORD_SCHEMA = RecordSchema()
"""The shared record schema (schemas are costly to build: reuse this instance)."""
