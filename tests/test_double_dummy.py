"""The double-dummy solver (euchre_records/double_dummy.py) and the analysis built on it
(euchre_records/analysis.py): hand-worked goldens in tests/golden/analysis/ and its tables/
(solved by hand, trick by trick; never edited to match the engine), and a brute-force minimax
written apart (tests/dd_reference.py: no pruning, no memo, no engine code) as the oracle of
properties over random deals: four-handed ones, and ones parametrized over the table sizes 2, 3,
4 and 5 (issue 32: the solver and the analysis at every table, one test each).

Play (RULES.md, common ground): follow the suit led if able, the bowers belonging to trumps;
the highest trump wins, else the highest card of the suit led; the winner leads next.
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings, strategies as st

from dd_reference import _legal, _suit, _trick_winner, best_tricks
from euchre_records.analysis import analyse_record
from euchre_records.cards import SEATS, Card, Seat, Side, Suit, make_pack, parse_card
from euchre_records.double_dummy import DoubleDummy, Position, analysis_budget, solve
from euchre_records.errors import SearchBudgetExceeded
from euchre_records.model import Record
from euchre_records.rules import preset
from euchre_records.interop.detect import load_any, load_any_table_data
from euchre_records.schema.notation import parse_json
from euchre_records.testkit.simulate import random_deal

GOLDEN = Path(__file__).parent / "golden" / "analysis"


def _load(name: str) -> Record:
    return load_any((GOLDEN / f"{name}.json").read_text())


# --- the hand-worked goldens: four-handed, and one deal at each of 2, 3 and 5 (tables/; a no-trump
# deal at 3) --------------------------------------------------------------------------------------

GOLDENS = sorted(GOLDEN.glob("*.expected.json")) + sorted((GOLDEN / "tables").glob("*.expected.json"))


@pytest.mark.parametrize("path", GOLDENS, ids=lambda p: f"{p.parent.name}/{p.name[:-len('.expected.json')]}")
def test_hand_worked_golden(path: Path) -> None:
    """Each golden's deal as solved by hand, trick by trick (see its "why"), at any table: the
    seats as the table's tokens (N E S W, or 0 .. n-1)."""
    expected = json.loads(path.read_text())
    record = load_any_table_data(parse_json(path.with_name(path.name.replace(".expected", "")).read_text()))
    analysis = analyse_record(record)
    deal = analysis.deals[0]
    assert deal.known, deal.reason
    assert deal.tricks == expected["tricks"]
    assert list(deal.points or ()) == expected["points"]
    assert deal.taken == expected["taken"]
    got = [[analysis.tokens[p.seat], p.card.name, p.before, p.after, p.cost] for p in deal.plays]
    assert got == expected["plays"]
    if "best" in expected:   # the costly cards' best cards, where the golden works them out
        best = [[analysis.tokens[p.seat], p.card.name, sorted(c.name for c in p.best)] for p in deal.plays if p.cost]
        assert best == [[s, c, sorted(b)] for s, c, b in expected["best"]]


# --- the oracle -------------------------------------------------------------------------------

def _names(hands: dict[Seat, list[Card]]) -> dict[str, list[str]]:
    return {s.name: [c.name for c in cards] for s, cards in hands.items()}


@st.composite
def positions(draw: Any, max_cards: int, seats: int) -> tuple[Any, ...]:
    """A random position: ``seats`` active seats holding the same 1..max_cards cards (one more
    for those yet to play to the trick in progress), a trump (or none), a leader."""
    joker = draw(st.booleans())
    trump = draw(st.sampled_from([*Suit, None]))
    if trump is None:
        joker = False
    pack = sorted(make_pack(draw(st.sampled_from([24, 32])), joker))
    order = draw(st.permutations(pack))
    out = draw(st.sampled_from(SEATS))   # the seat out of a lone hand (unused with four seats)
    active = list(SEATS) if seats == 4 else [s for s in SEATS if s is not out]
    if seats == 2:   # a lone maker against a lone defender: two neighbours
        active = sorted([out, out.left])
    k = draw(st.integers(1, max_cards))
    down = draw(st.integers(0, len(active) - 1))    # cards already on the table
    leader = draw(st.sampled_from(active))
    i = active.index(leader)
    hands: dict[Seat, list[Card]] = {}
    table: list[tuple[Seat, Card]] = []
    at = 0
    for j in range(len(active)):
        seat = active[(i + j) % len(active)]
        n = k + 1 if down else k   # the first ``down`` play one of them below
        hands[seat] = list(order[at:at + n])
        at += n
    # the first ``down`` seats play one of their cards (a legal one: the brute force decides)
    for j in range(down):
        seat = active[(i + j) % len(active)]
        card = draw(st.sampled_from(_legal_ref(hands[seat], table, trump)))
        hands[seat].remove(card)
        table.append((seat, card))
    side = draw(st.sampled_from(list(Side)))
    return hands, leader, trump, side, table


