"""Entry without the connection in a real browser (headless Debian chromium via playwright,
against the app on waitress at 127.0.0.1, a secure context where a service worker registers).

Three deals tapped offline wait in the browser (the banner counts them), survive a reload made
offline (the service worker's copy of the page: sheet and form), and are stored exactly once and
in order when the connection returns; two phones on one draft meet the stale-revision check and
see both versions, and the one kept is the one stored. axe finds nothing serious on the page in
either state, at 390 and 1280 px.

The deals and their expected store are written here by hand (Modern rules, docs/RULES.md: three
tricks to the makers is 1 point, a march 2, a lone march 4, a euchre 2 to the defenders).
"""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from pages_support import (CHROMIUM_ARGS, DESKTOP, PHONE, build_db, chromium_path, live_server,
                           make_app, make_token, need_chromium, serious_violations, sign_in,
                           tap_deal)

# (maker, trump, tricks, alone): deals 1-3, dealers N, E, S
OFFLINE_DEALS = [("E", "H", "3", False), ("S", "S", "5", True), ("W", "D", "2", False)]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    need_chromium()
    path = tmp_path_factory.mktemp("offline") / "offline.db"
    build_db(path, examples=False)
    token = make_token(path, "Riverside")
    with live_server(make_app(path)) as base:
        yield base, token, path


