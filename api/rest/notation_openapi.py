"""The notation's JSON Schema as OpenAPI components, so the request body of ``POST /validate``
and ``POST /records`` is documented by the real notation (and fuzzers such as schemathesis
build records from it), not by ``{"type": "object"}``.

The JSON Schema (draft 2020-12, :mod:`euchre_records.schema.jsonschema_gen`) goes in as it is,
since OpenAPI 3.1's schema objects are JSON Schema 2020-12: each ``$defs`` entry becomes the
component ``Notation<Name>`` and refs are rewritten to it; ``$schema`` and ``$id`` are dropped (an
``$id`` would change the base the refs resolve against).
"""

from __future__ import annotations

from typing import Any

__all__ = ["notation_components", "RECORD_COMPONENT", "register_notation"]

RECORD_COMPONENT = "NotationRecord"
_DROP = ("$schema", "$id")


def _convert(value: Any) -> Any:
    if isinstance(value, dict):
        out: dict[str, Any] = {}
        for key, item in value.items():
            if key in _DROP or key == "$defs":
                continue
            if key == "$ref" and isinstance(item, str) and item.startswith("#/$defs/"):
                out[key] = "#/components/schemas/Notation" + item[len("#/$defs/"):]
            else:
                out[key] = _convert(item)
        return out
    if isinstance(value, list):
        return [_convert(item) for item in value]
    return value


def notation_components() -> dict[str, dict[str, Any]]:
    """``{component name: OpenAPI schema}``: the record and every definition it refers to."""
    from euchre_records.schema.jsonschema_gen import generate_json_schema

    schema = generate_json_schema()
    out = {"Notation" + name: _convert(sub) for name, sub in schema.get("$defs", {}).items()}
    out[RECORD_COMPONENT] = _convert(schema)
    return out


def register_notation(spec: Any) -> None:
    """Add the notation components to an apispec ``APISpec``."""
    for name, component in notation_components().items():
        spec.components.schema(name, component=component)
