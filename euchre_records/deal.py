"""Replay one deal at any table: dealing → bidding → discard → play → score, with findings.

Contract: :func:`replay_deal` (the table of four) either returns a
:class:`~euchre_records.model.DealResult` or raises
:class:`~euchre_records.errors.InconsistentRecord` naming where (``deals[i].calls[j]``,
``deals[i].tricks[t]`` ...) and what. A breach of the laws that happened at the table (a revoke)
is not an error: it is a :class:`~euchre_records.model.Finding` in the result, scored by the rules.
:class:`SeatWalk` walks a deal at a table of 2, 3 or 5 (the sides made per deal), collecting
the located problems instead of raising; ``seat_deal.replay_seat_deal`` turns it into the deal's
per-seat :class:`~euchre_records.model.DealResult` for ``match.replay``.

One walk (issue 32): both tables place their cards with :class:`~.card_places.CardPlaces`, bid
with :func:`~.bidding.run_bidding` and play with :func:`~.trick_walk.walk_tricks`; what differs
is the table's data (its seats, partners, words) and what the sides are.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Container

from .bidding import Bidders, Bidding, run_bidding
from .card_places import CardPlaces, seat_words
from .cards import LEFT_OF, SEATS, Card, Seat, Side, Suit, effective_suit
from .claims import SETTLES, ClaimWords, claims_of, possible_hands, settle_claim
from .errors import InconsistentRecord, Problem
from .exchanges import apply_exchanges, farmers_void, going_under_findings
from .fastpath import fast_replay
from .house_rules import fast_break, fast_break_note
from .laws import events_of, five_cards_text, score_adjustments, settled_by_law, void_deal
from .model import (Deal, DealKind, DealResult, Finding, FindingKind, IrregularityKind, Points, Record,
                    four_handed_sides)
from .partial import replay_unfinished
from .penalty_cards import penalty_card_checks
from .plays import PlayLog
from .revokes import RevokeTable, cards_left, revoke_findings
from .rules import LoneLead, Rules
from .scoring import hand_points
from .table import SeatIndex, Variant
from .trick_walk import walk_tricks

__all__ = ["replay_deal", "replay_in_detail", "SeatWalk", "SeatPlay", "Bidding", "VARIANT_CITES"]


def replay_deal(deal: Deal, rules: Rules, number: int = 1, where: str = "") -> DealResult:
    """Replay ``deal`` under ``rules``. ``number`` (1-based) and ``where`` locate findings/errors."""
    fast = None if deal.unfinished else fast_replay(deal, rules, number)
    if fast is not None:
        return fast
    return replay_in_detail(deal, rules, number, where)


def replay_in_detail(deal: Deal, rules: Rules, number: int, where: str) -> DealResult:
    """:func:`replay_deal` without the fast path: for a deal it has refused (or never takes)."""
    void = void_deal(deal, rules, number, where) or farmers_void(deal, rules, number, where)
    if void is not None:
        return void
    if deal.kind is DealKind.RESULT:
        from .outcome import replay_outcome
        return replay_outcome(deal, rules, number, where)
    if deal.kind is DealKind.POINTS:
        from .points_only import replay_points
        return replay_points(deal, rules, number, where)
    return _Replay(deal, rules, number, where).run()


_LABELS = tuple(s.name for s in SEATS)   # a seat in messages and locations: N E S W
_LEAD_RULE = "record a lead out of turn as an irregularity"
_SIDE_SEATS = {side: frozenset(s for s in SEATS if s.side is side) for side in Side}


class _Replay(CardPlaces):
    """The state of one replay. Private: use :func:`replay_deal`. The cards are
    :class:`~.card_places.CardPlaces`' (one bookkeeping at every table)."""

    def __init__(self, deal: Deal, rules: Rules, number: int, where: str) -> None:
        CardPlaces.__init__(self, rules, _LABELS, where)
        self.deal, self.number = deal, number
        self.known_hands = deal.hands is not None

    # --- dealing and discard ---------------------------------------------------------------
    def deal_cards(self) -> None:
        self.deal_hands(self.deal, _LABELS)

    def discard(self, bidding: Bidding) -> None:
        self.take_up(self.deal, bidding.took_up)

    def after_bidding(self, bidding: Bidding) -> None:
        """The dealer's take-up and discard, then partner's best (house rule): the hands as the
        play begins."""
        self.discard(bidding)
        apply_exchanges(self, self.deal, self.rules, before_bidding=False,
                        lone=bidding.maker if bidding.alone else None, trump=bidding.trump)

    # --- play ----------------------------------------------------------------------------
    def play(self, bidding: Bidding) -> tuple[list[Seat], list[Seat], PlayLog]:
        deal = self.deal
        maker, trump = bidding.maker, bidding.trump
        assert maker is not None and (trump is not None or bidding.no_trump)
        return walk_tricks(self, deal, trump, self.opening_leader(bidding),  # type: ignore[return-value]
                           self.out_seats(bidding), LEFT_OF, _LEAD_RULE)

    # --- the whole deal --------------------------------------------------------------------
    def run(self) -> DealResult:
        deal, rules = self.deal, self.rules
        self.deal_cards()
        apply_exchanges(self, deal, rules, before_bidding=True)   # farmers, go under
        bidding, findings = run_bidding(deal, rules, self.number, self.where)
        if deal.exchanges:
            findings = going_under_findings(deal, self.number, _LABELS) + findings
        if deal.unfinished:
            return replay_unfinished(self, bidding, findings)
        if bidding.thrown_in:
            if deal.exchanges and any(x.kind.value == "partners-best" for x in deal.exchanges):
                raise self.fail("partner's best is recorded, but the deal was thrown in", "exchanges")
            if deal.tricks:
                raise self.fail("tricks recorded, but the deal was thrown in", "tricks")
            if deal.discard is not None:
                raise self.fail("a discard is recorded, but the deal was thrown in", "discard")
            return DealResult(self.number, deal.kind, deal.dealer, deal.turned, None, None, False,
                              None, True, (), (), (0, 0), (0, 0), (0, 0), (0, 0), tuple(findings),
                              bidding.redeal)
        self.after_bidding(bidding)
        leaders, winners, log = self.play(bidding)
        maker, trump = bidding.maker, bidding.trump
        assert maker is not None and (trump is not None or bidding.no_trump)
        tricks_ns = sum(1 for w in winners if w.side is Side.NS)
        tricks = (tricks_ns, len(winners) - tricks_ns)
        remaining = cards_left(self.hand, SEATS, deal, rules, bidding.took_up)
        if len(winners) == 5:
            self.check_all_played(bidding)
        maker_tricks, claim_findings, notes = self.settle_unplayed(bidding, tricks, leaders, winners)
        settled_early = maker_tricks is None
        if maker_tricks is None:   # unfinished, settled by law: score what is already certain
            maker_tricks = _decided(tricks, maker)
        lone = maker if bidding.alone else None
        card_findings, breaches = penalty_card_checks(
            deal, rules, self.number, self.where, lone, log, remaining, leaders, trump)
        found = revoke_findings(deal, rules, self.number, self.where,
                                RevokeTable.partnerships(maker, bidding.alone), trump, log,
                                remaining, breaches)
        revokes, penalty, hand_scores = list(found.findings), found.penalty, found.hand_scores
        hand = (hand_points(rules, maker.side, bidding.alone, bidding.defender_alone, maker_tricks)
                if maker_tricks is not None else (0, 0))
        if not hand_scores:
            hand = (0, 0)
        house_notes: list[str] = []
        if (rules.fast_break and maker_tricks is not None
                and fast_break((maker, maker.partner), winners, maker_tricks)):
            hand = (0, 0)
            house_notes.append(fast_break_note(self.number))
        adjusted = score_adjustments(deal, rules, self.number, self.where, maker, bidding.alone,
                                     bidding.defender_alone, maker_tricks, hand, bidding.took_up)
        hand = adjusted.hand
        penalty = (penalty[0] + adjusted.penalty[0], penalty[1] + adjusted.penalty[1])
        all_findings = findings + claim_findings + card_findings + revokes + list(adjusted.findings)
        all_findings.sort(key=lambda f: (f.trick or 0))
        if not settled_early and maker_tricks is not None:
            tricks = _tricks_by_side(maker, maker_tricks)
        makers, defenders = four_handed_sides(maker, bidding.alone, bidding.defender_alone)
        return DealResult(
            self.number, deal.kind, deal.dealer, deal.turned, trump, maker, bidding.alone,
            bidding.defender_alone, False, tuple(leaders), tuple(winners), tricks,
            hand, penalty, (hand[0] + penalty[0], hand[1] + penalty[1]), tuple(all_findings),
            notes=tuple(notes + house_notes), no_trump=bidding.no_trump, makers=makers,
            defenders=defenders, maker_tricks=tricks[maker & 1],
        )

    def settle_unplayed(self, bidding: Bidding, tricks: Points, leaders: list[Seat],
                        winners: list[Seat]) -> tuple[int | None, list[Finding], list[str]]:
        """Makers' tricks, counting a claim or concession for tricks not played out
        (:func:`~.claims.settle_claim`, the one settling of every table, with the sides N-S and
        E-W).

        None when the laws settle an unfinished deal without its tricks (a wrong number of
        cards, a lone hand abandoned by an opponent). A claim is checked against every legal line
        of the remaining play when all remaining cards are known; one that is not guaranteed is
        a finding, the score still follows the claim as agreed.
        """
        maker = bidding.maker
        assert maker is not None and (bidding.trump is not None or bidding.no_trump)
        played = tricks[0] + tricks[1]
        maker_tricks = tricks[0] if maker.side is Side.NS else tricks[1]
        found = [i for kind in SETTLES for i, _ in events_of(self.deal, kind)]   # claims first
        if not found:
            if played == 5:
                return maker_tricks, [], []
            if settled_by_law(self.deal, self.rules, maker, bidding.alone):
                return None, [], []
            raise self.fail(f"only {played} tricks are recorded; play all 5 or record a claim or "
                            "concession of the rest", "tricks")
        deal, rules = self.deal, self.rules
        out = self.out_seats(bidding)
        leader = winners[-1] if winners else self.opening_leader(bidding)
        return settle_claim(
            deal, rules, self.number, self.where, found, played, maker_tricks, _SIDE_SEATS[maker.side],
            leader, bidding.trump,
            lambda: possible_hands(
                _active(self.remaining(), out) if self.known_hands else None, deal.dealer,
                bidding.took_up and deal.discard is None
                and not events_of(deal, IrregularityKind.PLAYED_BEFORE_DISCARD),
                deal.turned if not rules.turned_card_discard else None),
            lambda: ClaimWords(_LABELS, (maker.side.label, maker.side.other.label), (0, 0)))

    def check_all_played(self, bidding: Bidding) -> None:
        """:func:`check_all_played` at four: the seats out are a lone hand's partners."""
        check_all_played(self, self.deal, bidding.took_up, self.out_seats(bidding))

    def opening_leader(self, bidding: Bidding) -> Seat:
        """Who leads the first trick: eldest, or the lone player's left (``lone_lead``),
        skipping a seat that sits out."""
        assert bidding.maker is not None
        lone_left = bidding.alone and self.rules.lone_lead is LoneLead.LEFT_OF_LONE
        leader = bidding.maker.left if lone_left else self.deal.dealer.left
        out = self.out_seats(bidding)
        while leader in out:
            leader = leader.left
        return leader

    def out_seats(self, bidding: Bidding) -> set[Seat]:
        out = set()
        assert bidding.maker is not None
        if bidding.alone:
            out.add(bidding.maker.partner)
        if bidding.defender_alone is not None:
            out.add(bidding.defender_alone.partner)
        return out

