"""Where every known card of one deal is, at any table: the cards dealt, the kitty, the turned
card, the take-up and discard, and each card taken from a hand as it is played or given.

Contract: :class:`CardPlaces` is the one card bookkeeping of the detailed replay at every table
(issue 32): the one deal walk of every table (``deal.DealWalk``) places the dealt cards with
:meth:`CardPlaces.deal_hands`, takes up and discards with :meth:`CardPlaces.take_up`, and takes
each card that leaves a hand (played, discarded, given) with :meth:`CardPlaces.take_from`. A
card that cannot be where the record puts it -- not in the pack, in two places, not held --
raises :class:`~euchre_records.errors.InconsistentRecord` at its location, saying where the card
really is (the four-handed wording, RULES.md "common ground": one pack, each card once; a seat
named by its label: ``N`` at four, ``seat 2`` at a table of n). Pure: no I/O.
"""

from __future__ import annotations

import functools
from typing import Sequence

from .cards import Card, make_pack
from .errors import InconsistentRecord, join_path
from .laws import events_of
from .model import Deal, IrregularityKind
from .rules import BeforeDiscard, Rules
from .table import Table

__all__ = ["CardPlaces", "describe_place", "seat_words"]


@functools.cache
def seat_words(table: Table) -> tuple[str, ...]:
    """Each seat as the messages name it: ``N E S W`` at four, ``seat 0`` .. at a table of n."""
    if table.fixed_sides:
        return tuple(table.token(s) for s in table.all_seats)
    return tuple(f"seat {table.token(s)}" for s in table.all_seats)


