"""The double-dummy analysis in real headless Chromium at every table and from every page that
links to it (issues 32, 33): the five-handed and cut-throat record pages with their analysis,
the rubber page and the player page with their links, at 390 and 1280 px: no serious or
critical axe violation, no sideways scroll on the phone, no console error. Screenshots go to
the test's folder (``--basetemp`` keeps them to look at)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

import pytest

from pages_support import (DESKTOP, PHONE, browser, build_db, live_server, make_app, need_chromium,
                           serious_violations)

GOLDEN = Path(__file__).parent / "golden" / "analysis"


@pytest.fixture(scope="module")
def site(tmp_path_factory: Any) -> Iterator[tuple[str, dict[str, int]]]:
    need_chromium()
    from auth_fixtures import writing_client
    path = tmp_path_factory.mktemp("analysis-browser") / "site.db"
    build_db(path, examples=False)
    app = make_app(path)
    client = writing_client(app)
    ids = {}
    for name, file in (("five", GOLDEN / "tables" / "five-handed.json"),
                       ("three", GOLDEN / "tables" / "three-handed.json"),
                       ("lone", GOLDEN / "lone-hand.json")):
        resp = client.post("/records", data=file.read_text(), content_type="application/json")
        assert resp.status_code == 201, resp.get_data(as_text=True)
        ids[name] = resp.get_json()["id"]
    ids["rubber"] = client.get("/rubbers").get_json()["items"][0]["id"]
    with live_server(make_app(path)) as base:
        yield base, ids


@pytest.fixture(scope="module")
def chromium(site: Any) -> Iterator[Any]:
    with browser() as b:
        yield b


def _check(chromium: Any, url: str, shot: Path, viewport: dict[str, int]) -> Any:
    context = chromium.new_context(viewport=viewport)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    if viewport is PHONE:
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], url
    assert serious_violations(page) == [], url
    page.screenshot(path=str(shot), full_page=True)
    text = page.locator("main").inner_text() if page.locator("main").count() else page.inner_text("body")
    context.close()
    assert errors == [], errors
    return text


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["390", "1280"])
def test_the_analysis_at_tables_of_five_and_three_and_its_links(site: Any, chromium: Any,
                                                                tmp_path: Path,
                                                                viewport: dict[str, int]) -> None:
    base, ids = site
    w = viewport["width"]
    five = _check(chromium, f"{base}/web/records/{ids['five']}?analysis=1",
                  tmp_path / f"five-{w}.png", viewport)
    assert "Makers could have taken 5, took 3" in five and "−2" in five
    three = _check(chromium, f"{base}/web/records/{ids['three']}?analysis=1",
                   tmp_path / f"three-{w}.png", viewport)
    assert "Makers could have taken 5, took 4" in three
    rubber = _check(chromium, f"{base}/web/rubbers/{ids['rubber']}", tmp_path / f"rubber-{w}.png",
                    viewport)
    assert "the double-dummy analysis" in rubber
    player = _check(chromium, f"{base}/web/players/Bell", tmp_path / f"player-{w}.png", viewport)
    assert f"record {ids['lone']}" in player
