"""The schema base class of the notation and a lean driver for nested objects.

:class:`NotationSchema` is an ordinary marshmallow schema with two hooks that subclasses fill in:

- ``check(data, original) -> {key: [message]}``: shape rules tying fields together, run after the
  fields (also when some fields failed, so that every problem is reported at once);
- ``build(data) -> value``: make the frozen model value (may raise ``ValidationError``).

``Schema.load`` runs them through ``@validates_schema`` and ``@post_load`` as usual.

:class:`LeanNested` is a drop-in for ``fields.Nested`` on the hot path. It loads an object with
the nested schema's *own bound fields* and the same two hooks, in one tight loop, without the
per-object machinery of ``Schema.load`` (error store, hook dispatch, processor lists), which on
its own costs several times a ``json.loads`` of the same object. Results and error messages are
the same as ``Schema.load``'s (tests check this). :func:`lean_dump` is the same shortcut for
dumping (same dicts as ``Schema.dump``).
"""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, ValidationError, missing, post_dump, post_load, validates_schema

from .basefields import CompactField, load_each

__all__ = ["NotationSchema", "LeanNested", "lean_load", "lean_dump", "Plan", "UNKNOWN_FIELD", "NOT_AN_OBJECT"]

UNKNOWN_FIELD = "unknown field (not part of the notation)"
NOT_AN_OBJECT = "expected an object"


class NotationSchema(Schema):
    """Base schema: unknown keys are errors; ``check`` and ``build`` hooks; compact dumps."""

    error_messages = {"unknown": UNKNOWN_FIELD, "type": NOT_AN_OBJECT}

    def check(self, data: dict[str, Any], original: Any) -> dict[str, list[str]]:
        """Cross-field shape problems keyed by JSON key (``_schema``: the object itself)."""
        return {}

    def build(self, data: dict[str, Any]) -> Any:
        """The model value for loaded ``data`` (attribute names as keys)."""
        return data

    dump_keys: tuple[str, ...] | None = None
    """The JSON keys a dump writes, in the order written (None: every field, in declaration
    order). A schema built for a table of n names its table's canonical order here."""

    def canonical(self, data: dict[str, Any], original: Any) -> dict[str, Any]:
        """Adjust a dumped dict (None and empty values already dropped)."""
        return data

    @validates_schema(skip_on_field_errors=False, pass_original=True)
    def _run_check(self, data: dict[str, Any], original: Any, **kwargs: Any) -> None:
        if isinstance(original, dict):
            errors = self.check(data, original)
            if errors:
                raise ValidationError(errors)

    @post_load
    def _run_build(self, data: dict[str, Any], **kwargs: Any) -> Any:
        return self.build(data)

    @post_dump(pass_original=True)
    def _finish(self, data: dict[str, Any], original: Any, **kwargs: Any) -> dict[str, Any]:
        data = {k: v for k, v in data.items() if v is not None and v != [] and v != {}}
        return self.canonical(data, original)


class Plan:
    """How to load one schema's objects, computed once per schema (build once, pass to
    :func:`lean_load` and :func:`lean_dump`).

    ``by_key``: JSON key -> (attribute, field, fast), where ``fast`` marks a compact field with no
    validators or processors and the compact ``deserialize``, whose ``_deserialize`` is called directly once null is handled.
    ``absent``: the fields that matter when their key is missing (required, or with a default).
    ``dump_table``: (JSON key, attribute, field) in declaration order (or the schema's
    ``dump_keys``, those keys only, in that order), for :func:`lean_dump`.
    ``fast_dump``: the schema's ``fast_dump(obj) -> dict or None`` if it has one: the dumped dict
    of a value in the shape it covers (the same dict as the field loop), else None. (Loading has
    no such shortcut here: valid record texts are decoded by msgspec, schema/wire.py.)
    """

    __slots__ = ("by_key", "absent", "dump_table", "custom_dump", "fast_dump")

    def __init__(self, schema: NotationSchema) -> None:
        self.by_key: dict[str, tuple[str, Any, bool]] = {}
        self.absent: list[tuple[str, str, Any]] = []
        rows = [(f.data_key or name, f.attribute or name, f) for name, f in schema.dump_fields.items()]
        if schema.dump_keys is not None:
            by_key = {row[0]: row for row in rows}
            rows = [by_key[key] for key in schema.dump_keys]
        self.dump_table = rows
        self.custom_dump = type(schema).dump is not Schema.dump
        self.fast_dump = getattr(schema, "fast_dump", None)
        for name, f in schema.load_fields.items():
            key = f.data_key or name
            fast = (isinstance(f, CompactField) and type(f).deserialize is CompactField.deserialize
                    and not (f.validators or f.pre_load or f.post_load))
            self.by_key[key] = (f.attribute or name, f, fast)
            if f.required or f.load_default is not missing:
                self.absent.append((key, f.attribute or name, f))


