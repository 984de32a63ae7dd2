"""The JSON Schema of records at tables of two, three and five, generated from the table model.

The n-handed reader (:mod:`.table_load`) is plain Python, not marshmallow schemas, so these
definitions are built here from what it reads: the seat tokens (:meth:`Table.token`), the
variants' own options (:data:`euchre_records.table.VARIANT_OPTIONS`), the four-handed options
refused at these tables (:func:`euchre_records.table_refusals.refused_options`), the card patterns of
:mod:`.cardfields`, and the four-handed definitions they share (``Event``, ``Player`` and the
preset's rule options, taken from the four-handed schema as generated). One definition per
table, ``Table<n>Record`` with its deal, outcome, irregularity and scoresheet, and
``TableRecord``, ``oneOf`` them (``rules.seats`` tells them apart). :mod:`.jsonschema_gen` puts them in the
committed schema beside the four-handed record.

Contract: every record :func:`.table_load.load_table_record` takes validates (the schema is
never stricter than the reader; what it cannot say — game logic, the kitty's size for the pack,
a called card of the trump suit — is left to the reader and the replay).
"""

from __future__ import annotations

import copy
from typing import Any

from euchre_records.rules import preset
from euchre_records.table import VARIANT_OPTIONS, Table, table_for
from euchre_records.table_model import TableIrregularityKind
from euchre_records.table_refusals import REFUSED, refused_options

from .cardfields import CARD_OR_UNKNOWN_RE, CARD_RE

__all__ = ["TABLE_SEATS", "table_defs"]

TABLE_SEATS = (2, 3, 5)
"""The tables described here (4 is the four-handed record)."""

SCORE_LIMIT = 10**6
"""The reader's bound on a score entry (schema.table_load._scores)."""

_WS = "\\s"


def _ci(word: str) -> str:
    """A case-insensitive regex for ``word``."""
    return "".join(f"[{c.upper()}{c.lower()}]" if c.isalpha() else c for c in word)


def _seat_enum(table: Table) -> dict[str, Any]:
    return {"type": "string", "enum": [table.token(s) for s in table.all_seats]}


def _seat_re(table: Table) -> str:
    return f"[0-{table.seats - 1}]"


def _nullable(fragment: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [fragment, {"type": "null"}]}


def _scores(table: Table, what: str) -> dict[str, Any]:
    return {"description": what, "type": "array", "minItems": table.seats, "maxItems": table.seats,
            "items": {"type": "integer", "minimum": -SCORE_LIMIT, "maximum": SCORE_LIMIT}}


def _cards(token: str, low: int | None, high: int | None) -> str:
    """A run of card tokens separated by spaces; ``low`` None: any number, none included."""
    if low is None:
        return f"^{_WS}*(?:{token}(?:{_WS}+{token})*)?{_WS}*$"
    return f"^{_WS}*{token}(?:{_WS}+{token}){{{low - 1},{(high or low) - 1}}}{_WS}*$"


