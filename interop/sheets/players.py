"""Scoresheets of two, three and five players in a spreadsheet: one row per deal, one points
column and one running-score column per player (docs/CLI.md, "Sheets of two, three and five").

The layout (:data:`PLAYER_COLUMNS`): the sitting columns ``date``, ``club``, ``event``, ``table``,
``round``, ``seats`` (2, 3 or 5), the players ``player_0`` .. ``player_4`` (by seat, clockwise),
``preset`` and ``overrides``, on a sitting's first row; then per deal ``deal``, ``dealer`` (a seat
``0`` .. ``n-1``), ``maker`` (blank: thrown in), ``trump``, ``alone`` (five-handed: the maker
went alone), ``called`` (five-handed: the card named), ``partner`` (its holder; ``none``: the card
was undealt; blank: not recorded), ``tricks`` (the making side's), and what the scorer wrote:
``points_0`` .. ``points_4`` (the deal's points per player) and ``total_0`` .. ``total_4`` (each
player's running score). Columns of seats a sitting does not have stay blank. A sheet is read in
this layout when its header names ``seats`` or a per-player column; otherwise it is the
four-handed layout (interop/sheets/table.py), which is unchanged.

What a row cannot say: the cards, irregularities (a revoke claimed), notes, a score carried
in. A row whose maker is ``?`` is a points-only deal (docs/FORMAT.md "Points-only deals"): its
points from the points columns (every player's, required), its running score from the total
columns; the other result cells stay blank.

Contracts as the four-handed layout's: :func:`read_player_rows` never raises for bad input and
locates every problem at ``row R, column C``; :func:`write_player_sheet` writes what it reads
back to the same records (the same canonical text), and writing those again gives the same text;
what the layout cannot hold is refused (:class:`UnsupportedRules`) unless ``lossy``.
"""

from __future__ import annotations

import csv
import io
import re
from typing import Any, Iterable, Sequence

from euchre_records.errors import Problem, RecordError, UnsupportedRules
from euchre_records.model import DealKind
from euchre_records.table_model import TableRecord

from .cells import (EVENT, NO, YES, SheetRecord, cell_value, column_name, parse_int, parse_overrides,
                    sittings_of, where)
from .guard import neutral

__all__ = ["PLAYER_COLUMNS", "PLAYER_SITTING_COLUMNS", "PLAYER_TEXT_COLUMNS", "MAX_PLAYERS",
           "is_player_layout", "read_player_rows", "write_player_sheet"]

MAX_PLAYERS = 5
"""The most players a sheet has columns for (the five-handed game)."""
_SEATS = range(MAX_PLAYERS)
PLAYERS = tuple(f"player_{i}" for i in _SEATS)
POINTS = tuple(f"points_{i}" for i in _SEATS)
TOTALS = tuple(f"total_{i}" for i in _SEATS)
PLAYER_SITTING_COLUMNS = ("date", "club", "event", "table", "round", "seats", *PLAYERS,
                          "preset", "overrides")
DEAL_COLUMNS = ("deal", "dealer", "maker", "trump", "alone", "called", "partner", "tricks",
                *POINTS, *TOTALS)
PLAYER_COLUMNS = PLAYER_SITTING_COLUMNS + DEAL_COLUMNS
PLAYER_TEXT_COLUMNS = ("club", "event", "table", "round", *PLAYERS)
"""The free-text cells: written neutralised against formulas (guard.neutral)."""
REQUIRED = ("seats", "dealer", "maker", "tricks")
_MARKERS = {"seats", *PLAYERS, *POINTS, *TOTALS, "called", "partner"}
_UNDEALT = "none"


def is_player_layout(header: Sequence[str]) -> bool:
    """Whether a header row is this layout's: it names ``seats`` or a per-player column."""
    return any(column_name(c) in _MARKERS for c in header)


