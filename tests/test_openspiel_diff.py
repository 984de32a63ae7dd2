"""Differential test against OpenSpiel's euchre: 4,000 random games (fixed seeds) under the four
combinations of ``stick_the_dealer`` and ``allow_lone_defender`` are converted to our full-deal
model, written as our notation's text and read back, replayed by our engine (``match.replay``)
under the matching rule options, and must give OpenSpiel's trick
winners and deal points. Each converted deal must also export back to the very same history.

The random policy is uniform over the legal actions except that it passes more often and goes
alone more often than uniform play would, so that second-round calls, thrown-in deals, lone hands
and lone defenders all occur many times.
"""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install -e '.[bench]')")

from euchre_records.cards import SEATS, Side  # noqa: E402
from euchre_records.match import replay  # noqa: E402
from euchre_records.model import Record  # noqa: E402
from euchre_records.interop.openspiel import (  # noqa: E402
    GO_ALONE, PASS, deal_from_openspiel, openspiel_actions, openspiel_game_params,
)
from euchre_records.rules import Rules, preset  # noqa: E402
from euchre_records.schema.notation import dumps, loads  # noqa: E402

GAMES_PER_VARIANT = 1000
VARIANTS = [(stick, lone) for stick in (True, False) for lone in (True, False)]


def openspiel_rules(stick_the_dealer: bool, allow_lone_defender: bool) -> Rules:
    """Our rule options that match OpenSpiel's euchre (see docs/INTEROP.md)."""
    return preset("modern").with_overrides({
        "lone_lead": "eldest", "lone_euchred": 2, "lone_defender_euchre": 4, "lone_march": 4,
        "stick_the_dealer": stick_the_dealer, "defend_alone": allow_lone_defender,
        "turned_card_discard": False, "game_points": None, "fixed_deals": 1,
    })


def choose(state: object, rng: random.Random) -> int:
    legal = state.legal_actions()  # type: ignore[attr-defined]
    if PASS in legal and len(legal) > 1:
        return PASS if rng.random() < 0.55 else rng.choice([a for a in legal if a != PASS])
    if GO_ALONE in legal:
        return GO_ALONE if rng.random() < 0.3 else legal[1]
    return rng.choice(legal)


def random_game(game: object, seed: int) -> object:
    rng = random.Random(seed)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while not state.is_terminal():
        state.apply_action(choose(state, rng))
    return state


@pytest.mark.parametrize("stick,lone", VARIANTS, ids=[f"stick={s}-lone_defender={d}" for s, d in VARIANTS])
def test_random_games_agree_with_openspiel(stick: bool, lone: bool) -> None:
    params = {"stick_the_dealer": stick, "allow_lone_defender": lone}
    rules = openspiel_rules(stick, lone)
    assert openspiel_game_params(rules) == params
    game = pyspiel.load_game("euchre", params)
    seen = {"thrown": 0, "alone": 0, "defender": 0, "second_round": 0, "no_trick": 0}
    disagreements = []
    for seed in range(GAMES_PER_VARIANT):
        state = random_game(game, seed)
        history = list(state.history())
        deal = deal_from_openspiel(history, params)
        record = loads(dumps(Record(rules=rules, deals=(deal,))))   # through our notation's text
        (result,) = replay(record).deals
        assert record.deals[0] == deal
        theirs = state.returns()
        ns, ew = result.points
        ours = [ns - ew, ew - ns, ns - ew, ew - ns]
        if result.thrown_in:
            seen["thrown"] += 1
            their_winners: list[object] = []
        else:
            their_winners = [SEATS[t.winner()] for t in state.tricks()]
            seen["alone"] += result.alone
            seen["defender"] += result.defender_alone is not None
            seen["second_round"] += state.num_passes() >= 4
            maker_tricks = result.tricks[result.maker.side is not Side.NS]  # type: ignore[union-attr]
            if maker_tricks == 0 and result.defender_alone is None:
                # euchre.h promises "super-Euchres" (makers lose 4 when they take no trick);
                # ComputeScore gives 2, as our modern rules do
                seen["no_trick"] += 1
                assert abs(theirs[0]) == 2
        if ours != [int(x) for x in theirs] or list(result.winners) != their_winners or result.findings:
            disagreements.append((seed, str(state), result))
            continue
        assert openspiel_actions(deal, rules) == history, f"seed {seed}: export differs"
    assert not disagreements, (
        f"{len(disagreements)} of {GAMES_PER_VARIANT} games disagree; first: seed {disagreements[0][0]}\n"
        f"{disagreements[0][1]}\nours: {disagreements[0][2]}")
    assert seen["alone"] > 20 and seen["second_round"] > 20 and seen["no_trick"] > 0
    if lone:
        assert seen["defender"] > 20
    if not stick:
        assert seen["thrown"] > 0
