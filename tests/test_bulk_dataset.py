"""euchre dataset: Parquet tables from record archives, on Dask, at every table size (layout 3
added the tables of two, three and five, docs/DATASET.md).

Oracles, none of them the bulk path:
- the SQLite store built from the same texts (its rows are written by the store, not by the bulk
  path), hand-worked plays from the examples, str.splitlines for the shard reader, and byte
  comparison between schedulers (one process against a real Dask LocalCluster, for four-handed
  archives and for a mixed archive of every table);
- the hand-worked goldens of tests/golden/variants (their ``.expected.json`` files, worked from
  VARIANTS.md and the rule books), read back from the Parquet tables of a mixed archive, and a
  few rows written out by hand below from the goldens' reasoning;
- the independent reference tests/reference_euchre.py (it imports nothing from the engine) for
  the per-seat points, makers, trick winners and revokes of random deals;
- the package as it was at the commit layout 3 started from (benchmarks/base_checkout.py),
  for four-handed rows that must keep every value in the same columns.
"""

from __future__ import annotations

import importlib
import json
import os
import random
import re
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import example, given, settings, strategies as st


def _need(module: str):
    """The module, or a skip locally; under CI (which installs the bulk extra) missing fails."""
    if os.environ.get("CI"):
        return importlib.import_module(module)
    return pytest.importorskip(module, reason=f"{module} is not installed (the bulk extra)")


_need("dask.bag")
pq = _need("pyarrow.parquet")
duckdb = _need("duckdb")

import reference_euchre as ref  # noqa: E402
from golden_cases import cases  # noqa: E402
from page_sql import marked_statements  # noqa: E402

from euchre_records.api.store.importer import ImportReport, import_sources  # noqa: E402
from euchre_records.api.store.migrations import migrate, open_db  # noqa: E402
from euchre_records.testkit.samples import random_texts, write_many_deals  # noqa: E402
from euchre_records.bulk.run import build_dataset  # noqa: E402
from euchre_records.bulk.shards import Shard, plan_shards, read_shard  # noqa: E402
from euchre_records.bulk.tables import COLUMNS, TABLES, tables_of  # noqa: E402
from euchre_records.cli.main import main  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"


def _jsonl(path: Path, texts: list[str], extra: list[str] = ()) -> Path:
    with path.open("w", encoding="utf-8") as f:
        for t in texts:
            f.write(json.dumps(json.loads(t), ensure_ascii=False) + "\n")
        for line in extra:
            f.write(line + "\n")
    return path


def _table(out: Path, name: str) -> list[dict]:
    return pq.read_table(out / name).to_pylist()


def _files(out: Path) -> dict[str, bytes]:
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def texts() -> list[str]:
    return list(random_texts(12, start_seed=500))


def test_tables_hold_the_store_rows(tmp_path, texts):
    """Every deal, game, finding and seat row the store writes is in the dataset, same values."""
    src = _jsonl(tmp_path / "a.jsonl", texts)
    report = build_dataset([str(src)], str(tmp_path / "out"), shard_bytes=20_000)
    assert report.shards > 1 and report.records == len(texts) and report.invalid == 0
    db = open_db(tmp_path / "s.db")
    migrate(db)
    import_sources(db, ((str(i), t) for i, t in enumerate(texts)), ImportReport())
    sql_deals = sorted(db.execute(
        "SELECT r.hash, d.number, d.kind, d.dealer, d.turned, d.trump, d.maker, d.alone, "
        "d.tricks_ns, d.tricks_ew, d.points_ns, d.points_ew, d.score_ns, d.score_ew, g.number "
        "FROM deals d JOIN records r ON r.id = d.record_id "
        "LEFT JOIN games g ON g.id = d.game_id").fetchall())
    pq_deals = sorted(
        (d["record_id"], d["deal"], d["kind"], d["dealer"], d["turned"], d["trump"], d["maker"],
         int(d["alone"]), d["tricks_ns"], d["tricks_ew"], d["points_ns"], d["points_ew"],
         d["score_ns"], d["score_ew"], d["game"])
        for d in _table(tmp_path / "out", "deals"))
    assert pq_deals == sql_deals and len(sql_deals) > 100
    sql_games = sorted(db.execute(
        "SELECT r.hash, g.number, g.score_ns, g.score_ew, g.winner FROM games g "
        "JOIN records r ON r.id = g.record_id").fetchall())
    assert sorted((g["record_id"], g["game"], g["score_ns"], g["score_ew"], g["winner"])
                  for g in _table(tmp_path / "out", "games")) == sql_games
    sql_seats = sorted(db.execute(
        "SELECT r.hash, s.seat, p.name FROM seats s JOIN records r ON r.id = s.record_id "
        "JOIN players p ON p.id = s.player_id").fetchall())
    assert sorted((p["record_id"], p["seat"], p["name"])
                  for p in _table(tmp_path / "out", "players")) == sql_seats
    sql_rubbers = sorted(db.execute(
        "SELECT r.hash, r.canonical, b.rubber_points_ns, b.rubber_points_ew, b.winner "
        "FROM rubbers b JOIN records r ON r.id = b.record_id").fetchall())
    assert sorted((r["record_id"], r["canonical"], r["rubber_points_ns"], r["rubber_points_ew"],
                   r["winner"]) for r in _table(tmp_path / "out", "records")) == sql_rubbers


