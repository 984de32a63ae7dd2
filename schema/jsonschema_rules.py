"""The rule sets in the generated JSON Schema, for every table: the four-handed ``Rules`` (from
the marshmallow schemas) gets the cross-checks of :meth:`Rules.check` (:func:`rule_checks`), and
a table of n's ``Table<n>Rules`` is made from it (:func:`table_rules`): the same preset and
options, with what the table refuses (:mod:`euchre_records.table_refusals`) only off.
"""

from __future__ import annotations

import copy
from typing import Any

from euchre_records.rules import PRESETS, RubberSystem, preset
from euchre_records.table import VARIANT_OPTIONS, Table
from euchre_records.table_refusals import REFUSED, refused_options

__all__ = ["rule_checks", "table_rules"]


def _overrides_where(condition: dict[str, Any]) -> dict[str, Any]:
    """A condition on the record's ``rules.overrides`` (given)."""
    return {"required": ["overrides"], "properties": {"overrides": condition}}


def rule_checks(rules: dict[str, Any], tables: list[dict[str, Any]]) -> None:
    """State :meth:`Rules.check`'s cross-checks of the options (after the preset's own) in the
    four-handed ``Rules`` and the ``Table<n>Rules``: game_points and fixed_deals at least 1 and
    exactly one of them set; no fixed deals in a rubber; not no-trump with the joker. Written for
    presets that set game_points, no fixed_deals, no joker and no no-trump (all of today's): the
    generator refuses to run, rather than write a wrong schema, if a preset stops being so."""
    for name in PRESETS:
        p = preset(name)
        if p.game_points is None or p.fixed_deals is not None or p.joker or p.allow_no_trump:
            raise ValueError(f"preset {name}: rule_checks assumes game_points set, no "
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


def table_rules(table: Table, four: dict[str, Any]) -> dict[str, Any]:
    """The ``Rules`` definition of a table of n from the four-handed ``four``: its preset and its
    options, those refused at the table only off (:func:`refused_options`), no rubber, the
    variant's own options (:data:`VARIANT_OPTIONS`), and a pack large enough to deal."""
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
