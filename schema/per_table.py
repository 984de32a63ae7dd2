"""The notation's schemas keyed by the table: one loader and one dumper for records of every size.

:func:`.notation.load_any` reads ``rules.seats`` first: the table of four is read by
:func:`.notation.load_record` (the schemas of :mod:`.schemas`, unchanged), a table of two, three
or five by :func:`load_table_record`, through the same schema classes and the same driver
(:func:`.lean.lean_load`), built for that table by :func:`schemas_for`; :mod:`.canonical` writes
either through the same classes and :func:`.lean.lean_dump`. What truly differs by table
is data: the seat tokens, the width of a row of scores, the number of hands and of cards in a
trick (:class:`~euchre_records.table.Table`, given to the fields, which read and write them), the
words of the bidding (:func:`.playfields.play_words`), the options and laws a table refuses, each
citing its rule (:mod:`euchre_records.table_refusals`), the keys a table does not take, and the
order its canonical text writes a deal's, a result's and an irregularity's keys in (each schema's
``dump_keys``, the order that text has always had: a stored record keeps its hash).

What depends on the record's rules (which cards are in the pack, the kitty's size, the laws a
preset gives) is checked with the rules read first from ``rules`` and held, for the length of one
load, in a context variable (:data:`.refusal_fields.RULES_READ`; thread- and task-safe,
marshmallow's own "context"): the deal, outcome and irregularity schemas read it through
:func:`.refusal_fields.rules_read`. The fields only a table of n has are in :mod:`.refusal_fields`.

Contract: ``load_table_record(dump_table_record(r)) == r`` for every record loaded
(:mod:`.canonical`); every problem is reported at once, located by its JSON path, in one
:class:`NotationError`.
"""

from __future__ import annotations

import copy
import sys
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from marshmallow import ValidationError, missing

from euchre_records.cards import Card, effective_suit
from euchre_records.errors import NotationError, Problem
from euchre_records.model import (
    DealKind, Deal, Event, IrregularityKind, Outcome, Record,
)
from euchre_records.rules import resolve_rules
from euchre_records.table import Table, table_for, variant_options
from euchre_records.table_refusals import refusal, refused_options

from .basefields import BoolField, PointsField, SeatField, StrField
from .cardfields import CardField, CardsField, HandsField, cards_text
from .lean import UNKNOWN_FIELD, LeanNested, NotationSchema, Plan, lean_load
from .numbers import holds_whole_float, whole_numbers
from .playfields import CallsField, TricksField, trick_pattern_at
from .problems import problems_from_messages
from .refusal_fields import (
    RULES_READ, AnyField, CheckedOutField, ElectionField, ExchangeKindField, LawKindField,
    RefusedField, RulesRead, pack_of, pack_problem, rules_read,
)
from .schemas import (
    DealSchema, ExchangeSchema, IrregularitySchema, OutcomeSchema, PlayersField, RecordSchema,
    RulesSchema, ScoresheetSchema, absent, kind_is,
)

__all__ = ["load_table_record", "schemas_for", "RulesRead", "written_overrides"]


_NOT_YET = "{key!r} is not yet taken at tables of two, three and five"
_NO_PARTNER = "Only in the five-handed game: a maker here has no partner."


@dataclass(frozen=True)
class TableSchemas:
    """The schemas of one table: the record's and its rules', with their loading plans."""

    record: NotationSchema
    plan: Plan
    rules: NotationSchema
    rules_plan: Plan


