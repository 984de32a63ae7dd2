"""The sheet check (euchre_records/scoresheet.py, check_sheet): each finding located at a deal and
a score column (a player's at tables of two, three and five), its likely cause, its rule.

Golden sheets in tests/golden/sheets/ (``*-slips``, ``*-missed``): records whose sheet holds
slips planted by hand, with every finding the check must give worked out by hand in the
expected file (deal, seat, the whole message). Properties over drawn records, with the figures
of a right sheet computed by the oracle of tests/table_sheet_support.py (the reference's
points, VARIANTS.md's game end): a right sheet has no finding, at every table size; one slip
planted in one player's column is found there and only there. (Four-handed slips: the laws
goldens 79 and 80 of tests/golden/laws, tests/golden/sheets/four-handed-whole-entry, and
tests/test_engine_regressions.py.) The one diagnosis of a deal's points at every table names a
cause only when its slip, scored by the reference, gives the whole entry as written.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
import reference_euchre as ref
from table_sheet_support import oracle_points, oracle_running, result_records, with_sheet

from euchre_records.match import replay
from euchre_records.model import Finding, FindingKind
from euchre_records.rules import PRESETS
from euchre_records.schema.notation import loads
from euchre_records.schema.tables import load_table_record

FOLDER = Path(__file__).parent / "golden" / "sheets"
SLIPS = ["cutthroat-slips", "five-handed-slips", "two-handed-missed", "four-handed-missed",
         "cutthroat-missed", "four-handed-whole-entry"]


def _sheet_findings(data: dict[str, Any]) -> list[Any]:
    """The sheet check's findings (``Finding``) of the record ``data`` at any table."""
    if data["rules"].get("seats", 4) == 4:
        found: tuple[Finding, ...] = replay(loads(json.dumps(data))).findings
    else:
        found = replay(load_table_record(data)).findings
    return [f for f in found if f.kind is FindingKind.SCORESHEET]


@pytest.mark.parametrize("name", SLIPS)
def test_golden_slips(name: str) -> None:
    data = json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8"))
    want = json.loads((FOLDER / f"{name}.expected.json").read_text(encoding="utf-8"))
    got = [{"deal": f.deal, "seat": None if f.seat is None else str(f.seat), "message": f.message}
           for f in _sheet_findings(data)]
    assert got == want["findings"]


def test_each_finding_carries_both_rows_of_figures() -> None:
    data = json.loads((FOLDER / "cutthroat-slips.json").read_text(encoding="utf-8"))
    first = _sheet_findings(data)[0]
    assert (first.recorded, first.computed, first.rule) == ((0, 1, 4), (0, 1, 3), "Modern §6")


def _four_handed_oracle_holds(data: dict[str, Any]) -> None:
    """At four the oracle knows neither a rubber's end (after it the engine leaves the deals
    unscored) nor Somerset's lap (points past the game carried to the next): there, only records
    before a side wins two games, under Hoyle or Modern."""
    if "seats" not in data["rules"]:   # four-handed
        _, games = oracle_running(data)
        assume(data["rules"]["preset"] != "somerset-1888")
        assume(max(Counter(g[3] for g in games if g[3] is not None).values(), default=0) < 2)


@settings(max_examples=150, deadline=None)
@given(result_records(seats=(2, 3, 4, 5)))
def test_a_right_sheet_has_no_finding(data: dict[str, Any]) -> None:
    """At every table size (at four, within what the oracle knows)."""
    _four_handed_oracle_holds(data)
    assert _sheet_findings(with_sheet(data)) == []


@settings(max_examples=200, deadline=None)
@given(result_records(seats=(2, 3, 4, 5)), st.integers(0, 4), st.sampled_from([-1, 1, 2, None]))
def test_an_addition_slip_is_found_in_its_column(data: dict[str, Any], column: int,
                                                 by: int | None) -> None:
    """The last deal's running score off in one column (a side's at four, a player's at n), its
    points right: one finding, at that deal (and seat), an addition error -- or a missed deal
    where the slip left the previous running score unchanged though the deal scored: the same
    diagnosis at every table size (RULES.md "scoresheet"). ``by`` None: the column's points
    for the deal left out of its running score."""
    _four_handed_oracle_holds(data)
    four = "seats" not in data["rules"]
    sheet = with_sheet(data)
    running, games = oracle_running(data)
    last = sheet["deals"][-1]["scoresheet"]
    seat = column % len(last["total"])
    if by is None:
        assume(last["points"][seat] != 0)
        by = -last["points"][seat]
    last["total"][seat] += by
    count = len(sheet["deals"])
    opened = games[-1][0] == count              # the last deal opens its game
    before = [0] * len(last["total"]) if opened else running[-2]
    found = _sheet_findings(sheet)
    assert [(f.deal, f.seat) for f in found] == [(count, None if four else seat)]
    # the column(s) the finding is about: the side's pair at four, the player's figure at n
    cols = range(len(last["total"])) if four else [seat]
    if all(last["total"][c] == before[c] for c in cols) and any(last["points"][c] for c in cols):
        assert "a missed deal: the deal's" in found[0].message
    else:
        assert "an addition error on the sheet" in found[0].message


