"""Findings and refusals at every table: the cases of tables of two, three and five, read against
the four-handed ones (revokes.py; the four-handed findings are held by the hand-worked goldens of
tests/golden/deals and laws, run by tests/test_golden.py, and tests/test_engine_regressions.py).

- A revoke's finding reads as the four-handed one does (revokes.py) and carries its status:
  the texts below are written by hand from the deals (tests/golden/variants), not pasted.
- What these tables do not take yet (docs/RULES.md "Tables of two, three and five": the house
  rules, defend_alone, partner_takes_lone, a rubber, a joker outside a joker pack, the laws of
  irregularities given for the partnership game only, annotations, alternatives) is each a
  located NotationError that names the reason, never a traceback.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from euchre_records.errors import NotationError, RecordError
from euchre_records.model import FindingKind, IrregularityKind
from euchre_records.rules import PRESETS
from euchre_records.table import table_for
from euchre_records.table_refusals import LAWS_REFUSED, LAWS_TAKEN, law_refusal
from euchre_records.schema.tables import dump_table_result, load_table_record
from euchre_records.match import replay

GOLDEN = Path(__file__).with_name("golden") / "variants"


def _golden(name: str) -> dict[str, Any]:
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))  # type: ignore[no-any-return]


def test_a_revoke_from_the_hand_names_the_player_the_cards_and_its_status() -> None:
    # 09: cut-throat, modern; 0 names hearts and leads JH; 2 plays KC holding KH (Modern §7):
    # the offender is a defender, so the maker (Ann, seat 0) scores the 2 points
    record = _golden("09-cutthroat-revoke-modern")
    record["players"] = {"0": {"name": "Ann"}, "2": {"name": "Cy"}}
    finding, = replay(load_table_record(record)).findings
    assert finding.kind is FindingKind.REVOKE and finding.status == "established"
    assert finding.message == (
        "deal 1, trick 1: Cy played KC holding KH when trumps were led — revoke (Modern §7 "
        "(renege)); established (trick quitted), 2 points to Ann (Modern §7 (renege: 2 points); "
        "each player of the side scores the side's penalty, VARIANTS.md)")
    assert [c.name for c in finding.held] == ["KH"]


def test_without_names_the_seat_tokens_and_each_of_the_other_side() -> None:
    # 10: five-handed, hoyle; seat 4 plays 8S holding JD when diamonds are led at trick 2: the
    # penalty goes to each of the other side, the maker 1 and his partner 3 (Hoyle renege)
    finding, = replay(load_table_record(_golden("10-five-handed-revoke-hoyle"))).findings
    assert finding.status == "established"
    assert finding.message.startswith(
        "deal 1, trick 2: 4 played 8S holding JD when diamonds were led — revoke (Hoyle renege); "
        "established (trick quitted), 2 points to each of 1 and 3 (")


def test_a_revoke_proven_by_a_later_play() -> None:
    # 14: two-handed from the plays only: 0 shows out of trumps at trick 1 with TD, at trick 2
    # with QD, and plays the 9H later: each failure is a revoke (Somerset 63: each charged)
    findings = replay(load_table_record(_golden("14-two-handed-revoke-repeated-from-plays"))).findings
    assert [(f.trick, f.status) for f in findings] == [(1, "established"), (2, "established")]
    assert findings[0].message.startswith(
        "deal 1, trick 1: 0 played TD when trumps were led and later played 9H — revoke proven")


def test_a_result_only_claim_reads_as_at_four_and_a_repeated_claim_is_one_revoke() -> None:
    """A deal of a result only (modern, three hands, maker 1 makes 3): 2's revoke is claimed
    at trick 2 twice and once without a trick. One player plays one card to a trick, so the
    claims name one revoke (Somerset 62): charged once, 2 to the maker (modern §7), the hand
    then not scored (revoke_hand_scores: no). Worded as the four-handed result-only finding
    (outcome.py), and a claim without a trick says none."""
    record = _result_deal("modern", 3, {"maker": "1", "trump": "S", "tricks": 3},
                          [("2", 2), ("2", 2)])
    record["deals"][0]["irregularities"].append({"kind": "revoke-claimed", "seat": "2"})
    result = replay(load_table_record(record))
    finding, = result.findings
    assert finding.message == (
        "deal 1, trick 2: 2 revoked (claimed at the table) — revoke (Modern §7 (renege)); 2 "
        "points to 1 (Modern §7 (renege: 2 points); each player of the side scores the side's "
        "penalty, VARIANTS.md)")
    assert result.deals[0].points == (0, 2, 0)
    record["deals"][0]["irregularities"] = [{"kind": "revoke-claimed", "seat": "0"}]
    finding, = replay(load_table_record(record)).findings
    assert finding.trick is None and finding.message.startswith("deal 1: 0 revoked (claimed")


def test_a_claimed_revoke_is_claimed_in_the_json_too() -> None:
    record = {"format": "euchre-records", "version": "1.0",
              "rules": {"preset": "modern", "seats": 3},
              "deals": [{"kind": "result", "dealer": "0",
                         "result": {"maker": "1", "trump": "S", "tricks": 3},
                         "irregularities": [{"kind": "revoke-claimed", "seat": "2", "trick": 4}]}]}
    result = dump_table_result(replay(load_table_record(record)))
    finding, = result["findings"]
    assert finding["status"] == "claimed" and finding["seat"] == "2" and finding["trick"] == 4
    assert finding["message"].startswith("deal 1, trick 4: 2 revoked (claimed at the table")
    assert finding["points"] == [0, 2, 0]   # modern §7: 2 to the maker, the other side


def test_a_claim_the_recorded_hands_refute_is_not_borne_out_and_costs_nothing() -> None:
    """Golden 04 (a cut-throat march, every hand recorded, everybody following suit) with a
    revoke claimed against 1 at trick 4: 1 showed out of clubs there (QS) but held no club by
    then (his 9C and TC went on tricks 1 and 2), so the hands show no revoke. As for four hands
    (revokes.py, "not borne out"): a finding without penalty, and the march's 3 to 0 stand."""
    record = _golden("04-cutthroat-march")
    record["deals"][0]["irregularities"] = [{"kind": "revoke-claimed", "seat": "1", "trick": 4}]
    result = replay(load_table_record(record))
    finding, = result.findings
    assert (finding.status, finding.seat, finding.trick, finding.points) == ("not borne out", 1, 4, (0, 0, 0))
    assert finding.message == ("deal 1, trick 4: a revoke by 1 was claimed, but the hands show "
                               f"none — no penalty ({finding.rule})")
    assert result.deals[0].points == (3, 0, 0) and result.games[0].score == (3, 0, 0)
    deal = record["deals"][0]   # the five whole tricks alone still show every card he held
    deal["kind"] = "plays"
    for key in ("hands", "kitty"):
        del deal[key]
    assert replay(load_table_record(record)).findings[0].status == "not borne out"


