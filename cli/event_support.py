"""What the event commands share: the ``--db`` and ``--format`` options, how they open the store,
how a refusal and rows are printed, and the ``event`` group their subcommands join.

The group is defined here, below every command module, so that ``event_cmds`` (which is what
``euchre event`` loads) can import the modules that add the EMN and registry subcommands without
an import cycle.
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path
from typing import Any, Sequence

import click

from ..api.store.migrations import migrate, open_db
from ..api.store.store import MAX_ID
from . import output
from .store_access import DEFAULT_DB, db_option


__all__ = ["DEFAULT_DB", "EXIT_FINDINGS", "ID", "db_option", "format_option", "open_store_file",
           "refused", "emit", "event"]

EXIT_FINDINGS = 3
ID = click.IntRange(1, MAX_ID)


def format_option(choices: Sequence[str] = ("table", "json", "csv")) -> Any:
    return click.option("--format", "fmt", type=click.Choice(list(choices)), default="table",
                        show_default=True, help="Output format.")


def open_store_file(path: str, create: bool = False) -> Any:
    if not create and not Path(path).exists():
        raise click.ClickException(f"no database {path!r}; create one with: euchre import FILE "
                                   f"--db {path}")
    try:
        db = open_db(path)
        migrate(db)
    except Exception as exc:  # a file that is not a database, or one too new
        raise click.ClickException(f"cannot use {path!r}: {exc}") from None
    return db


def refused(exc: Exception) -> click.ClickException:
    where = getattr(exc, "where", "")
    what = getattr(exc, "what", str(exc))
    return click.ClickException(f"{where}: {what}" if where else what)


def emit(rows: Sequence[dict[str, Any]], fmt: str, columns: Sequence[str]) -> None:
    if fmt == "json":
        click.echo(json.dumps(list(rows), indent=2, ensure_ascii=False))
    elif fmt == "csv":
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(columns)
        for r in rows:
            writer.writerow(["" if r.get(c) is None else output.neutral_cell(r.get(c))
                             for c in columns])
    else:
        table = [[str(c) for c in columns]] + [
            ["" if r.get(c) is None else str(r.get(c)) for c in columns] for r in rows]
        widths = [max(len(row[i]) for row in table) for i in range(len(columns))]
        for row in table:
            click.echo("  ".join(v.ljust(w) for v, w in zip(row, widths)).rstrip())


@click.group("event")
def event() -> None:
    """Create, fill and show one event: seatings, sittings, the movement, EMN files.

    \b
    Example:
      euchre event create "Friday progressive" --format progressive --rounds 3 \\
          --deals-per-round 8 --player Ann --player Bob --db club.db
      euchre event show 1 --db club.db
    """

