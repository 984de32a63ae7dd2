"""The ``ratings`` command: the ladders of players and partnerships (docs/RATINGS.md).

A thin wrapper over ``api/store/ratings.py``; data to stdout, the records left unrated to stderr.
"""

from __future__ import annotations

import textwrap

import click

from ..api.store import ratings as store_ratings
from ..events.ratings import plain_words
from ..table import Variant
from . import output
from .store_access import db_option, open_for_command

COMMANDS: list[click.Command] = []


@click.command()
@db_option
@output.format_option()
@click.option("--club", default=None, help="Only this club's records (a ladder of their own).")
@click.option("--from", "date_from", default=None, metavar="DATE",
              help="Only records dated on or after DATE (YYYY, YYYY-MM or YYYY-MM-DD).")
@output.to_date_option()
@click.option("--partnerships", is_flag=True,
              help="The partnerships' ladder (two players as one entrant) instead of players'.")
@click.option("--variant", default="four-handed", show_default=True,
              type=click.Choice([v.value for v in Variant]),
              help="The game's variant: each has its own ladder (at tables of 2, 3 and 5 each "
                   "player is rated by the place they finish in).")
def ratings(db_path: str, fmt: str, club: str | None, date_from: str | None,
            date_to: str | None, partnerships: bool, variant: str) -> None:
    """The rating ladder: every registry player (or partnership) rated from the stored games,
    rubbers and progressive sittings in time order, best first (docs/RATINGS.md).

    The rating is openskill's ordinal, mu - 3 sigma (a new player starts at 0); mu is the skill
    estimate and sigma its uncertainty; the table ends with what they mean in plain words. With --club, --from or --to-date only those records are
    rated: a ladder of their own, from new ratings. Records that give no match (an unfinished
    rubber, a seat without a player) are listed on stderr.

    \b
    Example:
      euchre ratings --db club.db
      euchre ratings --db club.db --partnerships --from 2026-01 --format csv
    """
    if partnerships and variant != Variant.FOUR_HANDED.value:
        raise click.UsageError(f"--partnerships: the {variant} game has no partnerships to rate "
                               "(each player plays for himself; its ladder is of players)")
    db = open_for_command(db_path)
    kind = "partnerships" if partnerships else "players"
    try:
        rows = store_ratings.ladder(db, kind=kind, variant=variant, club=club,
                                    date_from=date_from, date_to=date_to)
        skipped = store_ratings.unrated(db, club, date_from, date_to)
    finally:
        db.close()
    for item in skipped:
        click.echo(f"record {item.record_id}: not rated: {item.reason}", err=True)
    columns = store_ratings.PARTNERSHIP_COLUMNS if partnerships else store_ratings.LADDER_COLUMNS
    if fmt in ("json", "jsonl"):
        output.emit_json(rows, fmt)
        return
    if fmt == "table":
        rows = [{**r, "rating": f"{r['rating']:.2f}", "mu": f"{r['mu']:.2f}",
                 "sigma": f"{r['sigma']:.2f}"} for r in rows]
    output.emit_rows(rows, fmt, columns)
    if fmt == "table" and rows:   # for people: what the columns mean (data formats go without)
        click.echo("")
        for sentence in plain_words():
            click.echo(textwrap.fill(sentence, 80))


COMMANDS.append(ratings)