def read_player_rows(rows: Sequence[Sequence[str]], quoted: bool = False) -> list[SheetRecord]:
    """The sittings of a sheet in this layout, given as rows of cells, the header first
    (``quoted``: the text cells are a CSV's, neutralised by our export)."""
    problems, sittings = sittings_of(rows, quoted, known=PLAYER_COLUMNS, required=REQUIRED,
                                     text=PLAYER_TEXT_COLUMNS, sitting_columns=PLAYER_SITTING_COLUMNS,
                                     deal_columns=DEAL_COLUMNS)
    if problems:
        return [SheetRecord(1, 1, problems=problems)]
    return [_sitting(first, sitting, deals) for first, sitting, deals in sittings]


def _sitting(first: int, sitting: dict[str, str], deals: list[tuple[int, dict[str, str]]]
             ) -> SheetRecord:
    out = SheetRecord(first, deals[-1][0], deal_rows=[r for r, _ in deals])
    p = out.problems
    data: dict[str, Any] = {"format": "euchre-records", "version": "1.0"}
    event = {k: sitting[k] for k in EVENT if sitting[k]}
    if event:
        data["event"] = event
    n = parse_int(first, "seats", sitting["seats"], p)
    if n is None:
        if not sitting["seats"]:
            p.append(Problem(where(first, "seats"), "the number of players is required on a "
                             "sitting's first row: 2, 3 or 5"))
        return out
    if n not in (2, 3, 5):
        p.append(Problem(where(first, "seats"), f"{n} players: this layout takes sittings of 2, 3 "
                         "or 5 (four-handed sheets have the columns north, east, south, west and "
                         "points_ns ...; see the template)"))
        return out
    for i in range(n, MAX_PLAYERS):
        if sitting[PLAYERS[i]]:
            p.append(Problem(where(first, PLAYERS[i]), f"a table of {n} has the seats 0 to {n - 1}"))
    names = [sitting[PLAYERS[i]] for i in range(n)]
    if any(names):
        data["players"] = {str(i): {"name": name} for i, name in enumerate(names) if name}
        for i, name in enumerate(names):
            if not name:
                p.append(Problem(where(first, PLAYERS[i]), f"a player's name is missing (give all "
                                 f"{n} or none)"))
    if not sitting["preset"]:
        p.append(Problem(where(first, "preset"), "the rule set is required on a sitting's first "
                         "row: somerset-1888, hoyle or modern"))
    rules: dict[str, Any] = {"preset": sitting["preset"], "seats": n}
    overrides = parse_overrides(sitting["overrides"], first, p)
    if overrides:
        rules["overrides"] = overrides
    data["rules"] = rules
    data["deals"] = [_deal(row, cells, number, n, p) for number, (row, cells) in enumerate(deals, 1)]
    if not p:
        _check(out, data)
    return out


def _deal(row: int, cells: dict[str, str], number: int, n: int, p: list[Problem]) -> dict[str, Any]:
    if "_extra" in cells:
        p.append(Problem(where(row, "-"), "cells beyond the last named column"))
    written = parse_int(row, "deal", cells["deal"], p)
    if written is not None and written != number:
        p.append(Problem(where(row, "deal"), f"deal {written} out of order: this is deal {number} "
                         "of the sitting (deals are numbered from 1)"))
    if not cells["dealer"]:
        p.append(Problem(where(row, "dealer"), f"the dealer is required (a seat 0 to {n - 1})"))
    alone = cells["alone"].lower()
    if alone not in YES | NO:
        p.append(Problem(where(row, "alone"), f"{cells['alone']!r}: write yes or leave blank"))
    for i in range(n, MAX_PLAYERS):
        for col in (POINTS[i], TOTALS[i]):
            if cells[col]:
                p.append(Problem(where(row, col), f"a table of {n} has the seats 0 to {n - 1}"))
    deal: dict[str, Any] = {"kind": "result", "dealer": cells["dealer"]}
    maker = cells["maker"]
    if maker == "?":
        return _points_deal(row, cells, n, alone, p)
    if not maker:
        for col in ("trump", "alone", "called", "partner", "tricks"):
            if cells[col] and not (col == "alone" and alone in NO):
                p.append(Problem(where(row, col), "only with a maker (a blank maker means the "
                                 "deal was thrown in)"))
        deal["result"] = {"maker": None}
    else:
        result: dict[str, Any] = {"maker": maker, "trump": cells["trump"].upper() or None}
        if alone in YES:
            result["alone"] = True
        if cells["called"]:
            result["called"] = cells["called"].upper()
        if cells["partner"]:
            result["partner"] = None if cells["partner"].lower() == _UNDEALT else cells["partner"]
        tricks = parse_int(row, "tricks", cells["tricks"], p)
        if tricks is None and not cells["tricks"]:
            p.append(Problem(where(row, "tricks"), "the making side's tricks are required (0 to 5)"))
        result["tricks"] = tricks
        deal["result"] = result
    sheet: dict[str, Any] = {}
    for key, cols in (("points", POINTS[:n]), ("total", TOTALS[:n])):
        if any(cells[c] for c in cols):
            values = [parse_int(row, c, cells[c], p) for c in cols]
            for c in cols:
                if not cells[c]:
                    p.append(Problem(where(row, c), f"give every player's figure or none ({n} "
                                     f"columns {cols[0]} to {cols[-1]})"))
            sheet[key] = values
    if sheet:
        deal["scoresheet"] = sheet
    return deal


