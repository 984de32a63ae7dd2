"""Spreadsheet scoresheets of two, three and five players (interop/sheets/players.py): one
points and one running-score column per player, the header naming each player's columns.

- a sheet written by hand (tests/golden/sheets/tuesday.csv) reads to the records of its expected
  file, with the findings the sheet check gives them, and the records write back to the same text;
- the round trip record -> sheet -> record is exact (the same canonical text) for drawn records,
  in CSV and in xlsx, and writing again gives the same text; four-handed sheets keep their layout;
- bad cells are refused at their row and column, never with an exception;
- the command line, through the installed ``euchre`` entry point, validates, replays and
  exports such sheets.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from table_sheet_support import result_records, with_sheet

from euchre_records.errors import UnsupportedRules
from euchre_records.interop.sheets.table import read_rows, read_sheet, sheet_xlsx, write_sheet, xlsx_rows
from euchre_records.schema.notation import load_record
from euchre_records.schema.tables import dumps_table, load_table_record
from euchre_records.table_replay import replay_table

FOLDER = Path(__file__).parent / "golden" / "sheets"
ROOT = Path(__file__).resolve().parents[1]
HEADER = ("date,club,event,table,round,seats,player_0,player_1,player_2,player_3,player_4,preset,"
          "overrides,deal,dealer,maker,trump,alone,called,partner,tricks,points_0,points_1,points_2,"
          "points_3,points_4,total_0,total_1,total_2,total_3,total_4")


def test_the_hand_written_sheet_reads_to_its_records_and_writes_back() -> None:
    text = (FOLDER / "tuesday.csv").read_text(encoding="utf-8")
    want = json.loads((FOLDER / "tuesday.expected.json").read_text(encoding="utf-8"))
    sittings = read_sheet(text)
    assert [(s.first_row, s.last_row) for s in sittings] == [tuple(w["rows"]) for w in want["sittings"]]
    records = []
    for got, expected in zip(sittings, want["sittings"]):
        assert got.problems == [] and got.data is not None
        record = load_table_record(got.data)
        assert dumps_table(record) == dumps_table(load_table_record(expected["record"]))
        assert len(replay_table(record).findings) == expected["findings"]
        records.append(record)
    assert text.splitlines()[0] == HEADER
    assert write_sheet(records) == text


def _round_trip(record_data: dict[str, Any]) -> None:
    record = load_table_record(record_data)
    text = write_sheet([record])
    sittings = read_sheet(text)
    assert len(sittings) == 1 and sittings[0].problems == [], sittings[0].problems
    assert sittings[0].data is not None
    back = load_table_record(sittings[0].data)
    assert dumps_table(back) == dumps_table(record)
    assert write_sheet([back]) == text


@settings(max_examples=150, deadline=None)
@given(result_records(), st.sampled_from(["all", "points", "total", "none"]))
def test_record_to_sheet_to_record_is_exact(data: dict[str, Any], figures: str) -> None:
    """With the scorer's figures on every deal, only points, only running scores, or none."""
    sheet = with_sheet(data)
    if figures != "all":
        for deal in sheet["deals"]:
            kept = {k: v for k, v in deal.pop("scoresheet").items() if k == figures}
            if kept:
                deal["scoresheet"] = kept
    _round_trip(sheet)


@settings(max_examples=60, deadline=None)
@given(st.lists(result_records(), min_size=2, max_size=3))
def test_several_sittings_of_any_size_share_one_sheet(datas: list[dict[str, Any]]) -> None:
    records = [load_table_record(with_sheet(d)) for d in datas]
    text = write_sheet(records)
    sittings = read_sheet(text)
    assert [dumps_table(load_table_record(s.data)) for s in sittings if s.data] == [
        dumps_table(r) for r in records]


@settings(max_examples=15, deadline=None)
@given(result_records())
def test_the_xlsx_sheet_reads_back_the_same(data: dict[str, Any]) -> None:
    pytest.importorskip("openpyxl")
    import tempfile
    record = load_table_record(with_sheet(data))
    text = write_sheet([record])
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "s.xlsx")
        Path(path).write_bytes(sheet_xlsx(text))
        sittings = read_rows(xlsx_rows(path))
    assert sittings[0].problems == [] and sittings[0].data is not None
    assert dumps_table(load_table_record(sittings[0].data)) == dumps_table(record)


def test_four_handed_and_other_sittings_are_not_mixed_in_one_sheet() -> None:
    four = load_record(json.loads((ROOT / "examples" / "club-scoresheet.json").read_text(encoding="utf-8")))
    three = load_table_record(json.loads((FOLDER / "cutthroat-game.json").read_text(encoding="utf-8")))
    with pytest.raises(UnsupportedRules) as caught:
        write_sheet([four, three])
    assert "not both" in str(caught.value)
    assert write_sheet([four], lossy=True).startswith("date,club,event,table,round,north,")