@settings(max_examples=150, deadline=None)
@given(result_records(), st.data())
def test_points_in_the_wrong_columns_are_found_there(data: dict[str, Any], draw: st.DataObject) -> None:
    """Two players' points of the last deal exchanged (the running score summed from them):
    findings on the points of exactly those two, each with a cause, and their running scores
    said to follow from it -- except where uncorrected sheet errors stand (Somerset 5,
    ``sheet_errors_stand``): the deal then counts as written, so the running score summed from
    it is the game's, as at four hands (the game loop's ``written``, games.play_games)."""
    sheet = with_sheet(data)
    n = data["rules"]["seats"]
    deal = sheet["deals"][-1]["scoresheet"]
    a, b = draw.draw(st.lists(st.integers(0, n - 1), min_size=2, max_size=2, unique=True))
    assume(deal["points"][a] != deal["points"][b])
    points = deal["points"]
    points[a], points[b] = points[b], points[a]
    deal["total"][a], deal["total"][b] = (deal["total"][a] + points[a] - points[b],
                                          deal["total"][b] + points[b] - points[a])
    found = _sheet_findings(sheet)
    on_points = [f for f in found if "for the deal" in f.message]
    assert sorted(f.seat for f in on_points) == sorted([a, b])
    assert all(f.deal == len(sheet["deals"]) and "unknown cause" not in f.message for f in on_points)
    on_totals = [f for f in found if "running score" in f.message]
    if PRESETS[data["rules"]["preset"]].sheet_errors_stand:
        assert on_totals == []
        return
    assert sorted(f.seat for f in on_totals) == sorted([a, b])
    assert all("it follows from the deal's points above" in f.message for f in on_totals)


@settings(max_examples=100, deadline=None)
@given(result_records())
def test_a_sheet_that_runs_on_past_a_game_is_told_so(data: dict[str, Any]) -> None:
    """The sheet keeps adding after the game is won instead of starting again from 0: the first
    deal after the end is diagnosed as running on, not as an addition error."""
    running, games = oracle_running(data)
    assume(len(games) > 1 and games[0][1] < len(data["deals"]))
    sheet = copy.deepcopy(with_sheet(data))
    end = games[0][1]                      # the last deal of game 1 (1-based)
    nxt = sheet["deals"][end]["scoresheet"]
    assume(any(nxt["points"]))
    nxt["total"] = [a + b for a, b in zip(running[end - 1], nxt["points"])]
    sheet["deals"] = sheet["deals"][:end + 1]
    found = _sheet_findings(sheet)
    assert found and all(f.deal == end + 1 for f in found)
    assert all(f"game 1 ended at deal {end} and the sheet ran on" in f.message for f in found)


@pytest.mark.parametrize(("written", "cause"), [
    ([0, 1, 0], "the revoke penalty was not scored (Somerset 63)"),
    ([0, 3, 0], "the hand's own points were left out; they still score (Somerset 4)"),
])
def test_a_revoke_penalty_missed_or_alone_on_the_sheet(written: list[int], cause: str) -> None:
    """Cut-throat under Somerset: Bob (1) makes with 3 tricks, 1 point; Ann (0), a defender,
    revokes (claimed): Somerset 63 gives the offended side 3, here Bob alone, and Somerset 4
    keeps the hand's point: 4 for Bob. A sheet with only the hand's 1, or only the penalty's 3,
    is told which part it left out."""
    data = {"format": "euchre-records", "version": "1.0",
            "rules": {"preset": "somerset-1888", "seats": 3},
            "deals": [{"kind": "result", "dealer": "0", "result": {"maker": "1", "trump": "H", "tricks": 3},
                       "irregularities": [{"kind": "revoke-claimed", "seat": "0", "trick": 2}],
                       "scoresheet": {"points": written}}]}
    found = _sheet_findings(data)
    assert [(f.deal, f.seat) for f in found] == [(1, 1)]
    assert found[0].message == (f"deal 1, seat 1: the scoresheet gives {written[1]} for the deal, the "
                                f"replay computes 4 — {cause}")


