"""Withdrawing a record entered by mistake (issue 9): a new version with status ``withdrawn``,
nothing deleted or rewritten; the record leaves listings, views and statistics and stays
readable by id with its history; ``GET /records/{id}/history`` says who (club, token id) and
when for every version. Expected values are counted by hand from the writes the tests make."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from euchre_records.api.app import create_app
from euchre_records.testkit.samples import random_texts

from auth_fixtures import bearer, make_token

TEXTS = list(random_texts(3, start_seed=900))


@pytest.fixture
def world(tmp_path):
    path = str(tmp_path / "w.db")
    app = create_app({"DATABASE": path, "TESTING": True})
    own_id, own = make_token(path, "Taunton")
    admin_id, admin = make_token(path, "Federation", admin=True)
    client = app.test_client()

    def post(url, text=None, token=own, **headers):
        return client.post(url, data=text, headers={**bearer(token), **headers},
                           content_type="application/json" if text is not None else None)

    return {"path": path, "client": client, "post": post, "own": own, "own_id": own_id,
            "admin": admin, "admin_id": admin_id}


def names(text: str) -> list[str]:
    return [p["name"] for p in json.loads(text)["players"].values()]


def test_a_withdrawn_record_leaves_listings_and_statistics(world):
    client, post = world["client"], world["post"]
    kept = post("/records", TEXTS[0]).get_json()["id"]
    gone = post("/records", TEXTS[1]).get_json()["id"]
    player = next(n for n in names(TEXTS[1]) if n not in names(TEXTS[0]))
    assert client.get("/players/statistics", query_string={"name": player}
                      ).get_json()["rubbers_played"] == 1
    resp = post(f"/records/{gone}/withdraw?submitted_by=the%20scorer")
    assert resp.status_code == 201
    body = resp.get_json()
    withdrawal = body["id"]
    assert body == {"id": withdrawal, "withdrawn": gone, "status": "withdrawn",
                    "links": {"record": f"/records/{withdrawal}",
                              "history": f"/records/{withdrawal}/history"}}
    assert resp.headers["Location"] == f"/records/{withdrawal}"
    listed = client.get("/records").get_json()
    assert [r["id"] for r in listed["items"]] == [kept] and listed["total"] == 1
    assert [r["record_id"] for r in client.get("/rubbers").get_json()["items"]] == [kept]
    stats = client.get("/players/statistics", query_string={"name": player}).get_json()
    assert stats["rubbers_played"] == 0 and stats["games_played"] == 0
    conn = sqlite3.connect(world["path"])
    try:
        assert {r for (r,) in conn.execute("SELECT record_id FROM rubber_standings")} == {kept}
        assert conn.execute("SELECT count(*) FROM player_deals WHERE record_id IN (?, ?)",
                            (gone, withdrawal)).fetchone()[0] == 0
    finally:
        conn.close()


def test_a_withdrawn_record_stays_readable_with_its_history(world):
    client, post = world["client"], world["post"]
    first = post("/records", TEXTS[0]).get_json()["id"]
    second = post(f"/records?supersedes={first}", TEXTS[1], token=world["admin"]).get_json()["id"]
    withdrawal = post(f"/records/{second}/withdraw").get_json()["id"]
    old = client.get(f"/records/{second}").get_json()
    assert old["status"] == "superseded" and old["superseded_by"] == withdrawal
    assert old["record"] == json.loads(TEXTS[1])
    now = client.get(f"/records/{withdrawal}").get_json()
    assert now["status"] == "withdrawn" and now["supersedes"] == second
    assert now["record"] == json.loads(TEXTS[1])  # the record as it was withdrawn
    assert client.get(f"/records/{withdrawal}/result").status_code == 200
    for rid in (first, second, withdrawal):  # the same history from any version
        history = client.get(f"/records/{rid}/history").get_json()
        assert history["record_id"] == rid
        assert history["first_id"] == first and history["current_id"] is None
        assert history["status"] == "withdrawn" and history["owner_club"] == "Taunton"
        versions = history["versions"]
        assert [(v["id"], v["version"], v["status"], v["action"], v["supersedes"])
                for v in versions] == [
            (first, 1, "superseded", "submitted", None),
            (second, 2, "superseded", "corrected", first),
            (withdrawal, 3, "withdrawn", "withdrawn", second)]
        assert [v["by"] for v in versions] == [
            {"club": "Taunton", "token_id": world["own_id"]},
            {"club": "Federation", "token_id": world["admin_id"]},
            {"club": "Taunton", "token_id": world["own_id"]}]
        times = [v["submitted_at"] for v in versions]
        assert times == sorted(times) and all(t.endswith("Z") for t in times)


def test_only_the_current_version_can_be_withdrawn(world):
    post = world["post"]
    first = post("/records", TEXTS[0]).get_json()["id"]
    second = post(f"/records?supersedes={first}", TEXTS[1]).get_json()["id"]
    resp = post(f"/records/{first}/withdraw")
    assert resp.status_code == 409 and resp.get_json()["error"]["code"] == "already-superseded"
    assert resp.get_json()["error"]["current_id"] == second
    withdrawal = post(f"/records/{second}/withdraw").get_json()["id"]
    resp = post(f"/records/{withdrawal}/withdraw")
    assert resp.status_code == 409 and resp.get_json()["error"]["code"] == "already-withdrawn"
    resp = post(f"/records/{second}/withdraw")
    assert resp.status_code == 409 and resp.get_json()["error"]["current_id"] == withdrawal
    assert post("/records/999/withdraw").status_code == 404


def test_a_correction_brings_a_withdrawn_record_back(world):
    client, post = world["client"], world["post"]
    first = post("/records", TEXTS[0]).get_json()["id"]
    withdrawal = post(f"/records/{first}/withdraw").get_json()["id"]
    back = post(f"/records?supersedes={withdrawal}", TEXTS[2])
    assert back.status_code == 201
    back_id = back.get_json()["id"]
    assert [r["id"] for r in client.get("/records").get_json()["items"]] == [back_id]
    history = client.get(f"/records/{first}/history").get_json()
    assert history["current_id"] == back_id and history["status"] == "current"
    assert [v["action"] for v in history["versions"]] == ["submitted", "withdrawn", "corrected"]


def test_withdrawal_rewrites_nothing(world):
    post = world["post"]
    first = post("/records", TEXTS[0]).get_json()["id"]
    conn = sqlite3.connect(world["path"])
    try:
        before = conn.execute("SELECT hash, canonical, result, submitted_at, submitted_by "
                              "FROM records WHERE id = ?", (first,)).fetchone()
        rows_before = [conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                       for t in ("seats", "rubbers", "games", "deals", "findings")]
        post(f"/records/{first}/withdraw")
        after = conn.execute("SELECT hash, canonical, result, submitted_at, submitted_by "
                             "FROM records WHERE id = ?", (first,)).fetchone()
        rows_after = [conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
                      for t in ("seats", "rubbers", "games", "deals", "findings")]
        assert after == before and rows_after == rows_before
        assert conn.execute("SELECT count(*) FROM records").fetchone()[0] == 2
        with pytest.raises(sqlite3.IntegrityError):  # and the store refuses to undo it
            conn.execute("UPDATE records SET status = 'current' WHERE id = ?", (first,))
    finally:
        conn.close()


def test_reposting_a_withdrawn_record_is_a_duplicate_of_the_withdrawn_version(world):
    post = world["post"]
    first = post("/records", TEXTS[0]).get_json()["id"]
    post(f"/records/{first}/withdraw")
    again = post("/records", TEXTS[0])
    assert again.status_code == 200 and again.get_json()["id"] == first


def test_posting_the_withdrawn_text_as_a_correction_undoes_the_withdrawal(world):
    client, post = world["client"], world["post"]
    first = post("/records", TEXTS[0]).get_json()["id"]
    withdrawal = post(f"/records/{first}/withdraw").get_json()["id"]
    undo = post(f"/records?supersedes={withdrawal}", TEXTS[0])
    assert undo.status_code == 201
    undone = undo.get_json()["id"]
    assert [r["id"] for r in client.get("/records").get_json()["items"]] == [undone]
    assert [r["record_id"] for r in client.get("/rubbers").get_json()["items"]] == [undone]
    got = client.get(f"/records/{undone}").get_json()
    assert got["status"] == "current" and got["record"] == json.loads(TEXTS[0])
    history = client.get(f"/records/{first}/history").get_json()
    assert [v["action"] for v in history["versions"]] == ["submitted", "withdrawn", "corrected"]
    # only right after its withdrawal: the text of an older, superseded version stays refused
    second = post("/records", TEXTS[1]).get_json()["id"]
    third = post(f"/records?supersedes={second}", TEXTS[2]).get_json()["id"]
    resp = post(f"/records?supersedes={third}", TEXTS[1])
    assert resp.status_code == 409 and resp.get_json()["error"]["code"] == "duplicate-correction"


def test_a_bad_label_is_a_located_422_and_documented(world):
    post = world["post"]
    first = post("/records", TEXTS[0]).get_json()["id"]
    resp = post(f"/records/{first}/withdraw?submitted_by=" + "x" * 201)
    assert resp.status_code == 422
    assert resp.get_json()["error"]["problems"][0]["where"] == "query.submitted_by"
    spec = world["client"].get("/openapi.json").get_json()
    assert {"201", "401", "403", "404", "409", "422"} <= set(
        spec["paths"]["/records/{record_id}/withdraw"]["post"]["responses"])


def test_history_of_an_unknown_record_is_404(world):
    assert world["client"].get("/records/999/history").status_code == 404


@pytest.mark.parametrize("example, seats, variant", [
    ("two-handed-game.json", 2, "two-handed"), ("cutthroat-game.json", 3, "cut-throat"),
    ("five-handed-game.json", 5, "call-your-partner"), ("somerset-rubber.json", 4, "four-handed")])
def test_a_withdrawn_version_keeps_its_table(world, example, seats, variant):
    """The withdrawn version is the same record at the same table: its ``seats`` and ``variant``
    are the withdrawn one's (a withdrawal of a cut-throat game is no four-handed record), so a
    listing by table (``?seats=``) finds the history where the record was."""
    post = world["post"]
    text = (Path(__file__).resolve().parents[1] / "examples" / example).read_text(encoding="utf-8")
    first = post("/records", text).get_json()["id"]
    withdrawal = post(f"/records/{first}/withdraw").get_json()["id"]
    conn = sqlite3.connect(world["path"])
    try:
        rows = conn.execute("SELECT id, seats, variant, status FROM records ORDER BY id").fetchall()
    finally:
        conn.close()
    assert rows == [(first, seats, variant, "superseded"), (withdrawal, seats, variant, "withdrawn")]
