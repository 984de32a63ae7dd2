"""``euchre event merge-players|split-players|name-player``: the player registry corrected by the
director, each change a new version (docs/EVENTS.md, "The player registry").
"""

from __future__ import annotations

import click

from ..api.store import players as store_players
from ..api.store.store import write_transaction
from .event_support import ID, db_option, event, open_store_file


@event.command("merge-players")
@click.argument("merged", type=ID)
@click.argument("into", type=ID)
@click.option("--note", default=None, help="Why (kept with the merge).")
@db_option
def merge_players(merged: int, into: int, note: str | None, db_path: str) -> None:
    """Count registry player MERGED as INTO from now on (a new version; prints the merge id)."""
    db = open_store_file(db_path)
    try:
        with write_transaction(db):
            merge_id = store_players.merge(db.conn, merged, into, note=note, created_by="cli")
    except store_players.RegistryError as exc:
        raise click.ClickException(str(exc)) from None
    finally:
        db.close()
    click.echo(merge_id)


@event.command("split-players")
@click.argument("merge_id", type=ID)
@db_option
def split_players(merge_id: int, db_path: str) -> None:
    """Undo a merge: both players count on their own again."""
    db = open_store_file(db_path)
    try:
        with write_transaction(db):
            store_players.split(db.conn, merge_id, created_by="cli")
    except store_players.RegistryError as exc:
        raise click.ClickException(str(exc)) from None
    finally:
        db.close()


@event.command("name-player")
@click.argument("player_id", type=ID)
@click.argument("name")
@click.option("--alias", "as_alias", is_flag=True, help="Add NAME as an alias (default: the new "
              "display name; the old one stays matched).")
@db_option
def name_player(player_id: int, name: str, as_alias: bool, db_path: str) -> None:
    """Give registry player PLAYER_ID a new display name, or an alias (--alias)."""
    db = open_store_file(db_path)
    try:
        with write_transaction(db):
            if as_alias:
                store_players.add_alias(db.conn, player_id, name, created_by="cli")
            else:
                store_players.rename(db.conn, player_id, name, created_by="cli")
    except store_players.RegistryError as exc:
        raise click.ClickException(str(exc)) from None
    finally:
        db.close()