def lean_load(schema: NotationSchema, value: Any, plan: Plan | None = None) -> Any:
    """Load one object like ``schema.load(value)`` does; raises ValidationError with a dict."""
    if type(value) is not dict:
        raise ValidationError({"_schema": [NOT_AN_OBJECT]})
    plan = plan or Plan(schema)
    by_key = plan.by_key
    data: dict[str, Any] = {}
    errors: dict[str, Any] = {}
    for key, raw in value.items():
        spec = by_key.get(key)
        if spec is None:
            errors[key] = [UNKNOWN_FIELD]
            continue
        name, field, fast = spec
        try:
            if not fast:
                loaded = field.deserialize(raw, key, value)
                if loaded is not missing:
                    data[name] = loaded
            elif raw is None:
                if not field.allow_none:
                    raise field.make_error("null")
                data[name] = None
            else:
                data[name] = field._deserialize(raw, key, value)
        except ValidationError as exc:
            errors[key] = exc.messages
    for key, name, field in plan.absent:
        if key not in value:
            try:
                loaded = field.deserialize(missing, key, value)
            except ValidationError as exc:
                errors[key] = exc.messages
            else:
                if loaded is not missing:
                    data[name] = loaded
    shape = schema.check(data, value)
    if shape:
        for key, messages in shape.items():
            errors.setdefault(key, [])
            if isinstance(errors[key], list):
                errors[key].extend(messages)
            else:
                errors[key].setdefault("_schema", []).extend(messages)
    if errors:
        raise ValidationError(errors)
    return schema.build(data)


_NO_ITEMS: tuple[()] = ()
"""The empty tuple (one object in CPython: ``tuple()`` and every empty tuple loaded are it)."""


def lean_dump(schema: NotationSchema, obj: Any, plan: Plan | None = None) -> Any:
    """Dump one value like ``schema.dump(obj)`` does (same dict), without the per-object machinery."""
    plan = plan or Plan(schema)
    if plan.custom_dump:
        return schema.dump(obj)
    data: dict[str, Any] = {}
    for key, attr, field in plan.dump_table:
        value = getattr(obj, attr, missing)
        if value is missing or value is None or value is _NO_ITEMS:
            continue   # every field of the notation writes nothing for None and for ()
        out = field._serialize(value, attr, obj)
        # omitted: None, [] and {} (only a list or dict can equal those; no new [] and {} to
        # compare with for every field of every deal)
        if out is not None and (out or not isinstance(out, (list, dict))):
            data[key] = out
    return schema.canonical(data, obj)


class LeanNested(CompactField):
    """Like ``fields.Nested(schema, many=...)``, loading through :func:`lean_load`."""

    def __init__(self, schema: NotationSchema, many: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.schema = schema
        self.many = many
        self._plan = Plan(schema)

    def json_schema(self, name: str | None = None) -> dict[str, Any]:
        """A ``$ref`` to the definition ``name`` (default: the nested schema's class name
        without ``Schema``), an array of them with ``many``."""
        ref = {"$ref": f"#/$defs/{name or type(self.schema).__name__.removesuffix('Schema')}"}
        return {"type": "array", "items": ref} if self.many else ref

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not self.many:
            return lean_load(self.schema, value, self._plan)
        if not isinstance(value, list):
            raise ValidationError("expected a list")
        schema, plan = self.schema, self._plan
        return load_each(value, lambda item: lean_load(schema, item, plan))

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        if value is None:
            return None
        if self.many:
            if not value:
                return None
            schema, plan = self.schema, self._plan
            fast = plan.fast_dump
            if fast is None:
                return [lean_dump(schema, item, plan) for item in value]
            return [fast(item) or lean_dump(schema, item, plan) for item in value]
        return lean_dump(self.schema, value, self._plan)
