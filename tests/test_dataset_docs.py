"""docs/DATASET.md runs as written, and its figures are the CLI's (in the style of test_docs.py):
on one archive (season.jsonl of random rubbers, archive/ holding the examples, among them a
revoke claimed on a result-only deal, and two bad lines), ``euchre dataset`` and ``euchre import``
are run; the page's shell block runs in bash; every DuckDB statement of the page runs on the Parquet tables
and every SQLite statement on the store. The oracles: ``euchre players`` for revokes and
euchres suffered; the store's own ``calls`` rows, compared with the Parquet ``calls`` row for row;
the round-1 question answered the same way by both SQL dialects, and by counting the calls of
the records in Python from the notation (``Record.deals[..].calls``), not from either table."""

from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

duckdb = pytest.importorskip("duckdb")
pytest.importorskip("pyarrow")
pytest.importorskip("dask")

from euchre_records.testkit.samples import random_texts  # noqa: E402
from euchre_records.cli.main import main  # noqa: E402
from euchre_records.model import CallKind  # noqa: E402
from euchre_records.schema.notation import loads  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "DATASET.md"


def _blocks(lang: str) -> list[str]:
    return re.findall(rf"```{lang}\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)


def _statements(block: str) -> dict[str, str]:
    """``-- title`` -> the statement under it, for each statement of a SQL block."""
    out: dict[str, str] = {}
    for chunk in block.split(";"):
        lines = [ln for ln in chunk.strip().splitlines() if ln.strip()]
        if not lines:
            continue
        assert lines[0].startswith("-- "), chunk
        out[lines[0][3:].strip()] = "\n".join(lines[1:])
    return out


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with season.jsonl, archive/, the dataset in tables/ and the store club.db."""
    where = tmp_path_factory.mktemp("dataset-docs")
    with (where / "season.jsonl").open("w", encoding="utf-8") as f:
        for text in random_texts(6, start_seed=900):
            f.write(json.dumps(json.loads(text), ensure_ascii=False) + "\n")
    shutil.copytree(ROOT / "examples", where / "archive")
    (where / "bad.jsonl").write_text('{"format": "euchre-records"}\n{bad\n', encoding="utf-8")
    inputs = [str(where / "season.jsonl"), str(where / "archive"), str(where / "bad.jsonl")]
    runner = CliRunner()
    result = runner.invoke(main, ["dataset", *inputs, "--out", str(where / "tables"),
                                  "--no-progress"])
    assert result.exit_code == 1, result.output   # the two bad lines are in the errors table
    result = runner.invoke(main, ["import", *inputs, "--db", str(where / "club.db"),
                                  "--no-progress"])
    assert result.exit_code == 1, result.output
    return where


def _duck(where: Path, sql: str) -> list[tuple[Any, ...]]:
    cwd = os.getcwd()
    os.chdir(where)   # the page's paths are relative: 'tables/...'
    try:
        return [tuple(r) for r in duckdb.sql(sql).fetchall()]
    finally:
        os.chdir(cwd)


def _players(where: Path) -> dict[str, dict[str, Any]]:
    result = CliRunner().invoke(main, ["players", "--db", str(where / "club.db"), "--format",
                                       "json"])
    assert result.exit_code == 0, result.output
    return {r["name"]: r for r in json.loads(result.stdout)}


def test_the_shell_block_runs_as_written(archive: Path) -> None:
    (block,) = _blocks("sh")
    lines = [ln for ln in block.splitlines() if ln.strip() and not ln.startswith("pip ")]
    assert lines[0].startswith("euchre dataset season.jsonl archive/ --out tables")
    scratch = archive / "shell"
    scratch.mkdir()
    shutil.copy(archive / "season.jsonl", scratch)
    shutil.copytree(archive / "archive", scratch / "archive")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    outputs = []
    for line in lines:
        done = subprocess.run(["bash", "-c", line], cwd=scratch, env=env, capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, (line, done.stderr[-2000:])
        outputs.append(done.stdout)
    trumps = {r[0] for r in _duck(archive, "SELECT DISTINCT trump FROM 'tables/deals/*.parquet' "
                                           "WHERE trump IS NOT NULL")}
    assert all(f"│ {t} " in outputs[1] for t in trumps), outputs[1]
    assert "revoke" in outputs[2] and "True" in outputs[2]


ANALYSED = "(with --analysis) tricks thrown away per player, double dummy"


def test_the_duckdb_examples_give_the_cli_figures(archive: Path) -> None:
    statements = _statements(_blocks("sql")[0])
    assert len(statements) == 6
    results = {title: _duck(archive, sql) for title, sql in statements.items()
               if title != ANALYSED}   # all run
    players = _players(archive)
    revokes = dict(results["revokes by player, as euchre players counts them (findings against "
                           "the player's seat)"])
    assert revokes == {n: r["revokes"] for n, r in players.items() if r["revokes"]}
    conn = sqlite3.connect(archive / "club.db")
    on_result_deals = conn.execute(
        "SELECT count(*) FROM findings f JOIN deals d ON d.id = f.deal_id "
        "WHERE f.kind = 'revoke' AND d.kind = 'result'").fetchone()[0]
    conn.close()
    assert on_result_deals > 0   # a revoke without plays is in the figure too
    euchres = dict(results["euchres suffered by player, as euchre players counts them"])
    assert euchres == {n: r["euchres_suffered"] for n, r in players.items()
                       if r["euchres_suffered"]}
    rates = results["how often the maker is euchred, by trump and alone (deals played: a maker, "
                    "no redeal)"]
    assert rates and all(0 <= rate <= 1 for _, _, rate in rates)
    wrong = results["what went wrong in an archive"]
    assert {source for source, _, _ in wrong} == {f"{archive / 'bad.jsonl'}:1",
                                                  f"{archive / 'bad.jsonl'}:2"}, wrong


def _ordered_up_by_hand(where: Path) -> float:
    """The share of deals with calls whose first round accepted the turned card, counted from
    the records' texts: the calls in turn from the dealer's left, four passes closing round 1."""
    conn = sqlite3.connect(where / "club.db")
    texts = [r[0] for r in conn.execute(
        "SELECT canonical FROM records WHERE status = 'current' AND seats = 4")]  # calls: four hands
    conn.close()
    deals = ordered = 0
    for text in texts:
        for deal in loads(text).deals:
            if not deal.calls:
                continue
            deals += 1
            passes = 0
            for call in deal.calls:
                if call.kind is CallKind.PASS:
                    passes += 1
                    continue
                ordered += passes < 4 and call.kind.accepts
                break
    return ordered / deals


def test_calls_are_the_same_rows_in_sql_and_parquet(archive: Path) -> None:
    conn = sqlite3.connect(archive / "club.db")
    try:
        stored = sorted(conn.execute(
            "SELECT r.hash, c.deal, c.call, c.round, c.seat, c.kind, c.suit, c.alone FROM calls c "
            "JOIN records r ON r.id = c.record_id WHERE r.status = 'current'").fetchall(),
            key=repr)
        sqlite_statements = _statements(_blocks("sql")[1])
        assert len(sqlite_statements) == 2
        answers = {t: conn.execute(sql).fetchall() for t, sql in sqlite_statements.items()}
    finally:
        conn.close()
    parquet = sorted(((r[0], r[1], r[2], r[3], r[4], r[5], r[6], int(r[7])) for r in _duck(
        archive, "SELECT record_id, deal, call, round, seat, kind, suit, alone "
                 "FROM 'tables/calls/*.parquet'")), key=repr)
    assert stored == parquet and len(stored) > 100
    title = "how often the turned card is ordered up (taken or assisted) in the first round"
    in_sqlite = answers[title][0][0]
    in_duckdb = _duck(archive, _statements(_blocks("sql")[0])[title])[0][0]
    assert in_sqlite == pytest.approx(in_duckdb) == pytest.approx(_ordered_up_by_hand(archive))
    kinds = dict(answers["the first-round calls, by kind"])
    assert kinds["pass"] > 0 and sum(kinds.values()) == sum(1 for r in stored if r[3] == 1)


def test_the_analysis_example_runs_on_an_analysed_dataset(tmp_path: Path) -> None:
    """The page's --analysis query, on the dataset of the hand-solved goldens
    (tests/golden/analysis): the tricks lost per player add up to the costs of the plays."""
    goldens = sorted(p for p in (ROOT / "tests" / "golden" / "analysis").glob("*.json")
                     if not p.name.endswith(".expected.json"))
    result = CliRunner().invoke(main, ["dataset", *map(str, goldens), "--out",
                                       str(tmp_path / "tables"), "--analysis", "--no-progress"])
    assert result.exit_code == 0, result.output
    (sql,) = [s for title, s in _statements(_blocks("sql")[0]).items() if title == ANALYSED]
    rows = _duck(tmp_path, sql)
    total = _duck(tmp_path, "SELECT sum(cost), count(*) FROM 'tables/analysis_plays/*.parquet'")
    assert rows and sum(r[2] for r in rows) == total[0][0]
    assert sum(r[1] for r in rows) == total[0][1]


def test_the_documented_trim_setting_unsets_only_the_trim_variable() -> None:
    """The page's way to start workers without ``MALLOC_TRIM_THRESHOLD_`` ("Measured"): the
    variable as written there, read by a fresh interpreter as a nanny reads its workers'
    environment, drops that variable and keeps Dask's others."""
    pytest.importorskip("distributed")
    (setting,) = re.findall(r'^\s+(DASK_DISTRIBUTED__NANNY__PRE_SPAWN_ENVIRON="[^"]+") \\$',
                            PAGE.read_text(encoding="utf-8"), re.M)
    name, value = setting.split("=", 1)
    code = ("import json\nfrom distributed.nanny import _get_env_variables\n"
            "print(json.dumps(_get_env_variables('distributed.nanny.pre-spawn-environ')))")
    env = {k: v for k, v in os.environ.items() if not k.startswith("DASK_")}
    read = [json.loads(subprocess.run([sys.executable, "-c", code], env=extra, check=True,
                                      capture_output=True, text=True, timeout=120).stdout)
            for extra in (env, {**env, name: value.strip('"')})]
    assert "MALLOC_TRIM_THRESHOLD_" in read[0]                 # Dask's default sets it
    assert "MALLOC_TRIM_THRESHOLD_" not in read[1]
    assert {k: v for k, v in read[0].items() if k != "MALLOC_TRIM_THRESHOLD_"} == read[1]
