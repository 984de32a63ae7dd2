"""EMN match files in the store: an EMN match imported as a new tournament with its games, and a
stored tournament written back as an EMN match (docs/EVENTS.md, docs/INTEROP.md).

Contracts: :func:`import_match` is all or nothing (one transaction; a game that does not replay
raises RecordError located in the EMN document); :func:`match_of` reads stored rows only.
"""

from __future__ import annotations

from typing import Any

import sqlite_utils

from euchre_records.events.tournament import CRITERIA, Format

from .event_reads import _players_of, _sittings, _table_order, seat_scores, standings, tournament_of
from .event_rows import SEATS, EventError, tournament_row
from .event_writes import _attach, _checked, _create
from .players import player_for, player_names
from .store import write_transaction

__all__ = ["import_match", "match_of"]

def import_match(db: sqlite_utils.Database, match: Any, *, created_by: str | None = None,
                 club_id: int | None = None) -> tuple[int, list[int]]:
    """Store an EMN match (schema.emn.Match) as a new tournament: its registry (master ids as
    the players' notation ids, ``playerIds`` kept), every game validated, replayed, stored and
    attached at its round and table. All or nothing: a game that does not replay raises
    RecordError located in the EMN document (``games[N].gameData...``) and nothing is written.
    Returns the event id and the record ids in game order."""
    from euchre_records.errors import RecordError
    from euchre_records.interop.emn.document import game_where

    from .ingest import prepare_record
    from .store import Store

    subs = []
    problems = []
    for n, g in enumerate(match.games):
        try:
            subs.append(prepare_record(g.record))
        except RecordError as exc:
            problems.append((exc, game_where(n, exc)))
    if problems:
        first = problems[0][0]
        raise type(first)([p for _, located in problems for p in located])
    t = match.tournament
    pairs: dict[frozenset[str], int] = {}
    if t.format is Format.PAIRS:
        for g in match.games:
            for a, b in ((0, 2), (1, 3)):
                pairs.setdefault(frozenset((g.players[a], g.players[b])), len(pairs) + 1)
    pair_of = {pid: n for pair, n in pairs.items() for pid in pair}
    spec: dict[str, Any] = {
        "name": t.name, "format": t.format.value, "club": t.club, "date_from": t.date_from,
        "date_to": t.date_to, "pairing": t.pairing.value if t.pairing else None,
        "rounds": t.rounds, "deals_per_round": t.deals_per_round,
        "description": match.description, "match_id": match.match_id,
        "emn_format": match.emn_format, "emn_target": match.target,
        "players": [{"name": p.name, "id": p.id, "pair": pair_of.get(p.id)}
                    for p in match.players]}
    checked = _checked(spec)
    from .players import add_ref

    store = Store(db)
    with write_transaction(db):  # one transaction: the event and every game, or nothing
        event_id = _create(db.conn, *checked, spec, created_by, club_id)
        for p in match.players:
            pid = player_for(db.conn, p.name, p.id)[0]
            for x in p.ids:
                add_ref(db.conn, pid, x.source, x.id)
        ids = []
        for g, sub in zip(match.games, subs):
            saved = store._save(sub, created_by, None)  # the store's one-record step, in ours
            ids.append(saved.id)
            _attach(db.conn, event_id, saved.id, g.round, g.table, created_by, g.index)
    return event_id, ids


def match_of(db: sqlite_utils.Database, event_id: int) -> Any:
    """The tournament as an EMN match (schema.emn.Match) with its current sittings as games, in
    round and table order, and its standings as the EMN ``result`` (status COMPLETED when every
    planned round has sittings, else IN_PROGRESS; scores: each entrant's first criterion)."""
    from euchre_records.cards import SEATS as CARD_SEATS
    from euchre_records.model import ExternalId, Player, replace
    from euchre_records.interop.emn.document import Match, MatchGame, MatchPlayer
    from euchre_records.schema.notation import loads

    conn = db.conn
    row = tournament_row(conn, event_id)
    t = tournament_of(row)
    if t.individual:
        raise EventError(f"event {event_id} is played at tables of {t.seats}: an EMN match file "
                         "holds four-handed EGN games and partnership results, so it is not "
                         "written for an individual event (docs/EVENTS.md §9)", "seats",
                         status=409)
    sittings = sorted(_sittings(seat_scores(db, event_id)).values(),
                      key=lambda s: (s["round"], _table_order((s["table"], None))))
    ids = {p["id"] for p in _players_of(conn, event_id)}
    ids |= {p for s in sittings for p in s["seats"].values() if p is not None}
    master: dict[int, str] = {}
    registry = []
    names = player_names(conn, ids)
    for pid in sorted(ids):
        refs = conn.execute(
            "SELECT source, ref FROM registry_refs WHERE player_id IN (SELECT player_id FROM "
            "registry_effective WHERE effective_id = ?) ORDER BY id", (pid,)).fetchall()
        own = [ref for source, ref in refs if source == "notation"]
        master[pid] = own[0] if own else f"p-{pid}"
        registry.append(MatchPlayer(master[pid], names.get(pid, "?"),
                                    tuple(ExternalId(ref, source) for source, ref in refs
                                          if source != "notation")))
    games = []
    for n, s in enumerate(sittings):
        if any(s["seats"].get(seat) is None for seat in SEATS):
            raise EventError(f"round {s['round']}, table {s['table']}: a seat has no player; "
                             "EMN needs four", "sittings")
        text = conn.execute("SELECT canonical FROM records WHERE id = ?",
                            (s["record_id"],)).fetchone()[0]
        record = loads(text)
        seats = tuple(master[s["seats"][seat]] for seat in SEATS)
        record = replace(record, players=tuple(
            (seat, Player(names.get(s["seats"][seat.name], "?"), ref))
            for seat, ref in zip(CARD_SEATS, seats)))
        games.append(MatchGame(n, s["round"], s["table"], seats, record))  # type: ignore[arg-type]
    table = standings(db, event_id) or {"standings": []}
    scores: dict[str, int] = {}
    first = CRITERIA[t.ranking][0].key
    for line in table["standings"]:
        for p in line["players"]:
            scores[master.get(p["id"], f"p-{p['id']}")] = line[first]
    winners = [master.get(p["id"], f"p-{p['id']}") for line in table["standings"]
               if line["place"] == 1 for p in line["players"]]
    rounds = {s["round"] for s in sittings}
    done = t.rounds is not None and rounds >= set(range(1, t.rounds + 1))
    result = {"status": "COMPLETED" if done else "IN_PROGRESS", "winner": winners,
              "scores": scores}
    return Match(t, tuple(registry), tuple(games), row["match_id"], row["description"],
                 row["emn_format"], row["emn_target"], result)
