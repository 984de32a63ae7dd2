"""Generate the JSON Schema (draft 2020-12) of notation 1.0 from the marshmallow schemas.

The generator walks the declared fields of :class:`RecordSchema` and of every nested schema.
Each compact field declares its own fragment (``json_schema()``: a ``pattern`` for card strings,
an ``enum`` for kinds ...); nested schemas become ``$defs`` entries; a schema's
``json_schema_rules`` (``if``/``then`` for the kind-dependent fields) are merged in. Property
descriptions come from :data:`DESCRIPTIONS`; a test checks that every property has one.

The committed file ``schema/euchre-records-1.0.schema.json`` is this output; regenerate it with
``euchre schema > schema/euchre-records-1.0.schema.json`` (or :func:`write_json_schema`).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from .basefields import CompactField
from .jsonschema_tables import TABLE_SEATS, table_defs
from .lean import LeanNested, NotationSchema
from .schemas import RECORD_SCHEMA

__all__ = ["generate_json_schema", "json_schema_text", "write_json_schema", "SCHEMA_PATH",
           "DESCRIPTIONS"]

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


def _name(schema: NotationSchema) -> str:
    return type(schema).__name__.removesuffix("Schema")


def _nullable(fragment: dict[str, Any]) -> dict[str, Any]:
    simple = isinstance(fragment.get("type"), str) and not {"enum", "const", "$ref"} & fragment.keys()
    if simple:
        return {**fragment, "type": [fragment["type"], "null"]}
    return {"anyOf": [fragment, {"type": "null"}]}


def _field_fragment(field: Any, defs: dict[str, Any]) -> dict[str, Any]:
    if isinstance(field, LeanNested):
        name = _name(field.schema)
        if name not in defs:
            defs[name] = {}  # reserve: guards against recursion
            defs[name] = _object_schema(field.schema, defs)
        return field.json_schema()
    if isinstance(field, CompactField):
        return field.json_schema()
    raise TypeError(f"no JSON Schema fragment for field {field!r}: use a compact field")


def _object_schema(schema: NotationSchema, defs: dict[str, Any]) -> dict[str, Any]:
    name = _name(schema)
    properties: dict[str, Any] = {}
    required: list[str] = []
    for attr, field in schema.load_fields.items():
        key = field.data_key or attr
        fragment = _field_fragment(field, defs)
        if field.allow_none:
            fragment = _nullable(fragment)
        description = DESCRIPTIONS.get(f"{name}.{key}")
        properties[key] = {"description": description, **fragment} if description else fragment
        if field.required:
            required.append(key)
    doc = (type(schema).__doc__ or "").strip().splitlines()[0]
    out: dict[str, Any] = {"type": "object", "description": doc, "properties": properties}
    if required:
        out["required"] = required
    out["additionalProperties"] = False
    out.update(getattr(schema, "json_schema_rules", {}))
    return out


_TYPED_KEYWORDS = {
    "string": ("pattern", "minLength", "maxLength", "format"),
    "array": ("items", "prefixItems", "minItems", "maxItems", "uniqueItems", "contains"),
    "object": ("properties", "required", "additionalProperties", "propertyNames",
               "patternProperties", "minProperties", "maxProperties", "dependentRequired"),
    "number": ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")}
_IN_PLACE = ("if", "then", "else", "not")
_MEMBERS = ("allOf", "anyOf", "oneOf")


def _strict(fragment: Any, base: Any, defs: dict[str, Any]) -> None:
    """Make a condition on an object (its ``if``/``then``/``else``, ``not``, ``allOf`` ...)
    explicit the way JSON Schema validators' strict modes (ajv's ``strict``) ask, without changing
    what it accepts: a property it requires is declared in it (``{}``: anything), and a fragment
    using a type's keywords (``pattern``, ``items`` ...) names the type, taken from the property's
    own declaration in ``base`` (which the value must meet anyway, so the condition is unchanged).
    ``base``: the schema the fragment's value is declared by (refs followed)."""
    if not isinstance(fragment, dict):
        return
    while isinstance(base, dict) and "$ref" in base:
        base = defs.get(base["$ref"].rsplit("/", 1)[-1])
    base = base if isinstance(base, dict) else {}
    for key in fragment.get("required", ()):
        fragment.setdefault("properties", {}).setdefault(key, {})
    uses = {kind for kind, words in _TYPED_KEYWORDS.items() if any(w in fragment for w in words)}
    if uses and "type" not in fragment and "$ref" not in fragment and "type" in base:
        fragment["type"] = copy.deepcopy(base["type"])
    for key, sub in fragment.get("properties", {}).items():
        _strict(sub, base.get("properties", {}).get(key), defs)
    if "items" in fragment:
        _strict(fragment["items"], base.get("items"), defs)
    for key in _IN_PLACE:
        _strict(fragment.get(key), base, defs)
    for key in _MEMBERS:
        for member in fragment.get(key, ()):
            _strict(member, base, defs)