def test_a_sheet_short_of_the_target_that_runs_on_is_told_an_earlier_error_hid_the_end() -> None:
    """As at four (golden laws/80): cut-throat, modern, game to 5. Bob marches (3), the sheet
    writes 2 (an addition error), then 1 and 1 (carried forward): the replay ends game 1 at
    deal 3 with Bob's 5, but the sheet's own 4 never reached 5, so it could not see the end and
    ran on at deal 4 (Ann makes 1): "an earlier error hid the end", worked by hand."""
    def deal(dealer: int, maker: int, tricks: int, points: list[int], total: list[int]) -> dict[str, Any]:
        return {"kind": "result", "dealer": str(dealer),
                "result": {"maker": str(maker), "trump": "H", "tricks": tricks},
                "scoresheet": {"points": points, "total": total}}
    data = {"format": "euchre-records", "version": "1.0",
            "rules": {"preset": "modern", "seats": 3, "overrides": {"game_points": 5}},
            "deals": [deal(0, 1, 5, [0, 3, 0], [0, 2, 0]), deal(1, 1, 3, [0, 1, 0], [0, 3, 0]),
                      deal(2, 1, 4, [0, 1, 0], [0, 4, 0]), deal(0, 0, 3, [1, 0, 0], [1, 4, 0])]}
    found = [(f.deal, f.seat, f.message.split(" — ")[1]) for f in _sheet_findings(data)]
    assert found == [
        (1, 1, "an addition error on the sheet: 0 + 3 is 3, not 2 (Modern §6)"),
        (2, 1, "an earlier error carried forward (Modern §6)"),
        (3, 1, "an earlier error carried forward (Modern §6)"),
        (4, 1, "game 1 ended at deal 3 and the sheet ran on; an earlier error hid the end "
               "(Modern §1, §8)")]



@settings(max_examples=150, deadline=None)
@given(result_records(seats=(2, 3, 5)), st.data())
def test_a_running_score_its_points_imply_can_be_left_out_at_n(data: dict[str, Any],
                                                               draw: st.DataObject) -> None:
    """At a table of n a row with the deal's points and no running score carries the sheet's
    running score on (its last one plus the points, scoresheet._Columns.carries): a right sheet
    with an addition slip in its last row, and an earlier right row of the same game left
    without its running score, has the findings it has with it -- the slip still spelt out as
    an addition error (or a missed deal), not "an earlier error carried forward" (which the
    four-handed check, whose running score after such a row is unknown, gives)."""
    sheet = with_sheet(data)
    _, games = oracle_running(data)
    count = len(sheet["deals"])
    first = games[-1][0]                  # the last game's first deal (1-based)
    assume(count - first >= 1)            # a row of the last game before its last row
    last = sheet["deals"][-1]["scoresheet"]
    seat = draw.draw(st.integers(0, len(last["total"]) - 1))
    last["total"][seat] += draw.draw(st.sampled_from([-1, 1, 2]))
    found = [(f.deal, f.seat, f.message) for f in _sheet_findings(sheet)]
    k = draw.draw(st.integers(first - 1, count - 2))   # the row (index) left without its total
    del sheet["deals"][k]["scoresheet"]["total"]
    assert [(f.deal, f.seat, f.message) for f in _sheet_findings(sheet)] == found
    assert "an earlier error carried forward" not in found[0][2]


