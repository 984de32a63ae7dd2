"""Points-only deals (docs/FORMAT.md "Points-only deals"): which pairs one deal can score.

Three oracles apart from the engine: the hand-worked cases of tests/golden/points/cases.json
(each with the rule that decides it), an enumeration written here from the rules' option values
(not through euchre_records.scoring), checked against the engine over generated rule sets, and
whole records whose game scores are added up by hand.
"""

from __future__ import annotations

import json
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_records.errors import NotationError
from euchre_records.match import replay
from euchre_records.model import DealKind, FindingKind
from euchre_records.points_only import law_points, played_points, revoke_points
from euchre_records.rules import Rules, resolve_rules
from euchre_records.schema.notation import dumps, loads

CASES = json.loads((Path(__file__).parent / "golden" / "points" / "cases.json").read_text("utf-8"))["cases"]


def _verdict(rules: Rules, points: tuple[int, int]) -> str:
    if points in played_points(rules):
        return "played"
    if points in revoke_points(rules):
        return "revoke"
    if points in law_points(rules):
        return "law"
    return "impossible"


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['preset']}-{c.get('overrides', {})}-{c['points']}")
def test_hand_worked_cases(case: dict[str, Any]) -> None:
    rules = resolve_rules(case["preset"], case.get("overrides"))
    assert _verdict(rules, tuple(case["points"])) == case["verdict"], case["why"]


# --- an enumeration written from the rules' values ------------------------------------------

def _oracle_hands(r: Rules) -> list[tuple[int, int, bool, bool, int, int]]:
    """(makers' side 0/1, scoring side 0/1, alone, lone defender, tricks, points) of every hand."""
    out = []
    for side, alone, lone_def, tricks in product((0, 1), (False, True),
                                                 (False, True) if r.defend_alone else (False,), range(6)):
        if tricks == 5:
            out.append((side, side, alone, lone_def, tricks, r.lone_march if alone else r.march))
        elif tricks >= 3:
            value = r.lone_make if alone else r.make
            out.append((side, side, alone, lone_def, tricks, value))
            if r.four_trick_tokens and tricks == 4 and not alone and value > 0:
                out.append((side, side, alone, lone_def, tricks, value + 1))
            if r.fast_break and tricks == 3:
                out.append((side, side, alone, lone_def, tricks, 0))
        else:
            value = r.lone_defender_euchre if lone_def else r.lone_euchred if alone else r.euchre
            out.append((side, 1 - side, alone, lone_def, tricks, value))
    return out


def _pair(side: int, points: int) -> tuple[int, int]:
    return (points, 0) if side == 0 else (0, points)


def _oracle_played(r: Rules) -> set[tuple[int, int]]:
    return {(0, 0)} | {_pair(scorer, value) for _, scorer, _, _, _, value in _oracle_hands(r)}


def _oracle_revoked(r: Rules) -> set[tuple[int, int]]:
    """One or two revoke charges on every hand, from the options' meaning (docs/RULES.md)."""
    out = set()
    elections = ("add", "deduct", "hand") if r.revoke_election else (r.revoke_to.value,)
    for makers, scorer, alone, _, _, value in _oracle_hands(r):
        for offenders in [(0,), (1,), (0, 0), (0, 1), (1, 0), (1, 1)]:
            for chosen in product(elections, repeat=len(offenders)):
                cancelled = r.revokes_cancel and set(offenders) == {0, 1}
                penalty = [0, 0]
                taken = False
                for offender, how in zip(offenders, chosen):
                    lone = alone if r.revoke_lone.value == "lone-hand" else alone and offender != makers
                    size = r.revoke_penalty_lone if lone else r.revoke_penalty
                    if cancelled or how == "hand":
                        continue
                    taken = True
                    if how == "deduct":
                        penalty[offender] -= size
                    else:
                        penalty[1 - offender] += size
                hand = (0, 0) if taken and not r.revoke_hand_scores else _pair(scorer, value)
                out.add((hand[0] + penalty[0], hand[1] + penalty[1]))
    return out - _oracle_played(r)


small = st.integers(0, 6)
rule_sets = st.builds(
    lambda preset, values, flags: resolve_rules(preset, {**values, **flags}),
    st.sampled_from(["modern", "hoyle", "somerset-1888"]),
    st.fixed_dictionaries({}, optional={k: small for k in (
        "make", "march", "lone_make", "lone_march", "euchre", "lone_euchred", "lone_defender_euchre",
        "revoke_penalty", "revoke_penalty_lone")}),
    st.fixed_dictionaries({}, optional={k: st.booleans() for k in (
        "defend_alone", "four_trick_tokens", "fast_break", "revoke_election", "revoke_hand_scores",
        "revokes_cancel")} | {"revoke_to": st.sampled_from(["add", "deduct"]),
                              "revoke_lone": st.sampled_from(["lone-hand", "against-lone"])}))


@settings(max_examples=150, deadline=None)
@given(rule_sets)
def test_the_engine_enumerates_what_the_rules_allow(rules: Rules) -> None:
    assert set(played_points(rules)) == _oracle_played(rules)
    assert set(revoke_points(rules)) == _oracle_revoked(rules)


# --- whole records --------------------------------------------------------------------------

def _record(preset: str, deals: list[dict[str, Any]], overrides: dict[str, Any] | None = None) -> str:
    rules: dict[str, Any] = {"preset": preset}
    if overrides:
        rules["overrides"] = overrides
    return json.dumps({"format": "euchre-records", "version": "1.0", "rules": rules, "deals": deals})


