"""The scoresheet of a record at a table of two, three or five (euchre_records/table_scoresheet.py):
one column per player, each deal's points and running score.

Golden sheets in tests/golden/sheets/ (``NAME.json`` a record, ``NAME.expected.json`` its sheet
worked by hand from VARIANTS.md, with the reasoning in ``why``); a property over drawn records with
the oracle of tests/table_sheet_support.py (the reference's points, VARIANTS.md's game end).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from table_sheet_support import oracle_points, oracle_running, result_records

from euchre_records.schema.tables import load_table_record
from euchre_records.table_replay import replay_table
from euchre_records.table_scoresheet import table_sheet

FOLDER = Path(__file__).parent / "golden" / "sheets"
SHEETS = ["cutthroat-game", "five-handed-partner"]


def _sheet(data: dict[str, Any]):  # type: ignore[no-untyped-def]
    record = load_table_record(data)
    return record, table_sheet(record, replay_table(record))


@pytest.mark.parametrize("name", SHEETS)
def test_golden_sheet(name: str) -> None:
    data = json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8"))
    want = json.loads((FOLDER / f"{name}.expected.json").read_text(encoding="utf-8"))
    _, sheet = _sheet(data)
    assert [[c.key, c.label] for c in sheet.columns] == want["columns"]
    assert len(sheet.rows) == len(want["rows"])
    for row, expected in zip(sheet.rows, want["rows"]):
        for key, value in expected.items():
            got = getattr(row, key)
            got = list(got) if isinstance(got, tuple) else got
            assert got == value, f"{name}: deal {row.deal}, {key}: {got!r}, by hand {value!r}"
    assert len(sheet.games) == len(want["games"])
    for game, expected in zip(sheet.games, want["games"]):
        for key, value in expected.items():
            got = getattr(game, key)
            assert (list(got) if isinstance(got, tuple) else got) == value, (name, game.number, key)
    assert [f for r in sheet.rows for f in r.findings] == want["findings"]


def test_unnamed_players_are_labelled_by_seat() -> None:
    data = json.loads((FOLDER / "cutthroat-game.json").read_text(encoding="utf-8"))
    del data["players"]
    _, sheet = _sheet(data)
    assert [c.label for c in sheet.columns] == ["seat 0", "seat 1", "seat 2"]


@settings(max_examples=150, deadline=None)
@given(result_records())
def test_sheet_columns_add_up_as_the_oracle_says(data: dict[str, Any]) -> None:
    """Each row's points are the reference's for the deal; each player's running score is his
    column summed since the game began; a game ends with the first player alone at the top
    past the game's points; the game of each row is the one that holds it."""
    _, sheet = _sheet(data)
    running, games = oracle_running(data)
    assert [list(r.points) for r in sheet.rows] == oracle_points(data)
    assert [list(r.running) for r in sheet.rows] == running
    assert [(g.first_deal, g.last_deal, list(g.score), None if g.winner is None else int(g.winner))
            for g in sheet.games] == games
    for g in sheet.games:
        assert all(r.game == g.number for r in sheet.rows[g.first_deal - 1:g.last_deal])
    assert len(sheet.columns) == data["rules"]["seats"]
