"""Points-only deals in club spreadsheets (docs/CLI.md, "Scoresheets from spreadsheets"): a maker
of ``?`` reads as a points-only deal and is written back the same, its problems located by cell."""

from __future__ import annotations

from euchre_records.interop.sheets.table import COLUMNS, read_sheet, write_sheet
from euchre_records.match import replay
from euchre_records.model import DealKind, FindingKind
from euchre_records.schema.notation import load_record

HEAD = "date,preset,north,east,south,west,deal,dealer,maker,trump,alone,tricks,points_ns,points_ew,total_ns,total_ew\n"
ROWS = ("2024-01-02,modern,Ann,Bob,Cy,Di,1,N,?,,,,0,2,0,2\n"
        ",,,,,,2,E,S,H,,3,1,0,1,2\n"
        ",,,,,,3,S,?,,,,3,0,4,2\n")


def test_a_question_mark_maker_is_a_points_only_deal() -> None:
    (sitting,) = read_sheet(HEAD + ROWS)
    assert not sitting.problems, sitting.problems
    record = load_record(sitting.data)
    assert [d.kind for d in record.deals] == [DealKind.POINTS, DealKind.RESULT, DealKind.POINTS]
    assert record.deals[0].points == (0, 2) and record.deals[2].points == (3, 0)
    result = replay(record)
    assert result.running[-1] == (1, (4, 2))
    assert [(f.kind, f.deal) for f in result.findings] == [(FindingKind.SCORESHEET, 3)]   # 3 is no deal's score


def test_written_back_the_same() -> None:
    (sitting,) = read_sheet(HEAD + ROWS)
    text = write_sheet([load_record(sitting.data)])
    assert text.splitlines()[0] == ",".join(COLUMNS)
    assert text.splitlines()[1].endswith(",1,N,?,,,,,0,2,0,2")
    (again,) = read_sheet(text)
    assert again.data == sitting.data
    assert write_sheet([load_record(again.data)]) == text


def test_problems_are_located_by_cell() -> None:
    (bad,) = read_sheet(HEAD + "2024-01-02,modern,Ann,Bob,Cy,Di,1,N,?,H,,3,,1,,\n")
    found = {(p.where, p.what) for p in bad.problems}
    assert ("row 2, column trump", "not with a maker of '?' (only the points are known: a points-only deal)") in found
    assert ("row 2, column tricks", "not with a maker of '?' (only the points are known: a points-only deal)") in found
    assert ("row 2, column points_ns", "a points-only deal (maker '?') needs both sides' points") in found
