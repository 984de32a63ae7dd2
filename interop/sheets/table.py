"""Club scoresheets kept in a spreadsheet: one CSV row per deal, read into records and written back,
at every table: the four-handed with a column per side, those of two, three and five with a
column per player (the one layout and its columns per table: interop/sheets/layout.py).

The layout (docs/CLI.md, "Scoresheets from spreadsheets"; examples/sheet-template.csv) has a
header row naming its columns in any order (case and surrounding spaces do not matter; only
``dealer``, ``maker`` and ``tricks`` are required, and ``seats`` where the sheet has it). The
sitting columns (date, club, event, table, round, the seats, the players, preset, overrides) are
written on the first row of a sitting; a row whose sitting cells are all blank, or repeat the
current sitting's, continues it, unless its ``deal`` is 1. Each deal row gives the dealer, the
maker (blank: thrown in), trump, alone, the table's own result cells (four-handed: the defender
alone; five-handed: the called card and its holder, ``none`` when undealt), the making side's
tricks, and optionally the sheet's own points and running score, per side or per player. A maker
of ``?`` is a points-only deal: only the points (all required) and perhaps the running score are
known, the other result cells blank.

Contracts:
- :func:`read_sheet` turns CSV text into one :class:`SheetRecord` per sitting: the record as
  notation data, or every problem located by ``row R, column C`` (rows numbered as a spreadsheet
  shows them, the header being row 1). It checks the cells, then the notation, then the replay,
  and maps each error back to its cell. It never raises for bad input.
- :func:`write_sheet` writes records in the same layout (sitting cells on a sitting's first row
  only, deals numbered from 1): reading its output gives the same records, and writing those
  gives the same text. What the layout cannot hold (cards, irregularities, notes) is refused
  with :class:`~euchre_records.errors.UnsupportedRules` unless ``lossy``, which writes each deal's
  result as the replay found it, and leaves out the row of a deal the replay found void or
  unfinished (it has no result; the deals kept are numbered from 1 again), so that what it
  writes reads back to the same points. One sheet holds the sittings of one layout.
- :func:`xlsx_rows` reads the first sheet of an .xlsx workbook (openpyxl, the ``xlsx`` extra)
  into the same cells.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Sequence

from euchre_records.errors import Problem, RecordError, UnsupportedRules
from euchre_records.model import Deal, DealKind, DealResult, Outcome, Record, ReplayResult
from euchre_records.table import SEAT_COUNTS, Table, table_for
from euchre_records.table_view import columns_of, table_of

from .cells import (EVENT, NO, YES, SheetRecord, cell_value, parse_int, parse_overrides,
                    sittings_of, where)
from .guard import (SheetRefused, check_cells, check_file_size, guess_delimiter, neutral,
                    unneutral, xlsx_cells)
from .layout import (ALL_COLUMNS, DEAL_LOSSES, PLAYER_FIELDS, PLAYERS, SIDES, Layout,
                     layout_of_header, layout_of_table)

__all__ = ["COLUMNS", "SITTING_COLUMNS", "SheetRecord", "read_sheet", "read_rows",
           "write_sheet", "xlsx_rows", "sheet_sources", "sheet_xlsx", "SHEET_SUFFIXES"]

COLUMNS = SIDES.columns
"""The four-handed sheet's columns, in the order written."""
SITTING_COLUMNS = SIDES.sitting_columns
SHEET_SUFFIXES = (".csv", ".xlsx")
_TEXT_COLUMNS = frozenset(SIDES.text_columns) | frozenset(PLAYERS.text_columns)
_PER_PLAYER_SEATS = tuple(n for n in SEAT_COUNTS if not table_for(n).fixed_sides)
_UNDEALT = "none"

_READ_RESULT: dict[str, Callable[[str, Callable[[str], str]], Any]] = {
    "defender_alone": lambda cell, seat: seat(cell),
    "called": lambda cell, seat: cell.upper(),
    "partner": lambda cell, seat: None if cell.lower() == _UNDEALT else seat(cell),
}
"""A table's own result cell (layout.extras) as its notation value, given how seats are written."""
_WRITE_RESULT: dict[str, Callable[[Any, Callable[[int], str]], str]] = {
    "defender_alone": lambda o, tok: "" if o.defender_alone is None else tok(o.defender_alone),
    "called": lambda o, tok: "" if o.called is None else o.called.name,
    "partner": lambda o, tok: "" if not o.partner_stated else
    _UNDEALT if o.partner is None else tok(o.partner),
}
"""A table's own result cell of an outcome, given the table's seat tokens."""


