"""The tricks a call would take: one trump and one making side, from the dealt hands, the dealer
(when he took the turned card up) discarding his best card for his own side.

:class:`CallTricks` answers two questions about that value, each searched only once and each
answer narrowing what is known of it (``low`` .. ``high``): whether it reaches a count
(:meth:`CallTricks.reaches`: one yes/no question of the double-dummy search per discard, fewer
when one answers for all) and what it is exactly (:meth:`CallTricks.exact`). The calls of a
table of n (:func:`.call_values.table_calls`) ask a call first whether it could beat the best found so
far, and its exact value only when it could: most calls at five cannot (issue 32: the calls
are almost all of a five-handed analysis's search).

Contract: :meth:`CallTricks.exact` is the value with best play by all (the most over the
dealer's discards when his side is counted, else the least), and :meth:`CallTricks.reaches`
``(k)`` is ``exact() >= k``; one :class:`~.double_dummy.DoubleDummy` table serves every
discard and every question.
"""

from __future__ import annotations

from typing import Collection

from .cards import Side, Suit
from .double_dummy import DoubleDummy, Hands
from .model import Deal
from .rules import Rules

__all__ = ["CallTricks"]


class CallTricks:
    """The tricks ``side`` takes with best play from the ``dealt`` hands of the seats not
    ``out``, ``trump`` named, ``leader`` to lead: when ``took_up``, the dealer first discards the
    card that is best for his side (``dealer_counted``: his side is the one counted), or any
    but the turned card under the rules' ``turned_card_discard`` off."""

    __slots__ = ("solver", "options", "leader", "dealer_counted", "low", "high")

    def __init__(self, deal: Deal, rules: Rules, dealt: Hands, trump: Suit | None,
                 side: Side | Collection[int], out: Collection[int], leader: int,
                 took_up: bool, dealer_counted: bool) -> None:
        hands = {s: list(h) for s, h in dealt.items() if s not in out}
        options = [hands]
        layout = hands
        dealer, turned = deal.dealer, deal.turned
        if took_up and dealer not in out and turned is not None:
            six = hands[dealer] + [turned]
            keep = None if rules.turned_card_discard else turned
            options = [{**hands, dealer: [c for c in six if c is not d]} for d in six if d is not keep]
            layout = {**hands, dealer: six}
        self.solver = DoubleDummy(layout, trump, side, out)
        self.options = options
        self.leader = leader
        self.dealer_counted = dealer_counted
        self.low = 0
        self.high = len(hands[leader])

    def reaches(self, need: int) -> bool:
        """Whether the side takes at least ``need`` (``exact() >= need``), by yes/no questions
        only: for the best discard of the counted dealer, any discard that reaches it; against
        him, every one."""
        if need <= self.low:
            return True
        if need > self.high:
            return False
        ask = (lambda h: self.solver.reaches(h, self.leader, need))
        yes = any(map(ask, self.options)) if self.dealer_counted else all(map(ask, self.options))
        if yes:
            self.low = need
        else:
            self.high = need - 1
        return yes

    def exact(self) -> int:
        """The side's tricks with best play by all."""
        while self.low < self.high:
            self.reaches(self.low + 1)
        return self.low
