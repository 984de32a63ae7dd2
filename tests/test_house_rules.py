"""The house rules (EGN 1.4 alternate rules; docs/RULES.md "House rules"): one hypothesis
property per rule, each with an oracle written here, apart from the engine:

- random legal deals under the rule (euchre_records.simulate makes its moves) replay clean, and
  the engine's trick winners agree with a reference trick winner written in this file (no
  bowers at no trump; bowers and the joker under a trump) — so the engine is not its own oracle;
- a mutated play is caught: a follow-suit play swapped with a later off-suit play of the same
  player is a revoke at that trick (held cards read from the player's own later plays, i.e. the
  hand after any exchange), a card given away in an exchange cannot be played, and the rule's own
  condition (alone for the Canadian loner, nines and tens for a farmer) is enforced with a place;
- the scores follow the rule, computed here from the reference winners (fast break, tokens).

Also: the options are off in every preset, and house-rule deals survive the notation round trip.
"""

from __future__ import annotations

import json
import random
from euchre_records.model import replace
from pathlib import Path
from typing import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from euchre_records.cards import SEATS, Card, Seat, Side, Suit
from euchre_records import deal as deal_module
from euchre_records.deal import replay_deal
from euchre_records.table import table_for
from euchre_records.errors import InconsistentRecord, NotationError
from euchre_records.match import replay
from euchre_records.model import (
    Call, CallKind, Deal, DealKind, DealResult, ExchangeKind, FindingKind, Record, Trick,
)
from euchre_records.rules import HOUSE_RULES, PRESETS, Rules, preset
from euchre_records.interop.egn.document import egn_to_record, record_to_egn
from euchre_records.interop.egn.rules import from_rules, rules_loss, to_rules
from euchre_records.schema.notation import dumps, loads
from euchre_records.testkit.simulate import random_deal

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(0, 2**32 - 1)
presets = st.sampled_from(sorted(PRESETS))


# --- the reference: suits and trick winners from the card names alone ---------------------------

_RANKS = "789TJQKA"
_COLOUR = {"S": "C", "C": "S", "H": "D", "D": "H"}


def ref_suit(name: str, trump: str | None) -> str:
    """The suit a card counts as: at no trump its printed suit; under a trump the joker and the
    jack of the trump's colour are trumps."""
    if trump is None:
        return name[1]
    if name == "JK" or (name[0] == "J" and name[1] == _COLOUR[trump]):
        return trump
    return name[1]


def ref_power(name: str, trump: str | None) -> int:
    if trump is not None:
        if name == "JK":
            return 300
        if name == f"J{trump}":
            return 299
        if name == f"J{_COLOUR[trump]}":
            return 298
        if name[1] == trump:
            return 200 + _RANKS.index(name[0])
    return _RANKS.index(name[0])


def ref_winner(cards: Sequence[str], trump: str | None) -> int:
    """Index of the winning card: the highest trump, else the highest card of the suit led."""
    led = ref_suit(cards[0], trump)
    best = 0
    for i, c in enumerate(cards):
        s = ref_suit(c, trump)
        b = ref_suit(cards[best], trump)
        if trump is not None and s == trump and b != trump:
            best = i
        elif s == b and (s == led or s == trump) and ref_power(c, trump) > ref_power(cards[best], trump):
            best = i
    return best


def trump_of(result: DealResult) -> str | None:
    return None if result.trump is None else result.trump.value


def ref_winners(deal: Deal, result: DealResult) -> list[Seat]:
    """Trick winners replayed from the engine's seat order of each trick and the reference."""
    trump = trump_of(result)
    winners = []
    for t, trick in enumerate(deal.tricks):
        order = seat_order(result, t, len(trick.cards))
        winners.append(order[ref_winner([c.name for c in trick.cards], trump)])
    return winners


def seat_order(result: DealResult, t: int, n: int) -> list[Seat]:
    """Who played the cards of trick ``t`` (the leader, then clockwise over the active seats)."""
    out = {s for s in SEATS if result.alone and result.maker is not None and s is result.maker.partner}
    if result.defender_alone is not None:
        out.add(result.defender_alone.partner)
    order, seat = [], result.leaders[t]
    while len(order) < n:
        if seat not in out:
            order.append(seat)
        seat = seat.left
    return order


