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


AT_N = {2, 3, 5}
RECORDS = (_records(GOLDEN / "variants", AT_N) + _records(GOLDEN / "analysis" / "tables", AT_N)
           + _records(ROOT / "examples", AT_N) + _records(GOLDEN / "analysis", {4}))


@pytest.fixture(scope="module")
def analysed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The dataset of :data:`RECORDS` with --analysis, its tables by name."""
    src = tmp_path_factory.mktemp("analysis") / "in"
    src.mkdir()
    for i, path in enumerate(RECORDS):   # one folder: the source is the copy's name
        (src / f"{i:03d}-{path.name}").write_bytes(path.read_bytes())
    out = src.parent / "tables"
    done = CliRunner().invoke(main, ["dataset", str(src), "--out", str(out), "--analysis",
                                     "--no-progress"])
    assert done.exit_code == 0, done.output
    return {t: pq.read_table(out / t).to_pylist()
            for t in ("records", "deals", "analysis", "analysis_plays", "analysis_scores")}


def _cli(path: Path) -> dict[str, Any]:
    done = CliRunner().invoke(main, ["analyse", str(path), "--format", "json"])
    assert done.exit_code == 0, done.output
    doc: dict[str, Any] = json.loads(done.output)
    return doc


def _call(best: dict[str, Any] | None) -> tuple[Any, ...]:
    if best is None:
        return None, None, None
    return best["maker"], best["trump"] + (" alone" if best["alone"] else ""), best["points"]


def test_the_records_cover_every_table_size() -> None:
    sizes = {json.loads(p.read_text("utf-8")).get("rules", {}).get("seats", 4) for p in RECORDS}
    assert sizes == {2, 3, 4, 5}


@pytest.mark.parametrize("index", range(len(RECORDS)),
                         ids=[f"{p.parent.name}/{p.stem}" for p in RECORDS])
def test_the_analysis_rows_are_the_clis_analysis(analysed: dict[str, Any], index: int) -> None:
    path = RECORDS[index]
    (record,) = [r for r in analysed["records"]
                 if Path(r["source"]).name == f"{index:03d}-{path.name}"]
    key, seats = record["record_id"], record["seats"]
    doc = _cli(path)
    tokens = doc["seats"]
    four = seats == 4

    def column(seat: str) -> int:   # the score column a seat scores in: its side, or his own
        if four:
            return 0 if seat in ("N", "S") else 1
        return int(tokens.index(seat))

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
