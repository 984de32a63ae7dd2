"""The msgspec fast path of loading (schema/wire.py) against the marshmallow path.

On valid records the two give the same Record, so the same canonical text and hash (the oracle
of a generated record is the record itself); on respelled, corrupted or repeated-key texts the fast
path answers the marshmallow path's Record or None, never accepts what the schemas refuse, and
``loads`` still reports every problem with its place (the schemas' own list).
"""

from __future__ import annotations

import copy
import hashlib
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from euchre_records.errors import NotationError
from euchre_records.model import Record
from euchre_records.schema.notation import dump_record, dumps, load_record, loads, parse_json
from euchre_records.schema.wire import decode_record, use_compiled

from test_notation_properties import _mutate, _paths, junk, records

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _schemas(text: str | bytes) -> Record | NotationError:
    """The marshmallow path: what ``loads`` did before the fast path (the oracle)."""
    try:
        return load_record(parse_json(text))
    except NotationError as exc:
        return exc


def _pure(text: str | bytes) -> Record | None:
    """decode_record with the card strings and the key check by the Python twins alone."""
    use_compiled(False)
    try:
        return decode_record(text)
    finally:
        use_compiled(True)


def _same_or_refused(text: str | bytes) -> Record | None:
    """The fast path gives the schemas' Record (same canonical text and hash) or None; on a text
    the schemas refuse it gives None and ``loads`` raises the schemas' problems. With the
    compiled card strings (schema/_cwire.c, where built) and without, it gives the same."""
    fast, slow = decode_record(text), _schemas(text)
    assert _pure(text) == fast
    if isinstance(slow, NotationError):
        assert fast is None, f"the fast path accepted a record the schemas refuse: {slow}"
        with pytest.raises(NotationError) as caught:
            loads(text)
        assert caught.value.problems == slow.problems and all(p.what for p in slow.problems)
        return None
    if fast is not None:
        assert fast == slow
        canonical = dumps(fast)
        assert canonical == dumps(slow)
        assert hashlib.sha256(canonical.encode()).digest() == hashlib.sha256(dumps(slow).encode()).digest()
    assert loads(text) == slow
    return fast


@SETTINGS
@given(records)
def test_valid_records_take_the_fast_path_to_the_same_record(record: Record) -> None:
    canonical = dumps(record)
    compact = json.dumps(dump_record(record), ensure_ascii=False, separators=(",", ":"))
    for text in (canonical, canonical.encode(), compact):
        fast = _same_or_refused(text)
        if "\\" not in canonical:   # a backslash escape is left to the schemas
            assert fast == record, "a valid record missed the fast path"


# writers' variations: case, spacing, 10 for T, unknown cards, a seat prefix with spaces
_respell = st.sampled_from([
    lambda t: t.lower(), lambda t: t.replace(" ", "  "), lambda t: " " + t + " ",
    lambda t: t.replace("T", "10"), lambda t: t + " ??", lambda t: t + " JK",
    lambda t: t.replace(":", " :"), lambda t: t.split(" ", 1)[-1], lambda t: t.upper(), lambda t: ""])


@SETTINGS
@given(records, st.data())
def test_respelled_and_corrupted_records_agree_or_go_to_the_schemas(record: Record, data: Any) -> None:
    clean = dump_record(record)
    paths = _paths(clean, [])
    bad = copy.deepcopy(clean)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        try:
            current = _get(bad, path)
        except (KeyError, IndexError, TypeError):
            continue   # an earlier change removed or replaced what the path went through
        if isinstance(current, str) and data.draw(st.booleans()):
            bad = _mutate(bad, path, data.draw(_respell)(current))
        else:
            bad = _mutate(bad, path, data.draw(junk))
    _same_or_refused(json.dumps(bad, ensure_ascii=False))


def _get(node: Any, path: list[Any]) -> Any:
    """The value at ``path``, walking only through the record's objects and arrays: a string
    put in place of an array by an earlier change has no items to change (TypeError), though
    Python would index its characters."""
    for key in path:
        if not isinstance(node, (dict, list)):
            raise TypeError(f"{type(node).__name__} at {key!r} is not an object or an array")
        node = node[key]
    return node