def house(name: str, value: object = True, base: str = "modern") -> Rules:
    return preset(base).with_overrides({name: value})


def deals_under(rules: Rules, seed: int, want: int = 1, **kw: float) -> list[Deal]:
    rng = random.Random(seed)
    return [random_deal(rng, rules, rng.choice(SEATS), **kw) for _ in range(want)]


def first_deal(rules: Rules, seed: int, test: object, tries: int = 60, **kw: float) -> Deal | None:
    """The first random deal (from ``seed``) that ``test`` accepts, or None."""
    rng = random.Random(seed)
    for _ in range(tries):
        d = random_deal(rng, rules, rng.choice(SEATS), **kw)
        if test(d):   # type: ignore[operator]
            return d
    return None


def detailed(deal: Deal, rules: Rules) -> DealResult:
    """The detailed replay alone (the fast path may take clean deals: both must agree)."""
    return deal_module.replay_in_detail(table_for(4), deal, rules, 1, "")


def check_clean(deal: Deal, rules: Rules) -> DealResult:
    """The deal replays with no finding, the engine's winners are the reference's, and the fast
    path (if it takes the deal) agrees with the detailed replay."""
    result = replay_deal(deal, rules)
    if result.void is None:
        assert detailed(deal, rules) == result
    assert result.findings == (), [f.message for f in result.findings]
    if deal.tricks:
        assert list(result.winners) == ref_winners(deal, result)
    return result


def revoke_mutation(deal: Deal, result: DealResult) -> tuple[Deal, Seat] | None:
    """Swap, for one player, a card that followed suit in trick 4 with his off-suit card of
    trick 5, when the reference says trick 4's winner stays the same: trick 4 becomes a revoke
    (he still held the card of the suit led, as he plays it in trick 5) and nothing else changes."""
    if len(deal.tricks) != 5:
        return None
    trump = trump_of(result)
    t4, t5 = deal.tricks[3], deal.tricks[4]
    o4, o5 = seat_order(result, 3, len(t4.cards)), seat_order(result, 4, len(t5.cards))
    led = ref_suit(t4.cards[0].name, trump)
    for j, seat in enumerate(o4):
        if j == 0 or seat not in o5:
            continue
        x, y = t4.cards[j], t5.cards[o5.index(seat)]
        if ref_suit(x.name, trump) != led or ref_suit(y.name, trump) == led:
            continue
        new4 = list(t4.cards)
        new4[j] = y
        if ref_winner([c.name for c in new4], trump) != ref_winner([c.name for c in t4.cards], trump):
            continue
        new5 = list(t5.cards)
        new5[o5.index(seat)] = x
        tricks = deal.tricks[:3] + (Trick(tuple(new4), t4.leader), Trick(tuple(new5), t5.leader))
        return replace(deal, tricks=tricks), seat
    return None


def assert_revoke_caught(deal: Deal, rules: Rules) -> bool:
    """If the deal has a revoke mutation, the engine finds exactly it. Returns whether it had one."""
    result = replay_deal(deal, rules)
    mutated = revoke_mutation(deal, result)
    if mutated is None:
        return False
    bad, seat = mutated
    found = [(f.kind, f.seat, f.trick, f.status) for f in replay_deal(bad, rules).findings]
    assert found == [(FindingKind.REVOKE, seat, 4, "established")], found
    return True


# --- the options ---------------------------------------------------------------------------------

def test_house_rules_are_off_in_every_preset() -> None:
    for rules in PRESETS.values():
        values = rules.option_values()
        assert [values[h] for h in HOUSE_RULES] == [False] * 6 + ["off"], rules.name


def test_no_trump_with_the_joker_is_refused_with_a_place() -> None:
    with pytest.raises(NotationError) as caught:
        preset("modern").with_overrides({"joker": True, "allow_no_trump": True})
    assert caught.value.problems[0].where == "rules.overrides.allow_no_trump"


