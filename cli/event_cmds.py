"""Commands on tournaments ("events"): ``events``, ``event create|show|seat|attach|add|
next-seating`` and ``standings``; the group's other subcommands are in :mod:`.event_emn_cmds`
(``event import|export``) and :mod:`.registry_cmds` (``event merge-players|split-players|
name-player``), which this module loads so that ``euchre event`` has them all.

Thin wrappers over api/store/events.py and players.py (docs/EVENTS.md). Data goes to stdout,
diagnostics to stderr. Exit codes: 0 ok; 1 a request the store refuses or invalid input; 2
usage; 3 (standings, show) the event has findings on sittings that do not fit.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import click

from ..api.store import events as store_events
from ..api.store import players as store_players
from ..api.whole_numbers import is_whole, whole_in
from ..events.tournament import seat_tokens
from . import event_emn_cmds, event_link_cmds, output, registry_cmds  # noqa: F401  (subcommands of event)
from .event_support import (
    EXIT_FINDINGS, ID, db_option, emit, event, format_option, open_store_file, refused,
)

COMMANDS: list[click.Command] = []


def _command(cmd: click.Command) -> click.Command:
    COMMANDS.append(cmd)
    return cmd


# --- events -----------------------------------------------------------------------------------

EVENT_COLUMNS = ("id", "name", "format", "club", "date_from", "date_to", "rounds", "sittings",
                 "league")


@_command
@click.command("events")
@db_option
@click.option("--club", default=None,
              help="Only the events this club owns (made with its token; an event made by a "
                   "local command: by its label).")
@click.option("--club-label", default=None,
              help="Only the events whose own club label is this, whoever made them.")
@format_option()
def events_(db_path: str, club: str | None, club_label: str | None, fmt: str) -> None:
    """List the events (tournaments), newest first.

    \b
    Example:
      euchre events --db club.db
    """
    db = open_store_file(db_path)
    try:
        items, _ = store_events.list_events(db, club=club, club_label=club_label,
                                            per_page=10_000)
    finally:
        db.close()
    emit(items, fmt, EVENT_COLUMNS)


COMMANDS.append(event)


@event.command("create")
@click.argument("name", required=False)
@db_option
@click.option("--format", "format_", type=click.Choice(["rubbers", "progressive", "pairs",
                                                        "league", "games"]),
              help="How the event is played and ranked (docs/EVENTS.md); games: games at tables "
                   "of 2, 3 or 5, individual places.")
@click.option("--seats", type=click.IntRange(2, 5), default=None,
              help="Players at a table: 4 (partnerships, the default), or 2, 3, 5 for an "
                   "individual event (formats games or progressive).")
@click.option("--place-scoring", type=click.Choice(["places", "points", "wins"]), default=None,
              help="Individual events: how places rank (default places; docs/EVENTS.md 2.1).")
@click.option("--club", default=None)
@click.option("--from", "date_from", default=None, metavar="DATE", help="First day.")
@output.to_date_option(help="Last day.")
@click.option("--rounds", type=click.IntRange(1, 10_000), default=None)
@click.option("--deals-per-round", type=click.IntRange(1, 10_000), default=None,
              help="Progressive: the fixed number of deals of a round.")
@click.option("--pairing", type=click.Choice(["ROUND_ROBIN", "SWISS"]), default=None,
              help="Pairs: how the pairs meet (EMN's names).")
@click.option("--scoring", type=click.Choice(["rubbers", "progressive", "pairs"]), default=None,
              help="League: the format whose criteria rank the season.")
@click.option("--league", type=ID, default=None, help="The league (season) this event is part of.")
@click.option("--player", "players", multiple=True, metavar="NAME[:PAIR]",
              help="A player of the event (repeat); NAME:2 puts him in pair 2.")
@click.option("--spec", type=click.File("r", encoding="utf-8"), default=None,
              help="The whole event as JSON (the body of POST /events) instead of options.")
def event_create(name: str | None, db_path: str, format_: str | None, seats: int | None,
                 place_scoring: str | None, club: str | None, date_from: str | None, date_to: str | None, rounds: int | None,
                 deals_per_round: int | None, pairing: str | None, scoring: str | None,
                 league: int | None, players: tuple[str, ...], spec: Any) -> None:
    """Create an event; prints its id."""
    if spec is not None:
        try:
            body = json.load(spec)
        except ValueError as exc:
            raise click.ClickException(f"{spec.name}: not JSON: {exc}") from None
        if not isinstance(body, dict):
            raise click.ClickException(f"{spec.name}: expected a JSON object")
    else:
        entries: list[Any] = []
        for p in players:
            label, _, pair = p.rpartition(":") if ":" in p else (p, "", "")
            if pair and not is_whole(pair):
                label, pair = p, ""
            # the store refuses a pair outside 1..10000; past int()'s 4,300 digits is past it
            entries.append({"name": label, "pair": whole_in(pair) or 0} if pair else label)
        body = {"name": name, "format": format_, "club": club, "date_from": date_from,
                "date_to": date_to, "rounds": rounds, "deals_per_round": deals_per_round,
                "pairing": pairing, "scoring": scoring, "league": league, "players": entries}
        if seats is not None:
            body["seats"] = seats
        if place_scoring is not None:
            body["place_scoring"] = place_scoring
    db = open_store_file(db_path, create=True)
    try:
        event_id = store_events.create_event(db, body, created_by="cli")
    except store_events.EventError as exc:
        raise refused(exc) from None
    finally:
        db.close()
    click.echo(event_id)


def _show_table(found: dict[str, Any]) -> None:
    click.echo(f"event {found['id']}: {found['name']} ({found['format']}"
               + (f", {found['club']}" if found["club"] else "")
               + (f", {found['date_from']}" if found["date_from"] else "") + ")")
    if found["players"]:
        click.echo("players: " + ", ".join(
            f"{p['name']} [{p['id']}]" + (f" pair {p['pair']}" if p["pair"] else "")
            for p in found["players"]))
    click.echo(f"rounds recorded: {', '.join(map(str, found['rounds_recorded'])) or 'none'}; "
               f"sittings: {found['sittings']}")
    for f in found["findings"]:
        click.echo(f"finding: {f['what']} (record {f['record_id']}; {f['rule']})", err=True)


@event.command("show")
@click.argument("event_id", type=ID)
@db_option
@click.option("--round", "round_no", type=click.IntRange(1, 10_000), default=None,
              help="Show this round: each table's status, seating, sittings, and the movement's next seating.")
@format_option(("table", "json"))
def event_show(event_id: int, db_path: str, round_no: int | None, fmt: str) -> None:
    """Show an event (or one of its rounds). Exit 3 when a sitting does not fit the event."""
    db = open_store_file(db_path)
    try:
        found = (store_events.get_event(db, event_id) if round_no is None
                 else store_events.round_view(db, event_id, round_no, links=True))
    finally:
        db.close()
    if found is None:
        raise click.ClickException(f"no event {event_id}")
    if fmt == "json":
        click.echo(json.dumps(found, indent=2, ensure_ascii=False))
    elif round_no is None:
        _show_table(found)
    else:
        _round_table(found)
    if found["findings"]:
        if fmt == "json":
            for f in found["findings"]:
                click.echo(f"finding: {f['what']} ({f['rule']})", err=True)
        sys.exit(EXIT_FINDINGS)


def _seats_text(seats: dict[str, Any]) -> str:
    return ", ".join(f"{k} {v['name'] if v else '?'}" for k, v in seats.items())


def _points_text(points: list[int], seats: int) -> str:
    """A sitting's points: N-S and E-W at a table of four, else each seat's."""
    if seats == 4:
        return f"N-S {points[0]}, E-W {points[1]}"
    return ", ".join(f"seat {i} {p}" for i, p in enumerate(points))


def _status_text(t: dict[str, Any], seats: int = 4) -> str:
    """A table's line of ``event show --round``: its status, deals and points, link, findings."""
    if t["status"] == "not_started":
        text = "not started"
    else:
        text = ("finished" if t["status"] == "finished" else "in progress") + f", {t['deals']} deals"
        if t["points"] is not None:
            text += ", " + _points_text(t["points"], seats)
        if t["record_id"] is not None:
            text += f", record {t['record_id']}"
    if "link" in t:
        text += f"; link {t['link']}"
    if t["findings"]:
        text += f"; {len(t['findings'])} finding{'s' if len(t['findings']) != 1 else ''}"
    return text


