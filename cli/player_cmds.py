"""``euchre player``: one registry player, his four-handed figures, his record at each table
size and his ratings per variant (docs/CLI.md "Tables of two, three and five"). Exit 1 for an
unknown player."""

from __future__ import annotations

import json
import textwrap

import click

from ..api.store import players as player_registry
from ..api.store import ratings as store_ratings
from ..events.ratings import plain_words
from ..api.store.store import MAX_ID
from . import output
from .store_access import db_option
from .store_access import open_for_command as _open
from .store_cmds import PLAYER_COLUMNS

COMMANDS: list[click.Command] = []

RATING_COLUMNS = ("variant", "place", "of", "rating", "mu", "sigma", "matches", "won", "lost",
                  "drawn")
"""The columns of the player's ratings, one row per variant (``ratings.player_ratings``)."""

VARIANT_COLUMNS = ("variant", "records", "games_played", "games_won", "deals_played", "deals_made",
                   "called_as_partner", "points_scored", "euchres_suffered", "euchres_inflicted",
                   "marches_made", "lone_hands_tried", "revokes")


@click.command()
@click.argument("player_id", type=click.IntRange(1, MAX_ID))
@db_option
@click.option("--event", "event_id", default=None, type=click.IntRange(1, MAX_ID),
              help="Only this event's sittings (a league: all its nights).")
@output.format_option(("table", "json"))
def player(player_id: int, db_path: str, event_id: int | None, fmt: str) -> None:
    """One registry player: the four-handed statistics and partnerships (as ``players``), his
    record at tables of two, three and five, a row per variant (docs/STORE.md), and his rating
    on each variant's ladder with what the numbers mean (docs/RATINGS.md; ``--event`` narrows
    the statistics, never the ratings). Exit 1 for an unknown player.

    \b
    Example:
      euchre player 3 --db club.db --format json
    """
    db = _open(db_path)
    try:
        found = player_registry.get_player(db, player_id, event_id)
        if found is not None:   # as GET /players/{id}: the full ladders' ratings, per variant
            found["ratings"] = store_ratings.player_ratings(db, found["id"])
    finally:
        db.close()
    if found is None:
        raise click.ClickException(f"no player {player_id} in {db_path}")
    if fmt == "json":
        click.echo(json.dumps(found, indent=2, ensure_ascii=False))
        return
    merged = f", merged into {found['merged_into']}" if "merged_into" in found else ""
    click.echo(f"{found['name']} (player {found['id']}{merged})")
    stats = found["statistics"]
    if stats.get("records"):
        click.echo("four-handed:")
        output.emit_rows([stats], "table", [c for c in PLAYER_COLUMNS if c != "name"])
    if found["variants"]:
        click.echo("tables of two, three and five:")
        output.emit_rows(found["variants"], "table", VARIANT_COLUMNS)
    if not stats.get("records") and not found["variants"]:
        click.echo("no current records")
    if found["ratings"]:
        click.echo("ratings (docs/RATINGS.md):")
        rows = [{**r, "rating": f"{r['rating']:.2f}", "mu": f"{r['mu']:.2f}",
                 "sigma": f"{r['sigma']:.2f}"} for r in found["ratings"]]
        output.emit_rows(rows, "table", RATING_COLUMNS)
        for sentence in plain_words():
            click.echo(textwrap.fill(sentence, 80))


COMMANDS.append(player)
