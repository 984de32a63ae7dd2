"""The record commands: validate, replay, schema — exit codes, messages, formats, stdin — at
every table size (the tables of two, three and five checked against the hand-worked
tests/golden/variants expectations)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from euchre_records.cli.main import main
from golden_cases import cases, expected

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"

VARIANTS = cases("variants")    # tests/golden/variants: the tables of two, three and five
CUT_TIE = VARIANTS[10]      # 11: cut-throat from [8, 8, 5]: [11, 10, 5], seat 0 wins
FIVE = VARIANTS[4]          # 05: five-handed, maker 1 calls AH, partner 3 found at trick 3
REVOKE = VARIANTS[8]        # 09: a cut-throat revoke (a finding: exit 3)

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


def run(*args: str, input: str | None = None) -> Any:
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def _named(path: Path, names: dict[str, str], tmp_path: Path) -> Path:
    data = json.loads(path.read_text(encoding="utf-8"))
    data["players"] = {seat: {"name": name} for seat, name in names.items()}
    out = tmp_path / path.name
    out.write_text(json.dumps(data), encoding="utf-8")
    return out


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


def _golden_of(seats: int) -> dict[str, Any]:
    """A record at a table of ``seats``: the four-handed CLEAN, else the first variant golden."""
    if seats == 4:
        return json.loads(json.dumps(CLEAN))
    return next(d for d in (json.loads(p.read_text(encoding="utf-8")) for p in VARIANTS)
                if d["rules"]["seats"] == seats)


def _bad_seats(data: dict[str, Any]) -> None:
    data["rules"]["seats"] = 9


def _bad_dealer(data: dict[str, Any]) -> None:
    data["deals"][0]["dealer"] = "X"


def _bad_dealer_and_tricks(data: dict[str, Any]) -> None:
    data["deals"][0]["dealer"] = "X"
    data["deals"][1]["result"]["tricks"] = 9


@pytest.mark.parametrize("seats, change, wheres", [
    (2, _bad_dealer, ["deals[0].dealer:"]),
    (3, _bad_dealer, ["deals[0].dealer:"]),
    (3, _bad_seats, ["rules.seats: 9 seats is out of range"]),
    (4, _bad_dealer_and_tricks, ["deals[0].dealer:", "deals[1].result.tricks:"]),
    (5, _bad_dealer, ["deals[0].dealer:"]),
])
def test_validate_names_file_path_and_problem_for_invalid_notation(tmp_path: Path, seats: int, change: Any,
                                                                   wheres: list[str]) -> None:
    data = _golden_of(seats)
    change(data)
    path = write(tmp_path, "bad.json", data)
    result = CliRunner().invoke(main, ["validate", path])
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert lines[0].startswith(f"{path}: invalid: {wheres[0]}"), result.stderr
    for where in wheres:
        assert any(line.startswith(f"{path}: invalid: {where}") for line in lines), result.stderr


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


def test_json_lines_of_every_table_size_read_as_their_files(runner: CliRunner,
                                                            tmp_path: Path) -> None:
    """One reader for JSON Lines of every table size: each line's verdict is the verdict of the
    same record alone in a file (read by the single-record path), its line number kept, blank
    lines counted; from a .jsonl file and from stdin alike. The escaped ``"seats"`` key reads as
    the table of 3 it names, as the file does."""
    docs: list[Any] = [CLEAN, *(json.loads(p.read_text(encoding="utf-8"))
                                for p in (CUT_TIE, FIVE, REVOKE, VARIANTS[0]))]
    docs.append(dict(_golden_of(3), version="9.9"))        # invalid at a table of 3
    docs.append(dict(_golden_of(5), players="x"))          # invalid at a table of 5
    lines = [json.dumps(d) for d in docs]
    lines.append(lines[1].replace('"seats"', '"\\u0073eats"'))   # the same key, escaped
    lines.insert(2, "")
    lines.append("{nope")
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")

    def verdicts(*args: str, input: str | None = None) -> list[dict[str, Any]]:
        out = runner.invoke(main, ["validate", "--format", "jsonl", *args], input=input)
        return [json.loads(x) for x in out.stdout.splitlines()]

    alone = []
    for number, line in enumerate(lines, 1):
        if line:
            (tmp_path / f"{number}.json").write_text(line, encoding="utf-8")
            alone += [dict(v, source=f"{number}") for v in verdicts(str(tmp_path / f"{number}.json"))]
    assert {v["status"] for v in alone} >= {"ok", "invalid", "findings"}
    for got, source in ((verdicts(str(path)), str(path)), (verdicts("-", input=path.read_text()),
                                                             "<stdin>")):
        assert [v["source"] for v in got] == [f"{source}:{v['source']}" for v in alone]
        assert [dict(v, source="") for v in got] == [dict(v, source="") for v in alone]


def test_every_command_reads_json_lines_of_egn_as_import_does(runner: CliRunner,
                                                              tmp_path: Path) -> None:
    """JSON Lines whose lines are EGN games (a published four-handed game, a five-handed one
    written by ``export --to egn``, one with a card played twice) beside our notation: every
    command that reads records (validate, replay, export, analyse) reads each line as it reads
    the same record alone in a file -- the same output, verdict and located problem (in EGN's
    terms) under ``file:line`` -- and ``import`` stores the lines validate finds valid."""
    egn_dir = Path(__file__).parent / "data" / "egn"
    bad = json.loads((egn_dir / "six-points-in-two-hands.egn").read_text(encoding="utf-8"))
    tricks = bad["deals"][1]["phases"][1]["tricks"]
    tricks[1][0] = tricks[0][0]   # a card played twice
    five = runner.invoke(main, ["export", str(FIVE), "--to", "egn"])
    assert five.exit_code in (0, 3), five.output
    docs = [json.loads((egn_dir / "vwec-finals.egn").read_text(encoding="utf-8")),
            json.loads(five.stdout), bad, CLEAN]
    lines = [json.dumps(d) for d in docs]
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    for number, line in enumerate(lines, 1):
        (tmp_path / f"{number}.json").write_text(line, encoding="utf-8")

    def outputs(args: list[str], source: str) -> tuple[int, str, str]:
        got = runner.invoke(main, [*args, source])
        return got.exit_code, got.stdout, got.stderr

    for args in (["validate", "--format", "jsonl"], ["replay", "--format", "jsonl"],
                 ["export", "--to", "jsonl"], ["analyse", "--format", "jsonl"]):
        code, out, err = outputs(args, str(path))
        codes, outs, errs = [], "", ""
        for number in range(1, len(lines) + 1):
            one = str(tmp_path / f"{number}.json")
            c, o, e = outputs(args, one)
            codes.append(c)
            outs += o.replace(one, f"{path}:{number}")
            errs += e.replace(one, f"{path}:{number}")
        assert (code, out, err) == (max(codes, key=[0, 3, 1].index), outs, errs), args
        assert "tricks[1][0]" in out + err, args   # the card played twice, located
    checked = runner.invoke(main, ["validate", str(path)])   # in EGN's terms, at its line
    assert f"{path}:3: impossible: deals[1].phases[1].tricks[1][0]:" in checked.stderr
    verdicts = [json.loads(x) for x in outputs(["validate", "--format", "jsonl"], str(path))[1].splitlines()]
    assert [v["status"] in ("invalid", "impossible") for v in verdicts] == [False, False, True, False]
    valid = 3
    db = str(tmp_path / "store.db")
    stored = runner.invoke(main, ["import", str(path), "--db", db])
    assert stored.exit_code == 1 and f"{path}:3" in stored.output
    listed = runner.invoke(main, ["show", "--db", db, "--format", "jsonl"])
    assert len(listed.stdout.splitlines()) == valid


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


# --- tables of two, three and five ---------------------------------------------------------------

def test_validate_every_variant(tmp_path: Path) -> None:
    result = run("validate", *map(str, VARIANTS))
    assert result.exit_code == 3, result.stderr   # 08-10, 13, 14 hold revokes: findings
    for path in VARIANTS:
        exp = expected(path)
        deals = len(exp["deals"]) if "deals" in exp else 1
        if f"{path}: ok ({deals} deals" not in result.output:
            assert f"{path}: finding:" in result.stderr, path.name
    verdicts = json.loads(run("validate", str(REVOKE), "--format", "json").output)
    assert verdicts[0]["status"] == "findings"
    assert [(f["kind"], f["seat"]) for f in verdicts[0]["findings"]] == [("revoke", "2")]


def test_replay_prints_one_column_per_player(tmp_path: Path) -> None:
    path = _named(CUT_TIE, {"0": "Ann", "1": "Bo", "2": "Cy"}, tmp_path)
    result = run("replay", str(path))
    assert result.exit_code == 0, result.stderr
    lines = result.output.splitlines()
    assert "cut-throat, 3 players" in lines[0]
    assert lines[1] == "players: 0 Ann, 1 Bo, 2 Cy"
    head = lines[2].split()
    assert head[-6:] == ["0:pts", "1:pts", "2:pts", "0:score", "1:score", "2:score"]
    exp = expected(CUT_TIE)
    for line, deal in zip(lines[3:5], exp["deals"]):
        cells = line.split()
        assert [int(c) for c in cells[-6:-3]] == deal["points"], exp["why"]
    assert lines[-1] == "game 1 (deals 1-2): Ann 11, Bo 10, Cy 5; won by Ann"


def test_replay_json_is_the_table_result() -> None:
    result = run("replay", str(FIVE), "--format", "json")
    assert result.exit_code == 0
    doc = json.loads(result.output)
    exp = expected(FIVE)
    deal = doc["deals"][0]
    assert (deal["maker"], deal["partner"], deal["makers"], deal["points"]) == (
        exp["maker"], exp["partner"], exp["makers"], exp["points"])
    assert doc["rules"]["seats"] == 5 and doc["rubber"] is None
    # through stdin too
    piped = run("replay", "-", "--format", "json", input=FIVE.read_text(encoding="utf-8"))
    assert json.loads(piped.output) == doc