def _points(dealer: str, ns: int, ew: int, **more: Any) -> dict[str, Any]:
    return {"kind": "points", "dealer": dealer, "points": [ns, ew], **more}


def test_an_impossible_pair_is_a_finding_and_scores_as_written() -> None:
    text = _record("modern", [_points("N", 0, 2), _points("E", 1, 0), _points("S", 0, 1),
                              _points("W", 3, 0, scoresheet={"total": [4, 3]})])
    result = replay(loads(text))
    assert [(f.kind, f.deal, f.recorded) for f in result.findings] == [(FindingKind.SCORESHEET, 4, (3, 0))]
    message = result.findings[0].message
    assert message.startswith("deal 4: 3 points to N-S is not a possible score of one deal under "
                              "modern rules (Modern §6: a deal scores 1, 2 or 4 to one side)")
    assert result.findings[0].rule == "Modern §6"
    assert result.running[-1] == (1, (4, 3))   # 1 + 3 to N-S, 2 + 1 to E-W: kept as written
    assert all(any("cannot be checked" in n for n in d.notes) for d in result.deals)


def test_points_count_in_games_laps_and_the_rubber() -> None:
    # Somerset: games to 5 with the lap (Somerset 1, 2). Game 1: N-S 4 + 2 = 6, one over: the lap
    # carries 1 into game 2; E-W scored nothing, a double game (Somerset 7).
    deals = [_points("N", 4, 0), _points("E", 2, 0),
             _points("S", 0, 2), _points("W", 4, 0),          # game 2: N-S 1 + 4 = 5, E-W 2
             _points("N", 0, 1), _points("E", 2, 0), _points("S", 2, 0), _points("W", 1, 0)]
    result = replay(loads(_record("somerset-1888", deals)))
    assert not result.findings
    games = result.games
    assert [(g.score, g.winner and g.winner.value) for g in games[:2]] == [((6, 0), "NS"), ((5, 2), "NS")]
    assert games[1].start == (1, 0)
    assert games[2].score == (5, 1) and games[2].winner is not None and games[2].winner.value == "NS"
    assert result.rubber is not None and result.rubber.winner is not None
    assert result.rubber.winner.value == "NS"


def test_a_pair_possible_only_with_a_revoke_is_a_note() -> None:
    result = replay(loads(_record("modern", [_points("N", 2, 2)])))
    assert not result.findings
    assert any("possible only with a revoke penalty" in n and "Modern §7" in n for n in result.deals[0].notes)


def test_the_dealer_still_passes_to_the_left() -> None:
    result = replay(loads(_record("modern", [_points("N", 1, 0), _points("S", 1, 0)])))
    assert [f.kind for f in result.findings] == [FindingKind.WRONG_DEALER]


def test_canonical_form_round_trips() -> None:
    record = loads(_record("hoyle", [_points("E", 0, -2, annotations=[{"at": "deal", "text": "reneged"}])]))
    assert record.deals[0].kind is DealKind.POINTS and record.deals[0].points == (0, -2)
    assert loads(dumps(record)) == record
    assert json.loads(dumps(record))["deals"][0] == {
        "kind": "points", "dealer": "E", "points": [0, -2],
        "annotations": [{"at": "deal", "text": "reneged"}]}


@pytest.mark.parametrize("deal, where, what", [
    ({"kind": "points", "dealer": "N"}, "deals[0].points", "required with kind 'points'"),
    ({"kind": "points", "dealer": "N", "points": [1, 0], "turned": "JH"}, "deals[0].turned",
     "not allowed with kind 'points'"),
    ({"kind": "points", "dealer": "N", "points": [1, 0], "result": {"maker": None}}, "deals[0].result",
     "not allowed with kind 'points'"),
    ({"kind": "result", "dealer": "N", "points": [1, 0], "result": {"maker": None}}, "deals[0].points",
     "only with kind 'points', not 'result'"),
    ({"kind": "points", "dealer": "N", "points": [1]}, "deals[0].points", "expected [N-S, E-W]"),
])
def test_bad_points_deals_are_located_errors(deal: dict[str, Any], where: str, what: str) -> None:
    with pytest.raises(NotationError) as caught:
        loads(_record("modern", [deal]))
    assert any(p.where == where and what in p.what for p in caught.value.problems), caught.value.problems


def test_the_format_docs_example_and_finding_are_the_engines() -> None:
    """docs/FORMAT.md "Points-only deals": its example deal loads, and the finding it quotes is
    the one the engine gives (up to the revoke clause the docs abbreviate)."""
    import re
    docs = (Path(__file__).resolve().parents[1] / "docs" / "FORMAT.md").read_text("utf-8")
    section = docs[docs.index("### Points-only deals"):]
    section = section[:section.index("\n### ", 5)]
    example = json.loads(re.search(r"`(\{\"kind\": \"points\".*?\})`", section).group(1))
    record = loads(_record("modern", [example]))
    assert record.deals[0].points == (0, 2) and replay(record).findings == ()
    quoted = re.search(r"`(deal 2: 3 points to N-S is not a possible[^`]*?)\(\.\.\.\)", section.replace("\n  ", " "))
    assert quoted is not None
    result = replay(loads(_record("modern", [_points("N", 1, 0), _points("E", 3, 0)])))
    assert result.findings[0].message.startswith(quoted.group(1))
