"""One typed accessor for the fields of a foreign JSON document (EGN, EMN): every field is read
through :func:`typed` (or :func:`field`, :func:`items`), which returns the value when it has the
JSON type the reader expects and otherwise raises NotationError located at the field's path
(``deals[2].alternativeLines: expected a list, not 5``), never a TypeError deeper in the reader.

The JSON types: :data:`OBJECT` (a dict), :data:`LIST`, :data:`TEXT` (a string), :data:`WHOLE` (an
integer; true and false are not integers here, though Python counts them so), :data:`FLAG` (true or
false). ``optional=True`` lets a missing field (None, JSON null) through as ``default``.
"""

from __future__ import annotations

from typing import Any, Collection, Iterator, Mapping

from euchre_records.errors import NotationError, Problem

__all__ = ["OBJECT", "LIST", "TEXT", "WHOLE", "FLAG", "typed", "field", "items", "show",
           "unknown_keys", "extra_fields"]

OBJECT = "an object"
LIST = "a list"
TEXT = "a string"
WHOLE = "a whole number"
FLAG = "true or false"

_CHECKS = {
    OBJECT: lambda v: isinstance(v, dict),
    LIST: lambda v: isinstance(v, list),
    TEXT: lambda v: isinstance(v, str),
    WHOLE: lambda v: isinstance(v, int) and not isinstance(v, bool),
    FLAG: lambda v: isinstance(v, bool),
}


def show(value: object) -> str:
    """A value as a problem shows it: its JSON type and a short repr."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def typed(value: object, where: str, kind: str, *, optional: bool = False,
          default: Any = None, what: str | None = None) -> Any:
    """``value`` when it is of JSON type ``kind`` (or None and ``optional``: then ``default``);
    else NotationError at ``where``: ``expected <what or kind>, not <value>``."""
    if value is None and optional:
        return default
    if not _CHECKS[kind](value):
        raise NotationError(f"expected {what or kind}, not {show(value)}", where)
    return value


def field(obj: Mapping[str, Any], key: str, where: str, kind: str, *, optional: bool = True,
          default: Any = None, what: str | None = None) -> Any:
    """The field ``key`` of the object ``obj`` (at ``where``), typed as :func:`typed` does; the
    path of a problem is ``where.key`` (``key`` alone at the top, ``where`` empty)."""
    return typed(obj.get(key), f"{where}.{key}" if where else key, kind, optional=optional,
                 default=default, what=what)


def items(value: object, where: str, *, optional: bool = True,
          what: str | None = None) -> Iterator[tuple[Any, str]]:
    """``(item, its path)`` for each item of the list ``value`` (none when it is None and
    ``optional``); a value that is not a list is NotationError at ``where``."""
    for i, item in enumerate(typed(value, where, LIST, optional=optional, default=[], what=what)):
        yield item, f"{where}[{i}]"


def unknown_keys(obj: Mapping[Any, Any], known: Collection[str], where: str, what: str
                 ) -> list[Problem]:
    """A problem ``what`` at each key of ``obj`` (at ``where``) not in ``known``, in the order
    written: ``where.key`` (``key`` alone at the top, ``where`` empty)."""
    return [Problem(f"{where}.{k}" if where else str(k), what) for k in obj if k not in known]


def extra_fields(obj: Mapping[Any, Any], known: Collection[str], where: str, what: str
                 ) -> list[Problem]:
    """One problem at ``where`` naming the fields of ``obj`` not in ``known``, sorted
    (``unknown <what>: a, b``); none when there are none."""
    extra = sorted(str(k) for k in obj if k not in known)
    return [Problem(where, f"unknown {what}: {', '.join(extra)}")] if extra else []