def _legal_ref(hand: list[Card], table: list[tuple[Seat, Card]], trump: Suit | None) -> list[Card]:
    from dd_reference import _legal, _suit
    led = _suit(table[0][1].name, trump.value if trump else None) if table else None
    names = _legal([c.name for c in hand], led, trump.value if trump else None)
    return [c for c in hand if c.name in names]


def _check(position: tuple[Any, ...]) -> None:
    hands, leader, trump, side, table = position
    every = {s: list(h) + [c for t, c in table if t is s] for s, h in hands.items()}
    out = frozenset(SEATS) - set(hands)
    solver = DoubleDummy(every, trump, side, out)
    got = solver.tricks(hands, leader, [c for _, c in table])
    want = best_tricks(_names(hands), leader.name, trump.value if trump else None, side.value,
                       tuple((s.name, c.name) for s, c in table))
    assert got == want


@settings(max_examples=120, deadline=None)
@given(positions(max_cards=3, seats=4))
def test_the_solver_is_the_brute_force_minimax_with_four_seats(position: tuple[Any, ...]) -> None:
    _check(position)


@settings(max_examples=25, deadline=None)
@given(positions(max_cards=4, seats=3))
def test_the_solver_is_the_brute_force_minimax_in_lone_hands(position: tuple[Any, ...]) -> None:
    _check(position)


@settings(max_examples=40, deadline=None)
@given(positions(max_cards=5, seats=2))
def test_the_solver_is_the_brute_force_minimax_lone_against_lone(position: tuple[Any, ...]) -> None:
    _check(position)


@pytest.mark.parametrize("seed", range(3))
def test_full_lone_deals_agree_with_the_brute_force(seed: int) -> None:
    # five cards each, three seats: the brute force takes about a second
    rng = random.Random(seed)
    pack = sorted(make_pack(24, joker=seed == 1))
    rng.shuffle(pack)
    active = [Seat.N, Seat.E, Seat.W]
    hands = {s: pack[i * 5:(i + 1) * 5] for i, s in enumerate(active)}
    trump = rng.choice(list(Suit))
    got = DoubleDummy(hands, trump, Side.EW, frozenset({Seat.S})).tricks(hands, Seat.E)
    assert got == best_tricks(_names(hands), "E", trump.value, "EW")


# --- the solver at every table size (issue 32): seats 0 .. n-1, the side made per deal -----------
#
# Its value of any position equals the plain minimax of tests/dd_reference.py with the seats
# 0 .. n-1 and the side made per deal (../shared/VARIANTS.md): two- and three-handed the maker
# alone against the rest; five-handed the maker and the holder of the called card, or the maker
# alone; four-handed, as an int table, the maker and the seat opposite.

PACKS = {2: [24, 32], 3: [24, 32], 4: [24, 32], 5: [28]}
"""The packs the laws allow at each size (VARIANTS.md; 28 at five: 25 dealt, three undealt)."""


def _makers(draw: Any, n: int) -> frozenset[int]:
    maker = draw(st.integers(0, n - 1))
    if n == 4:
        return frozenset({maker, (maker + 2) % 4})
    if n == 5 and draw(st.booleans()):   # a partner called (else alone, or the card undealt)
        partner = draw(st.integers(0, n - 1).filter(lambda s: s != maker))
        return frozenset({maker, partner})
    return frozenset({maker})


