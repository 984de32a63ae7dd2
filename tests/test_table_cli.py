"""The command line with records at tables of two, three and five, through the real entry point
(click's runner on ``euchre``): validate, replay (text and json), import, show (one record and
the --seats/--variant filters), export to JSON Lines and back; the four-handed-only commands
refuse them with the reason. Oracles: the hand-worked tests/golden/variants expectations."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from euchre_records.cli.main import main
from golden_cases import cases, expected

VARIANTS = cases("variants")
CUT_TIE = VARIANTS[10]      # 11: cut-throat from [8, 8, 5]: [11, 10, 5], seat 0 wins
FIVE = VARIANTS[4]          # 05: five-handed, maker 1 calls AH, partner 3 found at trick 3
REVOKE = VARIANTS[8]        # 09: a cut-throat revoke (a finding: exit 3)


def run(*args: str, input: str | None = None) -> object:
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def _named(path: Path, names: dict[str, str], tmp_path: Path) -> Path:
    data = json.loads(path.read_text(encoding="utf-8"))
    data["players"] = {seat: {"name": name} for seat, name in names.items()}
    out = tmp_path / path.name
    out.write_text(json.dumps(data), encoding="utf-8")
    return out


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


def test_import_show_filter_and_dump_round_trip(tmp_path: Path) -> None:
    db, again = tmp_path / "club.db", tmp_path / "again.db"
    texts = [p for p in VARIANTS]
    imported = run("import", *map(str, texts), "--db", str(db))
    assert imported.exit_code == 3, imported.stderr    # stored, some with findings
    assert f"stored {len(VARIANTS)} " in imported.stderr
    shown = run("show", "--db", str(db), "--seats", "3", "--format", "json")
    records = json.loads(shown.output)
    cut = [p for p in VARIANTS if json.loads(p.read_text())["rules"]["seats"] == 3]
    assert len(records) == len(cut) and {r["variant"] for r in records} == {"cut-throat"}
    tie = next(r for r in records if r["result"]["games"][0]["start"] == [8, 8, 5])
    assert tie["result"]["games"][0]["score"] == expected(CUT_TIE)["games"][0]["score"]
    table = run("show", str(tie["id"]), "--db", str(db))
    assert "variant:       cut-throat" in table.output
    assert "points_0" in table.output and "score_2" in table.output
    csv = run("show", "--db", str(db), "--variant", "call-your-partner", "--format", "csv")
    head = csv.output.splitlines()[0].split(",")
    assert head[:2] == ["record_id", "number"] and "points_4" in head and "points_ns" not in head
    dump = run("export", "--db", str(db), "--to", "jsonl")
    assert dump.exit_code == 0 and len(dump.output.splitlines()) == len(VARIANTS)
    dumped = tmp_path / "dump.jsonl"
    dumped.write_text(dump.output, encoding="utf-8")
    restored = run("import", str(dumped), "--db", str(again))
    assert f"stored {len(VARIANTS)} " in restored.stderr, restored.stderr
    a = json.loads(run("show", "--db", str(db), "--format", "json").output)
    b = json.loads(run("show", "--db", str(again), "--format", "json").output)
    assert [r["hash"] for r in a] == [r["hash"] for r in b]
    assert [r["result"] for r in a] == [r["result"] for r in b]
    checked = run("validate", str(dumped))
    assert checked.exit_code == 3 and checked.output.count(": ok (") + checked.stderr.count(
        "finding") >= len(VARIANTS)


@pytest.mark.parametrize("args, words", [
    (["export", "{f}", "--to", "openspiel"], "OpenSpiel's euchre is the four-handed"),
])
def test_four_handed_only_commands_refuse_with_the_reason(args: list[str], words: str) -> None:
    result = run(*[a.format(f=CUT_TIE) for a in args])
    assert result.exit_code == 1
    assert "rules.seats" in result.stderr and words in result.stderr
    assert "cut-throat record of 3 players" in result.stderr
    assert "Traceback" not in result.output + result.stderr


def test_bad_records_are_located(tmp_path: Path) -> None:
    data = json.loads(CUT_TIE.read_text(encoding="utf-8"))
    data["rules"]["seats"] = 9
    bad = tmp_path / "nine.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    result = run("validate", str(bad))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{bad}: invalid: rules.seats: 9 seats is out of range")


def test_backup_and_restore_keep_the_tables_of_n(tmp_path: Path) -> None:
    db, copy, public, restored = (tmp_path / n for n in ("a.db", "b.db", "p.db", "r.db"))
    assert run("import", *map(str, VARIANTS), "--db", str(db)).exit_code == 3
    assert run("backup", "--db", str(db), str(copy)).exit_code == 0
    assert run("backup", "--db", str(db), "--public", str(public)).exit_code == 0
    assert run("restore", str(copy), "--db", str(restored)).exit_code == 0
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


def test_player_shows_the_record_at_each_table_size(tmp_path: Path) -> None:
    """`euchre player ID`: a player of the cut-throat and five-handed examples has a row per
    variant; games won there are the games the replay gives him (the store's SQL against the
    engine's result), and an unknown id is exit 1, one line."""
    from euchre_records.schema.tables import load_table_record
    from euchre_records.table_replay import replay_table
    examples = Path(__file__).parents[1] / "examples"
    db = str(tmp_path / "t.db")
    assert run("import", str(examples / "cutthroat-game.json"), str(examples / "five-handed-game.json"),
               "--db", db).exit_code == 0
    won: dict[tuple[str, str], int] = {}
    for name, variant in (("cutthroat-game.json", "cut-throat"), ("five-handed-game.json",
                                                                  "call-your-partner")):
        record = load_table_record(json.loads((examples / name).read_text(encoding="utf-8")))
        winners = [g.winner for g in replay_table(record).games if g.finished]
        for seat, p in record.players:
            won[(p.name, variant)] = winners.count(seat)
    seen = 0
    for pid in range(1, 20):
        shown = run("player", str(pid), "--db", db, "--format", "json")
        if shown.exit_code != 0:
            break
        body = json.loads(shown.output)
        for row in body["variants"]:
            assert row["games_won"] == won[(body["name"], row["variant"])], (body["name"], row)
            seen += 1
    assert seen == len(won)
    text = run("player", "1", "--db", db)
    assert text.exit_code == 0 and "tables of two, three and five:" in text.output
    missing = run("player", "99", "--db", db)
    assert missing.exit_code == 1 and "no player 99" in missing.stderr and "Traceback" not in missing.output


@pytest.mark.parametrize("target", ["egn", "egnb"])
def test_an_egn_game_of_three_goes_through_validate_replay_and_import(tmp_path: Path, target: str) -> None:
    """A cut-throat golden exported to EGN (JSON or binary) is read back by validate, replay and
    import as the table of 3 it is — the march's 3 points to seat 0 (golden 04's hand-worked
    figures) — not refused as a four-handed record of the wrong count."""
    golden = Path(__file__).with_name("golden") / "variants" / "04-cutthroat-march.json"
    exported = run("export", str(golden), "--to", target)
    assert exported.exit_code == 0, exported.stderr
    path = tmp_path / f"game.{target}"
    path.write_bytes(exported.stdout_bytes)
    assert run("validate", str(path)).exit_code == 0
    replayed = run("replay", str(path), "--format", "json")
    assert replayed.exit_code == 0 and json.loads(replayed.output)["deals"][0]["points"] == [3, 0, 0]
    db = str(tmp_path / "e.db")
    imported = run("import", str(path), "--db", db)
    assert imported.exit_code == 0 and "stored 1" in imported.stderr + imported.output
