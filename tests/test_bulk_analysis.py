"""The dataset's analysis tables at every table (layout 4, docs/DATASET.md "analysis"): what
`euchre dataset --analysis` writes for a deal is what `euchre analyse --format json` (the CLI's
own analysis, docs/ANALYSIS.md "The JSON") says of the same deal.

The records: every hand-worked golden of tables of two, three and five (tests/golden/variants,
tests/golden/analysis/tables), the examples of those tables, and the four-handed hand-solved
goldens (tests/golden/analysis), written to Parquet by the command and read back. The sides of
``analysis_scores`` are checked against the layout-3 ``deals.makers`` of the same dataset.
"""

from __future__ import annotations

import importlib
import json
import os
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner


def _need(module: str) -> Any:
    """The module, or a skip locally; under CI (which installs the bulk extra) missing fails."""
    if os.environ.get("CI"):
        return importlib.import_module(module)
    return pytest.importorskip(module, reason=f"{module} is not installed (the bulk extra)")


pq = _need("pyarrow.parquet")

from euchre_records.cli.main import main  # noqa: E402
from page_sql import marked_statements  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "golden"


def _records(folder: Path, seats: set[int]) -> list[Path]:
    """The record files of ``folder`` (not the expected files) at the given table sizes."""
    out = []
    for path in sorted(folder.glob("*.json")):
        doc = json.loads(path.read_text("utf-8"))
        if path.name.endswith(".expected.json") or doc.get("format") != "euchre-records":
            continue
        if doc.get("rules", {}).get("seats", 4) in seats:
            out.append(path)
    return out


def _named(path: Path) -> tuple[str, str]:
    """A copy of a record with a name for each seat (the hand-worked deals name nobody, the
    examples of tables of n have no analysable deal): the page's query joins the players."""
    doc = json.loads(path.read_text("utf-8"))
    seats = doc.get("rules", {}).get("seats", 4)
    tokens = [str(s) for s in range(seats)] if seats != 4 else ["N", "E", "S", "W"]
    doc["players"] = {t: {"name": f"{path.stem} {t}"} for t in tokens}
    return f"named-{path.name}", json.dumps(doc, indent=2)


AT_N = {2, 3, 5}
_FILES = (_records(GOLDEN / "analysis" / "tables", AT_N) + _records(GOLDEN / "variants", AT_N)
          + _records(ROOT / "examples", AT_N) + _records(GOLDEN / "analysis", {4}))
_FIRST: dict[str, Path] = {}
for _path in _FILES:
    _FIRST.setdefault(_path.read_text("utf-8"), _path)
RECORDS = ([(p.name, text) for text, p in _FIRST.items()]
           + [_named(p) for p in _records(GOLDEN / "analysis" / "tables", AT_N)])
"""The records (file name, text) of the dataset under test: each text once (a golden solved by
hand may be another golden's record, e.g. analysis/tables/three-handed-no-trump is variants/28;
the dataset keys rows by the text's hash), the hand-worked file's name kept."""


