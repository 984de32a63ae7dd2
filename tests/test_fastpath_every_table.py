"""The one fast path (euchre_records/fastpath.py: ``fast_replay`` for four hands, ``fast_table_deal``
for two, three and five, one kernel for the cards) held equal to the detailed replay at every table
size.

The oracle is the detailed replay of the same deal (``deal.replay_in_detail``, the one detailed
replay of every table, which builds findings and explains): the fast path must give exactly its result or decline (None); where the detailed replay refuses a deal the
fast path declines it. Deals come from the independent reference (tests/reference_euchre.py,
written from RULES.md and VARIANTS.md apart from the engine: legal deals of every variant and
preset, some with planted revokes), from corruptions of them (a card moved, a call changed), and
the goldens of tests/golden/variants. Whole records are replayed with the fast path and with it
switched off: the same ReplayResult. And the fast path must take the clean deals it is meant for
(no revoke, every card known), whose winners and points are the reference's own, or it would
hold nothing. (Four-handed corruptions and biddings: tests/test_deal_properties.py.)
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
import reference_euchre as ref
from hypothesis import given, settings
from hypothesis import strategies as st

import euchre_records.match as match
from euchre_records.errors import InconsistentRecord, NotationError
from euchre_records.schema.notation import load_record
from euchre_records.schema.tables import load_any, load_table_record
from euchre_records.deal import replay_in_detail
from euchre_records.fastpath import fast_table_deal
from euchre_records.model import DealResult, Record, ReplayResult
from fastpath_support import fast_and_detailed
from golden_cases import cases

GOLDEN = Path(__file__).with_name("golden") / "variants"
PRESETS = ("somerset-1888", "hoyle", "modern")


def _detailed(record: Record, index: int) -> DealResult | None:
    try:
        return replay_in_detail(record, record.deals[index], record.rules, index + 1,
                                f"deals[{index}]")
    except InconsistentRecord:
        return None


def _check(record: Record) -> list[DealResult | None]:
    """Each deal's fast result, asserting the contract against the detailed one."""
    out = []
    for i, deal in enumerate(record.deals):
        fast = fast_table_deal(record, deal, i + 1)
        detailed = _detailed(record, i)
        if detailed is None:
            assert fast is None, f"deal {i + 1}: the detailed replay refuses it, the fast path took it"
        else:
            assert fast is None or fast == detailed, (fast, detailed)
        out.append(fast)
    return out


def _replayed(record: Record, fast: bool = True) -> ReplayResult:
    """The whole record replayed at its table, with the fast path or with it switched off (every
    deal by the detailed replay)."""
    with pytest.MonkeyPatch.context() as m:
        if not fast:
            m.setattr(match, "fast_table_deal", lambda *args: None)
            m.setattr(match, "fast_replay", lambda *args: None)
        return match.replay(record)


@st.composite
def made_deals(draw: st.DrawFn) -> tuple[ref.VariantMade, dict[str, Any]]:
    seats = draw(st.sampled_from(sorted(ref.VARIANTS)))
    case = {"preset": draw(st.sampled_from(PRESETS)),
            "size": draw(st.sampled_from(ref.VARIANT_PACKS[seats])), "joker": draw(st.booleans()),
            "revoke_rate": draw(st.sampled_from([0.0, 0.0, 0.1])),
            "pass_rate": draw(st.sampled_from([0.3, 0.6, 0.9])),
            "cutthroat_euchre": draw(st.sampled_from(["each-opponent-2", "maker-minus-2"]))
            if seats == 3 else "each-opponent-2",
            "revoke_to": draw(st.sampled_from(["add", "deduct"])),
            "fast_break": draw(st.booleans())}
    case["no_trump"] = not case["joker"] and draw(st.booleans())   # no joker with no trump
    case["joker_turned"] = case["joker"] and draw(st.booleans())   # RULES.md joker_upcard dealer-names
    made = ref.random_variant_record(random.Random(draw(st.integers(0, 2**32 - 1))), seats, **case)
    return made, case


@settings(max_examples=300, deadline=None)
@given(made_deals())
def test_the_fast_path_equals_the_detailed_replay_on_legal_deals(drawn: Any) -> None:
    made, case = drawn
    record = load_table_record(made.record)
    fast, = _check(record)
    clean = not made.revokes
    if made.fast_break or made.trump == ref.NO_TRUMP or case["joker_turned"]:
        # declined (house rules fast_break, allow_no_trump; the joker turned): the detailed
        # replay scores it
        detailed = _detailed(record, 0)
        assert fast is None and detailed is not None, made.record
        assert list(detailed.points) == made.points, made.record
        assert [record.table.token(s) for s in detailed.winners] == made.winners, made.record
    elif clean:   # a clean, fully known deal is the fast path's to take
        assert fast is not None, made.record
        assert list(fast.points) == made.points
        assert [record.table.token(s) for s in fast.winners] == made.winners


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


