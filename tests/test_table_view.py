"""The table view (euchre_records/table_view.py): one shape for records of every table, and the
scoresheet every layer reads from it (one column per player at two, three and five, per side at
four: each deal's points and running score, the games and their winners).

Oracles: the hand-worked expectations of tests/golden/variants and tests/golden/deals (never the
engine's output), the engine's own results for the agreement contract (the view must say what
the ReplayResult says, column by column), and the arithmetic of a game (a game's final
score is the running score after its last deal; the columns partition the seats). The sheets
laid out by the view are held to the sheets worked by hand from VARIANTS.md in
tests/golden/sheets (``NAME.expected.json``, the reasoning in ``why``) and, over drawn records, to
the oracle of tests/table_sheet_support.py (the reference's points, VARIANTS.md's game end).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st
from table_sheet_support import oracle_points, oracle_running, result_records

from euchre_records.errors import RecordError
from euchre_records.match import replay
from euchre_records.model import Player, Record, ReplayResult
from euchre_records.schema.tables import load_any
from euchre_records.table import table_for
from euchre_records.table_view import DealView, RecordView, columns_of, table_of, view_of
from golden_cases import cases, expected

ROOT = Path(__file__).parent.parent
VARIANTS = cases("variants")
DEALS = cases("deals")


def _load(path: Path) -> Record:
    return load_any(json.loads(path.read_text(encoding="utf-8")))


def _replayed(path: Path) -> tuple[Record, ReplayResult] | None:
    try:
        record = _load(path)
        result = replay(record)
    except RecordError:
        return None       # a golden of an error: nothing to view
    return record, result


def _samples() -> list[Path]:
    paths = sorted((ROOT / "examples").glob("*.json")) + VARIANTS + DEALS
    paths += cases("points") + cases("laws")
    return [p for p in paths if _replayed(p) is not None]


SAMPLES = _samples()


def _deal_expectations(exp: dict[str, Any]) -> list[dict[str, Any]]:
    """The per-deal expectations: ``deals`` when given, else the file is one deal's."""
    return exp["deals"] if "deals" in exp else [exp]


@pytest.mark.parametrize("path", VARIANTS, ids=lambda p: p.stem)
def test_variant_goldens_read_through_the_view(path: Path) -> None:
    exp = expected(path)
    done = _replayed(path)
    if done is None:
        pytest.skip("an error golden")
    view = view_of(*done)
    assert view.tokens == tuple(str(s) for s in range(view.seats))
    assert [c.key for c in view.columns] == list(view.tokens)   # per player: no fixed sides
    assert view.rubber is False and view.per_player
    for want, got in zip(_deal_expectations(exp), view.deals):
        for key in ("maker", "makers", "maker_tricks", "points", "partner", "called", "alone"):
            if key in want:
                value = getattr(got, key)
                assert (list(value) if isinstance(value, tuple) else value) == want[key], \
                    f"{path.name} deal {got.number} {key}: {exp['why']}"
        if "trump" in want:   # the view's trump is None for a no-trump deal (its contract)
            assert got.trump == (None if want["trump"] == "NT" else want["trump"])
    for want_game, game in zip(exp.get("games", []), view.games):
        for key in ("winner", "finished", "start", "score"):
            if key in want_game:
                value = getattr(game, key)
                assert (list(value) if isinstance(value, tuple) else value) == want_game[key]


def _with_points() -> list[Path]:
    """The four-handed deal goldens whose hand-worked expectation gives the deal's points (the
    others are goldens of an error, or of findings only: nothing to compare a view with)."""
    return [p for p in DEALS if "points" in expected(p) and _replayed(p) is not None]


@pytest.mark.parametrize("path", _with_points(), ids=lambda p: p.stem)
def test_four_handed_goldens_read_as_two_side_columns(path: Path) -> None:
    exp = expected(path)
    done = _replayed(path)
    assert done is not None
    view = view_of(*done)
    assert view.tokens == ("N", "E", "S", "W")
    assert [c.key for c in view.columns] == ["N-S", "E-W"] and view.rubber
    deal = view.deals[0]
    assert list(deal.points) == exp["points"], exp["why"]
    if "maker" in exp:
        assert deal.maker == exp["maker"]
        if exp["maker"] is not None and "tricks" in exp:
            side = 0 if exp["maker"] in ("N", "S") else 1
            assert deal.maker_tricks == exp["tricks"][side]
            partner = {"N": "S", "S": "N", "E": "W", "W": "E"}[exp["maker"]]
            assert deal.makers == ((exp["maker"],) if exp.get("alone") else (exp["maker"], partner))


