"""The deal passing of a record at every table (``euchre_records.deal_passing``, issue 32): who
deals next (``dealer_findings``), and the one finding of a deal dealt by another seat, checked against an independent
oracle (``reference_euchre.left``/``left_of``, the seat to the left by the seat names)."""

from __future__ import annotations

import random
from typing import Any

import reference_euchre as ref
from euchre_records.schema.notation import load_record
from euchre_records.schema.tables import load_table_record
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_records.deal_passing import dealer_after
from euchre_records.errors import NotationError
from euchre_records.match import replay
from euchre_records.model import FindingKind

PRESETS = ("somerset-1888", "hoyle", "modern")


def _deals_at_random(seats: int, preset: str, rng: random.Random) -> dict[str, Any]:
    """A record of six deals, each from its own random record: its dealers at random."""
    made: Any = None
    deals = []
    for _ in range(6):
        made = (ref.random_record(rng, preset) if seats == 4 else
                ref.random_variant_record(rng, seats, preset))
        deals.append(made.record["deals"][0])
    return dict(made.record, deals=deals)


def _left(token: str, seats: int) -> str:
    return ref.left(token) if seats == 4 else ref.left_of(token, seats)


@settings(max_examples=80, deadline=None)
@given(st.sampled_from((2, 3, 4, 5)), st.sampled_from(PRESETS), st.integers(0, 2**32 - 1))
def test_a_deal_by_another_seat_than_the_left_is_found_once_at_every_table(
        seats: int, preset: str, seed: int) -> None:
    data = _deals_at_random(seats, preset, random.Random(seed))
    try:
        record = load_record(data) if seats == 4 else load_table_record(data)
    except NotationError:
        return
    result = replay(record)
    table = record.table
    for i in range(1, len(record.deals)):
        before = result.deals[i - 1]
        if before.void is not None or before.next_dealer is not None or getattr(before, "redeal", False):
            continue   # the laws of the deal say who deals next: not the rotation's to decide
        rightful = _left(table.token(record.deals[i - 1].dealer), seats)
        assert table.token(dealer_after(table, before)) == rightful   # the pages' next dealer
        dealer = table.token(record.deals[i].dealer)
        wrong = [f for f in result.findings if f.kind is FindingKind.WRONG_DEALER and f.deal == i + 1]
        if dealer == rightful:
            assert wrong == []
        else:
            assert len(wrong) == 1
            assert wrong[0].seat == record.deals[i].dealer
            assert dealer in wrong[0].message and rightful in wrong[0].message
            assert wrong[0].rule == record.rules.cite("deal_passes") and wrong[0].rule in wrong[0].message
