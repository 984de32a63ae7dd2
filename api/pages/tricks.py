"""Card-level deals shown trick by trick: who led, who played what, who won, the revokes.

Contract: :func:`card_deals` reads a canonical record (as JSON data) of any table and its replay
result (JSON); for each deal that has tricks it lists them with each card's seat (from the leader
the engine found, clockwise, skipping a seat that sits out of a lone hand), the winner the engine
found and the cards the engine's revoke findings name. Four-handed the result-only deals are
listed too, without tricks, and a seat is named by its token (N); at a table of n, whose page
shows its sheet above, only the deals with tricks, and a seat by its player (``seats.seat_name``).
"""

from __future__ import annotations

from typing import Any, Mapping

from .seats import seat_name, seat_tokens
from .sheet import SUIT_SIGNS

__all__ = ["card_deals", "card_text"]

_PARTNER = {"N": "S", "S": "N", "E": "W", "W": "E"}


def card_text(token: str) -> str:
    """``'TH'`` -> ``'10♥'``; the joker and unknown cards as written."""
    if len(token) == 2 and token[1] in SUIT_SIGNS and token != "JK":
        rank = "10" if token[0] == "T" else token[0]
        return rank + SUIT_SIGNS[token[1]]
    return token


def _seats_from(tokens: tuple[str, ...], leader: str, out: set[str], count: int) -> list[str]:
    start = tokens.index(leader) if leader in tokens else 0
    order = [tokens[(start + i) % len(tokens)] for i in range(len(tokens))]
    return [s for s in order if s not in out][:count]


def _cards_of(trick: str) -> list[str]:
    body = trick.split(":", 1)[1] if ":" in trick else trick
    return body.split()


def card_deals(record: Mapping[str, Any], result: Mapping[str, Any],
               players: Mapping[str, str] | None = None) -> list[dict[str, Any]]:
    """The deals of ``record`` trick by trick (see the module's contract); ``players`` names the
    seats of a table of n by seat token."""
    n = (record.get("rules") or {}).get("seats", 4)
    tokens = seat_tokens(n)

    def name(token: str | None) -> str | None:
        return token if n == 4 else seat_name(players or {}, token)

    out = []
    revokes: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for f in result.get("findings", []):
        if f["kind"] == "revoke" and f["deal"] and f["trick"]:
            revokes.setdefault((f["deal"], f["trick"]), []).append(f)
    for index, (deal, res) in enumerate(zip(record.get("deals", []), result.get("deals", []))):
        if n != 4 and not deal.get("tricks"):
            continue
        number = index + 1
        sitting_out = set()   # four-handed: the partner of a lone hand (nobody at a table of n)
        if n == 4 and res["alone"] and res["maker"]:
            sitting_out.add(_PARTNER[res["maker"]])
        if n == 4 and res["defender_alone"]:
            sitting_out.add(_PARTNER[res["defender_alone"]])
        tricks = []
        for t, text in enumerate(deal.get("tricks", [])):
            cards = _cards_of(text)
            leader = res["leaders"][t] if t < len(res["leaders"]) else None
            winner = res["winners"][t] if t < len(res["winners"]) else None
            seats = (_seats_from(tokens, leader, sitting_out, len(cards)) if leader
                     else [""] * len(cards))
            found = revokes.get((number, t + 1), [])
            marked = {(f["seat"], f["card"]) for f in found}
            tricks.append({
                "number": t + 1, "leader": leader, "winner": winner,
                "leader_name": name(leader), "winner_name": name(winner),
                "plays": [{"seat": s, "name": name(s) if s else "", "card": c, "text": card_text(c),
                           "revoke": (s, c) in marked, "won": s == winner}
                          for s, c in zip(seats, cards)],
                "revokes": found,
            })
        hands = deal.get("hands")
        out.append({
            "number": number, "kind": deal.get("kind"), "dealer": deal.get("dealer"),
            "dealer_name": name(deal.get("dealer")),
            "turned": card_text(deal["turned"]) if deal.get("turned") else None,
            "trump": res["trump"], "trump_sign": SUIT_SIGNS.get(res["trump"] or "", ""),
            "maker": res["maker"], "alone": res["alone"], "calls": deal.get("calls", []),
            "called": deal.get("called"),
            "discard": card_text(deal["discard"]) if deal.get("discard") else None,
            "hands": [(name(s), [card_text(c) for c in hands[s].split()]) for s in tokens
                      if s in hands] if hands else None,
            "tricks": tricks, "points": res["points"], "findings": res["findings"],
        })
    return out
