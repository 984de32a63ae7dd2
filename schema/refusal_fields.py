"""The fields and the load context of the records at tables of two, three and five: what a table
takes and refuses, read with the rules of the record being loaded.

:mod:`.per_table` builds the four-handed schema classes for a table of n; the fields here are
the ones only such a table has: a key it refuses (:class:`RefusedField`, citing the rule), the
kinds of exchange and of law it takes (:class:`ExchangeKindField`, :class:`LawKindField`, a law
of the partnership game refused by :func:`~euchre_records.table_refusals.law_refusal`), and the
election words. What depends on the record's rules (the laws a preset gives, the cards of the
pack) is read from :data:`RULES_READ`, set by :func:`.per_table.load_table_record` for the length
of one load (a context variable: thread- and task-safe) once ``rules`` is read.

Contract: a field here never reads :func:`rules_read` outside a load of a table of n (it asserts).
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from marshmallow import ValidationError

from euchre_records.cards import Card, make_pack
from euchre_records.model import ExchangeKind, IrregularityKind
from euchre_records.rules import Rules
from euchre_records.table import Table, VariantOptions
from euchre_records.table_refusals import LAWS_TAKEN, law_refusal, refusal

from .basefields import CompactField, EnumField, StrField

__all__ = ["RulesRead", "RULES_READ", "rules_read", "pack_of", "pack_problem", "RefusedField",
           "AnyField", "CheckedOutField", "ElectionField", "ExchangeKindField", "LawKindField"]


@dataclass(frozen=True)
class RulesRead:
    """``rules`` as read at a table of n: the preset's :class:`Rules` with the overrides it
    takes, the variant's own options, and those options as written (kept for the dump)."""

    rules: Rules
    options: VariantOptions
    overrides: tuple[tuple[str, object], ...]


RULES_READ: ContextVar[RulesRead | None] = ContextVar("euchre_records_rules_read", default=None)


def rules_read() -> RulesRead:
    """The rules of the record being loaded (only inside a load of a table of n)."""
    found = RULES_READ.get()
    assert found is not None, "the deals of a table of n are read only once its rules are"
    return found


@lru_cache(maxsize=None)
def pack_of(size: int, joker: bool) -> frozenset[Card]:
    """The cards of a pack of ``size`` (with the joker), made once."""
    return frozenset(make_pack(size, joker))


def pack_problem(card: Card | None) -> str | None:
    """Why ``card`` is not in the pack of the record being loaded, or None."""
    rules = rules_read().rules
    if card is None or card in pack_of(rules.pack, rules.joker):
        return None
    return f"{card.name} is not in the pack of {rules.pack}{' and the joker' if rules.joker else ''}"


class RefusedField(CompactField):
    """A key a table does not take: any value (null too) is refused with ``message``. The JSON
    Schema leaves it out (``additionalProperties: false`` refuses it), or, where ``named`` (a
    description: a key of the same object at another table), names it as a property that takes
    nothing (``{"not": {}}``: not the schema ``false``, which OpenAPI tools read as a ref)."""

    def __init__(self, message: str, named: str | None = None, **kwargs: Any) -> None:
        super().__init__(allow_none=True, **kwargs)
        self.message, self.named = message, named
        self.in_json_schema = named is not None

    def json_schema(self) -> dict[str, Any]:
        return {"description": self.named, "not": {}}

    def deserialize(self, value: Any, attr: str | None = None, data: Any = None, **kwargs: Any) -> Any:
        raise ValidationError(self.message)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> None:
        return None   # never written


class AnyField(CompactField):
    """A value taken as it is (read elsewhere)."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        return value


class CheckedOutField(AnyField):
    """A key of the four-handed object that the schema's ``check`` refuses at this table with
    every kind (its message names the kind): left out of the JSON Schema."""

    in_json_schema = False


class ElectionField(StrField):
    """An irregularity's ``election`` at a table of n: a string to the reader, whose check says
    which kinds take it and which words ('stopped', 'stands'); the JSON Schema names the words."""

    schema_fragment = {"type": "string", "enum": ["stopped", "stands"]}


class ExchangeKindField(EnumField):
    """An exchange's kind at a table of n: ``farmers`` or ``go-under``; partner's best refused
    by the rule (no partner to pass it, :mod:`euchre_records.table_refusals`)."""

    def __init__(self, table: Table, **kwargs: Any) -> None:
        super().__init__(ExchangeKind, (ExchangeKind.FARMERS, ExchangeKind.GO_UNDER), **kwargs)
        self.table = table

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> ExchangeKind:
        kind = self._by_value.get(value) if isinstance(value, str) else None
        if kind is None:
            raise ValidationError(refusal(self.table, "partners_best") or "" if value == "partners-best"
                                  else "expected 'farmers' or 'go-under'")
        return kind  # type: ignore[return-value]


class LawKindField(EnumField):
    """An irregularity's kind at a table of n: one of ``LAWS_TAKEN`` that the record's preset
    gives a law for here; a law of the partnership game only is refused citing it
    (:func:`~euchre_records.table_refusals.law_refusal`), any other kind as not yet taken."""

    _TAKEN = ", ".join(repr(k.value) for k in LAWS_TAKEN)

    def __init__(self, table: Table, **kwargs: Any) -> None:
        super().__init__(IrregularityKind, LAWS_TAKEN, **kwargs)
        self.table = table

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> IrregularityKind:
        rules = rules_read().rules
        try:
            kind = IrregularityKind(value)
        except ValueError:
            kind = None
        why = law_refusal(self.table, rules, value) if isinstance(value, str) else None
        if kind is None or kind not in LAWS_TAKEN:
            raise ValidationError(why or f"{value!r}: not yet taken at tables of two, three and "
                                  f"five; the irregularities taken are {self._TAKEN}")
        if why is not None:   # taken under some presets only
            raise ValidationError(why)
        return kind
