"""A sitting that is over offers one way to store it (issue 18), and that way works.

Before, a decided rubber showed "Store the record" in its over-panel and "Finish and store the
record" under the sheet: two buttons for one action. Now the page has exactly one form posting to
``/finish`` while the sitting is over (club session and table link alike), and "Take back" stays.

Scores by hand (RULES.md): Hoyle-style, game to 5, best of three games; a lone march scores 4
and a made bid of 3 tricks scores 1, so S's lone march then N's 3 tricks win a game 5-0, and two
such games the rubber (a table link's sitting issued with the Hoyle rules the same).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bs4 import BeautifulSoup

from euchre_records.api.store.migrations import open_db

from pages_support import make_app, make_token
from test_pages import Scorer
from test_table_links import SEATING, _deal, _table_client, db_path, issue_for  # noqa: F401


def _store_forms(page: bytes) -> list[Any]:
    return BeautifulSoup(page, "html.parser").select('form[action$="/finish"]')


def test_a_decided_rubber_offers_one_store_button_and_it_stores(db_path: Path) -> None:  # noqa: F811
    app = make_app(db_path)
    scorer = Scorer(app.test_client(), make_token(db_path, "Riverside"))
    scorer.login()
    url = scorer.start(preset="hoyle", game_points="")
    scorer.deal(url, maker="S", trump="S", tricks="5", alone="yes")
    assert len(_store_forms(scorer.client.get(url).data)) == 1   # not over: the one below
    scorer.deal(url, maker="N", trump="C", tricks="3")
    scorer.deal(url, maker="S", trump="S", tricks="5", alone="yes")
    scorer.deal(url, maker="N", trump="C", tricks="3")
    page = scorer.client.get(url).data
    forms = _store_forms(page)
    assert len(forms) == 1, [f.get_text(" ", strip=True) for f in forms]
    assert forms[0].find_parent(id="sitting-over") is not None
    assert forms[0].button.get_text(strip=True) == "Store the record"
    soup = BeautifulSoup(page, "html.parser")
    assert soup.find("button", string="Take back deal 4") is not None
    fields = {i["name"]: i["value"] for i in forms[0].find_all("input")}
    resp = scorer.client.post(forms[0]["action"], data=fields)
    assert resp.status_code == 303 and "/web/rubbers/" in resp.headers["Location"]


def test_a_table_links_finished_round_offers_one_store_button_and_it_stores(
        db_path: Path) -> None:  # noqa: F811
    app = make_app(db_path)
    _, (issued,) = issue_for(db_path, make_token(db_path, "Riverside Euchre Club"), [SEATING],
                             tables=["1"], rules="hoyle")
    client, csrf, url = _table_client(app, issued[0].secret)
    for _ in range(2):   # the same rubber as above, N-S two games to none
        assert _deal(client, csrf, url, maker="S", trump="S", tricks="5",
                     alone="yes").status_code == 303
        assert _deal(client, csrf, url, maker="N", trump="C", tricks="3").status_code == 303
    forms = _store_forms(client.get(url).data)
    assert len(forms) == 1, [f.get_text(" ", strip=True) for f in forms]
    assert forms[0].find_parent(id="sitting-over") is not None
    fields = {i["name"]: i["value"] for i in forms[0].find_all("input")}
    resp = client.post(forms[0]["action"], data=fields)
    assert resp.status_code == 303 and resp.headers["Location"].endswith("/web/table")
    db = open_db(db_path)
    try:
        rows = db.conn.execute('SELECT round, "table" FROM tournament_sittings').fetchall()
    finally:
        db.close()
    assert rows == [(1, "1")]
