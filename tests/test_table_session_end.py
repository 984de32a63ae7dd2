"""Where a table session ends (docs/AUTH.md "Table links"): at the earlier of its own hours
(``SESSION_HOURS``) and its link's expiry. The cases are worked by hand on a frozen clock:

- a link of 6 hours opened in a server whose sessions last 1 hour: the browser writes at 59
  minutes and is refused at 61, while the link itself stays live (a second browser opening it
  writes, and ``Bearer eut_...`` still answers);
- a link of a quarter of an hour, asked for with its secret (no session at all): live at 14
  minutes, expired at 16, through the store and through the JSON API.

The suite's other sessions end with their link, where the two checks agree; these are the
cases where only one of them can refuse.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any, Callable

import pytest
from bs4 import BeautifulSoup

from euchre_records.api.store import table_links
from euchre_records.api.store.migrations import open_db
from euchre_records.api.store.table_links import LinkState

from pages_support import make_app
from test_table_links import _deal_direct, _table_client, db_path, night  # noqa: F401 (fixtures)

START = datetime(2026, 12, 4, 19, 0, tzinfo=timezone.utc)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Callable[[int], None]:
    """The table links' clock frozen at START; ``clock(m)`` moves it to m minutes after."""
    now = [START]
    monkeypatch.setattr(table_links, "_now", lambda: now[0])

    def move(minutes: int) -> None:
        now[0] = START + timedelta(minutes=minutes)
    return move


def _issue(night: dict[str, Any], hours: float) -> Any:
    db = open_db(night["db"])
    try:
        return table_links.issue_links(db, night["event"], 1, club_id=1, token_id=None,
                                       created_by="test", hours=hours, tables=["1"])[0]
    finally:
        db.close()


def test_a_session_ends_at_its_own_hours_before_its_link(night: dict[str, Any],
                                                          clock: Callable[[int], None]) -> None:
    issued = _issue(night, 6)                            # the link: 19:00 to 01:00
    app = make_app(night["db"], SESSION_HOURS=1)         # its sessions: an hour each
    client, csrf, url = _table_client(app, issued.secret)   # opened at 19:00, ends 20:00
    clock(59)
    assert _deal_direct(client, csrf, url).status_code == 303   # deal 1 at 19:59
    clock(61)
    refused = _deal_direct(client, csrf, url)                    # 20:01: the session is over
    assert refused.status_code == 410, refused.data[:300]
    page = BeautifulSoup(client.get(url).data, "html.parser")
    assert page.h1.get_text() == "This browser's table session has ended"
    said = " ".join(page.get_text(" ").split())
    assert "ended at 2026-12-04 20:00 UTC" in said          # the session's end, not the link's
    assert "the link itself works until 2026-12-05 01:00 UTC" in said
    assert "scan the table card again" in said
    # the link itself is still live: a browser that opens it now writes deal 2
    other, other_csrf, other_url = _table_client(app, issued.secret)
    assert other_url == url
    page = BeautifulSoup(other.get(url).data, "html.parser")
    assert "Deal 2" in page.get_text(" ")
    rev = page.find("input", {"name": "revision"})["value"]
    resp = other.post(url + "/deals", data={"csrf_token": other_csrf, "revision": rev,
                                            "dealer": "E", "maker": "N", "trump": "H",
                                            "tricks": "3"})
    assert resp.status_code == 303
    live = app.test_client().get("/table-link",
                                 headers={"Authorization": f"Bearer {issued.secret}"})
    assert live.status_code == 200


def test_an_expired_link_is_dead_without_any_session(night: dict[str, Any],
                                                     clock: Callable[[int], None]) -> None:
    issued = _issue(night, 0.25)                         # 19:00 to 19:15
    bearer = {"Authorization": f"Bearer {issued.secret}"}
    client = night["app"].test_client()

    def state() -> LinkState:
        db = open_db(night["db"])
        try:
            return table_links.check_link(db, issued.secret).state
        finally:
            db.close()
    clock(14)
    assert state() is LinkState.LIVE
    assert client.get("/table-link", headers=bearer).status_code == 200
    clock(16)
    assert state() is LinkState.EXPIRED
    dead = client.get("/table-link", headers=bearer)
    assert dead.status_code == 401
    assert "expired at 2026-12-04T19:15:00.000Z" in dead.get_json()["error"]["message"]
