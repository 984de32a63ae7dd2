"""Inserting the per-seat rows of records at tables of two, three and five (migration 17):
the writer's side of api/store/table_rows.py, without the engine's model (as row_tuples.py is
for four hands).

Contract: :func:`insert_table_rows` inserts, in the caller's transaction, the
:class:`TableRows` of records whose ``records`` rows already exist (one executemany a table).
"""

from __future__ import annotations

import sqlite3
from typing import Any, Sequence

from .row_tuples import TableRows

__all__ = ["insert_table_rows"]


def insert_table_rows(conn: sqlite3.Connection, items: Sequence[tuple[int, TableRows]]) -> None:
    """Insert the rows of each (record id, TableRows)."""
    def rows(name: str) -> list[tuple[Any, ...]]:
        return [(record_id,) + row for record_id, t in items for row in getattr(t, name)]

    conn.executemany("INSERT INTO table_games (record_id, number, first_deal, last_deal, winner, "
                     "finished) VALUES (?,?,?,?,?,?)", rows("games"))
    conn.executemany("INSERT INTO game_scores (record_id, game, seat, start, score) "
                     "VALUES (?,?,?,?,?)", rows("game_scores"))
    conn.executemany("INSERT INTO table_deals (record_id, number, game, kind, dealer, trump, "
                     "maker, alone, called, partner, partner_known, maker_tricks, thrown_in, "
                     "void, euchred, marched, unfinished) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
                     rows("deals"))
    conn.executemany("INSERT INTO deal_scores (record_id, deal, seat, role, hand_points, penalty, "
                     "points, score) VALUES (?,?,?,?,?,?,?,?)", rows("deal_scores"))
    conn.executemany("INSERT INTO table_findings (record_id, deal, trick, seat, card, kind, rule, "
                     "message, points) VALUES (?,?,?,?,?,?,?,?,?)", rows("findings"))
