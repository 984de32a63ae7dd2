"""Spreadsheets read within limits and written so that no spreadsheet runs a cell as a formula.

Reading (a club's .csv or .xlsx scoresheet, docs/CLI.md):

- :data:`MAX_FILE_BYTES`, :data:`MAX_ROWS`, :data:`MAX_COLUMNS` and :data:`MAX_CELL` bound what
  is read; past one, the file is refused with one line that says which (:class:`SheetRefused`).
- An .xlsx workbook is a zip of XML parts. Before any XML is parsed, :func:`check_xlsx` refuses a
  file that is not a zip, whose parts would expand past :data:`MAX_XLSX_EXPANDED` bytes (the
  sizes the zip declares; Python's zipfile never yields more than a part declares), or any of
  whose XML parts declares a DTD (``<!DOCTYPE``, ``<!ENTITY``: entity expansion, external
  entities; a workbook never needs one). openpyxl then reads the first worksheet in its
  read-only mode (streamed), through defusedxml, within the row and column limits; whatever it
  still cannot read (bad XML, an undefined entity, no worksheet) is one line, not a traceback.
- :func:`guess_delimiter` reads a ``;``-separated CSV (a European spreadsheet's default) or a
  tab-separated one from its header row.

Writing (OWASP's rule against CSV injection): a text cell that begins with ``=``, ``+``, ``-``,
``@``, a tab or a carriage return (after any apostrophes) is written with a ``'`` in front
(:func:`neutral`; every ``--format csv`` of the command line uses it too); a spreadsheet
shows such a cell as the text after the apostrophe and never runs it. :func:`unneutral` is its
inverse, so reading our own CSV export gives back every name exactly; a name such as
``'t Hooft``, whose apostrophe is not followed by a formula character, is left as it is both ways.
"""

from __future__ import annotations

import csv
import re
import zipfile
from pathlib import Path
from typing import Any

__all__ = ["SheetRefused", "MAX_FILE_BYTES", "MAX_ROWS", "MAX_COLUMNS", "MAX_CELL",
           "MAX_XLSX_EXPANDED", "check_file_size", "check_xlsx", "check_cells", "xlsx_cells",
           "guess_delimiter", "neutral", "unneutral"]

MAX_FILE_BYTES = 10 * 1024 * 1024
"""The largest sheet file read (10 MiB): a club's sheets of many years are a few hundred KiB."""
MAX_XLSX_EXPANDED = 40 * 1024 * 1024
"""The most bytes an .xlsx workbook's parts may expand to, all together (40 MiB)."""
MAX_ROWS = 100_000
"""The most rows read from a sheet (a deal per row: a club's decades)."""
MAX_COLUMNS = 64
"""The most columns (the layout has 22)."""
MAX_CELL = 2_000
"""The longest cell, in characters (a name is at most a few dozen)."""

_FORMULA = re.compile(r"'*[=+\-@\t\r]")
"""A cell a spreadsheet would run: one that begins (after any apostrophes) with ``=``, ``+``,
``-``, ``@``, a tab or a carriage return (OWASP's list)."""


class SheetRefused(ValueError):
    """A sheet refused before or while it is read: the message is one line, saying why."""


def check_file_size(path: str | Path) -> None:
    """Refuse a file larger than :data:`MAX_FILE_BYTES`."""
    size = Path(path).stat().st_size
    if size > MAX_FILE_BYTES:
        raise SheetRefused(f"the file has {size:,} bytes; a sheet may have at most "
                           f"{MAX_FILE_BYTES:,} (split it by season)")


def check_xlsx(path: str | Path) -> None:
    """Refuse an .xlsx file that is not a zip, that would expand past :data:`MAX_XLSX_EXPANDED`
    bytes, or whose XML declares a DTD; nothing is parsed yet (see the module doc)."""
    check_file_size(path)
    try:
        with zipfile.ZipFile(path) as archive:
            parts = archive.infolist()
            expanded = sum(p.file_size for p in parts)
            if expanded > MAX_XLSX_EXPANDED:
                raise SheetRefused(f"the workbook would expand to {expanded:,} bytes; at most "
                                   f"{MAX_XLSX_EXPANDED:,} are read (a zip bomb, or a sheet far "
                                   "larger than a scoresheet)")
            for part in parts:
                if part.filename.endswith((".xml", ".rels")) and _declares_dtd(archive, part):
                    raise SheetRefused(f"the workbook's {part.filename} declares a DTD "
                                       "(<!DOCTYPE or <!ENTITY); a workbook never needs one, "
                                       "and entities are not expanded")
    except zipfile.BadZipFile as exc:
        raise SheetRefused(f"not an .xlsx workbook (not a zip file: {exc})") from None
    except (zipfile.LargeZipFile, NotImplementedError, RuntimeError, EOFError) as exc:
        raise SheetRefused(f"not a readable .xlsx workbook: {exc}") from None


