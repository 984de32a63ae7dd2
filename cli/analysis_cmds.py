"""The ``analyse`` command: the double-dummy analysis of records (docs/ANALYSIS.md).

Thin: reads records of any table (a file, or a stored record by id), calls
:func:`euchre_records.analysis.analyse_record` (any table: 2, 3, 4 or 5 players), prints it, and in
the table format ends with :data:`LEGEND`, what the numbers mean. Exit 0; 1 for an invalid or
impossible record or an unknown id; 2 for usage errors.
"""

from __future__ import annotations

import json
from typing import Any

import click

from ..analysis import RecordAnalysis, analyse_record, as_json
from ..api.whole_numbers import SQLITE_MAX, whole_in
from ..errors import RecordError
from ..model import Record
from .output import EXIT_INVALID, EXIT_OK, emit_json, emit_rows, format_option, worst

COMMANDS: list[click.Command] = []

LEGEND = """\
How to read it (double dummy: every card seen, every player playing his best):
  "could have taken 4": the makers' tricks with best play by all from the start of play;
  "took 5": their tricks as played. Points are per side (N-S, E-W) or, at a table of 2, 3 or
  5, per seat.
  "-1" after a card: the tricks that card cost its player's side against his best card (no
  mark: a best play); "revoke": it did not follow suit.
  "calls by N": each trump the maker could have named, alone or not, as "H 5 (+2)": with
  hearts trump the makers take 5 tricks with best play, and their points less the opponents'
  are +2; "not allowed": the bidding did not let him make that call when he made his. Five-
  handed, each trump with the best partner he could have called, or alone.
  "tricks_lost": the tricks a player's costly cards cost, over the deals analysed."""


def _stored(db_path: str, record_id: int) -> Record:
    from ..api.store import queries
    from ..interop.detect import load_any_table_data
    from ..schema.notation import parse_json
    from .store_access import open_for_command as _open
    db = _open(db_path)
    try:
        text = queries.get_canonical(db, record_id)
    finally:
        db.close()
    if text is None:
        click.echo(f"no record {record_id} in {db_path}", err=True)
        raise SystemExit(EXIT_INVALID)
    return load_any_table_data(parse_json(text))


def _points(analysis: RecordAnalysis, points: tuple[int, ...]) -> str:
    """``N-S 1 E-W 0`` four-handed; ``seat 0 1, seat 1 0, seat 2 0`` at a table of n."""
    if len(analysis.tokens) == 4:
        return f"N-S {points[0]} E-W {points[1]}"
    return ", ".join(f"seat {t} {p}" for t, p in zip(analysis.tokens, points))


def _table(label: str, analysis: RecordAnalysis) -> None:
    """The analysis for people: per deal its value, its plays and its calls; then the players."""
    click.echo(label)
    tokens = analysis.tokens
    for d in analysis.deals:
        click.echo(f"deal {d.number}: {d.summary}")
        if d.known and d.points is not None and d.scored is not None:
            click.echo(f"  best play: {d.tricks} tricks, {_points(analysis, d.points)}; "
                       f"as scored: {d.taken} tricks, {_points(analysis, d.scored)}")
        if d.plays:
            per_trick: dict[int, list[str]] = {}
            for p in d.plays:
                mark = f" -{p.cost}" if p.cost else ""
                mark += " revoke" if p.revoke else ""
                per_trick.setdefault(p.trick, []).append(f"{tokens[p.seat]} {p.card.name}{mark}")
            for t, cards in per_trick.items():
                click.echo(f"  trick {t}: " + ", ".join(cards))
        for r in d.revokes:
            click.echo(f"  revoke by {tokens[r.seat]} at trick {r.trick}: scored by law "
                       f"{_points(analysis, r.scored)}; best play there: {r.best_tricks} tricks, "
                       f"{_points(analysis, r.best_points)}")
        if d.calls:
            assert d.maker is not None
            cells = []
            for c in d.calls:
                name = ("NT" if c.trump is None else c.trump.value) + (" alone" if c.alone else "")
                cells.append(f"{name} {c.tricks} ({c.points:+d}{'' if c.allowed else ', not allowed'})")
            click.echo(f"  calls by {tokens[d.maker]}: " + ", ".join(cells))
            for b in d.best_calls:
                name = ("NT" if b.trump is None else b.trump.value) + (" alone" if b.alone else "")
                who = f"seat {tokens[b.maker]}:" if b.side is None else f"{b.side.label}: {tokens[b.maker]}"
                click.echo(f"  best call for {who} {name}, {b.tricks} tricks ({b.points:+d})")
        elif d.calls_reason and d.known:
            click.echo(f"  calls not analysed: {d.calls_reason}")
    rows = [{"seat": tokens[p.seat], "name": p.name, "plays": p.plays, "costly": p.costly,
             "tricks_lost": p.lost} for p in analysis.players]
    emit_rows(rows, "table", ("seat", "name", "plays", "costly", "tricks_lost"))