def test_a_house_rule_move_under_rules_without_it_is_refused() -> None:
    rules = house("go_under")
    deal = first_deal(rules, 7, lambda d: bool(d.exchanges))
    assert deal is not None
    with pytest.raises(InconsistentRecord) as caught:
        replay_deal(deal, preset("modern"), where="deals[0]")
    assert caught.value.problems[0].where == "deals[0].exchanges[0]"
    assert "go_under is off" in caught.value.problems[0].what


# --- canadian ----------------------------------------------------------------------------------

@SETTINGS
@given(seeds, presets)
def test_canadian(seed: int, base: str) -> None:
    rules = house("canadian", base=base)

    def partner_accepts(d: Deal) -> bool:
        return any(c.kind is CallKind.ASSIST for c in d.calls)
    deal = first_deal(rules, seed, partner_accepts, pass_rate=0.7, alone_rate=0.0)
    if deal is None:
        return
    result = check_clean(deal, rules)
    assert result.alone and result.maker is deal.dealer.partner
    assert_revoke_caught(deal, rules)
    i = next(i for i, c in enumerate(deal.calls) if c.kind is CallKind.ASSIST)
    calls = list(deal.calls)
    calls[i] = Call(CallKind.ASSIST, calls[i].seat, None, False)
    with pytest.raises(InconsistentRecord) as caught:
        replay_deal(replace(deal, calls=tuple(calls)), rules, where="deals[0]")
    assert caught.value.problems[0].where == f"deals[0].calls[{i}]"
    assert "must play alone" in caught.value.problems[0].what


# --- no trump ----------------------------------------------------------------------------------

@SETTINGS
@given(seeds, presets)
def test_no_trump(seed: int, base: str) -> None:
    rules = house("allow_no_trump", base=base)
    deal = first_deal(rules, seed, lambda d: any(c.kind is CallKind.NO_TRUMP for c in d.calls),
                      tries=200, pass_rate=0.85)
    if deal is None:
        return
    result = check_clean(deal, rules)
    assert result.no_trump and result.trump is None
    assert_revoke_caught(deal, rules)
    # the same deal is impossible under rules without the option, at the no-trump call
    i = next(i for i, c in enumerate(deal.calls) if c.kind is CallKind.NO_TRUMP)
    with pytest.raises(InconsistentRecord) as caught:
        replay_deal(deal, preset(base), where="deals[0]")
    assert caught.value.problems[0].where == f"deals[0].calls[{i}]"


def test_no_trump_has_no_bowers() -> None:
    """Hearts led at no trump: the jack of diamonds is a diamond and the jack of hearts only a
    jack, so the ace wins; a player void in hearts holding JD may throw it (no revoke)."""
    rules = house("allow_no_trump")
    record = loads(NO_TRUMP_RECORD)
    result = replay(record, rules).deals[0]
    assert result.winners[:2] == (Seat.E, Seat.E) and result.findings == ()


NO_TRUMP_RECORD = """{"format": "euchre-records", "version": "1.0",
 "rules": {"preset": "modern", "overrides": {"allow_no_trump": true}},
 "deals": [{"kind": "full", "dealer": "N", "turned": "9C",
   "hands": {"N": "AS KS QS JH TH", "E": "AH KH QH 9S TS", "S": "AD KD QD JD TD", "W": "JS JC AC KC QC"},
   "kitty": "9H 9D TC", "calls": ["pass", "pass", "pass", "pass", "NT"],
   "tricks": ["AH TD QC TH", "KH JD JC JH", "QH QD KC QS", "9S KD JS AS", "KS TS AD AC"]}]}"""


# --- fast break --------------------------------------------------------------------------------

def modern_points(maker: Seat, alone: bool, maker_tricks: int) -> tuple[int, int]:
    """Modern §6 written out: 1 for 3-4, 2 for a march (4 alone), 2 to the defenders for a euchre."""
    if maker_tricks == 5:
        pts, side = (4 if alone else 2), maker.side
    elif maker_tricks >= 3:
        pts, side = 1, maker.side
    else:
        pts, side = 2, maker.side.other
    return (pts, 0) if side is Side.NS else (0, pts)