def read_sheet(text: str) -> list[SheetRecord]:
    """The sittings of a CSV sheet (see module contract): separated by ``,``, or by ``;`` or a
    tab when the header row says so; the cells our export neutralised (``'=…``) read back as
    they were (interop/sheets/guard.py)."""
    text = text[1:] if text.startswith("\ufeff") else text
    try:
        rows = list(csv.reader(io.StringIO(text, newline=""),
                               delimiter=guess_delimiter(text, ALL_COLUMNS)))
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
    layout = layout_of_header(rows[0])
    problems, sittings = sittings_of(rows, quoted, known=layout.columns, required=layout.required,
                                     text=layout.text_columns,
                                     sitting_columns=layout.sitting_columns,
                                     deal_columns=layout.deal_columns)
    if problems:
        return [SheetRecord(1, 1, problems=problems)]
    return [_sitting(layout, first, sitting, deals) for first, sitting, deals in sittings]


def _sitting(layout: Layout, first: int, sitting: dict[str, str],
             deals: list[tuple[int, dict[str, str]]]) -> SheetRecord:
    out = SheetRecord(first, deals[-1][0], deal_rows=[r for r, _ in deals])
    p = out.problems
    data: dict[str, Any] = {"format": "euchre-records", "version": "1.0"}
    event = {k: sitting[k] for k in EVENT if sitting[k]}
    if event:
        data["event"] = event
    table = layout.table or _seats(first, sitting["seats"], p)
    if table is None:
        return out
    n = table.seats
    for col in layout.players[n:]:
        if sitting[col]:
            p.append(Problem(where(first, col), f"a table of {n} has the seats 0 to {n - 1}"))
    names = {col: sitting[col] for col in layout.players[:n]}
    if any(names.values()):
        data["players"] = {token: {"name": name}
                           for token, name in zip(layout.tokens, names.values()) if name}
        for col, name in names.items():
            if not name:
                p.append(Problem(where(first, col), layout.says("names", n)))
    if not sitting["preset"]:
        p.append(Problem(where(first, "preset"), "the rule set is required on a sitting's first "
                         "row: somerset-1888, hoyle or modern"))
    rules: dict[str, Any] = {"preset": sitting["preset"]}
    if layout.table is None:
        rules["seats"] = n
    overrides = parse_overrides(sitting["overrides"], first, p)
    if overrides:
        rules["overrides"] = overrides
    data["rules"] = rules
    width = len(columns_of(table, ()))   # the score columns it fills: per side or per player
    data["deals"] = [_deal(layout, n, width, row, cells, number, p)
                     for number, (row, cells) in enumerate(deals, 1)]
    if not p:
        _check(layout, out, data)
    return out


def _seats(first: int, cell: str, p: list[Problem]) -> Table | None:
    """The table a ``seats`` cell names (a problem at it, and None, when it names none)."""
    n = parse_int(first, "seats", cell, p)
    if n is None:
        if not cell:
            p.append(Problem(where(first, "seats"), "the number of players is required on a "
                             "sitting's first row: 2, 3 or 5"))
        return None
    if n not in _PER_PLAYER_SEATS:
        p.append(Problem(where(first, "seats"), f"{n} players: this layout takes sittings of 2, 3 "
                         "or 5 (four-handed sheets have the columns north, east, south, west and "
                         "points_ns ...; see the template)"))
        return None
    return table_for(n)


