"""A phone holding a live table session opens the next round's card (issue 18).

Before, ``GET /web/table`` answered such a phone with a 303 to its old draft's ``#entry``: the
redirect's fragment replaced the new link's ``#eut_...``, so the phone landed back on the old
sitting and the new secret never reached the join script. Now the page is served (naming the
sitting the phone holds), its script posts the new fragment, and the POST switches the browser
to the new link's sitting and ends the old session on the server. Through the test client here;
in Chromium in tests/test_table_links_browser.py.

Seating: round 1 table 1 N Ann, E Bob, S Cy, W Di (table 2 Ed, Flo, Gus, Hal); round 2 table 1
N Ann, E Flo, S Cy, W Hal (table 2 Ed, Bob, Gus, Di).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bs4 import BeautifulSoup


from pages_support import csrf_of, make_app, make_token
from test_table_links import (SEATING, _deal_direct, _table_client, db_path,  # noqa: F401
                              issue_for, link_of)

ROUND_2 = [{"table": "1", "seats": {"N": "Ann", "E": "Flo", "S": "Cy", "W": "Hal"}},
           {"table": "2", "seats": {"N": "Ed", "E": "Bob", "S": "Gus", "W": "Di"}}]


def _two_rounds(db_path: Path) -> tuple[str, str]:  # noqa: F811
    """Round 1's and round 2's link of table 1 (their secrets)."""
    _, issued = issue_for(db_path, make_token(db_path, "Riverside Euchre Club"),
                          [SEATING, ROUND_2], tables=["1"])
    return issued[0][0].secret, issued[1][0].secret


def _draft_of(db_path: Path, secret: str) -> int:  # noqa: F811
    return int(link_of(db_path, secret).draft_id)


def test_a_live_session_opening_the_next_rounds_link_switches_to_it(db_path: Path) -> None:  # noqa: F811
    app = make_app(db_path)
    first, second = _two_rounds(db_path)
    old_draft, new_draft = _draft_of(db_path, first), _draft_of(db_path, second)
    assert old_draft != new_draft
    client, csrf, url = _table_client(app, first)
    assert url.endswith(f"/web/drafts/{old_draft}")
    copied = client.get_cookie(app.config["SESSION_COOKIE_NAME"])
    assert copied is not None
    # the next round's card: /web/table#eut_... — the server sees only /web/table, and must
    # serve the page (whose script reads the fragment), not redirect it away
    page = client.get("/web/table")
    assert page.status_code == 200, page.headers.get("Location")
    held = BeautifulSoup(page.data, "html.parser").find(id="current-sitting")
    assert held is not None and "table 1, round 1" in held.get_text(" ")
    assert held["data-sitting"] == f"/web/drafts/{old_draft}#entry"
    resp = client.post("/web/table", data={"code": second, "csrf_token": csrf_of(page.data)})
    assert resp.status_code == 303
    assert resp.headers["Location"] == f"/web/drafts/{new_draft}#entry"
    sitting = client.get(f"/web/drafts/{new_draft}")
    assert sitting.status_code == 200
    nav = BeautifulSoup(sitting.data, "html.parser").select_one("header.site nav")
    assert "Table 1, round 2" in nav.get_text(" ")
    new_csrf = csrf_of(sitting.data)
    assert _deal_direct(client, new_csrf, f"/web/drafts/{new_draft}").status_code == 303
    assert _deal_direct(client, new_csrf, url).status_code == 403   # round 1's: not this link's
    # the old session was ended on the server: its cookie, copied before, opens nothing
    thief = app.test_client()
    thief.set_cookie(copied.key, copied.value, domain=copied.domain or "localhost")
    assert thief.get(url).status_code == 404
    assert _deal_direct(thief, csrf, url).status_code in (403, 404)


def test_a_live_session_without_a_new_link_is_sent_on_to_its_sitting(db_path: Path) -> None:  # noqa: F811
    """No fragment (the nav's link, a bookmark): the page's script goes on to the sitting; the
    link to it is there for a browser without JavaScript."""
    app = make_app(db_path)
    first, _ = _two_rounds(db_path)
    client, _csrf, url = _table_client(app, first)
    page = BeautifulSoup(client.get("/web/table").data, "html.parser")
    held = page.find(id="current-sitting")
    assert held.a["href"] == held["data-sitting"] == url + "#entry"
    script: Any = client.get("/web/static/table_join.js")
    assert b'getElementById("current-sitting")' in script.data
    script.close()
