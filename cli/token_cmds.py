"""``euchre token create|list|revoke``: the clubs' tokens in a store (docs/AUTH.md).

These open the database file directly and so need no token themselves: whoever may write the
file is the authority. ``create`` prints the new token alone on stdout (so that
``TOKEN=$(euchre token create ...)`` works) and it is never shown again; ``list`` never shows a
secret or a hash. Exit codes: 0 ok; 1 refused (unknown token id, bad club name); 2 usage.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import click

from ..api.store import tokens
from . import output
from .output import emit_rows as _emit
from .store_access import db_option
from .store_access import open_for_command as _open

COMMANDS: list[click.Command] = []

COLUMNS = ("id", "club", "label", "admin", "created", "last_used", "revoked")


@click.group("token")
def token() -> None:
    """Create, list and revoke the tokens that let a club write over HTTP.

    \b
    Example:
      euchre token create --club "Riverside Euchre Club" --label "scorer's tablet" --db club.db
      euchre token list --db club.db
      euchre token revoke 3 --db club.db
    """


@token.command("create")
@click.option("--club", required=True, help="The club the token writes for (created if new).")
@click.option("--admin", is_flag=True, help="The token may correct or withdraw any club's records.")
@click.option("--label", default=None, help="A note of who or what holds it.")
@db_option
def create(club: str, admin: bool, label: str | None, db_path: str) -> None:
    """Create a token and print it alone on stdout, once: it is stored only as a hash.

    \b
    Example:
      TOKEN=$(euchre token create --club Riverside --db club.db)
      curl -H "Authorization: Bearer $TOKEN" -H 'Content-Type: application/json' \\
           --data-binary @tonight.json http://127.0.0.1:8080/records
    """
    db = _open(db_path, must_exist=False)
    try:
        row, text = tokens.create_token(db, club, admin=admin, label=label)
    except tokens.TokenError as exc:
        raise click.ClickException(str(exc)) from None
    finally:
        db.close()
    click.echo(text)
    kind = "admin token" if row.admin else "token"
    click.echo(f"created {kind} {row.id} for club {row.club!r}; it is shown only now: keep it "
               "secret (revoke it with: euchre token revoke "
               f"{row.id} --db {db_path})", err=True)


def _shape(row: tokens.TokenRow) -> dict[str, Any]:
    return {"id": row.id, "club": row.club, "label": row.label, "admin": row.admin,
            "created": row.created_at, "last_used": row.last_used_at, "revoked": row.revoked_at}


@token.command("list")
@db_option
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table",
              show_default=True, help="Output format.")
def list_(db_path: str, fmt: str) -> None:
    """List every token: id, club, label, admin, created, last used, revoked (never a secret).

    \b
    Example:
      euchre token list --db club.db --format json
    """
    db = _open(db_path)
    try:
        rows = [_shape(r) for r in tokens.list_tokens(db)]
    finally:
        db.close()
    if fmt == "json":
        click.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    _emit([{**r, "admin": output.yes_no(r["admin"])} for r in rows], "table", COLUMNS)


@token.command("revoke")
@click.argument("token_id", type=click.IntRange(1, 2**63 - 1))
@db_option
def revoke(token_id: int, db_path: str) -> None:
    """Revoke token TOKEN_ID: it stops working at once, its browser sessions too. The row is
    kept (who wrote what stays known).

    \b
    Example:
      euchre token revoke 3 --db club.db
    """
    db = _open(db_path, write=True)
    try:
        row, changed = tokens.revoke(db, token_id)
    except tokens.TokenError as exc:
        raise click.ClickException(str(exc)) from None
    finally:
        db.close()
    if changed:
        click.echo(f"revoked token {row.id} of club {row.club!r}", err=True)
    else:
        click.echo(f"token {row.id} of club {row.club!r} was already revoked at "
                   f"{row.revoked_at}", err=True)


FIRST_CLUB = "admin"


def browser_host(host: str) -> str:
    """The address a browser on this machine reaches a server listening on ``host`` at."""
    shown = "127.0.0.1" if host in ("", "0.0.0.0", "*") else "::1" if host == "::" else host
    return f"[{shown}]" if ":" in shown else shown


def first_start_token(db_path: str, host: str, port: int) -> str | None:
    """On a store without any token, make an admin token and print (on stderr, once) the
    sign-in URL of the web pages and a curl line. The sign-in URL, or None when none was made."""
    try:
        db = _open(db_path, must_exist=False)
        try:
            made = tokens.create_first_token(db, FIRST_CLUB, label="first start")
        finally:
            db.close()
    except (click.ClickException, sqlite3.Error) as exc:  # e.g. a read-only store: serve reads
        reason = exc.format_message() if isinstance(exc, click.ClickException) else str(exc)
        click.echo(f"no first token made ({reason}); writes need a token made with: euchre "
                   f"token create --club NAME --db {db_path}", err=True)
        return None
    if made is None:
        return None
    row, text = made
    base = f"http://{browser_host(host)}:{port}"
    click.echo(f"first start: made admin token {row.id} (club {row.club!r}); it is shown only "
               f"now. Sign in at\n  {base}/login?token={text}\nor write with: curl -H "
               f"\"Authorization: Bearer {text}\" ...  (make the clubs' own tokens with: euchre "
               f"token create --club NAME --db {db_path}; then revoke this one: euchre token "
               f"revoke {row.id})", err=True)
    return f"{base}/login?token={text}"


COMMANDS.append(token)
