"""The scorer's page takes a points-only deal (docs/PAGES.md): "Points only" as the maker, each
side's points; the sheet shows it as such, the engine's finding for a pair no deal can score
(modern: 1, 2 or 4 to a side, Modern §6) is shown with the deal, and the deal can be changed and
stored like a result-only one. Scores added by hand."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from pages_support import build_db, make_app, make_token
from test_pages import Scorer


@pytest.fixture
def scorer(tmp_path):
    path = tmp_path / "pages.db"
    build_db(path, examples=False)
    s = Scorer(make_app(path).test_client(), make_token(path, "Riverside"))
    s.login()
    return s


def _row(page: BeautifulSoup, number: int) -> str:
    return " ".join(page.select_one(f"#deal-{number}").get_text(" ").split())


def test_points_only_deals_are_entered_shown_and_checked(scorer):
    url = scorer.start()                                          # modern, game to 5
    assert scorer.deal(url, maker="points", points_ns="0", points_ew="2").status_code == 303
    assert scorer.deal(url, maker="points", points_ns="3", points_ew="0").status_code == 303
    page = scorer.page(url)
    assert _row(page, 1) == "change deal 1 N points only 0–2 0–2"   # a link to change it
    assert _row(page, 2) == "change deal 2 E points only 3–0 3–2"
    findings = page.get_text(" ")
    assert "deal 2: 3 points to N-S is not a possible score of one deal under modern rules" in findings
    line = " ".join(page.select_one("#scoreboard .score-line").get_text(" ").split())
    assert line == "Ann & Cy 3 – 2 Bob & Di"
    form = page.find("form", id="deal-form")
    assert form.find("input", {"name": "maker", "value": "points"}) is not None
    assert form.find("input", {"name": "points_ns"}) is not None


def test_every_problem_of_a_points_only_deal_at_once(scorer):
    url = scorer.start()
    resp = scorer.deal(url, maker="points", trump="H", tricks="3", points_ew="1")
    assert resp.status_code == 200
    summary = BeautifulSoup(resp.data, "html.parser").find(id="error-summary").get_text(" ")
    for expected in ("write each side's points", "not with 'points only': the trump suit",
                     "not with 'points only': the tricks"):
        assert expected in summary, summary


def test_a_points_only_deal_is_changed_and_stored(scorer):
    url = scorer.start()
    scorer.deal(url, maker="points", points_ns="1", points_ew="0", sheet_total_ns="1", sheet_total_ew="0")
    edit = scorer.page(url + "/deals/1")
    form = edit.find("form", id="deal-form")
    assert form.find("input", {"name": "maker", "value": "points", "checked": True}) is not None
    assert form.find("input", {"name": "points_ns"})["value"] == "1"
    assert form.find("input", {"name": "sheet_total_ns"})["value"] == "1"
    resp = scorer.client.post(url + "/deals/1", data={
        "csrf_token": scorer.csrf, "revision": scorer.revision(url), "dealer": "N",
        "maker": "points", "points_ns": "4", "points_ew": "0"})
    assert resp.status_code == 303, resp.data.decode()
    scorer.deal(url, maker="points", points_ns="2", points_ew="0")           # N-S 6: game over
    stored = scorer.finish(url)
    assert stored.status_code == 303, stored.data.decode()
    record = scorer.page(stored.headers["Location"])
    assert _row(record, 1) == "1 N points only 4–0 4–0"
    assert _row(record, 2) == "2 E points only 2–0 6–0"


def test_the_record_page_says_points_only(scorer):
    url = scorer.start()
    scorer.deal(url, maker="points", points_ns="4", points_ew="0")
    scorer.deal(url, maker="points", points_ns="1", points_ew="0")           # N-S 5: game over
    assert scorer.finish(url).status_code == 303
    record_id = scorer.client.get("/rubbers").get_json()["items"][0]["record_id"]
    record = scorer.page(f"/web/records/{record_id}")
    deal = " ".join(record.select_one("section.deal").get_text(" ").split())
    assert deal.startswith("Deal 1 dealer N — points 4–0")
    assert "Points only (the sheet kept each side's points, nothing of the play)." in deal
