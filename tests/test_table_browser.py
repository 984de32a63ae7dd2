"""The pages of tables of two, three and five in a real browser: headless Debian chromium driven
by playwright against the app on waitress (127.0.0.1, a free port).

A cut-throat game is entered to its end on a 390-pixel phone by tapping (the dealer passing to
the left over three seats) and stored; the stored record's per-player scores are checked against
the plan below, worked by hand from ../shared/VARIANTS.md (cut-throat, modern default: the
maker's 3 or 4 tricks 1, a march 3, a euchred maker gives 2 to each of the other two; game to
10, the first to reach it wins). A five-handed deal is entered card by card. Every new page has
no serious or critical axe violation at 390 and 1280 px and does not scroll sideways at 390 px.
Skipped locally without chromium; with $CI set a missing chromium fails.
"""

from __future__ import annotations

import json
import re

import pytest

from pages_support import (DESKTOP, PHONE, browser, build_db, live_server, make_app, make_token,
                           need_chromium, serious_violations, sign_in, tap_deal)
from test_table_entry import FIVE_HANDS, FIVE_TRICKS

# (dealer, maker, trump, tricks) — Ann 0, Bob 1, Cy 2; the deal passes to the left
GAME = [
    ("0", "1", "H", 5),   # 1: Bob marches: 3                       0  3  0
    ("1", "2", "S", 3),   # 2: Cy makes: 1                          0  3  1
    ("2", "0", "D", 2),   # 3: Ann euchred: Bob 2, Cy 2             0  5  3
    ("0", "1", "C", 5),   # 4: Bob marches: 3                       0  8  3
    ("1", "0", "H", 4),   # 5: Ann makes: 1                         1  8  3
    ("2", "1", "S", 3),   # 6: Bob makes: 1                         1  9  3
    ("0", "2", "D", 1),   # 7: Cy euchred: Ann 2, Bob 2             3 11  3   Bob wins at 11
]
RUNNING = [(0, 3, 0), (0, 3, 1), (0, 5, 3), (0, 8, 3), (1, 8, 3), (1, 9, 3), (3, 11, 3)]

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    need_chromium()
    path = tmp_path_factory.mktemp("tables") / "tables.db"
    build_db(path, examples=False)
    token = make_token(path, "Riverside")
    with live_server(make_app(path)) as base:
        yield base, token, path


@pytest.fixture(scope="module")
def chromium(server):
    with browser() as b:
        yield b


def context(b, viewport):
    phone = viewport == PHONE
    ctx = b.new_context(viewport=viewport, has_touch=phone, is_mobile=phone)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return ctx, page, errors


def start(page, base, size_link: str, names: list[str]) -> str:
    page.goto(base + "/web/sittings/new")
    page.locator("#f-seats a", has_text=size_link).click()
    page.wait_for_url(re.compile(r".*seats=\d$"))
    for seat, name in enumerate(names):
        page.fill(f"#player_{seat}", name)
    page.locator('form.sitting-form button[type="submit"]').click()
    page.wait_for_url(re.compile(r".*/web/drafts/\d+$"))
    return page.url


def checked_dealer(page) -> str | None:
    return page.locator('#deal-form input[name="dealer"]:checked').get_attribute("value")


def stored_result(path, record_id: int) -> dict:
    from euchre_records.api.store import queries
    from euchre_records.api.store.migrations import open_db
    db = open_db(path)
    try:
        return json.loads(queries.get_result(db, record_id) or "{}")
    finally:
        db.close()


