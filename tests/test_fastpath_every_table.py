"""The one fast path (euchre_records/fastpath.py: ``fast_replay`` for four hands, ``fast_table_deal``
for two, three and five, one kernel for the cards) held equal to the detailed replay at every table
size, on deals made by the independent reference (tests/reference_euchre.py, written from RULES.md
and VARIANTS.md apart from the engine) and on the same deals with a planted revoke.

For each size: where the detailed replay refuses a deal the fast path declines it; otherwise the
fast path gives exactly the detailed result or declines; and a clean deal the reference made (no
revoke, every card known) is taken by the fast path, whose winners and points are the
reference's own.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import reference_euchre as ref
from euchre_records.fastpath import fast_table_deal
from euchre_records.schema.notation import load_record
from euchre_records.schema.tables import load_table_record
from fastpath_support import fast_and_detailed
from test_table_fastpath import _check

PRESETS = ("somerset-1888", "hoyle", "modern")


@settings(max_examples=400, deadline=None)
@given(st.sampled_from([2, 3, 4, 5]), st.sampled_from(PRESETS), st.integers(0, 2**32 - 1),
       st.sampled_from([0.0, 0.0, 0.3]))
def test_the_fast_path_equals_the_detailed_replay_at_every_table(
        seats: int, preset: str, seed: int, revoke_rate: float) -> None:
    rng = random.Random(seed)
    if seats == 4:
        made: Any = ref.random_record(rng, preset, revoke_rate=revoke_rate)
        record = load_record(made.record)
        fast, detailed = fast_and_detailed(record.deals[0], record.rules, 1)
        if made.thrown_in or made.revokes:
            return
        assert fast is not None and fast == detailed, made.record
        assert [s.name for s in fast.winners] == made.winners
        assert fast.points == made.points
        return
    made = ref.random_variant_record(rng, seats, preset, revoke_rate=revoke_rate)
    table_record = load_table_record(made.record)
    taken, = _check(table_record)   # fast == detailed, or None (the contract, asserted there)
    if made.revokes:
        return
    assert taken is not None, made.record
    assert list(taken.points) == made.points
    assert [table_record.table.token(s) for s in taken.winners] == made.winners
    assert fast_table_deal(table_record, table_record.deals[0], 1) == taken
