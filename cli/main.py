"""The ``euchre`` command: a click group. Each command lives in its own module and stays thin:
it parses options, calls the library, maps errors to exit codes (0 ok, 1 invalid/findings, 2 usage).
Data goes to stdout, diagnostics to stderr."""

from __future__ import annotations

import click

from . import bulk_cmds, event_cmds, interop_cmds, records_cmds, store_cmds, token_cmds


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="euchre-records")
def main() -> None:
    """euchre-records: validate, replay, store and query Euchre game records.

    \b
    Example:
      euchre validate examples/somerset-rubber.json
    """


for _module in (records_cmds, store_cmds, interop_cmds, bulk_cmds, token_cmds, event_cmds):
    for _command in _module.COMMANDS:
        main.add_command(_command)