def _strict_conditions(schema: dict[str, Any], defs: dict[str, Any]) -> None:
    """:func:`_strict` on every condition of ``schema`` and of the schemas nested in it."""
    if not isinstance(schema, dict):
        return
    for key in _IN_PLACE:
        _strict(schema.get(key), schema, defs)
    for key in _MEMBERS:
        for member in schema.get(key, ()):
            if "$ref" not in member:
                _strict(member, schema, defs)
    for sub in schema.get("properties", {}).values():
        _strict_conditions(sub, defs)
    _strict_conditions(schema.get("items"), defs)
    for key in ("anyOf", "oneOf"):
        for member in schema.get(key, ()):
            _strict_conditions(member, defs)


def _overrides_where(condition: dict[str, Any]) -> dict[str, Any]:
    """A condition on the record's ``rules.overrides`` (given)."""
    return {"required": ["overrides"], "properties": {"overrides": condition}}


def _rule_checks(rules: dict[str, Any], tables: list[dict[str, Any]]) -> None:
    """State :meth:`Rules.check`'s cross-checks of the options (after the preset's own) in the
    four-handed ``Rules`` and the ``Table<n>Rules``: game_points and fixed_deals at least 1 and
    exactly one of them set; no fixed deals in a rubber; not no-trump with the joker. Written for
    presets that set game_points, no fixed_deals, no joker and no no-trump (all of today's): the
    generator refuses to run, rather than write a wrong schema, if a preset stops being so."""
    from euchre_records.rules import PRESETS, RubberSystem, preset

    for name in PRESETS:
        p = preset(name)
        if p.game_points is None or p.fixed_deals is not None or p.joker or p.allow_no_trump:
            raise ValueError(f"preset {name}: _rule_checks assumes game_points set, no "
                             "fixed_deals, no joker, no no-trump; state its rules anew")
    options = rules["properties"]["overrides"]["properties"]
    for key in ("game_points", "fixed_deals"):
        options[key]["minimum"] = 1
    fixed = _overrides_where({"required": ["fixed_deals"],
                              "properties": {"fixed_deals": {"type": "integer"}}})
    no_target = _overrides_where({"required": ["game_points"],
                                  "properties": {"game_points": {"type": "null"}}})
    no_rubber = sorted(n for n in PRESETS if preset(n).rubber is RubberSystem.NONE)
    rules["allOf"] = [
        {"if": fixed, "then": no_target},      # exactly one of game_points and fixed_deals
        {"if": no_target, "then": fixed},
        {"if": fixed, "then": {"anyOf": [     # a game of fixed deals forms no rubber
            {"properties": {"preset": {"enum": no_rubber}}},
            _overrides_where({"required": ["rubber"], "properties": {"rubber": {"const": "none"}}})]}},
        {"not": _overrides_where({"required": ["allow_no_trump", "joker"], "properties": {
            "allow_no_trump": {"const": True}, "joker": {"const": True}}})}]
    for table in tables:   # the same checks of the target: a points target or fixed deals (issue 32)
        theirs = table["properties"]["overrides"]["properties"]
        for key in ("game_points", "fixed_deals"):
            theirs[key] = dict(options[key])
        table["allOf"] = rules["allOf"] + table.get("allOf", [])   # no-trump is taken there too


def generate_json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a whole record in notation 1.0: ``oneOf`` a four-handed
    record (``$defs/FourHandedRecord``, from the marshmallow schemas; ``rules.seats`` 4 or left
    out) and the records at tables of 2, 3 and 5 (``$defs/Table<n>Record``,
    :mod:`.jsonschema_tables`; ``rules.seats`` required and constant). ``rules.seats`` sets the
    branches apart, so exactly one can match: a flat ``oneOf`` of object schemas, which OpenAPI
    client generators type as a union of models (an ``if``/``then``/``else`` at the top, as
    before, they could not type at all). No ``discriminator``: OpenAPI's names a top-level
    property, and what tells the records apart is nested (``rules.seats``)."""
    defs: dict[str, Any] = {}
    four = _object_schema(RECORD_SCHEMA, defs)
    four["description"] = "A four-handed record (rules.seats 4 or left out)."
    defs = {"FourHandedRecord": four, **defs}
    defs.update(table_defs(defs["Rules"], four))
    _rule_checks(defs["Rules"], [defs[f"Table{n}Rules"] for n in TABLE_SEATS])
    for definition in defs.values():
        _strict_conditions(definition, defs)
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
