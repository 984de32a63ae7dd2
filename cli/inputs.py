"""Reading records for the CLI: files, ``-`` for stdin, JSON Lines (``.jsonl`` files, or several
one-line records on stdin). Each record comes with a label (``file``, ``file:line``) and either the
Record (a Record at a table of 2, 3 or 5) or the error that stopped it. A record is read by
the store's one reader, ``ingest.parse_marked`` (our notation or EGN, told apart by content, at
every table size), whether it is a file or a line of JSON Lines (``schema.notation.iter_jsonl``),
so that every command that reads records (``validate``, ``replay``, ``export``, ``analyse``,
``correct``) reads what ``import`` stores."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Iterable, Iterator, NamedTuple

from ..errors import NotationError, Problem, RecordError
from ..model import Record
from euchre_records.interop.egn.document import in_egn_terms
from euchre_records.interop.egn.binary import MAX_SIZE, egnb_to_any, is_egn_binary
from ..schema.notation import iter_jsonl
from euchre_records.api.store.ingest import parse_marked
from euchre_records.api.store.importer import EMPTY, NOT_UTF8   # one wording with import

__all__ = ["read_records", "Loaded", "EMPTY"]


class Loaded(NamedTuple):
    """One record read: where from, the record (or what stopped it), whether it was EGN."""

    label: str
    item: Record | RecordError
    egn: bool = False

    def located(self, exc: RecordError) -> RecordError:
        """An error found replaying this record, located in the document as written."""
        return in_egn_terms(exc) if self.egn else exc


def _text(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    return Path(path).read_text(encoding="utf-8-sig")   # a byte-order mark is no error


def _binary_egn(path: str) -> bytes | None:
    """The bytes of a binary EGN file (``.egnb``: told by its magic byte, not its name), else None."""
    if path == "-":
        return None
    with open(path, "rb") as stream:
        head = stream.read(2)
        if not is_egn_binary(head) and not path.endswith(".egnb"):
            return None
        return head + stream.read(MAX_SIZE)


def _records_of_dump(lines: Iterable[str]) -> Iterator[str]:
    """The record text of each line of a store's dump (api/store/dump.py); any other line as it
    is (a malformed envelope too: it is then refused as a record, with its line)."""
    from ..api.store.dump import is_envelope, unwrap
    for text in lines:
        if is_envelope(text):
            try:
                text = unwrap(text)[0]
            except RecordError:
                pass
        yield text


def _looks_like_json_lines(text: str) -> bool:
    """Several records, one per line: a line after the first starts a new JSON object (a single
    pretty-printed record indents its inner lines)."""
    return text.lstrip().startswith("{") and "\n{" in text.strip()


def _marked(text: str | bytes) -> tuple[Record, bool] | RecordError:
    try:
        return parse_marked(text if isinstance(text, str) else text.decode("utf-8"))
    except RecordError as exc:   # a line of EGN may fail otherwise than by its notation
        return exc


def _json_lines(lines: Iterable[str], label: str) -> Iterator[Loaded]:
    """A :class:`Loaded` per non-blank line (``file:line``): each line one record in our
    notation or in EGN, as ``euchre import`` reads it."""
    for line, item in iter_jsonl(lines, _marked):
        if isinstance(item, RecordError):
            yield Loaded(f"{label}:{line}", item)
        else:
            yield Loaded(f"{label}:{line}", *item)


EMN_HINT = "an .emn file is an EMN match file (a whole event): `euchre event import FILE --db DB`"


def read_records(path: str) -> Iterator[Loaded]:
    """Yield a :class:`Loaded` for every record in ``path`` (a file, ``-``, or .jsonl). A file
    named ``*.emn`` that gives no record is told where EMN match files go (``euchre event
    import``), unless its problem already says so."""
    if not path.lower().endswith(".emn"):
        yield from _read_records(path)
        return
    for loaded in _read_records(path):
        item = loaded.item
        if isinstance(item, RecordError) and "euchre event import" not in str(item):
            problems = [Problem(p.where, f"{p.what}; {EMN_HINT}") for p in item.problems] or \
                [Problem("", EMN_HINT)]
            loaded = loaded._replace(item=type(item)(problems))
        yield loaded


def _read_records(path: str) -> Iterator[Loaded]:
    label = "<stdin>" if path == "-" else path
    try:
        if path.lower().endswith((".csv", ".xlsx")):
            yield from _sheet(path)
            return
        if path.endswith((".jsonl", ".ndjson")):
            with open(path, encoding="utf-8-sig") as stream:
                empty = True
                for loaded in _json_lines(_records_of_dump(stream), label):
                    empty = False
                    yield loaded
            if empty:
                yield Loaded(label, NotationError(EMPTY))
            return
        binary = _binary_egn(path)
        if binary == b"":
            yield Loaded(label, NotationError(EMPTY))
            return
        if binary is not None:
            try:
                yield Loaded(label, egnb_to_any(binary), True)   # 2, 3 or 5 players too
            except RecordError as exc:
                yield Loaded(label, exc)
            return
        text = _text(path)
        if not text.strip():
            yield Loaded(label, NotationError(EMPTY))
            return
        if path == "-" and _looks_like_json_lines(text):
            yield from _json_lines(text.splitlines(), label)
            return
    except OSError as exc:
        yield Loaded(label, NotationError(f"cannot read the file: {exc.strerror or exc}"))
        return
    except UnicodeDecodeError:
        yield Loaded(label, NotationError(NOT_UTF8))
        return
    try:   # the store's one reader: ours at any table (msgspec first), EGN of 2 to 5 players
        record, egn = parse_marked(text)
    except RecordError as exc:
        yield Loaded(label, exc)
        return
    yield Loaded(label, record, egn)


def _sheet(path: str) -> Iterator[Loaded]:
    """The sittings of a spreadsheet scoresheet (interop/sheets/), each a record: four-handed,
    or of 2, 3 or 5 players (one column per player where four-handed sheets have one per side,
    interop/sheets/layout.py)."""
    from ..schema.tables import load_any as load_record
    from euchre_records.interop.sheets.table import sheet_sources
    for source, text, problems in sheet_sources(path):
        if problems:
            yield Loaded(source, NotationError([Problem("", p) for p in problems]))
        else:
            yield Loaded(source, load_record(json.loads(text)))
