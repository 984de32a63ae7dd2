"""Replay one deal: dealing → bidding → discard → play → score, with findings.

Contract: :func:`replay_deal` either returns a :class:`~euchre_records.model.DealResult` or raises
:class:`~euchre_records.errors.InconsistentRecord` naming where (``deals[i].calls[j]``,
``deals[i].tricks[t]`` ...) and what. A breach of the laws that happened at the table (a revoke)
is not an error: it is a :class:`~euchre_records.model.Finding` in the result, scored by the rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import JOKER, SEATS, Card, Seat, Side, Suit, make_pack, power_table, trick_winner
from .errors import InconsistentRecord
from .model import (
    CallKind, Deal, DealKind, DealResult, Finding, FindingKind, IrregularityKind, Points,
)
from .revokes import PlayLog, revoke_findings
from .rules import JokerUpcard, LoneLead, Rules
from .scoring import hand_points

__all__ = ["replay_deal", "Bidding"]

_PACKS: dict[tuple[int, bool], frozenset[Card]] = {}


def _pack(rules: Rules) -> frozenset[Card]:
    key = (rules.pack, rules.joker)
    pack = _PACKS.get(key)
    if pack is None:
        pack = _PACKS[key] = make_pack(rules.pack, rules.joker)
    return pack


@dataclass(frozen=True, slots=True)
class Bidding:
    """The outcome of the bidding."""

    trump: Suit | None
    maker: Seat | None
    alone: bool
    defender_alone: Seat | None
    took_up: bool          # the dealer took the turned card into his hand
    thrown_in: bool
    redeal: bool = False   # joker turned under 'redeal': the same dealer deals again


def replay_deal(deal: Deal, rules: Rules, number: int = 1, where: str = "") -> DealResult:
    """Replay ``deal`` under ``rules``. ``number`` (1-based) and ``where`` locate findings/errors."""
    if deal.kind is DealKind.RESULT:
        from .outcome import replay_outcome
        return replay_outcome(deal, rules, number, where)
    return _Replay(deal, rules, number, where).run()


class _Replay:
    """The state of one replay. Private: use :func:`replay_deal`."""

    def __init__(self, deal: Deal, rules: Rules, number: int, where: str) -> None:
        self.deal, self.rules, self.number, self.where = deal, rules, number, where
        self.pack = _pack(rules)
        # where each known card is: "hand:N", "kitty", "turned", "discard", "played:t"
        self.location: dict[Card, str] = {}
        self.hand: list[set[Card]] = [set(), set(), set(), set()]   # known cards still held
        self.unknown: list[int] = [0, 0, 0, 0]                        # unknown cards still held
        self.known_hands = deal.hands is not None
        self.sitting_out: set[str] = set()

    def fail(self, what: str, at: str = "") -> InconsistentRecord:
        from .errors import _join
        return InconsistentRecord(what, _join(self.where, at))

    # --- dealing -------------------------------------------------------------------------
    def place(self, c: Card, label: str, at: str) -> None:
        if c not in self.pack:
            raise self.fail(f"{c} is not in the {self.rules.pack}-card pack"
                            + (" with the joker" if self.rules.joker else ""), at)
        if c in self.location:
            raise self.fail(f"{c} appears twice: already {_describe(self.location[c])}", at)
        self.location[c] = label

    def deal_cards(self) -> None:
        deal = self.deal
        if deal.hands is not None:
            for seat in SEATS:
                cards = deal.hands[seat]
                if len(cards) != 5:
                    raise self.fail(f"{seat.name} holds {len(cards)} cards; a hand has 5", f"hands.{seat.name}")
                for c in cards:
                    if c is None:
                        self.unknown[seat] += 1
                    else:
                        self.place(c, f"hand:{seat.name}", f"hands.{seat.name}")
                        self.hand[seat].add(c)
        if deal.turned is None:
            raise self.fail("the turned card is missing", "turned")
        self.place(deal.turned, "turned", "turned")
        if deal.kitty is not None:
            expected = len(self.pack) - 21
            if len(deal.kitty) != expected:
                raise self.fail(f"the kitty holds {len(deal.kitty)} cards; with this pack it has "
                                f"{expected} besides the turned card", "kitty")
            for c in deal.kitty:
                if c is not None:
                    self.place(c, "kitty", "kitty")

    # --- bidding -------------------------------------------------------------------------
    def bid(self) -> Bidding:
        deal, rules = self.deal, self.rules
        turned = deal.turned
        assert turned is not None
        if turned is JOKER:
            if rules.joker_upcard is JokerUpcard.REDEAL:
                if deal.calls or deal.tricks:
                    raise self.fail("the joker was turned: under 'redeal' the deal is void, so no "
                                    "calls or tricks can follow", "calls")
                return Bidding(None, None, False, None, False, True, redeal=True)
            if deal.joker_suit is None:
                raise self.fail("the joker was turned: record the suit the dealer named "
                                "(joker_suit)", "joker_suit")
            turned_suit = deal.joker_suit
        else:
            turned_suit = turned.suit  # type: ignore[assignment]
        seat = deal.dealer.left
        passes = 0
        maker: Seat | None = None
        trump: Suit | None = None
        alone = took_up = thrown = partner_took = False
        defender: Seat | None = None
        for i, call in enumerate(deal.calls):
            at = f"calls[{i}]"
            if maker is None and not thrown:
                if call.seat is not None and call.seat is not seat:
                    raise self.fail(f"call by {call.seat.name}, but it is {seat.name}'s turn to speak", at)
                kind = call.kind
                if kind is CallKind.PASS:
                    if passes == 7 and rules.stick_the_dealer:
                        raise self.fail(f"the dealer {seat.name} passed, but under stick-the-dealer he "
                                        f"must name a suit ({rules.cite('stick_the_dealer')})", at)
                    passes += 1
                    thrown = passes == 8
                    seat = seat.left
                elif kind.accepts:
                    if passes >= 4:
                        raise self.fail("the turned card was turned down after the first round; "
                                        "in the second round a suit is named", at)
                    maker, trump, alone, took_up = seat, turned_suit, call.alone, True
                elif kind is CallKind.NAME:
                    if passes < 4:
                        raise self.fail(f"{seat.name} named a suit in the first round; only the turned "
                                        "card's suit can be accepted there", at)
                    if call.suit is turned_suit:
                        raise self.fail(f"void call: {seat.name} named {turned_suit.word}, the suit of the "
                                        f"turned-down card ({rules.cite('making_trump')})", at)
                    maker, trump, alone = seat, call.suit, call.alone
                else:
                    raise self.fail(f"'{kind.value}' before anyone made trump", at)
            elif thrown:
                raise self.fail("call after the bidding ended: all passed twice", at)
            elif call.kind is CallKind.PARTNER_ALONE:
                assert maker is not None
                if not rules.partner_takes_lone:
                    raise self.fail(f"under these rules the partner cannot take the lone hand over "
                                    f"(option partner_takes_lone; {rules.cite('partner_takes_lone')})", at)
                if call.seat is not None and call.seat is not maker.partner:
                    raise self.fail(f"only the maker's partner {maker.partner.name} can take the lone "
                                    f"hand, not {call.seat.name}", at)
                if partner_took or defender is not None:
                    raise self.fail("the lone hand was already settled", at)
                maker, alone, partner_took = maker.partner, True, True
            elif call.kind is CallKind.DEFEND_ALONE:
                assert maker is not None
                if not rules.defend_alone:
                    raise self.fail(f"these rules forbid defending alone ({rules.cite('defend_alone')}; "
                                    "option defend_alone)", at)
                if call.seat is None or call.seat.side is maker.side:
                    raise self.fail("'defend alone' needs the seat of a defender, e.g. 'E: defend alone'", at)
                if defender is not None:
                    raise self.fail(f"{defender.name} already defends alone", at)
                defender = call.seat
            else:
                assert maker is not None and trump is not None
                raise self.fail(f"call after the bidding ended: {maker.name} already made "
                                f"{trump.word} trump", at)
        if maker is None and not thrown:
            raise self.fail(f"the bidding is incomplete: {len(deal.calls)} calls, and nobody made trump",
                            "calls")
        return Bidding(trump, maker, alone, defender, took_up, thrown)

    # --- discard -------------------------------------------------------------------------
    def discard(self, bidding: Bidding) -> None:
        deal, dealer = self.deal, self.deal.dealer
        turned = deal.turned
        assert turned is not None
        if not bidding.took_up:
            if deal.discard is not None:
                raise self.fail("a discard is recorded, but the dealer did not take up the turned card",
                                "discard")
            return
        self.location[turned] = f"hand:{dealer.name}"
        self.hand[dealer].add(turned)
        d = deal.discard
        if d is None:
            return
        if d is turned and not self.rules.turned_card_discard:
            raise self.fail(f"the dealer discarded the turned card {d}, which the laws forbid "
                            f"({self.rules.cite('turned_card_discard')})", "discard")
        self.take_from(dealer, d, "discard")
        self.location[d] = "discard"

    def take_from(self, seat: Seat, c: Card, at: str, verb: str = "discarded") -> None:
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
        why = _describe(elsewhere) if elsewhere else "not in his hand"
        if elsewhere and elsewhere.startswith("hand:") and self.sitting_out and \
                elsewhere[5:] in self.sitting_out:
            why += f", and {elsewhere[5:]} sits out"
        raise self.fail(f"{seat.name} {verb} {c}, which he does not hold ({why})", at)

    # --- play ----------------------------------------------------------------------------
    def play(self, bidding: Bidding) -> tuple[list[Seat], list[Seat], PlayLog]:
        deal, rules = self.deal, self.rules
        maker, trump = bidding.maker, bidding.trump
        assert maker is not None and trump is not None
        out = set()
        if bidding.alone:
            out.add(maker.partner)
        if bidding.defender_alone is not None:
            out.add(bidding.defender_alone.partner)
        start = maker.left if bidding.alone and rules.lone_lead is LoneLead.LEFT_OF_LONE else deal.dealer.left
        leader = start
        while leader in out:
            leader = leader.left
        n_active = 4 - len(out)
        self.sitting_out = {s.name for s in out}
        table = power_table(trump)
        log = PlayLog(table)
        leaders: list[Seat] = []
        winners: list[Seat] = []
        if len(deal.tricks) > 5:
            raise self.fail(f"{len(deal.tricks)} tricks recorded; a deal has 5", "tricks")
        for t, trick in enumerate(deal.tricks):
            at = f"tricks[{t}]"
            if trick.leader is not None and trick.leader is not leader:
                raise self.fail(f"trick {t + 1} is led by {trick.leader.name}, but {leader.name} has "
                                "the lead (record a lead out of turn as an irregularity)", at)
            if len(trick.cards) != n_active:
                sits = ", ".join(s.name for s in sorted(out))
                raise self.fail(f"trick {t + 1} has {len(trick.cards)} cards; {n_active} players play"
                                + (f" ({sits} sitting out)" if out else ""), at)
            seat = leader
            order: list[Seat] = []
            for j, c in enumerate(trick.cards):
                self.take_from(seat, c, f"{at}[{j}]", verb="played")
                self.location[c] = f"played:{t + 1}"
                log.add(seat, t, c)
                order.append(seat)
                seat = seat.left
                while seat in out:
                    seat = seat.left
            winner = order[trick_winner(trick.cards, trump)]
            leaders.append(leader)
            winners.append(winner)
            leader = winner
        return leaders, winners, log

    # --- the whole deal --------------------------------------------------------------------
    def run(self) -> DealResult:
        deal, rules = self.deal, self.rules
        self.deal_cards()
        bidding = self.bid()
        if bidding.thrown_in:
            if deal.tricks:
                raise self.fail("tricks recorded, but the deal was thrown in", "tricks")
            if deal.discard is not None:
                raise self.fail("a discard is recorded, but the deal was thrown in", "discard")
            return DealResult(self.number, deal.kind, deal.dealer, deal.turned, None, None, False,
                              None, True, (), (), (0, 0), (0, 0), (0, 0), (0, 0), (), bidding.redeal)
        self.discard(bidding)
        leaders, winners, log = self.play(bidding)
        maker = bidding.maker
        assert maker is not None
        tricks_ns = sum(1 for w in winners if w.side is Side.NS)
        tricks = (tricks_ns, len(winners) - tricks_ns)
        maker_tricks, claim_findings = self.settle_unplayed(maker, tricks)
        remaining = {s: frozenset(self.hand[s]) for s in SEATS}
        if bidding.took_up and deal.discard is None:
            # the dealer's unplayed card may be his unrecorded discard: it proves nothing
            remaining[deal.dealer] = frozenset()
        findings, charges_points, hand_scores = revoke_findings(
            self.deal, self.rules, self.number, self.where, bidding, log, remaining)
        hand = hand_points(rules, maker.side, bidding.alone, bidding.defender_alone, maker_tricks)
        if not hand_scores:
            hand = (0, 0)
        total = (hand[0] + charges_points[0], hand[1] + charges_points[1])
        return DealResult(
            self.number, deal.kind, deal.dealer, deal.turned, bidding.trump, maker, bidding.alone,
            bidding.defender_alone, False, tuple(leaders), tuple(winners),
            _tricks_by_side(maker, maker_tricks), hand, charges_points, total,
            tuple(claim_findings + findings),
        )

    def settle_unplayed(self, maker: Seat, tricks: Points) -> tuple[int, list[Finding]]:
        """Makers' tricks, counting a claim or concession for tricks not played out."""
        played = tricks[0] + tricks[1]
        maker_tricks = tricks[0] if maker.side is Side.NS else tricks[1]
        if played == 5:
            return maker_tricks, []
        claims = [e for e in self.deal.irregularities
                  if e.kind in (IrregularityKind.CLAIM, IrregularityKind.CONCESSION)]
        if not claims:
            raise self.fail(f"only {played} tricks are recorded; play all 5 or record a claim or "
                            "concession of the rest", "tricks")
        event = claims[-1]
        rest = 5 - played
        if event.seat is None:
            raise self.fail("a claim or concession needs the seat that made it", "irregularities")
        taken = rest if event.tricks is None else event.tricks
        if not 0 <= taken <= rest:
            raise self.fail(f"the claim covers {taken} tricks, but {rest} remain", "irregularities")
        if event.kind is IrregularityKind.CONCESSION:
            taken = rest - taken   # the conceding side takes what it did not concede
        claimer_side_gets = taken
        if event.seat.side is maker.side:
            maker_tricks += claimer_side_gets
        else:
            maker_tricks += rest - claimer_side_gets
        verb = "claimed" if event.kind is IrregularityKind.CLAIM else "conceded"
        finding = Finding(
            FindingKind.CLAIM,
            f"deal {self.number}: {event.seat.name} {verb} the last {rest} tricks; the makers are "
            f"scored with {maker_tricks} tricks", self.rules.cite("score"), self.number,
            played + 1, event.seat, status=verb)
        return maker_tricks, [finding]


def _tricks_by_side(maker: Seat, maker_tricks: int) -> Points:
    return (maker_tricks, 5 - maker_tricks) if maker.side is Side.NS else (5 - maker_tricks, maker_tricks)


def _describe(location: str) -> str:
    if location.startswith("hand:"):
        return f"it is in {location[5:]}'s hand"
    if location.startswith("played:"):
        return f"it was played in trick {location[7:]}"
    return {"turned": "it is the turned card", "kitty": "it is in the kitty",
            "discard": "it was discarded"}.get(location, location)
