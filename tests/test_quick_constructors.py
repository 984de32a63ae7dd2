"""model.quick_constructor makes exactly the value the dataclass makes: same class, equal, same
hash, repr and pickle, still frozen; defaults and keywords as the dataclass takes them; and it
refuses a class it cannot copy (a default factory, or no slots)."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from euchre_records.cards import Seat, Side, Suit, parse_card
from euchre_records.model import (
    DealKind,
    DealResult,
    Finding,
    FindingKind,
    GameResult,
    ReplayResult,
    RubberResult,
    quick_constructor,
    quick_deal_result,
    quick_game_result,
    quick_replay_result,
    quick_rubber_result,
)
from euchre_records.rules import preset

_DEAL = (3, DealKind.FULL, Seat.W, parse_card("9H"), Suit.HEARTS, Seat.N, True, None, False,
         (Seat.N, Seat.E, Seat.E, Seat.S, Seat.W), (Seat.E, Seat.E, Seat.S, Seat.W, Seat.N),
         (2, 3), (0, 2), (0, 0), (0, 2))
_FINDING = Finding(FindingKind.REVOKE, "deal 3: a revoke", "Somerset 62-64", 3, 2, Seat.E)
_GAME = (1, 1, 4, (0, 0), (5, 3), Side.NS, True)
_RUBBER = ("somerset", (2, 1), Side.NS, True, (5, 1), 4)

CASES = [
    (DealResult, quick_deal_result, _DEAL, {}),
    (DealResult, quick_deal_result, _DEAL, {"findings": (_FINDING,), "notes": ("a note",),
                                            "next_dealer": Seat.N, "no_trump": True}),
    (GameResult, quick_game_result, _GAME, {}),
    (GameResult, quick_game_result, _GAME, {"carried": (2, 0), "rubber_points": (1, 0)}),
    (RubberResult, quick_rubber_result, _RUBBER, {}),
    (ReplayResult, quick_replay_result, (preset("somerset-1888"), (), (), None, (_FINDING,)),
     {"notes": ("n",)}),
]


@pytest.mark.parametrize(("cls", "quick", "args", "kwargs"), CASES)
def test_a_quick_value_is_the_dataclass_value(cls, quick, args, kwargs) -> None:  # type: ignore[no-untyped-def]
    made, expected = quick(*args, **kwargs), cls(*args, **kwargs)
    assert type(made) is cls
    assert made == expected and hash(made) == hash(expected) and repr(made) == repr(expected)
    assert all(getattr(made, f.name) is getattr(expected, f.name) for f in dataclasses.fields(cls))
    assert pickle.loads(pickle.dumps(made)) == expected
    assert dataclasses.replace(made) == expected
    first = dataclasses.fields(cls)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(made, first, 9)


def test_classes_it_cannot_copy_are_refused() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class WithFactory:
        items: list[int] = dataclasses.field(default_factory=list)

    @dataclasses.dataclass(frozen=True)
    class NoSlots:
        x: int

    for cls in (WithFactory, NoSlots):
        with pytest.raises(TypeError):
            quick_constructor(cls)
