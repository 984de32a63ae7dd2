"""The live board of an event (issue 18): its standings are the store's, to the point (held to
`euchre standings EVENT --format json` run through the real entry point), its round's progress
and last results follow the sittings as they are attached, and a client polling with the ETag
gets 304 until something changes. In chromium the page refreshes itself when a sitting arrives,
and the board and the standings page fit a 390-pixel phone and pass axe.

The golden progressive night (tests/golden/events/01-progressive-night.json, worked by hand) is
built as a director would: created, round 1 seated, its sittings attached one at a time.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from euchre_records.words import counted
from euchre_records.api.store import events
from euchre_records.api.store.event_board import board
from euchre_records.api.store.ingest import prepare
from euchre_records.api.store.store import Store

from events_support import fresh
from golden_cases import GOLDEN
from pages_support import (DESKTOP, PHONE, browser, live_server, make_app, need_chromium,
                           serious_violations)

CASE = json.loads((GOLDEN / "events" / "01-progressive-night.json").read_text(encoding="utf-8"))


def _night(path: str, attach: int) -> tuple[object, int]:
    """The night with round 1 seated and its first ``attach`` sittings attached."""
    db = fresh(path)
    eid = events.create_event(db, CASE["event"])
    for seating in CASE["seatings"]:
        events.add_seating(db, eid, seating["round"], seating["tables"])
    for s in CASE["sittings"][:attach]:
        events.attach_sitting(db, eid, Store(db).save(prepare(json.dumps(s["record"]))).id)
    return db, eid


def _attach_next(db: object, eid: int, index: int) -> None:
    record = CASE["sittings"][index]["record"]
    events.attach_sitting(db, eid, Store(db).save(prepare(json.dumps(record))).id)  # type: ignore[arg-type]


def _euchre(*args: str) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("euchre", path=str(Path(sys.executable).parent)) or "euchre"
    return subprocess.run([exe, *args], capture_output=True, text=True, check=False)


def test_the_board_follows_the_round_table_by_table(tmp_path: Path) -> None:
    db, eid = _night(str(tmp_path / "n.db"), attach=0)
    first = board(db, eid)
    assert first is not None
    assert first["round"] == 1
    assert [(t["table"], t["status"]) for t in first["tables"]] == [("1", "playing"), ("2", "playing")]
    assert first["progress"] == {"finished": 0, "playing": 2}
    assert first["last_results"] == []
    # table 1 of round 1 (Ann N, Bob E, Cy S, Di W) finishes
    _attach_next(db, eid, 0)
    second = board(db, eid)
    assert second["progress"] == {"finished": 1, "playing": 1}
    t1 = second["tables"][0]
    assert t1["status"] == "finished"
    assert t1["seats"] == {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}
    # worked by hand under modern rules (RULES.md: made 1, march 2, lone march 4, euchre 2):
    # E makes hearts, 3 tricks: E-W 1; S marches: N-S 2; N alone marches: N-S 4; W euchred: N-S 2
    assert t1["points"] == [8, 1]
    assert [r["table"] for r in second["last_results"]] == ["1"]
    assert second["version"] != first["version"]
    _attach_next(db, eid, 1)
    third = board(db, eid)
    assert third["progress"] == {"finished": 2, "playing": 0}
    assert [r["table"] for r in third["last_results"]] == ["2", "1"]      # newest first
    assert board(db, eid)["version"] == third["version"]                  # nothing changed
    assert board(db, 999) is None


def test_the_board_standings_are_the_cli_standings(tmp_path: Path) -> None:
    path = tmp_path / "night.db"
    db, eid = _night(str(path), attach=2)
    db.close()  # type: ignore[attr-defined]
    cli = _euchre("standings", str(eid), "--db", str(path), "--format", "json")
    assert cli.returncode in (0, 3), cli.stderr
    app = make_app(path)
    with app.test_client() as client:
        page = client.get(f"/web/events/{eid}/board")
        assert page.status_code == 200
        soup = BeautifulSoup(page.data, "html.parser")
        shown = json.loads(soup.select_one("#board-standings-data").string)
        assert shown == json.loads(cli.stdout)
        # and what is written on the board is those standings, line by line
        lines = [li.get_text(" ", strip=True) for li in soup.select("ol.board-standings li")]
        assert len(lines) == len(shown["standings"])
        for line, s in zip(lines, shown["standings"]):
            assert line.startswith(f"{s['place']} {s['entrant']}") and counted(s['points'], "pt") in line


def test_polling_with_the_etag_is_answered_304_until_a_sitting_arrives(tmp_path: Path) -> None:
    path = tmp_path / "night.db"
    db, eid = _night(str(path), attach=1)
    app = make_app(path)
    with app.test_client() as client:
        full = client.get(f"/web/events/{eid}/board")
        tag = full.headers["ETag"]
        live = client.get(f"/web/events/{eid}/board?part=live", headers={"If-None-Match": tag})
        assert live.status_code == 304 and live.headers["ETag"] == tag
        fresh_part = client.get(f"/web/events/{eid}/board?part=live")
        assert fresh_part.status_code == 200 and b"<html" not in fresh_part.data
        assert b"1 table finished, 1 playing" in fresh_part.data
        _attach_next(db, eid, 1)
        after = client.get(f"/web/events/{eid}/board?part=live", headers={"If-None-Match": tag})
        assert after.status_code == 200 and after.headers["ETag"] != tag
        assert b"2 tables finished, 0 playing" in after.data
        assert client.get("/web/events/12345/board").status_code == 404


def test_the_board_reloads_itself_without_javascript(tmp_path: Path) -> None:
    path = tmp_path / "night.db"
    _night(str(path), attach=0)
    with make_app(path).test_client() as client:
        soup = BeautifulSoup(client.get("/web/events/1/board").data, "html.parser")
    meta = soup.select_one("noscript meta[http-equiv=refresh]")
    assert meta is not None and int(meta["content"]) > 0
    # the board's own frame (issue 33): no site menu; the event's page a link away
    assert soup.select_one("header.site") is None
    assert soup.select_one('#board-live a[href="/web/events/1"]') is not None


@pytest.mark.slow
def test_the_board_refreshes_itself_in_chromium_and_fits_a_phone(tmp_path: Path) -> None:
    need_chromium()
    path = tmp_path / "night.db"
    db, eid = _night(str(path), attach=1)
    with live_server(make_app(path)) as base, browser() as b:
        context = b.new_context(viewport=DESKTOP)
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(f"{base}/web/events/{eid}/board")
        assert "1 table finished, 1 playing" in page.locator(".board-progress").inner_text()
        _attach_next(db, eid, 1)                  # table 2 finishes while the board is open
        deadline = time.monotonic() + 30
        while "2 tables finished" not in page.locator(".board-progress").inner_text():
            assert time.monotonic() < deadline, "the board did not refresh itself"
            page.wait_for_timeout(500)
        assert page.locator("ul.board-results li").count() == 2
        context.close()
        for viewport in (PHONE, DESKTOP):
            context = b.new_context(viewport=viewport)
            page = context.new_page()
            for url in (f"/web/events/{eid}/board", f"/web/events/{eid}"):
                page.goto(base + url)
                assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"], url
                bad = serious_violations(page)
                assert bad == [], f"{url} at {viewport['width']} px: {bad}"
            context.close()
        assert errors == []