def test_duckdb_and_pandas_join_the_tables(tmp_path, texts):
    """Deals made per player, by joining deals to players on the record key, agree with the
    store's player statistics (a SQL view of its own)."""
    pandas = _need("pandas")
    src = _jsonl(tmp_path / "a.jsonl", texts)
    out = tmp_path / "out"
    build_dataset([str(src)], str(out), shard_bytes=30_000)
    made = dict(duckdb.sql(
        f"SELECT p.name, count(*) FROM '{out}/deals/*.parquet' d "
        f"JOIN '{out}/players/*.parquet' p ON p.record_id = d.record_id AND p.seat = d.maker "
        "WHERE NOT d.thrown_in AND NOT d.redeal GROUP BY p.name").fetchall())
    db = open_db(tmp_path / "s.db")
    migrate(db)
    import_sources(db, ((str(i), t) for i, t in enumerate(texts)), ImportReport())
    stats = {r[0]: r[1] for r in db.execute(
        "SELECT name, deals_made FROM player_statistics").fetchall() if r[1]}
    assert made == stats
    deals = pandas.read_parquet(out / "deals")
    plays = pandas.read_parquet(out / "plays")
    per_deal = plays.groupby(["record_id", "deal"]).size()
    assert set(per_deal.unique()) <= {15, 20}  # five tricks of 3 (a lone hand) or 4 cards
    played = deals[~deals.thrown_in & ~deals.redeal]
    assert len(per_deal) == len(played) < len(deals)  # a deal thrown in has no plays


def test_plays_worked_by_hand():
    """examples/somerset-rubber.json deal 8 (dealer W, turned TS, N orders: spades trump; the
    eldest hand N leads). Trick 1 'JC 7S JS TS': N, E, S, W; JC is the left bower, a spade, so
    all follow, and JS (right bower) wins for S. Trick 2 'TH AH 8S QS' led by S: S, W, N, E;
    N trumps with 8S holding 7H: revoke (Somerset 62-64); QS over 8S wins for E."""
    from euchre_records.bulk.tables import tables_of
    rows = tables_of("x", (EXAMPLES / "somerset-rubber.json").read_text())
    cols = [c for c, _ in COLUMNS["plays"]]
    plays = [dict(zip(cols, r)) for r in rows["plays"] if r[1] == 8]
    got = [(p["trick"], p["position"], p["seat"], p["card"], p["suit"], p["led_suit"],
            p["follows"], p["winner"], p["wins"], p["revoke"]) for p in plays[:8]]
    assert got == [
        (1, 1, "N", "JC", "S", "S", True, "S", False, False),
        (1, 2, "E", "7S", "S", "S", True, "S", False, False),
        (1, 3, "S", "JS", "S", "S", True, "S", True, False),
        (1, 4, "W", "TS", "S", "S", True, "S", False, False),
        (2, 1, "S", "TH", "H", "H", True, "E", False, False),
        (2, 2, "W", "AH", "H", "H", True, "E", False, False),
        (2, 3, "N", "8S", "S", "H", False, "E", False, True),
        (2, 4, "E", "QS", "S", "H", False, "E", True, False),
    ]
    assert sum(1 for p in plays if p["revoke"]) == 1


def test_lone_hand_plays_and_calls_worked_by_hand():
    """examples/modern-lone-march.json deal 3: dealer S; W, N, E, S pass, W passes, N names
    clubs alone (call 6, round 2). S sits out; under modern rules the lone player's left (E)
    leads. Trick 1 'AS 9S 9C': E, W, N; 9C trumps and wins for N."""
    from euchre_records.bulk.tables import tables_of
    rows = tables_of("x", (EXAMPLES / "modern-lone-march.json").read_text())
    calls = [r[2:] for r in rows["calls"] if r[1] == 3]
    assert calls[-1] == (6, 2, "N", "name", "C", True, 4, "four-handed")
    assert [c[2] for c in calls] == ["W", "N", "E", "S", "W", "N"]
    plays = [r[2:] for r in rows["plays"] if r[1] == 3]
    assert len(plays) == 15 and all(p[2] != "S" for p in plays)
    assert [(p[0], p[2], p[3], p[8]) for p in plays[:3]] == [
        (1, "E", "AS", "N"), (1, "W", "9S", "N"), (1, "N", "9C", "N")]


def test_invalid_records_go_to_the_errors_table(tmp_path, texts):
    bad_card = json.loads(texts[0])
    bad_card["deals"][0]["tricks"][0] = "XX 9S 9C 9D"
    src = _jsonl(tmp_path / "a.jsonl", texts[:2],
                 ["not json", json.dumps(bad_card), "", json.dumps({"format": "euchre-records"})])
    result = CliRunner().invoke(main, ["dataset", str(src), "--out", str(tmp_path / "out")])
    assert result.exit_code == 1, result.output
    assert "2 records" in result.output and "invalid 3" in result.output
    errors = _table(tmp_path / "out", "errors")
    by_source = {}
    for e in errors:
        by_source.setdefault(e["source"], []).append((e["kind"], e["where"], e["what"]))
    assert set(by_source) == {f"{src}:3", f"{src}:4", f"{src}:6"}
    assert by_source[f"{src}:3"][0][0] == "notation" and "JSON" in by_source[f"{src}:3"][0][2]
    assert any(w.startswith("deals[0].tricks[0]") for _, w, _ in by_source[f"{src}:4"])
    assert len(_table(tmp_path / "out", "records")) == 2


def test_output_folder_rules(tmp_path, texts):
    src = _jsonl(tmp_path / "a.jsonl", texts[:1])
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "notes.txt").write_text("keep me")
    runner = CliRunner()
    result = runner.invoke(main, ["dataset", str(src), "--out", str(tmp_path / "busy")])
    assert result.exit_code == 1 and "notes.txt" in result.output
    assert (tmp_path / "busy" / "notes.txt").read_text() == "keep me"
    out = str(tmp_path / "out")
    assert runner.invoke(main, ["dataset", str(src), "--out", out]).exit_code == 0
    again = runner.invoke(main, ["dataset", str(src), "--out", out])
    assert again.exit_code == 1 and "--overwrite" in again.output
    assert runner.invoke(main, ["dataset", str(src), "--out", out, "--overwrite"]).exit_code == 0
    missing = runner.invoke(main, ["dataset", str(tmp_path / "nope.jsonl"), "--out", out])
    assert missing.exit_code == 2


