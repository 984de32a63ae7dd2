"""The scorer's page as a newcomer found it (issue 18): a scoreboard that stays on screen, a
finished rubber that offers to be stored instead of a form for one more deal, setting a draft
aside only after asking (and resuming it from the home page), one player in one seat, the rule
set by its name, the club taken from the token (never the first-start admin's label), times in
the viewer's zone.

Scores worked by hand from the rule books (RULES.md): modern — made 1, march 2, lone march 4,
euchred 2; Hoyle — the same table, game 5, a whist-style rubber to two games.
"""

from __future__ import annotations

import re

import pytest
from bs4 import BeautifulSoup

from pages_support import build_db, make_app, make_token
from test_pages import HEADER, Scorer


@pytest.fixture
def db_path(tmp_path):
    path = tmp_path / "pages.db"
    build_db(path, examples=False)
    return path


@pytest.fixture
def client(db_path):
    return make_app(db_path).test_client()


@pytest.fixture
def scorer(client, db_path):
    token = make_token(db_path, "Riverside")
    s = Scorer(client, token)
    s.login()
    return s


def test_the_scoreboard_names_the_sides_and_stays_on_screen(scorer):
    url = scorer.start()                         # modern, game to 5 (HEADER)
    assert scorer.deal(url, maker="E", trump="H", tricks="3").status_code == 303  # E-W 1
    page = scorer.page(url)
    board = page.select_one("#scoreboard")
    line = " ".join(board.select_one(".score-line").get_text(" ").split())
    assert line == "Ann & Cy 0 – 1 Bob & Di"
    meta = board.select_one(".score-meta").get_text(" ")
    assert "game to 5" in meta
    assert "Bob (E) deals next" in meta           # the deal passes to the left: N dealt, E next
    css = scorer.client.get("/web/static/pages.css")
    assert ".scoreboard { position: sticky;" in css.data.decode()
    css.close()


def test_a_decided_rubber_offers_to_be_stored_and_no_further_deal(scorer):
    url = scorer.start(preset="hoyle", game_points="")
    # game 1: S alone marches (4), N makes (1): 5-0; game 2 the same: N-S win the rubber 2-0
    for _ in range(2):
        scorer.deal(url, maker="S", trump="S", tricks="5", alone="yes")
        assert "deal-form" in str(scorer.page(url))
        scorer.deal(url, maker="N", trump="C", tricks="3")
    page = scorer.page(url)
    over = page.select_one("#sitting-over")
    assert over is not None and "the rubber is decided" in over.get_text()
    assert page.select_one("#deal-form") is None
    assert page.select_one('#sitting-over form[action$="/finish"] button') is not None
    resp = scorer.finish(url)
    assert resp.status_code == 303


def test_setting_a_draft_aside_asks_first_and_it_can_be_resumed(scorer):
    url = scorer.start()
    draft_id = url.rsplit("/", 1)[1]
    scorer.deal(url, maker="E", trump="H", tricks="3")
    link = scorer.page(url).find("a", string=lambda s: s and "Set this draft aside" in s)
    assert link is not None and link["href"].endswith(f"/web/drafts/{draft_id}/abandon")
    ask = scorer.page(link["href"])
    assert "Set draft" in ask.h1.text and ask.find("a", string="No, keep entering deals")
    home = scorer.page("/")
    assert f"Draft {draft_id}" in home.select_one("ul.drafts").text      # asking changed nothing
    resp = scorer.client.post(f"/web/drafts/{draft_id}/abandon", data={"csrf_token": scorer.csrf})
    assert resp.status_code == 303
    home = scorer.page("/")
    aside = home.select_one("ul.set-aside")
    assert aside is not None and f"Draft {draft_id}" in aside.text
    resp = scorer.client.post(f"/web/drafts/{draft_id}/resume", data={"csrf_token": scorer.csrf})
    assert resp.status_code == 303 and resp.headers["Location"].endswith(url)
    home = scorer.page("/")
    assert home.select_one("ul.set-aside") is None
    assert f"Draft {draft_id}" in home.select_one("ul.drafts").text
    page = scorer.page(url)
    assert "1" in page.select_one("#scoreboard .score-line").text         # its deal is still there


