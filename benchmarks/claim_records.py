"""Records whose deals end in a claim before the first trick: the costliest claim search (all
five tricks to search). Shared by benchmarks/bench_claims.py, benchmarks/probe_dos.py and the
tests. Not a test."""

from __future__ import annotations

import json
import random
from typing import Any

SEATS = "NESW"
PACK = [r + s for s in "SHDC" for r in "AKQJT9"]


def claim_deal(rng: random.Random, number: int) -> dict[str, Any]:
    """A full deal: eldest orders up, the dealer discards, and eldest claims all five tricks
    before anyone leads (whether the claim holds is the search's to say)."""
    cards = PACK[:]
    rng.shuffle(cards)
    dealer = SEATS[number % 4]
    eldest = SEATS[(number + 1) % 4]
    hands = {seat: " ".join(cards[5 * i:5 * i + 5]) for i, seat in enumerate(SEATS)}
    return {"kind": "full", "dealer": dealer, "turned": cards[20], "hands": hands,
            "kitty": " ".join(cards[21:24]), "calls": ["order"],
            "discard": hands[dealer].split()[0], "tricks": [],
            "irregularities": [{"kind": "claim", "seat": eldest, "tricks": 5}]}


def claim_record(deals: int, seed: int = 1) -> dict[str, Any]:
    """A modern record of ``deals`` such deals (a game to 100,000 points, so it never ends)."""
    rng = random.Random(seed)
    return {"format": "euchre-records", "version": "1.0",
            "rules": {"preset": "modern", "overrides": {"game_points": 100000, "rubber": "none"}},
            "deals": [claim_deal(rng, i) for i in range(deals)]}


def claim_text(deals: int, seed: int = 1) -> str:
    return json.dumps(claim_record(deals, seed), separators=(",", ":"))
