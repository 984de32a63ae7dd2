"""The compiled kernels of the fast replay (euchre_records/_cplay.c) against their Python twins.

fast_kernels.py keeps ``_hand_masks``, ``_play_known`` and ``_play_inferred`` in Python, as the
fallback where the extension is absent and as the oracle here. Each C function either returns
what its twin returns for the same arguments, or raises TypeError for a shape it does not take
(the caller then runs the twin). Checked on:

- every kernel call the fast replay makes on random legal deals (testkit.simulate) under any
  preset and options, with hands and from plays alone, and on the same deals corrupted: two cards
  swapped (a revoke, a card not held), a card repeated, a card made unknown, a trick cut short;
- arbitrary arguments: foreign objects for cards and tricks, unhashable ones, huge and negative
  ints, wrong-sized orders; the C must never crash the interpreter and never return a value its
  twin would not;
- and the whole fast replay with the C against the fast replay without it.

Under CI (the ``CI`` variable set) the extension must import: a build that silently lost it
would run the pure path and every test here would pass on the twin alone.
"""

from __future__ import annotations

import os
import random
from typing import Any, Callable

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from euchre_records import fast_kernels, fastpath
from euchre_records.cards import JOKER, SEATS, Seat, Suit, make_pack
from euchre_records.errors import NotationError
from euchre_records.model import Call, CallKind, Deal, DealKind, Trick, replace
from euchre_records.rules import Rules, preset
from euchre_records.schema.tables import load_table_record
from euchre_records.fastpath import fast_table_deal
from euchre_records.testkit.simulate import random_deal

import reference_euchre as ref
import test_deal_properties as deal_properties
import test_fastpath_every_table as fastpath_tests

try:
    from euchre_records import _cplay
except ImportError:   # pragma: no cover - the build without a compiler
    _cplay = None   # type: ignore[assignment]

needs_c = pytest.mark.skipif(_cplay is None, reason="euchre_records._cplay is not built")

TWINS: dict[str, Callable[..., Any]] = {
    "bid": fastpath._bid,
    "hand_masks": fastpath._hand_masks,
    "play_known": fastpath._play_known,
    "play_inferred": fastpath._play_inferred,
}
CARDS = tuple(make_pack(32, True))
KERNELS = ("bid", "hand_masks", "play_known", "play_inferred")


def _kernels() -> tuple[Callable[..., Any], ...]:
    """What fastpath calls now for each of KERNELS."""
    return tuple(getattr(fastpath, f"_c_{name}") for name in KERNELS)


def _set_kernels(*fns: Callable[..., Any]) -> None:
    for name, fn in zip(KERNELS, fns):
        setattr(fastpath, f"_c_{name}", fn)


def test_the_extension_is_built_under_ci() -> None:
    if not os.environ.get("CI"):
        pytest.skip("only required where CI is set")
    import euchre_records._cplay  # noqa: F401  (fails the test when it does not import)
    assert fastpath.COMPILED
    assert fastpath._c_play_known is not fastpath._play_known


def _copy(value: Any) -> Any:
    """A fresh copy of a mutable argument (the Python twin consumes its masks list)."""
    return list(value) if isinstance(value, list) else value


def compare(name: str, *args: Any) -> Any:
    """Call the C kernel ``name`` and its twin on copies of ``args``; assert the contract and
    return the twin's result (or the exception it raised)."""
    c_fn = getattr(_cplay, name)
    try:
        c_result: Any = c_fn(*map(_copy, args))
        c_error: BaseException | None = None
    except Exception as e:   # noqa: BLE001 - any exception is compared below
        c_error = e
    try:
        py_result: Any = TWINS[name](*map(_copy, args))
        py_error: BaseException | None = None
    except Exception as e:   # noqa: BLE001
        py_error = e
    if c_error is None:
        assert py_error is None, f"{name}: C returned {c_result!r}, the twin raised {py_error!r}"
        assert c_result == py_result and type(c_result) is type(py_result), (
            f"{name}{args!r}: C {c_result!r}, twin {py_result!r}")
        return py_result
    if isinstance(c_error, TypeError):
        return py_error or py_result   # not taken by the C: the twin decides
    assert py_error is not None and type(c_error) is type(py_error), (
        f"{name}: C raised {c_error!r}, the twin {py_error!r}")
    return py_error


