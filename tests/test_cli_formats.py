"""The command line composes: one --format vocabulary, exit codes 0/1/2/3, filters, store dumps.

Oracles: json.loads (valid JSON or not), the hashes the store computed on the first import,
and record counts chosen by construction (dates and clubs written into the test records).
"""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from euchre_records.testkit.samples import random_texts
from euchre_records.cli.main import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

CLEAN = {
    "format": "euchre-records", "version": "1.0",
    "rules": {"preset": "modern", "overrides": {"game_points": 5}},
    "deals": [
        {"kind": "result", "dealer": "N", "result": {"maker": "E", "trump": "H", "tricks": 3},
         "scoresheet": {"points": [0, 1], "total": [0, 1]}},
    ],
}
WRONG_SHEET = json.loads(json.dumps(CLEAN))
WRONG_SHEET["deals"][0]["scoresheet"] = {"points": [0, 2], "total": [0, 2]}  # Modern §6: 1


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def mixed(tmp_path: Path) -> Path:
    """Line 1 clean, 2 invalid JSON, 3 a sheet disagreement, 4 invalid notation."""
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join([json.dumps(CLEAN), "{nope", json.dumps(WRONG_SHEET),
                               json.dumps(dict(CLEAN, version="9"))]) + "\n", encoding="utf-8")
    return path


def test_exit_codes_tell_the_cases_apart(runner, tmp_path):
    clean = tmp_path / "clean.json"
    clean.write_text(json.dumps(CLEAN))
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps(WRONG_SHEET))
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    for command in ("validate", "replay"):
        assert runner.invoke(main, [command, str(clean)]).exit_code == 0
        assert runner.invoke(main, [command, str(wrong)]).exit_code == 3
        assert runner.invoke(main, [command, str(bad)]).exit_code == 1
        assert runner.invoke(main, [command, str(tmp_path / "none.json")]).exit_code == 2
    assert runner.invoke(main, ["validate", str(clean), str(wrong), str(bad)]).exit_code == 1
    assert runner.invoke(main, ["validate", str(clean), str(wrong)]).exit_code == 3
    db = str(tmp_path / "c.db")
    assert runner.invoke(main, ["import", str(clean), "--db", db]).exit_code == 0
    assert runner.invoke(main, ["import", str(wrong), "--db", db]).exit_code == 3
    assert runner.invoke(main, ["import", str(bad), "--db", db]).exit_code == 1
    assert runner.invoke(main, ["import", str(tmp_path / "none.json"), "--db", db]).exit_code == 2


def test_validate_json_and_jsonl_give_every_problem_with_its_place(runner, mixed):
    result = runner.invoke(main, ["validate", str(mixed), "--format", "json"])
    assert result.exit_code == 1
    verdicts = json.loads(result.stdout)
    assert [(v["source"], v["status"]) for v in verdicts] == [
        (f"{mixed}:1", "ok"), (f"{mixed}:2", "invalid"), (f"{mixed}:3", "findings"),
        (f"{mixed}:4", "invalid")]
    assert verdicts[3]["errors"][0]["where"] == "version"
    finding = verdicts[2]["findings"][0]
    assert finding["kind"] == "scoresheet" and finding["deal"] == 1 and "Modern" in finding["rule"]
    lines = runner.invoke(main, ["validate", str(mixed), "--format", "jsonl"]).stdout.splitlines()
    assert [json.loads(x) for x in lines] == verdicts
    rows = list(csv.DictReader(io.StringIO(
        runner.invoke(main, ["validate", str(mixed), "--format", "csv"]).stdout)))
    assert {r["source"] for r in rows} == {v["source"] for v in verdicts}
    assert any(r["where"] == "version" and r["status"] == "invalid" for r in rows)