def no_sideways_scroll(page, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url


def test_a_cut_throat_game_tapped_to_its_end_and_stored(server, chromium):
    base, token, path = server
    ctx, page, errors = context(chromium, PHONE)
    try:
        sign_in(page, base, token)
        start(page, base, "Three-handed", ["Ann", "Bob", "Cy"])
        for number, (dealer, maker, trump, tricks) in enumerate(GAME, start=1):
            assert checked_dealer(page) == dealer, number
            tap_deal(page, maker, trump, tricks, alone=False)
            cells = page.locator(f"#deal-{number} td.num").all_inner_texts()
            assert [c.split()[-1] for c in cells] == [str(v) for v in RUNNING[number - 1]]
        board = " ".join(page.locator("#scoreboard").inner_text().split())
        assert "game 1 won by Bob" in board, board
        assert "won by Bob, 3–11–3" in page.locator("#game-1-h").inner_text()
        no_sideways_scroll(page, PHONE["width"])
        page.locator("button", has_text="Finish and store the record").click()
        page.wait_for_url(re.compile(r".*/web/records/\d+$"))
        record_id = int(page.url.rsplit("/", 1)[1])
        result = stored_result(path, record_id)
        assert result["rules"]["seats"] == 3
        assert [g["score"] for g in result["games"]] == [[3, 11, 3]]
        assert result["games"][0]["winner"] == "1" and result["games"][0]["finished"]
        assert [d["points"] for d in result["deals"]] == [
            [0, 3, 0], [0, 0, 1], [0, 2, 2], [0, 3, 0], [1, 0, 0], [0, 1, 0], [2, 2, 0]]
        heads = page.locator("table.table-sheet thead th.player-col").all_inner_texts()
        assert heads == ["Ann", "Bob", "Cy"]
        assert "rubber" not in page.locator("main").inner_text().lower().replace(
            "there are no rubbers at this table", "")
    finally:
        ctx.close()
    assert errors == [], errors


def test_a_five_handed_deal_card_by_card(server, chromium):
    base, token, path = server
    ctx, page, errors = context(chromium, DESKTOP)
    try:
        sign_in(page, base, token)
        start(page, base, "Five-handed", ["Ann", "Bob", "Cy", "Di", "Ed"])
        page.locator("a", has_text="Enter the next deal card by card instead").click()
        page.wait_for_url(re.compile(r".*/cards$"))
        page.select_option("#dealer", "0")
        page.fill("#turned", "9H")
        for seat, cards in FIVE_HANDS.items():
            page.fill(f"#hand_{seat}", cards)
        page.fill("#calls", "1: pass\n2: order")
        page.fill("#called", "AC")
        page.fill("#discard", "8C")
        page.fill("#tricks", "\n".join(FIVE_TRICKS))
        page.locator('form.card-form button[type="submit"]').click()
        page.wait_for_url(re.compile(r".*/web/drafts/\d+(#entry)?$"))
        cells = page.locator("#deal-1 td.num").all_inner_texts()
        assert [" ".join(c.split()) for c in cells] == [
            "0 → 0", "0 → 0", "2 → 2", "0 → 0", "2 → 2"]
        maker = " ".join(page.locator("#deal-1 td").nth(1).inner_text().split())
        assert maker == "Cy AC held by Ed"
        assert page.locator("#deal-1").get_by_text("march").count() == 1
    finally:
        ctx.close()
    assert errors == [], errors


def _pages(page, base) -> list[str]:
    """Start a sitting of each size with a deal or two, store one, and return the new pages'
    URLs (the home page and a player's page list the stored game)."""
    urls = [base + "/web/sittings/new?seats=3", base + "/web/sittings/new?seats=5"]
    three = start(page, base, "Three-handed", ["Ann Longname-Hyphenated", "Bob", "Cy"])
    for dealer, maker, trump, tricks in GAME[:2]:
        tap_deal(page, maker, trump, tricks, alone=False, touch=False)
    five = start(page, base, "Five-handed", ["Ann", "Bob", "Cy", "Di", "Ed"])
    page.locator('#deal-form label.choice:has(input[name="maker"][value="3"])').click()
    page.locator('#deal-form label.choice:has(input[name="trump"][value="H"])').click()
    page.locator('#deal-form label.choice:has(input[name="called_suit"][value="C"])').click()
    page.locator('#deal-form label.choice:has(input[name="called_rank"][value="A"])').click()
    page.locator('#deal-form label.choice:has(input[name="partner"][value="1"])').click()
    page.locator('#deal-form label.choice:has(input[name="tricks"][value="5"])').click()
    page.locator('#deal-form button[type="submit"]').click()
    page.wait_for_selector("#deal-1")
    # the called card tapped as a suit then a rank: the ace of clubs, held by Bob (seat 1)
    assert " ".join(page.locator("#deal-1 td").nth(1).inner_text().split()) == \
        "Di AC held by Bob"
    two = start(page, base, "Two-handed", ["Ann", "Bob"])
    page.goto(three)
    page.locator("button", has_text="Finish and store the record").click()
    page.wait_for_url(re.compile(r".*/web/records/\d+$"))
    record = page.url
    return urls + [three + "/sitting", five, five + "/cards", two, record, base + "/",
                   base + "/web/players/Bob"]


def test_axe_and_no_sideways_scroll_on_every_new_page(server, chromium):
    base, token, _ = server
    ctx, page, errors = context(chromium, DESKTOP)
    try:
        sign_in(page, base, token)
        urls = _pages(page, base)
    finally:
        ctx.close()
    for viewport in (PHONE, DESKTOP):
        ctx, page, errors = context(chromium, viewport)
        try:
            sign_in(page, base, token)
            for url in urls:
                page.goto(url)
                assert serious_violations(page) == [], (url, viewport)
                if viewport == PHONE:
                    no_sideways_scroll(page, PHONE["width"])
        finally:
            ctx.close()
        assert errors == [], errors


def test_cut_throat_deals_queued_offline_pass_the_deal_over_three_seats(server, chromium):
    """The offline queue (offline.js) moves the form on to the next dealer of this table (0, 1,
    2, 0: the seats of the form, not N E S W) and sends the waiting deals once back online."""
    base, token, path = server
    ctx, page, errors = context(chromium, PHONE)
    try:
        sign_in(page, base, token)
        url = start(page, base, "Three-handed", ["Ann", "Bob", "Cy"])
        page.wait_for_function("() => document.documentElement.dataset.offlineReady === 'yes'")
        before_offline = len(errors)
        ctx.set_offline(True)
        for dealer, maker, trump, tricks in GAME[:4]:
            assert checked_dealer(page) == dealer
            tap_deal(page, maker, trump, tricks, alone=False, touch=False)
        assert page.locator("#offline-count").inner_text() == "4 deals waiting to send"
        assert checked_dealer(page) == "1"            # deal 5 is dealt by seat 1 (0, 1, 2, 0, 1)
        items = page.locator("#offline-banner li").all_inner_texts()
        assert "dealt by Ann: Bob made ♥ hearts, 5 tricks" in items[0], items   # names, not 0 1 2
        ctx.set_offline(False)
        page.evaluate("window.dispatchEvent(new Event('online'))")
        page.wait_for_function("() => ((document.querySelector('.offline-sent') || {}).textContent"
                               " || '').startsWith('4 deals sent at')")
        back_online = len(errors)
        page.wait_for_selector("#deal-4")
        cells = page.locator("#deal-4 td.num").all_inner_texts()
        assert [c.split()[-1] for c in cells] == ["0", "8", "3"]   # RUNNING[3]
        draft_id = int(url.rsplit("/", 1)[1])
        from euchre_records.api.store import drafts
        from euchre_records.api.store.migrations import open_db
        db = open_db(path)
        try:
            deals = drafts.get_draft(db, draft_id).data["deals"]
        finally:
            db.close()
        assert [d["dealer"] for d in deals] == ["0", "1", "2", "0"]
    finally:
        ctx.close()
    # a request refused while the context was offline is logged as a failed load (as
    # ERR_INTERNET_DISCONNECTED, or ERR_FAILED when the service worker's fetch was the one
    # refused: seen in CI under load); any other message, or any at all outside that window, counts
    offline = errors[before_offline:back_online]
    assert errors[:before_offline] == [] and errors[back_online:] == [], errors
    assert [e for e in offline if not e.startswith("Failed to load resource: net::ERR_")] == [], errors
