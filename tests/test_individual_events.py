"""Events at tables of two, three and five through the real entry points (docs/EVENTS.md §2.1,
§4.1): the golden cut-throat night (tests/golden/events/04-cutthroat-night*.json, worked by hand)
built over HTTP and by the ``euchre`` command gives the hand-worked standings and the ladder's
seating; sittings that do not fit (a four-handed record at a cut-throat event, a cut-throat
record at a four-handed one) are findings, not ranked; bad settings are located errors; the view
``tournament_game_scores`` places players as the pure code does; four-handed events are as
before."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from euchre_records.api.app import create_app
from euchre_records.api.store import events
from euchre_records.api.store.ingest import prepare
from euchre_records.api.store.store import Store
from euchre_records.events.individual import places

from auth_fixtures import writing_client
from events_support import build, fresh
from golden_cases import GOLDEN, expected

ROOT = Path(__file__).resolve().parent.parent
NIGHT = GOLDEN / "events" / "04-cutthroat-night.json"
CASE = json.loads(NIGHT.read_text(encoding="utf-8"))
WANT = expected(NIGHT)
DATA = ROOT / "tests" / "data" / "events" / "cutthroat-night"
FOUR = json.loads((GOLDEN / "events" / "01-progressive-night.json").read_text(encoding="utf-8"))

KEYS = ("place", "entrant", "place_points", "wins", "points", "games", "places", "tie_break")


def _lines(standings: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: line[k] for k in KEYS} for line in standings]


def _post(client: Any, path: str, body: object) -> Any:
    return client.post(path, data=json.dumps(body), content_type="application/json")


def test_the_data_files_are_the_golden_sittings() -> None:
    for s in CASE["sittings"]:
        path = DATA / f"cutthroat-r{s['round']}-t{s['table']}.json"
        assert json.loads(path.read_text(encoding="utf-8")) == s["record"], path.name


def test_a_cutthroat_night_over_http_gives_the_hand_worked_standings(tmp_path: Path) -> None:
    client = writing_client(create_app({"DATABASE": str(tmp_path / "e.db"), "TESTING": True}))
    made = _post(client, "/events", CASE["event"])
    assert made.status_code == 201, made.get_data(as_text=True)
    eid = made.get_json()["id"]
    event = client.get(f"/events/{eid}").get_json()
    assert (event["format"], event["seats"], event["place_scoring"]) == ("games", 3, None)
    seat = _post(client, f"/events/{eid}/rounds/1/seating", {"tables": CASE["seatings"][0]["tables"]})
    assert seat.status_code == 201, seat.get_data(as_text=True)
    for rnd in (1, 2):
        if rnd == 2:   # the ladder's seating, read from round 1, recorded as given
            prev = client.get(f"/events/{eid}/rounds/1").get_json()
            assert prev["seats"] == 3
            assert [{"table": t["table"], "seats": {k: v["name"] for k, v in t["seats"].items()}}
                    for t in prev["next_seating"]] == WANT["seatings"]["2"]
            tables = [{"table": t["table"], "seats": {k: v["id"] for k, v in t["seats"].items()}}
                      for t in prev["next_seating"]]
            assert _post(client, f"/events/{eid}/rounds/2/seating",
                         {"tables": tables}).status_code == 201
        for s in CASE["sittings"]:
            if s["round"] == rnd:
                stored = _post(client, "/records", s["record"])
                assert stored.status_code == 201, stored.get_data(as_text=True)
                att = _post(client, f"/events/{eid}/sittings", {"record_id": stored.get_json()["id"]})
                assert att.status_code == 201, att.get_data(as_text=True)
    got = client.get(f"/events/{eid}/standings").get_json()
    assert (got["format"], got["seats"], got["place_scoring"]) == ("games", 3, "places")
    assert _lines(got["standings"]) == WANT["standings"]
    assert [{k: g[k] for k in ("round", "table", "players", "scores", "places", "place_points")}
            for g in got["games"]] == \
        [{k: g[k] for k in ("round", "table", "players", "scores", "places", "place_points")}
         for g in WANT["games"]]
    assert got["findings"] == []
    rnd = client.get(f"/events/{eid}/rounds/2").get_json()
    assert [s["points"] for s in rnd["sittings"]] == [g["scores"] for g in WANT["games"][2:]]


@pytest.mark.parametrize(("body", "where", "words"), [
    ({"seats": 6}, "seats", "2, 3, 4, 5"),
    ({"seats": 3, "format": "pairs"}, "format", "needs partnerships"),
    ({"seats": 3, "format": "rubbers"}, "format", "needs partnerships"),
    ({"seats": 4, "format": "games"}, "format", "tables of 2, 3 or 5"),
    ({"format": "progressive", "place_scoring": "wins"}, "place_scoring", "individual events"),
    ({"seats": 3, "place_scoring": "best"}, "place_scoring", "places"),
])
def test_bad_settings_are_located_errors(tmp_path: Path, body: dict[str, Any], where: str,
                                         words: str) -> None:
    client = writing_client(create_app({"DATABASE": str(tmp_path / "e.db"), "TESTING": True}))
    spec = {"name": "Night", "format": "games", "players": ["Ann", "Bob", "Cy"], **body}
    resp = _post(client, "/events", spec)
    assert resp.status_code == 422, resp.get_data(as_text=True)
    problems = resp.get_json()["error"]["problems"]
    assert [p["where"] for p in problems] == [where], problems
    assert words in problems[0]["what"]


def test_a_seating_of_the_wrong_table_size_is_located(tmp_path: Path) -> None:
    client = writing_client(create_app({"DATABASE": str(tmp_path / "e.db"), "TESTING": True}))
    eid = _post(client, "/events", CASE["event"]).get_json()["id"]
    four = {"tables": [{"table": "1", "seats": {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}}]}
    resp = _post(client, f"/events/{eid}/rounds/1/seating", four)
    assert resp.status_code == 422
    assert resp.get_json()["error"]["problems"][0]["where"] == "tables[0].seats.0"
    short = {"tables": [{"table": "1", "seats": {"0": "Ann", "1": "Bob"}}]}
    resp = _post(client, f"/events/{eid}/rounds/1/seating", short)
    assert resp.get_json()["error"]["problems"][0]["where"] == "tables[0].seats.2"
    assert "seats must name 0, 1 and 2 (a table of 3): 2 is missing" in \
        resp.get_json()["error"]["problems"][0]["what"]


def test_a_sitting_at_another_table_size_is_a_finding_and_not_ranked() -> None:
    db, eid, _ = build(CASE)
    four = Store(db).save(prepare(json.dumps(FOUR["sittings"][0]["record"]))).id
    events.attach_sitting(db, eid, four, round_no=2, table="3")
    got = events.standings(db, eid)
    assert got is not None
    assert _lines(got["standings"]) == WANT["standings"]          # nothing more is ranked
    table = [f for f in got["findings"] if f["rule"].split(" ")[1] == "§3.8"]
    assert [(f["round"], f["table"]) for f in table] == [(2, "3")]
    assert "a game of 4 players, the event is played at tables of 3" in table[0]["what"]
    # its players also sit at tables 1 and 2 of round 2 (Ann, Bob, Cy, Di): §3.5 says so
    assert {f["rule"].split(" ")[1] for f in got["findings"]} == {"§3.8", "§3.5"}
    # and a cut-throat game at a four-handed night: found, and the night's standings unchanged
    db4, eid4, _ = build(FOUR)
    before = events.standings(db4, eid4)
    assert before is not None
    cut = Store(db4).save(prepare(json.dumps(CASE["sittings"][0]["record"]))).id
    events.attach_sitting(db4, eid4, cut, round_no=3, table="9")
    after = events.standings(db4, eid4)
    assert after is not None and after["standings"] == before["standings"]
    table = [f for f in after["findings"] if f["rule"].split(" ")[1] == "§3.8"]
    assert [(f["round"], f["table"]) for f in table] == [(3, "9")]
    assert "a game of 3 players, the event is played at tables of 4" in table[0]["what"]


def test_a_correction_replaces_the_game_in_the_standings() -> None:
    db, eid, ids = build(CASE)
    record = json.loads(json.dumps(CASE["sittings"][3]["record"]))
    record["deals"][0]["result"]["tricks"] = 5        # Flo marches: Flo 3, then as before
    Store(db).save(prepare(json.dumps(record)), supersedes=ids[3])
    got = events.standings(db, eid)
    assert got is not None
    last = got["games"][-1]
    # worked by hand: Flo 3, Cy 1, Ed 3 (march), Ed 4, Ed 5 wins: Ed 5, Flo 3, Cy 1
    assert (last["players"], last["scores"], last["places"]) == (["Ed", "Flo", "Cy"], [5, 3, 1],
                                                                   [1, 2, 3])
    flo = next(line for line in got["standings"] if line["entrant"] == "Flo")
    assert (flo["place_points"], flo["points"], flo["places"]) == (2, 3, [3, 2])


def test_the_view_places_as_the_pure_code_does() -> None:
    db, eid, _ = build(CASE)
    rows = db.conn.execute("SELECT record_id, game, seat, score, place FROM "
                           "tournament_game_scores WHERE tournament_id = ? ORDER BY record_id, "
                           "game, seat", (eid,)).fetchall()
    by_game: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for rid, game, _seat, score, place in rows:
        by_game.setdefault((rid, game), []).append((score, place))
    assert len(by_game) == 4
    for pairs in by_game.values():
        assert [p for _, p in pairs] == list(places([s for s, _ in pairs]))


def test_a_draw_seats_three_to_a_table() -> None:
    db = fresh()
    eid = events.create_event(db, CASE["event"])
    _version, seed = events.draw_seating(db, eid, 1, seed=2026)
    detail = events.round_detail(db, eid, 1)
    assert detail is not None and seed == 2026
    seated = [sorted(v["name"] for v in t["seats"].values()) for t in detail["seating"]]
    assert [len(t["seats"]) for t in detail["seating"]] == [3, 3]
    assert sorted(n for t in seated for n in t) == sorted(CASE["event"]["players"])
    assert set(detail["seating"][0]["seats"]) == {"0", "1", "2"}


def _euchre(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("euchre", path=str(Path(sys.executable).parent)) or "euchre"
    return subprocess.run([exe, *args], capture_output=True, text=True, check=False, cwd=cwd)


def test_the_command_line_runs_a_cutthroat_night(tmp_path: Path) -> None:
    for f in DATA.iterdir():
        shutil.copy(f, tmp_path / f.name)
    names = [a for p in CASE["event"]["players"] for a in ("--player", p)]
    made = _euchre("event", "create", "Cut-throat night", "--format", "games", "--seats", "3",
                   "--rounds", "2", *names, "--db", "club.db", cwd=tmp_path)
    assert made.returncode == 0 and made.stdout.strip() == "1", made.stderr
    assert _euchre("event", "seat", "1", "1", "--table", "1:Ann,Bob,Cy", "--table", "2:Di,Ed,Flo",
                   "--db", "club.db", cwd=tmp_path).returncode == 0
    assert _euchre("event", "add", "1", "cutthroat-r1-t1.json", "cutthroat-r1-t2.json",
                   "--db", "club.db", cwd=tmp_path).returncode == 0
    moved = _euchre("event", "next-seating", "1", "1", "--save", "--db", "club.db", cwd=tmp_path)
    assert moved.stdout.splitlines() == ["table 1: 0 Ann, 1 Bob, 2 Di", "table 2: 0 Ed, 1 Flo, 2 Cy"]
    assert _euchre("event", "add", "1", "cutthroat-r2-t1.json", "cutthroat-r2-t2.json",
                   "--db", "club.db", cwd=tmp_path).returncode == 0
    out = _euchre("standings", "1", "--db", "club.db", "--format", "json", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    assert _lines(json.loads(out.stdout)["standings"]) == WANT["standings"]
    text = _euchre("standings", "1", "--db", "club.db", cwd=tmp_path)
    assert "tables of 3, individual places" in text.stdout
    emn = _euchre("event", "export", "1", "--db", "club.db", cwd=tmp_path)
    assert emn.returncode == 1 and "Traceback" not in emn.stderr
    assert "is played at tables of 3" in emn.stderr
    four = _euchre("event", "seat", "1", "2", "--table", "1:Ann,Bob,Cy,Di", "--db", "club.db",
                   cwd=tmp_path)
    assert four.returncode == 2 and "event 1 seats 3 at a table" in four.stderr
    bad = _euchre("event", "create", "Six", "--format", "games", "--seats", "6", "--db", "club.db",
                  cwd=tmp_path)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and "--seats" in bad.stderr
    pairs = _euchre("event", "create", "P", "--format", "pairs", "--seats", "3", "--db", "club.db",
                    cwd=tmp_path)
    assert pairs.returncode != 0 and "Traceback" not in pairs.stderr
    assert "needs partnerships" in pairs.stderr


def test_table_links_open_sittings_at_the_events_table() -> None:
    from euchre_records.api.store import table_links
    db = fresh()
    eid = events.create_event(db, CASE["event"])
    events.add_seating(db, eid, 1, CASE["seatings"][0]["tables"])
    issued = table_links.issue_links(db, eid, 1, club_id=1, token_id=None, created_by="test")
    assert [(i.link.table, i.seats) for i in issued] == [
        (t["table"], t["seats"]) for t in CASE["seatings"][0]["tables"]]
    data = json.loads(db.conn.execute(
        "SELECT data FROM draft_revisions WHERE draft_id = ?", (issued[0].link.draft_id,)
    ).fetchone()[0])
    assert data["rules"] == {"preset": "modern", "seats": 3}
    assert data["players"] == {"0": {"name": "Ann"}, "1": {"name": "Bob"}, "2": {"name": "Cy"}}
    # the sitting entered there is the golden one: it replays and attaches as the round's table 1
    data["deals"] = CASE["sittings"][0]["record"]["deals"]
    data["rules"]["overrides"] = CASE["sittings"][0]["record"]["rules"]["overrides"]
    rid = Store(db).save(prepare(json.dumps(data))).id
    events.attach_sitting(db, eid, rid)
    got = events.standings(db, eid)
    assert got is not None and got["games"][0]["scores"] == WANT["games"][0]["scores"]


def test_a_progressive_cutthroat_round_is_placed_by_its_points_and_its_deals_counted() -> None:
    db = fresh()
    spec = {**CASE["event"], "format": "progressive", "deals_per_round": 2}
    eid = events.create_event(db, spec)
    events.add_seating(db, eid, 1, CASE["seatings"][0]["tables"])
    for s in CASE["sittings"][:2]:
        record = json.loads(json.dumps(s["record"]))
        record["rules"]["overrides"] = {"game_points": 10}     # nobody reaches it: unfinished
        events.attach_sitting(db, eid, Store(db).save(prepare(json.dumps(record))).id)
    got = events.standings(db, eid)
    assert got is not None and got["format"] == "progressive"
    # by hand, to 10: table 1 Bob 5, Ann 2, Cy 0 (two deals); table 2 recorded three deals and
    # counts the round's two (§3.2): Ed makes clubs with 3 tricks (1 to Ed), Flo is euchred
    # in diamonds (2 to each of Di and Ed): Ed 3, Di 2, Flo 0 — Di's march of deal 3 does not
    # count (both games unfinished)
    assert [(g["players"], g["scores"], g["places"]) for g in got["games"]] == [
        (["Ann", "Bob", "Cy"], [2, 5, 0], [2, 1, 3]), (["Di", "Ed", "Flo"], [2, 3, 0], [2, 1, 3])]
    assert [(f["table"], f["rule"].split(" ")[1]) for f in got["findings"]] == [("2", "§3.2")]
    assert got["findings"][0]["what"].endswith(
        "3 deals recorded, the tournament plays 2 per round; only the points of the first 2 "
        "count")
    # the ratings place each player as the standings do, over the round's two deals: at table 2
    # Ed first (3), Di second (2), Flo third; over all three deals Di (5) would be first
    from euchre_records.api.store import ratings
    placed = {m.record_id: m.ranks for m in ratings.matches(db)[0]}
    assert placed == {1: (1, 0, 2), 2: (1, 0, 2)}
    # in a games event the same unfinished games are not placed
    games = events.create_event(db, {**CASE["event"], "name": "Games night"})
    events.add_seating(db, games, 1, CASE["seatings"][0]["tables"])
    for rid in (1, 2):
        events.attach_sitting(db, games, rid)
    other = events.standings(db, games)
    assert other is not None and other["games"] == []
    assert {line["place_points"] for line in other["standings"]} == {0}
