"""Migration 19: one set of rows for every table size (issue 32; docs/STORE.md "Tables" and
"The old names of tables of n").

Contract (one transaction with its version bump, as every migration):

- ``games``, ``deals`` and ``findings`` hold the rows of every record. Their constraints are
  loosened in place, as migration 4 widened ``records.status`` (they only admit more rows): the
  ``_ns``/``_ew`` columns, ``games.rubber_id`` and ``deals.redeal`` take NULL (a table of 2, 3
  or 5 has no sides, no rubber, and says why a deal was void instead), ``games.winner`` takes
  the seat tokens ``0`` .. ``4``. ``deals`` gains ``called``, ``partner``, ``partner_known``,
  ``maker_tricks``, ``void``, ``unfinished`` and ``findings`` gains ``points`` (a JSON array,
  one per seat): NULL on four-handed rows, whose ``_ns``/``_ew`` columns say it.
- ``game_scores`` and ``deal_scores`` are per-seat rows of EVERY record: the four-handed
  records' ones are filled here from their stored ``games`` and ``deals`` rows (which were
  made from the stored replay result: nothing is parsed or replayed, and ``records`` is not
  written). A seat N/E/S/W scores its side's points; its role is ``maker``, ``partner`` (the
  maker's side, alone or not) or ``defender``, NULL when nobody made trump.
- The rows of ``table_games``, ``table_deals`` and ``table_findings`` move into ``games``,
  ``deals`` and ``findings`` (new ids after the four-handed ones, which keep theirs, so
  ``calls.deal_id`` and ``findings.deal_id`` still point where they did), and the three tables
  are dropped (with their triggers and index). Views of those names, with exactly their old
  columns, answer what the tables answered, for one release (:data:`OLD_NAME_VIEWS`).
- The views ``player_statistics`` and ``player_deals`` are made again so that they count
  four-handed seats only, as they did while the other tables' rows were elsewhere, and
  ``tournament_game_scores`` (migration 18) over the one set (:data:`GAME_SCORES_SQL`).
"""

from __future__ import annotations

import sqlite_utils

from ..statistics_sql import PLAYER_DEALS_SQL, PLAYER_STATISTICS_SQL
from .v18_events_of_n import GAME_SCORES_SQL as _V18_GAME_SCORES_SQL
from .widen_checks import widen_checks

__all__ = ["_v19_one_set", "OLD_NAME_VIEWS", "FOUR_SEAT_SCORES_SQL", "GAME_SCORES_SQL"]


def _over_the_one_set(sql: str) -> str:
    """Migration 18's per-seat game scores of the sittings at tables of n, read from the one
    set: ``games`` and ``deals`` for the old tables, and the records at tables of n only, since
    ``game_scores`` holds the four-handed seats too."""
    for old, new in (("JOIN game_scores gs ON gs.record_id = records.id",
                      "JOIN game_scores gs ON gs.record_id = records.id AND records.seats != 4"),
                     ("JOIN table_games tg", "JOIN games tg"),
                     ("FROM table_deals d", "FROM deals d")):
        if sql.count(old) != 1:
            raise RuntimeError(f"migration 18's game scores changed: {old!r}")
        sql = sql.replace(old, new)
    return sql


GAME_SCORES_SQL = _over_the_one_set(_V18_GAME_SCORES_SQL)
"""The ``tournament_game_scores`` view (migration 18's, with its ``{where}``) over the one set."""


def _nullable(*columns: str) -> list[tuple[str, str]]:
    """The (old, new) fragments that drop NOT NULL from pairs ``x_ns``/``x_ew`` as v1 wrote them."""
    return [(f"{c}_ns INTEGER NOT NULL, {c}_ew INTEGER NOT NULL", f"{c}_ns INTEGER, {c}_ew INTEGER")
            for c in columns]


_LOOSER = {
    "games": [("rubber_id INTEGER NOT NULL REFERENCES rubbers(id)",
               "rubber_id INTEGER REFERENCES rubbers(id)"),
              ("winner TEXT CHECK (winner IN ('NS', 'EW'))",
               "winner TEXT CHECK (winner IN ('NS', 'EW', '0', '1', '2', '3', '4'))"),
              *_nullable("start", "score", "carried", "rubber_points")],
    "deals": [("redeal INTEGER NOT NULL", "redeal INTEGER"),
              *_nullable("tricks", "hand_points", "penalty", "points", "score")],
    "findings": _nullable("points"),
}

_NEW_COLUMNS = (("deals", "called TEXT"), ("deals", "partner TEXT"),
                ("deals", "partner_known INTEGER"), ("deals", "maker_tricks INTEGER"),
                ("deals", "void TEXT"), ("deals", "unfinished INTEGER"),
                ("findings", "points TEXT"))

_FOUR_SEATS = ("(SELECT 'N' AS seat, 'NS' AS side UNION ALL SELECT 'E', 'EW' "
               "UNION ALL SELECT 'S', 'NS' UNION ALL SELECT 'W', 'EW')")