@st.composite
def table_positions(draw: Any, n: int, max_cards: int) -> tuple[Position, list[tuple[int, str]]]:
    """A position at a table of ``n``: each seat holds k cards, or k + 1 of which the first
    ``down`` seats have played one to the trick in progress; a trump (or none); the makers."""
    trump = draw(st.sampled_from([*Suit, None]))
    joker = trump is not None and draw(st.booleans())
    pack = sorted(make_pack(draw(st.sampled_from(PACKS[n])), joker))
    order = draw(st.permutations(pack))
    k = draw(st.integers(1, max_cards))
    down = draw(st.integers(0, n - 1))
    leader = draw(st.integers(0, n - 1))
    hands: list[list[Card]] = [[] for _ in range(n)]
    at = 0
    for j in range(n):
        seat = (leader + j) % n
        size = k + 1 if down else k   # the first ``down`` play one of them below
        hands[seat] = list(order[at:at + size])
        at += size
    table: list[tuple[int, str]] = []
    t = trump.value if trump else None
    for j in range(down):
        seat = (leader + j) % n
        led = _suit(table[0][1], t) if table else None
        name = draw(st.sampled_from(_legal([c.name for c in hands[seat]], led, t)))
        card = parse_card(name)
        hands[seat].remove(card)
        table.append((seat, name))
    position = Position(tuple(tuple(h) for h in hands), _makers(draw, n), leader, trump,
                        tuple(parse_card(c) for _, c in table))
    return position, table


def _reference(position: Position, table: list[tuple[int, str]]) -> int:
    n = len(position.hands)
    hands = {s: [c.name for c in h] for s, h in enumerate(position.hands)}
    trump = position.trump.value if position.trump else None
    return best_tricks(hands, position.leader, trump, position.makers, tuple(table), range(n))


SOLVER_AT = {2: (5, 60), 3: (4, 40), 4: (3, 40), 5: (2, 30)}
"""Per table size: the most cards a seat holds, and hypothesis's examples (the brute force grows
fast with n)."""


@pytest.mark.parametrize("n", sorted(SOLVER_AT))
def test_the_solver_is_the_minimax_at_every_table(n: int) -> None:
    max_cards, examples = SOLVER_AT[n]

    @settings(max_examples=examples, deadline=None)
    @given(table_positions(n, max_cards=max_cards))
    def check(case: tuple[Position, list[tuple[int, str]]]) -> None:
        assert solve(case[0]) == _reference(*case)

    check()


BOUNDS_AT = {2: (5, 60), 3: (4, 60), 4: (3, 60), 5: (3, 40)}
"""Per table size: the most cards a seat holds, and hypothesis's examples (boundaries only)."""


@pytest.mark.parametrize("n", sorted(BOUNDS_AT))
def test_the_cheap_bounds_hold_the_minimax_at_every_table(n: int) -> None:
    # the bounds the search starts from and cuts by at each trick boundary (the sure trump
    # tricks of a hand, the leader's cashing tricks), for either side: an unsound one would only
    # show in the solver's value where a search relies on it, so each is checked on its own
    max_cards, examples = BOUNDS_AT[n]

    @settings(max_examples=examples, deadline=None)
    @given(table_positions(n, max_cards=max_cards).filter(lambda case: not case[1]), st.booleans())
    def check(case: tuple[Position, list[tuple[int, str]]], defenders: bool) -> None:
        position = case[0]
        if defenders:
            position = replace(position, makers=frozenset(range(n)) - position.makers)
        hands = dict(enumerate(position.hands))
        solver = DoubleDummy(hands, position.trump, position.makers)
        low, high = solver._bounds(tuple(solver.mask(h) for h in position.hands), position.leader,
                                   len(position.hands[0]))
        assert low <= _reference(position, []) <= high

    check()


@pytest.mark.parametrize("n", [3, 4, 5])
def test_the_leads_leaving_the_other_side_fewest_legal_cards_come_first(n: int) -> None:
    # the search's lead order (issue 32: the smaller proof), counted again with the brute
    # force's laws: each lead's replies are every opponent's legal cards to it (RULES.md, common
    # ground: follow the suit led, the left bower a trump); one lead of each run, none lost
    @settings(max_examples=60, deadline=None)
    @given(table_positions(n, max_cards=5).filter(lambda case: not case[1]))
    def check(case: tuple[Position, list[tuple[int, str]]]) -> None:
        position = case[0]
        hands = dict(enumerate(position.hands))
        solver = DoubleDummy(hands, position.trump, position.makers)
        state = tuple(solver.mask(h) for h in position.hands)
        live = 0
        for h in state:
            live |= h
        leader = position.leader
        leads = [solver.card_of[b] for b in solver._leads(state, leader, live)]
        runs = [solver.card_of[b] for b in solver._reps(state[leader], live)]
        assert sorted(leads, key=str) == sorted(runs, key=str)
        trump = position.trump.value if position.trump else None
        ours = leader in position.makers

        def replies(card: Card) -> int:
            led = _suit(card.name, trump)
            return sum(len(_legal([c.name for c in h], led, trump)) for s, h in hands.items()
                       if (s in position.makers) is not ours)

        widths = [replies(c) for c in leads]
        assert widths == sorted(widths)

    check()


