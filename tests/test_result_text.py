"""The result dump with its score pairs written out in place (schema/results.py) against the
definition of docs/FORMAT.md ("Replay result") stated here once more through ``points``: on
random rubbers and on hand-built results of odd values."""

from __future__ import annotations

from typing import Any

from euchre_records.api.store.ingest import prepare
from euchre_records.cards import Seat, Side
from euchre_records.model import DealKind, DealResult, GameResult
from euchre_records.schema.results import dump_deal_result, dump_game, points
from euchre_records.testkit.samples import random_texts


def seat(s: Seat | None) -> str | None:
    return None if s is None else s.name


def deal_reference(d: DealResult) -> dict[str, Any]:
    return {
        "number": d.number, "kind": d.kind.value, "dealer": d.dealer.name,
        "turned": None if d.turned is None else d.turned.name,
        "trump": "NT" if d.no_trump else None if d.trump is None else d.trump.value,
        "maker": seat(d.maker), "maker_side": None if d.maker is None else d.maker.side.value,
        "alone": d.alone, "defender_alone": seat(d.defender_alone), "thrown_in": d.thrown_in,
        "redeal": d.redeal, "void": d.void, "unfinished": d.unfinished,
        "next_dealer": seat(d.next_dealer), "leaders": [s.name for s in d.leaders],
        "winners": [s.name for s in d.winners], "tricks": points(d.tricks),
        "hand_points": points(d.hand_points), "penalty": points(d.penalty),
        "points": points(d.points), "findings": dump_deal_result(d)["findings"],
        "notes": list(d.notes)}


def game_reference(g: GameResult) -> dict[str, Any]:
    return {"number": g.number, "first_deal": g.first_deal, "last_deal": g.last_deal,
            "start": points(g.start), "score": points(g.score),
            "winner": None if g.winner is None else g.winner.value, "finished": g.finished,
            "carried": points(g.carried), "rubber_points": points(g.rubber_points)}


def test_random_rubbers() -> None:
    for text in random_texts(40, start_seed=404):
        result = prepare(text).result
        for d in result.deals:
            assert dump_deal_result(d) == deal_reference(d)
        for g in result.games:
            assert dump_game(g) == game_reference(g)


def test_odd_values_are_written_as_they_are() -> None:
    """A result built by hand: None score pairs stay null, integers stay integers."""
    d = DealResult(3, DealKind.PLAYS, Seat.W, None, None, None, False, None, True, (), (),
                   None, (0, -2), None, (7, 0))   # type: ignore[arg-type]
    out = dump_deal_result(d)
    assert out == deal_reference(d)
    assert out["tricks"] is None and out["penalty"] is None
    assert out["hand_points"] == {"ns": 0, "ew": -2} and out["points"] == {"ns": 7, "ew": 0}
    g = GameResult(2, 4, 9, (1, 2), (10, 7), Side.EW, True, None)  # type: ignore[arg-type]
    assert dump_game(g) == game_reference(g)
    assert dump_game(g)["carried"] is None and dump_game(g)["winner"] == "EW"