FOUR_SEAT_SCORES_SQL = {
    "game_scores": f"""
    INSERT INTO game_scores (record_id, game, seat, start, score)
    SELECT g.record_id, g.number, s.seat,
           CASE s.side WHEN 'NS' THEN g.start_ns ELSE g.start_ew END,
           CASE s.side WHEN 'NS' THEN g.score_ns ELSE g.score_ew END
    FROM games g JOIN records r ON r.id = g.record_id AND r.seats = 4 JOIN {_FOUR_SEATS} s""",
    "deal_scores": f"""
    INSERT INTO deal_scores (record_id, deal, seat, role, hand_points, penalty, points, score)
    SELECT d.record_id, d.number, s.seat,
           CASE WHEN d.maker IS NULL THEN NULL WHEN d.maker = s.seat THEN 'maker'
                WHEN d.maker_side = s.side THEN 'partner' ELSE 'defender' END,
           CASE s.side WHEN 'NS' THEN d.hand_points_ns ELSE d.hand_points_ew END,
           CASE s.side WHEN 'NS' THEN d.penalty_ns ELSE d.penalty_ew END,
           CASE s.side WHEN 'NS' THEN d.points_ns ELSE d.points_ew END,
           CASE s.side WHEN 'NS' THEN d.score_ns ELSE d.score_ew END
    FROM deals d JOIN records r ON r.id = d.record_id AND r.seats = 4 JOIN {_FOUR_SEATS} s""",
}
"""The per-seat rows of the stored four-handed records, from their ``games`` and ``deals`` rows
(the rule of rows.py's ``_four_seat_rows``, which writes them for new records)."""

_MOVES = (
    """INSERT INTO games (record_id, rubber_id, number, first_deal, last_deal, winner, finished)
    SELECT record_id, NULL, number, first_deal, last_deal, winner, finished FROM table_games
    ORDER BY record_id, number""",
    """INSERT INTO deals (record_id, game_id, number, kind, dealer, trump, maker, alone,
        thrown_in, euchred, marched, called, partner, partner_known, maker_tricks, void,
        unfinished)
    SELECT td.record_id, g.id, td.number, td.kind, td.dealer, td.trump, td.maker, td.alone,
           td.thrown_in, td.euchred, td.marched, td.called, td.partner, td.partner_known,
           td.maker_tricks, td.void, td.unfinished
    FROM table_deals td LEFT JOIN games g ON g.record_id = td.record_id AND g.number = td.game
    ORDER BY td.record_id, td.number""",
    """INSERT INTO findings (record_id, deal_id, deal, trick, seat, card, kind, rule, message,
        points)
    SELECT tf.record_id, d.id, tf.deal, tf.trick, tf.seat, tf.card, tf.kind, tf.rule,
           tf.message, tf.points
    FROM table_findings tf LEFT JOIN deals d ON d.record_id = tf.record_id AND d.number = tf.deal
    ORDER BY tf.id""",
)

OLD_NAME_VIEWS = {
    "table_games": """
    SELECT g.record_id, g.number, g.first_deal, g.last_deal, g.winner, g.finished
    FROM games g JOIN records r ON r.id = g.record_id AND r.seats != 4""",
    "table_deals": """
    SELECT d.record_id, d.number, g.number AS game, d.kind, d.dealer, d.trump, d.maker, d.alone,
           d.called, d.partner, d.partner_known, d.maker_tricks, d.thrown_in, d.void, d.euchred,
           d.marched, d.unfinished
    FROM deals d JOIN records r ON r.id = d.record_id AND r.seats != 4
    LEFT JOIN games g ON g.id = d.game_id""",
    "table_findings": """
    SELECT row_number() OVER (ORDER BY f.id) AS id, f.record_id, f.deal, f.trick, f.seat,
           f.card, f.kind, f.rule, f.message, f.points
    FROM findings f JOIN records r ON r.id = f.record_id AND r.seats != 4""",
}
"""The tables of migration 17 that migration 19 folded into the one set, as views with their
old columns, for one release (docs/STORE.md). ``table_findings.id`` was 1, 2, ... in the order
found (append-only, never a gap); the view numbers the findings of tables of n in that order."""


def _v19_one_set(db: sqlite_utils.Database) -> None:
    """Version 19: one set of rows for every table size (see the module docstring)."""
    widen_checks(db, _LOOSER, "constraint")
    for table, column in _NEW_COLUMNS:
        db.execute(f"ALTER TABLE {table} ADD COLUMN {column}")
    for sql in FOUR_SEAT_SCORES_SQL.values():   # before the tables of n join the one set
        db.execute(sql)
    for sql in _MOVES:
        db.execute(sql)
    for table in OLD_NAME_VIEWS:
        db.execute(f"DROP TABLE {table}")
    for name, sql in OLD_NAME_VIEWS.items():
        db.create_view(name, sql)
    for name, sql in (("player_statistics", PLAYER_STATISTICS_SQL.format(where="")),
                      ("player_deals", PLAYER_DEALS_SQL),
                      ("tournament_game_scores", GAME_SCORES_SQL.format(where=""))):
        db.execute(f"DROP VIEW {name}")
        db.create_view(name, sql)
