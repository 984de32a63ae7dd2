"""The committed JSON Schema: current, valid draft 2020-12, and in agreement with the loader."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from euchre_records.errors import NotationError
from euchre_records.schema import dump_record, load_record
from euchre_records.schema.tables import dump_table_record, load_any, load_table_record
from euchre_records.schema.jsonschema_gen import (
    DESCRIPTIONS, SCHEMA_PATH, generate_json_schema, json_schema_text,
)

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
REGENERATE = ("euchre schema > schema/euchre-records-1.0.schema.json   (or: python -c \"from "
              "euchre_records.schema.jsonschema_gen import write_json_schema; write_json_schema()\")")


@pytest.fixture(scope="module")
def validator() -> Draft202012Validator:
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def test_committed_schema_is_current() -> None:
    assert SCHEMA_PATH.read_text(encoding="utf-8") == json_schema_text(), (
        f"{SCHEMA_PATH.name} is stale; regenerate it with: {REGENERATE}")


def _described_objects(schema: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(name, object schema) of every definition with properties; the four-handed record under
    its marshmallow name, Record (the name DESCRIPTIONS uses)."""
    return [("Record" if name == "FourHandedRecord" else name, sub)
            for name, sub in schema["$defs"].items()]


def test_every_property_is_described() -> None:
    schema = generate_json_schema()
    # a property schema ``false`` (forbidden: the five-handed ``called`` at other tables) says nothing
    missing = [f"{name}.{key}" for name, sub in _described_objects(schema)
               for key, prop in sub.get("properties", {}).items()
               if prop is not False and not prop.get("description")]
    assert not missing
    described = {f"{name}.{key}" for name, sub in _described_objects(schema)
                 for key in sub.get("properties", {})}
    assert set(DESCRIPTIONS) <= described, set(DESCRIPTIONS) - described