def test_what_the_sheet_cannot_hold_is_refused_by_name() -> None:
    data = json.loads((ROOT / "tests" / "golden" / "variants" / "02-cutthroat-euchre.json").read_text(encoding="utf-8"))
    record = load_table_record(data)
    with pytest.raises(UnsupportedRules) as caught:
        write_sheet([record])
    assert "deals[0]: a full deal: the sheet keeps its result only" in str(caught.value)
    lossy = write_sheet([record], lossy=True)     # the result as the replay found it
    back = load_table_record(read_sheet(lossy)[0].data or {})
    assert replay_table(back).deals[0].points == replay_table(record).deals[0].points


def _rows(*deal_rows: str, sitting: str = ",,,,,3,Ann,Bob,Cy,,,modern,") -> str:
    first, *rest = deal_rows
    return "\n".join([HEADER, f"{sitting},{first}", *(f",,,,,,,,,,,,,{r}" for r in rest)]) + "\n"


OK = "1,0,1,H,,,,3,0,1,0,,,0,1,0,,"


@pytest.mark.parametrize(("text", "where", "says"), [
    (_rows(OK, sitting=",,,,,,Ann,Bob,Cy,,,modern,"), "row 2, column seats", "number of players is required"),
    (_rows(OK, sitting=",,,,,4,Ann,Bob,Cy,,,modern,"), "row 2, column seats", "2, 3 or 5"),
    (_rows(OK, sitting=",,,,,6,Ann,Bob,Cy,,,modern,"), "row 2, column seats", "2, 3 or 5"),
    (_rows(OK, sitting=",,,,,3,Ann,Bob,Cy,Di,,modern,"), "row 2, column player_3", "seats 0 to 2"),
    (_rows(OK, sitting=",,,,,3,Ann,,Cy,,,modern,"), "row 2, column player_1", "name is missing"),
    (_rows("1,0,1,H,,,,3,0,1,0,7,,0,1,0,,"), "row 2, column points_3", "seats 0 to 2"),
    (_rows("1,0,1,H,,,,3,0,1,,,,0,1,0,,"), "row 2, column points_2", "every player's figure"),
    (_rows("1,0,?,H,,,,,0,1,0,,,,,,,"), "row 2, column trump", "not with a maker of '?'"),
    (_rows("1,0,?,,,,,,0,1,,,,,,,,"), "row 2, column points_2", "needs every player's points"),
    (_rows("1,0,?,,,,,,0,1,0,,,0,1,,,"), "row 2, column total_2", "every player's figure"),
    (_rows("1,0,7,H,,,,3,,,,,,,,,,"), "row 2, column maker", ""),
    (_rows("1,0,1,H,,,,9,,,,,,,,,,"), "row 2, column tricks", ""),
    (_rows("1,0,1,H,,AC,,3,,,,,,,,,,"), "row 2, column called", ""),
    (_rows(OK, "3,1,2,S,,,,5,,,,,,,,,,"), "row 3, column deal", "out of order"),
    (_rows("1,0,1,D,,AD,2,3,,,,,,,,,,", sitting=",,,,,5,,,,,,modern,pack=28"), "row 2, column called", "trump"),
    (_rows("1,0,1,H,,AC,9,3,,,,,,,,,,", sitting=",,,,,5,,,,,,modern,pack=28"), "row 2, column partner", ""),
    (_rows(OK, sitting=",,,,,3,Ann,Bob,Cy,,,modern,cutthroat_euchre=lots"), "row 2, column overrides", "cutthroat_euchre"),
    (_rows("1,0,1,H,yes,,,3,,,,,,,,,,", sitting=",,,,,5,Ann,Bob,Cy,Di,Ed,modern,"), "row 2, column seats",
     "too small"),
])
def test_bad_cells_are_refused_at_their_place(text: str, where: str, says: str) -> None:
    sittings = read_sheet(text)
    problems = [str(p) for s in sittings for p in s.problems]
    assert any(p.startswith(where) and says in p for p in problems), problems
    assert all(s.data is None for s in sittings if s.problems)


def test_an_unknown_column_is_named() -> None:
    text = HEADER + ",points_5\n"
    problems = [str(p) for p in read_sheet(text)[0].problems]
    assert problems and problems[0].startswith("row 1, column points_5: unknown column")


# --- the command line, through its entry point -------------------------------------------------

