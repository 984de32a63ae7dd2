"""Take the screenshots of docs/screenshots/, every page at three widths: ``-phone`` (390 px),
``-desktop`` (1280 px) and ``-wide`` (1920 px, a big screen or a projector):
``python docs/screenshots/take.py`` (needs Debian chromium and playwright);
``python docs/screenshots/take.py ratings`` takes only those of the ratings (docs/RATINGS.md),
``python docs/screenshots/take.py board`` those of the live board (docs/PAGES.md),
``python docs/screenshots/take.py night`` those of the director's and scorer's pages of a club
night (tests/night_support.py builds them; docs/PAGES.md),
``python docs/screenshots/take.py analysis`` those of the record page's double-dummy analysis,
``python docs/screenshots/take.py links`` those of the table links (docs/PAGES.md),
``python docs/screenshots/take.py tables`` those of the tables of two, three and five (a
cut-throat game entered and stored, a five-handed sitting; docs/PAGES.md)."""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent / "tests"))

from pages_support import (DESKTOP, PHONE, WIDE, browser, build_db,  # noqa: E402
                           live_server, make_app, make_token, tap_deal)

SIZES = (("desktop", DESKTOP), ("phone", PHONE), ("wide", WIDE))
"""The widths every page is taken at, by the suffix of its file name."""

DEALS = [("E", "H", "3", False), ("S", "S", "5", True), ("W", "D", "2", False),
         ("N", "C", "4", False), ("E", "H", "5", False)]


def analysis_shots(b, base: str, record_id: int) -> None:
    """record-analysis-{desktop,phone,wide}.png: the record page's double-dummy analysis of the
    hand-worked lone hand (tests/golden/analysis/lone-hand.json), its calls opened."""
    for name, size in SIZES:
        ctx = b.new_context(viewport=size, device_scale_factor=1)
        page = ctx.new_page()
        page.goto(f"{base}/web/records/{record_id}?analysis=1")
        page.locator("details.analysis-calls summary").first.click()
        page.screenshot(path=str(HERE / f"record-analysis-{name}.png"), full_page=True)
        ctx.close()


def _store_golden(app, token: str) -> int:
    text = (HERE.parent.parent / "tests/golden/analysis/lone-hand.json").read_text()
    resp = app.test_client().post("/records", data=text, content_type="application/json",
                                  headers={"Authorization": f"Bearer {token}"})
    return int(resp.get_json()["id"])


def main() -> None:
    tmp = Path(tempfile.mkdtemp())
    db = tmp / "shots.db"
    build_db(db)
    token = make_token(db)
    app = make_app(db)
    lone = _store_golden(app, token)
    rubbers = app.test_client().get("/rubbers?per_page=100").get_json()["items"]
    chosen = next(r for r in rubbers if r["rules"] == "somerset-1888")
    somerset, somerset_record = chosen["id"], chosen["record_id"]
    with live_server(app) as base, browser() as b:
        for name, size in SIZES:
            ctx = b.new_context(viewport=size, device_scale_factor=1)
            page = ctx.new_page()
            page.goto(f"{base}/login?token={token}")
            page.screenshot(path=str(HERE / f"login-{name}.png"))
            page.locator('main button[type="submit"]').click()
            page.goto(f"{base}/web/sittings/new")
            for seat, player in zip("NESW", ("Ann", "Bob", "Cy", "Di")):
                page.fill(f"#player_{seat}", player)
            page.select_option("#preset", "modern")
            page.locator("details summary").first.click()
            page.fill("#game_points", "5")
            page.fill("#table", "4")
            page.screenshot(path=str(HERE / f"new-sitting-{name}.png"), full_page=True)
            page.locator('form.sitting-form button[type="submit"]').click()
            page.wait_for_selector("#deal-form")   # the sitting's page (no network-idle wait:
            # on a loaded machine its 30 s ran out)
            for deal in DEALS:
                tap_deal(page, *deal, touch=False)
            unstick(page)
            page.screenshot(path=str(HERE / f"entry-{name}.png"), full_page=True)
            if name == "desktop":
                page.goto(page.url.split("#")[0] + "/cards")
                page.screenshot(path=str(HERE / "cards-desktop.png"), full_page=True)
            page.goto(base + "/")
            page.screenshot(path=str(HERE / f"home-{name}.png"), full_page=True)
            page.goto(base + f"/web/rubbers/{somerset}")
            page.screenshot(path=str(HERE / f"rubber-{name}.png"), full_page=True)
            if name == "desktop":
                page.emulate_media(media="print")
                page.screenshot(path=str(HERE / "rubber-print.png"), full_page=True)
                page.emulate_media(media="screen")
                page.goto(base + f"/web/records/{somerset_record}")
                page.screenshot(path=str(HERE / "record-cards-desktop.png"), full_page=True)
            ctx.close()
        analysis_shots(b, base, lone)
    links()
    print("screenshots in", HERE)


