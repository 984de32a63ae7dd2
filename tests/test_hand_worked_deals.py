"""Deals worked by hand in the test code at tables of two, three and five, from the rules of
../shared/VARIANTS.md (the expected points are counted on paper from those rules, never taken
from the engine), and the bad input each variant must refuse with a located error. The hand-worked
golden files of every table are run by tests/test_golden.py; every record under every preset by
tests/test_replay_rules.py.

Seats are clockwise: at a table of n the card after seat s's is seat (s + 1) mod n's, and the
dealer's left (seat dealer + 1) bids first and leads the first trick.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from euchre_records.errors import NotationError, RecordError, UnsupportedRules
from euchre_records.model import FindingKind
from euchre_records.match import replay as replay_record
from euchre_records.interop.openspiel import openspiel_actions
from euchre_records.schema.notation import load_record
from euchre_records.schema.tables import dump_table_result, load_table_record


def record(seats: int, deals: list[dict[str, Any]], preset: str = "modern",
           overrides: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    rules: dict[str, Any] = {"preset": preset, "seats": seats}
    if overrides:
        rules["overrides"] = overrides
    return {"format": "euchre-records", "version": "1.0", "rules": rules, "deals": deals, **extra}


def replay(data: dict[str, Any]) -> Any:
    return replay_record(load_table_record(data))


# --- two-handed ------------------------------------------------------------------------------

# Dealer 0, non-dealer 1. Turned 9S; 1 orders it up; the dealer takes it and discards TH.
# Dealer's hand in play: AH KH QH JH 9S. 1 holds JS JC AS KS QS: every trick is his (JS right
# bower, JC left bower, then AS KS QS against hearts). The non-dealer leads every trick.
TWO_MARCH = {
    "kind": "full", "dealer": "0", "turned": "9S",
    "hands": {"0": "AH KH QH JH TH", "1": "JS JC AS KS QS"},
    "calls": ["1: order"], "discard": "TH",
    "tricks": ["1: JS 9S", "1: JC AH", "1: AS KH", "1: KS QH", "1: QS JH"],
}


def test_two_handed_march_scores_two_and_the_non_dealer_leads() -> None:
    result = replay(record(2, [TWO_MARCH]))
    deal = result.deals[0]
    assert deal.leaders == (1, 1, 1, 1, 1)
    assert (deal.maker, deal.makers, deal.defenders, deal.maker_tricks) == (1, (1,), (0,), 5)
    assert deal.points == (0, 2)          # Keller ch. VII: a march is 2
    assert result.clean


def test_two_handed_dealer_makes_and_still_the_non_dealer_leads() -> None:
    # 1 passes, dealer 0 takes 9S: trump spades, 1 still leads (he holds the trumps: 5 tricks
    # to the defender, a euchre: 2 to seat 1).
    deal = dict(TWO_MARCH, calls=["pass", "0: take"])
    result = replay(record(2, [deal]))
    assert result.deals[0].maker == 0
    assert result.deals[0].leaders[0] == 1
    assert result.deals[0].points == (0, 2)


def test_two_handed_revoke_from_the_hand() -> None:
    # Trick 1: the dealer plays AH to the right bower while holding 9S (a trump): revoke.
    # Modern §7: 2 points to the non-offender; the hand itself is not scored.
    deal = dict(TWO_MARCH, tricks=["1: JS AH", "1: JC 9S", "1: AS KH", "1: KS QH", "1: QS JH"])
    result = replay(record(2, [deal]))
    (finding,) = result.findings
    assert (finding.kind, finding.deal, finding.trick, finding.seat) == (FindingKind.REVOKE, 1, 1, 0)
    assert "Modern §7" in finding.rule
    assert result.deals[0].points == (0, 2)
    assert result.deals[0].hand_points == (0, 0)


def test_two_handed_game_to_the_presets_points() -> None:
    # Somerset plays to 5: three marches (2 each) reach 6: seat 1 wins at the third deal.
    deals = [dict(TWO_MARCH, dealer=str(d % 2)) for d in range(3)]
    for d in deals[1::2]:
        # seat 1 deals: seat 0 is eldest and holds the cards seat 1 held
        d.update(hands={"1": "AH KH QH JH TH", "0": "JS JC AS KS QS"}, calls=["0: order"],
                 tricks=["0: JS 9S", "0: JC AH", "0: AS KH", "0: KS QH", "0: QS JH"])
    # worked: after deal 1 (0, 2); deal 2 (2, 2); deal 3 (2, 4): no winner at Somerset's 5 yet
    result = replay(record(2, deals, preset="somerset-1888"))
    assert [d.points for d in result.deals] == [(0, 2), (2, 0), (0, 2)]
    assert result.games[0].score == (2, 4) and result.games[0].winner is None
    assert not result.games[0].finished
    # a game to 4: seat 1 reaches it at the third deal
    result = replay(record(2, deals, preset="somerset-1888", overrides={"game_points": 4}))
    assert (result.games[0].winner, result.games[0].last_deal, result.games[0].finished) == (1, 3, True)


# --- three-handed cut-throat -----------------------------------------------------------------

# Dealer 0, eldest 1. Turned 9H; 1 orders; dealer 0 takes it and discards TS.
CUT_MARCH = {
    "kind": "full", "dealer": "0", "turned": "9H",
    "hands": {"0": "AS KS QS JS TS", "1": "JH AH KH QH TH", "2": "AD KD AC KC QC"},
    "calls": ["1: order"], "discard": "TS",
    "tricks": ["1: JH AD 9H", "1: AH KD AS", "1: KH AC KS", "1: QH KC QS", "1: TH QC JS"],
}


def test_cutthroat_march_scores_three() -> None:
    result = replay(record(3, [CUT_MARCH]))
    assert result.deals[0].points == (0, 3, 0)
    assert result.deals[0].alone


def test_cutthroat_euchre_gives_two_to_each_opponent() -> None:
    deal = {"kind": "result", "dealer": "0", "result": {"maker": "2", "trump": "S", "tricks": 2}}
    result = replay(record(3, [deal]))
    assert result.deals[0].points == (2, 2, 0)
    assert result.deals[0].defenders == (0, 1)


def test_cutthroat_euchre_option_maker_minus_two() -> None:
    deal = {"kind": "result", "dealer": "0", "result": {"maker": "2", "tricks": 1}}
    result = replay(record(3, [deal], overrides={"cutthroat_euchre": "maker-minus-2"}))
    assert result.deals[0].points == (0, 0, -2)


def test_cutthroat_revoke_proven_by_a_later_play() -> None:
    # As CUT_MARCH but the hands are not recorded, and at trick 1 the dealer (seat 0) plays AS
    # to the right bower; at trick 2 he plays 9H, a trump: he held it at trick 1 (revoke).
    deal = {"kind": "plays", "dealer": "0", "turned": "9H", "calls": ["1: order"],
            "tricks": ["1: JH AD AS", "1: AH KD 9H", "1: KH AC KS", "1: QH KC QS", "1: TH QC JS"]}
    result = replay(record(3, [deal]))
    (finding,) = result.findings
    assert (finding.trick, finding.seat, finding.card.name) == (1, 0, "AS")
    assert "later play" in finding.message
    # the maker (1) is the only non-offender: 2 points to him; the march is not scored
    assert result.deals[0].points == (0, 2, 0)


def test_cutthroat_two_players_past_game_at_once() -> None:
    # Start 9-8-0, game 10. Seat 2 is euchred: 2 to each of 0 and 1 -> 11-10-0: both past 10,
    # seat 0 has more and wins.
    euchre = {"kind": "result", "dealer": "0", "result": {"maker": "2", "tricks": 0}}
    result = replay(record(3, [euchre], start_score=[9, 8, 0]))
    assert result.games[0].score == (11, 10, 0)
    assert result.games[0].winner == 0 and result.games[0].finished


def test_cutthroat_exact_tie_past_game_plays_on() -> None:
    # Start 9-9-0: the euchre makes 11-11-0, a tie at the top: the game plays on; then seat 0
    # makes trump and takes 3 tricks (1 point): 12-11-0, seat 0 wins.
    euchre = {"kind": "result", "dealer": "0", "result": {"maker": "2", "tricks": 0}}
    made = {"kind": "result", "dealer": "1", "result": {"maker": "0", "tricks": 3}}
    result = replay(record(3, [euchre, made], start_score=[9, 9, 0]))
    assert [g.winner for g in result.games] == [0]
    assert result.running == ((1, (11, 11, 0)), (1, (12, 11, 0)))
    assert (result.games[0].first_deal, result.games[0].last_deal) == (1, 2)


# --- five-handed call your partner -----------------------------------------------------------

# Pack 28 (8 to A). Dealer 0, eldest 1; turned 8H, 1 orders, the dealer takes it and discards
# 8D; 1 calls AC. Seat 3 holds AC and plays it at trick 3. Undealt: TH, 8C.
FIVE_HANDS = {"0": "AD TD 9D 8D 9H", "1": "JH JD AH KH QH", "2": "AS KS QS JS TS",
              "3": "AC KD QD 9S 8S", "4": "KC QC JC TC 9C"}
FIVE_TRICKS = ["1: JH TS 8S 9C 8H", "1: JD JS 9S TC 9H", "1: AH QS AC JC AD",
               "1: KH KS KD QC TD", "1: QH AS QD KC 9D"]
FIVE_PLAYS = {"kind": "plays", "dealer": "0", "turned": "8H", "calls": ["1: order"],
              "called": "AC", "discard": "8D", "tricks": FIVE_TRICKS}


def five(deals: list[dict[str, Any]], **overrides: Any) -> dict[str, Any]:
    return record(5, deals, overrides={"pack": 28, **overrides})


def test_five_handed_partner_found_at_the_third_trick() -> None:
    result = replay(five([FIVE_PLAYS]))
    deal = result.deals[0]
    assert (deal.partner, deal.partner_known, deal.makers) == (3, True, (1, 3))
    assert deal.points == (0, 2, 0, 2, 0)     # a march: 2 to each of the making side
    assert any("trick 3" in n for n in deal.notes)


def test_five_handed_partner_from_the_hands() -> None:
    deal = dict(FIVE_PLAYS, kind="full", hands=FIVE_HANDS, kitty="TH 8C")
    result = replay(five([deal]))
    assert result.deals[0].partner == 3
    assert result.deals[0].points == (0, 2, 0, 2, 0)


def test_five_handed_called_card_undealt_maker_alone_march_five() -> None:
    # 8C is in the kitty: the maker is alone without knowing it; he marches: 5.
    deal = dict(FIVE_PLAYS, kind="full", hands=FIVE_HANDS, kitty="TH 8C", called="8C")
    result = replay(five([deal]))
    assert (result.deals[0].partner, result.deals[0].alone) == (None, True)
    assert result.deals[0].points == (0, 5, 0, 0, 0)
    # the same from the plays alone: all 25 dealt cards fell and 8C did not
    result = replay(five([dict(FIVE_PLAYS, called="8C")]))
    assert result.deals[0].points == (0, 5, 0, 0, 0)


def test_five_handed_lone_by_choice() -> None:
    deal = {k: v for k, v in FIVE_PLAYS.items() if k != "called"}
    deal["calls"] = ["1: order alone"]
    result = replay(five([deal]))
    assert result.deals[0].points == (0, 5, 0, 0, 0)


def test_five_handed_revoke_each_partner_scores_the_penalty() -> None:
    # The dealer (0) plays AD to the right bower at trick 1 and 8H, a trump, at trick 2: a
    # revoke proven by the later play. Revoke penalty 3 (override): 3 to each of the makers
    # 1 and 3; the march is not scored (modern: the penalty instead of the hand).
    tricks = ["1: JH TS 8S 9C AD", "1: JD JS 9S TC 8H", "1: AH QS AC JC 9H",
              "1: KH KS KD QC TD", "1: QH AS QD KC 9D"]
    result = replay(five([dict(FIVE_PLAYS, tricks=tricks)], revoke_penalty=3))
    (finding,) = result.findings
    assert (finding.trick, finding.seat) == (1, 0)
    assert result.deals[0].points == (0, 3, 0, 3, 0)


def test_five_handed_result_only_with_partner() -> None:
    deal = {"kind": "result", "dealer": "2",
            "result": {"maker": "3", "trump": "H", "tricks": 5, "called": "AC", "partner": "1"}}
    result = replay(five([deal]))
    assert result.deals[0].points == (0, 2, 0, 2, 0)
    euchred = {"kind": "result", "dealer": "2",
               "result": {"maker": "3", "trump": "H", "tricks": 2, "called": "AC", "partner": "1"}}
    assert replay(five([euchred])).deals[0].points == (2, 0, 2, 0, 2)


def test_five_handed_unknown_partner_is_noted() -> None:
    deal = {"kind": "result", "dealer": "2",
            "result": {"maker": "3", "trump": "H", "tricks": 3, "called": "AC"}}
    result = replay(five([deal]))
    assert not result.deals[0].partner_known
    assert any("not recorded" in n for n in result.deals[0].notes)


def test_result_json_has_per_player_points_and_sides() -> None:
    out = dump_table_result(replay(five([FIVE_PLAYS])))
    assert out["deals"][0]["points"] == [0, 2, 0, 2, 0]
    assert out["deals"][0]["makers"] == ["1", "3"]
    assert out["deals"][0]["defenders"] == ["0", "2", "4"]
    assert out["rubber"] is None


# --- bad input: located errors, never a crash ------------------------------------------------

def located(data: Any) -> list[str]:
    with pytest.raises(RecordError) as exc:
        replay(data)
    return [p.where for p in exc.value.problems]


@pytest.mark.parametrize("seats", [9, 0, -1, 6, 7, 8, 1])
def test_seat_counts_refused_at_rules_seats(seats: int) -> None:
    data = record(seats, [])
    with pytest.raises(NotationError) as exc:
        load_table_record(data)
    assert [p.where for p in exc.value.problems] == ["rules.seats"]
    with pytest.raises(NotationError) as exc:
        load_record(data)
    assert [p.where for p in exc.value.problems] == ["rules.seats"]


def test_six_players_named_in_the_refusal() -> None:
    with pytest.raises(NotationError, match="six-handed euchre is not specified; see VARIANTS.md"):
        load_table_record(record(6, [], overrides={"pack": 24}))


def test_pack_too_small_for_five() -> None:
    with pytest.raises(NotationError) as exc:
        load_table_record(record(5, [], overrides={"pack": 24}))
    assert exc.value.problems[0].where == "rules.seats"
    assert "too small" in exc.value.problems[0].what


def test_called_card_of_the_trump_suit() -> None:
    assert located(five([dict(FIVE_PLAYS, called="KH")])) == ["deals[0].called"]
    # the left bower (JD under hearts) is of the trump suit too
    assert located(five([dict(FIVE_PLAYS, called="JD")])) == ["deals[0].called"]


def test_called_card_not_in_the_pack() -> None:
    assert located(five([dict(FIVE_PLAYS, called="7C")])) == ["deals[0].called"]


def test_partner_claimed_who_does_not_hold_the_card() -> None:
    deal = dict(FIVE_PLAYS, kind="full", hands=FIVE_HANDS, kitty="TH 8C", partner="2")
    assert located(five([deal])) == ["deals[0].partner"]
    # from the play alone: seat 3 plays AC, not the claimed seat 2
    assert located(five([dict(FIVE_PLAYS, partner="2")])) == ["deals[0].tricks[2][2]"]


def test_trick_with_the_wrong_number_of_cards() -> None:
    deal = dict(CUT_MARCH, tricks=["1: JH AD 9H AS"] + CUT_MARCH["tricks"][1:])
    assert located(record(3, [deal])) == ["deals[0].tricks[0]"]


def test_alone_refused_where_the_maker_is_always_alone() -> None:
    assert located(record(3, [dict(CUT_MARCH, calls=["1: order alone"])])) == ["deals[0].calls[0]"]


def test_call_by_the_wrong_seat_and_card_not_held() -> None:
    assert located(record(3, [dict(CUT_MARCH, calls=["2: order"])])) == ["deals[0].calls[0]"]
    tricks = ["1: JH AD TS"] + CUT_MARCH["tricks"][1:]   # TS was the dealer's discard
    assert located(record(3, [dict(CUT_MARCH, tricks=tricks)])) == ["deals[0].tricks[0][2]"]


def test_four_handed_options_and_rubbers_refused() -> None:
    for overrides in ({"rubber": "whist"}, {"canadian": True}, {"cutthroat_euchre": "maker-minus-2"}):
        with pytest.raises(NotationError) as exc:
            load_table_record(record(2, [], overrides=overrides))
        assert exc.value.problems[0].where.startswith("rules.overrides.")


def test_the_presets_rubber_is_not_played_and_says_so() -> None:
    result = replay(record(2, [TWO_MARCH], preset="hoyle"))
    assert any("rubber" in n for n in result.notes)


def test_openspiel_refuses_by_reason() -> None:
    deal = load_table_record(record(3, [CUT_MARCH])).deals[0]
    with pytest.raises(UnsupportedRules, match="four-handed"):
        openspiel_actions(deal, load_table_record(record(3, [])).rules)


def test_every_corruption_is_a_record_error_never_a_crash() -> None:
    """Each key of each golden deal replaced by junk: a RecordError or a replay, never another
    exception."""
    junk: list[Any] = [None, 7, "x", [], {}, "9: order", "??", True]
    refused = 0
    for data in (record(3, [CUT_MARCH]), five([FIVE_PLAYS]), record(2, [TWO_MARCH])):
        for key in list(data["deals"][0]):
            for value in junk:
                bad = copy.deepcopy(data)
                bad["deals"][0][key] = value
                try:
                    replay(bad)
                except RecordError as exc:
                    refused += 1
                    assert all(p.where.startswith("deals[0]") for p in exc.problems), exc
    assert refused > 100


def test_rules_md_has_a_row_for_every_variant_option() -> None:
    from pathlib import Path

    from euchre_records.table import VARIANT_OPTIONS
    text = (Path(__file__).resolve().parent.parent / "docs" / "RULES.md").read_text(encoding="utf-8")
    section = text[text.index("## Tables of two, three and five"):text.index("## Not covered")]
    rows = [line for line in section.splitlines() if line.startswith("| ") and "---" not in line][1:]
    assert len(rows) >= 20
    for option in VARIANT_OPTIONS:
        assert f"`{option}`" in section, option
    for row in rows:
        assert row.rstrip().rstrip("|").rsplit("|", 1)[-1].strip(), f"no source: {row}"


def test_a_card_dealt_twice_is_located() -> None:
    hands = dict(CUT_MARCH["hands"], **{"2": "AD KD AC KC AS"})   # AS is seat 0's too
    assert located(record(3, [dict(CUT_MARCH, hands=hands)])) == ["deals[0].hands.2"]
    # 9H is the turned card: the kitty cannot hold it too (located as at four: the hand, the kitty)
    assert located(record(3, [dict(CUT_MARCH, kitty="9S 9D 9C TC JC QD JD 9H")])) == ["deals[0].kitty"]


def test_a_card_is_played_once_and_by_its_holder_when_only_the_plays_are_recorded() -> None:
    """RULES.md common ground, one pack and each card once, with the hands unrecorded: the
    dealer's discard is out of play and the turned card he took up is in his hand, so another
    seat cannot play either. Refused where it is played, in the four-handed wording (issue 32:
    the walk of every table keeps its cards in card_places.CardPlaces; the n walk before it
    accepted both)."""
    plays = {k: v for k, v in TWO_MARCH.items() if k != "hands"}
    plays["kind"] = "plays"
    assert replay(record(2, [plays])).clean
    discarded = dict(plays, discard="JS")   # 1 then leads the JS his opponent threw away
    turned = dict(plays, tricks=["1: 9S JS"] + TWO_MARCH["tricks"][1:])   # 1 leads the 9S 0 took up
    for deal, what in ((discarded, "seat 1 played JS, which he does not hold (it was discarded)"),
                       (turned, "seat 1 played 9S, which he does not hold (it is in seat 0's hand)")):
        with pytest.raises(RecordError) as exc:
            replay(record(2, [deal]))
        assert [(p.where, p.what) for p in exc.value.problems] == [("deals[0].tricks[0][0]", what)]


def test_five_handed_the_dealer_holds_the_called_card() -> None:
    # 1 calls AD: the dealer (0) holds it and plays it at trick 3, so 0 and 1 are the makers;
    # 1 wins every trick: a march, 2 to each of them.
    deal = dict(FIVE_PLAYS, kind="full", hands=FIVE_HANDS, kitty="TH 8C", called="AD")
    result = replay(five([deal]))
    assert (result.deals[0].partner, result.deals[0].makers) == (0, (1, 0))
    assert result.deals[0].points == (2, 2, 0, 0, 0)
    # stated wrongly as undealt: located
    assert located(five([dict(deal, partner=None)])) == ["deals[0].partner"]


# --- one order of the deal walk at every table (issue 32) ------------------------------------

def test_the_cards_are_checked_before_the_bidding_at_every_table() -> None:
    """The one deal walk deals the cards before it reads the bidding, at four as at n: a deal
    whose cards and bidding are both impossible is refused at its cards (one pack, each card
    once: RULES.md common ground), where the walk at n used to read the bidding first."""
    two = copy.deepcopy(TWO_MARCH)
    two["hands"] = {"0": "AH KH QH JH TH", "1": "JS JC AS KS AH"}   # AH dealt twice
    two["calls"] = ["1: take"]                                       # the non-dealer's word is order
    with pytest.raises(RecordError) as exc:
        replay(record(2, [two]))
    assert [p.where for p in exc.value.problems] == ["deals[0].hands.1"], exc.value.problems
    assert "AH" in str(exc.value)