def test_manifest_counts_and_schema_version(tmp_path, texts):
    src = _jsonl(tmp_path / "a.jsonl", texts[:3])
    out = tmp_path / "out"
    report = build_dataset([str(src), str(EXAMPLES)], str(out))
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["version"] == "4" and set(manifest["tables"]) == set(TABLES)
    for t in TABLES:
        assert manifest["tables"][t]["rows"] == len(_table(out, t))
        schema = pq.read_schema(next((out / t).glob("*.parquet")))
        assert schema.names == [c for c, _ in COLUMNS[t]]
        assert schema.metadata[b"euchre_records.dataset"] == b"4"
    assert report.skipped and all("expected" in s for s in report.skipped)


@settings(max_examples=60, deadline=None)
@given(lines=st.lists(st.text(alphabet="ab{}\u00e9", max_size=30), max_size=40),
       shard=st.integers(1, 200))
def test_shards_cover_every_line_once(tmp_path_factory, lines, shard):
    path = tmp_path_factory.mktemp("s") / "x.jsonl"
    text = "".join(line + "\n" for line in lines)
    path.write_bytes(text.encode("utf-8"))
    shards = plan_shards([str(path)], shard)
    got = [(src, t) for s in shards for src, t, _ in read_shard(s)]
    expected = [(f"{path}:{i}", line + "\n") for i, line in enumerate(text.splitlines(), 1)
                if line.strip()]
    assert got == expected
    assert all(isinstance(s, Shard) for s in shards)
    # about equal shards, no more of them than cutting every `shard` bytes would make
    size, longest = len(text.encode("utf-8")), max((len(ln.encode()) + 1 for ln in lines), default=0)
    assert len(shards) <= max(1, -(-size // shard))
    even = size / max(1, -(-size // shard))   # the input shared evenly among that many
    assert all(s.end - s.start < even + longest + 1 for s in shards)
    assert all(s.end - s.start >= even - 1 for s in shards[:-1])


@pytest.fixture(scope="module")
def cluster():
    distributed = _need("dask.distributed")
    import dask
    with dask.config.set({"distributed.comm.timeouts.connect": "90s"}):  # loaded CI machines
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                      host="127.0.0.1", dashboard_address=None,
                                      scheduler_kwargs={"dashboard_address": "127.0.0.1:0"}, silence_logs=50) as c:
            yield c


def test_same_bytes_in_one_process_and_on_a_cluster(tmp_path, texts, cluster):
    src = _jsonl(tmp_path / "a.jsonl", texts, ["{broken"])
    build_dataset([str(src), str(EXAMPLES)], str(tmp_path / "one"), shard_bytes=25_000)
    build_dataset([str(src), str(EXAMPLES)], str(tmp_path / "two"), shard_bytes=25_000,
                  scheduler=cluster.scheduler_address)
    one, two = _files(tmp_path / "one"), _files(tmp_path / "two")
    assert len([k for k in one if k.startswith("deals/")]) > 2
    assert one == two


GOLDEN_ANALYSIS = Path(__file__).resolve().parent / "golden" / "analysis"


def test_the_analysis_tables_are_opt_in_and_hold_the_hand_worked_values(tmp_path):
    """--analysis adds analysis (one row per deal) and analysis_plays (one per card), with the
    numbers of the deals solved by hand (tests/golden/analysis); without it neither is written."""
    goldens = [GOLDEN_ANALYSIS / "left-bower.json", GOLDEN_ANALYSIS / "lone-hand.json"]
    src = _jsonl(tmp_path / "g.jsonl", [g.read_text() for g in goldens])
    plain = tmp_path / "plain"
    build_dataset([str(src)], str(plain))
    assert not (plain / "analysis").exists()
    assert "analysis" not in json.loads((plain / "manifest.json").read_text())["tables"]
    out = tmp_path / "out"
    runner = CliRunner()
    assert runner.invoke(main, ["dataset", str(src), "--out", str(out), "--analysis"]).exit_code == 0
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["tables"]["analysis"]["rows"] == 2
    deals = sorted(_table(out, "analysis"), key=lambda r: r["tricks_lost"])
    for row, name in zip(deals, ("left-bower", "lone-hand")):
        expected = json.loads((GOLDEN_ANALYSIS / f"{name}.expected.json").read_text())
        assert row["known"] and row["tricks"] == expected["tricks"] and row["taken"] == expected["taken"]
        assert [row["points_ns"], row["points_ew"]] == expected["points"]
        plays = sorted((r for r in _table(out, "analysis_plays") if r["record_id"] == row["record_id"]),
                       key=lambda r: (r["trick"], r["position"]))
        assert [[r["seat"], r["card"], r["before"], r["after"], r["cost"]] for r in plays] == expected["plays"]
    assert deals[1]["costly"] == 1 and deals[1]["tricks_lost"] == 1


def test_the_analysis_tables_are_the_same_bytes_on_a_cluster(tmp_path, cluster):
    """The hand-solved deals of every table size (tests/golden/analysis, its tables/ of 2, 3
    and 5: layout 4) and a rubber, in several shards: one process and a cluster write the same
    bytes."""
    goldens = [*sorted(GOLDEN_ANALYSIS.glob("*-*.json")), *sorted((GOLDEN_ANALYSIS / "tables").glob("*.json"))]
    src = _jsonl(tmp_path / "g.jsonl", [p.read_text() for p in goldens
                                        if not p.name.endswith(".expected.json")]
                 + [(EXAMPLES / "hoyle-rubber.json").read_text()])
    build_dataset([str(src)], str(tmp_path / "one"), shard_bytes=1_000, analysis=True)
    build_dataset([str(src)], str(tmp_path / "two"), shard_bytes=1_000, analysis=True,
                  scheduler=cluster.scheduler_address)
    one, two = _files(tmp_path / "one"), _files(tmp_path / "two")
    assert len([k for k in one if k.startswith("analysis/")]) >= 2
    variants = {r["variant"] for r in _table(tmp_path / "one", "analysis_plays")}
    assert variants == {"two-handed", "cut-throat", "four-handed", "call-your-partner"}
    assert one == two


def _many_deals(path: Path, deals: int) -> int:
    return write_many_deals(path, deals, start_seed=9000)


@pytest.mark.slow
def test_hundred_thousand_deals_on_two_workers(tmp_path):
    _need("dask.distributed")
    src = tmp_path / "big.jsonl"
    expected = _many_deals(src, 100_000)
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["dataset", str(src), "--out", str(out), "--workers", "2",
                                       "--shard-mb", "4", "--no-progress"])
    assert result.exit_code == 0, result.output
    count, records = duckdb.sql(
        f"SELECT count(*), count(DISTINCT record_id) FROM '{out}/deals/*.parquet'").fetchall()[0]
    assert count == expected >= 100_000
    plays = duckdb.sql(f"SELECT count(*) FROM '{out}/plays/*.parquet'").fetchall()[0][0]
    assert plays >= 15 * count
    assert len(list((out / "deals").glob("*.parquet"))) > 2


def test_emn_match_files_give_their_games(tmp_path):
    """An EMN match (tests/data/emn/two-games.emn) adds one record per game, sourced
    ``file#game N``; a broken match file is one errors entry per located problem."""
    emn = Path(__file__).resolve().parent / "data" / "emn" / "two-games.emn"
    broken = tmp_path / "broken.emn"
    broken.write_text(json.dumps({"fileType": "nope"}))
    report = build_dataset([str(emn), str(broken)], str(tmp_path / "out"))
    records = _table(tmp_path / "out", "records")
    assert report.records == 2 == len(records)
    assert sorted(r["source"] for r in records) == [f"{emn}#game 1", f"{emn}#game 2"]
    errors = _table(tmp_path / "out", "errors")
    assert errors and all(e["source"] == str(broken) and e["kind"] == "notation" for e in errors)


_PEAKS = """
import gc, json, sys, tracemalloc
from pathlib import Path
from euchre_records.bulk.run import build_dataset
from euchre_records.testkit.samples import write_many_deals
tmp = Path(sys.argv[1])
warm = tmp / "warm.jsonl"   # imports (dask, pyarrow) and the engine's caches first
write_many_deals(warm, 1, start_seed=9000)
build_dataset([str(warm)], str(tmp / "warm"))
peaks = []
for n, deals in enumerate((3_000, 6_000)):
    src = tmp / f"in{n}.jsonl"
    write_many_deals(src, deals, start_seed=9000)
    gc.collect()   # both runs start from the same collector state
    tracemalloc.start()
    try:
        build_dataset([str(src)], str(tmp / f"out{n}"),
                      shard_bytes=src.stat().st_size // 8 + 1, batch=10)   # 8 shards each
        peaks.append(tracemalloc.get_traced_memory()[1])
    finally:
        tracemalloc.stop()
print(json.dumps(peaks))
"""
"""The measurement of the test below, run in an interpreter of its own."""


@pytest.mark.slow
def test_memory_is_bounded_by_the_batch_not_the_input(tmp_path):
    """The peak of Python allocations (tracemalloc counts every object) while building a dataset
    does not grow with the input: twice the input, about the same peak. Both inputs are cut into
    the same number of shards, so that what is kept per shard (the plan, Dask's graph, each
    shard's counts: a few kilobytes, a shard being 8 MiB of input by default) does not count:
    with 128 KiB shards, twice the shards grew the peak by a third after other tests had run
    (1.14 to 1.53 MB), where the rows held are what this is about. The build runs in a fresh
    interpreter, apart from whatever earlier tests left in the suite's worker process
    (tracemalloc counts the allocations of every thread, a LocalCluster's scheduler or a
    server's among them): in CI, after other tests, the second peak once came out 300 KB higher
    (852,354 to 1,154,379 bytes, 3 December 2026), which the build alone never repeated
    (864,753 to 904,382 here, and 1.11x with the caches filled by other deals beforehand)."""
    import subprocess
    import sys
    done = subprocess.run([sys.executable, "-c", _PEAKS, str(tmp_path)], capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    peaks = json.loads(done.stdout.strip().splitlines()[-1])
    assert peaks[1] < 1.3 * peaks[0], peaks


def test_spreadsheet_scoresheets_are_inputs_too(tmp_path):
    template = EXAMPLES / "sheet-template.csv"
    bad = tmp_path / "bad.csv"
    bad.write_text(template.read_text().replace(",E,H,,,3,", ",E,H,,,7,", 1))
    report = build_dataset([str(template), str(bad)], str(tmp_path / "out"))
    assert report.records == 3 and report.deals == 3 + 4 + 4
    errors = _table(tmp_path / "out", "errors")
    assert [(e["source"], e["what"][:22]) for e in errors] == [
        (f"{bad}:rows 2-4", "row 2, column tricks: ")]


def test_json_lines_on_standard_input(tmp_path, texts):
    lines = "".join(json.dumps(json.loads(t)) + "\n" for t in texts[:3]) + "{oops\n"
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["dataset", "-", "--out", str(out)], input=lines)
    assert result.exit_code == 1, result.output  # the bad last line
    assert sorted(r["source"] for r in _table(out, "records")) == [
        "<stdin>:1", "<stdin>:2", "<stdin>:3"]
    assert [e["source"] for e in _table(out, "errors")] == ["<stdin>:4"]


def test_progress_shows_records_per_second(tmp_path, texts):
    src = _jsonl(tmp_path / "a.jsonl", texts[:4])
    result = CliRunner().invoke(main, ["dataset", str(src), "--out", str(tmp_path / "out"),
                                       "--shard-mb", "0.01", "--progress"])
    assert result.exit_code == 0, result.output
    assert re.search(r"4 records, [\d,]+/s", result.stderr), result.stderr


def test_a_shard_leaves_the_cycle_collector_as_it_found_it(tmp_path, texts):
    """write_shard pauses the collector while it reads (one collection per batch) and restores
    it, on or off, whatever the batch size."""
    import gc
    src = _jsonl(tmp_path / "in.jsonl", texts[:5], ["not json"])
    try:
        for enabled in (True, False):
            gc.enable() if enabled else gc.disable()
            report = build_dataset([str(src)], str(tmp_path / f"out-{enabled}"), batch=2)
            assert gc.isenabled() is enabled and report.records == 5 and report.invalid == 1
    finally:
        gc.enable()


# --- tables of two, three and five (layout 3) -------------------------------------------------

GOLDEN = ROOT / "tests" / "golden" / "variants"
CASES = cases("variants")
BAD = cases("variants/bad")
VARIANT = {2: "two-handed", 3: "cut-throat", 4: "four-handed", 5: "call-your-partner"}
NEW_COLUMNS = {"seats", "variant", "makers", "maker_tricks", "called", "partner", "partner_known",
               "points_makers", "points_defenders"}
"""The columns layouts 3 and 4 add at the end of a layout-2 table (4: those of ``analysis``)."""


def _line(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False) + "\n"


def _mixed_archive(path: Path) -> dict[str, Path]:
    """A JSON Lines file of every variant golden, two four-handed rubbers between them, and
    every refused golden; returns source -> golden path of the valid variant ones."""
    four = list(random_texts(2, start_seed=77))
    sources: dict[str, Path] = {}
    with path.open("w", encoding="utf-8") as f:
        n = 0
        for i, case in enumerate(CASES):
            if i in (3, 9):
                n += 1
                f.write(_line(json.loads(four.pop())))
            n += 1
            f.write(_line(json.loads(case.read_text(encoding="utf-8"))))
            sources[f"{path}:{n}"] = case
        for bad in BAD:
            f.write(_line(json.loads(bad.read_text(encoding="utf-8"))))
    return sources


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, Path]]:
    where = tmp_path_factory.mktemp("mixed")
    src = where / "mixed.jsonl"
    sources = _mixed_archive(src)
    result = CliRunner().invoke(main, ["dataset", str(src), "--out", str(where / "out"),
                                       "--no-progress"])
    assert result.exit_code == 1, result.output   # the refused goldens are in `errors`
    return src, where / "out", sources


