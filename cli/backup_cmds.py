"""The store file as a file: ``euchre backup`` and ``euchre restore`` (copies made with SQLite's
online backup API, safe while ``euchre serve`` writes to it; api/store/backup.py), and
``euchre datasette-metadata`` (api/store/datasette.py). docs/STORE.md.

Exit codes: 0 written; 1 refused (not a store, an integrity failure, a file that exists, a path
that cannot be written), with a one-line message; 2 usage.
"""

from __future__ import annotations

import signal
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import click

from ..api.store.backup import BackupError, BackupReport, backup, restore
from .store_access import db_option

COMMANDS: list[click.Command] = []


@contextmanager
def _stopped_cleanly() -> Iterator[None]:
    """SIGTERM and SIGHUP (``kill``, a closed terminal) stop the command as an error, so the
    backup's own clean-up removes its temporary file; SIGKILL cannot be caught: the next backup
    into the folder removes what it leaves (api/store/backup.py)."""
    def stop(signum: int, _frame: Any) -> None:
        raise click.ClickException(f"stopped by {signal.Signals(signum).name}: nothing was "
                                   "written")
    old = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGHUP)}
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)


def _say(verb: str, report: BackupReport) -> None:
    if report.debris:
        click.echo(f"removed what interrupted backups left: {', '.join(report.debris)}",
                   err=True)
    what = "public copy (no tokens, sessions, settings or drafts)" if report.public else "copy"
    click.echo(f"{verb} {report.path}: {what} of schema version {report.schema_version}, "
               f"{report.records} record versions, {report.bytes:,} bytes; integrity ok",
               err=True)


@click.command("backup")
@click.argument("out", type=click.Path(dir_okay=False))
@db_option
@click.option("--public", is_flag=True,
              help="A copy to publish: tokens, sessions, settings (the session secret), drafts "
                   "and input hashes left out, token columns cleared, the file vacuumed.")
@click.option("--no-replace", is_flag=True, help="Refuse an OUT that exists.")
def backup_(out: str, db_path: str, public: bool, no_replace: bool) -> None:
    """Copy the store to OUT with SQLite's online backup API: one consistent snapshot, safe while
    euchre serve writes to the store (never a file copy).

    PRAGMA integrity_check runs on the store before and on the copy after; OUT is written
    beside itself and renamed into place only once it checks. Every table comes along (tokens
    as hashes, clubs, drafts, events, the registry, who submitted each version), unless
    --public. Exit 0 written, 1 refused (with the reason).

    \b
    Example:
      euchre backup --db club.db backups/club-$(date +%F).db
      euchre backup --db club.db --public club-public.db
    """
    try:
        with _stopped_cleanly():
            report = backup(db_path, out, public=public, replace=not no_replace)
    except BackupError as exc:
        raise click.ClickException(str(exc)) from None
    _say("wrote", report)


@click.command("restore")
@click.argument("backup_path", metavar="BACKUP", type=click.Path(dir_okay=False))
@db_option
@click.option("--replace", is_flag=True,
              help="Replace the content of an existing store file (stop the server first).")
def restore_(backup_path: str, db_path: str, replace: bool) -> None:
    """Write the backup BACKUP into the store file --db, with the online backup API.

    PRAGMA integrity_check runs on the backup before and on the store after. A store file that
    exists is replaced only with --replace. The restored store is the backup, table for table;
    an older backup is brought up to date by the next write command or euchre serve. Exit 0
    restored, 1 refused (with the reason).

    \b
    Example:
      euchre restore backups/club-2026-12-01.db --db club.db
    """
    try:
        with _stopped_cleanly():
            report = restore(backup_path, db_path, replace=replace)
    except BackupError as exc:
        raise click.ClickException(str(exc)) from None
    _say("restored", report)


@click.command("datasette-metadata")
@db_option
@click.option("--out", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write the metadata to this file (default: standard output).")
def datasette_metadata(db_path: str, out: str | None) -> None:
    """Print Datasette metadata for the store file --db: every table and view described, under
    the name Datasette serves that file by (club.db: club); tokens, settings, drafts and any
    table it does not know hidden.

    Hidden is not protected (Datasette's SQL reads every table): serve a copy made by
    euchre backup --public. Exit 0, 1 when the file is not a store.

    \b
    Example:
      euchre backup --db club.db --public club-public.db
      euchre datasette-metadata --db club-public.db --out meta.json
      datasette club-public.db -m meta.json
    """
    import json

    from ..api.store.backup import check_store
    from ..api.store.datasette import metadata

    try:
        check_store(db_path)   # a store (of this version or an older one), or a one-line error
    except BackupError as exc:
        raise click.ClickException(str(exc)) from None
    text = json.dumps(metadata(db_path), indent=2, ensure_ascii=False) + "\n"
    if out is None:
        click.echo(text, nl=False)
    else:
        Path(out).write_text(text, encoding="utf-8")


COMMANDS.extend([backup_, restore_, datasette_metadata])
