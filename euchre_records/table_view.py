"""One table view of any record and its replay, for every layer above the engine
(docs/TABLES.md "The table view").

Every record is a :class:`~.model.Record` at its table and replays to a
:class:`~.model.ReplayResult`: at four seats :class:`~.cards.Seat` and scores ``(ns, ew)``, at a
table of 2, 3 or 5 int seats and a score per seat. The store, the API, the CLI, the pages,
events, bulk tables and sheets read either through :func:`view_of`, which gives one shape:

- **seat tokens** by seat index: ``("N", "E", "S", "W")`` or ``("0", "1", ..., "n-1")``;
- **score columns** (:class:`ScoreColumn`): one per side where sides are fixed (``"N-S"``,
  ``"E-W"``), else one per player (key: the seat token);
- per deal and per game, **points and scores per column**, in the order of ``columns``.

Contract: :func:`view_of` is pure and total for a record and *its own* replay (``match.replay``
of that record); it raises ``ValueError`` when the two do not belong together (a replay of
another table, or different numbers of deals). ``deal.points == DealResult.points`` and
``game.score == GameResult.score``: per score column, N-S first at four.

>>> from euchre_records.table import table_for
>>> table_of_seats = table_for(3)
>>> [c.key for c in columns_of(table_of_seats, ())]
['0', '1', '2']
>>> [c.label for c in columns_of(table_for(4), ())]
['N-S', 'E-W']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .cards import Side
from .model import DealResult, Player, Record, ReplayResult
from .table import Table

__all__ = ["ScoreColumn", "DealView", "GameView", "RecordView", "table_of", "view_of",
           "columns_of", "tokens_of", "SIDE_KEYS"]

SIDE_KEYS: tuple[str, str] = ("N-S", "E-W")
"""The keys (and labels) of the four-handed score columns, N-S first as in ``(ns, ew)``."""


@dataclass(frozen=True, slots=True)
class ScoreColumn:
    """One column of the score: a side where sides are fixed, else a player.

    ``key`` is ``"N-S"``/``"E-W"`` (four-handed) or the seat token ``"0" .. "n-1"``; ``seats``
    the seat indexes who score in it; ``label`` the side's name, or the player's name (else
    ``"seat 2"``)."""

    key: str
    seats: tuple[int, ...]
    label: str


@dataclass(frozen=True, slots=True)
class DealView:
    """One deal, whatever the table. Seats are tokens (``"N"`` or ``"2"``); ``points`` and
    ``running`` are per :class:`ScoreColumn` of the record.

    - ``makers``: the making side's tokens, the maker first (four-handed: the maker and his
      partner unless either plays alone; five-handed: the maker and the holder of the called
      card, once known); empty when nobody made trump (thrown in, void, points-only deals).
    - ``maker_tricks``: the making side's tricks; None when nobody made trump.
    - ``game``: the number of the game the deal belongs to; None for a deal recorded after the
      rubber was over (not scored: its ``running`` repeats the score before it).
    """

    number: int
    kind: str                     # DealKind value: "full", "plays", "result", "points"
    dealer: str
    maker: str | None
    trump: str | None             # the suit letter; None: no trump made (or played at no trump)
    alone: bool
    makers: tuple[str, ...]
    called: str | None            # five-handed: the card named (e.g. "AH")
    partner: str | None           # five-handed: its holder, when known
    partner_known: bool
    maker_tricks: int | None
    thrown_in: bool
    void: str | None
    points: tuple[int, ...]
    running: tuple[int, ...]
    findings: tuple[str, ...]
    game: int | None = None
    unfinished: bool = False


@dataclass(frozen=True, slots=True)
class GameView:
    """One game: its deals (1-based numbers), start and final score per column, and the
    winning column's key (None: unfinished, or a four-handed game of fixed deals)."""

    number: int
    first_deal: int
    last_deal: int
    start: tuple[int, ...]
    score: tuple[int, ...]
    winner: str | None
    finished: bool


