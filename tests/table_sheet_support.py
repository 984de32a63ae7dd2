"""Shared by the n-handed scoresheet tests: records of result-only deals at tables of 2, 3 and 5
drawn by hypothesis, with what the sheet must show worked out by an oracle that is not the
engine: each deal's points from tests/reference_euchre.py (written from VARIANTS.md), and the
running score and the game's end from VARIANTS.md's rule (the first to reach the game's points
wins; two past it at once: the one with more; an exact tie at the top plays on).
"""

from __future__ import annotations

from typing import Any

import reference_euchre as ref
from hypothesis import strategies as st

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed")


@st.composite
def result_deal(draw: st.DrawFn, n: int, dealer: int) -> dict[str, Any]:
    """One result-only deal dealt by ``dealer``: thrown in, or a maker, trump and tricks (and
    at five hands alone, or a called card and its holder, or an undealt called card)."""
    if draw(st.integers(0, 9)) == 0:
        return {"kind": "result", "dealer": str(dealer), "result": {"maker": None}}
    maker = draw(st.integers(0, n - 1))
    trump = draw(st.sampled_from("SHDC"))
    result: dict[str, Any] = {"maker": str(maker), "trump": trump, "tricks": draw(st.integers(0, 5))}
    if n == 5:
        how = draw(st.sampled_from(["alone", "partner", "undealt"]))
        if how == "alone":
            result["alone"] = True
        else:
            result["called"] = "AC" if trump != "C" else "AD"
            result["partner"] = (None if how == "undealt" else
                                 str(draw(st.sampled_from([s for s in range(n) if s != maker]))))
    return {"kind": "result", "dealer": str(dealer), "result": result}


@st.composite
def result_records(draw: st.DrawFn, seats: tuple[int, ...] = (2, 3, 5)) -> dict[str, Any]:
    """A record of 1-12 result-only deals, the deal passing to the left, named players or not,
    game to 5 or 10, with or without a start score."""
    n = draw(st.sampled_from(seats))
    dealer = draw(st.integers(0, n - 1))
    deals = []
    for _ in range(draw(st.integers(1, 12))):
        deals.append(draw(result_deal(n, dealer)))
        dealer = (dealer + 1) % n
    record: dict[str, Any] = {
        "format": "euchre-records", "version": "1.0",
        "rules": {"preset": draw(st.sampled_from(["somerset-1888", "hoyle", "modern"])), "seats": n,
                  "overrides": {"game_points": draw(st.sampled_from([5, 10]))}},
        "deals": deals}
    if n == 5:
        record["rules"]["overrides"]["pack"] = 28   # 25 dealt and the turned card
    if n == 3:
        record["rules"]["overrides"]["cutthroat_euchre"] = draw(
            st.sampled_from(["each-opponent-2", "maker-minus-2"]))
    if draw(st.booleans()):
        record["players"] = {str(s): {"name": NAMES[s]} for s in range(n)}
    return record


def oracle_points(record: dict[str, Any]) -> list[list[int]]:
    """Each deal's points per seat, by the reference's VARIANTS.md scoring."""
    n = record["rules"]["seats"]
    option = record["rules"]["overrides"].get("cutthroat_euchre", "each-opponent-2")
    out = []
    for deal in record["deals"]:
        r = deal["result"]
        if r["maker"] is None:
            out.append([0] * n)
            continue
        partner = r.get("partner")
        makers = [r["maker"]] + ([partner] if partner is not None else [])
        alone = n == 5 and partner is None
        out.append(ref.variant_points(n, makers, alone, r["tricks"], option))
    return out


def oracle_running(record: dict[str, Any]) -> tuple[list[list[int]], list[tuple[int, int, list[int], int | None]]]:
    """The running score after each deal, and the games (first deal, last deal, final score,
    winner seat or None), by VARIANTS.md's rule for the game's end."""
    n = record["rules"]["seats"]
    target = record["rules"]["overrides"]["game_points"]
    score = [0] * n
    first = 1
    running, games = [], []
    for number, points in enumerate(oracle_points(record), 1):
        score = [a + b for a, b in zip(score, points)]
        running.append(score)
        top = max(score)
        leaders = [s for s in range(n) if score[s] == top]
        if top >= target and len(leaders) == 1:
            games.append((first, number, score, leaders[0]))
            score, first = [0] * n, number + 1
    if first <= len(record["deals"]) or not games:
        games.append((first, len(record["deals"]), score, None))
    return running, games


def with_sheet(record: dict[str, Any]) -> dict[str, Any]:
    """The record with the scorer's figures written on every deal, right by the oracle."""
    running, _ = oracle_running(record)
    deals = [dict(d, scoresheet={"points": p, "total": t})
             for d, p, t in zip(record["deals"], oracle_points(record), running)]
    return dict(record, deals=deals)