class _Spy:
    """Stands for fastpath's compiled kernels: every call is checked against the twin."""

    def __init__(self) -> None:
        self.calls: dict[str, int] = {n: 0 for n in TWINS}

    def kernel(self, name: str) -> Callable[..., Any]:
        def call(*args: Any) -> Any:
            self.calls[name] += 1
            result = compare(name, *args)
            if isinstance(result, Exception):
                raise result
            return result
        return call


rule_sets = deal_properties.rule_sets   # the replay properties' rule sets, one definition


def corrupted(deal: Deal, rng: random.Random, how: int) -> Deal:
    """``deal`` with one fault of kind ``how`` (0: none)."""
    if how == 7 and deal.calls:   # one call another word, seat or loner
        calls = list(deal.calls)
        k = rng.randrange(len(calls))
        calls[k] = Call(rng.choice(list(CallKind)), rng.choice([None, *SEATS]),
                        rng.choice([None, *Suit]), rng.random() < 0.5)
        return replace(deal, calls=tuple(calls))
    if not deal.tricks or how == 0:
        return deal
    tricks: list[list[Any]] = [list(t.cards) for t in deal.tricks]
    a, b = rng.randrange(len(tricks)), rng.randrange(len(tricks))
    i, j = rng.randrange(len(tricks[a])), rng.randrange(len(tricks[b]))
    if how == 1:     # two played cards swapped: a revoke, or a card its player does not hold
        tricks[a][i], tricks[b][j] = tricks[b][j], tricks[a][i]
    elif how == 2:   # a card played twice
        tricks[a][i] = tricks[b][j]
    elif how == 3:   # an unknown card
        tricks[a][i] = None
    elif how == 4:   # a trick one card short
        tricks[a].pop()
    elif how == 5 and deal.hands is not None:   # a card in two hands
        hands = [list(h) for h in deal.hands]
        hands[rng.randrange(4)][rng.randrange(5)] = hands[rng.randrange(4)][rng.randrange(5)]
        return replace(deal, hands=tuple(tuple(h) for h in hands))
    elif how == 6:   # another trick leader
        t = deal.tricks[a]
        return replace(deal, tricks=deal.tricks[:a] + (Trick(t.cards, SEATS[rng.randrange(4)]),)
                       + deal.tricks[a + 1:])
    return replace(deal, tricks=tuple(Trick(tuple(t)) for t in tricks))


@needs_c
@settings(max_examples=400, deadline=None)
@given(rule_sets(), st.integers(0, 2**32 - 1), st.sampled_from(SEATS), st.integers(0, 7))
def test_every_kernel_call_of_the_fast_replay_equals_its_twin(
        rules: Rules, seed: int, dealer: Seat, how: int) -> None:
    rng = random.Random(seed)
    deal = corrupted(random_deal(rng, rules, dealer, pass_rate=0.4), rng, how)
    spy = _Spy()
    saved = _kernels()
    try:
        _set_kernels(*(spy.kernel(name) for name in KERNELS))
        for variant in (deal, replace(deal, kind=DealKind.PLAYS, hands=None, kitty=None)):
            fastpath.fast_replay(variant, rules, 2)
    finally:
        _set_kernels(*saved)