def check_all_played(places: CardPlaces, deal: Deal, took_up: bool, out: Container[int]) -> None:
    """After five tricks an active seat (not in ``out``) holds no known card, but for the
    dealer's sixth card when his discard is unrecorded (or never made) and the extra cards of a
    long hand: one check at every table (issue 32), a seat named by ``places.labels`` (``N``,
    ``seat 1``). Each card is played once from the hand that held it (one pack, five tricks of
    five cards); the turned card the dealer took up cannot have been his discard where the rules
    forbid discarding it (Somerset 88; rule ``turned_card_discard``). Raises
    :class:`~euchre_records.errors.InconsistentRecord` at ``tricks``."""
    rules = places.rules
    long_by: dict[object, int] = {e.seat: max(0, (e.count or 5) - 5)
               for _, e in events_of(deal, IrregularityKind.WRONG_NUMBER_OF_CARDS)}
    for seat, left in enumerate(places.hand):
        word = places.labels[seat]
        allowed = long_by.get(seat, 0)
        if seat == deal.dealer and took_up and deal.discard is None:
            allowed += 1
            if seat not in out and deal.turned in left and not rules.turned_card_discard \
                    and not allowed - 1 and \
                    not events_of(deal, IrregularityKind.PLAYED_BEFORE_DISCARD):
                raise places.fail(f"{word} played five tricks but never played {deal.turned}, "
                                  "the turned card he took up; it cannot have been his discard "
                                  f"({rules.cite('turned_card_discard')})", "tricks")
        if seat not in out and len(left) > allowed:
            cards = " ".join(c.name for c in sorted(left))
            raise places.fail(f"{word} played five tricks but never played {cards}, which he "
                              f"held{' (the turned card he took up)' if deal.turned in left else ''}",
                              "tricks")


