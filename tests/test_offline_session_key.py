"""What the service worker is told and served (api/pages/offline.py), through the Flask test
client: every page names the session it was drawn for (``X-Euchre-Offline-Session``) with a
key that differs from session to session, is no credential, and is ``none`` without a live
session; on a ``--private`` server a table link's browser gets ``/sw.js`` (so its phone can
reload offline); an anonymous one is sent to sign in."""

from __future__ import annotations

import re
from pathlib import Path

from euchre_records.api.store import table_links
from euchre_records.api.store.migrations import open_db

from pages_support import csrf_of, make_app, make_token
from test_pages import Scorer
from test_table_links import SEATING, _table_client, db_path, issue_for  # noqa: F401 (fixture)

HEADER = "X-Euchre-Offline-Session"
KEY = re.compile(r"[0-9a-f]{32}")


def test_each_session_has_its_own_key_and_none_has_none(db_path: Path) -> None:
    app = make_app(db_path)
    token = make_token(db_path, "Riverside Euchre Club")
    eid, (issued,) = issue_for(db_path, token, [SEATING])
    anonymous = app.test_client().get("/")
    assert anonymous.headers[HEADER] == "none"
    one, _, url_one = _table_client(app, issued[0].secret)
    two, _, url_two = _table_client(app, issued[1].secret)
    key_one = one.get(url_one).headers[HEADER]
    key_two = two.get(url_two).headers[HEADER]
    assert KEY.fullmatch(key_one) and KEY.fullmatch(key_two) and key_one != key_two
    assert one.get("/").headers[HEADER] == key_one          # the same session on every page
    club = Scorer(app.test_client(), token)
    club.login()
    key_club = club.client.get("/").headers[HEADER]
    assert KEY.fullmatch(key_club) and key_club not in (key_one, key_two)
    # the same phone opening table 2's link: a new session, a new key
    join = one.get("/web/table")
    moved = one.post("/web/table", data={"code": issued[1].secret,
                                         "csrf_token": csrf_of(join.data)})
    assert moved.status_code == 303
    key_moved = one.get(url_two).headers[HEADER]
    assert KEY.fullmatch(key_moved) and key_moved not in (key_one, key_two)
    # revoked: the next page says there is no session
    db = open_db(db_path)
    try:
        table_links.revoke_link(db, eid, 1, issued[1].link.id, revoked_by="test")
    finally:
        db.close()
    dead = two.get(url_two)
    assert dead.status_code == 410 and dead.headers[HEADER] == "none"


def test_a_table_link_gets_the_worker_on_a_private_server(db_path: Path) -> None:
    app = make_app(db_path, PRIVATE=True)
    token = make_token(db_path, "Riverside Euchre Club")
    _, (issued,) = issue_for(db_path, token, [SEATING])
    anonymous = app.test_client().get("/sw.js")            # to the sign-in page, no worker
    assert anonymous.status_code == 303 and "/login" in anonymous.headers["Location"]
    client, _, _ = _table_client(app, issued[0].secret)
    worker = client.get("/sw.js")
    assert worker.status_code == 200 and worker.mimetype == "text/javascript"
    assert HEADER in worker.get_data(as_text=True)
    assert client.get("/records").status_code == 403          # and nothing else is open
