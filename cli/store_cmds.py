"""Commands on the record store: ``import``, ``correct``, ``rubbers``, ``show`` and ``players``
(``serve`` is ``serve_cmds``).

Thin wrappers over ``euchre_records.api`` (importer, queries, app). Data goes to stdout,
diagnostics and progress to stderr. Exit codes: 0 ok; 1 invalid input (a record that did not
import, an unknown id); 2 usage errors (click's own).
"""

from __future__ import annotations

import json
import sys
from typing import Any, Iterable, Sequence

import click

from ..api.store import players as player_registry
from ..api.store import queries
from ..api.store.importer import (
    ImportReport, WorkerDied, import_sources, input_size, iter_sources,
)
from ..api.store.store import MAX_ID
from ..table import Variant
from . import output
from .shown_rows import DEAL_COLUMNS, FINDING_COLUMNS, shown_rows
from .store_access import db_option
from .store_access import open_for_command as _open

COMMANDS: list[click.Command] = []

RECORD_ID = click.IntRange(1, MAX_ID)
"""A record id: from 1 to 2^63-1 (SQLite's largest integer); another is a usage error."""

format_option = output.format_option()


def filter_options(command: Any) -> Any:
    """--player, --club, --from, --to-date: the listing filters of the API (queries.filters)."""
    command = output.to_date_option()(command)
    for option in reversed((
            click.option("--player", default=None, help="Only records this player sat in."),
            click.option("--club", default=None, help="Only this club's records."),
            click.option("--from", "date_from", default=None, metavar="DATE",
                         help="Only records dated on or after DATE (YYYY, YYYY-MM or YYYY-MM-DD)."),
            )):
        command = option(command)
    return command


def _emit(rows: Sequence[dict[str, Any]], fmt: str, columns: Sequence[str]) -> None:
    """Rows to stdout in the shared --format vocabulary (cli/output.py); the store's boolean
    columns print as yes/no (true/false in JSON)."""
    output.emit_rows(rows, fmt, columns, booleans=[c for c in BOOLEAN_COLUMNS if c in columns])


BOOLEAN_COLUMNS = ("alone", "finished", "defender_alone")
"""The columns the store keeps as 0/1 that mean yes or no."""


def _print_report(report: ImportReport) -> None:
    for source, problems in report.reasons:
        for problem in problems:
            click.echo(f"{source}: invalid: {problem}", err=True)
    if report.invalid > len(report.reasons):
        click.echo(f"... and {report.invalid - len(report.reasons)} more invalid", err=True)
    if len(report.skipped) <= 3:
        for path in report.skipped:
            click.echo(f"{path}: skipped (declares no record notation)", err=True)
    else:
        click.echo(f"skipped {len(report.skipped)} JSON files that declare no record notation "
                   f"(such as {report.skipped[0]})", err=True)
    for source, messages in report.findings:
        for message in messages:
            click.echo(f"{source}: finding: {message}", err=True)
    if report.with_findings > len(report.findings):
        click.echo(f"... and {report.with_findings - len(report.findings)} more records with "
                   "findings", err=True)
    click.echo(f"stored {report.stored} ({report.deals} deals), duplicates {report.duplicates}, "
               f"invalid {report.invalid}, with findings {report.with_findings}", err=True)


def run_import(db: Any, paths: Iterable[str], submitted_by: str | None, batch: int,
               progress: bool, jobs: int = 1) -> ImportReport:
    """Import ``paths`` into ``db``, with a byte-based progress bar on stderr when asked."""
    paths = list(paths)
    report = ImportReport()
    if not progress:
        return import_sources(db, iter_sources(paths, report), report, submitted_by, batch,
                              jobs=jobs)
    size = input_size(paths)
    with click.progressbar(length=size, label="importing", file=sys.stderr,
                           show_pos=size is None) as bar:
        sources = iter_sources(paths, report, progress=bar.update)
        return import_sources(db, sources, report, submitted_by, batch, jobs=jobs)


@click.command("import")
@click.argument("paths", nargs=-1, required=True,
                type=click.Path(exists=True, allow_dash=True))
