"""The ``euchre`` command: a click group. Each command lives in its own module and stays thin:
it parses options, calls the library, maps errors to exit codes (cli/output.py: 0 clean, 1 invalid,
2 usage, 3 findings). Data goes to stdout, diagnostics to stderr."""

from __future__ import annotations

import click

from . import output
from . import bulk_cmds, event_cmds, interop_cmds, records_cmds, store_cmds, token_cmds


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
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


for _module in (records_cmds, store_cmds, interop_cmds, bulk_cmds, token_cmds, event_cmds):
    for _command in _module.COMMANDS:
        main.add_command(_command)

output.tidy_help(main)  # summaries cut at a sentence, no raw reST (cli/output.py)
