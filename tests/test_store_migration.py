"""Migration 19 (one set of rows for every table size; docs/STORE.md) on a store made by the
release before it.

The old store is a committed fixture, ``tests/data/v18-store-examples-goldens-events.sql.gz``:
the SQL dump (``sqlite3.Connection.iterdump``) of a version-18 store made by the code of main at
431b86d, with that tree's ``euchre``: ``import examples/ tests/golden/`` (181 records; the 55
inputs refused are the invalid goldens), then the two events of docs/EVENTS.md as written there,
the cut-throat night (tests/data/events/cutthroat-night) and the progressive night
(tests/data/events/progressive-night): 191 records, 138 four-handed, 13 two-handed, 25
cut-throat, 15 five-handed, 10 sittings. It is the oracle of what a store of that release
holds; nothing here writes it with this code.

(a) migrated, every ``records`` row is byte-identical, the four-handed ``games``, ``deals``,
``findings`` and ``calls`` rows keep their ids and columns, and every query of the old tables
``table_games``, ``table_deals`` and ``table_findings`` (now views) answers what the tables did;
(b) a new store of the same texts, written by this code, holds the same rows in the one set.
"""

from __future__ import annotations

import gzip
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from euchre_records.api.store.ingest import prepare
from euchre_records.api.store.migrations import SCHEMA_VERSION, migrate, open_db, schema_version
from euchre_records.api.store.migrations.v19_one_set import OLD_NAME_VIEWS
from euchre_records.api.store.store import Store

FIXTURE = Path(__file__).parent / "data" / "v18-store-examples-goldens-events.sql.gz"
OLD_N_TABLES = ("table_games", "table_deals", "table_findings")
SEAT_TABLES = ("game_scores", "deal_scores")
FOUR_TABLES = ("games", "deals", "findings", "calls", "rubbers", "seats")

Rows = list[tuple[Any, ...]]


def _old_store(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path)
    with gzip.open(FIXTURE, "rt", encoding="utf-8") as dump:
        conn.executescript(dump.read())
    conn.execute("PRAGMA user_version = 18")   # a dump does not carry it
    conn.commit()
    return conn


def _all(conn: sqlite3.Connection, sql: str, *params: Any) -> Rows:
    return [tuple(r) for r in conn.execute(sql, params).fetchall()]


def _columns(conn: sqlite3.Connection, table: str) -> list[str]:
    return [r[1] for r in conn.execute(f"PRAGMA table_info({table})")]


def _four_rows(conn: sqlite3.Connection, table: str, columns: list[str]) -> Rows:
    """The rows of ``table`` of four-handed records, in the columns it had at version 18."""
    cols = ", ".join(f"t.{c}" for c in columns)
    return _all(conn, f"SELECT {cols} FROM {table} t JOIN records r ON r.id = t.record_id "
                      "AND r.seats = 4 ORDER BY t.rowid")