@SETTINGS
@given(seeds)
def test_fast_break(seed: int) -> None:
    rules = house("fast_break")
    for deal in deals_under(rules, seed, 12):
        result = check_clean(deal, rules)
        if result.maker is None:
            continue
        winners = ref_winners(deal, result)
        makers = [w.side is result.maker.side for w in winners]
        expected = ((0, 0) if makers == [False, False, True, True, True]
                    else modern_points(result.maker, result.alone, sum(makers)))
        assert result.points == expected
        assert any("fast break" in n for n in result.notes) == (makers == [False, False, True, True, True])
        assert_revoke_caught(deal, rules)


# --- four-trick tokens -------------------------------------------------------------------------

@settings(max_examples=25, deadline=None)
@given(seeds)
def test_four_trick_tokens(seed: int) -> None:
    """Thirty deals in a row under modern rules with tokens: the game scores follow a scorer
    written here (Modern §6 points, a token for a four-trick make not alone, the fourth token
    one extra point, none carried into the next game)."""
    rules = house("four_trick_tokens")
    rng = random.Random(seed)
    deals = [random_deal(rng, rules, SEATS[i % 4]) for i in range(30)]
    result = replay(Record(rules, tuple(deals)))
    assert result.findings == ()
    score, tokens, games = [0, 0], [0, 0], []
    for deal, r in zip(deals, result.deals):
        if r.maker is None:
            continue
        side = 0 if r.maker.side is Side.NS else 1
        made = sum(w.side is r.maker.side for w in ref_winners(deal, r))
        pts = modern_points(r.maker, r.alone, made)
        score = [score[0] + pts[0], score[1] + pts[1]]
        if made == 4 and not r.alone:
            tokens[side] += 1
            if tokens[side] == 4:
                tokens[side] = 0
                score[side] += 1
        if max(score) >= 10:
            games.append(tuple(score))
            score, tokens = [0, 0], [0, 0]
    assert [g.score for g in result.games if g.finished] == games
    assert_revoke_caught(deals[0], rules)


# --- exchanges: partner's best, go under, farmers -------------------------------------------------

def _played_by(deal: Deal, result: DealResult, seat: Seat) -> list[tuple[int, int]]:
    out = []
    for t, trick in enumerate(deal.tricks):
        order = seat_order(result, t, len(trick.cards))
        if seat in order:
            out.append((t, order.index(seat)))
    return out


def assert_given_card_cannot_be_played(deal: Deal, rules: Rules, kind: ExchangeKind,
                                       where_it_is: str) -> None:
    """The exchanger plays, in his first trick, a card he gave away: impossible, at that card."""
    x = next(x for x in deal.exchanges if x.kind is kind)
    result = replay_deal(deal, rules)
    plays = _played_by(deal, result, x.seat)
    if not plays:
        return   # he sits out (the partner of a lone player)
    t, j = plays[0]
    gone = x.gave[0]
    assert gone is not None
    cards = list(deal.tricks[t].cards)
    cards[j] = gone
    tricks = list(deal.tricks)
    tricks[t] = Trick(tuple(cards), deal.tricks[t].leader)
    with pytest.raises(InconsistentRecord) as caught:
        replay_deal(replace(deal, tricks=tuple(tricks)), rules, where="deals[0]")
    p = caught.value.problems[0]
    assert p.where == f"deals[0].tricks[{t}][{j}]" and where_it_is in p.what, str(p)