@pytest.mark.parametrize("makers", [frozenset({0}), frozenset({0, 3}), frozenset({2, 4}), frozenset({1})])
def test_a_trick_settled_part_way_is_the_minimax(makers: frozenset[int]) -> None:
    # five-handed, spades trump: 0 led the JS (the right bower: nobody still to play can beat
    # it), so the trick is settled before the four others play; the solver answers "one more?"
    # and "all of them?" there without trying their cards (issue 32), the brute force tries all
    names = ["AH", "QS AC", "KH KC", "TS AD", "QH JC"]
    hands = tuple(tuple(parse_card(c) for c in h.split()) for h in names)
    position = Position(hands, makers, 0, Suit.SPADES, (parse_card("JS"),))
    assert solve(position) == _reference(position, [(0, "JS")])


def test_a_five_handed_deal_of_three_tricks_is_the_minimax() -> None:
    # three cards each at five (the brute force takes a moment): maker 1, partner 3, spades trump
    names = ["JS AS 9H", "JC KS AD", "QS AH KH", "9S TD KD", "TS QH AC"]
    hands = tuple(tuple(parse_card(c) for c in h.split()) for h in names)
    position = Position(hands, frozenset({1, 3}), 0, Suit.SPADES)
    assert solve(position) == _reference(position, [])


@pytest.mark.parametrize("names, makers, side", [
    # seat 0 leads at each (spades trump, three cards each); "low" the makers' sure tricks meet
    # the minimax, "high" the tricks left less the defenders' do
    # the leader's cashing tricks past his partner's trump (S holds plain cards to discard)
    (["QH AD AC", "QS JC TC", "9S JH JD", "KD TD KC"], frozenset({0, 2}), "low"),
    # five-handed: defender 0 cashes AH and AC past his partners' trumps (2 and 4 may discard)
    (["AH AC TC", "QS TH 8C", "AS 9S TD", "KS JS JH", "KH KD 9C"], frozenset({1, 3}), "high"),
    # the opponents hold no trump: S's KS and JC win, and so does his TD, the only diamond
    (["JH 9H AC", "AH KH QH", "KS TD JC", "TH QC TC"], frozenset({0, 2}), "low"),
    # five-handed: the defenders hold no trump; 3's AS is above his partner's trumps, his AH and
    # AC above every other heart and club: the makers take all three
    (["KH TC 9C", "9S 8S KD", "QD KC 8C", "AS AH AC", "JD TD 8D"], frozenset({1, 3}), "low"),
])
def test_the_sides_sure_tricks_count_what_no_opponent_can_stop(names: list[str], makers: frozenset[int],
                                                               side: str) -> None:
    # a player void in the suit led may trump or discard (RULES.md, common ground): only an
    # opponent of the leader holding trumps can ruff his top cards (a partner with plain cards
    # left discards); and a hand whose trumps no other live trump beats, against opponents with
    # none, wins a trick with each trump and each plain card above its suit's others (it wins
    # the lead with a trump or a top card, and keeps it): dd_bounds, held to the brute force
    hands = tuple(tuple(parse_card(c) for c in h.split()) for h in names)
    position = Position(hands, makers, 0, Suit.SPADES)
    solver = DoubleDummy(dict(enumerate(hands)), Suit.SPADES, makers)
    low, high = solver._bounds(tuple(solver.mask(h) for h in hands), 0, len(hands[0]))
    exact = _reference(position, [])
    assert (low if side == "low" else high) == exact
    assert low <= exact <= high


# --- the analysis of played deals, against the oracle -----------------------------------------