def _deal(layout: Layout, n: int, width: int, row: int, cells: dict[str, str], number: int,
          p: list[Problem]) -> dict[str, Any]:
    if "_extra" in cells:
        p.append(Problem(where(row, "-"), "cells beyond the last named column"))
    written = parse_int(row, "deal", cells["deal"], p)
    if written is not None and written != number:
        p.append(Problem(where(row, "deal"), f"deal {written} out of order: this is deal {number} "
                         "of the sitting (deals are numbered from 1)"))
    alone = cells["alone"].lower()
    if alone not in YES | NO:
        p.append(Problem(where(row, "alone"), f"{cells['alone']!r}: write yes or leave blank"))
    if not cells["dealer"]:
        p.append(Problem(where(row, "dealer"), layout.says("dealer", n)))
    for unused in zip(layout.points[width:], layout.totals[width:]):
        for col in unused:
            if cells[col]:
                p.append(Problem(where(row, col), f"a table of {n} has the seats 0 to {n - 1}"))
    deal: dict[str, Any] = {"kind": "result", "dealer": layout.seat_text(cells["dealer"])}
    maker = layout.seat_text(cells["maker"])
    if maker == "?":
        return _points_deal(layout, n, width, row, cells, deal["dealer"], alone, p)
    if not maker:
        for col in ("trump", "alone", *layout.extras, "tricks"):
            if cells[col] and not (col == "alone" and alone in NO):
                p.append(Problem(where(row, col), "only with a maker (a blank maker means the "
                                 "deal was thrown in)"))
        deal["result"] = {"maker": None}
    else:
        result: dict[str, Any] = {"maker": maker, "trump": cells["trump"].upper() or None}
        if alone in YES:
            result["alone"] = True
        for col in layout.extras:
            if cells[col]:
                result[col] = _READ_RESULT[col](cells[col], layout.seat_text)
        tricks = parse_int(row, "tricks", cells["tricks"], p)
        if tricks is None and not cells["tricks"]:
            p.append(Problem(where(row, "tricks"), layout.says("tricks", n)))
        result["tricks"] = tricks
        deal["result"] = result
    sheet: dict[str, Any] = {}
    for key, cols in (("points", layout.points[:width]), ("total", layout.totals[:width])):
        if any(cells[c] for c in cols):
            sheet[key] = [parse_int(row, c, cells[c], p) for c in cols]
            _all_or_none(layout, n, row, cells, cols, p)
    if sheet:
        deal["scoresheet"] = sheet
    return deal


def _all_or_none(layout: Layout, n: int, row: int, cells: dict[str, str], cols: Sequence[str],
                 p: list[Problem], what: str = "figures") -> None:
    """A problem at each blank of ``cols``, figures the sheet gives all of or none."""
    for c in cols:
        if not cells[c]:
            p.append(Problem(where(row, c), layout.says(what, n, cols)))


def _points_deal(layout: Layout, n: int, width: int, row: int, cells: dict[str, str], dealer: str,
                 alone: str, p: list[Problem]) -> dict[str, Any]:
    """A row whose maker is ``?``: a points-only deal (docs/FORMAT.md), its points from the
    points columns (all required), its running score from the total columns."""
    for col in ("trump", "alone", *layout.extras, "tricks"):
        if cells[col] and not (col == "alone" and alone in NO):
            p.append(Problem(where(row, col), "not with a maker of '?' (only the points are "
                             "known: a points-only deal)"))
    deal: dict[str, Any] = {"kind": "points", "dealer": dealer}
    cols = layout.points[:width]
    deal["points"] = [parse_int(row, c, cells[c], p) for c in cols]
    _all_or_none(layout, n, row, cells, cols, p, "points")
    totals = layout.totals[:width]
    if any(cells[c] for c in totals):
        _all_or_none(layout, n, row, cells, totals, p)
        deal["scoresheet"] = {"total": [parse_int(row, c, cells[c], p) for c in totals]}
    return deal


def _replay(record: Record) -> ReplayResult:
    """The replay of a record of any table."""
    from euchre_records.match import replay
    return replay(record)


def _check(layout: Layout, out: SheetRecord, data: dict[str, Any]) -> None:
    """Load and replay the record; locate every error in the sheet's cells."""
    from euchre_records.schema.notation import load_record
    from euchre_records.schema.tables import load_table_record
    load = load_table_record if "seats" in data["rules"] else load_record   # as load_any chooses
    try:
        _replay(load(data))
    except RecordError as exc:
        out.problems.extend(_cell(layout, out, prob) for prob in exc.problems)
        return
    except RecursionError:  # pragma: no cover - a sheet is flat
        out.problems.append(Problem(where(out.first_row, "-"), "cannot be read"))
        return
    out.data = data


