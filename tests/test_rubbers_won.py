""""Rubbers won" means one thing everywhere: on one store (a progressive night of single games,
two nights of rubbers, the examples' Somerset, whist and single-game records, a correction and a
withdrawal), the ``rubbers`` table, the ``rubber_standings`` view, ``euchre rubbers``,
``euchre players`` and the ``player_statistics`` view give every player the same rubbers played
and won, and those are the engine's: the replay's own rubber result of each current record
(``ReplayResult.rubber``, None for single games), an oracle that reads no stored row.

Migration 8 is tested on a store in the old state (single games stored with a "rubber winner"):
afterwards no single game has one, and the events' standings (sittings of single games won by
the side that won more games) are still the golden ones."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from euchre_records.api.store import events
from euchre_records.api.store.ingest import prepare
from euchre_records.api.store.migrations import MIGRATIONS, SCHEMA_VERSION, migrate, open_db
from euchre_records.api.store.store import Store
from euchre_records.cli.main import main
from euchre_records.match import replay
from euchre_records.schema.notation import loads

from events_support import build
from golden_cases import GOLDEN

ROOT = Path(__file__).resolve().parent.parent


def _case(name: str) -> dict[str, Any]:
    return dict(json.loads((GOLDEN / "events" / name).read_text(encoding="utf-8")))


def one_store(path: Path) -> None:
    """The store of the module docstring."""
    db, _, _ = build(_case("01-progressive-night.json"), path=str(path))   # single games
    try:
        store = Store(db)
        night = _case("02-rubber-night.json")
        ids = [store.save(prepare(json.dumps(s["record"]))).id for s in night["sittings"]]
        # a correction: the first rubber's record replaced by another sitting's text, edited
        other = json.loads(json.dumps(night["sittings"][-1]["record"]))
        other["event"]["table"] = "corrected"
        store.save(prepare(json.dumps(other)), supersedes=ids[0])
        store.withdraw(ids[1])
    finally:
        db.close()
    result = CliRunner().invoke(main, ["import", str(ROOT / "examples"), "--db", str(path)])
    assert result.exit_code in (0, 3), result.output


def oracle(path: Path) -> tuple[Counter[str], Counter[str]]:
    """Rubbers played and won per player name, from replaying each current record's text."""
    db = open_db(path)
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    try:
        texts = [r[0] for r in db.execute("SELECT canonical FROM records WHERE status = 'current'")]
    finally:
        db.close()
    systems = set()
    for text in texts:
        if json.loads(text)["rules"].get("seats", 4) != 4:
            continue   # a table of 2, 3 or 5 plays no rubber (docs/TABLES.md)
        record = loads(text)
        rubber = replay(record).rubber
        systems.add(record.rules.rubber.value)
        if rubber is None:   # single games: no rubber
            continue
        for seat, player in record.players:
            played[player.name] += 1
            if rubber.winner is not None and rubber.winner is seat.side:
                won[player.name] += 1
    assert {"none", "somerset", "whist"} <= systems   # the store has every kind
    return played, won