@dataclass(frozen=True, slots=True)
class RecordView:
    """A record and its replay as one table model (see the module docstring)."""

    table: Table
    tokens: tuple[str, ...]
    players: tuple[Player | None, ...]
    columns: tuple[ScoreColumn, ...]
    deals: tuple[DealView, ...]
    games: tuple[GameView, ...]
    rubber: bool                  # only fixed partnerships have rubbers

    @property
    def seats(self) -> int:
        return self.table.seats

    @property
    def variant(self) -> str:
        """The variant's name: ``"two-handed"``, ``"cut-throat"``, ``"four-handed"``,
        ``"call-your-partner"``."""
        return self.table.variant.value

    @property
    def per_player(self) -> bool:
        """Whether the score is kept per player (no fixed sides)."""
        return not self.table.fixed_sides

    def column_of(self, seat: int) -> int:
        """The index in ``columns`` of the column a seat scores in."""
        for i, column in enumerate(self.columns):
            if seat in column.seats:
                return i
        raise ValueError(f"no seat {seat} at a table of {self.table.seats}")

    def score(self) -> tuple[int, ...]:
        """The score of the last game (the record's current score)."""
        return self.games[-1].score if self.games else (0,) * len(self.columns)


def table_of(record: Record) -> Table:
    """The table of a record (``record.table``)."""
    return record.table


def tokens_of(table: Table) -> tuple[str, ...]:
    """The seat tokens of a table by seat index."""
    return tuple(table.token(s) for s in table.all_seats)


def columns_of(table: Table, players: Sequence[Player | None]) -> tuple[ScoreColumn, ...]:
    """The score columns of a table: N-S and E-W where sides are fixed, else one per seat
    labelled by the player's name (``players`` by seat index; missing: ``"seat i"``)."""
    if table.fixed_sides:
        return (ScoreColumn(SIDE_KEYS[0], (0, 2), SIDE_KEYS[0]),
                ScoreColumn(SIDE_KEYS[1], (1, 3), SIDE_KEYS[1]))
    out = []
    for s in table.all_seats:
        player = players[s] if s < len(players) else None
        out.append(ScoreColumn(table.token(s), (s,), player.name if player is not None else f"seat {s}"))
    return tuple(out)


def view_of(record: Record, result: ReplayResult) -> RecordView:
    """The table view of ``record`` and its replay ``result`` (ValueError if they do not match).

    Each deal's game is the one its running score names at four (None: after the rubber) and
    the game whose deals hold it at n (None: a void deal after the last game)."""
    table = record.table
    if result.table.seats != table.seats:
        raise ValueError(f"the replay is not of this record (a table of {result.table.seats}, "
                         f"the record's of {table.seats})")
    running = result.running
    if len(running) != len(result.deals) and (running or not table.fixed_sides):
        raise ValueError("the replay is not of this record (running scores and deals differ)")
    players: list[Player | None] = [None] * table.seats
    for seat, player in record.players:
        players[seat] = player
    tokens = tokens_of(table)
    game_of: dict[int, int] = {}
    if not table.fixed_sides:
        for g in result.games:
            for n in range(g.first_deal, g.last_deal + 1):
                game_of[n] = g.number
    deals = []
    last: tuple[int, ...] = tuple(record.start_score)
    for i, d in enumerate(result.deals):
        at = running[i] if running else None
        game: int | None = None
        if at is not None:
            last = tuple(at[1])
            game = at[0] if table.fixed_sides else game_of.get(d.number)
        deals.append(_deal(tokens, d, last, game))
    games = tuple(GameView(g.number, g.first_deal, g.last_deal, tuple(g.start), tuple(g.score),
                           _column_key(tokens, g.winner), g.finished)
                  for g in result.games)
    return RecordView(table, tokens, tuple(players), columns_of(table, players), tuple(deals),
                      games, rubber=table.fixed_sides)


_SIDE_KEY = {Side.NS: SIDE_KEYS[0], Side.EW: SIDE_KEYS[1]}


def _column_key(tokens: Sequence[str], winner: Side | int | None) -> str | None:
    """The key of a game's winning column: a side's (``"N-S"``) or a seat's token."""
    if winner is None:
        return None
    return _SIDE_KEY[winner] if isinstance(winner, Side) else tokens[winner]


def _deal(tokens: Sequence[str], d: DealResult, running: tuple[int, ...],
          game: int | None) -> DealView:
    made = d.maker is not None
    return DealView(
        number=d.number, kind=d.kind.value, dealer=tokens[d.dealer],
        maker=None if d.maker is None else tokens[d.maker],
        trump=None if d.trump is None else d.trump.value, alone=d.alone,
        makers=tuple(tokens[s] for s in d.makers) if made else (),
        called=None if d.called is None else d.called.name,
        partner=None if d.partner is None else tokens[d.partner], partner_known=d.partner_known,
        maker_tricks=d.maker_tricks if made else None, thrown_in=d.thrown_in, void=d.void,
        points=tuple(d.points), running=running,
        findings=tuple(f.message for f in d.findings), game=game, unfinished=d.unfinished)