def test_a_path_through_a_string_put_in_an_arrays_place_is_skipped() -> None:
    """Found by the property above in a full run: its first change put a string where a deal's
    irregularities were, and its second, at ``irregularities[1]``, indexed that string and then
    failed to assign into it (TypeError from the test, not from the code under test)."""
    clean = {"deals": [{"irregularities": [{"kind": "misdeal"}, {"kind": "new-deal"}]}]}
    bad = _mutate(clean, ["deals", 0, "irregularities"], "ab")
    with pytest.raises(TypeError):
        _get(bad, ["deals", 0, "irregularities", 1])
    assert _get(clean, ["deals", 0, "irregularities", 1]) == {"kind": "new-deal"}


@SETTINGS
@given(records, st.data())
@example(None, None)  # the pinned case below, in the canonical text of a known record
def test_a_repeated_key_is_refused_as_the_schemas_refuse_it(record: Record | None, data: Any) -> None:
    if record is None:
        text = '{"format": "euchre-records", "version": "1.0", "rules": {"preset": "modern"}, ' \
               '"deals": [], "deals": []}'
        assert decode_record(text) is None
        with pytest.raises(NotationError) as caught:
            loads(text)
        assert "appears twice" in str(caught.value)
        return
    text = dumps(record)
    lines = text.split("\n")
    keyed = [i for i, line in enumerate(lines) if line.lstrip().startswith('"') and '": ' in line
             and not line.rstrip().endswith(("{", "["))]
    i = data.draw(st.sampled_from(keyed))
    # the same key again just after itself, in the same object (a comma keeps the JSON valid)
    line = lines[i].rstrip(",")
    doubled = lines[:i] + [line + ",", line + ("," if lines[i].endswith(",") else "")] + lines[i + 1:]
    _same_or_refused("\n".join(doubled))
    assert decode_record("\n".join(doubled)) is None


def test_a_repeated_key_before_a_syntax_error_is_a_located_syntax_error() -> None:
    """Found by the property above: the schemas' parser raised a bare JSONDecodeError when a key
    was repeated before a raw control character in a string."""
    text = '{"format": "euchre-records", "format": "euchre-records", "x": "a\nb"}'
    with pytest.raises(NotationError) as caught:
        loads(text)
    assert str(caught.value).startswith("not valid JSON: Invalid control character at line 1")


@pytest.mark.parametrize("text", [
    '{"format": "euchre-records", "version": "1.0", "rules": {"preset": "modern"}, "deals": []} x',
    '{"format": "euchre-records", "version": "1.0", "rules": {"preset": "modern"}, "deals": [], '
    '"start_score": [1.25e1, 0]}',  # not whole (1e2 is the integer 100: schema/numbers.py)
    '{"format": "euchre-records", "version": "1.0", "rules": {"preset": "modern"}, "deals": [], '
    '"start_score": [1e6, 0]}',     # whole, out of range
    '{"format": "euchre-records", "version": "1.0", "rules": {"preset": "modern"}, "deals": [], '
    '"start_score": [NaN, 0]}',
    '{"format": "euchre-records", "version": "1.0", "rules": {"preset": "modern"}, "deals": [], '
    '"start_score": [100001, 0]}',
    '{"format": "euchre-records", "version": "1.0", "rules": {"preset": "modern", '
    '"overrides": {"game_points": ' + "9" * 5000 + '}}, "deals": []}',
    '{"format": "euchre-records", "version": "1.0", "rules": {"preset": "modern"}, "deals": [], '
    '"event": {"club": "a\u0085b"}}',
    '{"format": "euchre-records", "version": "1.0", "rules": {"preset": "modern"}, "deals": [], '
    '"players": {"N": {"name": " "}}}',
    '{"format": "euchre-records", "version": "1.0", "rules": {"preset": "modern"}, "deals": [], '
    '"players": {"n": {"name": "Ann"}}}',
    '{"format": "euchre-records", "version": "1.0", "rules": {"preset": "modern"}, "deals": [], '
    '"event": {"club": "Bath", "table": "", "round": "2\u202e"}}',
    '{"format": "euchre-records", "version": "1.0", "rules": {"preset": "modern"}, "deals": [], '
    '"players": {"N": {"name": "Ann"}, "X": {"name": "Bo"}}}',
    '{"format": "euchre-records", "version": "1.0", "rules": {"preset": "modern"}, "deals": [], '
    '"event": {"date": "2026-02-30"}}',
    '\ufeff{"format": "euchre-records", "version": "1.0", "rules": {"preset": "modern"}, "deals": []}',
    '{"format": "euchre-records", "version": "1.0", "rules": {"preset": "modern"}, "deals": [], '
    '"event": {"club": "\\ud800"}}',
])
def test_texts_the_schemas_refuse_are_refused(text: str) -> None:
    assert isinstance(_schemas(text), NotationError)
    _same_or_refused(text)
    _same_or_refused(text.encode("utf-8", "surrogatepass"))


