"""``euchre event import|export``: EMN match files as events (docs/EVENTS.md, docs/INTEROP.md),
and the EMN files among ``euchre import``'s inputs.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Sequence

import click

from euchre_records.words import counted
from ..api.store import event_matches
from ..api.store import events as store_events
from .event_support import ID, db_option, event, open_store_file, refused

__all__ = ["import_emn_file", "import_emn_paths"]


def import_emn_file(db: Any, path: str, created_by: str = "cli") -> tuple[int, list[int]]:
    """Read, validate, replay and store an EMN file as a new event (ClickException if refused)."""
    from euchre_records.errors import RecordError
    from euchre_records.interop.emn.document import emn_to_match
    from euchre_records.schema.notation import parse_json

    try:
        match = emn_to_match(parse_json(Path(path).read_bytes()))
        return event_matches.import_match(db, match, created_by=created_by)  # type: ignore[no-any-return]
    except RecordError as exc:
        for p in exc.problems:
            click.echo(f"{path}: invalid: {p}", err=True)
        raise click.ClickException(f"{path}: not imported ({counted(len(exc.problems), 'problem')})") from None
    except store_events.EventError as exc:
        raise click.ClickException(f"{path}: not imported: {exc.what}") from None


@event.command("import")
@click.argument("path", type=click.Path(exists=True, dir_okay=False))
@db_option
def event_import(path: str, db_path: str) -> None:
    """Import an EMN match file (.emn) as a new event: registry, games replayed and attached.

    \b
    Example:
      euchre event import finals.emn --db club.db
    """
    db = open_store_file(db_path, create=True)
    try:
        event_id, ids = import_emn_file(db, path)
    finally:
        db.close()
    click.echo(event_id)
    click.echo(f"{path}: event {event_id} with {counted(len(ids), 'game')}", err=True)


@event.command("export")
@click.argument("event_id", type=ID)
@click.option("--to", "target", type=click.Choice(["emn"]), default="emn", show_default=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write to this file instead of stdout.")
@db_option
def event_export(event_id: int, target: str, output: str | None, db_path: str) -> None:
    """Write an event as an EMN match file (every game in EGN; result-only deals cannot be)."""
    from euchre_records.errors import RecordError
    from euchre_records.interop.emn.document import match_to_emn

    db = open_store_file(db_path)
    try:
        try:
            doc = match_to_emn(event_matches.match_of(db, event_id))
        except store_events.EventError as exc:
            raise refused(exc) from None
        except RecordError as exc:
            for p in exc.problems:
                click.echo(f"event {event_id}: cannot be written in EMN: {p}", err=True)
            raise click.ClickException("not exported") from None
    finally:
        db.close()
    text = json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    if output:
        Path(output).write_text(text, encoding="utf-8")
    else:
        click.echo(text, nl=False)


def import_emn_paths(db: Any, paths: Sequence[str]) -> tuple[tuple[str, ...], bool]:
    """For ``euchre import``: import the ``.emn`` files among ``paths`` as events (one each,
    reported on stderr) and return the other paths and whether every EMN file was imported."""
    rest, ok = [], True
    for path in paths:
        if not path.lower().endswith(".emn"):
            rest.append(path)
            continue
        try:
            event_id, ids = import_emn_file(db, path)
        except click.ClickException as exc:
            click.echo(f"{exc.message}", err=True)
            ok = False
            continue
        click.echo(f"{path}: event {event_id} with {counted(len(ids), 'game')}", err=True)
    return tuple(rest), ok