def _rules(table: Table, four: dict[str, Any]) -> dict[str, Any]:
    base = four["properties"]["overrides"]["properties"]
    options: dict[str, Any] = {}
    refused = refused_options(table)
    for key, fragment in base.items():
        if key in refused:   # taken only when off (the reader refuses it set)
            types = fragment.get("type", [])
            off: dict[str, Any] = ({"type": "null"} if "null" in types else
                                   {"type": "string", "const": "off"} if "off" in fragment.get("enum", ())
                                   else {"type": "boolean", "const": False})
            why = REFUSED[key][table.variant]
            options[key] = {"description": f"{fragment.get('description', key)} (only off at "
                            f"this table: {why})", **off}
        elif key == "rubber":
            options[key] = {"description": "a rubber needs fixed partnerships: only 'none' here",
                            "const": "none"}
        else:
            options[key] = copy.deepcopy(fragment)
    for key, (kind, variants, meaning) in VARIANT_OPTIONS.items():
        if table.variant not in variants:
            continue
        options[key] = ({"description": meaning, "type": "integer", "minimum": 0} if kind is int else
                        {"description": meaning, "type": "string", "enum": [m.value for m in kind]})
    overrides: dict[str, Any] = {
        "description": "Rule options changed for this record: the preset's and the variant's.",
        "type": "object", "properties": options, "additionalProperties": False}
    out: dict[str, Any] = {
        "type": "object",
        "description": f"The rule set of a {table.variant.value} record: a preset, seats "
                       f"{table.seats}, overrides.",
        "properties": {
            "preset": copy.deepcopy(four["properties"]["preset"]),
            "seats": {"description": "The number of players.", "const": table.seats},
            "overrides": overrides},
        "required": ["preset", "seats"], "additionalProperties": False}
    needed = 5 * table.seats + 1
    too_small = [p for p in base["pack"]["enum"] if p + 1 < needed]   # the joker adds one
    if too_small:   # a preset whose own pack is too small needs a larger one in the overrides
        big = [p for p in base["pack"]["enum"] if p not in too_small]
        small_presets = [name for name in four["properties"]["preset"]["enum"]
                         if preset(name).pack in too_small]
        overrides["properties"]["pack"] = dict(overrides["properties"]["pack"], enum=big)
        out["if"] = {"properties": {"preset": {"enum": small_presets}}}
        out["then"] = {"required": ["overrides"], "properties": {"overrides": {"required": ["pack"]}}}
        overrides["description"] += (f" A pack of {needed} cards at least: 5 a hand and the "
                                     f"turned card ({', '.join(small_presets)}: give pack).")
    return out


def _outcome(table: Table) -> dict[str, Any]:
    seat = _seat_enum(table)
    props: dict[str, Any] = {
        "maker": {"description": "The maker's seat; null: thrown in (all passed).",
                  "anyOf": [seat, {"type": "null"}]},
        "trump": {"description": "The trump suit.", "type": ["string", "null"],
                  "pattern": "^[SHDCshdc]$"},
        "tricks": {"description": "Tricks won by the making side, 0-5 (required with a maker).",
                   "type": ["integer", "null"], "minimum": 0, "maximum": 5},
    }
    if table.called_partner:
        props["alone"] = {"description": "The maker went alone (named no card).",
                          "type": ["boolean", "null"]}
        props["called"] = {"description": "The card the maker named, not of the trump suit.",
                           "type": ["string", "null"], "pattern": f"^{CARD_RE}$"}
        props["partner"] = {"description": "Who held the called card; null: it was undealt.",
                            "anyOf": [seat, {"type": "null"}]}
    others = {k: {"type": "null"} for k in props if k != "maker"}
    out: dict[str, Any] = {
        "type": "object", "description": f"The outcome of a result-only deal at a table of "
        f"{table.seats}.", "properties": props, "required": ["maker"], "additionalProperties": False,
        "if": {"properties": {"maker": {"type": "null"}}},
        "then": {"properties": others},
        "else": {"required": ["tricks"], "properties": {"tricks": {"type": "integer"}}}}
    if table.called_partner:
        out["allOf"] = [
            {"if": {"required": ["partner"]}, "then": {"required": ["called"],
                                                        "properties": {"called": {"type": "string"}}}},
            {"if": {"required": ["alone"], "properties": {"alone": {"const": True}}},
             "then": {"properties": {"called": {"type": "null"}, "partner": {"type": "null"}}}}]
    return out


def _irregularity(table: Table) -> dict[str, Any]:
    return {
        "type": "object", "description": f"An irregularity at a table of {table.seats}: the kinds "
        "the engine takes there.",
        "properties": {
            "kind": {"description": "What happened.", "type": "string",
                     "enum": [k.value for k in TableIrregularityKind]},
            "seat": {"description": "The offender (or the claimer).",
                     "anyOf": [_seat_enum(table), {"type": "null"}]},
            "trick": {"description": "The trick concerned, 1-based.", "type": ["integer", "null"],
                      "minimum": 1, "maximum": 5},
            "tricks": {"description": "Claim or concession: how many of the remaining tricks the "
                       "claimer's side takes (default: all of them).", "type": ["integer", "null"],
                       "minimum": 0, "maximum": 5},
            "election": {"description": "Deal out of turn: stopped before the trump card was "
                         "turned (the deal is void), or stands.", "enum": ["stopped", "stands", None]},
            "card": {"description": "Exposed card: the card exposed.", "type": "string",
                     "pattern": f"^{CARD_RE}$"},
            "cause": {"description": "Misdeal or new deal: why.", "type": ["string", "null"]},
            "note": {"description": "Free text.", "type": ["string", "null"]}},
        "required": ["kind"], "additionalProperties": False}


