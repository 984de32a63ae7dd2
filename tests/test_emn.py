"""EMN 1.0 match files: read into the event model (registry, format, seat rotations and
substitutions, embedded games replayed), written back valid against EMN's own JSON Schema, and
read again into the same event; errors located in the EMN document."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from euchre_records.api.store import event_matches, events
from euchre_records.api.store.ingest import prepare_record
from euchre_records.api.store.migrations import migrate, open_db
from euchre_records.api.store.store import Store
from euchre_records.cards import SEATS
from euchre_records.cli.main import main
from euchre_records.errors import InconsistentRecord, NotationError
from euchre_records.model import Event, Player, Record
from euchre_records.rules import preset
from euchre_records.interop.emn.document import emn_to_match, match_to_emn, rounds_of
from euchre_records.testkit.simulate import random_deal

DATA = Path(__file__).parent / "data"
EMN_SCHEMA = json.loads((DATA / "emn" / "emn-schema-v1.json").read_text(encoding="utf-8"))
EGN_SCHEMA = json.loads((DATA / "egn" / "egn-schema-v1.json").read_text(encoding="utf-8"))


def validate_emn(doc: dict[str, Any]) -> None:
    """Validate against EMN's schema, its reference to EGN's schema resolved to our copy; every
    embedded game against EGN's schema too."""
    jsonschema = pytest.importorskip("jsonschema")
    from referencing import Registry, Resource

    base = "https://example.invalid/schemas/emn/emn-schema-v1.json"
    registry = Registry().with_resources([
        (base, Resource.from_contents({**EMN_SCHEMA, "$id": base})),
        ("https://example.invalid/schemas/egn-schema-v1.json",
         Resource.from_contents({**EGN_SCHEMA, "$id": "https://example.invalid/schemas/egn-schema-v1.json"})),
    ])
    validator = jsonschema.Draft7Validator({"$ref": base}, registry=registry)
    errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.path))
    assert not errors, [f"{list(e.path)}: {e.message}" for e in errors[:5]]
    for game in doc["games"]:
        jsonschema.validate(game["gameData"], EGN_SCHEMA)


def fresh() -> Any:
    db = open_db(":memory:")
    migrate(db)
    return db


def load(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / "emn" / name).read_text(encoding="utf-8"))
    return data


def test_the_specification_example_reads_with_its_rotation_and_substitution() -> None:
    match = emn_to_match(load("spec-example.emn"))
    assert match.emn_format == "BEST_OF_N" and match.target == 3
    assert match.tournament.format.value == "rubbers"
    assert [p.id for p in match.players] == ["p-01", "p-02", "p-03", "p-04", "p-05"]
    # the same players again open a new round: a series at one table is a game per round
    assert [(g.round, g.table) for g in match.games] == [(1, "1"), (2, "1"), (3, "1")]
    assert match.games[1].players == ("p-01", "p-03", "p-02", "p-04")   # seat rotation
    assert match.games[2].record.player(SEATS[2]).name == "Eve"         # substitution
    assert match.games[0].record.player(SEATS[0]).id == "p-01"
    db = fresh()
    eid, ids = event_matches.import_match(db, match)
    assert len(ids) == 3
    got = events.get_event(db, eid)
    assert got is not None and [p["name"] for p in got["players"]][-1] == "Eve"
    doc = match_to_emn(event_matches.match_of(db, eid))
    validate_emn(doc)
    assert [g["players"] for g in doc["games"]] == [g["players"] for g in load("spec-example.emn")["games"]]
    assert doc["metadata"]["matchFormat"] == {"type": "BEST_OF_N", "target": 3}
    assert doc["metadata"]["players"][0]["playerIds"] == [{"id": "p-01", "source": "league-registry"}]


