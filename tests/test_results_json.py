"""The JSON shape of a replay result, on hand-built ReplayResult values."""

from __future__ import annotations

import json

import pytest

from euchre_records.cards import Seat, Side, Suit, parse_card
from euchre_records.model import (
    DealKind, DealResult, Finding, FindingKind, GameResult, ReplayResult, RubberResult,
)
from euchre_records.rules import preset, resolve_rules
from euchre_records.schema.results import dump_findings, dump_result

REVOKE = Finding(FindingKind.REVOKE, "deal 1, trick 2: E revoked", "Somerset 62-64", deal=1, trick=2,
                 seat=Seat.E, card=parse_card("9S"), held=(parse_card("AH"), parse_card("TH")),
                 status="established", points=(3, 0))
SHEET = Finding(FindingKind.SCORESHEET, "deal 2: the scoresheet disagrees", "Somerset 5-6", deal=2,
                recorded=(0, 1), computed=(0, 2))
DEAL_1 = DealResult(1, DealKind.FULL, Seat.N, parse_card("JH"), Suit.HEARTS, Seat.S, True, None,
                    False, (Seat.E, Seat.N, Seat.N, Seat.W, Seat.N), (Seat.N, Seat.N, Seat.W, Seat.N, Seat.N),
                    (4, 1), (1, 0), (3, 0), (4, 0), (REVOKE,))
DEAL_2 = DealResult(2, DealKind.RESULT, Seat.E, None, None, None, False, None, True, (), (), (0, 0),
                    (0, 0), (0, 0), (0, 0), (SHEET,))
GAME = GameResult(1, 1, 2, (0, 0), (4, 0), None, False)
RUBBER = RubberResult("somerset", (0, 0), None, False, (0, 0), 0)
RESULT = ReplayResult(resolve_rules("somerset-1888", {"lap": False}), (DEAL_1, DEAL_2), (GAME,), RUBBER,
                      (REVOKE, SHEET))


def test_whole_shape() -> None:
    out = dump_result(RESULT)
    assert list(out) == ["rules", "clean", "deals", "games", "rubber", "findings", "notes"]
    assert out["clean"] is False
    assert out["rules"]["preset"] == "somerset-1888"
    assert out["rules"]["overrides"] == {"lap": False}
    assert out["rules"]["options"] == RESULT.rules.option_values()
    assert out["rules"]["options"]["lap"] is False
    assert json.loads(json.dumps(out)) == out  # plain JSON values only


def test_deal_shape() -> None:
    deal = dump_result(RESULT)["deals"][0]
    assert deal == {
        "number": 1, "kind": "full", "dealer": "N", "turned": "JH", "trump": "H", "maker": "S",
        "maker_side": "NS", "alone": True, "defender_alone": None, "thrown_in": False,
        "redeal": False, "void": None, "unfinished": False, "next_dealer": None, "leaders": ["E", "N", "N", "W", "N"], "winners": ["N", "N", "W", "N", "N"],
        "tricks": {"ns": 4, "ew": 1}, "hand_points": {"ns": 1, "ew": 0},
        "penalty": {"ns": 3, "ew": 0}, "points": {"ns": 4, "ew": 0},
        "findings": [dump_result(RESULT)["findings"][0]], "notes": [],
    }
    thrown = dump_result(RESULT)["deals"][1]
    assert thrown["thrown_in"] is True and thrown["maker"] is None and thrown["maker_side"] is None
    assert thrown["turned"] is None and thrown["trump"] is None and thrown["leaders"] == []


def test_finding_shape() -> None:
    revoke, sheet = dump_result(RESULT)["findings"]
    assert revoke == {
        "kind": "revoke", "message": "deal 1, trick 2: E revoked", "rule": "Somerset 62-64",
        "deal": 1, "trick": 2, "seat": "E", "card": "9S", "held": ["AH", "TH"],
        "status": "established", "points": {"ns": 3, "ew": 0}, "recorded": None, "computed": None,
    }
    assert sheet["recorded"] == {"ns": 0, "ew": 1} and sheet["computed"] == {"ns": 0, "ew": 2}
    assert sheet["seat"] is None and sheet["card"] is None and sheet["held"] == []


def test_game_and_rubber_shape() -> None:
    finished = GameResult(2, 3, 7, (1, 0), (6, 2), Side.NS, True, (1, 0), (1, 0))
    rubber = RubberResult("whist", (2, 1), Side.EW, True, (3, 5), 2)
    out = dump_result(ReplayResult(preset("hoyle"), (), (GAME, finished), rubber, ()))
    assert out["clean"] is True and out["rules"]["overrides"] == {}
    assert out["games"][1] == {
        "number": 2, "first_deal": 3, "last_deal": 7, "start": {"ns": 1, "ew": 0},
        "score": {"ns": 6, "ew": 2}, "winner": "NS", "finished": True,
        "carried": {"ns": 1, "ew": 0}, "rubber_points": {"ns": 1, "ew": 0},
    }
    assert out["games"][0]["winner"] is None and out["games"][0]["finished"] is False
    assert out["rubber"] == {"system": "whist", "games_won": {"ns": 2, "ew": 1}, "winner": "EW",
                             "finished": True, "rubber_points": {"ns": 3, "ew": 5}, "net": 2}


def test_void_deal_and_notes() -> None:
    void = DealResult(3, DealKind.RESULT, Seat.S, None, None, None, False, None, False, (), (), (0, 0),
                      (0, 0), (0, 0), (0, 0), void="misdeal", next_dealer=Seat.W,
                      notes=("the claim was verified",))
    out = dump_result(ReplayResult(preset("modern"), (void,), (), None, ()))["deals"][0]
    assert out["void"] == "misdeal" and out["next_dealer"] == "W"
    assert out["notes"] == ["the claim was verified"]


def test_no_rubber_is_null() -> None:
    out = dump_result(ReplayResult(preset("modern"), (), (), None, ()))
    assert out["rubber"] is None and out["deals"] == [] and out["findings"] == []


def _replayed(path: str) -> ReplayResult:
    from pathlib import Path

    from euchre_records.match import replay
    from euchre_records.schema.tables import load_any
    record = load_any(json.loads((Path(__file__).resolve().parents[1] / path).read_text("utf-8")))
    return replay(record)


@pytest.mark.parametrize("path", [
    "tests/golden/deals/12-somerset-revoke-corrected.json",            # four-handed, a revoke
    "tests/golden/variants/08-two-handed-revoke-somerset.json",        # two-handed, a revoke
    "tests/golden/sheets/cutthroat-slips.json",                        # three, the sheet's slips
    "tests/golden/variants/10-five-handed-revoke-hoyle.json",          # five, a revoke
])
def test_the_findings_alone_are_the_results_findings(path: str) -> None:
    """validate's verdict lists ``dump_findings``: the result's own ``findings``, at every table."""
    result = _replayed(path)
    assert result.findings, path   # a case with none would prove nothing
    assert dump_findings(result) == dump_result(result)["findings"]
