"""Migrations 1-4 (released): the record tables, their guards, the views, clubs and tokens.
Their SQL is as released: never edit it (api/store/migrations/__init__.py)."""

from __future__ import annotations

import sqlite_utils

from ..statistics_sql import PLAYER_STATISTICS_SQL

__all__ = ["_v1_tables", "_v2_guards", "_v3_views", "_v4_trust", "_widen_status_check"]


def _v1_tables(db: sqlite_utils.Database) -> None:
    """Version 1: records, players, seats, rubbers, games, deals, findings."""
    db.execute("""
    CREATE TABLE records (
        id INTEGER PRIMARY KEY,
        hash TEXT NOT NULL UNIQUE,           -- sha256 hex of the canonical text
        canonical TEXT NOT NULL,             -- the record as canonical JSON text
        result TEXT NOT NULL,                -- the replay result as JSON text
        format_version TEXT NOT NULL,
        rules TEXT NOT NULL,                 -- rule-set preset name
        club TEXT, event TEXT, date TEXT, "table" TEXT, round TEXT,
        deals INTEGER NOT NULL,
        findings INTEGER NOT NULL,
        submitted_at TEXT NOT NULL,          -- UTC, ISO 8601
        submitted_by TEXT,
        supersedes INTEGER REFERENCES records(id),
        status TEXT NOT NULL DEFAULT 'current' CHECK (status IN ('current', 'superseded'))
    )""")
    db.execute("""
    CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE
    )""")
    db.execute("""
    CREATE TABLE seats (
        record_id INTEGER NOT NULL REFERENCES records(id),
        seat TEXT NOT NULL CHECK (seat IN ('N', 'E', 'S', 'W')),
        side TEXT NOT NULL CHECK (side IN ('NS', 'EW')),
        player_id INTEGER NOT NULL REFERENCES players(id),
        player_ref TEXT,                     -- the record's own id for the player, if any
        PRIMARY KEY (record_id, seat)
    )""")
    db.execute("""
    CREATE TABLE rubbers (
        id INTEGER PRIMARY KEY,
        record_id INTEGER NOT NULL UNIQUE REFERENCES records(id),
        system TEXT NOT NULL,                -- somerset, whist or none (single games)
        games INTEGER NOT NULL,
        games_ns INTEGER NOT NULL, games_ew INTEGER NOT NULL,
        rubber_points_ns INTEGER NOT NULL, rubber_points_ew INTEGER NOT NULL,
        net INTEGER NOT NULL,
        winner TEXT CHECK (winner IN ('NS', 'EW')),
        finished INTEGER NOT NULL
    )""")
    db.execute("""
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        record_id INTEGER NOT NULL REFERENCES records(id),
        rubber_id INTEGER NOT NULL REFERENCES rubbers(id),
        number INTEGER NOT NULL,
        first_deal INTEGER NOT NULL, last_deal INTEGER NOT NULL,
        start_ns INTEGER NOT NULL, start_ew INTEGER NOT NULL,
        score_ns INTEGER NOT NULL, score_ew INTEGER NOT NULL,
        winner TEXT CHECK (winner IN ('NS', 'EW')),
        finished INTEGER NOT NULL,
        carried_ns INTEGER NOT NULL, carried_ew INTEGER NOT NULL,
        rubber_points_ns INTEGER NOT NULL, rubber_points_ew INTEGER NOT NULL,
        UNIQUE (record_id, number)
    )""")
    db.execute("""
    CREATE TABLE deals (
        id INTEGER PRIMARY KEY,
        record_id INTEGER NOT NULL REFERENCES records(id),
        game_id INTEGER REFERENCES games(id),
        number INTEGER NOT NULL,             -- 1-based within the record
        kind TEXT NOT NULL,                  -- full, plays or result
        dealer TEXT NOT NULL,
        turned TEXT,                         -- card token, e.g. 'JD'
        trump TEXT,                          -- suit letter S H D C
        maker TEXT,                          -- seat, NULL when thrown in
        maker_side TEXT,
        alone INTEGER NOT NULL,
        defender_alone TEXT,
        thrown_in INTEGER NOT NULL,
        redeal INTEGER NOT NULL,
        euchred INTEGER NOT NULL,            -- the makers took fewer than 3 tricks
        marched INTEGER NOT NULL,            -- the makers took all 5 tricks
        tricks_ns INTEGER NOT NULL, tricks_ew INTEGER NOT NULL,
        hand_points_ns INTEGER NOT NULL, hand_points_ew INTEGER NOT NULL,
        penalty_ns INTEGER NOT NULL, penalty_ew INTEGER NOT NULL,
        points_ns INTEGER NOT NULL, points_ew INTEGER NOT NULL,
        score_ns INTEGER NOT NULL, score_ew INTEGER NOT NULL,  -- running game score after the deal
        UNIQUE (record_id, number)
    )""")
    db.execute("""
    CREATE TABLE findings (
        id INTEGER PRIMARY KEY,
        record_id INTEGER NOT NULL REFERENCES records(id),
        deal_id INTEGER REFERENCES deals(id),
        deal INTEGER, trick INTEGER, seat TEXT, card TEXT,
        kind TEXT NOT NULL, status TEXT, rule TEXT NOT NULL, message TEXT NOT NULL,
        points_ns INTEGER NOT NULL, points_ew INTEGER NOT NULL
    )""")
    for table, columns in (
        ("records", ["club"]), ("records", ["date"]), ("records", ["supersedes"]),
        ("records", ["status", "date"]), ("seats", ["player_id"]), ("games", ["rubber_id"]),
        ("deals", ["game_id"]), ("deals", ["record_id", "maker"]), ("findings", ["record_id"]),
        ("findings", ["deal_id"]),
    ):
        db.table(table).create_index(columns)


