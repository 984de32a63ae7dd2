"""A round's page shows every table (issue 18): not started, in progress (the deals entered in
its table link's draft and the running score of their replay) or finished (the stored sitting's
deals and points, linked to its record), with the sitting's findings; the director also sees each
table's link state. The same tables are in ``GET /events/{id}/rounds/{n}`` and in ``euchre event
show --round``, and the board counts its progress from them (one computation).

The night: 12 players, three tables of round 1 under modern rules, four deals a table
(``fixed_deals`` 4, no rubber, as in tests/golden/events/01-progressive-night.json). Every figure
below is worked by hand from docs/RULES.md (modern: made 1, march 2, lone march 4, euchred 2 to
the defenders; revoke §7: 2 points to the non-offenders, the hand itself not scored).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest
from bs4 import BeautifulSoup

from euchre_records.api.store import drafts, events, table_links
from euchre_records.api.store.event_board import board
from euchre_records.api.store.ingest import prepare
from euchre_records.api.store.migrations import open_db
from euchre_records.api.store.store import Store

from pages_support import build_db, make_app, make_token
from test_pages import Scorer

CLUB = "Riverside Euchre Club"
PLAYERS = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou"]
SEATING = [{"table": str(i + 1), "seats": dict(zip("NESW", PLAYERS[4 * i:4 * i + 4]))}
           for i in range(3)]
RULES = {"preset": "modern", "overrides": {"game_points": None, "fixed_deals": 4, "rubber": "none"}}


def _deal(dealer: str, maker: str, trump: str, tricks: int, alone: bool = False,
          **extra: Any) -> dict[str, Any]:
    result: dict[str, Any] = {"maker": maker, "trump": trump, "tricks": tricks}
    if alone:
        result["alone"] = True
    return {"kind": "result", "dealer": dealer, "result": result, **extra}


# table 2, in progress: N makes hearts, 4 tricks: N-S 1; E alone in spades takes all 5: E-W 4
TABLE_2_DEALS = [_deal("N", "N", "H", 4), _deal("E", "E", "S", 5, alone=True)]
# table 3, finished: E makes hearts, 3 tricks: E-W 1; S marches: N-S 2; N makes diamonds and
# W (E-W) revokes at trick 2: the revoke's 2 points to N-S, the hand not scored (modern §7);
# W makes clubs, 2 tricks, euchred: N-S 2.  N-S 2 + 2 + 2 = 6, E-W 1.
TABLE_3_DEALS = [_deal("N", "E", "H", 3), _deal("E", "S", "S", 5),
                 _deal("S", "N", "D", 3,
                       irregularities=[{"kind": "revoke-claimed", "seat": "W", "trick": 2}]),
                 _deal("W", "W", "C", 2)]


def _record(table: str, deals: list[dict[str, Any]]) -> dict[str, Any]:
    seats = SEATING[int(table) - 1]["seats"]
    return {"format": "euchre-records", "version": "1.0",
            "event": {"club": CLUB, "event": "Friday night", "date": "2026-11-27",
                      "round": "1", "table": table},
            "players": {seat: {"name": name} for seat, name in seats.items()},
            "rules": RULES, "deals": deals}


def _night(path: Path) -> tuple[int, str]:
    """The round as the director would have it mid-evening; returns the event id and a token
    of its club."""
    build_db(path, examples=False)
    token = make_token(path, CLUB)
    db = open_db(path)
    try:
        club_id = db.conn.execute("SELECT club_id FROM tokens ORDER BY id DESC LIMIT 1").fetchone()[0]
        eid = events.create_event(db, {"name": "Friday night", "format": "progressive",
                                       "club": CLUB, "date_from": "2026-11-27", "rounds": 3,
                                       "deals_per_round": 4, "players": PLAYERS},
                                  club_id=club_id)
        seat_ids = {p["name"]: p["id"] for p in events.get_event(db, eid)["players"]}
        events.add_seating(db, eid, 1, [{"table": t["table"], "seats": {
            s: seat_ids[n] for s, n in t["seats"].items()}} for t in SEATING])
        issued = {i.link.table: i.link for i in table_links.issue_links(
            db, eid, 1, club_id=club_id, token_id=None, created_by="director")}
        # table 2: two deals entered through its link's draft (what the scorer's page saves)
        draft = drafts.get_draft(db, issued["2"].draft_id)
        assert draft is not None
        drafts.save_draft(db, draft.id, {**draft.data, "rules": RULES, "deals": TABLE_2_DEALS},
                          draft.revision)
        # table 3: stored and attached; its draft finished with it (its link is then used)
        record_id = Store(db).save(prepare(json.dumps(_record("3", TABLE_3_DEALS)))).id
        events.attach_sitting(db, eid, record_id)
        drafts.finish_draft(db, issued["3"].draft_id, record_id)
    finally:
        db.close()
    return eid, token


@pytest.fixture
def night(tmp_path: Path) -> tuple[Path, int, str]:
    path = tmp_path / "night.db"
    eid, token = _night(path)
    return path, eid, token


def _check_tables(tables: list[dict[str, Any]], *, links: bool) -> None:
    by = {t["table"]: t for t in tables}
    assert [t["table"] for t in tables] == ["1", "2", "3"]
    assert by["1"]["status"] == "not_started"
    assert (by["1"]["deals"], by["1"]["points"], by["1"]["findings"]) == (0, None, [])
    assert by["2"]["status"] == "in_progress"
    assert (by["2"]["deals"], by["2"]["points"]) == (2, [1, 4])
    assert by["2"]["record_id"] is None
    assert by["3"]["status"] == "finished"
    assert (by["3"]["deals"], by["3"]["points"]) == (4, [6, 1])
    assert by["3"]["seats"] == {"N": "Ivy", "E": "Jo", "S": "Kit", "W": "Lou"}
    revokes = [f for f in by["3"]["findings"] if f["kind"] == "revoke"]
    assert len(revokes) == 1
    assert (revokes[0]["deal"], revokes[0]["trick"], revokes[0]["seat"]) == (3, 2, "W")
    if links:
        assert [by[t]["link"] for t in "123"] == ["live", "live", "used"]
    else:
        assert all("link" not in t for t in tables)


def test_the_round_page_shows_every_table_where_it_stands(night: tuple[Path, int, str]) -> None:
    path, eid, token = night
    director = Scorer(make_app(path).test_client(), token)
    director.login()
    page = director.client.get(f"/web/events/{eid}/rounds/1")
    assert page.status_code == 200
    soup = BeautifulSoup(page.data, "html.parser")
    assert soup.select_one(".round-progress").get_text(" ", strip=True) == \
        "1 finished · 1 in progress · 1 not started"
    rows = {li["id"]: li for li in soup.select("li.round-table")}
    assert list(rows) == ["table-1", "table-2", "table-3"]
    t1, t2, t3 = (rows[f"table-{n}"].get_text(" ", strip=True) for n in "123")
    assert "Not started" in t1 and "deal" not in t1 and "link live" in t1
    assert "In progress" in t2 and "2 deals entered" in t2 and "N-S 1 – E-W 4" in t2
    assert "Finished" in t3 and "4 deals" in t3 and "N-S 6 – E-W 1" in t3 and "link used" in t3
    finding = rows["table-3"].select_one("li.finding").get_text(" ", strip=True)
    assert finding.startswith("Deal 3, trick 2:") and "revoke" in finding.lower()
    # the finished table links to its rubber's page
    href = rows["table-3"].select_one("a.target")["href"]
    assert director.client.get(href).status_code == 200
    # a visitor sees the same tables, but not the director's link states
    visitor = make_app(path).test_client().get(f"/web/events/{eid}/rounds/1")
    text = BeautifulSoup(visitor.data, "html.parser").select_one("ul.round-tables").get_text()
    assert "N-S 1 – E-W 4" in text and "link" not in text


def test_the_api_and_the_cli_give_the_same_tables(night: tuple[Path, int, str]) -> None:
    path, eid, _ = night
    resp = make_app(path).test_client().get(f"/events/{eid}/rounds/1")
    assert resp.status_code == 200
    body = resp.get_json()
    _check_tables(body["tables"], links=False)        # the link states are the director's
    assert body["progress"] == {"not_started": 1, "in_progress": 1, "finished": 1}
    exe = shutil.which("euchre", path=str(Path(sys.executable).parent)) or "euchre"
    out = subprocess.run([exe, "event", "show", str(eid), "--round", "1", "--db", str(path),
                          "--format", "json"], capture_output=True, text=True, check=False)
    assert out.returncode in (0, 3), out.stderr
    _check_tables(json.loads(out.stdout)["tables"], links=True)
    text = subprocess.run([exe, "event", "show", str(eid), "--round", "1", "--db", str(path)],
                          capture_output=True, text=True, check=False).stdout
    assert re.search(r"table 1: not started; link live", text), text
    assert re.search(r"table 2: in progress, 2 deals, N-S 1, E-W 4; link live", text), text
    assert re.search(r"table 3: finished, 4 deals, N-S 6, E-W 1, record \d+; link used; "
                     r"1 finding", text), text


def test_the_board_counts_the_same_tables(night: tuple[Path, int, str]) -> None:
    path, eid, _ = night
    db = open_db(path)
    try:
        found = board(db, eid)
    finally:
        db.close()
    assert found is not None
    assert [(t["table"], t["status"]) for t in found["tables"]] == [
        ("1", "playing"), ("2", "playing"), ("3", "finished")]
    assert found["progress"] == {"finished": 1, "playing": 2}
    assert found["tables"][2]["points"] == [6, 1]


def test_an_unknown_round_or_event_is_a_clear_404(night: tuple[Path, int, str]) -> None:
    path, eid, _ = night
    client = make_app(path).test_client()
    assert client.get(f"/events/{eid + 50}/rounds/1").status_code == 404
    assert client.get(f"/web/events/{eid + 50}/rounds/1").status_code == 404
    empty = client.get(f"/events/{eid}/rounds/2").get_json()
    assert empty["tables"] == [] and empty["progress"] == {
        "not_started": 0, "in_progress": 0, "finished": 0}


# Tables of three and five (issue 32): one night each, its one table finished with a hand-worked
# revoke golden (tests/golden/variants: 09 cut-throat, modern, 2 revokes at trick 1; 10
# call-your-partner, Hoyle, 4 reneges at trick 2). Their findings come from the one ``findings``
# table as a four-handed sitting's do; the board's reader once kept to ``records.seats = 4``.
VARIANTS = Path(__file__).with_name("golden") / "variants"
OF_N = {3: ("09-cutthroat-revoke-modern", ["Ann", "Bob", "Cy"]),
        5: ("10-five-handed-revoke-hoyle", ["Di", "Ed", "Flo", "Gus", "Hal"])}


def _night_of(path: Path, seats: int) -> int:
    """An event of tables of ``seats``: round 1's one table seated and its sitting (the revoke
    golden, the event's players at its seats) stored and attached; the event's id."""
    golden, names = OF_N[seats]
    db = open_db(path)
    try:
        club_id = db.conn.execute("SELECT club_id FROM tokens ORDER BY id DESC LIMIT 1").fetchone()[0]
        eid = events.create_event(db, {"name": f"Tables of {seats}", "format": "games",
                                       "seats": seats, "club": CLUB, "date_from": "2026-12-04",
                                       "rounds": 1, "players": names}, club_id=club_id)
        ids = {p["name"]: p["id"] for p in events.get_event(db, eid)["players"]}
        events.add_seating(db, eid, 1, [{"table": "1", "seats": {
            str(k): ids[n] for k, n in enumerate(names)}}])
        record = json.loads((VARIANTS / f"{golden}.json").read_text(encoding="utf-8"))
        record["event"] = {"club": CLUB, "event": f"Tables of {seats}", "date": "2026-12-04",
                           "round": "1", "table": "1"}
        record["players"] = {str(k): {"name": n} for k, n in enumerate(names)}
        events.attach_sitting(db, eid, Store(db).save(prepare(json.dumps(record))).id)
    finally:
        db.close()
    return eid


@pytest.fixture
def nights_of_n(tmp_path: Path) -> tuple[Path, dict[int, int], str]:
    """One store holding a night at tables of three and one at tables of five."""
    path = tmp_path / "nights.db"
    build_db(path, examples=False)
    token = make_token(path, CLUB)
    return path, {seats: _night_of(path, seats) for seats in OF_N}, token


def _want(seats: int) -> dict[str, Any]:
    return json.loads((VARIANTS / f"{OF_N[seats][0]}.expected.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


@pytest.mark.parametrize("seats", sorted(OF_N))
def test_a_table_of_n_shows_its_revoke_on_the_round_api_and_cli(
        nights_of_n: tuple[Path, dict[int, int], str], seats: int) -> None:
    path, eids, _ = nights_of_n
    eid, want = eids[seats], _want(seats)
    revoke, = want["findings"]
    exe = shutil.which("euchre", path=str(Path(sys.executable).parent)) or "euchre"
    api = make_app(path).test_client().get(f"/events/{eid}/rounds/1").get_json()
    cli = json.loads(subprocess.run(
        [exe, "event", "show", str(eid), "--round", "1", "--db", str(path), "--format", "json"],
        capture_output=True, text=True, check=False).stdout)
    for tables in (api["tables"], cli["tables"]):
        table, = tables
        assert (table["status"], table["points"]) == ("finished", want["points"])
        found, = table["findings"]
        assert (found["kind"], found["deal"], found["trick"], found["seat"]) == \
            (revoke["kind"], 1, revoke["trick"], revoke["seat"])
        offender = OF_N[seats][1][int(revoke["seat"])]
        assert found["what"].startswith(f"deal 1, trick {revoke['trick']}: {offender} ")
        assert found["rule"] and found["rule"] in found["what"]
    page = make_app(path).test_client().get(f"/web/events/{eid}/rounds/1")
    row = BeautifulSoup(page.data, "html.parser").select_one("#table-1")
    text = row.select_one("li.finding").get_text(" ", strip=True)
    assert text.startswith(f"Deal 1, trick {revoke['trick']}: {offender} ") and "revoke" in text
    assert text.count(f"trick {revoke['trick']}:") == 1   # the place once, not twice
    assert row.select_one("a.target")["href"] == f"/web/records/{table['record_id']}"


def _at_phone_and_desktop(path: Path, token: str | None = None) -> Iterator[tuple[dict[str, int], Any, str]]:
    """(viewport, page, base URL) at 390 and then 1280 px on a live server of the store at
    ``path``, signed in with ``token`` when given."""
    from pages_support import DESKTOP, PHONE, browser, live_server, need_chromium
    from test_browser import sign_in
    need_chromium()
    with live_server(make_app(path)) as base, browser() as b:
        for viewport in (PHONE, DESKTOP):
            context = b.new_context(viewport=viewport)
            page = context.new_page()
            if token is not None:
                sign_in(page, base, token)
            yield viewport, page, base
            context.close()


def _fits(page: Any, viewport: dict[str, int], what: str) -> None:
    """Nothing scrolls sideways and axe finds no serious violation."""
    from pages_support import serious_violations
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    bad = serious_violations(page)
    assert bad == [], f"{what} at {viewport['width']} px: {bad}"


@pytest.mark.slow
def test_the_round_page_fits_a_phone_and_passes_axe(night: tuple[Path, int, str]) -> None:
    from pages_support import PHONE
    path, eid, token = night
    for viewport, page, base in _at_phone_and_desktop(path, token):
        page.goto(f"{base}/web/events/{eid}/rounds/1")
        assert page.locator("li.round-table").count() == 3
        target = page.locator("li.round-table a.target").first.bounding_box()
        assert target is not None and target["height"] >= 44
        _fits(page, viewport, "round page")
        if viewport is PHONE:   # stacked: each table's row sits under the one before
            boxes = [page.locator(f"#table-{n}").bounding_box() for n in "123"]
            assert all(a["y"] + a["height"] <= b["y"] for a, b in zip(boxes, boxes[1:]))  # type: ignore[index]


@pytest.mark.slow
def test_a_table_of_ns_findings_fit_a_phone_and_pass_axe(
        nights_of_n: tuple[Path, dict[int, int], str]) -> None:
    path, eids, _ = nights_of_n
    for viewport, page, base in _at_phone_and_desktop(path):
        for seats, eid in eids.items():
            page.goto(f"{base}/web/events/{eid}/rounds/1")
            finding = page.locator("#table-1 li.finding")
            assert finding.count() == 1 and finding.is_visible()
            _fits(page, viewport, f"round of tables of {seats}")