def _corrupt(deal: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The deal with one change a record could carry: two played cards swapped (a card not held,
    a revoke, a wrong winner), a call or the leader changed, the discard or called card changed."""
    deal = json.loads(json.dumps(deal))
    what = rng.randrange(6)
    tricks = deal.get("tricks") or []
    if what == 0 and tricks:
        t1, t2 = rng.randrange(len(tricks)), rng.randrange(len(tricks))
        a, b = tricks[t1].split(), tricks[t2].split()
        i, j = rng.randrange(len(a)), rng.randrange(len(b))
        if t1 == t2:
            a[i], a[j] = a[j], a[i]
            tricks[t1] = " ".join(a)
        else:
            a[i], b[j] = b[j], a[i]
            tricks[t1], tricks[t2] = " ".join(a), " ".join(b)
    elif what == 1 and deal["calls"]:
        deal["calls"][rng.randrange(len(deal["calls"]))] = rng.choice(
            ["pass", "order", "take", "S", "H", "D", "C", "order alone"])
    elif what == 2 and tricks:
        t = rng.randrange(len(tricks))
        tricks[t] = f"{rng.randrange(len(deal['hands']))}: {tricks[t]}"
    elif what == 3 and "discard" in deal:
        deal["discard"] = rng.choice(" ".join(deal["hands"].values()).split())
    elif what == 4 and "called" in deal:
        deal["called"] = rng.choice(" ".join(deal["hands"].values()).split())
    elif what == 5 and tricks:
        deal["unfinished"] = True
        del tricks[-1]
    return deal


@settings(max_examples=300, deadline=None)
@given(made_deals(), st.integers(0, 2**32 - 1))
def test_the_fast_path_never_takes_what_the_detailed_replay_would_decide_otherwise(
        drawn: Any, seed: int) -> None:
    made, _ = drawn
    deal = _corrupt(made.record["deals"][0], random.Random(seed))
    try:
        record = load_table_record(dict(made.record, deals=[deal]))
    except NotationError:
        return   # refused by the reader: no replay of either kind
    _check(record)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(ref.VARIANTS)), st.sampled_from(PRESETS), st.integers(0, 2**32 - 1))
def test_a_whole_record_replays_the_same_with_and_without_the_fast_path(
        seats: int, preset: str, seed: int) -> None:
    rng = random.Random(seed)
    deals = []
    for i in range(8):   # a game or more: deals of every kind the generator makes, some revoked
        made = ref.random_variant_record(rng, seats, preset, revoke_rate=0.05 if i % 3 else 0.0)
        deals.append(made.record["deals"][0])   # dealers at random: wrong-dealer findings too
    record_json = dict(made.record, deals=deals)
    try:
        record = load_table_record(record_json)
    except NotationError:
        return
    _check(record)
    assert _replayed(record) == _replayed(record, fast=False)


GOLDENS = sorted(p for p in GOLDEN.glob("*.json") if not p.name.endswith(".expected.json"))
FOUR_HANDED_GOLDENS = cases("deals") + cases("laws")


def _contract(record: Record) -> list[Any]:
    """Each deal's fast result at the record's table, asserting the contract against the
    detailed one (``_check`` at tables of n, ``fast_and_detailed`` at four)."""
    if not record.fixed_partnerships:
        return _check(record)
    return [fast_and_detailed(deal, record.rules, i + 1)[0] for i, deal in enumerate(record.deals)]


@pytest.mark.parametrize("path", GOLDENS + FOUR_HANDED_GOLDENS,
                         ids=[p.stem for p in GOLDENS] + [f"{p.parent.name}/{p.stem}" for p in FOUR_HANDED_GOLDENS])
def test_the_goldens_replay_the_same_with_and_without_the_fast_path(path: Path) -> None:
    """Every golden of every table size (tests/golden/variants at two, three and five; deals and
    laws at four): each deal's fast result is the detailed one or None, and the whole record
    replays the same, or is refused the same, with the fast path and without it."""
    record = load_any(json.loads(path.read_text(encoding="utf-8")))
    assert (not record.fixed_partnerships) == (path.parent == GOLDEN)
    _contract(record)
    try:
        fast = _replayed(record)
    except InconsistentRecord:
        with pytest.raises(InconsistentRecord):
            _replayed(record, fast=False)
        return
    assert fast == _replayed(record, fast=False)


def test_the_fast_path_takes_some_golden_deals() -> None:
    """At least the clean full deals of the goldens (two-handed march, cut-throat ...)."""
    taken = 0
    for path in GOLDENS:
        record = load_any(json.loads(path.read_text(encoding="utf-8")))
        assert not record.fixed_partnerships
        taken += sum(r is not None for r in _check(record))
    assert taken >= 5


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(PRESETS), st.integers(0, 2**32 - 1))
def test_a_maker_who_called_his_own_card_is_taken_alone_as_the_detailed_replay_says(
        preset: str, seed: int) -> None:
    """Five hands: the maker names a card not of the trump suit that he holds himself (the
    reference never makes one, so it is made here from its deals): he plays alone (VARIANTS.md
    five-handed), the fast path takes the deal and gives exactly the detailed result, its note
    included (no note where the card is the dealer-maker's discard: then it is undealt)."""
    rng = random.Random(seed)
    made = ref.random_variant_record(rng, 5, preset, size=28, alone_rate=0.0, revoke_rate=0.0)
    deal = json.loads(json.dumps(made.record["deals"][0]))
    if made.thrown_in or made.trump is None or made.maker is None:
        return
    own = [c for c in deal["hands"][made.maker].split()
           if ref.suit_of(c, made.trump) != made.trump]
    if not own:
        return
    deal["called"] = rng.choice(own)
    deal.pop("partner", None)
    record = load_table_record(dict(made.record, deals=[deal]))
    fast, = _check(record)
    detailed = _detailed(record, 0)
    assert detailed is not None and detailed.partner is None and detailed.alone
    assert fast == detailed
    # the dealer's own discard is a card undealt (VARIANTS.md five-handed): alone, without the note
    held = deal["called"] != deal.get("discard")
    assert any("holds the card he called" in note for note in fast.notes) == held
