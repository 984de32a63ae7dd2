"""The analysis of records at tables of two, three and five (euchre_records/analysis.py,
issue 32), against the brute force of tests/dd_reference.py over random legal deals made here
(no engine code makes them: the pack, the deal, the bidding and the play are drawn from the laws
of ../shared/VARIANTS.md, with the reference's own following and trick winner):

- the value before each card of the last tricks is the makers' tricks won so far plus the
  minimax of the rest, the makers being read from the hands here (the maker, and five-handed
  the holder of the called card);
- each card's cost is what its side lost from before it to after it (never negative);
- the makers' tricks as scored are the replay's.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import example, given, settings, strategies as st

from dd_reference import _legal, _suit, _trick_winner, best_tricks
from euchre_records.interop.detect import load_any_table_data
from euchre_records.schema.notation import parse_json
from euchre_records.analysis import analyse_record

RANKS = {24: "9TJQKA", 28: "89TJQKA"}
PACK_OF = {2: 24, 3: 24, 5: 28}


def random_table_deal(n: int, seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """A full deal at a table of ``n`` as the notation writes it, and what the test knows of it
    (the hands at the start of play, the trump, the makers, the tricks as (seat, card))."""
    rng = random.Random(seed)
    pack = [r + s for s in "SHDC" for r in RANKS[PACK_OF[n]]]
    rng.shuffle(pack)
    dealt = [pack[5 * i:5 * i + 5] for i in range(n)]
    turned, kitty = pack[5 * n], pack[5 * n + 1:]
    dealer = rng.randrange(n)
    passes = rng.randrange(n)          # round 1: the (passes+1)-th seat from the dealer's left accepts
    maker = (dealer + 1 + passes) % n
    calls = ["pass"] * passes + ["take" if maker == dealer else "order"]
    trump = turned[1]
    hands = [list(h) for h in dealt]
    six = hands[dealer] + [turned]
    discard = rng.choice(hands[dealer])   # the modern rule: not the turned card
    hands[dealer] = [c for c in six if c != discard]
    deal: dict[str, Any] = {"kind": "full", "dealer": str(dealer), "turned": turned,
                            "hands": {str(s): " ".join(dealt[s]) for s in range(n)},
                            "kitty": " ".join(kitty), "calls": calls, "discard": discard}
    makers = {maker}
    if n == 5:
        plain = [c for c in pack if _suit(c, trump) != trump]
        called = rng.choice(plain)
        deal["called"] = called
        makers |= {s for s in range(n) if called in hands[s]}
    start = [list(h) for h in hands]
    tricks: list[list[tuple[int, str]]] = []
    leader = (dealer + 1) % n
    for _ in range(5):
        trick: list[tuple[int, str]] = []
        for j in range(n):
            seat = (leader + j) % n
            led = _suit(trick[0][1], trump) if trick else None
            card = rng.choice(_legal(hands[seat], led, trump))
            hands[seat].remove(card)
            trick.append((seat, card))
        tricks.append(trick)
        leader = int(_trick_winner(trick, trump))   # type: ignore[call-overload]
    deal["tricks"] = [" ".join(c for _, c in t) for t in tricks]
    known = {"start": start, "trump": trump, "makers": makers, "tricks": tricks}
    return deal, known


def _record(n: int, deal: dict[str, Any]) -> str:
    return json.dumps({"format": "euchre-records", "version": "1.0",
                       "rules": {"preset": "modern", "seats": n,
                                 "overrides": {"pack": PACK_OF[n]}},
                       "deals": [deal]})


def _check(n: int, seed: int, last: int) -> None:
    deal, known = random_table_deal(n, seed)
    analysis = analyse_record(load_any_table_data(parse_json(_record(n, deal))))
    a = analysis.deals[0]
    assert a.known, a.reason
    makers, trump, tricks = known["makers"], known["trump"], known["tricks"]
    hands = {s: list(h) for s, h in enumerate(known["start"])}
    won, i = 0, 0
    for t, trick in enumerate(tricks):
        for k, (seat, card) in enumerate(trick):
            p = a.plays[i]
            assert (p.trick, p.seat, p.card.name) == (t + 1, seat, card)
            if t >= 5 - last:
                want = won + best_tricks(hands, trick[0][0], trump, makers, tuple(trick[:k]), range(n))
                assert p.before == want, (t, k, p)
            lost = (p.before - p.after) if seat in makers else (p.after - p.before)
            assert p.cost == max(0, lost)
            hands[seat].remove(card)
            i += 1
        if _trick_winner(trick, trump) in makers:
            won += 1
    assert a.taken == won
    assert a.plays[-1].after == won
    # the calls: the trump made is the only one round 1 allows; its row counts the dealer's best
    # discard, so it is at least the deal's value when the dealer made trump, at most otherwise
    # (two and three: the maker alone, so the row's makers are the deal's)
    assert [c.allowed for c in a.calls] == [c.trump.value == trump for c in a.calls]
    if n < 5:
        made = next(c for c in a.calls if c.trump.value == trump)
        dealer = int(deal["dealer"])
        maker = next(iter(makers))
        assert made.tricks >= a.tricks if maker == dealer else made.tricks <= a.tricks
    assert len(a.best_calls) == n and all(b.maker == i for i, b in enumerate(a.best_calls))


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6))
@example(0)
def test_two_handed_every_play_is_the_minimax(seed: int) -> None:
    _check(2, seed, last=5)


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**6))
@example(0)
def test_three_handed_the_last_three_tricks_are_the_minimax(seed: int) -> None:
    _check(3, seed, last=3)


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 10**6))
@example(0)
def test_five_handed_the_last_two_tricks_are_the_minimax(seed: int) -> None:
    _check(5, seed, last=2)
