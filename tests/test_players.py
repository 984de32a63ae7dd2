"""Players at every table (issue 32): ``euchre players --variant`` (``all``: every game, four-handed
among them), the per-variant statistics at tables of two, three and five and the ratings of
individual places, held to an oracle.

The oracle is the engine's replay read through the table view (``table_view.view_of``) and
openskill itself: for stored records made from the hand-worked goldens of
tests/golden/variants (players drawn from a pool, so the same people meet at different tables),
each player's figures are counted here from the view's deals and games, and each variant's
ratings replayed here with openskill from the places of the view's finished games. Neither reads
the store's SQL or the ratings module.
"""

from __future__ import annotations

import csv
import io
import json
from collections import Counter, defaultdict
from pathlib import Path

from click.testing import CliRunner
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from euchre_records.api.store import players, ratings
from euchre_records.api.store.ingest import prepare
from euchre_records.api.store.store import Store
from euchre_records.cli.main import main
from euchre_records.schema.tables import dump_table_result, load_table_record
from euchre_records.match import replay
from euchre_records.table_view import view_of

from test_ratings import fresh_db

ROOT = Path(__file__).resolve().parent.parent
GOLDENS = sorted(p for p in (ROOT / "tests/golden/variants").glob("*.json")
                 if not p.name.endswith(".expected.json"))
POOL = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus")


def seated(path: Path, names: tuple[str, ...]) -> dict:
    """The golden record with players (the first n names) and one date: the ratings then take
    the records in the order they were stored."""
    data = json.loads(path.read_text(encoding="utf-8"))
    n = data["rules"]["seats"]
    data["players"] = {str(i): {"name": names[i]} for i in range(n)}
    data["event"] = {"club": "Riverside", "date": "2026-12-01"}
    return data


def figures(records: list[dict]) -> dict[str, dict[str, Counter]]:
    """Per variant, per player name: the statistics counted from the engine's view."""
    out: dict[str, dict[str, Counter]] = defaultdict(lambda: defaultdict(Counter))
    for data in records:
        record = load_table_record(data)
        result = replay(record)
        view = view_of(record, result)
        names = {t: data["players"][t]["name"] for t in view.tokens}
        for token in view.tokens:
            c = out[view.variant][names[token]]
            c["records"] += 1
            c["games_played"] += len(view.games)
            c["games_won"] += sum(g.winner == token for g in view.games)
            column = view.column_of(int(token))
            for d in view.deals:
                c["deals_played"] += 1
                c["points_scored"] += d.points[column]
                if d.maker is None:
                    continue
                euchred = d.maker_tricks is not None and d.maker_tricks < 3
                if d.maker == token:
                    c["deals_made"] += 1
                    c["marches_made"] += d.maker_tricks == 5
                    c["lone_hands_tried"] += d.alone
                if d.partner == token and d.partner_known and token != d.maker:
                    c["called_as_partner"] += 1
                if token in d.makers:
                    c["euchres_suffered"] += euchred
                else:
                    c["euchres_inflicted"] += euchred
            c["revokes"] += sum(f["kind"] == "revoke" and f["seat"] == token
                                for f in dump_table_result(result)["findings"])
    return out


def oracle_ratings(records: list[dict]) -> dict[str, dict[str, tuple[float, float]]]:
    """Per variant, per player name: (mu, sigma) after replaying the records' finished games in
    order with openskill, each player a team of one, ranked by the competition places of the
    final scores (1 + the players with more points)."""
    model = PlackettLuce()
    now: dict[str, dict[str, object]] = defaultdict(dict)
    for data in records:
        record = load_table_record(data)
        view = view_of(record, replay(record))
        names = [data["players"][t]["name"] for t in view.tokens]
        if len(set(names)) < len(names):
            continue
        ladder = now[view.variant]
        for game in view.games:
            if not game.finished:
                continue
            ranks = [sum(other > mine for other in game.score) for mine in game.score]
            teams = [[ladder.get(name) or model.rating()] for name in names]
            for name, (after,) in zip(names, model.rate(teams, ranks=ranks)):
                ladder[name] = after
    return {v: {n: (round(r.mu, 4), round(r.sigma, 4)) for n, r in ladder.items()}
            for v, ladder in now.items()}


@st.composite
def sittings(draw):
    chosen = draw(st.lists(st.sampled_from(GOLDENS), min_size=1, max_size=6))
    return [(path.name, tuple(draw(st.permutations(POOL)))) for path in chosen]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sittings())
