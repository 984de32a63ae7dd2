"""One table's phone at a progressive night at tables of three with 4 deals a round, in a real
browser (headless Debian chromium, playwright, waitress on 127.0.0.1; issue 32): the phone
opens table 1's link, taps in the 4 deals of the hand-worked golden
(tests/golden/events/05-progressive-threes.json), sees "deal k of 4" after each, then the
sitting over with the round's score (Ann 0, Bob 8, Cy 3, worked by hand in the golden's why)
and no deal form; a fifth deal sent from the phone anyway is refused (422, the round's reason)
and nothing is stored. Before issue 32 the page said "game to 10" and offered a fifth deal.
"""

from __future__ import annotations

import json
import re
from typing import Any, Iterator

import pytest

from euchre_records.api.store import drafts, events, table_links
from euchre_records.api.store.migrations import open_db
from euchre_records.api.store.tokens import verify

from golden_cases import GOLDEN
from pages_support import PHONE, browser, build_db, live_server, make_app, make_token, need_chromium

CASE = json.loads((GOLDEN / "events" / "05-progressive-threes.json").read_text(encoding="utf-8"))
DEALS = CASE["sittings"][0]["record"]["deals"]


@pytest.fixture(scope="module")
def night(tmp_path_factory: Any) -> Iterator[dict[str, Any]]:
    need_chromium()
    path = tmp_path_factory.mktemp("threes") / "threes.db"
    build_db(path, examples=False)
    token = make_token(path, "Riverside Euchre Club")
    db = open_db(path)
    row = verify(db, token)
    assert row is not None
    eid = events.create_event(db, CASE["event"], club_id=row.club_id)
    events.add_seating(db, eid, 1, CASE["seatings"][0]["tables"])
    issued = table_links.issue_links(db, eid, 1, club_id=row.club_id, token_id=row.id,
                                     created_by="test", hours=6)
    db.close()
    with live_server(make_app(path)) as base, browser() as b:
        yield {"base": base, "browser": b, "path": path, "link": issued[0]}


def test_a_phone_enters_its_four_deals_and_is_refused_a_fifth(night: dict[str, Any]) -> None:
    link = night["link"]
    ctx = night["browser"].new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    errors: list[str] = []
    phone = ctx.new_page()
    phone.on("pageerror", lambda e: errors.append(str(e)))
    try:
        phone.goto(f"{night['base']}/web/table#{link.secret}")
        phone.wait_for_url(re.compile(r"/web/drafts/\d+"))
        url = phone.url.split("#")[0]
        assert "game to" not in phone.locator("#scoreboard").inner_text()
        for k, deal in enumerate(DEALS, 1):
            form = phone.locator("#deal-form")
            assert f"Deal {k}" in form.locator("h2").inner_text()
            r = deal["result"]
            for name, value in (("dealer", deal["dealer"]), ("maker", r["maker"]),
                                ("trump", r["trump"]), ("tricks", str(r["tricks"]))):
                form.locator(f'label.choice:has(input[name="{name}"][value="{value}"])').click()
            form.locator('button[type="submit"]').click()
            phone.wait_for_function(
                "k => document.querySelector('#scoreboard').innerText.includes('deal ' + k + ' of 4')",
                arg=k)
        board = phone.locator("#scoreboard")
        assert [f.inner_text() for f in board.locator(".figure").all()] == ["0", "8", "3"]
        assert "The sitting is over: all 4 deals are played" in phone.locator("main").inner_text()
        assert phone.locator("#deal-form").count() == 0
        csrf = phone.locator('#sitting-over input[name="csrf_token"]').get_attribute("value")
        revision = phone.locator('#sitting-over input[name="revision"]').get_attribute("value")
        fifth = phone.request.post(url + "/deals", form={
            "csrf_token": csrf or "", "revision": revision or "", "dealer": "1", "maker": "2",
            "trump": "S", "tricks": "3"})
        assert fifth.status == 422
        text = " ".join(fifth.text().split())
        assert "deal 5 is refused: round 1 of Progressive threes plays 4 deals, and 4 are entered" \
            in text
        assert errors == []
    finally:
        ctx.close()
    db = open_db(night["path"])
    try:
        draft = drafts.get_draft(db, link.link.draft_id)
        assert draft is not None and draft.data["deals"] == DEALS
    finally:
        db.close()
