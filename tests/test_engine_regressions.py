"""Cases a review found, each worked out by hand; they keep the engine honest where the golden
files did not look."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from euchre_records.bidding import run_bidding
from euchre_records.errors import InconsistentRecord
from euchre_records.match import replay
from euchre_records.schema.notation import load_any, loads


GOLDEN = Path(__file__).parent / "golden"


def record(rules: dict[str, object], *deals: dict[str, object]) -> str:
    return json.dumps({"format": "euchre-records", "version": "1.0", "rules": rules, "deals": list(deals)})


def test_a_dealer_who_never_plays_the_card_he_took_up_is_impossible() -> None:
    # N took up 9H and discarded 9S, then played five clubs: he would have held six cards.
    text = record({"preset": "modern"}, {
        "kind": "plays", "dealer": "N", "turned": "9H", "calls": ["order"], "discard": "9S",
        "tricks": ["AH KH QH AC", "AS KS QS KC", "AD KD QD QC", "TS JS 9D JC", "TD 9C TC TH"]})
    with pytest.raises(InconsistentRecord) as err:
        replay(loads(text))
    assert "never played 9H" in str(err.value)


def test_a_claim_before_the_first_trick_is_searched_with_eldest_leading() -> None:
    # E (eldest, dealer N) leads; S claims 4 of 5 with clubs trump. E leads AH: S must follow
    # with a heart? S holds none, so S may trump — but E-W can still take two tricks (AH, then
    # AD/AS lines); with E leading, S's side can be held to 3. The claim is not guaranteed.
    text = record({"preset": "modern"}, {
        "kind": "full", "dealer": "N", "turned": "QC",
        "hands": {"N": "JH KD AC JC TC", "E": "JS TS AH TH AD", "S": "QS 9S JD 9D 9C",
                  "W": "AS KS KH QD TD"},
        "calls": ["pass", "assist"], "discard": "TC",
        "irregularities": [{"kind": "claim", "seat": "S", "tricks": 4}]})
    deal = replay(loads(text)).deals[0]
    claims = [f for f in deal.findings if f.kind.value == "claim"]
    assert claims and claims[0].status == "not guaranteed"
    assert "held to 3" in claims[0].message


@pytest.mark.parametrize(("calls", "ok"), [
    (["order", "W: partner alone"], True),               # eldest E orders, third hand W takes it (74)
    (["pass", "assist", "N: partner alone"], True),      # second hand assists, the dealer takes it (75)
    (["pass", "pass", "pass", "take", "S: partner alone"], False),   # S passed already
    (["pass", "pass", "order", "E: partner alone"], False),          # third hand's order: no take-over
])
def test_who_may_take_over_a_lone_hand(calls: list[str], ok: bool) -> None:
    text = record({"preset": "somerset-1888"}, {
        "kind": "plays", "dealer": "N", "turned": "9H", "calls": calls})
    rec = loads(text)
    if ok:
        bidding, _ = run_bidding(rec.deals[0], rec.rules, 1, "deals[0]")
        assert bidding.alone and bidding.maker is not None
        assert bidding.maker.name == calls[-1][0]
    else:
        with pytest.raises(InconsistentRecord) as err:
            run_bidding(rec.deals[0], rec.rules, 1, "deals[0]")
        assert "74-75" in str(err.value)


@pytest.mark.parametrize(("event", "points"), [
    # Somerset 102: after the lone player's partner exposed a card, a lone march scores only 2
    ({"kind": "lone-partner-exposed", "seat": "S"}, [2, 0]),
    # Somerset 50: an opponent of the lone hand throws his cards down: the lone side scores 5
    ({"kind": "hand-thrown-down", "seat": "E", "trick": 3}, [5, 0]),
])
def test_result_only_deals_apply_the_laws_that_change_a_score(event: dict[str, object],
                                                              points: list[int]) -> None:
    text = record({"preset": "somerset-1888"}, {
        "kind": "result", "dealer": "W", "result": {"maker": "N", "alone": True, "tricks": 5},
        "irregularities": [event]})
    assert list(replay(loads(text)).deals[0].points) == points


def test_result_only_wrong_number_of_cards_forfeits_under_somerset() -> None:
    # Somerset 90: E held six cards; N-S made their point with 4 tricks: 1 + the forfeit of 2.
    text = record({"preset": "somerset-1888"}, {
        "kind": "result", "dealer": "W", "result": {"maker": "N", "tricks": 4},
        "irregularities": [{"kind": "wrong-number-of-cards", "seat": "E", "count": 6, "trick": 3}]})
    assert list(replay(loads(text)).deals[0].points) == [3, 0]


def test_result_only_thrown_in_is_impossible_under_stick_the_dealer() -> None:
    text = record({"preset": "modern", "overrides": {"stick_the_dealer": True}},
                  {"kind": "result", "dealer": "N", "result": {"maker": None}})
    with pytest.raises(InconsistentRecord) as err:
        replay(loads(text))
    assert err.value.problems[0].where == "deals[0].result.maker"


def test_result_only_joker_turned_under_redeal_keeps_the_dealer() -> None:
    text = record({"preset": "modern", "overrides": {"joker": True, "joker_upcard": "redeal"}},
                  {"kind": "result", "dealer": "N", "turned": "JK", "result": {"maker": None}},
                  {"kind": "result", "dealer": "N", "result": {"maker": "E", "tricks": 3}})
    result = replay(loads(text))
    assert result.findings == ()


def test_a_void_deal_is_not_called_thrown_in() -> None:
    text = record({"preset": "hoyle"},
                  {"kind": "result", "dealer": "N", "result": {"maker": None},
                   "irregularities": [{"kind": "misdeal", "seat": "N", "cause": "packets"}],
                   "scoresheet": {"points": [0, 1]}},
                  {"kind": "result", "dealer": "N", "result": {"maker": "E", "tricks": 3}})
    result = replay(loads(text))
    first = result.deals[0]
    assert first.void == "misdeal" and not first.thrown_in and not first.redeal
    sheet = [f for f in result.findings if f.kind.value == "scoresheet"]
    assert sheet and "void (misdeal)" in sheet[0].message


def test_a_lap_that_reaches_the_target_settles_the_next_game_before_its_first_deal() -> None:
    # Somerset: N-S at 4-1 score a lone march (4) with a claimed revoke by E in the lone hand
    # (5): 13-1, a lap of 8. The next game is won by the lap alone (love: 2 rubber points), the
    # lap of 3 opens the third game, and E-W's point in deal 3 counts there.
    text = json.dumps({
        "format": "euchre-records", "version": "1.0", "rules": {"preset": "somerset-1888"},
        "start_score": [4, 1],
        "deals": [
            {"kind": "result", "dealer": "N", "result": {"maker": "S", "alone": True, "tricks": 5},
             "irregularities": [{"kind": "revoke-claimed", "seat": "E"}]},
            {"kind": "result", "dealer": "E", "result": {"maker": "W", "tricks": 3}},
        ]})
    result = replay(loads(text))
    games = [(g.score, g.winner.label if g.winner else None, g.first_deal, g.last_deal) for g in result.games]
    assert games[0] == ((13, 1), "N-S", 1, 1)
    assert games[1] == ((8, 0), "N-S", 2, 1)          # no deal of its own
    assert games[2][:2] == ((3, 1), None)             # the third game goes on
    assert result.games[1].rubber_points == (2, 0)
    assert result.findings[0].kind.value == "revoke"
    assert "penalty is scored first" not in " ".join(n for d in result.deals for n in d.notes)


def test_game_points_of_zero_are_refused() -> None:
    from euchre_records.errors import NotationError
    text = record({"preset": "modern", "overrides": {"game_points": 0}})
    with pytest.raises(NotationError):
        loads(text)


def test_a_wrong_first_running_score_is_an_addition_error() -> None:
    text = record({"preset": "modern"},
                  {"kind": "result", "dealer": "N", "result": {"maker": "E", "tricks": 3},
                   "scoresheet": {"points": [0, 1], "total": [0, 2]}})
    finding = replay(loads(text)).findings[0]
    assert "an addition error on the sheet" in finding.message


@pytest.mark.parametrize("extra, where", [
    ({"tricks": ["QS JH", "KS JD", "9C AH", "TD AS", "QD KC"]}, "tricks"),
    ({"discard": "QD"}, "discard"),
])
def test_a_deal_thrown_in_at_a_table_of_two_plays_nothing(extra: dict[str, object], where: str) -> None:
    # Both players passed twice (Keller ch. VII: the deal passes): no card was taken up or
    # played, at a table of two as at four; the record is refused at the place it says so.
    text = record({"preset": "modern", "seats": 2, "overrides": {"pack": 24}}, {
        "kind": "full", "dealer": "0", "turned": "9H",
        "hands": {"0": "QS KS 9C TD QD", "1": "JH JD AH AS KC"},
        "calls": ["pass", "pass", "pass", "pass"], **extra})
    with pytest.raises(InconsistentRecord) as err:
        replay(load_any(json.loads(text)))
    [problem] = err.value.problems
    assert problem.where == f"deals[0].{where}" and "thrown in" in problem.what


def test_a_play_out_of_turn_at_a_trick_never_played_is_refused_where_it_is() -> None:
    # Somerset 59 rules a card played before the partner's turn, in a trick that was played:
    # golden laws/36 with its tricks taken out and every trick conceded before the first still
    # places N's play out of turn at trick 1: impossible (it raised an IndexError before).
    data = json.loads((GOLDEN / "laws" / "36-somerset-fourth-hand-plays-before-partner.json").read_text())
    data["deals"][0]["tricks"] = []
    data["deals"][0]["irregularities"].append({"kind": "concession", "seat": "E", "trick": 1})
    with pytest.raises(InconsistentRecord) as err:
        replay(loads(json.dumps(data)))
    assert [(p.where, p.what) for p in err.value.problems] == [
        ("deals[0].irregularities[0].trick", "trick 1 was not played")]