@needs_c
@settings(max_examples=300, deadline=None)
@given(fastpath_tests.made_deals(), st.integers(0, 2**32 - 1), st.booleans())
def test_every_kernel_call_at_a_table_of_n_equals_its_twin(drawn: Any, seed: int,
                                                            corrupt: bool) -> None:
    """Issue 32: one kernel for every table. At tables of two, three and five (deals of the
    independent reference, tests/reference_euchre.py, and their corruptions) the table's fast path
    calls the same hand_masks and play_known as the four-handed one, with n seats: each call
    equals its twin's."""
    made, _ = drawn
    deal = made.record["deals"][0]
    if corrupt:
        deal = fastpath_tests._corrupt(deal, random.Random(seed))
    try:
        record = load_table_record(dict(made.record, deals=[deal]))
    except NotationError:
        return
    spy = _Spy()
    saved = _kernels()
    try:
        _set_kernels(*(spy.kernel(name) for name in KERNELS))
        fast_table_deal(record, record.deals[0], 1)
    finally:
        _set_kernels(*saved)


def test_the_kernels_are_reached_at_every_table() -> None:
    """The spy above compares something: clean deals at each table of n call both kernels, and
    the fast path takes them."""
    if _cplay is None:
        pytest.skip("euchre_records._cplay is not built")
    for seats in sorted(ref.VARIANTS):
        spy = _Spy()
        saved = _kernels()
        taken = 0
        try:
            _set_kernels(*(spy.kernel(name) for name in KERNELS))
            for seed in range(30):
                made = ref.random_variant_record(random.Random(seed), seats,
                                                                "modern", pass_rate=0.3)
                record = load_table_record(made.record)
                taken += fast_table_deal(record, record.deals[0], 1) is not None
        finally:
            _set_kernels(*saved)
        assert taken > 10, (seats, taken)
        assert spy.calls["hand_masks"] >= 30 and spy.calls["play_known"] >= 10, (seats, spy.calls)


def test_the_kernels_are_reached_on_clean_deals() -> None:
    """The spy above compares something: clean deals call all three kernels."""
    if _cplay is None:
        pytest.skip("euchre_records._cplay is not built")
    rules = preset("modern")
    spy = _Spy()
    saved = _kernels()
    try:
        _set_kernels(*(spy.kernel(name) for name in KERNELS))
        taken = 0
        for seed in range(40):
            deal = random_deal(random.Random(seed), rules, SEATS[seed % 4], pass_rate=0.2)
            for variant in (deal, replace(deal, kind=DealKind.PLAYS, hands=None, kitty=None)):
                taken += fastpath.fast_replay(variant, rules, 1) is not None
    finally:
        _set_kernels(*saved)
    assert taken > 40
    assert min(spy.calls.values()) > 10, spy.calls


@given(rule_sets(), st.integers(0, 2**32 - 1), st.sampled_from(SEATS), st.integers(0, 7))
@settings(max_examples=200, deadline=None)
def test_the_fast_replay_is_the_same_with_and_without_the_c(
        rules: Rules, seed: int, dealer: Seat, how: int) -> None:
    rng = random.Random(seed)
    deal = corrupted(random_deal(rng, rules, dealer, pass_rate=0.4), rng, how)
    for variant in (deal, replace(deal, kind=DealKind.PLAYS, hands=None, kitty=None)):
        with_c = fastpath.fast_replay(variant, rules, 4)
        saved = _kernels()
        try:
            _set_kernels(*(TWINS[name] for name in KERNELS))
            without = fastpath.fast_replay(variant, rules, 4)
        finally:
            _set_kernels(*saved)
        assert with_c == without


# --- arbitrary arguments: never a crash, never a value the twin would not give ---

class _Odd:
    """An object with attributes of any kind (a trick-like thing that is not a Trick)."""

    def __init__(self, cards: Any, leader: Any) -> None:
        self.cards = cards
        self.leader = leader


class _NoLeader:
    def __init__(self, cards: Any) -> None:
        self.cards = cards


small_ints = st.integers(-3, 8)
seat_ints = st.integers(0, 3)
big_ints = st.one_of(st.integers(0, 2**34), st.integers(0, 2**34), st.integers(-2**70, 2**70),
                     st.just(2**64 - 1), st.just(2**64))
anything = st.one_of(st.none(), small_ints, st.text(max_size=3), st.just([1]), st.just({}),
                     st.sampled_from(list(Suit)), st.sampled_from(list(Seat)), st.booleans())