@click.command()
@click.argument("source", required=True)
@click.option("--db", "db_path", type=click.Path(dir_okay=False), default=None,
              help="Read record SOURCE (an id) from this store instead of a file.")
@format_option(("table", "json", "jsonl"),
               help="table: for people; json, jsonl: the analysis (docs/ANALYSIS.md).")
def analyse(source: str, db_path: str | None, fmt: str) -> None:
    """Double-dummy analysis: the value of each deal with best play, every call, every card.

    SOURCE is a record file (our notation or EGN, .jsonl for several, - for stdin) at any table
    (2, 3, 4 or 5 players), or with --db a stored record's id. For each deal whose hands are
    known: the makers' tricks and
    points with best play by all beside what was scored, each card's cost in tricks against
    the player's best card, and the calls the makers could have made. Deals whose hands are
    not known say why. Then per player: plays, costly plays, tricks lost; then a legend of the
    numbers. No search limit applies here (the API refuses a record that costs too much).

    Exit 0; 1 for an invalid or impossible record or an unknown id; 2 for usage errors.

    \b
    Examples:
      euchre analyse examples/modern-lone-march.json
      euchre analyse --db club.db 12 --format json
    """
    from .inputs import read_records
    from .records_cmds import FILES, _error_lines
    items: list[tuple[str, Record | RecordError]] = []
    if db_path is not None:
        record_id = whole_in(source, 1)
        if record_id is None:   # '²' is str.isdigit() but no int(); 2^63 no SQLite integer
            raise click.UsageError(f"with --db, SOURCE is a record id (1 to {SQLITE_MAX}), "
                                   f"not {source[:40]!r}")
        try:
            items.append((f"record {source}", _stored(db_path, record_id)))
        except RecordError as exc:
            items.append((f"record {source}", exc))
    else:
        FILES.convert(source, None, None)   # a missing file is a usage error (exit 2)
        items.extend((loaded.label, loaded.located(loaded.item) if isinstance(loaded.item, RecordError)
                      else loaded.item) for loaded in read_records(source))
    codes = [EXIT_OK]
    out: list[dict[str, Any]] = []
    for label, item in items:
        if isinstance(item, RecordError):
            for line in _error_lines(label, item):
                click.echo(line, err=True)
            codes.append(EXIT_INVALID)
            continue
        try:
            analysis = analyse_record(item)
        except RecordError as exc:
            for line in _error_lines(label, exc):
                click.echo(line, err=True)
            codes.append(EXIT_INVALID)
            continue
        if fmt == "table":
            if out or len(items) > 1:
                click.echo()
            _table(label, analysis)
            out.append({})
        else:
            doc = {"source": label, **as_json(analysis)}
            if fmt == "jsonl":
                emit_json([doc], "jsonl")
            else:
                out.append(doc)
    if fmt == "table" and out:
        click.echo()
        click.echo(LEGEND)
    if fmt == "json":
        click.echo(json.dumps(out[0] if len(items) == 1 and out else out, indent=2, ensure_ascii=False))
    raise SystemExit(worst(*codes))


COMMANDS.append(analyse)