def _points_deal(row: int, cells: dict[str, str], n: int, alone: str,
                 p: list[Problem]) -> dict[str, Any]:
    """A row whose maker is ``?``: a points-only deal, its points from the points columns
    (required, one per player), its running score from the total columns."""
    for col in ("trump", "alone", "called", "partner", "tricks"):
        if cells[col] and not (col == "alone" and alone in NO):
            p.append(Problem(where(row, col), "not with a maker of '?' (only the points are "
                             "known: a points-only deal)"))
    deal: dict[str, Any] = {"kind": "points", "dealer": cells["dealer"]}
    cols = POINTS[:n]
    for c in cols:
        if not cells[c]:
            p.append(Problem(where(row, c), f"a points-only deal (maker '?') needs every "
                             f"player's points ({n} columns {cols[0]} to {cols[-1]})"))
    deal["points"] = [parse_int(row, c, cells[c], p) for c in cols]
    totals = TOTALS[:n]
    if any(cells[c] for c in totals):
        for c in totals:
            if not cells[c]:
                p.append(Problem(where(row, c), f"give every player's figure or none ({n} "
                                 f"columns {totals[0]} to {totals[-1]})"))
        deal["scoresheet"] = {"total": [parse_int(row, c, cells[c], p) for c in totals]}
    return deal


_PATHS = (("dealer", "dealer"), ("result.maker", "maker"), ("result.trump", "trump"),
          ("result.alone", "alone"), ("result.called", "called"), ("result.partner", "partner"),
          ("result.tricks", "tricks"), ("result", "maker"), ("scoresheet.total", "total_0"),
          ("points", "points_0"),
          ("scoresheet", "points_0"))


def _check(out: SheetRecord, data: dict[str, Any]) -> None:
    """Load and replay the record; locate every error at the sheet's cells."""
    from euchre_records.schema.tables import load_table_record
    from euchre_records.table_replay import replay_table
    try:
        replay_table(load_table_record(data))
    except RecordError as exc:
        out.problems.extend(_cell(out, prob) for prob in exc.problems)
        return
    out.data = data


def _cell(out: SheetRecord, prob: Problem) -> Problem:
    """A notation or replay error at a record path, moved to the cell it comes from."""
    at = prob.where
    m = re.match(r"deals\[(\d+)\]\.?(.*)", at)
    if m and int(m.group(1)) < len(out.deal_rows):
        rest = m.group(2)
        col = next((c for k, c in _PATHS if rest.startswith(k)), "dealer")
        return Problem(where(out.deal_rows[int(m.group(1))], col), prob.what)
    first = out.first_row
    if at.startswith("players."):
        seat = at.split(".")[1]
        col = f"player_{seat}" if seat.isdigit() and int(seat) < MAX_PLAYERS else "player_0"
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

