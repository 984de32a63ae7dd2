"""The database schema as an ordered list of migrations, and opening a database.

Contract:
- ``PRAGMA user_version`` is the schema version: the number of migrations applied.
- :data:`MIGRATIONS` is append-only. Migration *n* (1-based) turns a version *n-1* database into
  version *n*; released migrations are never edited, so a database made by any earlier version of
  this package opens and is brought up to date by :func:`migrate`.
- Every migration runs in one transaction together with the ``user_version`` bump.
- :func:`open_db` sets the per-connection pragmas (foreign keys, busy timeout); WAL is a property of
  the file, set once by :func:`migrate` outside any transaction.
- :func:`migrate` commits the migrations with ``synchronous = NORMAL`` (WAL only) and leaves the
  connection's setting as it found it (``FULL``, SQLite's default, for the records after them);
  see :func:`_unsynced_steps` for why that is safe.

The schema itself is described in docs/STORE.md.
"""

from __future__ import annotations

import sqlite3
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator

import sqlite_utils

from .append_only import append_only
from .calls_schema import v9_calls
from .events_schema import SEAT_SCORES_SQL, v5_events
from .statistics_sql import PLAYER_STATISTICS_SQL

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "open_db", "migrate", "schema_version", "open_store",
           "StoreUnavailable"]

BUSY_TIMEOUT_MS = 5000


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


def _v6_drafts(db: sqlite_utils.Database) -> None:
    """Version 6: the web pages' drafts (sittings being entered), every revision kept.

    A draft belongs to the club whose token started it; ``supersedes`` is the stored record a
    correction draft will replace; ``record_id`` is the record a finished draft became. Its data
    (a record in the notation, perhaps not finished) is in ``draft_revisions``, one row per save,
    never updated or deleted: the current data is the highest revision."""
    db.execute("""
    CREATE TABLE drafts (
        id INTEGER PRIMARY KEY,
        club_id INTEGER NOT NULL,            -- the club of the token that started it
        token_id INTEGER,
        created_at TEXT NOT NULL, updated_at TEXT NOT NULL,   -- UTC, ISO 8601
        revision INTEGER NOT NULL DEFAULT 1,
        status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'finished', 'abandoned')),
        supersedes INTEGER REFERENCES records(id),
        record_id INTEGER REFERENCES records(id)
    )""")
    db.execute("""
    CREATE TABLE draft_revisions (
        draft_id INTEGER NOT NULL REFERENCES drafts(id),
        revision INTEGER NOT NULL,
        saved_at TEXT NOT NULL,
        data TEXT NOT NULL,                  -- the draft record as JSON text
        PRIMARY KEY (draft_id, revision)
    )""")
    db.table("drafts").create_index(["club_id", "status"])
    db.execute("""
    CREATE TRIGGER drafts_no_delete BEFORE DELETE ON drafts
    BEGIN SELECT RAISE(ABORT, 'drafts are never deleted'); END""")
    for event in ("UPDATE", "DELETE"):
        db.execute(f"""
        CREATE TRIGGER draft_revisions_no_{event.lower()} BEFORE {event} ON draft_revisions
        BEGIN SELECT RAISE(ABORT, 'a draft revision is never changed'); END""")


def _v7_input_hashes(db: sqlite_utils.Database) -> None:
    """Version 7: the SHA-256 of each imported text as it was read (before parsing), so a re-run
    of an import recognises what is stored without parsing or replaying it again."""
    db.execute("""
    CREATE TABLE input_hashes (
        hash TEXT PRIMARY KEY,               -- sha256 hex of the input text (UTF-8, stripped)
        record_id INTEGER NOT NULL REFERENCES records(id)
    ) WITHOUT ROWID""")


