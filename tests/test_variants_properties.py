"""Properties of the engine at tables of two, three and five, against an oracle written here from
../shared/VARIANTS.md and RULES.md's common ground (its own card ranking, trick winner, partner
and points; it shares nothing with euchre_records.match.replay but the card tokens).

Deals are drawn whole: a shuffled pack, five cards to each of n seats, the turned card, a bidding,
for five hands an alone or a called card (anywhere: a hand, the kitty, the maker's own hand), and
a play where every card follows suit when it can — or, planted, one card that does not. The
record holds the hands (kind ``full``); the same deal without them (kind ``plays``) must score
the same when nobody revoked (the partner then found from the play).
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_records.model import FindingKind
from euchre_records.schema.tables import load_table_record
from euchre_records.match import replay

SUITS = "SHDC"
SAME_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}
RANKS = "9TJQKA"          # the 24-card pack; the 28-card pack adds 8 below
ORDER = "789TJQKA"


def pack(size: int) -> list[str]:
    ranks = RANKS if size == 24 else "8" + RANKS
    return [r + s for s in SUITS for r in ranks]


def suit_of(card: str, trump: str) -> str:
    """The suit a card belongs to: the left bower (jack of the same colour) is a trump."""
    if card[0] == "J" and card[1] == SAME_COLOUR[trump]:
        return trump
    return card[1]


def power(card: str, trump: str, led: str) -> int:
    if card == "J" + trump:
        return 100
    if card[0] == "J" and card[1] == SAME_COLOUR[trump]:
        return 99
    if card[1] == trump:
        return 50 + ORDER.index(card[0])
    if suit_of(card, trump) == led:
        return ORDER.index(card[0])
    return -1


def winner(cards: list[str], trump: str) -> int:
    led = suit_of(cards[0], trump)
    return max(range(len(cards)), key=lambda i: power(cards[i], trump, led))


def oracle_points(n: int, makers: list[int], alone: bool, tricks: int) -> list[int]:
    """VARIANTS.md under the modern preset (make 1, march 2, euchre 2)."""
    points = [0] * n
    defenders = [s for s in range(n) if s not in makers]
    if n == 2:
        value = 2 if tricks == 5 else 1 if tricks >= 3 else 2
    elif n == 3:
        value = 3 if tricks == 5 else 1 if tricks >= 3 else 2
    else:
        if alone:
            value = 5 if tricks == 5 else 1 if tricks >= 3 else 2
        else:
            value = 2 if tricks == 5 else 1 if tricks >= 3 else 2
    for s in (makers if tricks >= 3 else defenders):
        points[s] = value
    return points


@st.composite
def deals(draw: st.DrawFn, plant: bool) -> dict[str, Any]:
    n = draw(st.sampled_from([2, 3, 5]))
    size = 28 if n == 5 else 24
    cards = draw(st.permutations(pack(size)))
    hands = [list(cards[5 * s:5 * s + 5]) for s in range(n)]
    turned = cards[5 * n]
    kitty = list(cards[5 * n + 1:])
    dealer = draw(st.integers(0, n - 1))
    order = [(dealer + 1 + i) % n for i in range(n)]
    # the bidding: someone makes trump (a thrown-in deal has no play to check)
    round_two = draw(st.booleans())
    maker = draw(st.sampled_from(order))
    calls = []
    for s in order:
        if s == maker and not round_two:
            break
        calls.append("pass")
    alone = n == 5 and draw(st.booleans())
    tail = " alone" if alone else ""
    if round_two:
        for s in order:
            if s == maker:
                break
            calls.append("pass")
        trump = draw(st.sampled_from([x for x in SUITS if x != turned[1]]))
        calls.append(f"{maker}: {trump}{tail}")
    else:
        trump = turned[1]
        calls.append(f"{maker}: {'take' if maker == dealer else 'order'}{tail}")
    deal: dict[str, Any] = {"kind": "full", "dealer": str(dealer), "turned": turned,
                            "hands": {str(s): " ".join(h) for s, h in enumerate(hands)},
                            "kitty": " ".join(kitty), "calls": calls}
    held = [list(h) for h in hands]
    if not round_two:
        six = held[dealer] + [turned]
        discard = draw(st.sampled_from(six))
        six.remove(discard)
        held[dealer] = six
        deal["discard"] = discard
        undealt = kitty + [discard]
    else:
        undealt = kitty + [turned]
    partner = None
    if n == 5 and not alone:
        called = draw(st.sampled_from([c for c in pack(size) if suit_of(c, trump) != trump]))
        deal["called"] = called
        holder = next((s for s in range(n) if called in held[s]), None)
        partner = None if holder == maker or called in undealt else holder
    makers = [maker] + ([partner] if partner is not None else [])
    planted = draw(st.tuples(st.integers(0, 4), st.integers(1, n - 1))) if plant else None
    leader = (dealer + 1) % n
    tricks, won, revoke = [], 0, None
    for t in range(5):
        played: list[str] = []
        for j in range(n):
            s = (leader + j) % n
            hand = held[s]
            led = suit_of(played[0], trump) if played else None
            follow = [c for c in hand if led is not None and suit_of(c, trump) == led]
            off = [c for c in hand if led is not None and suit_of(c, trump) != led]
            if planted == (t, j) and follow and off and revoke is None:
                choice = draw(st.sampled_from(off))
                revoke = (t + 1, s)
            else:
                choice = draw(st.sampled_from(follow or hand))
            hand.remove(choice)
            played.append(choice)
        w = (leader + winner(played, trump)) % n
        won += w in makers
        tricks.append(f"{leader}: " + " ".join(played))
        leader = w
    deal["tricks"] = tricks
    lone = alone or n < 4 or partner is None
    return {"n": n, "deal": deal, "makers": makers, "alone": lone, "won": won, "revoke": revoke}


def record(n: int, deal: dict[str, Any]) -> dict[str, Any]:
    overrides = {"pack": 28} if n == 5 else {}
    return {"format": "euchre-records", "version": "1.0",
            "rules": {"preset": "modern", "seats": n, "overrides": overrides}, "deals": [deal]}


@settings(max_examples=150, deadline=None)
@given(deals(plant=False))
def test_legal_deals_score_as_the_oracle(case: dict[str, Any]) -> None:
    n, deal = case["n"], case["deal"]
    result = replay(load_table_record(record(n, deal)))
    got = result.deals[0]
    assert result.clean, result.findings
    assert sorted(got.makers) == sorted(case["makers"])
    assert got.maker_tricks == case["won"]
    assert list(got.points) == oracle_points(n, case["makers"], case["alone"], case["won"])
    # the same deal without the hands: the partner found from the play, the same points
    plays = {k: v for k, v in deal.items() if k not in ("hands", "kitty")}
    plays["kind"] = "plays"
    again = replay(load_table_record(record(n, plays)))
    assert again.clean
    assert again.deals[0].points == got.points
    assert again.deals[0].partner == got.partner


@settings(max_examples=150, deadline=None)
@given(deals(plant=True))
def test_a_planted_revoke_is_found_and_charged(case: dict[str, Any]) -> None:
    n, deal = case["n"], case["deal"]
    result = replay(load_table_record(record(n, deal)))
    revokes = [(f.trick, f.seat) for f in result.findings if f.kind is FindingKind.REVOKE]
    if case["revoke"] is None:
        assert revokes == []
        return
    assert revokes == [case["revoke"]]
    _, offender = case["revoke"]
    makers = case["makers"]
    offenders = makers if offender in makers else [s for s in range(n) if s not in makers]
    # modern §7: 2 points to each player of the other side; the hand is not scored
    expected = [0 if s in offenders else 2 for s in range(n)]
    assert list(result.deals[0].points) == expected
