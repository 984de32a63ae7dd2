"""Load and dump records in notation 1.0: the public entry points of the notation layer.

- :func:`load_record` (a parsed JSON value -> :class:`Record`) reports *every* shape problem at
  once in one :class:`NotationError`, each problem located by a JSON path such as
  ``deals[3].tricks[2]`` or ``players.N.name``.
- :func:`dump_record` gives the canonical dict; :func:`dumps` the canonical text;
  :func:`loads` parses text (JSON syntax errors become a NotationError with line and column).
- :func:`iter_jsonl` reads JSON Lines bulk files, one record per line, yielding errors instead of
  stopping.

Contracts: ``load_record(dump_record(r)) == r`` for every record this module loads, and
``dumps(loads(t)) == t`` for every canonical text ``t``.
"""

from __future__ import annotations

import json
from typing import Any, Iterable, Iterator

from marshmallow import ValidationError

from euchre_records.errors import NotationError, Problem
from euchre_records.model import Record

from .lean import lean_dump, lean_load, plan_of
from .schemas import RECORD_SCHEMA

_RECORD_PLAN = plan_of(RECORD_SCHEMA)

__all__ = ["load_record", "dump_record", "dumps", "loads", "iter_jsonl", "problems_from_messages"]


def problems_from_messages(messages: Any, where: str = "") -> list[Problem]:
    """Flatten marshmallow's nested error messages into located problems.

    Integer keys are list indexes (``[3]``), string keys are object keys (``.name``); the key
    ``_schema`` stands for the object itself. A key may itself be a dotted path.
    """
    out: list[Problem] = []
    if isinstance(messages, dict):
        for key, value in messages.items():
            if key == "_schema":
                sub = where
            elif isinstance(key, int):
                sub = f"{where}[{key}]"
            else:
                sub = f"{where}.{key}" if where else str(key)
            out.extend(problems_from_messages(value, sub))
    elif isinstance(messages, list):
        for item in messages:
            out.extend(problems_from_messages(item, where))
    else:
        out.append(Problem(where, str(messages)))
    return out


def load_record(data: object) -> Record:
    """Load an already-parsed JSON value into a :class:`Record`.

    Raises :class:`NotationError` listing every problem found (never only the first).
    Same result as ``RECORD_SCHEMA.load(data)`` (marshmallow's own driver), only faster.
    """
    if not isinstance(data, dict):
        raise NotationError(f"a record is a JSON object, not {type(data).__name__}")
    try:
        record: Record = lean_load(RECORD_SCHEMA, data, _RECORD_PLAN)
    except ValidationError as exc:
        raise NotationError(problems_from_messages(exc.messages)) from None
    return record


def dump_record(record: Record) -> dict[str, Any]:
    """The canonical dict of a record: fields in documented order, empty/None fields omitted."""
    out: dict[str, Any] = lean_dump(RECORD_SCHEMA, record, _RECORD_PLAN)
    return out


def dumps(record: Record) -> str:
    """The canonical text of a record: 2-space indented JSON, UTF-8 characters kept, final newline."""
    return json.dumps(dump_record(record), indent=2, ensure_ascii=False) + "\n"


def parse_json(text: str | bytes) -> object:
    """JSON text to a value; syntax errors become NotationError with line and column."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise NotationError(
            f"not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}") from None
    except UnicodeDecodeError as exc:
        raise NotationError(f"not valid UTF-8 text: {exc.reason}") from None
    except RecursionError:
        raise NotationError("not a record: the JSON is nested too deeply") from None


def loads(text: str | bytes) -> Record:
    """Parse JSON text and load it; syntax errors raise NotationError with line and column."""
    return load_record(parse_json(text))


def iter_jsonl(lines: Iterable[str | bytes]) -> Iterator[tuple[int, Record | NotationError]]:
    """Read JSON Lines: one record per line, blank lines skipped.

    Yields ``(line_number, record_or_error)`` with 1-based line numbers; a bad line yields its
    :class:`NotationError` and reading goes on.
    """
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            yield number, loads(line)
        except NotationError as exc:
            yield number, exc