@db_option
@click.option("--submitted-by", default=None, help="Who submits these records (stored with each).")
@click.option("--batch", default=500, show_default=True, type=click.IntRange(1),
              help="Records per transaction.")
@click.option("--jobs", "-j", default=1, show_default=True, type=click.IntRange(1),
              help="Worker processes that parse and replay (writes stay in one process).")
@click.option("--progress/--no-progress", default=None,
              help="Progress bar on stderr (default: when stderr is a terminal).")
def import_(paths: tuple[str, ...], db_path: str, submitted_by: str | None, batch: int,
            jobs: int, progress: bool | None) -> None:
    """Validate, replay and store records.

    The inputs are files, folders (walked for *.json, *.egn and *.jsonl), JSON Lines files
    (one record per line, streamed), scoresheets from spreadsheets (.csv or .xlsx, one
    record per sitting; docs/CLI.md) and - for standard input.

    A record already stored (same canonical text) is counted as a duplicate, not stored twice.
    Prints a summary on stderr: stored, duplicates, invalid records with their reasons, and
    every finding or scoresheet disagreement of the valid ones. The valid records are stored
    even when others are invalid. Exit 0 when all were clean, 1 when an input was invalid,
    3 when valid records had findings, 2 for usage errors (a missing file included).

    \b
    Example:
      euchre import examples/ --db club.db
      cat season.jsonl | euchre import - --db club.db --jobs 4
    """
    db = _open(db_path, must_exist=False)
    try:
        show = sys.stderr.isatty() if progress is None else progress
        emn_ok = True
        if any(path.lower().endswith(".emn") for path in paths):  # .emn: an event each (EVENTS.md)
            from . import event_emn_cmds  # loaded only then: the events code is a third of start-up
            paths, emn_ok = event_emn_cmds.import_emn_paths(db, paths)
        try:
            report = run_import(db, paths, submitted_by, batch, show, jobs)
        except WorkerDied as exc:   # what was stored stays (Store.bulk); a re-run stores the rest
            raise click.ClickException(str(exc)) from None
    finally:
        db.close()
    _print_report(report)
    raise SystemExit(output.worst(output.EXIT_OK if report.ok and emn_ok else output.EXIT_INVALID,
                                  output.EXIT_FINDINGS if report.with_findings else output.EXIT_OK))