def _active(remaining: list[list[Card | None]], out: set[Seat]) -> dict[int, list[Card | None]]:
    """The cards left to the seats still playing, in the order of play."""
    return {s: remaining[s] for s in SEATS if s not in out}


def _decided(tricks: Points, maker: Seat) -> int | None:
    """For a deal stopped early: the makers' tricks to score by, when the outcome is already
    certain (3 won: made — a march is not yet certain; 3 lost: euchred), else None."""
    made = tricks[0] if maker.side is Side.NS else tricks[1]
    lost = tricks[0] + tricks[1] - made
    if made >= 3:
        return min(made, 4)
    if lost >= 3:
        return made
    return None


def _tricks_by_side(maker: Seat, maker_tricks: int) -> Points:
    return (maker_tricks, 5 - maker_tricks) if maker.side is Side.NS else (5 - maker_tricks, maker_tricks)


# --- the deal at a table of n (2, 3, 5): the same walk, sides made per deal ---------------------

_N_LEFT = {n: tuple((s + 1) % n for s in range(n)) for n in (2, 3, 5, 6, 7)}   # the next to play
_N_LEAD_RULE = "the dealer's left leads first, then the winner"

VARIANT_CITES = {
    Variant.TWO_HANDED: "Keller 1887 ch. VII (two-handed)",
    Variant.CUTTHROAT: "Keller 1887 ch. VII; Hoffmann 1909 (three-handed)",
    Variant.CALL_PARTNER: "Foster's Complete Hoyle (call-ace); VARIANTS.md (five-handed)",
    Variant.FOUR_HANDED: "the preset",
}
"""The source cited for a variant's own rules (docs/RULES.md "Tables of two, three and five")."""