def _round_table(found: dict[str, Any]) -> None:
    drawn = found.get("draw")
    click.echo(f"round {found['round']}" + (f" (seating drawn with seed {drawn['seed']})"
                                             if drawn else ""))
    for t in found["seating"]:
        click.echo(f"  seating, table {t['table']}: {_seats_text(t['seats'])}")
    for t in found.get("tables", []):
        click.echo(f"  table {t['table']}: {_status_text(t, found.get('seats', 4))}")
    for s in found["sittings"]:
        click.echo(f"  sitting, table {s['table']}: record {s['record_id']}, {s['deals']} deals, "
                   f"{_points_text(s['points'], found.get('seats', 4))} "
                   f"({_seats_text(s['seats'])})")
    if found.get("next_seating"):
        for t in found["next_seating"]:
            click.echo(f"  next round, table {t['table']}: {_seats_text(t['seats'])}")
    elif found.get("next_seating_why"):
        click.echo(f"  next round: {found['next_seating_why']}")
    for f in found["findings"]:
        click.echo(f"finding: {f['what']} ({f['rule']})", err=True)


def _player_id(text: str) -> int | str:
    """A registry id (ASCII digits), else a player's name; an id past SQLite's integers (and
    int()'s 4,300 digits) is no player's."""
    if not is_whole(text):
        return text
    value = whole_in(text)
    if value is None:
        raise click.BadParameter(f"{text[:20]}...: no player has so large an id", param_hint="--table")
    return value