def _v8_single_games_are_no_rubber(db: sqlite_utils.Database) -> None:
    """Version 8: "rubbers won" means one thing everywhere. A record of single games (rubber
    system ``none``) has no rubber, so no rubber winner: ``rubbers.winner`` becomes NULL for
    them, as the player statistics already counted (their games keep their winners, and
    ``games_ns``/``games_ew`` the games won). The one change ever made to stored derived rows,
    here under the guard lifted and put back in the same transaction; record texts and results
    are untouched. ``tournament_seat_scores`` is made again so that a sitting of single games
    is still won by the side that won more of them, once all are finished."""
    db.execute("DROP TRIGGER rubbers_no_update")
    db.execute("UPDATE rubbers SET winner = NULL WHERE system = 'none' AND winner IS NOT NULL")
    db.execute("""
    CREATE TRIGGER rubbers_no_update BEFORE UPDATE ON rubbers
    BEGIN SELECT RAISE(ABORT, 'the rows of a stored record are never changed'); END""")
    db.execute("DROP VIEW tournament_seat_scores")
    db.create_view("tournament_seat_scores", SEAT_SCORES_SQL.format(where=""))


def _v10_analysis_cache(db: sqlite_utils.Database) -> None:
    """Version 10: the double-dummy analyses computed on demand (docs/ANALYSIS.md), cached by the
    hash of the canonical text analysed and the analysis version, with each seat's accuracy as
    columns for the player pages. A cache: rows are only added (an analysis of a text never
    changes for one version), never updated."""
    db.execute("""
    CREATE TABLE analysis_cache (
        hash TEXT NOT NULL,                  -- records.hash of the canonical text analysed
        version INTEGER NOT NULL,            -- euchre_records.analysis.ANALYSIS_VERSION
        analysis TEXT NOT NULL,              -- the analysis as JSON text
        made_at TEXT NOT NULL,               -- UTC, ISO 8601
        PRIMARY KEY (hash, version)
    ) WITHOUT ROWID""")
    db.execute("""
    CREATE TABLE analysis_seats (
        hash TEXT NOT NULL,
        version INTEGER NOT NULL,
        seat TEXT NOT NULL CHECK (seat IN ('N', 'E', 'S', 'W')),
        deals INTEGER NOT NULL,              -- deals analysed in which the seat played
        plays INTEGER NOT NULL,              -- cards played in analysed deals
        costly INTEGER NOT NULL,             -- plays that cost at least one trick
        lost INTEGER NOT NULL,               -- tricks those plays cost
        PRIMARY KEY (hash, version, seat),
        FOREIGN KEY (hash, version) REFERENCES analysis_cache(hash, version)
    ) WITHOUT ROWID""")


def _v11_seating_draws(db: sqlite_utils.Database) -> None:
    """Version 11: the seed of each seating made by a draw (api/store/event_writes.draw_seating), beside the
    seating version it made, so the draw can be shown again and checked (docs/EVENTS.md).
    Append-only like the seatings."""
    db.execute("""
    CREATE TABLE tournament_draws (
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        round INTEGER NOT NULL,
        version INTEGER NOT NULL,            -- the seating version the draw made
        seed INTEGER NOT NULL,
        created_at TEXT NOT NULL,
        created_by TEXT,
        PRIMARY KEY (tournament_id, round, version)
    )""")
    append_only(db, "tournament_draws", "a draw is never changed")


def _v12_event_closures(db: sqlite_utils.Database) -> None:
    """Version 12: an event closed by its director (no more seatings, draws or sittings; the
    night's table links die with it): one row per closed event, never changed or removed."""
    db.execute("""
    CREATE TABLE tournament_closures (
        tournament_id INTEGER PRIMARY KEY REFERENCES tournaments(id),
        closed_at TEXT NOT NULL,             -- UTC, ISO 8601
        closed_by TEXT
    )""")
    append_only(db, "tournament_closures", "a closed event stays closed")


