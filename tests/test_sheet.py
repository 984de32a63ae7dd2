"""The one scoresheet of the pages (api/pages/sheet.py, issue 32) at every table size.

Held to hand-worked figures, not to the engine: the four-handed examples' facts
(examples/expected/*.facts.json: each deal's points and the score after it, per side) and the
sheets worked from VARIANTS.md at two, three and five (tests/golden/sheets/*.expected.json: each
player's points and running score, the games and their winners). Then the store's face of the
same sheet: a stored page builds it from the stored result JSON and the stored running scores,
which must be the fresh replay's, and reads the record without replaying it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from euchre_records.api.pages.sheet import build_sheet, running_of
from euchre_records.schema.results import dump_result
from euchre_records.schema.tables import load_any
from euchre_records.match import replay

ROOT = Path(__file__).resolve().parent.parent
FOUR = ["hoyle-rubber", "somerset-rubber", "club-scoresheet", "modern-lone-march", "joker-32"]
OF_N = ["cutthroat-game", "five-handed-partner"]


def _sheet(path: Path) -> tuple[Any, dict[str, Any]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    record = load_any(data)
    result = replay(record)
    players = {seat: p.get("name", "") for seat, p in (data.get("players") or {}).items()}
    return record, build_sheet(dump_result(result), running_of(result), players)


def _expected(size: int) -> list[tuple[Path, dict[str, Any]]]:
    """(record, hand-worked rows as deal/points/score/game and games) at tables of ``size``."""
    out = []
    if size == 4:
        for name in FOUR:
            facts = json.loads((ROOT / f"examples/expected/{name}.facts.json").read_text())
            rows = [(d["deal"], d["points"], d["score_after"]) for d in facts["deals"]]
            games = [(g["game"], g["score"], g["winner"]) for g in facts["games"]]
            out.append((ROOT / f"examples/{name}.json", {"rows": rows, "games": games,
                                                        "labels": ["N-S", "E-W"]}))
        return out
    for name in OF_N:
        exp = json.loads((ROOT / f"tests/golden/sheets/{name}.expected.json").read_text())
        if len(exp["columns"]) != size:
            continue
        rows = [(r["deal"], r["points"], r["running"]) for r in exp["rows"]]
        games = [(g["number"], g["score"], g["winner"]) for g in exp["games"]]
        out.append((ROOT / f"tests/golden/sheets/{name}.json",
                    {"rows": rows, "games": games, "labels": [c[1] for c in exp["columns"]],
                     "winners": [g["winner_label"] for g in exp["games"]]}))
    return out


CASES = [pytest.param(path, exp, id=path.stem) for size in (3, 4, 5) for path, exp in _expected(size)]


@pytest.mark.parametrize("path, exp", CASES)
def test_the_sheet_has_the_hand_worked_points_scores_and_games(path: Path, exp: dict[str, Any]) -> None:
    record, sheet = _sheet(path)
    n = record.table.seats
    assert sheet["per_player"] is (n != 4)
    assert [c["label"] for c in sheet["columns"]] == exp["labels"]
    by_deal = {r["number"]: r for r in sheet["rows"]}
    for number, points, score in exp["rows"]:
        assert by_deal[number]["points"] == points, number
        assert by_deal[number]["score"] == score, number
    assert [(g["number"], g["score"], g["winner"]) for g in sheet["games"]] == exp["games"]
    if "winners" in exp:   # a game of n is won by a player, named as his column
        assert [g["winner_name"] for g in sheet["games"]] == exp["winners"]
    for g in sheet["games"]:   # every deal sits in its game once, in order
        assert [r["number"] for r in g["deals"]] == list(range(g["deals"][0]["number"],
                                                                g["deals"][-1]["number"] + 1))


def test_the_five_handed_partner_is_said_as_worked() -> None:
    exp = json.loads((ROOT / "tests/golden/sheets/five-handed-partner.expected.json").read_text())
    _, sheet = _sheet(ROOT / "tests/golden/sheets/five-handed-partner.json")
    names = dict(exp["columns"])
    for row, want in zip(sheet["rows"], exp["rows"]):
        assert row["makers"] == [names[t] for t in want["makers"]]
        partner = [m for m in want["makers"] if m != want["maker"]]
        if partner:
            assert row["partner"] is not None and names[partner[0]] in row["partner"]["text"]


@pytest.fixture()
def stored(tmp_path: Path) -> Any:
    """A store holding the examples (build_db) and the sheets of n worked by hand."""
    from pages_support import build_db, make_app, make_token
    db = tmp_path / "s.db"
    build_db(db)
    token = make_token(db, "Riverside")
    app = make_app(db)
    client = app.test_client()
    ids = {}
    for name in OF_N:
        r = client.post("/records", data=(ROOT / f"tests/golden/sheets/{name}.json").read_text(),
                        content_type="application/json", headers={"Authorization": f"Bearer {token}"})
        assert r.status_code == 201, r.get_data()[:300]
        ids[name] = r.get_json()["id"]
    return app, client, ids


def test_the_stored_running_scores_are_the_replays(stored: Any) -> None:
    from euchre_records.api.db import get_db
    from euchre_records.api.store import queries
    app, _, ids = stored
    with app.app_context():
        db = get_db()
        for name, record_id in ids.items():
            record = load_any(json.loads((ROOT / f"tests/golden/sheets/{name}.json").read_text()))
            assert queries.table_running(db, record_id) == running_of(replay(record))


def test_a_stored_sheet_is_read_without_a_replay(stored: Any) -> None:
    import sys

    import euchre_records.match as match

    def refuse(*_: Any, **__: Any) -> None:
        raise AssertionError("a stored page replayed its record")
    originals = {"replay": match.replay}

    def bind(value: Any, replacing: Any) -> None:
        """Every module's name ``replay`` that is ``replacing`` becomes ``value``
        (one imported during the test binds ``refuse``: put back too)."""
        for module in list(sys.modules.values()):
            for name, original in originals.items():
                if getattr(module, name, None) is (replacing or original):
                    setattr(module, name, value or original)

    _, client, ids = stored
    bind(refuse, None)
    try:
        for record_id in ids.values():
            page = client.get(f"/web/records/{record_id}")
            assert page.status_code == 200 and "<h2>Scoresheet</h2>" in page.get_data(as_text=True)
        page = client.get("/web/rubbers/1")
        assert page.status_code == 200 and "<h2>Scoresheet</h2>" in page.get_data(as_text=True)
    finally:
        bind(None, refuse)