def test_replay_json_on_json_lines_is_one_array(runner, mixed, tmp_path):
    result = runner.invoke(main, ["replay", str(mixed), "--format", "json"])
    assert result.exit_code == 1
    results = json.loads(result.stdout)  # valid JSON: an array of the valid records' results
    assert isinstance(results, list) and len(results) == 2
    lines = runner.invoke(main, ["replay", str(mixed), "--format", "jsonl"]).stdout.splitlines()
    assert [json.loads(x) for x in lines] == results
    one = runner.invoke(main, ["replay", str(EXAMPLES / "hoyle-rubber.json"), "--format", "json"])
    assert isinstance(json.loads(one.stdout), dict)  # a record file: one document
    stdin = runner.invoke(main, ["replay", "-", "--format", "json"],
                          input=json.dumps(CLEAN) + "\n" + json.dumps(CLEAN) + "\n")
    assert len(json.loads(stdin.stdout)) == 2


def _store(runner, tmp_path) -> str:
    """Six records: Bath in 1888-03 and 1888-07, Wells in 1888-05, ... (written here)."""
    db = str(tmp_path / "club.db")
    path = tmp_path / "six.jsonl"
    plan = [("Bath", "1888-03-01"), ("Bath", "1888-07-09"), ("Wells", "1888-05-02"),
            ("Wells", "1888-05-31"), ("Taunton", "1889-01-01"), ("Bath", "1888-05-15")]
    with path.open("w") as f:
        for (club, date), text in zip(plan, random_texts(len(plan), start_seed=40)):
            doc = json.loads(text)
            doc["event"].update(club=club, date=date)
            f.write(json.dumps(doc) + "\n")
    result = runner.invoke(main, ["import", str(path), "--db", db])
    assert result.exit_code == 0, result.output
    return db


def test_rubbers_and_show_filters(runner, tmp_path):
    db = _store(runner, tmp_path)

    def rubbers(*args):
        out = runner.invoke(main, ["rubbers", "--db", db, "--format", "json", *args])
        assert out.exit_code == 0, out.output
        return sorted((r["club"], r["date"]) for r in json.loads(out.stdout))
    assert len(rubbers()) == 6
    assert rubbers("--club", "Bath", "--from", "1888-05") == [("Bath", "1888-05-15"),
                                                               ("Bath", "1888-07-09")]
    assert rubbers("--to-date", "1888-05") == [("Bath", "1888-03-01"), ("Bath", "1888-05-15"),
                                          ("Wells", "1888-05-02"), ("Wells", "1888-05-31")]
    shown = runner.invoke(main, ["show", "--db", db, "--club", "Wells", "--format", "jsonl"])
    assert shown.exit_code == 0
    docs = [json.loads(x) for x in shown.stdout.splitlines()]
    assert [d["date"] for d in docs] == ["1888-05-02", "1888-05-31"]
    assert all(d["record"]["event"]["club"] == "Wells" for d in docs)
    assert runner.invoke(main, ["show", "1", "--club", "Bath", "--db", db]).exit_code == 2
    table = runner.invoke(main, ["show", "--db", db, "--player", "nobody"])
    assert table.exit_code == 0 and table.stdout == ""


def test_store_dump_imports_into_an_empty_store_with_the_same_hashes(runner, tmp_path):
    db = _store(runner, tmp_path)
    examples = runner.invoke(main, ["import", str(EXAMPLES), "--db", db])
    assert examples.exit_code == 3  # the examples hold deliberate findings
    fixed = json.loads(runner.invoke(main, ["show", "1", "--db", db, "--format", "json"]).stdout)
    fixed["record"]["event"]["table"] = "9"
    corrected = tmp_path / "fixed.json"
    corrected.write_text(json.dumps(fixed["record"]))
    assert runner.invoke(main, ["correct", "1", str(corrected), "--db", db]).exit_code == 0

    def hashes(path, status=None):
        with sqlite3.connect(path) as conn:
            sql = "SELECT hash FROM records" + (" WHERE status = ?" if status else "")
            return sorted(h for (h,) in conn.execute(sql, [status] if status else []))

    for flags, expected in (([], hashes(db, "current")), (["--all-versions"], hashes(db))):
        dump = runner.invoke(main, ["export", "--db", db, "--to", "jsonl", *flags])
        assert dump.exit_code == 0, dump.stderr
        path = tmp_path / f"dump{len(flags)}.jsonl"
        path.write_text(dump.stdout, encoding="utf-8")
        fresh = str(tmp_path / f"fresh{len(flags)}.db")
        again = runner.invoke(main, ["import", str(path), "--db", fresh])
        assert again.exit_code in (0, 3), again.output
        assert hashes(fresh) == expected
    assert len(hashes(db)) == len(hashes(db, "current")) + 1


