"""Table links (issue 18): a capability for one table's sitting of one round, through the Flask
test client. The director issues them (pages, API, CLI share api/store/table_links.py); a table
opens its sitting from the link alone and enters deals; the link writes nothing else (403), reads
nothing else on a private server, and dies at the event's close, at its expiry and at its
revocation, each with a page (or a JSON error) that names the cause.

Seating used throughout (the golden progressive night, round 1, typed by hand): table 1 N Ann,
E Bob, S Cy, W Di; table 2 N Ed, E Flo, S Gus, W Hal.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from bs4 import BeautifulSoup

from euchre_records.api.store import events, table_links
from euchre_records.api.store.migrations import open_db
from euchre_records.api.store.tokens import verify

from pages_support import build_db, csrf_of, make_app, make_token
from test_pages import Scorer

PLAYERS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
SEATING = [{"table": "1", "seats": {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}},
           {"table": "2", "seats": {"N": "Ed", "E": "Flo", "S": "Gus", "W": "Hal"}}]
SECRET = re.compile(r"#(eut_[0-9]+_[0-9a-f]{64})")


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    path = tmp_path / "night.db"
    build_db(path, examples=False)
    return path


def _event(db_path: Path, token: str) -> int:
    db = open_db(db_path)
    try:
        row = verify(db, token)
        assert row is not None
        eid = events.create_event(db, {"name": "Friday progressive", "format": "progressive",
                                       "rounds": 3, "players": PLAYERS}, club_id=row.club_id)
        events.add_seating(db, eid, 1, SEATING)
    finally:
        db.close()
    return eid


def issue_for(db_path: Path, token: str, seatings: list[list[dict[str, Any]]], *,
              tables: list[str] | None = None, rules: str = "modern",
              deals_per_round: int | None = None) -> tuple[int, list[list[Any]]]:
    """A progressive event of the club of ``token`` with round n+1 seated by ``seatings[n]``,
    and each round's links issued (6 h; ``tables`` only, or all): the event and, by round, the
    issued links."""
    db = open_db(db_path)
    try:
        row = verify(db, token)
        assert row is not None
        spec: dict[str, Any] = {"name": "Friday progressive", "format": "progressive",
                                "rounds": 3, "players": PLAYERS}
        if deals_per_round is not None:
            spec["deals_per_round"] = deals_per_round
        eid = events.create_event(db, spec, club_id=row.club_id)
        issued = []
        for number, seating in enumerate(seatings, 1):
            events.add_seating(db, eid, number, seating)
            issued.append(table_links.issue_links(db, eid, number, club_id=row.club_id,
                                                  token_id=row.id, created_by="test", hours=6,
                                                  tables=tables, rules=rules))
    finally:
        db.close()
    return eid, issued


def link_of(db_path: Path, secret: str) -> Any:
    """The stored link a secret opens (asserted to exist)."""
    db = open_db(db_path)
    try:
        link = table_links.check_link(db, secret).link
    finally:
        db.close()
    assert link is not None
    return link


@pytest.fixture
def night(db_path: Path) -> dict[str, Any]:
    """A signed-in director, an open event with round 1 seated, and the cards just issued."""
    app = make_app(db_path)
    token = make_token(db_path, "Riverside Euchre Club")
    eid = _event(db_path, token)
    director = Scorer(app.test_client(), token)
    director.login()
    resp = director.client.post(f"/web/events/{eid}/rounds/1/links",
                                data={"csrf_token": director.csrf, "expires_hours": "6"})
    assert resp.status_code == 200, resp.data
    assert resp.headers["Cache-Control"] == "no-store"
    page = BeautifulSoup(resp.data, "html.parser")
    cards = page.select("section.table-card")
    secrets = {}
    for card in cards:
        table = card.h2.get_text(" ", strip=True).split()[1]
        secrets[table] = SECRET.search(card.select_one(".card-url").get_text()).group(1)
    return {"app": app, "director": director, "event": eid, "secrets": secrets, "cards": cards,
            "db": db_path, "token": token}


def _table_client(app: Any, secret: str) -> tuple[Any, str, str]:
    """A fresh browser that opens a table link: the client, its form token, its sitting URL."""
    client = app.test_client()
    join = client.get("/web/table")   # the fragment never reaches the server; the page's
    assert join.status_code == 200    # script posts it, as this does
    resp = client.post("/web/table", data={"code": secret, "csrf_token": csrf_of(join.data)})
    assert resp.status_code == 303, resp.data
    url = resp.headers["Location"].split("#")[0]
    page = client.get(url)
    assert page.status_code == 200
    return client, csrf_of(page.data), url


def _deal(client: Any, csrf: str, url: str, **fields: str) -> Any:
    page = BeautifulSoup(client.get(url).data, "html.parser")
    data = {"csrf_token": csrf, "revision": page.find("input", {"name": "revision"})["value"],
            "dealer": page.find("input", {"name": "dealer", "checked": True})["value"],
            "maker": "N", "trump": "H", "tricks": "3", **fields}
    return client.post(url + "/deals", data=data)


def test_each_card_shows_the_table_round_seats_qr_and_link(night: dict[str, Any]) -> None:
    cards = night["cards"]
    assert [c.h2.get_text(" ", strip=True) for c in cards] == ["Table 1 Round 1", "Table 2 Round 1"]
    seats = [[dd.get_text() for dd in c.select(".card-seats dd")] for c in cards]
    assert seats == [["Ann", "Bob", "Cy", "Di"], ["Ed", "Flo", "Gus", "Hal"]]
    assert [dt.get_text() for dt in cards[0].select(".card-seats dt")] == \
        ["North", "East", "South", "West"]
    for card in cards:
        img = card.select_one("img.qr")
        assert img["src"].startswith("data:image/svg+xml") and "QR code" in img["alt"]
    assert len(set(night["secrets"].values())) == 2


def test_the_store_keeps_only_the_hash_of_a_link(night: dict[str, Any]) -> None:
    conn = sqlite3.connect(night["db"])
    dump = "\n".join(conn.iterdump())
    conn.close()
    for secret in night["secrets"].values():
        assert secret not in dump
        assert secret.split("_")[2] not in dump
        assert table_links._hash(secret) in dump


def test_a_link_opens_its_sitting_and_enters_a_deal(night: dict[str, Any]) -> None:
    client, csrf, url = _table_client(night["app"], night["secrets"]["2"])
    page = BeautifulSoup(client.get(url).data, "html.parser")
    text = page.get_text(" ", strip=True)
    assert "Ed" in text and "Hal" in text and "Table 2, round 1" in text
    resp = _deal(client, csrf, url)
    assert resp.status_code == 303, resp.data
    db = open_db(night["db"])
    link = table_links.check_link(db, night["secrets"]["2"]).link
    data = db.conn.execute("SELECT data FROM draft_revisions WHERE draft_id = ? ORDER BY "
                           "revision DESC LIMIT 1", (link.draft_id,)).fetchone()[0]
    db.close()
    assert '"tricks":3' in data and '"table":"2"' in data and '"round":"1"' in data


def test_a_link_cannot_write_another_tables_sitting(night: dict[str, Any]) -> None:
    client, csrf, _ = _table_client(night["app"], night["secrets"]["1"])
    db = open_db(night["db"])
    other = table_links.check_link(db, night["secrets"]["2"]).link.draft_id
    db.close()
    resp = _deal_direct(client, csrf, f"/web/drafts/{other}")
    assert resp.status_code == 403
    assert client.get(f"/web/drafts/{other}").status_code == 403


def _deal_direct(client: Any, csrf: str, url: str) -> Any:
    return client.post(url + "/deals", data={"csrf_token": csrf, "revision": "1",
                                             "dealer": "N", "maker": "N", "trump": "H",
                                             "tricks": "3"})


@pytest.mark.parametrize("method,path", [
    ("post", "/web/sittings/new"),
    ("get", "/web/sittings/new"),
    ("post", "/web/events/new"),
    ("post", "/web/events/{event}/close"),
    ("post", "/web/events/{event}/rounds/1/links"),
    ("get", "/web/events/{event}/rounds/1/links"),
    ("post", "/web/drafts/{draft}/sitting"),
    ("post", "/web/drafts/{draft}/abandon"),
])
def test_a_link_may_use_no_other_page_route(night: dict[str, Any], method: str,
                                            path: str) -> None:
    client, csrf, url = _table_client(night["app"], night["secrets"]["1"])
    draft = url.rsplit("/", 1)[1]
    target = path.format(event=night["event"], draft=draft)
    resp = getattr(client, method)(target, data={"csrf_token": csrf, "confirm": "yes",
                                                 "name": "x", "format": "rubbers"})
    assert resp.status_code == 403, (target, resp.status_code)
    assert b"table" in resp.data


@pytest.mark.parametrize("path", ["/records", "/events", "/events/{event}/close",
                                  "/events/{event}/rounds/1/links"])
def test_a_link_as_bearer_may_write_no_api_route(night: dict[str, Any], path: str) -> None:
    client = night["app"].test_client()
    resp = client.post(path.format(event=night["event"]), json={},
                       headers={"Authorization": f"Bearer {night['secrets']['1']}"})
    assert resp.status_code == 403
    assert resp.get_json()["error"]["code"] == "forbidden"


def test_a_link_reads_nothing_else_of_a_private_server(night: dict[str, Any]) -> None:
    app = make_app(night["db"], PRIVATE=True)
    client, _, url = _table_client(app, night["secrets"]["1"])
    assert client.get(url).status_code == 200
    for path in (f"/web/events/{night['event']}", f"/events/{night['event']}",
                 f"/events/{night['event']}/standings", "/records", "/web/players"):
        assert client.get(path).status_code == 403, path


def test_revoking_a_link_kills_its_open_session(night: dict[str, Any]) -> None:
    client, csrf, url = _table_client(night["app"], night["secrets"]["1"])
    director = night["director"]
    db = open_db(night["db"])
    link_id = table_links.check_link(db, night["secrets"]["1"]).link.id
    db.close()
    resp = director.client.post(f"/web/events/{night['event']}/rounds/1/links/{link_id}/revoke",
                                data={"csrf_token": director.csrf})
    assert resp.status_code == 303
    after = _deal_direct(client, csrf, url)
    assert after.status_code == 410
    text = BeautifulSoup(after.data, "html.parser").get_text(" ", strip=True)
    assert "was revoked" in text and "ask the director" in text
    again = night["app"].test_client()
    join = again.get("/web/table")
    resp = again.post("/web/table", data={"code": night["secrets"]["1"],
                                          "csrf_token": csrf_of(join.data)})
    assert resp.status_code == 410 and b"revoked" in resp.data
    api = night["app"].test_client().get(
        "/table-link", headers={"Authorization": f"Bearer {night['secrets']['1']}"})
    assert api.status_code == 401 and "revoked" in api.get_json()["error"]["message"]


def test_closing_the_event_kills_every_link(night: dict[str, Any]) -> None:
    client, csrf, url = _table_client(night["app"], night["secrets"]["2"])
    director = night["director"]
    resp = director.client.post(f"/web/events/{night['event']}/close",
                                data={"csrf_token": director.csrf, "confirm": "yes"})
    assert resp.status_code == 303
    after = _deal_direct(client, csrf, url)
    assert after.status_code == 410
    assert "the event was closed" in BeautifulSoup(after.data, "html.parser").get_text(" ")
    api = client.post("/records", json={}, headers={"X-CSRF-Token": csrf})
    assert api.status_code == 401 and "the event was closed" in api.get_json()["error"]["message"]


def test_an_expired_link_is_dead(night: dict[str, Any]) -> None:
    after, _ = deal_after_expiry(night)
    assert after.status_code == 410
    assert "expired" in BeautifulSoup(after.data, "html.parser").get_text(" ")


def deal_after_expiry(night: dict[str, Any]) -> tuple[Any, str]:
    """Table 1 of ``night`` gets a link of a quarter of an hour, opens it, and posts a deal one
    second after it expired (the store's clock moved on): the answer and the link's expiry."""
    from datetime import datetime, timedelta
    db = open_db(night["db"])
    issued = table_links.issue_links(db, night["event"], 1, club_id=1, token_id=None,
                                     created_by="test", hours=0.25, tables=["1"])
    db.close()
    client, csrf, url = _table_client(night["app"], issued[0].secret)
    expires_at = issued[0].link.expires_at
    real_now = table_links._now
    table_links._now = lambda: datetime.fromisoformat(expires_at.replace("Z", "+00:00")) + \
        timedelta(seconds=1)
    try:
        return _deal_direct(client, csrf, url), expires_at
    finally:
        table_links._now = real_now


def test_a_new_link_replaces_the_old_and_keeps_the_deals(night: dict[str, Any]) -> None:
    client, csrf, url = _table_client(night["app"], night["secrets"]["1"])
    assert _deal(client, csrf, url).status_code == 303
    director = night["director"]
    resp = director.client.post(f"/web/events/{night['event']}/rounds/1/links",
                                data={"csrf_token": director.csrf, "table": "1"})
    fresh = SECRET.search(resp.data.decode()).group(1)
    assert _deal_direct(client, csrf, url).status_code == 410   # the old card is dead
    assert client.get(url).status_code == 410
    client2, csrf2, url2 = _table_client(night["app"], fresh)
    assert url2 == url                                           # the same sitting
    assert "Deal 2" in BeautifulSoup(client2.get(url2).data, "html.parser").get_text(" ")


def test_an_unknown_code_gets_a_page_not_a_traceback(night: dict[str, Any]) -> None:
    client = night["app"].test_client()
    join = client.get("/web/table")
    for code in ("eut_1_" + "0" * 64, "nonsense", "eut_99999999999999999999_x", "\u202e" * 300):
        resp = client.post("/web/table", data={"code": code, "csrf_token": csrf_of(join.data)})
        assert resp.status_code == 404, code
        assert b"Not a table link" in resp.data
    empty = client.post("/web/table", data={"code": "", "csrf_token": csrf_of(join.data)})
    assert empty.status_code == 422


def test_finishing_stores_and_attaches_the_sitting_then_the_link_is_used(
        night: dict[str, Any]) -> None:
    client, csrf, url = _table_client(night["app"], night["secrets"]["1"])
    for _ in range(4):   # four marches of the makers: 2 points each, game to 10 not reached
        assert _deal(client, csrf, url, tricks="5").status_code == 303
    page = BeautifulSoup(client.get(url).data, "html.parser")
    resp = client.post(url + "/finish", data={
        "csrf_token": csrf, "revision": page.find("input", {"name": "revision"})["value"]})
    assert resp.status_code == 303 and resp.headers["Location"].endswith("/web/table")
    used = client.get("/web/table")
    assert used.status_code == 410
    assert "has done its work" in BeautifulSoup(used.data, "html.parser").get_text(" ")
    db = open_db(night["db"])
    rows = db.conn.execute('SELECT round, "table" FROM tournament_sittings').fetchall()
    db.close()
    assert rows == [(1, "1")]


def test_the_links_page_lists_states_and_never_a_secret(night: dict[str, Any]) -> None:
    director = night["director"]
    resp = director.client.get(f"/web/events/{night['event']}/rounds/1/links")
    assert resp.status_code == 200
    for secret in night["secrets"].values():
        assert secret.split("_")[2].encode() not in resp.data
    states = [td.get_text(strip=True) for td in
              BeautifulSoup(resp.data, "html.parser").select("td[class^=state-]")]
    assert states == ["live", "live"]


def test_another_club_may_not_issue_links_for_the_event(night: dict[str, Any]) -> None:
    other = Scorer(night["app"].test_client(), make_token(night["db"], "Lakeside Club"))
    other.login()
    resp = other.client.post(f"/web/events/{night['event']}/rounds/1/links",
                             data={"csrf_token": other.csrf})
    assert resp.status_code == 403


def test_a_club_token_revoked_mid_sitting_is_named_as_the_cause(db_path: Path) -> None:
    """Not "the form's security token is out of date": the page says the token was revoked."""
    app = make_app(db_path)
    token = make_token(db_path, "Riverside Euchre Club")
    scorer = Scorer(app.test_client(), token)
    scorer.login()
    url = scorer.start()
    db = open_db(db_path)
    row = verify(db, token)
    from euchre_records.api.store.tokens import revoke
    revoke(db, row.id)
    db.close()
    for attempt in range(2):   # the form drawn before, posted twice (a retry on a phone)
        resp = scorer.client.post(url + "/deals", data={
            "csrf_token": scorer.csrf, "revision": "1", "dealer": "N", "maker": "N",
            "trump": "H", "tricks": "3"})
        assert resp.status_code == 303 and "/login" in resp.headers["Location"], attempt
        page = BeautifulSoup(scorer.client.get(resp.headers["Location"]).data, "html.parser")
        text = page.get_text(" ", strip=True)
        assert "security token" not in text
        assert f"this club's token (token {row.id}, Riverside Euchre Club) was revoked" in text
    api = scorer.client.post("/records", json={}, headers={"X-CSRF-Token": scorer.csrf})
    assert api.status_code == 401
    assert "was revoked" in api.get_json()["error"]["message"]


def test_links_from_the_cli_open_their_sittings_and_die_when_revoked_there(
        db_path: Path, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from euchre_records.cli.main import main
    token = make_token(db_path, "Riverside Euchre Club")
    eid = _event(db_path, token)
    out = tmp_path / "links.json"
    runner = CliRunner()
    issued = runner.invoke(main, ["event", "links", str(eid), "--round", "1", "--table", "2",
                                  "--out", str(out), "--db", str(db_path)])
    assert issued.exit_code == 0, issued.output
    assert issued.stdout == "" and oct(out.stat().st_mode & 0o777) == "0o600"
    import json
    link = json.loads(out.read_text())["links"][0]
    assert link["table"] == "2" and link["seats"] == SEATING[1]["seats"]
    app = make_app(db_path)
    client, csrf, url = _table_client(app, link["secret"])
    assert _deal(client, csrf, url).status_code == 303
    listed = runner.invoke(main, ["event", "links", str(eid), "--round", "1", "--list",
                                  "--format", "json", "--db", str(db_path)])
    assert [row["state"] for row in json.loads(listed.stdout)["links"]] == ["live"]
    assert link["secret"] not in listed.stdout
    revoked = runner.invoke(main, ["event", "revoke-link", str(eid), str(link["id"]),
                                   "--round", "1", "--db", str(db_path)])
    assert revoked.exit_code == 0 and "revoked at" in revoked.stderr
    assert client.get(url).status_code == 410
    again = runner.invoke(main, ["event", "links", str(eid), "--round", "1", "--table", "9",
                                 "--db", str(db_path)])
    assert again.exit_code == 1 and "no table '9'" in again.stderr


def test_links_from_the_api_need_the_events_club(night: dict[str, Any]) -> None:
    client = night["app"].test_client()
    auth = {"Authorization": f"Bearer {night['token']}"}
    resp = client.post(f"/events/{night['event']}/rounds/1/links",
                       json={"tables": ["1"], "expires_hours": 1}, headers=auth)
    assert resp.status_code == 201 and resp.headers["Cache-Control"] == "no-store"
    link = resp.get_json()["links"][0]
    assert link["url"].endswith(f"/web/table#{link['secret']}")
    me = client.get("/table-link", headers={"Authorization": f"Bearer {link['secret']}"})
    assert me.status_code == 200 and me.get_json()["table"] == "1"
    old = night["secrets"]["1"]   # replaced by the new link of table 1
    dead = client.get("/table-link", headers={"Authorization": f"Bearer {old}"})
    assert dead.status_code == 401 and "revoked" in dead.get_json()["error"]["message"]
    other = make_token(night["db"], "Lakeside Club")
    refused = client.post(f"/events/{night['event']}/rounds/1/links", json={},
                          headers={"Authorization": f"Bearer {other}"})
    assert refused.status_code == 403
    for body in ({"expires_hours": 0}, {"expires_hours": "soon"}, {"tables": []},
                 {"rules": "poker"}, {"surprise": 1}):
        bad = client.post(f"/events/{night['event']}/rounds/1/links", json=body, headers=auth)
        assert bad.status_code == 422, body
        assert bad.get_json()["error"]["problems"], body
    none = client.post(f"/events/{night['event']}/rounds/2/links", json={}, headers=auth)
    assert none.status_code == 422 and "no seating" in none.get_json()["error"]["message"]


def test_a_public_backup_keeps_no_table_link(night: dict[str, Any], tmp_path: Path) -> None:
    from euchre_records.api.store.backup import backup
    out = tmp_path / "public.db"
    backup(night["db"], out, public=True)
    conn = sqlite3.connect(out)
    counts = [conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
              for t in ("table_links", "table_link_revocations", "table_link_sessions")]
    conn.close()
    assert counts == [0, 0, 0]


def test_a_progressive_nights_deals_a_round_are_the_linked_sittings_deals(db_path: Path) -> None:
    """docs/EVENTS.md: a progressive round is a fixed number of deals. A sitting opened from a
    table link of such a night plays that many deals (no game, no rubber): after the fourth the
    page says the sitting is over and offers to store it; before it, the form asks for the next."""
    app = make_app(db_path)
    _, (issued,) = issue_for(db_path, make_token(db_path, "Riverside Euchre Club"), [SEATING],
                             deals_per_round=4)
    client, csrf, url = _table_client(app, issued[0].secret)
    for n in range(4):
        page = BeautifulSoup(client.get(url).data, "html.parser")
        assert page.select_one("#sitting-over") is None, f"over after {n} deals"
        assert _deal(client, csrf, url).status_code in (200, 303)
    page = BeautifulSoup(client.get(url).data, "html.parser")
    assert page.select_one("#sitting-over") is not None
    assert len(page.select('form[action$="/finish"]')) == 1
    db = open_db(db_path)
    try:
        from euchre_records.api.store import drafts
        draft = drafts.get_draft(db, issued[0].link.draft_id)
        assert draft is not None
        assert draft.data["rules"] == {"preset": "modern",
                                       "overrides": {"fixed_deals": 4, "game_points": None}}
        assert len(draft.data["deals"]) == 4
    finally:
        db.close()
