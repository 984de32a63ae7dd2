"""Names are shown as they are stored, so what could change how a name is shown is refused where
it enters (issue 22): control characters (as before), the bidirectional controls and the
zero-width characters (display spoofing: "Ann" and "An<ZWSP>n" look alike, U+202E turns the rest
of a line around). Refused, not stripped (docs/FORMAT.md): through the notation, EGN, EMN, the
spreadsheets, the registry and the web forms. The zero-width joiner and non-joiner stay allowed:
scripts need them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from euchre_records.cards import Seat
from euchre_records.errors import NotationError, RecordError
from euchre_records.schema.basefields import label_problem
from euchre_records.schema.notation import load_record

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = {"\u202e": "bidirectional control", "\u2066": "bidirectional control",
             "\u200f": "bidirectional control", "\u061c": "bidirectional control",
             "\u200b": "invisible character", "\u2060": "invisible character",
             "\ufeff": "invisible character", "\n": "control character",
             "\u2028": "control character",
             "\x1b": "control character"}
ALLOWED = ["Ann", "Zoë", "\u0645\u06cc\u200c\u0646\u0627", "\U0001F469\u200d\U0001F4BB", "O'Brien"]
"""Ordinary names, a Persian name with a zero-width non-joiner, an emoji with a joiner."""

RECORD = {"format": "euchre-records", "version": "1.0",
          "players": {"N": {"name": "Ann"}, "E": {"name": "Bob"}, "S": {"name": "Cy"},
                      "W": {"name": "Di"}},
          "rules": {"preset": "modern"},
          "deals": [{"kind": "result", "dealer": "N",
                     "result": {"maker": "E", "trump": "H", "tricks": 3}}]}


def _spoof(char: str) -> str:
    return f"An{char}n"


@pytest.mark.parametrize("char, kind", FORBIDDEN.items())
def test_the_one_check_names_what_it_found(char: str, kind: str) -> None:
    problem = label_problem(_spoof(char))
    assert problem is not None and problem.startswith(f"{kind} U+{ord(char):04X} at character 2")


@pytest.mark.parametrize("name", ALLOWED)
def test_names_that_need_joiners_are_kept(name: str) -> None:
    assert label_problem(name) is None
    data = json.loads(json.dumps(RECORD))
    data["players"]["N"]["name"] = name
    assert dict(load_record(data).players)[Seat.N].name == name


@pytest.mark.parametrize("char", FORBIDDEN)
def test_our_notation_refuses_them_at_the_field(char: str) -> None:
    for where, put in (("players.N.name", lambda d, v: d["players"]["N"].update(name=v)),
                       ("event.club", lambda d, v: d.update(event={"club": v})),
                       ("players.E.id", lambda d, v: d["players"]["E"].update(id=v))):
        data = json.loads(json.dumps(RECORD))
        put(data, _spoof(char))
        with pytest.raises(NotationError) as caught:
            load_record(data)
        assert any(p.where == where for p in caught.value.problems), caught.value.problems


def test_the_json_schema_refuses_them_too() -> None:
    import jsonschema
    schema = json.loads((ROOT / "schema" / "euchre-records-1.0.schema.json").read_text())
    for char in FORBIDDEN:
        data = json.loads(json.dumps(RECORD))
        data["players"]["N"]["name"] = _spoof(char)
        assert list(jsonschema.Draft202012Validator(schema).iter_errors(data)), repr(char)
    data = json.loads(json.dumps(RECORD))
    data["players"]["N"]["name"] = ALLOWED[2]
    assert not list(jsonschema.Draft202012Validator(schema).iter_errors(data))


@pytest.mark.parametrize("char", ["\u202e", "\u200b", "\n"])
def test_egn_refuses_them(char: str) -> None:
    from euchre_records.api.store.ingest import prepare
    doc = json.loads((ROOT / "tests" / "data" / "egn" / "epic-comeback.egn").read_text())
    doc["metadata"]["players"][1] = _spoof(char)
    with pytest.raises(RecordError) as caught:
        prepare(json.dumps(doc))
    assert f"U+{ord(char):04X}" in str(caught.value.problems)


@pytest.mark.parametrize("char", ["\u202e", "\u200b"])
def test_emn_refuses_them_in_its_registry(char: str) -> None:
    from euchre_records.interop.emn import emn_to_match
    doc = json.loads((ROOT / "tests" / "data" / "emn" / "two-games.emn").read_text())
    doc["metadata"]["players"][0]["name"] = _spoof(char)
    with pytest.raises(NotationError) as caught:
        emn_to_match(doc)
    assert any(p.where == "metadata.players[0].name" for p in caught.value.problems), \
        caught.value.problems


def test_a_spreadsheet_refuses_them_at_the_cell(tmp_path: Path) -> None:
    from euchre_records.cli.main import main
    text = (ROOT / "examples" / "sheet-template.csv").read_text().replace("Ann", _spoof("\u202e"))
    (tmp_path / "s.csv").write_text(text, encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(tmp_path / "s.csv")])
    assert result.exit_code == 1
    assert "U+202E" in result.output and "north" in result.output


def test_the_registry_and_events_refuse_them(tmp_path: Path) -> None:
    from euchre_records.api.store import events, players
    from euchre_records.api.store.migrations import migrate, open_db
    db = open_db(tmp_path / "r.db")
    migrate(db)
    try:
        eid = events.create_event(db, {"name": "Night", "format": "rubbers", "players": ["Ann"]})
        with pytest.raises(players.RegistryError, match="U\\+200B"):
            players.rename(db.conn, 1, _spoof("\u200b"))
        with pytest.raises(players.RegistryError, match="U\\+202E"):
            players.add_alias(db.conn, 1, _spoof("\u202e"))
        for spec, where in (({"name": _spoof("\u202e"), "format": "rubbers"}, "name"),
                            ({"name": "N", "format": "rubbers", "players": [_spoof("\u2066")]},
                             "players[0].name"),
                            ({"name": "N", "format": "rubbers", "club": _spoof("\u200b")},
                             "club")):
            with pytest.raises(events.EventError) as caught:
                events.create_event(db, spec)
            assert caught.value.where == where
        with pytest.raises(events.EventError):
            events.add_seating(db, eid, 1, [{"table": _spoof("\u202e"),
                                             "seats": {"N": "Ann", "E": "Ann", "S": "Ann",
                                                       "W": "Ann"}}])
    finally:
        db.close()


def test_the_score_entry_form_refuses_them_at_the_field() -> None:
    from euchre_records.api.pages.forms import sitting_from_form
    form = {"player_N": "Ann", "player_E": _spoof("\u202e"), "player_S": "Cy",
            "player_W": "Di", "preset": "modern", "club": _spoof("\u200b")}
    _, problems = sitting_from_form(form)
    fields = {field for field, _ in problems}
    assert {"player_E", "club"} <= fields


def test_a_club_name_of_a_token_refuses_them(tmp_path: Path) -> None:
    from euchre_records.api.store import tokens
    from euchre_records.api.store.migrations import migrate, open_db
    db = open_db(tmp_path / "t.db")
    migrate(db)
    try:
        for char in ("\u202e", "\u200b", "\x07"):
            with pytest.raises(tokens.TokenError, match=f"U\\+{ord(char):04X}"):
                tokens.create_token(db, _spoof(char))
    finally:
        db.close()


@pytest.mark.parametrize("char", FORBIDDEN)
def test_the_fast_path_of_valid_records_refuses_them_too(char: str) -> None:
    """A valid record is decoded by msgspec (schema/wire.py), not by the schemas: it holds the
    labels to the same check."""
    from euchre_records.api.store.ingest import prepare
    from euchre_records.schema.wire import decode_record
    data = json.loads(json.dumps(RECORD))
    data["players"]["W"]["name"] = _spoof(char)
    assert decode_record(json.dumps(data, ensure_ascii=False)) is None  # left to the schemas
    with pytest.raises(NotationError) as caught:
        prepare(json.dumps(data, ensure_ascii=False))
    assert [p.where for p in caught.value.problems] == ["players.W.name"]
    assert decode_record(json.dumps(RECORD)) is not None  # the same record, clean, goes fast