HOUSE = {"allow_no_trump": True, "canadian": True, "stick_the_dealer": True}


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["modern", "somerset-1888", "hoyle", "modern+house"]))
@example(0, "modern")
@example(49, "modern+house")     # named in round 2: the calls' row equals the deal's value
@example(95, "modern+house")     # a lone hand at no trump, named in round 2
def test_each_plays_value_in_the_last_three_tricks_is_the_brute_forces(seed: int, rules_name: str) -> None:
    """A random played deal: every card from trick 3 on has ``before`` = the makers' tricks won
    so far + the brute force's best of the rest; costs are never negative; a best play keeps
    the value; per-player counts add up; and a call made in round 2 (no card taken up) is worth,
    in the calls, exactly the deal's value."""
    from euchre_records.model import Record as R
    name, _, house = rules_name.partition("+")
    rules = preset(name).with_overrides(HOUSE) if house else preset(name)
    rng = random.Random(seed)
    deal = random_deal(rng, rules, dealer=rng.choice(SEATS), pass_rate=0.5)
    analysis = analyse_record(R(rules, (deal,)))
    d = analysis.deals[0]
    if not d.known:
        return
    assert d.maker is not None
    side = d.maker.side.value
    trump = d.trump.value if d.trump else None
    hands: dict[str, list[str]] = {}
    for p in d.plays:
        hands.setdefault(p.seat.name, []).append(p.card.name)
    won = 0
    active = "".join(s for s in "NESW" if s in hands)
    plays = list(d.plays)
    for t in range(5):
        trick = plays[t * len(active):(t + 1) * len(active)]
        for j, p in enumerate(trick):
            if t >= 2:
                table = tuple((q.seat.name, q.card.name) for q in trick[:j])
                rest = {s: [c for c in cards if c not in {q.card.name for q in plays[:t * len(active) + j]}]
                        for s, cards in hands.items()}
                assert p.before == won + best_tricks(rest, trick[0].seat.name, trump, side, table)
            # no legal card beats the best play: the makers' value never rises on a maker's
            # card, never falls on a defender's; the cost is the difference
            if not p.revoke:
                makers = p.seat.side.value == side
                assert (p.after <= p.before) if makers else (p.after >= p.before)
                assert p.cost == abs(p.before - p.after)
                assert (p.cost > 0) == bool(p.best)
        from dd_reference import _trick_winner
        winner = _trick_winner([(q.seat.name, q.card.name) for q in trick], trump)
        won += 1 if winner in side else 0
    assert d.plays[0].before == d.tricks
    assert d.plays[-1].after == won
    assert sum(p.lost for p in analysis.players) == sum(q.cost for q in d.plays)
    plain = not any(c.kind.value in ("defend-alone", "partner-alone") for c in deal.calls)
    if d.calls and plain:
        same = next(c for c in d.calls if c.trump is d.trump and c.alone is d.alone)
        assert same.allowed
        if not any(c.kind.accepts for c in deal.calls):
            assert same.tricks == d.tricks          # round 2: the same hands, the same play
        elif deal.dealer is d.maker.partner and d.alone:
            assert same.tricks == d.tricks          # the dealer sits out: his discard is no matter
        else:
            # round 1: the calls let the dealer discard his best card; the record's discard is
            # one of his choices, so best play with it is no better for him
            if deal.dealer.side is d.maker.side:
                assert same.tricks >= d.tricks
            else:
                assert same.tricks <= d.tricks


# --- the analysis at every table size (issue 32), on deals drawn here from the laws ----------
#
# No engine code makes these deals: the pack, the deal, the bidding (round 1: the turned suit
# ordered up or taken; or, under the house rule allow_no_trump, no trump named in round 2) and the
# play are drawn from the laws of ../shared/VARIANTS.md and RULES.md,
# with the reference's own following and trick winner. The makers are read from the hands here
# (the maker; four-handed, and the seat opposite; five-handed, and the holder of the called card).

RANKS = {24: "9TJQKA", 28: "89TJQKA"}
PACK_OF = {2: 24, 3: 24, 4: 24, 5: 28}


def _tokens(n: int) -> list[str]:
    """The seat tokens of a table of ``n`` as the notation writes them (N E S W at four)."""
    return list("NESW") if n == 4 else [str(s) for s in range(n)]