@SETTINGS
@given(seeds, presets)
def test_partners_best(seed: int, base: str) -> None:
    rules = house("partners_best", base=base)
    kind = ExchangeKind.PARTNERS_BEST
    deal = first_deal(rules, seed, lambda d: any(x.kind is kind for x in d.exchanges), tries=100,
                      alone_rate=0.6)
    if deal is None:
        return
    check_clean(deal, rules)
    assert_revoke_caught(deal, rules)
    assert_given_card_cannot_be_played(deal, rules, kind, "out of play")
    # the card passed is the partner's best by the reference power (EGN: "their best card"); any
    # lesser card of his is refused at the card passed
    x = next(x for x in deal.exchanges if x.kind is kind)
    trump = trump_of(detailed(deal, rules))
    partner = x.seat.partner
    assert deal.hands is not None and x.took[0] is not None
    held = [c.name for c in deal.hands[partner]]
    if partner is deal.dealer and deal.discard is not None:   # he took up the turned card
        assert deal.turned is not None
        held = [c for c in held + [deal.turned.name] if c != deal.discard.name]
    top = max(ref_power(c, trump) for c in held)
    assert ref_power(x.took[0].name, trump) == top
    lesser = [c for c in deal.hands[partner] if c is not None and c.name in held
              and ref_power(c.name, trump) < top]
    if lesser:
        j = deal.exchanges.index(x)
        with pytest.raises(InconsistentRecord) as refused:
            replay_deal(replace(deal, exchanges=(replace(x, took=(lesser[0],)),)), rules,
                        where="deals[0]")
        assert refused.value.problems[0].where == f"deals[0].exchanges[{j}].took[0]"
        assert "partners_best" in refused.value.problems[0].what
    # the partner's card must come from the partner: naming a kitty card is refused there
    if deal.kitty:
        i = deal.exchanges.index(x)
        bad = replace(x, took=(deal.kitty[0],))
        with pytest.raises(InconsistentRecord) as caught:
            replay_deal(replace(deal, exchanges=(bad,)), rules, where="deals[0]")
        assert caught.value.problems[0].where == f"deals[0].exchanges[{i}].took[0]"


@SETTINGS
@given(seeds, presets)
def test_go_under(seed: int, base: str) -> None:
    rules = house("go_under", base=base)
    kind = ExchangeKind.GO_UNDER
    deal = first_deal(rules, seed, lambda d: bool(d.exchanges) and bool(d.tricks))
    if deal is None:
        return
    check_clean(deal, rules)
    assert_revoke_caught(deal, rules)
    assert_given_card_cannot_be_played(deal, rules, kind, "in the kitty")
    # a card taken "from the kitty" that is in another hand is refused at that card
    x = deal.exchanges[0]
    assert deal.hands is not None
    other = next(c for s in SEATS if s is not x.seat for c in deal.hands[s] if c is not None)
    bad = replace(x, took=(other,) + x.took[1:])
    with pytest.raises(InconsistentRecord) as caught:
        replay_deal(replace(deal, exchanges=(bad,)), rules, where="deals[0]")
    assert caught.value.problems[0].where == "deals[0].exchanges[0].took[0]"


def farm_count(hand: Sequence[Card | None]) -> int:
    return sum(1 for c in hand if c is not None and c.name[0] in "9T")


@SETTINGS
@given(seeds, presets)
def test_farmers_exchange(seed: int, base: str) -> None:
    rules = house("farmers", "exchange", base=base)
    kind = ExchangeKind.FARMERS
    deal = first_deal(rules, seed, lambda d: bool(d.exchanges) and bool(d.tricks), tries=200)
    if deal is None:
        return
    check_clean(deal, rules)
    x = deal.exchanges[0]
    assert deal.hands is not None and farm_count(deal.hands[x.seat]) >= 3
    assert all(c is not None and c.name[0] in "9T" for c in x.gave)
    assert_revoke_caught(deal, rules)
    assert_given_card_cannot_be_played(deal, rules, kind, "in the kitty")
    # giving a card that is no nine or ten is refused at that card
    court = next((c for c in deal.hands[x.seat] if c is not None and c.name[0] not in "9T"), None)
    if court is not None:
        bad = replace(x, gave=(court,) + x.gave[1:])
        with pytest.raises(InconsistentRecord) as caught:
            replay_deal(replace(deal, exchanges=(bad,)), rules, where="deals[0]")
        assert caught.value.problems[0].where == "deals[0].exchanges[0].gave[0]"


