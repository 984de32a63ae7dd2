"""Hypothesis properties of the notation layer: round trips, canonical text, error robustness.

Records are generated directly as model values of *valid shape* (random hands, calls, tricks ...),
not necessarily game-legal: the notation layer checks shape, the engine checks the game.
"""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from euchre_records.cards import JOKER, SEATS, Suit, make_pack
from euchre_records.errors import NotationError
from euchre_records.model import (
    Alternative, Annotation, Call, CallKind, Deal, DealKind, Event, Irregularity,
    IrregularityKind, MISDEAL_CAUSES, NEW_DEAL_CAUSES, Outcome, Player, Record, RecordedScore, Trick,
)
from euchre_records.rules import PRESETS, preset, resolve_rules
from euchre_records.schema.notation import dump_record, dumps, load_record, loads, problems_from_messages
from euchre_records.schema.schemas import RECORD_SCHEMA

CARDS = sorted(make_pack(32, joker=True), key=lambda c: c.index)
seats = st.sampled_from(SEATS)
suits = st.sampled_from(list(Suit))
cards = st.sampled_from(CARDS)
maybe_cards = st.one_of(st.none(), cards)
texts = st.text(max_size=12)
points = st.tuples(st.integers(-20, 20), st.integers(-20, 20))


@st.composite
def calls(draw: Any) -> Call:
    kind = draw(st.sampled_from(list(CallKind)))
    seat = draw(st.one_of(st.none(), seats))
    if kind is CallKind.PASS:
        return Call(kind, seat)
    if kind in (CallKind.PARTNER_ALONE, CallKind.DEFEND_ALONE):
        return Call(kind, seat, alone=True)
    suit = draw(suits) if kind is CallKind.NAME else None
    return Call(kind, seat, suit, draw(st.booleans()))


tricks = st.builds(Trick, st.lists(cards, min_size=2, max_size=4).map(tuple), st.one_of(st.none(), seats))
at_texts = st.one_of(st.just("deal"), st.builds(lambda w, n: f"{w} {n}", st.sampled_from(["call", "trick"]),
                                                   st.integers(1, 40)))


def opt(strategy: Any) -> Any:
    return st.one_of(st.none(), strategy)


irregularities = st.builds(
    Irregularity, st.sampled_from(list(IrregularityKind)), opt(seats), opt(st.integers(1, 5)),
    opt(cards), opt(texts), opt(st.integers(0, 5)), opt(points), opt(texts),
    opt(st.sampled_from(MISDEAL_CAUSES + NEW_DEAL_CAUSES)), opt(suits), opt(st.integers(0, 10)),
    st.booleans())
recorded = st.one_of(st.builds(RecordedScore, points, opt(points)),
                     st.builds(RecordedScore, st.none(), points))
annotations = st.builds(Annotation, at_texts, texts)
alternatives = st.builds(Alternative, at_texts, st.lists(calls(), max_size=3).map(tuple),
                         st.lists(tricks, max_size=3).map(tuple), opt(texts))


@st.composite
def outcomes(draw: Any) -> Outcome:
    maker = draw(opt(seats))
    if maker is None:
        return Outcome(None)
    return Outcome(maker, draw(opt(suits)), draw(st.booleans()), draw(opt(seats)), draw(st.integers(0, 5)))


def tup(strategy: Any, size: int = 3) -> Any:
    return st.lists(strategy, max_size=size).map(tuple)


@st.composite
def deals(draw: Any) -> Deal:
    kind = draw(st.sampled_from(list(DealKind)))
    dealer = draw(seats)
    common = dict(irregularities=draw(tup(irregularities, 2)), recorded=draw(opt(recorded)),
                  annotations=draw(tup(annotations, 2)))
    if kind is DealKind.POINTS:   # the points and the dealer; a sheet's figures, annotations
        return Deal(kind, dealer, points=draw(points), recorded=common["recorded"],
                    annotations=common["annotations"])
    turned = draw(cards) if kind is not DealKind.RESULT else draw(opt(cards))
    joker_suit = draw(opt(suits)) if turned is JOKER else None
    if kind is DealKind.RESULT:
        return Deal(kind, dealer, turned, joker_suit, outcome=draw(outcomes()), **common)
    play = dict(calls=draw(tup(calls(), 6)), discard=draw(opt(cards)), tricks=draw(tup(tricks, 5)),
                alternatives=draw(tup(alternatives, 1)))
    if kind is DealKind.PLAYS:
        return Deal(kind, dealer, turned, joker_suit, **play, **common)
    size = st.sampled_from([5, 5, 5, 3, 4, 6, 7])
    hands = tuple(tuple(draw(st.lists(maybe_cards, min_size=n, max_size=n))) for n in [draw(size) for _ in SEATS])
    kitty = draw(opt(st.lists(maybe_cards, min_size=1, max_size=12).map(tuple)))
    return Deal(kind, dealer, turned, joker_suit, hands, kitty, **play, **common)