cardish = st.one_of(st.sampled_from(CARDS), st.sampled_from(CARDS), st.sampled_from(CARDS),
                    anything)
card_tuples = st.lists(cardish, min_size=0, max_size=6).map(tuple)
leaders = st.one_of(st.none(), st.sampled_from(list(Seat)), small_ints, st.text(max_size=2))
trickish = st.one_of(
    st.builds(Trick, card_tuples, st.one_of(st.none(), st.sampled_from(list(Seat)))),
    st.builds(_Odd, st.one_of(card_tuples, st.lists(cardish, max_size=5), anything), leaders),
    st.builds(_NoLeader, card_tuples),
    anything)
real_tricks = st.builds(Trick, st.lists(st.sampled_from(CARDS), min_size=3, max_size=4).map(tuple),
                        st.one_of(st.none(), st.none(), st.sampled_from(list(Seat))))
trick_seqs = st.one_of(st.lists(real_tricks, max_size=6).map(tuple),
                       st.lists(st.one_of(real_tricks, trickish), max_size=7).map(tuple),
                       st.lists(trickish, max_size=3), anything)
real_orders = st.sampled_from([o for o in fastpath._ORDERS if o])
orderish = st.one_of(
    real_orders, real_orders,
    st.lists(st.lists(small_ints, min_size=0, max_size=5).map(tuple), min_size=0,
             max_size=5).map(tuple),
    anything)
trumps = st.one_of(st.sampled_from(list(Suit)), st.sampled_from(list(Suit)), anything)
maskish = st.one_of(st.lists(st.integers(0, 2**33 - 1), min_size=4, max_size=4),
                    st.lists(st.integers(0, 2**33 - 1), min_size=4, max_size=4),
                    st.lists(big_ints, min_size=4, max_size=4),
                    st.lists(big_ints, min_size=0, max_size=6),
                    st.lists(big_ints, min_size=4, max_size=4).map(tuple), anything)
PACK_MASKS = [sum(1 << c.index for c in make_pack(p, j)) for p in (24, 28, 32) for j in (False, True)]
packs = st.one_of(st.sampled_from(PACK_MASKS), big_ints, anything)


@needs_c
@settings(max_examples=700, deadline=None)
@given(trick_seqs, orderish, st.one_of(seat_ints, seat_ints, anything), trumps, maskish)
def test_play_known_on_arbitrary_arguments(tricks: Any, orders: Any, lead: Any, trump: Any,
                                           masks: Any) -> None:
    compare("play_known", tricks, orders, lead, trump, masks)


@needs_c
@settings(max_examples=700, deadline=None)
@given(trick_seqs, orderish, st.one_of(seat_ints, seat_ints, anything), trumps, packs,
       st.one_of(st.just(0), big_ints, anything),
       st.one_of(st.sampled_from([1 << c.index for c in CARDS]), big_ints, anything),
       st.one_of(seat_ints, small_ints, big_ints, anything))
def test_play_inferred_on_arbitrary_arguments(tricks: Any, orders: Any, lead: Any, trump: Any,
                                              pack: Any, used: Any, turned_bit: Any,
                                              dealer: Any) -> None:
    compare("play_inferred", tricks, orders, lead, trump, pack, used, turned_bit, dealer)


hashable_cards = st.lists(st.one_of(st.sampled_from(CARDS), st.sampled_from(CARDS),
                                   st.sampled_from([None, "AS", 3, Suit.SPADES, Seat.N])),
                         max_size=5).map(tuple)
typed_tricks = st.lists(st.one_of(real_tricks, real_tricks, st.builds(
    Trick, hashable_cards, st.one_of(st.none(), st.sampled_from(list(Seat))))), max_size=5).map(tuple)
held = st.lists(st.integers(0, 2**33 - 1), min_size=4, max_size=4)


