"""Club scoresheets kept in a spreadsheet: one CSV row per deal, read into records and written back.

The layout (docs/CLI.md, "Scoresheets from spreadsheets"; examples/sheet-template.csv) has a
header row naming the columns of :data:`COLUMNS` in any order (case and surrounding spaces do
not matter; only ``dealer``, ``maker`` and ``tricks`` are required). The sitting columns (date,
club, event, table, round, the four players, preset, overrides) are written on the first row of
a sitting; a row whose sitting cells are all blank, or repeat the current sitting's, continues
it, unless its ``deal`` is 1. Each deal row gives the dealer, the maker (blank: thrown in), trump,
alone, the defender alone, the makers' tricks, and optionally the sheet's own points and running
score (N-S, E-W). A maker of ``?`` is a points-only deal: only the points (both required) and
perhaps the running score are known, the trump, alone and tricks cells blank.

Contracts:
- :func:`read_sheet` turns CSV text into one :class:`SheetRecord` per sitting: the record as
  notation data, or every problem located by ``row R, column C`` (rows numbered as a spreadsheet
  shows them, the header being row 1). It checks the cells, then the notation, then the replay,
  and maps each error back to its cell. It never raises for bad input.
- :func:`write_sheet` writes records in the same layout (sitting cells on a sitting's first row
  only, deals numbered from 1): reading its output gives the same records, and writing those
  gives the same text. What the layout cannot hold (cards, irregularities, notes) is refused
  with :class:`~euchre_records.errors.UnsupportedRules` unless ``lossy``, which writes each deal's
  result as the replay found it.
- :func:`xlsx_rows` reads the first sheet of an .xlsx workbook (openpyxl, the ``xlsx`` extra)
  into the same cells.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

from euchre_records.errors import Problem, RecordError, UnsupportedRules
from euchre_records.model import DealKind, Record
from euchre_records.table_model import TableRecord

from .cells import NO, YES, SheetRecord, cell_value, parse_int, parse_overrides, sittings_of, where
from .players import (PLAYER_COLUMNS, PLAYER_TEXT_COLUMNS, is_player_layout, read_player_rows,
                      write_player_sheet)
from .guard import (SheetRefused, check_cells, check_file_size, guess_delimiter, neutral,
                          unneutral, xlsx_cells)

__all__ = ["COLUMNS", "SITTING_COLUMNS", "SheetRecord", "read_sheet", "read_rows",
           "write_sheet", "xlsx_rows", "sheet_sources", "sheet_xlsx", "SHEET_SUFFIXES"]

SITTING_COLUMNS = ("date", "club", "event", "table", "round", "north", "east", "south", "west",
                   "preset", "overrides")
DEAL_COLUMNS = ("deal", "dealer", "maker", "trump", "alone", "defender_alone", "tricks",
                "points_ns", "points_ew", "total_ns", "total_ew")
COLUMNS = SITTING_COLUMNS + DEAL_COLUMNS
TEXT_COLUMNS = ("club", "event", "table", "round", "north", "east", "south", "west")
"""The free-text cells: written neutralised against formulas (guard.neutral)."""
REQUIRED = ("dealer", "maker", "tricks")
SHEET_SUFFIXES = (".csv", ".xlsx")

_SEATS = {"north": "N", "east": "E", "south": "S", "west": "W"}
_EVENT = ("club", "event", "date", "table", "round")
_YES, _NO = YES, NO
_PATH_COLUMN = {"dealer": "dealer", "result.maker": "maker", "result.trump": "trump",
                "result.alone": "alone", "result.defender_alone": "defender_alone",
                "result.tricks": "tricks", "result": "maker", "scoresheet.points[0]": "points_ns",
                "scoresheet.points[1]": "points_ew", "scoresheet.points": "points_ns",
                "scoresheet.total[0]": "total_ns", "scoresheet.total[1]": "total_ew",
                "scoresheet.total": "total_ns", "scoresheet": "points_ns"}


_where = where


def read_sheet(text: str) -> list[SheetRecord]:
    """The sittings of a CSV sheet (see module contract): separated by ``,``, or by ``;`` or a
    tab when the header row says so; the cells our export neutralised (``'=…``) read back as
    they were (interop/sheets/guard.py)."""
    text = text[1:] if text.startswith("\ufeff") else text
    try:
        rows = list(csv.reader(io.StringIO(text, newline=""),
                               delimiter=guess_delimiter(text, COLUMNS + PLAYER_COLUMNS)))
        check_cells(rows)
    except csv.Error as exc:
        return [SheetRecord(1, 1, problems=[Problem("row 1", f"not CSV: {exc}")])]
    except SheetRefused as exc:
        return [SheetRecord(1, 1, problems=[Problem("-", str(exc))])]
    return read_rows(rows, quoted=True)


def read_rows(rows: Sequence[Sequence[str]], quoted: bool = False) -> list[SheetRecord]:
    """The sittings of a sheet given as rows of cells, the header first. ``quoted``: the text
    cells are a CSV's, neutralised against formulas by our export (guard.unneutral)."""
    if not rows or not any(c.strip() for c in rows[0]):
        return [SheetRecord(1, 1, problems=[Problem("row 1", "no header row: the first row names "
                                                    "the columns (see the template)")])]
    if is_player_layout(rows[0]):   # one column per player: 2, 3 or 5 (interop/sheets/players.py)
        return read_player_rows(rows, quoted)
    problems, sittings = sittings_of(rows, quoted, known=COLUMNS, required=REQUIRED,
                                     text=TEXT_COLUMNS, sitting_columns=SITTING_COLUMNS,
                                     deal_columns=DEAL_COLUMNS)
    if problems:
        return [SheetRecord(1, 1, problems=problems)]
    return [_sitting(first, sitting, deals) for first, sitting, deals in sittings]


def _sitting(first: int, sitting: dict[str, str], deals: list[tuple[int, dict[str, str]]]
             ) -> SheetRecord:
    out = SheetRecord(first, deals[-1][0], deal_rows=[r for r, _ in deals])
    p = out.problems
    data: dict[str, Any] = {"format": "euchre-records", "version": "1.0"}
    event = {k: sitting[k] for k in _EVENT if sitting[k]}
    if event:
        data["event"] = event
    names = {seat: sitting[col] for col, seat in _SEATS.items()}
    if any(names.values()):
        data["players"] = {seat: {"name": name} for seat, name in names.items() if name}
        for col, seat in _SEATS.items():
            if not names[seat]:
                p.append(Problem(_where(first, col), "a player's name is missing (give all four "
                                 "or none)"))
    if not sitting["preset"]:
        p.append(Problem(_where(first, "preset"), "the rule set is required on a sitting's first "
                         "row: somerset-1888, hoyle or modern"))
    rules: dict[str, Any] = {"preset": sitting["preset"]}
    overrides = _overrides(sitting["overrides"], first, p)
    if overrides:
        rules["overrides"] = overrides
    data["rules"] = rules
    data["deals"] = [_deal(row, cells, n, p) for n, (row, cells) in enumerate(deals, 1)]
    if p:
        return out
    _check(out, data)
    return out


_overrides = parse_overrides
_int = parse_int


def _deal(row: int, cells: dict[str, str], number: int, p: list[Problem]) -> dict[str, Any]:
    if "_extra" in cells:
        p.append(Problem(_where(row, "-"), "cells beyond the last named column"))
    written = _int(row, "deal", cells["deal"], p)
    if written is not None and written != number:
        p.append(Problem(_where(row, "deal"), f"deal {written} out of order: this is deal "
                         f"{number} of the sitting (deals are numbered from 1)"))
    alone = cells["alone"].lower()
    if alone not in _YES | _NO:
        p.append(Problem(_where(row, "alone"), f"{cells['alone']!r}: write yes or leave blank"))
    if not cells["dealer"]:
        p.append(Problem(_where(row, "dealer"), "the dealer is required (N, E, S or W)"))
    deal: dict[str, Any] = {"kind": "result", "dealer": cells["dealer"].upper()}
    maker = cells["maker"].upper()
    if maker == "?":
        return _points_deal(row, cells, deal["dealer"], alone, p)
    if not maker:
        for col in ("trump", "alone", "defender_alone", "tricks"):
            if cells[col] and not (col == "alone" and alone in _NO):
                p.append(Problem(_where(row, col), "only with a maker (a blank maker means the "
                                 "deal was thrown in)"))
        deal["result"] = {"maker": None}
    else:
        result: dict[str, Any] = {"maker": maker, "trump": cells["trump"].upper() or None}
        if alone in _YES:
            result["alone"] = True
        if cells["defender_alone"]:
            result["defender_alone"] = cells["defender_alone"].upper()
        tricks = _int(row, "tricks", cells["tricks"], p)
        if tricks is None and not cells["tricks"]:
            p.append(Problem(_where(row, "tricks"), "the makers' tricks are required (0 to 5)"))
        result["tricks"] = tricks
        deal["result"] = result
    sheet: dict[str, Any] = {}
    for key, cols in (("points", ("points_ns", "points_ew")), ("total", ("total_ns", "total_ew"))):
        values = [_int(row, c, cells[c], p) for c in cols]
        if any(cells[c] for c in cols):
            if not all(cells[c] for c in cols):
                blank = next(c for c in cols if not cells[c])
                p.append(Problem(_where(row, blank), "give both sides' figures or neither"))
            sheet[key] = values
    if sheet:
        deal["scoresheet"] = sheet
    return deal


def _points_deal(row: int, cells: dict[str, str], dealer: str, alone: str,
                 p: list[Problem]) -> dict[str, Any]:
    """A row whose maker is ``?``: a points-only deal (docs/FORMAT.md), its points from the
    points columns (required), its running score from the total columns."""
    for col in ("trump", "alone", "defender_alone", "tricks"):
        if cells[col] and not (col == "alone" and alone in _NO):
            p.append(Problem(_where(row, col), "not with a maker of '?' (only the points are "
                             "known: a points-only deal)"))
    deal: dict[str, Any] = {"kind": "points", "dealer": dealer}
    points = [_int(row, c, cells[c], p) for c in ("points_ns", "points_ew")]
    for c in ("points_ns", "points_ew"):
        if not cells[c]:
            p.append(Problem(_where(row, c), "a points-only deal (maker '?') needs both sides' points"))
    deal["points"] = points
    totals = ("total_ns", "total_ew")
    if any(cells[c] for c in totals):
        if not all(cells[c] for c in totals):
            blank = next(c for c in totals if not cells[c])
            p.append(Problem(_where(row, blank), "give both sides' figures or neither"))
        deal["scoresheet"] = {"total": [_int(row, c, cells[c], p) for c in totals]}
    return deal


def _check(out: SheetRecord, data: dict[str, Any]) -> None:
    """Load and replay the record; locate every error in the sheet's cells."""
    from euchre_records.match import replay

    from euchre_records.schema.notation import load_record
    try:
        record = load_record(data)
        replay(record)
    except RecordError as exc:
        out.problems.extend(_cell(out, prob) for prob in exc.problems)
        return
    except RecursionError:  # pragma: no cover - a sheet is flat
        out.problems.append(Problem(_where(out.first_row, "-"), "cannot be read"))
        return
    out.data = data


def _cell(out: SheetRecord, prob: Problem) -> Problem:
    """A notation or replay error at a record path, moved to the sheet cell it comes from."""
    where = prob.where
    m = re.match(r"deals\[(\d+)\]\.?(.*)", where)
    if m and int(m.group(1)) < len(out.deal_rows):
        rest = m.group(2)
        col = _PATH_COLUMN.get(rest)
        if col is None:
            col = next((c for k, c in _PATH_COLUMN.items() if rest.startswith(k)), "dealer")
        return Problem(_where(out.deal_rows[int(m.group(1))], col), prob.what)
    first = out.first_row
    if where.startswith("players."):
        seat = where.split(".")[1][:1]
        col = {v: k for k, v in _SEATS.items()}.get(seat, "north")
        return Problem(_where(first, col), prob.what)
    if where.startswith("event."):
        return Problem(_where(first, where.split(".")[1]), prob.what)
    if where.startswith("rules.overrides") or where.startswith("rules.") and "preset" not in where:
        return Problem(_where(first, "overrides"), f"{where}: {prob.what}")
    if where.startswith("rules"):
        return Problem(_where(first, "preset"), prob.what)
    return Problem(_where(first, "-"), f"{where}: {prob.what}" if where else prob.what)


# --- writing ---------------------------------------------------------------------------------

_cell_value = cell_value


def _losses(record: Record) -> list[Problem]:
    out: list[Problem] = []
    if record.event.notes:
        out.append(Problem("event.notes", "the sheet has no column for notes"))
    if record.start_score != (0, 0):
        out.append(Problem("start_score", "the sheet has no column for a score carried in"))
    if any(p.id for _, p in record.players):
        out.append(Problem("players", "the sheet keeps names only, not player ids"))
    for i, d in enumerate(record.deals):
        at = f"deals[{i}]"
        if d.kind is DealKind.POINTS:
            if d.recorded is not None and d.recorded.points not in (None, d.points):
                out.append(Problem(f"{at}.scoresheet.points", "the sheet's points columns hold a "
                                   "points-only deal's points, not other figures as well"))
        elif d.kind is not DealKind.RESULT:
            out.append(Problem(at, f"a {d.kind.value} deal: the sheet keeps its result only "
                               "(maker, trump, alone, tricks), not the cards"))
        if d.irregularities:
            out.append(Problem(f"{at}.irregularities", "the sheet has no column for "
                               "irregularities"))
        if d.annotations or d.alternatives:
            out.append(Problem(f"{at}.annotations", "the sheet has no column for annotations"))
    return out


def write_sheet(records: Iterable[Record | TableRecord], *, lossy: bool = False) -> str:
    """CSV text of ``records`` in the sheet layout (see module contract); records of two, three
    and five players in theirs, one column per player (interop/sheets/players.py). One sheet
    holds one layout: four-handed records and the others together are refused."""
    records = list(records)
    others = [r for r in records if isinstance(r, TableRecord)]
    if others:
        if len(others) < len(records):
            raise UnsupportedRules([Problem("-", "a sheet holds four-handed sittings or sittings "
                                            "of two, three and five, not both: write them to "
                                            "two sheets")])
        return write_player_sheet(others, lossy=lossy)
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(COLUMNS)
    for record in records:
        assert isinstance(record, Record)
        losses = _losses(record)
        if losses and not lossy:
            raise UnsupportedRules(losses)
        for row in _record_rows(record):
            writer.writerow(row)
    return buf.getvalue()


def _record_rows(record: Record) -> list[list[str]]:
    from euchre_records.match import replay

    ev = record.event
    names = dict((seat.name, p.name) for seat, p in record.players)
    overrides = "; ".join(f"{k}={_cell_value(v)}" for k, v in record.rules.overrides)
    sitting = [ev.date or "", *(neutral(t or "") for t in (ev.club, ev.event, ev.table, ev.round)),
               *(neutral(names.get(s, "")) for s in "NESW"), record.rules.name, overrides]
    results = None
    rows = []
    for n, deal in enumerate(record.deals, 1):
        if deal.kind is DealKind.POINTS:   # maker '?': the points, the running score
            total = deal.recorded.total if deal.recorded is not None else None
            rows.append((sitting if n == 1 else [""] * len(sitting))
                        + [str(n), deal.dealer.name, "?", "", "", "", "",
                           *(str(x) for x in (deal.points or ("", ""))),
                           *(str(x) for x in (total or ("", "")))])
            continue
        if deal.kind is DealKind.RESULT and deal.outcome is not None:
            o = deal.outcome
            maker, trump, alone, defender, tricks = (o.maker, o.trump, o.alone, o.defender_alone,
                                                     o.tricks)
        else:  # lossy: the result as the replay found it
            results = results or replay(record).deals
            r = results[n - 1]
            maker, trump, alone, defender = r.maker, r.trump, r.alone, r.defender_alone
            tricks = (r.tricks[0] if r.maker.side.value == "NS" else r.tricks[1]) if r.maker else 0
        rec = deal.recorded
        points = rec.points if rec is not None else None
        total = rec.total if rec is not None else None
        cells = [str(n), deal.dealer.name, maker.name if maker else "",
                 trump.value if maker and trump else "", "yes" if maker and alone else "",
                 defender.name if maker and defender else "", str(tricks) if maker else "",
                 *(str(x) for x in (points or ("", ""))), *(str(x) for x in (total or ("", "")))]
        rows.append((sitting if n == 1 else [""] * len(sitting)) + cells)
    return rows


def xlsx_rows(path: str) -> list[list[str]]:
    """The cells of the first worksheet of an .xlsx file, as text (the ``xlsx`` extra), read
    within the limits of interop/sheets/guard.py (SheetRefused past them)."""
    return xlsx_cells(path, _xlsx_text)


def _xlsx_text(value: Any) -> str:
    import datetime as dt
    if isinstance(value, dt.datetime):
        return value.date().isoformat() if value.time() == dt.time() else value.isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, bool):
        return "yes" if value else ""
    return str(value)


