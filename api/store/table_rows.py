"""The rows a record at a table of two, three or five becomes in the store (migration 17),
beside :func:`rows.rows_of` for four hands: a pure function of a Submission, no database.

Contract: :func:`table_rows_of` gives :class:`Rows` whose ``record`` and ``seats`` rows have the
four-handed shape (``seats.side`` None: sides are not fixed), whose ``rubber``, ``games``,
``deals``, ``findings`` and ``calls`` are empty (those tables are of fixed partnerships) and whose
``table`` holds the per-seat rows (:class:`TableRows`), read from the table view
(euchre_records/table_view.py) and the TableReplay.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from euchre_records.table_model import TableRecord, TableReplay
from euchre_records.table_view import RecordView, view_of

from .row_tuples import Row, Rows, TableRows

if TYPE_CHECKING:
    from .ingest import Submission

__all__ = ["table_rows_of", "table_summary"]


def table_summary(result: TableReplay, view: RecordView) -> dict[str, Any]:
    """The short summary of a replay at a table of n: as rows.summary, with the table, the
    last game's winner (a seat token, None while it goes on) and each player's score in it."""
    last = view.games[-1] if view.games else None
    players = view.players
    return {"deals": len(result.deals), "games": len(result.games),
            "findings": len(result.findings), "rubber": None,
            "seats": result.table.seats, "variant": result.table.variant.value,
            "winner": None if last is None else last.winner,
            "scores": [{"seat": token, "player": None if players[s] is None else players[s].name,
                        "score": 0 if last is None else last.score[s]}
                       for s, token in enumerate(view.tokens)]}


def table_rows_of(sub: Submission) -> Rows:
    """The rows of a submission at a table of 2, 3 or 5."""
    record, result = sub.record, sub.result
    assert isinstance(record, TableRecord) and isinstance(result, TableReplay)
    table, view = record.table, view_of(record, result)
    ev = record.event
    head = (sub.hash, sub.canonical, sub.result_json, record.version, record.rules.name,
            ev.club, ev.event, ev.date, ev.table, ev.round, len(result.deals),
            len(result.findings))
    seats = tuple((table.token(seat), None, player.name, player.id)
                  for seat, player in record.players)
    tokens = view.tokens
    games: list[Row] = []
    game_scores: list[Row] = []
    for g in view.games:
        games.append((g.number, g.first_deal, g.last_deal, g.winner, int(g.finished)))
        game_scores.extend((g.number, tokens[s], g.start[s], g.score[s]) for s in range(len(tokens)))
    deals: list[Row] = []
    deal_scores: list[Row] = []
    for d, r in zip(view.deals, result.deals):
        made = d.maker is not None and d.maker_tricks is not None
        tricks = d.maker_tricks if made else None
        deals.append((d.number, d.game, d.kind, d.dealer, d.trump, d.maker, int(d.alone),
                      d.called, d.partner, int(d.partner_known), tricks, int(d.thrown_in),
                      d.void, int(made and tricks is not None and tricks < 3),
                      int(made and tricks == 5), int(d.unfinished)))
        for s, token in enumerate(tokens):
            role = None
            if made:
                role = ("maker" if token == d.maker else
                        "partner" if token in d.makers else "defender")
            deal_scores.append((d.number, token, role, r.hand_points[s], r.penalty[s],
                                r.points[s], d.running[s]))
    findings = tuple(
        (f.deal, f.trick, None if f.seat is None else table.token(f.seat),
         None if f.card is None else f.card.name, f.kind.value, f.rule, f.message,
         json.dumps(list(f.points) or [0] * table.seats))
        for f in result.findings)
    return Rows(sub.hash, head, seats, (), (), (), (), table_summary(result, view),
                seat_count=table.seats, variant=table.variant.value,
                table=TableRows(tuple(games), tuple(game_scores), tuple(deals),
                                tuple(deal_scores), findings))
