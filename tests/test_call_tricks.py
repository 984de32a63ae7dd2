"""The calls asked by yes/no questions (euchre_records/call_tricks.py, issue 32): a call of a
table of n is solved exactly only when it could beat the best call found so far.

- ``DoubleDummy.reaches(k)`` is the brute-force minimax (tests/dd_reference.py, written apart)
  ``>= k`` at every table size;
- ``CallTricks.reaches(k)`` and ``CallTricks.exact()`` are those of every discard solved
  exactly, for either side of the dealer who took the turned card up (the best discard for his
  side, the worst against it);
- the calls and best calls of an analysis at 2, 3 and 5 seats are those of every call solved
  exactly (the analysis with the questions answered by exact values: no call left out).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from hypothesis import example, given, settings, strategies as st

from euchre_records import analysis, call_values
from euchre_records.call_tricks import CallTricks
from euchre_records.cards import parse_card
from euchre_records.double_dummy import DoubleDummy, Position
from euchre_records.interop.detect import load_any_table_data
from euchre_records.schema.notation import parse_json
from test_double_dummy import _reference, _table_record, random_table_deal, table_positions

REACHES_AT = {2: (5, 40), 3: (4, 30), 4: (3, 30), 5: (2, 30)}
"""Per table size: the most cards a seat holds, and hypothesis's examples."""


@pytest.mark.parametrize("n", sorted(REACHES_AT))
def test_reaches_is_the_minimax_at_every_table(n: int) -> None:
    max_cards, examples = REACHES_AT[n]

    @settings(max_examples=examples, deadline=None)
    @given(table_positions(n, max_cards=max_cards))
    def check(case: tuple[Position, list[tuple[int, str]]]) -> None:
        drawn, table = case
        # a trick boundary: the cards of a trick in progress back in the hands that played them
        back = {seat: parse_card(c) for seat, c in table}
        position = replace(drawn, table=(), hands=tuple(
            h + ((back[s],) if s in back else ()) for s, h in enumerate(drawn.hands)))
        want = _reference(position, [])
        hands = dict(enumerate(position.hands))
        for need in range(len(position.hands[0]) + 2):
            # a fresh table each question, and one table asked every question in turn
            fresh = DoubleDummy(hands, position.trump, position.makers).reaches(hands, position.leader, need)
            assert fresh == (want >= need), (need, want)
        shared = DoubleDummy(hands, position.trump, position.makers)
        for need in reversed(range(len(position.hands[0]) + 2)):
            assert shared.reaches(hands, position.leader, need) == (want >= need)

    check()


class _EveryCallSolved(CallTricks):
    """The oracle: every discard of the dealer solved for the exact value (no yes/no question),
    the most of them when his side is counted, else the least; every question answered from it."""

    def exact(self) -> int:
        values = [self.solver.tricks(h, self.leader) for h in self.options]
        return max(values) if self.dealer_counted else min(values)

    def reaches(self, need: int) -> bool:
        return self.exact() >= need


def _record(n: int, seed: int) -> Any:
    deal, _ = random_table_deal(n, seed)
    return load_any_table_data(parse_json(_table_record(n, deal)))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 4), st.booleans())
@example(0, 0, True)
@example(0, 0, False)
def test_a_calls_reaches_is_its_exact_value(seed: int, partner_of: int, alone: bool) -> None:
    # five-handed, the turned card's suit named, so the dealer took it up and discards: the
    # makers either count him (his best discard) or play against him (his worst for them)
    record = _record(5, seed)
    deal = record.deals[0]
    assert deal.turned is not None
    trump = deal.turned.suit
    dealt = {s: list(hand) for s, hand in enumerate(deal.hands)}
    maker = (deal.dealer + 1 + partner_of) % 5
    makers = frozenset({maker} if alone else {maker, (maker + 1 + partner_of) % 5})

    def call(kind: type[CallTricks] = CallTricks) -> CallTricks:
        return kind(deal, record.rules, dealt, trump, makers, (), (deal.dealer + 1) % 5,
                    True, deal.dealer in makers)

    exact = call(_EveryCallSolved).exact()
    asked = call()
    for need in range(7):
        assert call().reaches(need) == (exact >= need), (need, exact)
        assert asked.reaches(need) == (exact >= need), (need, exact)
    assert asked.exact() == exact


@pytest.mark.parametrize("n", [2, 3, 5])
def test_the_calls_are_those_of_every_call_solved_exactly(n: int, monkeypatch: pytest.MonkeyPatch) -> None:

    @settings(max_examples=8 if n == 5 else 15, deadline=None)
    @given(st.integers(0, 10**6))
    @example(0)
    def check(seed: int) -> None:
        record = _record(n, seed)
        asked = analysis.analyse_record(record).deals[0]
        with monkeypatch.context() as m:
            m.setattr(call_values, "CallTricks", _EveryCallSolved)
            solved = analysis.analyse_record(record).deals[0]
        assert asked.calls == solved.calls and asked.best_calls == solved.best_calls

    check()
