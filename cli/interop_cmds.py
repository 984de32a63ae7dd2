"""Command ``euchre export``: records written in another notation (EGN, JSON Lines, the CSV sheet)
or as OpenSpiel actions, from files or from a whole store.

Data goes to stdout, diagnostics to stderr. Exit codes: 0 written; 1 the record is invalid,
impossible, or cannot be expressed in the target (each problem printed with its place); 2 usage.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Iterable, Iterator

import click

from ..errors import Problem, RecordError, UnsupportedRules
from ..match import replay
from ..model import Record
from euchre_records.interop.openspiel import openspiel_actions, openspiel_game_params
from euchre_records.interop.egn.document import egn_losses, in_egn_terms, record_to_egn
from ..schema.notation import dump_record
from euchre_records.interop.egn.binary import egn_to_egnb
from .inputs import read_records

COMMANDS: list[click.Command] = []

_KIND = {"notation": "invalid", "inconsistent": "impossible", "unsupported": "unsupported"}


def _report(label: str, exc: RecordError) -> None:
    for p in exc.problems:
        click.echo(f"{label}: {_KIND.get(exc.kind, 'error')}: {p}", err=True)


def _to_egn(label: str, record: Record, target: str, lossy: bool) -> Any:
    """The EGN document (``egn``) or binary file (``egnb``, ``egnb-expanded``) of ``record`` at
    any table, what it leaves out named on stderr."""
    doc: Any = record_to_egn(record, lossy=lossy)
    for problem, _matters in egn_losses(record):
        click.echo(f"{label}: not in EGN: {problem}", err=True)
    if target.startswith("egnb"):   # what the binary form cannot hold: refused after the notes
        doc = egn_to_egnb(doc, condensed=target == "egnb")
    return doc


def _jsonl(record: Record) -> dict[str, Any]:
    """Our notation of ``record`` (four-handed, or at a table of n), one JSON value."""
    return dump_record(record)


def _to_openspiel(label: str, record: Record, skip: bool) -> dict[str, Any]:
    if not record.fixed_partnerships:
        from .output import four_handed_only
        raise UnsupportedRules(four_handed_only(record, "--to openspiel", "OpenSpiel's euchre is "
                                                "the four-handed partnership game"), "rules.seats")
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


def _sheet_text(label: str, record: Record, lossy: bool, header: bool) -> str:
    from euchre_records.interop.sheets.table import write_sheet
    text = write_sheet([record], lossy=lossy)
    return text if header else text.split("\n", 1)[1]


def _sheet_layout(record: Record) -> str:
    """The sheet layout a record is written in: four-handed, or one column per player."""
    return "four-handed" if record.fixed_partnerships else "per-player"


def _stored_texts(db_path: str, all_versions: bool, filters: dict[str, str | None]
                  ) -> Iterator[tuple[str, str]]:
    """``(label, canonical text)`` of each selected stored record, oldest first."""
    from .store_access import open_for_command as _open
    from .store_cmds import selected_ids
    db = _open(db_path)
    try:
        for record_id in selected_ids(db, all_versions=all_versions, **filters):
            text = db.execute("SELECT canonical FROM records WHERE id = ?",
                              [record_id]).fetchone()[0]
            yield f"{db_path}:record {record_id}", text
    finally:
        db.close()


def _stored_dump(db_path: str, all_versions: bool, filters: dict[str, str | None]
                 ) -> Iterator[tuple[str, str | None]]:
    """``(canonical text, submitted_by)`` of each selected stored record, oldest first."""
    from .store_access import open_for_command as _open
    from .store_cmds import selected_ids
    db = _open(db_path)
    try:
        for record_id in selected_ids(db, all_versions=all_versions, **filters):
            text, by = db.execute("SELECT canonical, submitted_by FROM records WHERE id = ?",
                                  [record_id]).fetchone()
            yield text, by
    finally:
        db.close()


def _store_items(db_path: str, all_versions: bool, filters: dict[str, str | None]
                 ) -> Iterator[tuple[str, Record | RecordError]]:
    """``(label, record)`` for each selected stored record, from its canonical text."""
    from ..schema.tables import load_any   # four-handed or a table of 2, 3, 5
    for label, text in _stored_texts(db_path, all_versions, filters):
        try:
            yield label, load_any(json.loads(text))
        except RecordError as exc:  # a stored record always loads; say so if not
            yield label, exc


@click.command(help="""Write records in another notation: EGN, OpenSpiel actions, JSON Lines or the spreadsheet layout.

    The records come from FILE (our notation, EGN, JSON Lines, a CSV sheet; - for stdin) or,
    with --db, from a store: every current record (or --all-versions), optionally selected by
    the filters of the listings (--player, --club, --from, --to-date), oldest first. Dumping a store
    with --to jsonl (or egn) and importing the dump into an empty store gives the same records
    (the same hashes); a jsonl dump keeps who submitted each version (docs/STORE.md), not the
    links between versions (euchre backup keeps everything).

    The result goes to stdout: JSON Lines (one document per line) for --to jsonl, for a store
    and for JSON Lines input; one indented document otherwise; the sheet layout of docs/CLI.md
    for --to csv (an .xlsx workbook for --to xlsx); binary EGN for egnb, one record per file
    (redirect it to a .egnb file). A record that validate calls impossible is refused. A
    record that cannot be expressed faithfully is refused with the reasons on stderr: EGN has
    no rubbers, revoke penalties or irregularities; OpenSpiel plays only the modern 24-card game with its own scoring (docs/INTEROP.md); the CSV sheet keeps only the
    result of each deal. A record of two, three or five players (ours or EGN's num_players)
    goes to egn, egnb, egnb-expanded or jsonl; OpenSpiel and the sheet refuse it.

    Exit 0 when every record was written, 1 when one was invalid or refused, 2 for usage
    errors (a missing file included).

    \b
    Examples:
      euchre export examples/modern-lone-march.json --to egn > game.egn
      euchre export game.egn --to openspiel
      euchre export game.egn --to egnb > game.egnb
      euchre export --db club.db --to jsonl > backup.jsonl
      euchre export --db club.db --club Bath --from 1888-05 --to csv > bath.csv
    """)
@click.argument("file", required=False,
                type=click.Path(exists=True, dir_okay=False, allow_dash=True))
@click.option("--to", "target",
              type=click.Choice(["egn", "egnb", "egnb-expanded", "openspiel", "jsonl", "csv",
                                 "xlsx"]),
              required=True,
              help="egn: EGN 1.4 documents. egnb: binary EGN, condensed (bit-packed deals); "
                   "egnb-expanded: binary EGN, the whole document as protobuf. openspiel: the "
                   "action history of each deal for OpenSpiel's 'euchre' game, with its game "
                   "parameters. jsonl: our notation, one record per line. csv: the spreadsheet "
                   "scoresheet layout; xlsx: the same as a workbook (the 'xlsx' extra).")
@click.option("--db", "db_path", type=click.Path(exists=True, dir_okay=False), default=None,
              help="Dump the records of this store instead of reading FILE.")
@click.option("--all-versions", is_flag=True,
              help="With --db: superseded versions too, not only the current records.")
@click.option("--player", default=None, help="With --db: only records this player sat in.")
@click.option("--club", default=None, help="With --db: only this club's records.")
@click.option("--from", "date_from", default=None, metavar="DATE",
              help="With --db: only records dated on or after DATE.")
@click.option("--to-date", "date_to", default=None, metavar="DATE",
              help="With --db: only records dated on or before DATE (inclusive).")
@click.option("--lossy", is_flag=True,
              help="EGN, csv: write the record even when the target cannot carry some of it "
                   "(rule options, irregularities, cards, notes, texts beyond EGN's limits); what "
                   "is left out goes to stderr. An EGN document that would not read back (a "
                   "record that, less what EGN cannot carry, is no longer a game that can have "
                   "been played) is refused, not written.")
@click.option("--skip", is_flag=True,
              help="OpenSpiel: leave out the deals OpenSpiel cannot replay instead of failing.")
def export(file: str | None, target: str, db_path: str | None, all_versions: bool,
           player: str | None, club: str | None, date_from: str | None, date_to: str | None,
           lossy: bool, skip: bool) -> None:
    filters = {"player": player, "club": club, "date_from": date_from, "date_to": date_to}
    if (file is None) == (db_path is None):
        raise click.UsageError("give FILE or --db (one of them)")
    if db_path is None and (all_versions or any(filters.values())):
        raise click.UsageError("--all-versions and the filters select from a store: use --db")
    if db_path is not None and target not in ("jsonl", "egn", "csv", "xlsx"):
        raise click.UsageError("--db dumps to jsonl, egn, csv or xlsx")
    bad = 0
    header = True
    layout: str | None = None   # the sheet's layout, from its first record
    sheet: list[str] = []  # csv, xlsx: the sheet's text, written at the end
    if db_path is not None and target == "jsonl":  # the stored texts as they are, and who
        from ..api.store.dump import dump_line  # submitted each (docs/STORE.md)
        for text, by in _stored_dump(db_path, all_versions, filters):
            click.echo(dump_line(text, by))
        raise SystemExit(0)
    if db_path is not None:
        items: Iterable[tuple[str, Record | RecordError, bool]] = (
            (label, item, False) for label, item in _store_items(db_path, all_versions, filters))
        whole = None
    else:
        assert file is not None
        items = ((loaded.label, loaded.item, loaded.egn) for loaded in read_records(file))
        whole = "<stdin>" if file == "-" else file  # the label of a record read as the whole input
    for label, item, egn_input in items:
        if isinstance(item, RecordError):
            bad += 1
            _report(label, item)
            continue
        if target in ("csv", "xlsx"):   # a column per side or per player (interop/sheets/)
            try:
                replay(item)  # a record validate calls impossible is refused, never exported
                if layout is not None and _sheet_layout(item) != layout:
                    raise UnsupportedRules([Problem("rules.seats", f"a sheet holds one layout: "
                                                    f"this record needs the {_sheet_layout(item)} "
                                                    f"one, the sheet has the {layout} one; export "
                                                    "them to two sheets")])
                sheet.append(_sheet_text(label, item, lossy, header))
            except RecordError as exc:
                bad += 1
                _report(label, exc)
                continue
            header, layout = False, _sheet_layout(item)
            continue
        try:
            try:   # a record validate calls impossible is refused, never exported
                replay(item)
            except RecordError as exc:   # a table's, read from EGN: said in the EGN document's terms
                raise in_egn_terms(exc) if egn_input and not item.fixed_partnerships else exc from None
            doc = (_to_egn(label, item, target, lossy) if target.startswith("egn")
                   else _jsonl(item) if target == "jsonl"
                   else _to_openspiel(label, item, skip))
        except RecordError as exc:
            bad += 1
            _report(label, exc)
            continue
        if not _emit(label, doc, whole, target):
            bad += 1
    if target == "csv":
        click.echo("".join(sheet), nl=False)
    elif target == "xlsx" and sheet:
        try:
            from euchre_records.interop.sheets.table import sheet_xlsx
            sys.stdout.flush()
            sys.stdout.buffer.write(sheet_xlsx("".join(sheet)))
            sys.stdout.buffer.flush()
        except ImportError:
            raise click.ClickException("--to xlsx needs the 'xlsx' extra: pip install "
                                       "'euchre-records[xlsx]'") from None
    raise SystemExit(1 if bad else 0)


def _emit(label: str, doc: Any, whole: str | None, target: str) -> bool:
    """Write one exported record: binary EGN as bytes (one record per file: False, and why on
    stderr, when ``label`` is one of many, not the ``whole`` input), JSON Lines for many records
    or for jsonl, else indented JSON."""
    if isinstance(doc, bytes):
        if label != whole:
            click.echo(f"{label}: binary EGN holds one record per file: export the records "
                       "one by one", err=True)
            return False
        sys.stdout.flush()
        sys.stdout.buffer.write(doc)
        sys.stdout.buffer.flush()
    elif label != whole or target == "jsonl":  # JSON Lines out, however many records
        click.echo(json.dumps(doc, ensure_ascii=False, separators=(",", ":")))
    else:
        click.echo(json.dumps(doc, indent=2, ensure_ascii=False))
    return True


COMMANDS.append(export)