def _json(args: list[str]) -> Any:
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_four_readings_of_rubbers_won_agree_with_the_engine(tmp_path: Path) -> None:
    path = tmp_path / "club.db"
    one_store(path)
    played, won = oracle(path)
    assert sum(won.values()) > 0 and sum(played.values()) > sum(won.values())
    db = open_db(path)
    try:
        def per_player(sql: str) -> tuple[Counter[str], Counter[str]]:
            p: Counter[str] = Counter()
            w: Counter[str] = Counter()
            for name, system, winner, side in db.execute(sql):
                if system != "none":
                    p[name] += 1
                    w[name] += winner == side
                else:
                    assert winner is None, (name, "a single game has no rubber winner")
            return p, w

        seated = ("JOIN seats ON seats.record_id = {t}.record_id "
                  "JOIN players ON players.id = seats.player_id")
        table = per_player(
            "SELECT players.name, rubbers.system, rubbers.winner, seats.side FROM rubbers "
            "JOIN records ON records.id = rubbers.record_id AND records.status = 'current' "
            + seated.format(t="rubbers"))
        view = per_player(
            "SELECT players.name, v.system, v.winner, seats.side FROM rubber_standings v "
            + seated.format(t="v"))
        statistics = {r[0]: (r[1], r[2]) for r in db.execute(
            "SELECT name, rubbers_played, rubbers_won FROM player_statistics")}
        names = [r[0] for r in db.execute(   # who sat at a four-handed table: rubbers are theirs
            "SELECT DISTINCT players.name FROM players JOIN seats ON seats.player_id = players.id "
            "JOIN records ON records.id = seats.record_id AND records.seats = 4")]
    finally:
        db.close()
    assert table == (played, won)
    assert view == (played, won)

    command_p: Counter[str] = Counter()
    command_w: Counter[str] = Counter()
    for name in names:
        for row in _json(["rubbers", "--db", str(path), "--player", name, "--format", "json",
                          "--limit", "1000"]):
            side = "NS" if name in row["ns_players"].split(" & ") else "EW"
            if row["system"] == "none":
                assert row["winner"] is None
                continue
            command_p[name] += 1
            command_w[name] += row["winner"] == side
    assert (command_p, command_w) == (played, won)

    players = {r["name"]: (r["rubbers_played"], r["rubbers_won"])
               for r in _json(["players", "--db", str(path), "--format", "json"])}
    for name in names:
        assert players[name] == (played[name], won[name]), name
        assert statistics[name] == (played[name], won[name]), name


def test_migration_8_takes_the_rubber_winner_from_single_games(tmp_path: Path) -> None:
    from euchre_records.api.store.events_schema import SEAT_SCORES_SQL
    from euchre_records.api.store.migrations import _v8_single_games_are_no_rubber
    before = MIGRATIONS.index(_v8_single_games_are_no_rubber)   # the version before it
    path = tmp_path / "old.db"
    db, eid, _ = build(_case("01-progressive-night.json"), path=str(path))
    # back to the state an earlier release left: single games with a "rubber winner" (the
    # side that won more games, once all were finished) and the view that read it
    old_view = SEAT_SCORES_SQL.format(where="").replace(
        SEAT_SCORES_SQL[SEAT_SCORES_SQL.index("CASE WHEN rubbers.system = 'none'"):
                        SEAT_SCORES_SQL.index(" AS won,")],
        "CASE WHEN rubbers.winner = seats.side THEN 1 ELSE 0 END")
    with db.conn:
        db.conn.execute("DROP TRIGGER rubbers_no_update")
        # (an earlier release also named the side ahead the winner of a fixed-deal game, which
        # EGN 1.4 says has none: the stale rubber winner is the side ahead)
        db.conn.execute("UPDATE rubbers SET winner = (SELECT CASE WHEN g.score_ns > g.score_ew "
                        "THEN 'NS' WHEN g.score_ew > g.score_ns THEN 'EW' END FROM games g "
                        "WHERE g.record_id = rubbers.record_id) WHERE system = 'none' "
                        "AND finished = 1")
        db.conn.execute("CREATE TRIGGER rubbers_no_update BEFORE UPDATE ON rubbers BEGIN "
                        "SELECT RAISE(ABORT, 'the rows of a stored record are never changed'); "
                        "END")
        db.conn.execute("DROP VIEW tournament_seat_scores")
        db.conn.execute(f"CREATE VIEW tournament_seat_scores AS {old_view}")
        db.conn.execute(f"PRAGMA user_version = {before}")
    stale = "SELECT count(*) FROM rubbers WHERE system = 'none' AND winner IS NOT NULL"
    assert db.execute(stale).fetchone()[0] == 6
    old = events.standings(db, eid)
    assert migrate(db, target=before + 1) == before + 1   # migration 8 alone: the later ones
    db.conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")   # are in the file already
    assert db.execute(stale).fetchone()[0] == 0
    new = events.standings(db, eid)
    db.close()
    assert new == old
    golden = json.loads((GOLDEN / "events" / "01-progressive-night.expected.json").read_text(
        encoding="utf-8"))["standings"]
    assert new is not None
    lines = {line["entrant"]: line for line in new["standings"]}
    for want in golden:   # the hand-worked standings, rounds won included
        line = lines[want["entrant"]]
        assert {k: line[k] for k in want if k != "decided_by"} == \
            {k: v for k, v in want.items() if k != "decided_by"}


