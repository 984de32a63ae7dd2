"""The command line as a newcomer meets it (issue 22): one meaning per option word, one line (never
a traceback) for an empty file, a read-only store, a file that is not SQLite, a missing extra or a
port in use, a player table that fits 80 columns, booleans printed one way."""

from __future__ import annotations

import csv
import io
import json
import socket
import sqlite3
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from euchre_records.api.store import migrations
from euchre_records.api.store.migrations import open_store
from euchre_records.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
SHEET = ROOT / "examples" / "sheet-template.csv"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture
def club_db(tmp_path: Path, runner: CliRunner) -> str:
    db = str(tmp_path / "club.db")
    assert runner.invoke(main, ["import", str(SHEET), "--db", db]).exit_code == 0
    return db


def _one_line_error(result: Any, *words: str) -> None:
    """Exit 1 (or 2 for usage), no traceback, and a message with ``words``."""
    assert result.exit_code in (1, 2), result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), \
        repr(result.exception)
    assert "Traceback" not in result.output
    for word in words:
        assert word in result.output, result.output


# --- one word, one meaning -----------------------------------------------------------------

@pytest.mark.parametrize("command", [["rubbers"], ["show"], ["players"], ["ratings"],
                                     ["event", "create", "Night", "--format", "rubbers"]])
def test_the_old_to_date_spelling_is_refused_naming_the_new_one(runner, club_db, command):
    result = runner.invoke(main, [*command, "--db", club_db, "--to", "2026-11"])
    assert result.exit_code == 2
    assert "--to is now --to-date" in result.output


def test_to_date_selects_what_to_did(runner, club_db):
    def dates(*args: str) -> list[str]:
        out = runner.invoke(main, ["rubbers", "--db", club_db, "--format", "json", *args])
        assert out.exit_code == 0, out.output
        return [r["date"] for r in json.loads(out.stdout)]
    assert dates("--to-date", "2026-11") == ["2026-11-27", "2026-11-27"]  # the whole month
    assert dates("--to-date", "2026-11-26") == []


def test_to_means_a_format_everywhere(runner):
    """Every command's --to is a choice of target format, never a date (the sweep)."""
    from euchre_records.cli.main import all_commands

    def walk(command: Any, path: str) -> Any:
        yield path, command
        for name, sub in getattr(command, "commands", {}).items():
            yield from walk(sub, f"{path} {name}")
    seen = 0
    for name, command in all_commands().items():
        for path, one in walk(command, name):
            for param in one.params:
                if "--to" in getattr(param, "opts", []) and not param.hidden:
                    seen += 1
                    assert hasattr(param.type, "choices"), f"{path}: --to is not a format"
    assert seen >= 2  # export --to, event export --to


# --- booleans -------------------------------------------------------------------------------

def test_booleans_print_yes_or_no_in_tables_and_csv_and_true_false_in_json(runner, club_db):
    shown = runner.invoke(main, ["show", "--db", club_db, "--format", "csv"])
    rows = list(csv.DictReader(io.StringIO(shown.stdout)))
    # the template's second deal is S's lone hand (examples/sheet-template.csv: alone = yes)
    assert [r["alone"] for r in rows if r["record_id"] == "1"] == ["no", "yes", "no"]
    table = runner.invoke(main, ["show", "1", "--db", club_db]).stdout
    lines = table.splitlines()
    head = next(n for n, line in enumerate(lines) if line.startswith("number"))
    at = lines[head].index("alone")
    assert [line[at:at + 5].strip() for line in lines[head + 2:head + 5]] == ["no", "yes", "no"]
    listed = runner.invoke(main, ["rubbers", "--db", club_db, "--format", "csv"]).stdout
    assert {r["finished"] for r in csv.DictReader(io.StringIO(listed))} == {"yes", "no"}
    as_json = json.loads(runner.invoke(main, ["rubbers", "--db", club_db, "--format",
                                              "json"]).stdout)
    assert {r["finished"] for r in as_json} == {True, False}


# --- an empty file ----------------------------------------------------------------------------

@pytest.mark.parametrize("name, content", [("e.json", ""), ("w.json", "  \n\n"), ("e.jsonl", ""),
                                           ("e.egn", "\n"), ("e.egnb", ""), ("e.csv", ""),
                                           ("w.csv", "\n\n"), ("e.xlsx", "")])
def test_an_empty_file_says_so(runner, tmp_path, name, content):
    path = tmp_path / name
    path.write_text(content)
    for command in (["validate", str(path)], ["import", str(path), "--db",
                                              str(tmp_path / "x.db")]):
        result = runner.invoke(main, command)
        assert result.exit_code == 1, result.output
        assert f"{path}: invalid: the file is empty" in result.output
        assert "not valid JSON" not in result.output


def test_empty_standard_input_says_so(runner, tmp_path):
    for command in (["validate", "-"], ["import", "-", "--db", str(tmp_path / "x.db")]):
        result = runner.invoke(main, command, input="")
        assert result.exit_code == 1 and "the file is empty" in result.output, result.output


# --- a store that cannot be used ----------------------------------------------------------------