def _parse_table(text: str) -> dict[str, Any]:
    """``1:Ann,Bob,Cy,Di`` -> table 1 with N Ann, E Bob, S Cy, W Di (numbers: registry ids);
    ``1:Ann,Bob,Cy`` (2, 3 or 5 players, an individual event) -> seats 0, 1, 2."""
    label, sep, names = text.partition(":")
    parts = [p.strip() for p in names.split(",")]
    if not sep or len(parts) not in (2, 3, 4, 5) or not label.strip() or not all(parts):
        raise click.BadParameter(f"{text!r}: expected TABLE:N,E,S,W (four players), or the 2, 3 "
                                 "or 5 players of an individual event's table in seat order",
                                 param_hint="--table")
    return {"table": label.strip(),
            "seats": {seat: _player_id(p)
                      for seat, p in zip(seat_tokens(len(parts)), parts)}}


@event.command("seat")
@click.argument("event_id", type=ID)
@click.argument("round_no", metavar="ROUND", type=click.IntRange(1, 10_000))
@click.option("--table", "tables", multiple=True, metavar="TABLE:N,E,S,W",
              help="One table's seating, players N, E, S, W by name or registry id (repeat).")
@click.option("--draw", is_flag=True, help="Seat the event's players by a seeded draw instead.")
@click.option("--seed", type=click.IntRange(1, 2**63 - 1), default=None,
              help="The draw's seed (default: a new one, printed); the same seed draws the same.")
@db_option
def event_seat(event_id: int, round_no: int, tables: tuple[str, ...], draw: bool,
               seed: int | None, db_path: str) -> None:
    """Record the seating of a round (a new version; the latest counts): typed table by table,
    or drawn (--draw) from the event's players, four to a table (an individual event: its
    table's size), with a seed that is recorded.

    \b
    Example:
      euchre event seat 1 1 --table 1:Ann,Bob,Cy,Di --table 2:Ed,Flo,Gus,Hal
      euchre event seat 2 1 --table 1:Ann,Bob,Cy      (an event at tables of three)
      euchre event seat 1 1 --draw --seed 2026
    """
    if draw == bool(tables):
        raise click.UsageError("give the tables (--table, repeated) or --draw, not both")
    if seed is not None and not draw:
        raise click.UsageError("--seed goes with --draw")
    parsed = [_parse_table(t) for t in tables]
    db = open_store_file(db_path)
    try:
        found = store_events.get_event(db, event_id) if parsed else None
        seats = int(found.get("seats") or 4) if found else None
        for text, table in zip(tables, parsed):
            if seats is not None and len(table["seats"]) != seats:
                raise click.BadParameter(
                    f"{text!r}: event {event_id} seats {seats} at a table: expected "
                    + ("TABLE:N,E,S,W" if seats == 4 else
                       "TABLE:" + ",".join(f"P{i}" for i in range(seats)) + " (seat order)"),
                    param_hint="--table")
        if draw:
            version, seed = store_events.draw_seating(db, event_id, round_no, seed=seed,
                                                      created_by="cli")
        else:
            version = store_events.add_seating(db, event_id, round_no, parsed, created_by="cli")
    except store_events.EventError as exc:
        raise refused(exc) from None
    finally:
        db.close()
    drawn = f" (drawn with seed {seed})" if draw else ""
    click.echo(f"round {round_no} seating version {version}{drawn}", err=True)