def _result_deal(preset: str, seats: int, result: dict[str, Any],
                 claims: list[tuple[str, int]]) -> dict[str, Any]:
    """A one-deal record of a result only, with revokes claimed (seat token, trick)."""
    return {"format": "euchre-records", "version": "1.0",
            "rules": {"preset": preset, "seats": seats, "overrides": {"pack": 24 if seats < 5 else 28}},
            "deals": [{"kind": "result", "dealer": "0", "result": result,
                       "irregularities": [{"kind": "revoke-claimed", "seat": s, "trick": t}
                                          for s, t in claims]}]}


def test_revokes_that_cancel_name_the_other_side_by_its_players() -> None:
    """Somerset 71 at a table of three: one revoke by the defender 2, one by the maker 1 --
    equal numbers on both sides cancel, nobody scores a penalty, and each finding names the
    other side as the four-handed ones do ("by E-W"): here by its players. The made hand's 1
    point (3 tricks) still scores (Somerset 4)."""
    record = _result_deal("somerset-1888", 3, {"maker": "1", "trump": "S", "tricks": 3},
                          [("2", 2), ("1", 4)])
    result = replay(load_table_record(record))
    assert [f.message for f in result.findings] == [
        "deal 1, trick 2: 2 revoked (claimed at the table) — revoke (Somerset 62-64); cancelled "
        "by an equal number of revokes by 1 (Somerset 71)",
        "deal 1, trick 4: 1 revoked (claimed at the table) — revoke (Somerset 62-64); cancelled "
        "by an equal number of revokes by 0 and 2 (Somerset 71)"]
    assert [f.points for f in result.findings] == [(0, 0, 0), (0, 0, 0)]
    assert result.deals[0].points == (0, 1, 0)


