"""A table link's sitting takes the deals its round plays and no more (issue 34; docs/EVENTS.md
§3.2, docs/PAGES.md). On a progressive night of 4 deals a round, deal 5 is refused — by the
deal form, by the offline queue's JSON send, by "keep mine" and card by card — with a reason
that names the deal and the round's 4 deals (422, nothing stored); and a sitting a store
already holds with more deals than its round plays counts its first 4 only in the standings,
the round's points and the movement.

Worked by hand. Table 1 of round 1: N Ann, E Bob, S Cy, W Di. Each deal of the table's link:
N makes hearts and takes 3 tricks, 1 point to N-S; after 4 deals N-S 4, E-W 0. The record
stored with 10 deals: those 4, then 6 marches of E-W (E makes, 5 tricks: 2 points each, 12 in
all); counted over the round's 4 deals: N-S 4, E-W 0 (all 10 would be 4 to 12).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bs4 import BeautifulSoup

from euchre_records.api.store import events
from euchre_records.api.store.ingest import prepare
from euchre_records.api.store.migrations import open_db
from euchre_records.api.store.store import Store

from pages_support import make_app, make_token
from test_table_links import SEATING, _table_client, db_path, issue_for  # noqa: F401 (fixture)

SEATS = "NESW"
REASON = "deal 5 is refused: round 1 of Friday progressive plays 4 deals, and 4 are entered"


def _post(client: Any, csrf: str, url: str, path: str = "/deals",
          headers: dict[str, str] | None = None, **fields: str) -> Any:
    """A deal sent over the latest revision (read from the page's revision field)."""
    page = BeautifulSoup(client.get(url).data, "html.parser")
    revision = page.find("input", {"name": "revision"})["value"]
    data = {"csrf_token": csrf, "revision": revision, "maker": "N", "trump": "H",
            "tricks": "3", **fields}
    return client.post(url + path, data=data, headers=headers or {})


def _deals_of(db_path: Path, draft_id: int) -> int:
    db = open_db(db_path)
    try:
        from euchre_records.api.store import drafts
        draft = drafts.get_draft(db, draft_id)
        assert draft is not None
        return len(draft.data["deals"])
    finally:
        db.close()


def _four_deals_in(db_path: Path) -> tuple[Any, str, str, int, int]:
    app = make_app(db_path)
    eid, (issued,) = issue_for(db_path, make_token(db_path, "Riverside Euchre Club"), [SEATING],
                               deals_per_round=4)
    client, csrf, url = _table_client(app, issued[0].secret)
    for n in range(4):
        resp = _post(client, csrf, url, dealer=SEATS[n])
        assert resp.status_code == 303, resp.data[:400]
    return client, csrf, url, issued[0].link.draft_id, eid


def test_the_fifth_deal_of_a_four_deal_round_is_refused_with_the_reason(db_path: Path) -> None:
    client, csrf, url, draft_id, _ = _four_deals_in(db_path)
    page = _post(client, csrf, url, dealer="N")
    assert page.status_code == 422
    text = BeautifulSoup(page.data, "html.parser").get_text(" ")
    assert REASON in " ".join(text.split())
    sent = _post(client, csrf, url, headers={"Accept": "application/json"}, dealer="N",
                 deal_id="0b5e3c1e-7f43-4d5a-9a51-4f2a6c1d8e05")
    assert sent.status_code == 422
    error = sent.get_json()["error"]
    assert error["code"] == "deal-refused" and error["deal"] == 5
    assert [p["what"] for p in error["problems"]][0].startswith(REASON)
    cards = client.post(url + "/cards", data={"csrf_token": csrf, "revision": "5",
                                              "dealer": "N"})
    assert cards.status_code == 422
    assert REASON in " ".join(BeautifulSoup(cards.data, "html.parser").get_text(" ").split())
    mine = client.post(url + "/keep-mine", headers={"Accept": "application/json"}, data={
        "csrf_token": csrf, "revision": "5", "base_revision": "5", "dealer": "N",
        "maker": "N", "trump": "H", "tricks": "3",
        "deal_id": "0b5e3c1e-7f43-4d5a-9a51-4f2a6c1d8e06"})
    assert mine.status_code == 422 and mine.get_json()["error"]["deal"] == 5
    assert _deals_of(db_path, draft_id) == 4           # nothing stored by any of them
    # changing a deal of the four is still allowed
    change = client.post(url + "/deals/4", data={"csrf_token": csrf, "revision": "5",
                                                 "dealer": "W", "maker": "E", "trump": "S",
                                                 "tricks": "3"})
    assert change.status_code == 303


def test_a_sitting_a_store_holds_with_too_many_deals_counts_the_rounds_deals(
        db_path: Path) -> None:
    token = make_token(db_path, "Riverside Euchre Club")
    eid, _ = issue_for(db_path, token, [SEATING], deals_per_round=4)
    deals = [{"kind": "result", "dealer": SEATS[n % 4],
              "result": {"maker": "N", "trump": "H", "tricks": 3} if n < 4 else
              {"maker": "E", "trump": "S", "tricks": 5}} for n in range(10)]
    record = {"format": "euchre-records", "version": "1.0",
              "event": {"event": "Friday progressive", "round": "1", "table": "1"},
              "players": {s: {"name": n} for s, n in SEATING[0]["seats"].items()},
              "rules": {"preset": "modern", "overrides": {"fixed_deals": 4,
                                                          "game_points": None}},
              "deals": deals}
    db = open_db(db_path)
    try:
        rid = Store(db).save(prepare(json.dumps(record))).id
        events.attach_sitting(db, eid, rid, round_no=1, table="1")
        found = events.standings(db, eid)
        assert found is not None
        points = {line["entrant"]: line["points"] for line in found["standings"]}
        assert {k: points[k] for k in ("Ann", "Bob", "Cy", "Di")} == \
            {"Ann": 4, "Cy": 4, "Bob": 0, "Di": 0}
        assert "round 1, table 1: 10 deals recorded, the tournament plays 4 per round; " \
               "only the points of the first 4 count" in [f["what"] for f in found["findings"]]
        table = next(t for t in events.round_detail(db, eid, 1)["sittings"]
                     if t["table"] == "1")
        assert table["points"] == [4, 0]
        # the ratings rate the sitting as its standings count it: N-S ahead (4 to 0), not E-W
        # (12 to 4 over all ten deals); rank 0 is the first place
        from euchre_records.api.store import ratings
        played = [m for m in ratings.matches(db)[0] if m.record_id == rid]
        assert [m.ranks for m in played] == [(0, 1)]
    finally:
        db.close()


def test_any_sitting_of_a_fixed_number_of_deals_refuses_one_more(db_path: Path) -> None:
    """Not only a table link's: a club's own sitting of a game of 2 deals (its rule set's
    fixed_deals, as a correction of such a record opens it) refuses deal 3 the same way."""
    from euchre_records.api.store import drafts
    from euchre_records.api.store.tokens import verify
    from test_pages import Scorer
    token = make_token(db_path, "Riverside Euchre Club")
    db = open_db(db_path)
    try:
        row = verify(db, token)
        assert row is not None
        draft_id = drafts.create_draft(db, {
            "format": "euchre-records", "version": "1.0",
            "players": {s: {"name": n} for s, n in zip(SEATS, ("Ann", "Bob", "Cy", "Di"))},
            "rules": {"preset": "modern", "overrides": {"fixed_deals": 2, "game_points": None}},
            "deals": []}, club_id=row.club_id, token_id=row.id)
    finally:
        db.close()
    scorer = Scorer(make_app(db_path).test_client(), token)
    scorer.login()
    url = f"/web/drafts/{draft_id}"
    for n in range(2):
        assert _post(scorer.client, scorer.csrf, url, dealer=SEATS[n]).status_code == 303
    refused = _post(scorer.client, scorer.csrf, url, dealer="S")
    assert refused.status_code == 422
    assert "deal 3 is refused: the sitting is a game of 2 deals, and 2 are entered" in \
        " ".join(BeautifulSoup(refused.data, "html.parser").get_text(" ").split())
    assert _deals_of(db_path, draft_id) == 2