def _v2_guards(db: sqlite_utils.Database) -> None:
    """Version 2: nothing a scorer submitted may be deleted or changed, enforced by triggers.

    The only permitted update is a record's status 'current' -> 'superseded', once a record
    that supersedes it exists; the rows derived from a record are never updated or deleted."""
    db.execute("""
    CREATE TRIGGER records_no_delete BEFORE DELETE ON records
    BEGIN SELECT RAISE(ABORT, 'records are never deleted'); END""")
    db.execute("""
    CREATE TRIGGER records_no_change BEFORE UPDATE ON records
    WHEN NEW.id IS NOT OLD.id OR NEW.hash IS NOT OLD.hash OR NEW.canonical IS NOT OLD.canonical
      OR NEW.result IS NOT OLD.result OR NEW.format_version IS NOT OLD.format_version
      OR NEW.rules IS NOT OLD.rules OR NEW.club IS NOT OLD.club OR NEW.event IS NOT OLD.event
      OR NEW.date IS NOT OLD.date OR NEW."table" IS NOT OLD."table" OR NEW.round IS NOT OLD.round
      OR NEW.deals IS NOT OLD.deals OR NEW.findings IS NOT OLD.findings
      OR NEW.submitted_at IS NOT OLD.submitted_at OR NEW.submitted_by IS NOT OLD.submitted_by
      OR NEW.supersedes IS NOT OLD.supersedes
      OR NOT (NEW.status = OLD.status OR (OLD.status = 'current' AND NEW.status = 'superseded'
              AND EXISTS (SELECT 1 FROM records r WHERE r.supersedes = OLD.id)))
    BEGIN SELECT RAISE(ABORT, 'a stored record is never changed; submit a new version'); END""")
    for table in ("seats", "rubbers", "games", "deals", "findings"):
        for event in ("UPDATE", "DELETE"):
            db.execute(f"""
            CREATE TRIGGER {table}_no_{event.lower()} BEFORE {event} ON {table}
            BEGIN SELECT RAISE(ABORT, 'the rows of a stored record are never changed'); END""")


def _v3_views(db: sqlite_utils.Database) -> None:
    """Version 3: record versions and the Datasette views (current records only)."""
    db.create_view("record_versions", """
    WITH RECURSIVE chain(id, root, version) AS (
        SELECT id, id, 1 FROM records WHERE supersedes IS NULL
        UNION ALL
        SELECT r.id, c.root, c.version + 1 FROM records r JOIN chain c ON r.supersedes = c.id
    )
    SELECT chain.root AS first_id, chain.version, records.id AS record_id, records.status,
           records.submitted_at, records.submitted_by, records.supersedes, records.hash
    FROM chain JOIN records ON records.id = chain.id""")
    db.create_view("rubber_standings", """
    SELECT rubbers.id AS rubber_id, records.id AS record_id, records.club, records.event,
           records.date, records."table", records.rules, rubbers.system, rubbers.games,
           (SELECT group_concat(p.name, ' & ') FROM seats s JOIN players p ON p.id = s.player_id
             WHERE s.record_id = records.id AND s.side = 'NS') AS ns_players,
           (SELECT group_concat(p.name, ' & ') FROM seats s JOIN players p ON p.id = s.player_id
             WHERE s.record_id = records.id AND s.side = 'EW') AS ew_players,
           rubbers.games_ns, rubbers.games_ew, rubbers.rubber_points_ns, rubbers.rubber_points_ew,
           rubbers.net, rubbers.winner, rubbers.finished
    FROM rubbers JOIN records ON records.id = rubbers.record_id
    WHERE records.status = 'current'""")
    db.create_view("player_deals", """
    SELECT players.id AS player_id, players.name, seats.seat, seats.side, deals.*
    FROM players JOIN seats ON seats.player_id = players.id
    JOIN records ON records.id = seats.record_id AND records.status = 'current'
    JOIN deals ON deals.record_id = seats.record_id""")
    db.create_view("player_statistics", PLAYER_STATISTICS_SQL.format(where=""))