@pytest.fixture(scope="module")
def stores(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The old store's rows before, and the store after migration 19."""
    path = tmp_path_factory.mktemp("v18") / "old.db"
    old = _old_store(path)
    before: dict[str, Any] = {"records": _all(old, "SELECT * FROM records ORDER BY id")}
    before["columns"] = {t: _columns(old, t) for t in FOUR_TABLES + OLD_N_TABLES}
    for table in FOUR_TABLES:
        before[table] = _four_rows(old, table, before["columns"][table])
    for table in OLD_N_TABLES + SEAT_TABLES:
        before[table] = _all(old, f"SELECT * FROM {table}")
    before["views"] = {v: _all(old, f"SELECT * FROM {v} ORDER BY 1, 2, 3")
                       for v in ("player_statistics", "player_deals", "rubber_standings",
                                 "tournament_game_scores", "tournament_seat_scores",
                                 "tournament_standings")}
    old.close()
    db = open_db(path)
    assert migrate(db) == SCHEMA_VERSION == 19
    return {"before": before, "db": db, "path": path}


def test_every_record_row_is_byte_identical(stores: dict[str, Any]) -> None:
    conn = stores["db"].conn
    after = _all(conn, "SELECT * FROM records ORDER BY id")
    assert after == stores["before"]["records"]
    assert len(after) == 191
    assert {r[0] for r in _all(conn, "SELECT seats FROM records")} == {2, 3, 4, 5}


@pytest.mark.parametrize("table", FOUR_TABLES)
def test_four_handed_rows_keep_their_ids_and_columns(stores: dict[str, Any], table: str) -> None:
    before = stores["before"]
    got = _four_rows(stores["db"].conn, table, before["columns"][table])
    assert got == before[table] and got


@pytest.mark.parametrize("table", OLD_N_TABLES)
def test_the_old_tables_of_n_are_views_with_the_same_rows(stores: dict[str, Any],
                                                           table: str) -> None:
    """``SELECT *`` of each old name gives the old columns and rows (ids of table_findings
    included), and a saved query with a filter and an order still answers the same."""
    conn = stores["db"].conn
    kind = conn.execute("SELECT type FROM sqlite_master WHERE name = ?", (table,)).fetchone()
    assert kind == ("view",)
    assert _columns(conn, table) == stores["before"]["columns"][table]
    old = stores["before"][table]
    assert old and sorted(_all(conn, f"SELECT * FROM {table}")) == sorted(old)
    filtered = _all(conn, f"SELECT * FROM {table} WHERE record_id IN "
                          "(SELECT id FROM records WHERE variant = 'cut-throat') ORDER BY 1, 2, 3")
    assert filtered == sorted(r for r in old if r[1 if table == "table_findings" else 0] in
                              {i for (i,) in _all(conn, "SELECT id FROM records "
                                                        "WHERE variant = 'cut-throat'")})


@pytest.mark.parametrize("table", SEAT_TABLES)
def test_per_seat_rows_of_tables_of_n_stay_and_four_hands_get_theirs(stores: dict[str, Any],
                                                                     table: str) -> None:
    """The per-seat rows of tables of n are as they were; each four-handed seat now has its
    side's: one row per seat of every game and deal (a four-handed golden checks the values
    against the engine in test (b))."""
    conn = stores["db"].conn
    n_rows = _all(conn, f"SELECT t.* FROM {table} t JOIN records r ON r.id = t.record_id "
                        "AND r.seats != 4")
    assert sorted(n_rows) == sorted(stores["before"][table])
    per = "games" if table == "game_scores" else "deals"
    [(missing,)] = _all(conn, f"SELECT count(*) FROM {per} x JOIN records r ON r.id = x.record_id "
                              f"WHERE (SELECT count(*) FROM {table} s WHERE s.record_id = "
                              f"x.record_id AND s.{per[:-1]} = x.number) != r.seats")
    assert missing == 0


def test_the_views_of_players_and_events_answer_as_before(stores: dict[str, Any]) -> None:
    conn = stores["db"].conn
    for view, rows in stores["before"]["views"].items():
        assert rows and _all(conn, f"SELECT * FROM {view} ORDER BY 1, 2, 3") == rows, view


def test_the_migrated_store_is_sound_and_append_only(stores: dict[str, Any]) -> None:
    conn = stores["db"].conn
    assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
    n_game = conn.execute("SELECT g.id FROM games g JOIN records r ON r.id = g.record_id "
                          "AND r.seats = 3 LIMIT 1").fetchone()[0]
    for sql in ("UPDATE games SET winner = '1' WHERE id = ?", "DELETE FROM games WHERE id = ?"):
        with pytest.raises(sqlite3.IntegrityError, match="never changed"):
            conn.execute(sql, (n_game,))
    conn.rollback()


def _one_set(conn: sqlite3.Connection) -> dict[str, Rows]:
    """The rows of the one set, ids replaced by what they stand for (the record's hash, the
    game's and deal's numbers): two stores of the same records give the same."""
    key = "(SELECT hash FROM records WHERE id = t.record_id)"
    game = "(SELECT number FROM games g WHERE g.id = t.{})"
    deal = "(SELECT number FROM deals d WHERE d.id = t.deal_id)"

    def rows(table: str, drop: set[str], extra: str = "") -> Rows:
        cols = [f"t.{c}" for c in _columns(conn, table) if c not in drop | {"id", "record_id"}]
        return sorted(_all(conn, f"SELECT {key}, {', '.join(cols)}{extra} FROM {table} t"),
                      key=repr)

    return {
        "games": rows("games", {"rubber_id"}),
        "deals": rows("deals", {"game_id"}, ", " + game.format("game_id")),
        "findings": rows("findings", {"deal_id"}, ", " + deal),
        "calls": rows("calls", {"deal_id"}, ", " + deal),
        "game_scores": rows("game_scores", set()),
        "deal_scores": rows("deal_scores", set()),
        "seats": rows("seats", {"player_id"}),
        "records": sorted(_all(conn, "SELECT hash, canonical, result, seats, variant, deals, "
                                     "findings FROM records")),
    }


def test_a_new_store_of_the_same_records_equals_the_migrated_one(
        stores: dict[str, Any], tmp_path: Path) -> None:
    """(b): the canonical texts of the old store, stored anew by this code in id order."""
    migrated = stores["db"].conn
    fresh = open_db(tmp_path / "new.db")
    migrate(fresh)
    store = Store(fresh)
    for (text,) in _all(migrated, "SELECT canonical FROM records ORDER BY id"):
        assert not store.save(prepare(text)).duplicate
    want, got = _one_set(migrated), _one_set(fresh.conn)
    for table in want:
        assert got[table] == want[table], table
    assert len(got["deal_scores"]) == sum(
        seats * deals for seats, deals in _all(migrated, "SELECT seats, deals FROM records"))
    for view in OLD_NAME_VIEWS:
        assert (sorted(_all(fresh.conn, f"SELECT * FROM {view}"))
                == sorted(_all(migrated, f"SELECT * FROM {view}")))
    assert schema_version(fresh) == 19