def test_a_revoke_against_a_five_handed_lone_maker_is_charged_as_in_a_lone_hand() -> None:
    """Somerset 63 at five: the maker 1 alone, the defender 3 revokes (claimed): the lone hand's
    penalty, 5, goes to the maker, and the finding says so as the four-handed one does; the
    two- and three-handed maker is no lone hand for it (3, docs/RULES.md)."""
    record = _result_deal("somerset-1888", 5, {"maker": "1", "trump": "S", "tricks": 3,
                                                "alone": True}, [("3", 2)])
    finding, = replay(load_table_record(record)).findings
    assert finding.message.endswith("; 5 points to 1 in a lone hand (Somerset 63; each player of "
                                    "the side scores the side's penalty, VARIANTS.md)")
    assert finding.points == (0, 5, 0, 0, 0)
    record = _result_deal("somerset-1888", 3, {"maker": "1", "trump": "S", "tricks": 3}, [("2", 2)])
    finding, = replay(load_table_record(record)).findings
    assert finding.message.endswith("; 3 points to 1 (Somerset 63; each player of the side "
                                    "scores the side's penalty, VARIANTS.md)")


def test_every_later_play_that_proves_a_revoke_is_named() -> None:
    """Two-handed, modern, the plays only. Dealer 0 (dealt QH TH TD 9C KS) takes up the 9H and
    discards 9C; maker 1 (JH JD AH AS KC) leads. T1 1 JH: 0 plays TD holding three trumps -- a
    revoke (modern §7), proven by each trump he plays later: QH at T3, TH at T4, 9H at T5, all
    named, as the four-handed finding names them (revokes.py). T2 AS KS, T3 JD QH, T4 AH TH:
    1; T5 1 KC, 0 (no club) trumps 9H: 0. Made with 4 tricks, but the modern penalty, 2 to the
    maker, is taken instead of the hand's point (revoke_hand_scores: no): [0, 2]."""
    record = {"format": "euchre-records", "version": "1.0",
              "rules": {"preset": "modern", "seats": 2, "overrides": {"pack": 24}},
              "deals": [{"kind": "plays", "dealer": "0", "turned": "9H", "calls": ["order"],
                         "discard": "9C", "tricks": ["JH TD", "AS KS", "JD QH", "AH TH", "KC 9H"]}]}
    result = replay(load_table_record(record))
    finding, = result.findings
    assert finding.message.startswith(
        "deal 1, trick 1: 0 played TD when trumps were led and later played QH TH 9H — revoke "
        "proven by a later play (Modern §7 (renege)); established (trick quitted), 2 points to 1 (")
    assert [c.name for c in finding.held] == ["QH", "TH", "9H"]
    assert result.deals[0].points == (0, 2)


BASE = "09-cutthroat-revoke-modern"