def _by(rows: list[dict[str, Any]], *keys: str) -> dict[Any, list[dict[str, Any]]]:
    out: dict[Any, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        out[tuple(r[k] for k in keys)].append(r)
    return out


def test_the_golden_variants_read_back_as_worked_by_hand(mixed):
    """Every key of every golden's hand-worked expected file, found in the tables: the deal's
    maker, trump, making side and tricks in ``deals``; the points per seat, and who made and
    who defended, in ``deal_scores``; who led and won each trick in ``plays``; revokes in
    ``findings``; the games' scores and winners in ``games`` and ``game_scores``."""
    _, out, sources = mixed
    records = {r["source"]: r for r in _table(out, "records")}
    deals = _by(_table(out, "deals"), "record_id", "deal")
    scores = _by(_table(out, "deal_scores"), "record_id", "deal")
    plays = _by(_table(out, "plays"), "record_id", "deal")
    findings = _by(_table(out, "findings"), "record_id", "deal")
    games = _by(_table(out, "games"), "record_id")
    game_scores = _by(_table(out, "game_scores"), "record_id", "game")
    checked = 0
    for source, case in sources.items():
        want = json.loads(case.with_suffix(".expected.json").read_text(encoding="utf-8"))
        if "xfail" in want:
            continue
        seats = json.loads(case.read_text(encoding="utf-8"))["rules"]["seats"]
        rec = records[source]
        assert (rec["seats"], rec["variant"]) == (seats, VARIANT[seats]), case.name
        key = rec["record_id"]
        per_deal = want["deals"] if "deals" in want else [want]
        for number, exp in enumerate(per_deal, 1):
            where = f"{case.name} deal {number}"
            (deal,) = deals[(key, number)]
            assert (deal["seats"], deal["variant"], deal["maker_side"]) == (seats, VARIANT[seats], None)
            assert deal["points_ns"] is None and deal["tricks_ns"] is None, where
            for k in ("maker", "trump", "alone", "called", "partner", "makers", "maker_tricks",
                      "thrown_in"):
                if k in exp:
                    assert deal[k] == exp[k], f"{where} {k}: table {deal[k]!r}, by hand {exp[k]!r}"
            by_seat = sorted(scores[(key, number)], key=lambda r: int(r["seat"]))
            assert [r["seat"] for r in by_seat] == [str(s) for s in range(seats)], where
            for k in ("points", "hand_points", "penalty"):
                if k in exp:
                    assert [r[k] for r in by_seat] == exp[k], f"{where} {k}"
            if "makers" in exp:
                assert [r["seat"] for r in by_seat if r["side"] == "makers"] == sorted(exp["makers"])
            if "defenders" in exp:
                assert [r["seat"] for r in by_seat if r["side"] == "defenders"] == exp["defenders"]
            cards = sorted(plays.get((key, number), []), key=lambda r: (r["trick"], r["position"]))
            if "leaders" in exp:
                assert [r["seat"] for r in cards if r["position"] == 1] == exp["leaders"], where
            if "winners" in exp:
                assert [r["seat"] for r in cards if r["wins"]] == exp["winners"], where
                assert [r["winner"] for r in cards if r["position"] == 1] == exp["winners"], where
                assert all(len([r for r in cards if r["trick"] == t]) == seats   # those played
                           for t in range(1, len(exp["winners"]) + 1))
            if "findings" in exp:
                got = [(f["kind"], f["seat"], f["trick"]) for f in findings.get((key, number), [])]
                assert got == [(f["kind"], f["seat"], f["trick"]) for f in exp["findings"]], where
                flagged = [(r["seat"], r["trick"]) for r in cards if r["revoke"]]
                assert flagged == [(f["seat"], f["trick"]) for f in exp["findings"]
                                   if f["kind"] == "revoke" and cards], where
            checked += 1
        for number, exp in enumerate(want.get("games", []), 1):
            (game,) = [g for g in games[(key,)] if g["game"] == number]
            by_seat = sorted(game_scores[(key, number)], key=lambda r: int(r["seat"]))
            if "winner" in exp:
                assert game["winner"] == exp["winner"]
                assert [r["seat"] for r in by_seat if r["won"]] == ([exp["winner"]] if exp["winner"] else [])
            for k in ("start", "score"):
                if k in exp:
                    assert [r[k] for r in by_seat] == exp[k], f"{case.name} game {number} {k}"
            if "finished" in exp:
                assert game["finished"] is exp["finished"]
            if "last_deal" in exp:
                assert game["last_deal"] == exp["last_deal"]
    assert checked >= len(CASES)


def test_five_handed_partner_found_at_the_third_trick_row_by_row(mixed):
    """tests/golden/variants/05, written out by hand from its reasoning: dealer 4, 0 passes,
    1 orders the 8S (spades trump), names the AH; T3 led by 1: JS, TS (2), AH (3: the called
    card falls, 3 is the partner), 8S (4), 9H (0); the right bower wins for 1. The makers 1 and
    3 took four tricks: 1 point each (VARIANTS.md)."""
    _, out, sources = mixed
    (source,) = [s for s, p in sources.items() if p.name.startswith("05-")]
    (rec,) = [r for r in _table(out, "records") if r["source"] == source]
    key = rec["record_id"]
    (deal,) = [d for d in _table(out, "deals") if d["record_id"] == key]
    assert {k: deal[k] for k in ("dealer", "turned", "trump", "maker", "maker_side", "alone",
                                 "euchred", "marched", "makers", "maker_tricks", "called",
                                 "partner", "partner_known", "seats", "variant")} == {
        "dealer": "4", "turned": "8S", "trump": "S", "maker": "1", "maker_side": None,
        "alone": False, "euchred": False, "marched": False, "makers": ["1", "3"],
        "maker_tricks": 4, "called": "AH", "partner": "3", "partner_known": True, "seats": 5,
        "variant": "call-your-partner"}
    trick3 = sorted((r for r in _table(out, "plays") if r["record_id"] == key and r["trick"] == 3),
                    key=lambda r: r["position"])
    assert [(r["seat"], r["card"], r["suit"], r["led_suit"], r["follows"], r["winner"], r["wins"])
            for r in trick3] == [
        ("1", "JS", "S", "S", True, "1", True), ("2", "TS", "S", "S", True, "1", False),
        ("3", "AH", "H", "S", False, "1", False), ("4", "8S", "S", "S", True, "1", False),
        ("0", "9H", "H", "S", False, "1", False)]
    calls = sorted((r for r in _table(out, "calls") if r["record_id"] == key), key=lambda r: r["call"])
    assert [(r["round"], r["seat"], r["kind"]) for r in calls] == [(1, "0", "pass"), (1, "1", "order")]
    points = {r["seat"]: (r["side"], r["points"], r["score"])
              for r in _table(out, "deal_scores") if r["record_id"] == key}
    assert points == {"0": ("defenders", 0, 0), "1": ("makers", 1, 1), "2": ("defenders", 0, 0),
                      "3": ("makers", 1, 1), "4": ("defenders", 0, 0)}
    players = [r for r in _table(out, "players") if r["record_id"] == key]
    assert players == []   # the golden names nobody


def test_refused_records_are_located_errors_not_rows(mixed):
    """Each refused golden (nine players, a pack too small, a called trump, a trick of the wrong
    size ...) is one or more ``errors`` rows located where its expected file says."""
    src, out, _ = mixed
    errors = _by(_table(out, "errors"), "source")
    first_bad = len(CASES) + 2 + 1
    for i, bad in enumerate(BAD):
        want = json.loads(bad.with_suffix(".expected.json").read_text(encoding="utf-8"))
        got = errors[(f"{src}:{first_bad + i}",)]
        assert any(e["where"].startswith(want["where"]) and want["error"] in e["what"]
                   for e in got), (bad.name, got)
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["records_valid"] == len(CASES) + 2
    assert manifest["records_read"] == len(CASES) + 2 + len(BAD)


def test_a_mixed_archive_is_the_same_bytes_on_a_cluster(tmp_path, cluster):
    """Four-handed and n-handed records in small shards: the cluster's workers write what one
    process writes, and every variant is in it."""
    src = tmp_path / "mixed.jsonl"
    _mixed_archive(src)
    build_dataset([str(src), str(EXAMPLES)], str(tmp_path / "one"), shard_bytes=8_000)
    report = build_dataset([str(src), str(EXAMPLES)], str(tmp_path / "two"), shard_bytes=8_000,
                           scheduler=cluster.scheduler_address)
    one, two = _files(tmp_path / "one"), _files(tmp_path / "two")
    assert report.shards > 3 and one == two
    variants = duckdb.sql(
        f"SELECT variant, count(*) FROM '{tmp_path}/two/deal_scores/*.parquet' GROUP BY variant"
    ).fetchall()
    assert {v for v, _ in variants} == set(VARIANT.values())


# --- the reference's deals -------------------------------------------------------------------

def _seat_rows(rows: dict[str, list[tuple[Any, ...]]], table: str) -> list[dict[str, Any]]:
    names = [c for c, _ in COLUMNS[table]]
    return [dict(zip(names, r)) for r in rows[table]]


@settings(max_examples=50, deadline=None)
@given(seed=st.integers(0, 100_000), seats=st.sampled_from([2, 3, 5]),
       preset=st.sampled_from(["somerset-1888", "hoyle", "modern"]),
       revoke=st.sampled_from([0.0, 0.15]), count=st.integers(1, 4))
def test_points_per_seat_are_the_reference_laws(seed, seats, preset, revoke, count):
    """Random deals of the reference (their points per seat worked by its own reading of
    VARIANTS.md, with revokes planted): ``deal_scores`` holds those points for each seat, its
    sum per seat over a record is ``game_scores.score``, the making side is the reference's,
    and ``plays`` flags exactly the planted revokes and names the reference's trick winners."""
    rng = random.Random(seed)
    for _ in range(count):
        made = ref.random_variant_record(rng, seats, preset, revoke_rate=revoke)
        rows = tables_of("x", json.dumps(made.record))
        assert not rows["errors"], rows["errors"]
        scores = sorted(_seat_rows(rows, "deal_scores"), key=lambda r: int(r["seat"]))
        # penalties are scored first (Somerset 4 and the other presets' revoke precedence): a
        # penalty that takes one player past the game (VARIANTS.md: 10 at three and five hands;
        # the preset's game at two) ahead of all others wins it; he keeps his own points for the
        # hand and every other player's are not scored (the four-handed law, docs/RULES.md
        # "Penalties first"; an exact tie at the top plays on: VARIANTS.md, our rule)
        target = ref.GAME_POINTS[seats] or ref.PRESET_GAME_POINTS[preset]
        top = max(made.penalty)
        penalty_won = top >= target and made.penalty.count(top) == 1
        won = made.penalty.index(top)
        scored = [p + (h - p if s == won else 0) for s, (p, h) in
                  enumerate(zip(made.penalty, made.points))] if penalty_won else made.points
        assert [r["points"] for r in scores] == scored
        assert [r["penalty"] for r in scores] == made.penalty
        assert all(r["hand_points"] + r["penalty"] == r["points"] for r in scores)
        assert [r["score"] for r in scores] == scored     # one deal, from 0
        if not made.revokes:   # with a revoke, the preset may void the hand's own points
            assert [r["hand_points"] for r in scores] == made.hand_points
        assert all((r["seats"], r["variant"], r["partnership"]) == (seats, VARIANT[seats], None)
                   for r in scores)
        games = sorted(_seat_rows(rows, "game_scores"), key=lambda r: int(r["seat"]))
        assert [g["score"] for g in games] == [r["points"] for r in scores]   # one deal, from 0
        (deal,) = _seat_rows(rows, "deals")
        plays = _seat_rows(rows, "plays")
        if made.thrown_in:
            assert deal["thrown_in"] and deal["makers"] is None and not plays
            assert all(r["side"] is None for r in scores)
            continue
        assert deal["makers"] == made.makers and deal["maker_tricks"] == made.maker_tricks
        assert [r["seat"] for r in scores if r["side"] == "makers"] == sorted(made.makers)
        assert [r["winner"] for r in plays if r["position"] == 1] == made.winners
        assert [r["seat"] for r in plays if r["position"] == 1] == made.leaders
        assert sorted((r["seat"], r["trick"]) for r in plays if r["revoke"]) == sorted(made.revokes)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 100_000), preset=st.sampled_from(["somerset-1888", "hoyle", "modern"]))