@lru_cache(maxsize=None)
def schemas_for(table: Table) -> TableSchemas:
    """The notation's schemas at ``table`` (a table of n; four hands: :mod:`.schemas`), built
    once per table: the four-handed schema classes with the table's fields and checks."""
    if table.seats == 4:
        raise ValueError("the table of four is read by schema.notation.load_record")
    five = table.called_partner
    no_partner = f"only in the five-handed game (a {table.variant.value} maker has no partner)"
    always_alone = f"only in the five-handed game (a {table.variant.value} maker always plays alone)"

    class TableRulesSchema(RulesSchema):
        seats = AnyField()   # read first, by load_table_record

        def check(self, data: dict[str, Any], original: Any) -> dict[str, list[str]]:
            """The rules read (kept for build), or their problems: also beside a problem of
            another key, so that every problem is said at once."""
            if "preset" not in data or not isinstance(original.get("overrides", {}), dict):
                return {}
            try:
                data["read"] = _read_rules(table, data["preset"], original.get("overrides", {}))
            except ValidationError as exc:
                return exc.messages  # type: ignore[return-value]
            return {}

        def build(self, data: dict[str, Any]) -> Any:
            """The table's :class:`RulesRead` (the rules with the variant's options), where the
            four-handed schema builds :class:`Rules`: the record's build reads both."""
            return data["read"]

    rules_schema = TableRulesSchema()
    rules_plan = Plan(rules_schema)

    class TableRulesField(LeanNested):
        """``rules``: the value read first by :func:`load_table_record` (its unknown keys said
        here), or, where that reading failed, its problems."""

        def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
            read = RULES_READ.get()
            if read is None:
                return super()._deserialize(value, attr, data, **kwargs)
            unknown = {key: [UNKNOWN_FIELD] for key in value if key not in rules_plan.by_key}
            if unknown:
                raise ValidationError(unknown)
            return read

        def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
            """``{"preset", "seats", "overrides"}``: the overrides the record's rules and its
            variant were written with (:func:`written_overrides`), in key order."""
            out: dict[str, Any] = {"preset": value.name, "seats": table.seats}
            overrides = written_overrides(obj)
            if overrides:
                out["overrides"] = dict(sorted(overrides.items()))
            return out

    class TableOutcomeSchema(OutcomeSchema):
        maker = SeatField(table, required=True, allow_none=True,
                          error_messages={"required": "required field is missing (null: thrown in)"})
        defender_alone = RefusedField("no lone defender at this table")
        alone = BoolField(allow_none=True) if five else RefusedField(always_alone)
        called = CardField(allow_none=True) if five else RefusedField(always_alone)
        partner = SeatField(table, allow_none=True) if five else RefusedField(always_alone)

        def check(self, data: dict[str, Any], original: Any) -> dict[str, list[str]]:
            errors = dict(super().check(data, original))   # thrown in; the tricks of a maker
            if data.get("maker") is None:   # none read, or thrown in: said by the four-handed check
                return errors
            called, trump, maker = data.get("called"), data.get("trump"), data.get("maker")
            problem = pack_problem(called)
            if problem is not None:
                errors.setdefault("called", []).append(problem)
            if called is not None and trump is not None and effective_suit(called, trump) is trump:
                errors.setdefault("called", []).append(f"{called.name} is of the trump suit: the maker "
                                                       "names a card not of the trump suit")
            if five and maker is not None:
                if data.get("alone") and (called is not None or data.get("partner") is not None):
                    errors["_schema"] = ["a maker who goes alone names no card and has no partner"]
                if "partner" in original and called is None:
                    errors.setdefault("partner", []).append("a partner only with a called card")
                if data.get("partner") is not None and data["partner"] == maker:
                    errors.setdefault("partner", []).append("the maker cannot be his own partner")
            return errors

        dump_keys = ("maker", "trump", "tricks", "alone", "called", "partner")
        json_schema_rules = _outcome_rules(five)

        def canonical(self, data: dict[str, Any], original: Outcome) -> dict[str, Any]:
            return _stated_partner(super().canonical(data, original), original, self.dump_keys)

    class TableIrregularitySchema(IrregularitySchema):
        kind = LawKindField(table, required=True)
        seat = SeatField(table, allow_none=True)
        points = PointsField(table, allow_none=True)
        cause = StrField(allow_none=True)
        election = ElectionField(allow_none=True)
        suit = CheckedOutField()   # refused by check, as every key its kind does not take
        count = CheckedOutField()
        dump_keys = ("kind", "seat", "trick", "tricks", "election", "cause", "note", "card", "points", "late")

        def check(self, data: dict[str, Any], original: Any) -> dict[str, list[str]]:
            kind = data.get("kind")
            if kind is None:
                return {}
            errors = {key: [f"not taken with {kind.value!r} at this table"] for key in original
                      if key in self.fields and key not in _LAW_KEYS.get(kind, ()) + _ANY_LAW_KEYS}
            if kind is IrregularityKind.DEAL_OUT_OF_TURN and data.get("election") not in (None, "stopped", "stands"):
                errors["election"] = ["expected 'stopped' (before the trump card was turned) or 'stands'"]
            if kind in (IrregularityKind.EXPOSED_CARD, IrregularityKind.REVOKE_CORRECTED):
                if original.get("card") is None:
                    errors.setdefault("card", []).append("expected a card token, not None")
                if original.get("seat") is None:
                    errors["seat"] = ["the seat that exposed the card is needed"
                                      if kind is IrregularityKind.EXPOSED_CARD else
                                      "the seat that played the card in error is needed"]
                if kind is IrregularityKind.REVOKE_CORRECTED and original.get("trick") is None:
                    errors["trick"] = ["the trick at which the revoke was corrected is needed"]
            if kind is IrregularityKind.SCORE_CORRECTION and original.get("points") is None:
                errors["points"] = [f"required with 'score-correction': the deal's entry as corrected, "
                                    f"an array of {table.seats} integers, one per seat"]
            return errors

    class TableScoresheetSchema(ScoresheetSchema):
        points = PointsField(table, allow_none=True)
        total = PointsField(table, allow_none=True)

    class TableExchangeSchema(ExchangeSchema):
        kind = ExchangeKindField(table, required=True)
        seat = SeatField(table, required=True)
        gave = CardsField(unknown_ok=True, low=0, high=3)
        took = CardsField(unknown_ok=True, low=0, high=3)

    dealer_field, hands_field, calls_field, tricks_field = (
        SeatField(table, required=True), HandsField(table), CallsField(table), TricksField(table))

    class TableDealSchema(DealSchema):
        dealer = dealer_field
        points = PointsField(table)
        hands = hands_field
        calls = calls_field
        tricks = tricks_field
        kitty = CardsField(unknown_ok=True, low=0, high=sys.maxsize)
        called = CardField() if five else RefusedField(no_partner, named=_NO_PARTNER)
        partner = SeatField(table, allow_none=True) if five else RefusedField(no_partner, named=_NO_PARTNER)
        outcome = LeanNested(TableOutcomeSchema(), data_key="result")
        irregularities = LeanNested(TableIrregularitySchema(), many=True, allow_none=True)  # null: none
        recorded = LeanNested(TableScoresheetSchema(), data_key="scoresheet")
        exchanges = LeanNested(TableExchangeSchema(), many=True)
        annotations = RefusedField(_NOT_YET.format(key="annotations"))
        alternatives = RefusedField(_NOT_YET.format(key="alternatives"))
        provenance = RefusedField(_NOT_YET.format(key="provenance"))
        dump_keys = ("kind", "dealer", "turned", "joker_suit", "hands", "kitty", "exchanges", "calls",
                     "called", "partner", "discard", "tricks", "result", "irregularities", "points",
                     "scoresheet", "unfinished")
        json_schema_rules = _deal_rules(table, dump_keys)

        def fast_dump(self, deal: Deal) -> dict[str, Any] | None:
            """The dumped dict of a plain deal at this table (its cards, calls, called card and
            tricks only; finished), the same dict as ``lean_dump``'s field loop (a test holds
            them equal); None for any other deal."""
            if (deal.outcome is not None or deal.points is not None or deal.irregularities
                    or deal.recorded is not None or deal.exchanges or deal.joker_suit is not None
                    or deal.unfinished is not False or deal.partner_stated or type(deal.kind) is not DealKind):
                return None
            out: dict[str, Any] = {"kind": deal.kind._value_, "dealer": dealer_field.tokens[deal.dealer]}
            if deal.turned is not None:
                out["turned"] = deal.turned.name
            if deal.hands is not None:
                out["hands"] = hands_field._serialize_at(deal.hands, "hands", deal)
            if deal.kitty:
                out["kitty"] = cards_text(deal.kitty)
            if deal.calls:
                out["calls"] = calls_field._serialize_at(deal.calls, "calls", deal)
            if five and deal.called is not None:
                out["called"] = deal.called.name
            if deal.discard is not None:
                out["discard"] = deal.discard.name
            if deal.tricks:
                out["tricks"] = tricks_field._serialize_at(deal.tricks, "tricks", deal)
            return out

        def canonical(self, data: dict[str, Any], original: Deal) -> dict[str, Any]:
            return _stated_partner(super().canonical(data, original), original, self.dump_keys)

        def check(self, data: dict[str, Any], original: Any) -> dict[str, Any]:
            errors: dict[str, Any] = dict(super().check(data, original))
            kind = data.get("kind")
            if kind in (DealKind.RESULT, DealKind.POINTS) and five:
                for key in ("called", "partner"):
                    if key in original:
                        errors[key] = [f"not allowed with kind {kind.value!r}"]
            elif five and "partner" in original and "called" not in original:
                errors.setdefault("partner", []).append("a partner only with a called card")
            if kind is DealKind.POINTS:
                return errors
            rules = rules_read().rules
            pack = pack_of(rules.pack, rules.joker)
            for key, path, card in _cards_of(data):
                if card is not None and card not in pack:
                    message: Any = [pack_problem(card)]
                    for step in reversed(path):   # located within the key: hands.0[2], tricks[1][3]
                        message = {step: message}
                    errors.setdefault(key, []).append(message if path else message[0])
            kitty = data.get("kitty")
            expected = table.kitty(rules.pack) + (1 if rules.joker else 0)
            if kitty is not None and len(kitty) != expected:
                errors.setdefault("kitty", []).append(
                    f"the kitty of a {table.seats}-handed deal from {rules.pack} cards"
                    f"{' and the joker' if rules.joker else ''} holds {expected} cards, not {len(kitty)}")
            return errors

    class TableDealsField(LeanNested):
        """The deals, read once the rules are (nothing is said of them while the rules fail)."""

        def deserialize(self, value: Any, attr: str | None = None, data: Any = None, **kwargs: Any) -> Any:
            if RULES_READ.get() is None and value is not missing:
                return missing
            return super().deserialize(value, attr, data, **kwargs)

        def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
            if not isinstance(value, list):
                raise ValidationError("expected an array of deals")
            return super()._deserialize(value, attr, data, **kwargs)

    class TableRecordSchema(RecordSchema):
        players = PlayersField(table, allow_none=True)   # null: none known, as the tables' JSON Schema says
        rules = TableRulesField(rules_schema, required=True)
        start_score = PointsField(table)
        deals = TableDealsField(TableDealSchema(), many=True, required=True)
        provenance = RefusedField(_NOT_YET.format(key="provenance"))
        annotations = RefusedField(_NOT_YET.format(key="annotations"))
        alternatives = RefusedField(_NOT_YET.format(key="alternatives"))

        def build(self, data: dict[str, Any]) -> Record:
            read: RulesRead = data["rules"]
            return Record(read.rules, data["deals"], data.get("event") or Event(), data.get("players") or (),
                          data.get("start_score") or (0,) * table.seats, "1.0", table=table,
                          options=read.options, variant_overrides=read.overrides)

    record = TableRecordSchema()
    return TableSchemas(record, Plan(record), rules_schema, rules_plan)


