"""Where the double-dummy analysis shows: ``euchre analyse``, ``GET /records/{id}/analysis``
(typed response, cached by the record's hash, 404, 422 too-costly), the record page and the
player page. The numbers themselves are checked in test_double_dummy.py (goldens solved by
hand, a brute force written apart); here they are read back from those goldens."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from euchre_records.api.app import create_app
from euchre_records.api.rest.analysis_schemas import AnalysisSchema
from euchre_records.cli.main import main

from auth_fixtures import writing_client

GOLDEN = Path(__file__).parent / "golden" / "analysis"
LONE = GOLDEN / "lone-hand.json"
LONE_EXPECTED = json.loads((GOLDEN / "lone-hand.expected.json").read_text())


def run(*args: object) -> object:
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


# --- the command --------------------------------------------------------------------------------

def test_analyse_a_file_as_a_table() -> None:
    result = run("analyse", LONE)
    assert result.exit_code == 0, result.output
    assert "deal 1: makers could have taken 4, took 5: the AC at trick 1 cost one" in result.stdout
    assert "trick 1: E AC -1, W 9C, N AH" in result.stdout
    assert "best play: 4 tricks, N-S 1 E-W 0; as scored: 5 tricks, N-S 4 E-W 0" in result.stdout


def test_analyse_as_json_holds_the_golden_numbers() -> None:
    result = run("analyse", LONE, "--format", "json")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    deal = doc["deals"][0]
    assert deal["tricks"] == LONE_EXPECTED["tricks"] and deal["points"] == LONE_EXPECTED["points"]
    assert [[p["seat"], p["card"], p["before"], p["after"], p["cost"]] for p in deal["plays"]] == \
        LONE_EXPECTED["plays"]
    assert doc.pop("source") == str(LONE)
    assert AnalysisSchema().validate(doc) == {}


def test_analyse_jsonl_one_line_per_record(tmp_path: Path) -> None:
    lines = [json.dumps(json.loads(p.read_text())) for p in sorted(GOLDEN.glob("*-*.json"))
             if not p.name.endswith(".expected.json")]
    source = tmp_path / "two.jsonl"
    source.write_text("\n".join(lines) + "\n")
    result = run("analyse", source, "--format", "jsonl")
    assert result.exit_code == 0
    docs = [json.loads(line) for line in result.stdout.splitlines()]
    assert [d["source"] for d in docs] == [f"{source}:1", f"{source}:2"]


def test_analyse_refuses_an_impossible_record_with_its_place(tmp_path: Path) -> None:
    data = json.loads(LONE.read_text())
    data["deals"][0]["tricks"][0] = "AC 9C AC"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    result = run("analyse", bad)
    assert result.exit_code == 1
    assert "bad.json: impossible: deals[0].tricks[0]" in result.stderr


def test_analyse_a_stored_record_by_id(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    imported = run("import", LONE, "--db", db, "--no-progress")
    assert imported.exit_code == 0, imported.output
    result = run("analyse", "--db", db, "1", "--format", "json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["source"] == "record 1" and doc["deals"][0]["tricks"] == LONE_EXPECTED["tricks"]
    missing = run("analyse", "--db", db, "2")
    assert missing.exit_code == 1 and f"no record 2 in {db}" in missing.stderr
    # '²' is str.isdigit() but no int(); 2^63 is no SQLite integer: usage errors, no traceback
    for source in ("²", str(2**63), "0", "x"):
        refused = run("analyse", "--db", db, source)
        assert refused.exit_code == 2 and "SOURCE is a record id" in refused.stderr, source


# --- the API ------------------------------------------------------------------------------------

@pytest.fixture
def app(tmp_path: Path):  # type: ignore[no-untyped-def]
    return create_app({"DATABASE": str(tmp_path / "api.db"), "TESTING": True})


@pytest.fixture
def stored(app):  # type: ignore[no-untyped-def]
    client = writing_client(app)
    resp = client.post("/records", data=LONE.read_text(), content_type="application/json")
    assert resp.status_code == 201
    return client, resp.get_json()["id"]


def test_get_analysis_is_typed_and_cached_by_hash(app, stored) -> None:  # type: ignore[no-untyped-def]
    client, rid = stored
    first = client.get(f"/records/{rid}/analysis")
    assert first.status_code == 200 and first.mimetype == "application/json"
    body = first.get_json()
    assert AnalysisSchema().validate(body) == {}
    assert body["deals"][0]["summary"] == "makers could have taken 4, took 5: the AC at trick 1 cost one"
    from euchre_records.api.store.migrations import open_db
    db = open_db(app.config["DATABASE"])
    rows = list(db.query("SELECT analysis_cache.hash FROM analysis_cache JOIN records "
                         "ON records.hash = analysis_cache.hash WHERE records.id = ?", [rid]))
    seats = {r["seat"]: r for r in db.query("SELECT * FROM analysis_seats")}
    db.close()
    assert len(rows) == 1
    assert seats["E"]["plays"] == 5 and seats["E"]["costly"] == 1 and seats["E"]["lost"] == 1
    assert seats["S"]["plays"] == 0 and seats["S"]["deals"] == 0
    again = client.get(f"/records/{rid}/analysis")
    assert again.get_data() == first.get_data()


def test_get_analysis_of_an_unknown_record_is_404(stored) -> None:  # type: ignore[no-untyped-def]
    client, rid = stored
    resp = client.get(f"/records/{rid + 1}/analysis")
    assert resp.status_code == 404 and resp.get_json()["error"]["code"] == "not-found"


def test_a_costly_analysis_is_422_too_costly_and_not_cached(app, stored) -> None:  # type: ignore[no-untyped-def]
    client, rid = stored
    app.config["ANALYSIS_BUDGET"] = 20
    resp = client.get(f"/records/{rid}/analysis")
    assert resp.status_code == 422
    error = resp.get_json()["error"]
    assert error["code"] == "too-costly" and "20 search positions" in error["message"]
    app.config["ANALYSIS_BUDGET"] = None
    assert client.get(f"/records/{rid}/analysis").status_code == 200


def test_the_openapi_document_names_the_operation(app) -> None:  # type: ignore[no-untyped-def]
    spec = app.test_client().get("/openapi.json").get_json()
    op = spec["paths"]["/records/{record_id}/analysis"]["get"]
    assert op["operationId"] == "getRecordAnalysis"
    assert "422" in op["responses"] and "404" in op["responses"]


# --- the pages ----------------------------------------------------------------------------------

def test_the_record_page_offers_the_analysis_then_shows_it_cached(stored) -> None:  # type: ignore[no-untyped-def]
    client, rid = stored
    page = client.get(f"/web/records/{rid}").get_data(as_text=True)
    assert "Show the double-dummy analysis" in page and "Makers could have taken" not in page
    shown = client.get(f"/web/records/{rid}?analysis=1").get_data(as_text=True)
    assert "Makers could have taken 4, took 5: the A♣ at trick 1 cost one." in shown
    assert "With best play: 4 tricks, N-S 1 – E-W 0; as scored: 5 tricks, N-S 4 – E-W 0." in shown
    assert '<span class="cost" title="best: 9♠ or 10♠">−1' in shown
    # cached: the plain page now shows it without being asked
    again = client.get(f"/web/records/{rid}").get_data(as_text=True)
    assert "Makers could have taken 4, took 5" in again


def test_the_record_page_says_when_the_analysis_costs_too_much(app, stored) -> None:  # type: ignore[no-untyped-def]
    client, rid = stored
    app.config["ANALYSIS_BUDGET"] = 20
    page = client.get(f"/web/records/{rid}?analysis=1")
    assert page.status_code == 200
    assert "would take too long here" in page.get_data(as_text=True)


def test_the_player_page_counts_the_analysed_deals(stored) -> None:  # type: ignore[no-untyped-def]
    client, rid = stored
    before = client.get("/web/players/Bell").get_data(as_text=True)
    assert "No analysed deal yet (0 of 1 records analysed)" in before
    client.get(f"/records/{rid}/analysis")
    after = client.get("/web/players/Bell").get_data(as_text=True)
    assert ("Over 1 analysed deal (1 of 1 records analysed): 5 cards played, 4 best plays "
            "(80.0 %), 1 costly, 1 trick lost.") in after


# --- tables of two, three and five; the legend (issues 32, 33) ----------------------------------

VARIANTS = Path(__file__).parent / "golden" / "variants"


def test_analyse_a_cut_throat_record_with_its_seats_and_the_legend() -> None:
    result = run("analyse", VARIANTS / "02-cutthroat-euchre.json")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "deal 1: makers could have taken 0" in out
    # points per seat: the maker euchred, each of the other two scores 2 (VARIANTS.md)
    assert "best play: 0 tricks, seat 0 2, seat 1 0, seat 2 2" in out
    assert "trick 1: 1 KD, 2 JC, 0 AD" in out
    assert "best call for seat 0:" in out and "best call for N-S" not in out
    assert "How to read it" in out and '"-1" after a card' in out and '"not allowed"' in out


def test_analyse_json_of_a_five_handed_record_names_the_seats() -> None:
    result = run("analyse", VARIANTS / "05-five-handed-partner-found-at-trick-3.json", "--format", "json")
    assert result.exit_code == 0, result.output
    body = json.loads(result.stdout)
    assert body["seats"] == ["0", "1", "2", "3", "4"]
    deal = body["deals"][0]
    assert deal["maker"] == "1" and len(deal["points"]) == 5
    assert all(b["side"] is None for b in deal["best_calls"]) and len(deal["best_calls"]) == 5
    assert "How to read it" not in result.stdout



def test_a_turned_joker_at_a_table_of_n_is_the_suit_the_dealer_named() -> None:
    """Golden variants/33 (cut-throat): the dealer turns the joker and names hearts; seat 2
    orders it up. Hearts is the turned suit (RULES.md "The joker"), so it is the one suit round
    one may make, and the dealer takes the joker up. Worked by hand: the dealer then holds JK, JD
    (the left bower) and 9H, seat 1 holds JH and QH, and seat 2's AH KH TH sit under three
    higher trumps. Seat 1 leads and the dealer plays after seat 2 to every trick seat 1 leads,
    so the defenders take all five: hearts is worth 0 tricks to seat 2."""
    result = run("analyse", VARIANTS / "33-cutthroat-joker-turned.json", "--format", "json")
    assert result.exit_code == 0, result.output
    calls = {c["trump"]: c for c in json.loads(result.stdout)["deals"][0]["calls"]}
    assert (calls["H"]["allowed"], calls["H"]["why"], calls["H"]["tricks"]) == (
        True, "round 1: the turned suit", 0)
    assert all(not calls[s]["allowed"] and calls[s]["why"] == "round 1: only the turned suit may "
               "be made trump" for s in ("S", "D", "C"))

# --- the pages at every table; links from the rubber and player pages (issues 32, 33) -----------

def test_the_rubber_page_links_to_the_analysis(stored) -> None:  # type: ignore[no-untyped-def]
    client, rid = stored
    rubbers = client.get("/rubbers").get_json()
    rubber_id = next(r["id"] for r in rubbers["items"] if r["record_id"] == rid)
    page = client.get(f"/web/rubbers/{rubber_id}").get_data(as_text=True)
    assert f'href="/web/records/{rid}?analysis=1">the double-dummy analysis</a>' in page


def test_the_player_page_links_to_the_analysis_of_their_records(stored) -> None:  # type: ignore[no-untyped-def]
    client, rid = stored
    page = client.get("/web/players/Bell").get_data(as_text=True)
    assert f'<a href="/web/records/{rid}?analysis=1">record {rid}</a>' in page


def test_a_five_handed_record_page_shows_its_analysis(app) -> None:  # type: ignore[no-untyped-def]
    client = writing_client(app)
    text = (GOLDEN / "tables" / "five-handed.json").read_text()
    rid = client.post("/records", data=text, content_type="application/json").get_json()["id"]
    page = client.get(f"/web/records/{rid}").get_data(as_text=True)
    assert "Show the double-dummy analysis" in page
    shown = client.get(f"/web/records/{rid}?analysis=1").get_data(as_text=True)
    # the numbers of the hand-worked golden: 5 with best play, 3 as played, the AS cost two
    assert "Makers could have taken 5, took 3: the A♠ at trick 1 cost two." in shown
    assert ("With best play: 5 tricks, seat 0: 2 · seat 1: 0 · seat 2: 2 · seat 3: 0 · seat 4: 0; "
            "as scored: 3 tricks, seat 0: 1 · seat 1: 0 · seat 2: 1 · seat 3: 0 · seat 4: 0.") in shown
    # by hand: any of the three top trumps led first keeps the march
    import re
    titles = re.findall(r'<span class="cost" title="best: ([^"]*)">−(\d)', shown)
    assert [(set(best.split(" or ")), cost) for best, cost in titles] == [({"J♥", "J♦", "A♥"}, "2")]
    assert "as if every hand were seen" in shown
    assert "Best call for seat 0" in shown


def test_a_five_handed_analysis_names_the_players_where_the_record_does(app) -> None:  # type: ignore[no-untyped-def]
    """Issue 32: the pages name seats by their players, never "seat 0": the same hand-worked
    deal with its five players named shows their names in the points and the best calls."""
    client = writing_client(app)
    record = json.loads((GOLDEN / "tables" / "five-handed.json").read_text())
    names = ["Ann", "Bob", "Cy", "Dee", "Eve"]
    record["players"] = {str(i): {"name": n} for i, n in enumerate(names)}
    rid = client.post("/records", json=record).get_json()["id"]
    shown = client.get(f"/web/records/{rid}?analysis=1").get_data(as_text=True)
    assert ("With best play: 5 tricks, Ann: 2 · Bob: 0 · Cy: 2 · Dee: 0 · Eve: 0; "
            "as scored: 3 tricks, Ann: 1 · Bob: 0 · Cy: 1 · Dee: 0 · Eve: 0.") in shown
    assert "Best call for Ann" in shown
    assert "seat 0" not in shown
