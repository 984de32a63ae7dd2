"""The rows a record of any table becomes in the store: a pure function of a Submission, no
database.

:func:`rows_of` turns a validated and replayed record into :class:`Rows`, plain tuples of
strings and integers in the column order of the tables (docs/STORE.md), with references between
them by number (game number, deal number) instead of database ids. Rows pickle cheaply, so bulk
import can build them in worker processes and leave only the inserts to the writer.

Every record fills the one set of tables (migration 19): ``games``, ``deals``, ``findings`` in
one column order, and ``game_scores``/``deal_scores``, one row per seat. Only fixed partnerships
have a ``rubber`` and ``calls``; the ``_ns``/``_ew`` columns are None at a table of 2, 3 or 5 and
its own columns (:data:`~.row_tuples.N_DEAL_COLUMNS`, the findings' ``points``) None at the
table of four. A four-handed seat's per-seat rows are its side's figures (:func:`four_seat_rows`,
the rule migration 19 applies to stored records); at a table of n they are read from the table
view (euchre_records/table_view.py) and the replay. ``record`` and ``seats`` have one
shape (``seats.side`` None where sides are not fixed).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Sequence

from euchre_records.enum_text import (  # Enum .name and .value are slow descriptors
    DEAL_KIND_VALUE, FINDING_KIND_VALUE, SEAT_NAME, SEAT_SIDE, SIDE_VALUE, SUIT_VALUE,
)
from euchre_records.cards import Seat
from euchre_records.model import (
    Call, CallKind, Deal, DealResult, Record, ReplayResult,
)
from euchre_records.table import Table, table_for
from euchre_records.table_view import RecordView

from .row_tuples import Row, Rows

if TYPE_CHECKING:  # only a type here: the store reads rows without the parsing code
    from .ingest import Submission

__all__ = ["Row", "Rows", "rows_of", "summary", "call_rows", "record_calls", "four_seat_rows"]


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
    """The rows of one submission of any table (see the module contract and :class:`Rows`)."""
    record, result = sub.record, sub.result
    head = _head(sub)
    if not record.fixed_partnerships:
        return _seat_rows_of(sub.hash, head, record, result, sub.view)
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
         f.message, f.points[0], f.points[1], None)
        for f in result.findings)
    deals = _deal_rows(result)
    game_scores, deal_scores = four_seat_rows(games, deals)
    return Rows(sub.hash, head, seats, _rubber_row(result), games, deals, findings,
                summary(result), record_calls(record, [d.number for d in result.deals]),
                game_scores=game_scores, deal_scores=deal_scores)


_FOUR_TOKENS = ("N", "E", "S", "W")
_SIDE_SEATS = {"NS": ("N", "S"), "EW": ("E", "W")}


def _by_seat(ns: Any, ew: Any) -> tuple[Any, ...]:
    """A side's figure for each four-handed seat, N E S W."""
    return (ns, ew, ns, ew)


def four_seat_rows(games: Sequence[Row], deals: Sequence[Row]
                   ) -> tuple[tuple[Row, ...], tuple[Row, ...]]:
    """The ``game_scores`` and ``deal_scores`` rows of a four-handed record from its ``games``
    and ``deals`` rows: each seat N, E, S, W has its side's figures, and the maker's partner is
    ``partner`` whether or not the maker went alone (his side scores with him). Migration 19
    applies the same rule in SQL to stored records."""
    return (tuple(row for g in games for row in _game_scores(
                g[0], _FOUR_TOKENS, _by_seat(g[3], g[4]), _by_seat(g[5], g[6]))),
            tuple(row for d in deals for row in _deal_scores(
                d[1], _FOUR_TOKENS, d[6], _SIDE_SEATS.get(d[7], ()), _by_seat(d[16], d[17]),
                _by_seat(d[18], d[19]), _by_seat(d[20], d[21]), _by_seat(d[22], d[23]))))


def _game_scores(game: int, tokens: Sequence[str], start: Sequence[int],
                 score: Sequence[int]) -> list[Row]:
    """A game's ``game_scores`` rows, one per seat, at any table."""
    return [(game, token, start[s], score[s]) for s, token in enumerate(tokens)]


def _deal_scores(deal: int, tokens: Sequence[str], maker: str | None, makers: Sequence[str],
                 hand: Sequence[int], penalty: Sequence[int], points: Sequence[int],
                 running: Sequence[int]) -> list[Row]:
    """A deal's ``deal_scores`` rows, one per seat, at any table: the seat's role (``maker``,
    ``partner`` if it is among ``makers``, else ``defender``; None when ``maker`` is None:
    nobody made trump) and its figures."""
    return [(deal, token, None if maker is None else "maker" if token == maker else
             "partner" if token in makers else "defender",
             hand[s], penalty[s], points[s], running[s]) for s, token in enumerate(tokens)]