def test_hand_worked_five_handed_partner_in_the_view() -> None:
    """05: maker 1 calls the AH, which seat 3 plays at the third trick; 4 tricks: 1 each."""
    view = view_of(*_replayed(VARIANTS[4]))  # type: ignore[misc]
    deal = view.deals[0]
    assert (deal.maker, deal.makers, deal.called, deal.partner) == ("1", ("1", "3"), "AH", "3")
    assert deal.points == (0, 1, 0, 1, 0) and deal.running == (0, 1, 0, 1, 0)
    assert view.variant == "call-your-partner" and view.games[0].winner is None


def test_player_names_label_the_columns() -> None:
    data = json.loads(VARIANTS[1].read_text(encoding="utf-8"))   # cut-throat
    data["players"] = {"0": {"name": "Ann"}, "2": {"name": "Cy"}}
    record = load_any(data)
    assert not record.fixed_partnerships
    view = view_of(record, replay(record))
    assert [c.label for c in view.columns] == ["Ann", "seat 1", "Cy"]
    assert view.players[1] is None and view.players[2] == Player("Cy")
    assert view.column_of(2) == 2


def test_four_handed_columns_hold_the_partnerships() -> None:
    columns = columns_of(table_for(4), [Player("a"), None, None, None])
    assert [(c.key, c.seats, c.label) for c in columns] == [("N-S", (0, 2), "N-S"), ("E-W", (1, 3), "E-W")]


def test_a_record_with_another_records_replay_is_refused() -> None:
    four = _load(ROOT / "examples" / "hoyle-rubber.json")
    three = _load(VARIANTS[1])
    assert four.fixed_partnerships and not three.fixed_partnerships
    with pytest.raises(ValueError):
        view_of(four, replay(three))
    with pytest.raises(ValueError):
        view_of(three, replay(four))
    assert table_of(four).seats == 4 and table_of(three).seats == 3


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(SAMPLES))
def test_view_agrees_with_the_replay(path: Path) -> None:
    """For every sample record: the view's columns are the replay's scores, and each finished
    game's score is the running score after its last deal."""
    record, result = _replayed(path)  # type: ignore[misc]
    view = view_of(record, result)
    n = view.seats
    assert sorted(s for c in view.columns for s in c.seats) == list(range(n))
    assert len(view.deals) == len(result.deals)
    for d, r in zip(view.deals, result.deals):
        assert d.points == tuple(r.points) and len(d.points) == len(view.columns)
        assert d.number == r.number and d.dealer == view.tokens[int(r.dealer)]
        assert len(d.findings) == len(r.findings)
        assert (d.maker is None) == (r.maker is None)
        if d.maker is not None:
            assert d.makers[0] == d.maker
    for g, r in zip(view.games, result.games):
        assert g.score == tuple(r.score) and g.start == tuple(r.start)
        if g.finished and g.winner is not None:
            assert g.winner in [c.key for c in view.columns]
            last = next(d for d in view.deals if d.number == g.last_deal) if g.last_deal >= g.first_deal else None
            if last is not None and last.game == g.number:
                assert last.running == g.score


SHEETS_FOLDER = ROOT / "tests" / "golden" / "sheets"
SHEETS = ["cutthroat-game", "five-handed-partner"]


def _sheet(data: dict[str, Any]) -> RecordView:
    record = load_any(data)
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
def test_golden_sheet_laid_out_by_the_view(name: str) -> None:
    data = json.loads((SHEETS_FOLDER / f"{name}.json").read_text(encoding="utf-8"))
    want = json.loads((SHEETS_FOLDER / f"{name}.expected.json").read_text(encoding="utf-8"))
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
    data = json.loads((SHEETS_FOLDER / "cutthroat-game.json").read_text(encoding="utf-8"))
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
