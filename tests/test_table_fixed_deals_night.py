"""A progressive night at tables of three with 4 deals a round, through the table links, the
phone's page and the store (issue 32; hand-worked golden tests/golden/events/05-progressive-
threes*.json, docs/EVENTS.md §3.2, docs/PAGES.md).

- The links of a progressive event at tables of three open sittings of ``fixed_deals`` 4
  (``game_points`` null): a game of the round's 4 deals, no winner.
- The page of table 1 takes the golden's 4 deals, shows "deal k of 4", says the sitting is
  over after the 4th, and refuses a 5th (422, nothing stored) with the round's reason.
- The sittings entered at the links, stored and attached, with round 2 seated by the ladder
  from round 1's points, give the golden's hand-worked games and standings.

On the old code the links opened sittings without fixed deals (the first test failed on the
rules), the page showed "game to 10" and took a 5th deal only after the round cap (unchanged),
and the stored records were games to 10.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bs4 import BeautifulSoup

from euchre_records.api.store import drafts, events, table_links
from euchre_records.api.store.ingest import prepare
from euchre_records.api.store.migrations import open_db
from euchre_records.api.store.store import Store
from euchre_records.api.store.tokens import verify

from golden_cases import GOLDEN, expected
from pages_support import make_app, make_token
from test_table_links import _table_client, db_path  # noqa: F401 (fixture)

NIGHT = GOLDEN / "events" / "05-progressive-threes.json"
CASE = json.loads(NIGHT.read_text(encoding="utf-8"))
WANT = expected(NIGHT)
RULES = {"preset": "modern", "seats": 3, "overrides": {"fixed_deals": 4, "game_points": None}}
REASON = "deal 5 is refused: round 1 of Progressive threes plays 4 deals, and 4 are entered"


def _issue(db: Any, token_row: Any, eid: int, rnd: int) -> list[Any]:
    return table_links.issue_links(db, eid, rnd, club_id=token_row.club_id, token_id=token_row.id,
                                   created_by="test", hours=6)


def _night(db_path: Path) -> tuple[int, list[Any], str]:  # noqa: F811
    token = make_token(db_path, "Riverside Euchre Club")
    db = open_db(db_path)
    try:
        row = verify(db, token)
        assert row is not None
        eid = events.create_event(db, CASE["event"], club_id=row.club_id)
        events.add_seating(db, eid, 1, CASE["seatings"][0]["tables"])
        return eid, _issue(db, row, eid, 1), token
    finally:
        db.close()


def _deal_form(deal: dict[str, Any]) -> dict[str, str]:
    r = deal["result"]
    return {"dealer": deal["dealer"], "maker": r["maker"], "trump": r["trump"],
            "tricks": str(r["tricks"])}


def _post(client: Any, csrf: str, url: str, fields: dict[str, str],
          headers: dict[str, str] | None = None) -> Any:
    page = BeautifulSoup(client.get(url).data, "html.parser")
    data = {"csrf_token": csrf, "revision": page.find("input", {"name": "revision"})["value"],
            **fields}
    return client.post(url + "/deals", data=data, headers=headers or {})


def _text(data: bytes) -> str:
    return " ".join(BeautifulSoup(data, "html.parser").get_text(" ").split())


def test_a_tables_phone_enters_its_four_deals_and_is_refused_a_fifth(db_path: Path) -> None:  # noqa: F811
    app = make_app(db_path)
    _, issued, _ = _night(db_path)
    db = open_db(db_path)
    try:
        draft = drafts.get_draft(db, issued[0].link.draft_id)
        assert draft is not None and draft.data["rules"] == RULES
    finally:
        db.close()
    client, csrf, url = _table_client(app, issued[0].secret)
    golden = CASE["sittings"][0]["record"]["deals"]
    for k, deal in enumerate(golden, 1):
        resp = _post(client, csrf, url, _deal_form(deal))
        assert resp.status_code == 303, _text(resp.data)[:400]
        text = _text(client.get(url).data)
        assert f"deal {k} of 4" in text
        assert ("The sitting is over: all 4 deals are played" in text) == (k == 4)
    # by hand (golden why): Ann 0, Bob 8, Cy 3 after the round's 4 deals, shown, not a fresh 0
    board = BeautifulSoup(client.get(url).data, "html.parser").find(id="scoreboard")
    assert [f.get_text() for f in board.select(".figure")] == ["0", "8", "3"]
    assert "Game 1 — the round's points (no winner), 0–8–3" in _text(client.get(url).data)
    refused = _post(client, csrf, url, _deal_form(golden[0]))
    assert refused.status_code == 422
    assert REASON in _text(refused.data)
    sent = _post(client, csrf, url, {**_deal_form(golden[0]),
                                     "deal_id": "0b5e3c1e-7f43-4d5a-9a51-4f2a6c1d8e15"},
                 headers={"Accept": "application/json"})
    assert sent.status_code == 422 and sent.get_json()["error"]["deal"] == 5
    db = open_db(db_path)
    try:
        draft = drafts.get_draft(db, issued[0].link.draft_id)
        assert draft is not None and len(draft.data["deals"]) == 4
        assert draft.data["deals"] == golden
    finally:
        db.close()


def test_the_sittings_of_the_links_stored_give_the_hand_worked_standings(db_path: Path) -> None:  # noqa: F811
    eid, issued, token = _night(db_path)
    db = open_db(db_path)
    try:
        row = verify(db, token)
        assert row is not None
        store = Store(db)
        for rnd in (1, 2):
            if rnd == 2:    # the ladder from round 1's points (its games of 4 deals)
                got = events.round_detail(db, eid, 1)
                assert got is not None
                seats = [{"table": t["table"], "seats": {k: v["name"] for k, v in t["seats"].items()}}
                         for t in got["next_seating"]]
                assert seats == WANT["seatings"]["2"]
                events.add_seating(db, eid, 2, [
                    {"table": t["table"], "seats": {k: v["id"] for k, v in t["seats"].items()}}
                    for t in got["next_seating"]])
                issued = _issue(db, row, eid, 2)
            for link in issued:
                draft = drafts.get_draft(db, link.link.draft_id)
                assert draft is not None and draft.data["rules"] == RULES
                (sitting,) = [s for s in CASE["sittings"]
                              if s["round"] == rnd and s["table"] == link.link.table]
                data = {**draft.data, "deals": sitting["record"]["deals"]}
                rid = store.save(prepare(json.dumps(data))).id
                events.attach_sitting(db, eid, rid)
        got = events.standings(db, eid)
        assert got is not None and got["findings"] == []
        assert [{k: g[k] for k in ("round", "table", "players", "scores", "places", "place_points")}
                for g in got["games"]] == \
            [{k: g[k] for k in ("round", "table", "players", "scores", "places", "place_points")}
             for g in WANT["games"]]
        assert [{k: line[k] for k in WANT["standings"][0]} for line in got["standings"]] == \
            WANT["standings"]
    finally:
        db.close()


def test_a_sitting_of_a_rubber_preset_plays_its_deals_without_the_rubber() -> None:
    """Hoyle's preset has a rubber, and a game of fixed deals forms none (Rules.check): the
    link's sitting says ``rubber: none`` so its record loads (before, it was refused: "a fixed
    number of deals cannot form a rubber"), at a table of three as at four."""
    from euchre_records.rules import preset
    assert preset("hoyle").rubber.value != "none"
    for seats in (3, 4):
        rules = table_links._sitting_rules({**CASE["event"], "seats": seats}, "hoyle")
        assert rules["overrides"] == {"fixed_deals": 4, "game_points": None, "rubber": "none"}
        if seats == 3:
            data = {**CASE["sittings"][0]["record"], "rules": rules}
            assert prepare(json.dumps(data)) is not None
    assert "rubber" not in table_links._sitting_rules(CASE["event"], "modern")["overrides"]
