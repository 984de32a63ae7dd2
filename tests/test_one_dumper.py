"""One dumper at every table (issue 32): a record of two, three or five seats is written by the
same driver and schema classes as a four-handed one (schema/canonical.py over
``per_table.schemas_for``), and the deal shortcut of a table of n (``fast_dump``) writes exactly
what its fields write, key order included. The oracle of the shortcut is the field loop (the
plan with the shortcut off); the oracle of the text is the record read back."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_records.errors import NotationError
from euchre_records.model import Record
from euchre_records.schema.canonical import dump_record, dump_table_record, dumps, dumps_table
from euchre_records.schema.lean import Plan, lean_dump
from euchre_records.schema.per_table import schemas_for
from euchre_records.schema.tables import load_any
from euchre_records.table import table_for

from reference_euchre import VARIANT_PACKS, random_variant_record

ROOT = Path(__file__).resolve().parent.parent


def _records_at_n() -> list[tuple[str, Record]]:
    """Every record of a table of n in the committed record files (examples/, tests/golden/)."""
    found = []
    for path in sorted([*ROOT.glob("examples/**/*.json"), *ROOT.glob("tests/golden/**/*.json")]):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            record = load_any(data)
        except (ValueError, NotationError, AttributeError, TypeError):
            continue
        if record.table.seats != 4:
            found.append((str(path.relative_to(ROOT)), record))
    return found


_AT_N = _records_at_n()


def _deal_plans(seats: int) -> tuple[Any, Plan]:
    """The deal schema of the table and its plan with the shortcut off (the field loop)."""
    deals = schemas_for(table_for(seats)).record.fields["deals"]
    slow = Plan(deals.schema)
    slow.fast_dump = None
    return deals.schema, slow


def _assert_shortcut_is_field_loop(record: Record) -> None:
    schema, slow = _deal_plans(record.table.seats)
    for deal in record.deals:
        fast = schema.fast_dump(deal)
        if fast is not None:   # the same keys, values and order as every field writing its own
            assert list(fast.items()) == list(lean_dump(schema, deal, slow).items())


def test_the_files_hold_records_of_every_table_of_n() -> None:
    assert {record.table.seats for _, record in _AT_N} == {2, 3, 5}


@pytest.mark.parametrize("name", [name for name, _ in _AT_N])
def test_each_record_at_n_is_written_by_the_one_dumper(name: str) -> None:
    record = dict(_AT_N)[name]
    _assert_shortcut_is_field_loop(record)
    text = dumps(record)
    assert dumps_table(record) == text and dump_table_record(record) == dump_record(record)
    assert load_any(json.loads(text)) == record
    assert dumps(load_any(json.loads(text))) == text


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), seats=st.sampled_from((2, 3, 5)),
       preset=st.sampled_from(("somerset-1888", "hoyle", "modern")), joker=st.booleans())
def test_random_records_at_n_shortcut_and_round_trip(seed: int, seats: int, preset: str, joker: bool) -> None:
    rng = random.Random(seed)
    made = random_variant_record(rng, seats, preset, size=rng.choice(VARIANT_PACKS[seats]), joker=joker,
                                 revoke_rate=0.1, pass_rate=rng.random(), undealt_rate=0.3,
                                 joker_turned=joker and rng.random() < 0.3)
    record = load_any(made.record)
    _assert_shortcut_is_field_loop(record)
    text = dumps(record)
    assert dumps(load_any(json.loads(text))) == text
    # every seat written by the table's token, never a four-handed letter
    deal = json.loads(text)["deals"][0]
    assert set(deal["hands"]) == {str(s) for s in range(seats)}
    assert deal["dealer"] in deal["hands"]