@needs_c
@settings(max_examples=600, deadline=None)
@given(typed_tricks, real_orders, seat_ints, st.sampled_from(list(Suit)), held)
def test_play_known_on_arbitrary_cards(tricks: Any, orders: Any, lead: int, trump: Suit,
                                       masks: list[int]) -> None:
    """Arguments of the types the fast replay passes, holding any cards: equal to the twin."""
    assert not isinstance(compare("play_known", tricks, orders, lead, trump, masks), TypeError)


@needs_c
@settings(max_examples=600, deadline=None)
@given(typed_tricks, real_orders, seat_ints, st.sampled_from(list(Suit)),
       st.sampled_from(PACK_MASKS), st.integers(0, 2**33 - 1),
       st.sampled_from([1 << c.index for c in CARDS]), seat_ints)
def test_play_inferred_on_arbitrary_cards(tricks: Any, orders: Any, lead: int, trump: Suit,
                                          pack: int, used: int, turned_bit: int,
                                          dealer: int) -> None:
    result = compare("play_inferred", tricks, orders, lead, trump, pack, used & pack, turned_bit,
                     dealer)
    assert not isinstance(result, TypeError)


hand_tuples = st.lists(card_tuples, min_size=0, max_size=5).map(tuple)


@needs_c
@settings(max_examples=700, deadline=None)
@given(st.one_of(hand_tuples, hand_tuples.map(list), anything),
       st.one_of(st.none(), card_tuples, st.lists(cardish, max_size=12), anything),
       st.one_of(st.sampled_from([1 << c.index for c in CARDS]), big_ints, anything), packs)
# found once: a five-card hand of unhashable things before a hand of another size; the twin for
# any n read the cards before checking every hand's size (the C checks the sizes first)
@example((([], [], [], [], []), ()), None, 0, 0)
def test_hand_masks_on_arbitrary_arguments(hands: Any, kitty: Any, turned_bit: Any,
                                           pack: Any) -> None:
    compare("hand_masks", hands, kitty, turned_bit, pack)


@needs_c
@settings(max_examples=600, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([24, 28, 32]), st.booleans(), st.integers(0, 3))
def test_hand_masks_of_dealt_hands_and_their_corruptions(seed: int, pack: int, joker: bool,
                                                         how: int) -> None:
    """Hands dealt from a shuffled pack (the oracle: distinct cards, the rest the kitty), then
    one card repeated, made unknown or taken from outside the pack."""
    rng = random.Random(seed)
    cards = list(make_pack(pack, joker))
    rng.shuffle(cards)
    hands: list[list[Any]] = [cards[5 * s:5 * s + 5] for s in range(4)]
    turned, kitty = cards[20], cards[21:]
    pack_mask = sum(1 << c.index for c in make_pack(pack, joker))
    if how == 1:
        hands[rng.randrange(4)][rng.randrange(5)] = rng.choice(cards)
    elif how == 2:
        hands[rng.randrange(4)][rng.randrange(5)] = None
    elif how == 3:
        outside = [c for c in CARDS if c not in cards]
        if outside:
            hands[rng.randrange(4)][rng.randrange(5)] = rng.choice(outside)
    as_tuples = tuple(tuple(h) for h in hands)
    for k in (tuple(kitty), None):
        result = compare("hand_masks", as_tuples, k, 1 << turned.index, pack_mask)
        items = [c for h in hands for c in h] + [turned] + list(k or ())
        if (None not in items and len(set(items)) == len(items)
                and all(pack_mask >> c.index & 1 for c in items if c is not None)):
            assert result == [sum(1 << c.index for c in h) for h in hands]
        else:
            assert result is None


def test_a_joker_in_a_hand_is_one_more_card() -> None:
    """The joker has a bit of its own (index 32): a hand with it masks like any other."""
    if _cplay is None:
        pytest.skip("euchre_records._cplay is not built")
    pack = list(make_pack(24, True))
    hands = tuple(tuple(pack[5 * s:5 * s + 5]) for s in range(4))
    assert JOKER in pack
    pack_mask = sum(1 << c.index for c in pack)
    masks = compare("hand_masks", hands, tuple(pack[21:]), 1 << pack[20].index, pack_mask)
    assert masks == [sum(1 << c.index for c in h) for h in hands]


