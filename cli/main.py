"""The ``euchre`` command: a click group. Each command lives in its own module and stays thin:
it parses options, calls the library, maps errors to exit codes (cli/output.py: 0 clean, 1 invalid,
2 usage, 3 findings). Data goes to stdout, diagnostics to stderr.

The group loads a command's module only when that command runs (or help lists them all):
``euchre import`` does not pay for the events, interop and server code at start-up, which was
half a second of a one-second import. :data:`COMMAND_MODULES` names each command's module; a test
holds it equal to the modules' own ``COMMANDS`` lists."""

from __future__ import annotations

import importlib
import sys
from typing import Any

import click

from . import output

COMMAND_MODULES: dict[str, str] = {
    "validate": "records_cmds", "replay": "records_cmds", "schema": "records_cmds",
    "import": "store_cmds", "correct": "store_cmds", "rubbers": "store_cmds",
    "show": "store_cmds", "players": "store_cmds", "player": "player_cmds", "serve": "serve_cmds",
    "export": "interop_cmds",
    "backup": "backup_cmds", "restore": "backup_cmds", "datasette-metadata": "backup_cmds",
    "dataset": "bulk_cmds",
    "token": "token_cmds",
    "events": "event_cmds", "event": "event_cmds", "standings": "event_cmds",
    "analyse": "analysis_cmds",
    "ratings": "rating_cmds",
}
"""Command name -> the module of cli/ that defines it (in its ``COMMANDS`` list)."""


class LazyGroup(click.Group):
    """A group whose commands are imported on first use, from :data:`COMMAND_MODULES`."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(COMMAND_MODULES) | set(self.commands))

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; an SQLite error that escaped it (a store that became read-only or
        full mid-command) is one line and exit 1, never a traceback."""
        try:
            return super().invoke(ctx)
        except Exception as exc:
            sqlite3 = sys.modules.get("sqlite3")
            if sqlite3 is None or not isinstance(exc, sqlite3.Error):
                raise
            raise click.ClickException(f"the database refused the command: {exc}"
                                       + (" (is the file or its folder read-only?)"
                                          if "readonly" in str(exc) else "")) from None

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in self.commands and cmd_name in COMMAND_MODULES:
            _load(self, COMMAND_MODULES[cmd_name])
        return self.commands.get(cmd_name)


def _load(group: click.Group, module_name: str) -> None:
    module: Any = importlib.import_module(f"{__package__}.{module_name}")
    for command in module.COMMANDS:
        if command.name not in group.commands:
            output.tidy_help(command)  # summaries cut at a sentence, no raw reST (cli/output.py)
            group.add_command(command)


def all_commands() -> dict[str, click.Command]:
    """Every command of ``euchre``, all modules loaded (for help checks and docs)."""
    for module_name in sorted(set(COMMAND_MODULES.values())):
        _load(main, module_name)
    return dict(main.commands)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="euchre-records")
def main() -> None:
    """euchre-records: validate, replay, store and query Euchre game records.

    Exit codes, the same in every command: 0 clean; 1 invalid or impossible input, or a
    request the store refuses; 2 usage errors (a missing file included); 3 valid records with
    findings or scoresheet disagreements. Data goes to stdout, messages to stderr.

    \b
    Shell completion (bash; zsh and fish likewise, see docs/CLI.md):
      eval "$(_EUCHRE_COMPLETE=bash_source euchre)"

    \b
    Example:
      euchre validate examples/somerset-rubber.json
    """


output.tidy_help(main)
