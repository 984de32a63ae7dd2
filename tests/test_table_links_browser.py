"""Table links in a real browser (headless Debian chromium, playwright, waitress on 127.0.0.1).

The director signs in, opens round 1's table links and issues them; the cards page shows a card
per table with its QR code and link, and prints at 105 x 139 mm a card (four to an A4 or Letter
sheet). A fresh browser context opens table 2's link with nothing but the URL (the secret in the
fragment), lands on its sitting and enters a deal by taps. The director revokes the link; the
table's next reload shows the page that says so. axe: no serious or critical violation on the
links list, the cards, the dead-link page and the code form at 390 and 1280 px.

Seating (typed): table 1 N Ann, E Bob, S Cy, W Di; table 2 N Ed, E Flo, S Gus, W Hal.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from typing import Any, Iterator

import pytest

from euchre_records.api.store import events, table_links
from euchre_records.api.store.migrations import open_db
from euchre_records.api.store.tokens import verify

from pages_support import (DESKTOP, PHONE, browser, build_db, live_server, make_app, make_token,
                           need_chromium, serious_violations)

SEATING = [{"table": "1", "seats": {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}},
           {"table": "2", "seats": {"N": "Ed", "E": "Flo", "S": "Gus", "W": "Hal"}}]
MM = 96 / 25.4   # CSS pixels to the millimetre


@pytest.fixture(scope="module")
def night(tmp_path_factory: Any) -> Iterator[dict[str, Any]]:
    need_chromium()
    path = tmp_path_factory.mktemp("links") / "links.db"
    build_db(path, examples=False)
    token = make_token(path, "Riverside Euchre Club")
    db = open_db(path)
    row = verify(db, token)
    eid = events.create_event(db, {"name": "Friday progressive", "format": "progressive",
                                   "rounds": 3, "players": [n for t in SEATING
                                                            for n in t["seats"].values()]},
                              club_id=row.club_id)
    events.add_seating(db, eid, 1, SEATING)
    db.close()
    with live_server(make_app(path)) as base, browser() as b:
        yield {"base": base, "token": token, "event": eid, "browser": b, "path": path}


def _director(night: dict[str, Any], size: dict[str, int]) -> Any:
    ctx = night["browser"].new_context(viewport=size)
    page = ctx.new_page()
    page.goto(f"{night['base']}/login?token={night['token']}")
    page.locator('main button[type="submit"]').click()
    page.wait_for_load_state()
    return ctx, page


def _widths(page: Any) -> list[tuple[str, Any]]:
    out = []
    for name, size in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        out.append((name, serious_violations(page)))
    return out


def test_issue_print_open_enter_revoke(night: dict[str, Any]) -> None:
    base, eid = night["base"], night["event"]
    ctx, page = _director(night, DESKTOP)
    try:
        page.goto(f"{base}/web/events/{eid}/rounds/1")
        page.get_by_role("link", name="Table links and cards").click()
        page.wait_for_load_state()
        assert page.locator("h1").inner_text().endswith("table links for round 1")
        assert _widths(page) == [("phone", []), ("desktop", [])]
        page.fill("#expires_hours", "3")
        page.get_by_role("button", name="Issue the links and show the cards").click()
        page.wait_for_load_state()
        cards = page.locator("section.table-card")
        assert cards.count() == 2
        assert _widths(page) == [("phone", []), ("desktop", [])]
        url = cards.nth(1).locator(".card-url a").inner_text()
        assert re.fullmatch(re.escape(base) + r"/web/table#eut_\d+_[0-9a-f]{64}", url)
        qr = cards.nth(1).locator("img.qr")
        assert qr.evaluate("i => i.complete && i.naturalWidth > 0")
        page.emulate_media(media="print")
        box = cards.nth(0).bounding_box()
        assert abs(box["width"] - 105 * MM) < 2 and abs(box["height"] - 139 * MM) < 2
        assert page.locator("header.site").is_hidden()
        page.emulate_media(media="screen")

        table = night["browser"].new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        errors: list[str] = []
        phone = table.new_page()
        phone.on("pageerror", lambda e: errors.append(str(e)))
        try:
            phone.goto(url)
            phone.wait_for_url(re.compile(r"/web/drafts/\d+"))
            assert "eut_" not in phone.url
            nav = phone.locator("header.site nav").inner_text()
            assert "Table 2, round 1" in nav and "Sign out" not in nav
            form = phone.locator("#deal-form")
            assert "Deal 1" in form.locator("h2").inner_text()
            for name, value in (("maker", "E"), ("trump", "S"), ("tricks", "4")):
                form.locator(f'label.choice:has(input[name="{name}"][value="{value}"])').click()
            form.locator('button[type="submit"]').click()
            phone.wait_for_function(
                "() => document.querySelector('#deal-form h2').innerText.includes('Deal 2')")
            assert "Flo" in phone.locator("main").inner_text()

            page.goto(f"{base}/web/events/{eid}/rounds/1/links")
            page.get_by_role("button", name=re.compile("Revoke the link of table 2")).click()
            page.wait_for_load_state()
            assert "is revoked" in page.locator("#messages").inner_text()

            answer = phone.reload()
            assert answer is not None and answer.status == 410
            assert phone.locator("h1").inner_text() == "This table link was revoked"
            assert "ask the director" in phone.locator("main").inner_text()
            assert _widths(phone) == [("phone", []), ("desktop", [])]
            phone.context.clear_cookies()
            phone.goto(f"{base}/web/table")   # no fragment: the form to type the code in
            assert phone.get_by_label("The table's code").is_visible()
            assert _widths(phone) == [("phone", []), ("desktop", [])]
            assert errors == []
        finally:
            table.close()
    finally:
        ctx.close()


def _new_event(night: dict[str, Any]) -> int:
    db = open_db(night["path"])
    try:
        row = verify(db, night["token"])
        eid = events.create_event(db, {"name": "Saturday progressive", "format": "progressive",
                                       "rounds": 3, "players": [n for t in SEATING
                                                                for n in t["seats"].values()]},
                                  club_id=row.club_id)
        events.add_seating(db, eid, 1, SEATING)
    finally:
        db.close()
    return eid


@pytest.mark.parametrize("death", ["close", "expiry"])
def test_a_link_open_in_chromium_dies_at_close_and_at_expiry(night: dict[str, Any],
                                                              death: str) -> None:
    from playwright.sync_api import expect   # here: without playwright the module skips
    base, eid = night["base"], _new_event(night)
    ctx, page = _director(night, DESKTOP)
    table = night["browser"].new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        page.goto(f"{base}/web/events/{eid}/rounds/1/links")
        page.fill("#expires_hours", "1")
        page.get_by_role("button", name="Issue the links and show the cards").click()
        url = page.locator(".card-url a").first.inner_text()
        phone = table.new_page()
        phone.goto(url)
        phone.wait_for_url(re.compile(r"/web/drafts/\d+"))
        assert "Deal 1" in phone.locator("#deal-form h2").inner_text()
        real = table_links._now
        if death == "close":
            page.goto(f"{base}/web/events/{eid}")
            page.get_by_label(re.compile("night is over")).check()
            page.get_by_role("button", name=re.compile("Close the event")).click()
            expect(page.locator("#messages")).to_contain_text("closed")
            title = "The event is closed"
        else:   # the server's clock an hour and a minute on
            later = datetime.now(timezone.utc) + timedelta(minutes=61)
            table_links._now = lambda: later
            title = "This table link has expired"
        try:
            phone.locator('#deal-form label.choice:has(input[name="maker"][value="N"])').click()
            phone.locator('#deal-form label.choice:has(input[name="trump"][value="H"])').click()
            phone.locator('#deal-form label.choice:has(input[name="tricks"][value="3"])').click()
            phone.locator('#deal-form button[type="submit"]').click()
            expect(phone.locator("h1")).to_have_text(title)
        finally:
            table_links._now = real
        assert _widths(phone) == [("phone", []), ("desktop", [])]
    finally:
        table.close()
        ctx.close()


def test_a_phone_holding_a_sitting_opens_the_next_rounds_card(night: dict[str, Any]) -> None:
    """The phone of table 1 still holds round 1's live session when it scans round 2's card:
    it lands on round 2's sitting, not back on round 1's (a redirect's #entry used to replace
    the new link's fragment). The join page naming the held sitting passes axe too."""
    base = night["base"]
    db = open_db(night["path"])
    try:
        row = verify(db, night["token"])
        eid = events.create_event(db, {"name": "Sunday progressive", "format": "progressive",
                                       "rounds": 3, "players": [n for t in SEATING
                                                                for n in t["seats"].values()]},
                                  club_id=row.club_id)
        events.add_seating(db, eid, 1, SEATING)
        events.add_seating(db, eid, 2, [
            {"table": "1", "seats": {"N": "Ann", "E": "Flo", "S": "Cy", "W": "Hal"}},
            {"table": "2", "seats": {"N": "Ed", "E": "Bob", "S": "Gus", "W": "Di"}}])
        cards = [table_links.issue_links(db, eid, n, club_id=row.club_id, token_id=row.id,
                                         created_by="test", hours=6, tables=["1"])[0]
                 for n in (1, 2)]
    finally:
        db.close()
    drafts = [card.link.draft_id for card in cards]
    table = night["browser"].new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    errors: list[str] = []
    try:
        phone = table.new_page()
        phone.on("pageerror", lambda e: errors.append(str(e)))
        phone.goto(f"{base}/web/table#{cards[0].secret}")
        phone.wait_for_url(re.compile(rf"/web/drafts/{drafts[0]}#entry$"))
        assert "Table 1, round 1" in phone.locator("header.site nav").inner_text()
        phone.goto(f"{base}/web/table#{cards[1].secret}")     # the next round's card
        phone.wait_for_url(re.compile(rf"/web/drafts/{drafts[1]}#entry$"))
        assert "eut_" not in phone.url
        assert "Table 1, round 2" in phone.locator("header.site nav").inner_text()
        assert "Flo" in phone.locator("main").inner_text()   # round 2's East
        assert "Deal 1" in phone.locator("#deal-form h2").inner_text()
        phone.goto(f"{base}/web/table")     # no new card: on to the sitting it holds
        phone.wait_for_url(re.compile(rf"/web/drafts/{drafts[1]}#entry$"))
        assert errors == []
        # the join page naming the held sitting, its script held back so it stays for axe (a
        # context of the same cookies, no service worker in it to answer for the script)
        still = night["browser"].new_context(viewport=PHONE, storage_state=table.storage_state(),
                                             service_workers="block")
        try:
            page = still.new_page()
            page.route(re.compile(r"/table_join\.js"), lambda route: route.abort())
            page.goto(f"{base}/web/table")
            assert "table 1, round 2" in page.locator("#current-sitting").inner_text()
            assert _widths(page) == [("phone", []), ("desktop", [])]
        finally:
            still.close()
    finally:
        table.close()
