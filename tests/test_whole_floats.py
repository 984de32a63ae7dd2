"""Whole-number floats are the integers they equal (issue 34): JSON Schema's ``"type": "integer"``
(draft 2020-12, validation §6.1.1) is any number with a zero fractional part, so the published
document allows ``"tricks": 4.0`` and the readers take it as 4 (schema/numbers.py).

Oracle: the record written with integers. Any record with some of its integers written as floats
(``4.0``, ``4e0``, ``40e-1``, ``4.000E+00``) loads to the same record, with the same canonical text
and hash, through ``loads`` (msgspec's path leaves such a text to the schemas) and through
``load_record`` of parsed Python floats; at tables of two, three and five through ``load_any``;
and over HTTP. A float that is not whole is refused with the message an integer's place gave it
before; a whole one too long for an integer (``1e5000``) is refused as before.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_records.api.app import create_app
from euchre_records.errors import NotationError
from euchre_records.model import Record
from euchre_records.schema.notation import dump_record, dumps, load_record, loads, parse_json
from euchre_records.schema.numbers import whole_number
from euchre_records.schema.tables import load_any
from euchre_records.schema.wire import decode_record

from auth_fixtures import writing_client
from golden_cases import cases, expected
from test_notation_properties import records

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

SPELLINGS = (lambda n: f"{n}.0", lambda n: f"{n}e0", lambda n: f"{n * 10}e-1",
             lambda n: f"{n}.000E+00", lambda n: f"{n * 100}E-2")
"""Ways to write the integer ``n`` as a JSON number with a fraction or an exponent (RFC 8259)."""


def _ints(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The paths of every integer (not boolean) of a parsed value."""
    if type(value) is int:
        return [path]
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _ints(v, (*path, k))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _ints(v, (*path, i))]
    return []


def _floated_text(data: Any, spell: dict[tuple[Any, ...], int]) -> str:
    """``data`` as JSON text, the integer at each path of ``spell`` written by ``SPELLINGS[i]``."""
    marks: dict[str, str] = {}

    def mark(value: Any, path: tuple[Any, ...]) -> Any:
        if path in spell and type(value) is int:
            key = f"\u0001{len(marks)}\u0001"
            marks[json.dumps(key)] = SPELLINGS[spell[path]](value)
            return key
        if isinstance(value, dict):
            return {k: mark(v, (*path, k)) for k, v in value.items()}
        if isinstance(value, list):
            return [mark(v, (*path, i)) for i, v in enumerate(value)]
        return value

    text = json.dumps(mark(data, ()), indent=1)
    for quoted, literal in marks.items():
        text = text.replace(quoted, literal)
    return text


def _floated(value: Any, paths: set[tuple[Any, ...]] | None = None,
             path: tuple[Any, ...] = ()) -> Any:
    """``value`` with the integers at ``paths`` (every one when None) made Python floats."""
    if type(value) is int and (paths is None or path in paths):
        return float(value)
    if isinstance(value, dict):
        return {k: _floated(v, paths, (*path, k)) for k, v in value.items()}
    if isinstance(value, list):
        return [_floated(v, paths, (*path, i)) for i, v in enumerate(value)]
    return value


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@SETTINGS
@given(records, st.data())
def test_integers_written_as_floats_load_to_the_same_record(record: Record, data: Any) -> None:
    """Failed before (the readers refused every float: "expected an integer, not 4.0")."""
    plain = dump_record(record)
    paths = _ints(plain)
    chosen = data.draw(st.lists(st.sampled_from(paths), unique=True) if paths else st.just([]))
    spell = {p: data.draw(st.integers(0, len(SPELLINGS) - 1)) for p in chosen}
    text = _floated_text(plain, spell)
    got = loads(text)
    assert got == record
    assert dumps(got) == dumps(record) and _sha(dumps(got)) == _sha(dumps(record))
    assert decode_record(text) in (None, record)          # the fast path: same, or the schemas'
    assert load_record(parse_json(text)) == record          # the schemas' path
    assert load_record(_floated(plain, set(chosen))) == record   # Python floats, parsed already


def _golden_texts() -> list[Path]:
    """Every golden and example that is a record of the notation (others are event files),
    with the refused records of tests/golden/variants/bad."""
    root = Path(__file__).parent.parent
    found = sorted([*cases("variants"), *cases("variants/bad"), *cases("deals"),
                    *cases("points"), *(root / "examples").glob("*.json")])
    return [p for p in found if _is_record(json.loads(p.read_text(encoding="utf-8")))]


def _is_record(data: Any) -> bool:
    return isinstance(data, dict) and data.get("format") == "euchre-records"