def _v13_sessions(db: sqlite_utils.Database) -> None:
    """Version 13: browser sessions kept by the server (api/store/sessions.py), so signing out
    or expiry ends a session even for a copy of its cookie. A row holds the SHA-256 of the
    session id the cookie carries (never the id itself), its token, and when it started, expires
    and ended; it is never deleted, and only ``ended_at`` may be set, once."""
    db.execute("""
    CREATE TABLE sessions (
        id INTEGER PRIMARY KEY,
        hash TEXT NOT NULL UNIQUE,           -- sha256 hex of the session id in the cookie
        token_id INTEGER NOT NULL REFERENCES tokens(id),
        created_at TEXT NOT NULL,            -- UTC, ISO 8601
        expires_at TEXT NOT NULL,
        ended_at TEXT                        -- signed out (or replaced by a new sign-in)
    )""")
    db.execute("""
    CREATE TRIGGER sessions_no_delete BEFORE DELETE ON sessions
    BEGIN SELECT RAISE(ABORT, 'sessions are never deleted; end one instead'); END""")
    db.execute("""
    CREATE TRIGGER sessions_no_change BEFORE UPDATE ON sessions
    WHEN NEW.id IS NOT OLD.id OR NEW.hash IS NOT OLD.hash OR NEW.token_id IS NOT OLD.token_id
      OR NEW.created_at IS NOT OLD.created_at OR NEW.expires_at IS NOT OLD.expires_at
      OR (OLD.ended_at IS NOT NULL AND NEW.ended_at IS NOT OLD.ended_at)
    BEGIN SELECT RAISE(ABORT, 'a session only records its end, once'); END""")


def _v14_secret_out_of_store(db: sqlite_utils.Database) -> None:
    """Version 14: the session-signing secret leaves the ``settings`` table, which any reader of
    the file sees (Datasette shows it). It now lives in its own file beside the store, mode 0600
    (api/auth/secret_file.py), or in ``$EUCHRE_SECRET``. A secret that sat in a readable table
    is taken as known: it is not carried over but dropped (with ``secure_delete``, so its bytes
    are overwritten, not left in a free page), and a new one is made in the file on the next
    start; browsers sign in again once. ``settings`` has no append-only trigger: this is the
    one row ever deleted from it; should a migration ordered before this one guard ``settings``
    with a trigger, that trigger is set aside for this one statement and put back as it was."""
    guards = db.execute("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND "
                        "tbl_name = 'settings'").fetchall()
    for name, _ in guards:
        db.execute(f'DROP TRIGGER "{name}"')
    db.execute("PRAGMA secure_delete = ON")
    db.execute("DELETE FROM settings WHERE key = 'session_secret'")
    for _, sql in guards:
        db.execute(sql)


def _v15_table_links(db: sqlite_utils.Database) -> None:
    """Version 15: a capability link for each table of a round (api/store/table_links.py,
    docs/AUTH.md). ``table_links`` holds the SHA-256 of the link's secret (never the secret),
    the sitting it may write (event, round, table and the draft of that sitting), who issued it
    and when it expires; revoking one adds a row to ``table_link_revocations``; a browser that
    opened a link gets a row in ``table_link_sessions`` (the SHA-256 of the session id its
    cookie carries). All three are append-only but for a session's ``ended_at``, set once."""
    db.execute("""
    CREATE TABLE table_links (
        id INTEGER PRIMARY KEY,
        hash TEXT NOT NULL UNIQUE,           -- sha256 hex of the link's secret text
        tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
        round INTEGER NOT NULL,
        "table" TEXT NOT NULL,
        draft_id INTEGER NOT NULL REFERENCES drafts(id),
        club_id INTEGER NOT NULL,            -- the club the sitting's record is stored for
        token_id INTEGER REFERENCES tokens(id),   -- the issuer's token (None: a local command)
        created_at TEXT NOT NULL,            -- UTC, ISO 8601
        expires_at TEXT NOT NULL,
        created_by TEXT
    )""")
    db.execute('CREATE INDEX table_links_place ON table_links (tournament_id, round, "table")')
    append_only(db, "table_links", "a table link is never changed; revoke it instead")
    db.execute("""
    CREATE TABLE table_link_revocations (
        link_id INTEGER PRIMARY KEY REFERENCES table_links(id),
        revoked_at TEXT NOT NULL,
        revoked_by TEXT
    )""")
    append_only(db, "table_link_revocations", "a revoked table link stays revoked")
    db.execute("""
    CREATE TABLE table_link_sessions (
        id INTEGER PRIMARY KEY,
        hash TEXT NOT NULL UNIQUE,           -- sha256 hex of the session id in the cookie
        link_id INTEGER NOT NULL REFERENCES table_links(id),
        created_at TEXT NOT NULL,
        expires_at TEXT NOT NULL,
        ended_at TEXT
    )""")
    db.execute("""
    CREATE TRIGGER table_link_sessions_no_delete BEFORE DELETE ON table_link_sessions
    BEGIN SELECT RAISE(ABORT, 'table link sessions are never deleted'); END""")
    db.execute("""
    CREATE TRIGGER table_link_sessions_no_change BEFORE UPDATE ON table_link_sessions
    WHEN NEW.id IS NOT OLD.id OR NEW.hash IS NOT OLD.hash OR NEW.link_id IS NOT OLD.link_id
      OR NEW.created_at IS NOT OLD.created_at OR NEW.expires_at IS NOT OLD.expires_at
      OR (OLD.ended_at IS NOT NULL AND NEW.ended_at IS NOT OLD.ended_at)
    BEGIN SELECT RAISE(ABORT, 'a table link session only records its end, once'); END""")


