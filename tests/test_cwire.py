"""The compiled card strings and repeated-key scan (schema/_cwire.c) against their Python twins.

Each compiled function answers exactly what its Python twin in schema/wire.py answers, or None
(not the canonical shape: the twin then decides); on canonical input it answers. The twins are
the oracle, called directly in the same test; the repeated-key scan also has an oracle of its
own (the standard library's parser with a hook that sees every key). The C is fuzzed with
arbitrary text, bytes and objects of the wrong type for crashes, leaks and exceptions.
"""

from __future__ import annotations

import gc
import json
import os
import sys
from typing import Any, Callable

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from euchre_records.cards import SEATS
from euchre_records.model import Trick
from euchre_records.schema import wire
from euchre_records.schema.cardfields import (
    CARD_BY_TOKEN, CARD_NAME, CARD_OR_UNKNOWN_BY_TOKEN, HAND_MAX, HAND_MIN,
)
from euchre_records.schema.notation import dumps, loads

from test_notation_properties import records


def test_the_compiled_module_is_built_in_ci() -> None:
    """setup.py builds _cwire as optional (a missing compiler skips it): CI checks it was built."""
    try:
        from euchre_records.schema import _cwire  # noqa: F401
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("euchre_records.schema._cwire is not built (setup.py, a C compiler)")
        pytest.skip("the compiled module is not built here")
    assert wire.use_compiled(True) is True


_cwire = pytest.importorskip("euchre_records.schema._cwire")

SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_ERROR = object()


def _twin(func: Callable[..., Any], *args: Any) -> Any:
    """The Python twin's answer, or _ERROR where it refuses (raises)."""
    try:
        return func(*args)
    except Exception:   # noqa: BLE001 - any refusal of the twin: the C must answer None there
        return _ERROR


def _agrees(compiled: Any, twin: Any) -> None:
    if compiled is not None:
        assert twin is not _ERROR, f"the C accepted what the Python twin refuses: {compiled}"
        assert compiled == twin
        assert type(compiled) is tuple


_NAMES = sorted({CARD_NAME[c] for c in CARD_BY_TOKEN.values()})   # AS ... JK, canonical
token = st.sampled_from(_NAMES)
token_or_unknown = st.sampled_from([*_NAMES, "??"])


def _canonical(tokens: list[str]) -> str:
    return " ".join(tokens)


hand = st.lists(token_or_unknown, min_size=HAND_MIN, max_size=HAND_MAX).map(_canonical)
seat_prefix = st.sampled_from(["", "N: ", "E: ", "S: ", "W: "])
trick = st.builds(lambda p, cards: p + _canonical(cards), seat_prefix,
                  st.lists(token, min_size=wire.TRICK_MIN, max_size=wire.TRICK_MAX))


@st.composite
def corrupted(draw: Any, canonical: st.SearchStrategy[str]) -> str:
    """A canonical string with a writer's respelling or a random character changed."""
    text = draw(canonical)
    change = draw(st.sampled_from(["lower", "double", "ten", "strip", "insert", "delete",
                                   "replace", "pad", "tab", "none"]))
    if change == "lower":
        return text.lower()
    if change == "double":
        return text.replace(" ", "  ", 1)
    if change == "ten":
        return text.replace("T", "10")
    if change == "pad":
        return draw(st.sampled_from([" ", "\u00a0", "\x1c"])) + text
    if change == "tab":
        return text.replace(" ", "\t")
    if change == "none" or not text:
        return text
    at = draw(st.integers(0, len(text) - 1))
    char = draw(st.characters())
    if change == "insert":
        return text[:at] + char + text[at:]
    if change == "delete":
        return text[:at] + text[at + 1:]
    if change == "strip":
        return text[:-1]
    return text[:at] + char + text[at + 1:]


anything = st.one_of(
    st.none(), st.integers(), st.floats(), st.booleans(), st.text(), st.binary(),
    st.text(alphabet="AKQJT987SHDC?: ", max_size=40),
    st.lists(st.text(max_size=4), max_size=3), st.dictionaries(st.text(max_size=2), st.none()),
    st.just("AH " * 100_000 + "AH"), st.just("é" * 1000), st.just("\U0001f600 AH KH"))