def _deal(table: Table, name: str) -> dict[str, Any]:
    n, seat_re = table.seats, _seat_re(table)
    tokens = [table.token(s) for s in table.all_seats]
    words = f"(?:{_ci('pass')}|{_ci('p')}|(?:{_ci('order')}|{_ci('take')}|[SHDCshdc]|{_ci('nt')})" \
            f"(?:{_WS}+{_ci('alone')})?)"
    call = f"^{_WS}*(?:{seat_re}{_WS}*:{_WS}*)?{words}{_WS}*$"
    lead = f"(?:{seat_re}{_WS}*:{_WS}*)?"
    trick_full = f"^{_WS}*{lead}{CARD_RE}(?:{_WS}+{CARD_RE}){{{n - 1}}}{_WS}*$"
    trick_any = f"^{_WS}*{lead}{CARD_RE}(?:{_WS}+{CARD_RE}){{0,{n - 1}}}{_WS}*$"
    hand = {"type": "string", "pattern": _cards(CARD_OR_UNKNOWN_RE, 5, 5)}
    props: dict[str, Any] = {
        "kind": {"description": "full: hands known; plays: calls and plays only; result: outcome "
                 "only; points: only the points each player scored.",
                 "type": "string", "enum": ["full", "plays", "result", "points"]},
        "dealer": {"description": "The dealer's seat.", **_seat_enum(table)},
        "turned": {"description": "The turned card (required for full and plays).",
                   "type": "string", "pattern": f"^{CARD_RE}$"},
        "joker_suit": {"description": "The suit the dealer named when the joker was turned.",
                       "type": "string", "pattern": "^[SHDCshdc]$"},
        "hands": {"description": f"The five cards dealt to each of the {n} seats; ?? = unknown.",
                  "type": "object", "properties": {t: hand for t in tokens}, "required": tokens,
                  "additionalProperties": False},
        "kitty": {"description": "The undealt cards except the turned card; ?? = unknown.",
                  "type": "string", "pattern": _cards(CARD_OR_UNKNOWN_RE, None, None)},
        "exchanges": {"description": "House-rule exchanges with the kitty before the bidding "
                      "(farmers, go-under), in the order made.", "type": "array", "items": {
                          "type": "object", "properties": {
                              "kind": {"description": "Which house rule.", "type": "string",
                                       "enum": ["farmers", "go-under"]},
                              "seat": {"description": "The farmer or the player going under.",
                                       **_seat_enum(table)},
                              "gave": {"description": "The cards he gave to the kitty; ?? = unknown.",
                                       "type": "string", "pattern": _cards(CARD_OR_UNKNOWN_RE, 1, 3)},
                              "took": {"description": "The kitty cards he took; ?? = unknown.",
                                       "type": "string", "pattern": _cards(CARD_OR_UNKNOWN_RE, 1, 3)}},
                          "required": ["kind", "seat"], "additionalProperties": False}},
        "calls": {"description": f"Calls in the order spoken, e.g. \"pass\", \"{tokens[1]}: order\", "
                  "\"H\"; the dealer says take.", "type": "array",
                  "items": {"type": "string", "pattern": call}},
        "called": {"description": "Five-handed: the card the maker names, not of the trump suit.",
                   "type": "string", "pattern": f"^{CARD_RE}$"},
        "partner": {"description": "Five-handed: who held the called card; null: it was undealt.",
                    "anyOf": [_seat_enum(table), {"type": "null"}]},
        "discard": {"description": "The dealer's discard; ?? = discarded, card unknown.",
                    "type": "string", "pattern": f"^{CARD_OR_UNKNOWN_RE}$"},
        "tricks": {"description": f"Tricks in order: optional \"SEAT: \" leader, then the {n} cards "
                   "in playing order (the last of an unfinished deal may be short).",
                   "type": "array", "maxItems": 5, "items": {"type": "string", "pattern": trick_any}},
        "result": {"description": "Outcome of a result-only deal (kind result only).",
                   "$ref": f"#/$defs/{name}Outcome"},
        "irregularities": {"description": "Irregularities at the table, in order.",
                           "type": ["array", "null"], "items": {"$ref": f"#/$defs/{name}Irregularity"}},
        "scoresheet": {"description": "What the scorer wrote: the deal's points and/or the totals.",
                       "type": "object", "additionalProperties": False, "properties": {
                           "points": _nullable(_scores(table, "Points written for this deal, one per seat.")),
                           "total": _nullable(_scores(table, "Each seat's running score after this deal."))}},
        "unfinished": {"description": "The record stops inside this deal.", "type": "boolean"},
        "points": _scores(table, "A points-only deal (kind points only, required there): the "
                          "points each seat scored, as written on the sheet."),
    }
    if not table.called_partner:   # (not the schema ``false``: OpenAPI tools read it as a ref)
        for key in ("called", "partner"):
            props[key] = {"description": "Only in the five-handed game: a maker here has no partner.",
                          "not": {}}
    rules: list[dict[str, Any]] = [
        {"if": {"required": ["kind"], "properties": {"kind": {"const": "full"}}},
         "then": {"required": ["turned", "hands"], "properties": {"result": False, "points": False}}},
        {"if": {"required": ["kind"], "properties": {"kind": {"const": "plays"}}},
         "then": {"required": ["turned"], "properties": {"hands": False, "kitty": False, "result": False,
                                                         "points": False}}},
        {"if": {"required": ["kind"], "properties": {"kind": {"const": "result"}}},
         "then": {"required": ["result"], "properties": {
             k: False for k in ("hands", "kitty", "exchanges", "calls", "called", "partner",
                                "discard", "tricks", "points")}}},
        {"if": {"required": ["kind"], "properties": {"kind": {"const": "points"}}},
         "then": {"required": ["points"], "properties": {
             k: False for k in props if k not in ("kind", "dealer", "points", "scoresheet")}}},
        {"if": {"required": ["joker_suit"]},   # as the four-handed deal (schema/schemas.py)
         "then": {"required": ["turned"], "properties": {"turned": {"pattern": "^[Jj][Kk]$"}}}},
        {"if": {"not": {"required": ["unfinished"], "properties": {"unfinished": {"const": True}}}},
         "then": {"properties": {"tricks": {"items": {"pattern": trick_full}}}}},
    ]
    if table.called_partner:
        rules.append({"if": {"required": ["partner"], "not": {"required": ["kind"], "properties": {
            "kind": {"const": "result"}}}}, "then": {"required": ["called"]}})
    return {"type": "object", "description": f"One deal at a table of {n}.", "properties": props,
            "required": ["kind", "dealer"], "additionalProperties": False, "allOf": rules}