@pytest.fixture(scope="module")
def analysed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The dataset of :data:`RECORDS` with --analysis, its tables by name."""
    src = tmp_path_factory.mktemp("analysis") / "in"
    src.mkdir()
    for i, (name, text) in enumerate(RECORDS):   # one folder: the source is the copy's name
        (src / f"{i:03d}-{name}").write_text(text, encoding="utf-8")
    out = src.parent / "tables"
    done = CliRunner().invoke(main, ["dataset", str(src), "--out", str(out), "--analysis",
                                     "--no-progress"])
    assert done.exit_code == 0, done.output
    tables: dict[str, Any] = {t: pq.read_table(out / t).to_pylist() for t in (
        "records", "deals", "analysis", "analysis_plays", "analysis_scores")}
    tables["out"] = out
    tables["in"] = src
    return tables


@pytest.fixture(scope="module")
def cli(analysed: dict[str, Any]) -> list[dict[str, Any]]:
    """`euchre analyse --format json` of each of :data:`RECORDS`, in order."""
    out = []
    for i, (name, _) in enumerate(RECORDS):
        done = CliRunner().invoke(main, ["analyse", str(analysed["in"] / f"{i:03d}-{name}"),
                                         "--format", "json"])
        assert done.exit_code == 0, done.output
        out.append(json.loads(done.output))
    return out


def _record(analysed: dict[str, Any], index: int) -> dict[str, Any]:
    """The ``records`` row of ``RECORDS[index]`` (its copy's name says its index)."""
    (record,) = [r for r in analysed["records"]
                 if Path(r["source"]).name == f"{index:03d}-{RECORDS[index][0]}"]
    return dict(record)


def _column(seat: str, tokens: list[str]) -> int:
    """The score column a seat scores in: his side's at four hands (N-S, E-W), else his own."""
    if tokens == ["N", "E", "S", "W"]:
        return 0 if seat in ("N", "S") else 1
    return tokens.index(seat)


def _call(best: dict[str, Any] | None) -> tuple[Any, ...]:
    if best is None:
        return None, None, None
    return best["maker"], best["trump"] + (" alone" if best["alone"] else ""), best["points"]


def test_the_records_cover_every_table_size() -> None:
    sizes = {json.loads(text).get("rules", {}).get("seats", 4) for _, text in RECORDS}
    assert sizes == {2, 3, 4, 5}


@pytest.mark.parametrize("index", range(len(RECORDS)), ids=[name for name, _ in RECORDS])
def test_the_analysis_rows_are_the_clis_analysis(analysed: dict[str, Any],
                                                 cli: list[dict[str, Any]], index: int) -> None:
    record = _record(analysed, index)
    key, seats = record["record_id"], record["seats"]
    doc = cli[index]
    tokens = doc["seats"]
    four = seats == 4

    def column(seat: str) -> int:
        return _column(seat, tokens)

    deals = {d["deal"]: d for d in analysed["deals"] if d["record_id"] == key}
    rows = sorted((r for r in analysed["analysis"] if r["record_id"] == key), key=lambda r: r["deal"])
    assert [r["deal"] for r in rows] == [d["number"] for d in doc["deals"]]
    for row, d in zip(rows, doc["deals"]):
        assert (row["seats"], row["variant"]) == (seats, record["variant"])
        for name in ("known", "reason", "trump", "maker", "alone", "tricks", "taken", "calls_reason"):
            assert row[name] == d[name], (name, d["number"])
        plays = d["plays"]
        assert (row["plays"], row["costly"], row["tricks_lost"]) == (
            (len(plays), sum(1 for p in plays if p["cost"]), sum(p["cost"] for p in plays))
            if d["known"] else (None, None, None))
        best = {column(b["maker"]): b for b in d["best_calls"]}
        if four:
            assert [row["points_ns"], row["points_ew"]] == (d["points"] or [None, None])
            assert [row["scored_ns"], row["scored_ew"]] == (d["scored"] or [None, None])
            assert (row["best_ns_maker"], row["best_ns_call"], row["best_ns_points"]) == _call(best.get(0))
            assert (row["best_ew_maker"], row["best_ew_call"], row["best_ew_points"]) == _call(best.get(1))
        else:   # the four-handed pairs are null at a table of n
            assert all(row[n] is None for n in row if n.endswith(("_ns", "_ew"))
                       or n.startswith(("best_ns", "best_ew"))), row
        made = deals[d["number"]]["makers"] if d["maker"] is not None else None
        assert row["makers"] == made
        scores = {r["seat"]: r for r in analysed["analysis_scores"]
                  if r["record_id"] == key and r["deal"] == d["number"]}
        if d["maker"] is None:
            assert not scores and row["points_makers"] is None and row["points_defenders"] is None
            continue
        assert made is not None and d["maker"] in made
        mine = {column(s) for s in made}
        points = d["points"]
        assert row["points_makers"] == (None if points is None else points[column(d["maker"])])
        other = [c for c in range(len(points or ())) if c not in mine]
        assert row["points_defenders"] == (points[other[0]] if points and other else None)
        assert sorted(scores) == sorted(tokens)
        for seat, s in scores.items():
            c = column(seat)
            assert s["side"] == ("makers" if c in mine else "defenders")
            assert s["partnership"] == (("NS" if c == 0 else "EW") if four else None)
            assert s["points"] == (None if points is None else points[c])
            assert s["scored"] == d["scored"][c]
            assert (s["best_maker"], s["best_call"], s["best_points"]) == _call(best.get(c))
            assert (s["seats"], s["variant"]) == (seats, record["variant"])
        cards = sorted((r for r in analysed["analysis_plays"]
                        if r["record_id"] == key and r["deal"] == d["number"]),
                       key=lambda r: (r["trick"], r["position"]))
        assert [[r["trick"], r["seat"], r["card"], r["before"], r["after"], r["cost"], r["revoke"],
                 (r["best"] or "").split()] for r in cards] == [
            [p["trick"], p["seat"], p["card"], p["before"], p["after"], p["cost"], p["revoke"],
             p["best"]] for p in plays]
        positions = [r["position"] for r in cards]
        assert positions == [1 + sum(1 for q in cards[:i] if q["trick"] == r["trick"])
                             for i, r in enumerate(cards)]


def test_every_table_has_analysed_deals(analysed: dict[str, Any]) -> None:
    """No table size is refused: each has deals whose value is known, and their cards' costs."""
    known = {r["variant"] for r in analysed["analysis"] if r["known"]}
    plays = {r["variant"] for r in analysed["analysis_plays"]}
    assert known == plays == {"two-handed", "cut-throat", "four-handed", "call-your-partner"}


def test_the_pages_analysis_queries_give_the_clis_figures(analysed: dict[str, Any],
                                                          cli: list[dict[str, Any]]) -> None:
    """The page's queries across variants, on the dataset of :data:`RECORDS`: each figure, per
    variant, is the same sum made from `euchre analyse --format json` of the records (the
    sides from the layout-3 ``deals.makers``, the names from the JSON's players)."""
    duckdb = _need("duckdb")
    statements = marked_statements(ROOT / "docs" / "DATASET.md", "analysis-variants-sql")
    assert len(statements) == 3
    cwd = os.getcwd()
    os.chdir(analysed["out"].parent)
    try:
        got = [duckdb.sql(sql).fetchall() for sql in statements.values()]
    finally:
        os.chdir(cwd)
    tricks: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])
    points: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    lost: dict[tuple[str, str | None], list[int]] = defaultdict(lambda: [0, 0])
    for index, doc in enumerate(cli):
        record = _record(analysed, index)
        variant, tokens = record["variant"], doc["seats"]
        makers = {d["deal"]: d["makers"] for d in analysed["deals"]
                  if d["record_id"] == record["record_id"]}
        names = {p["seat"]: p["name"] for p in doc["players"]}
        for d in doc["deals"]:
            if d["known"]:
                tricks[variant][0] += 1
                tricks[variant][1] += d["taken"]
                tricks[variant][2] += d["tricks"]
            if d["points"] is not None:
                mine = {_column(s, tokens) for s in makers[d["number"]]}
                for seat in tokens:
                    c = _column(seat, tokens)
                    side = points[variant, "makers" if c in mine else "defenders"]
                    side[0] += d["points"][c]
                    side[1] += d["scored"][c]
            for p in d["plays"]:
                if names.get(p["seat"]) is not None:   # the page joins the named players
                    lost[variant, names[p["seat"]]][0] += 1
                    lost[variant, names[p["seat"]]][1] += p["cost"]
    assert got[0] == sorted((v, *t) for v, t in tricks.items())
    assert got[1] == sorted((*k, *v) for k, v in points.items())
    assert [r for r in got[2] if r[1] is not None] == sorted((*k, *v) for k, v in lost.items())
    assert {r[0] for r in got[0]} == {"two-handed", "cut-throat", "four-handed",
                                      "call-your-partner"}
    assert {r[0] for r in got[2]} >= {"two-handed", "cut-throat", "call-your-partner"}


