"""The one deal score of every table (issue 32): ``deal_score.made_by`` and ``score_deal``
against the independent reference (tests/reference_euchre.py, written from RULES.md and
VARIANTS.md; it imports nothing of the engine).

- the sides ``made_by`` makes: at four the partnerships (a lone hand's partner and a lone
  defender's sit out), at n the maker and his called partner against the rest;
- the hand's points of every outcome at every table and preset, by side or per seat, as the
  reference scores them;
- the house rule ``fast_break``: the hand scores nothing, a note says so, the penalties stand;
- a revoke's penalty replacing the hand's points: at four whenever a revoke is charged
  (``Revokes.hand_scores``), at n when a charge moved points (a charge of 0 points leaves the
  hand its points there) -- the difference the one score keeps from the two it replaced.
"""

from __future__ import annotations

import json
from pathlib import Path

import reference_euchre as ref
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_records.cards import SEATS, Suit
from euchre_records.deal_score import made_by, score_deal
from euchre_records.model import Finding, FindingKind, Record
from euchre_records.revokes import Revokes
from euchre_records.rules import preset
from euchre_records.schema.notation import load_any
from euchre_records.table import table_for

ROOT = Path(__file__).resolve().parents[1]
RECORDS = {2: "tests/golden/variants/01-two-handed-march.json",
           3: "tests/golden/variants/02-cutthroat-euchre.json",
           5: "examples/five-handed-game.json"}
PRESETS = ("somerset-1888", "hoyle", "modern")


def _record(n: int) -> Record:
    """A record of a table of ``n`` under modern rules with no variant option set (the
    reference's default scoring)."""
    data = json.loads((ROOT / RECORDS[n]).read_text(encoding="utf-8"))
    assert data["rules"]["preset"] == "modern" and set(data["rules"].get("overrides", {})) <= {"pack"}
    return load_any(data)


_RECORDS = {n: _record(n) for n in RECORDS}
_DEALS = {n: r.deals[0] for n, r in _RECORDS.items()} | {
    4: load_any(json.loads((ROOT / "examples/club-scoresheet.json").read_text(encoding="utf-8"))).deals[0]}
"""A deal of each table with no irregularity (the score reads only its irregularities)."""
_NO_REVOKES = {n: Revokes((), (0,) * n, True) for n in (2, 3, 5)} | {4: Revokes((), (0, 0), True)}


@st.composite
def deals(draw: st.DrawFn) -> tuple[int, str, int, bool, int | None, int, bool]:
    """(seats, preset, maker, alone, partner, maker's tricks, defender alone at four)."""
    n = draw(st.sampled_from((2, 3, 4, 5)))
    name = "modern" if n != 4 else draw(st.sampled_from(PRESETS))
    maker = draw(st.integers(0, n - 1))
    alone = draw(st.booleans()) if n in (4, 5) else False
    partner = (draw(st.one_of(st.none(), st.integers(0, n - 1).filter(lambda s: s != maker)))
               if n == 5 and not alone else None)
    defender = n == 4 and draw(st.booleans())
    return n, name, maker, alone, partner, draw(st.integers(0, 5)), defender


def _made(n: int, maker: int, alone: bool, partner: int | None, defender: bool):  # type: ignore[no-untyped-def]
    if n == 4:
        seat = SEATS[maker]
        return made_by(table_for(4), seat, Suit.HEARTS, alone,
                       SEATS[(maker + 1) % 4] if defender else None)
    return made_by(_RECORDS[n], maker, Suit.HEARTS, alone, None, None, partner, True)  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(deals())
def test_sides_and_hand_points_follow_the_reference(case: tuple[int, str, int, bool, int | None, int, bool]) -> None:
    n, name, maker, alone, partner, tricks, defender = case
    made = _made(n, maker, alone, partner, defender)
    table = table_for(n)
    rules = preset(name) if n == 4 else _RECORDS[n].rules
    if n == 4:
        lone_defender = SEATS[(maker + 1) % 4] if defender else None
        assert made.makers == ((SEATS[maker],) if alone else (SEATS[maker], SEATS[maker].partner))
        assert set(made.defenders) == ({lone_defender} if lone_defender is not None else
                                       {s for s in SEATS if s.side is not SEATS[maker].side})
    else:
        assert made.makers == ((maker,) if partner is None else (maker, partner))
        assert set(made.defenders) == set(range(n)) - set(made.makers)
    score = score_deal(table, rules, _DEALS[n], 1, "deals[0]", made, tricks, (), _NO_REVOKES[n], True)
    if n == 4:
        if not defender or tricks >= 3:   # (the reference has no lone defender's euchre)
            assert score.hand == ref.points(name, "NESW"[maker], alone, tricks)
    else:
        makers = [str(s) for s in made.makers]
        assert list(score.hand) == ref.variant_points(n, makers, made.lone, tricks)
    assert score.penalty == (0,) * len(score.hand) and score.notes == ()


def _finding(points: tuple[int, ...]) -> Finding:
    return Finding(FindingKind.REVOKE, "a revoke", "the preset's revoke rule", 1, 1, 0,
                   points=points, status="established")


def test_fast_break_zeroes_the_hand_only_at_every_table() -> None:
    """Defenders take tricks 1 and 2, the makers the last three: no hand's points, a note,
    the penalties kept (house rule fast_break)."""
    for n in (2, 3, 4, 5):
        made = _made(n, 0, False, None, False)
        defender = made.defenders[0]
        winners = (defender, defender, made.maker, made.maker, made.maker)
        rules = (preset("modern") if n == 4 else _RECORDS[n].rules).with_overrides(
            {"fast_break": True, "revoke_hand_scores": True})   # (the penalty alone takes no hand)
        penalty = tuple(2 if c == 0 else 0 for c in range(len(made.revokes.sides.points(0, 0))))
        found = Revokes((_finding(penalty),), penalty, True)
        score = score_deal(table_for(n), rules, _DEALS[n], 1, "deals[0]", made, 3, winners,
                           found, True)
        assert score.hand == (0,) * len(penalty) and score.penalty == penalty, n
        assert len(score.notes) == 1 and "fast break" in score.notes[0], n
        plain = score_deal(table_for(n), rules, _DEALS[n], 1, "deals[0]", made, 3,
                           winners[::-1], found, True)
        assert any(plain.hand) and plain.notes == (), n


def test_a_revoke_penalty_replaces_the_hand_as_each_table_always_has() -> None:
    """Under modern rules (revoke_hand_scores off) a charged revoke takes the hand's points;
    a charge of 0 points takes them at four (Revokes.hand_scores) but not at n."""
    for n in (2, 3, 4, 5):
        made = _made(n, 0, False, None, False)
        rules = preset("modern") if n == 4 else _RECORDS[n].rules
        zero = made.revokes.sides.points(0, 0)
        moved = made.revokes.sides.points(1, 2)
        for points, expect_hand in ((moved, False), (zero, n != 4)):
            found = Revokes((_finding(points),), points, False)
            score = score_deal(table_for(n), rules, _DEALS[n], 1, "deals[0]", made, 4,
                               (), found, True)
            assert bool(any(score.hand)) is expect_hand, (n, points)
            assert score.penalty == points