def sheet_sources(path: str, progress: Any = None) -> Iterator[tuple[str, str, list[str]]]:
    """``(source, record JSON text, problems)`` per sitting of a .csv or .xlsx file: the text is
    empty and ``problems`` says what is wrong (each ``row R, column C: ...``) for a bad sitting.
    Raises OSError/UnicodeDecodeError when the file cannot be read, as reading any file does."""
    try:
        check_file_size(path)
    except SheetRefused as exc:
        yield path, "", [str(exc)]
        return
    if Path(path).stat().st_size == 0:
        yield path, "", ["the file is empty"]
        return
    if path.lower().endswith(".xlsx"):
        try:
            sittings = read_rows(xlsx_rows(path))
        except ImportError:
            yield path, "", ["reading .xlsx needs the 'xlsx' extra: pip install "
                             "'euchre-records[xlsx]'"]
            return
        except SheetRefused as exc:  # not a workbook, past a limit, XML that cannot be read
            yield path, "", [str(exc)]
            return
    else:
        with open(path, encoding="utf-8-sig", newline="") as stream:
            text = stream.read()
        if not text.strip():
            yield path, "", ["the file is empty"]
            return
        sittings = read_sheet(text)
    if progress is not None:
        progress(Path(path).stat().st_size)
    for s in sittings:
        if s.problems or s.data is None:
            yield s.source(path), "", [str(p) for p in s.problems]
        else:
            yield s.source(path), json.dumps(s.data, ensure_ascii=False), []


def sheet_xlsx(csv_text: str) -> bytes:
    """The sheet layout of :func:`write_sheet`'s text as an .xlsx workbook (the ``xlsx`` extra):
    one worksheet, the same cells, numbers as numbers (reading it back gives the same records)."""
    import openpyxl

    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "scoresheet"
    text_at: set[int] = set()
    for number, row in enumerate(csv.reader(io.StringIO(csv_text))):
        if number == 0:
            text_at = {i for i, name in enumerate(row)
                       if name in TEXT_COLUMNS or name in PLAYER_TEXT_COLUMNS}
        sheet.append([unneutral(c) if i in text_at else
                      int(c) if re.fullmatch(r"-?[0-9]{1,6}", c) else c
                      for i, c in enumerate(row)])
        for cell in sheet[sheet.max_row]:
            if isinstance(cell.value, str):
                cell.data_type = "s"  # text as text: "=…" is never a formula cell
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
