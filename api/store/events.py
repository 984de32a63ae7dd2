"""Tournaments in the store: create them, record a round's seating, attach sittings, and read
them back with standings, rounds and the findings on sittings that do not fit.

The public face of the event store; the work is in :mod:`.event_writes` (create, seat, attach)
and :mod:`.event_reads` (listings, standings, rounds, findings, the movement), which share
:mod:`.event_rows`.

Contracts:
- Writes add rows only (see events_schema.py); each write is one transaction. A refused
  request raises :class:`EventError` (with ``where`` naming the field) and writes nothing.
- :func:`standings` is a query over stored rows (``tournament_seat_scores``), never a replay;
  the ranking and its explanations come from the pure :func:`euchre_records.events.tournament.rank`.
- Readers return plain JSON-ready dicts, or None for an unknown tournament.
- Events at tables of 2, 3 and 5 (``seats``) are ranked by individual places
  (:mod:`.event_individual`, docs/EVENTS.md §2.1) through the same functions.
"""

from __future__ import annotations

from .event_reads import (
    current_seating, event_findings, event_sittings, get_event, list_events, movement,
    round_detail, round_ties, ties_settled, seat_scores, standings, tournament_of,
)
from .event_board import round_view, tables_playing
from .event_rows import EventError
from .event_writes import add_seating, attach_sitting, close_event, create_event, draw_seating

__all__ = ["EventError", "create_event", "add_seating", "draw_seating", "attach_sitting", "close_event",
           "list_events",
           "get_event", "standings", "round_detail", "round_view", "event_findings", "movement",
           "round_ties", "ties_settled", "tables_playing",
           "tournament_of", "seat_scores", "current_seating", "event_sittings"]
