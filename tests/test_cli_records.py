"""The record commands: validate, replay, schema — exit codes, messages, formats, stdin."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from euchre_records.cli.main import main

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

CLEAN = {
    "format": "euchre-records", "version": "1.0",
    "rules": {"preset": "modern", "overrides": {"game_points": 5}},
    "deals": [
        {"kind": "result", "dealer": "N", "result": {"maker": "E", "trump": "H", "tricks": 3},
         "scoresheet": {"points": [0, 1], "total": [0, 1]}},
        {"kind": "result", "dealer": "E", "result": {"maker": "S", "trump": "S", "alone": True, "tricks": 5},
         "scoresheet": {"points": [4, 0], "total": [4, 1]}},
    ],
}


def write(tmp_path: Path, name: str, data: object) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_every_command_has_help_with_an_example(runner: CliRunner) -> None:
    from euchre_records.cli.main import all_commands
    commands = all_commands()
    assert commands, "no commands registered"
    for name in commands:
        result = runner.invoke(main, [name, "--help"])
        assert result.exit_code == 0, name
        assert "Example" in result.output, f"{name} --help shows no example"


def test_validate_a_clean_record_exits_0(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(main, ["validate", write(tmp_path, "ok.json", CLEAN)])
    assert result.exit_code == 0, result.output
    assert "ok (2 deals" in result.stdout


def test_validate_reports_a_scoresheet_mistake_and_exits_3(runner: CliRunner, tmp_path: Path) -> None:
    data = json.loads(json.dumps(CLEAN))
    data["deals"][1]["scoresheet"] = {"points": [2, 0], "total": [2, 1]}
    path = write(tmp_path, "sheet.json", data)
    result = runner.invoke(main, ["validate", path])
    assert result.exit_code == 3  # valid, with a scoresheet disagreement
    assert f"{path}: finding: deal 2: the scoresheet gives 2-0" in result.stderr
    assert "lone march scored as a march" in result.stderr


def test_validate_names_file_path_and_problem_for_invalid_notation(runner: CliRunner, tmp_path: Path) -> None:
    data = json.loads(json.dumps(CLEAN))
    data["deals"][0]["dealer"] = "X"
    data["deals"][1]["result"]["tricks"] = 9
    path = write(tmp_path, "bad.json", data)
    result = runner.invoke(main, ["validate", path])
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert any(line.startswith(f"{path}: invalid: deals[0].dealer:") for line in lines)
    assert any(line.startswith(f"{path}: invalid: deals[1].result.tricks:") for line in lines)


def test_validate_reports_an_impossible_record_with_its_place(runner: CliRunner, tmp_path: Path) -> None:
    data = json.loads((EXAMPLES / "joker-32.json").read_text(encoding="utf-8"))
    deal = next(d for d in data["deals"] if d["kind"] == "full")
    first, *rest = deal["tricks"][0].split()
    deal["tricks"][0] = " ".join([rest[0], first] + rest[1:])   # two cards swapped between seats
    result = runner.invoke(main, ["validate", write(tmp_path, "impossible.json", data)])
    assert result.exit_code == 1
    assert ": impossible: deals[" in result.stderr and "which he does not hold" in result.stderr


def test_validate_reads_stdin_and_jsonl(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(main, ["validate", "-"], input=json.dumps(CLEAN))
    assert result.exit_code == 0 and "<stdin>: ok" in result.stdout
    lines = tmp_path / "bulk.jsonl"
    bad = dict(CLEAN, version="9.9")
    lines.write_text(json.dumps(CLEAN) + "\n\n" + json.dumps(bad) + "\n", encoding="utf-8")
    result = runner.invoke(main, ["validate", str(lines)])
    assert result.exit_code == 1
    assert f"{lines}:1: ok" in result.stdout
    assert f"{lines}:3: invalid: version" in result.stderr


def test_validate_reads_json_lines_from_stdin(runner: CliRunner) -> None:
    text = json.dumps(CLEAN) + "\n" + json.dumps(dict(CLEAN, version="9.9")) + "\n"
    result = runner.invoke(main, ["validate", "-"], input=text)
    assert result.exit_code == 1
    assert "<stdin>:1: ok" in result.stdout and "<stdin>:2: invalid: version" in result.stderr


def test_validate_missing_file_is_a_usage_error(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(main, ["validate", str(tmp_path / "missing.json")])
    assert result.exit_code == 2 and "does not exist" in result.stderr
    assert "Traceback" not in result.output


def test_validate_without_files_is_a_usage_error(runner: CliRunner) -> None:
    assert runner.invoke(main, ["validate"]).exit_code == 2


def test_replay_text_scoresheet(runner: CliRunner) -> None:
    result = runner.invoke(main, ["replay", str(EXAMPLES / "somerset-rubber.json")])
    assert result.exit_code == 3   # valid; the example holds a deliberate revoke
    out = result.stdout
    assert "deal  dealer  turned  trump" in out
    assert "Game 1: N-S 5, E-W 0 — N-S win (2 rubber points)" in out
    assert "Rubber (somerset): N-S win" in out
    assert "revoke (Somerset 62-64)" in out


def test_replay_json_has_the_documented_shape(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(main, ["replay", write(tmp_path, "ok.json", CLEAN), "--format", "json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["deals"][1]["points"] == {"ns": 4, "ew": 0}
    assert data["games"][0]["finished"] is False
    assert data["findings"] == []


def test_replay_under_another_rule_set(runner: CliRunner, tmp_path: Path) -> None:
    data = json.loads(json.dumps(CLEAN))
    data["deals"].append({"kind": "result", "dealer": "S", "result": {"maker": "W", "alone": True, "tricks": 1}})
    path = write(tmp_path, "lone.json", data)
    modern = json.loads(runner.invoke(main, ["replay", path, "--format", "json"]).stdout)
    somerset = json.loads(runner.invoke(main, ["replay", path, "--format", "json", "--rules", "somerset-1888"]).stdout)
    assert modern["deals"][2]["points"] == {"ns": 2, "ew": 0}     # euchred lone hand: 2
    assert somerset["deals"][2]["points"] == {"ns": 4, "ew": 0}   # Somerset 3: 4


def test_schema_prints_the_committed_json_schema(runner: CliRunner) -> None:
    result = runner.invoke(main, ["schema"])
    committed = (EXAMPLES.parent / "schema" / "euchre-records-1.0.schema.json").read_text(encoding="utf-8")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == json.loads(committed)


def test_errors_in_an_egn_record_are_located_in_the_egn_document(runner: CliRunner, tmp_path: Path) -> None:
    egn = json.loads((Path(__file__).parent / "data" / "egn" / "six-points-in-two-hands.egn").read_text(encoding="utf-8"))
    tricks = egn["deals"][1]["phases"][1]["tricks"]
    tricks[1][0] = tricks[0][0]   # a card played twice
    path = tmp_path / "bad.egn"
    path.write_text("\ufeff" + json.dumps(egn), encoding="utf-8")   # with a byte-order mark
    result = runner.invoke(main, ["validate", str(path)])
    assert result.exit_code == 1
    assert ": impossible: deals[1].phases[1].tricks[1][0]:" in result.stderr
