"""Compact marshmallow fields: the base class and the scalar fields of the notation.

A compact field parses a whole notation value in one ``_deserialize`` call instead of going
through a nested schema. Contract of every compact field (here and in :mod:`.cardfields`,
:mod:`.playfields`):

- ``_deserialize`` accepts the notation form (case-insensitive where the format says so) and
  returns model values; on a bad value it raises ``ValidationError``. Errors about one token of a
  card string are keyed by the token's 0-based position (``{2: ["not a card ..."]}``), so the
  located path reads ``deals[0].hands.N[2]`` as if the string were a list.
- ``_serialize`` writes the canonical form (upper-case cards and seats, lower-case words).
- ``json_schema()`` returns the JSON Schema (draft 2020-12) fragment of the notation form, at
  the field's table (a :class:`TableField` built for a table of n gives the fragment there); the
  generator in :mod:`euchre_records.schema.jsonschema_gen` uses it, for the schema classes of every
  table. A field whose key the schema leaves out (``in_json_schema`` False: a key its table refuses
  whatever the value) has no property there: ``additionalProperties: false`` refuses it.
"""

from __future__ import annotations

import calendar
import re
from enum import Enum
from typing import Any, Callable, Iterable

from marshmallow import ValidationError, fields, missing

from euchre_records.cards import SEATS, Seat, Suit
from euchre_records.table import Table

__all__ = [
    "load_each",
    "CompactField", "TableField", "SeatField", "SuitField", "EnumField", "IntField", "BoolField", "StrField",
    "PointsField", "POINTS_LIMIT", "SEAT_SCORE_LIMIT", "whole_figures", "within", "SEAT_RE", "SEAT_BY_TEXT", "SUIT_BY_TEXT",
    "LabelField", "NameField", "DateField", "DATE_PATTERN", "date_problem", "label_problem",
]

SEAT_RE = "[NESWnesw]"
SEAT_BY_TEXT: dict[str, Seat] = {s.name: s for s in SEATS} | {s.name.lower(): s for s in SEATS}
SUIT_BY_TEXT: dict[str, Suit] = {s.value: s for s in Suit} | {s.value.lower(): s for s in Suit}


def load_each(items: list[Any], load: Callable[[Any], Any]) -> tuple[Any, ...]:
    """``load`` applied to every item; the problems of all items at once, keyed by index."""
    out: list[Any] = []
    errors: dict[int, Any] = {}
    for i, item in enumerate(items):
        try:
            out.append(load(item))
        except ValidationError as exc:
            errors[i] = exc.messages
    if errors:
        raise ValidationError(errors)
    return tuple(out)


