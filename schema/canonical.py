"""The canonical dict and text of a record, at every table: the one dumper of the notation.

:func:`dump_record` / :func:`dumps` write a :class:`Record` of any table by the one driver
(:func:`.lean.lean_dump`) over the record schema of its table: the four-handed schemas of
:mod:`.schemas` at four, the same classes built for a table of two, three or five by
:func:`.per_table.schemas_for`, whose fields write that table's seat tokens ("0" .. "n-1"), its
rows of n scores, its keys in its documented order (the schemas' ``dump_keys``). One set of
canonical text rules: keys in documented order, empty values left out, the one text writer
(:func:`indented_json`). :func:`dump_table_record` / :func:`dumps_table` are the same functions
(the names callers of records at n use).

Contracts: ``load_record(dump_record(r)) == r`` and ``dumps(loads(t)) == t`` for every
four-handed record and canonical text; ``load_table_record(dump_table_record(r)) == r`` and
``dumps_table(load_table_record(json.loads(t))) == t`` at the other tables. :mod:`.notation`
re-exports the pair, :mod:`.tables` the n-handed names.
"""

from __future__ import annotations

from typing import Any

from euchre_records.model import Record

from .json_text import indented
from .lean import Plan, lean_dump
from .per_table import schemas_for, written_overrides
from .schemas import RECORD_SCHEMA

__all__ = ["dump_record", "dumps", "indented_json", "dump_table_record", "dumps_table",
           "written_overrides"]

_RECORD_PLAN = Plan(RECORD_SCHEMA)


def dump_record(record: Record) -> dict[str, Any]:
    """The canonical dict of a record of any table: fields in documented order, empty/None
    fields omitted; written by the record schema of the record's table."""
    if record.table.seats == 4:
        out: dict[str, Any] = lean_dump(RECORD_SCHEMA, record, _RECORD_PLAN)
        return out
    schemas = schemas_for(record.table)
    out = lean_dump(schemas.record, record, schemas.plan)
    return out


def dumps(record: Record) -> str:
    """The canonical text of a record of any table: 2-space indented JSON, UTF-8 characters
    kept, final newline.

    Exactly ``json.dumps(dump_record(record), indent=2, ensure_ascii=False) + "\\n"`` (a test
    holds them equal), written by orjson (schema/json_text.py): the canonical text is made for
    every record stored."""
    return indented_json(dump_record(record)) + "\n"


indented_json = indented
"""``json.dumps(value, indent=2, ensure_ascii=False)`` for float-free values of dicts with
string keys, lists, strings, integers, booleans and None (schema/json_text.py)."""


dump_table_record = dump_record
"""The canonical dict of a record at a table of n: :func:`dump_record` (the name its callers use)."""

dumps_table = dumps
"""The canonical text of a record at a table of n: :func:`dumps` (the name its callers use)."""
