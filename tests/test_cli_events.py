"""The event commands: the session of docs/EVENTS.md §8 run as written (its outputs compared),
league and pairs through the CLI, the players listing and its options, and refusals as
messages with exit 1, findings with exit 3."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from euchre_records.cli.main import main

from golden_cases import GOLDEN

DOC = Path(__file__).parent.parent / "docs" / "EVENTS.md"
NIGHT = GOLDEN / "events" / "01-progressive-night.json"


def _session() -> list[tuple[str, list[str]]]:
    """(command, expected stdout lines) of the console block of EVENTS.md."""
    block = re.search(r"```console\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert block is not None
    out: list[tuple[str, list[str]]] = []
    for line in block.group(1).splitlines():
        if line.startswith("$ "):
            out.append((line[2:], []))
        else:
            out[-1][1].append(line)
    return out


FILES = Path(__file__).parent / "data" / "events" / "progressive-night"


def test_the_documented_files_are_the_golden_sittings() -> None:
    case = json.loads(NIGHT.read_text(encoding="utf-8"))
    for s in case["sittings"]:
        path = FILES / f"night-r{s['round']}-t{s['table']}.json"
        assert json.loads(path.read_text(encoding="utf-8")) == s["record"]
    assert len(list(FILES.iterdir())) == len(case["sittings"])


@pytest.fixture
def night(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for path in FILES.iterdir():
        (tmp_path / path.name).write_bytes(path.read_bytes())
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_documented_session_runs_as_written(night: Path) -> None:
    runner = CliRunner()
    session = _session()
    assert len(session) >= 8
    for command, want in session:
        args = shlex.split(command)
        assert args[0] == "euchre"
        result = runner.invoke(main, args[1:])
        assert result.exit_code == 0, (command, result.output)
        assert result.stdout.splitlines() == want, command


def _run(*args: str) -> object:
    return CliRunner().invoke(main, list(args))


def test_show_events_and_players(night: Path) -> None:
    for command, _ in _session():
        assert CliRunner().invoke(main, shlex.split(command)[1:]).exit_code == 0
    listing = _run("events", "--db", "club.db", "--format", "json")
    items = json.loads(listing.stdout)  # type: ignore[attr-defined]
    assert [(e["name"], e["sittings"]) for e in items] == [("Progressive night", 6)]
    shown = _run("event", "show", "1", "--db", "club.db")
    assert "players: Ann [1], Bob [2]" in shown.stdout  # type: ignore[attr-defined]
    round3 = _run("event", "show", "1", "--round", "3", "--db", "club.db", "--format", "json")
    assert json.loads(round3.stdout)["sittings"][0]["points"] == [4, 1]  # type: ignore[attr-defined]
    rows = json.loads(_run("players", "--db", "club.db", "--event", "1", "--sort", "points",
                           "--format", "json").stdout)  # type: ignore[attr-defined]
    assert rows[0]["name"] == "Cy" and rows[0]["points_scored"] == 17
    none = json.loads(_run("players", "--db", "club.db", "--club", "Nowhere",
                           "--format", "json").stdout)  # type: ignore[attr-defined]
    assert none == []
    dated = json.loads(_run("players", "--db", "club.db", "--from", "2026-11-28",
                            "--format", "json").stdout)  # type: ignore[attr-defined]
    assert dated == []  # every sitting is dated 2026-11-27
    # merge Bob into Ann and split again: the listing follows, history kept
    merged = _run("event", "merge-players", "2", "1", "--note", "test", "--db", "club.db")
    assert merged.exit_code == 0  # type: ignore[attr-defined]
    rows = json.loads(_run("players", "--db", "club.db", "--format", "json").stdout)  # type: ignore[attr-defined]
    assert "Bob" not in [r["name"] for r in rows]
    assert _run("event", "split-players", merged.stdout.strip(), "--db", "club.db").exit_code == 0  # type: ignore[attr-defined]
    rows = json.loads(_run("players", "--db", "club.db", "--format", "json").stdout)  # type: ignore[attr-defined]
    assert "Bob" in [r["name"] for r in rows]


def test_refusals_are_messages_and_findings_exit_3(night: Path) -> None:
    assert _run("event", "create", "x", "--format", "pairs", "--db", "club.db").exit_code == 0  # type: ignore[attr-defined]
    missing = _run("standings", "9", "--db", "club.db")
    assert missing.exit_code == 1 and "no event 9" in missing.output  # type: ignore[attr-defined]
    bad_seat = _run("event", "seat", "1", "1", "--table", "1:Ann,Bob", "--db", "club.db")
    assert bad_seat.exit_code == 2  # type: ignore[attr-defined]
    unknown = _run("event", "seat", "1", "1", "--table", "1:Ann,Bob,Cy,Di", "--db", "club.db")
    assert unknown.exit_code == 1 and "tables[0].seats.N: no player named 'Ann'" in unknown.output  # type: ignore[attr-defined]
    assert _run("event", "add", "1", "night-r1-t1.json", "--db", "club.db").exit_code == 0  # type: ignore[attr-defined]
    again = _run("event", "attach", "1", "1", "--db", "club.db")
    assert again.exit_code == 1 and "already a sitting" in again.output  # type: ignore[attr-defined]
    # a second event whose registry lacks the record's players: findings, exit 3
    assert _run("event", "create", "y", "--format", "progressive", "--deals-per-round", "8",
                "--player", "Zed", "--db", "club.db").exit_code == 0  # type: ignore[attr-defined]
    assert _run("event", "attach", "2", "1", "--db", "club.db").exit_code == 0  # type: ignore[attr-defined]
    table = _run("standings", "2", "--db", "club.db")
    assert table.exit_code == 3  # type: ignore[attr-defined]
    assert "4 deals recorded, the tournament plays 8 per round" in table.stderr  # type: ignore[attr-defined]
    assert "Ann (N) is not a player of this tournament" in table.stderr  # type: ignore[attr-defined]
    assert _run("events", "--db", "nothing.db").exit_code == 1  # type: ignore[attr-defined]



@pytest.mark.parametrize("args, said", [
    (["event", "create", "z", "--format", "pairs", "--player", "Ann:" + "9" * 5000],
     "players[0].pair: pair must be a whole number from 1"),
    (["event", "seat", "1", "1", "--table", "1:²,Bob,Cy,Di"], "no player named '²'"),
    (["event", "seat", "1", "1", "--table", "1:" + "9" * 5000 + ",Bob,Cy,Di"],
     "no player has so large an id"),
    (["event", "next-seating", "1", "1", "--settle", "²=NS"], "write TABLE=HOW"),
    (["event", "next-seating", "1", "1", "--settle", "9" * 5000 + "=NS"], "write TABLE=HOW")],
    ids=["pair-nines", "seat-sup2", "seat-nines", "settle-sup2", "settle-nines"])
def test_numbers_of_other_digits_are_refused_never_a_traceback(night: Path, args: list[str],
                                                               said: str) -> None:
    """'²' passes str.isdigit() but not int(), and 5,000 nines are past int()'s limit: each is
    a refusal in words, never a traceback (api/whole_numbers.py; issue 32)."""
    assert _run("event", "create", "x", "--format", "pairs", "--player", "Bob", "--player", "Cy",
                "--player", "Di", "--db", "club.db").exit_code == 0  # type: ignore[attr-defined]
    result = _run(*args, "--db", "club.db")
    assert result.exit_code in (1, 2), result.output  # type: ignore[attr-defined]
    assert said in result.output, result.output  # type: ignore[attr-defined]
    assert result.exception is None or isinstance(result.exception, SystemExit)  # type: ignore[attr-defined]


@pytest.mark.parametrize("date, said", [
    ("2026-02-31", "no such day: 2026-02-31"), ("\u0662\u0660\u0662\u0666", "not an ISO 8601 date"),
    ("2026-13-01", "not an ISO 8601 date")])
def test_an_events_dates_are_read_as_a_records(night: Path, date: str, said: str) -> None:
    """The store reads an event's dates as a record's date is read (schema.basefields.
    date_problem: ASCII digits, a month and a day that exist), whoever writes it: here a spec
    file through the CLI (the API's own check stands in front of the same one)."""
    Path("dated.json").write_text(json.dumps({"name": "x", "format": "pairs", "date_from": date}),
                                  encoding="utf-8")
    result = _run("event", "create", "--spec", "dated.json", "--db", "club.db")
    assert result.exit_code == 1 and "date_from must be a date" in result.output, result.output  # type: ignore[attr-defined]
    assert said in result.output, result.output  # type: ignore[attr-defined]


def test_a_pairs_event_from_a_spec_file_and_a_league(night: Path) -> None:
    pairs = json.loads((GOLDEN / "events" / "03-pairs-round-robin.json").read_text(encoding="utf-8"))
    Path("pairs.json").write_text(json.dumps(pairs["event"]), encoding="utf-8")
    assert _run("event", "create", "--spec", "pairs.json", "--db", "club.db").exit_code == 0  # type: ignore[attr-defined]
    for n, s in enumerate(pairs["sittings"]):
        Path(f"p{n}.json").write_text(json.dumps(s["record"]), encoding="utf-8")
        assert _run("event", "add", "1", f"p{n}.json", "--db", "club.db").exit_code == 0  # type: ignore[attr-defined]
    table = json.loads(_run("standings", "1", "--db", "club.db", "--format", "json").stdout)  # type: ignore[attr-defined]
    assert [s["entrant"] for s in table["standings"]] == ["Ann & Cy", "Ed & Gus", "Flo & Hal", "Bob & Di"]
    assert _run("event", "create", "Season", "--format", "league", "--scoring", "pairs",
                "--db", "club.db").exit_code == 0  # type: ignore[attr-defined]
    spec = {**pairs["event"], "name": "Night 2", "league": 2}
    Path("night2.json").write_text(json.dumps(spec), encoding="utf-8")
    assert _run("event", "create", "--spec", "night2.json", "--db", "club.db").exit_code == 0  # type: ignore[attr-defined]
    assert _run("event", "attach", "3", "1", "2", "--db", "club.db").exit_code == 0  # type: ignore[attr-defined]
    season = json.loads(_run("standings", "2", "--db", "club.db", "--format", "json").stdout)  # type: ignore[attr-defined]
    assert season["format"] == "pairs"
    assert {s["entrant"]: s["wins"] for s in season["standings"]} == \
        {"Ann & Cy": 1, "Flo & Hal": 1, "Bob & Di": 0, "Ed & Gus": 0}