def _oracle_slips(data: dict[str, Any]) -> dict[str, list[list[int]]]:
    """The first deal of ``data`` as the scorer would write it after each known slip, by the
    reference's scoring (tests/reference_euchre.py: the presets' points table at four,
    VARIANTS.md's at 2, 3 and 5), not the engine's: the part of each cause's text that names the
    slip, with the whole entries (every score column) that slip gives."""
    n = data["rules"].get("seats", 4)
    r = data["deals"][0]["result"]
    option = data["rules"]["overrides"].get("cutthroat_euchre", "each-opponent-2")
    maker, tricks, partner = r["maker"], r["tricks"], r.get("partner")
    lone = bool(r.get("alone")) if n == 4 else n == 5 and partner is None

    def score(tricks_: int, alone: bool = lone, makers: list[str] | None = None,
              option_: str = option) -> list[int]:
        if n == 4:
            return list(ref.points(data["rules"]["preset"], maker, alone, tricks_))
        return ref.variant_points(n, makers or [maker] + ([partner] if partner else []), alone,
                                  tricks_, option_)

    right = score(tricks)
    out: dict[str, list[list[int]]] = {
        "a march scored as 3 or 4 tricks": [score(3)] if tricks == 5 else [],
        "3 or 4 tricks scored as a march": [score(5)] if 3 <= tricks <= 4 else [],
        "a euchre scored as made": [score(3)] if tricks < 3 else [],
        "the makers' points given to the other": [score(0)] if tricks >= 3 else [],
        "a lone march scored as a march": [score(5, False, [maker])] if lone and tricks == 5 else [],
        "a euchred lone hand scored as a plain euchre": [score(tricks, False)] if lone and tricks < 3 else [],
        "a euchre scored as 1": ([[1 if p == 2 else p for p in right]]
                                 if tricks < 3 and set(right) == {0, 2} else []),
        "the points were given to the wrong side": [right[::-1]] if n == 4 else [],
        "a wrong column": [], "the points were given to the wrong players": [],
        "scored as under cutthroat_euchre": [], "held it": [], "was left out": [],
        "was scored as the maker's partner": []}
    for a in range(len(right)):
        for b in range(a + 1, len(right)):
            swapped = list(right)
            swapped[a], swapped[b] = right[b], right[a]
            out["a wrong column"].append(swapped)
    if n == 3:
        other = "maker-minus-2" if option == "each-opponent-2" else "each-opponent-2"
        out["scored as under cutthroat_euchre"].append(score(tricks, option_=other))
    if n == 5:
        others = [str(q) for q in range(n) if str(q) not in (maker, partner)]
        if partner is not None:
            out["held it"] = [score(tricks, False, [maker, q]) for q in others]
            out["was left out"] = [score(tricks, True, [maker])]
        else:
            out["was scored as the maker's partner"] = [score(tricks, False, [maker, q])
                                                        for q in others]
    return {cause: [v for v in vectors if v != right] for cause, vectors in out.items()}


@settings(max_examples=300, deadline=None)
@given(result_records(seats=(2, 3, 4, 5)), st.data())
def test_a_cause_is_named_only_when_its_slip_gives_the_whole_entry(data: dict[str, Any],
                                                                   draw: st.DataObject) -> None:
    """The one diagnosis of a deal's points at every table (scoresheet.likely_cause): the
    deal's entry replaced by what a known slip gives (by the reference's scoring), or by the
    right entry with one or two figures off. A slip's entry is never "unknown cause"; a named
    cause is one whose slip gives every figure of the entry as written (the preset's scoresheet
    rule, Somerset 5-6: the entry is the deal's score, a whole row), so an entry with a second error
    beside the slip is "unknown cause" -- at four as at n."""
    data = dict(data, deals=data["deals"][:1])
    assume(data["deals"][0]["result"]["maker"] is not None)
    slips = _oracle_slips(data)
    right = oracle_points(data)[0]
    planted = [v for vectors in slips.values() for v in vectors]
    off = list(right)
    for c in draw.draw(st.lists(st.integers(0, len(right) - 1), min_size=1, max_size=2, unique=True)):
        off[c] += draw.draw(st.sampled_from([-2, -1, 1, 2]))
    entry = draw.draw(st.sampled_from(planted + [off])) if planted else off
    assume(entry != right)
    sheet = copy.deepcopy(data)
    sheet["deals"][0]["scoresheet"] = {"points": entry}
    found = _sheet_findings(sheet)
    assert found and all(f.deal == 1 for f in found)
    causes = {f.message.split(" — ", 1)[1] for f in found}
    assert len(causes) == 1   # one diagnosis of the deal, whatever the column
    cause = causes.pop()
    if entry in planted:
        assert not cause.startswith("unknown cause"), (entry, cause)
    if not cause.startswith("unknown cause"):
        named = [k for k in slips if k in cause]
        assert named, cause
        assert any(entry in slips[k] for k in named) or (
            "wrong players" in cause and sorted(entry) == sorted(right)), (entry, cause, slips)
