"""The trick walk of one deal at any table: who leads, the order of play (skipping the seats that
sit out), how many cards a trick holds, each card taken from its player's hand, and who wins.

Contract: :func:`walk_tricks` is the one trick walk of the detailed replay (issue 32), used by
the one deal walk of every table (``deal.DealWalk.play``).
It returns the leaders and winners of the complete tricks and the :class:`~.plays.PlayLog` of
every card played, or raises :class:`~euchre_records.errors.InconsistentRecord` at the first
card, trick or lead that cannot have happened (RULES.md common ground: the eldest hand or the
lone player's left leads first, then the winner of each trick; play passes to the left; a card
is played by the seat that holds it). A lead out of turn stands only where the record says all
followed it (Somerset 53, ``penalty_cards.stands_out_of_turn``). Pure: no I/O.
"""

from __future__ import annotations

from typing import Callable, Collection, Sequence

from .card_places import CardPlaces
from .cards import Card, Suit, power_table, trick_winner
from .model import Deal
from .penalty_cards import stands_out_of_turn
from .plays import PlayLog

__all__ = ["walk_tricks", "Watch"]

_PLAYED = tuple(f"played:{t + 1}" for t in range(5))   # a played card's location, by trick

Watch = Callable[[int, int, int, Card], None]
"""Told of each card as it is played: (trick index, index in the trick, seat, card); may raise
``InconsistentRecord``."""


def walk_tricks(places: CardPlaces, deal: Deal, trump: Suit | None, leader: int,
                out: Collection[int], left: Sequence[int], lead_rule: str,
                watch: Watch | None = None) -> tuple[list[int], list[int], PlayLog]:
    """Walk ``deal.tricks``, ``leader`` leading the first, ``left[seat]`` the next to play,
    the seats ``out`` sitting out; ``lead_rule`` says in a wrong lead's message who leads. A
    partial game may stop inside its last trick (``deal.unfinished``): that trick's cards are
    played and logged, but it has no winner. Seats are the table's seat values (``cards.Seat``
    at four, ints at n): ``left`` gives them back in kind. The log is always kept: the revokes
    of every table are read from it (``revokes.revoke_findings``)."""
    labels, hand, location = places.labels, places.hand, places.location
    n_active = len(left) - len(out)
    places.sitting_out = {labels[s] for s in out}
    log = PlayLog(power_table(trump), len(left))
    log_play = log.add
    leaders: list[int] = []
    winners: list[int] = []
    tricks = deal.tricks
    if len(tricks) > 5:
        raise places.fail(f"{len(tricks)} tricks recorded; a deal has 5", "tricks")
    played = _PLAYED
    for t, trick in enumerate(tricks):
        if trick.leader is not None and trick.leader != leader:
            if stands_out_of_turn(deal, t, trick.leader) is not None:
                leader = trick.leader   # all followed the false lead: the trick stands (Somerset 53)
            else:
                raise places.fail(f"trick {t + 1} is led by {labels[trick.leader]}, but "
                                  f"{labels[leader]} has the lead ({lead_rule})", f"tricks[{t}]")
        cards = trick.cards
        # a partial game may stop inside its last trick (euchre_records.partial)
        partial = False
        if len(cards) != n_active:
            partial = deal.unfinished and t == len(tricks) - 1 and 0 < len(cards) < n_active
            if not partial:
                sits = ", ".join(labels[s] for s in sorted(out))
                raise places.fail(f"trick {t + 1} has {len(cards)} cards; {n_active} players play"
                                  + (f" ({sits} sitting out)" if out else ""), f"tricks[{t}]")
        seat = leader
        order: list[int] = []
        for j, c in enumerate(cards):
            held = hand[seat]
            if c in held:   # a held card is in the pack: what take_from would do
                held.discard(c)
            else:
                places.take_from(seat, c, f"tricks[{t}][{j}]", verb="played")
            location[c] = played[t]
            log_play(seat, t, c)
            if watch is not None:
                watch(t, j, seat, c)
            order.append(seat)
            seat = left[seat]
            while seat in out:
                seat = left[seat]
        if partial:
            break
        winner = order[trick_winner(cards, trump)]
        leaders.append(leader)
        winners.append(winner)
        leader = winner
    return leaders, winners, log
