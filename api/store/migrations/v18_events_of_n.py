"""Migration 18: events at tables of two, three and five (issue 19; docs/EVENTS.md §2.1, §6).

- ``tournaments`` gains ``seats`` (2..5; 4 for every event stored before) and ``place_scoring``
  (``places``, ``points``, ``wins``; NULL: the default, places), and its ``format`` takes
  ``games`` (games at tables of n, individual places). Columns added by ``ALTER TABLE`` and a
  CHECK widened in place (it only admits more values), as migration 4 widened
  ``records.status``; the table's triggers still refuse every UPDATE and DELETE.
- ``tournament_seatings.seat`` takes the seat tokens ``"0" .. "4"`` beside N E S W.
- The view ``tournament_game_scores``: one row per seat and game of the counted record of every
  current sitting at a table of 2, 3 or 5 (the record's ``game_scores`` of migration 17), with
  the seat's player, score and the place SQL's ``RANK()`` gives it (1 + players with more
  points: the rule of events/individual.py, so a Datasette reader sees the same places).
"""

from __future__ import annotations

import sqlite_utils

from .widen_checks import widen_checks

__all__ = ["_v18_events_of_n", "GAME_SCORES_SQL"]

_CHECKS = {
    "tournaments": [(
        "format TEXT NOT NULL CHECK (format IN ('rubbers', 'progressive', 'pairs', 'league'))",
        "format TEXT NOT NULL CHECK (format IN ('rubbers', 'progressive', 'pairs', 'league', "
        "'games'))")],
    "tournament_seatings": [(
        "seat TEXT NOT NULL CHECK (seat IN ('N', 'E', 'S', 'W'))",
        "seat TEXT NOT NULL CHECK (seat IN ('N', 'E', 'S', 'W', '0', '1', '2', '3', '4'))")],
}

GAME_SCORES_SQL = """
    WITH RECURSIVE latest AS (
        SELECT ts.* FROM tournament_sittings ts
        WHERE ts.id = (SELECT max(t2.id) FROM tournament_sittings t2
                       WHERE t2.tournament_id = ts.tournament_id AND t2.round = ts.round
                         AND t2."table" = ts."table") {where}
    ), chain(sitting_id, record_id) AS (
        SELECT id, record_id FROM latest
        UNION ALL
        SELECT chain.sitting_id, records.id FROM chain JOIN records ON records.supersedes = chain.record_id
    )
    SELECT latest.tournament_id, latest.id AS sitting_id, latest.round, latest."table",
           latest.record_id AS attached_id, records.id AS record_id, records.seats AS table_seats,
           gs.game, gs.seat, registry_effective.effective_id AS player_id, gs.start, gs.score,
           tg.finished, tg.winner,
           RANK() OVER (PARTITION BY records.id, gs.game ORDER BY gs.score DESC) AS place,
           (SELECT count(*) FROM table_deals d WHERE d.record_id = records.id
              AND d.void IS NULL) AS deals
    FROM latest JOIN chain ON chain.sitting_id = latest.id
    JOIN records ON records.id = chain.record_id AND records.status = 'current'
    JOIN game_scores gs ON gs.record_id = records.id
    JOIN table_games tg ON tg.record_id = records.id AND tg.number = gs.game
    LEFT JOIN seat_bindings ON seat_bindings.record_id = records.id AND seat_bindings.seat = gs.seat
    LEFT JOIN registry_effective ON registry_effective.player_id = seat_bindings.player_id
"""
"""One row per seat and game of the counted record of every current sitting at a table of n
(its current version: corrections followed, a withdrawal counts nothing): the player bound to the
seat, its score when the game began and its final (or, unfinished, current) one, the game's ``finished`` and ``winner``, the
place by ``RANK()`` and the sitting's deals (void ones, misdeals and new deals, are no deals).
``{where}`` narrows the sittings (``AND ts.tournament_id = ?``)."""


def _widen(db: sqlite_utils.Database) -> None:
    widen_checks(db, _CHECKS, "constraint")


def _v18_events_of_n(db: sqlite_utils.Database) -> None:
    """Version 18: events at tables of 2, 3 and 5 (see the module docstring)."""
    db.execute("ALTER TABLE tournaments ADD COLUMN seats INTEGER NOT NULL DEFAULT 4 "
               "CHECK (seats BETWEEN 2 AND 5)")
    db.execute("ALTER TABLE tournaments ADD COLUMN place_scoring TEXT "
               "CHECK (place_scoring IN ('places', 'points', 'wins'))")
    _widen(db)
    db.create_view("tournament_game_scores", GAME_SCORES_SQL.format(where=""))