def _cell(layout: Layout, out: SheetRecord, prob: Problem) -> Problem:
    """A notation or replay error at a record path, moved to the sheet cell it comes from."""
    at = prob.where
    m = re.match(r"deals\[(\d+)\]\.?(.*)", at)
    if m and int(m.group(1)) < len(out.deal_rows):
        rest = m.group(2)
        col = next((c for k, c in layout.paths if rest.startswith(k)), "dealer")
        return Problem(where(out.deal_rows[int(m.group(1))], col), prob.what)
    first = out.first_row
    if at.startswith("players."):
        seat = at.split(".")[1]
        col = layout.players[layout.tokens.index(seat) if seat in layout.tokens else 0]
        return Problem(where(first, col), prob.what)
    if at.startswith("event."):
        return Problem(where(first, at.split(".")[1]), prob.what)
    if at.startswith("rules.seats"):
        return Problem(where(first, "seats"), prob.what)
    if at.startswith("rules.overrides") or at.startswith("rules.") and "preset" not in at:
        return Problem(where(first, "overrides"), f"{at}: {prob.what}")
    if at.startswith("rules"):
        return Problem(where(first, "preset"), prob.what)
    return Problem(where(first, "-"), f"{at}: {prob.what}" if at else prob.what)


# --- writing ---------------------------------------------------------------------------------

def _losses(layout: Layout, record: Record) -> list[Problem]:
    out: list[Problem] = []
    if record.event.notes:
        out.append(Problem("event.notes", "the sheet has no column for notes"))
    if any(record.start_score):
        out.append(Problem("start_score", "the sheet has no column for a score carried in"))
    if any(getattr(p, f, None) for _, p in record.players for f in PLAYER_FIELDS):
        out.append(Problem("players", "the sheet keeps names only, not player ids"))
    names = _names(record)
    if not _all_named(record, names):
        table = table_of(record)
        unnamed = ", ".join(table.token(s) for s in range(table.seats) if s not in names)
        out.append(Problem("players", f"the sheet names every player or none (a sitting's "
                           f"names are all or none of its seats), and {unnamed} has no name"))
    deals: Sequence[Deal] = record.deals
    if not deals:   # the sitting's cells ride on its first deal's row: nothing would read back
        out.append(Problem("deals", "the sheet has a row per deal, and a sitting without deals "
                           "has none: its rules, players and event would not be written"))
    for i, d in enumerate(deals):
        at = f"deals[{i}]"
        if d.kind is DealKind.POINTS:
            if d.recorded is not None and d.recorded.points not in (None, d.points):
                out.append(Problem(f"{at}.scoresheet.points", "the sheet's points columns hold a "
                                   "points-only deal's points, not other figures as well"))
        elif d.kind is not DealKind.RESULT:
            out.append(Problem(at, f"a {d.kind.value} deal: the sheet keeps its result only "
                               f"{layout.words['result']}, not the cards"))
        if d.irregularities:
            out.append(Problem(f"{at}.irregularities", "the sheet has no column for "
                               "irregularities"))
        for fields, path, what in DEAL_LOSSES:
            for f in fields:
                if getattr(d, f, None):   # a field the kind of record lacks holds nothing
                    out.append(Problem(f"{at}.{path}", what))
                    break
    return out


def _names(record: Record) -> dict[int, str]:
    """The players' names by seat index."""
    return {int(seat): p.name for seat, p in record.players}


def _all_named(record: Record, names: dict[int, str]) -> bool:
    """Whether the record names every player or none, as a sheet does (its reader refuses a
    sitting that names some: "give all four or none")."""
    return len(names) in (0, table_of(record).seats)


def write_sheet(records: Iterable[Record], *, lossy: bool = False) -> str:
    """CSV text of ``records`` in the sheet layout (see module contract): four-handed records
    with a column per side, those of two, three and five with a column per player. One sheet
    holds one layout: four-handed records and the others together are refused."""
    records = list(records)
    layouts = {layout_of_table(table_of(r)) for r in records}
    if len(layouts) > 1:
        raise UnsupportedRules([Problem("-", "a sheet holds four-handed sittings or sittings "
                                        "of two, three and five, not both: write them to "
                                        "two sheets")])
    layout = layouts.pop() if layouts else SIDES
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(layout.columns)
    for record in records:
        losses = _losses(layout, record)
        if losses and not lossy:
            raise UnsupportedRules(losses)
        rows = _record_rows(layout, record)
        if not rows:   # even lossy: a sitting with no row is not written at all
            raise UnsupportedRules([Problem("deals", "the sheet has a row per deal, and this "
                                            "sitting has no deal it can hold (none, or each "
                                            "void or unfinished): it would not be written")])
        writer.writerows(rows)
    return buf.getvalue()