def _outcome_rules(five: bool) -> dict[str, Any]:
    """The JSON Schema conditions of a result at a table of n: thrown in (maker null), nothing
    else is given; a maker has his tricks; five-handed, a partner has a called card and a lone
    maker neither."""
    # the four-handed conditions (if thrown in, then ..., else the tricks), with this table's keys
    rules: dict[str, Any] = copy.deepcopy(OutcomeSchema.json_schema_rules)
    rules["then"] = {"properties": {k: {"type": "null"} for k in
                                    ("trump", "tricks", *(("alone", "called", "partner") if five else ()))}}
    if five:
        rules["allOf"] = [
            {"if": {"required": ["partner"]}, "then": {"required": ["called"],
                                                        "properties": {"called": {"type": "string"}}}},
            {"if": {"required": ["alone"], "properties": {"alone": {"const": True}}},
             "then": {"properties": {"called": {"type": "null"}, "partner": {"type": "null"}}}}]
    return rules


def _deal_rules(table: Table, keys: tuple[str, ...]) -> dict[str, Any]:
    """The JSON Schema conditions of a deal at a table of n (``keys``: the deal's keys), as the
    four-handed deal's (:attr:`.schemas.DealSchema.json_schema_rules`) with the table's: what
    each kind takes, n cards a trick but the last of an unfinished deal, the joker's suit only
    with the joker turned, and five-handed a partner only with a called card."""
    points_keep = ("kind", "dealer", "points", "scoresheet")
    rules: list[dict[str, Any]] = [
        {"if": kind_is("full"), "then": {"required": ["turned", "hands"], **absent("result", "points")}},
        {"if": kind_is("plays"), "then": {"required": ["turned"], **absent("hands", "kitty", "result",
                                                                          "points")}},
        {"if": kind_is("result"), "then": {"required": ["result"], **absent(
            "hands", "kitty", "exchanges", "calls", "called", "partner", "discard", "tricks", "points")}},
        {"if": kind_is("points"), "then": {"required": ["points"], **absent(
            *(k for k in keys if k not in points_keep))}},
        {"if": {"not": {"required": ["unfinished"], "properties": {"unfinished": {"const": True}}}},
         "then": {"properties": {"tricks": {"items": {"pattern": trick_pattern_at(table, True)}}}}},
        {"if": {"required": ["joker_suit"]},   # as the four-handed deal: only with the joker turned
         "then": {"required": ["turned"], "properties": {"turned": {"pattern": "^[Jj][Kk]$"}}}},
    ]
    if table.called_partner:
        rules.append({"if": {"required": ["partner"], "not": kind_is("result")},
                      "then": {"required": ["called"]}})
    return {"allOf": rules}