# --- hands and card strings ----------------------------------------------------------------

@SETTINGS
@given(st.lists(hand, min_size=4, max_size=4))
def test_canonical_hands_are_parsed_as_the_twin_parses_them(four: list[str]) -> None:
    compiled = _cwire.hands(*four)
    assert compiled is not None
    _agrees(compiled, _twin(wire._hands, *four))


@SETTINGS
@given(st.lists(st.one_of(hand, corrupted(hand), anything), min_size=4, max_size=4))
def test_any_hands_give_the_twins_answer_or_none(four: list[Any]) -> None:
    _agrees(_cwire.hands(*four), _twin(wire._hands, *four))


@SETTINGS
@given(st.one_of(st.lists(token_or_unknown, min_size=1, max_size=12).map(_canonical),
                 corrupted(st.lists(token_or_unknown, min_size=1, max_size=12).map(_canonical)),
                 anything),
       st.integers(-2, 14), st.integers(-2, 14))
@example("7S 8S TS JS 7C TC QC KC 7D TD JD", 1, 12)
@example("7S 8S TS JS 7C TC QC KC 7D TD JD 9S AS", 1, 12)
@example("", 0, 0)   # no token: the twin's empty tuple, the C's None (no caller asks for 0)
def test_card_strings_give_the_twins_answer_or_none(text: Any, low: int, high: int) -> None:
    compiled = _cwire.cards(text, low, high)
    _agrees(compiled, _twin(wire._cards, text, low, high))
    if isinstance(text, str) and text and text == " ".join(text.split()) and text.upper() == text \
            and "10" not in text and _twin(wire._cards, text, low, high) is not _ERROR:
        assert compiled is not None, "a canonical card string missed the compiled path"


def test_card_strings_of_the_wrong_bounds_type_are_left_to_the_twin() -> None:
    assert _cwire.cards("AH KH", "1", 5) is None
    assert _cwire.cards("AH KH", 1, 2 ** 80) is None
    assert _cwire.cards("AH KH", 1.0, 5) is None
    assert _cwire.cards("AH KH", 1, 5) == (CARD_BY_TOKEN["AH"], CARD_BY_TOKEN["KH"])


# --- tricks --------------------------------------------------------------------------------

@SETTINGS
@given(st.lists(trick, max_size=6))
def test_canonical_tricks_are_parsed_as_the_twin_parses_them(value: list[str]) -> None:
    compiled = _cwire.tricks(value)
    assert compiled is not None
    _agrees(compiled, _twin(wire._tricks, value))
    assert all(type(t) is Trick for t in compiled)


@SETTINGS
@given(st.lists(st.one_of(trick, corrupted(trick), anything), max_size=6))
@example(["E: AS ?? 7H AH"])    # an unknown card is no card of a trick
@example(["X: AS 9D 7H"])       # not a seat
@example(["E:AS 9D 7H"])        # the twin's respelling, not the canonical shape
@example(["AS"])
@example(["AS 9D 7H AH 8H"])
def test_any_tricks_give_the_twins_answer_or_none(value: list[Any]) -> None:
    _agrees(_cwire.tricks(value), _twin(wire._tricks, value))


def test_the_trick_bounds_handed_to_the_c_are_the_schemas() -> None:
    """wire.TRICK_MIN and TRICK_MAX (given to _cwire.init) are where parse_trick, the schemas'
    parser, starts and stops accepting (a lone hand's trick has three cards, Somerset 74)."""
    from marshmallow import ValidationError

    from euchre_records.schema.playfields import parse_trick
    names = ["AS", "KS", "QS", "9S", "8S", "7S"]
    for count in range(1, 7):
        text = " ".join(names[:count])
        if wire.TRICK_MIN <= count <= wire.TRICK_MAX:
            assert parse_trick(text).cards == _cwire.tricks([text])[0].cards
        else:
            with pytest.raises(ValidationError):
                parse_trick(text)
            assert _cwire.tricks([text]) is None


