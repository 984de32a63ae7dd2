"""Replay one deal at any table: dealing → bidding → discard → play → score, with findings.

Contract: :func:`replay_in_detail` (every table) and :func:`replay_deal` (the table of four,
the fast path first) either return a :class:`~euchre_records.model.DealResult` or raise
:class:`~euchre_records.errors.InconsistentRecord` naming where (``deals[i].calls[j]``,
``deals[i].tricks[t]`` ...) and what. A breach of the laws that happened at the table (a revoke)
is not an error: it is a :class:`~euchre_records.model.Finding` in the result, scored by the rules.

One walk (issue 32): :class:`DealWalk` walks a deal at every table, placing the cards with
:class:`~.card_places.CardPlaces`, bidding with :func:`~.bidding.run_bidding` and playing with
:func:`~.trick_walk.walk_tricks`; what differs is the table's data (its seats, partners, words)
and what the sides are (N-S and E-W at four, made per deal at 2, 3 and 5). One result-only path
(``outcome.replay_outcome``), one points-only path (``points_only.replay_points``) and one
scoring tail (``deal_score``) serve every table.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Container, cast

from .bidding import Bidders, Bidding, run_bidding
from .card_places import CardPlaces, seat_words
from .cards import JOKER, LEFT_OF, SEATS, Card, Seat, Side, effective_suit
from .claims import SETTLES, ClaimWords, claims_of, possible_hands, settle_claim
from .deal_score import partnership_score, seat_score, tricks_by_side
from .errors import InconsistentRecord
from .exchanges import apply_exchanges, farmer_ruling, going_under_findings
from .fastpath import fast_replay
from .house_rules import house_cite
from .laws import events_of, five_cards_text, settled_by_law, void_ruling
from .model import (Deal, DealKind, DealResult, Finding, FindingKind, IrregularityKind, Points, Record,
                    four_handed_sides, replace, seat_deal_result)
from .outcome import replay_outcome
from .partial import replay_unfinished
from .penalty_cards import exposed_card_findings, penalty_card_checks
from .plays import PlayLog
from .points_only import SeatColumns, replay_points
from .revokes import RevokeTable, cards_left, revoke_findings
from .rules import JokerUpcard, LoneLead, Rules
from .table import SeatIndex, Table, Variant, table_for
from .trick_walk import walk_tricks

__all__ = ["replay_deal", "replay_in_detail", "DealWalk", "SeatPlay", "Bidding", "VARIANT_CITES"]


def replay_deal(deal: Deal, rules: Rules, number: int = 1, where: str = "") -> DealResult:
    """Replay a four-handed ``deal`` under ``rules``. ``number`` (1-based) and ``where`` locate
    findings/errors."""
    fast = None if deal.unfinished else fast_replay(deal, rules, number)
    if fast is not None:
        return fast
    return replay_in_detail(_FOUR, deal, rules, number, where)


def replay_in_detail(record_or_table: Record | Table, deal: Deal, rules: Rules, number: int,
                     where: str) -> DealResult:
    """One deal replayed without the fast path, at any table (issue 32): a void deal, a
    result-only deal (``outcome.replay_outcome``), a points-only deal
    (``points_only.replay_points``), or the walk of its cards (:class:`DealWalk`). The table of
    four needs only its :class:`~euchre_records.table.Table` (``rules`` may differ from a
    record's); a table of n its record (players, options; ``rules`` are the record's). Raises
    :class:`~euchre_records.errors.InconsistentRecord`."""
    record: Record | None
    if type(record_or_table) is Table:   # (not isinstance: the hot path of the table of four)
        record, table = None, record_or_table
    else:
        record = cast(Record, record_or_table)
        table = record.table
    void = _void(table, deal, rules, number, where)
    if void is not None:
        return void
    if deal.kind is DealKind.RESULT:
        return replay_outcome(record_or_table, deal, rules, number, where)
    if deal.kind is DealKind.POINTS:
        return replay_points(deal, rules, number, where, None if record is None else
                             SeatColumns(table, record.options, VARIANT_CITES[table.variant]))
    return DealWalk(table, deal, rules, number, where, record).run()


_FOUR = table_for(4)


def _void(table: Table, deal: Deal, rules: Rules, number: int, where: str) -> DealResult | None:
    """The result of a void deal at any table, or None when the deal is played: the laws'
    rulings (``laws.void_ruling``: a misdeal, a new deal, a deal out of turn stopped before the
    turn-up, a wrong number of cards found in time under Hoyle), a farmer's hand under 'misdeal'
    (``exchanges.farmer_ruling``, house rule farmers) and at n the joker turned under 'redeal'
    (at four the bidding walk reads it: a deal thrown in and ``redeal``). Worded per table as
    its goldens have it: at four the farmer's hand a note and the next dealer a ``Seat``; at n
    the reason in ``void``. Raises InconsistentRecord for a ruling the record contradicts."""
    fixed, n = table.fixed_sides, table.seats
    left = LEFT_OF if fixed else _N_LEFT[n]
    words = _names(table)[0]
    ruling = void_ruling(deal, rules, number, where, words, left, (0, 0) if fixed else ())
    if ruling is not None:
        why, nxt, finding = ruling
        if fixed:
            return DealResult(number, deal.kind, deal.dealer, deal.turned, None, None, False, None,
                              False, (), (), (0, 0), (0, 0), (0, 0), (0, 0), (finding,), False,
                              void=why, next_dealer=SEATS[nxt])
        return replace(_void_result(number, deal, n, why, nxt), findings=(finding,))
    farmer = farmer_ruling(deal, rules, where, words, left) if deal.exchanges else None
    if farmer is not None:
        who, nxt = farmer
        if fixed:
            how = (f"the deal passes to {SEATS[nxt].name}" if nxt != deal.dealer else
                   f"{deal.dealer.name} deals again")
            note = (f"deal {number}: {who} declared a farmer's hand — the deal is void as a "
                    f"misdeal; {how} ({house_cite('farmers')}; {rules.cite('misdeal')})")
            return DealResult(number, deal.kind, deal.dealer, deal.turned, None, None, False, None,
                              False, (), (), (0, 0), (0, 0), (0, 0), (0, 0), (), False,
                              void="farmer's hand", next_dealer=SEATS[nxt], notes=(note,))
        again = nxt == deal.dealer
        return _void_result(number, deal, n, (
            f"{who} declared a farmer's hand ({house_cite('farmers')}): the deal is void as a "
            f"misdeal ({rules.cite('misdeal')}); "
            f"{'the same dealer deals again' if again else 'the deal passes to the left'}"),
            deal.dealer if again else None)
    if not fixed and deal.turned is JOKER and rules.joker_upcard is JokerUpcard.REDEAL:
        if deal.calls or deal.tricks:   # as four-handed (bidding.run_bidding)
            raise InconsistentRecord("the joker was turned: under 'redeal' the deal is void, so no "
                                     "calls or tricks can follow", f"{where}.calls")
        return _void_result(number, deal, n, f"the joker was turned (joker_upcard 'redeal', "
                            f"{rules.cite('joker')}): the deal is void; the same dealer deals again",
                            deal.dealer)
    return None


def _names(table: Table) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The table's (seats' words in messages, notation tokens), made once per table size."""
    names = _NAMES.get(table.seats)
    if names is None:
        names = _NAMES[table.seats] = (
            seat_words(table), tuple(table.token(s) for s in table.all_seats))
    return names


