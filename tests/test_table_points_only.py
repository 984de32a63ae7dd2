"""Points-only deals at tables of two, three and five (issue 32; docs/TABLES.md "Points-only deals
per player"), with the independent reference as the oracle (tests/reference_euchre.py, written
from VARIANTS.md and the RULES digest; it imports nothing of the engine):

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
from typing import Any

import pytest
import reference_euchre as ref
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from euchre_records.points_only import SeatColumns, played_points, revoke_points
from euchre_records.schema.tables import load_any
from euchre_records.deal import VARIANT_CITES
from euchre_records.match import replay

PRESETS = ("somerset-1888", "hoyle", "modern")


def _record(seats: int, preset: str, overrides: dict[str, Any], deals: list[dict[str, Any]]) -> Any:
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
    record = _record(seats, preset, overrides,
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
    replayed = replay(_record(seats, preset, overrides, json.loads(json.dumps(deals))))
    assert replayed.findings == ()
    assert [score for _, score in replayed.running] == expected
    assert [d.points for d in replayed.deals] == [tuple(d["points"]) for d in deals]