def test_init_refuses_bad_tables_and_keeps_working() -> None:
    """init() checks its tables; a refused init leaves the module refusing calls (RuntimeError),
    never reading stale pointers; the tables fastpath.py builds restore it."""
    if _cplay is None:
        pytest.skip("euchre_records._cplay is not built")
    suits = tuple(Suit)
    by_bit = fastpath._BY_BIT
    try:
        with pytest.raises(ValueError):
            _cplay.init((CARDS[0], CARDS[0]), suits, ((0, 0),) * 4, ((1, 2),) * 4)
        with pytest.raises(ValueError):
            _cplay.init(CARDS, suits, ((0,),) * 4, ((1,),) * 4)
        with pytest.raises(RuntimeError):
            _cplay.play_known((), fastpath._ORDERS[0], 0, Suit.SPADES, [0, 0, 0, 0])
        with pytest.raises(RuntimeError):
            _cplay.hand_masks((), None, 0, 0)
    finally:
        _cplay.init(by_bit, suits,
                    tuple(tuple(fastpath._EFF[t][c][0] for c in by_bit) for t in suits),
                    tuple(tuple(fastpath._EFF[t][c][1] for c in by_bit) for t in suits))
    assert _cplay.play_known((), fastpath._ORDERS[0], 0, Suit.SPADES, [0, 0, 0, 0]) == []


def test_without_the_extension_the_pure_path_runs() -> None:
    """An interpreter where ``_cplay`` cannot import (no compiler at install) replays the same."""
    import subprocess
    import sys
    script = (
        "import sys; sys.modules['euchre_records._cplay'] = None\n"
        "from euchre_records import fastpath\n"
        "from euchre_records.match import replay\n"
        "from euchre_records.testkit.samples import random_record\n"
        "from euchre_records.schema.notation import dumps\n"
        "assert not fastpath.COMPILED and fastpath._c_play_known is fastpath._play_known\n"
        "r = random_record(3)\n"
        "print(repr(replay(r)))\n")
    pure = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True).stdout
    from euchre_records.testkit.samples import random_record

    from euchre_records.match import replay
    assert pure.strip() == repr(replay(random_record(3)))


# --- the bidding walk ---

class _OddCall:
    """A call-like object whose attributes may be anything (or missing)."""

    def __init__(self, **attrs: Any) -> None:
        self.__dict__.update(attrs)


kinds = st.sampled_from(list(CallKind))
seats_or_none = st.one_of(st.none(), st.sampled_from(SEATS))
real_calls = st.builds(Call, kinds, seats_or_none, st.one_of(st.none(), st.sampled_from(list(Suit))),
                       st.booleans())
odd_calls = st.one_of(
    st.builds(_OddCall, kind=st.one_of(kinds, anything), seat=st.one_of(seats_or_none, anything),
              suit=st.one_of(st.none(), st.sampled_from(list(Suit)), anything),
              alone=st.one_of(st.booleans(), anything)),
    st.builds(_OddCall, kind=kinds), st.builds(_OddCall, kind=kinds, seat=seats_or_none),
    anything)
call_seqs = st.one_of(
    st.lists(real_calls, max_size=12).map(tuple), st.lists(real_calls, max_size=12).map(tuple),
    st.lists(st.one_of(real_calls, real_calls, real_calls, odd_calls), max_size=12).map(tuple))


@needs_c
@settings(max_examples=700, deadline=None)
@given(call_seqs, st.sampled_from(SEATS), st.sampled_from(list(Suit)), st.integers(0, 15))
def test_bid_on_arbitrary_calls(calls: Any, dealer: Seat, turned: Suit, flags: int) -> None:
    compare("bid", calls, SEATS, dealer, turned, flags)


