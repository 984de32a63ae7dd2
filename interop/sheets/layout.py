"""The one scoresheet layout (read and written by interop/sheets/table.py), and what differs with
the table: the columns a sheet has are the table's, as data.

A sheet has one row per deal. Its sitting columns (``date``, ``club``, ``event``, ``table``,
``round``, the players by seat, ``preset``, ``overrides``) are filled on a sitting's first row;
its deal columns are ``deal``, ``dealer``, ``maker``, ``trump``, ``alone``, the table's own result
columns, ``tricks``, then one points column and one running-score column per **score column** of
the table (euchre_records/table_view.py ``columns_of``):

- :data:`SIDES`, the four-handed table (sides fixed): the players ``north`` .. ``west``, the
  result column ``defender_alone``, the score columns per side ``points_ns``, ``points_ew``,
  ``total_ns``, ``total_ew``;
- :data:`PLAYERS`, the tables of two, three and five (a score per player): a ``seats`` column
  (2, 3 or 5) says the table of each sitting; the players ``player_0`` .. ``player_4``, the
  result columns ``called`` and ``partner`` (five-handed), the score columns per player
  ``points_0`` .. ``points_4``, ``total_0`` .. ``total_4`` (those of seats a sitting does not have
  stay blank).

A header is read in the per-player layout when it names a column only that layout has
(:func:`layout_of_header`), else in the per-side one. What else differs is data too: how a seat
is written, the wording of a problem, what the layout cannot hold, and which cell a notation
error at a record path is moved to.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from euchre_records.table import Table, table_for
from euchre_records.table_view import columns_of, tokens_of

from .cells import column_name

__all__ = ["Layout", "SIDES", "PLAYERS", "layout_of_header", "layout_of_table", "ALL_COLUMNS",
           "PLAYER_FIELDS", "DEAL_LOSSES"]

_EVENT_COLUMNS = ("date", "club", "event", "table", "round")
_SEAT_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


@dataclass(frozen=True, eq=False)
class Layout:
    """The columns of a sheet for a table, and the few things said differently at it.

    ``table``: the table of every sitting, or None when the ``seats`` column says it per sitting
    (then the columns are those of the widest table, five-handed). ``players``, ``points``,
    ``totals``: one column per seat / score column of that table, by index; ``tokens`` the seat
    tokens of the same seats. ``extras``: the result columns between ``alone`` and ``tricks``.
    ``seat_text``: a seat cell as its notation token. ``words``: problem texts (``str.format``
    with ``n``, ``last_seat``, ``first`` and ``last``, the columns concerned). ``paths``: (record path prefix within a deal, column), the first match
    locating a notation or replay error."""

    table: Table | None
    tokens: tuple[str, ...]
    players: tuple[str, ...]
    points: tuple[str, ...]
    totals: tuple[str, ...]
    extras: tuple[str, ...]
    seat_text: Callable[[str], str]
    words: dict[str, str]
    paths: tuple[tuple[str, str], ...]

    @property
    def sitting_columns(self) -> tuple[str, ...]:
        seats = () if self.table is not None else ("seats",)
        return (*_EVENT_COLUMNS, *seats, *self.players, "preset", "overrides")

    @property
    def deal_columns(self) -> tuple[str, ...]:
        return ("deal", "dealer", "maker", "trump", "alone", *self.extras, "tricks", *self.points,
                *self.totals)

    @property
    def columns(self) -> tuple[str, ...]:
        """Every column, in the order a sheet is written."""
        return self.sitting_columns + self.deal_columns

    @property
    def text_columns(self) -> tuple[str, ...]:
        """The free-text cells: written neutralised against formulas (guard.neutral)."""
        return ("club", "event", "table", "round", *self.players)

    @property
    def required(self) -> tuple[str, ...]:
        seats = () if self.table is not None else ("seats",)
        return (*seats, "dealer", "maker", "tricks")

    def says(self, what: str, n: int, cols: Sequence[str] = ("",)) -> str:
        """The problem text ``what`` at a table of ``n`` (``cols``: the columns concerned)."""
        return self.words[what].format(n=n, last_seat=n - 1, first=cols[0], last=cols[-1])


def _layout(widest: Table, *, fixed: bool, extras: tuple[str, ...], seat_text: Callable[[str], str],
            words: dict[str, str],
            score_paths: Callable[[tuple[str, ...], tuple[str, ...]], tuple[tuple[str, str], ...]]
            ) -> Layout:
    keys = [column.key.replace("-", "").lower() for column in columns_of(widest, ())]
    tokens = tokens_of(widest)
    points = tuple(f"points_{k}" for k in keys)
    totals = tuple(f"total_{k}" for k in keys)
    paths = (("dealer", "dealer"), ("result.maker", "maker"), ("result.trump", "trump"),
             ("result.alone", "alone"), *((f"result.{c}", c) for c in extras),
             ("result.tricks", "tricks"), ("result", "maker"), *score_paths(points, totals),
             ("scoresheet", points[0]))
    return Layout(widest if fixed else None, tokens,
                  tuple(_SEAT_WORDS.get(t, f"player_{t}") for t in tokens), points, totals, extras,
                  seat_text, words, paths)


PLAYER_FIELDS = ("id", "ids")
"""The player fields no sheet keeps (a player is his name there)."""

DEAL_LOSSES = ((("annotations", "alternatives"), "annotations",
                "the sheet has no column for annotations"),
               (("unfinished",), "unfinished", "the sheet has no column for an unfinished deal"))
"""The deal fields no sheet keeps: (fields, path, what), refused, or named under ``--lossy``."""

SIDES = _layout(
    table_for(4), fixed=True, extras=("defender_alone",), seat_text=str.upper,
    words={"dealer": "the dealer is required (N, E, S or W)",
           "names": "a player's name is missing (give all four or none)",
           "tricks": "the makers' tricks are required (0 to 5)",
           "figures": "give both sides' figures or neither",
           "points": "a points-only deal (maker '?') needs both sides' points",
           "result": "(maker, trump, alone, tricks)"},
    score_paths=lambda points, totals: (
        *((f"scoresheet.points[{i}]", c) for i, c in enumerate(points)),
        ("scoresheet.points", points[0]),
        *((f"scoresheet.total[{i}]", c) for i, c in enumerate(totals)),
        ("scoresheet.total", totals[0])))
"""The four-handed sheet: a column per side."""

PLAYERS = _layout(
    table_for(5), fixed=False, extras=("called", "partner"), seat_text=str,
    words={"dealer": "the dealer is required (a seat 0 to {last_seat})",
           "names": "a player's name is missing (give all {n} or none)",
           "tricks": "the making side's tricks are required (0 to 5)",
           "figures": "give every player's figure or none ({n} columns {first} to {last})",
           "points": "a points-only deal (maker '?') needs every player's points ({n} columns "
                     "{first} to {last})",
           "result": "(maker, trump, tricks, the called card and partner)"},
    score_paths=lambda points, totals: (("scoresheet.total", totals[0]), ("points", points[0])))
"""The sheet of two, three and five: a column per player."""

ALL_COLUMNS = SIDES.columns + PLAYERS.columns
"""Every column name either layout knows (with repeats): what a header row is sniffed for."""

_PLAYERS_ONLY = frozenset(PLAYERS.columns) - frozenset(SIDES.columns)


def layout_of_header(header: Sequence[str]) -> Layout:
    """The layout of a header row: per player when it names a column only that layout has
    (``seats``, a player's, ``called``, ``partner``), else per side."""
    return PLAYERS if any(column_name(c) in _PLAYERS_ONLY for c in header) else SIDES


def layout_of_table(table: Table) -> Layout:
    """The layout that writes a table's sittings: per side where sides are fixed."""
    return SIDES if table.fixed_sides else PLAYERS
