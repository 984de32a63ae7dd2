"""Two kinds of bug that passed every test (issue 22, "The suite's honesty"), each pinned by a
hand-worked expectation:

- the score chart's lap marker drawn on the side that did not carry the lap;
- the deal form, opened to edit a deal, filling the scorer's N-S and E-W figures swapped.

Expected values are worked from the rules and the chart's stated geometry (api/pages/chart.py:
a 640 x 250 plot with margins left 44, right 60, top 16 and bottom 44, so y(score) = 16 + 190 -
score / top * 190,
``top`` the highest of the game target and every score), never read from the engine.
"""

from __future__ import annotations

import json

import pytest
from bs4 import BeautifulSoup

from pages_support import build_db, csrf_of, make_app, make_token

PLAYERS = {s: {"name": n} for s, n in zip("NESW", ["Ann", "Bob", "Cy", "Di"])}


def _deal(dealer: str, maker: str, tricks: int, alone: bool = False) -> dict:
    result = {"maker": maker, "trump": "H", "tricks": tricks, **({"alone": True} if alone else {})}
    return {"kind": "result", "dealer": dealer, "result": result}


# Modern §6, game to 5 with laps: E makes 3 (E-W 1), S makes 3 (N-S 1), W marches (E-W 3),
# E's lone march (E-W 7): E-W win game 1 with 2 points over the 5, which E-W carry into game 2
# (the lap); N makes 3 in game 2: N-S 1, E-W 2.
LAP_RECORD = {"format": "euchre-records", "version": "1.0", "players": PLAYERS,
              "rules": {"preset": "modern",
                        "overrides": {"lap": True, "game_points": 5, "rubber": "whist"}},
              "deals": [_deal("N", "E", 3), _deal("E", "S", 3), _deal("S", "W", 5),
                        _deal("W", "E", 5, alone=True), _deal("N", "N", 3)]}


@pytest.fixture
def app(tmp_path):  # type: ignore[no-untyped-def]
    path = tmp_path / "m.db"
    build_db(path, examples=False)
    return make_app(path)


def test_the_lap_marker_sits_on_the_side_that_carried_the_lap(app) -> None:  # type: ignore[no-untyped-def]
    from auth_fixtures import bearer
    from auth_fixtures import make_token as api_token
    client = app.test_client()
    _, token = api_token(app.config["DATABASE"], "Riverside")
    resp = client.post("/records", data=json.dumps(LAP_RECORD), content_type="application/json",
                       headers=bearer(token))
    assert resp.status_code == 201, resp.get_data(as_text=True)
    rubber = client.get("/rubbers").get_json()["items"][0]["id"]
    page = BeautifulSoup(client.get(f"/web/rubbers/{rubber}").data, "html.parser")
    (mark,) = page.select("svg g.lap-mark")
    assert mark.find("text").text == "lap 2"
    x, y = (float(v) for v in mark.find("polygon")["points"].split()[1].split(","))
    top, plot = 7, 190  # the highest score is E-W's 7
    assert y == round(16 + plot - 2 / top * plot, 1) == 151.7  # E-W's 2, not N-S's 0 (206.0)
    # at the start of game 2, on the boundary after deal 4 of 5: x = 44 + 4/5 * 536, + 6
    assert x - 6 == round(44 + 4 / 5 * 536, 1)
    assert any("opened at 0–2" in p.text for p in page.select("p.lap"))  # the sheet says so too


HEADER = {"player_N": "Ann", "player_E": "Bob", "player_S": "Cy", "player_W": "Di",
          "preset": "modern", "game_points": "5", "club": "Riverside", "date": "2026-11-27",
          "table": "4"}


def test_editing_a_deal_fills_each_sides_figures_on_its_own_side(app) -> None:  # type: ignore[no-untyped-def]
    client = app.test_client()
    token = make_token(app.config["DATABASE"], "Riverside")
    csrf = csrf_of(client.get("/login").data)
    assert client.post("/login", data={"token": token, "csrf_token": csrf,
                                       "next": "/"}).status_code == 303
    csrf = csrf_of(client.get("/web/sittings/new").data)
    url = client.post("/web/sittings/new", data={**HEADER, "csrf_token": csrf}
                      ).headers["Location"]

    def form(path: str) -> BeautifulSoup:
        return BeautifulSoup(client.get(path).data, "html.parser")

    def value(page: BeautifulSoup, name: str) -> str:
        return page.find("input", {"name": name})["value"]

    # deal 1: E makes hearts with 3 tricks, so E-W score 1 (Modern §6); the scorer wrote it so:
    # this deal N-S 0, E-W 1; the running total N-S 0, E-W 1
    page = form(url)
    resp = client.post(url + "/deals", data={
        "csrf_token": csrf, "revision": value(page, "revision"), "dealer": "N", "maker": "E",
        "trump": "H", "tricks": "3", "sheet_points_ns": "0", "sheet_points_ew": "1",
        "sheet_total_ns": "0", "sheet_total_ew": "1"})
    assert resp.status_code == 303, resp.data[:300]
    edit = form(url + "/deals/1")
    assert [value(edit, f"sheet_{k}_{s}") for k in ("points", "total") for s in ("ns", "ew")] \
        == ["0", "1", "0", "1"]
    # saved again as the form shows it: the figures still agree with the score, no finding
    fields = {i["name"]: i.get("value", "") for i in edit.select("input[type=text], "
                                                                "input[inputmode]")}
    resp = client.post(url + "/deals/1", data={
        **{k: v for k, v in fields.items() if k.startswith("sheet_")},
        "csrf_token": csrf, "revision": value(form(url), "revision"), "dealer": "N",
        "maker": "E", "trump": "H", "tricks": "3"})
    assert resp.status_code == 303, resp.data[:300]
    sheet = form(url)
    assert sheet.select_one("#deal-1 td.score").text == "0–1"
    assert sheet.select_one("#deal-1 + tr.findings-row") is None
