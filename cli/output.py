"""What every command shares about output: the ``--format`` vocabulary and the exit codes.

Formats: ``table`` (aligned columns for people; the default), ``json`` (one JSON document: an
object for one thing, an array for a listing), ``jsonl`` (one JSON object per line), ``csv``
(a header line, then one row per item; only where the items are flat rows). Data goes to
stdout, diagnostics to stderr.

Exit codes, the same in every command (docs/CLI.md): 0 clean; 1 invalid or impossible input, or
a request the store refuses; 2 usage (click's own, a missing file included); 3 valid records
with findings or scoresheet disagreements.
"""

from __future__ import annotations

import csv
import json
import sys
from typing import TYPE_CHECKING, Any, Iterable, Sequence

import click

if TYPE_CHECKING:
    from ..model import Record

__all__ = ["EXIT_OK", "EXIT_INVALID", "EXIT_USAGE", "EXIT_FINDINGS", "EXIT_CODES_HELP",
           "format_option", "emit_rows", "emit_json", "worst", "renamed_option", "yes_no",
           "to_date_option", "four_handed_only"]

EXIT_OK = 0
EXIT_INVALID = 1
EXIT_USAGE = 2
EXIT_FINDINGS = 3

EXIT_CODES_HELP = ("Exit 0 when clean, 1 when a record is invalid or impossible, 3 when "
                   "valid records have findings or scoresheet disagreements, 2 for usage "
                   "errors (a missing file included).")


def worst(*codes: int) -> int:
    """The exit code that tells most: invalid (1) over findings (3) over clean (0)."""
    if EXIT_INVALID in codes:
        return EXIT_INVALID
    if EXIT_FINDINGS in codes:
        return EXIT_FINDINGS
    return EXIT_OK


def format_option(choices: Sequence[str] = ("table", "json", "jsonl", "csv"),
                  default: str = "table", help: str = "Output format.") -> Any:
    """The ``--format`` option with the choices that fit a command."""
    return click.option("--format", "fmt", type=click.Choice(list(choices)), default=default,
                        show_default=True, help=help)


def renamed_option(old: str, new: str, why: str = "") -> Any:
    """A hidden ``old`` option that is refused (a usage error, exit 2) with a message naming
    ``new``: a spelling the command line no longer takes, kept only to say what replaced it."""
    def refuse(ctx: click.Context, param: click.Parameter, value: Any) -> None:
        if value is not None:
            raise click.UsageError(f"{old} is now {new}{why}", ctx=ctx)

    return click.option(old, f"_removed_{old.strip('-').replace('-', '_')}", default=None,
                        hidden=True, expose_value=False, callback=refuse, metavar="X")


def to_date_option(help: str = "Only records dated on or before DATE (inclusive; YYYY-MM takes "
                                "the whole month).") -> Any:
    """``--to-date DATE``, the end of a date range, with the former ``--to DATE`` refused by a
    message that names it: ``--to`` means one thing in every command, the target format of
    ``export --to``."""
    def decorate(command: Any) -> Any:
        command = renamed_option("--to", "--to-date",
                                 " (--to names a format, as in export --to)")(command)
        return click.option("--to-date", "date_to", default=None, metavar="DATE",
                            help=help)(command)
    return decorate


def yes_no(value: Any) -> Any:
    """A boolean as people read it, the same in every command's table and CSV: ``yes`` or ``no``
    (``None`` stays unknown). JSON output keeps ``true``/``false``."""
    if value is None:
        return None
    return "yes" if value else "no"


def emit_json(items: Iterable[Any], fmt: str, *, single: bool = False) -> None:
    """``items`` as one JSON array (or one document when ``single``) or as JSON Lines."""
    if fmt == "jsonl":
        for item in items:
            click.echo(json.dumps(item, ensure_ascii=False))
        return
    data: Any = list(items)
    if single and len(data) == 1:
        data = data[0]
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


def emit_rows(rows: Sequence[dict[str, Any]], fmt: str, columns: Sequence[str],
              booleans: Sequence[str] = ()) -> None:
    """Rows to stdout as an aligned table, a JSON array, JSON Lines or CSV. The ``booleans``
    columns (SQLite keeps them as 0/1) print as ``yes``/``no`` in a table and CSV and as
    ``true``/``false`` in JSON. A CSV cell that a spreadsheet would run as a formula is
    neutralised (:func:`neutral_cell`)."""
    if booleans:
        flag = (lambda v: None if v is None else bool(v)) if fmt in ("json", "jsonl") else yes_no
        rows = [{**row, **{c: flag(row[c]) for c in booleans if c in row}} for row in rows]
    if fmt in ("json", "jsonl"):
        emit_json(rows, fmt)
        return
    if fmt == "csv":
        writer = csv.DictWriter(sys.stdout, fieldnames=list(columns), extrasaction="ignore",
                                lineterminator="\n")
        writer.writeheader()
        writer.writerows({c: neutral_cell(row.get(c)) for c in columns} for row in rows)
        return
    cells = [[("" if r.get(c) is None else str(r.get(c))) for c in columns] for r in rows]
    widths = [max([len(c)] + [len(row[i]) for row in cells]) for i, c in enumerate(columns)]
    click.echo("  ".join(c.ljust(w) for c, w in zip(columns, widths)).rstrip())
    click.echo("  ".join("-" * w for w in widths))
    for row in cells:
        click.echo("  ".join(v.ljust(w) for v, w in zip(row, widths)).rstrip())


def neutral_cell(value: Any) -> Any:
    """A CSV cell that no spreadsheet runs as a formula: a text beginning with ``=``, ``+``,
    ``-``, ``@``, a tab or a carriage return gets a ``'`` in front (OWASP's rule; the sheets'
    own function, interop/sheets/guard.neutral). Numbers are left alone (a negative score is a
    number, not a formula)."""
    if isinstance(value, str):
        from ..interop.sheets.guard import neutral
        return neutral(value)
    return value


def first_sentence(text: str) -> str:
    """The first sentence of a help text (its first paragraph up to the first full stop)."""
    para = " ".join(text.strip().split("\n\n", 1)[0].split())
    for i, ch in enumerate(para):
        if ch == "." and (i + 1 == len(para) or para[i + 1] == " ") and not para[:i].endswith(
                ("e.g", "i.e", "etc", "St")):
            return para[:i + 1]
    return para


def tidy_help(command: click.Command) -> None:
    """Help that reads well in a terminal, for ``command`` and its sub-commands: reST literals
    (two backquotes) shown as plain text, and the summary in command listings cut at the end
    of the first sentence instead of mid-phrase (click's default cuts at 45 characters)."""
    if command.help:
        command.help = command.help.replace("``", "")
        if not command.short_help:
            command.short_help = first_sentence(command.help)
    if isinstance(command, click.Group):
        for sub in command.commands.values():
            tidy_help(sub)


def four_handed_only(record: Record, what: str, why: str) -> str:
    """The reason a four-handed-only target refuses a record at a table of n."""
    return (f"{what} takes four-handed records only ({why}); this is a "
            f"{record.table.variant.value} record of {record.table.seats} players")
