"""The moment a table link or a club's token died, shown in the viewer's time zone (issue 18).

The store keeps UTC ISO 8601 times and the JSON API answers them as they are; a page names the
same moment as a ``<time class="utc" datetime="...Z" title="... UTC">`` for localtime.js to show
in the browser's zone, as every other page does (api/pages/times.py). The oracle here is the
store's own row (the revoked_at / expires_at / closed_at it keeps), never the page's text.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from bs4 import BeautifulSoup, Tag
from hypothesis import given
from hypothesis import strategies as st
from markupsafe import escape

from euchre_records.api.pages.times import with_times
from euchre_records.api.store.migrations import open_db
from euchre_records.api.store.tokens import revoke, token_by_id, verify

from pages_support import make_app, make_token
from test_pages import Scorer
import test_table_links
from test_table_links import (_deal_direct, _table_client, db_path,  # noqa: F401 (fixtures)
                              deal_after_expiry, link_of)

night = test_table_links.night   # the fixture, under the name the tests ask for


def _shown(iso: str) -> str:
    """How the page's text (before the script) writes a stored UTC moment: minutes, 'UTC'."""
    return f"{iso[:10]} {iso[11:16]} UTC"


def _message_times(page: bytes, selector: str) -> tuple[Tag, list[Tag]]:
    soup = BeautifulSoup(page, "html.parser")
    message = soup.select_one(selector)
    assert message is not None, soup.get_text(" ", strip=True)[:500]
    return message, message.select("time.utc[datetime]")


def _assert_local(message: Tag, times: list[Tag], iso: str) -> None:
    assert [t["datetime"] for t in times] == [iso]
    assert times[0]["title"] == _shown(iso) == times[0].get_text()
    assert iso not in message.get_text(" ")   # no raw ISO text left for the reader


def test_a_revoked_links_page_shows_when_in_the_viewers_zone(night: dict[str, Any]) -> None:
    client, csrf, url = _table_client(night["app"], night["secrets"]["1"])
    director = night["director"]
    link_id = link_of(night["db"], night["secrets"]["1"]).id
    resp = director.client.post(f"/web/events/{night['event']}/rounds/1/links/{link_id}/revoke",
                                data={"csrf_token": director.csrf})
    assert resp.status_code == 303
    revoked_at = link_of(night["db"], night["secrets"]["1"]).revoked_at
    assert revoked_at is not None and revoked_at.endswith("Z")
    after = _deal_direct(client, csrf, url)
    assert after.status_code == 410
    message, times = _message_times(after.data, "p.error-message")
    assert "was revoked at" in message.get_text(" ")
    _assert_local(message, times, revoked_at)
    api = night["app"].test_client().get(
        "/table-link", headers={"Authorization": f"Bearer {night['secrets']['1']}"})
    assert revoked_at in api.get_json()["error"]["message"]   # the API keeps the stored time


def test_a_closed_events_link_page_shows_when_in_the_viewers_zone(night: dict[str, Any]) -> None:
    client, csrf, url = _table_client(night["app"], night["secrets"]["2"])
    director = night["director"]
    resp = director.client.post(f"/web/events/{night['event']}/close",
                                data={"csrf_token": director.csrf, "confirm": "yes"})
    assert resp.status_code == 303
    closed_at = link_of(night["db"], night["secrets"]["2"]).closed_at
    assert closed_at is not None
    message, times = _message_times(_deal_direct(client, csrf, url).data, "p.error-message")
    _assert_local(message, times, closed_at)


def test_an_expired_links_page_shows_when_in_the_viewers_zone(night: dict[str, Any]) -> None:
    after, expires_at = deal_after_expiry(night)
    assert after.status_code == 410
    message, times = _message_times(after.data, "p.error-message")
    _assert_local(message, times, expires_at)


def test_a_revoked_club_tokens_message_shows_when_in_the_viewers_zone(db_path: Path) -> None:  # noqa: F811
    app = make_app(db_path)
    token = make_token(db_path, "Riverside Euchre Club")
    scorer = Scorer(app.test_client(), token)
    scorer.login()
    url = scorer.start()
    conn = open_db(db_path)
    row = verify(conn, token)
    assert row is not None
    revoke(conn, row.id)
    revoked = token_by_id(conn, row.id)
    conn.close()
    assert revoked is not None and revoked.revoked_at is not None
    resp = scorer.client.post(url + "/deals", data={
        "csrf_token": scorer.csrf, "revision": "1", "dealer": "N", "maker": "N",
        "trump": "H", "tricks": "3"})
    assert resp.status_code == 303
    message, times = _message_times(scorer.client.get(resp.headers["Location"]).data,
                                    "#messages p.flash")
    assert "was revoked at" in message.get_text(" ")
    _assert_local(message, times, revoked.revoked_at)


_PLAIN = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40).filter(
    lambda s: "Z" not in s)   # a text without a 'Z' holds no UTC time


@given(before=_PLAIN, after=_PLAIN,
       moment=st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2099, 12, 31)))
def test_with_times_escapes_the_text_and_marks_each_utc_time(before: str, after: str,
                                                            moment: datetime) -> None:
    iso = moment.isoformat(timespec="milliseconds") + "Z"
    assert str(with_times(before)) == str(escape(before))
    out = str(with_times(f"{before} {iso} {after}"))
    expected = (f'{escape(before)} <time class="utc" datetime="{iso}" title="{_shown(iso)}">'
                f"{_shown(iso)}</time> {escape(after)}")
    assert out == expected