def test_four_handed_players_carry_their_sides_points(seed, preset):
    """A four-handed deal of the reference: each seat's ``deal_scores.points`` is his
    partnership's points as the reference counts them (N-S: N and S)."""
    made = ref.random_record(random.Random(seed), preset)
    rows = tables_of("x", json.dumps(made.record))
    assert not rows["errors"], rows["errors"]
    got = {r["seat"]: (r["partnership"], r["points"]) for r in _seat_rows(rows, "deal_scores")}
    ns, ew = made.points
    assert got == {"N": ("NS", ns), "S": ("NS", ns), "E": ("EW", ew), "W": ("EW", ew)}


_OPTIONS = {   # the variant's own options (euchre_records/table.VARIANT_OPTIONS) at each table
    2: {"two_handed_march": st.integers(0, 9)},
    3: {"cutthroat_euchre": st.sampled_from(["each-opponent-2", "maker-minus-2"]),
        "cutthroat_march": st.integers(0, 9)},
    4: {},
    5: {"call_partner_lone_march": st.integers(0, 9)}}


@st.composite
def _options_at_a_table(draw: Any) -> tuple[int, int, dict[str, Any]]:
    """(seed, seats, options): the preset's and the variant's own options drawn for a table."""
    seats = draw(st.sampled_from([2, 3, 4, 5]))
    options = draw(st.fixed_dictionaries({}, optional={
        "stick_the_dealer": st.booleans(), "game_points": st.integers(1, 15), **_OPTIONS[seats]}))
    return draw(st.integers(0, 100_000)), seats, options


