"""The OpenAPI 3.1 document's plumbing (``GET /openapi.json``, docs/API.md "The OpenAPI document").

Contracts:
- The document is OpenAPI 3.1.0, whose schema objects are JSON Schema 2020-12: the notation's own
  JSON Schema (``Notation*`` components) goes in as it is, refs rewritten.
- Every operation has an ``operationId``: the one given with ``@blp.doc(operationId=...)``, else
  the camelCase name of its view function (``list_rubbers`` -> ``listRubbers``); an id used twice
  is refused when the app is built (:class:`DuplicateOperationId`).
- :class:`Typed` is a marshmallow field whose schema in the document is given (a ``$ref`` to a
  component, a JSON Schema fragment), for values typed elsewhere: the canonical record, rule
  options.
- 201 answers carry a ``Location`` header, described once (:data:`LOCATION_HEADER`) and
  referred to by each answer that sends it (:data:`LOCATION`); every 401 carries
  ``WWW-Authenticate`` (:data:`CHALLENGE`).
"""

from __future__ import annotations

import re
from typing import Any

from apispec import APISpec, BasePlugin
from marshmallow import Schema, fields

from euchre_records.schema.rulefields import rule_options_schema

__all__ = ["Typed", "OperationIds", "SchemaRules", "DuplicateOperationId", "LOCATION", "LOCATION_HEADER",
           "CHALLENGE", "CHALLENGE_HEADER",
           "operation_id",
           "configure_document", "component_ref", "rule_components", "ENUM_COMPONENTS"]

LOCATION_HEADER: dict[str, Any] = {
    "required": True,
    "description": "the URL of what was made or found (a path on this server, e.g. /records/12)",
    "schema": {"type": "string", "format": "uri-reference"}}
"""The ``Location`` header, described once (component ``headers/Location``)."""

LOCATION: dict[str, Any] = {"Location": "Location"}
"""The ``headers`` of a documented answer that carries ``Location``: a ref to the component."""

CHALLENGE_HEADER: dict[str, Any] = {
    "required": True,
    "description": 'Bearer realm="euchre-records", with error="invalid_token" when a token was '
                   "sent (docs/AUTH.md)",
    "schema": {"type": "string"}}
"""The ``WWW-Authenticate`` header of every 401, described once."""

CHALLENGE: dict[str, Any] = {"WWW-Authenticate": "WWW-Authenticate"}
"""The ``headers`` of a documented 401."""


def rule_components() -> dict[str, dict[str, Any]]:
    """``RuleOptions`` (every option and its value) and ``RuleOverrides`` (some of them), from
    the :class:`Rules` dataclass, as the notation's ``rules.overrides`` is."""
    overrides = rule_options_schema()
    options = {**overrides, "required": sorted(overrides["properties"])}
    return {"RuleOptions": {**options, "description": "every rule option's value, after the "
                            "record's overrides"},
            "RuleOverrides": {**overrides, "description": "the options the record changed"}}


ENUM_COMPONENTS: dict[str, dict[str, Any]] = {
    "Seat": {"type": "string", "enum": ["N", "E", "S", "W"],
             "description": "a seat, clockwise; N-S and E-W are partners"},
    "Side": {"type": "string", "enum": ["NS", "EW"], "description": "a partnership"},
}
"""Enums shared by many answers: one component each, so a generated client has one type."""


def component_ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