overrides = st.dictionaries(st.sampled_from(["lap", "stick_the_dealer", "joker", "defend_alone"]),
                            st.booleans(), max_size=2)
rules = st.builds(resolve_rules, st.sampled_from(sorted(PRESETS)), overrides)
# What docs/FORMAT.md says a label may not hold, restated here by category and by name: control
# characters (Cc), the line and paragraph separators (Zl, Zp: U+2028 was drawn in CI once the
# examples were no longer derandomized, and the notation rightly refused the dumped record), the
# bidirectional controls and the zero-width and invisible characters; ZWJ/ZWNJ stay (allowed).
NOT_IN_LABELS = ("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
                 "\u200b\u2060\u2061\u2062\u2063\u2064\ufeff\u180e")
labels = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp"),
                               blacklist_characters=NOT_IN_LABELS), max_size=12)
names = labels.filter(str.strip)
dates = st.one_of(st.dates().map(lambda d: d.isoformat()), st.dates().map(lambda d: d.isoformat()[:7]),
                  st.integers(1000, 9999).map(str))
events = st.builds(Event, opt(labels), opt(labels), opt(dates), opt(labels), opt(labels), opt(texts))
players = st.lists(st.tuples(seats, st.builds(Player, names, opt(labels))), max_size=4,
                   unique_by=lambda sp: sp[0]).map(lambda ps: tuple(sorted(ps, key=lambda sp: sp[0])))
records = st.builds(Record, rules, st.lists(deals(), max_size=4).map(tuple), events, players, points)

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(records)
# beside what CI drew (U+2028, refused: the test below): the allowed neighbours of refused
# characters, the zero-width joiner (U+200D) and U+2027, round-trip like any other label
@example(Record(preset("hoyle"), (), Event(club="\u200d", round="\u2027")))
def test_load_dump_load_is_the_identity(record: Record) -> None:
    assert load_record(dump_record(record)) == record


@pytest.mark.parametrize("char", ["\u2028", "\u2029", "\u202e", "\u200b"])
def test_a_record_whose_label_breaks_the_line_dumps_but_is_refused_where_it_stands(char: str) -> None:
    # the case CI's hypothesis drew (event.round = U+2028): the model holds it, the notation refuses
    record = Record(preset("hoyle"), (), Event(round=char))
    with pytest.raises(NotationError) as caught:
        load_record(dump_record(record))
    assert caught.value.problems[0].where == "event.round"
    assert f"U+{ord(char):04X} at character 0" in caught.value.problems[0].what


@SETTINGS
@given(records)
def test_canonical_text_is_a_fixed_point(record: Record) -> None:
    text = dumps(record)
    assert loads(text) == record
    assert dumps(loads(text)) == text


@SETTINGS
@given(records)
def test_lean_driver_agrees_with_marshmallow_load(record: Record) -> None:
    data = dump_record(record)
    assert RECORD_SCHEMA.load(data) == load_record(data)


def _mutate(data: Any, path: list[Any], value: Any) -> Any:
    data = copy.deepcopy(data)
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


def _paths(node: Any, prefix: list[Any]) -> list[list[Any]]:
    out = [prefix] if prefix else []
    if isinstance(node, dict):
        for k, v in node.items():
            out += _paths(v, prefix + [k])
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _paths(v, prefix + [i])
    return out


junk = st.one_of(st.none(), st.booleans(), st.integers(-3, 9), st.text(max_size=6),
                 st.sampled_from(["??", "JK", "10h", "pass", "E: AS KS", "X", "full", "H alone"]),
                 st.lists(st.text(max_size=3), max_size=2), st.dictionaries(st.text(max_size=2), st.none(), max_size=1))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records, st.data())