@settings(max_examples=40, deadline=None)
@given(case=_options_at_a_table())
@example(case=(10807, 2, {"stick_the_dealer": True})).via("a thrown-in deal under stick the dealer")
def test_the_overrides_column_is_what_the_record_wrote(case):
    """``records.overrides`` at every table is the record's ``rules.overrides`` as written (the
    reference's, with preset options and the variant's own drawn on top), keys sorted, and the
    same object as its canonical text's: read from the record, never from a second dump of it
    (issue 32; before, a record of 2, 3 or 5 seats was dumped again for this column)."""
    seed, seats, options = case
    rng = random.Random(seed)
    made = ref.random_record(rng, "modern") if seats == 4 else \
        ref.random_variant_record(rng, seats, "modern")
    if any(len(d.get("calls", ())) == 2 * seats and all(
            (c if isinstance(c, str) else c.get("call")) == "pass" for c in d["calls"])
            for d in made.record["deals"]):
        # a deal thrown in: the dealer passed in the second round, which stick the dealer forbids
        options = {k: v for k, v in options.items() if k != "stick_the_dealer"}
    rules = made.record["rules"]
    written = {**rules.get("overrides", {}), **options}
    rules.pop("overrides", None)
    if written:
        rules["overrides"] = written
    rows = tables_of("x", json.dumps(made.record))
    assert not rows["errors"], rows["errors"]
    row = dict(zip([name for name, _ in COLUMNS["records"]], rows["records"][0]))
    assert row["overrides"] == json.dumps(written, sort_keys=True, separators=(",", ":"))
    assert json.loads(row["canonical"])["rules"].get("overrides", {}) == written


