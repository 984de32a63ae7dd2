"""The compiled card-string writer (schema/_cdump.c) against its pure-Python twin
(schema/card_text.py), on valid deals and on arbitrary objects; and the canonical text it
writes against the standard library's encoder of the same data."""

from __future__ import annotations

import json
import types
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_records.cards import SEATS, Seat, make_pack
from euchre_records.model import Call, CallKind, Record, Trick
from euchre_records.schema import card_text
from euchre_records.schema.cardfields import CARD_NAME
from euchre_records.schema.notation import dump_record, dumps
from euchre_records.schema.playfields import _LEADER_PREFIX, call_text, calls_text
from euchre_records.testkit.samples import random_texts

from test_notation_properties import calls, records

try:
    from euchre_records.schema import _cdump
except ImportError:   # not built (no compiler): the twin's tests still run
    _cdump = None
compiled = pytest.mark.skipif(_cdump is None, reason="the C accelerator is not built")

CARDS = sorted(make_pack(24, joker=True), key=lambda c: c.index)
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))


def same(compiled: Any, twin: Any, *args: Any) -> None:
    """Both return the same value, or both raise the same type of exception."""
    try:
        want = twin(*args)
    except Exception as exc:   # noqa: BLE001 - the type is what is compared
        with pytest.raises(type(exc)):
            compiled(*args)
        return
    got = compiled(*args)
    assert got == want
    assert type(got) is type(want)


@compiled
def test_the_module_uses_the_compiled_writer_when_built() -> None:
    assert card_text.COMPILED
    assert card_text.cards_text is _cdump.cards_text


def both(name: str) -> list[Any]:
    """The twin of a function, and the compiled one where it is built."""
    return [getattr(card_text, name + "_py")] + ([getattr(_cdump, name)] if _cdump else [])


def test_known_strings() -> None:
    """Hand-written: the tokens of the notation (FORMAT.md), unknown cards as ??."""
    by = {c.name: c for c in CARDS}
    hand = (by["QC"], by["9D"], None, by["JK"], by["TH"])
    for f in both("cards_text"):
        assert f(hand, CARD_NAME) == "QC 9D ?? JK TH"
        assert f((), CARD_NAME) == ""
        assert f([by["QC"]], CARD_NAME) is None           # a list is not a tuple
        assert f((by["QC"], "QC"), CARD_NAME) is None      # a string is not a card
    tricks = (Trick((by["AS"], by["KS"], by["QS"], by["9S"]), None),
              Trick((by["JH"], by["JD"], by["AH"]), Seat.E))
    for f in both("tricks_text"):
        assert f(tricks, CARD_NAME, _LEADER_PREFIX) == ["AS KS QS 9S", "E: JH JD AH"]
    for f in both("hands_text"):
        assert f((hand, hand, (), (by["9S"],)), CARD_NAME) == (
            "QC 9D ?? JK TH", "QC 9D ?? JK TH", "", "9S")
        assert f((hand, hand, hand), CARD_NAME) is None


def test_a_dict_is_required() -> None:
    class Names(dict):   # type: ignore[type-arg]
        def __missing__(self, key: Any) -> str:
            return "XX"
    for f in both("cards_text"):
        with pytest.raises(TypeError):
            f((), Names())
        with pytest.raises(TypeError):
            f((), None)     # type: ignore[arg-type]
    if _cdump is not None:
        with pytest.raises(TypeError):
            _cdump.cards_text(())   # type: ignore[call-arg]


class Boom:
    """A key whose hash or comparison raises, or a trick whose attribute does."""

    def __init__(self, where: str) -> None:
        self.where = where

    def __hash__(self) -> int:
        if self.where == "hash":
            raise RuntimeError("no hash")
        return 7

    def __eq__(self, other: object) -> bool:
        if self.where == "eq":
            raise ValueError("no eq")
        return self is other

    @property
    def cards(self) -> Any:
        if self.where == "cards":
            raise RuntimeError("no cards")
        return ()

    @property
    def leader(self) -> Any:
        raise KeyError("no leader")


class Text(str):
    """A str subclass (accepted as a str by both)."""


scalars = st.one_of(
    st.sampled_from(CARDS), st.none(), st.integers(-3, 3), st.text(max_size=3),
    st.builds(Boom, st.sampled_from(["hash", "eq", "cards"])), st.sampled_from([Seat.N, Seat.W, 1.5]),
    st.builds(list, st.just(())))
values = st.one_of(st.sampled_from(["QC", "??", "é", "\U0001F0A1", "", "a b"]),
                   st.text(max_size=4), st.text(max_size=4).map(Text),
                   st.integers(), st.none(), st.just(b"QC"))
names = st.one_of(st.just(CARD_NAME),
                  st.builds(lambda d, booms: {**d, **{Boom("eq"): "QC" for _ in range(booms)}},
                            st.dictionaries(st.one_of(st.sampled_from(CARDS), st.none(),
                                                      st.integers(-3, 3), st.text(max_size=3),
                                                      st.sampled_from(SEATS)),
                                            values, max_size=8),
                            st.integers(0, 1)),   # a key whose comparison raises (hash 7)
                  st.builds(lambda d: {**CARD_NAME, **d},
                            st.dictionaries(st.sampled_from(CARDS), values, max_size=3)))