_DEAL = {"kind": "full", "dealer": "N", "turned": "JH",
         "hands": {"N": "AH KH 9S TD JC", "E": "AS KS QS 9C 8C", "S": "QD KD AD 9D 8D",
                   "W": "7H 8H 9H TH QH"},
         "calls": ["pass", "E: order alone"], "discard": "9S",
         "tricks": ["E: AS 9D AH", "KH 8C 8D", "N: JC 9C 9H", "JH QS TH", "TD KS QH"]}


@pytest.mark.parametrize("change", [
    {},   # the canonical shapes: a lone hand's tricks with and without a leader
    # fourteen characters holding four cards (a "10"), five in another: not five in each
    {"hands": {**_DEAL["hands"], "N": "10H KH 10D JC", "E": "AS KS QS 9C 8C TD"}},
    {"hands": {**_DEAL["hands"], "N": "AH  KH 9S  TD", "W": "7H 8H 9H TH QH JC"}},
    {"hands": {**_DEAL["hands"], "S": "qd kd ad 9d 8d"}, "tricks": ["as 9d ah", "kh 8c 8d"]},
    {"hands": {**_DEAL["hands"], "E": "?? ?? ?? ?? ??"}, "kitty": "7S 8S"},
    {"tricks": ["AS 9D AH 7H", "E: AS 9D AH 7H", "AS 9D", "E: AS 9D", "AS 9D  AH", "E: AS 9D AH"]},
    {"tricks": ["E: AS 9Dx AH", "E: AS 9D A", "E:  AS 9D AH", "AS 9DxAH 7H", "AS 9D AHx"]},
    {"tricks": ["E: AS 9D XH"]}, {"tricks": ["E: AS 9DxAH"]}, {"tricks": ["AS 9DxAH"]},
    {"tricks": ["AS 9D AH 7H 8H"]}, {"tricks": ["AS"]}, {"tricks": ["AS 9D XH"]},
    {"tricks": ["AS 9D ??"]}, {"tricks": ["X: AS 9D AH"]}, {"tricks": ["AS KS QS XX"]},
    {"hands": {**_DEAL["hands"], "N": "AH KH 9S TD XX"}},
    {"hands": {**_DEAL["hands"], "N": "AH KH 9SxTD JC"}}, {"hands": {**_DEAL["hands"], "N": "AH KH 9S\tTD JC"}},
    {"kitty": "7S 8S TS JS 7C TC QC KC 7D TD JDx"}, {"kitty": "7S 8S TS"}, {"kitty": "7S 8S T"},
    {"hands": {**_DEAL["hands"], "N": "AH KH 9S TD JC QC AC KC"}},
])
def test_the_cards_of_a_deal_in_every_shape_agree_with_the_schemas(change: dict[str, Any]) -> None:
    """The hands' and tricks' shortcuts (schema/wire.py: twenty tokens in four hands of 14
    characters, two-card pieces of a trick) give the schemas' answer on the shapes beside them."""
    text = json.dumps({"format": "euchre-records", "version": "1.0",
                       "rules": {"preset": "somerset-1888"}, "deals": [{**_DEAL, **change}]})
    fast = _same_or_refused(text)
    if not isinstance(_schemas(text), NotationError) and "\\" not in text:
        assert fast is not None   # (a backslash escape, as the tab's, is left to the schemas)
