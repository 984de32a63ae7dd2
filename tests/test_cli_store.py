"""The store commands through click's CliRunner, and one test of the real server process; the
records of tables of two, three and five imported, shown, filtered, dumped, backed up and
restored, and their players' records (oracles: the hand-worked tests/golden/variants)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from click.testing import CliRunner

from euchre_records.testkit.samples import random_texts
from euchre_records.cli import store_access
from euchre_records.cli.main import main

from auth_fixtures import make_token
from golden_cases import cases, expected

TEXTS = list(random_texts(4, start_seed=200))

VARIANTS = cases("variants")    # tests/golden/variants: the tables of two, three and five
CUT_TIE = VARIANTS[10]      # 11: cut-throat from [8, 8, 5]: [11, 10, 5], seat 0 wins


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture
def files(tmp_path):
    """Two record files, a JSON Lines file with two records and a bad line, a golden to skip."""
    folder = tmp_path / "in"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.json").write_text(TEXTS[0])
    (folder / "sub" / "b.json").write_text(TEXTS[1])
    (folder / "a.expected.json").write_text(json.dumps({"deals": []}))
    lines = [json.dumps(json.loads(t)) for t in TEXTS[2:]] + ["{not json"]
    jsonl = tmp_path / "more.jsonl"
    jsonl.write_text("\n".join(lines) + "\n\n")
    return folder, jsonl


def run(runner, *args, **kwargs):
    return runner.invoke(main, [str(a) for a in args], catch_exceptions=False, **kwargs)


def test_import_files_folders_and_jsonl(runner, files, tmp_path):
    folder, jsonl = files
    db = tmp_path / "c.db"
    result = run(runner, "import", folder, jsonl, "--db", db, "--no-progress")
    assert result.exit_code == 1  # the bad JSON line
    assert "stored 4" in result.stderr and "invalid 1" in result.stderr
    assert f"{jsonl}:3: invalid:" in result.stderr
    assert "a.expected.json: skipped" in result.stderr
    again = run(runner, "import", folder, "--db", db, "--progress")
    assert again.exit_code == 0 and "stored 0" in again.stderr and "duplicates 2" in again.stderr


def test_import_from_stdin(runner, tmp_path):
    db = tmp_path / "c.db"
    one = run(runner, "import", "-", "--db", db, input=TEXTS[0])  # one indented record
    assert one.exit_code == 0 and "stored 1" in one.stderr
    jsonl = "".join(json.dumps(json.loads(t)) + "\n" for t in TEXTS)
    many = run(runner, "import", "-", "--db", db, "--submitted-by", "Ann", input=jsonl)
    assert many.exit_code == 0 and "stored 3" in many.stderr and "duplicates 1" in many.stderr


def test_import_usage_errors_exit_2(runner, tmp_path):
    assert run(runner, "import", "--db", tmp_path / "c.db").exit_code == 2
    assert run(runner, "import", tmp_path / "missing.json", "--db", tmp_path / "c.db").exit_code == 2


@pytest.fixture
def filled(runner, files, tmp_path):
    db = tmp_path / "filled.db"
    run(runner, "import", files[0], "--db", db)
    return db


def test_rubbers_in_every_format(runner, filled):
    table = run(runner, "rubbers", "--db", filled)
    assert table.exit_code == 0 and table.stdout.splitlines()[0].startswith("rubber_id")
    assert len(table.stdout.splitlines()) == 4
    rows = json.loads(run(runner, "rubbers", "--db", filled, "--format", "json").stdout)
    assert len(rows) == 2 and {"winner", "rubber_points_ns", "ns_players"} <= set(rows[0])
    csv_out = run(runner, "rubbers", "--db", filled, "--format", "csv").stdout
    assert csv_out.splitlines()[0].startswith("rubber_id,record_id")
    name = json.loads(TEXTS[0])["players"]["N"]["name"]
    mine = json.loads(run(runner, "rubbers", "--db", filled, "--player", name, "--format",
                          "json").stdout)
    assert mine and all(name in r["ns_players"] + r["ew_players"] for r in mine)


def test_show(runner, filled):
    table = run(runner, "show", "1", "--db", filled)
    assert table.exit_code == 0 and "players:" in table.stdout and "score_ns" in table.stdout
    data = json.loads(run(runner, "show", "1", "--db", filled, "--format", "json").stdout)
    assert data["record"] == json.loads(TEXTS[0]) and data["result"]["games"]
    csv_out = run(runner, "show", "1", "--db", filled, "--format", "csv").stdout
    assert len(csv_out.splitlines()) == 1 + data["deals"]
    missing = run(runner, "show", "99", "--db", filled)
    assert missing.exit_code == 1 and "no record 99" in missing.stderr


def test_players(runner, filled):
    rows = json.loads(run(runner, "players", "--db", filled, "--format", "json").stdout)
    assert rows and {"name", "rubbers_played", "euchres_inflicted", "revokes"} <= set(rows[0])
    assert run(runner, "players", "--db", filled).stdout.startswith("name")


def test_query_commands_want_an_existing_database(runner, tmp_path):
    result = run(runner, "rubbers", "--db", tmp_path / "none.db")
    assert result.exit_code == 1 and "no database" in result.stderr
    assert not (tmp_path / "none.db").exists()


@pytest.mark.parametrize("command", ["import", "correct", "rubbers", "show", "players", "serve"])
def test_every_command_has_help_with_an_example(runner, command):
    result = run(runner, command, "--help")
    assert result.exit_code == 0 and "Example" in result.stdout


def test_serve_without_db_loads_the_examples_once(runner, tmp_path, monkeypatch):
    from euchre_records.api import server

    calls = []

    class Bound:  # the bound server, not run: serve() runs it until Ctrl-C
        def run(self) -> None:
            pass

        def close(self) -> None:
            pass

    monkeypatch.setattr(server, "make_server", lambda app, **kw: calls.append(kw) or Bound())
    monkeypatch.delenv("EUCHRE_DB", raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "examples").mkdir()
    (tmp_path / "examples" / "one.json").write_text(TEXTS[0])
    first = run(runner, "serve", "--port", "8123")
    assert first.exit_code == 0 and "stored 1" in first.stderr
    assert calls[0]["port"] == 8123 and calls[0]["threads"] >= 2
    assert Path(store_access.DEFAULT_DB).exists()
    second = run(runner, "serve")
    assert "stored" not in second.stderr  # not on later starts
    (tmp_path / store_access.DEFAULT_DB).unlink()
    (tmp_path / "examples" / "one.json").unlink()
    (tmp_path / "examples").rmdir()
    assert "no ./examples folder" in run(runner, "serve").stderr


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _request(url: str, data: bytes | None = None, token: str | None = None) -> tuple[int, dict]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    req = urllib.request.Request(url, data=data, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            return resp.status, json.loads(resp.read())
    except urllib.error.HTTPError as err:
        with err:
            return err.code, json.loads(err.read())


def test_real_server_process(tmp_path):
    port = _free_port()
    _, token = make_token(tmp_path / "live.db")  # as `euchre token create` does
    script = Path(sys.executable).parent / "euchre"
    command = [str(script)] if script.exists() else [
        sys.executable, "-c", "from euchre_records.cli.main import main; main()"]
    proc = subprocess.Popen(
        command + ["serve", "--db", str(tmp_path / "live.db"), "--port", str(port)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env={**os.environ, "PYTHONWARNINGS": ""})
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                status, spec = _request(base + "/openapi.json")
                break
            except (urllib.error.URLError, ConnectionError):
                assert proc.poll() is None, proc.stderr.read().decode()  # type: ignore[union-attr]
                assert time.monotonic() < deadline, "server did not start"
                time.sleep(0.1)
        assert status == 200 and "/records" in spec["paths"]
        assert _request(base + "/records", TEXTS[0].encode())[0] == 401  # writes need a token
        status, saved = _request(base + "/records", TEXTS[0].encode(), token)
        assert status == 201
        status, again = _request(base + "/records", TEXTS[0].encode(), token)
        assert (status, again["id"], again["duplicate"]) == (200, saved["id"], True)
        status, record = _request(f"{base}/records/{saved['id']}")
        assert status == 200 and record["record"] == json.loads(TEXTS[0])
        status, error = _request(base + "/rubbers/999")
        assert status == 404 and error["error"]["code"] == "not-found"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stderr.close()  # type: ignore[union-attr]


def test_import_a_folder_of_egn_files(runner, tmp_path):
    samples = Path(__file__).parent / "data" / "egn"
    egn = tmp_path / "egn"   # the EGN 1.4 samples (legacy/ holds two impossible 1.0 files)
    egn.mkdir()
    for path in [*samples.glob("*.egn"), samples / "egn-schema-v1.json"]:
        (egn / path.name).write_bytes(path.read_bytes())
    result = run(runner, "import", egn, "--db", tmp_path / "egn.db")
    assert result.exit_code == 0, result.stderr
    stored = len(list(egn.glob("*.egn")))
    assert f"stored {stored} " in result.stderr and "egn-schema-v1.json: skipped" in result.stderr


def test_parallel_import_gives_the_same_store(runner, files, tmp_path):
    folder, jsonl = files
    one = run(runner, "import", folder, jsonl, "--db", tmp_path / "one.db")
    two = run(runner, "import", folder, jsonl, "--db", tmp_path / "two.db", "--jobs", "2")
    assert (one.exit_code, two.exit_code) == (1, 1)
    assert one.stderr == two.stderr
    assert json.loads(run(runner, "players", "--db", tmp_path / "one.db", "--format", "json").stdout) \
        == json.loads(run(runner, "players", "--db", tmp_path / "two.db", "--format", "json").stdout)


def test_correct_stores_a_new_version(runner, filled, tmp_path):
    data = json.loads(TEXTS[0])
    data["event"]["notes"] = "corrected"
    fixed = tmp_path / "fixed.json"
    fixed.write_text(json.dumps(data))
    result = run(runner, "correct", "1", fixed, "--db", filled, "--submitted-by", "referee")
    assert result.exit_code == 0, result.stderr
    new_id = int(result.stdout)
    shown = json.loads(run(runner, "show", "1", "--db", filled, "--format", "json").stdout)
    assert shown["status"] == "superseded" and shown["superseded_by"] == new_id
    again = run(runner, "correct", "1", fixed, "--db", filled)
    assert again.exit_code == 1 and "already stored" in again.stderr
    data["event"]["notes"] = "twice"
    fixed.write_text(json.dumps(data))
    twice = run(runner, "correct", "1", fixed, "--db", filled)
    assert twice.exit_code == 1 and f"current version is {new_id}" in twice.stderr
    fixed.write_text("{}")
    assert run(runner, "correct", str(new_id), fixed, "--db", filled).exit_code == 1


def test_import_survives_an_oversized_number_in_one_record(runner, tmp_path):
    bad = json.loads(TEXTS[1])
    bad["start_score"] = [10**30, 0]
    jsonl = tmp_path / "three.jsonl"
    jsonl.write_text("".join(json.dumps(d) + "\n" for d in
                             (json.loads(TEXTS[0]), bad, json.loads(TEXTS[2]))))
    result = run(runner, "import", jsonl, "--db", tmp_path / "c.db", "--no-progress")
    assert result.exit_code == 1
    assert "stored 2" in result.stderr and "invalid 1" in result.stderr
    assert f"{jsonl}:2: invalid: start_score: points out of range" in result.stderr


def test_oversized_ids_and_limits_are_usage_errors(runner, filled):
    huge = "99999999999999999999"
    for args in (("show", huge), ("rubbers", "--limit", huge), ("correct", huge, str(filled))):
        result = runner.invoke(main, [*args, "--db", str(filled)])
        assert result.exit_code == 2, result.output
        assert isinstance(result.exception, (SystemExit, type(None)))
        assert "Traceback" not in result.output and "range" in result.stderr
    assert run(runner, "show", str(2**63 - 1), "--db", filled).exit_code == 1  # unknown, no crash
    assert run(runner, "rubbers", "--limit", str(2**63 - 1), "--db", filled).exit_code == 0


def test_correct_refuses_a_record_already_stored(runner, filled):
    stored = json.loads(run(runner, "show", "2", "--db", filled, "--format", "json").stdout)
    other = runner.invoke(main, ["correct", "1", "-", "--db", str(filled)],
                          input=json.dumps(stored["record"]))
    assert other.exit_code == 1 and "already stored as record 2" in other.stderr
    shown = json.loads(run(runner, "show", "1", "--db", filled, "--format", "json").stdout)
    assert shown["status"] == "current"
    assert run(runner, "correct", "99", "-", "--db", filled,
               input=json.dumps(stored["record"])).exit_code == 1


def test_correct_reports_a_file_that_is_not_utf8(runner, filled, tmp_path):
    latin = tmp_path / "latin1.json"
    latin.write_bytes(TEXTS[0].replace('"format"', '"note": "caf\xe9", "format"', 1)
                      .encode("latin-1"))
    result = runner.invoke(main, ["correct", "1", str(latin), "--db", str(filled)])
    assert result.exit_code == 1, result.output
    assert isinstance(result.exception, (SystemExit, type(None)))
    assert "not UTF-8" in result.stderr and "Traceback" not in result.output


# --- tables of two, three and five ---------------------------------------------------------------

def test_import_show_filter_and_dump_round_trip(runner: CliRunner, tmp_path: Path) -> None:
    db, again = tmp_path / "club.db", tmp_path / "again.db"
    texts = [p for p in VARIANTS]
    imported = run(runner, "import", *map(str, texts), "--db", str(db))
    assert imported.exit_code == 3, imported.stderr    # stored, some with findings
    assert f"stored {len(VARIANTS)} " in imported.stderr
    shown = run(runner, "show", "--db", str(db), "--seats", "3", "--format", "json")
    records = json.loads(shown.output)
    cut = [p for p in VARIANTS if json.loads(p.read_text())["rules"]["seats"] == 3]
    assert len(records) == len(cut) and {r["variant"] for r in records} == {"cut-throat"}
    tie = next(r for r in records if r["result"]["games"][0]["start"] == [8, 8, 5])
    assert tie["result"]["games"][0]["score"] == expected(CUT_TIE)["games"][0]["score"]
    table = run(runner, "show", str(tie["id"]), "--db", str(db))
    assert "variant:       cut-throat" in table.output
    assert "points_0" in table.output and "score_2" in table.output
    csv = run(runner, "show", "--db", str(db), "--variant", "call-your-partner", "--format", "csv")
    head = csv.output.splitlines()[0].split(",")
    assert head[:2] == ["record_id", "number"] and "points_4" in head and "points_ns" not in head
    dump = run(runner, "export", "--db", str(db), "--to", "jsonl")
    assert dump.exit_code == 0 and len(dump.output.splitlines()) == len(VARIANTS)
    dumped = tmp_path / "dump.jsonl"
    dumped.write_text(dump.output, encoding="utf-8")
    restored = run(runner, "import", str(dumped), "--db", str(again))
    assert f"stored {len(VARIANTS)} " in restored.stderr, restored.stderr
    a = json.loads(run(runner, "show", "--db", str(db), "--format", "json").output)
    b = json.loads(run(runner, "show", "--db", str(again), "--format", "json").output)
    assert [r["hash"] for r in a] == [r["hash"] for r in b]
    assert [r["result"] for r in a] == [r["result"] for r in b]
    checked = run(runner, "validate", str(dumped))
    assert checked.exit_code == 3 and checked.output.count(": ok (") + checked.stderr.count(
        "finding") >= len(VARIANTS)


def test_backup_and_restore_keep_the_tables_of_n(runner: CliRunner, tmp_path: Path) -> None:
    db, copy, public, restored = (tmp_path / n for n in ("a.db", "b.db", "p.db", "r.db"))
    assert run(runner, "import", *map(str, VARIANTS), "--db", str(db)).exit_code == 3
    assert run(runner, "backup", "--db", str(db), str(copy)).exit_code == 0
    assert run(runner, "backup", "--db", str(db), "--public", str(public)).exit_code == 0
    assert run(runner, "restore", str(copy), "--db", str(restored)).exit_code == 0
    import sqlite3
    tables = ("records", "seats", "table_games", "game_scores", "table_deals", "deal_scores",
              "table_findings")

    def rows(path: Path, table: str) -> list[tuple[object, ...]]:
        with sqlite3.connect(path) as conn:
            return sorted(conn.execute(f"SELECT * FROM {table}").fetchall(), key=repr)

    for table in tables:
        assert rows(restored, table) == rows(db, table), table
        if table != "records":   # the public copy keeps them as they are (records: token ids cleared)
            assert rows(public, table) == rows(db, table), table
    assert len(rows(db, "deal_scores")) > 50


def test_player_shows_the_record_at_each_table_size(runner: CliRunner, tmp_path: Path) -> None:
    """`euchre player ID`: a player of the cut-throat and five-handed examples has a row per
    variant; games won there are the games the replay gives him (the store's SQL against the
    engine's result), and an unknown id is exit 1, one line."""
    from euchre_records.schema.tables import load_table_record
    from euchre_records.match import replay
    examples = Path(__file__).parents[1] / "examples"
    db = str(tmp_path / "t.db")
    assert run(runner, "import", str(examples / "cutthroat-game.json"), str(examples / "five-handed-game.json"),
               "--db", db).exit_code == 0
    won: dict[tuple[str, str], int] = {}
    for name, variant in (("cutthroat-game.json", "cut-throat"), ("five-handed-game.json",
                                                                  "call-your-partner")):
        record = load_table_record(json.loads((examples / name).read_text(encoding="utf-8")))
        winners = [g.winner for g in replay(record).games if g.finished]
        for seat, p in record.players:
            won[(p.name, variant)] = winners.count(seat)
    seen = 0
    for pid in range(1, 20):
        shown = run(runner, "player", str(pid), "--db", db, "--format", "json")
        if shown.exit_code != 0:
            break
        body = json.loads(shown.output)
        for row in body["variants"]:
            assert row["games_won"] == won[(body["name"], row["variant"])], (body["name"], row)
            seen += 1
    assert seen == len(won)
    text = run(runner, "player", "1", "--db", db)
    assert text.exit_code == 0 and "tables of two, three and five:" in text.output
    missing = run(runner, "player", "99", "--db", db)
    assert missing.exit_code == 1 and "no player 99" in missing.stderr and "Traceback" not in missing.output
