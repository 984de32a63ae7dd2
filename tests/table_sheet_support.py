"""Shared by the scoresheet tests: records of result-only deals at tables of 2, 3 and 5 (and of
4, when asked) drawn by hypothesis, with what the sheet must show worked out by an oracle that is
not the engine: each deal's points from tests/reference_euchre.py (written from VARIANTS.md and
the presets' points tables), and the running score and the game's end from VARIANTS.md's rule
(the first to reach the game's points wins; two past it at once: the one with more; an exact tie
at the top plays on). At four the oracle knows no rubber (the engine leaves the deals after a
rubber unscored) nor Somerset's lap (points past the game carried to the next), so its running
score is right only until a rubber ends and not under Somerset: the four-handed records serve the
round trip, whose figures are carried whatever they say, and the sheet check's right-sheet
property only where those hold (tests/test_sheet_check.py).
"""

from __future__ import annotations

from typing import Any

import reference_euchre as ref
from hypothesis import strategies as st

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed")


@st.composite
def result_deal(draw: st.DrawFn, n: int, dealer: int) -> dict[str, Any]:
    """One result-only deal dealt by ``dealer``: thrown in, or a maker, trump and tricks (and
    at four hands alone or not; at five alone, or a called card and its holder, or an undealt called card)."""
    token = _tokens(n)
    if draw(st.integers(0, 9)) == 0:
        return {"kind": "result", "dealer": token[dealer], "result": {"maker": None}}
    maker = draw(st.integers(0, n - 1))
    trump = draw(st.sampled_from("SHDC"))
    result: dict[str, Any] = {"maker": token[maker], "trump": trump, "tricks": draw(st.integers(0, 5))}
    if n == 4 and draw(st.booleans()):
        result["alone"] = True
    if n == 5:
        how = draw(st.sampled_from(["alone", "partner", "undealt"]))
        if how == "alone":
            result["alone"] = True
        else:
            result["called"] = "AC" if trump != "C" else "AD"
            result["partner"] = (None if how == "undealt" else
                                 str(draw(st.sampled_from([s for s in range(n) if s != maker]))))
    return {"kind": "result", "dealer": token[dealer], "result": result}


def _tokens(n: int) -> list[str]:
    """The seat tokens of a table of ``n``: N E S W at four, else "0" .. "n-1"."""
    return list("NESW") if n == 4 else ref.seat_names(n)


@st.composite
def result_records(draw: st.DrawFn, seats: tuple[int, ...] = (2, 3, 5)) -> dict[str, Any]:
    """A record of 1-12 result-only deals at a table of one of ``seats``, the deal passing to the
    left, named players or not, game to 5 or 10."""
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
    if n == 4:
        del record["rules"]["seats"]   # the four-handed record does not say it
    if n == 5:
        record["rules"]["overrides"]["pack"] = 28   # 25 dealt and the turned card
    if n == 3:
        record["rules"]["overrides"]["cutthroat_euchre"] = draw(
            st.sampled_from(["each-opponent-2", "maker-minus-2"]))
    if draw(st.booleans()):
        record["players"] = {_tokens(n)[s]: {"name": NAMES[s]} for s in range(n)}
    return record


def oracle_points(record: dict[str, Any]) -> list[list[int]]:
    """Each deal's points per score column (per side at four, else per seat), by the reference's
    scoring (its presets' points table at four, VARIANTS.md's at tables of 2, 3 and 5)."""
    n = record["rules"].get("seats", 4)
    option = record["rules"]["overrides"].get("cutthroat_euchre", "each-opponent-2")
    out = []
    for deal in record["deals"]:
        r = deal["result"]
        if r["maker"] is None:
            out.append([0] * (2 if n == 4 else n))
            continue
        if n == 4:
            out.append(list(ref.points(record["rules"]["preset"], r["maker"], r.get("alone", False),
                                       r["tricks"])))
            continue
        partner = r.get("partner")
        makers = [r["maker"]] + ([partner] if partner is not None else [])
        alone = n == 5 and partner is None
        out.append(ref.variant_points(n, makers, alone, r["tricks"], option))
    return out


def oracle_running(record: dict[str, Any]) -> tuple[list[list[int]], list[tuple[int, int, list[int], int | None]]]:
    """The running score after each deal, and the games (first deal, last deal, final score,
    winner's column or None), by VARIANTS.md's rule for the game's end."""
    target = record["rules"]["overrides"]["game_points"]
    each = oracle_points(record)
    n = len(each[0]) if each else 0   # score columns: sides at four, else seats
    score = [0] * n
    first = 1
    running, games = [], []
    for number, points in enumerate(each, 1):
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
    """The record with the scorer's figures written on every deal, right by the oracle (at four,
    until a rubber ends: see the module doc)."""
    running, _ = oracle_running(record)
    deals = [dict(d, scoresheet={"points": p, "total": t})
             for d, p, t in zip(record["deals"], oracle_points(record), running)]
    return dict(record, deals=deals)
