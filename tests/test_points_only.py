"""Points-only deals (docs/FORMAT.md "Points-only deals"; at tables of two, three and five
docs/TABLES.md "Points-only deals per player"): which scores one deal can give, at every table.

Four-handed, three oracles apart from the engine: the hand-worked cases of
tests/golden/points/cases.json (each with the rule that decides it), an enumeration written here
from the rules' option values (not through euchre_records.scoring), checked against the engine
over generated rule sets, and whole records whose game scores are added up by hand.

At tables of two, three and five (issue 32), the independent reference as the oracle
(tests/reference_euchre.py, written from VARIANTS.md and the RULES digest; it imports nothing of
the engine):

- the scores ``points_only`` calls possible at a table of n (with no irregularity, or with one
  or two revokes) are exactly those the reference's scoring and revoke charges give, for every
  variant, preset and option that changes a value;
- a deal the reference deals and plays, written down as a points-only deal with the reference's
  points, replays to those points with no finding;
- the running score of such a record is the sum of the reference's points.
"""

from __future__ import annotations

import json
import random
from itertools import combinations, product
from pathlib import Path
from typing import Any

import pytest
import reference_euchre as ref
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from euchre_records.deal import VARIANT_CITES
from euchre_records.errors import NotationError
from euchre_records.match import replay
from euchre_records.model import DealKind, FindingKind
from euchre_records.points_only import SeatColumns, law_points, played_points, revoke_points
from euchre_records.rules import Rules, resolve_rules
from euchre_records.schema.notation import dumps, loads
from euchre_records.schema.tables import load_any

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


# --- at tables of two, three and five: the independent reference ---------------------------

PRESETS = ("somerset-1888", "hoyle", "modern")


def _table_record(seats: int, preset: str, overrides: dict[str, Any], deals: list[dict[str, Any]]) -> Any:
    rules: dict[str, Any] = {"preset": preset, "seats": seats}
    if overrides:
        rules["overrides"] = overrides
    return load_any({"format": "euchre-records", "version": "1.0", "rules": rules, "deals": deals})


def _reference_scores(seats: int, preset: str, cutthroat_euchre: str, revoke_to: str) -> set[tuple[int, ...]]:
    """Every score of one deal by the reference: a deal thrown in or void; every making side,
    alone or not, and every count of tricks; each with no revoke, or one or two revokes by
    either side (the charges depend only on which side revoked)."""
    names = ref.seat_names(seats)
    sides: list[tuple[list[str], bool]] = [([s], seats == 5) for s in names]
    if seats == 5:
        sides += [([a, b], False) for a, b in combinations(names, 2)]
    out = {(0,) * seats}
    for makers, alone in sides:
        defender = next(s for s in names if s not in makers)
        for tricks in range(6):
            hand = ref.variant_points(seats, makers, alone, tricks, cutthroat_euchre)
            out.add(tuple(hand))
            for count in (1, 2):
                for offenders in product((makers[0], defender), repeat=count):
                    revokes = [(s, t + 1) for t, s in enumerate(offenders)]
                    total, _, hand_scores = ref.revoke_charges(preset, seats, makers, alone, revokes,
                                                               revoke_to)
                    out.add(tuple(p + (h if hand_scores else 0) for p, h in zip(total, hand)))
    return out


GRID = [(n, preset, ce, rt) for n in ref.VARIANTS for preset in PRESETS
        for ce in (("each-opponent-2", "maker-minus-2") if n == 3 else ("each-opponent-2",))
        for rt in ("add", "deduct")]


@pytest.mark.parametrize(("seats", "preset", "cutthroat_euchre", "revoke_to"), GRID)
def test_the_possible_scores_are_the_references(seats: int, preset: str, cutthroat_euchre: str,
                                                revoke_to: str) -> None:
    overrides: dict[str, Any] = {"revoke_to": revoke_to}
    if seats == 3:
        overrides["cutthroat_euchre"] = cutthroat_euchre
    if seats == 5:
        overrides["pack"] = 28
    record = _table_record(seats, preset, overrides,
                     [{"kind": "points", "dealer": "0", "points": [0] * seats}])
    columns = SeatColumns(record.table, record.options, VARIANT_CITES[record.table.variant])
    engine = set(played_points(record.rules, columns)) | set(revoke_points(record.rules, columns))
    reference = _reference_scores(seats, preset, cutthroat_euchre, revoke_to)
    assert engine == reference, (sorted(engine - reference), sorted(reference - engine))


@st.composite
def made_deals(draw: st.DrawFn) -> tuple[int, str, str, str, int]:
    seats = draw(st.sampled_from(ref.VARIANTS))
    return (seats, draw(st.sampled_from(PRESETS)),
            draw(st.sampled_from(["each-opponent-2", "maker-minus-2"])) if seats == 3
            else "each-opponent-2",
            draw(st.sampled_from(["add", "deduct"])), draw(st.integers(0, 2**32 - 1)))


@settings(max_examples=150, deadline=None)
@given(made_deals(), st.integers(1, 4))
def test_a_played_deal_written_as_points_only_has_no_finding(case: tuple[int, str, str, str, int],
                                                             count: int) -> None:
    seats, preset, cutthroat_euchre, revoke_to, seed = case
    rng = random.Random(seed)
    deals, expected, running = [], [], [0] * seats
    overrides: dict[str, Any] = {"revoke_to": revoke_to, "game_points": 1000}
    if seats == 3:
        overrides["cutthroat_euchre"] = cutthroat_euchre
    dealer = 0
    for _ in range(count):
        size = rng.choice(ref.VARIANT_PACKS[seats])
        made = ref.random_variant_record(rng, seats, preset, size, revoke_rate=0.1,
                                         cutthroat_euchre=cutthroat_euchre, revoke_to=revoke_to)
        assume(len(made.revokes) <= 2)   # points_only considers one or two revokes
        points = [0] * seats if made.thrown_in else made.points
        deals.append({"kind": "points", "dealer": str(dealer), "points": points})
        running = [a + b for a, b in zip(running, points)]
        expected.append(tuple(running))
        dealer = (dealer + 1) % seats
    if seats == 5:
        overrides["pack"] = 28
    replayed = replay(_table_record(seats, preset, overrides, json.loads(json.dumps(deals))))
    assert replayed.findings == ()
    assert [score for _, score in replayed.running] == expected
    assert [d.points for d in replayed.deals] == [tuple(d["points"]) for d in deals]
