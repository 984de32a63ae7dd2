"""``euchre event links`` and ``euchre event revoke-link``: the table links of a round, as the
director's pages and the JSON API make them (api/store/table_links.py; docs/AUTH.md).

``links`` issues a new link for every table of the round (or the ``--table`` named), revoking
each table's live earlier link, and prints every secret once: the URL the table card prints, to
stdout (``--format json``: the API's answer), or to a new file of mode 0600 (``--out``).
``--qr-dir`` also writes each link's QR code as an
SVG file. ``links --list`` prints the round's links without issuing any (never a secret).
Exit codes: 0 ok; 1 a request the store refuses.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import click

from euchre_records.words import counted
from ..api.store import queries, table_links, tokens
from .event_support import ID, db_option, event, format_option, open_store_file, refused

__all__: list[str] = []

DEFAULT_BASE = "http://127.0.0.1:8080"


@event.command("links")
@click.argument("event_id", type=ID)
@click.option("--round", "round_no", type=click.IntRange(1, 10_000), required=True,
              help="The round whose tables get links.")
@click.option("--table", "tables", multiple=True, help="Only this table (repeatable).")
@click.option("--expires", "hours", type=click.FloatRange(0.25, table_links.MAX_HOURS),
              default=table_links.DEFAULT_HOURS, show_default=True,
              help="Hours until the links expire (they die when the event closes anyway).")
@click.option("--rules", default="modern", show_default=True,
              help="The rule set of the sittings' drafts.")
@click.option("--club", default=None,
              help="The club the sittings are stored for, when the event has no owning club "
                   "(default: the event's club label).")
@click.option("--base-url", default=None, envvar="EUCHRE_BASE_URL",
              help=f"Where the service is reached (also $EUCHRE_BASE_URL; default {DEFAULT_BASE}).")
@click.option("--qr-dir", type=click.Path(file_okay=False), default=None,
              help="Write each link's QR code as table-<TABLE>.svg in this folder.")
@click.option("--out", "out_path", type=click.Path(dir_okay=False), default=None,
              help="Write the links (the JSON of --format json) to this new file, mode 0600, "
                   "instead of stdout: the secrets stay out of the terminal's scrollback.")
@click.option("--list", "list_only", is_flag=True, help="List the round's links; issue none.")
@db_option
@format_option(("table", "json"))
def event_links(event_id: int, round_no: int, tables: tuple[str, ...], hours: float, rules: str,
                club: str | None, base_url: str | None, qr_dir: str | None,
                out_path: str | None, list_only: bool, db_path: str, fmt: str) -> None:
    """Issue a link for each table of a round (each secret printed once), or --list them.

    \b
    Example:
      euchre event links 1 --round 1 --expires 6 --db club.db
    """
    if out_path is not None and Path(out_path).exists():   # refused before any link is issued
        raise click.ClickException(f"--out: {out_path} exists; name a new file")
    db = open_store_file(db_path)
    try:
        if list_only:
            rows = [row.as_json() for row in table_links.list_links(db, event_id, round_no)]
            _print(rows, fmt, ("id", "table", "state", "created_at", "expires_at"))
            return
        exists, owner = queries.event_owner(db, event_id)
        if not exists:
            raise click.ClickException(f"no event {event_id}")
        if owner is None and club is None:   # made by a local command: its club label
            row = db.conn.execute("SELECT club FROM tournaments WHERE id = ?",
                                  (event_id,)).fetchone()
            club = row[0] if row and row[0] else None
        if owner is None and club is None:
            raise click.ClickException(f"event {event_id} has no club: name the club its "
                                       "sittings are stored for with --club")
        try:
            club_id = owner if owner is not None else tokens.club_id(db, str(club), create=True)
        except tokens.TokenError as exc:
            raise click.ClickException(f"--club: {exc}") from None
        assert club_id is not None
        try:
            issued = table_links.issue_links(db, event_id, round_no, club_id=club_id,
                                             token_id=None, created_by="cli", hours=hours,
                                             rules=rules, tables=list(tables) or None)
        except table_links.EventError as exc:
            raise refused(exc) from None
    finally:
        db.close()
    base = (base_url or DEFAULT_BASE).rstrip("/")
    rows = [{**i.link.as_json(), "secret": i.secret, "url": f"{base}/web/table#{i.secret}",
             "seats": i.seats} for i in issued]
    if qr_dir is not None:
        _write_qr(Path(qr_dir), rows)
    if out_path is not None:
        _write_secret(Path(out_path), json.dumps({"links": rows}, indent=2,
                                                 ensure_ascii=False) + "\n")
    else:
        _print(rows, fmt, ("id", "table", "expires_at", "url"))
    click.echo(f"{counted(len(rows), 'link')} issued for round {round_no}: each is shown this once",
               err=True)


def _write_secret(path: Path, text: str) -> None:
    """A new file readable by its owner only (it holds the links' secrets)."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        raise click.ClickException(f"--out: {path} appeared meanwhile; issue the links again "
                                   "to another file (that revokes these)") from None
    except OSError as exc:
        raise click.ClickException(f"--out: cannot write {path}: {exc}") from None
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(text)


def _write_qr(folder: Path, rows: list[dict[str, object]]) -> None:
    import segno
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for row in rows:
            safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in str(row["table"]))
            path = folder / f"table-{safe}.svg"
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)  # a secret inside
            with os.fdopen(fd, "wb") as out:
                segno.make(str(row["url"]), error="m").save(out, kind="svg", scale=4, border=2)
    except OSError as exc:
        raise click.ClickException(f"--qr-dir: cannot write {folder}: {exc}") from None


def _print(rows: list[dict[str, object]], fmt: str, columns: tuple[str, ...]) -> None:
    if fmt == "json":
        click.echo(json.dumps({"links": rows}, indent=2, ensure_ascii=False))
        return
    table = [list(columns)] + [["" if r.get(c) is None else str(r.get(c)) for c in columns]
                               for r in rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(columns))]
    for line in table:
        click.echo("  ".join(v.ljust(w) for v, w in zip(line, widths)).rstrip())


@event.command("revoke-link")
@click.argument("event_id", type=ID)
@click.argument("link_id", type=ID)
@click.option("--round", "round_no", type=click.IntRange(1, 10_000), required=True,
              help="The round of the link.")
@db_option
def event_revoke_link(event_id: int, link_id: int, round_no: int, db_path: str) -> None:
    """Revoke a table link: a phone that opened it can enter nothing more.

    \b
    Example:
      euchre event revoke-link 1 2 --round 1 --db club.db
    """
    db = open_store_file(db_path)
    try:
        row, changed = table_links.revoke_link(db, event_id, round_no, link_id,
                                               revoked_by="cli")
    except table_links.EventError as exc:
        raise refused(exc) from None
    finally:
        db.close()
    said = "revoked" if changed else "was already revoked"
    click.echo(f"link {row.id} (table {row.table}, round {row.round}) {said} at "
               f"{row.revoked_at}", err=True)
