"""Reading records for the CLI: files, ``-`` for stdin, JSON Lines (``.jsonl`` files, or several
one-line records on stdin). Each record comes with a label (``file``, ``file:line``) and either the
Record or the error that stopped it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Iterator

from ..errors import NotationError, RecordError
from ..model import Record
from ..schema.notation import iter_jsonl

__all__ = ["read_records", "Loaded"]

Loaded = tuple[str, "Record | RecordError"]


def _text(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    return Path(path).read_text(encoding="utf-8")


def _looks_like_json_lines(text: str) -> bool:
    """Several records, one per line: a line after the first starts a new JSON object (a single
    pretty-printed record indents its inner lines)."""
    return text.lstrip().startswith("{") and "\n{" in text.strip()


def read_records(path: str) -> Iterator[Loaded]:
    """Yield (label, record or error) for every record in ``path`` (a file, ``-``, or .jsonl)."""
    label = "<stdin>" if path == "-" else path
    try:
        if path.endswith((".jsonl", ".ndjson")):
            with open(path, encoding="utf-8") as stream:
                for line, item in iter_jsonl(stream):
                    yield f"{label}:{line}", item
            return
        text = _text(path)
        if path == "-" and _looks_like_json_lines(text):
            for line, item in iter_jsonl(text.splitlines()):
                yield f"{label}:{line}", item
            return
    except OSError as exc:
        yield label, NotationError(f"cannot read the file: {exc.strerror or exc}")
        return
    except UnicodeDecodeError:
        yield label, NotationError("the file is not UTF-8 text")
        return
    from ..schema.detect import load_any
    try:
        yield label, load_any(text)
    except RecordError as exc:
        yield label, exc