def _head(sub: Submission) -> Row:
    """The ``records`` row of a submission (hash, canonical, result, version, rules, club,
    event, date, table, round, deals, findings), the same for every table."""
    record, result = sub.record, sub.result
    ev = record.event
    return (sub.hash, sub.canonical, sub.result_json, record.version, record.rules.name,
            ev.club, ev.event, ev.date, ev.table, ev.round, len(result.deals),
            len(result.findings))


def _seat_summary(result: ReplayResult, view: RecordView) -> dict[str, Any]:
    """The short summary of a replay at a table of n: as :func:`summary`, with the table, the
    last game's winner (a seat token, None while it goes on) and each player's score in it."""
    last = view.games[-1] if view.games else None
    players = view.players
    return {"deals": len(result.deals), "games": len(result.games),
            "findings": len(result.findings), "rubber": None,
            "seats": result.table.seats, "variant": result.table.variant.value,
            "winner": None if last is None else last.winner,
            "scores": [{"seat": token, "player": None if player is None else player.name,
                        "score": 0 if last is None else last.score[s]}
                       for s, (token, player) in enumerate(zip(view.tokens, players))]}


def _seat_rows_of(key: str, head: Row, record: Record, result: ReplayResult,
                  view: RecordView) -> Rows:
    """The rows of a record at a table of 2, 3 or 5 in the one set (see the module contract),
    read from its ``view``."""
    table = record.table
    seats = tuple((table.token(seat), None, player.name, player.id)
                  for seat, player in record.players)
    tokens = view.tokens
    games: list[Row] = []
    game_scores: list[Row] = []
    for g in view.games:
        games.append((g.number, g.first_deal, g.last_deal, None, None, None, None, g.winner,
                      int(g.finished), None, None, None, None))
        game_scores += _game_scores(g.number, tokens, g.start, g.score)
    deals: list[Row] = []
    deal_scores: list[Row] = []
    for d, r in zip(view.deals, result.deals):
        made = d.maker is not None and d.maker_tricks is not None
        tricks = d.maker_tricks if made else None
        deals.append((d.game, d.number, d.kind, d.dealer, None, d.trump, d.maker, None,
                      int(d.alone), None, int(d.thrown_in), None,
                      int(made and tricks is not None and tricks < 3), int(made and tricks == 5),
                      *_NO_SIDES, d.called, d.partner, int(d.partner_known), tricks, d.void,
                      int(d.unfinished)))
        deal_scores += _deal_scores(d.number, tokens, d.maker if made else None, d.makers,
                                    r.hand_points, r.penalty, r.points, d.running)
    findings = tuple(
        (f.deal, f.trick, None if f.seat is None else table.token(f.seat),
         None if f.card is None else f.card.name, f.kind.value, None, f.rule, f.message,
         None, None, json.dumps(list(f.points) or [0] * table.seats))
        for f in result.findings)
    return Rows(key, head, seats, (), tuple(games), tuple(deals), findings,
                _seat_summary(result, view), seat_count=table.seats, variant=table.variant.value,
                game_scores=tuple(game_scores), deal_scores=tuple(deal_scores))


_NO_SIDES = (None,) * 10
"""A deal at a table of n has no ``tricks``/``hand_points``/``penalty``/``points``/``score``
``_ns``/``_ew`` pairs (its per-seat figures are its ``deal_scores``)."""
_NOT_AT_FOUR = (None,) * 6
"""The ``deals`` columns of tables of n (called, partner, partner_known, maker_tricks, void,
unfinished) on a four-handed row."""


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


FOUR = table_for(4)
"""The four-handed table: :func:`call_rows`' default."""

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


def call_rows(deal: Deal, table: Table = FOUR) -> list[Row]:
    """``(call, round, seat, kind, suit, alone)`` per recorded call of a deal at ``table`` (the
    store's ``calls`` rows, and the dataset's at every table). ``seat`` is the recorded seat's
    token, else the seat in turn while the bidding is open (the dealer's left first); ``round``
    is 1 or 2 by the number of in-turn passes before the call (1: the turned card, fewer passes
    than seats; 2: naming a suit)."""
    rows: list[Row] = []
    turn = table.eldest(deal.dealer)
    seats, token, left = table.seats, table.token, table.left
    passes = 0
    open_ = True
    for i, call in enumerate(deal.calls, 1):
        seat: int | None = call.seat
        rnd = 1 if passes < seats else 2
        if open_ and (seat is None or seat == turn):
            seat = turn
            if call.kind is _PASS:
                passes += 1
                turn = left(turn)
            else:
                open_ = False
        suit = call.suit
        rows.append((i, rnd, token(seat) if seat is not None else None,
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
        d.points[0], d.points[1], running[0], running[1], *_NOT_AT_FOUR)