def test_real_egn_games_embedded_in_a_match_are_replayed_and_written_back() -> None:
    doc = load("two-games.emn")
    match = emn_to_match(doc)
    assert [(g.round, g.table) for g in match.games] == [(1, "1"), (2, "1")]  # WWMM twice
    db = fresh()
    eid, ids = event_matches.import_match(db, match)
    wwmm = next(p for p in events.get_event(db, eid)["players"] if p["name"] == "WWMM")  # type: ignore[index]
    sittings = [s for s in events.seat_scores(db, eid) if s["player_id"] == wwmm["id"]]
    assert len(sittings) == 2  # one registry player, bound by the master id in both games
    out = match_to_emn(event_matches.match_of(db, eid))
    validate_emn(out)
    # read back: the same games (same canonical records), the same standings
    again = fresh()
    eid2, ids2 = event_matches.import_match(again, emn_to_match(out))
    texts = [r for (r,) in db.conn.execute("SELECT hash FROM records ORDER BY id")]
    texts2 = [r for (r,) in again.conn.execute("SELECT hash FROM records ORDER BY id")]
    assert texts == texts2
    assert events.standings(db, eid)["standings"] == events.standings(again, eid2)["standings"]  # type: ignore[index]


def _progressive_db(seed: int) -> tuple[Any, int]:
    """A progressive night of random full deals: 8 players, 2 tables, 2 rounds of 4 deals."""
    rng = random.Random(seed)
    rules = preset("modern").with_overrides({"game_points": None, "fixed_deals": 4})
    names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
    db = fresh()
    eid = events.create_event(db, {"name": "Random progressive", "format": "progressive",
                                   "rounds": 2, "deals_per_round": 4, "players": names})
    store = Store(db)
    for rnd in (1, 2):
        order = rng.sample(names, 8)
        for table in (1, 2):
            seats = order[(table - 1) * 4: table * 4]
            deals = []
            dealer = SEATS[0]
            for _ in range(4):
                deals.append(random_deal(rng, rules, dealer))
                dealer = dealer.left
            rec = Record(rules=rules, deals=tuple(deals),
                         event=Event(event="Random progressive", round=str(rnd), table=str(table)),
                         players=tuple((s, Player(n)) for s, n in zip(SEATS, seats)))
            events.attach_sitting(db, eid, store.save(prepare_record(rec)).id)
    return db, eid


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_progressive_night_round_trips_through_emn(seed: int) -> None:
    db, eid = _progressive_db(seed)
    doc = match_to_emn(event_matches.match_of(db, eid))
    validate_emn(doc)
    assert doc["metadata"]["matchFormat"] == {"type": "PROGRESSIVE", "target": 2}
    assert doc["metadata"]["result"]["status"] == "COMPLETED"
    first = events.standings(db, eid)
    assert first is not None
    top = [p["id"] for line in first["standings"] if line["place"] == 1 for p in line["players"]]
    assert len(doc["metadata"]["result"]["winner"]) == len(top)
    again = fresh()
    eid2, _ = event_matches.import_match(again, emn_to_match(json.loads(json.dumps(doc))))
    second = events.standings(again, eid2)
    assert second is not None
    strip = lambda s: [{k: v for k, v in line.items() if k != "players"} for line in s["standings"]]  # noqa: E731
    assert strip(first) == strip(second)
    rounds1 = {(s["round"], s["table"]) for s in events.seat_scores(db, eid)}
    rounds2 = {(s["round"], s["table"]) for s in events.seat_scores(again, eid2)}
    assert rounds1 == rounds2 == {(1, "1"), (1, "2"), (2, "1"), (2, "2")}


def test_rounds_are_read_from_who_sits_again() -> None:
    assert rounds_of([("a", "b", "c", "d"), ("e", "f", "g", "h"), ("a", "c", "e", "g"),
                      ("b", "d", "f", "h"), ("a", "b", "c", "d")]) == \
        [(1, "1"), (1, "2"), (2, "1"), (2, "2"), (3, "1")]


