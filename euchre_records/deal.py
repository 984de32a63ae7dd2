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

from dataclasses import dataclass
from typing import Callable, Container, Sequence, cast

from .bidding import Bidders, Bidding, run_bidding
from .card_places import CardPlaces, seat_words
from .called_card import CalledCard, check_call
from .cards import JOKER, LEFT_OF, SEATS, Card, Seat, Side
from .claims import SETTLES, ClaimWords, claims_of, possible_hands, settle_claim
from .deal_score import (ZERO_SCORES, DealScore, Made, made_by, made_result, score_deal,
                         tricks_by_side, unplayed_result)
from .errors import InconsistentRecord
from .exchanges import apply_exchanges, farmer_ruling, going_under_findings
from .fastpath import fast_replay
from .house_rules import house_cite
from .laws import events_of, five_cards_text, settled_by_law, void_ruling
from .model import (Deal, DealKind, DealResult, Finding, FindingKind, IrregularityKind, Record, Scores)
from .outcome import replay_outcome
from .partial import replay_unfinished
from .penalty_cards import exposed_card_findings, penalty_card_checks
from .plays import Breach, PlayLog
from .points_only import SeatColumns, replay_points
from .revokes import cards_left, revoke_findings
from .rules import JokerUpcard, LoneLead, Rules
from .table import Table, Variant, table_for
from .trick_walk import walk_tricks

__all__ = ["replay_deal", "replay_in_detail", "DealWalk", "TailPlan", "Bidding", "VARIANT_CITES"]


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
    ruling = void_ruling(deal, rules, number, where, words, left, _PLANS[n].finding_points)
    if ruling is not None:
        why, nxt, finding = ruling
        return unplayed_result(table, number, deal, (finding,), void=why,
                               next_dealer=SEATS[nxt] if fixed else nxt)
    farmer = farmer_ruling(deal, rules, where, words, left) if deal.exchanges else None
    if farmer is not None:
        who, nxt = farmer
        again = nxt == deal.dealer
        if fixed:
            how = f"{deal.dealer.name} deals again" if again else f"the deal passes to {SEATS[nxt].name}"
            note = (f"deal {number}: {who} declared a farmer's hand — the deal is void as a "
                    f"misdeal; {how} ({house_cite('farmers')}; {rules.cite('misdeal')})")
            return unplayed_result(table, number, deal, void="farmer's hand",
                                   next_dealer=SEATS[nxt], notes=(note,))
        return unplayed_result(table, number, deal, void=(
            f"{who} declared a farmer's hand ({house_cite('farmers')}): the deal is void as a "
            f"misdeal ({rules.cite('misdeal')}); "
            f"{'the same dealer deals again' if again else 'the deal passes to the left'}"),
            next_dealer=deal.dealer if again else None)
    if not fixed and deal.turned is JOKER and rules.joker_upcard is JokerUpcard.REDEAL:
        if deal.calls or deal.tricks:   # as four-handed (bidding.run_bidding)
            raise InconsistentRecord("the joker was turned: under 'redeal' the deal is void, so no "
                                     "calls or tricks can follow", f"{where}.calls")
        return unplayed_result(table, number, deal, void=(
            f"the joker was turned (joker_upcard 'redeal', {rules.cite('joker')}): the deal is "
            "void; the same dealer deals again"), next_dealer=deal.dealer)
    return None