def ratings() -> None:
    """The ladder and a player's rating: the golden progressive night of tests/golden/events
    and 40 sample rubbers among the same twelve names (testkit/samples.py)."""
    import json

    from events_support import build
    from euchre_records.api.store.importer import import_sources
    from euchre_records.testkit.samples import random_texts
    db_path = Path(tempfile.mkdtemp()) / "ratings.db"
    case = json.loads((HERE.parent.parent / "tests/golden/events/01-progressive-night.json")
                      .read_text())
    db, event_id, _ = build(case, path=str(db_path))
    import_sources(db, [(f"sample-{i}.json", text)
                        for i, text in enumerate(random_texts(40, start_seed=100))])
    db.close()
    with live_server(make_app(db_path)) as base, browser() as b:
        for name, size in SIZES:
            ctx = b.new_context(viewport=size, device_scale_factor=1)
            page = ctx.new_page()
            page.goto(f"{base}/web/ratings")
            page.screenshot(path=str(HERE / f"ratings-{name}.png"), full_page=True)
            page.goto(f"{base}/web/players/Cy")
            page.locator("section.rating").screenshot(path=str(HERE / f"player-rating-{name}.png"))
            ctx.close()
    print("screenshots in", HERE)


def board() -> None:
    """The live board: a night of 24 players at six tables (tests/board_support.py), round 1
    with four tables finished and two playing, on a phone, a laptop (1280 x 800) and a projector
    (1920 x 1080); the same night closed (board-final-*: the standings are final); and the
    standings on a phone (the event's page, of a night of the first eight players)."""
    from board_support import big_night_db
    tmp = Path(tempfile.mkdtemp())
    event_id = big_night_db(tmp / "board.db")
    closed_id = big_night_db(tmp / "closed.db", finished=6, close=True)
    small_id = big_night_db(tmp / "small.db", players=8, finished=2)   # the standings page
    laptop = {"width": 1280, "height": 800}
    with live_server(make_app(tmp / "board.db")) as base, \
            live_server(make_app(tmp / "closed.db")) as closed, \
            live_server(make_app(tmp / "small.db")) as small, browser() as b:
        for name, size in (("desktop", laptop), ("phone", PHONE), ("wide", WIDE)):
            ctx = b.new_context(viewport=size, device_scale_factor=1)
            page = ctx.new_page()
            page.goto(f"{base}/web/events/{event_id}/board")
            page.screenshot(path=str(HERE / f"board-{name}.png"), full_page=True)
            page.goto(f"{closed}/web/events/{closed_id}/board")
            page.screenshot(path=str(HERE / f"board-final-{name}.png"), full_page=True)
            if name == "phone":
                page.goto(f"{small}/web/events/{small_id}")
                page.screenshot(path=str(HERE / "standings-phone.png"), full_page=True)
            ctx.close()
    print("screenshots in", HERE)


def analysis() -> None:
    """Only record-analysis-{desktop,phone,wide}.png (see :func:`analysis_shots`)."""
    db = Path(tempfile.mkdtemp()) / "shots.db"
    build_db(db)
    app = make_app(db)
    lone = _store_golden(app, make_token(db))
    with live_server(app) as base, browser() as b:
        analysis_shots(b, base, lone)
    print("screenshots in", HERE)


def links() -> None:
    """The table links of a night of four tables: the round's links list, the table cards on
    screen and printed, and the page a revoked link gets."""
    from euchre_records.api.store import events
    from euchre_records.api.store.migrations import open_db
    from euchre_records.api.store.tokens import verify
    db_path = Path(tempfile.mkdtemp()) / "links.db"
    build_db(db_path, examples=False)
    token = make_token(db_path, "Riverside Euchre Club")
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo", "Kit", "Lou",
             "Mae", "Ned", "Ora", "Pat"]
    db = open_db(db_path)
    event_id = events.create_event(db, {"name": "Friday progressive", "format": "progressive",
                                        "rounds": 3, "players": names},
                                   club_id=verify(db, token).club_id)
    events.add_seating(db, event_id, 1, [{"table": str(t + 1), "seats": dict(
        zip("NESW", names[4 * t:4 * t + 4]))} for t in range(4)])
    db.close()
    with live_server(make_app(db_path)) as base, browser() as b:
        dead_url = ""
        for name, size in SIZES:
            ctx = b.new_context(viewport=size, device_scale_factor=1)
            page = ctx.new_page()
            page.goto(f"{base}/login?token={token}")
            page.locator('main button[type="submit"]').click()
            page.goto(f"{base}/web/events/{event_id}/rounds/1/links")
            page.locator("#issue-h + form button[type=submit]").click()
            page.wait_for_load_state()
            page.screenshot(path=str(HERE / f"table-cards-{name}.png"), full_page=True)
            if name == "desktop":
                page.emulate_media(media="print")
                page.screenshot(path=str(HERE / "table-cards-print.png"), full_page=True)
                page.emulate_media(media="screen")
            dead_url = page.locator(".card-url a").first.inner_text()
            page.goto(f"{base}/web/events/{event_id}/rounds/1/links")
            page.locator('button[aria-label^="Revoke the link of table 1 "]').click()
            page.wait_for_load_state()
            page.screenshot(path=str(HERE / f"links-{name}.png"), full_page=True)
            ctx.close()
            table = b.new_context(viewport=size, device_scale_factor=1)
            phone = table.new_page()
            phone.goto(dead_url)
            phone.wait_for_load_state("networkidle")
            phone.screenshot(path=str(HERE / f"link-dead-{name}.png"), full_page=True)
            table.close()
    print("screenshots in", HERE)