class Typed(fields.Raw):
    """A value whose schema is stated, not derived: ``Typed(component_ref("NotationRecord"))``;
    a marshmallow schema (class or instance) in it becomes a ref to its component. Loading and
    dumping pass the value through unchanged unless a subclass says otherwise."""

    def __init__(self, schema: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.openapi_schema = schema


def _resolved(converter: Any, value: Any) -> Any:
    """A stated schema with the marshmallow schemas in it turned into refs to their
    components (registered on the way)."""
    if isinstance(value, Schema) or (isinstance(value, type) and issubclass(value, Schema)):
        return dict(converter.resolve_nested_schema(value))
    if isinstance(value, dict):
        return {k: _resolved(converter, v) for k, v in value.items()}
    if isinstance(value, list):
        return [_resolved(converter, v) for v in value]
    return value


def _typed2properties(self: Any, field: fields.Field[Any], **kwargs: Any) -> dict[str, Any]:
    """apispec attribute function: a :class:`Typed` field's stated schema (nullable: anyOf it
    and null, the stated schema first)."""
    if not isinstance(field, Typed):
        return {}
    schema: dict[str, Any] = _resolved(self, field.openapi_schema)
    if field.allow_none:
        return {"anyOf": [schema, {"type": "null"}]}
    return schema


def _nullable_enum(self: Any, field: fields.Field[Any], ret: dict[str, Any],
                   **kwargs: Any) -> dict[str, Any]:
    """apispec attribute function: a nullable enum as ``anyOf`` [the enum, null] instead of
    ``type: [..., "null"]`` with ``null`` among the values, which generators read as a union of
    several copies of the enum. (``ret`` is edited in place: apispec merges what is returned.)"""
    types = ret.get("type")
    if not (isinstance(types, list) and "null" in types and "enum" in ret):
        return {}
    kept = [t for t in types if t != "null"]
    enum = {"type": kept[0] if len(kept) == 1 else kept,
            "enum": [v for v in ret.pop("enum") if v is not None]}
    del ret["type"]
    return {"anyOf": [enum, {"type": "null"}]}


_CAMEL = re.compile(r"_([a-z0-9])")


def operation_id(function_name: str) -> str:
    """``get_record_result`` -> ``getRecordResult``."""
    return _CAMEL.sub(lambda m: m.group(1).upper(), function_name.strip("_"))


class DuplicateOperationId(ValueError):
    """Two operations of the document would have the same ``operationId``."""


class OperationIds(BasePlugin):
    """apispec plugin giving every operation its ``operationId`` (see the module's contract)."""

    def __init__(self) -> None:
        self.seen: dict[str, str] = {}

    def init_spec(self, spec: APISpec) -> None:
        super().init_spec(spec)
        self.seen = {}

    def operation_helper(self, path: str | None = None,
                         operations: dict[str, Any] | None = None, **kwargs: Any) -> None:
        rule = kwargs.get("rule")
        if not operations or rule is None:
            return
        name = operation_id(rule.endpoint.rsplit(".", 1)[-1])
        for method, operation in operations.items():
            if not isinstance(operation, dict):
                continue
            if "operationId" not in operation:
                operation["operationId"] = name if len(operations) == 1 \
                    else method + name[:1].upper() + name[1:]
            oid = operation["operationId"]
            where = f"{method.upper()} {path}"
            if self.seen.get(oid, where) != where:
                raise DuplicateOperationId(f"operationId {oid!r} of {where} is already the id "
                                           f"of {self.seen[oid]}")
            self.seen[oid] = where


class SchemaRules(BasePlugin):
    """apispec plugin: a marshmallow schema's ``json_schema_rules`` (a class attribute: JSON
    Schema keywords relating its fields, ``if``/``then``/``else`` ..., which marshmallow's fields
    cannot state one by one) are merged into its component, as the notation's schemas' rules are
    into the notation's JSON Schema (schema/jsonschema_gen.py)."""

    def schema_helper(self, name: str, definition: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
        schema = kwargs.get("schema")
        cls = schema if isinstance(schema, type) else type(schema)
        rules = getattr(cls, "json_schema_rules", None)
        return dict(rules) if isinstance(rules, dict) else {}


def configure_document(api: Any) -> None:
    """Set up the document of a flask-smorest ``Api`` before its blueprints are registered: the
    operation ids, :class:`Typed` fields, the bearer scheme and the notation's components."""
    from .notation_openapi import register_notation
    from .trust_schemas import BEARER_SCHEME

    plugin = OperationIds()
    plugin.init_spec(api.spec)
    api.spec.plugins.append(plugin)
    rules = SchemaRules()
    rules.init_spec(api.spec)
    api.spec.plugins.append(rules)
    api.ma_plugin.converter.add_attribute_function(_typed2properties)
    api.ma_plugin.converter.add_attribute_function(_nullable_enum)
    api.spec.components.security_scheme("bearerAuth", BEARER_SCHEME)
    api.spec.components.header("Location", LOCATION_HEADER)
    api.spec.components.header("WWW-Authenticate", CHALLENGE_HEADER)
    for name, component in {**ENUM_COMPONENTS, **rule_components()}.items():
        api.spec.components.schema(name, component=component)
    register_notation(api.spec)  # the request body of record posts: the notation's own schema