@event.command("close")
@click.argument("event_id", type=ID)
@db_option
def event_close(event_id: int, db_path: str) -> None:
    """Close an event: no more seatings, draws or sittings; its standings are final.

    \b
    Example:
      euchre event close 1 --db club.db
    """
    db = open_store_file(db_path)
    try:
        when = store_events.close_event(db, event_id, created_by="cli")
    except store_events.EventError as exc:
        raise refused(exc) from None
    finally:
        db.close()
    click.echo(f"event {event_id} closed at {when}", err=True)


@event.command("attach")
@click.argument("event_id", type=ID)
@click.argument("record_ids", nargs=-1, required=True, type=ID)
@click.option("--round", "round_no", type=click.IntRange(1, 10_000), default=None,
              help="The round (default: the record's own round label).")
@click.option("--table", default=None, help="The table (default: the record's own label).")
@db_option
def event_attach(event_id: int, record_ids: tuple[int, ...], round_no: int | None,
                 table: str | None, db_path: str) -> None:
    """Attach stored records as sittings of the event."""
    db = open_store_file(db_path)
    try:
        for rid in record_ids:
            try:
                store_events.attach_sitting(db, event_id, rid, round_no=round_no, table=table,
                                            created_by="cli")
            except store_events.EventError as exc:
                raise click.ClickException(f"record {rid}: {exc.what}") from None
    finally:
        db.close()


@event.command("add")
@click.argument("event_id", type=ID)
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("--round", "round_no", type=click.IntRange(1, 10_000), default=None)
@click.option("--table", default=None)
@db_option
def event_add(event_id: int, paths: tuple[str, ...], round_no: int | None, table: str | None,
              db_path: str) -> None:
    """Validate, replay and store record files (ours or EGN) and attach each as a sitting."""
    from euchre_records.errors import RecordError

    from ..api.store.ingest import error_payload, prepare
    from ..api.store.store import Store

    db = open_store_file(db_path)
    try:
        for path in paths:
            text = Path(path).read_text(encoding="utf-8-sig")
            try:
                sub = prepare(text)
            except RecordError as exc:
                for p in error_payload(exc):
                    click.echo(f"{path}: invalid: {p['where']}: {p['what']}", err=True)
                raise click.ClickException(f"{path}: not stored") from None
            saved = Store(db).save(sub, submitted_by="cli")
            try:
                store_events.attach_sitting(db, event_id, saved.id, round_no=round_no,
                                            table=table, created_by="cli")
            except store_events.EventError as exc:
                raise click.ClickException(f"{path}: stored as record {saved.id}, not attached: "
                                           f"{exc.what}") from None
            click.echo(f"{path}: record {saved.id} attached", err=True)
    finally:
        db.close()


@event.command("next-seating")
@click.argument("event_id", type=ID)
@click.argument("round_no", metavar="ROUND", type=click.IntRange(1, 10_000))
@click.option("--save/--no-save", default=False, show_default=True,
              help="Record it as the seating of the next round.")
@click.option("--settle", "settles", multiple=True, metavar="TABLE=HOW",
              help="Settle a tied table: HOW is NS or EW (that pair moves as the winners), "
                   "tiebreak (more lone hands made) or cut (a cut drawn now); docs/EVENTS.md "
                   "4.2. Repeat for each tied table.")
