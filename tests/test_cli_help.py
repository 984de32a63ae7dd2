"""Help that reads well: every command (sub-commands too) has help with an example, no raw reST
markup, a listing summary that is a whole sentence, and the exit codes where data is checked."""

from __future__ import annotations

import os
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from euchre_records.cli.main import COMMAND_MODULES, all_commands, main


def _commands(group: click.Group = main, path: tuple[str, ...] = ()):
    commands = all_commands() if group is main else group.commands
    for name, command in sorted(commands.items()):
        yield path + (name,), command
        if isinstance(command, click.Group):
            yield from _commands(command, path + (name,))


ALL = list(_commands())


def test_the_lazy_table_names_every_command_of_every_module():
    """COMMAND_MODULES (read before any command module is imported) says where each command is:
    held against the modules' own COMMANDS lists, so a new command cannot be left out."""
    import importlib
    found = {}
    for module_name in set(COMMAND_MODULES.values()) | {"records_cmds", "store_cmds", "serve_cmds",
                                                         "interop_cmds", "bulk_cmds",
                                                         "token_cmds", "event_cmds"}:
        module = importlib.import_module(f"euchre_records.cli.{module_name}")
        for command in module.COMMANDS:
            found[command.name] = module_name
    assert found == COMMAND_MODULES


def test_import_starts_without_the_events_interop_and_server_code():
    """`euchre import` loads only what importing needs (start-up was half of a small import); the
    parsing code and the model come at the first record to parse (a re-run parses none)."""
    code = ("import sys; from euchre_records.cli.main import main; "
            "main.get_command(None, 'import'); "
            "print(sorted(m for m in sys.modules if m in ('flask', 'dask', "
            "'euchre_records.api.store.events', 'euchre_records.api.store.event_matches', "
            "'euchre_records.cli.event_cmds', 'euchre_records.cli.interop_cmds', "
            "'euchre_records.api.store.event_reads', 'euchre_records.api.store.event_writes', "
            "'euchre_records.cli.event_emn_cmds', 'euchre_records.interop.emn', "
            "'euchre_records.api.pages', 'euchre_records.api.rest', 'euchre_records.bulk', "
            "'euchre_records.model', 'euchre_records.api.store.ingest')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]", out.stdout


@pytest.mark.parametrize("path", [p for p, _ in ALL], ids=" ".join)
def test_help_renders_without_markup(path):
    result = CliRunner().invoke(main, [*path, "--help"])
    assert result.exit_code == 0, result.output
    assert "``" not in result.output
    assert "Usage: " in result.output


@pytest.mark.parametrize("path", [p for p, _ in ALL], ids=" ".join)
def test_listing_summary_is_a_whole_sentence(path):
    command = dict(ALL)[path]
    summary = command.get_short_help_str(limit=45)
    assert summary and not summary.endswith("...")
    assert summary.endswith((".", ")")) and summary == " ".join(summary.split())


@pytest.mark.parametrize("name", ["validate", "replay", "import", "export", "dataset", "show",
                                  "rubbers", "correct"])
def test_exit_codes_are_documented(name):
    text = " ".join(CliRunner().invoke(main, [name, "--help"]).output.split())  # unwrapped
    assert "Exit 0" in text and "2 for usage" in text
    if name in ("validate", "replay", "import"):
        assert "3 when valid records have findings" in text or "3 when valid records had" in text


def test_group_help_lists_exit_codes_and_completion():
    text = " ".join(CliRunner().invoke(main, ["--help"]).output.split())
    assert "3 valid records with findings" in text and "_EUCHRE_COMPLETE=bash_source" in text


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_shell_completion_script(shell):
    exe = os.path.join(os.path.dirname(sys.executable), "euchre")
    if not os.path.exists(exe):
        pytest.skip("the euchre entry point is not installed next to this Python")
    env = dict(os.environ, _EUCHRE_COMPLETE=f"{shell}_source")
    out = subprocess.run([exe], env=env, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "_EUCHRE_COMPLETE" in out.stdout


def test_completion_offers_commands_and_options():
    exe = os.path.join(os.path.dirname(sys.executable), "euchre")
    if not os.path.exists(exe):
        pytest.skip("the euchre entry point is not installed next to this Python")
    env = dict(os.environ, _EUCHRE_COMPLETE="bash_complete", COMP_WORDS="euchre repl",
               COMP_CWORD="1")
    out = subprocess.run([exe], env=env, capture_output=True, text=True, timeout=60)
    assert "plain,replay" in out.stdout
    env.update(COMP_WORDS="euchre validate --for", COMP_CWORD="2")
    out = subprocess.run([exe], env=env, capture_output=True, text=True, timeout=60)
    assert "plain,--format" in out.stdout