def _v16_browser_deal_ids(db: sqlite_utils.Database) -> None:
    """Version 16: the ids a browser gives the deals it sends to a draft (issue 18, entry that
    survives the connection). One row per deal a draft received with an id: the id the browser
    made (``crypto.randomUUID()``), the deal's number in the draft and the draft revision its save
    made. A resend of the same id to the same draft is answered from this row as a duplicate,
    never stored as a second deal, across requests and processes. Never changed or removed."""
    db.execute("""
    CREATE TABLE draft_deal_ids (
        draft_id INTEGER NOT NULL REFERENCES drafts(id),
        client_id TEXT NOT NULL,             -- the id the browser made for the deal
        deal_number INTEGER NOT NULL,        -- 1-based, in the draft
        revision INTEGER NOT NULL,           -- the draft revision that stored the deal
        received_at TEXT NOT NULL,           -- UTC, ISO 8601
        PRIMARY KEY (draft_id, client_id)
    )""")
    append_only(db, "draft_deal_ids", "a received deal id is never changed or removed")


MIGRATIONS: list[Callable[[sqlite_utils.Database], None]] = [_v1_tables, _v2_guards, _v3_views,
                                                             _v4_trust, v5_events, _v6_drafts,
                                                             _v7_input_hashes,
                                                             _v8_single_games_are_no_rubber,
                                                             v9_calls, _v10_analysis_cache,
                                                             _v11_seating_draws,
                                                             _v12_event_closures, _v13_sessions,
                                                             _v14_secret_out_of_store,
                                                             _v15_table_links,
                                                             _v16_browser_deal_ids]
SCHEMA_VERSION = len(MIGRATIONS)


def schema_version(db: sqlite_utils.Database) -> int:
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def open_db(path: str | Path) -> sqlite_utils.Database:
    """A connection with foreign keys on and a busy timeout. Does not migrate.

    Open one per thread (per request): a connection is bound to the thread that opened it."""
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_MS / 1000)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    return sqlite_utils.Database(conn, execute_plugins=False)


def migrate(db: sqlite_utils.Database, target: int = SCHEMA_VERSION) -> int:
    """Apply the pending migrations up to ``target``; return the version reached.

    Raises StoreUnavailable (a RuntimeError) for a database newer than this package knows."""
    current = schema_version(db)
    if current > SCHEMA_VERSION:
        raise StoreUnavailable(f"database schema version {current} is newer than this program's "
                               f"({SCHEMA_VERSION}); upgrade euchre-records")
    if db.conn.in_transaction:
        db.conn.commit()
    if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal" and not _is_memory(db):
        db.execute("PRAGMA journal_mode = WAL")  # outside a transaction, or it is ignored
    with _unsynced_steps(db, current < target):
        for number in range(current + 1, target + 1):
            db.conn.execute("BEGIN IMMEDIATE")  # one transaction: the migration and the version bump
            try:
                if schema_version(db) < number:  # else another process got there first
                    with db.atomic():  # sqlite-utils helpers nest as savepoints inside it
                        MIGRATIONS[number - 1](db)
                    db.conn.execute(f"PRAGMA user_version = {number}")
                db.conn.execute("COMMIT")
            except BaseException:
                db.rollback()
                raise
    return schema_version(db)


