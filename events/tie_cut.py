"""A cut that settles a tied table of a progressive round: which pair moves as the winners.

Contract: :func:`cut_for_tie` is a pure function of its seed. The pack is the 24-card euchre
pack (nine to ace), shuffled by Python's ``random.Random(seed)``; one of each pair cuts a card
(N-S first, then E-W, from the top of the shuffled pack). The cards rank as in cutting for deal
under the Somerset Club's laws of 1888 (rules 8-14, /work/shared/RULES.md "Cutting"): the jack
highest, then ace, king, queen, ten, nine, suits equal; equal cards cut again (rules 13, 14),
from the next two cards of the pack (reshuffled by the same generator when it runs out). The
pair with the higher card moves as the winners. The same seed always cuts the same cards, so a
recorded seed lets anyone check the cut.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

__all__ = ["Cut", "cut_for_tie", "CUT_ORDER"]

CUT_ORDER = ("J", "A", "K", "Q", "T", "9")
"""Highest first: the jack is the highest card in cutting (Somerset 8)."""

_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_RANK_WORDS = {"T": "10"}


@dataclass(frozen=True, slots=True)
class Cut:
    """The cards each pair cut, every re-cut included (last: the deciding pair of cards), the
    pair that moves as the winners (``"NS"`` or ``"EW"``) and the seed that made them."""

    seed: int
    cards: tuple[tuple[str, str], ...]
    winners: str

    def words(self) -> str:
        """``"N-S cut the J♠, E-W the K♥: N-S move as the winners"`` (re-cuts named first)."""
        parts = [f"N-S cut the {_card(ns)}, E-W the {_card(ew)}" for ns, ew in self.cards]
        said = "; equal, cut again: ".join(parts)
        side = "N-S" if self.winners == "NS" else "E-W"
        return f"{said}: {side} move as the winners"


def _card(code: str) -> str:
    return _RANK_WORDS.get(code[0], code[0]) + _SUITS[code[1]]


def cut_for_tie(seed: int) -> Cut:
    """The cut made by ``seed`` (see the module contract).

    >>> cut_for_tie(7) == cut_for_tie(7)
    True
    >>> cut_for_tie(7).winners in ("NS", "EW")
    True
    """
    rng = random.Random(seed)
    pack: list[str] = []
    cards: list[tuple[str, str]] = []
    while True:
        if len(pack) < 2:
            pack = [r + s for s in _SUITS for r in CUT_ORDER]
            rng.shuffle(pack)
        ns, ew = pack.pop(0), pack.pop(0)
        cards.append((ns, ew))
        a, b = CUT_ORDER.index(ns[0]), CUT_ORDER.index(ew[0])
        if a != b:
            return Cut(seed, tuple(cards), "NS" if a < b else "EW")
