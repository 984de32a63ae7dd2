"""The scoresheet of a record at a table of two, three or five, as every layer reads it: the table
view (euchre_records/table_view.py) gives one column per player, each deal's points and running
score, the games and their winners.

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
from euchre_records.match import replay
from euchre_records.table_view import DealView, RecordView, view_of

FOLDER = Path(__file__).parent / "golden" / "sheets"
SHEETS = ["cutthroat-game", "five-handed-partner"]


def _sheet(data: dict[str, Any]) -> RecordView:
    record = load_table_record(data)
    return view_of(record, replay(record))


def _outcome(view: RecordView, deal: DealView) -> str:
    """The golden's name for a deal's outcome, from the view's facts: "lone" only at five, where
    the maker could have called a partner; "(maker loses)" where a euchred maker's points fall."""
    if deal.void is not None:
        return "void"
    if deal.unfinished:
        return "unfinished"
    if deal.thrown_in or deal.maker is None or deal.maker_tricks is None:
        return "thrown in"
    alone = "lone " if deal.alone and view.seats == 5 else ""
    if deal.maker_tricks == 5:
        return alone + "march"
    if deal.maker_tricks >= 3:
        return alone + "made"
    maker = view.tokens.index(deal.maker)
    return "euchred (maker loses)" if deal.points[maker] < 0 else alone + "euchred"


_ROW = {"deal": "number", "tricks": "maker_tricks"}   # the golden's names for the view's fields


@pytest.mark.parametrize("name", SHEETS)
def test_golden_sheet(name: str) -> None:
    data = json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8"))
    want = json.loads((FOLDER / f"{name}.expected.json").read_text(encoding="utf-8"))
    view = _sheet(data)
    assert [[c.key, c.label] for c in view.columns] == want["columns"]
    assert len(view.deals) == len(want["rows"])
    for row, expected in zip(view.deals, want["rows"]):
        for key, value in expected.items():
            got = (_outcome(view, row) if key == "outcome"
                   else getattr(row, _ROW.get(key, key)))
            got = list(got) if isinstance(got, tuple) else got
            assert got == value, f"{name}: deal {row.number}, {key}: {got!r}, by hand {value!r}"
    assert len(view.games) == len(want["games"])
    labels = {c.key: c.label for c in view.columns}
    for game, expected in zip(view.games, want["games"]):
        for key, value in expected.items():
            got = (labels.get(game.winner) if key == "winner_label" and game.winner is not None
                   else None if key == "winner_label" else getattr(game, key))
            assert (list(got) if isinstance(got, tuple) else got) == value, (name, game.number, key)
    assert [f for r in view.deals for f in r.findings] == want["findings"]


def test_unnamed_players_are_labelled_by_seat() -> None:
    data = json.loads((FOLDER / "cutthroat-game.json").read_text(encoding="utf-8"))
    del data["players"]
    assert [c.label for c in _sheet(data).columns] == ["seat 0", "seat 1", "seat 2"]


@settings(max_examples=150, deadline=None)
@given(result_records())
def test_sheet_columns_add_up_as_the_oracle_says(data: dict[str, Any]) -> None:
    """Each row's points are the reference's for the deal; each player's running score is his
    column summed since the game began; a game ends with the first player alone at the top
    past the game's points; the game of each row is the one that holds it."""
    view = _sheet(data)
    running, games = oracle_running(data)
    assert [list(r.points) for r in view.deals] == oracle_points(data)
    assert [list(r.running) for r in view.deals] == running
    assert [(g.first_deal, g.last_deal, list(g.score), None if g.winner is None else int(g.winner))
            for g in view.games] == games
    for g in view.games:
        assert all(r.game == g.number for r in view.deals[g.first_deal - 1:g.last_deal])
    assert len(view.columns) == data["rules"]["seats"]