def _record_rows(layout: Layout, record: Record) -> list[list[str]]:
    table = table_of(record)
    tok = table.token
    ev = record.event
    names = _names(record)
    if not _all_named(record, names):   # lossy: none rather than some
        names = {}
    variant = record.variant_overrides
    overrides = sorted((dict(record.rules.overrides) | dict(variant)).items())
    sitting = [ev.date or "", *(neutral(t or "") for t in (ev.club, ev.event, ev.table, ev.round)),
               *([] if layout.table is not None else [str(table.seats)]),
               *(neutral(names.get(i, "")) for i in range(len(layout.players))),
               record.rules.name, "; ".join(f"{k}={cell_value(v)}" for k, v in overrides)]
    blank = [""] * len(sitting)
    width = len(layout.points)
    writers = [_WRITE_RESULT[c] for c in layout.extras]
    results: Sequence[DealResult] = ()
    rows = []
    deals: Sequence[Deal] = record.deals
    number = 0
    for i, deal in enumerate(deals):
        if deal.kind is not DealKind.RESULT and deal.kind is not DealKind.POINTS or (
                deal.unfinished or deal.irregularities):
            results = results or _replay(record).deals
            if _unscored(results[i]):
                continue
        number += 1
        head = (sitting if number == 1 else blank) + [str(number), tok(deal.dealer)]
        if deal.kind is DealKind.POINTS:   # maker '?': the points, the running score
            total = deal.recorded.total if deal.recorded is not None else None
            rows.append(head + ["?", *[""] * (3 + len(layout.extras)),
                                *_padded(deal.points, width), *_padded(total, width)])
            continue
        if deal.kind is DealKind.RESULT and deal.outcome is not None:
            outcome: Outcome = deal.outcome
        else:  # lossy: the result as the replay found it
            results = results or _replay(record).deals
            outcome = _found(table, results[i])
        rec = deal.recorded
        rows.append(head + _result_cells(writers, tok, outcome)
                    + _padded(rec.points if rec is not None else None, width)
                    + _padded(rec.total if rec is not None else None, width))
    return rows


def _unscored(r: DealResult) -> bool:
    """A deal the replay found void (a misdeal or a new deal: Somerset 33-41, Hoyle) or
    unfinished (docs/FORMAT.md: replayed as far as it goes and scored nothing): it has no result
    the sheet can hold (a blank maker reads back as a deal thrown in, refused under stick the
    dealer; the makers' tricks so far would read back as a finished deal that scores), so the
    lossy sheet leaves its row out, and the deals it keeps score what they scored."""
    return r.void is not None or r.unfinished


def _found(table: Table, r: DealResult) -> Outcome:
    """A deal's result as the replay found it, as the outcome a record of its table states (at
    n ``alone`` only for the five-handed maker who called no card: the others always play
    alone)."""
    alone = r.alone if table.fixed_sides else r.alone and table.called_partner and r.called is None
    return Outcome(r.maker, r.trump, alone, r.defender_alone, r.maker_tricks, called=r.called,
                   partner=r.partner, partner_stated=r.called is not None and r.partner_known)


def _result_cells(writers: Sequence[Callable[[Any, Callable[[int], str]], str]],
                  tok: Callable[[int], str], o: Any) -> list[str]:
    """The cells from ``maker`` to ``tricks`` of an outcome (all blank: thrown in), the table's
    own result cells by ``writers`` (_WRITE_RESULT's of the layout's extras)."""
    if o.maker is None:
        return [""] * (4 + len(writers))
    return ([tok(o.maker), "" if o.trump is None else o.trump.value, "yes" if o.alone else ""]
            + [write(o, tok) for write in writers] + [str(o.tricks)])


def _padded(values: Sequence[int] | None, width: int) -> list[str]:
    """Figures as cells, blank up to ``width`` columns."""
    if not values:
        return [""] * width
    return [str(v) for v in values] + [""] * (width - len(values))


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
            text_at = {i for i, name in enumerate(row) if name in _TEXT_COLUMNS}
        sheet.append([unneutral(c) if i in text_at else
                      int(c) if re.fullmatch(r"-?[0-9]{1,6}", c) else c
                      for i, c in enumerate(row)])
        for cell in sheet[sheet.max_row]:
            if isinstance(cell.value, str):
                cell.data_type = "s"  # text as text: "=…" is never a formula cell
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
