"""Records at tables of two, three and five in the store (migration 17; docs/STORE.md "Tables of
two, three and five").

Oracles: the hand-worked expectations of tests/golden/variants (points per seat, games), and
counts worked by hand for the player statistics below; the migration and the append-only
guarantees are checked by SQLite itself refusing what they forbid.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from euchre_records.api.store.ingest import prepare
from euchre_records.api.store.migrations import MIGRATIONS, SCHEMA_VERSION, migrate, open_db
from euchre_records.api.store.players import get_player, search_players
from euchre_records.api.store.queries import get_record_meta, list_records
from euchre_records.api.store.store import Store
from golden_cases import cases, expected

ROOT = Path(__file__).parent.parent
VARIANTS = cases("variants")


def _store(tmp_path: Path) -> Any:
    db = open_db(tmp_path / "store.db")
    migrate(db)
    return db


def _rows(db: Any, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    return [tuple(r) for r in db.execute(sql, params).fetchall()]


def test_every_variant_golden_is_stored_with_its_hand_worked_points(tmp_path: Path) -> None:
    db = _store(tmp_path)
    store = Store(db)
    for path in VARIANTS:
        exp = expected(path)
        text = path.read_text(encoding="utf-8")
        saved = store.save(prepare(text))
        rid = saved.id
        seats = json.loads(text)["rules"]["seats"]
        variant = {2: "two-handed", 3: "cut-throat", 5: "call-your-partner"}[seats]
        assert _rows(db, "SELECT seats, variant FROM records WHERE id = ?", rid) == [(seats, variant)]
        assert saved.summary["variant"] == variant and saved.summary["rubber"] is None
        # no rows of fixed partnerships for it
        for table in ("rubbers", "games", "deals", "findings", "calls"):
            assert _rows(db, f"SELECT count(*) FROM {table} WHERE record_id = ?", rid) == [(0,)]
        deals = exp["deals"] if "deals" in exp else [exp]
        for number, want in enumerate(deals, 1):
            if "points" in want:
                got = _rows(db, "SELECT points FROM deal_scores WHERE record_id = ? AND deal = ? "
                                "ORDER BY seat", rid, number)
                assert [p for (p,) in got] == want["points"], f"{path.name}: {exp['why']}"
            if "maker" in want:
                maker = _rows(db, "SELECT maker FROM table_deals WHERE record_id = ? AND number = ?",
                              rid, number)
                assert maker == [(want["maker"],)]
            if "makers" in want:
                roles = _rows(db, "SELECT seat FROM deal_scores WHERE record_id = ? AND deal = ? "
                                  "AND role IN ('maker', 'partner') ORDER BY role = 'partner', seat",
                              rid, number)
                assert [s for (s,) in roles] == want["makers"]
        for number, game in enumerate(exp.get("games", []), 1):
            if "score" in game:
                got = _rows(db, "SELECT score FROM game_scores WHERE record_id = ? AND game = ? "
                                "ORDER BY seat", rid, number)
                assert [s for (s,) in got] == game["score"]
            if "winner" in game:
                assert _rows(db, "SELECT winner FROM table_games WHERE record_id = ? AND number = ?",
                             rid, number) == [(game["winner"],)]
    revokes = _rows(db, "SELECT count(*) FROM table_findings WHERE kind = 'revoke'")[0][0]
    assert revokes >= 3   # one planted in each variant (08, 09, 10)


def test_four_handed_rows_are_as_before(tmp_path: Path) -> None:
    db = _store(tmp_path)
    rid = Store(db).save(prepare((ROOT / "examples" / "hoyle-rubber.json").read_text())).id
    assert _rows(db, "SELECT seats, variant FROM records WHERE id = ?", rid) == [(4, "four-handed")]
    assert _rows(db, "SELECT count(*) FROM deals WHERE record_id = ?", rid) == [(11,)]
    assert _rows(db, "SELECT seat, side FROM seats WHERE record_id = ? ORDER BY instr('NESW', seat)",
                 rid) == [("N", "NS"), ("E", "EW"), ("S", "NS"), ("W", "EW")]
    for table in ("table_games", "game_scores", "table_deals", "deal_scores", "table_findings"):
        assert _rows(db, f"SELECT count(*) FROM {table}") == [(0,)]


def _named(path: Path, names: dict[str, str]) -> str:
    data = json.loads(path.read_text(encoding="utf-8"))
    data["players"] = {seat: {"name": name} for seat, name in names.items()}
    return json.dumps(data)


def test_rows_of_n_are_append_only(tmp_path: Path) -> None:
    db = _store(tmp_path)
    rid = Store(db).save(prepare(_named(VARIANTS[1], {"0": "Ann", "1": "Bo", "2": "Cy"}))).id
    for sql in ("UPDATE records SET variant = 'four-handed' WHERE id = ?",
                "UPDATE records SET seats = 4 WHERE id = ?",
                "UPDATE deal_scores SET points = 9 WHERE record_id = ?",
                "DELETE FROM table_games WHERE record_id = ?",
                "DELETE FROM game_scores WHERE record_id = ?",
                "UPDATE table_deals SET maker = '0' WHERE record_id = ?",
                "DELETE FROM seats WHERE record_id = ?"):
        with pytest.raises(sqlite3.IntegrityError, match="never changed|never deleted"):
            db.execute(sql, [rid])
    with pytest.raises(sqlite3.IntegrityError):   # the seat check still refuses other tokens
        db.execute("INSERT INTO seats (record_id, seat, side, player_id) VALUES (?, '7', NULL, 1)",
                   [rid])
    assert _rows(db, "SELECT seat, side FROM seats WHERE record_id = ? ORDER BY seat", rid) == [
        ("0", None), ("1", None), ("2", None)]


def test_listing_filters_by_seats_and_variant(tmp_path: Path) -> None:
    db = _store(tmp_path)
    store = Store(db)
    ids = {path.stem: store.save(prepare(path.read_text(encoding="utf-8"))).id for path in VARIANTS}
    four = store.save(prepare((ROOT / "examples" / "hoyle-rubber.json").read_text())).id
    three, total = list_records(db, seats=3, per_page=100)
    assert total == len([s for s in ids if "cutthroat" in s])
    assert {r["id"] for r in three} == {i for s, i in ids.items() if "cutthroat" in s}
    assert all(r["variant"] == "cut-throat" and r["seats"] == 3 for r in three)
    five, _ = list_records(db, variant="call-your-partner", per_page=100)
    assert {r["id"] for r in five} == {i for s, i in ids.items() if "five-handed" in s}
    only_four, total_four = list_records(db, seats=4)
    assert total_four == 1 and only_four[0]["id"] == four and only_four[0]["variant"] == "four-handed"
    meta = get_record_meta(db, ids[VARIANTS[0].stem])
    assert meta is not None and (meta["seats"], meta["variant"]) == (2, "two-handed")


def test_player_statistics_per_variant(tmp_path: Path) -> None:
    """Golden 11 (cut-throat, from [8, 8, 5]): deal 1 maker 2 euchred (0 and 1 score 2), deal 2
    maker 0 makes 1: [11, 10, 5], 0 wins. Worked by hand for Ann (seat 0): one record, one
    game played and won, two deals, one made, 3 points, one euchre inflicted, none suffered;
    Cy (seat 2): one deal made, one euchre suffered, no game won."""
    db = _store(tmp_path)
    store = Store(db)
    store.save(prepare(_named(VARIANTS[10], {"0": "Ann", "1": "Bo", "2": "Cy"})))
    four = json.loads((ROOT / "examples" / "hoyle-rubber.json").read_text())
    before = tmp_path / "four.db"
    db4 = open_db(before)
    migrate(db4)
    seat_of_ann = next(s for s, p in four["players"].items())
    four["players"][seat_of_ann]["name"] = "Ann"
    for target in (Store(db), Store(db4)):
        target.save(prepare(json.dumps(four)))
    people, _ = search_players(db, "Ann")
    ann = get_player(db, people[0]["id"])
    people4, _ = search_players(db4, "Ann")
    ann4 = get_player(db4, people4[0]["id"])
    assert ann is not None and ann4 is not None
    assert ann["statistics"] == ann4["statistics"]          # four-handed figures unchanged
    def partners(player: dict[str, Any]) -> list[Any]:   # ids differ between the stores
        return [{**p, "partner": p["partner"]["name"]} for p in player["partnerships"]]
    assert partners(ann) == partners(ann4) and ann4["variants"] == []
    [cut] = ann["variants"]
    assert cut["variant"] == "cut-throat"
    assert (cut["records"], cut["games_played"], cut["games_won"], cut["deals_played"],
            cut["deals_made"], cut["points_scored"], cut["euchres_inflicted"],
            cut["euchres_suffered"]) == (1, 1, 1, 2, 1, 3, 1, 0)
    cy = get_player(db, search_players(db, "Cy")[0][0]["id"])
    assert cy is not None
    [c] = cy["variants"]
    assert (c["games_won"], c["deals_made"], c["euchres_suffered"], c["points_scored"]) == (0, 1, 1, 0)


def test_a_store_of_version_16_migrates_and_keeps_its_records(tmp_path: Path) -> None:
    db = open_db(tmp_path / "old.db")
    migrate(db, 16)
    text = (ROOT / "examples" / "hoyle-rubber.json").read_text()
    sub = prepare(text)
    # a version-16 store has no seats/variant columns: store its rows as that release did
    from euchre_records.api.store.rows import rows_of
    rows = rows_of(sub)
    db.execute('INSERT INTO records (hash, canonical, result, format_version, rules, club, event, '
               'date, "table", round, deals, findings, submitted_at) '
               "VALUES (?,?,?,?,?,?,?,?,?,?,?,?, '2026-01-01T00:00:00Z')", rows.record)
    db.conn.commit()
    assert migrate(db) == SCHEMA_VERSION == len(MIGRATIONS) == 18   # 18: events at tables of n
    assert _rows(db, "SELECT seats, variant FROM records") == [(4, "four-handed")]
    Store(db).save(prepare(VARIANTS[0].read_text()))
    assert _rows(db, "SELECT seats, variant FROM records ORDER BY id") == [
        (4, "four-handed"), (2, "two-handed")]
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_the_store_pages_queries_per_variant_run_as_written(tmp_path: Path) -> None:
    """docs/STORE.md "Tables of two, three and five": its SQL run on the three examples at
    those tables. By hand (tests/test_examples.py): Ben wins the one cut-throat game;
    makers euchred: cut-throat 2 of 7 deals (Ada at 3, Cora at 6), two-handed 1 of the 5 made
    (one deal thrown in), five-handed 1 of 5."""
    import re
    text = (ROOT / "docs" / "STORE.md").read_text(encoding="utf-8")
    section = text.split("### Tables of two, three and five", 1)[1].split("\n## ", 1)[0]
    [block] = re.findall(r"```sql\n(.*?)```", section, re.S)
    statements = [s.strip() for s in block.split(";") if s.strip()]
    assert len(statements) == 2
    db = _store(tmp_path)
    store = Store(db)
    for name in ("cutthroat-game", "two-handed-game", "five-handed-game"):
        store.save(prepare((ROOT / "examples" / f"{name}.json").read_text(encoding="utf-8")))
    assert _rows(db, statements[0]) == [("Ben", 1)]
    rates = dict(_rows(db, statements[1]))
    assert rates == {"cut-throat": pytest.approx(2 / 7), "two-handed": pytest.approx(1 / 5),
                     "call-your-partner": pytest.approx(1 / 5)}