@pytest.mark.parametrize("index", [i for i, (name, _) in enumerate(RECORDS)
                                   if (GOLDEN / "analysis" / "tables" / name).exists()],
                         ids=lambda i: RECORDS[i][0])
def test_the_hand_worked_deals_of_every_table(analysed: dict[str, Any], index: int) -> None:
    """The deal solved by hand at each of 2, 3 and 5 (tests/golden/analysis/tables, see each
    expected file's "why"), as the dataset holds it: the makers' tricks with best play and as
    taken, each seat's points with best play, every card's value before and after and its cost."""
    name = RECORDS[index][0]
    expected = json.loads((GOLDEN / "analysis" / "tables" / name.replace(".json", ".expected.json"))
                          .read_text("utf-8"))
    key = _record(analysed, index)["record_id"]
    (row,) = [r for r in analysed["analysis"] if r["record_id"] == key and r["deal"] == 1]
    assert row["known"] and (row["tricks"], row["taken"]) == (expected["tricks"], expected["taken"])
    scores = sorted((r for r in analysed["analysis_scores"] if r["record_id"] == key
                     and r["deal"] == 1), key=lambda r: int(r["seat"]))
    assert [r["points"] for r in scores] == expected["points"]
    cards = sorted((r for r in analysed["analysis_plays"] if r["record_id"] == key
                    and r["deal"] == 1), key=lambda r: (r["trick"], r["position"]))
    assert [[r["seat"], r["card"], r["before"], r["after"], r["cost"]] for r in cards] == \
        expected["plays"]
