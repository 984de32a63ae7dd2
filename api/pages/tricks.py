"""Card-level deals shown trick by trick: who led, who played what, who won, the revokes.

Contract: :func:`card_deals` reads a canonical record (as JSON data) and its stored replay result;
for each deal that has tricks it lists them with each card's seat (from the leader the engine
found, clockwise, skipping a seat that sits out of a lone hand), the winner the engine found and
the cards the engine's revoke findings name. Result-only deals are listed without tricks.
"""

from __future__ import annotations

from typing import Any

from .sheet import SUIT_SIGNS

__all__ = ["card_deals", "card_text"]

_SEATS = ("N", "E", "S", "W")
_PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}


def card_text(token: str) -> str:
    """``'TH'`` -> ``'10♥'``; the joker and unknown cards as written."""
    if len(token) == 2 and token[1] in SUIT_SIGNS and token != "JK":
        rank = "10" if token[0] == "T" else token[0]
        return rank + SUIT_SIGNS[token[1]]
    return token


def _seats_from(leader: str, out: set[str], count: int) -> list[str]:
    start = _SEATS.index(leader)
    order = [_SEATS[(start + i) % 4] for i in range(4)]
    return [s for s in order if s not in out][:count]


def _cards_of(trick: str) -> list[str]:
    body = trick.split(":", 1)[1] if ":" in trick else trick
    return body.split()


def card_deals(record: dict[str, Any], result: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    revokes: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for f in result.get("findings", []):
        if f["kind"] == "revoke" and f["deal"] and f["trick"]:
            revokes.setdefault((f["deal"], f["trick"]), []).append(f)
    for index, (deal, res) in enumerate(zip(record.get("deals", []), result.get("deals", []))):
        number = index + 1
        sitting_out = set()
        if res["alone"] and res["maker"]:
            sitting_out.add(_PARTNER[res["maker"]])
        if res["defender_alone"]:
            sitting_out.add(_PARTNER[res["defender_alone"]])
        tricks = []
        for t, text in enumerate(deal.get("tricks", [])):
            cards = _cards_of(text)
            leader = res["leaders"][t] if t < len(res["leaders"]) else None
            winner = res["winners"][t] if t < len(res["winners"]) else None
            seats = _seats_from(leader, sitting_out, len(cards)) if leader else [""] * len(cards)
            found = revokes.get((number, t + 1), [])
            marked = {(f["seat"], f["card"]) for f in found}
            tricks.append({
                "number": t + 1, "leader": leader, "winner": winner,
                "plays": [{"seat": s, "card": c, "text": card_text(c),
                           "revoke": (s, c) in marked, "won": s == winner}
                          for s, c in zip(seats, cards)],
                "revokes": found,
            })
        hands = deal.get("hands")
        out.append({
            "number": number, "kind": deal.get("kind"), "dealer": deal.get("dealer"),
            "turned": card_text(deal["turned"]) if deal.get("turned") else None,
            "trump": res["trump"], "trump_sign": SUIT_SIGNS.get(res["trump"] or "", ""),
            "maker": res["maker"], "alone": res["alone"], "calls": deal.get("calls", []),
            "discard": card_text(deal["discard"]) if deal.get("discard") else None,
            "hands": {s: [card_text(c) for c in hands[s].split()] for s in _SEATS
                      if hands and s in hands} if hands else None,
            "tricks": tricks, "points": res["points"], "findings": res["findings"],
        })
    return out