@example([("09-cutthroat-revoke-modern.json", POOL),
          ("06-five-handed-partner-stated.json", POOL),
          ("01-two-handed-march.json", POOL)])
def test_player_tables_and_ratings_at_tables_of_n_match_the_view(chosen):
    db = fresh_db()
    stored: list[dict] = []
    for name, names in chosen:
        data = seated(ROOT / "tests/golden/variants" / name, names)
        if not Store(db).save(prepare(json.dumps(data))).duplicate:
            stored.append(data)
    expected = figures(stored)
    rated = oracle_ratings(stored)
    for variant in ("two-handed", "cut-throat", "call-your-partner"):
        rows = players.variant_player_table(db, variant)
        want = expected.get(variant, {})
        assert sorted(r["name"] for r in rows) == sorted(want)
        for row in rows:
            c = want[row["name"]]
            for column in players.TABLE_N_COLUMNS[2:]:
                if column == "win_rate":
                    assert row[column] == (round(c["games_won"] / c["games_played"], 4)
                                           if c["games_played"] else None)
                else:
                    assert row[column] == c[column], (variant, row["name"], column)
            # the player's own page answers the same figures for that variant
            mine = next(v for v in players.get_player(db, row["id"])["variants"]
                        if v["variant"] == variant)
            assert {k: mine[k] for k in mine if k != "variant"} == {
                k: row[k] for k in mine if k != "variant"}
        ladder = {r["name"]: (r["mu"], r["sigma"]) for r in ratings.ladder(db, variant=variant)}
        assert ladder == rated.get(variant, {}), variant


def test_euchre_players_variant_in_every_format(tmp_path):
    """The three example games: each table's players with their own columns, in the narrow
    table, the wide table, CSV and JSON; the four-handed default is unchanged (no one here)."""
    path = str(tmp_path / "t.db")
    db = fresh_db(path)
    for name in ("cutthroat-game.json", "two-handed-game.json", "five-handed-game.json"):
        Store(db).save(prepare((ROOT / "examples" / name).read_text(encoding="utf-8")))
    db.close()
    run = CliRunner().invoke
    as_json = json.loads(run(main, ["players", "--db", path, "--variant", "cut-throat",
                                    "--sort", "points", "--format", "json"]).output)
    # examples/cutthroat-game.json ends Ada 5, Ben 11, Cora 3: Ben's game
    assert [(r["name"], r["points_scored"], r["games_won"]) for r in as_json] == [
        ("Ben", 11, 1), ("Ada", 5, 0), ("Cora", 3, 0)]
    rows = list(csv.DictReader(io.StringIO(run(main, [
        "players", "--db", path, "--variant", "call-your-partner", "--format", "csv"]).output)))
    assert list(rows[0]) == list(players.TABLE_N_COLUMNS)
    assert {r["name"]: r["called_as_partner"] for r in rows} == {
        "Fay": "1", "Gus": "0", "Hal": "0", "Ivy": "1", "Jon": "2"}  # deals 1-3, 5: 3, 4, 0, 4
    narrow = run(main, ["players", "--db", path, "--variant", "two-handed"])
    assert narrow.exit_code == 0
    head, _, *lines = narrow.stdout.splitlines()
    assert head.split() == ["name", "id", "records", "games", "won", "win", "rate", "made",
                            "points", "euchred", "marches"]
    assert [line.split()[0] for line in lines] == ["Dan", "Eve"]
    assert "5 more columns: --wide" in narrow.stderr
    wide = run(main, ["players", "--db", path, "--variant", "two-handed", "--wide"])
    assert wide.stdout.splitlines()[0].split() == list(players.TABLE_N_COLUMNS)
    four = run(main, ["players", "--db", path, "--format", "json"])
    assert four.exit_code == 0 and json.loads(four.output) == []
    bad = run(main, ["players", "--db", path, "--variant", "six-handed"])
    assert bad.exit_code == 2 and "'six-handed' is not one of" in bad.stderr


