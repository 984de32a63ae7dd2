"""The model's value classes (msgspec Structs) keep the contract the dataclasses had: built by
keyword or position, equal and hashed by their fields, frozen, pickled and printed as
``Class(field=value, ...)``; ``model.replace`` copies with changes (any model value, and any
dataclass) and refuses an unknown field."""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
from pathlib import Path
from typing import Any, Iterator

import msgspec
import pytest

from euchre_records.cards import Seat, Suit, parse_card
from euchre_records.match import replay
from euchre_records.model import (
    MODEL_TYPES, Alternative, Annotation, Call, CallKind, Exchange, ExchangeKind, ExternalId,
    Irregularity, IrregularityKind, Outcome, RecordedScore, Trick, replace,
)
from euchre_records.rules import preset
from euchre_records.schema.notation import loads
from euchre_records.schema.tables import load_any
from euchre_records.table import VariantOptions, table_for

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def _walk(value: Any) -> Iterator[Any]:
    """Every model value inside ``value`` (itself included), depth first."""
    if isinstance(value, msgspec.Struct):
        yield value
        for name in value.__struct_fields__:
            yield from _walk(getattr(value, name))
    elif isinstance(value, tuple):
        for item in value:
            yield from _walk(item)


def _samples() -> dict[type, Any]:
    """One value of every model class: from replayed examples, and a few made by hand."""
    found: dict[type, Any] = {}
    for name in ("somerset-rubber", "format-tour", "club-scoresheet", "joker-32"):
        record = loads((EXAMPLES / f"{name}.json").read_bytes())
        for value in (*_walk(record), *_walk(replay(record))):
            found.setdefault(type(value), value)
    three = load_any(json.loads((EXAMPLES / "cutthroat-game.json").read_bytes()))
    for value in _walk(replay(three)):   # the per-seat replay's results (a table of n)
        found.setdefault(type(value), value)
    by_hand = [
        Call(CallKind.NAME, Seat.E, Suit.CLUBS, alone=True),
        Trick((parse_card("AS"), parse_card("KS")), leader=Seat.W),
        Exchange(ExchangeKind.GO_UNDER, Seat.S, gave=(parse_card("9H"), None), took=(None,)),
        Outcome(Seat.N, Suit.HEARTS, True, None, 5),
        Irregularity(IrregularityKind.SCORE_CORRECTION, seat=Seat.N, points=(2, 0), late=True),
        RecordedScore(points=(1, 0), total=(3, 4)),
        Annotation("trick 2", "a bold lead"),
        Alternative("card 3", tricks=(Trick((parse_card("JH"), parse_card("TD"))),), note="better"),
        ExternalId("123", "club"),
    ]
    for value in by_hand:
        found.setdefault(type(value), value)
    return found


SAMPLES = _samples()


def test_every_model_class_has_a_sample() -> None:
    assert set(MODEL_TYPES) <= set(SAMPLES), set(MODEL_TYPES) - set(SAMPLES)


@pytest.mark.parametrize("cls", MODEL_TYPES, ids=lambda c: c.__name__)
def test_the_value_contract(cls: type) -> None:
    value = SAMPLES[cls]
    names = value.__struct_fields__
    values = [getattr(value, n) for n in names]
    by_keyword = cls(**dict(zip(names, values)))
    by_position = cls(*values)
    assert by_keyword == by_position == value and by_keyword is not value
    assert hash(by_keyword) == hash(value)
    assert pickle.loads(pickle.dumps(value)) == value
    assert copy.deepcopy(value) == value
    assert repr(value) == f"{cls.__name__}(" + ", ".join(f"{n}={v!r}" for n, v in zip(names, values)) + ")"
    with pytest.raises(AttributeError):
        setattr(value, names[0], values[0])
    assert value != replace(value, **{names[-1]: "changed"})


def test_replace_copies_with_changes_and_refuses_unknown_fields() -> None:
    call = Call(CallKind.ORDER, Seat.E)
    alone = replace(call, alone=True)
    assert alone == Call(CallKind.ORDER, Seat.E, None, True) and call.alone is False
    with pytest.raises(TypeError):
        replace(call, colour="red")
    rules = preset("somerset-1888")   # a dataclass: the same helper copies it
    assert dataclasses.is_dataclass(rules)
    assert replace(rules, lap=not rules.lap).lap is not rules.lap


def test_defaults_are_shared_values_not_one_mutable_object() -> None:
    record_type = next(c for c in MODEL_TYPES if c.__name__ == "Record")
    a, b = record_type(rules=preset("somerset-1888"), deals=()), record_type(rules=preset("hoyle"), deals=())
    assert a.event == b.event and a.players == () and a.start_score == (0, 0)


def test_one_record_type_serves_every_table() -> None:
    """A record made as four-handed records always were is at the table of four (fixed
    partnerships, the four-handed options); one at a table of n is the same class, sent by
    the one ``replay`` to the per-seat replay."""
    Record = next(c for c in MODEL_TYPES if c.__name__ == "Record")
    four = Record(preset("modern"), ())
    assert four.table == table_for(4) and four.options == VariantOptions() and four.fixed_partnerships
    assert four.variant_overrides == () and four.start_score == (0, 0)
    three = load_any(json.loads((EXAMPLES / "cutthroat-game.json").read_bytes()))
    assert type(three) is Record and three.table == table_for(3) and not three.fixed_partnerships
    at_three, at_four = replay(three), replay(loads((EXAMPLES / "hoyle-rubber.json").read_bytes()))
    assert type(at_three) is type(at_four) and type(at_four).__name__ == "ReplayResult"
    assert at_three.table == table_for(3) and at_three.rubber is None and at_four.table == table_for(4)
