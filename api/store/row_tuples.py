"""The shape of the rows one record becomes in the store (:class:`Rows`), apart from the code
that makes them (rows.py, which needs the model): the writer and a re-run of an import read
rows without loading the engine's model.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

__all__ = ["Row", "Rows", "TableRows", "CALLS_INSERT"]

CALLS_INSERT = ("INSERT INTO calls (record_id, deal_id, deal, call, round, seat, kind, suit, "
                "alone) VALUES (?,?,?,?,?,?,?,?,?)")
"""One row of ``calls`` (migration 9): record id, deal id, then a row of ``Rows.calls``."""

Row = tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class TableRows:
    """The per-seat rows of a record at a table of 2, 3 or 5 (migration 17), record id added
    by the store: ``games`` (number, first_deal, last_deal, winner, finished), ``game_scores``
    (game, seat, start, score), ``deals`` (number, game, kind, dealer, trump, maker, alone,
    called, partner, partner_known, maker_tricks, thrown_in, void, euchred, marched,
    unfinished), ``deal_scores`` (deal, seat, role, hand_points, penalty, points, score),
    ``findings`` (deal, trick, seat, card, kind, rule, message, points as a JSON array)."""

    games: tuple[Row, ...]
    game_scores: tuple[Row, ...]
    deals: tuple[Row, ...]
    deal_scores: tuple[Row, ...]
    findings: tuple[Row, ...]

    def __reduce__(self) -> tuple[type[TableRows], tuple[Any, ...]]:
        """Pickled as its fields (see :meth:`Rows.__reduce__`)."""
        return TableRows, tuple(getattr(self, name) for name in _TABLE_FIELDS)


@dataclass(frozen=True, slots=True)
class Rows:
    """Everything to insert for one record (ids and submission metadata added by the store).

    - ``record``: (hash, canonical, result, format_version, rules, club, event, date, table,
      round, deals, findings)
    - ``seats``: (seat, side, player name, player ref)
    - ``rubber``: (system, games, games_ns, games_ew, rubber_points_ns, rubber_points_ew, net,
      winner, finished)
    - ``games``: (number, first_deal, last_deal, start_ns, start_ew, score_ns, score_ew, winner,
      finished, carried_ns, carried_ew, rubber_points_ns, rubber_points_ew)
    - ``deals``: (game number or None, number, kind, dealer, ... score_ew) - see ``_deal_row``
    - ``findings``: (deal, trick, seat, card, kind, status, rule, message, points_ns, points_ew)
    - ``calls``: (deal number, call, round, seat, kind, suit, alone) per recorded call
    - ``seat_count``, ``variant``: the table (records.seats, records.variant); at a table of
      2, 3 or 5 ``rubber``, ``games``, ``deals``, ``findings`` and ``calls`` are empty and
      ``table`` holds its rows instead (:class:`TableRows`)
    """

    hash: str
    record: Row
    seats: tuple[Row, ...]
    rubber: Row
    games: tuple[Row, ...]
    deals: tuple[Row, ...]
    findings: tuple[Row, ...]
    summary: dict[str, Any]
    calls: tuple[Row, ...] = ()
    submitted_by: str | None = None
    """Who submitted this version, when the input says (a dump line: api/store/dump.py); else
    the session's submitter is stored."""
    seat_count: int = 4
    variant: str = "four-handed"
    table: TableRows | None = None

    def __reduce__(self) -> tuple[type[Rows], tuple[Any, ...]]:
        """Pickled as its fields in order, rebuilt by ``__init__``: a parallel import's workers
        send the writer every record's rows, and the dataclass's own ``__setstate__`` looks its
        fields up again for each one (a third of unpickling them)."""
        return Rows, tuple(getattr(self, name) for name in _ROWS_FIELDS)


_TABLE_FIELDS = tuple(f.name for f in fields(TableRows))
_ROWS_FIELDS = tuple(f.name for f in fields(Rows))