def test_euchre_player_shows_the_ratings_of_each_variant_as_the_api(tmp_path):
    """``euchre player --format json`` answers as ``GET /players/{id}``, ratings included (one
    per variant, four-handed first); the text ends with them and what they mean."""
    from euchre_records.api.app import create_app
    from euchre_records.events.ratings import plain_words
    from test_ratings import NS_GAME, record_text
    path = str(tmp_path / "p.db")
    db = fresh_db(path)
    Store(db).save(prepare((ROOT / "examples/cutthroat-game.json").read_text(encoding="utf-8")))
    Store(db).save(prepare(record_text(["Ada", "Bob", "Cy", "Di"], NS_GAME)))
    db.close()
    shown = CliRunner().invoke(main, ["player", "1", "--db", path, "--format", "json"])
    body = json.loads(shown.output)
    api = create_app({"DATABASE": path, "TESTING": True}).test_client().get("/players/1")
    assert body["ratings"] == api.get_json()["ratings"]
    assert [(r["variant"], r["place"], r["of"]) for r in body["ratings"]] == [
        ("four-handed", 1, 4), ("cut-throat", 2, 3)]   # Ada won the four-handed game, 2nd of 3
    text = CliRunner().invoke(main, ["player", "1", "--db", path]).stdout
    lines = text.splitlines()
    at = lines.index("ratings (docs/RATINGS.md):")
    assert [line.split()[:3] for line in lines[at + 3:at + 5]] == [
        ["four-handed", "1", "4"], ["cut-throat", "2", "3"]]
    assert " ".join(" ".join(lines[at + 5:]).split()) == " ".join(
        " ".join(plain_words()).split())


def test_an_individual_events_players_are_its_standings_figures():
    """tests/golden/events/04-cutthroat-night (worked by hand): with --event, each player's games,
    games won and points are the golden standings' (points: each game's final score less its
    start, here the points made over its deals)."""
    from events_support import build
    case = json.loads((ROOT / "tests/golden/events/04-cutthroat-night.json").read_text())
    expected = json.loads(
        (ROOT / "tests/golden/events/04-cutthroat-night.expected.json").read_text())
    db, event_id, _ = build(case)
    rows = {r["name"]: r for r in players.variant_player_table(db, "cut-throat",
                                                              event_id=event_id)}
    assert set(rows) == {line["entrant"] for line in expected["standings"]}
    for line in expected["standings"]:
        row = rows[line["entrant"]]
        assert (row["games_played"], row["games_won"], row["points_scored"]) == (
            line["games"], line["wins"], line["points"]), line["entrant"]
    assert players.variant_player_table(db, "cut-throat", event_id=event_id + 1) == []
    assert players.variant_player_table(db, "two-handed", event_id=event_id) == []


def test_euchre_players_across_every_game(tmp_path):
    """``--variant all``: a row per player and game, four-handed first; the tables of n are their
    own tables' rows, the four-handed ones ``players``' rows, and each four-handed player's
    marches (deals he made trump and his side took all five) counted here from the engine's view
    of the records."""
    path = str(tmp_path / "all.db")
    db = fresh_db(path)
    four_names = ("hoyle-rubber.json", "somerset-rubber.json", "modern-lone-march.json")
    views = []
    for name in (*four_names, "cutthroat-game.json", "five-handed-game.json"):
        saved = prepare((ROOT / "examples" / name).read_text(encoding="utf-8"))
        Store(db).save(saved)
        if name in four_names:
            views.append(saved.view)
    marches: Counter = Counter()
    for view in views:
        for d in view.deals:
            if d.maker is not None and d.maker_tricks == 5:
                marches[view.players[view.tokens.index(d.maker)].name] += 1
    rows = json.loads(CliRunner().invoke(main, ["players", "--db", path, "--variant", "all",
                                                "--format", "json"]).output)
    assert [r["variant"] for r in rows] == sorted(
        (r["variant"] for r in rows), key=players.VARIANT_ORDER.index)
    four = {r["name"]: r for r in players.player_table(db)}
    for row in rows:
        assert list(row) == list(players.ALL_VARIANTS_COLUMNS)
        if row["variant"] == "four-handed":
            same = four[row["name"]]
            assert row["marches_made"] == marches[row["name"]], row["name"]
        else:
            (same,) = [r for r in players.variant_player_table(db, row["variant"])
                       if r["id"] == row["id"]]
        assert all(row[c] == same[c] for c in row if c not in ("variant", "marches_made"))
    assert {r["variant"] for r in rows} == {"four-handed", "cut-throat", "call-your-partner"}
    assert sum(marches.values()) > 0     # the examples do march
    narrow = CliRunner().invoke(main, ["players", "--db", path, "--variant", "all"])
    assert all(len(line) <= 80 for line in narrow.stdout.splitlines())
    assert narrow.stdout.splitlines()[0].split()[:2] == ["game", "name"]
