"""Seats named by their players on the pages of tables of two, three and five, and the
five-handed called card entered by taps (issue 32).

- The record page, the sitting's header, the deal form, the scoreboard and a deal's summary
  name each seat by its player ("Ann"), never by the notation's token ("0"); a seat the record
  names nobody at is "seat 2".
- The called card is two rows of radio buttons (a suit, then a rank of the draft's pack), posted
  as a plain form (no JavaScript), read by the server into the notation's card and still checked
  by the engine.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from bs4 import BeautifulSoup

from euchre_records.api.store.ingest import prepare
from euchre_records.api.store.migrations import open_db
from euchre_records.api.store.store import Store

from pages_support import build_db, make_app
from test_table_entry import (FIVE, THREE, db_path, draft_data, errors_at, page,  # noqa: F401
                              post_deal, scorer, start)

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed")
TOKEN = re.compile(r"^\d\b")   # a text that begins with a seat's number


def stored(path: Path, golden: str, names: tuple[str, ...] | None) -> int:
    """The golden of tests/golden/variants stored with ``names`` seated (None: nobody named)."""
    data = json.loads((ROOT / "tests/golden/variants" / golden).read_text(encoding="utf-8"))
    if names is not None:
        data["players"] = {str(i): {"name": names[i]} for i in range(data["rules"]["seats"])}
    db = open_db(path)
    try:
        return Store(db).save(prepare(json.dumps(data))).id
    finally:
        db.close()


def test_the_record_page_names_every_seat_by_its_player(tmp_path):
    path = tmp_path / "names.db"
    build_db(path, examples=False)
    record_id = stored(path, "05-five-handed-partner-found-at-trick-3.json", NAMES)
    client = make_app(path).test_client()
    soup = page(client, f"/web/records/{record_id}")
    head = " ".join(soup.find("header", class_="record-head").get_text().split())
    assert "Players clockwise from the first dealer: Ann, Bob, Cy, Di, Ed" in head
    # the golden: seat 4 deals; tricks led by 0, won by ... as the engine found them
    assert soup.select_one("section.deal h3 small").get_text().startswith("dealer Ed")
    cells = soup.select("table.tricks tbody tr:not(.findings-row)")
    assert len(cells) == 5
    for row in cells:
        leader, plays, winner = row.find_all("td")
        assert leader.get_text() in NAMES and winner.get_text() in NAMES
        shown = [" ".join(span.get_text(" ").split()) for span in plays.select("span.play")]
        assert [s.split()[0] for s in shown] == [
            NAMES[(NAMES.index(leader.get_text()) + i) % 5] for i in range(5)]
    for row in soup.select("table.table-sheet tbody tr[id^=deal-]"):
        dealer, maker = (" ".join(td.get_text(" ").split()) for td in row.find_all("td")[:2])
        assert dealer in NAMES and maker.split()[0] in NAMES, (dealer, maker)
        assert not TOKEN.match(maker.split(" held by ")[-1])
    assert [th.get_text() for th in soup.select("table.table-sheet thead th.player-col")] == \
        list(NAMES)


def test_a_seat_without_a_player_is_seat_n(tmp_path):
    path = tmp_path / "nobody.db"
    build_db(path, examples=False)
    record_id = stored(path, "05-five-handed-partner-found-at-trick-3.json", None)
    soup = page(make_app(path).test_client(), f"/web/records/{record_id}")
    head = " ".join(soup.find("header", class_="record-head").get_text().split())
    assert "seat 0, seat 1, seat 2, seat 3, seat 4" in head
    assert soup.select_one("section.deal h3 small").get_text().startswith("dealer seat 4")


def test_the_sitting_page_names_the_seats(scorer):
    url = start(scorer, THREE)
    soup = page(scorer, url)
    assert "Ann · Bob · Cy" in " ".join(soup.select_one("p.meta").get_text().split())
    for row in ("dealer", "maker"):
        labels = [" ".join(label.get_text().split())
                  for label in soup.select(f"#f-{row} label.choice")]
        assert labels[:3] == ["Ann", "Bob", "Cy"], (row, labels)
    assert post_deal(scorer, url, dealer="0", maker="1", trump="H", tricks="5").status_code == 303
    board = " ".join(page(scorer, url).find(id="scoreboard").get_text().split())
    assert board.endswith("Bob deals next") and "seat" not in board


def test_the_called_card_is_tapped_suit_then_rank(scorer, db_path):
    url = start(scorer, FIVE)
    form = page(scorer, url)
    suits = [i["value"] for i in form.select('#f-called input[name="called_suit"]')]
    ranks = [i["value"] for i in form.select('#f-called input[name="called_rank"]')]
    assert suits == ["S", "H", "D", "C"]
    assert ranks == ["8", "9", "T", "J", "Q", "K", "A"]        # the five-handed pack: 28 cards
    assert form.select_one('#f-called input[name="called"]') is None   # no typing
    words = [" ".join(lab.get_text(" ").split()) for lab in
             form.select('#f-called label.choice') if lab.input["name"] == "called_rank"]
    assert words == ["8", "9", "10 ten", "J jack", "Q queen", "K king", "A ace"]
    # seat 3 names the ace of clubs by two taps; seat 1 held it: a march, 2 to each
    assert post_deal(scorer, url, dealer="0", maker="3", trump="H", tricks="5",
                     called_suit="C", called_rank="A", partner="1").status_code == 303
    assert draft_data(db_path, url)["deals"][0]["result"] == {
        "maker": "3", "trump": "H", "tricks": 5, "called": "AC", "partner": "1"}
    # a suit without its rank, a rank without its suit: said at the card, nothing saved
    soup = BeautifulSoup(post_deal(scorer, url, dealer="1", maker="2", trump="S", tricks="3",
                                   called_suit="D", partner="4").data, "html.parser")
    assert errors_at(soup, "called") == ["choose the rank of the card named, after its suit"]
    assert soup.select_one('#f-called input[name="called_suit"][checked]')["value"] == "D"
    soup = BeautifulSoup(post_deal(scorer, url, dealer="1", maker="2", trump="S", tricks="3",
                                   called_rank="K", partner="4").data, "html.parser")
    assert errors_at(soup, "called") == ["choose the suit of the card named (its rank is K)"]
    # the server still checks the card: the left bower (JC when spades are trumps) is a trump
    soup = BeautifulSoup(post_deal(scorer, url, dealer="1", maker="2", trump="S", tricks="3",
                                   called_suit="C", called_rank="J", partner="4").data,
                         "html.parser")
    said = errors_at(soup, "called")
    assert said and "of the trump suit" in said[0], said
    # a forged rank is named, not a 500
    resp = post_deal(scorer, url, dealer="1", maker="2", trump="S", tricks="3",
                     called_suit="C", called_rank="Z", partner="4")
    assert resp.status_code == 200
    assert errors_at(BeautifulSoup(resp.data, "html.parser"), "called") == ["'Z' is not a rank"]
    assert len(draft_data(db_path, url)["deals"]) == 1
    # changing the deal shows the taps as they were
    form = page(scorer, url + "/deals/1")
    assert [i["value"] for i in form.select("#f-called input[checked]")] == ["C", "A"]


def test_the_rank_row_follows_the_pack(scorer):
    url = start(scorer, {**FIVE, "pack": "32"})
    ranks = [i["value"] for i in page(scorer, url).select('input[name="called_rank"]')]
    assert ranks == ["7", "8", "9", "T", "J", "Q", "K", "A"]


def test_setting_a_draft_of_three_aside_names_its_players(scorer):
    url = start(scorer, THREE)
    text = " ".join(page(scorer, url + "/abandon").find("main").get_text(" ").split())
    assert "Ann, Bob, Cy — 0 deals entered." in text and " N " not in f" {text} "