def _set(record: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    out = copy.deepcopy(record)
    node: Any = out
    keys = [int(k) if k.isdigit() else k for k in path.split(".")]
    for key in keys[:-1]:
        node = node.setdefault(key, {}) if isinstance(key, str) else node[key]
    node[keys[-1]] = value
    return out


REFUSALS = [
    # (path set, value, where the error is, words of its reason)
    # refused by the rule that forbids them at cut-throat (euchre_records/table_refusals.py)
    ("rules.overrides.canadian", True, "rules.overrides.canadian", "the Canadian loner is the dealer's partner's"),
    ("rules.overrides.four_trick_tokens", True, "rules.overrides.four_trick_tokens",
     "the cut-throat maker always plays alone against the other two"),
    ("rules.overrides.partners_best", True, "rules.overrides.partners_best", "the cut-throat maker has no partner"),
    ("rules.overrides.defend_alone", True, "rules.overrides.defend_alone",
     "the maker plays alone against the other two, who play together"),
    ("rules.overrides.partner_takes_lone", True, "rules.overrides.partner_takes_lone",
     "no partner to take the hand over"),
    ("rules.overrides.rubber", "somerset", "rules.overrides.rubber", "fixed partnerships"),
    ("rules.overrides.two_handed_march", 4, "rules.overrides.two_handed_march", "two-handed game"),
    ("rules.preset", ["modern"], "rules.preset", "unknown rule set"),
    ("rules.preset", {"a": 1}, "rules.preset", "unknown rule set"),
    ("deals.0.turned", "JK", "deals[0].turned", "not in the pack of 24"),   # no joker in this pack
    ("deals.0.joker_suit", "S", "deals[0].joker_suit", "only when the turned card is the joker"),
    ("deals.0.exchanges", [{"kind": "partners-best", "seat": "1", "gave": "9S", "took": "AS"}],
     "deals[0].exchanges[0].kind", "the cut-throat maker has no partner"),
    ("deals.0.annotations", [], "deals[0].annotations", "not yet taken"),
    ("deals.0.alternatives", [], "deals[0].alternatives", "not yet taken"),
    ("provenance", ["x"], "provenance", "not yet taken"),
    ("deals.0.irregularities", [{"kind": "lead-out-of-turn", "seat": "1", "trick": 2}],
     "deals[0].irregularities[0].kind", "offender or his partner"),
    ("deals.0.irregularities", [{"kind": "score-correction", "seat": "1", "trick": 2}],
     "deals[0].irregularities[0].points", "required with 'score-correction'"),
    ("deals.0.irregularities", [{"kind": "score-correction", "points": [1, 0]}],
     "deals[0].irregularities[0].points", "expected an array of 3 integers, one per seat"),
    ("deals.0.irregularities", [{"kind": "score-correction", "points": [1, 0, 0], "late": "yes"}],
     "deals[0].irregularities[0].late", "expected true or false"),
    ("deals.0.irregularities", [{"kind": "score-correction", "points": [1, 0, 0], "card": "KC"}],
     "deals[0].irregularities[0].card", "not taken with 'score-correction'"),
    ("deals.0.irregularities", [{"kind": "revoke-corrected", "seat": "1", "card": "KC"}],
     "deals[0].irregularities[0].trick", "the trick at which the revoke was corrected is needed"),
    ("deals.0.irregularities", [{"kind": "revoke-corrected", "trick": 1, "card": "KC"}],
     "deals[0].irregularities[0].seat", "the seat that played the card in error is needed"),
    ("deals.0.irregularities", [{"kind": "revoke-corrected", "seat": "1", "trick": 1, "points": [1, 0, 0]}],
     "deals[0].irregularities[0].points", "not taken with 'revoke-corrected'"),
    ("deals.0.irregularities", [{"kind": "deal-out-of-turn", "seat": "1", "election": "late"}],
     "deals[0].irregularities[0].election", "expected 'stopped'"),
    ("deals.0.irregularities", [{"kind": "revoke-claimed", "seat": "1", "election": "add"}],
     "deals[0].irregularities[0].election", "not taken"),
    ("deals.0.calls", ["pass", "pass", "pass", "H alone"], None, None),   # the replay's, below
    ("deals.0.called", "AC", "deals[0].called", "only in the five-handed game"),
    ("deals.0.partner", "1", "deals[0].partner", "only in the five-handed game"),
]


@pytest.mark.parametrize("path, value, where, reason", [r for r in REFUSALS if r[2] is not None],
                         ids=[f"{r[0]}={r[1]!r}" for r in REFUSALS if r[2] is not None])
def test_what_these_tables_do_not_take_is_a_located_error(path: str, value: Any, where: str,
                                                         reason: str) -> None:
    with pytest.raises(NotationError) as caught:
        load_table_record(_set(_golden(BASE), path, value))
    problems = caught.value.problems
    assert any(p.where == where and reason in p.what for p in problems), problems


def test_a_lone_call_at_a_table_whose_maker_is_always_alone_is_a_located_replay_error() -> None:
    from euchre_records.errors import InconsistentRecord
    record = load_table_record(_set(_golden(BASE), "deals.0.calls", ["pass", "pass", "pass", "H alone"]))
    with pytest.raises(InconsistentRecord) as caught:
        replay(record)
    problem, = caught.value.problems
    assert problem.where == "deals[0].calls[3]" and "no lone hands in the cut-throat game" in problem.what


def test_a_result_deal_says_alone_only_at_five() -> None:
    record = _golden(BASE)
    record["deals"] = [{"kind": "result", "dealer": "0", "result": {"maker": "1", "tricks": 3,
                                                                     "alone": True,
                                                                     "defender_alone": "2"}}]
    with pytest.raises(NotationError) as caught:
        load_table_record(record)
    found = {p.where: p.what for p in caught.value.problems}
    assert "only in the five-handed game" in found["deals[0].result.alone"]
    assert "no lone defender" in found["deals[0].result.defender_alone"]


def test_a_penalty_that_wins_the_game_leaves_the_winner_his_hand_points() -> None:
    """Golden 08 (two-handed, Somerset: 0 revokes, 1 marches: penalty 3 and hand 2 to 1) from
    a start of 0-3 in a game of 5: the penalty is scored first (Somerset 4) and takes 1 to 6,
    past the game; as at four hands the winner keeps his own hand points (only the losers' are
    lost, and 0 has none), so 1 ends at 8 and the deal is scored whole, with no note (docs/RULES.md
    "Games"; golden variants/45 pins a loser's hand points lost)."""
    record = _golden("08-two-handed-revoke-somerset")
    record["start_score"] = [0, 3]
    result = replay(load_table_record(record))
    deal, = result.deals
    assert (deal.penalty, deal.hand_points, deal.points) == ((0, 3), (0, 2), (0, 5))
    assert result.games[0].score == (0, 8) and result.games[0].winner == 1
    assert not any("penalty" in n for n in deal.notes)


def test_a_penalty_that_wins_the_game_is_the_deals_points() -> None:
    """Golden variants/45 (five-handed, Somerset): the penalty wins the game for 1, and his
    partner of the deal, 3, loses his hand point with the game: the deal says so itself — its
    points are what the game scored — so that what a sheet, a table or a page adds up from the
    deals is the game's score."""
    result = replay(load_table_record(_golden("45-five-handed-somerset-penalty-wins-game")))
    deal, = result.deals
    assert sum(deal.points) == sum(result.games[0].score) - sum(result.games[0].start)
    assert deal.notes == ("deal 1: the penalty is scored first and wins the game for seat 1; seat 3's "
                          "points for the hand are not scored (Somerset 4)",)


@pytest.mark.parametrize("event, maker_tricks, points, status", [
    # golden variants/29 (cut-throat, hearts, maker 1 alone, both tricks played to 2; left: 0 QH TH
    # 9H, 1 JH JD AH, 2 KC KS QD, 2 to lead): 1 holds the three top trumps, so the makers take the
    # rest against any defence and the defenders (0, 2) can be held to none of it
    # a concession's ``tricks`` go to the other side, as a claim's to the claimer's (FORMAT.md)
    ({"kind": "concession", "seat": "0"}, 3, [0, 1, 0], None),          # 0 concedes all: made
    ({"kind": "concession", "seat": "2", "tricks": 1}, 1, [2, 0, 2], None),
    ({"kind": "concession", "seat": "1", "tricks": 2}, 1, [2, 0, 2], "not guaranteed"),
    ({"kind": "claim", "seat": "1", "tricks": 2}, 2, [2, 0, 2], None),  # he claims only 2: euchred
    ({"kind": "claim", "seat": "0", "tricks": 1}, 2, [2, 0, 2], "not guaranteed"),
])
def test_a_concession_or_claim_at_a_table_of_three_settles_the_rest(
        event: dict[str, Any], maker_tricks: int, points: list[int], status: str | None) -> None:
    """Claims at tables of n (euchre_records/claims.py, settle_claim): a claim gives the claimer's side
    ``tricks`` of the rest, a concession the conceder's side ``tricks`` and the other side the
    rest; scored as agreed, a claim the cards refute a finding (worked by hand above)."""
    record = load_table_record(_set(_golden("29-cutthroat-claim"), "deals.0.irregularities", [event]))
    deal, = replay(record).deals
    assert (deal.maker_tricks, list(deal.points)) == (maker_tricks, points)
    assert [f.status for f in deal.findings] == ([status] if status else [])
    assert bool(deal.notes) is (status is None)


def test_a_claim_of_more_tricks_than_remain_is_located() -> None:
    from euchre_records.errors import InconsistentRecord
    record = load_table_record(_set(_golden("29-cutthroat-claim"), "deals.0.irregularities",
                                    [{"kind": "claim", "seat": "1", "tricks": 4}]))
    with pytest.raises(InconsistentRecord) as caught:
        replay(record)
    problem, = caught.value.problems
    assert problem.where == "deals[0].irregularities[0].tricks" and "3 remain" in problem.what


@pytest.mark.parametrize("path, seat", [
    ("variants/bad/20-cutthroat-claim-after-five-tricks", "1"),   # three seats
    ("deals/03-modern-euchred", "S"),                             # four
])
def test_claims_after_five_tricks_are_refused_at_the_first(path: str, seat: str) -> None:
    """One settling of a claim at every table (claims.settle_claim, issue 32): with five
    tricks played a claim is refused, located at the first claim recorded -- at four as always,
    at n since the one settling (it named the last); a claim settles only the tricks not played
    out (RULES.md, claims)."""
    from euchre_records.errors import InconsistentRecord
    from euchre_records.match import replay
    from euchre_records.schema.notation import load_any
    data = json.loads((GOLDEN.parent / f"{path}.json").read_text(encoding="utf-8"))
    deal = data["deals"][0]
    assert len(deal["tricks"]) == 5
    deal["irregularities"] = [{"kind": "claim", "seat": seat, "tricks": 0},
                              {"kind": "claim", "seat": seat}]
    with pytest.raises(InconsistentRecord) as caught:
        replay(load_any(data))
    problem, = caught.value.problems
    assert (problem.where, problem.what) == (
        "deals[0].irregularities[0]", "a claim or concession is recorded, but all five tricks were played")


def test_going_under_with_a_hand_that_is_not_poor_is_reported_and_stands() -> None:
    """Golden variants/31 (two-handed, go_under), but the dealer 0 goes under instead, holding
    AH KH QH AD KD: no nine or ten, and face cards (KH QH KD) — not remarkably poor by EGN's
    examples: a finding (status 'hand not poor'), the exchange stands (RULES.md "House rules").
    He gives AH KH QH and takes TH JH 9D: the plays of the golden are then impossible for him
    (AH, KH, QH are in the kitty), so only the exchange's check is asked here, on a deal thrown in."""
    data = _golden("31-two-handed-go-under")
    deal = data["deals"][0]
    deal["exchanges"] = [{"kind": "go-under", "seat": "0", "gave": "AH KH QH", "took": "TH JH 9D"}]
    deal["calls"] = ["pass"] * 4
    for key in ("discard", "tricks"):
        del deal[key]
    result, = replay(load_table_record(data)).deals
    assert result.thrown_in and [f.status for f in result.findings] == []   # thrown in: no hand
    deal["calls"] = ["pass", "pass", "pass", "C"]
    deal["tricks"] = ["9S 9D", "AS TH", "TD AD", "KD TC", "9H JH"]
    result, = replay(load_table_record(data)).deals
    assert [(f.status, f.seat) for f in result.findings] == [("hand not poor", 0)]


def test_an_exchange_of_a_card_not_in_the_kitty_is_located() -> None:
    from euchre_records.errors import InconsistentRecord
    data = _golden("31-two-handed-go-under")
    data["deals"][0]["exchanges"][0]["took"] = "JS JC AH"   # AH is in the dealer's hand
    with pytest.raises(InconsistentRecord) as caught:
        replay(load_table_record(data))
    problem, = caught.value.problems
    assert problem.where == "deals[0].exchanges[0].took[2]" and "in seat 0's hand" in problem.what


BASES = {2: "08-two-handed-revoke-somerset", 3: BASE, 5: "10-five-handed-revoke-hoyle"}
"""A record of each table size, whose preset and irregularities the laws' test sets."""


@pytest.mark.parametrize("seats", sorted(BASES))
@pytest.mark.parametrize("preset", ["somerset-1888", "hoyle", "modern"])
@pytest.mark.parametrize("kind", [k.value for k in IrregularityKind])
def test_every_law_of_irregularities_is_taken_or_refused_by_its_rule(
        kind: str, preset: str, seats: int) -> None:
    """docs/TABLES.md "Every capability at every table", the laws' row: each kind of the
    four-handed notation at a table of 2, 3 and 5 under each preset is taken, or refused citing
    the law under the record's preset (written for the partnership game only); none is left
    "not yet taken"."""
    record = _set(_golden(BASES[seats]), "rules.preset", preset)
    record = _set(record, "deals.0.irregularities", [{"kind": kind, "seat": "1"}])
    rules = PRESETS[preset]
    taken = kind in {k.value for k in LAWS_TAKEN}
    try:
        load_table_record(record)
    except NotationError as caught:
        problems = [p for p in caught.problems if p.where == "deals[0].irregularities[0].kind"]
    else:
        problems = []
    refusal = law_refusal(table_for(seats), rules, kind)
    if refusal is not None:
        assert not taken or kind in ("turned-suit-named", "played-before-discard", "exposed-card",
                                     "revoke-corrected"), kind
        topic = LAWS_REFUSED[kind][0]
        assert [p.what for p in problems] == [refusal]
        assert rules.cite(topic) in refusal and "partnership game only" in refusal
        assert f"no form for {seats} hands" in refusal
    else:
        assert taken, kind
        assert not problems, problems


@pytest.mark.parametrize("preset", ["somerset-1888", "hoyle", "modern"])
def test_a_corrected_revoke_is_taken_where_the_exposed_card_is_played_not_called(preset: str) -> None:
    """Golden variants/39 under each preset: Hoyle's and modern's corrected revoke (the card
    exposed, played at the first legal opportunity: no side in it) reads as the four-handed
    finding (revokes.py), written here by hand; Somerset 69's (the card the adversaries may
    call) is refused citing it."""
    record = _set(_golden("39-cutthroat-hoyle-revoke-corrected"), "rules.preset", preset)
    if preset == "somerset-1888":
        with pytest.raises(NotationError) as caught:
            load_table_record(record)
        assert "Somerset 69" in caught.value.problems[0].what
        return
    rule = PRESETS[preset].cite("revoke_corrected")
    finding, = replay(load_table_record(record)).findings
    assert (finding.kind, finding.status, finding.seat, finding.trick) == (FindingKind.REVOKE, "corrected", 2, 1)
    assert finding.message == (f"deal 1, trick 1: 2 played KH when clubs were led and corrected it "
                               f"to QC before the trick was quitted — revoke corrected ({rule}); "
                               "no penalty, KH is an exposed card")
    assert finding.points == (0, 0, 0) and [c.name for c in finding.held] == ["QC"]


@pytest.mark.parametrize("change, where, words", [
    ({"card": "AS"}, "deals[0].irregularities[0]", "seat 2 did not hold AS at trick 1"),
    ({"seat": "1"}, "deals[0].irregularities[0]", "seat 1 led trick 1: a leader cannot revoke"),
    ({"card": "KC"}, "deals[0].irregularities[0]", "KC follows clubs: playing it was no revoke"),
])
def test_a_corrected_revoke_the_cards_refute_is_located(change: dict[str, Any], where: str,
                                                        words: str) -> None:
    from euchre_records.errors import InconsistentRecord
    record = _golden("39-cutthroat-hoyle-revoke-corrected")
    record["deals"][0]["irregularities"][0].update(change)
    with pytest.raises(InconsistentRecord) as caught:
        replay(load_table_record(record))
    problems = caught.value.problems
    assert any(p.where == where and words in p.what for p in problems), problems


@pytest.mark.parametrize("preset", ["somerset-1888", "hoyle", "modern"])
@pytest.mark.parametrize("late", [False, True])
def test_a_score_correction_per_player_under_every_preset(preset: str, late: bool) -> None:
    """Goldens variants/41-42 under each preset (Somerset 5; Hoyle and modern: the same law by
    default, docs/LAWS.md): a correction in time is the deal's entry; a late one is void, with a
    "too late" finding, and the entry as written is checked against the laws. Where uncorrected
    errors stand (Somerset's ``sheet_errors_stand``) the deal counts as written, [2, 0]; else the
    laws' [0, 2] count. The score of the game follows, deal 2 adding [1, 0]."""
    record = _set(_golden("41-two-handed-somerset-score-corrected"), "rules.preset", preset)
    record["deals"][0]["irregularities"][0]["late"] = late
    del record["deals"][1]["scoresheet"]["total"]
    result = replay(load_table_record(record))
    first = result.deals[0]
    if not late:
        assert first.findings == () and first.points == (0, 2)
    else:
        assert [(f.status, f.seat) for f in first.findings] == [("too late", None), (None, 0), (None, 1)]
        assert first.findings[0].recorded == (0, 2)
        stands = PRESETS[preset].sheet_errors_stand
        assert first.points == ((2, 0) if stands else (0, 2))
        assert any("not corrected in time and stands" in n for n in first.notes) == stands
    assert result.games[0].score == tuple(a + b for a, b in zip(first.points, (1, 0)))
    assert dump_table_result(result)["deals"][0]["points"] == list(first.points)


def test_an_exposed_card_not_played_at_its_first_opportunity_reads_as_four_handed() -> None:
    """Golden variants/38 (Hoyle): the text as the four-handed finding's (penalty_cards.py),
    written here by hand; the card must have been held then, and the trick played."""
    record = _golden("38-cutthroat-hoyle-exposed-card")
    finding, = replay(load_table_record(record)).findings
    assert finding.message == ("deal 1, trick 3: seat 1 exposed KC — it had to be played at the "
                               "first legal opportunity and was not (trick 3) (Hoyle exposed cards)")
    record["deals"][0]["irregularities"][0]["trick"] = 5   # KD alone was left to play
    record["deals"][0]["irregularities"][0]["card"] = "KD"
    assert "played at the first legal opportunity (Hoyle" in replay(
        load_table_record(record)).findings[0].message
    record["deals"][0]["irregularities"][0]["card"] = "AC"   # played at trick 1
    with pytest.raises(RecordError) as caught:
        replay(load_table_record(record))
    assert caught.value.problems[0].where == "deals[0].irregularities[0].card"


# --- properties over the reference's deals (tests/reference_euchre.py, an independent oracle) ---

def _reference() -> Any:
    import reference_euchre
    return reference_euchre


def _corrections(made: Any) -> list[tuple[str, int, str, str]]:
    """Every (seat, trick 1-5, card, the card he played there) where, by the reference's rules,
    a revoke could have been made and corrected: the seat followed to a trick he did not lead,
    and a card he played later was not of the suit led (he held it then)."""
    ref = _reference()
    n, trump = made.seats, made.trump
    tricks = [t.split() for t in made.record["deals"][0]["tricks"]]
    plays: dict[str, list[tuple[int, str]]] = {}
    for t, cards in enumerate(tricks):
        leader = int(made.leaders[t])
        for j, c in enumerate(cards):
            plays.setdefault(str((leader + j) % n), []).append((t, c))
    out = []
    for seat, mine in plays.items():
        for t, played in mine:
            if made.leaders[t] == seat:
                continue
            led = ref.suit_of(tricks[t][0], trump)
            out += [(seat, t + 1, c, played) for u, c in mine if u > t and ref.suit_of(c, trump) != led]
    return out


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), seats=st.sampled_from([2, 3, 5]),
       preset=st.sampled_from(["somerset-1888", "hoyle", "modern"]), pick=st.integers(0, 10_000))
