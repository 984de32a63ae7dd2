"""The store's rows made fast (api/store/rows.py) against their plain definitions: the calls
rows looked up by dealer and calls equal ``call_rows`` worked out for each deal, whatever was
looked up before; and hand-worked rows of one bidding (the oracle is this file, not the code)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_records.api.store import rows
from euchre_records.api.store.ingest import prepare
from euchre_records.cards import Seat, Suit
from euchre_records.model import Call, CallKind, Deal, DealKind, Record
from euchre_records.testkit.samples import random_texts

from test_notation_properties import deals, records

SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))


def plain_calls(record: Record, numbers: list[int]) -> tuple[Any, ...]:
    """``record_calls`` as its docstring defines it: call_rows of each scored deal, numbered."""
    return tuple((n, *row) for n in numbers if 1 <= n <= len(record.deals)
                 for row in rows.call_rows(record.deals[n - 1]))


@SETTINGS
@given(records, st.lists(st.integers(-1, 6), max_size=6), st.booleans())
def test_record_calls_equals_call_rows_of_each_deal(record: Record, numbers: list[int],
                                                     fresh: bool) -> None:
    if fresh:
        rows._CALL_ROWS.clear()
    want = plain_calls(record, numbers)
    assert rows.record_calls(record, numbers) == want
    assert rows.record_calls(record, numbers) == want     # the second time from the table


@SETTINGS
@given(st.lists(deals(), min_size=1, max_size=6))
def test_equal_biddings_share_their_rows_and_nothing_else(some: list[Deal]) -> None:
    for deal in some:
        assert rows._call_rows_of(deal) == rows.call_rows(deal)


def test_the_table_stays_bounded() -> None:
    rows._CALL_ROWS.clear()
    for i in range(rows._CALL_ROWS_MAX + 10):
        deal = Deal(DealKind.PLAYS, Seat.N, calls=(Call(CallKind.PASS),) * (i % 7) + (
            Call(CallKind.NAME, Seat.E, Suit.HEARTS, bool(i % 2)),) * (i // 14 + 1))
        assert rows._call_rows_of(deal) == rows.call_rows(deal)
    assert len(rows._CALL_ROWS) <= rows._CALL_ROWS_MAX


def test_hand_worked_bidding() -> None:
    """Dealer S: W passes, N passes, E orders up alone: round 1, the seats in turn from the
    dealer's left (RULES.md, four-handed: "Round 1, from the dealer's left")."""
    deal = Deal(DealKind.PLAYS, Seat.S, calls=(
        Call(CallKind.PASS), Call(CallKind.PASS), Call(CallKind.ORDER, alone=True)))
    for _ in range(2):   # worked out, then looked up
        assert rows._call_rows_of(deal) == [(1, 1, "W", "pass", None, False),
                                            (2, 1, "N", "pass", None, False),
                                            (3, 1, "E", "order", None, True)]


def test_rows_of_random_rubbers_are_the_same_every_time() -> None:
    """rows_of of random rubbers: the calls rows equal their plain definition, and a second
    rows_of (with the calls table filled) gives equal rows."""
    for text in random_texts(20, start_seed=303):
        sub = prepare(text)
        first = rows.rows_of(sub)
        assert first.calls == plain_calls(sub.record, [d.number for d in sub.result.deals])
        assert rows.rows_of(sub) == first