def test_corrupted_records_fail_cleanly_and_alike(record: Record, data: Any) -> None:
    """Any corruption loads or raises NotationError, with the same problems on both drivers."""
    clean = dump_record(record)
    path = data.draw(st.sampled_from(_paths(clean, [])))
    bad = _mutate(clean, path, data.draw(junk))
    try:
        lean = load_record(bad)
    except NotationError as exc:
        assert exc.problems and all(p.what for p in exc.problems)
        # located: inside the deal (or top-level entry) that was corrupted
        scope = f"deals[{path[1]}]" if path[0] == "deals" and len(path) > 1 else str(path[0])
        assert all(p.where.startswith(scope) for p in exc.problems), (scope, exc.problems)
        try:
            RECORD_SCHEMA.load(bad)
        except ValidationError as mm:
            assert sorted(map(str, problems_from_messages(mm.messages))) == sorted(map(str, exc.problems))
        else:
            raise AssertionError("marshmallow accepted what the lean driver refused")
    else:
        assert RECORD_SCHEMA.load(bad) == lean
        assert load_record(json.loads(dumps(lean))) == lean


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20)
deal_keys = st.sampled_from(["kind", "dealer", "turned", "joker_suit", "hands", "kitty", "calls",
                             "discard", "tricks", "result", "irregularities", "scoresheet",
                             "annotations", "alternatives"])


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(deal_keys, json_values, max_size=8), json_values)
def test_arbitrary_json_never_crashes(deal: dict[str, Any], anything: Any) -> None:
    """Whatever the JSON, loading gives a Record or a NotationError, never another exception."""
    for data in ({"format": "euchre-records", "version": "1.0", "rules": {"preset": "modern"},
                  "deals": [deal]}, anything):
        try:
            load_record(data)
        except NotationError as exc:
            assert all(isinstance(p.where, str) and p.what for p in exc.problems)


@SETTINGS
@given(records)
def test_lean_dump_agrees_with_marshmallow_dump(record: Record) -> None:
    """Every level dumps to the same dict through ``Schema.dump`` and through ``lean_dump``."""
    from euchre_records.schema.lean import lean_dump
    from euchre_records.schema.schemas import DEAL_SCHEMA, DealSchema
    assert RECORD_SCHEMA.dump(record) == dump_record(record)
    nested = {name: f.schema for name, f in DealSchema().fields.items() if hasattr(f, "schema")}
    for deal in record.deals:
        assert DEAL_SCHEMA.dump(deal) == lean_dump(DEAL_SCHEMA, deal)
        for name, schema in nested.items():
            value = getattr(deal, name)
            for item in (value if isinstance(value, tuple) else () if value is None else (value,)):
                assert schema.dump(item) == lean_dump(schema, item)


# --- the fast dump of a deal, against the field loop ------------------------------------------

from euchre_records.schema.lean import Plan, lean_dump  # noqa: E402
from euchre_records.schema.schemas import DEAL_SCHEMA  # noqa: E402


def _field_loop_plan() -> Plan:
    """The deal schema's plan with its fast dump turned off: every field dumped by its own
    marshmallow field, as before the fast path existed (the oracle)."""
    plan = Plan(DEAL_SCHEMA)
    plan.fast_dump = None
    return plan


_SLOW = _field_loop_plan()


@st.composite
def plain_deals(draw: Any) -> Deal:
    """Deals of the shape most records are made of: full, five-card hands, no irregularities,
    annotations or alternatives (the shape the fast dump takes)."""
    hands = tuple(tuple(draw(st.lists(maybe_cards, min_size=5, max_size=5))) for _ in SEATS)
    turned = draw(cards.filter(lambda c: c is not JOKER))
    return Deal(DealKind.FULL, draw(seats), turned, None, hands,
                draw(opt(st.lists(maybe_cards, min_size=1, max_size=12).map(tuple))),
                calls=draw(tup(calls(), 6)), discard=draw(opt(cards)), tricks=draw(tup(tricks, 5)))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(plain_deals(), deals()))
def test_the_fast_deal_dump_gives_what_the_field_loop_gives(deal: Deal) -> None:
    """DealSchema.fast_dump answers None or exactly the field loop's dict. (The fast load is
    msgspec's, held to the schemas by tests/test_wire.py.)"""
    dumped = lean_dump(DEAL_SCHEMA, deal, _SLOW)
    fast_dumped = DEAL_SCHEMA.fast_dump(deal)
    assert fast_dumped is None or fast_dumped == dumped