def test_a_corrected_revoke_planted_in_a_reference_deal(seed: int, seats: int, preset: str,
                                                        pick: int) -> None:
    """A legal deal of the reference with a revoke corrected where one could have been: the
    reference's points stand (no penalty), and one ``corrected`` finding names the seat, the
    trick, the card played in error and the card he played instead; refused under Somerset 69."""
    import random
    made = _reference().random_variant_record(random.Random(seed), seats, preset)
    candidates = [] if made.thrown_in else _corrections(made)
    assume(candidates)
    seat, trick, card, played = candidates[pick % len(candidates)]
    record = copy.deepcopy(made.record)
    record["deals"][0]["irregularities"] = [{"kind": "revoke-corrected", "seat": seat,
                                             "trick": trick, "card": card}]
    if preset == "somerset-1888":
        with pytest.raises(NotationError, match="Somerset 69"):
            load_table_record(record)
        return
    result = replay(load_table_record(record))
    assert list(result.deals[0].points) == made.points
    finding, = result.findings
    assert (finding.status, str(finding.seat), finding.trick, finding.card.name if finding.card else None,
            [c.name for c in finding.held]) == ("corrected", seat, trick, card, [played])


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), seats=st.sampled_from([2, 3, 5]),
       preset=st.sampled_from(["somerset-1888", "hoyle", "modern"]), late=st.booleans(),
       shift=st.integers(1, 4))
