"""The one game loop (``euchre_records/games.py``) at tables of 2, 3 and 5 against an independent
reference (tests/reference_games.py, written from docs/RULES.md and VARIANTS.md): random deals
whose points per player the reference of the deals gives (tests/reference_euchre.py, revokes
planted so that penalties are scored first), from random start scores, to small targets or a
fixed number of deals. The games (start, score, winner, finished) and every deal's points as
the game scored them must be the reference's: penalties first and the winner keeping his hand
points (Somerset 4), more points winning and an exact tie playing on (VARIANTS.md)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

import reference_euchre as ref
from reference_games import score_games

tables = pytest.importorskip("euchre_records.schema.tables")

from euchre_records.match import replay  # noqa: E402


@st.composite
def sittings(draw: st.DrawFn) -> dict[str, Any]:
    seats = draw(st.sampled_from(ref.VARIANTS))
    preset = draw(st.sampled_from(sorted(ref.PRESET_GAME_POINTS)))
    seed = draw(st.integers(0, 2**32 - 1))
    count = draw(st.integers(1, 12))
    fixed = draw(st.one_of(st.none(), st.integers(1, 5)))
    target = None if fixed is not None else draw(st.integers(1, 6))
    start = draw(st.lists(st.integers(0, 7), min_size=seats, max_size=seats))
    made = [ref.random_variant_record(random.Random(seed + i), seats, preset, revoke_rate=0.15)
            for i in range(count)]
    return {"seats": seats, "preset": preset, "fixed": fixed, "target": target, "start": start,
            "made": made}


@settings(max_examples=200, deadline=None)
@given(sittings())
def test_the_games_are_the_references(case: dict[str, Any]) -> None:
    made, fixed, target = case["made"], case["fixed"], case["target"]
    overrides = dict(made[0].record["rules"]["overrides"])
    overrides.update({"fixed_deals": fixed, "game_points": None, "rubber": "none"}
                     if fixed is not None else {"game_points": target})
    record = {"format": "euchre-records", "version": "1.0",
              "rules": {"preset": case["preset"], "seats": case["seats"], "overrides": overrides},
              "start_score": case["start"],
              "deals": [m.record["deals"][0] for m in made]}
    result = replay(tables.load_any(json.loads(json.dumps(record))))
    # each deal's hand as scored (the preset may take the penalty instead: points - penalty)
    deals = [([p - q for p, q in zip(m.points, m.penalty)], list(m.penalty)) for m in made]
    games, scored = score_games(deals, list(case["start"]), target, fixed)
    assert [list(d.points) for d in result.deals] == scored
    assert [(list(g.start), list(g.score), g.winner, g.finished) for g in result.games] == \
        [(g.start, g.score, g.winner, g.finished) for g in games]