def _stated_partner(data: dict[str, Any], original: Deal | Outcome, keys: tuple[str, ...]) -> dict[str, Any]:
    """``data`` (written in the order of ``keys``) with ``partner`` as stated: written (null too:
    a partner not known) where the record stated it, and not otherwise."""
    if not original.partner_stated:
        data.pop("partner", None)
    elif "partner" not in data:
        data["partner"] = None
        data = {key: data[key] for key in keys if key in data}
    return data


def written_overrides(record: Record) -> dict[str, Any]:
    """The record's ``rules.overrides`` as its canonical text writes them (at any table; key
    order aside): the rule options written, and at a table of n the variant's options as
    written (``Record.variant_overrides``, always empty at four), read from the record without
    dumping it."""
    return dict(record.rules.overrides) | dict(record.variant_overrides)


_ANY_LAW_KEYS = ("kind", "seat", "trick", "cause", "note")
_LAW_KEYS: dict[IrregularityKind, tuple[str, ...]] = {
    IrregularityKind.CLAIM: ("tricks",), IrregularityKind.CONCESSION: ("tricks",),
    IrregularityKind.DEAL_OUT_OF_TURN: ("election",),
    IrregularityKind.EXPOSED_CARD: ("card",), IrregularityKind.REVOKE_CORRECTED: ("card",),
    IrregularityKind.SCORE_CORRECTION: ("points", "late"),
}
"""The keys an irregularity of each kind takes at a table of n besides :data:`_ANY_LAW_KEYS`."""