def _documents() -> list[tuple[str, Any]]:
    docs: list[tuple[str, Any]] = []
    for path in sorted(EXAMPLES.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("rules", {}).get("seats", 4) != 4:
            continue   # tables of 2, 3, 5: this schema is the four-handed notation's
        docs.append((path.name, data))
    for path in sorted(EXAMPLES.glob("*.jsonl")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if line.strip():
                docs.append((f"{path.name}:{number}", json.loads(line)))
    return docs


DOCUMENTS = _documents()


@pytest.mark.skipif(not DOCUMENTS, reason="no example files yet")
@pytest.mark.parametrize("name, document", DOCUMENTS, ids=[n for n, _ in DOCUMENTS] or None)
def test_examples_validate(validator: Draft202012Validator, name: str, document: Any) -> None:
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(document)]
    assert not errors, errors


def test_the_tour_exists_and_validates(validator: Draft202012Validator) -> None:
    tour = json.loads((EXAMPLES / "format-tour.json").read_text(encoding="utf-8"))
    assert not list(validator.iter_errors(tour))


def _minimal(deal: dict[str, Any]) -> dict[str, Any]:
    return {"format": "euchre-records", "version": "1.0", "rules": {"preset": "hoyle"}, "deals": [deal]}


@pytest.mark.parametrize("deal", [
    {"kind": "full", "dealer": "N", "turned": "9H"},                                  # no hands
    {"kind": "plays", "dealer": "N"},                                                 # no turned
    {"kind": "plays", "dealer": "N", "turned": "9H", "kitty": "9C"},                  # kitty: full only
    {"kind": "result", "dealer": "N"},                                                # no result
    {"kind": "result", "dealer": "N", "result": {"maker": None}, "tricks": ["AH KH"]},
    {"kind": "result", "dealer": "N", "result": {"maker": "E"}},                      # no tricks
    {"kind": "result", "dealer": "N", "result": {"maker": None, "tricks": 2}},
    {"kind": "plays", "dealer": "N", "turned": "9H", "joker_suit": "S"},              # not the joker
    {"kind": "plays", "dealer": "N", "turned": "9H", "scoresheet": {}},
    {"kind": "plays", "dealer": "N", "turned": "9H", "calls": ["partner"]},
    {"kind": "plays", "dealer": "N", "turned": "9H", "tricks": ["E: AS"]},
    {"kind": "plays", "dealer": "N", "turned": "9H", "discard": "1S"},
])
def test_schema_and_loader_both_refuse(validator: Draft202012Validator, deal: dict[str, Any]) -> None:
    document = _minimal(deal)
    assert list(validator.iter_errors(document))
    with pytest.raises(NotationError):
        load_record(document)


def _properties_module() -> Any:
    """The strategies of the notation properties (loaded by path: tests are not a package)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "notation_properties", Path(__file__).with_name("test_notation_properties.py"))
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_PROPS = _properties_module()
_RECORDS = _PROPS.records


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=_RECORDS)
def test_every_dumped_record_validates(validator: Draft202012Validator, record: Any) -> None:
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(dump_record(record))]
    assert not errors, errors


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=_RECORDS, data=st.data())
def test_schema_and_loader_agree_on_corrupted_records(validator: Draft202012Validator, record: Any,
                                                      data: Any) -> None:
    """A corrupted record passes the JSON Schema exactly when it passes the loader."""
    clean = dump_record(record)
    paths = _PROPS._paths(clean, [])
    path = paths[data.draw(st.integers(0, 10_000)) % len(paths)]   # draws alike whatever the shape
    bad = _PROPS._mutate(clean, path, data.draw(_PROPS.junk))
    try:
        load_any(bad)   # a corrupted rules.seats makes it a record of another table
        loaded = True
    except NotationError:
        loaded = False
    assert validator.is_valid(bad) == loaded, [e.message for e in validator.iter_errors(bad)]


# --- tables of two, three and five ------------------------------------------------------------

VARIANTS = ROOT / "tests" / "golden" / "variants"
VARIANT_GOLDENS = sorted(p for p in VARIANTS.glob("*.json") if not p.name.endswith(".expected.json"))
BAD_GOLDENS = sorted(p for p in (VARIANTS / "bad").glob("*.json") if not p.name.endswith(".expected.json"))
BEYOND_THE_SCHEMA = {
    "04-called-left-bower": "the left bower is a trump only once trump is known (the replay's)",
    "05-called-trump-king": "a card of the trump suit: the trump is made in the bidding",
    "06-called-card-not-in-pack": "the cards of the pack depend on rules.overrides.pack",
    "07-partner-does-not-hold-the-card": "who holds a card is read from the hands",
    "12-cutthroat-stuck-dealer-passes": "whose pass is the stuck dealer's is the bidding's order "
                                        "from the dealer (the replay's)",
    "18-cutthroat-no-trump-off": "NT is a call word; whether the house rule allows it is the replay's",
    "19-cutthroat-no-trump-first-round": "which round a call falls in is the bidding's (the replay's)",
    "20-cutthroat-claim-after-five-tricks": "a claim beside five tricks played is the replay's",
    "21-five-handed-go-under-kitty-of-two": "the kitty's size depends on rules.overrides.pack",
    "22-cutthroat-farmer-gives-a-jack": "which cards a farmer may give is the replay's",
    "23-five-handed-joker-suit-named-again": "the turned-down suit is the bidding's (the replay's)",
    "24-cutthroat-joker-turned-no-suit": "joker_suit is needed only under joker_upcard "
                                         "'dealer-names', a rule (the replay's)",
    "25-cutthroat-hoyle-turned-suit-named": "the kind is refused by the preset's law (the reader's)",
    "26-cutthroat-somerset-revoke-corrected": "the kind is refused by the preset's law (the reader's)",
    "28-cutthroat-revoke-corrected-card-follows": "the suit led is the play's (the replay's)",
    "29-two-handed-stuck-dealer-passes": "whose pass is the stuck dealer's is the bidding's (the replay's)",
    "30-five-handed-stuck-dealer-passes": "whose pass is the stuck dealer's is the bidding's (the replay's)",
    "31-two-handed-turned-card-never-played": "which cards were played is the play's (the replay's)",
    "32-cutthroat-misdeal-unknown-cause": "at n the reader takes any cause; the laws' ruling "
                                          "(laws.void_ruling) refuses it, in the replay",
    "33-cutthroat-stuck-dealer-result-thrown-in": "whether a thrown-in deal was possible is the "
                                                  "bidding rule's (the replay's)",
}
"""Bad goldens the schema cannot refuse (the reader or the replay does), and why."""


@pytest.mark.parametrize("path", VARIANT_GOLDENS, ids=[p.stem for p in VARIANT_GOLDENS])
def test_variant_goldens_validate(validator: Draft202012Validator, path: Path) -> None:
    document = json.loads(path.read_text(encoding="utf-8"))
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(document)]
    assert not errors, errors


BRANCHES = {4: 0, 2: 1, 3: 2, 5: 3}
"""rules.seats -> the index of its record in the schema's top-level oneOf."""


def _located(errors: list[Any], document: Any) -> list[Any]:
    """The errors of a record: a top-level oneOf failure is replaced by the errors of the
    branch its rules.seats names (all branches' if it names none)."""
    rules = document.get("rules") if isinstance(document, dict) else None
    seats = rules.get("seats", 4) if isinstance(rules, dict) else 4
    branch = BRANCHES.get(seats) if isinstance(seats, int) and not isinstance(seats, bool) else None
    out = []
    for error in errors:
        if error.validator == "oneOf" and not error.absolute_path:
            out += [e for e in error.context
                    if branch is None or e.relative_schema_path[0] == branch]
        else:
            out.append(error)
    return out


@pytest.mark.parametrize("path", BAD_GOLDENS, ids=[p.stem for p in BAD_GOLDENS])
def test_bad_variant_goldens_are_refused_where_the_schema_can_say(validator: Draft202012Validator,
                                                                  path: Path) -> None:
    document = json.loads(path.read_text(encoding="utf-8"))
    want = json.loads(path.with_name(path.stem + ".expected.json").read_text(encoding="utf-8"))
    errors = list(validator.iter_errors(document))
    if path.stem in BEYOND_THE_SCHEMA:
        assert not errors, [e.message for e in errors]   # else it belongs in the other list
        return
    assert errors
    # the schema's error is where the reader's is (the first path segment at least): the
    # record's own branch of the top-level oneOf (chosen by rules.seats) when it has one
    where = want["where"].replace("[", ".").replace("]", "").split(".")
    paths = [[str(x) for x in e.absolute_path] for e in _located(errors, document)]
    depth = 2 if where[0] == "deals" else 1   # deals[i] or the top-level entry
    assert any(p[:depth] == where[:depth] for p in paths), (paths, want["where"])


def _table_example_blocks() -> list[tuple[str, Any]]:
    """The ``tables-example`` JSON blocks of docs/FORMAT.md: records, or single deals."""
    import re
    text = (ROOT / "docs" / "FORMAT.md").read_text(encoding="utf-8")
    found = re.findall(r"<!-- tables-example: ([^>]*?) -->\s*```json\n(.*?)```", text, re.DOTALL)
    assert found
    return [(name, json.loads(body)) for name, body in found]


@pytest.mark.parametrize("name, document", _table_example_blocks())
def test_format_md_table_examples_validate(validator: Draft202012Validator, name: str,
                                           document: Any) -> None:
    if "format" not in document:   # one deal: in the record of the five-handed table
        document = {"format": "euchre-records", "version": "1.0",
                    "rules": {"preset": "modern", "seats": 5, "overrides": {"pack": 28}},
                    "deals": [document]}
    load_table_record(document)
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(document)]
    assert not errors, errors