@pytest.mark.parametrize("value", [("E: AS 9D",), "E: AS 9D", None, 3, b"E: AS 9D",
                                   type("L", (list,), {})(["E: AS 9D"])])
def test_tricks_not_in_an_exact_list_are_left_to_the_twin(value: Any) -> None:
    assert _cwire.tricks(value) is None


def test_a_str_subclass_is_left_to_the_twin() -> None:
    class S(str):
        pass
    assert _cwire.hands(S("AH KH 9S"), "AH KH 9S", "AH KH 9S", "AH KH 9S") is None
    assert _cwire.tricks([S("AS 9D")]) is None
    assert _cwire.cards(S("AS 9D"), 1, 12) is None


# --- the repeated-key scan -----------------------------------------------------------------

def _oracle(text: str) -> bool | None:
    """Whether a key repeats in some object (the standard library sees every pair); None for
    text it does not parse."""
    repeated = False

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        nonlocal repeated
        keys = [k for k, _ in items]
        repeated = repeated or len(set(keys)) != len(keys)
        return dict(items)
    try:
        json.loads(text, object_pairs_hook=pairs)
    except (ValueError, RecursionError):
        return None
    return repeated


keys = st.sampled_from(["a", "b", "ab", "é", "\U0001f600", "", "deals", "N"])


def _json(node: Any) -> str:
    """JSON text of a tree whose objects are lists of pairs (so a key may be written twice)."""
    if isinstance(node, tuple):
        return "{" + ", ".join(f'"{k}": {_json(v)}' for k, v in node) + "}"
    if isinstance(node, list):
        return "[" + ",".join(map(_json, node)) + "]"
    return json.dumps(node, ensure_ascii=False)


trees = st.recursive(
    st.one_of(st.none(), st.integers(), st.sampled_from(["x", "a", "é", "{", "[", ",", ":"])),
    lambda inner: st.one_of(st.lists(inner, max_size=4),
                            st.lists(st.tuples(keys, inner), max_size=4).map(tuple)),
    max_leaves=20)


@SETTINGS
@given(trees, st.booleans())
def test_the_scan_finds_a_repeated_key_exactly_where_the_parser_sees_one(tree: Any,
                                                                         as_bytes: bool) -> None:
    text = _json(tree)
    found = _cwire.repeated_key(text.encode() if as_bytes else text)
    if "\\" not in text:
        assert found is not None
        assert found == _oracle(text)


@SETTINGS
@given(records, st.data())
def test_the_scan_agrees_with_the_count_on_records_and_their_doubled_keys(record: Any,
                                                                          data: Any) -> None:
    text = dumps(record)
    lines = text.split("\n")
    keyed = [i for i, line in enumerate(lines) if line.lstrip().startswith('"') and '": ' in line
             and not line.rstrip().endswith(("{", "["))]
    if keyed and data.draw(st.booleans()):
        i = data.draw(st.sampled_from(keyed))
        line = lines[i].rstrip(",")
        lines = lines[:i] + [line + ",", line + ("," if lines[i].endswith(",") else "")] + lines[i + 1:]
        text = "\n".join(lines)
    if "\\" in text:
        return
    try:
        decoded = wire._DECODE(text)
    except Exception:   # noqa: BLE001 - a doubled key of the wrong type for msgspec: no twin
        return
    found = _cwire.repeated_key(text)
    assert found is not None
    assert found == wire._repeated_key(text, decoded) == _oracle(text)


@SETTINGS
@given(st.one_of(st.text(), st.binary(), st.text(alphabet='{}[]",:ab \\', max_size=60), anything))
@example("[" * 100 + "]" * 100)
@example("{" + ", ".join(f'"k{i}": 1' for i in range(65)) + "}")
@example('{"a": "b\\"", "a": 1}')
@example('{"a": 1')
@example('{"a": 1]')
@example(']')
def test_the_scan_never_crashes_and_is_right_where_it_answers(text: Any) -> None:
    found = _cwire.repeated_key(text)
    assert found is None or type(found) is bool
    if isinstance(text, str) and found is not None:
        assert "\\" not in text
        expected = _oracle(text)
        if expected is not None:
            assert found == expected


