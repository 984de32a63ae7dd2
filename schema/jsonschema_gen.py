"""Generate the JSON Schema (draft 2020-12) of notation 1.0, every table: the one generator.

The four-handed record comes from the marshmallow schemas: the generator walks the declared
fields of :class:`RecordSchema` and of every nested schema. Each compact field declares its own
fragment (``json_schema()``: a ``pattern`` for card strings, an ``enum`` for kinds ...); nested
schemas become ``$defs`` entries; a schema's ``json_schema_rules`` (``if``/``then`` for the
kind-dependent fields) are merged in. Property descriptions come from :data:`DESCRIPTIONS`; a
test checks that every property has one.

The records at tables of 2, 3 and 5 (``Table<n>Record`` with its rules, deal, outcome and
irregularity; docs/FORMAT.md "Tables of two, three and five") are read by the same schema classes
built for their table (:mod:`.per_table`), whose fields' fragments are the four-handed ones; their
definitions are built here from what those read (seat tokens :meth:`Table.token`, the irregularities of ``table_refusals.LAWS_TAKEN``) and from the four-handed
definitions just generated: every fragment the tables share with the four-handed record (event,
players, the preset's options, cards, the deal's kind, turned card, discard and exchanges, the
outcome's trump and condition, the irregularity's trick and note) is taken from it, not written
twice. Rule sets: :mod:`.jsonschema_rules`; strict-mode conditions: :mod:`.jsonschema_strict`.

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
from euchre_records.table_refusals import LAWS_TAKEN

from .basefields import SEAT_SCORE_LIMIT, CompactField
from .cardfields import CARD_OR_UNKNOWN_RE, CARD_RE, cards_pattern
from .jsonschema_rules import rule_checks, table_rules
from .jsonschema_strict import strict_conditions
from .lean import LeanNested, NotationSchema
from .schemas import RECORD_SCHEMA, ScoresheetSchema, absent, kind_is

__all__ = ["generate_json_schema", "json_schema_text", "write_json_schema", "SCHEMA_PATH",
           "DESCRIPTIONS", "TABLE_SEATS"]

TABLE_SEATS = (2, 3, 5)
"""The tables of n described beside the four-handed record."""

SCORE_LIMIT = SEAT_SCORE_LIMIT
"""The bound on a score entry at a table of n (the reader's, basefields.SEAT_SCORE_LIMIT)."""

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


# -- the tables of n, from the four-handed definitions (``four``: the ``$defs`` generated so far)

_WS = "\\s"


def _ci(word: str) -> str:
    """A case-insensitive regex for ``word``."""
    return "".join(f"[{c.upper()}{c.lower()}]" if c.isalpha() else c for c in word)


def _seat_enum(table: Table) -> dict[str, Any]:
    return {"type": "string", "enum": [table.token(s) for s in table.all_seats]}


def _or_null(fragment: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [fragment, {"type": "null"}]}


def _seat_or_null(table: Table, description: str) -> dict[str, Any]:
    return {"description": description, **_or_null(_seat_enum(table))}


def _scores(table: Table, what: str) -> dict[str, Any]:
    return {"description": what, "type": "array", "minItems": table.seats, "maxItems": table.seats,
            "items": {"type": "integer", "minimum": -SCORE_LIMIT, "maximum": SCORE_LIMIT}}


def _like(fragment: dict[str, Any], **changes: Any) -> dict[str, Any]:
    """A copy of a four-handed property's ``fragment`` with ``changes`` (a key changed keeps its
    place, a new one goes last)."""
    return {**copy.deepcopy(fragment), **changes}


def _outcome(table: Table, four: dict[str, Any]) -> dict[str, Any]:
    outcome = four["Outcome"]
    theirs = outcome["properties"]
    props: dict[str, Any] = {
        "maker": _seat_or_null(table, theirs["maker"]["description"]),
        "trump": copy.deepcopy(theirs["trump"]),
        "tricks": _like(theirs["tricks"], description="Tricks won by the making side, 0-5 "
                        "(required with a maker)."),
    }
    if table.called_partner:
        props["alone"] = _like(theirs["alone"], description="The maker went alone (named no card).")
        props["called"] = _like(four["Irregularity"]["properties"]["card"],
                                description="The card the maker named, not of the trump suit.")
        props["partner"] = _seat_or_null(table, "Who held the called card; null: it was undealt.")
    out: dict[str, Any] = {
        "type": "object", "description": f"The outcome of a result-only deal at a table of "
        f"{table.seats}.", "properties": props, "required": ["maker"], "additionalProperties": False,
        "if": copy.deepcopy(outcome["if"]),
        "then": {"properties": {k: {"type": "null"} for k in props if k != "maker"}},
        "else": copy.deepcopy(outcome["else"])}
    if table.called_partner:
        out["allOf"] = [
            {"if": {"required": ["partner"]}, "then": {"required": ["called"],
                                                        "properties": {"called": {"type": "string"}}}},
            {"if": {"required": ["alone"], "properties": {"alone": {"const": True}}},
             "then": {"properties": {"called": {"type": "null"}, "partner": {"type": "null"}}}}]
    return out


def _irregularity(table: Table, four: dict[str, Any]) -> dict[str, Any]:
    theirs = four["Irregularity"]["properties"]
    return {
        "type": "object", "description": f"An irregularity at a table of {table.seats}: the kinds "
        "the engine takes there.",
        "properties": {
            "kind": _like(theirs["kind"], enum=[k.value for k in LAWS_TAKEN]),
            "seat": _seat_or_null(table, theirs["seat"]["description"]),
            "trick": copy.deepcopy(theirs["trick"]),
            "tricks": _like(theirs["tricks"], description="Claim or concession: how many of the "
                            "remaining tricks the claimer's side takes (default: all of them)."),
            "election": {"description": "Deal out of turn: stopped before the trump card was "
                         "turned (the deal is void), or stands.", "enum": ["stopped", "stands", None]},
            "card": _like(theirs["card"], description="Exposed card: the card exposed; revoke "
                          "corrected: the card played in error."),
            "points": {"description": "Score correction (required there): the deal's entry as "
                       "corrected, one per seat.", **_or_null(_scores(table, "One figure per seat."))},
            "late": copy.deepcopy(theirs["late"]),
            "cause": {"description": "Misdeal or new deal: why.", "type": ["string", "null"]},
            "note": copy.deepcopy(theirs["note"])},
        "required": ["kind"], "additionalProperties": False}


def _exchange(table: Table, four: dict[str, Any]) -> dict[str, Any]:
    exchange = four["Exchange"]
    theirs = exchange["properties"]
    return {"type": "object", "properties": {
        "kind": _like(theirs["kind"], description="Which house rule.", enum=["farmers", "go-under"]),
        "seat": {"description": "The farmer or the player going under.", **_seat_enum(table)},
        "gave": _like(theirs["gave"], description="The cards he gave to the kitty; ?? = unknown."),
        "took": _like(theirs["took"], description="The kitty cards he took; ?? = unknown.")},
        "required": list(exchange["required"]), "additionalProperties": False}


def _deal(table: Table, name: str, four: dict[str, Any]) -> dict[str, Any]:
    theirs = four["Deal"]["properties"]
    n, seat_re = table.seats, f"[0-{table.seats - 1}]"
    tokens = [table.token(s) for s in table.all_seats]
    words = f"(?:{_ci('pass')}|{_ci('p')}|(?:{_ci('order')}|{_ci('take')}|[SHDCshdc]|{_ci('nt')})" \
            f"(?:{_WS}+{_ci('alone')})?)"
    call = f"^{_WS}*(?:{seat_re}{_WS}*:{_WS}*)?{words}{_WS}*$"
    lead = f"(?:{seat_re}{_WS}*:{_WS}*)?"
    trick_full = f"^{_WS}*{lead}{CARD_RE}(?:{_WS}+{CARD_RE}){{{n - 1}}}{_WS}*$"
    trick_any = f"^{_WS}*{lead}{CARD_RE}(?:{_WS}+{CARD_RE}){{0,{n - 1}}}{_WS}*$"
    hand = {"type": "string", "pattern": cards_pattern(True, 5, 5)}
    any_cards = f"^{_WS}*(?:{CARD_OR_UNKNOWN_RE}(?:{_WS}+{CARD_OR_UNKNOWN_RE})*)?{_WS}*$"
    props: dict[str, Any] = {
        "kind": _like(theirs["kind"], description="full: hands known; plays: calls and plays only; "
                      "result: outcome only; points: only the points each player scored."),
        "dealer": {"description": theirs["dealer"]["description"], **_seat_enum(table)},
        "turned": _like(theirs["turned"], description="The turned card (required for full and "
                        "plays)."),
        "joker_suit": copy.deepcopy(theirs["joker_suit"]),
        "hands": {"description": f"The five cards dealt to each of the {n} seats; ?? = unknown.",
                  "type": "object", "properties": {t: hand for t in tokens}, "required": tokens,
                  "additionalProperties": False},
        "kitty": {"description": "The undealt cards except the turned card; ?? = unknown.",
                  "type": "string", "pattern": any_cards},
        "exchanges": _like(theirs["exchanges"], description="House-rule exchanges with the kitty "
                           "before the bidding (farmers, go-under), in the order made.",
                           items=_exchange(table, four)),
        "calls": {"description": f"Calls in the order spoken, e.g. \"pass\", \"{tokens[1]}: order\", "
                  "\"H\"; the dealer says take.", "type": "array",
                  "items": {"type": "string", "pattern": call}},
        "called": {"description": "Five-handed: the card the maker names, not of the trump suit.",
                   "type": "string", "pattern": f"^{CARD_RE}$"},
        "partner": _seat_or_null(table, "Five-handed: who held the called card; null: it was undealt."),
        "discard": copy.deepcopy(theirs["discard"]),
        "tricks": {"description": f"Tricks in order: optional \"SEAT: \" leader, then the {n} cards "
                   "in playing order (the last of an unfinished deal may be short).",
                   "type": "array", "maxItems": 5, "items": {"type": "string", "pattern": trick_any}},
        "result": _like(theirs["result"], **{"$ref": f"#/$defs/{name}Outcome"}),
        "irregularities": _like(theirs["irregularities"], type=["array", "null"],
                                items={"$ref": f"#/$defs/{name}Irregularity"}),
        "scoresheet": {"description": "What the scorer wrote: the deal's points and/or the totals.",
                       "type": "object", "additionalProperties": False, "properties": {
                           "points": _or_null(_scores(table, "Points written for this deal, one per seat.")),
                           "total": _or_null(_scores(table, "Each seat's running score after this deal."))},
                       **copy.deepcopy(ScoresheetSchema.json_schema_rules)},   # at least one, as at four
        "unfinished": {"description": "The record stops inside this deal.", "type": "boolean"},
        "points": _scores(table, "A points-only deal (kind points only, required there): the "
                          "points each seat scored, as written on the sheet."),
    }
    if not table.called_partner:   # (not the schema ``false``: OpenAPI tools read it as a ref)
        for key in ("called", "partner"):
            props[key] = {"description": "Only in the five-handed game: a maker here has no partner.",
                          "not": {}}
    rules: list[dict[str, Any]] = [
        {"if": kind_is("full"), "then": {"required": ["turned", "hands"], **absent("result", "points")}},
        {"if": kind_is("plays"), "then": {"required": ["turned"], **absent("hands", "kitty", "result",
                                                                          "points")}},
        {"if": kind_is("result"), "then": {"required": ["result"], **absent(
            "hands", "kitty", "exchanges", "calls", "called", "partner", "discard", "tricks", "points")}},
        {"if": kind_is("points"), "then": {"required": ["points"], **absent(
            *(k for k in props if k not in ("kind", "dealer", "points", "scoresheet")))}},
        {"if": {"not": {"required": ["unfinished"], "properties": {"unfinished": {"const": True}}}},
         "then": {"properties": {"tricks": {"items": {"pattern": trick_full}}}}},
        {"if": {"required": ["joker_suit"]},   # as the four-handed deal: only with the joker turned
         "then": {"required": ["turned"], "properties": {"turned": {"pattern": "^[Jj][Kk]$"}}}},
    ]
    if table.called_partner:
        rules.append({"if": {"required": ["partner"], "not": kind_is("result")},
                      "then": {"required": ["called"]}})
    return {"type": "object", "description": f"One deal at a table of {n}.", "properties": props,
            "required": ["kind", "dealer"], "additionalProperties": False, "allOf": rules}


def _record(table: Table, name: str, four: dict[str, Any]) -> dict[str, Any]:
    props = four["FourHandedRecord"]["properties"]
    return {
        "type": "object",
        "description": f"A {table.variant.value} record ({table.seats} players, seats \"0\" to "
                       f"\"{table.seats - 1}\" clockwise; docs/FORMAT.md \"Tables of two, three and five\").",
        "properties": {
            "format": copy.deepcopy(props["format"]), "version": copy.deepcopy(props["version"]),
            "event": copy.deepcopy(props["event"]),
            "players": {"description": "Players by seat token; any subset.", "type": ["object", "null"],
                        "propertyNames": _seat_enum(table), "additionalProperties": {"$ref": "#/$defs/Player"}},
            "rules": {"description": "The rule set: a preset, the number of seats and overrides.",
                      "$ref": f"#/$defs/{name}Rules"},
            "start_score": _scores(table, "Each seat's score at the start; default all 0."),
            "deals": _like(props["deals"], items={"$ref": f"#/$defs/{name}Deal"})},
        "required": ["format", "version", "rules", "deals"], "additionalProperties": False}


def _table_defs(four: dict[str, Any]) -> dict[str, Any]:
    """The ``$defs`` entries of the records at tables of n (``Table<n>...`` and ``TableRecord``)."""
    defs: dict[str, Any] = {}
    branches = []
    for seats in TABLE_SEATS:
        table = table_for(seats)
        name = f"Table{seats}"
        defs[f"{name}Record"] = _record(table, name, four)
        defs[f"{name}Rules"] = table_rules(table, four["Rules"])
        defs[f"{name}Deal"] = _deal(table, name, four)
        defs[f"{name}Outcome"] = _outcome(table, four)
        defs[f"{name}Irregularity"] = _irregularity(table, four)
        branches.append({"$ref": f"#/$defs/{name}Record"})
    defs["TableRecord"] = {
        "type": "object",
        "description": "A record at a table of 2, 3 or 5: one of the Table<n>Record, told apart "
                       "by rules.seats (required in each, a constant).",
        "oneOf": branches}
    return defs


def generate_json_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a whole record in notation 1.0: ``oneOf`` a four-handed
    record (``$defs/FourHandedRecord``, from the marshmallow schemas; ``rules.seats`` 4 or left
    out) and the records at tables of 2, 3 and 5 (``$defs/Table<n>Record``, made from the
    four-handed definitions; ``rules.seats`` required and constant). ``rules.seats`` sets the
    branches apart, so exactly one can match: a flat ``oneOf`` of object schemas, which OpenAPI
    client generators type as a union of models (an ``if``/``then``/``else`` at the top, as
    before, they could not type at all). No ``discriminator``: OpenAPI's names a top-level
    property, and what tells the records apart is nested (``rules.seats``)."""
    defs: dict[str, Any] = {}
    four = _object_schema(RECORD_SCHEMA, defs)
    four["description"] = "A four-handed record (rules.seats 4 or left out)."
    defs = {"FourHandedRecord": four, **defs}
    defs.update(_table_defs(defs))
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
