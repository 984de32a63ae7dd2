"""Generate the JSON Schema (draft 2020-12) of notation 1.0, every table: the one generator.

The four-handed record comes from the marshmallow schemas: the generator walks the declared
fields of :class:`RecordSchema` and of every nested schema. Each compact field declares its own
fragment (``json_schema()``: a ``pattern`` for card strings, an ``enum`` for kinds ...); nested
schemas become ``$defs`` entries; a schema's ``json_schema_rules`` (``if``/``then`` for the
kind-dependent fields) are merged in. Property descriptions come from :data:`DESCRIPTIONS`; a
test checks that every property has one.

The records at tables of 2, 3 and 5 (``Table<n>Record`` with its rules, deal, outcome,
irregularity, scoresheet and exchange; docs/FORMAT.md "Tables of two, three and five") come the
same way, from walking the schema classes built for their table (:func:`.per_table.schemas_for`),
which read them: a table-aware field gives its fragment at its table (seat tokens, a row of n
scores, n hands, a trick of n cards), a per-table class its ``json_schema_rules``; a key the
table refuses whatever its value is left out, or named as taking nothing
(:class:`.refusal_fields.RefusedField`); the descriptions that differ at n are
:data:`TABLE_DESCRIPTIONS`. The rule set at n is the four-handed one with what the table refuses
(:func:`.jsonschema_rules.table_rules`). Rule sets: :mod:`.jsonschema_rules`; strict-mode
conditions: :mod:`.jsonschema_strict`.

Contract: every record :func:`.per_table.load_table_record` takes validates (the schema is
never stricter than the reader; what it cannot say — game logic, the kitty's size for the pack,
a called card of the trump suit — is left to the reader and the replay).

The committed file ``schema/euchre-records-1.0.schema.json`` is this output; regenerate it with
``euchre schema > schema/euchre-records-1.0.schema.json`` (or :func:`write_json_schema`).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from euchre_records.table import Table, table_for

from .basefields import CompactField
from .jsonschema_rules import rule_checks, table_rules
from .jsonschema_strict import strict_conditions
from .lean import LeanNested, NotationSchema
from .per_table import schemas_for
from .refusal_fields import RefusedField
from .schemas import RECORD_SCHEMA, RulesSchema

__all__ = ["generate_json_schema", "json_schema_text", "write_json_schema", "SCHEMA_PATH",
           "DESCRIPTIONS", "TABLE_DESCRIPTIONS", "TABLE_SEATS"]

TABLE_SEATS = (2, 3, 5)
"""The tables of n described beside the four-handed record."""

SCHEMA_PATH = Path(__file__).with_name("euchre-records-1.0.schema.json")
"""Where the generated schema is committed (installed with the package as package data)."""

DESCRIPTIONS: dict[str, str] = {
    "Record.format": "Always \"euchre-records\".",
    "Record.version": "Notation version; this schema describes \"1.0\".",
    "Record.event": "Where and when the record was made; every field optional.",
    "Record.players": "Players by seat (N, E, S, W; N-S and E-W are partners); any subset.",
    "Record.rules": "The rule set: a named preset and optional per-record overrides.",
    "Record.start_score": "Score at the start, [N-S, E-W]; default [0, 0].",
    "Record.deals": "The deals in the order played; may be empty.",
    "Record.provenance": "Notes on what reading the record from another notation changed or dropped.",
    "Event.game_id": "The game's identifier in the system it came from (EGN gameId).",
    "Player.ids": "The player's identifiers in other systems (EGN playerIds).",
    "ExternalId.id": "The identifier.",
    "ExternalId.source": "The system that issued it (a site, a tournament registry).",
    "Deal.unfinished": "The record stops inside this deal (a partial game): replayed as far as it goes, not scored; a later deal goes on from the score before it.",
    "Alternative.annotations": "Comments within the line: \"call N\" / \"card N\" count the line's own calls and cards.",
    "Event.club": "Club or venue.",
    "Event.event": "Event, match or session name.",
    "Event.date": "Date as written (ISO 8601 recommended).",
    "Event.table": "Table label.",
    "Event.round": "Round label.",
    "Event.notes": "Free text.",
    "Player.name": "Name as recorded.",
    "Player.id": "Optional identifier (a membership number ...).",
    "Rules.preset": "somerset-1888, hoyle or modern.",
    "Rules.overrides": "Rule options changed for this record, values in notation form.",
    "Deal.kind": "full: hands known; plays: calls and plays only; result: outcome only; points: each side's points only.",
    "Deal.points": "Points-only deals (required there, forbidden elsewhere): the points each side scored, [N-S, E-W], as the sheet has them.",
    "Deal.dealer": "The dealer's seat.",
    "Deal.turned": "The turned card (required for full and plays).",
    "Deal.joker_suit": "The suit the dealer named when the joker was turned.",
    "Deal.hands": "The five cards dealt to each seat (kind full only); ?? = unknown.",
    "Deal.kitty": "The undealt cards except the turned card (kind full only); ?? = unknown.",
    "Deal.calls": "Calls in the order spoken, e.g. \"pass\", \"E: order alone\", \"H\".",
    "Deal.discard": "The dealer's discard; ?? = discarded, card unknown.",
    "Deal.tricks": "Tricks in order: optional \"SEAT: \" leader, then the cards in playing order.",
    "Deal.result": "Outcome of a result-only deal (kind result only).",
    "Deal.irregularities": "Irregularities at the table, in order.",
    "Deal.scoresheet": "What the scorer wrote: the deal's points and/or the game total after it.",
    "Deal.annotations": "Comments on a call, a trick or the deal.",
    "Deal.alternatives": "Analysis lines replacing the record from a point on; never scored.",
    "Deal.exchanges": "House-rule card exchanges (farmers, go-under, partners-best), in the order made.",
    "Exchange.kind": "farmers / go-under (before the bidding, with the kitty) or partners-best (the lone player and his partner).",
    "Exchange.seat": "Who exchanged: the farmer, the player going under, or the lone player.",
    "Exchange.gave": "Cards he gave up (to the kitty, or out of play for partner's best); ?? = unknown.",
    "Exchange.took": "Cards he took (from the kitty, or his partner's card); ?? = unknown.",
    "Outcome.maker": "The maker's seat; null: thrown in (all passed).",
    "Outcome.trump": "The trump suit.",
    "Outcome.alone": "The maker played alone.",
    "Outcome.defender_alone": "The seat of a defender who played alone.",
    "Outcome.tricks": "Tricks won by the makers, 0-5 (required with a maker).",
    "Irregularity.kind": "What happened.",
    "Irregularity.seat": "The offender (or the claimer).",
    "Irregularity.trick": "The trick concerned, 1-based.",
    "Irregularity.card": "The card concerned.",
    "Irregularity.election": "The non-offenders' election where the laws give one (add, deduct, hand ...).",
    "Irregularity.tricks": "Claim or concession: tricks the claimer's side takes of the rest.",
    "Irregularity.points": "Score correction: the corrected deal points [N-S, E-W].",
    "Irregularity.note": "Free text.",
    "Irregularity.cause": "Misdeal or new deal: why (wrong-count, packets; imperfect-pack, faced-card, ...).",
    "Irregularity.suit": "A suit called from the offender or his partner.",
    "Irregularity.count": "Wrong number of cards: how many the offender held.",
    "Irregularity.late": "Score correction made after the next trump card was turned (Somerset 5).",
    "Scoresheet.points": "Points written for this deal [N-S, E-W].",
    "Scoresheet.total": "Running score of the game after this deal [N-S, E-W].",
    "Annotation.at": "\"call N\", \"trick N\", \"card N\" (the N-th card played in the deal; all 1-based) or \"deal\".",
    "Annotation.text": "The comment.",
    "Alternative.at": "Where the line departs: \"call N\", \"trick N\", \"card N\" (its first trick then holds the rest of that trick) or \"deal\".",
    "Alternative.calls": "Calls of the line.",
    "Alternative.discard": "The dealer's discard in the line; ?? = discarded, card unknown.",
    "Alternative.tricks": "Tricks of the line.",
    "Alternative.note": "Free text.",
}


TABLE_DESCRIPTIONS: dict[str, str] = {
    "Record": "A {variant} record ({n} players, seats \"0\" to \"{last}\" clockwise; docs/FORMAT.md "
              "\"Tables of two, three and five\").",
    "Record.players": "Players by seat token; any subset.",
    "Record.rules": "The rule set: a preset, the number of seats and overrides.",
    "Record.start_score": "Each seat's score at the start; default all 0.",
    "Deal": "One deal at a table of {n}.",
    "Deal.kind": "full: hands known; plays: calls and plays only; result: outcome only; points: "
                 "only the points each player scored.",
    "Deal.hands": "The five cards dealt to each of the {n} seats; ?? = unknown.",
    "Deal.kitty": "The undealt cards except the turned card; ?? = unknown.",
    "Deal.exchanges": "House-rule exchanges with the kitty before the bidding (farmers, go-under), "
                      "in the order made.",
    "Deal.calls": "Calls in the order spoken, e.g. \"pass\", \"1: order\", \"H\"; the dealer says take.",
    "Deal.called": "Five-handed: the card the maker names, not of the trump suit.",
    "Deal.partner": "Five-handed: who held the called card; null: it was undealt.",
    "Deal.tricks": "Tricks in order: optional \"SEAT: \" leader, then the {n} cards in playing order "
                   "(the last of an unfinished deal may be short).",
    "Deal.scoresheet": "What the scorer wrote: the deal's points and/or the totals.",
    "Deal.unfinished": "The record stops inside this deal.",
    "Deal.points": "A points-only deal (kind points only, required there): the points each seat "
                   "scored, as written on the sheet.",
    "Outcome": "The outcome of a result-only deal at a table of {n}.",
    "Outcome.tricks": "Tricks won by the making side, 0-5 (required with a maker).",
    "Outcome.alone": "The maker went alone (named no card).",
    "Outcome.called": "The card the maker named, not of the trump suit.",
    "Outcome.partner": "Who held the called card; null: it was undealt.",
    "Irregularity": "An irregularity at a table of {n}: the kinds the engine takes there.",
    "Irregularity.tricks": "Claim or concession: how many of the remaining tricks the claimer's side "
                           "takes (default: all of them).",
    "Irregularity.election": "Deal out of turn: stopped before the trump card was turned (the deal "
                             "is void), or stands.",
    "Irregularity.card": "Exposed card: the card exposed; revoke corrected: the card played in error.",
    "Irregularity.points": "Score correction (required there): the deal's entry as corrected, one "
                           "per seat.",
    "Irregularity.cause": "Misdeal or new deal: why.",
    "Scoresheet": "What the scorer wrote for a deal at a table of {n}; at least one of the two.",
    "Scoresheet.points": "Points written for this deal, one per seat.",
    "Scoresheet.total": "Each seat's running score after this deal.",
    "Exchange": "A house-rule exchange with the kitty at a table of {n}.",
    "Exchange.kind": "Which house rule.",
    "Exchange.seat": "The farmer or the player going under.",
    "Exchange.gave": "The cards he gave to the kitty; ?? = unknown.",
    "Exchange.took": "The kitty cards he took; ?? = unknown.",
}
"""Descriptions at a table of n (``{n}``, ``{last}``, ``{variant}`` filled in), where they differ
from the four-handed :data:`DESCRIPTIONS` (used otherwise)."""


def _name(schema: NotationSchema) -> str:
    return type(schema).__name__.removesuffix("Schema")


def _def_name(schema: NotationSchema, table: Table | None) -> str:
    """The ``$defs`` name of ``schema``: its class name without ``Schema``; a class built for a
    table of n (:func:`.per_table.schemas_for`, ``Table...``) is ``Table<n>...``."""
    name = _name(schema)
    if table is not None and name.startswith("Table"):
        return f"Table{table.seats}{name.removeprefix('Table')}"
    return name


def _description(name: str, table: Table | None) -> str | None:
    """The description of a definition or property (``Deal``, ``Deal.kind``) at ``table``."""
    if table is not None and name in TABLE_DESCRIPTIONS:
        return TABLE_DESCRIPTIONS[name].format(n=table.seats, last=table.seats - 1,
                                               variant=table.variant.value)
    return DESCRIPTIONS.get(name)


def _nullable(fragment: dict[str, Any]) -> dict[str, Any]:
    simple = isinstance(fragment.get("type"), str) and not {"enum", "const", "$ref"} & fragment.keys()
    if simple:
        return {**fragment, "type": [fragment["type"], "null"]}
    return {"anyOf": [fragment, {"type": "null"}]}


def _define(schema: NotationSchema, defs: dict[str, Any], table: Table | None) -> str:
    """The ``$defs`` name of ``schema`` at ``table``, its definition added to ``defs`` once."""
    name = _def_name(schema, table)
    if name not in defs:
        defs[name] = {}  # reserve: guards against recursion
        defs[name] = _object_schema(schema, defs, table)
    return name


def _field_fragment(field: Any, defs: dict[str, Any], table: Table | None) -> dict[str, Any]:
    if isinstance(field, LeanNested):
        return field.json_schema(_define(field.schema, defs, table))
    if isinstance(field, CompactField):
        return field.json_schema()
    raise TypeError(f"no JSON Schema fragment for field {field!r}: use a compact field")


def _object_schema(schema: NotationSchema, defs: dict[str, Any], table: Table | None = None) -> dict[str, Any]:
    """The definition of ``schema`` (a class of :mod:`.schemas`, or one built for ``table`` by
    :func:`.per_table.schemas_for`): its fields' fragments, its ``json_schema_rules``. The rule
    set of a table of n is the four-handed one with what the table refuses (:func:`table_rules`)."""
    if table is not None and isinstance(schema, RulesSchema):
        return table_rules(table, defs["Rules"])
    name = _name(schema).removeprefix("Table")   # a class built for a table of n: Table...
    properties: dict[str, Any] = {}
    required: list[str] = []
    for attr, field in schema.load_fields.items():
        if isinstance(field, CompactField) and not field.in_json_schema:
            continue   # a key refused whatever its value: additionalProperties false says so
        key = field.data_key or attr
        fragment = _field_fragment(field, defs, table)
        refused = isinstance(field, RefusedField)   # named: with its own description
        if field.allow_none and not refused:   # (a refused key is refused null too)
            fragment = _nullable(fragment)
        description = fragment.pop("description") if refused else _description(f"{name}.{key}", table)
        properties[key] = {"description": description, **fragment} if description else fragment
        if field.required:
            required.append(key)
    doc = _description(name, table) or (type(schema).__doc__ or "").strip().splitlines()[0]
    out: dict[str, Any] = {"type": "object", "description": doc, "properties": properties}
    if required:
        out["required"] = required
    out["additionalProperties"] = False
    out.update(copy.deepcopy(getattr(schema, "json_schema_rules", {})))
    return out


def _table_defs(defs: dict[str, Any]) -> None:
    """Add the ``$defs`` entries of the records at tables of n to ``defs`` (which holds the
    four-handed ones): each walked from its table's schema classes (``Table<n>...``), and
    ``TableRecord``, the one of them ``rules.seats`` names."""
    for seats in TABLE_SEATS:
        _define(schemas_for(table_for(seats)).record, defs, table_for(seats))
    defs["TableRecord"] = {
        "type": "object",
        "description": "A record at a table of 2, 3 or 5: one of the Table<n>Record, told apart "
                       "by rules.seats (required in each, a constant).",
        "oneOf": [{"$ref": f"#/$defs/Table{n}Record"} for n in TABLE_SEATS]}


def generate_json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a whole record in notation 1.0: ``oneOf`` a four-handed
    record (``$defs/FourHandedRecord``, from the marshmallow schemas; ``rules.seats`` 4 or left
    out) and the records at tables of 2, 3 and 5 (``$defs/Table<n>Record``, from the same
    schema classes built for the table; ``rules.seats`` required and constant). ``rules.seats`` sets the
    branches apart, so exactly one can match: a flat ``oneOf`` of object schemas, which OpenAPI
    client generators type as a union of models (an ``if``/``then``/``else`` at the top, as
    before, they could not type at all). No ``discriminator``: OpenAPI's names a top-level
    property, and what tells the records apart is nested (``rules.seats``)."""
    defs: dict[str, Any] = {}
    four = _object_schema(RECORD_SCHEMA, defs)
    four["description"] = "A four-handed record (rules.seats 4 or left out)."
    defs = {"FourHandedRecord": four, **defs}
    _table_defs(defs)
    rule_checks(defs["Rules"], [defs[f"Table{n}Rules"] for n in TABLE_SEATS])
    for definition in defs.values():
        strict_conditions(definition, defs)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema",
            "$id": "urn:euchre-records:notation:1.0",
            "title": "euchre-records 1.0",
            "description": ("A Euchre game record in the euchre-records notation 1.0 "
                            "(see docs/FORMAT.md): four-handed, or at a table of two, three or five "
                            "by rules.seats. Game logic is checked by the replay engine, not by "
                            "this schema."),
            "type": "object",
            "oneOf": [{"$ref": "#/$defs/FourHandedRecord"},
                      *({"$ref": f"#/$defs/Table{n}Record"} for n in TABLE_SEATS)],
            "$defs": defs}


def json_schema_text() -> str:
    """The canonical text of the schema file (2-space indent, final newline)."""
    return json.dumps(generate_json_schema(), indent=2, ensure_ascii=False) + "\n"


def write_json_schema(path: Path = SCHEMA_PATH) -> None:
    """Regenerate the committed schema file."""
    path.write_text(json_schema_text(), encoding="utf-8")
