"""Commands on record files: ``validate``, ``replay`` and ``schema``.

Exit codes: 0 valid and consistent; 1 a record is invalid, has findings or scoresheet
disagreements; 2 usage errors (click's own).
"""

from __future__ import annotations

import json

import click

from ..errors import RecordError
from ..match import replay as replay_record
from ..rules import PRESETS, rebase
from .inputs import read_records
from .scoresheet_text import render_replay

COMMANDS: list[click.Command] = []


def _error_lines(label: str, exc: RecordError) -> list[str]:
    kind = {"notation": "invalid", "inconsistent": "impossible", "unsupported": "unsupported"}.get(
        exc.kind, "error")
    return [f"{label}: {kind}: {p}" for p in exc.problems]


@click.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(allow_dash=True))
@click.option("--quiet", "-q", is_flag=True, help="Print nothing for valid records.")
def validate(files: tuple[str, ...], quiet: bool) -> None:
    """Check that each record is valid notation, replays, and has no findings.

    FILE may be a record (our notation or EGN), a JSON Lines file (.jsonl, one record per
    line), or - for standard input. Every problem is printed with the file, the place in the
    record and what is wrong. Exit 0 when all are valid and clean, 1 otherwise.

    \b
    Example:
      euchre validate examples/somerset-rubber.json examples/club-scoresheet.json
    """
    bad = 0
    for path in files:
        for loaded in read_records(path):
            label, item = loaded.label, loaded.item
            if isinstance(item, RecordError):
                bad += 1
                for line in _error_lines(label, item):
                    click.echo(line, err=True)
                continue
            try:
                result = replay_record(item)
            except RecordError as exc:
                bad += 1
                for line in _error_lines(label, loaded.located(exc)):
                    click.echo(line, err=True)
                continue
            if result.findings:
                bad += 1
                for f in result.findings:
                    click.echo(f"{label}: finding: {f.message}", err=True)
            elif not quiet:
                click.echo(f"{label}: ok ({len(result.deals)} deals, {len(result.games)} games)")
    raise SystemExit(1 if bad else 0)


@click.command()
@click.argument("file", type=click.Path(allow_dash=True))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="A readable scoresheet, or the full replay result as JSON.")
@click.option("--rules", "rules_name", type=click.Choice(sorted(PRESETS)), default=None,
              help="Replay under another rule set instead of the record's own.")
def replay(file: str, fmt: str, rules_name: str | None) -> None:
    """Replay a record and print its scoresheet: one row per deal (dealer, turned card, trump,
    maker, alone, tricks, points, running score), game and rubber totals, and every finding.

    --format json prints the full result (see docs/FORMAT.md, "Replay result"). Exit 1 when the
    record is invalid or the replay has findings.

    \b
    Example:
      euchre replay examples/somerset-rubber.json
      euchre replay examples/club-scoresheet.json --format json --rules hoyle
    """
    status = 0
    for loaded in read_records(file):
        label, item = loaded.label, loaded.item
        if isinstance(item, RecordError):
            for line in _error_lines(label, item):
                click.echo(line, err=True)
            status = 1
            continue
        rules = None
        if rules_name:   # the record's own overrides are kept under the new preset, and said
            rules, kept, refused = rebase(item.rules, rules_name)
            said = f"{label}: rules {rules_name}"
            said += f"; the record's overrides kept: {', '.join(kept)}" if kept else "; the record has no overrides"
            said += "".join(f"; could not apply {o}: {why}" for o, why in refused)
            click.echo(said, err=True)
        try:
            result = replay_record(item, rules)
        except RecordError as exc:
            for line in _error_lines(label, loaded.located(exc)):
                click.echo(line, err=True)
            status = 1
            continue
        if fmt == "json":
            from ..schema.results import dump_result
            click.echo(json.dumps(dump_result(result), indent=2, ensure_ascii=False))
        else:
            click.echo(render_replay(label, item, result))
        if result.findings:
            status = 1
    raise SystemExit(status)


@click.command("schema")
def schema_cmd() -> None:
    """Print the JSON Schema (draft 2020-12) of the notation, for users of other languages.

    \b
    Example:
      euchre schema > euchre-records.schema.json
    """
    from ..schema.jsonschema_gen import generate_json_schema
    click.echo(json.dumps(generate_json_schema(), indent=2, ensure_ascii=False))


COMMANDS.extend([validate, replay, schema_cmd])