def test_one_player_cannot_hold_two_seats(scorer):
    resp = scorer.client.post("/web/sittings/new", data={
        **HEADER, "player_S": "  ANN ", "csrf_token": scorer.csrf})
    assert resp.status_code == 200
    page = BeautifulSoup(resp.data, "html.parser")
    field = page.select_one("#f-player_S") or page.find(id="player_S").find_parent()
    assert "already sits at N" in field.get_text(" ")


def test_the_rule_set_is_shown_by_its_name(scorer):
    page = scorer.page("/web/sittings/new")
    options = {o["value"]: o.text for o in page.select("#preset option")}
    assert options["somerset-1888"] == "Somerset Club, 1888"
    url = scorer.start(preset="somerset-1888", game_points="")
    assert "Somerset Club, 1888" in scorer.page(url).select("p.meta")[1].text


def test_the_club_comes_from_the_token_never_the_admin_label(client, db_path):
    admin = Scorer(client, make_token(db_path, "admin", admin=True))
    admin.login()
    club = admin.page("/web/sittings/new").find("input", {"name": "club"})
    assert club.get("value", "") == ""
    other = Scorer(client, make_token(db_path, "Taunton Euchre Club"))
    other.login()
    assert other.page("/web/sittings/new").find("input", {"name": "club"})["value"] == \
        "Taunton Euchre Club"


def test_times_are_sent_in_utc_for_the_browser_to_show_in_its_zone(scorer):
    scorer.start()
    when = scorer.page("/").select_one("ul.drafts time.utc")
    assert when is not None and when["datetime"].endswith("Z") and when.text.endswith(" UTC")
    assert when["title"] == when.text
    js = scorer.client.get("/web/static/localtime.js")
    assert js.status_code == 200 and b"time.utc[datetime]" in js.data
    js.close()


def test_every_problem_of_a_deal_form_is_listed_at_once(scorer):
    url = scorer.start()
    resp = scorer.client.post(url + "/deals", data={
        "csrf_token": scorer.csrf, "revision": scorer.revision(url), "dealer": "N"})
    assert resp.status_code == 200
    summary = BeautifulSoup(resp.data, "html.parser").find(id="error-summary").get_text(" ")
    for missing in ("who made trump", "trump suit", "how many tricks"):
        assert missing in summary, summary


@pytest.mark.slow
def test_a_reload_after_changing_an_earlier_deal_shows_the_next_deal(tmp_path):
    """With JavaScript the deal form posts in place; after changing deal 1 from the sheet the
    address bar follows the redirect, so a reload shows deal 3's form, not deal 1's again."""
    from pages_support import browser, live_server, need_chromium, tap_deal
    from test_browser import sign_in, start_sitting
    need_chromium()
    path = tmp_path / "reload.db"
    build_db(path, examples=False)
    token = make_token(path, "Riverside")
    with live_server(make_app(path)) as base, browser() as b:
        page = b.new_context(viewport={"width": 1280, "height": 900}).new_page()
        sign_in(page, base, token)
        draft = start_sitting(page, base, preset="modern")
        tap_deal(page, "E", "H", 3, False, touch=False)
        tap_deal(page, "S", "S", 4, False, touch=False)
        page.locator('a[title="change deal 1"]').click()
        page.wait_for_url(re.compile(r".*/deals/1$"))
        form = page.locator("#deal-form")
        form.locator('label.choice:has(input[name="tricks"][value="4"])').click()
        form.locator('button[type="submit"]').click()
        page.wait_for_function("() => !location.pathname.endsWith('/deals/1')")
        page.reload()
        assert page.url == draft + "#entry" or page.url == draft
        assert "3" in page.locator("#deal-form h2").inner_text()