@SETTINGS
@given(seeds, presets)
def test_farmers_misdeal(seed: int, base: str) -> None:
    rules = house("farmers", "misdeal", base=base)
    deal = first_deal(rules, seed, lambda d: bool(d.exchanges), tries=200)
    if deal is None:
        return
    result = replay_deal(deal, rules)
    assert result.void == "farmer's hand" and result.points == (0, 0) and result.findings == ()
    assert result.next_dealer is (deal.dealer.left if rules.misdeal_loses_deal else deal.dealer)
    # a declaration by a hand with fewer than three nines and tens is refused at the declaration
    assert deal.hands is not None
    poor = next((s for s in SEATS if farm_count(deal.hands[s]) < 3), None)
    if poor is not None:
        bad = replace(deal.exchanges[0], seat=poor)
        with pytest.raises(InconsistentRecord) as caught:
            replay_deal(replace(deal, exchanges=(bad,)), rules, where="deals[0]")
        assert caught.value.problems[0].where == "deals[0].exchanges[0]"


# --- the notation carries them -------------------------------------------------------------------

@SETTINGS
@given(seeds)
def test_house_rule_deals_round_trip_through_the_notation(seed: int) -> None:
    rules = preset("modern").with_overrides({
        "allow_no_trump": True, "partners_best": True, "farmers": "exchange", "go_under": True,
        "canadian": True, "fast_break": True, "four_trick_tokens": True})
    rng = random.Random(seed)
    deals = tuple(random_deal(rng, rules, SEATS[i % 4], pass_rate=0.7, alone_rate=0.4)
                  for i in range(8))
    record = Record(rules, deals)
    again = loads(dumps(record))
    assert again.deals == record.deals and again.rules == record.rules
    assert replay(again) == replay(record)


# --- EGN carries them (schema/egn_rules.py, schema/egn_exchanges.py) -------------------------------

@SETTINGS
@given(seeds, st.sampled_from(["exchange", "off"]))
def test_house_rule_deals_round_trip_through_egn(seed: int, farmers: str) -> None:
    rules = preset("modern").with_overrides({
        "allow_no_trump": True, "partners_best": True, "farmers": farmers, "go_under": farmers == "off",
        "canadian": True, "fast_break": True, "four_trick_tokens": True})
    rng = random.Random(seed)
    deals = tuple(random_deal(rng, rules, SEATS[i % 4], pass_rate=0.7, alone_rate=0.4)
                  for i in range(8))
    record = Record(rules, deals)
    again = egn_to_record(record_to_egn(record, lossy=True))
    assert again.rules.option_values() == rules.option_values()
    assert [d.exchanges for d in again.deals] == [d.exchanges for d in deals]
    assert replay(again).deals == replay(record).deals


def test_egn_flags_of_the_house_rules_map_both_ways() -> None:
    flags = {"canadian": True, "allow_no_trump": True, "fast_break": True, "four_trick_tokens": True,
             "partners_best": True, "go_under": True, "farmers": True}
    rules = to_rules(flags)
    assert [rules.option_values()[h] for h in HOUSE_RULES] == [True] * 6 + ["exchange"]
    assert {k: from_rules(rules)[k] for k in flags} == flags
    # a farmer's hand as a misdeal has no EGN flag of its own: the export names the loss
    assert rules_loss(rules.with_overrides({"farmers": "misdeal"})) == ["farmers='misdeal'"]


def test_egn_card_exchanges_are_read_with_places() -> None:
    data = json.loads(EGN_GO_UNDER)
    record = egn_to_record(data)
    (x,) = record.deals[0].exchanges
    assert (x.kind, x.seat, [c.name for c in x.gave if c], [c.name for c in x.took if c]) == \
        (ExchangeKind.GO_UNDER, Seat.W, ["TH", "TD", "TC"], ["JH", "JD", "9S"])
    assert replay(record).deals[0].findings[0].seat is Seat.W   # the revoke of golden deal 75
    data["deals"][0]["phases"][0]["cardExchanges"][0]["receiver"] = 0   # W to N: no partners
    with pytest.raises(NotationError) as caught:
        egn_to_record(data)
    assert caught.value.problems[0].where == "deals[0].phases[0].cardExchanges[0]"