@needs_c
@settings(max_examples=600, deadline=None)
@given(st.one_of(call_seqs, st.lists(real_calls, max_size=3), anything),
       st.one_of(st.sampled_from(SEATS), small_ints, anything), st.one_of(st.sampled_from(list(Suit)), anything),
       st.one_of(st.integers(0, 31), big_ints, anything),
       st.one_of(st.just(SEATS), st.integers(1, 9).map(lambda n: tuple(range(n))), anything))
def test_bid_on_arbitrary_arguments(calls: Any, dealer: Any, turned: Any, flags: Any,
                                    seats: Any) -> None:
    compare("bid", calls, seats, dealer, turned, flags)


@st.composite
def biddings(draw: st.DrawFn) -> tuple[tuple[Call, ...], Seat, Suit]:
    """Calls near a legal bidding: passes in turn (seat given or not), a making call in turn (the
    proper word, or another), then loners, take-overs and defenders by any seat, and strays."""
    dealer = draw(st.sampled_from(SEATS))
    turned = draw(st.sampled_from(list(Suit)))
    n = draw(st.integers(0, 8))
    in_turn = [SEATS[(dealer + 1 + i) & 3] for i in range(9)]
    calls = [Call(CallKind.PASS, draw(st.sampled_from([None, in_turn[i]]))) for i in range(n)]
    if n < 8 and draw(st.integers(0, 3)):
        seat = in_turn[n]
        proper = (CallKind.TAKE, CallKind.ORDER, CallKind.ASSIST, CallKind.ORDER)   # by seat - dealer
        word = proper[(seat - dealer) & 3] if n < 4 else CallKind.NAME
        calls.append(Call(draw(st.sampled_from([word] * 12 + list(CallKind))),
                          draw(st.sampled_from([None, seat, seat, seat, *SEATS])),
                          draw(st.sampled_from([None, *Suit])), draw(st.booleans())))
    extra = st.builds(Call, st.sampled_from([CallKind.PARTNER_ALONE, CallKind.DEFEND_ALONE]),
                      st.sampled_from([None, *SEATS]), st.none(), st.booleans())
    calls += draw(st.lists(extra, max_size=3))
    if draw(st.integers(0, 5)) == 0:
        calls.insert(draw(st.integers(0, len(calls))), draw(real_calls))
    return tuple(calls), dealer, turned


@needs_c
@settings(max_examples=1200, deadline=None)
@given(biddings(), st.integers(0, 15))
def test_bid_on_biddings_near_legal_ones(case: tuple[tuple[Call, ...], Seat, Suit],
                                         flags: int) -> None:
    calls, dealer, turned = case
    assert not isinstance(compare("bid", calls, SEATS, dealer, turned, flags), Exception)


@st.composite
def table_biddings(draw: st.DrawFn) -> tuple[tuple[Call, ...], int, int, Suit]:
    """Calls near a legal bidding at a table of n (2 to 8 seats, the seats ints): passes in turn
    (seat given or not, alone or not), a making call in turn (the proper word, or another), and
    strays."""
    n = draw(st.integers(2, 8))
    dealer = draw(st.integers(0, n - 1))
    turned = draw(st.sampled_from(list(Suit)))
    count = draw(st.integers(0, 2 * n))
    in_turn = [(dealer + 1 + i) % n for i in range(2 * n + 1)]
    calls = [Call(CallKind.PASS, draw(st.sampled_from([None, in_turn[i]])),
                       alone=draw(st.integers(0, 9)) == 0) for i in range(count)]
    if count < 2 * n and draw(st.integers(0, 3)):
        seat = in_turn[count]
        word = (CallKind.NAME if count >= n else CallKind.TAKE if seat == dealer else
                CallKind.ORDER)
        calls.append(Call(draw(st.sampled_from([word] * 12 + list(CallKind))),
                               draw(st.sampled_from([None, seat, seat, seat, *range(n)])),
                               draw(st.sampled_from([None, *Suit])), draw(st.booleans())))
    if draw(st.integers(0, 5)) == 0:
        calls.insert(draw(st.integers(0, len(calls))),
                     Call(draw(st.sampled_from(list(CallKind))),
                               draw(st.sampled_from([None, *range(n)])),
                               draw(st.sampled_from([None, *Suit])), draw(st.booleans())))
    return tuple(calls), n, dealer, turned


