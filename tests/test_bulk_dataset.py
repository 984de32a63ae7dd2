"""euchre dataset: Parquet tables from record archives, on Dask.

Oracles: the SQLite store built from the same texts (its rows are written by the store, not by
the bulk path), hand-worked plays from the examples, str.splitlines for the shard reader, and
byte comparison between schedulers.
"""

from __future__ import annotations

import importlib
import json
import os
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings, strategies as st



def _need(module: str):
    """The module, or a skip locally; under CI (which installs the bulk extra) missing fails."""
    if os.environ.get("CI"):
        return importlib.import_module(module)
    return pytest.importorskip(module, reason=f"{module} is not installed (the bulk extra)")


_need("dask.bag")
pq = _need("pyarrow.parquet")
duckdb = _need("duckdb")

from euchre_records.api.store.importer import ImportReport, import_sources  # noqa: E402
from euchre_records.api.store.migrations import migrate, open_db  # noqa: E402
from euchre_records.testkit.samples import random_texts, write_many_deals  # noqa: E402
from euchre_records.bulk.run import build_dataset  # noqa: E402
from euchre_records.bulk.shards import Shard, plan_shards, read_shard  # noqa: E402
from euchre_records.bulk.tables import COLUMNS, TABLES  # noqa: E402
from euchre_records.cli.main import main  # noqa: E402

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


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
