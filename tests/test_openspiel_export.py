"""OpenSpiel action sequences without open_spiel: encoding, round trips, and the refusals."""

from __future__ import annotations

import doctest
import random
from pathlib import Path

import pytest

from euchre_records.interop import openspiel as openspiel_export
from euchre_records.cards import Seat, make_pack
from euchre_records.deal import replay_deal
from euchre_records.errors import UnsupportedRules
from euchre_records.model import CallKind, Deal, DealKind
from euchre_records.interop.openspiel import (
    GO_ALONE, PASS, WITH_PARTNER, action_card, card_action, deal_from_openspiel, openspiel_actions,
    openspiel_game_params,
)
from euchre_records.rules import Rules, preset
from euchre_records.schema.notation import loads
from euchre_records.testkit.simulate import random_deal


def os_rules(stick: bool = True, lone_defender: bool = True) -> Rules:
    """Modern with OpenSpiel's choices; its dealer may not discard the turned card (which modern
    §3 allows: random deals would have him do it, and such a deal has no OpenSpiel history)."""
    return preset("modern").with_overrides(
        {"lone_lead": "eldest", "stick_the_dealer": stick, "defend_alone": lone_defender,
         "turned_card_discard": False})


def test_doctests() -> None:
    assert doctest.testmod(openspiel_export).failed == 0


def test_card_actions_cover_the_24_card_pack() -> None:
    cards = {action_card(a) for a in range(24)}
    assert cards == set(make_pack(24))
    assert all(card_action(action_card(a)) == a for a in range(24))


@pytest.mark.parametrize("stick,lone", [(True, True), (False, False), (True, False), (False, True)])
def test_random_deals_round_trip_through_actions(stick: bool, lone: bool) -> None:
    rules = os_rules(stick, lone)
    params = openspiel_game_params(rules)
    rng = random.Random(f"{stick}{lone}")
    for i in range(150):
        deal = random_deal(rng, rules, Seat(i % 4), alone_rate=0.3)
        actions = openspiel_actions(deal, rules)
        assert actions[0] == deal.dealer
        assert action_card(actions[1]) in deal.hands[deal.dealer]  # type: ignore[index]
        assert action_card(actions[21]) is deal.turned
        back = deal_from_openspiel(actions, params)
        assert back.kind is DealKind.FULL and back.dealer is deal.dealer
        ours, theirs = replay_deal(deal, rules), replay_deal(back, rules)
        assert (theirs.winners, theirs.points, theirs.maker) == (ours.winners, ours.points, ours.maker)
        assert openspiel_actions(back, rules) == actions


def _first(rules: Rules, want: object, seed: int = 0) -> Deal:
    rng = random.Random(seed)
    for _ in range(5000):
        deal = random_deal(rng, rules, Seat.N, alone_rate=0.5)
        if want(deal, replay_deal(deal, rules)):  # type: ignore[operator]
            return deal
    raise AssertionError("no such deal")


def test_alone_and_defender_decisions_are_encoded() -> None:
    rules = os_rules()
    deal = _first(rules, lambda d, r: r.alone and r.defender_alone is not None)
    actions = openspiel_actions(deal, rules)
    bids = actions[22:]
    assert GO_ALONE in bids[:12]
    thrown = _first(os_rules(stick=False), lambda d, r: r.thrown_in)
    assert openspiel_actions(thrown, os_rules(stick=False))[22:] == [PASS] * 8
    plain = _first(os_rules(lone_defender=False), lambda d, r: not r.alone and not r.thrown_in)
    acts = openspiel_actions(plain, os_rules(lone_defender=False))
    assert WITH_PARTNER in acts and GO_ALONE not in acts


def test_another_pack_is_refused() -> None:
    with pytest.raises(UnsupportedRules) as err:
        openspiel_game_params(preset("hoyle"))
    assert err.value.problems[0].where == "rules.pack"


def test_a_lone_lead_openspiel_would_not_make_is_refused() -> None:
    rules = preset("modern").with_overrides({"turned_card_discard": False})   # left-of-lone
    deal = _first(rules, lambda d, r: r.alone and r.defender_alone is None
                  and r.leaders[0] is not r.dealer.left and r.dealer.left is not r.maker.partner)
    with pytest.raises(UnsupportedRules, match="eldest"):
        openspiel_actions(deal, rules)


def test_other_scores_are_refused() -> None:
    rules = os_rules().with_overrides({"lone_euchred": 4})
    deal = _first(rules, lambda d, r: r.alone and r.defender_alone is None
                  and r.tricks[r.maker.side.value != "NS"] < 3)
    with pytest.raises(UnsupportedRules, match="OpenSpiel scores this deal"):
        openspiel_actions(deal, rules)


def test_unknown_hands_are_refused() -> None:
    rules = os_rules()
    deal = _first(rules, lambda d, r: r.alone and d.calls[-1].kind is not CallKind.DEFEND_ALONE)
    plays = Deal(DealKind.PLAYS, deal.dealer, deal.turned, calls=deal.calls, discard=deal.discard,
                 tricks=deal.tricks)
    with pytest.raises(UnsupportedRules, match="every hand"):
        openspiel_actions(plays, rules)


def test_plays_only_deal_with_known_discard_is_rebuilt() -> None:
    rules = os_rules()
    deal = _first(rules, lambda d, r: not r.alone and r.defender_alone is None and d.discard is not None)
    plays = Deal(DealKind.PLAYS, deal.dealer, deal.turned, calls=deal.calls, discard=deal.discard,
                 tricks=deal.tricks)
    back = deal_from_openspiel(openspiel_actions(plays, rules), openspiel_game_params(rules))
    assert {frozenset(h) for h in back.hands} == {frozenset(h) for h in deal.hands}  # type: ignore[union-attr]
    no_discard = Deal(DealKind.PLAYS, deal.dealer, deal.turned, calls=deal.calls, tricks=deal.tricks)
    with pytest.raises(UnsupportedRules, match="discard"):
        openspiel_actions(no_discard, rules)


def test_a_dealer_who_discarded_the_turned_card_has_no_openspiel_history() -> None:
    """Modern §3 lets the dealer discard the card he took up (golden deal 41: E discards the 9S);
    OpenSpiel's discard action is any card but the turned one, so the export refuses the deal
    at its discard rather than write a history OpenSpiel would not play."""
    path = Path(__file__).parent / "golden" / "deals" / "41-modern-dealer-discards-turned-card.json"
    record = loads(path.read_text(encoding="utf-8"))
    with pytest.raises(UnsupportedRules, match="turned card") as err:
        openspiel_actions(record.deals[0], record.rules)
    assert err.value.problems[0].where == "discard"
