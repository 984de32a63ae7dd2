"""JSON texts of the store, written by orjson: the canonical text of a record (2-space indented)
and the compact result text, both exactly as the standard library writes them.

Why a library: a record's canonical text and its result text are written for every record
stored, and the standard library's indenting encoder is pure Python; orjson (Rust, maintained,
wheels for every platform we run on) writes the same bytes ten times faster. That was a fifth of
the CPU of a bulk import (benchmarks/bench_import.py).

Contract, for values made of dicts with string keys, lists, tuples, strings, integers, booleans
and None (no floats: the notation has none, and orjson writes them in another form):
- ``indented(v) == json.dumps(v, indent=2, ensure_ascii=False)``
- ``compact(v) == json.dumps(v, ensure_ascii=False, separators=(",", ":"))``
A value orjson refuses (an integer beyond 64 bits, a lone surrogate, a key that is not a string)
is written by the standard library instead, so the result never depends on the writer.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

__all__ = ["indented", "compact"]

_INDENT_2 = orjson.OPT_INDENT_2


def indented(value: Any) -> str:
    """``json.dumps(value, indent=2, ensure_ascii=False)`` (see the module contract)."""
    try:
        return orjson.dumps(value, option=_INDENT_2).decode("utf-8")
    except orjson.JSONEncodeError:
        return json.dumps(value, indent=2, ensure_ascii=False)


def compact(value: Any) -> str:
    """``json.dumps(value, ensure_ascii=False, separators=(",", ":"))`` (module contract)."""
    try:
        return orjson.dumps(value).decode("utf-8")
    except orjson.JSONEncodeError:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
