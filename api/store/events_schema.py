"""Migration 5: tournaments (events), their rounds, seatings and sittings, and the player registry;
the SQL of the standings and partnership views, shared with the readers in events.py/players.py.

Contract:
- Every table here is append-only (triggers refuse UPDATE and DELETE): a director's change is a
  new row. The current seating of a round is its highest ``version``; the current sitting at a
  (round, table) is the latest attachment; the record a sitting counts is the *current* version
  of the attached record's correction chain (so a correction replaces it in the standings).
- A registry player's effective id follows the merges not undone by a split (view
  ``registry_effective``); every seat of every record is bound to a registry player
  (``seat_bindings``), by the record's player ``id`` when given, else by the name key
  (euchre_records.names.name_key). Seats stored before this migration are bound by it.
"""

from __future__ import annotations

import sqlite_utils

__all__ = ["v5_events", "SEAT_SCORES_SQL", "EFFECTIVE_SQL", "PARTNERSHIPS_SQL"]

EFFECTIVE_SQL = """
    WITH RECURSIVE active(from_id, into_id) AS (
        SELECT m.player_id, m.other_id FROM registry_changes m
        WHERE m.kind = 'merge'
          AND NOT EXISTS (SELECT 1 FROM registry_changes s WHERE s.kind = 'split' AND s.undoes = m.id)
    ), walk(player_id, at, depth) AS (
        SELECT id, id, 0 FROM registry_players
        UNION ALL
        SELECT walk.player_id, active.into_id, walk.depth + 1
        FROM walk JOIN active ON active.from_id = walk.at WHERE walk.depth < 64
    )
    SELECT player_id, at AS effective_id FROM walk
    WHERE NOT EXISTS (SELECT 1 FROM active WHERE active.from_id = walk.at)
"""
"""Each registry player and the player it counts as (itself unless merged into another)."""

SEAT_SCORES_SQL = """
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
           latest.record_id AS attached_id, records.id AS record_id, seats.seat, seats.side,
           registry_effective.effective_id AS player_id,
           (SELECT coalesce(sum(CASE seats.side WHEN 'NS' THEN d.points_ns ELSE d.points_ew END), 0)
              FROM deals d WHERE d.record_id = records.id) AS points_for,
           (SELECT coalesce(sum(CASE seats.side WHEN 'NS' THEN d.points_ew ELSE d.points_ns END), 0)
              FROM deals d WHERE d.record_id = records.id) AS points_against,
           (SELECT count(*) FROM deals d WHERE d.record_id = records.id
              AND NOT (d.maker IS NULL AND d.thrown_in = 0 AND d.redeal = 0)) AS deals,
           (SELECT count(*) FROM games g WHERE g.record_id = records.id AND g.winner = seats.side)
              AS games_won,
           CASE WHEN rubbers.system = 'none'
                THEN rubbers.finished AND CASE seats.side WHEN 'NS' THEN rubbers.games_ns > rubbers.games_ew
                                          ELSE rubbers.games_ew > rubbers.games_ns END
                WHEN rubbers.winner = seats.side THEN 1 ELSE 0 END AS won,
           CASE seats.side WHEN 'NS' THEN rubbers.rubber_points_ns - rubbers.rubber_points_ew
                ELSE rubbers.rubber_points_ew - rubbers.rubber_points_ns END AS net_rubber_points,
           (SELECT count(*) FROM deals d WHERE d.record_id = records.id AND d.maker = seats.seat
              AND d.alone = 1 AND d.thrown_in = 0 AND d.redeal = 0 AND d.euchred = 0)
              AS lone_hands_made
    FROM latest JOIN chain ON chain.sitting_id = latest.id
    JOIN records ON records.id = chain.record_id AND records.status = 'current'
    JOIN rubbers ON rubbers.record_id = records.id
    LEFT JOIN seats ON seats.record_id = records.id
    LEFT JOIN seat_bindings ON seat_bindings.record_id = seats.record_id
                           AND seat_bindings.seat = seats.seat
    LEFT JOIN registry_effective ON registry_effective.player_id = seat_bindings.player_id
"""
"""One row per seat of the counted record of every current sitting: the side's points for and
against, its deals (void ones, misdeals and new deals, are no deals: no maker, not thrown in),
games won, the sitting won (the rubber; for single games, once all are finished, more games
than the other side: a single game is no rubber, so ``rubbers.winner`` is NULL for them), net rubber points and lone hands made by the seat's player.
A record without players gives one row with ``seat`` NULL (so the sitting still shows, and
is found to lack its players). ``{where}`` narrows the sittings (``AND ts.tournament_id = ?``)."""

PARTNERSHIPS_SQL = """
    SELECT a.player_id, b.player_id AS partner_id, count(*) AS sittings,
           sum(a.won) AS won, sum(a.points_for) AS points_for,
           sum(a.points_against) AS points_against, a.tournament_id
    FROM tournament_seat_scores a JOIN tournament_seat_scores b
      ON b.sitting_id = a.sitting_id AND b.side = a.side AND b.seat != a.seat
    GROUP BY a.tournament_id, a.player_id, b.player_id
"""