@pytest.mark.parametrize("path", _golden_texts(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_golden_record_with_every_integer_a_float(path: Path) -> None:
    """Four-handed and tables of two, three and five: every integer written ``n.0`` (text) or a
    Python float (parsed) loads to the same record, canonical text and hash. Failed before."""
    data = json.loads(path.read_text(encoding="utf-8"))
    paths = _ints(data)
    floated = (lambda: load_any(parse_json(_floated_text(data, {p: i % len(SPELLINGS)
                                                                for i, p in enumerate(paths)}))),
               lambda: load_any(_floated(data)))
    try:
        record = load_any(data)
    except NotationError as refused:   # an error case: refused alike, at the same places
        for load in floated:
            with pytest.raises(NotationError) as again:
                load()
            assert str(again.value) == str(refused)
        return
    canonical = dumps(record)
    for load in floated:
        got = load()
        assert got == record
        assert dumps(got) == canonical


@pytest.mark.parametrize("literal, value", [
    ("4.0", 4), ("1e2", 100), ("1E+2", 100), ("-0.0", 0), ("40e-1", 4), ("4.5", 4.5),
    ("9007199254740993.0", 9007199254740993), ("1e5000", float("inf")), ("-1e-2", -0.01)])
def test_the_parse_hook(literal: str, value: int | float) -> None:
    got = whole_number(literal)
    assert got == value and type(got) is type(value)


_BASE = {"format": "euchre-records", "version": "1.0", "rules": {"preset": "modern"},
         "deals": [{"kind": "result", "dealer": "N", "turned": "JH",
                    "result": {"maker": "N", "trump": "H", "tricks": 4}}]}


@pytest.mark.parametrize("literal, message", [
    ("4.5", "deals[0].result.tricks: expected an integer, not 4.5"),
    ("1e300", "deals[0].result.tricks: expected 0 to 5, not 1" + "0" * 300),
    ("1e5000", "deals[0].result.tricks: expected an integer, not inf"),
    ("6.0", "deals[0].result.tricks: expected 0 to 5, not 6"),
])
def test_a_float_that_is_no_integer_in_range_is_refused_where_it_stands(literal: str,
                                                                        message: str) -> None:
    text = json.dumps(_BASE).replace('"tricks": 4', f'"tricks": {literal}')
    assert literal in text
    with pytest.raises(NotationError) as caught:
        loads(text)
    assert str(caught.value) == message


def test_the_four_handed_record_with_a_float_loads_as_with_the_integer() -> None:
    """The example of the schemathesis run: ``"tricks": 4.0``. Failed before (refused)."""
    text = json.dumps(_BASE)
    assert loads(text.replace('"tricks": 4', '"tricks": 4.0')) == loads(text)


# --- over HTTP ----------------------------------------------------------------------------------

@pytest.fixture
def app(tmp_path: Path) -> Any:
    return create_app({"DATABASE": str(tmp_path / "floats.db"), "TESTING": True})


@pytest.mark.parametrize("path", [*cases("variants")[:3], Path(__file__).parent.parent
                                  / "examples" / "somerset-rubber.json"],
                         ids=lambda p: p.stem)
def test_a_record_posted_with_floats_is_stored_with_the_integers_hash(app: Any, path: Path) -> None:
    """POST /records and /validate with every integer a float: 201/200, the hash of the record
    written with integers (the same record sent again with integers is the duplicate of the one
    stored: 200, ``duplicate``, the same id). Failed before (422)."""
    client = writing_client(app)
    text = path.read_text(encoding="utf-8")
    data = json.loads(text)
    floated = json.dumps(_floated(data))
    assert "." in floated
    checked = client.post("/validate", data=floated, content_type="application/json")
    assert checked.status_code == 200, checked.get_data(as_text=True)
    first = client.post("/records", data=floated, content_type="application/json")
    assert first.status_code == 201, first.get_data(as_text=True)
    record = load_any(data)
    canonical = dumps(record)
    stored = client.get(f"/records/{first.get_json()['id']}").get_json()
    assert stored["hash"] == _sha(canonical)
    again = client.post("/records", data=text, content_type="application/json")
    assert again.status_code == 200 and again.get_json()["duplicate"] is True
    assert again.get_json()["id"] == first.get_json()["id"]


def test_a_progressive_night_with_every_integer_a_float(app: Any, monkeypatch: Any) -> None:
    """The golden night of tests/test_api_events.py, every request body's integers sent as floats
    (record ids, round numbers, players, the records): the hand-worked standings. Failed before
    (the record bodies were refused)."""
    import test_api_events as night

    def post(client: Any, path: str, body: object) -> Any:
        return client.post(path, data=json.dumps(_floated(body)), content_type="application/json")

    monkeypatch.setattr(night, "_post", post)
    client = writing_client(app)
    eid = night._night(client)
    got = client.get(f"/events/{eid}/standings").get_json()
    want = expected(night.NIGHT)
    assert [(s["place"], s["entrant"], s["points"]) for s in got["standings"]] == \
        [(s["place"], s["entrant"], s["points"]) for s in want["standings"]]


@pytest.mark.parametrize("seats", [None, 3])
@pytest.mark.parametrize("inner, python", [("4.0", False), ("4", False), ("4.0", True)])
def test_a_deeply_nested_value_with_a_float_is_a_located_error_not_a_recursion_error(
        seats: int | None, inner: str, python: bool) -> None:
    """A refused record nested 900 deep: the second reading with whole floats made integers
    cannot copy it, and the record is refused as before. Failed (RecursionError from
    ``whole_numbers``) before this test's commit."""
    rules = {"preset": "modern"} if seats is None else {"preset": "modern", "seats": seats}
    deep = "[" * 900 + inner + "]" * 900
    text = (f'{{"format": "euchre-records", "version": "1.0", "rules": {json.dumps(rules)}, '
            f'"deals": [], "start_score": [4.5, 0], "provenance": {deep}}}')
    with pytest.raises(NotationError):
        load_any(json.loads(text)) if python else loads(text)
    if python:
        with pytest.raises(NotationError):
            load_record(json.loads(text))