@db_option
def event_next_seating(event_id: int, round_no: int, save: bool, settles: tuple[str, ...],
                       db_path: str) -> None:
    """The traditional progressive movement's seating after ROUND (docs/EVENTS.md); at tables
    of 2, 3 or 5 the ladder movement (first up, last down). A tied table is settled with
    --settle (its settlement is printed, and recorded with the seating by --save)."""
    from euchre_records.api.store.event_reads import TIES_SETTLED
    from euchre_records.api.store.tie_settling import CHOICES, settle_ties
    choices: dict[int, str] = {}
    for item in settles:
        table, _, how = item.partition("=")
        number = whole_in(table)
        if number is None or how.strip() not in CHOICES:
            raise click.BadParameter(f"{item!r}: write TABLE=HOW, HOW one of "
                                     f"{', '.join(CHOICES)} (e.g. 2=NS)", param_hint="--settle")
        choices[number] = how.strip()
    db = open_store_file(db_path)
    notes: list[str] = []
    try:
        try:
            settled: dict[int, str] = {}
            if choices:
                settled, notes = settle_ties(db, event_id, round_no, choices)
            seats = store_events.movement(db, event_id, round_no, settled or None)
        except store_events.EventError as exc:
            raise refused(exc) from None
        if notes:
            click.echo("ties settled: " + "; ".join(notes), err=True)
        ids = [int(p) for s in seats for p in s.seats]
        names = store_players.player_names(db.conn, ids)
        for s in seats:
            click.echo(f"table {s.table}: " + ", ".join(
                f"{seat} {names.get(int(p), p)}" for seat, p in zip(seat_tokens(len(s.seats)),
                                                                  s.seats)))
        if save:
            store_events.add_seating(db, event_id, round_no + 1, [
                {"table": str(s.table),
                 "seats": dict(zip(seat_tokens(len(s.seats)), (int(p) for p in s.seats)))}
                for s in seats], created_by="cli" + (TIES_SETTLED + "; ".join(notes)
                                                      if notes else ""))
    finally:
        db.close()


STANDING_COLUMNS = {
    "progressive": ("place", "entrant", "points", "rounds_won", "lone_hands_made", "sittings",
                    "tie_break"),
    "rubbers": ("place", "entrant", "wins", "net_rubber_points", "games_won", "sittings",
                "tie_break"),
    "pairs": ("place", "entrant", "wins", "difference", "points", "points_against", "sittings",
              "tie_break"),
}
INDIVIDUAL_COLUMNS = {
    "places": ("place", "entrant", "place_points", "wins", "points", "games", "places",
               "tie_break"),
    "points": ("place", "entrant", "points", "place_points", "wins", "games", "places",
               "tie_break"),
    "wins": ("place", "entrant", "wins", "place_points", "points", "games", "places",
             "tie_break"),
}
"""The columns of individual standings (tables of 2, 3, 5) by place_scoring: its criteria first;
``places`` is the player's place game by game."""


@_command
@click.command("standings")
@click.argument("event_id", metavar="EVENT", type=ID)
@db_option
@format_option()
def standings(event_id: int, db_path: str, fmt: str) -> None:
    """The standings of an event, every tie-break explained; a league's over all its nights.
    Findings on sittings that do not fit go to stderr (exit 3).

    \b
    Example:
      euchre standings 1 --db club.db --format csv
    """
    db = open_store_file(db_path)
    try:
        found = store_events.standings(db, event_id)
    finally:
        db.close()
    if found is None:
        raise click.ClickException(f"no event {event_id}")
    if fmt == "json":
        click.echo(json.dumps(found, indent=2, ensure_ascii=False))
    else:
        individual = found.get("seats", 4) != 4
        if fmt == "table":
            ev = found["event"]
            click.echo(f"{ev['name']} — {found['format']}"
                       + (f", tables of {found['seats']}, individual places" if individual else "")
                       + "; order: "
                       + "; ".join(o.split(". ", 1)[1].split(":")[0] for o in found["order"]))
        if individual:
            emit([{**line, "places": " ".join(map(str, line["places"]))}
                  for line in found["standings"]], fmt, INDIVIDUAL_COLUMNS[found["place_scoring"]])
        else:
            emit(found["standings"], fmt, STANDING_COLUMNS[found["format"]])
    for f in found["findings"]:
        click.echo(f"finding: {f['what']} (record {f['record_id']}; {f['rule']})", err=True)
    if found["findings"]:
        sys.exit(EXIT_FINDINGS)