@pytest.fixture(scope="module")
def chromium(server):
    """Chromium as pages_support.browser starts it, with one more name: lan.test, mapped to
    127.0.0.1 (an insecure origin, as a club's http://192.168.x.x is)."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium_path(), args=[
            *CHROMIUM_ARGS, "--host-resolver-rules=MAP lan.test 127.0.0.1"])
        try:
            yield b
        finally:
            b.close()


class Phone:
    """A browser context (its own cookies, storage and service worker) with its console errors
    collected; the network errors of an offline fetch are expected, so only script errors count."""

    def __init__(self, b, viewport=PHONE):
        self.context = b.new_context(viewport=viewport, service_workers="allow")
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def close(self):
        self.context.close()
        assert self.errors == [], self.errors


def start_sitting(page, base):
    page.goto(base + "/web/sittings/new")
    for seat, name in zip("NESW", ("Ann", "Bob", "Cy", "Di")):
        page.fill(f"#player_{seat}", name)
    page.select_option("#preset", "modern")
    page.locator('form.sitting-form button[type="submit"]').click()
    page.wait_for_url(re.compile(r".*/web/drafts/\d+$"))
    return page.url


def kept_by_worker(page):
    """Wait until the service worker controls the page and has kept a copy of it."""
    page.wait_for_function("() => document.documentElement.dataset.offlineReady === 'yes'")


def tap(page, maker, trump, tricks, alone):
    tap_deal(page, maker, trump, tricks, alone, touch=False)


def stored(path, draft_id):
    conn = sqlite3.connect(path)
    try:
        data = conn.execute("SELECT r.data FROM drafts d JOIN draft_revisions r ON r.draft_id = "
                            "d.id AND r.revision = d.revision WHERE d.id = ?",
                            (draft_id,)).fetchone()[0]
        ids = conn.execute("SELECT deal_number FROM draft_deal_ids WHERE draft_id = ? "
                           "ORDER BY deal_number", (draft_id,)).fetchall()
        return json.loads(data).get("deals", []), [n for (n,) in ids]
    finally:
        conn.close()


def as_tuples(deals):
    return [(d["dealer"], d["result"]["maker"], d["result"]["trump"], str(d["result"]["tricks"]),
             bool(d["result"].get("alone"))) for d in deals]


def ready_sitting(server, chromium) -> tuple[Phone, Path, int]:
    """A phone signed in on a new four-handed sitting that the service worker has kept."""
    base, token, path = server
    phone = Phone(chromium)
    sign_in(phone.page, base, token)
    url = start_sitting(phone.page, base)
    kept_by_worker(phone.page)
    return phone, path, int(url.rsplit("/", 1)[1])


def test_three_deals_offline_survive_a_reload_and_are_stored_once_in_order(server, chromium):
    phone, path, draft_id = ready_sitting(server, chromium)
    page = phone.page
    phone.context.set_offline(True)
    for deal in OFFLINE_DEALS:
        tap(page, *deal)
    banner = page.locator("#offline-banner")
    assert banner.locator("#offline-count").inner_text() == "3 deals waiting to send"
    assert "No connection" in banner.inner_text()
    assert page.locator("#deal-form h2").inner_text() == "Deal 4"
    assert page.locator('#deal-form input[name="dealer"]:checked').get_attribute("value") == "W"
    assert stored(path, draft_id) == ([], [])                         # nothing reached the server
    assert (serious_violations(page)) == []
    page.set_viewport_size(DESKTOP)
    assert (serious_violations(page)) == []
    page.set_viewport_size(PHONE)

    answer = page.reload()                                            # still offline
    assert answer is not None and answer.from_service_worker
    assert page.evaluate("() => fetch('/').then(() => 'reached', () => 'failed')") == "failed"
    assert page.locator("#sitting").is_visible()
    assert page.locator("#deal-form").is_visible()
    assert page.locator("h1").inner_text() == f"Sitting {draft_id}"
    page.wait_for_function("() => document.getElementById('offline-count') !== null")
    assert page.locator("#offline-count").inner_text() == "3 deals waiting to send"
    assert page.locator("#deal-form h2").inner_text() == "Deal 4"       # after the waiting
    assert page.locator('#deal-form input[name="dealer"]:checked').get_attribute("value") == "W"
    items = page.locator("#offline-banner li").all_inner_texts()
    assert items == ["Deal 1, dealt by N Ann: E Bob made ♥ hearts, 3 tricks",
                     "Deal 2, dealt by E Bob: S Cy made ♠ spades alone, 5 tricks",
                     "Deal 3, dealt by S Cy: W Di made ♦ diamonds, 2 tricks"]

    # back online, the first send's answer is lost on the way back: the server stored deal 1,
    # the browser saw only a failure and keeps it. The next try comes by itself (offline.js
    # tries again after 1 s, with no `online` event): it is held here until the state between
    # the two tries has been read, then let through, and resends deal 1 with its id.
    lost: list[str] = []
    held: list = []

    def lose_first_answer(route):
        if not lost and route.request.method == "POST":
            route.fetch()
            lost.append(route.request.url)
            route.abort()
        elif not held and route.request.method == "POST":
            held.append(route)
        else:
            route.continue_()
    phone.context.route(re.compile(r".*/deals$"), lose_first_answer)
    # chromium fires the page's `online` event itself; none is dispatched here, so that no
    # second drain is asked for and the second send can only be the queue's own retry
    phone.context.set_offline(False)
    for _ in range(300):
        if held:
            break
        page.wait_for_timeout(100)
    assert lost, "the first send did not go out"
    assert held, "the failed send was not tried again by itself"
    assert as_tuples(stored(path, draft_id)[0]) == [("N", "E", "H", "3", False)]
    assert page.locator("#offline-count").inner_text() == "3 deals waiting to send"
    held[0].continue_()
    page.wait_for_function("() => ((document.querySelector('.offline-sent') || {}).textContent"
                           " || '').startsWith('3 deals sent at')")
    assert re.fullmatch(r"3 deals sent at \d\d:\d\d\.", page.locator(".offline-sent").inner_text())
    deals, numbers = stored(path, draft_id)
    assert as_tuples(deals) == [("N", "E", "H", "3", False), ("E", "S", "S", "5", True),
                                ("S", "W", "D", "2", False)]
    assert numbers == [1, 2, 3]
    # the sheet shows them, scored: E-W 1, then N-S 4 (a lone march), then N-S 2 (W euchred)
    page.wait_for_selector("#deal-3")
    assert page.locator("#deal-3 td.score").inner_text() == "6–1"
    phone.close()


def test_two_phones_on_one_draft_see_both_versions_and_keep_either(server, chromium):
    base, token, path = server
    a, b = Phone(chromium), Phone(chromium, DESKTOP)
    sign_in(a.page, base, token)
    sign_in(b.page, base, token)
    url = start_sitting(a.page, base)
    draft_id = int(url.rsplit("/", 1)[1])
    b.page.goto(url)
    kept_by_worker(b.page)
    b.context.set_offline(True)
    tap(b.page, "S", "C", "4", False)                    # B, offline: S made clubs, 4 tricks
    tap(a.page, "E", "H", "3", False)                    # A, online: E made hearts, 3 tricks
    assert as_tuples(stored(path, draft_id)[0]) == [("N", "E", "H", "3", False)]
    b.context.set_offline(False)
    b.page.evaluate("window.dispatchEvent(new Event('online'))")
    problem = b.page.locator("#offline-problem")
    problem.locator("text=Keep mine").wait_for()
    text = problem.inner_text()
    assert "Two versions of deal 1" in text
    assert "Deal 1, dealt by N Ann: E Bob made ♥ hearts, 3 tricks" in text      # the stored one
    assert "Deal 1, dealt by N Ann: S Cy made ♣ clubs, 4 tricks" in text       # B's own
    assert serious_violations(b.page) == []
    b.page.set_viewport_size(PHONE)
    assert serious_violations(b.page) == []
    problem.locator("button", has_text="Keep mine").click()
    b.page.wait_for_selector(".offline-sent")
    assert as_tuples(stored(path, draft_id)[0]) == [("N", "S", "C", "4", False)]
    # A enters on, over its old page: the form's own clash shows both versions too
    tap_stale = a.page.locator("#deal-form")
    tap_stale.locator('label.choice:has(input[name="maker"][value="N"])').click()
    tap_stale.locator('label.choice:has(input[name="trump"][value="S"])').click()
    tap_stale.locator('label.choice:has(input[name="tricks"][value="5"])').click()
    tap_stale.locator('button[type="submit"]').click()
    conflict = a.page.locator("#conflict")
    conflict.wait_for()
    versions = conflict.locator(".version").all_inner_texts()
    assert "Two versions from deal 1" in conflict.locator("h2").inner_text()
    assert "Deal 1, dealt by N Ann: S Cy made ♣ clubs, 4 tricks" in versions[0]      # stored (B)
    assert "Deal 1, dealt by N Ann: E Bob made ♥ hearts, 3 tricks" in versions[1]    # A's own
    assert "Deal 2, dealt by E Bob: N Ann made ♠ spades, 5 tricks" in versions[1]
    assert serious_violations(a.page) == []
    conflict.locator("a", has_text="Keep the stored version").click()
    a.page.wait_for_selector("#deal-form")
    assert as_tuples(stored(path, draft_id)[0]) == [("N", "S", "C", "4", False)]
    a.close()
    b.close()


def test_over_plain_http_on_the_network_the_queue_works_and_the_page_says_reload_will_not(
        server, chromium):
    """A club LAN address over http (here the name lan.test mapped to the server's 127.0.0.1,
    which the browser then treats as any insecure origin): no service worker, no
    crypto.randomUUID; the note says so, and the queue still keeps and sends the deals."""
    base, token, path = server
    lan = "http://lan.test:" + base.rsplit(":", 1)[1]
    phone = Phone(chromium)
    page = phone.page
    sign_in(page, lan, token)
    url = start_sitting(page, lan)
    draft_id = int(url.rsplit("/", 1)[1])
    assert page.evaluate("() => [window.isSecureContext, 'randomUUID' in crypto]") == \
        [False, False]
    note = page.locator("#offline-note")
    assert note.is_visible()
    assert "not served over HTTPS" in note.inner_text()
    phone.context.set_offline(True)
    tap(page, "E", "H", "3", False)
    assert page.locator("#offline-count").inner_text() == "1 deal waiting to send"
    assert serious_violations(page) == []
    phone.context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_selector(".offline-sent")
    assert page.locator(".offline-sent").inner_text().startswith("1 deal sent at ")
    deals, numbers = stored(path, draft_id)
    assert as_tuples(deals) == [("N", "E", "H", "3", False)] and numbers == [1]
    conn = sqlite3.connect(path)
    (client_id,) = conn.execute("SELECT client_id FROM draft_deal_ids WHERE draft_id = ?",
                                (draft_id,)).fetchone()
    conn.close()
    # the fallback's id is a version 4 UUID too (from getRandomValues)
    assert re.fullmatch(r"[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}",
                        client_id)
    phone.close()


def test_a_server_error_is_sent_again_by_itself_and_a_signed_out_answer_waits(server, chromium):
    """offline.js, "sent again shortly": a 503 keeps the deal with the note and it goes by itself
    about a second later, with no `online` event; a 403 (the sign-in ended) keeps it with the
    sign-in note and is not tried again by itself (a retry would land on the sign-in page), until
    the next `online` event or page load. The banner's count is of every deal sent since the
    queue was last empty, over all the tries: deal 1 went on the first, deal 2 on the third."""
    phone, path, draft_id = ready_sitting(server, chromium)
    page = phone.page
    answers = ["real", "503", "403"]     # what the next POSTs are answered with; then the server
    posts: list[str] = []

    def server_says(route):
        if route.request.method != "POST":
            return route.continue_()
        answer = answers.pop(0) if answers else "real"
        posts.append(answer)
        if answer == "real":
            return route.continue_()
        return route.fulfill(status=int(answer), content_type="text/plain", body="not now")
    phone.context.route(re.compile(r".*/deals$"), server_says)

    phone.context.set_offline(True)
    tap(page, "E", "H", "3", False)
    tap(page, "S", "S", "5", True)
    assert page.locator("#offline-count").inner_text() == "2 deals waiting to send"
    phone.context.set_offline(False)          # chromium's own `online` event, and no other
    note = page.locator("#offline-problem")
    for _ in range(300):                       # deal 1, the 503, then by itself the 403
        if len(posts) >= 3:
            break
        page.wait_for_timeout(100)
    assert posts == ["real", "503", "403"], posts
    page.wait_for_function("() => document.getElementById('offline-banner').dataset.sending"
                           " === 'no'")
    assert "sign in again" in note.inner_text()
    page.wait_for_timeout(3000)                # well past the 2 s a retry would wait next
    assert posts == ["real", "503", "403"], posts
    assert as_tuples(stored(path, draft_id)[0]) == [("N", "E", "H", "3", False)]
    assert page.locator("#offline-count").inner_text() == "1 deal waiting to send"
    page.evaluate("window.dispatchEvent(new Event('online'))")
    page.wait_for_selector(".offline-sent")
    assert posts == ["real", "503", "403", "real"], posts
    assert page.locator(".offline-sent").inner_text().startswith("2 deals sent at ")
    assert as_tuples(stored(path, draft_id)[0]) == [("N", "E", "H", "3", False),
                                                    ("E", "S", "S", "5", True)]
    phone.close()
