"""The golden runner: every hand-worked golden record of every table size, found and run by one
harness, checked against results worked out BY HAND from the rule books (Somerset 1888 rule
numbers, the Hoyle chapter's section names, ../shared/VARIANTS.md) -- never from the engine.

Each golden folder (``FOLDERS``) holds records ``NN-name.json``, each with its twin
``NN-name.expected.json``: the hand-worked result and the reasoning (``why``, with rule
numbers). Every record is read by the one loader (``golden_cases.load``: ``rules.seats`` picks the
table), replayed by ``match.replay``, and either refused as the expected file says::

    {"why": ..., "error": "substring of the message", "where": "deals[0].tricks[2][3]"}

(some problem contains ``error`` at a place starting with ``where``: the engine may be more
precise, never less; a refusal is always a located RecordError, never another exception) or
compared with the folder's check. An expected file holding a key its folder's check does not read
is refused (``golden_cases.expected``). An expected file with an ``xfail`` key is a case where the
rule books and the engine disagree: the test is a strict xfail with that reason, so a fix to the
engine turns it green loudly.

The folders and what their expected files say:

``deals`` (four-handed, one deal)::

    {"trump": "H", "maker": "E", "alone": false, "winners": ["N", ...], "tricks": [ns, ew],
     "points": [ns, ew], "leaders": ["E", ...],
     "findings": [{"kind": "revoke", "seat": "W", "trick": 3, "status": "established", "points": [ns, ew]}]}

  ``leaders`` (and, rarely, ``findings``) may be left out; they are then not compared; each
  expected finding gives all five keys. ``notes_contain`` lists texts the deal's notes must
  contain (what the laws did that is no breach).

``laws`` (four-handed irregularities, often two or three deals, because many laws decide who
deals next or change the game score)::

    {"deals": [{"dealer": "N", "points": [ns, ew], "void": "misdeal" | null, "next_dealer": "E",
                "score": [ns, ew], "maker": "S", "trump": "H", "alone": false, "tricks": [ns, ew],
                "findings": [{"kind": "irregularity", "seat": "N", "trick": null, "status": "misdeal",
                              "points": [ns, ew], "message_contains": "..."}]}],
     "notes_contain": ["guaranteed"]}

  Per deal, every key is compared only when given: ``void`` (why the laws made the deal void;
  ``null``: it was played), ``next_dealer`` (the engine's ``next_dealer``, else the same dealer
  after a redeal, else the dealer's left neighbour), ``score`` (the running score of the current
  game after the deal), ``findings`` (all findings of that deal in the whole replay, wrong dealer
  and scoresheet findings included, compared as a multiset on kind, seat, trick and status, plus
  ``points`` and a message substring where given); ``findings_include`` instead lists findings
  that must be there among others. A deal gives ``findings`` or ``findings_include``.
  ``notes_contain`` (top level) is checked against the notes of all deals. ``games`` lists every
  game of the replay (compared in full, in order) with any of ``first_deal``, ``last_deal``,
  ``start``, ``score``, ``winner`` (``"NS"``, ``"EW"`` or null), ``finished``, ``carried`` (the
  lap) and ``rubber_points``; ``rubber`` gives any of ``games_won``, ``winner``, ``finished``,
  ``rubber_points`` (with the bonus) and ``net``.

``variants`` (tables of two, three and five, issue #19; docs/FORMAT.md "Tables of two, three and
five"), compared on the replay result JSON (``schema.tables.dump_table_result``): a single-deal
case gives the deal's keys at the top level; a game case gives ``deals`` (some keys of each deal)
and ``games``. Seats are the tokens ``"0"`` .. ``"n-1"``; scores are lists of n, one per seat. A
key left out is not compared.

``variants/bad`` (any table): records that must be refused, each expected file giving only
``why``, ``where`` and ``error``.

The other golden folders are run by the modules named in ``RUN_ELSEWHERE`` (they check a sheet,
an analysis, a night or points-only entry, not a replay); a folder in neither is a failure, so a
new golden folder cannot go unrun.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pytest
from golden_cases import GOLDEN, Keys, cases, expected, params, replay_case, seat_name

from euchre_records.model import DealResult, Finding, GameResult, ReplayResult
from euchre_records.schema import tables

# --- deals -----------------------------------------------------------------------------------

DEAL_OPTIONAL = ("leaders", "findings")   # compared only when the expected file gives them
DEAL_FINDING = {"kind": None, "seat": None, "trick": None, "status": None, "points": None}
DEAL_CASE_KEYS = {"why": None, "xfail": None, "error": None, "where": None, "trump": None, "maker": None,
                  "alone": None, "leaders": None, "winners": None, "tricks": None, "points": None,
                  "findings": [DEAL_FINDING], "notes_contain": None}


def _deal_observed(deal: DealResult) -> dict[str, Any]:
    """The replay result in the shape of an expected file of ``deals``."""
    return {
        "trump": None if deal.trump is None else deal.trump.value,
        "maker": seat_name(deal.maker),
        "alone": deal.alone,
        "leaders": [s.name for s in deal.leaders],
        "winners": [s.name for s in deal.winners],
        "tricks": list(deal.tricks),
        "points": list(deal.points),
        "findings": [
            {"kind": f.kind.value, "seat": seat_name(f.seat), "trick": f.trick, "status": f.status,
             "points": list(f.points)}
            for f in deal.findings
        ],
    }


def check_deal(path: Path, want: dict[str, Any], why: str, result: ReplayResult) -> None:
    assert len(result.deals) == 1
    observed = _deal_observed(result.deals[0])
    for key in ("trump", "maker", "alone", "leaders", "winners", "tricks", "points", "findings"):
        if key in DEAL_OPTIONAL and key not in want:
            continue
        assert observed[key] == want[key], f"{key}: engine {observed[key]!r}, " \
                                           f"by hand {want[key]!r}{why}"
    for text in want.get("notes_contain", []):   # what the laws did that is no breach
        assert any(text in n for n in result.deals[0].notes), f"no note says {text!r}{why}"


def full_deals(found: list[Path]) -> None:
    assert len(found) >= 14


# --- laws ------------------------------------------------------------------------------------

LAW_DEAL_KEYS = ("dealer", "void", "next_dealer", "maker", "trump", "alone", "tricks", "points", "score")
LAW_FINDING_KEYS = ("kind", "seat", "trick", "status")
LAW_GAME_KEYS = ("first_deal", "last_deal", "start", "score", "winner", "finished", "carried", "rubber_points")
RUBBER_KEYS = ("games_won", "winner", "finished", "rubber_points", "net")
LAW_FINDING = {**{k: None for k in LAW_FINDING_KEYS}, "points": None, "message_contains": None}
LAW_CASE_KEYS = {"why": None, "xfail": None, "error": None, "where": None, "notes_contain": None,
                 "deals": [{**{k: None for k in LAW_DEAL_KEYS}, "findings": [LAW_FINDING],
                            "findings_include": [LAW_FINDING]}],
                 "games": [{k: None for k in LAW_GAME_KEYS}], "rubber": {k: None for k in RUBBER_KEYS}}


def _finding(f: Finding) -> dict[str, Any]:
    return {"kind": f.kind.value, "seat": seat_name(f.seat), "trick": f.trick, "status": f.status,
            "points": list(f.points), "message": f.message}


def _law_observed(result: ReplayResult, i: int, deal: DealResult) -> dict[str, Any]:
    """Deal ``i`` (0-based) of the replay in the shape of an expected file of ``laws``."""
    if deal.next_dealer is not None:
        nxt = deal.next_dealer
    else:
        nxt = deal.dealer if deal.redeal else deal.dealer.left
    running = result.running[i] if i < len(result.running) else None
    return {
        "dealer": deal.dealer.name,
        "void": deal.void,
        "next_dealer": nxt.name,
        "maker": seat_name(deal.maker),
        "trump": None if deal.trump is None else deal.trump.value,
        "alone": deal.alone,
        "tricks": list(deal.tricks),
        "points": list(deal.points),
        "score": None if running is None else list(running[1]),
        "findings": [_finding(f) for f in result.findings if f.deal == deal.number],
    }


def _side(side: Any) -> str | None:
    return None if side is None else str(side.value)


def _game(g: GameResult) -> dict[str, Any]:
    return {"first_deal": g.first_deal, "last_deal": g.last_deal, "start": list(g.start),
            "score": list(g.score), "winner": _side(g.winner), "finished": g.finished,
            "carried": list(g.carried), "rubber_points": list(g.rubber_points)}


def _rubber(result: ReplayResult) -> dict[str, Any]:
    r = result.rubber
    assert r is not None
    return {"games_won": list(r.games_won), "winner": _side(r.winner), "finished": r.finished,
            "rubber_points": list(r.rubber_points), "net": r.net}


def _match(want: dict[str, Any], observed: dict[str, Any]) -> bool:
    if any(observed[k] != want[k] for k in LAW_FINDING_KEYS):
        return False
    if "points" in want and observed["points"] != want["points"]:
        return False
    return "message_contains" not in want or want["message_contains"] in observed["message"]


def _compare_findings(want: list[dict[str, Any]], observed: list[dict[str, Any]],
                      extra_ok: bool = False) -> str | None:
    """None when every expected finding matches its own observed finding and (unless
    ``extra_ok``) none is left over."""
    left = list(observed)
    for e in want:
        hit = next((o for o in left if _match(e, o)), None)
        if hit is None:
            return f"no finding matches {e}"
        left.remove(hit)
    if left and not extra_ok:
        return "unexpected findings: " + "; ".join(f"{o['kind']}/{o['seat']}/{o['status']}: {o['message']}"
                                                   for o in left)
    return None


def check_law(path: Path, want: dict[str, Any], why: str, result: ReplayResult) -> None:
    assert len(result.deals) == len(want["deals"]), \
        f"{len(result.deals)} deals replayed, {len(want['deals'])} expected{why}"
    for i, (deal, exp) in enumerate(zip(result.deals, want["deals"])):
        observed = _law_observed(result, i, deal)
        for key in LAW_DEAL_KEYS:
            if key in exp:
                assert observed[key] == exp[key], \
                    f"deal {i + 1}, {key}: engine {observed[key]!r}, by hand {exp[key]!r}{why}"
        if "findings" in exp:
            problem = _compare_findings(exp["findings"], observed["findings"])
        else:
            problem = _compare_findings(exp["findings_include"], observed["findings"], extra_ok=True)
        assert problem is None, f"deal {i + 1}, findings: {problem}{why}"
    if "games" in want:
        assert len(result.games) == len(want["games"]), \
            f"{len(result.games)} games, {len(want['games'])} expected{why}"
        for g, exp_game in zip(result.games, want["games"]):
            seen = _game(g)
            for key, value in exp_game.items():
                assert seen[key] == value, f"game {g.number}, {key}: engine {seen[key]!r}, by hand {value!r}{why}"
    if "rubber" in want:
        assert result.rubber is not None, f"no rubber scored{why}"
        seen = _rubber(result)
        for key, value in want["rubber"].items():
            assert seen[key] == value, f"rubber, {key}: engine {seen[key]!r}, by hand {value!r}{why}"
    notes = [n for d in result.deals for n in d.notes]
    for text in want.get("notes_contain", []):   # what the laws did that is no breach
        assert any(text in n for n in notes), f"no note says {text!r} (notes: {notes}){why}"


def full_laws(found: list[Path]) -> None:
    assert len(found) >= 20
    for path in found:
        want = expected(path)
        assert want.get("why"), f"{path.name}: the expected file must say why"
        assert ("error" in want) != ("deals" in want), f"{path.name}: either deals or error"
        for deal in want.get("deals", []):
            assert ("findings" in deal) != ("findings_include" in deal), \
                f"{path.name}: each deal gives findings or findings_include"


# --- variants (tables of two, three and five) -------------------------------------------------

VARIANT_FINDING = {"kind": None, "seat": None, "trick": None, "status": None, "points": None}
VARIANT_DEAL_KEYS = {"thrown_in": None, "trump": None, "maker": None, "alone": None, "called": None,
                     "partner": None, "makers": None, "defenders": None, "leaders": None, "winners": None,
                     "maker_tricks": None, "hand_points": None, "penalty": None, "points": None,
                     "void": None, "next_dealer": None, "findings": [VARIANT_FINDING]}
VARIANT_GAME_KEYS = {"winner": None, "finished": None, "start": None, "score": None, "last_deal": None}
VARIANT_CASE_KEYS = {"why": None, "xfail": None, **VARIANT_DEAL_KEYS, "deals": [VARIANT_DEAL_KEYS],
                     "games": [VARIANT_GAME_KEYS]}
BAD_KEYS = {"why": None, "where": None, "error": None}


def _compare(observed: dict[str, Any], want: dict[str, Any], where: str, why: str) -> None:
    for key, value in want.items():
        if key == "findings":
            got = [{k: f.get(k) for k in VARIANT_FINDING} for f in observed["findings"]]
            assert got == value, f"{where}findings: engine {got!r}, by hand {value!r}{why}"
        else:
            assert observed[key] == value, f"{where}{key}: engine {observed[key]!r}, by hand {value!r}{why}"


def check_variant(path: Path, want: dict[str, Any], why: str, replayed: ReplayResult) -> None:
    result = tables.dump_table_result(replayed)
    deals = want.get("deals")
    if deals is None:
        assert len(result["deals"]) == 1
        _compare(result["deals"][0], {k: v for k, v in want.items() if k in VARIANT_DEAL_KEYS}, "", why)
    else:
        assert len(result["deals"]) == len(deals), why
        for i, (got, exp) in enumerate(zip(result["deals"], deals)):
            _compare(got, exp, f"deal {i + 1}: ", why)
    if "games" in want:
        assert len(result["games"]) == len(want["games"]), why
        for i, (got, exp) in enumerate(zip(result["games"], want["games"])):
            _compare(got, exp, f"game {i + 1}: ", why)


def full_variants(found: list[Path]) -> None:
    """The proof issue #19 asks for: a march, euchres, a found partner, an undealt card, a
    revoke in each variant and the cut-throat tie."""
    seats = [json.loads(p.read_text(encoding="utf-8"))["rules"]["seats"] for p in found]
    assert {2, 3, 5} <= set(seats) and len(found) >= 12
    revokes = {s for p, s in zip(found, seats) if "revoke" in p.name}
    assert revokes == {2, 3, 5}


def check_refused(path: Path, want: dict[str, Any], why: str, result: ReplayResult) -> None:
    pytest.fail(f"a record of variants/bad was replayed, not refused{why}")


def full_bad(found: list[Path]) -> None:
    assert len(found) >= 10
    for path in found:
        assert "error" in expected(path), f"{path.name}: a bad record's expected file gives the error"


# --- the runner -------------------------------------------------------------------------------

@dataclass(frozen=True)
class Folder:
    """How the golden records of one folder are checked: the keys their expected files may hold,
    the check of a replayed (not refused) record, and what the folder as a whole must hold."""
    keys: Keys
    check: Callable[[Path, dict[str, Any], str, ReplayResult], None]
    full: Callable[[list[Path]], None]


FOLDERS = {
    "deals": Folder(DEAL_CASE_KEYS, check_deal, full_deals),
    "laws": Folder(LAW_CASE_KEYS, check_law, full_laws),
    "variants": Folder(VARIANT_CASE_KEYS, check_variant, full_variants),
    "variants/bad": Folder(BAD_KEYS, check_refused, full_bad),
}
RUN_ELSEWHERE = {
    "analysis": "tests/test_double_dummy.py and the analysis tests",
    "analysis/tables": "tests/test_double_dummy.py and the analysis tests",
    "events": "tests/test_events.py and the night tests",
    "points": "tests/test_points_only.py",
    "sheets": "tests/test_sheet_check.py, tests/test_table_view.py, tests/test_sheet.py",
    "pinned": "tests/test_pinned_outputs.py",
}
"""Golden folders whose records are not replays checked here, and the modules that run them."""

def _golden_folders() -> set[str]:
    return {p.parent.relative_to(GOLDEN).as_posix() for p in GOLDEN.rglob("*") if p.is_file()}


def test_every_golden_folder_is_run() -> None:
    """A golden folder this runner does not know and no other module runs would be a set of
    hand-worked cases that never run."""
    unknown = _golden_folders() - set(FOLDERS) - set(RUN_ELSEWHERE)
    assert not unknown, f"golden folders run by nothing: {sorted(unknown)}"


@pytest.mark.parametrize("name", sorted(FOLDERS))
def test_golden_folder_is_full(name: str) -> None:
    found = cases(name)
    for path in found:
        assert path.with_suffix(".expected.json").exists(), f"{path.name} has no expected file"
    FOLDERS[name].full(found)


@pytest.mark.parametrize(("name", "path"), [
    pytest.param(name, *p.values, id=f"{name}/{p.id}", marks=p.marks)
    for name in FOLDERS for p in params(cases(name))])
def test_golden(name: str, path: Path) -> None:
    want, why, result = replay_case(path, FOLDERS[name].keys)
    if result is not None:
        FOLDERS[name].check(path, want, why, result)