# --- four-handed rows before and after -------------------------------------------------------

BASE = "7f0d0c04c3e8776e703ebc415ff9c7e598017fa9"
"""The commit layout 3 started from (layout 2)."""


def _base_available() -> bool:
    done = subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e", f"{BASE}^{{commit}}"],
                          capture_output=True)
    return done.returncode == 0


@pytest.mark.skipif(not _base_available(), reason="the layout-2 commit is not in this clone")
def test_four_handed_tables_keep_their_values(tmp_path):
    """A four-handed archive (random rubbers of the three presets, the examples, a bad line)
    written by the layout-2 code and by this one: every layout-2 table is there with the same
    rows in the same order, column for column; the only differences are the columns added at
    the end (seats 4, variant four-handed, the making side; layout 4: the making side's points
    of ``analysis``) and the three new tables."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from base_checkout import checkout, run_python
    finally:
        sys.path.pop(0)
    src = tmp_path / "four.jsonl"
    with src.open("w", encoding="utf-8") as f:
        for preset in ("somerset-1888", "hoyle", "modern"):
            for text in random_texts(3, start_seed=40, rules_name=preset):
                f.write(_line(json.loads(text)))
        f.write("{not json\n")
    examples = tmp_path / "examples"   # the four-handed examples (layout 2 knew no others)
    examples.mkdir()
    for path in sorted(EXAMPLES.glob("*.json")):
        if json.loads(path.read_text(encoding="utf-8")).get("rules", {}).get("seats", 4) == 4:
            (examples / path.name).write_bytes(path.read_bytes())
    base = checkout(BASE, tmp_path / "base")
    before, after = tmp_path / "before", tmp_path / "after"
    run_python(base, "from euchre_records.bulk.run import build_dataset\n"
                     f"build_dataset([{str(src)!r}, {str(examples)!r}], {str(before)!r}, "
                     "shard_bytes=30_000, analysis=True)\n")
    build_dataset([str(src), str(examples)], str(after), shard_bytes=30_000, analysis=True)
    old = json.loads((before / "manifest.json").read_text())
    new = json.loads((after / "manifest.json").read_text())
    assert (old["version"], new["version"]) == ("2", "4")
    assert set(new["tables"]) - set(old["tables"]) == {"deal_scores", "game_scores",
                                                       "analysis_scores"}
    for table, spec in old["tables"].items():
        names = [c["name"] for c in spec["columns"]]
        added = [c["name"] for c in new["tables"][table]["columns"]][len(names):]
        assert [c["name"] for c in new["tables"][table]["columns"]][:len(names)] == names
        assert set(added) <= NEW_COLUMNS, (table, added)
        was = pq.read_table(before / table).to_pylist()
        now = pq.read_table(after / table).to_pylist()
        assert [{k: r[k] for k in names} for r in now] == was, table
        assert new["tables"][table]["rows"] == spec["rows"]
        for r in now:
            assert (r.get("seats", 4), r.get("variant", "four-handed")) == (4, "four-handed")
    deals = pq.read_table(after / "deals").to_pylist()
    assert len(deals) > 100
    for d in deals:
        if d["maker"] is None:
            assert d["makers"] is None and d["maker_tricks"] is None
        else:
            partner = {"N": "S", "S": "N", "E": "W", "W": "E"}[d["maker"]]
            assert d["makers"] == ([d["maker"]] if d["alone"] else [d["maker"], partner])
            assert d["maker_tricks"] == (d["tricks_ns"] if d["maker_side"] == "NS" else d["tricks_ew"])
    scores = pq.read_table(after / "deal_scores").to_pylist()
    assert len(scores) == 4 * len(deals)


# --- the page's cross-variant queries ----------------------------------------------------------

def _variant_block() -> dict[str, str]:
    return marked_statements(ROOT / "docs" / "DATASET.md", "variants-sql")


def test_the_pages_variant_queries_give_the_hand_worked_figures(mixed):
    """docs/DATASET.md's queries across variants, run on the mixed archive: the points per
    seat, summed by variant in one group-by, are the goldens' hand-worked points summed the
    same way (a four-handed seat counts his partnership's points, as VARIANTS.md scores it)."""
    _, out, sources = mixed
    statements = _variant_block()
    assert len(statements) == 3
    cwd = os.getcwd()
    os.chdir(out.parent)
    try:
        results = {t: duckdb.sql(sql.replace("'tables/", "'out/")).fetchall()
                   for t, sql in statements.items()}
    finally:
        os.chdir(cwd)
    by_hand: dict[str, int] = defaultdict(int)
    deals_by_hand: dict[str, int] = defaultdict(int)
    for case in sources.values():
        want = json.loads(case.with_suffix(".expected.json").read_text(encoding="utf-8"))
        seats = json.loads(case.read_text(encoding="utf-8"))["rules"]["seats"]
        for exp in want["deals"] if "deals" in want else [want]:
            by_hand[VARIANT[seats]] += sum(exp["points"])
            deals_by_hand[VARIANT[seats]] += 1
    points = {v: (d, p) for v, d, p in results["points scored per variant (every seat's points)"]}
    for variant, total in by_hand.items():
        assert points[variant] == (deals_by_hand[variant], total), variant
    assert points["four-handed"][0] > 0
    won = results["games won per player and variant"]
    assert won and all(v in VARIANT.values() for v, _, _ in won)
    makers = dict((v, rate) for v, rate in results["how often the making side is euchred, by variant"])
    assert set(makers) == set(VARIANT.values()) and all(0 <= r <= 1 for r in makers.values())


def test_every_table_but_errors_names_its_variant():
    for table in TABLES:
        names = [c for c, _ in COLUMNS[table]]
        assert ("seats" in names and "variant" in names) is (table != "errors"), table