def _losses(record: TableRecord) -> list[Problem]:
    out: list[Problem] = []
    if record.event.notes:
        out.append(Problem("event.notes", "the sheet has no column for notes"))
    if any(record.start_score):
        out.append(Problem("start_score", "the sheet has no column for a score carried in"))
    if any(p.id or p.ids for _, p in record.players):
        out.append(Problem("players", "the sheet keeps names only, not player ids"))
    for i, d in enumerate(record.deals):
        at = f"deals[{i}]"
        if d.kind is DealKind.POINTS:
            if d.recorded is not None and d.recorded.points not in (None, d.points):
                out.append(Problem(f"{at}.scoresheet.points", "the sheet's points columns hold a "
                                   "points-only deal's points, not other figures as well"))
        elif d.kind is not DealKind.RESULT:
            out.append(Problem(at, f"a {d.kind.value} deal: the sheet keeps its result only "
                               "(maker, trump, tricks, the called card and partner), not the cards"))
        if d.irregularities:
            out.append(Problem(f"{at}.irregularities", "the sheet has no column for irregularities"))
        if d.unfinished:
            out.append(Problem(f"{at}.unfinished", "the sheet has no column for an unfinished deal"))
    return out


def write_player_sheet(records: Iterable[TableRecord], *, lossy: bool = False) -> str:
    """CSV text of ``records`` in this layout (see the module contract)."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(PLAYER_COLUMNS)
    for record in records:
        losses = _losses(record)
        if losses and not lossy:
            raise UnsupportedRules(losses)
        writer.writerows(_record_rows(record))
    return buf.getvalue()


def _record_rows(record: TableRecord) -> list[list[str]]:
    from euchre_records.schema.tables import dump_table_record
    from euchre_records.table_replay import replay_table

    table, n = record.table, record.table.seats
    tok = table.token
    ev = record.event
    names = dict(record.players)
    overrides = dump_table_record(record)["rules"].get("overrides", {})
    sitting = [ev.date or "", *(neutral(t or "") for t in (ev.club, ev.event, ev.table, ev.round)),
               str(n), *(neutral(names[i].name) if i in names else "" for i in _SEATS),
               record.rules.name, "; ".join(f"{k}={cell_value(v)}" for k, v in overrides.items())]
    blank = [""] * len(sitting)
    results = None
    rows = []
    for number, deal in enumerate(record.deals, 1):
        if deal.kind is DealKind.POINTS:   # maker '?': the points, the running score
            total = deal.recorded.total if deal.recorded is not None else None
            rows.append((sitting if number == 1 else blank)
                        + [str(number), tok(deal.dealer), "?", "", "", "", "", "",
                           *_padded(list(deal.points or ())), *_padded(list(total or ()))])
            continue
        if deal.kind is DealKind.RESULT and deal.outcome is not None:
            o = deal.outcome
            maker, trump, alone, called, tricks = o.maker, o.trump, o.alone, o.called, o.tricks
            partner = (tok(o.partner) if o.partner is not None else _UNDEALT) if o.partner_stated else ""
        else:   # lossy: the result as the replay found it
            results = results or replay_table(record).deals
            r = results[number - 1]
            maker, trump, called, tricks = r.maker, r.trump, r.called, r.maker_tricks
            alone = r.alone and table.called_partner and r.called is None
            partner = ("" if called is None or not r.partner_known else
                       tok(r.partner) if r.partner is not None else _UNDEALT)
        rec = deal.recorded
        points = list(rec.points) if rec is not None and rec.points is not None else []
        total = list(rec.total) if rec is not None and rec.total is not None else []
        cells = [str(number), tok(deal.dealer), tok(maker) if maker is not None else "",
                 trump.value if maker is not None and trump is not None else "",
                 "yes" if maker is not None and alone else "",
                 called.name if maker is not None and called is not None else "",
                 partner if maker is not None else "", str(tricks) if maker is not None else "",
                 *_padded(points), *_padded(total)]
        rows.append((sitting if number == 1 else blank) + cells)
    return rows


def _padded(values: list[int]) -> list[str]:
    return [str(v) for v in values] + [""] * (MAX_PLAYERS - len(values))
