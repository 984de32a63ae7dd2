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


def test_every_property_is_described() -> None:
    schema = generate_json_schema()
    missing = [f"{name}.{key}" for name, sub in [("Record", schema), *schema["$defs"].items()]
               for key in sub.get("properties", {}) if not sub["properties"][key].get("description")]
    assert not missing
    described = {f"{name}.{key}" for name, sub in [("Record", schema), *schema["$defs"].items()]
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
        load_record(bad)
        loaded = True
    except NotationError:
        loaded = False
    assert validator.is_valid(bad) == loaded, [e.message for e in validator.iter_errors(bad)]