def _cards_of(data: dict[str, Any]) -> list[tuple[str, tuple[Any, ...], Card | None]]:
    """Every card a loaded deal names: the key its problem goes under, its place within that
    key (``()``: the key itself), the card."""
    out: list[tuple[str, tuple[Any, ...], Card | None]] = [
        (key, (), data[key]) for key in ("turned", "called", "discard") if data.get(key) is not None]
    for s, hand in enumerate(data.get("hands") or ()):
        out.extend(("hands", (str(s), i), c) for i, c in enumerate(hand))
    out.extend(("kitty", (i,), c) for i, c in enumerate(data.get("kitty") or ()))
    for x in data.get("exchanges") or ():
        out.extend(("exchanges", (), c) for c in x.gave + x.took)
    for i, trick in enumerate(data.get("tricks") or ()):
        out.extend(("tricks", (i, j), c) for j, c in enumerate(trick.cards))
    return out


def _read_rules(table: Table, preset: str, overrides: Any) -> RulesRead:
    """The rules of a record at ``table``: the variant's options split off, each option the
    table refuses refused citing its rule, no rubber, a pack large enough for the table. Raises
    ValidationError keyed within ``rules``."""
    try:
        options, rest = variant_options(table, overrides, "overrides")
    except NotationError as exc:
        raise ValidationError({p.where: [p.what] for p in exc.problems}) from None
    errors: dict[str, list[str]] = {}
    for key in refused_options(table):   # each refused by the rule that forbids it there
        if rest.get(key) not in (None, False, "off"):
            errors[f"overrides.{key}"] = [refusal(table, key) or key]
    if rest.get("rubber", "none") != "none":
        errors["overrides.rubber"] = ["a rubber needs fixed partnerships: the "
                                      f"{table.variant.value} game has games of individual players, not rubbers"]
    if errors:
        raise ValidationError(errors)
    try:
        rules = resolve_rules(preset, rest)
    except NotationError as exc:
        raise ValidationError({p.where[len("rules"):].lstrip(".") or "_schema": [p.what]
                               for p in exc.problems}) from None
    needed = 5 * table.seats + 1
    size = rules.pack + (1 if rules.joker else 0)
    if needed > size:
        raise ValidationError({"seats": [f"a pack of {size} cards is too small for {table.seats} "
                                         f"players: 5 cards each and the turned card need {needed}"]})
    variant_raw = tuple(sorted((k, v) for k, v in overrides.items() if k not in rest))
    return RulesRead(rules, options, variant_raw)