@contextmanager
def _unsynced_steps(db: sqlite_utils.Database, pending: bool) -> Iterator[None]:
    """The migrations' commits with ``synchronous = NORMAL`` (in WAL mode only), then the
    connection's own setting again.

    In WAL mode a NORMAL commit is safe against a crash of the program and never corrupts the
    file; a power cut may take back the last commits before the log reaches the disk. Here that
    only leaves the file at an earlier version, which the next :func:`migrate` continues (each
    migration is one transaction with its version bump), and the next FULL commit (the first
    record stored) or checkpoint puts them on disk with it. A new store was 22 migrations and 22
    waits for the disk (``fdatasync``) before a single record was stored."""
    wal = pending and db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    before = int(db.execute("PRAGMA synchronous").fetchone()[0]) if wal else None
    if before is not None and before > 1:
        db.execute("PRAGMA synchronous = NORMAL")
    try:
        yield
    finally:
        if before is not None:
            db.execute(f"PRAGMA synchronous = {before}")


def _is_memory(db: sqlite_utils.Database) -> bool:
    row = db.execute("PRAGMA database_list").fetchone()
    return not row[2]


class StoreUnavailable(RuntimeError):
    """The file cannot be used as a store: the message says why and what to do (for the CLI)."""


def open_store(path: str | Path, write: bool) -> sqlite_utils.Database:
    """Open ``path`` as a euchre-records store, or raise :class:`StoreUnavailable` saying why.

    - ``write=False`` (read commands): the file must exist and be a store of this program's
      version; it is opened read-only, so a read never creates, migrates or adds tables.
    - ``write=True``: a missing file is created (its folder must exist and be writable); an
      existing file must be a store (any older version: it is migrated) or an empty SQLite file.
    Either way a file that is not SQLite, an SQLite file of another program, a newer schema, a
    read-only or uncreatable path is refused with a message, never a traceback.
    """
    where = Path(path)
    if where.exists() and where.is_dir():
        raise StoreUnavailable(f"{path} is a folder, not a database file")
    if not where.exists():
        if not write:
            raise StoreUnavailable(f"no database {str(path)!r}; create one with: euchre import FILE "
                                   f"--db {path}")
        if not where.parent.is_dir():
            raise StoreUnavailable(f"cannot create {path}: the folder {where.parent} does not exist")
    try:
        if write:
            db = open_db(path)
        else:
            conn = sqlite3.connect(f"file:{_uri_path(where)}?mode=ro", uri=True,
                                   timeout=BUSY_TIMEOUT_MS / 1000)
            conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
            db = sqlite_utils.Database(conn, execute_plugins=False)
        version = schema_version(db)
        tables = set(db.table_names())
    except sqlite3.DatabaseError as exc:
        raise StoreUnavailable(f"{path} is not a usable SQLite database: {exc}") from None
    try:
        if tables and (version == 0 or "records" not in tables):
            raise StoreUnavailable(f"{path} is an SQLite database but not a euchre-records store "
                                   f"(it holds tables {', '.join(sorted(tables)[:5])}); refusing to "
                                   "touch it")
        if version > SCHEMA_VERSION:
            raise StoreUnavailable(f"{path} has schema version {version}, newer than this "
                                   f"program's ({SCHEMA_VERSION}); upgrade euchre-records")
        if not write and version < SCHEMA_VERSION:
            raise StoreUnavailable(f"{path} is a store of schema version {version}; this program "
                                   f"reads version {SCHEMA_VERSION}. A write command (euchre import) "
                                   "or euchre serve upgrades it")
        if write:
            migrate(db)
            _probe_write(db)
    except sqlite3.OperationalError as exc:
        db.close()
        raise StoreUnavailable(f"cannot write {path}: {exc} (is the file or its folder "
                               "read-only?)") from None
    except StoreUnavailable:
        db.close()
        raise
    return db


def _probe_write(db: sqlite_utils.Database) -> None:
    """Raise the OperationalError a write would (a read-only file or folder) now, before a
    command has done half its work: rewrite the schema version as it is, then roll back."""
    if db.conn.in_transaction:
        db.conn.commit()
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        db.conn.execute(f"PRAGMA user_version = {schema_version(db)}")
    finally:
        db.conn.rollback()


def _uri_path(path: Path) -> str:
    from urllib.parse import quote
    return quote(str(path.resolve()))