EGN_GO_UNDER = """{"fileType": "Euchre Game Notation", "version": "1.4",
 "metadata": {"players": ["N", "E", "S", "W"], "initialScore": [0, 0], "ruleset": {"go_under": true}},
 "deals": [{"dealNumber": 0, "initialState": {"dealer": 0, "upCard": "Qs",
   "playerCards": [["Ah", "Kh", "Ad", "Kd", "9c"], ["Js", "Jc", "As", "9h", "9d"],
                   ["Qh", "Qd", "Ac", "Kc", "Qc"], ["Ks", "Ts", "Th", "Td", "Tc"]]},
  "phases": [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Order"], "discard": "9c",
              "cardExchanges": [{"sender": 3, "receiver": 4, "cards": ["Th", "Td", "Tc"]},
                                {"receiver": 3, "cards": ["Jh", "Jd", "9s"]}]},
             {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": [["9h", "Qh", "9s", "Kh"],
              ["Jd", "Kd", "9d", "Qd"], ["Ah", "As", "Qc", "Jh"], ["Js", "Kc", "Ks", "Qs"],
              ["Jc", "Ac", "Ts", "Ad"]]}]}]}"""


# --- the docs say what the engine does ---------------------------------------------------------

DOCS = Path(__file__).resolve().parents[1] / "docs"


def test_format_md_quotes_the_engine_on_an_exchange() -> None:
    """docs/FORMAT.md quotes the error of golden deal 76 (a card taken that is not in the kitty)."""
    golden = Path(__file__).parent / "golden" / "deals" / "76-impossible-go-under-card-not-in-kitty.json"
    with pytest.raises(InconsistentRecord) as caught:
        replay(loads(golden.read_text(encoding="utf-8")))
    p = caught.value.problems[0]
    quoted = f"{p.where[len('deals[0].'):]}: {p.what.split(' (house rule')[0]}"
    assert quoted.replace("\n", " ") in " ".join(
        (DOCS / "FORMAT.md").read_text(encoding="utf-8").split())


def test_format_md_example_exchange_loads() -> None:
    text = (DOCS / "FORMAT.md").read_text(encoding="utf-8")
    example = text.split('"exchanges": ', 1)[1].split("\n", 1)[0]
    rec = json.loads(GOLDEN_75)
    rec["deals"][0]["exchanges"] = json.loads(example)
    assert replay(loads(json.dumps(rec))).deals[0].findings[0].seat is Seat.W


GOLDEN_75 = (Path(__file__).parent / "golden" / "deals"
             / "75-house-go-under-revoke-with-a-kitty-card.json").read_text(encoding="utf-8")


@pytest.mark.parametrize("golden", ["70-house-no-trump", "77-house-partners-best-lone-march"])
def test_openspiel_export_refuses_house_rule_moves(golden: str) -> None:
    from euchre_records.errors import UnsupportedRules
    from euchre_records.interop.openspiel import openspiel_actions
    record = loads((Path(__file__).parent / "golden" / "deals" / f"{golden}.json").read_text(encoding="utf-8"))
    with pytest.raises(UnsupportedRules) as caught:
        openspiel_actions(record.deals[0], record.rules)
    assert caught.value.problems[0].where in ("calls", "exchanges")


@SETTINGS
@given(seeds)
def test_house_rule_deals_replay_the_same_from_the_plays_alone(seed: int) -> None:
    """Without the hands and the kitty (kind plays), exchanges are still applied and checked, and
    every house-rule deal scores as with the hands known; a card given away is still refused."""
    rules = preset("modern").with_overrides({
        "allow_no_trump": True, "partners_best": True, "farmers": "exchange", "canadian": True,
        "fast_break": True})
    rng = random.Random(seed)
    for i in range(10):
        deal = random_deal(rng, rules, SEATS[i % 4], pass_rate=0.7, alone_rate=0.4)
        plays = replace(deal, kind=DealKind.PLAYS, hands=None, kitty=None)
        full, inferred = replay_deal(deal, rules), replay_deal(plays, rules)
        assert (inferred.points, inferred.winners, inferred.findings, inferred.notes) == \
            (full.points, full.winners, full.findings, full.notes)
        for kind in (ExchangeKind.PARTNERS_BEST, ExchangeKind.FARMERS):
            if any(x.kind is kind for x in deal.exchanges) and deal.tricks:
                where = "out of play" if kind is ExchangeKind.PARTNERS_BEST else "in the kitty"
                assert_given_card_cannot_be_played(plays, rules, kind, where)