def _names(table: Table) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The table's (seats' words in messages, notation tokens), made once per table size (a
    dict by its seats: a Table's own hash is made anew at each call)."""
    names = _NAMES.get(table.seats)
    if names is None:
        names = _NAMES[table.seats] = (
            seat_words(table), tuple(table.token(s) for s in table.all_seats))
    return names


_NAMES: dict[int, tuple[tuple[str, ...], tuple[str, ...]]] = {}


_N_LEFT = {n: tuple((s + 1) % n for s in range(n)) for n in (2, 3, 5, 6, 7)}   # the next to play
_SIDE_SEATS = {side: frozenset(s for s in SEATS if s.side is side) for side in Side}   # claims at 4


@dataclass(frozen=True, slots=True)
class TailPlan:
    """What the walk's one tail after the bidding (:meth:`DealWalk.finish`) reads of its table,
    made once per table size: where the tables differ in their laws or in the order and
    wording of what they report, the difference is this value's, not a second path.

    ``four_hand_laws``: the laws the books give for the partnership game only apply (an
    unfinished deal replayed by ``partial.replay_unfinished`` and settled by
    ``laws.settled_by_law``, the penalty cards, the five cards of a dealer who played before
    discarding ruled by ``laws.score_adjustments``); at n the
    loader refuses those laws, and the walk rules an exposed card and the five cards itself.
    ``order``: the groups of findings in the result, in order (``under`` the going-under
    reports, ``law`` the bidding's and the laws', ``claims``, ``cards`` the penalty or exposed
    cards, ``revokes``, ``score`` the laws' score adjustments); ``sort_by_trick``: then sorted
    by trick (stable). ``claims_first``: the claims settle before the concessions (else in the
    record's order). ``thrown_in_note``: a deal thrown in is noted. ``lead_rule``: who leads, as a
    wrong lead's message says it. ``finding_points``: the points of a finding that moves none; ``seats`` its seats (``Seat`` values at four)."""

    four_hand_laws: bool
    lead_rule: str
    order: tuple[str, ...]
    sort_by_trick: bool
    claims_first: bool
    thrown_in_note: bool
    finding_points: Scores
    seats: tuple[Seat, ...]


_PLANS = {n: TailPlan(False, "the dealer's left leads first, then the winner",
                      ("law", "cards", "revokes", "under", "claims", "score"), False, False, True,
                      (), cast(tuple[Seat, ...], tuple(range(n))))
          for n in (2, 3, 5, 6, 7)}
_PLANS[4] = TailPlan(True, "record a lead out of turn as an irregularity",
                     ("under", "law", "claims", "cards", "revokes", "score"), True, True, False,
                     (0, 0), SEATS)


class DealWalk(CardPlaces):
    """One deal walked at any table (issue 32). Private: use :func:`replay_in_detail`.

    The steps, in one order at every table: the cards dealt and the swaps made before the bidding
    (:meth:`deal_and_exchange`), the bidding (:meth:`bid`, ``bidding.run_bidding``), then the
    one tail (:meth:`finish`): a deal thrown in or unfinished; the take-up and discard
    (:meth:`after_bidding`); the play (:meth:`play`, ``trick_walk.walk_tricks`` from
    :meth:`opening_leader`, skipping :meth:`out_seats`; at five the called card followed by
    ``called_card``); the check that every card held was played (:func:`check_all_played`); the
    sides (``deal_score.made_by``: N-S and E-W at four, the maker and his called partner at n);
    the claims (:meth:`_claims`); the penalty or exposed cards; the revokes
    (``revokes.revoke_findings`` with the sides' ``RevokeTable``); the score
    (``deal_score.score_deal``) and the one result (``deal_score.made_result``). What differs is
    the table's data: its seats' words and order, the seats out (a lone hand's partner and a
    lone defender's at four, none at n), the lone lead (``lone_lead``, a partnership law: four
    only) and its :class:`TailPlan`. The cards are :class:`~.card_places.CardPlaces`' (one
    bookkeeping at every table)."""

    def __init__(self, table: Table, deal: Deal, rules: Rules, number: int, where: str,
                 record: Record | None = None) -> None:
        names = _names(table)
        CardPlaces.__init__(self, rules, names[0], where)
        self.tokens = names[1]
        self.table, self.record, self.deal, self.number = table, record, deal, number
        self.known_hands = deal.hands is not None
        self.fixed = table.fixed_sides
        self.plan = _PLANS[table.seats]
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
        maker, lone_defender = bidding.maker, bidding.defender_alone
        assert maker is not None
        out: set[Seat] = {maker.partner} if self.fixed and bidding.alone else set()
        if self.fixed and lone_defender is not None:
            out.add(lone_defender.partner)
        return out

    def play(self, bidding: Bidding, watch: Callable[[int, int, int, Card], None] | None = None
             ) -> tuple[list[Seat], list[Seat], PlayLog]:
        """The tricks walked card by card (``trick_walk.walk_tricks``); ``watch`` sees each card
        as it falls (the five-handed called card)."""
        maker, trump = bidding.maker, bidding.trump
        assert maker is not None and (trump is not None or bidding.no_trump)
        return walk_tricks(self, self.deal, trump, self.opening_leader(bidding),  # type: ignore[return-value]
                           self.out_seats(bidding), self.next_seat, self.plan.lead_rule, watch)

    # --- the whole deal --------------------------------------------------------------------
    def run(self) -> DealResult:
        """The deal's result (see the class); raises InconsistentRecord."""
        self.deal_and_exchange()
        bidding, findings = self.bid()
        return self.finish(bidding, findings)

    def finish(self, bidding: Bidding, law_findings: list[Finding]) -> DealResult:
        """The one tail after the bidding, at every table (the class; the table's
        :class:`TailPlan` says what differs)."""
        deal, rules, table, plan, number = self.deal, self.rules, self.table, self.plan, self.number
        under = (going_under_findings(deal, number, self.labels, plan.finding_points)
                 if deal.exchanges else [])
        early = [*under, *law_findings] if plan.order[0] == "under" else law_findings
        if deal.unfinished and plan.four_hand_laws:
            return replay_unfinished(self, bidding, early)
        if bidding.thrown_in or bidding.maker is None:   # (None: unfinished in the bidding, at n)
            return self._unplayed(bidding, early)
        maker, trump, took_up = bidding.maker, bidding.trump, bidding.took_up
        if not plan.four_hand_laws:   # the five cards' finding (at four: laws.score_adjustments)
            self._before_discard(took_up, law_findings)
        self.after_bidding(bidding)
        called = None   # the five-handed called card (the loader refuses one elsewhere)
        if table.called_partner:
            check_call(deal, maker, trump, bidding.alone, self.fail)
            if deal.called is not None:
                called = CalledCard(deal.called, deal, table, maker, number, self.fail)
                if deal.hands is not None:
                    called.from_hands(self.hand, self.unknown, deal.discard)
        leaders, winners, log = self.play(bidding, None if called is None else called.watch)
        if len(leaders) < len(deal.tricks):   # the trick a partial game stops in: its leader
            leaders.append(winners[-1] if winners else self.opening_leader(bidding))
        left = cards_left(self.hand, plan.seats, deal, rules, took_up)
        complete = self._complete(winners)
        if complete:
            check_all_played(self, deal, took_up, self.out_seats(bidding))
        if called is not None:
            called.after_play(complete)
        made = made_by(self.record or table, maker, trump, bidding.alone, bidding.defender_alone,
                       deal.called, None if called is None else called.partner,
                       called is None or called.known)
        won = sum(map(made.makers.__contains__, winners))   # the makers' tricks played
        maker_tricks, claims, claim_notes = self._claims(bidding, made, winners, won)
        tricks: Scores = ()
        if table.fixed_sides:
            tricks = tricks_by_side(maker, maker_tricks if maker_tricks is not None else won,
                                    5 if maker_tricks is not None else len(winners))
            if maker_tricks is None:   # unfinished, settled by law: what is already certain scores
                lost = len(winners) - won   # (3 won: made, a march not yet certain; 3 lost: euchred)
                maker_tricks = min(won, 4) if won >= 3 else won if lost >= 3 else None
        cards, breaches = self._cards(bidding, made, log, left, leaders)
        found = revoke_findings(deal, rules, number, self.where, made.revokes, trump, log, left,
                                breaches)
        score = (DealScore(ZERO_SCORES[table.seats], ZERO_SCORES[table.seats], (), ())
                 if deal.unfinished   # (n; four: partial.py)
                 else score_deal(table, rules, deal, number, self.where, made, maker_tricks, winners,
                                 found, took_up))
        return made_result(deal, number, made, tuple(leaders), tuple(winners), tricks,
                           tricks[maker & 1] if tricks else maker_tricks or 0, score.hand,
                           score.penalty, self._ordered({
                               "under": under, "law": law_findings, "claims": claims, "cards": cards,
                               "revokes": found.findings, "score": score.findings}),
                           (*(called.notes if called else ()), *claim_notes, *score.notes),
                           bidding.no_trump, deal.unfinished)

    def _unplayed(self, bidding: Bidding, findings: list[Finding]) -> DealResult:
        """A deal thrown in (every player passed twice), or at n one whose record stops in the
        bidding: nothing scored."""
        deal, plan = self.deal, self.plan
        thrown_in = bidding.thrown_in
        if thrown_in:   # nothing is played after a deal thrown in, at any table
            if deal.exchanges and any(x.kind.value == "partners-best" for x in deal.exchanges):
                raise self.fail("partner's best is recorded, but the deal was thrown in", "exchanges")
            if deal.tricks:
                raise self.fail("tricks recorded, but the deal was thrown in", "tricks")
            if deal.discard is not None:
                raise self.fail("a discard is recorded, but the deal was thrown in", "discard")
        notes = ((f"deal {self.number}: every player passed twice: thrown in "
                  f"({self.rules.cite('thrown_in')})",) if thrown_in and plan.thrown_in_note else ())
        return unplayed_result(self.table, self.number, deal, tuple(findings), thrown_in,
                               bidding.redeal, notes=notes, unfinished=not thrown_in)

    def _complete(self, winners: list[Seat]) -> bool:
        """Whether the five tricks were played out; raises for a deal short of them that is
        neither unfinished, claimed nor (at four) settled by the laws."""
        deal, n = self.deal, self.table.seats
        if self.plan.four_hand_laws:
            return len(winners) == 5
        complete = len(deal.tricks) == 5 and all(len(t.cards) == n for t in deal.tricks)
        if not complete and not deal.unfinished and not claims_of(deal):
            raise self.fail(f"a deal at this table is five tricks of {n} cards "
                            f"({len(deal.tricks)} recorded; mark the deal unfinished if the record "
                            "stops here)", "tricks")
        if complete and deal.unfinished:
            raise self.fail("five tricks were played: the deal is complete", "unfinished")
        return complete

    def _claims(self, bidding: Bidding, made: Made, winners: list[Seat], maker_tricks: int
                ) -> tuple[int | None, list[Finding], list[str]]:
        """The makers' tricks, counting a claim or concession of the tricks not played out
        settled by the one settling of every table (:func:`~.claims.settle_claim`) for the
        making side (N-S or E-W at four, the deal's makers at n), the play having stopped with
        the last winner to lead, checked against the cards left to the seats still playing when
        the hands are recorded; and the claims' findings and notes. The makers' tricks None
        when the laws settle an unfinished deal without its tricks (at four: a wrong number of
        cards, a lone hand abandoned by an opponent)."""
        deal, rules, maker = self.deal, self.rules, made.maker
        played = len(winners)
        found = ([i for kind in SETTLES for i, _ in events_of(deal, kind)] if self.plan.claims_first
                 else claims_of(deal))
        if not found or deal.unfinished:
            if played == 5 or not self.plan.four_hand_laws:
                return maker_tricks, [], []
            if settled_by_law(deal, rules, maker, bidding.alone):
                return None, [], []
            raise self.fail(f"only {played} tricks are recorded; play all 5 or record a claim or "
                            "concession of the rest", "tricks")
        sides: Container[int] = made.makers
        if self.table.fixed_sides:
            sides, words = _SIDE_SEATS[maker.side], ClaimWords(
                self.labels, (maker.side.label, maker.side.other.label), self.plan.finding_points)
        else:
            assert self.record is not None
            words = ClaimWords.made(self.record, made.makers)
        out = self.out_seats(bidding)
        return settle_claim(
            deal, rules, self.number, self.where, found, played, maker_tricks, sides,
            winners[-1] if winners else self.opening_leader(bidding), bidding.trump,
            lambda: possible_hands(
                {s: r for s, r in zip(self.plan.seats, self.remaining()) if s not in out}
                if self.known_hands else None, deal.dealer,
                bidding.took_up and deal.discard is None
                and not events_of(deal, IrregularityKind.PLAYED_BEFORE_DISCARD),
                deal.turned if not rules.turned_card_discard else None),
            lambda: words)

    def _cards(self, bidding: Bidding, made: Made, log: PlayLog, left: dict[Seat, frozenset[Card]],
               leaders: list[Seat]) -> tuple[list[Finding], list[Breach]]:
        """The penalty cards' findings and the breaches to charge as revokes: at four the laws'
        penalty cards (``penalty_cards.penalty_card_checks``), at n the exposed cards ruled as
        four-handed (``exposed_card_findings``), the lone hand the five-handed maker alone."""
        deal, rules, number = self.deal, self.rules, self.number
        if self.plan.four_hand_laws:
            return penalty_card_checks(deal, rules, number, self.where,
                                       made.maker if bidding.alone else None,
                                       log, left, leaders, bidding.trump)
        return exposed_card_findings(
            deal, rules, number, self.where, self.labels, log,
            None if deal.hands is None else self.remaining(), leaders,
            made.maker if made.lone and self.table.called_partner else None), []

    def _ordered(self, groups: dict[str, Sequence[Finding]]) -> tuple[Finding, ...]:
        """The deal's findings, the groups in the plan's order; at four sorted by trick."""
        out: list[Finding] = []
        for name in self.plan.order:
            out += groups[name]
        if self.plan.sort_by_trick and len(out) > 1:
            out.sort(key=lambda f: (f.trick or 0))
        return tuple(out)

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
            findings.append(Finding(
                FindingKind.IRREGULARITY,
                five_cards_text(self.number, self.labels[self.deal.dealer], self.rules),
                self.rules.cite("played_before_discard"), self.number, e.trick, self.deal.dealer,
                status="five cards", points=()))


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


VARIANT_CITES = {
    Variant.TWO_HANDED: "Keller 1887 ch. VII (two-handed)",
    Variant.CUTTHROAT: "Keller 1887 ch. VII; Hoffmann 1909 (three-handed)",
    Variant.CALL_PARTNER: "Foster's Complete Hoyle (call-ace); VARIANTS.md (five-handed)",
    Variant.FOUR_HANDED: "the preset",
}
"""The source cited for a variant's own rules (docs/RULES.md "Tables of two, three and five")."""
