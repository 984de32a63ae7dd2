"""A session's kept pages go with the session (issue 34; docs/PAGES.md "Entry without the
connection"), in a real headless Chromium on one browser context — one phone passed from table
to table — against the app on waitress at 127.0.0.1 (a secure context: the worker registers).

- The phone opens table 1's link and the worker keeps its sitting; then it opens table 2's
  link (the next round, another table): offline, table 1's sitting is no longer readable, and
  table 2's is.
- A club's scorer signs in on the phone and the worker keeps a sitting of the club; then the
  phone opens a table link: offline, the club's sitting is no longer readable.
- The phone opens table 1's link; the director revokes it; the phone's next page (online)
  answers that the link is dead: offline, the sitting is no longer readable. The same when the
  session ends at its expiry (the server's clock moved past it).

The oracle is the browser's own answer offline: a page from the worker, or a network error.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Iterator

import pytest

from euchre_records.api.store import table_links
from euchre_records.api.store.migrations import open_db

from pages_support import CHROMIUM_ARGS, PHONE, build_db, chromium_path, live_server, \
    make_app, make_token, need_chromium
from test_table_links import SEATING, issue_for

SITTING = re.compile(r".*/web/drafts/\d+(#entry)?$")


@pytest.fixture
def night(tmp_path: Path) -> Iterator[dict[str, Any]]:
    need_chromium()
    path = tmp_path / "night.db"
    build_db(path, examples=False)
    token = make_token(path, "Riverside Euchre Club")
    second = [{"table": "1", "seats": {"N": "Ed", "E": "Flo", "S": "Gus", "W": "Hal"}},
              {"table": "2", "seats": {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}}]
    eid, issued = issue_for(path, token, [SEATING, second])
    with live_server(make_app(path)) as base:
        yield {"base": base, "db": path, "event": eid, "token": token,
               "round1": {link.link.table: link for link in issued[0]},
               "round2": {link.link.table: link for link in issued[1]}}


@pytest.fixture
def phone() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        context = b.new_context(viewport=PHONE, service_workers="allow")
        try:
            yield context.new_page()
        finally:
            context.close()
            b.close()


def _open_link(page: Any, base: str, secret: str) -> str:
    """Open a table card's link as a phone does; wait until the worker keeps the sitting."""
    page.goto(f"{base}/web/table#{secret}")
    page.wait_for_url(SITTING)
    page.wait_for_function("() => document.documentElement.dataset.offlineReady === 'yes'")
    return str(page.url).split("#")[0]


def _offline_answer(page: Any, url: str) -> str:
    """What the phone shows for ``url`` without the connection: the page's h1, or 'nothing'.
    Each look is a new tab of the same browser context (its worker, cookies and caches), so a
    failed navigation's error page cannot interrupt the next one."""
    tab = page.context.new_page()
    try:
        try:
            answer = tab.goto(url)
        except Exception as exc:   # playwright's Error: the navigation failed (net::ERR_FAILED,
            said = str(exc)         # or Chromium's own error page took its place)
            assert "ERR_" in said or "chrome-error://" in said, exc
            return "nothing"
        assert answer is not None and answer.from_service_worker
        return str(tab.locator("h1").inner_text())
    finally:
        tab.close()


def test_opening_another_tables_link_leaves_the_first_sitting_unreadable_offline(
        night: dict[str, Any], phone: Any) -> None:
    base = night["base"]
    first = _open_link(phone, base, night["round1"]["1"].secret)
    first_h1 = phone.locator("h1").inner_text()
    second = _open_link(phone, base, night["round2"]["2"].secret)
    second_h1 = phone.locator("h1").inner_text()
    assert first != second and first_h1 != second_h1
    phone.context.set_offline(True)
    assert _offline_answer(phone, first) == "nothing"
    assert _offline_answer(phone, second) == second_h1     # this session's page is kept


def test_a_table_link_after_a_clubs_session_leaves_the_clubs_sitting_unreadable_offline(
        night: dict[str, Any], phone: Any) -> None:
    base = night["base"]
    phone.goto(f"{base}/login?token={night['token']}")
    phone.locator('main button[type="submit"]').click()
    phone.wait_for_url(base + "/")
    phone.goto(base + "/web/sittings/new")
    for seat, name in zip("NESW", ("Ann", "Bob", "Cy", "Di")):
        phone.fill(f"#player_{seat}", name)
    phone.locator('form.sitting-form button[type="submit"]').click()
    phone.wait_for_url(SITTING)
    phone.wait_for_function("() => document.documentElement.dataset.offlineReady === 'yes'")
    club = str(phone.url).split("#")[0]
    table = _open_link(phone, base, night["round1"]["2"].secret)
    table_h1 = phone.locator("h1").inner_text()
    phone.context.set_offline(True)
    assert _offline_answer(phone, club) == "nothing"
    assert _offline_answer(phone, table) == table_h1


def _revoke(night: dict[str, Any]) -> None:
    link = night["round1"]["1"].link
    db = open_db(night["db"])
    try:
        table_links.revoke_link(db, night["event"], 1, link.id, revoked_by="director")
    finally:
        db.close()


@pytest.mark.parametrize("end", ["revoked", "expired"])
def test_a_session_that_ended_leaves_its_sitting_unreadable_offline(
        night: dict[str, Any], phone: Any, end: str, monkeypatch: pytest.MonkeyPatch) -> None:
    base = night["base"]
    url = _open_link(phone, base, night["round1"]["1"].secret)
    title = phone.locator("h1").inner_text()
    phone.context.set_offline(True)                         # the copy the session kept
    assert _offline_answer(phone, url) == title
    phone.context.set_offline(False)
    if end == "revoked":
        _revoke(night)
    else:   # the server's clock past the link's end (6 hours; the session ends with it)
        later = datetime.now(timezone.utc) + timedelta(hours=7)
        monkeypatch.setattr(table_links, "_now", lambda: later)
    dead = phone.goto(url)                                  # online: the server says so
    assert dead is not None and dead.status == 410
    phone.context.set_offline(True)
    assert _offline_answer(phone, url) == "nothing"
