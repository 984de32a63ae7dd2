"""The shape of the rows one record becomes in the store (:class:`Rows`), apart from the code
that makes them (rows.py, which needs the model): the writer and a re-run of an import read
rows without loading the engine's model.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

__all__ = ["Row", "Rows", "CALLS_INSERT", "N_DEAL_COLUMNS"]

CALLS_INSERT = ("INSERT INTO calls (record_id, deal_id, deal, call, round, seat, kind, suit, "
                "alone) VALUES (?,?,?,?,?,?,?,?,?)")
"""One row of ``calls`` (migration 9): record id, deal id, then a row of ``Rows.calls``."""

Row = tuple[Any, ...]

N_DEAL_COLUMNS = ("called", "partner", "partner_known", "maker_tricks", "void", "unfinished")
"""The ``deals`` columns that only a table of 2, 3 or 5 fills (migration 19), after v1's."""


@dataclass(frozen=True, slots=True)
class Rows:
    """Everything to insert for one record of any table (ids and submission metadata added by
    the store), in the one set of tables of migration 19 (docs/STORE.md):

    - ``record``: (hash, canonical, result, format_version, rules, club, event, date, table,
      round, deals, findings)
    - ``seats``: (seat, side, player name, player ref)
    - ``rubber``: (system, games, games_ns, games_ew, rubber_points_ns, rubber_points_ew, net,
      winner, finished); empty where sides are not fixed (no rubber)
    - ``games``: (number, first_deal, last_deal, start_ns, start_ew, score_ns, score_ew, winner,
      finished, carried_ns, carried_ew, rubber_points_ns, rubber_points_ew)
    - ``deals``: (game number or None, number, kind, dealer, ... score_ew - see rows.py's
      ``_deal_row`` -, then :data:`N_DEAL_COLUMNS`)
    - ``findings``: (deal, trick, seat, card, kind, status, rule, message, points_ns,
      points_ew, points as a JSON array per seat)
    - ``game_scores``: (game, seat, start, score) and ``deal_scores``: (deal, seat, role,
      hand_points, penalty, points, score), one row per seat of every game and deal
    - ``calls``: (deal number, call, round, seat, kind, suit, alone) per recorded call (four
      hands)
    - ``seat_count``, ``variant``: the table (records.seats, records.variant); at a table of
      2, 3 or 5 the ``_ns``/``_ew`` columns are None, at four the columns of tables of n
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
    game_scores: tuple[Row, ...] = ()
    deal_scores: tuple[Row, ...] = ()

    def __reduce__(self) -> tuple[type[Rows], tuple[Any, ...]]:
        """Pickled as its fields in order, rebuilt by ``__init__``: a parallel import's workers
        send the writer every record's rows, and the dataclass's own ``__setstate__`` looks its
        fields up again for each one (a third of unpickling them)."""
        return Rows, tuple(getattr(self, name) for name in _ROWS_FIELDS)


_ROWS_FIELDS = tuple(f.name for f in fields(Rows))