def _v4_trust(db: sqlite_utils.Database) -> None:
    """Version 4: clubs, their tokens (only a hash of each secret), who wrote each record
    version, and the status ``withdrawn`` (docs/AUTH.md, docs/STORE.md).

    ``records.club_id`` is the club a record belongs to (the first version's writer; corrections
    keep it), ``records.token_id`` the token that wrote this version (both NULL for local
    commands). Clubs and tokens are never deleted; a token's secret hash, club and admin flag
    never change; ``revoked_at`` is set once. The guard of v2 is replaced by one that also covers
    the new columns and lets a withdrawn version be superseded by a correction."""
    db.execute("""
    CREATE TABLE clubs (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL             -- UTC, ISO 8601
    )""")
    db.execute("""
    CREATE TABLE tokens (
        id INTEGER PRIMARY KEY,
        club_id INTEGER NOT NULL REFERENCES clubs(id),
        hash TEXT NOT NULL UNIQUE,           -- sha256 hex of the whole token text
        label TEXT,
        admin INTEGER NOT NULL DEFAULT 0 CHECK (admin IN (0, 1)),
        created_at TEXT NOT NULL,
        last_used_at TEXT,
        revoked_at TEXT
    )""")
    db.execute("""
    CREATE TABLE settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    )""")
    db.execute("ALTER TABLE records ADD COLUMN club_id INTEGER REFERENCES clubs(id)")
    db.execute("ALTER TABLE records ADD COLUMN token_id INTEGER REFERENCES tokens(id)")
    db.table("records").create_index(["club_id"])
    db.table("tokens").create_index(["club_id"])
    for table in ("clubs", "tokens"):
        db.execute(f"""
        CREATE TRIGGER {table}_no_delete BEFORE DELETE ON {table}
        BEGIN SELECT RAISE(ABORT, '{table} are never deleted; revoke a token instead'); END""")
    db.execute("""
    CREATE TRIGGER clubs_no_change BEFORE UPDATE ON clubs
    WHEN NEW.id IS NOT OLD.id OR NEW.name IS NOT OLD.name OR NEW.created_at IS NOT OLD.created_at
    BEGIN SELECT RAISE(ABORT, 'a club is never renamed'); END""")
    db.execute("""
    CREATE TRIGGER tokens_no_change BEFORE UPDATE ON tokens
    WHEN NEW.id IS NOT OLD.id OR NEW.club_id IS NOT OLD.club_id OR NEW.hash IS NOT OLD.hash
      OR NEW.label IS NOT OLD.label OR NEW.admin IS NOT OLD.admin
      OR NEW.created_at IS NOT OLD.created_at
      OR (OLD.revoked_at IS NOT NULL AND NEW.revoked_at IS NOT OLD.revoked_at)
    BEGIN SELECT RAISE(ABORT, 'a token only records its last use and its revocation'); END""")
    db.execute("DROP TRIGGER records_no_change")
    db.execute("""
    CREATE TRIGGER records_no_change BEFORE UPDATE ON records
    WHEN NEW.id IS NOT OLD.id OR NEW.hash IS NOT OLD.hash OR NEW.canonical IS NOT OLD.canonical
      OR NEW.result IS NOT OLD.result OR NEW.format_version IS NOT OLD.format_version
      OR NEW.rules IS NOT OLD.rules OR NEW.club IS NOT OLD.club OR NEW.event IS NOT OLD.event
      OR NEW.date IS NOT OLD.date OR NEW."table" IS NOT OLD."table" OR NEW.round IS NOT OLD.round
      OR NEW.deals IS NOT OLD.deals OR NEW.findings IS NOT OLD.findings
      OR NEW.submitted_at IS NOT OLD.submitted_at OR NEW.submitted_by IS NOT OLD.submitted_by
      OR NEW.supersedes IS NOT OLD.supersedes
      OR NEW.club_id IS NOT OLD.club_id OR NEW.token_id IS NOT OLD.token_id
      OR NOT (NEW.status = OLD.status
              OR (OLD.status IN ('current', 'withdrawn') AND NEW.status = 'superseded'
                  AND EXISTS (SELECT 1 FROM records r WHERE r.supersedes = OLD.id)))
    BEGIN SELECT RAISE(ABORT, 'a stored record is never changed; submit a new version'); END""")
    _widen_status_check(db)


def _widen_status_check(db: sqlite_utils.Database) -> None:
    """Let ``records.status`` take ``withdrawn`` as well.

    SQLite cannot alter a CHECK constraint, and rebuilding ``records`` would break the foreign
    keys of every table that points at it. A constraint that only admits more values can be
    edited in place in the schema table: the procedure of sqlite.org/lang_altertable.html
    ("Making Other Kinds Of Table Schema Changes"), inside this migration's transaction; every
    stored row already satisfies the wider constraint."""
    old = "CHECK (status IN ('current', 'superseded'))"
    new = "CHECK (status IN ('current', 'superseded', 'withdrawn'))"
    sql = db.execute("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'records'"
                     ).fetchone()[0]
    if sql.count(old) != 1:
        raise RuntimeError("records.status has an unexpected CHECK constraint; not migrating")
    version = int(db.execute("PRAGMA schema_version").fetchone()[0])
    db.execute("PRAGMA writable_schema = ON")
    try:
        db.execute("UPDATE sqlite_master SET sql = ? WHERE type = 'table' AND name = 'records'",
                   [sql.replace(old, new)])
        db.execute(f"PRAGMA schema_version = {version + 1}")
    finally:
        db.execute("PRAGMA writable_schema = OFF")
