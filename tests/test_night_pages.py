"""The axe sweep of issue 18: every page of a club night at 390 and 1280 px, in chromium, has no
serious or critical axe violation and no sideways scrolling.

The pages (tests/night_support.py builds their states through the store functions): the
director's new event (blank, then refused with its problems listed), the seat page of a first
round (draw or typed) and of a later one (the movement too), a round's page with the next round
by the movement, the event page with its close form, the close itself and the closed event, the
live board (open and closed), the scorer's page with its scoreboard (a sitting in progress and one
whose rubber is decided), the standings on a phone; and the table links: a round's links page,
the printable cards, the page a link opens, the scorer's page opened from a link and a revoked
link's page. (The offline banner and the clash panel are swept by tests/test_offline_browser.py.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from night_support import build_night, link_pages
from pages_support import (DESKTOP, PHONE, browser, live_server, make_app, need_chromium,
                           page_problems)


def _check(page: Any, what: str, width: int, found: list[str]) -> None:
    found.extend(page_problems(page, what, width))


@pytest.mark.slow   # one test a width, so that the two run side by side on two workers
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_every_page_of_the_night_passes_axe_on_a_phone_and_a_desktop(
        tmp_path: Path, viewport: dict[str, int]) -> None:
    need_chromium()
    found: list[str] = []
    seen: list[str] = []
    with browser() as b:
        width = viewport["width"]
        night = build_night(tmp_path / f"night-{width}.db")
        with live_server(make_app(tmp_path / f"night-{width}.db")) as base:
            context = b.new_context(viewport=viewport)
            page = context.new_page()
            page.goto(f"{base}/login?token={night.token}")
            page.locator('main button[type="submit"]').click()
            page.wait_for_url(base + "/")
            for name, path in night.pages():
                resp = page.goto(base + path)
                assert resp is not None and resp.status == 200, path
                _check(page, name, width, found)
                seen.append(name)
            assert page.goto(base + f"/web/drafts/{night.over_draft_id}") is not None
            assert page.locator("#sitting-over").is_visible()   # the over state was swept
            assert page.locator("#deal-form").count() == 0
            # a refused new event lists its problems at their fields
            page.goto(base + "/web/events/new")
            page.locator('form.event-form button[type="submit"]').click()
            page.wait_for_load_state()
            assert page.locator("[aria-invalid=true]").count() >= 1
            _check(page, "event-new refused", width, found)
            # close the night from the event page, then the closed event and its board
            page.goto(base + f"/web/events/{night.event_id}")
            page.check('form.close-event input[name="confirm"]')
            page.locator('form.close-event button[type="submit"]').click()
            page.wait_for_url(base + f"/web/events/{night.event_id}")
            assert "the standings are final" in page.locator("main").inner_text()
            _check(page, "event closed", width, found)
            page.goto(base + f"/web/events/{night.event_id}/board")
            _check(page, "board closed", width, found)
            # the standings as a visitor reads them on a phone (not signed in)
            reader = b.new_context(viewport=viewport).new_page()
            reader.goto(base + f"/web/events/{night.event_id}")
            _check(reader, "standings", width, found)
            reader.context.close()
            context.close()
            # the table links: the round's links, the cards, the join page, a sitting opened
            # from a link, and a revoked link's page
            link_pages(b, base, night, viewport,
                       lambda p, name: (_check(p, name, width, found), seen.append(name)))
    assert len(seen) == len(night.pages()) + 5
    assert found == []
