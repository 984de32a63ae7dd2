"""The fast path takes a partner's take-over of the lone hand (Somerset 74-75) itself: on random
deals with a take-over inserted anywhere in the calls, by any seat or none, under rules that allow
it or not, it returns exactly the detailed result or None, and None whenever the detailed replay
refuses the deal. Legal take-overs by the right seat take the fast path.
"""

from __future__ import annotations

import random
from euchre_records.model import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_records.cards import SEATS, Seat
from euchre_records.model import Call, CallKind, Deal, DealKind
from euchre_records.rules import PRESETS, Rules, preset
from euchre_records.testkit.simulate import random_deal
from fastpath_support import fast_and_detailed


@st.composite
def rule_sets(draw: st.DrawFn) -> Rules:
    base = preset(draw(st.sampled_from(sorted(PRESETS))))
    return base.with_overrides({
        "partner_takes_lone": draw(st.booleans()),
        "defend_alone": draw(st.booleans()),
        "canadian": draw(st.booleans()),
        "lone_lead": draw(st.sampled_from(["eldest", "left-of-lone"])),
    })


def _agree(deal: Deal, rules: Rules) -> bool:
    """Assert the contract for ``deal`` with hands and from plays alone; True if the fast path
    took the deal with hands."""
    took = False
    for variant in (deal, replace(deal, kind=DealKind.PLAYS, hands=None, kitty=None)):
        fast, _ = fast_and_detailed(variant, rules, 5)
        took = took or (fast is not None and variant is deal)
    return took


@settings(max_examples=300, deadline=None)
@given(rule_sets(), st.integers(0, 2**32 - 1), st.sampled_from(SEATS),
       st.integers(0, 12), st.sampled_from([None, *SEATS]), st.booleans())
def test_a_take_over_anywhere_agrees_with_the_detailed_replay(
        rules: Rules, seed: int, dealer: Seat, at: int, seat: Seat | None, alone: bool) -> None:
    deal = random_deal(random.Random(seed), rules, dealer, pass_rate=0.4)
    calls = list(deal.calls)
    calls.insert(min(at, len(calls)), Call(CallKind.PARTNER_ALONE, seat=seat, alone=alone))
    _agree(replace(deal, calls=tuple(calls)), rules)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(SEATS))
def test_a_legal_take_over_takes_the_fast_path(seed: int, dealer: Seat) -> None:
    rules = PRESETS["somerset-1888"]
    rng = random.Random(seed)
    deal = random_deal(rng, rules, dealer, pass_rate=0.3, alone_rate=0.9)
    if any(c.kind is CallKind.PARTNER_ALONE for c in deal.calls):
        assert _agree(deal, rules)
