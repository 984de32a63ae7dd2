"""The fast path's contract, checked on one deal (shared by the property tests)."""

from __future__ import annotations

from euchre_records.deal import replay_in_detail
from euchre_records.errors import InconsistentRecord
from euchre_records.fastpath import fast_replay
from euchre_records.model import Deal, DealResult
from euchre_records.rules import Rules
from euchre_records.table import table_for


def fast_and_detailed(deal: Deal, rules: Rules, number: int
                      ) -> tuple[DealResult | None, DealResult | None]:
    """Both replays of ``deal``, asserting that the fast one is None when the detailed one refuses
    the deal (then both are None) and otherwise None or exactly the detailed result."""
    fast = fast_replay(deal, rules, number)
    try:
        detailed = replay_in_detail(table_for(4), deal, rules, number, "")
    except InconsistentRecord:
        assert fast is None
        return None, None
    assert fast is None or fast == detailed
    return fast, detailed
