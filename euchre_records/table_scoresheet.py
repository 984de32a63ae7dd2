"""The scoresheet of a record at a table of two, three or five: one column per player.

At these tables nobody keeps a side's score for the game (VARIANTS.md: "each scores for
himself"), so the sheet has one points column and one running-score column per player, where
the four-handed sheet has N-S and E-W. :func:`table_sheet` turns a record and its replay into
the rows a scorer would write (one per deal, with the deal's outcome, each player's points and
the running score of the game), the games with their winners, and the findings of each deal;
the command line prints it (``euchre replay``) and the pages can lay it out as they like.

Contract: pure (no I/O); the replay must be ``replay_table(record)`` (same deals, in order).
Every tuple of scores in the sheet is in column order, which is seat order (``columns[i]`` is
seat ``i``). The running score is the game's after the deal, before a won game is reset (as
``TableReplay.running``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .table import Table
from .table_model import Scores, TableDealResult, TableRecord, TableReplay

__all__ = ["SheetColumn", "SheetRow", "SheetGame", "TableSheet", "table_sheet", "column_labels",
           "outcome_of"]


@dataclass(frozen=True, slots=True)
class SheetColumn:
    """One player's column: ``key`` the seat token (``"0"``..), ``seat`` its index, ``label``
    the player's name where the record gives it, else ``"seat 2"``."""

    key: str
    seat: int
    label: str


@dataclass(frozen=True, slots=True)
class SheetRow:
    """One deal as the sheet shows it.

    ``outcome`` is one of ``made``, ``march``, ``euchred``, ``lone made``, ``lone march``,
    ``lone euchred`` (five-handed maker alone), ``euchred (maker loses)`` (cut-throat option),
    ``thrown in``, ``void``, ``unfinished``; ``makers`` are the making side's seat tokens
    (maker first), ``partner`` the holder of the called card where known. ``points`` and
    ``running`` are per column; ``recorded_points``/``recorded_total`` what the scorer wrote
    (None: nothing). ``findings`` and ``notes`` are the deal's messages."""

    deal: int
    game: int
    dealer: str
    turned: str | None
    trump: str | None
    maker: str | None
    makers: tuple[str, ...]
    called: str | None
    partner: str | None
    alone: bool
    tricks: int | None
    outcome: str
    points: Scores
    running: Scores
    recorded_points: Scores | None
    recorded_total: Scores | None
    findings: tuple[str, ...]
    notes: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SheetGame:
    """A game's line at the foot of its rows: its deals, start and final score per column, and
    the winner (a seat token and the column's label; None while unfinished)."""

    number: int
    first_deal: int
    last_deal: int
    start: Scores
    score: Scores
    winner: str | None
    winner_label: str | None
    finished: bool


@dataclass(frozen=True, slots=True)
class TableSheet:
    """The whole sheet: columns, rows (one per deal), games, and the replay's record-wide notes.
    ``rubber`` is always False: rubbers need fixed partnerships (VARIANTS.md)."""

    table: Table
    columns: tuple[SheetColumn, ...]
    rows: tuple[SheetRow, ...]
    games: tuple[SheetGame, ...]
    notes: tuple[str, ...]
    findings: tuple[str, ...]
    rubber: bool = False


def column_labels(record: TableRecord) -> tuple[SheetColumn, ...]:
    """The record's columns, one per seat: the player's name, else ``seat i``."""
    table = record.table
    names = {seat: p.name for seat, p in record.players}
    return tuple(SheetColumn(table.token(s), s, names.get(s) or f"seat {table.token(s)}")
                 for s in range(table.seats))


def outcome_of(table: Table, r: TableDealResult) -> str:
    """The name of a deal's outcome (see :class:`SheetRow`); "lone" only in the five-handed
    game, where the maker could have called a partner (two- and three-handed makers always
    play alone)."""
    if r.void is not None:
        return "void"
    if r.unfinished:
        return "unfinished"
    if r.thrown_in or r.maker is None:
        return "thrown in"
    alone = "lone " if r.alone and table.called_partner else ""
    if r.maker_tricks == 5:
        return alone + "march"
    if r.maker_tricks >= 3:
        return alone + "made"
    if r.maker is not None and r.hand_points and r.hand_points[r.maker] < 0:
        return "euchred (maker loses)"
    return alone + "euchred"


def table_sheet(record: TableRecord, result: TableReplay) -> TableSheet:
    """The sheet of ``record`` as replayed in ``result`` (see the module contract)."""
    table = record.table
    columns = column_labels(record)
    tok = table.token
    game_of: dict[int, int] = {}
    for g in result.games:
        for number in range(g.first_deal, g.last_deal + 1):
            game_of[number] = g.number
    zero = (0,) * table.seats
    rows = []
    for i, r in enumerate(result.deals):
        deal = record.deals[r.number - 1]
        running = result.running[i] if i < len(result.running) else zero
        rec = deal.recorded
        scored = r.void is None and not r.thrown_in and not r.unfinished and r.maker is not None
        tricks = r.maker_tricks if scored else None
        rows.append(SheetRow(
            r.number, game_of.get(r.number, len(result.games)), tok(r.dealer),
            deal.turned.name if deal.turned is not None else None,
            r.trump.value if r.trump is not None else None,
            tok(r.maker) if r.maker is not None else None,
            tuple(tok(s) for s in r.makers),
            r.called.name if r.called is not None else None,
            tok(r.partner) if r.partner is not None else None,
            bool(r.alone and scored and table.called_partner), tricks, outcome_of(table, r), r.points, running,
            rec.points if rec is not None else None, rec.total if rec is not None else None,
            tuple(f.message for f in r.findings),
            tuple(n for n in r.notes) + ((f"void: {r.void}",) if r.void is not None else ())))
    label = {c.seat: c.label for c in columns}
    games = tuple(SheetGame(g.number, g.first_deal, g.last_deal, g.start, g.score,
                            tok(g.winner) if g.winner is not None else None,
                            label[g.winner] if g.winner is not None else None, g.finished)
                  for g in result.games)
    return TableSheet(table, columns, tuple(rows), games, result.notes,
                      tuple(f.message for f in result.findings if f.deal is None))
