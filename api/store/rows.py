"""The rows a record becomes in the store: a pure function of a Submission, no database.

:func:`rows_of` turns a validated and replayed record into :class:`Rows`, plain tuples of
strings and integers in the column order of the tables (docs/STORE.md), with references between
them by number (game number, deal number) instead of database ids. Rows pickle cheaply, so bulk
import can build them in worker processes and leave only the inserts to the writer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from euchre_records.enum_text import (  # Enum .name and .value are slow descriptors
    DEAL_KIND_VALUE, FINDING_KIND_VALUE, SEAT_NAME, SEAT_SIDE, SIDE_VALUE, SUIT_VALUE,
)
from euchre_records.cards import LEFT_OF, Seat
from euchre_records.model import Call, CallKind, Deal, DealResult, Record, ReplayResult

from .row_tuples import Row, Rows

if TYPE_CHECKING:  # only a type here: the store reads rows without the parsing code
    from .ingest import Submission

__all__ = ["Row", "Rows", "rows_of", "summary", "call_rows", "record_calls"]


def summary(result: ReplayResult) -> dict[str, Any]:
    """A short JSON-ready summary of a replay (the store adds the id)."""
    rubber = result.rubber
    return {
        "deals": len(result.deals),
        "games": len(result.games),
        "findings": len(result.findings),
        "rubber": None if rubber is None else {
            "system": rubber.system, "games_won": list(rubber.games_won),
            "rubber_points": list(rubber.rubber_points), "net": rubber.net,
            "winner": SIDE_VALUE[rubber.winner] if rubber.winner else None,
            "finished": rubber.finished,
        },
    }


def rows_of(sub: Submission) -> Rows:
    """The rows of one submission (see :class:`Rows`)."""
    record, result = sub.record, sub.result
    if not isinstance(record, Record) or not isinstance(result, ReplayResult):
        from .table_rows import table_rows_of   # a table of 2, 3 or 5 (migration 17)
        return table_rows_of(sub)
    ev = record.event
    head = (sub.hash, sub.canonical, sub.result_json, record.version, record.rules.name,
            ev.club, ev.event, ev.date, ev.table, ev.round, len(result.deals),
            len(result.findings))
    seats = tuple((SEAT_NAME[seat], SEAT_SIDE[seat], player.name, player.id)
                  for seat, player in record.players)
    games = tuple(
        (g.number, g.first_deal, g.last_deal, g.start[0], g.start[1], g.score[0], g.score[1],
         SIDE_VALUE[g.winner] if g.winner else None, int(g.finished), g.carried[0], g.carried[1],
         g.rubber_points[0], g.rubber_points[1])
        for g in result.games)
    findings = tuple(
        (f.deal, f.trick, SEAT_NAME[f.seat] if f.seat is not None else None,
         f.card.name if f.card is not None else None, FINDING_KIND_VALUE[f.kind], f.status, f.rule,
         f.message, f.points[0], f.points[1])
        for f in result.findings)
    return Rows(sub.hash, head, seats, _rubber_row(result), games, _deal_rows(result), findings,
                summary(result), record_calls(record, [d.number for d in result.deals]))


def record_calls(record: Record, numbers: list[int]) -> tuple[Row, ...]:
    """``(deal, call, round, seat, kind, suit, alone)`` for every recorded call of the deals
    numbered ``numbers`` (those the replay scored: the store's ``deals`` rows)."""
    out: list[Row] = []
    deals = record.deals
    count = len(deals)
    for number in numbers:
        if 1 <= number <= count:
            out += [(number, *c) for c in _call_rows_of(deals[number - 1])]
    return tuple(out)


_CALL_ROWS: dict[tuple[Seat, tuple[Call, ...]], list[Row]] = {}
_CALL_ROWS_MAX = 4096
"""call_rows by (dealer, calls): a pure function of the two, and a club's deals repeat few
bidding sequences ("pass, pass, order" ...), so most deals find theirs here. Bounded: cleared
when full, so memory stays flat in the input."""


def _call_rows_of(deal: Deal) -> list[Row]:
    """``call_rows(deal)``, looked up by the deal's dealer and calls (a Call hashes and compares
    its fields in C). The list returned is shared: read it, never change it."""
    key = (deal.dealer, deal.calls)
    try:
        return _CALL_ROWS[key]
    except KeyError:
        pass
    except TypeError:   # an unhashable value in a call (never made by the loader)
        return call_rows(deal)
    rows = call_rows(deal)
    if len(_CALL_ROWS) >= _CALL_ROWS_MAX:
        _CALL_ROWS.clear()
    _CALL_ROWS[key] = rows
    return rows


def call_rows(deal: Deal) -> list[Row]:
    """``(call, round, seat, kind, suit, alone)`` per recorded call. ``seat`` is the recorded seat,
    else the seat in turn while the bidding is open (the dealer's left first); ``round`` is 1 or 2
    by the number of in-turn passes before the call (1: the turned card, 2: naming a suit)."""
    rows: list[Row] = []
    turn = LEFT_OF[deal.dealer]
    passes = 0
    open_ = True
    for i, call in enumerate(deal.calls, 1):
        seat: Seat | None = call.seat
        rnd = 1 if passes < 4 else 2
        if open_ and (seat is None or seat is turn):
            seat = turn
            if call.kind is _PASS:
                passes += 1
                turn = LEFT_OF[turn]
            else:
                open_ = False
        suit = call.suit
        rows.append((i, rnd, SEAT_NAME[seat] if seat is not None else None,
                     _CALL_KIND_VALUE[call.kind], SUIT_VALUE[suit] if suit is not None else None,
                     call.alone))
    return rows


_PASS = CallKind.PASS
_CALL_KIND_VALUE: dict[CallKind, str] = {kind: kind.value for kind in CallKind}


def _rubber_row(result: ReplayResult) -> Row:
    rb = result.rubber
    finished = bool(result.games) and all(g.finished for g in result.games)  # no games: not one
    if rb is not None:
        return (rb.system, len(result.games), rb.games_won[0], rb.games_won[1],
                rb.rubber_points[0], rb.rubber_points[1], rb.net,
                SIDE_VALUE[rb.winner] if rb.winner else None, int(rb.finished))
    won = (sum(1 for g in result.games if g.winner is not None and SIDE_VALUE[g.winner] == "NS"),
           sum(1 for g in result.games if g.winner is not None and SIDE_VALUE[g.winner] == "EW"))
    # single games are games, not a rubber: no rubber winner (the games have theirs)
    return ("none", len(result.games), won[0], won[1], 0, 0, 0, None, int(finished))


def _deal_rows(result: ReplayResult) -> tuple[Row, ...]:
    if len(result.running) == len(result.deals):  # the engine's own running score
        row = _deal_row
        return tuple([row(run[0], d, run[1]) if run else row(None, d, (0, 0))
                      for d, run in zip(result.deals, result.running)])
    # a result without running scores (built by hand): recompute from the games' deal ranges
    game_of: dict[int, tuple[int, tuple[int, int]]] = {}
    for g in result.games:
        for n in range(g.first_deal, g.last_deal + 1):
            game_of[n] = (g.number, g.start)
    rows = []
    running = (0, 0)
    current: int | None = None
    for d in result.deals:
        found = game_of.get(d.number)
        game = found[0] if found else None
        if found and game != current:
            running = found[1]
        current = game
        running = (running[0] + d.points[0], running[1] + d.points[1])
        rows.append(_deal_row(game, d, running))
    return tuple(rows)


def _deal_row(game: int | None, d: DealResult, running: tuple[int, int]) -> Row:
    maker = d.maker
    side = SEAT_SIDE[maker] if maker is not None else None
    made = (d.tricks[0] if side == "NS" else d.tricks[1]) if side is not None else 0
    played = side is not None and not d.thrown_in and not d.redeal
    return (
        game, d.number, DEAL_KIND_VALUE[d.kind], SEAT_NAME[d.dealer],
        d.turned.name if d.turned is not None else None,
        SUIT_VALUE[d.trump] if d.trump is not None else None,
        SEAT_NAME[maker] if maker is not None else None,
        side,
        int(d.alone), SEAT_NAME[d.defender_alone] if d.defender_alone is not None else None,
        int(d.thrown_in), int(d.redeal), int(played and made < 3), int(played and made == 5),
        d.tricks[0], d.tricks[1], d.hand_points[0], d.hand_points[1], d.penalty[0], d.penalty[1],
        d.points[0], d.points[1], running[0], running[1])
