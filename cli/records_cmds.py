"""Commands on record files: ``validate``, ``replay`` and ``schema``.

Exit codes (cli/output.py): 0 valid and consistent; 1 a record is invalid or impossible; 3 valid
records with findings or scoresheet disagreements; 2 usage errors (a missing file included).
"""

from __future__ import annotations

import json
from typing import Any

import click

from ..errors import RecordError
from ..match import replay as replay_record
from ..model import ReplayResult
from ..rules import PRESETS, rebase
from .inputs import Loaded, read_records
from .output import (EXIT_CODES_HELP, EXIT_FINDINGS, EXIT_INVALID, EXIT_OK, emit_json,
                     emit_rows, format_option, worst)
from .scoresheet_text import render_replay

COMMANDS: list[click.Command] = []

_KIND = {"notation": "invalid", "inconsistent": "impossible", "unsupported": "unsupported"}

FILES = click.Path(exists=True, dir_okay=False, allow_dash=True)
"""Record files: a missing one is a usage error (exit 2), as in every command."""


def _error_lines(label: str, exc: RecordError) -> list[str]:
    kind = _KIND.get(exc.kind, "error")
    return [f"{label}: {kind}: {p}" for p in exc.problems]


def _checked(loaded: Loaded, rules_name: str | None = None
             ) -> tuple[ReplayResult | None, RecordError | None]:
    """The replay of one record read, or the error (located as written) that stops it."""
    if isinstance(loaded.item, RecordError):
        return None, loaded.item
    try:
        rules = None
        if rules_name:   # the record's own overrides are kept under the new preset, and said
            rules, kept, refused = rebase(loaded.item.rules, rules_name)
            said = f"{loaded.label}: rules {rules_name}"
            said += f"; the record's overrides kept: {', '.join(kept)}" if kept else "; the record has no overrides"
            said += "".join(f"; could not apply {o}: {why}" for o, why in refused)
            click.echo(said, err=True)
        return replay_record(loaded.item, rules), None
    except RecordError as exc:
        return None, loaded.located(exc)


def _verdict(label: str, result: ReplayResult | None, error: RecordError | None
             ) -> dict[str, Any]:
    """One record's verdict for scripts: status, every error and finding with its place."""
    from ..schema.results import dump_findings
    if error is not None:
        return {"source": label, "status": _KIND.get(error.kind, "error"), "deals": None,
                "games": None,
                "errors": [{"kind": _KIND.get(error.kind, "error"), "where": p.where,
                            "what": p.what} for p in error.problems],
                "findings": []}
    assert result is not None
    findings = dump_findings(result)
    return {"source": label, "status": "findings" if result.findings else "ok",
            "deals": len(result.deals), "games": len(result.games), "errors": [],
            "findings": findings}


VALIDATE_CSV = ("source", "status", "kind", "where", "deal", "trick", "seat", "rule", "message")


def _csv_rows(verdict: dict[str, Any]) -> list[dict[str, Any]]:
    base = {"source": verdict["source"], "status": verdict["status"]}
    rows = [dict(base, kind=e["kind"], where=e["where"], message=e["what"])
            for e in verdict["errors"]]
    rows += [dict(base, kind=f["kind"], deal=f["deal"], trick=f["trick"], seat=f["seat"],
                  rule=f["rule"], message=f["message"]) for f in verdict["findings"]]
    return rows or [base]


@click.command(help=f"""Check that each record is valid notation, replays, and has no findings.

    FILE may be a record (our notation or EGN), a JSON Lines file (.jsonl, one record per
    line), or - for standard input. Every problem is printed with the file, the place in the
    record and what is wrong: as lines on stderr (table, the default), or on stdout as one
    JSON array (json), one object per record and line (jsonl) or one row per problem (csv),
    each record with its status, errors (kind, where, what) and findings (kind, deal, trick,
    seat, rule, message).

    {EXIT_CODES_HELP}

    \b
    Examples:
      euchre validate examples/somerset-rubber.json examples/club-scoresheet.json
      euchre validate season.jsonl --format jsonl | jq 'select(.status != "ok")'
    """)
@click.argument("files", nargs=-1, required=True, type=FILES)
@click.option("--quiet", "-q", is_flag=True, help="Print nothing for valid records (table).")
@format_option(help="table: lines for people; json, jsonl, csv: every verdict for scripts.")
def validate(files: tuple[str, ...], quiet: bool, fmt: str) -> None:
    codes = [EXIT_OK]
    verdicts: list[dict[str, Any]] = []
    for path in files:
        for loaded in read_records(path):
            result, error = _checked(loaded)
            label = loaded.label
            if error is not None:
                codes.append(EXIT_INVALID)
            elif result is not None and result.findings:
                codes.append(EXIT_FINDINGS)
            if fmt != "table":
                verdict = _verdict(label, result, error)
                if fmt == "jsonl":
                    emit_json([verdict], "jsonl")  # streamed: one line per record
                else:
                    verdicts.append(verdict)
                continue
            if error is not None:
                for line in _error_lines(label, error):
                    click.echo(line, err=True)
            elif result is not None and result.findings:
                for f in result.findings:
                    click.echo(f"{label}: finding: {f.message}", err=True)
            elif result is not None and not quiet:
                click.echo(f"{label}: ok ({len(result.deals)} deals, {len(result.games)} games)")
    if fmt == "json":
        emit_json(verdicts, "json")
    elif fmt == "csv":
        emit_rows([row for v in verdicts for row in _csv_rows(v)], "csv", VALIDATE_CSV)
    raise SystemExit(worst(*codes))


@click.command(help=f"""Replay a record and print its scoresheet and every finding.

    The scoresheet has one row per deal (dealer, turned card, trump, maker, alone, tricks,
    points, running score), then game and rubber totals; at a table of two, three or five
    the points and running score are per player (one column each) and there is no rubber. --format json prints the full result
    (see docs/FORMAT.md, "Replay result"): one document for a record file, a JSON array of
    results for JSON Lines input; --format jsonl one result per line. Invalid records are
    reported on stderr. (text is the former name of table.)

    {EXIT_CODES_HELP}

    \b
    Examples:
      euchre replay examples/somerset-rubber.json
      euchre replay examples/club-scoresheet.json --format json --rules hoyle
    """)
@click.argument("file", type=FILES)
@format_option(("table", "text", "json", "jsonl"),
               help="table: a readable scoresheet; json, jsonl: the full replay result.")
@click.option("--rules", "rules_name", type=click.Choice(sorted(PRESETS)), default=None,
              help="Replay under another rule set instead of the record's own.")
def replay(file: str, fmt: str, rules_name: str | None) -> None:
    from ..schema.results import dump_result
    codes = [EXIT_OK]
    results: list[dict[str, Any]] = []
    whole = "<stdin>" if file == "-" else file
    several = False
    for loaded in read_records(file):
        several = several or loaded.label != whole
        result, error = _checked(loaded, rules_name)
        if error is not None:
            for line in _error_lines(loaded.label, error):
                click.echo(line, err=True)
            codes.append(EXIT_INVALID)
            continue
        assert result is not None and not isinstance(loaded.item, RecordError)
        if result.findings:
            codes.append(EXIT_FINDINGS)
        if fmt == "jsonl":
            emit_json([dump_result(result)], "jsonl")
        elif fmt == "json":
            results.append(dump_result(result))
        else:
            click.echo(render_replay(loaded.label, loaded.item, result))
    if fmt == "json" and (results or several):
        click.echo(json.dumps(results if several else results[0], indent=2, ensure_ascii=False))
    raise SystemExit(worst(*codes))


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