@dataclass
class SeatPlay:
    """What one deal's play established at a table of n (:meth:`SeatWalk.play`)."""

    leaders: list[SeatIndex] = field(default_factory=list)
    winners: list[SeatIndex] = field(default_factory=list)
    partner: SeatIndex | None = None
    partner_trick: int | None = None
    complete: bool = False
    remaining: list[list[Card | None]] | None = None   # each seat's cards left (hands recorded)
    log: PlayLog | None = None                          # every card played (trick_walk)
    left: dict[SeatIndex, frozenset[Card]] = field(default_factory=dict)   # revokes.cards_left


class SeatWalk(CardPlaces):
    """Replays one deal at a table of n; ``problems`` collects the located impossibilities.
    The cards are :class:`~.card_places.CardPlaces`', as :class:`_Replay`'s at four."""

    def __init__(self, record: Record, deal: Deal, number: int, where: str) -> None:
        CardPlaces.__init__(self, record.rules, seat_words(record.table), where)
        self.record, self.deal, self.number = record, deal, number
        self.table = record.table
        self.problems: list[Problem] = []
        self.notes: list[str] = []
        self.findings: list[Finding] = []   # the laws' (a turned-down suit named ...)
        self._five_cards = False   # the dealer plays his five dealt cards (played before discarding)
        self._partner_known = True

    def refuse(self, where: str, what: str) -> None:
        self.problems.append(Problem(f"{self.where}.{where}" if where else self.where, what))

    # -- the bidding --------------------------------------------------------------------------

    def bidding(self) -> tuple[SeatIndex | None, Suit | None, bool, bool, bool]:
        """(maker, trump, alone, taken up, thrown in) by the one bidding walk,
        ``bidding.run_bidding``, at this table; a maker with trump None: no trump (house rule
        ``allow_no_trump``). Its findings join the deal's."""
        table = self.table
        lone = (None if table.called_partner else
                f"no lone hands in the {table.variant.value} game: the maker always plays alone "
                f"against the rest ({VARIANT_CITES[table.variant]})")
        try:
            bid, findings = run_bidding(self.deal, self.rules, self.number, self.where,
                                        Bidders(_N_LEFT[table.seats], seat_words(table), False, lone))
        except InconsistentRecord as exc:
            self.problems.extend(exc.problems)
            return None, None, False, False, False
        self.findings.extend(findings)
        return bid.maker, bid.trump, bid.alone, bid.took_up, bid.thrown_in

    def _before_discard(self, taken: bool) -> bool:
        """A dealer who played before discarding (``played-before-discard``, only where the
        preset's law is Hoyle's ``five-cards``: the loader refuses Somerset 90's forfeit) plays
        his five dealt cards, with the four-handed finding; False: the record cannot be so."""
        for j, e in enumerate(self.deal.irregularities):
            if e.kind is not IrregularityKind.PLAYED_BEFORE_DISCARD:
                continue
            if not taken or (e.seat is not None and e.seat != self.deal.dealer):
                self.refuse(f"irregularities[{j}]", "only a dealer who took up the turned card can "
                          "play before discarding")
                return False
            self._five_cards = True
            self.findings.append(Finding(
                FindingKind.IRREGULARITY,
                five_cards_text(self.number, f"seat {self.table.token(self.deal.dealer)}", self.rules),
                self.rules.cite("played_before_discard"), self.number, e.trick, self.deal.dealer,
                status="five cards", points=()))
        return True

    # -- the play -----------------------------------------------------------------------------

    def deal_and_exchange(self) -> bool:
        """Deal the hands, then the swaps with the kitty made before the bidding (house rules
        farmers, go_under), checked and applied by ``exchanges.apply_exchanges`` as at four;
        False with the problem located."""
        try:
            self.deal_hands(self.deal, [self.table.token(s) for s in self.table.all_seats])
            if self.deal.exchanges:
                apply_exchanges(self, self.deal, self.rules, before_bidding=True)
        except InconsistentRecord as exc:
            self.problems.extend(exc.problems)
            return False
        return True

    def play(self, maker: SeatIndex, trump: Suit | None, taken: bool, alone: bool) -> SeatPlay | None:
        """The play checked card by card (``trump`` None: no trump, house rule allow_no_trump:
        every card of its printed suit, no bowers, the highest of the suit led wins)."""
        deal, table = self.deal, self.table
        n = table.seats
        assert deal.turned is not None
        if not self.deal_and_exchange():
            return None
        try:
            if not self._before_discard(taken):
                return None
            self.take_up(deal, taken)   # (five cards: the turned card stays out of play)
        except InconsistentRecord as exc:
            self.problems.extend(exc.problems)
            return None
        discard = deal.discard
        called = deal.called
        if table.called_partner:
            if alone and (called is not None or deal.partner_stated):
                self.refuse("called", "a maker who goes alone names no card and has no partner")
                return None
            if not alone and called is None and (deal.tricks or not deal.unfinished):
                self.refuse("called", "the maker who does not go alone names a card not of the trump suit")
                return None
            if trump is not None and called is not None and effective_suit(called, trump) is trump:
                self.refuse("called", f"{called.name} is of the trump suit ({trump.value}): the maker "
                          "names a card not of the trump suit")
                return None
            if deal.partner_stated and deal.partner == maker:
                self.refuse("partner", "the maker cannot be his own partner")
                return None
        result = SeatPlay()
        holder: SeatIndex | None = None
        holder_known = False
        if called is not None and deal.hands is not None:
            for s, h in enumerate(self.hand):
                if called in h:
                    holder, holder_known = s, True
            if not holder_known:
                unknown_left = any(self.unknown)
                in_kitty = called in (deal.kitty or ()) or called is discard
                if in_kitty or not unknown_left:
                    holder_known = True     # undealt: the maker is alone
            if holder_known and deal.partner_stated and deal.partner != (None if holder == maker else holder):
                where = "in no hand (undealt)" if holder is None else f"in seat {table.token(holder)}'s hand"
                claimed = "undealt" if deal.partner is None else f"seat {table.token(deal.partner)}"
                self.refuse("partner", f"the record says {claimed} held {called.name}, but it is {where}")
                return None
            if holder_known:
                result.partner = None if holder == maker else holder
                if holder == maker:
                    self.notes.append(f"deal {self.number}: the maker holds the card he called "
                                      f"({called.name}): he plays alone")

        def watch(t: int, j: int, seat: SeatIndex, c: Card) -> None:
            """The called card's holder found as it falls."""
            nonlocal holder_known
            if c is not called:
                return
            if deal.partner_stated and deal.partner != seat and not (seat == maker and deal.partner is None):
                claimed = "undealt" if deal.partner is None else f"seat {table.token(deal.partner)}"
                raise self.fail(f"seat {table.token(seat)} plays the called card {c.name}, "
                                f"but the record says {claimed} held it", f"tricks[{t}][{j}]")
            if result.partner_trick is None:
                result.partner = None if seat == maker else seat
                result.partner_trick = t + 1
                holder_known = True

        try:
            leaders, winners, result.log = walk_tricks(
                self, deal, trump, table.eldest(deal.dealer), (), _N_LEFT[n], _N_LEAD_RULE,
                None if called is None else watch)
        except InconsistentRecord as exc:
            self.problems.extend(exc.problems)
            return None
        if len(leaders) < len(deal.tricks):   # the trick a partial game stops in: its leader
            leaders.append(winners[-1] if winners else table.eldest(deal.dealer))
        result.leaders, result.winners = leaders, winners
        result.complete = len(deal.tricks) == 5 and all(len(t.cards) == n for t in deal.tricks)
        result.remaining = None if deal.hands is None else self.remaining()
        result.left = cards_left(self.hand, table.all_seats, deal, self.rules, taken)
        if not result.complete and not deal.unfinished and not claims_of(deal):
            self.refuse("tricks", f"a deal at this table is five tricks of {n} cards "
                      f"({len(deal.tricks)} recorded; mark the deal unfinished if the record stops here)")
            return None
        if result.complete and deal.unfinished:
            self.refuse("unfinished", "five tricks were played: the deal is complete")
            return None
        if result.complete:   # every card held is played (a fix at n, issue 32: Somerset 88)
            try:
                check_all_played(self, deal, taken, ())
            except InconsistentRecord as exc:
                self.problems.extend(exc.problems)
                return None
        if called is not None and not holder_known:
            if result.complete:
                result.partner = None    # every dealt card was played: the called card was undealt
                holder_known = True
                if deal.partner_stated and deal.partner is not None:
                    self.refuse("partner", f"the record says seat {table.token(deal.partner)} held "
                              f"{called.name}, but it was never played: it was undealt")
                    return None
            elif deal.partner_stated:
                result.partner, holder_known = deal.partner, True
        if called is not None and not holder_known:
            self.notes.append(f"deal {self.number}: who held the called card {called.name} cannot be "
                              "known (the hands are not recorded and it was not played)")
        elif called is not None and result.partner_trick is not None and deal.hands is None:
            self.notes.append(f"deal {self.number}: the partner, seat {table.token(result.partner)}"
                              f", was known at trick {result.partner_trick} when {called.name} fell"
                              if result.partner is not None else
                              f"deal {self.number}: the maker played the card he called himself: alone")
        self._partner_known = holder_known or called is None
        return result