@needs_c
@settings(max_examples=1200, deadline=None)
@given(table_biddings(), st.integers(0, 31))
def test_bid_at_tables_of_n(case: tuple[tuple[Call, ...], int, int, Suit], flags: int) -> None:
    """The walk at n seats (the seats the ints 0 .. n-1, as fast_table_deal gives them): the C
    equals its twin, and the four-handed options elsewhere than at four decline."""
    calls, n, dealer, turned = case
    result = compare("bid", calls, tuple(range(n)), dealer, turned, flags)
    assert not isinstance(result, Exception)
    if n != 4 and flags & fast_kernels._FOUR_ONLY:
        assert result is None


BIDDING_CASES = [
    # N deals, E (eldest) orders up, W (his partner, third hand) takes over alone: Somerset 74
    ((Call(CallKind.ORDER, Seat.E), Call(CallKind.PARTNER_ALONE, Seat.W)), 15,
     (Seat.W, Suit.SPADES, True, True, False, None)),
    # the same take-over after a defender went alone: refused (the detailed replay explains)
    ((Call(CallKind.ORDER, Seat.E), Call(CallKind.DEFEND_ALONE, Seat.N),
      Call(CallKind.PARTNER_ALONE, Seat.W)), 15, None),
    # a take-over of the take-over: refused
    ((Call(CallKind.ORDER, Seat.E), Call(CallKind.PARTNER_ALONE, Seat.W),
      Call(CallKind.PARTNER_ALONE, Seat.E)), 15, None),
    # two lone defenders: refused; one is kept
    ((Call(CallKind.ORDER, Seat.E), Call(CallKind.DEFEND_ALONE, Seat.N),
      Call(CallKind.DEFEND_ALONE, Seat.S)), 15, None),
    ((Call(CallKind.ORDER, Seat.E), Call(CallKind.DEFEND_ALONE, Seat.N)), 15,
     (Seat.E, Suit.SPADES, False, True, False, Seat.N)),
    # a lone defender of the makers' own side: refused
    ((Call(CallKind.ORDER, Seat.E), Call(CallKind.DEFEND_ALONE, Seat.W)), 15, None),
    # all pass twice: thrown in, unless the dealer is stuck
    ((Call(CallKind.PASS),) * 8, 0, (None, None, False, False, True, None)),
    ((Call(CallKind.PASS),) * 8, 1, None),
    # the dealer (N) takes up the card: his word is TAKE, not ORDER
    ((Call(CallKind.PASS),) * 3 + (Call(CallKind.TAKE, Seat.N),), 0,
     (Seat.N, Suit.SPADES, False, True, False, None)),
    ((Call(CallKind.PASS),) * 3 + (Call(CallKind.ORDER, Seat.N),), 0, None),
    # second round (E S W N E pass): S names hearts; naming the turned suit is refused
    ((Call(CallKind.PASS),) * 5 + (Call(CallKind.NAME, suit=Suit.HEARTS, alone=True),), 0,
     (Seat.S, Suit.HEARTS, True, False, False, None)),
    ((Call(CallKind.PASS),) * 6 + (Call(CallKind.NAME, suit=Suit.SPADES),), 0, None),
]


@pytest.mark.parametrize(("calls", "flags", "expected"), BIDDING_CASES)
def test_bid_on_hand_worked_biddings(calls: tuple[Call, ...], flags: int, expected: Any) -> None:
    """Hand-worked walks (N deals, spades turned; flags 15: stick, Canadian, take-overs and lone
    defenders all on; 0: all off; 1: stick the dealer only), by the twin and by the C."""
    assert fastpath._bid(calls, SEATS, Seat.N, Suit.SPADES, flags) == expected
    if _cplay is not None:
        assert compare("bid", calls, SEATS, Seat.N, Suit.SPADES, flags) == expected