def test_the_scan_leaves_deep_nesting_and_large_objects_to_the_count() -> None:
    assert _cwire.repeated_key("[" * 65 + "]" * 65) is None
    assert _cwire.repeated_key("[" * 64 + "]" * 64) is False
    many = "{" + ", ".join(f'"k{i}": 1' for i in range(65)) + "}"
    assert _cwire.repeated_key(many) is None
    assert _cwire.repeated_key(many.replace('"k64"', '"k0"')) is None
    assert _cwire.repeated_key('{"k0": 1, "k0": 2}') is True


# --- the module as a whole -----------------------------------------------------------------

@SETTINGS
@given(anything, anything, anything, anything)
def test_wrong_arguments_never_crash(a: Any, b: Any, c: Any, d: Any) -> None:
    for call in (lambda: _cwire.hands(a, b, c, d), lambda: _cwire.hands(a),
                 lambda: _cwire.cards(a, b, c), lambda: _cwire.cards(a),
                 lambda: _cwire.tricks(a), lambda: _cwire.tricks([a, b, c, d]),
                 lambda: _cwire.repeated_key(a)):
        assert call() is None or isinstance(call(), (tuple, bool))


def test_init_refuses_wrong_tables_and_keeps_the_ones_it_had() -> None:
    leaders = {seat.name: seat for seat in SEATS}
    for args in [(), ([], CARD_BY_TOKEN, leaders, Trick, 3, 7, 2, 4),
                 (CARD_OR_UNKNOWN_BY_TOKEN, CARD_BY_TOKEN, leaders, 5, 3, 7, 2, 4),
                 (CARD_OR_UNKNOWN_BY_TOKEN, CARD_BY_TOKEN, leaders, Trick, 7, 3, 2, 4),
                 (CARD_OR_UNKNOWN_BY_TOKEN, CARD_BY_TOKEN, leaders, Trick, 0, 7, 2, 4)]:
        with pytest.raises((TypeError, ValueError)):
            _cwire.init(*args)
    assert _cwire.tricks(["E: AS 9D"]) == (Trick((CARD_BY_TOKEN["AS"], CARD_BY_TOKEN["9D"]),
                                                 SEATS[1]),)


def test_no_reference_is_lost_or_leaked() -> None:
    """Refcounts of the interned cards, the seats and the input stay where they were."""
    ah, east, text = CARD_BY_TOKEN["AH"], SEATS[1], "E: AH KH QH"
    tricks = [text, "AH 9D", "bad"]
    gc.collect()
    before = (sys.getrefcount(ah), sys.getrefcount(east), sys.getrefcount(text),
              sys.getrefcount(tricks), sys.getrefcount(None))
    for _ in range(2000):
        _cwire.hands("AH KH 9S TD JC", "AH ?? ??", "AH KH 9S", "AH KH 9S x")
        _cwire.hands("AH KH 9S TD JC", "AH ?? ??", "AH KH 9S", "AH KH 9S")
        _cwire.cards("AH ?? AH", 1, 12)
        _cwire.tricks([text, "AH 9D"])
        _cwire.tricks(tricks)
        _cwire.repeated_key('{"a": "AH", "a": 1}')
    gc.collect()
    after = (sys.getrefcount(ah), sys.getrefcount(east), sys.getrefcount(text),
             sys.getrefcount(tricks), sys.getrefcount(None))
    assert after == before


def test_decode_record_is_the_same_with_and_without_the_compiled_path() -> None:
    import pathlib
    texts = [p.read_text() for p in sorted(pathlib.Path(__file__).parent.glob("golden/**/*.json"))
             if p.stat().st_size < 200_000]
    fast_ones = 0
    for text in texts:
        assert wire.use_compiled(True)
        fast = wire.decode_record(text)
        wire.use_compiled(False)
        try:
            pure = wire.decode_record(text)
        finally:
            wire.use_compiled(True)
        assert fast == pure
        if fast is not None:
            fast_ones += 1
            assert dumps(fast) == dumps(loads(text))
    assert fast_ones >= 100   # the golden records the fast path takes (156 of 390 today)
