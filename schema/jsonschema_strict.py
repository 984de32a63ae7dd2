"""Strict-mode conditions of a generated JSON Schema: :func:`strict_conditions` makes each
``if``/``then``/``else``, ``not`` and ``allOf``/``anyOf``/``oneOf`` member explicit the way
validators' strict modes (ajv's ``strict``) ask, without changing what the schema accepts.
Used by :mod:`.jsonschema_gen` on every definition of every table.
"""

from __future__ import annotations

import copy
from typing import Any

__all__ = ["strict_conditions"]

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


def strict_conditions(schema: Any, defs: dict[str, Any]) -> None:
    """:func:`_strict` on every condition of ``schema`` and of the schemas nested in it (a
    non-object ``schema``: nothing to do)."""
    if not isinstance(schema, dict):
        return
    for key in _IN_PLACE:
        _strict(schema.get(key), schema, defs)
    for key in _MEMBERS:
        for member in schema.get(key, ()):
            if "$ref" not in member:
                _strict(member, schema, defs)
    for sub in schema.get("properties", {}).values():
        strict_conditions(sub, defs)
    strict_conditions(schema.get("items"), defs)
    for key in ("anyOf", "oneOf"):
        for member in schema.get(key, ()):
            strict_conditions(member, defs)
