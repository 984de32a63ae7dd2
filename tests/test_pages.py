"""The HTML pages through Flask's test client and BeautifulSoup: every page renders, the entry
forms save drafts and store records exactly as POST /records does, bad input is shown next to
its field, and page errors are HTML while the JSON API keeps its one error shape. The record page
lists the laws of irregularities taken at tables of two, three and five (issue 32) with the rest
of the replay's findings, by the player's name.

Expected scores are worked by hand from the rules (Modern §6: makers 3-4 tricks 1 point, a march
2, a lone march 4, a euchre 2 to the defenders; game to 5 points here), never read from the engine.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_records.api.store.ingest import prepare
from euchre_records.api.store.migrations import open_db
from euchre_records.api.store.store import Store
from pages_support import ROOT, build_db, csrf_of, make_app, make_token

HEADER = {"player_N": "Ann", "player_E": "Bob", "player_S": "Cy", "player_W": "Di",
          "preset": "modern", "game_points": "5", "club": "Riverside", "date": "2026-11-27",
          "table": "4"}


@pytest.fixture
def db_path(tmp_path):
    path = tmp_path / "pages.db"
    build_db(path)
    return path


@pytest.fixture
def app(db_path):
    return make_app(db_path)


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def token(db_path):
    return make_token(db_path, "Riverside")


class Scorer:
    """A signed-in browser session driving the entry forms (flaskr's AuthActions)."""

    def __init__(self, client, token):
        self.client, self.token = client, token
        self.csrf = ""

    def login(self):
        self.csrf = csrf_of(self.client.get("/login").data)
        resp = self.client.post("/login", data={"token": self.token, "csrf_token": self.csrf,
                                                "next": "/"})
        assert resp.status_code == 303, resp.data
        self.csrf = csrf_of(self.client.get("/web/sittings/new").data)
        return resp

    def start(self, **changes) -> str:
        resp = self.client.post("/web/sittings/new",
                                data={**HEADER, **changes, "csrf_token": self.csrf})
        assert resp.status_code == 303, resp.data.decode()
        return resp.headers["Location"]

    def page(self, url):
        resp = self.client.get(url)
        assert resp.status_code == 200, resp.data
        return BeautifulSoup(resp.data, "html.parser")

    def revision(self, url) -> str:
        return self.page(url).find("input", {"name": "revision"})["value"]

    def dealer(self, url) -> str:
        return self.page(url).find("input", {"name": "dealer", "checked": True})["value"]

    def deal(self, url, **fields):
        data = {"csrf_token": self.csrf, "revision": self.revision(url),
                "dealer": self.dealer(url), **fields}
        return self.client.post(url + "/deals", data=data)

    def finish(self, url):
        return self.client.post(url + "/finish", data={"csrf_token": self.csrf,
                                                       "revision": self.revision(url)})


@pytest.fixture
def scorer(client, token):
    s = Scorer(client, token)
    s.login()
    return s


def soup(resp):
    return BeautifulSoup(resp.data, "html.parser")


# --- reading pages ---------------------------------------------------------------------------

def test_home_lists_recent_rubbers_and_search(client):
    resp = client.get("/")
    assert resp.status_code == 200 and resp.mimetype == "text/html"
    page = soup(resp)
    assert page.find("h1").text == "Euchre records"
    links = [a["href"] for a in page.select("ul.rubbers a")]
    assert links and all(re.fullmatch(r"/web/rubbers/\d+", h) for h in links)
    assert page.find("form", {"role": "search"}).find("label")["for"] == "q"
    assert page.find("a", string="Sign in") is not None


def test_every_control_has_a_label(scorer):
    for url in ("/", "/web/sittings/new", scorer.start(), "/login", "/web/players"):
        page = scorer.page(url)
        for control in page.find_all(["input", "select"]):
            if control.get("type") in ("hidden", "submit"):
                continue
            labelled = (control.find_parent("label") is not None
                        or (control.get("id") and page.find("label", {"for": control["id"]})))
            assert labelled, f"{url}: unlabelled {control}"


def test_rubber_page_shows_scoresheet_findings_chart(client):
    # examples/somerset-rubber.json: the revoke of deal 8 trick 2 is charged by Somerset 62-64
    rubbers = client.get("/rubbers?per_page=100").get_json()["items"]
    somerset = next(r for r in rubbers if r["rules"] == "somerset-1888")
    page = soup(client.get(f"/web/rubbers/{somerset['id']}"))
    rules = [r.text for r in page.select(".all-findings .rule")]
    assert "Rule: Somerset 62-64" in rules
    games = page.select("section.game")
    assert len(games) == somerset["games_played"]
    svg = page.find("svg")
    assert svg["role"] == "img" and svg.find("title").text == "Running score"
    assert len(svg.select("line.boundary")) == len(games)
    assert {g["data-side"] for g in svg.select("g.side")} == {"NS", "EW"}
    state = page.find("p", class_="rubber-state").text
    won = somerset["games_won"]
    assert f"games {won[0]}–{won[1]}" in state


def test_card_level_record_shows_tricks_and_marks_the_revoke(client):
    rubbers = client.get("/rubbers?per_page=100").get_json()["items"]
    somerset = next(r for r in rubbers if r["rules"] == "somerset-1888")
    page = soup(client.get(f"/web/records/{somerset['record_id']}"))
    deal8 = page.find("h2", id="d8").find_parent("section")
    rows = deal8.select("table.tricks tbody tr.has-finding")
    assert rows and rows[0].find("th").text == "2"           # trick 2
    revoke = rows[0].select_one(".play.revoke")
    assert revoke.text.startswith("N 8♠")                    # N played 8S holding 7H
    assert "Somerset 63" in deal8.text


def test_player_page_and_search(client):
    name = client.get("/rubbers").get_json()["items"][0]["players"]["N"]
    page = soup(client.get("/web/players", query_string={"q": name[:2].lower()}))
    assert name in [a.text for a in page.select("ul.names a")]
    page = soup(client.get(f"/web/players/{name}"))
    assert page.find("h1").text == name
    assert page.find("caption").text == "Statistics over current records"


@pytest.mark.parametrize("path", ["/web/rubbers/9999", "/web/records/9999",
                                  "/web/players/Nobody%20At%20All", "/web/drafts/1"])
def test_page_errors_are_html(client, path):
    resp = client.get(path)
    if path.startswith("/web/drafts"):
        assert resp.status_code == 303 and resp.headers["Location"].startswith("/login")
        return
    assert resp.status_code == 404 and resp.mimetype == "text/html"
    assert soup(resp).find("h1").text == "Not found"


def test_api_errors_stay_json_and_unknown_paths_follow_accept(client):
    resp = client.get("/rubbers/9999")
    assert resp.status_code == 404 and resp.get_json()["error"]["code"] == "not-found"
    assert client.get("/nowhere").mimetype == "application/json"
    resp = client.get("/nowhere", headers={"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"})
    assert resp.status_code == 404 and resp.mimetype == "text/html"
    assert client.get("/web/nowhere").mimetype == "text/html"


def test_pages_stay_out_of_openapi(client):
    paths = client.get("/openapi.json").get_json()["paths"]
    assert not [p for p in paths if p == "/" or p.startswith(("/web", "/login", "/logout"))]


def test_static_files_are_versioned_and_cached(client):
    page = client.get("/").data.decode()
    href = re.search(r'href="(/web/static/pages\.css\?v=[0-9a-f]{12})"', page).group(1)
    with client.get(href) as resp:
        assert resp.status_code == 200 and "immutable" in resp.headers["Cache-Control"]
        assert "max-age=31536000" in resp.headers["Cache-Control"]
        assert resp.mimetype == "text/css"


# --- signing in ------------------------------------------------------------------------------

def test_login_link_fills_the_form_but_signs_in_only_by_post(client, token):
    page = soup(client.get(f"/login?token={token}"))
    assert page.find("input", {"name": "token"})["value"] == token
    assert "Sign out" not in client.get("/").data.decode()  # the GET did not sign in


@pytest.mark.parametrize("given, status, message", [
    ("", 400, "Type or paste your club"),
    ("eur_1_" + "0" * 64, 401, "That token is not valid"),
    ("x" * 600, 401, "That token is not valid"),
])
def test_bad_tokens(client, given, status, message):
    csrf = csrf_of(client.get("/login").data)
    resp = client.post("/login", data={"token": given, "csrf_token": csrf})
    assert resp.status_code == status and message in resp.data.decode()


def test_login_next_only_follows_local_paths(client, token):
    csrf = csrf_of(client.get("/login").data)
    resp = client.post("/login", data={"token": token, "csrf_token": csrf,
                                       "next": "//evil.example/x"})
    assert resp.headers["Location"] == "/"


def test_logout(scorer):
    resp = scorer.client.post("/logout", data={"csrf_token": scorer.csrf})
    assert resp.status_code == 303
    assert scorer.client.get("/web/sittings/new").status_code == 303


@pytest.mark.parametrize("path", ["/web/sittings/new", "/web/drafts/1", "/web/drafts/1/deals/1"])
def test_entry_pages_need_sign_in(client, path):
    resp = client.get(path)
    assert resp.status_code == 303 and resp.headers["Location"].startswith("/login?next=")


def test_write_without_form_token_is_refused_as_html(scorer):
    url = scorer.start()
    resp = scorer.client.post(url + "/deals", data={"maker": "E"})
    assert resp.status_code == 403 and resp.mimetype == "text/html"
    assert "security token" in resp.data.decode()


# --- entering a sitting ----------------------------------------------------------------------

def test_enter_deals_then_finish_stores_as_post_records(scorer, client):
    url = scorer.start()
    # deal 1: N deals; E makes hearts, 3 tricks -> E-W 1 (Modern §6)
    assert scorer.deal(url, maker="E", trump="H", tricks="3").status_code == 303
    assert scorer.dealer(url) == "E"                 # the deal passes to the left
    # deal 2: S alone, 5 tricks: a lone march, 4 to N-S
    scorer.deal(url, maker="S", trump="S", tricks="5", alone="yes")
    # deal 3: W makes diamonds and takes 2: euchred, 2 to N-S -> 6-1, game 1 to N-S
    scorer.deal(url, maker="W", trump="D", tricks="2")
    page = scorer.page(url)
    assert "N-S won 6–1" in page.find("h3", id="game-1-h").text
    scores = [td.text for td in page.select("#game-1-h ~ table td.score")]
    assert scores == ["0–1", "4–1", "6–1"]
    assert "euchre" in page.find("tr", id="deal-3").text
    assert scorer.dealer(url) == "W"                 # N, E, S have dealt
    resp = scorer.finish(url)
    assert resp.status_code == 303
    rubber_url = resp.headers["Location"]
    assert re.fullmatch(r"/web/rubbers/\d+", rubber_url)
    page = scorer.page(rubber_url)
    assert page.find("h1").text.split() == ["Ann", "&", "Cy", "v", "Bob", "&", "Di"]
    # the same record by hand, posted to the JSON API, is the duplicate of what the page stored
    record = {
        "format": "euchre-records", "version": "1.0",
        "event": {"club": "Riverside", "date": "2026-11-27", "table": "4"},
        "players": {s: {"name": n} for s, n in zip("NESW", ("Ann", "Bob", "Cy", "Di"))},
        "rules": {"preset": "modern", "overrides": {"game_points": 5}},
        "deals": [
            {"kind": "result", "dealer": "N", "result": {"maker": "E", "trump": "H", "tricks": 3}},
            {"kind": "result", "dealer": "E",
             "result": {"maker": "S", "trump": "S", "alone": True, "tricks": 5}},
            {"kind": "result", "dealer": "S", "result": {"maker": "W", "trump": "D", "tricks": 2}},
        ]}
    api = client.application.test_client()  # a JSON client: a Bearer token, no session cookie
    resp = api.post("/records", data=json.dumps(record), content_type="application/json",
                    headers={"Authorization": f"Bearer {scorer.token}"})
    assert resp.status_code == 200, resp.data
    body = resp.get_json()
    assert body["duplicate"] is True
    rubber = client.get(f"/rubbers/{rubber_url.rsplit('/', 1)[1]}").get_json()
    assert rubber["record_id"] == body["id"]
    # the draft is finished: no longer listed on the home page
    assert "Sittings in progress" in client.get("/").data.decode()
    assert not scorer.page("/").select("ul.drafts li")


def test_draft_survives_and_is_listed_for_its_club_only(scorer, client, db_path):
    url = scorer.start()
    scorer.deal(url, maker="E", trump="H", tricks="3")
    home = scorer.page("/")
    assert [a["href"] for a in home.select("ul.drafts a")] == [url]
    assert "1 deal," in home.select_one("ul.drafts li").text
    other = Scorer(make_app(db_path).test_client(), make_token(db_path, "Hillside"))
    other.login()
    assert not other.page("/").select("ul.drafts li")
    assert other.client.get(url).status_code == 404      # another club's draft does not leak


@pytest.mark.parametrize("fields, field, message", [
    ({"trump": "H", "tricks": "3"}, "maker", "choose who made trump"),
    ({"maker": "E", "tricks": "3"}, "trump", "choose the trump suit"),
    ({"maker": "E", "trump": "H"}, "tricks", "choose how many tricks"),
    ({"maker": "E", "trump": "H", "tricks": "7"}, "tricks", "7 is not between 0 and 5"),
    ({"maker": "E", "trump": "H", "tricks": "3", "sheet_points_ns": "1"}, "sheet_points_ns",
     "write both sides' points or neither"),
    ({"maker": "E", "trump": "H", "tricks": "x"}, "tricks", "'x' is not a whole number"),
])
def test_bad_deal_is_shown_at_its_field_and_not_saved(scorer, fields, field, message):
    url = scorer.start()
    before = scorer.revision(url)
    resp = scorer.deal(url, **fields)
    assert resp.status_code == 200
    page = soup(resp)
    box = page.find(id=f"f-{field}")
    assert message in box.text
    assert message in page.find(id="error-summary").text
    assert scorer.revision(url) == before


def test_engine_refusal_is_located_at_its_field(scorer):
    # under stick-the-dealer the dealer must name a suit: no deal is thrown in (Modern §7-8)
    url = scorer.start(stick_the_dealer="yes")
    resp = scorer.deal(url, maker="none")
    assert resp.status_code == 200
    assert "stick-the-dealer" in soup(resp).find(id="f-maker").text


def test_stale_revision_is_refused(scorer):
    url = scorer.start()
    old = scorer.revision(url)
    scorer.deal(url, maker="E", trump="H", tricks="3")
    resp = scorer.client.post(url + "/deals", data={
        "csrf_token": scorer.csrf, "revision": old, "dealer": "E", "maker": "S", "trump": "S",
        "tricks": "4"})
    assert resp.status_code == 200
    assert "saved elsewhere" in resp.data.decode()
    assert len(scorer.page(url).select("table.sheet tbody tr[id^=deal-]")) == 1


def test_undo_and_edit_keep_history(scorer, client, db_path):
    url = scorer.start()
    scorer.deal(url, maker="E", trump="H", tricks="3")
    scorer.deal(url, maker="S", trump="S", tricks="4")
    resp = client.post(url + "/undo", data={"csrf_token": scorer.csrf,
                                            "revision": scorer.revision(url)})
    assert resp.status_code == 303
    assert scorer.dealer(url) == "E"
    # change deal 1: E took 5 -> a march, 2 to E-W (Modern §6)
    edit = url + "/deals/1"
    assert scorer.page(url).select_one("#deal-1 th a")["href"] == edit
    form = scorer.page(edit)
    assert form.find("input", {"name": "maker", "checked": True})["value"] == "E"
    resp = client.post(edit, data={"csrf_token": scorer.csrf, "revision": scorer.revision(url),
                                   "dealer": "N", "maker": "E", "trump": "H", "tricks": "5"})
    assert resp.status_code == 303
    assert scorer.page(url).select_one("#deal-1 td.score").text == "0–2"
    from euchre_records.api.store.migrations import open_db
    db = open_db(db_path)
    try:
        n = db.execute("SELECT count(*) FROM draft_revisions").fetchone()[0]
    finally:
        db.close()
    assert n == 5  # created, two deals, undo, edit: every revision kept


def test_sheet_figures_disagreeing_give_a_finding_with_its_rule(scorer):
    url = scorer.start()
    # S's lone march is 4 (Modern §6); the scorer wrote 2
    scorer.deal(url, maker="S", trump="S", tricks="5", alone="yes", sheet_points_ns="2",
                sheet_points_ew="0")
    page = scorer.page(url)
    finding = page.select_one("#deal-1 + tr.findings-row .finding")
    assert "Modern §6" in finding.select_one(".rule").text
    assert "2-0" in finding.text and "4-0" in finding.text


def test_revoke_claim_is_scored(scorer):
    url = scorer.start(game_points="10")
    # E makes hearts and takes 4, but a revoke by E is claimed: Modern §7 (renege) gives the
    # non-offenders 2 points and the offenders nothing for the hand -> 2-0
    scorer.deal(url, maker="E", trump="H", tricks="4", revoke_seat="E")
    page = scorer.page(url)
    assert page.select_one("#deal-1 td.score").text == "2–0"
    finding = page.select_one("#deal-1 + tr.findings-row .finding")
    assert "revoke" in finding.text and "Modern §7" in finding.select_one(".rule").text


def test_thrown_in_passes_the_deal_and_a_misdeal_does_not(scorer):
    url = scorer.start()
    scorer.deal(url, maker="none")
    assert "all passed" in scorer.page(url).select_one("#deal-1").text
    assert scorer.dealer(url) == "E"                 # thrown in: the deal passes (Modern §3)
    scorer.deal(url, misdeal="yes", misdeal_cause="wrong-count")
    assert "misdeal" in scorer.page(url).select_one("#deal-2").text
    assert scorer.dealer(url) == "E"                 # a misdeal: the same dealer deals again


@pytest.mark.parametrize("changes, field, message", [
    ({"player_W": ""}, "player_W", "type the name of the player at W"),
    ({"preset": "bridge"}, "preset", "choose a rule set"),
    ({"game_points": "0"}, "game_points", "0 is not between 1 and 100"),
    ({"date": "27/11/2026"}, "date", "is not a date"),
    ({"pack": "52"}, "pack", "'52' is not one of 24, 28, 32"),
])
def test_bad_sitting_is_shown_at_its_field(scorer, changes, field, message):
    resp = scorer.client.post("/web/sittings/new",
                              data={**HEADER, **changes, "csrf_token": scorer.csrf})
    assert resp.status_code == 200
    assert message in soup(resp).find(id=f"f-{field}").text


def test_correcting_a_record_opens_a_draft_of_its_next_version(scorer, client):
    url = scorer.start()
    scorer.deal(url, maker="E", trump="H", tricks="3")
    rubber_url = scorer.finish(url).headers["Location"]
    old_id = client.get(f"/rubbers/{rubber_url.rsplit('/', 1)[1]}").get_json()["record_id"]
    resp = client.post(f"/web/records/{old_id}/correct", data={"csrf_token": scorer.csrf})
    assert resp.status_code == 303
    draft_url = resp.headers["Location"]
    again = client.post(f"/web/records/{old_id}/correct", data={"csrf_token": scorer.csrf})
    assert again.headers["Location"] == draft_url                  # resumed, not a second draft
    assert f"Correcting record {old_id}" in scorer.page(draft_url).find("h1").text
    scorer.deal(draft_url, maker="S", trump="C", tricks="4")
    resp = scorer.finish(draft_url)
    assert resp.status_code == 303
    new = client.get(f"/rubbers/{resp.headers['Location'].rsplit('/', 1)[1]}").get_json()
    assert new["record_id"] != old_id
    old = client.get(f"/records/{old_id}").get_json()
    assert old["status"] == "superseded" and old["superseded_by"] == new["record_id"]


def test_another_club_may_not_correct(scorer, client, db_path):
    url = scorer.start()
    scorer.deal(url, maker="E", trump="H", tricks="3")
    rubber_url = scorer.finish(url).headers["Location"]
    record_id = client.get(f"/rubbers/{rubber_url.rsplit('/', 1)[1]}").get_json()["record_id"]
    other = Scorer(make_app(db_path).test_client(), make_token(db_path, "Hillside"))
    other.login()
    resp = other.client.post(f"/web/records/{record_id}/correct", data={"csrf_token": other.csrf})
    assert resp.status_code == 403 and resp.mimetype == "text/html"


# --- events (the events engineer's standings, shown as they are computed) ----------------------

@pytest.fixture
def event_client(tmp_path):
    from events_support import build
    case = json.loads((ROOT / "tests/golden/events/02-rubber-night.json").read_text())
    expected = json.loads(
        (ROOT / "tests/golden/events/02-rubber-night.expected.json").read_text())
    path = tmp_path / "events.db"
    db, event_id, _ = build(case, path=str(path))
    db.close()
    return make_app(path).test_client(), event_id, expected


def test_event_page_shows_the_standings_worked_by_hand(event_client):
    client, event_id, expected = event_client
    page = soup(client.get(f"/web/events/{event_id}"))
    assert page.find("h1").text == "Rubber night"
    rows = page.select("table.standings tbody tr")
    shown = [(r.find("th").text, r.find("td").text.strip()) for r in rows]
    assert shown == [(str(s["place"]), s["entrant"]) for s in expected["standings"]]
    tie_breaks = [r.select_one("td.tie-break").text for r in rows]
    assert all(tie_breaks)
    home = soup(client.get("/"))
    assert f"/web/events/{event_id}" in [a["href"] for a in home.select("section a")]


def test_round_page_links_each_sitting_to_its_scoresheet(event_client):
    client, event_id, _ = event_client
    page = soup(client.get(f"/web/events/{event_id}/rounds/1"))
    links = [a["href"] for a in page.select("table.list a")]
    assert len(links) == 2 and all(h.startswith("/web/rubbers/") for h in links)
    assert client.get(links[0]).status_code == 200
    assert client.get(f"/web/events/{event_id}/rounds/9").status_code == 200
    assert client.get("/web/events/999").status_code == 404


def test_saved_deal_is_announced_with_the_score(scorer):
    url = scorer.start()
    resp = scorer.deal(url, maker="S", trump="S", tricks="5", alone="yes")
    page = scorer.page(resp.headers["Location"])
    # a lone march: 4 to N-S (Modern §6)
    assert page.find(id="messages").text.strip() == "Deal 1 added: score N-S 4, E-W 0."


def test_private_server_sends_pages_to_sign_in(db_path, token):
    client = make_app(db_path, PRIVATE=True).test_client()
    resp = client.get("/web/rubbers/1")
    assert resp.status_code == 303
    assert resp.headers["Location"] == "/login?next=/web/rubbers/1"
    assert client.get("/login").status_code == 200
    assert client.get("/rubbers/1").status_code == 401          # the JSON API: 401 as before
    csrf = csrf_of(client.get("/login").data)
    resp = client.post("/login", data={"token": token, "csrf_token": csrf,
                                       "next": "/web/rubbers/1"})
    assert resp.headers["Location"] == "/web/rubbers/1"
    assert client.get("/web/rubbers/1").status_code == 200


def test_a_store_that_cannot_be_written_is_an_html_503_on_pages(scorer, monkeypatch):
    import sqlite3

    from euchre_records.api.store import drafts

    def readonly(*args, **kwargs):
        raise sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(drafts, "create_draft", readonly)
    resp = scorer.client.post("/web/sittings/new", data={**HEADER, "csrf_token": scorer.csrf})
    assert resp.status_code == 503 and resp.mimetype == "text/html"
    assert "read-only" in soup(resp).find("p", class_="error-message").text
    assert resp.headers["Retry-After"] == "5"


def test_sitting_form_offers_the_clubs_own_players_first(scorer):
    before = [o["value"] for o in scorer.page("/web/sittings/new").select("#known-players option")]
    assert "Ann" not in before and before                       # every known player, no club's yet
    url = scorer.start()
    scorer.deal(url, maker="E", trump="H", tricks="3")
    scorer.finish(url)
    names = [o["value"] for o in scorer.page("/web/sittings/new").select("#known-players option")]
    assert names == ["Ann", "Bob", "Cy", "Di"]                  # this club's records only


def test_changing_the_sitting_replays_the_deals(scorer):
    url = scorer.start()
    # E takes 5 not alone: a march, 2 to E-W under modern rules (Modern §6)
    scorer.deal(url, maker="E", trump="H", tricks="5")
    form = scorer.page(url + "/sitting")
    assert form.find("input", {"name": "player_E"})["value"] == "Bob"
    assert form.find("input", {"name": "game_points"})["value"] == "5"
    resp = scorer.client.post(url + "/sitting", data={
        **HEADER, "player_E": "Bobby", "preset": "hoyle", "game_points": "",
        "csrf_token": scorer.csrf, "revision": scorer.revision(url)})
    assert resp.status_code == 303
    page = scorer.page(url)
    assert "E Bobby" in page.find("p", class_="meta").text
    assert "Hoyle-style" in page.select("p.meta")[1].text   # the rule set by its name (issue 18)
    assert page.select_one("#deal-1 td.score").text == "0–2"      # Hoyle: a march is 2 too
    # a change the deals cannot stand is refused, naming the deal
    scorer.deal(url, maker="none")
    resp = scorer.client.post(url + "/sitting", data={
        **HEADER, "stick_the_dealer": "yes", "csrf_token": scorer.csrf,
        "revision": scorer.revision(url)})
    assert resp.status_code == 200
    assert "deals[1].result.maker" in soup(resp).find(id="error-summary").text
    assert "Bobby" in scorer.page(url).find("p", class_="meta").text      # nothing saved


def test_with_sitting_keeps_what_the_form_does_not_offer():
    from euchre_records.api.pages.forms import with_sitting
    data = {"format": "euchre-records", "version": "1.0",
            "event": {"club": "Somerset Club", "notes": "kept"},
            "players": {"N": {"name": "Ames", "id": "SC-12"}, "E": {"name": "Bell", "id": "SC-3"}},
            "rules": {"preset": "somerset-1888", "overrides": {"lap": False, "pack": 24}},
            "deals": [{"kind": "result"}]}
    header = {"players": {"N": {"name": "Ames"}, "E": {"name": "Bel"}},
              "rules": {"preset": "somerset-1888", "overrides": {"game_points": 7}},
              "event": {"club": "Somerset"}}
    out = with_sitting(data, header)
    assert out["players"] == {"N": {"name": "Ames", "id": "SC-12"}, "E": {"name": "Bel"}}
    assert out["rules"] == {"preset": "somerset-1888",
                            "overrides": {"lap": False, "game_points": 7}}
    assert out["event"] == {"club": "Somerset", "notes": "kept"}
    assert out["deals"] == data["deals"]


def test_attach_a_finished_sitting_to_the_clubs_event(scorer, client, db_path):
    from euchre_records.api.store import events
    from euchre_records.api.store.migrations import open_db
    from euchre_records.api.store.tokens import club_id
    make_token(db_path, "Hillside")
    db = open_db(db_path)
    try:
        mine = events.create_event(db, {"name": "Club night", "format": "rubbers",
                                        "players": ["Ann", "Bob", "Cy", "Di"]},
                                   club_id=club_id(db, "Riverside"))
        theirs = events.create_event(db, {"name": "Elsewhere", "format": "rubbers",
                                          "players": ["Ann", "Bob", "Cy", "Di"]},
                                     club_id=club_id(db, "Hillside"))
    finally:
        db.close()
    url = scorer.start(event="Club night", round="1")
    scorer.deal(url, maker="E", trump="H", tricks="3")
    rubber_url = scorer.finish(url).headers["Location"]
    page = scorer.page(rubber_url)
    offered = [o.text for o in page.select("#attach-event option")]
    assert offered == ["Club night"]                       # only the club's own events
    record_id = client.get(f"/rubbers/{rubber_url.rsplit('/', 1)[1]}").get_json()["record_id"]
    resp = client.post(f"/web/records/{record_id}/attach", data={
        "csrf_token": scorer.csrf, "event_id": str(mine), "round": "1", "table": "4"})
    assert resp.status_code == 303 and resp.headers["Location"] == f"/web/events/{mine}"
    standings = scorer.page(resp.headers["Location"])
    assert {r.find("td").text.strip() for r in standings.select("table.standings tbody tr")} \
        == {"Ann", "Bob", "Cy", "Di"}
    resp = client.post(f"/web/records/{record_id}/attach", data={
        "csrf_token": scorer.csrf, "event_id": str(theirs)})
    assert resp.status_code == 403 and resp.mimetype == "text/html"
    for field in ({"event_id": str(2**63)}, {"event_id": "-1"},            # no SQLite integer
                  {"event_id": str(mine), "round": str(2**64)},
                  {"event_id": "9" * 5000}, {"event_id": str(mine), "round": "9" * 5000},  # past
                  {"event_id": "²"}, {"event_id": str(mine), "round": "²"}):   # int(): issue 32
        resp = client.post(f"/web/records/{record_id}/attach",
                           data={"csrf_token": scorer.csrf, **field})
        assert resp.status_code == 303, (field, resp.status_code)  # back, with a message


def test_player_page_shows_partnerships_from_the_registry(client):
    # examples/format-tour.json: Ames (id SC-12) sits N, Cobb S, in the Spring rubbers of 1888
    page = soup(client.get("/web/players/Ames"))
    partners = [r.find("td").text for r in page.select("table.list tbody tr")]
    assert partners == ["Cobb"]
    assert "SC-12 (notation)" in page.find("p", class_="meta").text


# --- card-level entry ------------------------------------------------------------------------

CARD_DEAL = {
    "dealer": "N", "turned": "9D",
    "hand_N": "AH KH QH 9S TS", "hand_E": "AS KS QS JC 9C",
    "hand_S": "JH TH 9H AD KD", "hand_W": "AC KC QC TC JS",
    # round one: all pass (N turns the 9D down); round two: E passes, S names hearts
    "calls": "pass\npass\npass\npass\npass\nH",
    # E leads spades and W, holding JS, plays TC: a revoke (Modern §7)
    "tricks": "AS 9H TC 9S\nJH JS QH 9C\nTH QC KH JC\nAH KS AD KC\nTS QS KD AC",
}


def test_a_deal_card_by_card_is_replayed_and_its_revoke_found(scorer, client):
    url = scorer.start(game_points="10")
    form = scorer.page(url + "/cards")
    assert form.find("option", {"value": "N", "selected": True}) is not None
    resp = client.post(url + "/cards", data={**CARD_DEAL, "csrf_token": scorer.csrf,
                                             "revision": scorer.revision(url)})
    assert resp.status_code == 303, resp.data.decode()
    page = scorer.page(url)
    # S made hearts with N-S taking 4 tricks, but W revoked: Modern §7 gives the non-offenders
    # 2 and, penalty only, the hand's own point does not score -> 2-0
    assert page.select_one("#deal-1 td.score").text == "2–0"
    finding = page.select_one("#deal-1 + tr.findings-row .finding")
    assert "W" in finding.text and "Modern §7" in finding.select_one(".rule").text
    assert page.select_one("#deal-1 th a")["href"] == url + "/cards/1"
    rubber_url = scorer.finish(url).headers["Location"]
    record_id = client.get(f"/rubbers/{rubber_url.rsplit('/', 1)[1]}").get_json()["record_id"]
    cards = scorer.page(f"/web/records/{record_id}")
    trick1 = cards.select("table.tricks tbody tr")[0]
    assert [p.text.split()[0] for p in trick1.select(".play")] == ["E", "S", "W", "N"]
    assert trick1.select_one(".play.revoke").text.startswith("W 10♣")
    assert trick1.select("td")[-1].text == "S"                   # S's 9H trumps the trick


@pytest.mark.parametrize("change, field, message", [
    ({"hand_W": ""}, "hand_W", "write W's five cards"),
    ({"turned": ""}, "turned", "write the card turned up"),
    ({"hand_E": "AS KS QS JC 9X"}, "hand_E", "hands.E[4]"),
    ({"tricks": "AS 9H TC 8S"}, "tricks", "tricks[0][3]"),
])
def test_a_bad_card_deal_is_located_at_its_field(scorer, client, change, field, message):
    url = scorer.start()
    before = scorer.revision(url)
    resp = client.post(url + "/cards", data={**CARD_DEAL, **change, "csrf_token": scorer.csrf,
                                             "revision": before})
    assert resp.status_code == 200
    assert message in soup(resp).find(id=f"f-{field}").text
    assert scorer.revision(url) == before


# --- a property: what the page shows after each deal, against an oracle written here ---------

def _modern_oracle(deals, target=10):
    """Running score after each deal under modern rules, worked from the rule book alone
    (Modern §6: made 1, march 2, lone march 4, euchred 2 to the defenders, a lone hand euchred
    2; all passed 0; game to ``target``, a new game from 0-0, no laps)."""
    score, out = [0, 0], []
    for maker, tricks, alone in deals:
        if maker is not None:
            side = 0 if maker in "NS" else 1
            if tricks < 3:
                score[1 - side] += 2
            elif tricks == 5:
                score[side] += 4 if alone else 2
            else:
                score[side] += 1
        out.append(f"{score[0]}–{score[1]}")
        if max(score) >= target:
            score = [0, 0]
    return out


_DEAL = st.one_of(st.just((None, 0, False)),
                  st.tuples(st.sampled_from("NESW"), st.integers(0, 5), st.booleans()))


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(deals=st.lists(_DEAL, min_size=1, max_size=14))
def test_the_sheet_shows_the_score_the_rule_book_gives(scorer, deals):
    url = scorer.start(game_points="")
    for number, (maker, tricks, alone) in enumerate(deals):
        assert scorer.dealer(url) == "NESW"[number % 4]   # the deal passes to the left
        fields = {"maker": "none"} if maker is None else {
            "maker": maker, "trump": "S", "tricks": str(tricks), **({"alone": "yes"} if alone else {})}
        assert scorer.deal(url, **fields).status_code == 303
    page = scorer.page(url)
    shown = [page.select_one(f"#deal-{n} td.score").text for n in range(1, len(deals) + 1)]
    assert shown == _modern_oracle(deals)


def test_too_large_and_wrong_method_are_html_on_pages(scorer, db_path):
    small = make_app(db_path, MAX_CONTENT_LENGTH=4096).test_client()
    csrf = csrf_of(small.get("/login").data)
    resp = small.post("/login", data={"token": "x" * 10_000, "csrf_token": csrf})
    assert resp.status_code == 413 and resp.mimetype == "text/html"
    assert "larger than 4096 bytes" in soup(resp).find("p", class_="error-message").text
    url = scorer.start()
    resp = scorer.client.get(url + "/undo")
    assert resp.status_code == 405 and resp.mimetype == "text/html"
    assert "POST" in resp.headers["Allow"]


def test_a_game_of_fixed_deals_shows_no_winner(client, token):
    """tests/golden/laws/95: two games of two deals (EGN's num_deals) end 1-2 and 3-0 with no
    winner (EGN 1.4 changelog): the sheet says "no winner", never that the side ahead won."""
    path = Path(__file__).parent / "golden" / "laws" / "95-modern-fixed-deals-no-winner.json"
    resp = client.application.test_client().post(
        "/records", data=path.read_bytes(), content_type="application/json",
        headers={"Authorization": f"Bearer {token}"})
    assert resp.status_code == 201, resp.data
    rid = resp.get_json()["id"]
    rubber = next(r for r in client.get("/rubbers?per_page=100").get_json()["items"]
                  if r["record_id"] == rid)
    states = [s.text for s in soup(client.get(f"/web/rubbers/{rubber['id']}")).select(".game-state")]
    assert states == ["— no winner (a game of 2 deals) 1–2", "— no winner (a game of 2 deals) 3–0"]
    listed = [li for li in soup(client.get("/")).select("ul.rubbers li")
              if li.find("a", href=f"/web/rubbers/{rubber['id']}")]
    assert [li.select_one(".outcome").text for li in listed] == ["games 0–0 · no winner"]


# --- the laws taken at tables of two, three and five on the record page (issue 32) ------------

def _stored_variant(path: Path, golden: str, names: tuple[str, ...]) -> int:
    data = json.loads((ROOT / "tests/golden/variants" / golden).read_text(encoding="utf-8"))
    data["players"] = {str(i): {"name": name} for i, name in enumerate(names)}
    db = open_db(path)
    try:
        return Store(db).save(prepare(json.dumps(data))).id
    finally:
        db.close()


def test_the_record_page_shows_a_corrected_revoke_and_a_late_score_correction(tmp_path: Path) -> None:
    path = tmp_path / "laws.db"
    build_db(path, examples=False)
    corrected = _stored_variant(path, "39-cutthroat-hoyle-revoke-corrected.json", ("Ann", "Bob", "Cy"))
    late = _stored_variant(path, "42-two-handed-somerset-late-correction-stands.json", ("Ann", "Bob"))
    client = make_app(path).test_client()
    first = client.get(f"/web/records/{corrected}")
    assert first.status_code == 200
    text = " ".join(first.get_data(as_text=True).split())
    assert ("deal 1, trick 1: Cy played KH when clubs were led and corrected it to QC before the "
            "trick was quitted — revoke corrected") in text
    second = client.get(f"/web/records/{late}")
    assert second.status_code == 200
    text = " ".join(second.get_data(as_text=True).split())
    assert ("deal 1: the score was corrected to [0, 2] after the trump card was turned in the "
            "next deal — too late, the entry as first written stands (Somerset 5)") in text
