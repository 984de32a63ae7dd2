"""Command ``euchre export``: a record written in another notation (EGN) or as OpenSpiel actions.

Data goes to stdout, diagnostics to stderr. Exit codes: 0 written; 1 the record is invalid,
impossible, or cannot be expressed in the target (each problem printed with its place); 2 usage.
"""

from __future__ import annotations

import json
from typing import Any

import click

from ..errors import RecordError, UnsupportedRules
from ..match import replay
from ..model import Record
from ..openspiel_export import openspiel_actions, openspiel_game_params
from ..schema.egn import egn_losses, record_to_egn
from ..schema.egn_binary import egn_to_egnb
from .inputs import read_records

COMMANDS: list[click.Command] = []

_KIND = {"notation": "invalid", "inconsistent": "impossible", "unsupported": "unsupported"}


def _report(label: str, exc: RecordError) -> None:
    for p in exc.problems:
        click.echo(f"{label}: {_KIND.get(exc.kind, 'error')}: {p}", err=True)


def _to_egn(label: str, record: Record, lossy: bool) -> dict[str, Any]:
    doc: dict[str, Any] = record_to_egn(record, lossy=lossy)
    for problem, _matters in egn_losses(record):
        click.echo(f"{label}: not in EGN: {problem}", err=True)
    return doc


def _to_openspiel(label: str, record: Record, skip: bool) -> dict[str, Any]:
    params = openspiel_game_params(record.rules)
    deals: list[dict[str, Any]] = []
    problems = []
    for i, deal in enumerate(record.deals):
        try:
            deals.append({"deal": i + 1, "actions": openspiel_actions(deal, record.rules)})
        except RecordError as exc:
            located = exc.located(f"deals[{i}]")
            if not skip:
                problems.extend(located.problems)
                continue
            for p in located.problems:
                click.echo(f"{label}: skipped: {p}", err=True)
    if problems:
        raise UnsupportedRules(problems)
    return {"game": "euchre", "parameters": params, "deals": deals}


@click.command()
@click.argument("file", type=click.Path(allow_dash=True))
@click.option("--to", "target", type=click.Choice(["egn", "egnb", "egnb-expanded", "openspiel"]),
              required=True,
              help="egn: an EGN 1.4 document. egnb: binary EGN, condensed (bit-packed deals); "
                   "egnb-expanded: binary EGN, the whole document as protobuf. openspiel: the "
                   "action history of each deal for OpenSpiel's 'euchre' game, with its game "
                   "parameters.")
@click.option("--lossy", is_flag=True,
              help="EGN: write the record even when EGN cannot carry some of it (rule options, "
                   "irregularities, scoresheet entries); what is left out goes to stderr.")
@click.option("--skip", is_flag=True,
              help="OpenSpiel: leave out the deals OpenSpiel cannot replay instead of failing.")
def export(file: str, target: str, lossy: bool, skip: bool) -> None:
    """Write the record in FILE (our notation or EGN; - for stdin) in another notation.

    The result is JSON on stdout (one document per line for a .jsonl input; binary EGN for
    egnb, one record per file: redirect it to a .egnb file). A record that
    cannot be expressed faithfully is refused with exit 1 and the reasons on stderr: EGN has no
    rubbers, revoke penalties or irregularities; OpenSpiel plays only the modern 24-card game
    with its own scoring (see docs/INTEROP.md).

    \b
    Examples:
      euchre export examples/modern-lone-march.json --to egn > game.egn
      euchre export game.egn --to openspiel
      euchre export game.egn --to egnb > game.egnb
    """
    bad = 0
    whole = "<stdin>" if file == "-" else file  # the label of a record read as the whole input
    for label, item, _ in read_records(file):
        if isinstance(item, RecordError):
            bad += 1
            _report(label, item)
            continue
        try:
            replay(item)  # a record validate calls impossible is refused, never exported
            doc = (_to_egn(label, item, lossy) if target.startswith("egn")
                   else _to_openspiel(label, item, skip))
            if target.startswith("egnb"):
                binary = egn_to_egnb(doc, condensed=target == "egnb")
        except RecordError as exc:
            bad += 1
            _report(label, exc)
            continue
        if target.startswith("egnb"):
            if label != whole:
                bad += 1
                click.echo(f"{label}: binary EGN holds one record per file: export the records "
                           "one by one", err=True)
                continue
            click.get_binary_stream("stdout").write(binary)
            continue
        if label != whole:  # read as JSON Lines (file:line): JSON Lines out, however many records
            click.echo(json.dumps(doc, ensure_ascii=False))
        else:
            click.echo(json.dumps(doc, indent=2, ensure_ascii=False))
    raise SystemExit(1 if bad else 0)


COMMANDS.append(export)