def test_store_dump_as_egn_for_records_egn_can_carry(runner, tmp_path):
    db = str(tmp_path / "e.db")
    egn = Path(__file__).resolve().parent / "data" / "egn"
    source = next(p for p in sorted(egn.glob("*.egn"))
                  if runner.invoke(main, ["import", str(p), "--db", db]).exit_code in (0, 3))
    dump = runner.invoke(main, ["export", "--db", db, "--to", "egn"])
    assert dump.exit_code == 0, (source, dump.stderr)
    path = tmp_path / "dump.jsonl"
    path.write_text(dump.stdout)
    fresh = str(tmp_path / "f.db")
    assert runner.invoke(main, ["import", str(path), "--db", fresh]).exit_code in (0, 3)
    with sqlite3.connect(db) as a, sqlite3.connect(fresh) as b:
        assert (a.execute("SELECT hash FROM records").fetchall()
                == b.execute("SELECT hash FROM records").fetchall())


def test_export_usage(runner, tmp_path):
    db = _store(runner, tmp_path)
    assert runner.invoke(main, ["export", "--to", "jsonl"]).exit_code == 2
    assert runner.invoke(main, ["export", str(EXAMPLES / "hoyle-rubber.json"), "--db", db,
                                "--to", "jsonl"]).exit_code == 2
    assert runner.invoke(main, ["export", "--db", db, "--to", "openspiel"]).exit_code == 2
    assert runner.invoke(main, ["export", str(EXAMPLES / "hoyle-rubber.json"), "--club", "x",
                                "--to", "jsonl"]).exit_code == 2
    by_club = runner.invoke(main, ["export", "--db", db, "--to", "jsonl", "--club", "Bath",
                                   "--to-date", "1888-06"])
    assert [json.loads(x)["event"]["date"] for x in by_club.stdout.splitlines()] == [
        "1888-03-01", "1888-05-15"]


@pytest.mark.parametrize("command", [["rubbers"], ["players"], ["show", "1"]])
def test_store_listings_speak_every_format(runner, tmp_path, command):
    db = _store(runner, tmp_path)
    outputs = {}
    for fmt in ("table", "json", "jsonl", "csv"):
        result = runner.invoke(main, [*command, "--db", db, "--format", fmt])
        assert result.exit_code == 0, (fmt, result.output)
        outputs[fmt] = result.stdout
    data = json.loads(outputs["json"])
    lines = [json.loads(x) for x in outputs["jsonl"].splitlines()]
    assert lines == (data if isinstance(data, list) else [data])
    assert list(csv.reader(io.StringIO(outputs["csv"])))[0]


def test_correct_with_a_sheet_disagreement_exits_3(runner, tmp_path):
    clean, wrong = tmp_path / "clean.json", tmp_path / "wrong.json"
    clean.write_text(json.dumps(CLEAN))
    wrong.write_text(json.dumps(WRONG_SHEET))
    db = str(tmp_path / "c.db")
    assert runner.invoke(main, ["import", str(clean), "--db", db]).exit_code == 0
    result = runner.invoke(main, ["correct", "1", str(wrong), "--db", db])
    assert result.exit_code == 3 and result.stdout.strip() == "2"  # stored, with a finding
    assert "finding: deal 1: the scoresheet gives 0-2" in result.stderr
