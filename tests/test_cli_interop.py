"""``euchre export``: EGN and OpenSpiel output on stdout, problems on stderr, exit codes 0/1/2; a
record at a table of two, three or five refused by the four-handed-only formats with the reason,
and an EGN game of three read by validate, replay and import."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from euchre_records.cli.main import main
from euchre_records.interop.egn.document import egn_to_record
from euchre_records.schema.notation import dumps
from euchre_records.interop.egn.document import egn_to_any
from euchre_records.schema.tables import load_table_record
from egn_hand_built import FIVE_HANDED_05, egn_doc, two_alone
from egn_support import EGN_VALIDATOR as VALIDATOR   # EGN's schema, date-time enforced
from golden_cases import cases

DATA = Path(__file__).parent / "data" / "egn"

VARIANTS = cases("variants")    # tests/golden/variants: the tables of two, three and five
CUT_TIE = VARIANTS[10]      # 11: cut-throat from [8, 8, 5]: [11, 10, 5], seat 0 wins


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_egn_to_openspiel() -> None:
    code, out, err = run("export", str(DATA / "custom-scenario.egn"), "--to", "openspiel")
    assert code == 0, err
    doc = json.loads(out)
    assert doc["game"] == "euchre"
    assert doc["parameters"] == {"stick_the_dealer": True, "allow_lone_defender": False}  # EGN std: true
    actions = doc["deals"][0]["actions"]
    assert actions[0] == 0 and len(actions) == 22 + 5 + 1 + 20   # dealer, deal, upcard; bids; alone; plays


def test_ours_to_egn_from_stdin() -> None:
    record = egn_to_record(json.loads((DATA / "vwec-finals.egn").read_text(encoding="utf-8")))
    code, out, err = run("export", "-", "--to", "egn", stdin=dumps(record))
    assert code == 0, err
    assert json.loads(out) == json.loads((DATA / "vwec-finals.egn").read_text(encoding="utf-8"))


def test_unexportable_deals_fail_with_reasons(tmp_path: Path) -> None:
    code, out, err = run("export", str(DATA / "six-points-in-two-hands.egn"), "--to", "openspiel")
    assert code == 1 and out == ""
    assert "deals[0].hands: OpenSpiel needs every hand as dealt" in err
    code, out, err = run("export", str(DATA / "six-points-in-two-hands.egn"), "--to", "openspiel", "--skip")
    assert code == 0 and json.loads(out)["deals"] == []
    assert "skipped" in err


def test_invalid_input_and_usage() -> None:
    code, _, err = run("export", "no-such-file.json", "--to", "egn")
    assert code == 2 and "does not exist" in err  # a missing file is a usage error everywhere
    code, _, err = run("export", str(DATA / "vwec-finals.egn"), "--to", "pbn")
    assert code == 2
    code, _, _ = run("export", str(DATA / "vwec-finals.egn"))
    assert code == 2


def test_help_has_an_example() -> None:
    code, out, _ = run("export", "--help")
    assert code == 0 and "Example" in out and "euchre export" in out


def test_a_one_line_jsonl_input_gives_one_json_line(tmp_path: Path) -> None:
    record = egn_to_record(json.loads((DATA / "vwec-finals.egn").read_text(encoding="utf-8")))
    one = tmp_path / "one.jsonl"
    one.write_text(json.dumps(json.loads(dumps(record))) + "\n", encoding="utf-8")
    code, out, err = run("export", str(one), "--to", "egn")
    assert code == 0, err
    assert len(out.splitlines()) == 1 and json.loads(out)["fileType"] == "Euchre Game Notation"
    single = tmp_path / "one.json"
    single.write_text(dumps(record), encoding="utf-8")
    code, out, err = run("export", str(single), "--to", "egn")
    assert code == 0 and len(out.splitlines()) > 1   # a single .json stays pretty


def test_json_lines_on_stdin_give_json_lines() -> None:
    record = egn_to_record(json.loads((DATA / "vwec-finals.egn").read_text(encoding="utf-8")))
    line = json.dumps(json.loads(dumps(record)))
    code, out, err = run("export", "-", "--to", "egn", stdin=line + "\n" + line + "\n")
    assert code == 0, err
    assert len(out.splitlines()) == 2


def test_binary_egn_is_read_and_written(tmp_path: Path) -> None:
    binary = DATA / "binary" / "six-points-in-two-hands.egnb"
    code, out, err = run("validate", str(binary))
    assert code == 0, err
    result = CliRunner().invoke(main, ["export", str(DATA / "six-points-in-two-hands.egn"), "--to", "egnb"])
    assert result.exit_code == 0
    written = result.stdout_bytes
    # the sample was written as version "1.3": the rest is byte for byte ours
    assert written.replace(b"\x12\x031.4", b"\x12\x031.3", 1) == binary.read_bytes()
    cut = tmp_path / "cut.egnb"
    cut.write_bytes(binary.read_bytes()[:60])
    code, out, err = run("validate", str(cut))
    assert code == 1 and "invalid: binary: " in err and "byte" in err


def test_an_egn_1_0_file_replays_with_notes_of_what_the_upgrade_dropped() -> None:
    code, out, err = run("replay", str(DATA / "legacy" / "test_timingsLayouts.egn"))
    assert code == 0, err
    assert "note: EGN 1.0.0 upgraded to 1.4: dropped timings, views, viewSwitches, videoUrl" in out


def test_import_reads_binary_egn(tmp_path: Path) -> None:
    """The 14 binary samples hold 7 games, each twice (condensed and expanded); with the JSON
    form of the annotated VWEC final beside them, 7 are stored and 8 are duplicates."""
    result = CliRunner().invoke(main, ["import", str(DATA / "binary"), "--db", str(tmp_path / "b.db")])
    assert result.exit_code == 0, result.stderr
    assert "stored 7 (61 deals), duplicates 8, invalid 0" in result.stderr
    cut = tmp_path / "cut.egnb"
    cut.write_bytes((DATA / "binary" / "vwec-finals.egnb").read_bytes()[:100])
    result = CliRunner().invoke(main, ["import", str(cut), "--db", str(tmp_path / "b.db")])
    assert result.exit_code == 1 and "cut.egnb: invalid: binary: field 3 claims 151 bytes" in result.stderr


# --- tables of two, three and five ---------------------------------------------------------------

def run_n(*args: str) -> Any:
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.mark.parametrize("args, words", [
    (["export", "{f}", "--to", "openspiel"], "OpenSpiel's euchre is the four-handed"),
])
def test_four_handed_only_commands_refuse_with_the_reason(args: list[str], words: str) -> None:
    result = run_n(*[a.format(f=CUT_TIE) for a in args])
    assert result.exit_code == 1
    assert "rules.seats" in result.stderr and words in result.stderr
    assert "cut-throat record of 3 players" in result.stderr
    assert "Traceback" not in result.output + result.stderr


@pytest.mark.parametrize("target", ["egn", "egnb"])
def test_an_egn_game_of_three_goes_through_validate_replay_and_import(tmp_path: Path, target: str) -> None:
    """A cut-throat golden exported to EGN (JSON or binary) is read back by validate, replay and
    import as the table of 3 it is — the march's 3 points to seat 0 (golden 04's hand-worked
    figures) — not refused as a four-handed record of the wrong count."""
    golden = Path(__file__).with_name("golden") / "variants" / "04-cutthroat-march.json"
    exported = run_n("export", str(golden), "--to", target)
    assert exported.exit_code == 0, exported.stderr
    path = tmp_path / f"game.{target}"
    path.write_bytes(exported.stdout_bytes)
    assert run_n("validate", str(path)).exit_code == 0
    replayed = run_n("replay", str(path), "--format", "json")
    assert replayed.exit_code == 0 and json.loads(replayed.output)["deals"][0]["points"] == [3, 0, 0]
    db = str(tmp_path / "e.db")
    imported = run_n("import", str(path), "--db", db)
    assert imported.exit_code == 0 and "stored 1" in imported.stderr + imported.output


def _run_bytes(*args: str) -> tuple[int, bytes, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout_bytes, result.stderr


GOLDEN_VARIANTS = Path(__file__).with_name("golden") / "variants"


def test_cli_exports_n_handed_records_both_ways(tmp_path: Path) -> None:
    golden = GOLDEN_VARIANTS / "05-five-handed-partner-found-at-trick-3.json"
    code, out, err = _run_bytes("export", str(golden), "--to", "egn")
    assert code == 0, err
    doc = json.loads(out)
    VALIDATOR.validate(doc)
    assert doc == FIVE_HANDED_05
    assert "written as a call annotation" in err      # the carried called card is named
    egn = tmp_path / "five.egn"
    egn.write_bytes(out)
    for target, name in (("egnb", "five.egnb"), ("egnb-expanded", "five.expanded.egnb")):
        code, out, err = _run_bytes("export", str(egn), "--to", target)
        assert code == 0, err
        (tmp_path / name).write_bytes(out)
        code, line, err = _run_bytes("export", str(tmp_path / name), "--to", "jsonl")
        assert code == 0, err
        assert load_table_record(json.loads(line)).deals == egn_to_any(FIVE_HANDED_05).deals


def test_cli_refuses_with_reasons(tmp_path: Path) -> None:
    three = GOLDEN_VARIANTS / "02-cutthroat-euchre.json"
    code, _, err = _run_bytes("export", str(three), "--to", "openspiel")
    assert code == 1 and "OpenSpiel's euchre is the four-handed partnership game" in err
    code, _, err = _run_bytes("export", str(GOLDEN_VARIANTS / "03-cutthroat-euchre-maker-minus-2.json"), "--to", "egn")
    assert code == 1 and "rules.overrides.cutthroat_euchre" in err
    code, out, err = _run_bytes("export", str(GOLDEN_VARIANTS / "03-cutthroat-euchre-maker-minus-2.json"), "--to", "egn",
                         "--lossy")
    assert code == 0 and "not in EGN: rules.overrides.cutthroat_euchre" in err
    six = tmp_path / "six.egn"
    doc = egn_doc(6, [])
    six.write_text(json.dumps(doc), encoding="utf-8")
    code, _, err = _run_bytes("export", str(six), "--to", "egnb")
    assert code == 1
    assert "EGN game with 6 players: six-handed euchre is not specified here; see VARIANTS.md" in err


@pytest.mark.parametrize("command", ["export", "validate", "replay", "import"])
def test_an_invalid_egn_game_of_two_is_reported_by_every_command(command: str, tmp_path: Path) -> None:
    """`euchre export` read an EGN game of two, three or five players from JSON without catching
    its reader's refusal: a traceback (UnsupportedRules before issue 34's fix, NotationError
    after it). Every command now says why, at the place."""
    path = tmp_path / "two.egn"
    path.write_text(json.dumps(two_alone("bidding")), encoding="utf-8")
    args = {"export": ["export", str(path), "--to", "egn"], "validate": ["validate", str(path)],
            "replay": ["replay", str(path)],
            "import": ["import", str(path), "--db", str(tmp_path / "club.db")]}[command]
    result = CliRunner().invoke(main, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.stderr
    assert "deals[0].phases[0].isAlone" in result.stderr + result.stdout
    assert "Keller 1887 ch. VII" in result.stderr + result.stdout
