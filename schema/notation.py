"""Load and dump records in notation 1.0: the public entry points of the notation layer.

- :func:`load_record` (a parsed JSON value -> :class:`Record`) reports *every* shape problem at
  once in one :class:`NotationError`, each problem located by a JSON path such as
  ``deals[3].tricks[2]`` or ``players.N.name``.
- :func:`dump_record` gives the canonical dict; :func:`dumps` the canonical text (both from
  :mod:`.canonical`, the one dumper of every table); :func:`loads` parses text (JSON syntax
  errors become a NotationError with line and column).
- :func:`iter_jsonl` reads JSON Lines bulk files, one record per line (by :func:`loads`, or a
  reader given: the CLI's reads every table size), yielding errors instead of stopping.

Contracts: ``load_record(dump_record(r)) == r`` for every record this module loads, and
``dumps(loads(t)) == t`` for every canonical text ``t``.
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable, Iterable, Iterator, TypeVar, overload

from marshmallow import ValidationError

from euchre_records.errors import NotationError, Problem, join_path
from euchre_records.model import Record

from .canonical import dump_record, dumps, indented_json
from .lean import Plan, lean_load
from .numbers import MAX_INT_DIGITS, holds_whole_float, whole_number, whole_numbers
from .per_table import load_table_record
from .problems import problems_from_messages
from .schemas import RECORD_SCHEMA, SeatsField
from .wire import decode_record

_RECORD_PLAN = Plan(RECORD_SCHEMA)

__all__ = ["load_record", "load_any", "dump_record", "dumps", "loads", "iter_jsonl", "problems_from_messages",
           "parse_json", "MAX_INT_DIGITS", "indented_json"]


def load_any(data: object) -> Record:
    """A :class:`Record` of any table, read by ``rules.seats``: the four-handed reader at four."""
    if holds_whole_float(data):
        data = whole_numbers(data)   # 3.0 seats is 3 (schema/numbers.py)
    rules = data.get("rules") if isinstance(data, dict) else None
    seats = rules.get("seats", 4) if isinstance(rules, dict) else 4
    if seats == 4 or isinstance(seats, bool) or not isinstance(seats, int):
        return load_record(data)
    return load_table_record(data)


def load_record(data: object) -> Record:
    """Load an already-parsed JSON value into a :class:`Record`.

    Raises :class:`NotationError` listing every problem found (never only the first).
    Same result as ``RECORD_SCHEMA.load(data)`` (marshmallow's own driver), only faster. A
    whole-number float (``4.0``) is the integer it equals (schema/numbers.py): a value the
    schemas refuse is read again with those floats made integers.
    """
    if not isinstance(data, dict):
        raise NotationError(f"a record is a JSON object, not {type(data).__name__}")
    try:
        return _load_record(data)
    except NotationError:
        if not holds_whole_float(data):
            raise
    return _load_record(whole_numbers(data))


def _load_record(data: dict[str, Any]) -> Record:
    rules = data.get("rules")
    if type(rules) is dict and "seats" in rules and rules["seats"] != 4:
        _refuse_seats(rules["seats"])   # the rest of such a record is not four-handed notation
    try:
        record: Record = lean_load(RECORD_SCHEMA, data, _RECORD_PLAN)
    except ValidationError as exc:
        raise NotationError(problems_from_messages(exc.messages)) from None
    return record


def _refuse_seats(seats: object) -> None:
    """A record of another number of seats: its one problem, located at ``rules.seats`` (its
    seat tokens, hands and scores would each be a consequence of it, not a problem of their own)."""
    try:
        SeatsField().deserialize(seats)
    except ValidationError as exc:
        raise NotationError(problems_from_messages(exc.messages, "rules.seats")) from None


# MAX_INT_DIGITS (schema/numbers.py): the longest JSON integer read (Python's own limit of
# integer-string conversion); a longer one is a located notation error, never a ValueError from
# the depths of ``int()``.

_SURROGATE_HINT = re.compile(r"[\ud800-\udfff]|\\u[dD][89a-fA-F]")
_LONG_DIGITS = re.compile(r"-?[0-9]{%d,}" % (MAX_INT_DIGITS + 1))


class _Duplicate(Exception):
    """A JSON object repeats a key (raised by the strict object hook)."""


class _TooLong(Exception):
    """A JSON integer with more digits than MAX_INT_DIGITS."""


def _strict_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):
        raise _Duplicate()
    return out


def _bounded_int(digits: str) -> int:
    if len(digits) > MAX_INT_DIGITS and len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise _TooLong()
    return int(digits)


def _json_message(exc: json.JSONDecodeError) -> str:
    """The parser's message without its dangling "at" ("Invalid control character at")."""
    return exc.msg.removesuffix(" at")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def _line_col(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    return f"line {line}, column {offset - (text.rfind(chr(10), 0, offset) + 1) + 1}"


def _path_of_duplicate(value: Any) -> Problem | None:
    """The first object holding a repeated key, in a value parsed with objects as pair lists
    (depth first, as the text reads; iterative, so a deeply nested value cannot overflow)."""
    stack: list[tuple[str, Any]] = [("", value)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, _Pairs):
            seen: set[str] = set()
            for key, _ in item:
                if key in seen:
                    return Problem(where, f"the key {key!r} appears twice in this object (JSON "
                                          "keys must be unique; which one counts would be a guess)")
                seen.add(key)
            stack.extend((join_path(where, key), sub) for key, sub in reversed(item))
        elif isinstance(item, list):
            stack.extend((f"{where}[{i}]", sub) for i, sub in reversed(list(enumerate(item))))
    return None


class _Pairs(list):  # type: ignore[type-arg]
    """An object read as its list of (key, value) pairs, to locate a repeated key."""


def _lone_surrogates(value: Any, where: str = "") -> list[Problem]:
    """Every string (key or value) holding half of a UTF-16 surrogate pair, located."""
    out: list[Problem] = []
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            out.append(Problem(where, f"the text holds a lone surrogate ({value[exc.start]!r} at "
                                      f"character {exc.start}): not a character, it cannot be stored"))
    elif isinstance(value, dict):
        for key, item in value.items():
            if _printable_key(key):
                out.extend(_lone_surrogates(item, join_path(where, key)))
            else:
                out.append(Problem(where, "a key holds a lone surrogate: not a character"))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out.extend(_lone_surrogates(item, f"{where}[{i}]"))
    return out


def _may_hold_surrogate(text: str) -> bool:
    """Whether ``_SURROGATE_HINT`` matches: it cannot in ASCII text without a ``\\u`` escape,
    which two C scans rule out (the pattern's own search is slow over a whole record)."""
    if "\\u" not in text and text.isascii():
        return False
    return _SURROGATE_HINT.search(text) is not None


def _printable_key(key: str) -> bool:
    try:
        key.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def parse_json(text: str | bytes) -> object:
    """JSON text to a value, strictly: a NotationError (located by line and column, or by path)
    for a syntax error, bytes that are not UTF-8, nesting too deep for the parser, an integer over
    :data:`MAX_INT_DIGITS` digits, ``NaN``/``Infinity``, a key repeated in one object, or a lone
    surrogate (``"\\ud800"``) in any string. A number with a fraction or an exponent whose value
    is whole (``4.0``, ``1e2``) is read as that integer (schema/numbers.py: JSON Schema's
    integer); any other stays a float, which no field of the notation takes."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise NotationError(f"not valid UTF-8 text: {exc.reason} at byte {exc.start}") from None
    try:
        value = json.loads(text, object_pairs_hook=_strict_object, parse_int=_bounded_int,
                           parse_float=whole_number, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise NotationError(
            f"not valid JSON: {_json_message(exc)} at line {exc.lineno}, column {exc.colno}") from None
    except RecursionError:
        raise NotationError("not a record: the JSON is nested too deeply") from None
    except _TooLong:
        found = _LONG_DIGITS.search(text)
        at = f" at {_line_col(text, found.start())}" if found else ""
        raise NotationError(f"not a record: a JSON integer{at} has more than {MAX_INT_DIGITS} "
                            "digits") from None
    except _Duplicate:
        # the hook fires when the object closes, before the parser has read the rest: the
        # second reading (to locate the key) meets the rest's syntax errors and nesting first
        raise _located_duplicate(text) from None
    except ValueError as exc:       # NaN, Infinity
        raise NotationError(f"not valid JSON: {exc}") from None
    if _may_hold_surrogate(text):
        problems = _lone_surrogates(value)
        if problems:
            raise NotationError(problems)
    return value


def _located_duplicate(text: str) -> NotationError:
    """The error of a text whose parse met a repeated key: the rest of the text's own syntax
    error or excess nesting when it has one (the text is not JSON either way), else the
    repeated key located by its path."""
    try:
        pairs = json.loads(text, object_pairs_hook=_Pairs, parse_int=str, parse_constant=str)
    except json.JSONDecodeError as exc:
        return NotationError(
            f"not valid JSON: {_json_message(exc)} at line {exc.lineno}, column {exc.colno}")
    except RecursionError:
        return NotationError("not a record: the JSON is nested too deeply")
    return NotationError([_path_of_duplicate(pairs)
                          or Problem("", "a key appears twice in one object")])


def loads(text: str | bytes) -> Record:
    """Parse JSON text and load it; syntax errors raise NotationError with line and column.

    A valid record is decoded by msgspec (schema/wire.py, the same Record); any other text goes
    through :func:`parse_json` and :func:`load_record`, which locate every problem."""
    record = decode_record(text)
    if record is not None:
        return record
    return load_record(parse_json(text))


_Loaded = TypeVar("_Loaded")


@overload
def iter_jsonl(lines: Iterable[str | bytes]) -> Iterator[tuple[int, Record | NotationError]]: ...
@overload
def iter_jsonl(lines: Iterable[str | bytes], load: Callable[[str | bytes], _Loaded]
               ) -> Iterator[tuple[int, _Loaded | NotationError]]: ...
def iter_jsonl(lines: Iterable[str | bytes], load: Callable[[str | bytes], Any] = loads
               ) -> Iterator[tuple[int, Any]]:
    """Read JSON Lines: one record per line, blank lines skipped.

    Yields ``(line_number, record_or_error)`` with 1-based line numbers; a bad line yields its
    :class:`NotationError` and reading goes on. Each line is read by ``load``: :func:`loads`
    (four-handed), or a reader of every table size (the CLI's: ``ingest.parse_marked``, its
    errors returned as values), which raises only NotationError too.
    """
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            yield number, load(line)
        except NotationError as exc:
            yield number, exc