@click.command()
@click.argument("record_id", type=RECORD_ID)
@click.argument("path", type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@db_option
@click.option("--submitted-by", default=None, help="Who submits the correction.")
def correct(record_id: int, path: str, db_path: str, submitted_by: str | None) -> None:
    """Store the record in PATH as a corrected version of stored record RECORD_ID.

    The old version is kept unchanged and marked superseded; listings and statistics use the
    new one. Exit 0 when stored, 3 when stored with findings or scoresheet disagreements
    (printed), 1 if the record is invalid, RECORD_ID is unknown or already superseded, 2 for
    usage errors (a missing file included).

    \b
    Example:
      euchre correct 12 fixed-rubber.json --db club.db --submitted-by referee
    """
    from ..api.store.ingest import prepare_record
    from ..api.store.store import Store, StoreError
    from ..errors import NotationError, RecordError
    from .inputs import Loaded, read_records

    items = list(read_records(path))  # a file that cannot be read or decoded is an error here
    if len(items) != 1:
        items = [Loaded(path, NotationError(f"expected one record, found {len(items)}"))]
    label, item, egn = items[0]
    try:
        if isinstance(item, RecordError):
            raise item
        sub = prepare_record(item, from_notation=not egn)
    except RecordError as exc:
        for problem in exc.problems:
            click.echo(f"{label}: invalid: {problem}", err=True)
        raise SystemExit(1) from None
    db = _open(db_path, write=True)
    try:
        saved = Store(db).save(sub, submitted_by=submitted_by, supersedes=record_id)
    except StoreError as exc:  # unknown, already superseded, or the correction already stored
        click.echo(f"not stored: {exc}", err=True)
        raise SystemExit(1) from None
    finally:
        db.close()
    click.echo(saved.id)
    click.echo(f"stored record {saved.id} as the new version of record {record_id}", err=True)
    for finding in sub.result.findings:
        click.echo(f"{label}: finding: {finding.message}", err=True)
    raise SystemExit(output.EXIT_FINDINGS if sub.result.findings else output.EXIT_OK)


RUBBER_COLUMNS = ("rubber_id", "record_id", "date", "club", "system", "ns_players", "ew_players",
                  "games", "games_ns", "games_ew", "rubber_points_ns", "rubber_points_ew",
                  "winner", "finished")


@click.command()
@db_option
@format_option
@filter_options
@click.option("--limit", default=100, show_default=True, type=click.IntRange(1, MAX_ID),
              help="At most this many (newest first).")
def rubbers(db_path: str, fmt: str, player: str | None, club: str | None,
            date_from: str | None, date_to: str | None, limit: int) -> None:
    """List stored rubbers (current records): players, games won, rubber points, winner.

    The filters are the API's (GET /rubbers): --player, --club, and an inclusive date range
    --from/--to-date (a year or year-month takes the whole period).

    Exit 0, 1 when the database cannot be read, 2 for usage errors.

    \b
    Example:
      euchre rubbers --db club.db --player Ann --from 1888-05 --format csv > ann.csv
    """
    db = _open(db_path)
    try:
        where, params = queries.filters(player=player, club=club, date_from=date_from,
                                        date_to=date_to)  # the API's filters
        rows = list(db.query("SELECT * FROM rubber_standings WHERE record_id IN "
                             f"(SELECT records.id FROM records{where}) "
                             "ORDER BY rubber_id DESC LIMIT ?", [*params, limit]))
    finally:
        db.close()
    _emit(rows, fmt, RUBBER_COLUMNS)


def selected_ids(db: Any, *, player: str | None = None, club: str | None = None,
                 date_from: str | None = None, date_to: str | None = None,
                 all_versions: bool = False, seats: int | None = None,
                 variant: str | None = None) -> list[int]:
    """Ids of the records the listing filters select, oldest first (current records only,
    unless ``all_versions``); ``seats``/``variant`` keep one table (docs/TABLES.md)."""
    where, params = queries.filters(player=player, club=club, date_from=date_from,
                                    date_to=date_to, seats=seats, variant=variant)
    if all_versions:
        where = where.replace("records.status = 'current'", "1", 1)
    return [row[0] for row in db.execute(f"SELECT records.id FROM records{where} "
                                         "ORDER BY records.id", params).fetchall()]


def _show_one(db: Any, record_id: int, fmt: str) -> Any:
    """The JSON of one record (json formats), or its text printed (table, csv)."""
    meta = queries.get_record_meta(db, record_id)
    assert meta is not None
    deals, columns, findings = shown_rows(db, record_id, meta.get("seats", 4))
    if fmt in ("json", "jsonl"):
        return {**meta, "record": json.loads(queries.get_canonical(db, record_id) or "null"),
                "result": json.loads(queries.get_result(db, record_id) or "null")}
    if fmt == "csv":
        return [dict(d, record_id=record_id) for d in deals]
    for key in ("id", "status", "club", "event", "date", "rules", "variant", "submitted_at",
                "submitted_by", "supersedes", "superseded_by", "hash"):
        if key == "variant" and meta.get("seats", 4) == 4:
            continue   # said for tables of 2, 3 and 5 only: four-handed output as before
        if meta.get(key) is not None:
            click.echo(f"{key + ':':14} {meta[key]}")
    click.echo(f"{'players:':14} " + ", ".join(f"{s} {n}" for s, n in meta["players"].items()))
    click.echo()
    _emit(deals, "table", columns)
    if findings:
        click.echo()
        _emit(findings, "table", FINDING_COLUMNS)
    return None


SEATS_OPTION = click.option("--seats", type=click.Choice(["2", "3", "4", "5"]), default=None,
                            help="Only records of this many players.")
VARIANT_OPTION = click.option("--variant", default=None,
                              type=click.Choice(["four-handed", "two-handed", "cut-throat",
                                                 "call-your-partner"]),
                              help="Only records of this variant (docs/TABLES.md).")


@click.command()
@click.argument("record_id", type=RECORD_ID, required=False)
@db_option
@format_option
@filter_options
@SEATS_OPTION
@VARIANT_OPTION
def show(record_id: int | None, db_path: str, fmt: str, player: str | None, club: str | None,
         date_from: str | None, date_to: str | None, seats: str | None = None,
         variant: str | None = None) -> None:
    """Show stored records: metadata, one row per deal and the findings.

    Give a RECORD_ID, or the filters of the listings (--player, --club, --from, --to-date,
    --seats, --variant) to show every current record they select, oldest first. A record at a
    table of two, three or five shows each player's points and score (points_0, score_0 ...). A deal row has the dealer, turned card,
    trump, maker, alone, tricks, points and running score. --format json prints the metadata,
    the canonical record and the stored replay result (an object for RECORD_ID, an array for
    filters), jsonl one record per line, csv the deal rows with their record_id.

    Exit 0, or 1 for an unknown RECORD_ID; 2 for usage errors.

    \b
    Examples:
      euchre show 12 --db club.db
      euchre show --db club.db --player Ann --from 1888-05 --format jsonl
    """
    if record_id is not None and any((player, club, date_from, date_to, seats, variant)):
        raise click.UsageError("give a RECORD_ID or filters, not both")
    db = _open(db_path)
    try:
        if record_id is not None:
            if queries.get_record_meta(db, record_id) is None:
                click.echo(f"no record {record_id} in {db_path}", err=True)
                raise SystemExit(1)
            ids = [record_id]
        else:
            ids = selected_ids(db, player=player, club=club, date_from=date_from,
                               date_to=date_to, seats=None if seats is None else int(seats),
                               variant=variant)
        items = []
        for n, rid in enumerate(ids):
            if fmt == "table" and n:
                click.echo()
            item = _show_one(db, rid, fmt)
            if fmt == "jsonl":
                output.emit_json([item], "jsonl")
            elif item is not None:
                items.append(item)
    finally:
        db.close()
    if fmt == "json":
        output.emit_json(items, "json", single=record_id is not None)
    elif fmt == "csv":
        rows = [row for rows in items for row in rows]
        four = any("points_ns" in row for row in rows)
        columns = ["record_id", *DEAL_COLUMNS] if four else ["record_id"]
        for row in rows:   # a table of n adds its own columns (points_0 ...)
            if "points_ns" not in row:
                columns += [c for c in row if c not in columns]
        _emit(rows, "csv", columns)


PLAYER_COLUMNS = ("name", "rubbers_played", "rubbers_won", "net_rubber_points", "games_played",
                  "games_won", "deals_made", "euchres_suffered", "euchres_inflicted",
                  "lone_hands_tried", "lone_hands_marched", "revokes")


@click.command()
@db_option
@format_option
@click.option("--club", default=None, help="Only this club's records.")
@click.option("--event", "event_id", default=None, type=click.IntRange(1, MAX_ID),
              help="Only this event's sittings (a league: all its nights).")
@click.option("--from", "date_from", default=None, metavar="DATE",
              help="Only records dated on or after DATE (YYYY, YYYY-MM or YYYY-MM-DD).")
@output.to_date_option()
@click.option("--sort", default="name", show_default=True,
              type=click.Choice(list(player_registry.SORTS)), help="Order of the rows.")
@click.option("--wide", is_flag=True,
              help="The table with every column (wider than 80 characters); without it the "
                   "table fits an 80-column terminal. json, jsonl and csv always have them all.")
@click.option("--variant", default="four-handed", show_default=True,
              type=click.Choice([*(v.value for v in Variant), "all"]),
              help="The game: four-handed partnerships, or a table of 2, 3 or 5 where each "
                   "player scores for himself (its own columns); all: a row per player and "
                   "game, with the columns every table has.")
def players(db_path: str, fmt: str, club: str | None, event_id: int | None,
            date_from: str | None, date_to: str | None, sort: str, wide: bool,
            variant: str) -> None:
    """Player statistics by registry player (names matched after NFC and case folding, merges
    applied; docs/EVENTS.md): records, rubbers and games played and won, win rate, deals made,
    points scored and conceded, euchres suffered and inflicted, lone hands, revokes. With
    --variant two-handed, cut-throat or call-your-partner, the games at that table: games won
    by the player himself, deals made, times called as partner, points, euchres, marches, lone
    hands, revokes. With --variant all, a row per player and game with the columns every
    table has (four-handed first; points and euchres there are his side's).

    \b
    Example:
      euchre players --db club.db --event 3 --sort points --format json
      euchre players --db club.db --variant cut-throat --sort games
    """
    four = variant == Variant.FOUR_HANDED.value
    db = _open(db_path)
    try:
        if variant == "all":
            rows = player_registry.all_variants_player_table(
                db, club=club, event_id=event_id, date_from=date_from, date_to=date_to,
                sort=sort)
        elif four:
            rows = player_registry.player_table(db, club=club, event_id=event_id,
                                                date_from=date_from, date_to=date_to, sort=sort)
        else:
            rows = player_registry.variant_player_table(
                db, variant, club=club, event_id=event_id, date_from=date_from,
                date_to=date_to, sort=sort)
    finally:
        db.close()
    columns, narrow = ((player_registry.TABLE_COLUMNS, NARROW_PLAYER_COLUMNS) if four else
                       (player_registry.ALL_VARIANTS_COLUMNS, NARROW_ALL_COLUMNS)
                       if variant == "all" else
                       (player_registry.TABLE_N_COLUMNS, NARROW_TABLE_N_COLUMNS))
    if fmt == "table" and not wide:
        _narrow_players(rows, narrow, len(columns))
        return
    _emit(rows, fmt, columns)


NARROW_PLAYER_COLUMNS = (("name", "name"), ("id", "id"), ("records", "records"),
                         ("rubbers_played", "rubbers"), ("rubbers_won", "won"),
                         ("games_played", "games"), ("games_won", "won"),
                         ("win_rate", "win rate"), ("points_scored", "points"),
                         ("lone_hands_marched", "marches"))
"""``players``' table without ``--wide``: (column, header) pairs that fit 80 characters."""

NARROW_TABLE_N_COLUMNS = (("name", "name"), ("id", "id"), ("records", "records"),
                          ("games_played", "games"), ("games_won", "won"),
                          ("win_rate", "win rate"), ("deals_made", "made"),
                          ("points_scored", "points"), ("euchres_suffered", "euchred"),
                          ("marches_made", "marches"))
"""The same at a table of 2, 3 or 5 (``--variant``)."""

NARROW_ALL_COLUMNS = (("variant", "game"), ("name", "name"),
                      ("games_played", "games"), ("games_won", "won"), ("deals_made", "made"),
                      ("points_scored", "points"), ("euchres_suffered", "euchred"),
                      ("marches_made", "marches"))
"""The same across the games (``--variant all``)."""

TERMINAL_WIDTH = 80


def _narrow_players(rows: Sequence[dict[str, Any]],
                    narrow: Sequence[tuple[str, str]] = NARROW_PLAYER_COLUMNS,
                    every: int = len(player_registry.TABLE_COLUMNS)) -> None:
    """The player table in :data:`TERMINAL_WIDTH` columns: the columns of ``narrow`` (one of
    them ``name``) under short headers, a name too long for the rest cut with ``…``; a line on
    stderr says how to see the other of the ``every`` columns."""
    cells = [["" if r.get(c) is None else str(r.get(c)) for c, _ in narrow] for r in rows]
    heads = [h for _, h in narrow]
    widths = [max([len(h)] + [len(row[i]) for row in cells]) for i, h in enumerate(heads)]
    at = [c for c, _ in narrow].index("name")   # the column that gives way
    room = TERMINAL_WIDTH - (sum(widths) - widths[at]) - 2 * (len(widths) - 1)
    if widths[at] > room:
        widths[at] = room
        for row in cells:
            if len(row[at]) > room:
                row[at] = row[at][:room - 1] + "…"
    click.echo("  ".join(h.ljust(w) for h, w in zip(heads, widths)).rstrip())
    click.echo("  ".join("-" * w for w in widths))
    for row in cells:
        click.echo("  ".join(v.ljust(w) for v, w in zip(row, widths)).rstrip())
    click.echo(f"{every - len(heads)} more columns: --wide, or "
               "--format csv or json", err=True)


COMMANDS.extend([import_, correct, rubbers, show, players])
