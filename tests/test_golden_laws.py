"""Golden laws: records with irregularities (misdeals, calls out of turn, wrong number of cards,
leads out of turn, exposed and called cards, lone-hand laws, claims, score corrections), replayed
by the engine and checked against consequences worked out BY HAND from the rule books
(Somerset 1888 rule numbers; the Hoyle chapter's section names) -- never from the engine.

Each ``tests/golden/laws/NN-name.json`` is a record in our notation (often two or three deals,
because many laws decide who deals next or change the game score); its twin
``NN-name.expected.json`` holds the hand-worked result and the reasoning (``why``)::

    {"why": "...",
     "deals": [{"dealer": "N", "points": [ns, ew], "void": "misdeal" | null, "next_dealer": "E",
                "score": [ns, ew], "maker": "S", "trump": "H", "alone": false, "tricks": [ns, ew],
                "findings": [{"kind": "irregularity", "seat": "N", "trick": null, "status": "misdeal",
                              "points": [ns, ew], "message_contains": "..."}]}],
     "notes_contain": ["guaranteed"]}

or, for an impossible record::

    {"why": "...", "error": "substring of the message", "where": "deals[0].calls[3]"}

Per deal, every key is compared only when given:

- ``void``: why the laws made the deal void (``null``: it was played);
- ``next_dealer``: who deals next by the laws (the engine's ``next_dealer``, else the same dealer
  after a redeal, else the dealer's left neighbour);
- ``score``: the running score of the current game after the deal;
- ``findings``: all findings of that deal in the whole replay (wrong dealer and scoresheet
  findings included), compared as a multiset on kind, seat, trick and status, plus ``points``
  and a message substring where the expected finding gives them; ``findings_include`` instead
  lists findings that must be there among others (used where the rule book says what must be
  reported but not how the rest is worded).

A deal must give ``findings`` or ``findings_include``.

``notes_contain`` (top level) is checked against the notes of all deals. ``games`` lists every
game of the replay (compared in full, in order) with any of ``first_deal``, ``last_deal``,
``start``, ``score``, ``winner`` (``"NS"``, ``"EW"`` or null), ``finished``, ``carried`` (the
lap) and ``rubber_points``; ``rubber`` gives any of ``games_won``, ``winner``, ``finished``,
``rubber_points`` (with the bonus) and ``net``. Any other key is refused (``KEYS``). An expected file with ``xfail`` is a
case where the engine disagrees with the rule book: it is marked ``xfail(strict=True)`` with that
reason, so a fix to the engine turns it green loudly.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from golden_cases import cases, params, replay_case, seat_name
from golden_cases import expected as expected_of

from euchre_records.model import DealResult, Finding, GameResult, ReplayResult

CASES = cases("laws")
DEAL_KEYS = ("dealer", "void", "next_dealer", "maker", "trump", "alone", "tricks", "points", "score")
FINDING_KEYS = ("kind", "seat", "trick", "status")
GAME_KEYS = ("first_deal", "last_deal", "start", "score", "winner", "finished", "carried", "rubber_points")
RUBBER_KEYS = ("games_won", "winner", "finished", "rubber_points", "net")
FINDING = {**{k: None for k in FINDING_KEYS}, "points": None, "message_contains": None}
KEYS = {"why": None, "xfail": None, "error": None, "where": None, "notes_contain": None,
        "deals": [{**{k: None for k in DEAL_KEYS}, "findings": [FINDING], "findings_include": [FINDING]}],
        "games": [{k: None for k in GAME_KEYS}], "rubber": {k: None for k in RUBBER_KEYS}}
"""Every key an expected file may hold: each is checked by ``test_golden_law``."""


def _finding(f: Finding) -> dict[str, Any]:
    return {"kind": f.kind.value, "seat": seat_name(f.seat), "trick": f.trick, "status": f.status,
            "points": list(f.points), "message": f.message}


def _observed(result: ReplayResult, i: int, deal: DealResult) -> dict[str, Any]:
    """Deal ``i`` (0-based) of the replay in the shape of an expected file."""
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


def _match(expected: dict[str, Any], observed: dict[str, Any]) -> bool:
    if any(observed[k] != expected[k] for k in FINDING_KEYS):
        return False
    if "points" in expected and observed["points"] != expected["points"]:
        return False
    return "message_contains" not in expected or expected["message_contains"] in observed["message"]


def _compare_findings(expected: list[dict[str, Any]], observed: list[dict[str, Any]],
                      extra_ok: bool = False) -> str | None:
    """None when every expected finding matches its own observed finding and (unless
    ``extra_ok``) none is left over."""
    left = list(observed)
    for e in expected:
        hit = next((o for o in left if _match(e, o)), None)
        if hit is None:
            return f"no finding matches {e}"
        left.remove(hit)
    if left and not extra_ok:
        return "unexpected findings: " + "; ".join(f"{o['kind']}/{o['seat']}/{o['status']}: {o['message']}"
                                                   for o in left)
    return None


def test_there_are_enough_golden_laws() -> None:
    assert len(CASES) >= 20
    for path in CASES:
        expected = expected_of(path)
        assert path.with_suffix(".expected.json").exists(), f"{path.name} has no expected file"
        assert expected.get("why"), f"{path.name}: the expected file must say why"
        assert ("error" in expected) != ("deals" in expected), f"{path.name}: either deals or error"
        for deal in expected.get("deals", []):
            assert ("findings" in deal) != ("findings_include" in deal), \
                f"{path.name}: each deal gives findings or findings_include"


@pytest.mark.parametrize("path", params(CASES))
def test_golden_law(path: Path) -> None:
    expected, why, result = replay_case(path, KEYS)
    if result is None:
        return   # an impossible record, refused as expected
    assert len(result.deals) == len(expected["deals"]), \
        f"{len(result.deals)} deals replayed, {len(expected['deals'])} expected{why}"
    for i, (deal, exp) in enumerate(zip(result.deals, expected["deals"])):
        observed = _observed(result, i, deal)
        for key in DEAL_KEYS:
            if key in exp:
                assert observed[key] == exp[key], \
                    f"deal {i + 1}, {key}: engine {observed[key]!r}, by hand {exp[key]!r}{why}"
        if "findings" in exp:
            problem = _compare_findings(exp["findings"], observed["findings"])
        else:
            problem = _compare_findings(exp["findings_include"], observed["findings"], extra_ok=True)
        assert problem is None, f"deal {i + 1}, findings: {problem}{why}"
    if "games" in expected:
        assert len(result.games) == len(expected["games"]), \
            f"{len(result.games)} games, {len(expected['games'])} expected{why}"
        for g, exp_game in zip(result.games, expected["games"]):
            seen = _game(g)
            for key, value in exp_game.items():
                assert seen[key] == value, f"game {g.number}, {key}: engine {seen[key]!r}, by hand {value!r}{why}"
    if "rubber" in expected:
        assert result.rubber is not None, f"no rubber scored{why}"
        seen = _rubber(result)
        for key, value in expected["rubber"].items():
            assert seen[key] == value, f"rubber, {key}: engine {seen[key]!r}, by hand {value!r}{why}"
    notes = [n for d in result.deals for n in d.notes]
    for text in expected.get("notes_contain", []):   # what the laws did that is no breach
        assert any(text in n for n in notes), f"no note says {text!r} (notes: {notes}){why}"