def v5_events(db: sqlite_utils.Database) -> None:
    """Version 5: the player registry, tournaments, seatings, sittings and their views."""
    db.execute("""
    CREATE TABLE registry_players (
        id INTEGER PRIMARY KEY,              -- the stable player id
        display_name TEXT NOT NULL,          -- as first registered (renames: registry_names)
        created_at TEXT NOT NULL, created_by TEXT
    )""")
    db.execute("""
    CREATE TABLE registry_names (
        id INTEGER PRIMARY KEY,
        player_id INTEGER NOT NULL REFERENCES registry_players(id),
        name TEXT NOT NULL,                  -- as written (NFC, spaces collapsed)
        key TEXT NOT NULL,                   -- name_key(name): NFC + casefold
        kind TEXT NOT NULL CHECK (kind IN ('display', 'alias')),
        created_at TEXT NOT NULL, created_by TEXT
    )""")
    db.execute("""
    CREATE TABLE registry_refs (
        id INTEGER PRIMARY KEY,
        player_id INTEGER NOT NULL REFERENCES registry_players(id),
        source TEXT NOT NULL,                -- 'notation' (a record's player id) or an EMN source
        ref TEXT NOT NULL,
        created_at TEXT NOT NULL,
        UNIQUE (source, ref)
    )""")
    db.execute("""
    CREATE TABLE registry_changes (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('merge', 'split')),
        player_id INTEGER NOT NULL REFERENCES registry_players(id),  -- merge: the one merged away
        other_id INTEGER NOT NULL REFERENCES registry_players(id),   -- merge: the one kept
        undoes INTEGER REFERENCES registry_changes(id),              -- split: the merge undone
        note TEXT,
        created_at TEXT NOT NULL, created_by TEXT
    )""")
    db.execute("""
    CREATE TABLE seat_bindings (
        record_id INTEGER NOT NULL REFERENCES records(id),
        seat TEXT NOT NULL CHECK (seat IN ('N', 'E', 'S', 'W')),
        player_id INTEGER NOT NULL REFERENCES registry_players(id),
        how TEXT NOT NULL CHECK (how IN ('id', 'name')),
        PRIMARY KEY (record_id, seat)
    )""")
    db.execute("""
    CREATE TABLE tournaments (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        club TEXT, club_id INTEGER,          -- club_id: the writing token's club, when known
        date_from TEXT, date_to TEXT,
        format TEXT NOT NULL CHECK (format IN ('rubbers', 'progressive', 'pairs', 'league')),
        pairing TEXT CHECK (pairing IN ('ROUND_ROBIN', 'SWISS')),
        scoring TEXT CHECK (scoring IN ('rubbers', 'progressive', 'pairs')),  -- leagues
        rounds INTEGER, deals_per_round INTEGER,
        league_id INTEGER REFERENCES tournaments(id),   -- the season this night belongs to
        match_id TEXT, description TEXT, emn_format TEXT, emn_target INTEGER,
        created_at TEXT NOT NULL, created_by TEXT
    )""")
    db.execute("""
    CREATE TABLE tournament_players (
        id INTEGER PRIMARY KEY,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        player_id INTEGER NOT NULL REFERENCES registry_players(id),
        pair INTEGER,                        -- pairs format: the pair number
        created_at TEXT NOT NULL,
        UNIQUE (tournament_id, player_id)
    )""")
    db.execute("""
    CREATE TABLE tournament_seatings (
        id INTEGER PRIMARY KEY,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        round INTEGER NOT NULL, "table" TEXT NOT NULL,
        version INTEGER NOT NULL,            -- the round's current seating is its highest version
        seat TEXT NOT NULL CHECK (seat IN ('N', 'E', 'S', 'W')),
        player_id INTEGER NOT NULL REFERENCES registry_players(id),
        created_at TEXT NOT NULL, created_by TEXT,
        UNIQUE (tournament_id, round, version, "table", seat)
    )""")
    db.execute("""
    CREATE TABLE tournament_sittings (
        id INTEGER PRIMARY KEY,
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        round INTEGER NOT NULL, "table" TEXT NOT NULL,
        record_id INTEGER NOT NULL REFERENCES records(id),   -- as attached; corrections follow
        game_index INTEGER,                  -- EMN gameIndex, when read from a match file
        created_at TEXT NOT NULL, created_by TEXT
    )""")
    for table, columns in (
        ("registry_names", ["key"]), ("registry_names", ["player_id"]),
        ("registry_refs", ["player_id"]), ("registry_changes", ["player_id"]),
        ("seat_bindings", ["player_id"]), ("tournaments", ["league_id"]),
        ("tournament_players", ["player_id"]), ("tournament_seatings", ["tournament_id", "round"]),
        ("tournament_sittings", ["tournament_id", "round", "table"]),
        ("tournament_sittings", ["record_id"]),
    ):
        db.table(table).create_index(columns)
    for table in ("registry_players", "registry_names", "registry_refs", "registry_changes",
                  "seat_bindings", "tournaments", "tournament_players", "tournament_seatings",
                  "tournament_sittings"):
        for event in ("UPDATE", "DELETE"):
            db.execute(f"""
            CREATE TRIGGER {table}_no_{event.lower()} BEFORE {event} ON {table}
            BEGIN SELECT RAISE(ABORT, 'tournament and registry rows are never changed; add a new one'); END""")
    db.create_view("registry_effective", EFFECTIVE_SQL)
    db.create_view("tournament_seat_scores", SEAT_SCORES_SQL.format(where=""))
    db.create_view("tournament_standings", """
    SELECT s.tournament_id, s.player_id, registry_players.display_name AS name,
           count(*) AS sittings, sum(s.points_for) AS points, sum(s.points_against) AS points_against,
           sum(s.points_for) - sum(s.points_against) AS difference, sum(s.won) AS wins,
           sum(s.points_for > s.points_against) AS rounds_won,
           sum(s.net_rubber_points) AS net_rubber_points, sum(s.games_won) AS games_won,
           sum(s.lone_hands_made) AS lone_hands_made
    FROM tournament_seat_scores s LEFT JOIN registry_players ON registry_players.id = s.player_id
    GROUP BY s.tournament_id, s.player_id""")
    db.create_view("tournament_partnerships", PARTNERSHIPS_SQL)
    from .players import bind_existing
    bind_existing(db.conn)