def _declares_dtd(archive: zipfile.ZipFile, part: zipfile.ZipInfo) -> bool:
    """Whether a part holds ``<!DOCTYPE`` or ``<!ENTITY``, read in chunks (bounded by its
    declared size, checked before)."""
    tail = b""
    with archive.open(part) as stream:
        while chunk := stream.read(1 << 16):
            window = tail + chunk
            if b"<!DOCTYPE" in window or b"<!ENTITY" in window:
                return True
            tail = window[-16:]
    return False


def check_cells(rows: list[list[str]]) -> None:
    """Refuse a sheet over :data:`MAX_ROWS` rows, or with a row over :data:`MAX_COLUMNS`
    columns or a cell over :data:`MAX_CELL` characters, naming the first such row or cell."""
    if len(rows) > MAX_ROWS:
        raise SheetRefused(f"the sheet has more than {MAX_ROWS:,} rows")
    for number, cells in enumerate(rows, 1):
        check_cells_row(number, cells)


def xlsx_cells(path: str | Path, text: Any) -> list[list[str]]:
    """The cells of the first worksheet of an .xlsx file as text (``text`` turns a value into
    its text), within the limits; SheetRefused for anything that cannot be read. ImportError
    when openpyxl (the ``xlsx`` extra) is missing."""
    check_xlsx(path)
    import openpyxl

    with open(path, "rb") as stream:  # ours to close, whatever openpyxl raises
        try:
            book = openpyxl.load_workbook(stream, read_only=True, data_only=True)
        except Exception as exc:  # openpyxl's parser: bad XML, an undefined entity, missing parts
            raise SheetRefused(f"not a readable .xlsx workbook: {_said(exc)}") from None
        try:
            if not book.worksheets:
                raise SheetRefused("the workbook has no worksheet")
            rows: list[list[str]] = []
            for row in book.worksheets[0].iter_rows(max_col=MAX_COLUMNS + 1, values_only=True):
                if len(rows) == MAX_ROWS:
                    raise SheetRefused(f"the sheet has more than {MAX_ROWS:,} rows")
                cells = ["" if v is None else text(v) for v in row]
                rows.append(cells)
                check_cells_row(len(rows), cells)
            return rows
        except SheetRefused:
            raise
        except Exception as exc:  # a worksheet part that is not valid XML, read as rows stream
            raise SheetRefused(f"not a readable .xlsx workbook: {_said(exc)}") from None
        finally:
            book.close()


def check_cells_row(number: int, cells: list[str]) -> None:
    """:func:`check_cells` for one row (row ``number``, counted from 1)."""
    if len(cells) > MAX_COLUMNS and any(c.strip() for c in cells[MAX_COLUMNS:]):
        raise SheetRefused(f"row {number} has more than {MAX_COLUMNS} columns")
    for c, cell in enumerate(cells, 1):
        if len(cell) > MAX_CELL:
            raise SheetRefused(f"row {number}, column {c}: a cell of {len(cell):,} characters; "
                               f"at most {MAX_CELL:,}")


def _said(exc: BaseException) -> str:
    """An exception as one short line."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text[:200]


def guess_delimiter(text: str, known: tuple[str, ...]) -> str:
    """The separator of a CSV text: ``,`` unless its header row (the first line) names more of
    the ``known`` columns when cut at ``;`` or at a tab."""
    first = text.split("\n", 1)[0]

    def known_names(delimiter: str) -> int:
        try:
            cells = next(csv.reader([first], delimiter=delimiter), [])
        except csv.Error:
            return 0
        return sum(1 for c in cells if c.strip().lower().replace(" ", "_") in known)
    best = max((",", ";", "\t"), key=lambda d: (known_names(d), d == ","))
    return best


def neutral(text: str) -> str:
    """A text cell that no spreadsheet runs as a formula (see the module doc)."""
    return "'" + text if _FORMULA.match(text) else text


def unneutral(text: str) -> str:
    """The inverse of :func:`neutral`: ``'=x`` reads as ``=x``; other cells as they are."""
    return text[1:] if text.startswith("'") and _FORMULA.match(text, 1) else text