class CompactField(fields.Field):  # type: ignore[type-arg]
    """Base class: a field that knows its JSON Schema fragment, with a lean ``deserialize``.

    ``deserialize`` keeps marshmallow's contract (required, allow_none, load_default,
    validators) but skips the per-call machinery the compact fields do not use.
    """

    schema_fragment: dict[str, Any] = {}
    in_json_schema = True
    """False: the key is refused whatever its value, and the JSON Schema leaves it out."""
    default_error_messages = {"required": "required field is missing",
                              "null": "may not be null here"}

    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema fragment of the notation form of this field."""
        return dict(self.schema_fragment)

    def deserialize(self, value: Any, attr: str | None = None, data: Any = None, **kwargs: Any) -> Any:
        if self.pre_load or self.post_load:
            return super().deserialize(value, attr, data, **kwargs)
        if value is missing:
            if self.required:
                raise self.make_error("required")
            default = self.load_default
            return default() if callable(default) else default
        if value is None:
            if self.allow_none:
                return None
            raise self.make_error("null")
        out = self._deserialize(value, attr, data, **kwargs)
        if self.validators:
            self._validate(out)
        return out


class TableField(CompactField):
    """A field whose reading depends on the table: ``table`` is None at four (the default: the
    four-handed notation, read by ``_deserialize`` as it always was) and the :class:`Table` of n
    otherwise, read by the subclass's ``_deserialize_at`` (and written by its ``_serialize_at``
    where it has one), chosen once here: the four-handed path tests no table on every call.
    ``tokens``: each seat's token at the table of n, by seat (``Table.token``), for the writers."""

    def __init__(self, table: Table | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.table = None if table is None or table.seats == 4 else table
        self.tokens: tuple[str, ...] = ()
        if self.table is not None:
            self.tokens = tuple(map(self.table.token, self.table.all_seats))
            self._deserialize = self._deserialize_at  # type: ignore[method-assign]
            if hasattr(self, "_serialize_at"):
                self._serialize = self._serialize_at  # type: ignore[method-assign]

    def _deserialize_at(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        """``value`` read at the table of n ``self.table``."""
        raise NotImplementedError


class SeatField(TableField):
    """A seat of ``table``: at four (the default) a letter ``N E S W`` (case-insensitive in, upper
    case out) <-> :class:`Seat`; at a table of n a token ``"0" .. "n-1"`` <-> its index
    (:meth:`Table.parse_seat`, whose message names the table's tokens)."""

    def json_schema(self) -> dict[str, Any]:
        if self.table is None:
            return {"type": "string", "pattern": f"^{SEAT_RE}$"}
        return {"type": "string", "enum": list(self.tokens)}   # an enum: a pattern's $ takes "1\n"

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Seat:
        seat = SEAT_BY_TEXT.get(value) if isinstance(value, str) else None
        if seat is None:
            raise ValidationError(f"not a seat: {value!r} (expected N, E, S or W)")
        return seat

    def _deserialize_at(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        try:
            return self.table.parse_seat(value)  # type: ignore[union-attr]
        except ValueError as exc:
            raise ValidationError(str(exc)) from None

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return None if value is None else value.name

    def _serialize_at(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return None if value is None else self.tokens[value]


class SuitField(CompactField):
    """A suit letter ``S H D C`` (case-insensitive in, upper case out) <-> :class:`Suit`."""

    schema_fragment = {"type": "string", "pattern": "^[SHDCshdc]$"}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Suit:
        suit = SUIT_BY_TEXT.get(value) if isinstance(value, str) else None
        if suit is None:
            raise ValidationError(f"not a suit: {value!r} (expected S, H, D or C)")
        return suit

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> str | None:
        return None if value is None else value.value


class EnumField(CompactField):
    """An enum written as its (lower-case) value, e.g. ``"full"`` or ``"revoke-claimed"``;
    ``members``: the members taken (default: all)."""

    def __init__(self, enum: type[Enum], members: Iterable[Enum] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.enum = enum
        self._by_value = {m.value: m for m in (enum if members is None else members)}

    def json_schema(self) -> dict[str, Any]:
        return {"type": "string", "enum": list(self._by_value)}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Enum:
        member = self._by_value.get(value) if isinstance(value, str) else None
        if member is None:
            allowed = ", ".join(repr(v) for v in self._by_value)
            raise ValidationError(f"{value!r} is not one of {allowed}")
        return member

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else value.value


POINTS_LIMIT = 100_000
"""Bound of every score or points figure of the notation (start score, scoresheet entries,
points of an irregularity): far above any real score, and well inside what the store (SQLite
64-bit integers) and the engine's sums can hold."""


SEAT_SCORE_LIMIT = 10**6
"""Bound of every score figure at a table of two, three or five (one figure per seat), as the
reader has taken them since those tables were added; four-handed figures keep :data:`POINTS_LIMIT`."""


def whole_figures(value: Any, count: int) -> tuple[int, ...] | None:
    """``value`` as a tuple of ``count`` integers (a JSON array; booleans and floats refused), or
    None. The one reading of a row of scores at every table (``count``: 2 per side where the
    sides are fixed, n per seat elsewhere); each caller bounds the figures and words the problem."""
    if type(value) is list and len(value) == count:
        for v in value:
            if isinstance(v, bool) or not isinstance(v, int):
                return None
        return tuple(value)
    return None


def within(figures: tuple[int, ...], limit: int) -> bool:
    """Whether every figure lies within ±``limit``."""
    return all(-limit <= v <= limit for v in figures)


class PointsField(TableField):
    """A row of scores of ``table``: at four (the default) ``[ns, ew]`` (two integers, each within
    ±:data:`POINTS_LIMIT`) <-> ``(ns, ew)``; at a table of n one integer per seat, each within
    ±:data:`SEAT_SCORE_LIMIT` (the one reading :func:`whole_figures`, n wide)."""

    def json_schema(self) -> dict[str, Any]:
        n, limit = (2, POINTS_LIMIT) if self.table is None else (self.table.seats, SEAT_SCORE_LIMIT)
        return {"type": "array", "minItems": n, "maxItems": n, "items": {
            "type": "integer", "minimum": -limit, "maximum": limit}}

    def _deserialize_at(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        n = self.table.seats  # type: ignore[union-attr]
        figures = whole_figures(value, n)
        if figures is None or not within(figures, SEAT_SCORE_LIMIT):
            raise ValidationError(f"expected an array of {n} integers, one per seat")
        return figures

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        pair = whole_figures(value, 2)
        if pair is None:
            raise ValidationError(f"expected [N-S, E-W] as two integers, not {value!r}")
        if not within(pair, POINTS_LIMIT):
            raise ValidationError(f"points out of range: each of [N-S, E-W] must be "
                                  f"within -{POINTS_LIMIT} to {POINTS_LIMIT}")
        return (int(pair[0]), int(pair[1]))

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else [value[0], value[1]]

    def _serialize_at(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return None if value is None else list(value)


class IntField(CompactField):
    """A JSON integer (booleans and floats refused) within ``[low, high]``."""

    def __init__(self, low: int | None = None, high: int | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.low, self.high = low, high

    def json_schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "integer"}
        if self.low is not None:
            out["minimum"] = self.low
        if self.high is not None:
            out["maximum"] = self.high
        return out

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValidationError(f"expected an integer, not {value!r}")
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            raise ValidationError(f"expected {self.low} to {self.high}, not {value}")
        return value


class BoolField(CompactField):
    """A JSON ``true`` or ``false`` (no truthy strings or numbers)."""

    schema_fragment = {"type": "boolean"}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> bool:
        if not isinstance(value, bool):
            raise ValidationError(f"expected true or false, not {value!r}")
        return value


class StrField(CompactField):
    """A JSON string (free text)."""

    schema_fragment = {"type": "string"}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        if not isinstance(value, str):
            raise ValidationError(f"expected a string, not {value!r}")
        return value


_CONTROL_CLASS = ("\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029"  # controls (C0, DEL, C1), line breaks
                  "\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069"  # bidirectional controls
                  "\\u200b\\u2060-\\u2064\\ufeff\\u180e")  # zero-width and invisible characters
"""The characters no label or name may hold, as a regular-expression class (JSON Schema's and
Python's): control characters and the line and paragraph separators, which would be stored and
printed raw (a newline splits a line of output); the bidirectional controls (Trojan Source,
CVE-2021-42574), which reorder what is shown around them; the zero-width and invisible characters (zero-width space, word joiner, the
invisible operators, the zero-width no-break space, the Mongolian vowel separator), which make two
different names look the same. The zero-width joiner and non-joiner (U+200D, U+200C) are
allowed: Persian, the Indic scripts and emoji need them to be written at all."""
_CONTROL = re.compile(f"[{_CONTROL_CLASS}]")

_KINDS = (("control character", re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")),
          ("bidirectional control", re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")))


def label_problem(text: str) -> str | None:
    """Why ``text`` cannot be a label or a name (see :data:`_CONTROL_CLASS`), or None. The one
    check of every place a name enters: the notation, EGN, EMN, the spreadsheets (through the
    notation), the registry and the web forms."""
    bad = _CONTROL.search(text)
    if bad is None:
        return None
    char = bad.group()
    kind = next((k for k, pattern in _KINDS if pattern.match(char)), "invisible character")
    return (f"{kind} U+{ord(char):04X} at character {bad.start()}: a label is one line of "
            "visible text")


class LabelField(StrField):
    """A one-line label (a club, a table, a player's id): no control characters (NUL, escape,
    newline ... U+0000-U+001F, U+007F-U+009F), which would be stored and printed raw, and no
    bidirectional controls or zero-width characters, which would change how it is shown
    (:func:`label_problem`)."""

    schema_fragment = {"type": "string", "not": {"type": "string", "pattern": f"[{_CONTROL_CLASS}]"}}
    # "not" + an unanchored class, not ^[^...]*$: Python's $ also matches before a final newline;
    # "type" inside the "not" so that null (where allowed) is not refused by it.

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        problem = label_problem(text)
        if problem:
            raise ValidationError(problem)
        return text


class NameField(LabelField):
    """A player's name: a label with at least one character that is not a space."""

    schema_fragment = {"type": "string", "pattern": f"[^\\s{_CONTROL_CLASS}]",
                       "not": {"type": "string", "pattern": f"[{_CONTROL_CLASS}]"}}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        if not text.strip():
            raise ValidationError("a name may not be empty (write \"?\" for a player whose name "
                                  "is not known)")
        return text


DATE_PATTERN = ("^[0-9]{4}(?:-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12][0-9]|3[01])"
                "(?:T(?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9](?:\\.[0-9]+)?)?"
                "(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])?)?)?)?$")
"""ISO 8601 calendar date, reduced precision allowed: ``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD``; a
full date may carry a time ``THH:MM[:SS[.fff]]`` and an offset ``Z``/``+HH:MM`` (as EGN dates do).
The date filters compare prefixes, so a time never moves a record out of its day."""
_DATE_RE = re.compile(DATE_PATTERN)


class DateField(StrField):
    """An ISO 8601 date: ``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD`` (optionally with a time, see
    :data:`DATE_PATTERN`), a day that exists in that month (``2024-02-29`` yes, ``2026-02-30`` no). Date filters compare these texts, so free text
    such as ``27/11/2026`` would silently fall outside every filter: it is refused."""

    schema_fragment = {"type": "string", "pattern": DATE_PATTERN}

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        problem = date_problem(text)
        if problem is not None:
            raise ValidationError(problem)
        return text


def date_problem(text: str, times: bool = True) -> str | None:
    """What is wrong with ``text`` as an ISO 8601 date (:data:`DATE_PATTERN`: ASCII digits, a
    month that exists, a day that exists in its month; with ``times`` False no time part), or
    None: the one check of a date in records, events and the API's date filters."""
    if not _DATE_RE.fullmatch(text) or (not times and len(text) > 10):
        return (f"not an ISO 8601 date: {text[:40]!r} (write YYYY-MM-DD, YYYY-MM or YYYY"
                f"{', or YYYY-MM-DDTHH:MM' if times else ''})")
    if len(text) >= 10:
        year, month, day = int(text[:4]), int(text[5:7]), int(text[8:10])
        last = calendar.monthrange(year, month)[1]
        if day > last:
            return f"no such day: {text[:10]} ({calendar.month_name[month]} {year} has {last} days)"
    return None