def random_table_deal(n: int, seed: int, no_trump: bool = False) -> tuple[dict[str, Any], dict[str, Any]]:
    """A full deal at a table of ``n`` as the notation writes it, and what the test knows of it
    (the hands at the start of play, the trump, the makers, the tricks as (seat, card)).
    ``no_trump``: every seat passes round 1 and the maker names no trump in round 2 (house rule
    allow_no_trump, RULES.md: no trumps, no bowers; five-handed he calls any card)."""
    rng = random.Random(seed)
    tok = _tokens(n)
    pack = [r + s for s in "SHDC" for r in RANKS[PACK_OF[n]]]
    rng.shuffle(pack)
    dealt = [pack[5 * i:5 * i + 5] for i in range(n)]
    turned, kitty = pack[5 * n], pack[5 * n + 1:]
    dealer = rng.randrange(n)
    passes = rng.randrange(n)          # round 1: the (passes+1)-th seat from the dealer's left accepts
    maker = (dealer + 1 + passes) % n
    word = "take" if maker == dealer else "assist" if n == 4 and maker == (dealer + 2) % 4 else "order"
    calls = ["pass"] * passes + [word]
    trump: str | None = turned[1]
    hands = [list(h) for h in dealt]
    deal: dict[str, Any] = {"kind": "full", "dealer": tok[dealer], "turned": turned,
                            "hands": {tok[s]: " ".join(dealt[s]) for s in range(n)},
                            "kitty": " ".join(kitty), "calls": calls}
    if no_trump:
        trump, deal["calls"] = None, ["pass"] * (n + passes) + ["NT"]
    else:
        six = hands[dealer] + [turned]
        discard = deal["discard"] = rng.choice(hands[dealer])   # the modern rule: not the turned card
        hands[dealer] = [c for c in six if c != discard]
    makers = {maker, (maker + 2) % 4} if n == 4 else {maker}
    if n == 5:
        plain = [c for c in pack if trump is None or _suit(c, trump) != trump]
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


def _table_record(n: int, deal: dict[str, Any], no_trump: bool = False) -> str:
    overrides: dict[str, Any] = {"pack": PACK_OF[n], **({"allow_no_trump": True} if no_trump else {})}
    return json.dumps({"format": "euchre-records", "version": "1.0",
                       "rules": {"preset": "modern", "seats": n, "overrides": overrides},
                       "deals": [deal]})


def _check_table(n: int, seed: int, last: int, no_trump: bool = False) -> None:
    """The deal of ``seed`` at ``n``: the value before each card of the ``last`` tricks is the
    makers' tricks so far plus the minimax of the rest; each card's cost is what its side lost
    (never negative); the makers' tricks as scored; the calls' rows (see below)."""
    deal, known = random_table_deal(n, seed, no_trump)
    analysis = analyse_record(load_any_table_data(parse_json(_table_record(n, deal, no_trump))))
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
    # the calls: the trump made is the only one round 1 allows; its row (not alone) counts the
    # dealer's best discard, so it is at least the deal's value when the dealer's side made
    # trump, at most otherwise (below five the row's makers are the deal's)
    if no_trump:   # round 2: every call but the turned-down suit, no trump among them
        turned = deal["turned"][1]
        assert [c.allowed for c in a.calls] == [c.trump is None or c.trump.value != turned for c in a.calls]
        assert any(c.trump is None for c in a.calls)
        return
    assert [c.allowed for c in a.calls] == [c.trump is not None and c.trump.value == trump for c in a.calls]
    if n < 5:
        made = next(c for c in a.calls if c.trump.value == trump and not c.alone)
        dealer = _tokens(n).index(deal["dealer"])
        assert made.tricks >= a.tricks if dealer in makers else made.tricks <= a.tricks
    if n == 4:   # fixed sides: the best call of each side, by one of its seats
        assert [b.side for b in a.best_calls] == list(Side)
        assert all(b.maker.side is b.side for b in a.best_calls)
    else:        # sides made per deal: the best call of each seat as maker
        assert len(a.best_calls) == n and all(b.maker == i for i, b in enumerate(a.best_calls))


ANALYSIS_AT = {2: (5, 30), 3: (3, 20), 4: (3, 10), 5: (2, 6)}
"""Per table size: how many of the last tricks are held to the minimax (all five at two), and
hypothesis's examples (the brute force grows fast with n)."""


@pytest.mark.parametrize("n", sorted(ANALYSIS_AT))
def test_each_plays_value_is_the_minimax_at_every_table(n: int) -> None:
    last, examples = ANALYSIS_AT[n]

    @settings(max_examples=examples, deadline=None)
    @given(st.integers(0, 10**6), st.booleans())
    @example(0, False)
    @example(0, True)
    def check(seed: int, no_trump: bool) -> None:
        _check_table(n, seed, last, no_trump)

    check()


