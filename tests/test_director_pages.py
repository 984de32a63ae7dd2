"""The director's pages (issue 18): an event created with its players pasted one a line, round 1
seated by a seeded draw (the seed recorded and shown; the same seed the CLI's draw gives the same
tables) or typed, the next round seated by the movement after the round page has shown it, and
another club refused. Each write is the store function the CLI and the API call.

The movement's seating for round 2 of the golden progressive night is the one docs/EVENTS.md
shows, worked by hand: table 1 N Ann, E Cy, S Flo, W Hal.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from bs4 import BeautifulSoup

from euchre_records.api.store import events
from euchre_records.api.store.ingest import prepare
from euchre_records.api.store.migrations import migrate, open_db
from euchre_records.api.store.store import Store

from golden_cases import GOLDEN
from pages_support import build_db, make_app, make_token
from test_pages import Scorer

CASE = json.loads((GOLDEN / "events" / "01-progressive-night.json").read_text(encoding="utf-8"))
EIGHT = "\n".join(CASE["event"]["players"])


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    path = tmp_path / "night.db"
    build_db(path, examples=False)
    return path


@pytest.fixture
def director(db_path: Path) -> Scorer:
    s = Scorer(make_app(db_path).test_client(), make_token(db_path, "Riverside Euchre Club"))
    s.login()
    return s


def _create(director: Scorer, **fields: str) -> str:
    data = {"name": "Friday progressive", "format": "progressive", "rounds": "3",
            "deals_per_round": "4", "players": EIGHT, "csrf_token": director.csrf, **fields}
    return director.client.post("/web/events/new", data=data)


def _seat(director: Scorer, event_id: int, number: int, **fields: str):
    return director.client.post(f"/web/events/{event_id}/rounds/{number}/seat",
                                data={"csrf_token": director.csrf, **fields})


def _euchre(*args: str) -> subprocess.CompletedProcess[str]:
    exe = shutil.which("euchre", path=str(Path(sys.executable).parent)) or "euchre"
    return subprocess.run([exe, *args], capture_output=True, text=True, check=False)


def test_an_event_is_created_with_its_players_pasted(director: Scorer, db_path: Path) -> None:
    resp = _create(director, players="Ann\n  bob \n\nCy\nDi\nEd\nFlo\nGus\nHal\n")
    assert resp.status_code == 303 and resp.headers["Location"].endswith("/web/events/1/rounds/1/seat")
    db = open_db(db_path)
    found = events.get_event(db, 1)
    db.close()
    assert found["name"] == "Friday progressive" and found["format"] == "progressive"
    assert found["club"] == "Riverside Euchre Club"          # from the token, not typed
    assert [p["name"] for p in found["players"]][:2] == ["Ann", "bob"]
    assert len(found["players"]) == 8


def test_a_refused_event_names_its_fields_and_stores_nothing(director: Scorer, db_path: Path) -> None:
    resp = _create(director, name="  ", rounds="0")
    assert resp.status_code == 200
    page = BeautifulSoup(resp.data, "html.parser")
    assert "a whole number from 1 to 10000" in page.select_one("#f-rounds").get_text()
    resp = _create(director, name="")
    page = BeautifulSoup(resp.data, "html.parser")
    assert "needs a name" in page.select_one("#f-name").get_text()
    db = open_db(db_path)
    assert db.execute("SELECT count(*) FROM tournaments").fetchone()[0] == 0
    db.close()


@pytest.mark.parametrize("text", ["²", "①", "1²", "9" * 5000], ids=["sup2", "circled1", "1sup2", "nines"])
def test_numbers_of_other_digits_are_refused_on_the_field_never_a_500(director: Scorer,
                                                                    db_path: Path,
                                                                    text: str) -> None:
    """"²" and "①" pass str.isdigit() but not int() (and 5,000 nines are past int()'s limit):
    the rounds, the deals of a round, a player's pair and a draw's seed are refused on their
    field as any other text is, and nothing is stored (api/whole_numbers.py; issue 32)."""
    for field, value, words in (("rounds", text, "a whole number from 1 to 10000"),
                                ("deals_per_round", text, "a whole number from 1 to 10000"),
                                ("players", f"Ann: {text}\nBob: 1", "the pair after ':' is a number")):
        resp = _create(director, **{field: value})
        assert resp.status_code == 200, (field, resp.status_code)
        shown = BeautifulSoup(resp.data, "html.parser").select_one(f"#f-{field}")
        assert shown is not None and words in shown.get_text(), field
    db = open_db(db_path)
    assert db.execute("SELECT count(*) FROM tournaments").fetchone()[0] == 0
    db.close()
    _create(director)
    resp = _seat(director, 1, 1, how="draw", seed=text)
    assert resp.status_code == 200
    assert "the seed is a whole number" in BeautifulSoup(resp.data, "html.parser").select_one(
        "#f-seed").get_text()


def test_a_seeded_draw_is_recorded_shown_and_the_same_as_the_clis(director: Scorer,
                                                                  db_path: Path,
                                                                  tmp_path: Path) -> None:
    _create(director)
    resp = _seat(director, 1, 1, how="draw", seed="2026")
    assert resp.status_code == 303
    page = director.page("/web/events/1/rounds/1")
    assert "Drawn with seed 2026" in page.get_text()
    db = open_db(db_path)
    drawn = events.round_detail(db, 1, 1)
    db.close()
    seated = [p["name"] for t in drawn["seating"] for p in t["seats"].values()]
    assert sorted(seated) == sorted(CASE["event"]["players"])        # everyone, once
    assert len(drawn["seating"]) == 2
    # the CLI's draw with the same players and seed, on a store of its own: the same tables
    other = tmp_path / "cli.db"
    made = _euchre("event", "create", "Friday progressive", "--format", "progressive",
                   *[a for n in CASE["event"]["players"] for a in ("--player", n)], "--db", str(other))
    assert made.returncode == 0, made.stderr
    cli = _euchre("event", "seat", "1", "1", "--draw", "--seed", "2026", "--db", str(other))
    assert cli.returncode == 0 and "seed 2026" in cli.stderr
    db = open_db(other)
    again = events.round_detail(db, 1, 1)
    db.close()
    names = lambda d: [(t["table"], {s: p["name"] for s, p in t["seats"].items()}) for t in d["seating"]]  # noqa: E731
    assert names(again) == names(drawn)


def test_a_typed_seating_names_the_line_at_fault(director: Scorer) -> None:
    _create(director)
    resp = _seat(director, 1, 1, how="typed", tables="1: Ann, Bob, Cy\n2: Ed, Flo, Gus, Hal")
    assert resp.status_code == 200
    assert "line 1: write 'TABLE: N, E, S, W'" in BeautifulSoup(resp.data, "html.parser").select_one(
        "#f-tables").get_text()
    resp = _seat(director, 1, 1, how="typed", tables="1: Ann, Bob, Cy, Di\n2: Ed, Flo, Gus, Ann")
    assert resp.status_code == 200 and b"seated twice" in resp.data
    resp = _seat(director, 1, 1, how="typed", tables="1: Ann, Bob, Cy, Di\n2: Ed, Flo, Gus, Hal")
    assert resp.status_code == 303


def test_the_next_round_is_seated_by_the_movement_shown_first(director: Scorer,
                                                              db_path: Path) -> None:
    _create(director)
    _seat(director, 1, 1, how="typed", tables="1: Ann, Bob, Cy, Di\n2: Ed, Flo, Gus, Hal")
    db = open_db(db_path)
    migrate(db)
    for s in CASE["sittings"]:
        if s["round"] == 1:
            events.attach_sitting(db, 1, Store(db).save(prepare(json.dumps(s["record"]))).id)
    db.close()
    page = director.page("/web/events/1/rounds/1")
    shown = page.find("h2", string="Next round, by the movement").find_next("ul").get_text(" ")
    assert "Table 1: N Ann, E Cy, S Flo, W Hal" in " ".join(shown.split())   # docs/EVENTS.md
    form = page.find("button", string=re.compile("Save this seating for round 2")).find_parent("form")
    resp = director.client.post(form["action"], data={"csrf_token": director.csrf,
                                                      "how": "movement"})
    assert resp.status_code == 303
    db = open_db(db_path)
    second = events.round_detail(db, 1, 2)
    db.close()
    t1 = next(t for t in second["seating"] if t["table"] == "1")
    assert {s: p["name"] for s, p in t1["seats"].items()} == {"N": "Ann", "E": "Cy", "S": "Flo",
                                                              "W": "Hal"}


def test_another_club_cannot_seat_the_event(director: Scorer, db_path: Path) -> None:
    _create(director)
    other = Scorer(director.client.application.test_client(), make_token(db_path, "Taunton"))
    other.login()
    resp = other.client.post("/web/events/1/rounds/1/seat",
                             data={"csrf_token": other.csrf, "how": "draw"})
    assert resp.status_code == 403
    anonymous = director.client.application.test_client()
    assert anonymous.get("/web/events/new").status_code == 303           # to the sign-in page


@pytest.mark.slow
def test_the_directors_pages_fit_a_phone_and_pass_axe(db_path: Path) -> None:
    from pages_support import DESKTOP, PHONE, browser, live_server, need_chromium, serious_violations
    from test_browser import sign_in
    need_chromium()
    token = make_token(db_path, "Riverside Euchre Club")
    with live_server(make_app(db_path)) as base, browser() as b:
        for viewport in (PHONE, DESKTOP):
            context = b.new_context(viewport=viewport)
            page = context.new_page()
            sign_in(page, base, token)
            page.goto(base + "/web/events/new")
            if viewport is PHONE:
                page.fill("#name", "Friday progressive")
                page.check('input[name="format"][value="progressive"]')
                page.fill("#rounds", "3")
                page.fill("#deals_per_round", "4")
                page.fill("#players", EIGHT)
                page.locator('form.event-form button[type="submit"]').click()
                page.wait_for_url(re.compile(r".*/rounds/1/seat$"))
            for url in ("/web/events/new", "/web/events/1/rounds/1/seat", "/web/events"):
                page.goto(base + url)
                assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"], url
                bad = serious_violations(page)
                assert bad == [], f"{url} at {viewport['width']} px: {bad}"
            context.close()


def test_a_closed_event_takes_no_more_writes_by_any_path(director: Scorer, db_path: Path) -> None:
    _create(director)
    _seat(director, 1, 1, how="typed", tables="1: Ann, Bob, Cy, Di\n2: Ed, Flo, Gus, Hal")
    refused = director.client.post("/web/events/1/close", data={"csrf_token": director.csrf})
    assert refused.status_code == 303                      # not ticked: nothing closed
    assert "Close the event" in director.page("/web/events/1").get_text()
    director.client.post("/web/events/1/close", data={"csrf_token": director.csrf,
                                                      "confirm": "yes"})
    page = director.page("/web/events/1")
    assert "the standings are final" in page.get_text() and page.find("form", class_="close-event") is None
    # the page's draw, the CLI's seat and the store's attach all refuse now
    resp = _seat(director, 1, 2, how="draw", seed="5")
    assert resp.status_code == 200 and b"was closed at" in resp.data
    cli = _euchre("event", "seat", "1", "2", "--draw", "--db", str(db_path))
    assert cli.returncode == 1 and "was closed at" in cli.stderr
    db = open_db(db_path)
    record = Store(db).save(prepare(json.dumps(CASE["sittings"][0]["record"]))).id
    with pytest.raises(events.EventError) as err:
        events.attach_sitting(db, 1, record)
    assert err.value.status == 409
    assert events.get_event(db, 1)["closed_at"]
    with pytest.raises(events.EventError):
        events.close_event(db, 1)                          # closed stays closed, once
    db.close()