def test_replay_json_names_no_trump_as_documented() -> None:
    from euchre_records.schema.results import dump_deal_result
    assert '`trump` is `"NT"` for a no-trump deal' in (DOCS / "FORMAT.md").read_text(encoding="utf-8")
    result = replay(loads(NO_TRUMP_RECORD)).deals[0]
    assert dump_deal_result(result)["trump"] == "NT"


# --- partner's best and going under, judged by hand (EGN alternate-rules.md) ----------------------

@pytest.mark.parametrize("cards, trump, best", [
    ("AH KS JD 9C", "H", ["JD"]),        # the left bower beats the ace of trumps
    ("JD JH AH", "H", ["JH"]),           # the right bower beats the left
    ("9H AS AC KD", "H", ["9H"]),        # the lowest trump beats every plain card
    ("AS AC KD QC", "H", ["AS", "AC"]),  # no trump held: the highest rank, either ace
    ("JD AS KH", "S", ["AS"]),           # the jack of diamonds is no bower under spades
    ("JH AS 9C", None, ["AS"]),          # no trump: no bowers, the ace is highest
])
def test_the_partners_best_card(cards: str, trump: str | None, best: list[str]) -> None:
    """EGN: the partner passes 'their best card'; worked from the trump order (modern §2: right
    bower, left bower, A K Q T 9 of trumps; plain suits A K Q J T 9)."""
    from euchre_records.cards import parse_card
    from euchre_records.exchanges import best_card
    got = best_card([parse_card(c) for c in cards.split()], None if trump is None else Suit(trump))
    assert sorted(c.name for c in got) == sorted(best)


def test_a_lesser_card_passed_for_partners_best_is_refused_naming_the_rule() -> None:
    """Golden deal 79 with N's 9C (his only trump) passed instead: the record reads; the AS, as
    first written, is refused at the card passed, and the message names the house rule."""
    path = Path(__file__).parent / "golden" / "deals" / "79-impossible-partners-best-not-the-best.json"
    record = loads(path.read_text(encoding="utf-8"))
    deal = record.deals[0]
    with pytest.raises(InconsistentRecord) as err:
        replay_deal(deal, record.rules, where="deals[0]")
    problem = err.value.problems[0]
    assert problem.where == "deals[0].exchanges[0].took[0]"
    assert "best card is 9C" in problem.what and "house rule partners_best" in problem.what
    x = deal.exchanges[0]
    nine = deal.turned   # the 9C, which N took up
    assert nine is not None and nine.name == "9C"
    passed = replace(deal, exchanges=(replace(x, took=(nine,)),),
                     tricks=tuple(Trick(tuple(nine if c.name == "AS" else c for c in t.cards))
                                  for t in deal.tricks))
    result = replay_deal(passed, record.rules, where="deals[0]")
    assert (result.maker, result.alone, result.points) == (Seat.S, True, (4, 0))   # a lone march


@pytest.mark.parametrize("hand, poor", [
    ("9S TH 9D AC KC", True),    # three nines and tens
    ("AS AH TD 9C 8C", True),    # no face card (aces and eights are none)
    ("9S TH AD KC QC", False),   # two nines and tens, two face cards
    ("8S 8H 7D 7C JC", False),   # eights and sevens are no farm cards, and a jack is a face card
])
def test_a_remarkably_poor_hand(hand: str, poor: bool) -> None:
    """EGN go_under: 'a remarkably poor hand (e.g., three 9s and 10s, or no face cards)'."""
    from euchre_records.cards import parse_card
    from euchre_records.exchanges import remarkably_poor
    assert remarkably_poor([parse_card(c) for c in hand.split()]) is poor