class CardPlaces:
    """The cards of one deal: ``location`` of each known card (``"hand:<label>"``, ``"kitty"``,
    ``"turned"``, ``"discard"``, ``"played:<trick>"``, ``"out of play"``), ``hand[seat]`` the
    known cards a seat still holds and ``unknown[seat]`` how many unknown ones (hands recorded
    with ``?``); ``known_hands`` whether the hands are recorded at all (when not, a card no other
    place holds may be in any hand). ``labels[seat]`` names the seat in messages."""

    def __init__(self, rules: Rules, labels: Sequence[str], where: str) -> None:
        seats = len(labels)
        self.rules, self.where, self.labels = rules, where, labels
        self.pack = make_pack(rules.pack, rules.joker)
        self.location: dict[Card, str] = {}
        self.hand: list[set[Card]] = ([set(), set(), set(), set()] if seats == 4   # known cards held
                                      else [set() for _ in range(seats)])
        self.unknown: list[int] = [0] * seats                         # unknown cards still held
        self.known_hands = False
        self.sitting_out: set[str] = set()                            # labels of seats out

    def fail(self, what: str, at: str = "") -> InconsistentRecord:
        return InconsistentRecord(what, join_path(self.where, at))

    def place(self, c: Card, label: str, at: str) -> None:
        """Put ``c`` at ``label``: it must be in the pack and nowhere else."""
        if c not in self.pack:
            raise self.fail(f"{c} is not in the {self.rules.pack}-card pack"
                            + (" with the joker" if self.rules.joker else ""), at)
        if c in self.location:
            raise self.fail(f"{c} appears twice ({describe_place(self.location[c])} as well)", at)
        self.location[c] = label

    def deal_hands(self, deal: Deal, tokens: Sequence[str]) -> None:
        """Place the hands (``tokens[seat]`` their key under ``hands``), the turned card and the
        kitty: five cards a hand (or the count of a recorded wrong-number-of-cards), each card in
        the pack and once, the kitty the pack less the hands and the turned card."""
        wrong = {e.seat: e.count for _, e in events_of(deal, IrregularityKind.WRONG_NUMBER_OF_CARDS)}
        if deal.hands is not None:
            self.known_hands = True
            for seat, cards in enumerate(deal.hands):
                if len(cards) != 5 and wrong.get(seat) != len(cards):   # type: ignore[call-overload]
                    raise self.fail(f"{self.labels[seat]} holds {len(cards)} cards; a hand has 5 (record a "
                                    "wrong-number-of-cards irregularity with the count if it happened)",
                                    f"hands.{tokens[seat]}")
                label, at = _hand_place(self.labels[seat], tokens[seat])
                held = self.hand[seat]
                for c in cards:
                    if c is None:
                        self.unknown[seat] += 1
                    else:
                        self.place(c, label, at)
                        held.add(c)
        if deal.turned is None:
            raise self.fail("the turned card is missing", "turned")
        self.place(deal.turned, "turned", "turned")
        if deal.kitty is not None:
            dealt = (sum(len(h) for h in deal.hands) if deal.hands is not None
                     else 5 * len(self.labels))
            expected = len(self.pack) - 1 - dealt
            if len(deal.kitty) != expected:
                raise self.fail(f"the kitty holds {len(deal.kitty)} cards; with this pack it has "
                                f"{expected} besides the turned card", "kitty")
            for c in deal.kitty:
                if c is not None:
                    self.place(c, "kitty", "kitty")

    def take_up(self, deal: Deal, took_up: bool) -> None:
        """The dealer takes the turned card into his hand and discards (the discard, when
        recorded, must be a card he holds, and not the turned card where the laws forbid it,
        Somerset 88); a dealer who played before discarding under ``five-cards`` keeps his five
        dealt cards and the turned card stays out of play (Hoyle)."""
        dealer, turned = deal.dealer, deal.turned
        assert turned is not None
        if not took_up:
            if deal.discard is not None:
                raise self.fail("a discard is recorded, but the dealer did not take up the turned card",
                                "discard")
            return
        if events_of(deal, IrregularityKind.PLAYED_BEFORE_DISCARD):
            if deal.discard is not None:
                raise self.fail("the dealer played before discarding, so no discard can be recorded",
                                "discard")
            if self.rules.played_before_discard is BeforeDiscard.FIVE_CARDS:
                return   # he plays his five dealt cards; the turned card stays out of play
        self.location[turned] = f"hand:{self.labels[dealer]}"
        self.hand[dealer].add(turned)
        d = deal.discard
        if d is None:
            return
        if d is turned and not self.rules.turned_card_discard:
            raise self.fail(f"the dealer discarded the turned card {d}, which the laws forbid "
                            f"({self.rules.cite('turned_card_discard')})", "discard")
        self.take_from(dealer, d, "discard")
        self.location[d] = "discard"

    def take_from(self, seat: int, c: Card, at: str, verb: str = "discarded") -> None:
        """Remove ``c`` from ``seat``'s hand, or fail saying where the card really is."""
        if c not in self.pack:
            raise self.fail(f"{c} is not in the {self.rules.pack}-card pack", at)
        if c in self.hand[seat]:
            self.hand[seat].discard(c)
            return
        elsewhere = self.location.get(c)
        if elsewhere is None and (self.unknown[seat] > 0 or not self.known_hands):
            if self.known_hands:
                self.unknown[seat] -= 1
            return
        why = describe_place(elsewhere) if elsewhere else "not in his hand"
        if elsewhere and elsewhere.startswith("hand:") and self.sitting_out and \
                elsewhere[5:] in self.sitting_out:
            why += f", and {elsewhere[5:]} sits out"
        raise self.fail(f"{self.labels[seat]} {verb} {c}, which he does not hold ({why})", at)

    def remaining(self) -> list[list[Card | None]]:
        """Each seat's cards not played, an unknown card as None (sorted: the order the cards
        were dealt in is no part of the laws)."""
        return [sorted(h) + [None] * u for h, u in zip(self.hand, self.unknown)]


@functools.cache
def _hand_place(label: str, token: str) -> tuple[str, str]:
    """A seat's hand as a card's location and as the record's path: ("hand:N", "hands.N")."""
    return f"hand:{label}", f"hands.{token}"


def describe_place(location: str) -> str:
    """Where a card is, in words: "it is in N's hand", "it was played in trick 2" ..."""
    if location.startswith("hand:"):
        return f"it is in {location[5:]}'s hand"
    if location.startswith("played:"):
        return f"it was played in trick {location[7:]}"
    return {"turned": "it is the turned card", "kitty": "it is in the kitty",
            "discard": "it was discarded",
            "out of play": "he gave it out of play (partner's best)"}.get(location, location)