def night() -> None:
    """The director's pages and the scorer's page of a club night (issue 18), each page of
    tests/night_support.py at the three widths but the board (see :func:`board`), the page a table
    link opens and a sitting opened from one (the links and cards: :func:`links`)."""
    from night_support import build_night, link_pages
    db_path = Path(tempfile.mkdtemp()) / "night.db"
    found = build_night(db_path)
    with live_server(make_app(db_path)) as base, browser() as b:
        for name, size in SIZES:
            def shoot(page, shot, name=name):   # the links and cards: take.py links
                if shot in ("table-join", "table-scorer"):
                    page.screenshot(path=str(HERE / f"{shot}-{name}.png"), full_page=True)
            link_pages(b, base, found, size, shoot)
            ctx = b.new_context(viewport=size, device_scale_factor=1)
            page = ctx.new_page()
            page.goto(f"{base}/login?token={found.token}")
            page.locator('main button[type="submit"]').click()
            page.wait_for_url(base + "/")
            for shot, path in found.pages():
                if shot == "board":
                    continue
                page.goto(base + path)
                page.screenshot(path=str(HERE / f"{shot}-{name}.png"), full_page=True)
            ctx.close()
    print("screenshots in", HERE)


def unstick(page) -> None:
    """The scoreboard in its place at the top: a full-page shot draws a sticky one mid-page."""
    page.evaluate("document.getElementById('scoreboard').style.position = 'static'")


def tables() -> None:
    """nhanded-*-{desktop,phone,wide}.png: the sitting form of a five-handed table, a cut-throat game
    tapped to its end (tests/test_table_browser.py's hand-worked plan) and its stored record,
    and a five-handed sitting with a called partner."""
    from test_table_browser import GAME, sign_in, start
    for name, size in SIZES:
        db = Path(tempfile.mkdtemp()) / "tables.db"   # a store each: the record is new in both
        build_db(db, examples=False)
        token = make_token(db, "Riverside")
        with live_server(make_app(db)) as base, browser() as b:
            ctx = b.new_context(viewport=size, device_scale_factor=1)
            page = ctx.new_page()
            sign_in(page, base, token)
            page.goto(f"{base}/web/sittings/new?seats=5")
            page.screenshot(path=str(HERE / f"nhanded-new-sitting-{name}.png"), full_page=True)
            start(page, base, "Three-handed", ["Ann", "Bob", "Cy"])
            for _, maker, trump, tricks in GAME:
                tap_deal(page, maker, trump, tricks, alone=False, touch=False)
            unstick(page)
            page.screenshot(path=str(HERE / f"nhanded-scorer-{name}.png"), full_page=True)
            page.locator("button", has_text="Finish and store the record").click()
            page.wait_for_url("**/web/records/*")
            page.screenshot(path=str(HERE / f"nhanded-record-{name}.png"), full_page=True)
            start(page, base, "Five-handed", ["Ann", "Bob", "Cy", "Di", "Ed"])
            form = page.locator("#deal-form")
            form.locator('label.choice:has(input[name="maker"][value="3"])').click()
            form.locator('label.choice:has(input[name="trump"][value="H"])').click()
            form.locator('label.choice:has(input[name="called_suit"][value="C"])').click()
            form.locator('label.choice:has(input[name="called_rank"][value="A"])').click()
            form.locator('label.choice:has(input[name="partner"][value="1"])').click()
            form.locator('label.choice:has(input[name="tricks"][value="5"])').click()
            form.locator('button[type="submit"]').click()
            page.wait_for_selector("#deal-1")
            unstick(page)
            page.screenshot(path=str(HERE / f"nhanded-five-{name}.png"), full_page=True)
            ctx.close()
    print("screenshots in", HERE)


TARGETS = {"ratings": ratings, "board": board, "analysis": analysis, "links": links,
           "night": night, "tables": tables}

if __name__ == "__main__":
    TARGETS[sys.argv[1]]() if sys.argv[1:2] and sys.argv[1] in TARGETS else main()