@pytest.fixture
def read_only(monkeypatch):
    """Open every store file as a read-only mount does (root ignores chmod, so open it so)."""
    real_connect = sqlite3.connect

    def connect(target: Any, *args: Any, **kwargs: Any) -> Any:
        if str(target).startswith("file:") or str(target) == ":memory:":
            return real_connect(target, *args, **kwargs)
        return real_connect(f"file:{target}?mode=ro", *args, uri=True,
                            **{k: v for k, v in kwargs.items() if k != "uri"})
    monkeypatch.setattr(sqlite3, "connect", connect)


@pytest.mark.parametrize("command", [
    ["import", str(ROOT / "examples" / "hoyle-rubber.json")],
    ["token", "create", "--club", "Riverside"],
    ["event", "create", "Friday", "--format", "rubbers"],
    ["correct", "1", str(ROOT / "examples" / "hoyle-rubber.json")],
])
def test_a_read_only_store_is_one_line_for_every_write_command(runner, club_db, read_only,
                                                               command):
    before = Path(club_db).read_bytes()
    result = runner.invoke(main, [*command, "--db", club_db])
    _one_line_error(result, "read-only")
    assert Path(club_db).read_bytes() == before


def test_the_probe_finds_a_read_only_store_at_the_current_version(club_db, read_only):
    with pytest.raises(migrations.StoreUnavailable, match="read-only"):
        open_store(club_db, write=True)


def test_an_sqlite_error_escaping_a_command_is_one_line(runner, club_db, monkeypatch):
    """The net under every command: an OperationalError raised mid-command (a disk that filled, a
    store made read-only after it opened) is one line, exit 1."""
    from euchre_records.api.store import tokens

    def full(*args: Any, **kwargs: Any) -> Any:
        raise sqlite3.OperationalError("database or disk is full")
    monkeypatch.setattr(tokens, "create_token", full)
    result = runner.invoke(main, ["token", "create", "--club", "X", "--db", club_db])
    _one_line_error(result, "database or disk is full")


def test_serve_on_a_file_that_is_not_sqlite_is_one_line(runner, tmp_path):
    bad = tmp_path / "notes.db"
    bad.write_text("these are my notes, not a database\n")
    result = runner.invoke(main, ["serve", "--db", str(bad), "--port", "0"])
    _one_line_error(result, "not a usable SQLite database")
    assert bad.read_text() == "these are my notes, not a database\n"


def test_serve_checks_the_port_before_loading_the_examples(runner, tmp_path, monkeypatch):
    (tmp_path / "examples").mkdir()
    (tmp_path / "examples" / "a.json").write_text((ROOT / "examples" /
                                                   "hoyle-rubber.json").read_text())
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("EUCHRE_DB", raising=False)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = runner.invoke(main, ["serve", "--port", str(port)])
    _one_line_error(result, f"cannot listen on 127.0.0.1:{port}")
    assert "loaded examples" not in result.output
    assert not (tmp_path / "euchre-records.db").exists()


def test_dataset_without_the_bulk_extra_names_it(runner, tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "dask", None)  # as if not installed
    result = runner.invoke(main, ["dataset", str(SHEET), "--out", str(tmp_path / "t")])
    _one_line_error(result, "pip install 'euchre-records[bulk]'", "dask is missing")
    assert "[bulk]" in (ROOT / "README.md").read_text().split("## For the researcher")[1]


# --- the player table -------------------------------------------------------------------------

def test_players_fits_80_columns_and_says_wide(runner, tmp_path):
    db = str(tmp_path / "p.db")
    long_name = "Bartholomew Fitzwilliam-Montgomery the Younger of Kent"
    text = SHEET.read_text().replace("Ann", long_name)
    (tmp_path / "s.csv").write_text(text)
    assert runner.invoke(main, ["import", str(tmp_path / "s.csv"), "--db", db]).exit_code == 0
    narrow = runner.invoke(main, ["players", "--db", db])
    assert narrow.exit_code == 0
    lines = narrow.stdout.splitlines()
    assert lines and max(len(line) for line in lines) <= 80
    assert any(line.startswith("Bartholomew") and "…" in line for line in lines)
    assert "--wide" in narrow.stderr
    wide = runner.invoke(main, ["players", "--db", db, "--wide"]).stdout
    assert long_name in wide and "lone_hands_marched" in wide


def _made_read_only(path: str) -> list[str] | None:
    """Make ``path`` a file this process cannot write: by its permissions, or as root (whom
    permissions do not stop: CI runs as root) by the immutable attribute (``chattr +i``).
    Returns the command that undoes the attribute (``[]``: permissions were used), or None
    where neither works."""
    import os
    import shutil
    import subprocess
    if os.geteuid() != 0:
        os.chmod(path, 0o444)
        return []
    chattr = shutil.which("chattr")
    if chattr is None or subprocess.run([chattr, "+i", path], capture_output=True).returncode:
        return None
    return [chattr, "-i", path]


def test_a_store_made_read_only_by_permissions_is_one_line(runner, club_db, tmp_path):
    import os
    import subprocess
    undo = _made_read_only(club_db)
    if undo is None:
        pytest.skip("root on a filesystem without the immutable attribute: nothing stops a write")
    try:
        result = runner.invoke(main, ["token", "create", "--club", "X", "--db", club_db])
        _one_line_error(result, "read-only")
    finally:
        if undo:
            subprocess.run(undo, check=True)
        else:
            os.chmod(club_db, 0o644)
