"""Scoresheets from spreadsheets: the CSV layout read into records, located errors, written back.

The template's figures were worked by hand under the modern rules (Modern §6: 1 for three or
four tricks, 2 for a march, 4 for a lone march, 2 to the defenders for a euchre), so the engine
agreeing with them (no finding) is a check, not a tautology.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from euchre_records.cli.main import main
from euchre_records.match import replay
from euchre_records.schema.notation import load_record, loads
from euchre_records.interop.sheets.table import COLUMNS, read_sheet, write_sheet

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
TEMPLATE = EXAMPLES / "sheet-template.csv"
HEADER = ",".join(COLUMNS)


def _need_openpyxl():
    """openpyxl, or a skip locally; under CI (which installs the test extra) missing fails."""
    if os.environ.get("CI"):
        import openpyxl
        return openpyxl
    return pytest.importorskip("openpyxl", reason="openpyxl (the xlsx extra) is not installed")


def _records(text: str):
    sittings = read_sheet(text)
    assert all(not s.problems for s in sittings), [s.problems for s in sittings]
    return [load_record(s.data) for s in sittings]


def test_template_reads_into_two_sittings_worked_by_hand():
    first, second = _records(TEMPLATE.read_text(encoding="utf-8"))
    assert first.event.table == "4" and first.event.round == "1"
    assert [p.name for _, p in first.players] == ["Ann", "Bob", "Cy", "Di"]
    assert dict(first.rules.overrides) == {"game_points": 5}
    r1 = replay(first)
    assert [d.points for d in r1.deals] == [(0, 1), (4, 0), (2, 0)]  # make, lone march, euchre
    assert r1.games[0].winner.value == "NS" and not r1.findings
    r2 = replay(second)
    assert second.deals[1].outcome.maker is None  # a blank maker: thrown in
    assert [d.points for d in r2.deals] == [(1, 0), (0, 0), (0, 2), (0, 2)]
    assert not r2.findings


def test_round_trip_is_exact():
    text = TEMPLATE.read_text(encoding="utf-8")
    assert write_sheet(_records(text)) == text


def test_records_to_sheet_and_back_keep_their_hashes():
    from euchre_records.schema.notation import dumps
    record = loads((EXAMPLES / "modern-lone-march.json").read_text(encoding="utf-8"))
    with pytest.raises(Exception) as refused:
        write_sheet([record])
    assert "full deal" in str(refused.value)
    club = loads((EXAMPLES / "club-scoresheet.json").read_text(encoding="utf-8"))
    text = write_sheet([club], lossy=True)  # notes and annotations left out
    again = _records(text)[0]
    assert write_sheet([again]) == text
    assert dumps(_records(write_sheet([again]))[0]) == dumps(again)


def _sheet(*rows: str) -> str:
    return HEADER + "\n" + "\n".join(rows) + "\n"


FIRST = "2026-01-02,Club,,1,1,A,B,C,D,modern,"


def test_every_problem_named_by_row_and_column():
    text = _sheet(FIRST + ",1,N,E,H,,,3,0,1,0,1",
                  ",,,,,,,,,,,2,E,S,X,,,9,,,,",
                  ",,,,,,,,,,,3,Q,W,D,maybe,,two,1,,,")
    (sitting,) = read_sheet(text)
    got = {p.where: p.what for p in sitting.problems}
    assert "row 4, column tricks" in got and "not a whole number" in got["row 4, column tricks"]
    assert "row 4, column alone" in got
    assert "row 4, column points_ew" in got  # one side's figure without the other
    assert sitting.data is None
    # cell-level problems fixed: the notation's own errors come back to their cells
    (sitting,) = read_sheet(_sheet(FIRST + ",1,N,E,H,,,3,,,,", ",,,,,,,,,,,2,E,S,X,,,9,,,,"))
    got = {p.where: p.what for p in sitting.problems}
    assert set(got) == {"row 3, column trump", "row 3, column tricks"}
    assert "0 to 5" in got["row 3, column tricks"]


def test_header_and_sitting_problems():
    (bad,) = read_sheet("dealer,maker,colour\nN,E,red\n")
    assert {p.where for p in bad.problems} == {"row 1, column colour", "row 1"}  # + tricks missing
    (nopreset,) = read_sheet(_sheet("2026-01-02,Club,,1,1,A,B,C,D,,,1,N,E,H,,,3,,,,"))
    assert [p.where for p in nopreset.problems] == ["row 2, column preset"]
    (unknown,) = read_sheet(_sheet("2026-01-02,Club,,1,1,A,B,C,D,modern,colour=red,1,N,E,H,,,3,,,,"))
    assert unknown.problems[0].where == "row 2, column overrides"
    # a value nested past the parser's reach is text, not a RecursionError (issue 22): 1,500
    # levels, past Python's recursion limit and inside the sheet guard's cell length
    (deep,) = read_sheet(_sheet("2026-01-02,Club,,1,1,A,B,C,D,modern,colour=" + "[" * 1_500
                                + ",1,N,E,H,,,3,,,,"))
    assert deep.problems[0].where == "row 2, column overrides"
    # longer still, the guard refuses the cell before anything parses it, naming it
    (long,) = read_sheet(_sheet("2026-01-02,Club,,1,1,A,B,C,D,modern,colour=" + "[" * 100_000
                                + ",1,N,E,H,,,3,,,,"))
    assert "row 2, column 11: a cell of 100,007 characters" in long.problems[0].what
    (order,) = read_sheet(_sheet(FIRST + ",1,N,E,H,,,3,,,,", ",,,,,,,,,,,3,E,S,S,,,3,,,,"))
    assert order.problems[0].where == "row 3, column deal"


def test_sittings_split_on_new_sitting_cells_or_deal_one():
    row = ",1,N,E,H,,,3,,,,"
    text = _sheet(FIRST + row, FIRST + ",2,E,S,S,,,3,,,,",  # repeated cells continue it
                  FIRST + row,                                 # deal 1 starts another
                  "2026-01-02,Club,,2,1,A,B,C,D,modern," + row)  # another table
    sittings = read_sheet(text)
    assert [(s.first_row, s.last_row) for s in sittings] == [(2, 3), (4, 4), (5, 5)]


def test_import_validate_and_export_through_the_cli(tmp_path):
    runner = CliRunner()
    db = str(tmp_path / "club.db")
    result = runner.invoke(main, ["import", str(TEMPLATE), "--db", db])
    assert result.exit_code == 0, result.output
    assert "stored 2 (7 deals)" in result.stderr
    out = runner.invoke(main, ["export", "--db", db, "--to", "csv"])
    assert out.exit_code == 0 and out.stdout == TEMPLATE.read_text(encoding="utf-8")
    bad = tmp_path / "bad.csv"
    bad.write_text(_sheet(FIRST + ",1,N,E,H,,,7,,,,"), encoding="utf-8")
    result = runner.invoke(main, ["import", str(bad), "--db", db])
    assert result.exit_code == 1
    assert f"{bad}:rows 2-2: invalid: row 2, column tricks: " in result.stderr
    result = runner.invoke(main, ["validate", str(bad), "--format", "json"])
    verdict = json.loads(result.stdout)[0]
    assert result.exit_code == 1 and verdict["errors"][0]["what"].startswith("row 2, column tricks")


def test_sheet_disagreement_is_a_finding_exit_3(tmp_path):
    wrong = tmp_path / "wrong.csv"  # a lone march written as 2 (Modern §6 gives 4)
    wrong.write_text(_sheet(FIRST + ",1,N,E,H,yes,,5,0,2,0,2"), encoding="utf-8")
    result = CliRunner().invoke(main, ["import", str(wrong), "--db", str(tmp_path / "x.db")])
    assert result.exit_code == 3, result.output
    assert "finding: deal 1: the scoresheet gives 0-2" in result.stderr
    assert "with findings 1" in result.stderr


def test_xlsx_reads_like_csv(tmp_path):
    openpyxl = _need_openpyxl()
    book = openpyxl.Workbook()
    sheet = book.active
    import csv
    for row in csv.reader(TEMPLATE.read_text(encoding="utf-8").splitlines()):
        sheet.append([int(c) if c.isdigit() and len(c) < 3 else c for c in row])
    path = tmp_path / "sheet.xlsx"
    book.save(path)
    result = CliRunner().invoke(main, ["validate", str(path), "--format", "jsonl"])
    assert result.exit_code == 0, result.output
    lines = [json.loads(x) for x in result.stdout.splitlines()]
    assert [(v["source"], v["status"], v["deals"]) for v in lines] == [
        (f"{path}:rows 2-4", "ok", 3), (f"{path}:rows 5-8", "ok", 4)]
    broken = tmp_path / "broken.xlsx"
    broken.write_bytes(b"not a zip")
    result = CliRunner().invoke(main, ["validate", str(broken)])
    assert result.exit_code == 1 and "not an .xlsx workbook" in result.stderr


def test_export_to_xlsx_reads_back_the_same(tmp_path):
    _need_openpyxl()
    result = CliRunner().invoke(main, ["export", str(TEMPLATE), "--to", "xlsx"])
    assert result.exit_code == 0, result.stderr
    book = tmp_path / "sheet.xlsx"
    book.write_bytes(result.stdout_bytes)
    again = CliRunner().invoke(main, ["export", str(book), "--to", "csv"])
    assert again.exit_code == 0 and again.stdout == TEMPLATE.read_text(encoding="utf-8")