groups = st.one_of(st.lists(scalars, max_size=8).map(tuple), st.lists(scalars, max_size=3),
                   scalars)
tricks = st.one_of(
    st.builds(Trick, st.lists(st.sampled_from(CARDS), max_size=5).map(tuple),
              st.one_of(st.none(), st.sampled_from(SEATS))),
    st.builds(lambda c, l: types.SimpleNamespace(cards=c, leader=l), groups,
              st.one_of(st.none(), st.sampled_from(SEATS), st.integers(0, 2), st.text(max_size=2))),
    scalars)


@compiled
@SETTINGS
@given(groups, names)
def test_cards_text_equals_its_twin_on_anything(cards: Any, table: Any) -> None:
    same(_cdump.cards_text, card_text.cards_text_py, cards, table)


@compiled
@SETTINGS
@given(st.one_of(st.lists(groups, min_size=3, max_size=5).map(tuple), groups), names)
def test_hands_text_equals_its_twin_on_anything(hands: Any, table: Any) -> None:
    same(_cdump.hands_text, card_text.hands_text_py, hands, table)


@compiled
@SETTINGS
@given(st.one_of(st.lists(tricks, max_size=6).map(tuple), st.lists(tricks, max_size=2), scalars),
       names, st.one_of(st.just(_LEADER_PREFIX), names))
def test_tricks_text_equals_its_twin_on_anything(value: Any, table: Any, prefixes: Any) -> None:
    same(_cdump.tricks_text, card_text.tricks_text_py, value, table, prefixes)


@compiled
def test_long_card_tuples() -> None:
    """Past the C's stack buffer of 64 cards."""
    cards = tuple(CARDS * 5)
    want = " ".join(c.name for c in cards)
    assert _cdump.cards_text(cards, CARD_NAME) == card_text.cards_text_py(cards, CARD_NAME) == want


def test_random_rubbers_keep_their_canonical_text() -> None:
    """Canonical texts (written by the old path when the testkit made them) read and written
    again give the same bytes, and equal the standard library's encoding of the same data."""
    from euchre_records.schema.notation import loads
    for text in random_texts(60, start_seed=101):
        record = loads(text)
        assert dumps(record) == text
        assert dumps(record) == json.dumps(dump_record(record), indent=2, ensure_ascii=False) + "\n"


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(records)
def test_dumps_is_the_standard_library_encoding(record: Record) -> None:
    """Records of every shape (irregularities, annotations, non-ASCII names ...): the canonical
    text is ``json.dumps(dump_record(r), indent=2, ensure_ascii=False)`` plus a newline, where
    the deals' card strings come from the compiled writer."""
    assert dumps(record) == json.dumps(dump_record(record), indent=2, ensure_ascii=False) + "\n"


def _with_twins(f: Any, *args: Any) -> Any:
    """``f(*args)`` with the dump side's card strings written by the Python twins."""
    from euchre_records.schema import cardfields, playfields, schemas
    places = [(cardfields, "_cards_text", card_text.cards_text_py),
              (cardfields, "_hands_text", card_text.hands_text_py),
              (playfields, "_tricks_text", card_text.tricks_text_py),
              (schemas, "_cards_text", card_text.cards_text_py),
              (schemas, "_hands_text", card_text.hands_text_py),
              (schemas, "_tricks_text", card_text.tricks_text_py)]
    saved = [(module, name, getattr(module, name)) for module, name, _ in places]
    for module, name, twin in places:
        assert getattr(module, name) is not twin     # the compiled one was in use
        setattr(module, name, twin)
    try:
        return f(*args)
    finally:
        for module, name, compiled in saved:
            setattr(module, name, compiled)


@compiled
@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(records)
def test_compiled_and_twin_write_the_same_canonical_text(record: Record) -> None:
    assert dumps(record) == _with_twins(dumps, record)


@compiled
def test_compiled_and_twin_on_random_rubbers() -> None:
    from euchre_records.schema.notation import loads
    for text in random_texts(30, start_seed=202):
        record = loads(text)
        assert dumps(record) == _with_twins(dumps, record) == text


@SETTINGS
@given(st.lists(st.lists(calls(), max_size=6).map(tuple), min_size=1, max_size=8))
def test_calls_text_is_call_text_of_each_call(biddings: list[tuple[Call, ...]]) -> None:
    """Looked up by the whole bidding, the texts are those of each call (equal biddings made of
    other Call objects included: copies by value)."""
    for bidding in biddings + [tuple(Call(c.kind, c.seat, c.suit, c.alone) for c in b)
                               for b in biddings]:
        assert calls_text(bidding) == [call_text(c) for c in bidding]


def test_calls_text_table_stays_bounded() -> None:
    from euchre_records.schema import playfields
    for i in range(playfields._CALLS_TEXT_MAX + 5):
        bidding = (Call(CallKind.PASS),) * (i % 9) + (Call(CallKind.ORDER, Seat.E, None, True),) * (i // 9)
        assert calls_text(bidding) == [call_text(c) for c in bidding]
    assert len(playfields._CALLS_TEXT) <= playfields._CALLS_TEXT_MAX
