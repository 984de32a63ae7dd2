"""Cutting inputs into shards, and reading one shard back, with bounded memory.

Contract:
- :func:`plan_shards` turns the named inputs (files and folders; folders are walked in name order
  for ``*.json``, ``*.egn``, ``*.jsonl`` and ``*.ndjson``, as ``euchre import`` walks them) into a
  list of :class:`Shard`. A JSON Lines file is cut at line starts into as few byte ranges of
  about the same size as keep each within about ``shard_bytes`` (:func:`shard_target`), each
  knowing the number of its first line; other files (one record each) are grouped into shards
  of about ``shard_bytes``. The plan depends only on the inputs and ``shard_bytes``, never on
  how many workers run it, so the output does not either. Planning reads each JSON Lines file
  once, a line at a time (it counts lines), and keeps nothing.
- :func:`read_shard` yields ``(source, text, problem)`` for each record of a shard, reading only
  its byte range; ``source`` is ``file:line`` for JSON Lines, ``file#game N`` for the games of
  an EMN match file (``.emn``), and the file name otherwise. A file that cannot be read or
  decoded yields ``(source, None, reason)``; an EMN file that cannot be read, its RecordError.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator

from euchre_records.api.store.importer import JSONL_SUFFIXES, RECORD_SUFFIXES

__all__ = ["Shard", "plan_shards", "read_shard", "shard_target", "DEFAULT_SHARD_BYTES"]

DEFAULT_SHARD_BYTES = 8 * 1024 * 1024
BLOCK = 1 << 20


@dataclass(frozen=True, slots=True)
class Shard:
    """A piece of input: a byte range of one JSON Lines file (``first_line`` numbered from 1), or
    a group of whole record files (``files``)."""

    number: int
    path: str = ""
    start: int = 0
    end: int = 0
    first_line: int = 1
    files: tuple[str, ...] = ()
    label: str = ""     # the name its records are reported under (default: the path)


def _is_record_file(path: Path) -> bool:
    """A JSON file met in a folder that declares a notation (expected-result goldens and notes
    are skipped, as ``euchre import`` skips them); records at tables of every size are read
    (layout 3)."""
    from euchre_records.interop.detect import notation_of
    try:
        data = json.loads(path.read_text(encoding="utf-8-sig"))
    except (ValueError, OSError, RecursionError):
        return True  # let the reader report why it is invalid
    return not isinstance(data, dict) or "format" in data or notation_of(data) is not None


def _files(paths: Iterable[str], skipped: list[str]) -> Iterator[Path]:
    for p in paths:
        path = Path(p)
        if not path.is_dir():
            yield path
            continue
        for file in sorted(path.rglob("*")):
            if not file.is_file():
                continue
            if file.suffix in JSONL_SUFFIXES or file.suffix == ".emn":
                yield file
            elif file.suffix in RECORD_SUFFIXES:
                if _is_record_file(file):
                    yield file
                else:
                    skipped.append(str(file))


def shard_target(size: int, shard_bytes: int) -> int:
    """The bytes a shard of a ``size``-byte JSON Lines file is cut at: ``size`` shared evenly
    among as few shards as keep each within ``shard_bytes`` (one, for an empty file), so that
    the last shard is not a small remainder that leaves a worker idle at the end of the run."""
    parts = max(1, -(-size // max(1, shard_bytes)))
    return max(1, -(-size // parts))


def _jsonl_ranges(path: Path, shard_bytes: int) -> Iterator[tuple[int, int, int]]:
    """``(start, end, first_line)`` ranges cut at line starts, each at least
    :func:`shard_target` bytes (but the last); one line in memory at a time."""
    start, first, pos, line = 0, 1, 0, 0
    target = shard_target(path.stat().st_size, shard_bytes)
    with path.open("rb") as stream:
        for line, text in enumerate(stream, 1):
            pos += len(text)
            if pos - start >= target:
                yield start, pos, first
                start, first = pos, line + 1
    if pos > start or pos == 0:
        yield start, pos, first


def plan_shards(paths: Iterable[str], shard_bytes: int = DEFAULT_SHARD_BYTES,
                skipped: list[str] | None = None, labels: dict[str, str] | None = None
                ) -> list[Shard]:
    """The shards of ``paths`` (see module contract); folder files skipped go to ``skipped``;
    ``labels`` renames a JSON Lines path in the sources (standard input spooled to a file)."""
    shards: list[Shard] = []
    group: list[str] = []
    size = 0

    def close_group() -> None:
        nonlocal group, size
        if group:
            shards.append(Shard(len(shards), files=tuple(group)))
        group, size = [], 0

    for file in _files(paths, skipped if skipped is not None else []):
        if file.suffix in JSONL_SUFFIXES:
            close_group()
            try:
                ranges = list(_jsonl_ranges(file, shard_bytes))
            except OSError:
                ranges = [(0, 0, 1)]  # the reader reports why
            for start, end, first in ranges:
                shards.append(Shard(len(shards), str(file), start, end, first,
                                    label=(labels or {}).get(str(file), "")))
            continue
        group.append(str(file))
        try:
            size += file.stat().st_size
        except OSError:
            pass
        if size >= shard_bytes:
            close_group()
    close_group()
    return shards


def read_shard(shard: Shard) -> Iterator[tuple[str, str | None, Any]]:
    """``(source, text, problem)`` per record of ``shard``; ``text`` is None when the input
    could not be read, and ``problem`` says why (see module contract)."""
    if not shard.files:
        yield from _read_range(shard)
        return
    for name in shard.files:
        if name.lower().endswith((".csv", ".xlsx")):
            yield from _sheet_records(name)
            continue
        try:
            text = Path(name).read_text(encoding="utf-8-sig")
            if name.endswith(".emn"):
                yield from _emn_games(name, text)
                continue
            yield name, text, ""
        except OSError as exc:
            yield name, None, f"cannot read the file: {exc.strerror or exc}"
        except UnicodeDecodeError:
            yield name, None, "the file is not UTF-8 text"


def _emn_games(name: str, text: str) -> Iterator[tuple[str, str | None, Any]]:
    """The games of an EMN match file, each a record (``file#game N``); a match that cannot be
    read yields its RecordError as the problem."""
    from euchre_records.errors import RecordError
    from euchre_records.interop.emn.document import emn_to_match
    from euchre_records.schema.notation import dumps, parse_json
    try:
        match = emn_to_match(parse_json(text))
    except RecordError as exc:
        yield name, None, exc
        return
    for game in match.games:
        yield f"{name}#game {game.index + 1}", dumps(game.record), ""  # counted from 1


def _sheet_records(name: str) -> Iterator[tuple[str, str | None, Any]]:
    """The sittings of a spreadsheet scoresheet (schema/sheet_csv.py), each a record; a bad
    sitting yields a NotationError naming its rows and cells."""
    from euchre_records.errors import NotationError, Problem
    from euchre_records.interop.sheets.table import sheet_sources
    try:
        for source, text, problems in sheet_sources(name):
            if problems:
                yield source, None, NotationError([Problem("", p) for p in problems])
            else:
                yield source, text, ""
    except OSError as exc:
        yield name, None, f"cannot read the file: {exc.strerror or exc}"
    except UnicodeDecodeError:
        yield name, None, "the file is not UTF-8 text"


def _read_range(shard: Shard) -> Iterator[tuple[str, str | None, str]]:
    try:
        stream = open(shard.path, "rb")
    except OSError as exc:
        yield shard.path, None, f"cannot read the file: {exc.strerror or exc}"
        return
    with stream:
        stream.seek(shard.start)
        pos = shard.start
        number = shard.first_line
        while pos < shard.end:
            raw = stream.readline()
            if not raw:
                break
            pos += len(raw)
            source = f"{shard.label or shard.path}:{number}"
            number += 1
            if pos - len(raw) == 0 and raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]  # a byte-order mark is no error
            if not raw.strip():
                continue
            try:
                yield source, raw.decode("utf-8"), ""
            except UnicodeDecodeError:
                yield source, None, "the line is not UTF-8 text"
