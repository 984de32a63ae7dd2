"""Where the ratings show (docs/RATINGS.md): ``euchre ratings``, ``GET /ratings``, the ratings of
``GET /players/{id}``, the ladder page, the player's rating chart and the event's rating changes.

The store is the golden progressive night (tests/golden/events/01-progressive-night.json): the
expected wins per player are the rounds won worked by hand in its expected file, and the ladder's
own order is checked against its ratings (best first, equal ratings sharing a place)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from bs4 import BeautifulSoup
from click.testing import CliRunner

from euchre_records.api.app import create_app
from euchre_records.api.store import players, ratings
from euchre_records.api.store.store import write_transaction
from euchre_records.cli.main import main
from euchre_records.events.ratings import plain_words

from events_support import build

ROOT = Path(__file__).resolve().parent.parent
CASE = json.loads((ROOT / "tests/golden/events/01-progressive-night.json").read_text())
EXPECTED = json.loads(
    (ROOT / "tests/golden/events/01-progressive-night.expected.json").read_text())
ROUNDS_WON = {line["entrant"]: line["rounds_won"] for line in EXPECTED["standings"]}


@pytest.fixture(scope="module")
def night(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("ratings") / "night.db")
    db, event_id, _ = build(CASE, path=path)
    db.close()
    return path, event_id


@pytest.fixture(scope="module")
def client(night):
    return create_app({"DATABASE": night[0], "TESTING": True}).test_client()


def assert_ladder_order(rows):
    for before, after in zip(rows, rows[1:]):
        assert before["rating"] >= after["rating"]
        assert after["place"] == (before["place"] if after["rating"] == before["rating"]
                                  else rows.index(after) + 1)


# --- the command -------------------------------------------------------------------------------

def test_euchre_ratings_table_json_and_csv(night):
    path, _ = night
    runner = CliRunner()
    table = runner.invoke(main, ["ratings", "--db", path])
    assert table.exit_code == 0, table.output
    header, rule, *lines = table.output.splitlines()
    assert header.split() == ["place", "name", "id", "rating", "mu", "sigma", "matches", "won",
                              "lost", "drawn", "last_date"]
    lines, words = lines[:lines.index("")], lines[lines.index("") + 1:]
    assert len(lines) == 8
    # the plain words follow the table: what the rating, mu and sigma are, the model's values
    assert " ".join(words).split() == " ".join(plain_words()).split()
    assert "everyone starts at 25" in " ".join(words) and "8.3 for a newcomer" in " ".join(words)
    as_json = json.loads(runner.invoke(main, ["ratings", "--db", path, "--format", "json"]).output)
    assert [line.split()[1] for line in lines] == [r["name"] for r in as_json]
    assert_ladder_order(as_json)
    assert {r["name"]: r["won"] for r in as_json} == ROUNDS_WON
    rows = list(csv.DictReader(io.StringIO(
        runner.invoke(main, ["ratings", "--db", path, "--format", "csv"]).output)))
    assert [float(r["rating"]) for r in rows] == [r["rating"] for r in as_json]
    jsonl = runner.invoke(main, ["ratings", "--db", path, "--format", "jsonl"]).output
    assert [json.loads(line) for line in jsonl.splitlines()] == as_json
    pairs = json.loads(runner.invoke(
        main, ["ratings", "--db", path, "--partnerships", "--format", "json"]).output)
    assert len(pairs) == 12 and all(" & " in p["name"] and "+" in p["ids"] for p in pairs)
    assert all(p["matches"] == 1 for p in pairs)  # the movement never repeats a partnership


def test_euchre_ratings_filters_and_refusals(night, tmp_path):
    path, _ = night
    runner = CliRunner()
    empty = runner.invoke(main, ["ratings", "--db", path, "--club", "Elsewhere", "--format",
                                 "json"])
    assert empty.exit_code == 0 and json.loads(empty.output) == []
    later = runner.invoke(main, ["ratings", "--db", path, "--from", "2026-11-28"])
    assert later.exit_code == 0 and len(later.output.splitlines()) == 2  # header and rule only
    missing = runner.invoke(main, ["ratings", "--db", str(tmp_path / "none.db")])
    assert missing.exit_code == 1 and "no database" in missing.output
    assert "Traceback" not in missing.output


def test_unrated_records_are_named_on_stderr(tmp_path):
    from euchre_records.api.store.ingest import prepare
    from euchre_records.api.store.store import Store
    from test_ratings import NS_GAME, fresh_db, record_text
    path = str(tmp_path / "u.db")
    db = fresh_db(path)
    Store(db).save(prepare(record_text(["Ann", "Bob", "Cy", "Di"], NS_GAME[:1], preset="hoyle",
                                       game_points=None)))
    db.close()
    result = CliRunner().invoke(main, ["ratings", "--db", path])
    assert result.exit_code == 0
    assert "record 1: not rated: the rubber is not finished" in result.stderr
    assert "not rated" not in result.stdout


def test_a_game_of_three_players_is_rated_on_its_variants_ladder(tmp_path):
    """A cut-throat game is rated on the cut-throat ladder (each player by his place), not left
    out; the four-handed ladder does not hold its players."""
    from euchre_records.api.store.ingest import prepare
    from euchre_records.api.store.store import Store
    from test_ratings import fresh_db
    path = str(tmp_path / "t.db")
    db = fresh_db(path)
    Store(db).save(prepare((Path(__file__).parents[1] / "examples" / "cutthroat-game.json")
                           .read_text(encoding="utf-8")))
    db.close()
    result = CliRunner().invoke(main, ["ratings", "--db", path, "--variant", "cut-throat",
                                       "--format", "csv"])
    assert result.exit_code == 0 and "not rated" not in result.stderr
    lines = result.stdout.splitlines()
    assert [line.split(",")[:3] for line in lines[1:]] == [
        ["1", "Ben", "2"], ["2", "Ada", "1"], ["3", "Cora", "3"]]   # scores 11, 5, 3
    result = CliRunner().invoke(main, ["ratings", "--db", path])
    assert result.exit_code == 0 and "Ben" not in result.stdout
    result = CliRunner().invoke(main, ["ratings", "--db", path, "--variant", "cut-throat",
                                       "--partnerships"])
    assert result.exit_code == 2 and "the cut-throat game has no partnerships" in result.stderr
    assert "Traceback" not in result.output


@pytest.mark.parametrize("label", ["²", "①", "1²"])
def test_a_round_labelled_with_other_digits_is_rated_never_a_500(tmp_path, label):
    """A record's ``event.round`` is free text: "²" passes str.isdigit() but not int(). The
    ladders, the player and ``euchre ratings`` read it as no round number and rate the game
    (api/whole_numbers.py; issue 32)."""
    from auth_fixtures import writing_client
    from test_ratings import fresh_db
    path = str(tmp_path / "r.db")
    fresh_db(path).close()
    app = create_app({"DATABASE": path, "TESTING": True})
    record = json.loads((ROOT / "examples" / "cutthroat-game.json").read_text(encoding="utf-8"))
    record["event"]["round"] = label
    client = writing_client(app)
    assert client.post("/records", json=record).status_code == 201
    ladder = client.get("/ratings?variant=cut-throat")
    assert ladder.status_code == 200, ladder.get_data(as_text=True)
    assert [row["name"] for row in ladder.get_json()["items"]] == ["Ben", "Ada", "Cora"]
    assert client.get("/players/1").status_code == 200
    assert client.get("/web/ratings?variant=cut-throat").status_code == 200
    result = CliRunner().invoke(main, ["ratings", "--db", path, "--variant", "cut-throat"])
    assert result.exit_code == 0 and "Ben" in result.stdout, result.output


# --- the API -----------------------------------------------------------------------------------

def test_get_ratings(client):
    body = client.get("/ratings").get_json()
    assert body["kind"] == "players" and body["variant"] == "four-handed"
    assert body["model"]["name"] == "openskill PlackettLuce" and body["model"]["mu"] == 25.0
    assert body["total"] == 8 and body["unrated"] == 0
    assert {r["name"]: r["won"] for r in body["items"]} == ROUNDS_WON
    assert_ladder_order(body["items"])
    page = client.get("/ratings?per_page=3&page=3").get_json()
    assert [r["name"] for r in page["items"]] == [r["name"] for r in body["items"][6:]]
    assert page["pages"] == 3
    pairs = client.get("/ratings?kind=partnerships").get_json()
    assert pairs["total"] == 12
    for bad in ("kind=teams", "from=yesterday", "per_page=0", "variant=six-handed"):
        answer = client.get(f"/ratings?{bad}")
        assert answer.status_code == 422, bad
        assert answer.get_json()["error"]["problems"][0]["where"].startswith("query.")


def test_ratings_are_in_the_openapi_document(client):
    spec = client.get("/openapi.json").get_json()
    op = spec["paths"]["/ratings"]["get"]
    assert op["operationId"] == "listRatings"
    assert "200" in op["responses"] and "422" in op["responses"]
    player = spec["components"]["schemas"]["Player"]["properties"]
    assert "ratings" in player


def test_a_player_answers_with_rating_and_history(client, night):
    ladder = client.get("/ratings").get_json()["items"]
    cy = next(r for r in ladder if r["name"] == "Cy")
    found = client.get(f"/players/{cy['id']}").get_json()
    (rating,) = found["ratings"]
    assert (rating["place"], rating["of"], rating["rating"]) == (cy["place"], 8, cy["rating"])
    assert [p["outcome"] for p in rating["history"]] == ["won", "won", "won"]  # 3 rounds won
    assert [p["kind"] for p in rating["history"]] == ["sitting"] * 3
    assert rating["history"][-1]["rating"] == cy["rating"]
    assert round(sum(p["change"] for p in rating["history"]), 3) == round(cy["rating"], 3)


def test_a_merge_answers_for_the_player_it_counts_as(tmp_path):
    path = str(tmp_path / "m.db")
    db, _, _ = build(CASE, path=path)
    ids = {r["name"]: r["id"] for r in ratings.ladder(db)}
    with write_transaction(db):
        players.merge(db.conn, ids["Ed"], ids["Cy"])  # never at one table in this night
    merged = {r["name"]: r for r in ratings.ladder(db)}
    db.close()
    assert "Ed" not in merged and merged["Cy"]["matches"] == 6
    client = create_app({"DATABASE": path, "TESTING": True}).test_client()
    answer = client.get(f"/players/{ids['Ed']}").get_json()
    assert answer["merged_into"] == ids["Cy"]
    assert answer["ratings"][0]["matches"] == 6


# --- the pages ---------------------------------------------------------------------------------

def test_the_ladder_page(client):
    soup = BeautifulSoup(client.get("/web/ratings").data, "html.parser")
    rows = soup.select("table.ladder tbody tr")
    api = client.get("/ratings").get_json()["items"]
    assert [r.th.get_text(strip=True) for r in rows] == [r["name"] for r in api]
    assert [r.select_one("td.rating").get_text() for r in rows] == [
        f"{r['rating']:.1f}" for r in api]
    pairs = BeautifulSoup(client.get("/web/ratings?kind=partnerships").data, "html.parser")
    assert len(pairs.select("table.ladder tbody tr")) == 12
    bad = BeautifulSoup(client.get("/web/ratings?from=soon").data, "html.parser")
    assert "write a date as YYYY" in bad.select_one(".error-summary").get_text()
    assert len(bad.select("table.ladder tbody tr")) == 8  # the bad filter is not applied
    assert soup.select_one('nav a[href="/web/ratings"]') is not None


def test_the_player_page_has_the_rating_chart(client):
    soup = BeautifulSoup(client.get("/web/players/Hal").data, "html.parser")
    section = soup.select_one("section.rating")
    assert section is not None and "place" in section.p.get_text()
    svg = section.select_one("figure.rating-chart svg")
    assert len(svg.select(".series-rating circle")) == 3
    assert len(svg.select(".series-mu rect")) == 3
    assert "3 rated matches" in svg.desc.get_text()
    assert len(section.select("tbody tr")) == 3


def test_the_event_page_has_its_rating_changes(client, night):
    _, event_id = night
    soup = BeautifulSoup(client.get(f"/web/events/{event_id}").data, "html.parser")
    heading = next(h for h in soup.select("h2") if h.get_text() == "Rating changes")
    table = heading.find_next("table")
    names = [tr.th.get_text(strip=True) for tr in table.select("tbody tr")]
    assert sorted(names) == sorted(ROUNDS_WON)
    changes = [float(tr.select("td")[-1].get_text()) for tr in table.select("tbody tr")]
    assert changes == sorted(changes, reverse=True)


@pytest.fixture(scope="module")
def tables_client(tmp_path_factory):
    """A store of the three example games at tables of 3, 2 and 5 and one four-handed game by
    players of the cut-throat game (so Ada is on two ladders)."""
    from euchre_records.api.store.ingest import prepare
    from euchre_records.api.store.store import Store
    from test_ratings import NS_GAME, fresh_db, record_text
    path = str(tmp_path_factory.mktemp("tables") / "tables.db")
    db = fresh_db(path)
    for name in ("cutthroat-game.json", "two-handed-game.json", "five-handed-game.json"):
        Store(db).save(prepare((ROOT / "examples" / name).read_text(encoding="utf-8")))
    Store(db).save(prepare(record_text(["Ada", "Ben", "Cora", "Dan"], NS_GAME)))
    db.close()
    return create_app({"DATABASE": path, "TESTING": True}).test_client()


def test_the_ladder_page_of_each_variant(tables_client):
    """Each game's ladder on the page is the API's (the same order, the same ratings); the
    partnerships of a table of n fall back to its players; the page says in plain words what
    the numbers mean."""
    for variant, count in (("cut-throat", 3), ("two-handed", 2), ("call-your-partner", 5),
                           ("four-handed", 4)):
        for kind in ("players", "partnerships"):
            soup = BeautifulSoup(tables_client.get(
                f"/web/ratings?variant={variant}&kind={kind}").data, "html.parser")
            api = tables_client.get(f"/ratings?variant={variant}&kind="
                                    f"{'players' if variant != 'four-handed' else kind}"
                                    "&per_page=100").get_json()["items"]
            rows = soup.select("table.ladder tbody tr")
            assert [r.th.get_text(" ", strip=True).replace(" & ", "&") for r in rows] == [
                r["name"].replace(" & ", "&") for r in api]
            assert len(rows) == (2 if (variant, kind) == ("four-handed", "partnerships")
                                 else count)
            checked = soup.select_one('input[name="variant"][checked]')
            assert checked["value"] == variant
        words = soup.select_one("section.rating-words").get_text(" ", strip=True)
        assert all(" ".join(w.split()) in " ".join(words.split()) for w in plain_words())
    unknown = BeautifulSoup(tables_client.get("/web/ratings?variant=six").data, "html.parser")
    assert unknown.select_one('input[name="variant"][checked]')["value"] == "four-handed"


def test_a_player_page_shows_each_variants_rating(tables_client):
    soup = BeautifulSoup(tables_client.get("/web/players/Ada").data, "html.parser")
    heads = [s.h2.get_text(strip=True) for s in soup.select("section.rating")]
    assert heads == ["Rating: Four-handed partnerships", "Rating: Three-handed cut-throat"]
    links = [s.select_one("p a")["href"] for s in soup.select("section.rating")]
    assert links == ["/web/ratings?variant=four-handed", "/web/ratings?variant=cut-throat"]
    assert soup.select("details.rating-words p")[1].get_text().startswith("μ (mu)")
    cut = soup.select("section.rating")[1].select("tbody tr td")
    assert " ".join(cut[2].get_text().split()) == "lost (place 2 of 3)"   # 5 to Ben's 11, Cora 3


def test_the_rating_chart_geometry():
    from euchre_records.api.pages.rating_chart import rating_chart
    assert rating_chart([]) is None
    history = [{"rating": r, "mu": m} for r, m in ((2.4, 27.0), (-1.0, 24.0), (3.0, 28.5))]
    chart = rating_chart(history)
    rating, mu = chart["series"]
    assert len(rating["markers"]) == len(mu["markers"]) == 3
    ys = [y for _, y in rating["markers"]]
    assert ys[1] > ys[0] > ys[2]  # SVG y grows downwards: the lowest rating is lowest
    assert "from 0.0 to 3.0, the highest 3.0 after match 3" in chart["summary"]