# --- which calls the bidding allowed (RULES.md, common ground; house rules) -------------------

def _first_deal(rules: Any, wanted: Any) -> Any:
    from euchre_records.model import Record as R
    for seed in range(400):
        rng = random.Random(seed)
        deal = random_deal(rng, rules, dealer=rng.choice(SEATS), pass_rate=0.5)
        d = analyse_record(R(rules, (deal,))).deals[0]
        if d.calls and wanted(deal, d):
            return deal, d
    raise AssertionError("no such deal in 400 seeds")


def _row(d: Any, trump: Suit | None, alone: bool) -> Any:
    return next(c for c in d.calls if c.trump is trump and c.alone is alone)


def test_round_one_allows_the_turned_suit_only_and_the_canadian_loner_alone() -> None:
    rules = preset("modern").with_overrides({"canadian": True})
    deal, d = _first_deal(rules, lambda deal, d: any(c.kind.accepts for c in deal.calls)
                          and d.maker is deal.dealer.partner)
    turned = deal.turned.suit
    assert _row(d, turned, True).allowed
    not_alone = _row(d, turned, False)
    assert not not_alone.allowed and "canadian" in not_alone.why
    assert all(not c.allowed and c.why == "round 1: only the turned suit may be made trump"
               for c in d.calls if c.trump is not turned)


def test_round_two_refuses_the_turned_down_suit_and_says_stick_the_dealer() -> None:
    rules = preset("modern").with_overrides({"stick_the_dealer": True})
    deal, d = _first_deal(rules, lambda deal, d: not any(c.kind.accepts for c in deal.calls)
                          and d.maker is deal.dealer)
    turned = deal.turned.suit
    assert all(not c.allowed for c in d.calls if c.trump is turned)
    assert all(c.allowed and "stick the dealer" in c.why for c in d.calls if c.trump is not turned)
    best = {b.side: b for b in d.best_calls}
    mine = max((c for c in d.calls), key=lambda c: c.points)
    assert best[d.maker.side].points >= mine.points   # over both seats, the maker's included


# --- what is not analysed, and the budget -------------------------------------------------------

def test_unknown_hands_say_why() -> None:
    rec = load_any(Path("examples/club-scoresheet.json").read_text())
    first = analyse_record(rec).deals[0]
    assert not first.known and first.reason == "only the outcome is recorded, not the hands"
    assert first.summary.startswith("not analysed: ")


def test_the_budget_refuses_a_costly_analysis() -> None:
    with analysis_budget(50), pytest.raises(SearchBudgetExceeded) as info:
        analyse_record(_load("lone-hand"))
    assert "50 search positions" in str(info.value)


# --- revokes ----------------------------------------------------------------------------------

REVOKE_GOLDENS = sorted(p for p in (Path(__file__).parent / "golden" / "deals").glob("*revoke*.json")
                        if not p.name.endswith(".expected.json"))


@pytest.mark.parametrize("path", REVOKE_GOLDENS, ids=lambda p: p.stem)
def test_revokes_are_the_ones_the_replay_found(path: Path) -> None:
    """The analysis flags as revokes (a card not following suit when the hand could) exactly the
    established revokes the replay found, in the deal goldens (tests/golden/deals, worked by hand
    from the laws): each is shown with the points as the law scored them beside best legal play."""
    from euchre_records.match import replay
    from euchre_records.model import FindingKind
    record = load_any(path.read_text())
    result = replay(record)
    analysis = analyse_record(record, result)
    for d, r in zip(analysis.deals, result.deals):
        if not d.known:
            continue
        found = {(f.trick, f.seat) for f in r.findings
                 if f.kind is FindingKind.REVOKE and f.status != "corrected" and f.card is not None
                 and any(p.trick == f.trick and p.seat is f.seat and p.card is f.card for p in d.plays)}
        flagged = {(p.trick, p.seat) for p in d.plays if p.revoke}
        assert flagged == found
        for v in d.revokes:
            play = next(p for p in d.plays if p.trick == v.trick and p.seat is v.seat)
            assert v.scored == r.points and v.best_tricks == play.before
            assert play.best and play.card not in play.best