def _void_result(number: int, deal: Deal, n: int, why: str, next_dealer: SeatIndex | None) -> DealResult:
    zero = (0,) * n
    return seat_deal_result(number, deal.kind, deal.dealer, None, None, False, (), (), None, None, True,
                            False, (), (), 0, zero, zero, zero, (), why, next_dealer, turned=deal.turned)


_LEAD_RULE = "record a lead out of turn as an irregularity"
_N_LEAD_RULE = "the dealer's left leads first, then the winner"
_SIDE_SEATS = {side: frozenset(s for s in SEATS if s.side is side) for side in Side}
_N_LEFT = {n: tuple((s + 1) % n for s in range(n)) for n in (2, 3, 5, 6, 7)}   # the next to play
_NAMES: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {}
"""By the table's seats: (the seats' words in messages, their notation tokens), made once."""


@dataclass
class SeatPlay:
    """What one deal's play established at a table of n (:meth:`DealWalk.play_seats`)."""

    leaders: list[SeatIndex] = field(default_factory=list)
    winners: list[SeatIndex] = field(default_factory=list)
    partner: SeatIndex | None = None
    partner_trick: int | None = None
    complete: bool = False
    remaining: list[list[Card | None]] | None = None   # each seat's cards left (hands recorded)
    log: PlayLog | None = None                          # every card played (trick_walk)
    left: dict[SeatIndex, frozenset[Card]] = field(default_factory=dict)   # revokes.cards_left


