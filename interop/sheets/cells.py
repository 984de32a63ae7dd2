"""The cells of a scoresheet (interop/sheets/table.py reads and writes it; its columns per table:
interop/sheets/layout.py): a sitting read, the place of a cell, and the reading of a cell."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any, Sequence

from euchre_records.errors import Problem

from .guard import unneutral

__all__ = ["SheetRecord", "where", "parse_int", "parse_overrides", "cell_value", "YES", "NO",
           "EVENT"]

YES = {"yes", "y", "true", "1", "x"}
NO = {"", "no", "n", "false", "0"}
EVENT = ("club", "event", "date", "table", "round")


@dataclass
class SheetRecord:
    """One sitting read from a sheet: its rows, and the record data or the located problems."""

    first_row: int
    last_row: int
    data: dict[str, Any] | None = None
    problems: list[Problem] = field(default_factory=list)
    deal_rows: list[int] = field(default_factory=list)

    def source(self, name: str) -> str:
        """``file:rows 2-9``, the label of this sitting in reports."""
        return f"{name}:rows {self.first_row}-{self.last_row}"


def where(row: int, column: str) -> str:
    """The place of a cell: ``row 5, column tricks`` (rows as a spreadsheet numbers them)."""
    return f"row {row}, column {column}"


def parse_overrides(text: str, row: int, p: list[Problem]) -> dict[str, Any]:
    """The ``overrides`` cell: ``option=value`` parts separated by ``;`` (values JSON, else text)."""
    out: dict[str, Any] = {}
    for part in filter(None, (s.strip() for s in re.split(r"[;\n]", text))):
        key, eq, value = part.partition("=")
        if not eq or not key.strip():
            p.append(Problem(where(row, "overrides"), f"{part!r}: write option=value, "
                             "separated by ';' (e.g. game_points=5; stick_the_dealer=true)"))
            continue
        value = value.strip()
        try:
            out[key.strip()] = json.loads(value)
        except (ValueError, RecursionError):  # not JSON (or nested past the parser): text
            out[key.strip()] = value
    return out


def parse_int(row: int, col: str, text: str, p: list[Problem]) -> int | None:
    """A whole-number cell (None when blank; a problem at the cell when not a number)."""
    if not text:
        return None
    if re.fullmatch(r"-?[0-9]{1,6}", text) is None:
        p.append(Problem(where(row, col), f"{text!r} is not a whole number"))
        return None
    return int(text)


def cell_value(value: Any) -> str:
    """An override's value as written in the ``overrides`` cell."""
    return value if isinstance(value, str) else json.dumps(value)


Sitting = tuple[int, dict[str, str], list[tuple[int, dict[str, str]]]]
"""A sitting read from a sheet: its first row, its sitting cells, and (row, deal cells) per deal."""


def column_name(cell: str) -> str:
    """A header cell as a column name: trimmed, lower case, spaces as underscores."""
    return cell.strip().lower().replace(" ", "_")


def sittings_of(rows: Sequence[Sequence[str]], quoted: bool, *, known: Sequence[str],
                required: Sequence[str], text: Sequence[str], sitting_columns: Sequence[str],
                deal_columns: Sequence[str]) -> tuple[list[Problem], list[Sitting]]:
    """The header's problems (an unknown or repeated column, a required one missing), or the
    sittings of the rows below it: blank rows skipped, ``quoted`` text cells un-neutralised, a
    new sitting where the sitting cells change or a deal numbered 1 starts; a row with cells
    past the header is marked ``_extra`` for the layout to refuse."""
    header = [column_name(c) for c in rows[0]]
    problems = [Problem(where(1, name or f"#{i + 1}"), "unknown column; known: " + ", ".join(known))
                for i, name in enumerate(header) if name not in known and name]
    problems += [Problem(where(1, name), "column repeated")
                 for i, name in enumerate(header) if name and name in header[:i]]
    missing = [c for c in required if c not in header]
    if missing:
        problems.append(Problem("row 1", "missing required column(s): " + ", ".join(missing)))
    if problems:
        return problems, []
    index = {name: i for i, name in enumerate(header) if name}
    sittings: list[Sitting] = []
    for number, raw in enumerate(rows[1:], 2):
        cells = {name: (raw[i].strip() if i < len(raw) else "") for name, i in index.items()}
        if quoted:
            cells.update({c: unneutral(cells[c]) for c in text if c in cells})
        extra = [c for c in raw[len(header):] if c.strip()]
        if not any(cells.values()) and not extra:
            continue  # a blank row
        sitting = {c: cells.get(c, "") for c in sitting_columns}
        deal = {c: cells.get(c, "") for c in deal_columns}
        if extra:
            deal["_extra"] = "x"
        current = sittings[-1] if sittings else None
        if current is None or (any(sitting.values()) and sitting != current[1]) or deal["deal"] == "1":
            sittings.append((number, sitting, []))
        sittings[-1][2].append((number, deal))
    return [], sittings
