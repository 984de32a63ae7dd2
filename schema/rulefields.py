"""The ``rules.overrides`` field: rule options by name, values in notation form.

Values are checked by :func:`euchre_records.rules.resolve_rules`, which knows every option's type;
this field only requires an object. Its JSON Schema fragment is derived from the :class:`Rules`
dataclass (types) and ``OPTION_DOCS`` (descriptions), so it cannot drift from the core.
"""

from __future__ import annotations

import typing
from enum import Enum
from typing import Any

from marshmallow import ValidationError

from euchre_records.rules import OPTION_DOCS, Rules

from .basefields import CompactField

__all__ = ["OverridesField", "rule_options_schema"]


def _option_fragment(name: str, hint: Any) -> dict[str, Any]:
    if name == "pack":
        out: dict[str, Any] = {"type": "integer", "enum": [24, 28, 32]}
    elif hint is bool:
        out = {"type": "boolean"}
    elif hint is int:
        out = {"type": "integer", "minimum": 0}
    elif isinstance(hint, type) and issubclass(hint, Enum):
        out = {"type": "string", "enum": [m.value for m in hint]}
    elif set(typing.get_args(hint)) == {int, type(None)}:
        out = {"type": ["integer", "null"], "minimum": 0}
    else:  # pragma: no cover - a new option type must be described here
        raise TypeError(f"no JSON Schema for rule option {name!r} of type {hint!r}")
    out["description"] = OPTION_DOCS[name]
    return out


def rule_options_schema() -> dict[str, Any]:
    """JSON Schema of the overrides object: every rule option, typed and described."""
    hints = typing.get_type_hints(Rules)
    return {"type": "object", "additionalProperties": False,
            "properties": {name: _option_fragment(name, hints[name]) for name in OPTION_DOCS}}


class OverridesField(CompactField):
    """``{option: value}`` -> the same dict (checked later by ``resolve_rules``)."""

    def json_schema(self) -> dict[str, Any]:
        return rule_options_schema()

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, dict):
            raise ValidationError("expected an object of rule options")
        return value