def _euchre(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("euchre", path=os.path.dirname(sys.executable))
    if exe is None:
        pytest.skip("the euchre entry point is not installed next to this Python")
    return subprocess.run([exe, *args], capture_output=True, text=True, timeout=120, cwd=cwd)


def test_cli_validates_replays_and_exports_a_per_player_sheet(tmp_path: Path) -> None:
    sheet = tmp_path / "tuesday.csv"
    shutil.copy(FOLDER / "tuesday.csv", sheet)
    out = _euchre("validate", "tuesday.csv", cwd=tmp_path)
    assert out.returncode == 3, out.stderr
    assert out.stdout == "tuesday.csv:rows 7-10: ok (4 deals, 1 games)\n"
    lines = out.stderr.splitlines()
    assert len(lines) == 9 and all(line.startswith("tuesday.csv:rows 2-6: finding: deal ") for line in lines)
    assert ("tuesday.csv:rows 2-6: finding: deal 3, seat 0 (Ann): the scoresheet gives 2 for the deal, "
            "the replay computes 0 — a wrong column: seat 2 (Cy)'s 2 written in seat 0 (Ann)'s column, "
            "the points given to the wrong player (Modern §6)") in lines
    again = _euchre("export", "tuesday.csv", "--to", "csv", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert again.stdout == sheet.read_text(encoding="utf-8")
    shown = _euchre("replay", "tuesday.csv", cwd=tmp_path)
    assert shown.returncode == 3
    assert "players: 0 Ann, 1 Bob, 2 Cy, 3 Di, 4 Ed" in shown.stdout.splitlines()
    assert "game 1 (deals 1-4): Ann 0, Bob 2, Cy 5, Di 2, Ed 5; not finished" in shown.stdout.splitlines()


def test_cli_replays_a_record_as_json_and_exports_it_as_a_sheet(tmp_path: Path) -> None:
    out = _euchre("replay", str(FOLDER / "cutthroat-game.json"), "--format", "json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    assert [g["score"] for g in result["games"]] == [[0, 3, 5], [0, 1, 0]]
    sheet = _euchre("export", str(FOLDER / "cutthroat-game.json"), "--to", "csv", cwd=tmp_path)
    assert sheet.returncode == 0, sheet.stderr
    assert sheet.stdout.splitlines()[1] == (
        "2026-12-01,Riverside Euchre Club,,,,3,Ann,Bob,Cy,,,modern,game_points=5,1,0,1,H,,,,3,"
        "0,1,0,,,0,1,0,,")


def _doc_block(marker: str) -> str:
    text = (ROOT / "docs" / "CLI.md").read_text(encoding="utf-8")
    start = text.index(f"<!-- {marker} -->\n```\n") + len(f"<!-- {marker} -->\n```\n")
    return text[start:text.index("```", start)]


def test_the_documented_sheet_validates_as_documented(tmp_path: Path) -> None:
    """docs/CLI.md's per-player sheet, validated: the ok line on stdout and the findings on
    stderr, exactly as the doc prints them, exit 3."""
    (tmp_path / "tuesday.csv").write_text(_doc_block("per-player-sheet"), encoding="utf-8")
    out = _euchre("validate", "tuesday.csv", cwd=tmp_path)
    said = _doc_block("per-player-sheet-validate").splitlines()
    assert out.returncode == 3
    assert out.stdout.splitlines() == [line for line in said if ": ok (" in line]
    assert out.stderr.splitlines() == [line for line in said if ": ok (" not in line]
    again = _euchre("export", "tuesday.csv", "--to", "csv", cwd=tmp_path)
    assert again.stdout == _doc_block("per-player-sheet")


def test_a_semicolon_separated_sheet_reads_as_the_comma_one() -> None:
    text = (FOLDER / "tuesday.csv").read_text(encoding="utf-8")
    semi = text.replace(",", ";")
    assert [s.data for s in read_sheet(semi)] == [s.data for s in read_sheet(text)]


def test_a_per_player_sheet_goes_into_a_store_and_comes_out_the_same(tmp_path: Path) -> None:
    """euchre import stores both sittings (one with findings, exit 3); euchre export --db
    writes them back in the per-player layout, the same text as the sheet imported."""
    shutil.copy(FOLDER / "tuesday.csv", tmp_path / "tuesday.csv")
    stored = _euchre("import", "tuesday.csv", "--db", "t.db", cwd=tmp_path)
    assert stored.returncode == 3, stored.stderr
    assert "stored 2 (9 deals), duplicates 0, invalid 0, with findings 1" in stored.stderr
    out = _euchre("export", "--db", "t.db", "--to", "csv", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert out.stdout == (FOLDER / "tuesday.csv").read_text(encoding="utf-8")


def test_a_points_only_row_is_a_points_only_deal_and_writes_back() -> None:
    """A maker of ``?`` (docs/CLI.md): the deal's points are the points columns, its running
    score the total columns; the sheet written from the record is the sheet read (oracle: the
    figures typed into the rows, and the cut-throat values of VARIANTS.md for the finding)."""
    text = _rows("1,0,?,,,,,,0,3,0,,,0,3,0,,", "2,1,?,,,,,,0,3,3,,,0,6,3,,")
    (sitting,) = read_sheet(text)
    assert not sitting.problems
    record = load_table_record(sitting.data or {})
    assert [(d.kind.value, d.points) for d in record.deals] == [("points", (0, 3, 0)),
                                                                ("points", (0, 3, 3))]
    replay = replay_table(record)
    assert replay.running == ((0, 3, 0), (0, 6, 3))
    # 3 to each of two players: no cut-throat deal gives it (a march is 3 to the maker alone)
    assert [f.kind.value for f in replay.deals[1].findings] == ["scoresheet"]
    assert write_sheet([record]) == text