def test_the_rubber_list_page_says_who_won_single_games_and_rubbers(tmp_path: Path) -> None:
    """The pages' rubber list: a finished single game is won by the side that won it (not
    "drawn" for want of a rubber winner), a rubber by its winner with its rubber points."""
    from bs4 import BeautifulSoup
    from pages_support import build_db, make_app

    build_db(tmp_path / "pages.db")
    client = make_app(tmp_path / "pages.db").test_client()
    items = client.get("/rubbers?per_page=100").get_json()["items"]
    page = BeautifulSoup(client.get("/").get_data(as_text=True), "html.parser")
    outcomes = [li.select_one(".outcome").get_text() for li in page.select("ul.rubbers li")]
    assert len(outcomes) == len(items) > 3
    by_games = {f"games {r['games_won'][0]}–{r['games_won'][1]}" for r in items}
    assert all(o.split(" · ")[0] in by_games for o in outcomes)
    singles = [r for r in items if r["system"] == "none"]
    assert singles and all(r["winner"] is None for r in singles)
    said = Counter(o.split(" · ")[1] for o in outcomes)
    want: Counter[str] = Counter()
    for r in items:
        ns, ew = r["games_won"]
        if r["system"] == "none":
            want["N-S won" if ns > ew else "E-W won" if ew > ns else "drawn"] += 1
        else:
            rp = r["rubber_points"]
            side = {"NS": "N-S", "EW": "E-W"}[r["winner"]]
            want[f"{side} won (rubber points {rp[0]}–{rp[1]})"] += 1
    assert said == want


def test_the_player_filter_names_the_player_euchre_players_counts(tmp_path: Path) -> None:
    """``--player`` is the registry's player (NFC + case folding, merges): "ann" finds the
    rubbers of "Ann" and "ANN", and of "Annie" once merged into her, as ``euchre players``
    counts them under one name."""
    from euchre_records.api.store import players as registry

    case = _case("02-rubber-night.json")
    texts = []
    for n, spelling in enumerate(["Ann", "ANN", "Annie"]):
        record = json.loads(json.dumps(case["sittings"][n % len(case["sittings"])]["record"]))
        record["players"]["N"]["name"] = spelling
        record["event"]["table"] = f"t{n}"
        texts.append(json.dumps(record))
    path = tmp_path / "club.db"
    db = open_db(path)
    migrate(db)
    try:
        for text in texts:
            Store(db).save(prepare(text))
        ids = {name: pid for pid, name in db.execute(
            "SELECT player_id, name FROM registry_names WHERE name IN ('Ann', 'Annie')")}
        with db.conn:
            registry.merge(db.conn, ids["Annie"], ids["Ann"])
    finally:
        db.close()
    rows = _json(["rubbers", "--db", str(path), "--player", "ann", "--format", "json"])
    assert len(rows) == 3
    players = {r["name"]: r for r in _json(["players", "--db", str(path), "--format", "json"])}
    ann = next(r for name, r in players.items() if name.lower() == "ann")
    assert ann["records"] == 3
    assert ann["rubbers_played"] == sum(r["system"] != "none" for r in rows)
    assert ann["rubbers_won"] == sum(r["winner"] == "NS" for r in rows)   # she sat North