@pytest.mark.parametrize("change, where", [
    (lambda d: d["games"][1].update(players=["p-01", "p-02", "p-03", "p-99"]), "games[1].players"),
    (lambda d: d["games"][0].update(players=["p-01", "p-01", "p-03", "p-04"]), "games[0].players"),
    (lambda d: d["metadata"]["matchFormat"].update(type="KNOCKOUT"), "metadata.matchFormat.type"),
    (lambda d: d["metadata"]["players"].append({"id": "p-01", "name": "Again"}), "metadata.players[5].id"),
    (lambda d: d.update(version="2.0"), "version"),
    (lambda d: d["games"][2]["gameData"].update(deals=7), "games[2].gameData.deals"),
    (lambda d: d["games"][2].update(gameIndex=0), "games[2].gameIndex"),
    (lambda d: d["metadata"].update(venue="Hall"), "metadata.venue"),
    (lambda d: d["metadata"]["players"][0].update(nick="Al"), "metadata.players[0]"),
    (lambda d: d["games"][0].update(table="1"), "games[0]"),
])
def test_bad_match_files_get_located_errors(change: Any, where: str) -> None:
    doc = load("spec-example.emn")
    change(doc)
    with pytest.raises(NotationError) as caught:
        emn_to_match(doc)
    assert any(p.where == where for p in caught.value.problems), caught.value.problems


def test_an_impossible_embedded_game_is_refused_whole_and_located() -> None:
    doc = load("two-games.emn")
    deal = doc["games"][1]["gameData"]["deals"][0]
    tricks = deal["phases"][1]["tricks"]
    tricks[1][0] = tricks[0][0]   # the ace of hearts played twice
    db = fresh()
    with pytest.raises((InconsistentRecord, NotationError)) as caught:
        event_matches.import_match(db, emn_to_match(doc))
    assert all(p.where.startswith("games[1].gameData.deals[0]") for p in caught.value.problems), \
        caught.value.problems
    assert db.conn.execute("SELECT count(*) FROM tournaments").fetchone()[0] == 0
    assert db.conn.execute("SELECT count(*) FROM records").fetchone()[0] == 0


def test_the_cli_imports_and_exports_emn(tmp_path: Path) -> None:
    runner = CliRunner()
    db = str(tmp_path / "club.db")
    result = runner.invoke(main, ["event", "import", str(DATA / "emn" / "two-games.emn"), "--db", db])
    assert result.exit_code == 0, result.output
    eid = result.stdout.strip()
    out = tmp_path / "back.emn"
    result = runner.invoke(main, ["event", "export", eid, "-o", str(out), "--db", db])
    assert result.exit_code == 0, result.output
    validate_emn(json.loads(out.read_text(encoding="utf-8")))
    bad = tmp_path / "bad.emn"
    doc = load("spec-example.emn")
    doc["games"][0]["players"][3] = "nobody"
    bad.write_text(json.dumps(doc), encoding="utf-8")
    result = runner.invoke(main, ["event", "import", str(bad), "--db", db])
    assert result.exit_code == 1
    assert "games[0].players: not in metadata.players: nobody" in result.stderr


@pytest.mark.parametrize("label", ["²", "①"])
def test_an_event_with_a_table_labelled_by_other_digits_exports(tmp_path: Path, label: str) -> None:
    """'²' passes str.isdigit() but not int(): the export orders such a table after the
    numbered ones as any label, never a traceback (issue 32)."""
    runner = CliRunner()
    db = str(tmp_path / "club.db")
    example = Path(__file__).parents[1] / "examples" / "modern-lone-march.json"   # plays: EGN
    for args in (["import", str(example), "--no-progress"],
                 ["event", "create", "Night", "--format", "progressive", "--player", "Ann",
                  "--player", "Bob", "--player", "Cy", "--player", "Di"],
                 ["event", "seat", "1", "1", "--table", f"{label}:Ann,Bob,Cy,Di"],
                 ["event", "attach", "1", "1", "--round", "1", "--table", label]):
        result = runner.invoke(main, [*args, "--db", db])
        assert result.exit_code in (0, 3), (args, result.output)   # 3: the sitting's findings
    out = tmp_path / "night.emn"
    result = runner.invoke(main, ["event", "export", "1", "-o", str(out), "--db", db])
    assert result.exit_code == 0, result.output
    validate_emn(json.loads(out.read_text(encoding="utf-8")))


def test_a_date_that_is_not_a_day_leaves_the_event_undated() -> None:
    doc = load("spec-example.emn")
    doc["metadata"]["date"] = "summer 2026"
    match = emn_to_match(doc)
    assert match.tournament.date_from is None
    eid, _ = event_matches.import_match(fresh(), match)
    assert eid == 1