def test_a_score_correction_to_the_reference_points(seed: int, seats: int, preset: str, late: bool,
                                                    shift: int) -> None:
    """A sheet whose entry has the reference's points in the wrong columns (rotated), corrected
    to the reference's points: in time, no scoresheet finding; too late, a ``too late`` finding
    and the entry as written checked (a finding in each wrong column); the deal then counts as
    written where uncorrected errors stand (Somerset 5), else as the reference says."""
    import random
    made = _reference().random_variant_record(random.Random(seed), seats, preset)
    wrong = made.points[shift % seats:] + made.points[:shift % seats]
    assume(wrong != made.points)
    record = copy.deepcopy(made.record)
    record["deals"][0]["scoresheet"] = {"points": wrong}
    record["deals"][0]["irregularities"] = [{"kind": "score-correction", "points": made.points,
                                             "late": late}]
    result = replay(load_table_record(record))
    deal = result.deals[0]
    sheet = [f for f in deal.findings if f.kind is FindingKind.SCORESHEET]
    if not late:
        assert sheet == [] and list(deal.points) == made.points
        return
    assert sheet[0].status == "too late" and list(sheet[0].recorded or ()) == made.points
    assert sorted(f.seat for f in sheet[1:]) == [s for s in range(seats) if wrong[s] != made.points[s]]
    stands = PRESETS[preset].sheet_errors_stand
    assert list(deal.points) == (wrong if stands else made.points)


@pytest.mark.parametrize("kind", ["claim", "exposed-card"])
def test_a_result_only_deal_notes_what_it_cannot_check_as_at_four(kind: str) -> None:
    """One note for every table (outcome.unchecked_notes, issue 32): an irregularity of single
    calls or cards in a result-only deal cannot be checked without them, a note in the
    four-handed wording naming the seat; the score is the one recorded (that of hand-worked
    golden variants/19 without the irregularity)."""
    data = _golden("19-five-handed-result-only")
    event: dict[str, Any] = {"kind": kind, "seat": "2"}
    if kind == "exposed-card":
        event.update(card="AS", trick=1)
    data["deals"][0]["irregularities"] = [event]
    plain = replay(load_table_record(_golden("19-five-handed-result-only")))
    deal = replay(load_table_record(data)).deals[0]
    assert deal.points == plain.deals[0].points
    assert deal.notes[0] == (f"deal 1: the {kind} by seat 2 is recorded; without the calls and cards "
                             "it cannot be checked (a penalty it led to is recorded as a revoke claim)")