class DealWalk(CardPlaces):
    """One deal walked at any table (issue 32). Private: use :func:`replay_in_detail`.

    The steps, in one order at every table: the cards dealt and the swaps made before the bidding
    (:meth:`deal_and_exchange`), the bidding (:meth:`bid`, ``bidding.run_bidding``), the
    take-up and discard, the play (:meth:`play`, ``trick_walk.walk_tricks`` from
    :meth:`opening_leader`, skipping :meth:`out_seats`), the check that every card held was
    played (:func:`check_all_played`), then the table's tail: at four (:meth:`run_partnerships`)
    the claims settled for N-S and E-W, the penalty cards, the revokes of the partnerships and
    the laws' score adjustments (``deal_score.partnership_score``); at n (:meth:`run_seats`)
    the sides made per deal (the maker, and at five the holder of his called card), the exposed
    cards, the revokes and claims of those sides and ``deal_score.seat_score``. What differs is
    the table's data: its seats' words and order, the seats out (a lone hand's partner and a
    lone defender's at four, none at n), the lone lead (``lone_lead``, a partnership law: four
    only). The cards are :class:`~.card_places.CardPlaces`' (one bookkeeping at every table)."""

    _five_cards = False     # at n: the dealer plays his five dealt cards (played before discarding)
    _partner_known = True   # at n: who held the called card is known
    notes: list[str]        # at n: the walk's notes (run_seats)

    def __init__(self, table: Table, deal: Deal, rules: Rules, number: int, where: str,
                 record: Record | None = None) -> None:
        names = _names(table)
        CardPlaces.__init__(self, rules, names[0], where)
        self.tokens = names[1]
        self.table, self.record, self.deal, self.number = table, record, deal, number
        self.known_hands = deal.hands is not None
        self.fixed = table.fixed_sides
        self.next_seat: tuple[int, ...] = LEFT_OF if self.fixed else _N_LEFT[table.seats]

    # --- the steps of every table ------------------------------------------------------------
    def deal_and_exchange(self) -> None:
        """Deal the hands, then the swaps with the kitty made before the bidding (house rules
        farmers, go_under), checked and applied by ``exchanges.apply_exchanges``."""
        self.deal_hands(self.deal, self.tokens)
        apply_exchanges(self, self.deal, self.rules, before_bidding=True)   # farmers, go under

    def bid(self) -> tuple[Bidding, list[Finding]]:
        """The bidding by the one bidding walk, ``bidding.run_bidding``, at this table; a maker
        with trump None: no trump (house rule ``allow_no_trump``)."""
        if self.fixed:
            return run_bidding(self.deal, self.rules, self.number, self.where)
        table = self.table
        lone = (None if table.called_partner else
                f"no lone hands in the {table.variant.value} game: the maker always plays alone "
                f"against the rest ({VARIANT_CITES[table.variant]})")
        return run_bidding(self.deal, self.rules, self.number, self.where,
                           Bidders(self.next_seat, _names(table)[0], False, lone))

    def after_bidding(self, bidding: Bidding) -> None:
        """The dealer's take-up and discard, then partner's best (house rule): the hands as the
        play begins."""
        self.take_up(self.deal, bidding.took_up)
        apply_exchanges(self, self.deal, self.rules, before_bidding=False,
                        lone=bidding.maker if bidding.alone else None, trump=bidding.trump)

    def opening_leader(self, bidding: Bidding) -> Seat:
        """Who leads the first trick: eldest, or at four the lone player's left
        (``lone_lead``), skipping a seat that sits out."""
        maker = bidding.maker
        assert maker is not None
        lone_left = self.fixed and bidding.alone and self.rules.lone_lead is LoneLead.LEFT_OF_LONE
        leader = self.next_seat[maker if lone_left else self.deal.dealer]
        out = self.out_seats(bidding)
        while leader in out:
            leader = self.next_seat[leader]
        return leader  # type: ignore[return-value]

    def out_seats(self, bidding: Bidding) -> set[Seat]:
        """The seats that sit the deal out: a lone hand's partner and a lone defender's at
        four; none at n (the five-handed maker alone has no partner to sit out)."""
        out: set[Seat] = set()
        maker = bidding.maker
        assert maker is not None
        if not self.fixed:
            return out
        if bidding.alone:
            out.add(maker.partner)
        if bidding.defender_alone is not None:
            out.add(bidding.defender_alone.partner)
        return out

    def play(self, bidding: Bidding, watch: Callable[[int, int, int, Card], None] | None = None
             ) -> tuple[list[Seat], list[Seat], PlayLog]:
        """The tricks walked card by card (``trick_walk.walk_tricks``); ``watch`` sees each card
        as it falls (the five-handed called card)."""
        maker, trump = bidding.maker, bidding.trump
        assert maker is not None and (trump is not None or bidding.no_trump)
        return walk_tricks(self, self.deal, trump, self.opening_leader(bidding),  # type: ignore[return-value]
                           self.out_seats(bidding), self.next_seat,
                           _LEAD_RULE if self.fixed else _N_LEAD_RULE, watch)

    # --- the whole deal --------------------------------------------------------------------
    def run(self) -> DealResult:
        """The deal's result (see the class); raises InconsistentRecord."""
        self.deal_and_exchange()
        bidding, findings = self.bid()
        if self.fixed:
            return self.run_partnerships(bidding, findings)
        return self.run_seats(bidding, findings)

    def run_partnerships(self, bidding: Bidding, findings: list[Finding]) -> DealResult:
        """The walk at the table of four after the bidding, N-S against E-W."""
        deal, rules = self.deal, self.rules
        if deal.exchanges:
            findings = going_under_findings(deal, self.number, self.labels) + findings
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
            check_all_played(self, deal, bidding.took_up, self.out_seats(bidding))
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
        score = partnership_score(deal, rules, self.number, self.where, maker, bidding.alone,
                                  bidding.defender_alone, maker_tricks, winners, found, bidding.took_up)
        hand, penalty = score.hand, score.penalty
        all_findings = [*findings, *claim_findings, *card_findings, *found.findings, *score.findings]
        if len(all_findings) > 1:
            all_findings.sort(key=lambda f: (f.trick or 0))
        if not settled_early and maker_tricks is not None:
            tricks = tricks_by_side(maker, maker_tricks)
        makers, defenders = four_handed_sides(maker, bidding.alone, bidding.defender_alone)
        return DealResult(
            self.number, deal.kind, deal.dealer, deal.turned, trump, maker, bidding.alone,
            bidding.defender_alone, False, tuple(leaders), tuple(winners), tricks,
            hand, penalty, (hand[0] + penalty[0], hand[1] + penalty[1]), tuple(all_findings),
            notes=tuple(notes) + score.notes, no_trump=bidding.no_trump, makers=makers,
            defenders=defenders, maker_tricks=tricks[maker & 1],
        )

    def settle_unplayed(self, bidding: Bidding, tricks: Points, leaders: list[Seat],
                        winners: list[Seat]) -> tuple[int | None, list[Finding], list[str]]:
        """At four: the makers' tricks, counting a claim or concession for tricks not played out
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
        leader = winners[-1] if winners else self.opening_leader(bidding)
        return self.settle(bidding, found, played, maker_tricks, _SIDE_SEATS[maker.side], leader,
                           ClaimWords(self.labels, (maker.side.label, maker.side.other.label), (0, 0)))

    def settle(self, bidding: Bidding, found: list[int], played: int, maker_tricks: int,
               makers: Container[int], leader: int, words: ClaimWords
               ) -> tuple[int, list[Finding], list[str]]:
        """A claim or concession of the tricks not played out settled by the one settling of
        every table (:func:`~.claims.settle_claim`), for the side ``makers`` (N-S or E-W at
        four, the deal's makers at n), the play having stopped with ``leader`` to lead; the
        hands it may be checked against are the cards left to the seats still playing, when
        the hands are recorded."""
        deal, rules = self.deal, self.rules
        out = self.out_seats(bidding)
        return settle_claim(
            deal, rules, self.number, self.where, found, played, maker_tricks, makers,
            leader, bidding.trump,
            lambda: possible_hands(
                self._active(out) if self.known_hands else None, deal.dealer,
                bidding.took_up and deal.discard is None
                and not events_of(deal, IrregularityKind.PLAYED_BEFORE_DISCARD),
                deal.turned if not rules.turned_card_discard else None),
            lambda: words)

    def _active(self, out: set[Seat]) -> dict[int, list[Card | None]]:
        """The cards left to the seats still playing, in the order of play."""
        remaining = self.remaining()
        return {s: remaining[s] for s in (SEATS if self.fixed else range(len(remaining)))
                if s not in out}

    def run_seats(self, bidding: Bidding, law_findings: list[Finding]) -> DealResult:
        """The walk at a table of n (2, 3 or 5) after the bidding, the sides made per deal: the
        maker (and at five the holder of his called card) against the rest, each player of a
        side scoring its points."""
        deal, rules, table, number = self.deal, self.rules, self.table, self.number
        record = self.record
        assert record is not None   # a table of n is walked with its record
        n = table.seats
        zero = (0,) * n
        self.notes = []
        if bidding.thrown_in:
            return seat_deal_result(number, deal.kind, deal.dealer, None, None, False, (), (), None,
                                    None, True, True, (), (), 0, zero, zero, zero,
                                    tuple(law_findings),
                                    notes=(f"deal {number}: every player passed twice: thrown in "
                                           f"({rules.cite('thrown_in')})",), turned=deal.turned)
        maker, trump = bidding.maker, bidding.trump
        if maker is None:   # unfinished in the bidding
            return seat_deal_result(number, deal.kind, deal.dealer, None, None, False, (), (), None,
                                    None, True, False, (), (), 0, zero, zero, zero,
                                    tuple(law_findings), unfinished=True, turned=deal.turned)
        play = self.play_seats(bidding, law_findings)
        partner = play.partner
        makers = (maker,) if partner is None else (maker, partner)
        lone = bidding.alone or table.maker_alone or (table.called_partner and partner is None)
        defenders = tuple(s for s in range(n) if s not in makers)
        maker_tricks = sum(1 for w in play.winners if w in makers)
        findings = [(f, zero) for f in law_findings]
        assert play.log is not None   # the walk's (trick_walk.walk_tricks)
        findings += [(f, zero) for f in exposed_card_findings(
            deal, rules, number, self.where, self.labels, play.log, play.remaining, play.leaders,
            maker if lone and table.called_partner else None)]
        found = revoke_findings(deal, rules, number, self.where,
                                RevokeTable.made(record, makers, lone), trump, play.log, play.left)
        findings += [(f, f.points) for f in found.findings]
        findings += [(f, zero) for f in going_under_findings(deal, number, self.labels, ())]
        notes = tuple(self.notes)
        claimed = claims_of(deal)
        if not deal.unfinished and claimed:   # tricks not played out: a claim settles them
            maker_tricks, claim_findings, claim_notes = self.settle(
                bidding, claimed, len(play.winners), maker_tricks, makers,
                play.winners[-1] if play.winners else table.eldest(deal.dealer),
                ClaimWords.made(record, makers))
            findings += [(f, zero) for f in claim_findings]
            notes += tuple(claim_notes)
        if deal.unfinished:
            return seat_deal_result(number, deal.kind, deal.dealer, trump, maker, lone, makers,
                                    defenders, deal.called, partner, self._partner_known, False,
                                    tuple(play.leaders), tuple(play.winners), maker_tricks, zero,
                                    zero, zero, tuple(f for f, _ in findings), notes=notes,
                                    unfinished=True, no_trump=trump is None, turned=deal.turned)
        return seat_score(record, deal, number, maker, trump, lone, makers, defenders, partner,
                          self._partner_known, tuple(play.leaders), tuple(play.winners),
                          maker_tricks, findings, notes, no_trump=trump is None)

    def _before_discard(self, taken: bool, findings: list[Finding]) -> None:
        """A dealer who played before discarding (``played-before-discard``, only where the
        preset's law is Hoyle's ``five-cards``: the loader refuses Somerset 90's forfeit) plays
        his five dealt cards, with the four-handed finding appended to ``findings``; raises
        when the record cannot be so."""
        for j, e in enumerate(self.deal.irregularities):
            if e.kind is not IrregularityKind.PLAYED_BEFORE_DISCARD:
                continue
            if not taken or (e.seat is not None and e.seat != self.deal.dealer):
                raise self.fail("only a dealer who took up the turned card can play before "
                                "discarding", f"irregularities[{j}]")
            self._five_cards = True
            findings.append(Finding(
                FindingKind.IRREGULARITY,
                five_cards_text(self.number, self.labels[self.deal.dealer], self.rules),
                self.rules.cite("played_before_discard"), self.number, e.trick, self.deal.dealer,
                status="five cards", points=()))

    def play_seats(self, bidding: Bidding, findings: list[Finding]) -> SeatPlay:
        """At n: the take-up, the called card's checks at five and the play checked card by card
        (trump None: no trump, house rule allow_no_trump: every card of its printed suit, no
        bowers, the highest of the suit led wins), the called card's holder found as it falls."""
        deal, table = self.deal, self.table
        maker, trump, alone, taken = bidding.maker, bidding.trump, bidding.alone, bidding.took_up
        assert maker is not None
        n = table.seats
        assert deal.turned is not None
        self._before_discard(taken, findings)
        self.take_up(deal, taken)   # (five cards: the turned card stays out of play)
        discard = deal.discard
        called = deal.called
        if table.called_partner:
            if alone and (called is not None or deal.partner_stated):
                raise self.fail("a maker who goes alone names no card and has no partner", "called")
            if not alone and called is None and (deal.tricks or not deal.unfinished):
                raise self.fail("the maker who does not go alone names a card not of the trump suit",
                                "called")
            if trump is not None and called is not None and effective_suit(called, trump) is trump:
                raise self.fail(f"{called.name} is of the trump suit ({trump.value}): the maker "
                                "names a card not of the trump suit", "called")
            if deal.partner_stated and deal.partner == maker:
                raise self.fail("the maker cannot be his own partner", "partner")
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
                raise self.fail(f"the record says {claimed} held {called.name}, but it is {where}",
                                "partner")
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

        played, won, result.log = self.play(bidding, None if called is None else watch)
        leaders, winners = cast(list[SeatIndex], played), cast(list[SeatIndex], won)   # seat indexes at n
        if len(leaders) < len(deal.tricks):   # the trick a partial game stops in: its leader
            leaders.append(winners[-1] if winners else table.eldest(deal.dealer))
        result.leaders, result.winners = leaders, winners
        result.complete = len(deal.tricks) == 5 and all(len(t.cards) == n for t in deal.tricks)
        result.remaining = None if deal.hands is None else self.remaining()
        result.left = cards_left(self.hand, table.all_seats, deal, self.rules, taken)
        if not result.complete and not deal.unfinished and not claims_of(deal):
            raise self.fail(f"a deal at this table is five tricks of {n} cards "
                            f"({len(deal.tricks)} recorded; mark the deal unfinished if the record "
                            "stops here)", "tricks")
        if result.complete and deal.unfinished:
            raise self.fail("five tricks were played: the deal is complete", "unfinished")
        if result.complete:   # every card held is played (a fix at n, issue 32: Somerset 88)
            check_all_played(self, deal, taken, ())
        if called is not None and not holder_known:
            if result.complete:
                result.partner = None    # every dealt card was played: the called card was undealt
                holder_known = True
                if deal.partner_stated and deal.partner is not None:
                    raise self.fail(f"the record says seat {table.token(deal.partner)} held "
                                    f"{called.name}, but it was never played: it was undealt",
                                    "partner")
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



VARIANT_CITES = {
    Variant.TWO_HANDED: "Keller 1887 ch. VII (two-handed)",
    Variant.CUTTHROAT: "Keller 1887 ch. VII; Hoffmann 1909 (three-handed)",
    Variant.CALL_PARTNER: "Foster's Complete Hoyle (call-ace); VARIANTS.md (five-handed)",
    Variant.FOUR_HANDED: "the preset",
}
"""The source cited for a variant's own rules (docs/RULES.md "Tables of two, three and five")."""
