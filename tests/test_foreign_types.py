"""A field of the wrong JSON type anywhere in an EGN or EMN document is refused at its path
(issue 22: a number where a deal's list of alternative lines belongs answered 500). Each case puts
a value of the wrong type at one field, deep or not, and expects a NotationError located there,
and a 422 (never a 500) from ``POST /records``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from euchre_records.api.app import create_app
from euchre_records.api.store.ingest import prepare
from euchre_records.errors import NotationError, RecordError

from auth_fixtures import writing_client

ROOT = Path(__file__).resolve().parent.parent
EGN = json.loads((ROOT / "tests" / "data" / "egn" / "quite-the-hustle-annotated.egn").read_text())
EMN = json.loads((ROOT / "tests" / "data" / "emn" / "two-games.emn").read_text())

EGN_CASES: list[tuple[tuple[Any, ...], Any, str]] = [
    (("deals", 0, "alternativeLines"), 5, "deals[0].alternativeLines"),       # the case
    (("deals", 0, "alternativeLines"), {"a": 1}, "deals[0].alternativeLines"),
    (("deals", 0, "phases"), True, "deals[0].phases"),
    (("deals", 0, "initialState"), [], "deals[0].initialState"),
    (("deals", 0, "initialState", "dealer"), "0", "deals[0].initialState.dealer"),
    (("deals", 0, "initialState", "dealer"), True, "deals[0].initialState.dealer"),
    (("deals", 0, "initialState", "playerCards"), "AH", "deals[0].initialState.playerCards"),
    (("deals", 0, "initialState", "playerCards"), [[], 7], "deals[0].initialState.playerCards[1]"),
    (("deals", 0, "phases", 0, "isAlone"), "yes", "deals[0].phases[0].isAlone"),
    (("deals", 0, "phases", 1, "isAlone"), 1, "deals[0].phases[1].isAlone"),
    (("deals",), {"0": {}}, "deals"),
    (("deals", 1), 3.5, "deals[1]"),
    (("metadata",), [], "metadata"),
    (("metadata", "title"), 12, "metadata.title"),
    (("metadata", "description"), [], "metadata.description"),
]


def _with(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    out = json.loads(json.dumps(doc))
    node = out
    for step in path[:-1]:
        node = node[step]
    node[path[-1]] = value
    return out


def _has_alternatives(doc: Any) -> bool:
    return any("alternativeLines" in d for d in doc["deals"])


@pytest.mark.parametrize("path, value, where", EGN_CASES)
def test_a_wrong_type_in_egn_is_refused_at_its_path(path: tuple[Any, ...], value: Any,
                                                    where: str) -> None:
    with pytest.raises(NotationError) as caught:
        prepare(json.dumps(_with(EGN, path, value)))
    assert where in [p.where for p in caught.value.problems], caught.value.problems


def test_the_alternative_lines_inside_are_typed_too() -> None:
    deal = next(i for i, d in enumerate(EGN["deals"]) if "alternativeLines" in d)
    for inner, where in ((7, f"deals[{deal}].alternativeLines[0]"),
                         ({"branchIndex": 0, "phases": 3}, f"deals[{deal}].alternativeLines[0]"),
                         ({"branchIndex": "0", "phases": []},
                          f"deals[{deal}].alternativeLines[0].branchIndex")):
        doc = _with(EGN, ("deals", deal, "alternativeLines"), [inner])
        with pytest.raises(RecordError) as caught:
            prepare(json.dumps(doc))
        assert any(p.where.startswith(where) for p in caught.value.problems), \
            caught.value.problems


def test_the_api_answers_422_not_500(tmp_path: Path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "t.db")})
    app.config["PROPAGATE_EXCEPTIONS"] = False
    client = writing_client(app)
    for path, value, where in EGN_CASES:
        for url in ("/validate", "/records"):
            resp = client.post(url, data=json.dumps(_with(EGN, path, value)),
                               content_type="application/json")
            assert resp.status_code in (200, 422), (url, where, resp.status_code)
            assert resp.status_code != 200 or url == "/validate"


EMN_CASES: list[tuple[tuple[Any, ...], Any, str]] = [
    (("metadata",), "x", "metadata"),
    (("metadata", "title"), 5, "metadata.title"),
    (("metadata", "players"), {"id": "a"}, "metadata.players"),
    (("metadata", "players", 0), "Ann", "metadata.players[0]"),
    (("metadata", "matchFormat"), ["PROGRESSIVE"], "metadata.matchFormat"),
    (("metadata", "matchFormat", "type"), ["PROGRESSIVE"], "metadata.matchFormat.type"),
    (("games",), {"0": 1}, "games"),
    (("games", 0), 1, "games[0]"),
    (("games", 0, "gameIndex"), "0", "games[0].gameIndex"),
    (("games", 0, "players"), "abcd", "games[0].players"),
    (("games", 0, "gameData"), [], "games[0].gameData"),
    (("games", 0, "gameData", "deals"), 5, "games[0].gameData.deals"),
    (("games", 0, "gameData", "deals", 0, "alternativeLines"), 5,
     "games[0].gameData.deals[0].alternativeLines"),
]


@pytest.mark.parametrize("path, value, where", EMN_CASES)
def test_a_wrong_type_in_emn_is_refused_at_its_path(path: tuple[Any, ...], value: Any,
                                                    where: str) -> None:
    from euchre_records.interop.emn import emn_to_match
    with pytest.raises(RecordError) as caught:
        emn_to_match(_with(EMN, path, value))
    assert where in [p.where for p in caught.value.problems], caught.value.problems