def _record(table: Table, name: str, four: dict[str, Any]) -> dict[str, Any]:
    props = four["properties"]
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
            "deals": {"description": "The deals in the order played; may be empty.", "type": "array",
                      "items": {"$ref": f"#/$defs/{name}Deal"}}},
        "required": ["format", "version", "rules", "deals"], "additionalProperties": False}


def table_defs(four_rules: dict[str, Any], four_record: dict[str, Any]) -> dict[str, Any]:
    """The ``$defs`` entries of the n-handed records (``TableRecord`` and ``Table<n>...``), from
    the four-handed ``Rules`` and record definitions they share fragments with."""
    defs: dict[str, Any] = {}
    branches = []
    for seats in TABLE_SEATS:
        table = table_for(seats)
        name = f"Table{seats}"
        defs[f"{name}Record"] = _record(table, name, four_record)
        defs[f"{name}Rules"] = _rules(table, four_rules)
        defs[f"{name}Deal"] = _deal(table, name)
        defs[f"{name}Outcome"] = _outcome(table)
        defs[f"{name}Irregularity"] = _irregularity(table)
        branches.append({"$ref": f"#/$defs/{name}Record"})
    defs["TableRecord"] = {
        "type": "object",
        "description": "A record at a table of 2, 3 or 5: one of the Table<n>Record, told apart "
                       "by rules.seats (required in each, a constant).",
        "oneOf": branches}
    return defs