def _reference() -> Any:
    import reference_euchre
    return reference_euchre


@st.composite
def table_records(draw: st.DrawFn) -> dict[str, Any]:
    """A canonical n-handed record: one to three deals from the independent reference, dumped."""
    import random
    ref = _reference()
    seats = draw(st.sampled_from(sorted(ref.VARIANTS)))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    preset = draw(st.sampled_from(["somerset-1888", "hoyle", "modern"]))
    size = draw(st.sampled_from(ref.VARIANT_PACKS[seats]))
    made = [ref.random_variant_record(rng, seats, preset, size, revoke_rate=0.1)
            for _ in range(draw(st.integers(1, 3)))]
    record = dict(made[0].record, deals=[m.record["deals"][0] for m in made])
    return dump_table_record(load_table_record(record))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=table_records())
def test_every_dumped_table_record_validates(validator: Draft202012Validator,
                                             record: dict[str, Any]) -> None:
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(record)]
    assert not errors, errors


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(record=table_records(), data=st.data())
def test_the_schema_refuses_no_table_record_the_reader_takes(validator: Draft202012Validator,
                                                             record: dict[str, Any], data: Any) -> None:
    """A corrupted n-handed record the reader takes passes the schema: the schema is never
    stricter than the reader (it is looser where only the reader can tell, e.g. the kitty's size
    for the pack)."""
    paths = _PROPS._paths(record, [])
    path = paths[data.draw(st.integers(0, 10_000)) % len(paths)]
    bad = _PROPS._mutate(record, path, data.draw(_PROPS.junk))
    try:
        load_any(bad)
    except NotationError:
        return
    assert validator.is_valid(bad), [e.message for e in validator.iter_errors(bad)]


@pytest.mark.parametrize("key", ["gave", "took"])
def test_an_empty_exchange_the_reader_takes_validates(validator: Draft202012Validator, key: str) -> None:
    """The reader takes an empty ``gave``/``took`` at a table of n (its CardsField: 0 to 3 cards);
    the schema, walked from that field, takes it too (the hand-built one asked 1 to 3: stricter
    than the reader)."""
    document = json.loads((VARIANTS / "31-two-handed-go-under.json").read_text(encoding="utf-8"))
    document["deals"][0]["exchanges"][0][key] = ""
    load_table_record(document)
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(document)]
    assert not errors, errors