# --- loading ---------------------------------------------------------------------------------

def load_table_record(data: object) -> Record:
    """Load a record of 2, 3 or 5 seats. Raises NotationError listing every problem found."""
    if not isinstance(data, dict):
        raise NotationError(f"a record is a JSON object, not {type(data).__name__}")
    if holds_whole_float(data):
        data = whole_numbers(data)   # a whole-number float is its integer (schema/numbers.py)
    return _load_table_record(data)


def _load_table_record(data: dict[str, Any]) -> Record:
    raw = data.get("rules")
    try:
        if not isinstance(raw, dict):
            raise NotationError("required field is missing" if raw is None else "expected an object", "rules")
        table = table_for(raw.get("seats", 4))
        if table.seats == 4:
            raise NotationError("a four-handed record is read by schema.notation.load_record", "rules.seats")
    except NotationError as exc:   # no table: the record's frame and this
        raise NotationError(_frame_problems(data) + list(exc.problems)) from None
    schemas = schemas_for(table)
    try:   # an unknown key of the rules is said by the record's reading; the rest still reads
        read = lean_load(schemas.rules, {k: v for k, v in raw.items() if k in schemas.rules_plan.by_key},
                         schemas.rules_plan)
    except ValidationError:
        read = None   # its problems are said by the record's own reading of it
    token = RULES_READ.set(read)
    try:
        return lean_load(schemas.record, data, schemas.plan)  # type: ignore[no-any-return]
    except ValidationError as exc:
        raise NotationError(problems_from_messages(exc.messages)) from None
    finally:
        RULES_READ.reset(token)


def _frame_problems(data: dict[str, Any]) -> list[Problem]:
    """The problems of a record's frame (its keys, ``format``, ``version``), read by the
    record schema's own fields at any table, for a record whose table cannot be known."""
    schema = schemas_for(table_for(2)).record
    errors: dict[str, Any] = {}
    for key in data:
        if key not in schema.fields or key == "rules":
            if key != "rules":
                errors[key] = [UNKNOWN_FIELD]
            continue
        if key in ("provenance", "annotations", "alternatives"):
            errors[key] = [_NOT_YET.format(key=key)]
    for key in ("format", "version"):
        try:
            schema.fields[key].deserialize(data.get(key, missing))
        except ValidationError as exc:
            errors[key] = exc.messages
    rules = data.get("rules")
    for key in rules if isinstance(rules, dict) else ():
        if key not in ("preset", "seats", "overrides"):
            errors[f"rules.{key}"] = [UNKNOWN_FIELD]
    return problems_from_messages(errors)
