"""Replay a record at a table of two, three or five (docs/TABLES.md, docs/RULES.md "Tables of
two, three and five"): every call and card checked, revokes found, deals and games scored per
player.

Contract: :func:`replay_table` raises :class:`InconsistentRecord` (each problem located, e.g.
``deals[2].tricks[1][3]``) for a record that cannot have happened, and otherwise returns a
:class:`SeatReplayResult` whose findings cite the rule (``"Modern §7 (renege)"``,
``"VARIANTS.md (cut-throat scoring)"``). Pure: no I/O.

The rules (VARIANTS.md): everything not said by the variant is the preset's four-handed rule,
applied to n hands; each side is made per deal (the makers, the defenders) and every penalty or
award the four-handed game gives a side is scored by each player of that side.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .card_places import CardPlaces, seat_words
from .cards import JOKER, Card, Suit, effective_suit, power_table
from .errors import InconsistentRecord, Problem
from .model import (
    DealKind, FindingKind, replace, Scores, Deal, SeatDealResult, Finding,
    SeatGameResult, IrregularityKind, Record, SeatReplayResult,
)
from .rules import JokerUpcard
from .table import SeatIndex, Variant
from .fastpath import fast_table_deal
from .games import GamePlan, play_games, seat_game, target_of
from .house_rules import fast_break, fast_break_note
from .points_only import SeatColumns, check_points
from .revokes import Revoke, corrected_play, corrected_text, seat_revoke_findings
from .scoring import add_scores
from .scoring import seat_points as hand_points
from .scoresheet import SheetCheck
from .claims import claims_of, settle_claim
from .exchanges import going_under_table, swap_with_kitty, void_by_farmer
from .bidding import Bidders, run_bidding
from .laws import five_cards_text, stopped_deal_text
from .deal_passing import dealer_findings, reported_first
from .penalty_cards import exposed_card_held, exposed_card_ruling
from .plays import PlayLog
from .trick_walk import walk_tricks

__all__ = ["replay_table", "game_points_of", "hand_points", "VARIANT_CITES"]

_LEFT = {n: tuple((s + 1) % n for s in range(n)) for n in (2, 3, 5, 6, 7)}   # the next to play
_LEAD_RULE = "the dealer's left leads first, then the winner"

VARIANT_CITES = {
    Variant.TWO_HANDED: "Keller 1887 ch. VII (two-handed)",
    Variant.CUTTHROAT: "Keller 1887 ch. VII; Hoffmann 1909 (three-handed)",
    Variant.CALL_PARTNER: "Foster's Complete Hoyle (call-ace); VARIANTS.md (five-handed)",
    Variant.FOUR_HANDED: "the preset",
}
"""The source cited for a variant's own rules (docs/RULES.md "Tables of two, three and five")."""


def game_points_of(record: Record) -> int | None:
    """The game's target of ``record`` (``games.target_of``): None for a sitting of
    ``fixed_deals`` deals."""
    return target_of(record.table, record.rules)


@dataclass
class _Play:
    """What one deal's play established."""

    leaders: list[SeatIndex] = field(default_factory=list)
    winners: list[SeatIndex] = field(default_factory=list)
    revokes: list[Revoke] = field(default_factory=list)
    partner: SeatIndex | None = None
    partner_trick: int | None = None
    complete: bool = False
    remaining: list[list[Card | None]] | None = None   # each seat's cards left (hands recorded)
    log: PlayLog | None = None                          # every card played (trick_walk)


class _Deal:
    """Replays one deal; ``problems`` collects the located impossibilities."""

    def __init__(self, record: Record, deal: Deal, number: int, where: str) -> None:
        self.record, self.deal, self.number, self.where = record, deal, number, where
        self.table, self.rules = record.table, record.rules
        self.problems: list[Problem] = []
        self.notes: list[str] = []
        self.findings: list[Finding] = []   # the laws' (a turned-down suit named ...)
        self._five_cards = False   # the dealer plays his five dealt cards (played before discarding)
        self._partner_known = True

    def fail(self, where: str, what: str) -> None:
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
                                        Bidders(_LEFT[table.seats], seat_words(table), False, lone))
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
                self.fail(f"irregularities[{j}]", "only a dealer who took up the turned card can "
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

    def play(self, maker: SeatIndex, trump: Suit | None, taken: bool, alone: bool) -> _Play | None:
        """The play checked card by card (``trump`` None: no trump, house rule allow_no_trump:
        every card of its printed suit, no bowers, the highest of the suit led wins)."""
        deal, table, rules = self.deal, self.table, self.rules
        n = table.seats
        assert deal.turned is not None
        places = CardPlaces(rules, seat_words(table), self.where)   # the cards, as at four
        try:
            places.deal_hands(deal, [table.token(s) for s in table.all_seats])
            if deal.exchanges:   # house rules farmers, go_under: before the bidding, so the take-up
                if not swap_with_kitty(self.record, deal, None if deal.hands is None else
                                       [list(h) for h in deal.hands], self.where, self.problems):
                    return None
                for x in deal.exchanges:
                    places.swap(x.seat, x.gave, x.took)
            if not self._before_discard(taken):
                return None
            places.take_up(deal, taken)   # (five cards: the turned card stays out of play)
        except InconsistentRecord as exc:
            self.problems.extend(exc.problems)
            return None
        discard = deal.discard
        called = deal.called
        if table.called_partner:
            if alone and (called is not None or deal.partner_stated):
                self.fail("called", "a maker who goes alone names no card and has no partner")
                return None
            if not alone and called is None and (deal.tricks or not deal.unfinished):
                self.fail("called", "the maker who does not go alone names a card not of the trump suit")
                return None
            if trump is not None and called is not None and effective_suit(called, trump) is trump:
                self.fail("called", f"{called.name} is of the trump suit ({trump.value}): the maker "
                          "names a card not of the trump suit")
                return None
            if deal.partner_stated and deal.partner == maker:
                self.fail("partner", "the maker cannot be his own partner")
                return None
        result = _Play()
        holder: SeatIndex | None = None
        holder_known = False
        if called is not None and deal.hands is not None:
            for s, h in enumerate(places.hand):
                if called in h:
                    holder, holder_known = s, True
            if not holder_known:
                unknown_left = any(places.unknown)
                in_kitty = called in (deal.kitty or ()) or called is discard
                if in_kitty or not unknown_left:
                    holder_known = True     # undealt: the maker is alone
            if holder_known and deal.partner_stated and deal.partner != (None if holder == maker else holder):
                where = "in no hand (undealt)" if holder is None else f"in seat {table.token(holder)}'s hand"
                claimed = "undealt" if deal.partner is None else f"seat {table.token(deal.partner)}"
                self.fail("partner", f"the record says {claimed} held {called.name}, but it is {where}")
                return None
            if holder_known:
                result.partner = None if holder == maker else holder
                if holder == maker:
                    self.notes.append(f"deal {self.number}: the maker holds the card he called "
                                      f"({called.name}): he plays alone")
        powers = power_table(trump)
        # every trick (0-based) at which a seat showed out of a suit it may still hold: a later
        # card of that suit proves each of them a revoke (Somerset 63: charged as often as made)
        shown_void_at: dict[tuple[SeatIndex, Suit], list[int]] = {}
        played_by: dict[tuple[SeatIndex, int], Card] = {}
        led: list[Suit] = []

        def watch(t: int, j: int, seat: SeatIndex, c: Card) -> None:
            """The called card's holder found as it falls, and revokes: a card not of the suit
            led from a hand known to hold it, or shown out of a suit played later."""
            nonlocal holder_known
            played_by[seat, t] = c
            suit = powers[c][0]
            if called is not None and c is called:
                if deal.partner_stated and deal.partner != seat and not (seat == maker and deal.partner is None):
                    claimed = "undealt" if deal.partner is None else f"seat {table.token(deal.partner)}"
                    raise places.fail(f"seat {table.token(seat)} plays the called card {c.name}, "
                                      f"but the record says {claimed} held it", f"tricks[{t}][{j}]")
                if result.partner_trick is None:
                    result.partner = None if seat == maker else seat
                    result.partner_trick = t + 1
                    holder_known = True
            for first in shown_void_at.pop((seat, suit), ()):
                if not any(r.seat == seat and r.trick == first for r in result.revokes):
                    result.revokes.append(Revoke(seat, first, played_by[seat, first],
                                                 "proven by a later play", (c,), suit))
            if j == 0:
                led.append(suit)
                return
            if suit is not led[t]:
                held = () if deal.hands is None else tuple(sorted(
                    (x for x in places.hand[seat] if powers[x][0] is led[t]), key=self.arrival().__getitem__))
                if held:
                    result.revokes.append(Revoke(seat, t, c, "from the hand", held, led[t]))
                else:
                    shown_void_at.setdefault((seat, led[t]), []).append(t)

        try:
            leaders, winners, result.log = walk_tricks(
                places, deal, trump, table.eldest(deal.dealer), (), _LEFT[n], _LEAD_RULE, watch)
        except InconsistentRecord as exc:
            self.problems.extend(exc.problems)
            return None
        if len(leaders) < len(deal.tricks):   # the trick a partial game stops in: its leader
            leaders.append(winners[-1] if winners else table.eldest(deal.dealer))
        result.leaders, result.winners = leaders, winners
        result.complete = len(deal.tricks) == 5 and all(len(t.cards) == n for t in deal.tricks)
        result.remaining = None if deal.hands is None else places.remaining()
        if not result.complete and not deal.unfinished and not claims_of(deal):
            self.fail("tricks", f"a deal at this table is five tricks of {n} cards "
                      f"({len(deal.tricks)} recorded; mark the deal unfinished if the record stops here)")
            return None
        if result.complete and deal.unfinished:
            self.fail("unfinished", "five tricks were played: the deal is complete")
            return None
        if called is not None and not holder_known:
            if result.complete:
                result.partner = None    # every dealt card was played: the called card was undealt
                holder_known = True
                if deal.partner_stated and deal.partner is not None:
                    self.fail("partner", f"the record says seat {table.token(deal.partner)} held "
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

    def arrival(self) -> dict[Card, int]:
        """The order in which each card came into its hand: as dealt, then taken from the kitty,
        then the turned card taken up (the order a revoke's held cards are named in)."""
        order = {c: i for h in self.deal.hands or () for i, c in enumerate(h) if c is not None}
        for x in self.deal.exchanges:
            order.update((c, 10 + j) for j, c in enumerate(x.took) if c is not None)
        if self.deal.turned is not None:
            order[self.deal.turned] = 20
        return order


def _void_result(number: int, deal: Deal, n: int, why: str, next_dealer: SeatIndex | None,
                 notes: tuple[str, ...] = ()) -> SeatDealResult:
    zero = (0,) * n
    return SeatDealResult(number, deal.kind, deal.dealer, None, None, False, (), (), None, None, True,
                           False, (), (), 0, zero, zero, zero, (), why, next_dealer, notes)


def _deal_result(record: Record, deal: Deal, number: int, where: str,
                 problems: list[Problem]) -> SeatDealResult | None:
    table, rules, n = record.table, record.rules, record.table.seats
    zero = (0,) * n
    for i, irr in enumerate(deal.irregularities):
        if irr.kind in (IrregularityKind.MISDEAL, IrregularityKind.NEW_DEAL):
            misdeal = irr.kind is IrregularityKind.MISDEAL
            passes = misdeal and rules.misdeal_loses_deal
            topic = "misdeal" if misdeal else "new_deal"
            why = (f"{'misdeal' if misdeal else 'new deal'}{': ' + irr.cause if irr.cause else ''} "
                   f"({rules.cite(topic)}): the deal is void; "
                   f"{'the deal passes to the left' if passes else 'the same dealer deals again'}")
            return _void_result(number, deal, n, why, None if passes else deal.dealer)
        if irr.kind is IrregularityKind.DEAL_OUT_OF_TURN and irr.election == "stopped":
            if irr.seat is None:   # as four-handed (laws.void_deal)
                problems.append(Problem(f"{where}.irregularities[{i}].seat", "a stopped deal out of "
                                        "turn needs the seat whose deal it was"))
                return None
            rule = rules.cite("deal_out_of_turn")
            stopped = Finding(FindingKind.IRREGULARITY, stopped_deal_text(
                number, f"seat {table.token(deal.dealer)}", f"seat {table.token(irr.seat)}", rules),
                rule, number, seat=deal.dealer, status="stopped", points=())
            return replace(_void_result(number, deal, n, "deal out of turn", irr.seat),
                           findings=(stopped,))
    if deal.exchanges:   # a farmer's hand under 'misdeal' voids the deal (house rule farmers)
        before = len(problems)
        void = void_by_farmer(record, deal, number, where, problems)
        if void is not None:
            return _void_result(number, deal, n, void[0], deal.dealer if void[1] else None)
        if len(problems) > before:
            return None
    if deal.turned is JOKER and rules.joker_upcard is JokerUpcard.REDEAL:
        if deal.calls or deal.tricks:   # as four-handed (bidding.run_bidding)
            problems.append(Problem(f"{where}.calls", "the joker was turned: under 'redeal' the deal "
                                    "is void, so no calls or tricks can follow"))
            return None
        return _void_result(number, deal, n, f"the joker was turned (joker_upcard 'redeal', "
                            f"{rules.cite('joker')}): the deal is void; the same dealer deals again",
                            deal.dealer)
    if deal.kind is DealKind.RESULT:
        return _result_only(record, deal, number, where, problems)
    if deal.kind is DealKind.POINTS:
        return _points_only(record, deal, number)
    replay = _Deal(record, deal, number, where)
    maker, trump, alone, taken, thrown = replay.bidding()
    if problems_of(replay, problems):
        return None
    if thrown and deal.exchanges:   # thrown in: the exchanges before the bidding are still checked
        if not swap_with_kitty(record, deal, None if deal.hands is None else
                               [list(h) for h in deal.hands], where, problems):
            return None
    if thrown:
        return SeatDealResult(number, deal.kind, deal.dealer, None, None, False, (), (), None, None,
                               True, True, (), (), 0, zero, zero, zero, tuple(replay.findings),
                               notes=(f"deal {number}: every player passed twice: thrown in "
                                      f"({rules.cite('thrown_in')})",))
    if maker is None:   # unfinished in the bidding
        return SeatDealResult(number, deal.kind, deal.dealer, None, None, False, (), (), None, None,
                               True, False, (), (), 0, zero, zero, zero, tuple(replay.findings),
                               unfinished=True)
    play = replay.play(maker, trump, taken, alone)
    if problems_of(replay, problems) or play is None:
        return None
    partner = play.partner
    makers = (maker,) if partner is None else (maker, partner)
    lone = alone or table.maker_alone or (table.called_partner and partner is None)
    defenders = tuple(s for s in range(n) if s not in makers)
    maker_tricks = sum(1 for w in play.winners if w in makers)
    findings = [(f, zero) for f in replay.findings]
    exposed = _exposed_cards(record, deal, number, where, play, trump,
                             maker if lone and table.called_partner else None, problems)
    if exposed is None:
        return None
    findings += [(f, zero) for f in exposed]
    corrected = _corrected_revokes(record, deal, number, where, play, trump, problems)
    if corrected is None:
        return None
    findings += [(f, zero) for f in corrected]
    findings += seat_revoke_findings(record, number, makers, lone, play.revokes, deal, trump)
    findings += [(f, zero) for f in going_under_table(record, deal, number)]
    notes = tuple(replay.notes)
    if not deal.unfinished:   # tricks not played out: a claim or concession settles them
        settled = settle_claim(record, deal, number, where, makers, trump, len(play.winners),
                               maker_tricks, play.winners[-1] if play.winners else
                               table.eldest(deal.dealer), play.remaining, problems)
        if settled is None:
            return None
        maker_tricks, claimed, claim_notes = settled
        findings += [(f, (0,) * n) for f in claimed]
        notes += tuple(claim_notes)
    if deal.unfinished:
        return SeatDealResult(number, deal.kind, deal.dealer, trump, maker, lone, makers, defenders,
                               deal.called, partner, replay._partner_known, False, tuple(play.leaders),
                               tuple(play.winners), maker_tricks, zero, zero, zero,
                               tuple(f for f, _ in findings), notes=notes, unfinished=True,
                               no_trump=trump is None)
    return _score(record, deal, number, maker, trump, lone, makers, defenders, partner,
                  replay._partner_known, tuple(play.leaders), tuple(play.winners), maker_tricks,
                  findings, notes, no_trump=trump is None)


def _exposed_cards(record: Record, deal: Deal, number: int, where: str, play: _Play,
                   trump: Suit | None, lone: SeatIndex | None,
                   problems: list[Problem]) -> list[Finding] | None:
    """The findings of the deal's exposed cards (taken where the preset's law plays an exposed
    card at the first legal opportunity, Hoyle: the loader refuses Somerset's call by the
    adversaries), ruled as four-handed (``penalty_cards.exposed_card_ruling``); ``lone`` the
    five-handed maker alone (the two- and three-handed maker is no lone hand for penalties, as
    for revokes). None: an exposed card he did not hold, or at a trick not played."""
    events = [(j, e) for j, e in enumerate(deal.irregularities)
              if e.kind is IrregularityKind.EXPOSED_CARD]
    if not events:
        return []
    table, rules = record.table, record.rules
    log, remaining = _play_log(play, table.seats)
    out = []
    for j, e in events:
        at = f"{where}.irregularities[{j}]"
        assert e.seat is not None and e.card is not None   # the loader requires them
        t = (e.trick or 1) - 1
        if not 0 <= t < max(len(play.leaders), 1):
            problems.append(Problem(f"{at}.trick", f"trick {t + 1} was not played"))
            return None
        if not exposed_card_held(log, remaining, e.seat, e.card, t):
            problems.append(Problem(f"{at}.card", f"seat {table.token(e.seat)} did not hold "
                                    f"{e.card.name} at trick {t + 1}"))
            return None
        text, status = exposed_card_ruling(log, remaining, rules, play.leaders, e.seat,
                                           f"seat {table.token(e.seat)}", e.card, t, number,
                                           e.seat == lone)
        out.append(Finding(FindingKind.IRREGULARITY, text, rules.cite("exposed_card"), number,
                                t + 1, e.seat, e.card, status=status, points=()))
    return out


def _play_log(play: _Play, n: int) -> tuple[PlayLog, dict[int, frozenset[Card]]]:
    """The deal's plays as the four-handed laws read them (``plays.PlayLog``, by seat index, as
    the trick walk logged them) and each seat's cards left unplayed, as far as the hands are
    recorded."""
    log = play.log
    assert log is not None   # the walk's (trick_walk.walk_tricks)
    remaining = {s: frozenset(c for c in h if c is not None)
                 for s, h in enumerate(play.remaining or [[] for _ in range(n)])}
    return log, remaining


def _corrected_revokes(record: Record, deal: Deal, number: int, where: str, play: _Play,
                       trump: Suit | None, problems: list[Problem]) -> list[Finding] | None:
    """The findings of the deal's revokes corrected before the trick was quitted (taken where an
    exposed card is played at the first legal opportunity, Hoyle and modern: the loader refuses
    Somerset 69's card called by the adversaries), checked and worded as four-handed
    (``revokes.corrected_play``, ``corrected_text``): no penalty, the card is exposed. None: a
    correction the cards refute (located in ``problems``)."""
    events = [(j, e) for j, e in enumerate(deal.irregularities)
              if e.kind is IrregularityKind.REVOKE_CORRECTED]
    if not events:
        return []
    table, rules, n = record.table, record.rules, record.table.seats
    log, remaining = _play_log(play, n)
    names = {s: p.name for s, p in record.players if p.name}
    out = []
    for j, e in events:
        assert e.seat is not None and e.trick is not None and e.card is not None   # the loader's
        who = names.get(e.seat) or table.token(e.seat)
        try:
            played, led = corrected_play(log, remaining, e.seat, f"seat {table.token(e.seat)}",
                                         e.trick, e.card, f"{where}.irregularities[{j}]")
        except InconsistentRecord as exc:
            problems.extend(exc.problems)
            return None
        out.append(Finding(
            FindingKind.REVOKE, corrected_text(rules, number, e.trick, who, e.card, led, trump,
                                               played.name),
            rules.cite("revoke_corrected"), number, e.trick, e.seat, e.card, points=(0,) * n,
            held=(played,), status="corrected"))
    return out


def problems_of(replay: _Deal, problems: list[Problem]) -> bool:
    if replay.problems:
        problems.extend(replay.problems)
        return True
    return False


def _result_only(record: Record, deal: Deal, number: int, where: str,
                 problems: list[Problem]) -> SeatDealResult | None:
    table, n = record.table, record.table.seats
    zero = (0,) * n
    o = deal.outcome
    assert o is not None
    if o.maker is None:
        return SeatDealResult(number, deal.kind, deal.dealer, None, None, False, (), (), None, None,
                               True, True, (), (), 0, zero, zero, zero)
    notes: list[str] = []
    partner_known = True
    if table.called_partner and not o.alone and o.called is None:
        problems.append(Problem(f"{where}.result.called", "the maker who does not go alone names a "
                                "card not of the trump suit (or say \"alone\": true)"))
        return None
    if o.called is not None and not o.partner_stated:
        partner_known = False
        notes.append(f"deal {number}: who held the called card {o.called.name} is not recorded: "
                     "the maker is scored as alone")
    partner = o.partner
    makers = (o.maker,) if partner is None else (o.maker, partner)
    lone = o.alone or table.maker_alone or (table.called_partner and partner is None)
    defenders = tuple(s for s in range(n) if s not in makers)
    findings = seat_revoke_findings(record, number, makers, lone, [], deal, o.trump)
    return _score(record, deal, number, o.maker, o.trump, lone, makers, defenders, partner,
                  partner_known, (), (), o.tricks, findings, tuple(notes))


def _points_only(record: Record, deal: Deal, number: int) -> SeatDealResult:
    """A points-only deal scores the points as written, one per seat (docs/FORMAT.md
    "Points-only deals"); :func:`~euchre_records.points_only.check_points`, given the table's
    score columns, notes what cannot be checked and makes a ``scoresheet`` finding of points no
    deal of the variant could give (a slip of the scorer's: scored as written, not refused)."""
    table, n = record.table, record.table.seats
    assert deal.points is not None     # the loader requires them
    columns = SeatColumns(table, record.options, VARIANT_CITES[table.variant])
    notes, message, rule = check_points(deal.points, record.rules, number, columns)
    findings = () if message is None else (
        Finding(FindingKind.SCORESHEET, message, rule, number, recorded=deal.points, points=()),)
    return SeatDealResult(number, deal.kind, deal.dealer, None, None, False, (), (), None, None,
                           True, False, (), (), 0, deal.points, (0,) * n, deal.points, findings,
                           notes=notes)


def _score(record: Record, deal: Deal, number: int, maker: SeatIndex, trump: Suit | None,
           lone: bool, makers: tuple[SeatIndex, ...], defenders: tuple[SeatIndex, ...],
           partner: SeatIndex | None, partner_known: bool, leaders: tuple[SeatIndex, ...],
           winners: tuple[SeatIndex, ...], maker_tricks: int,
           findings: list[tuple[Finding, Scores]], notes: tuple[str, ...],
           no_trump: bool = False) -> SeatDealResult:
    table, rules = record.table, record.rules
    n = table.seats
    hand, _ = hand_points(table, rules, record.options, makers, lone, maker_tricks)
    penalty: Scores = (0,) * n
    for _, points in findings:
        penalty = add_scores(penalty, points)
    if any(any(p) for _, p in findings) and not rules.revoke_hand_scores:
        hand = (0,) * n
    if rules.fast_break and fast_break(makers, winners, maker_tricks):
        hand = (0,) * n   # the hand only: penalties stand (docs/RULES.md "House rules")
        notes = notes + (fast_break_note(number),)
    return SeatDealResult(number, deal.kind, deal.dealer, trump, maker, lone, makers, defenders,
                           deal.called if deal.kind is not DealKind.RESULT else
                           (deal.outcome.called if deal.outcome else None),
                           partner, partner_known, False, leaders, winners, maker_tricks, hand,
                           penalty, add_scores(hand, penalty), tuple(f for f, _ in findings), notes=notes,
                           no_trump=no_trump)


def replay_table(record: Record) -> SeatReplayResult:
    """Replay every deal of a record at a table of 2, 3 or 5 and score its games by the one game
    loop of every table (``games.play_games``, docs/RULES.md "Games"), a score column per seat:
    a game ends when a player reaches the target, or after its N-th deal with the rule option
    ``fixed_deals`` N (no winner, a note says so; EGN 1.4 ``num_deals``). No lap and no rubber
    (a rubber needs fixed partnerships): a note says so where the preset has them. The sheet
    is checked deal by deal against the scores (``scoresheet.SheetCheck``)."""
    table, rules = record.table, record.rules
    plan = GamePlan.of(table, rules)
    problems: list[Problem] = []
    notes: list[str] = []
    if rules.rubber.value != "none":
        notes.append(f"the preset's rubber ({rules.rubber.value}) is not played: a rubber needs fixed "
                     f"partnerships, and the {table.variant.value} game has individual games")
    if rules.lap:
        notes.append("points beyond the game are not carried (lap) at this table: only by agreement "
                     "(VARIANTS.md), not implemented")
    replayed: list[SeatDealResult] = []
    for i, deal in enumerate(record.deals):
        result = fast_table_deal(record, deal, i + 1)   # None: not a clean deal
        if result is None:
            result = _deal_result(record, deal, i + 1, f"deals[{i}]", problems)
        if result is not None:
            replayed.append(result)
    if problems:
        raise InconsistentRecord(problems)
    for i, passed in dealer_findings(table, rules, record.deals, replayed):
        found = replayed[i].findings
        replayed[i] = replace(replayed[i], findings=(passed,) + found
                              if reported_first(table, passed) else found + (passed,))
    start = record.start_score or (0,) * table.seats
    sheet = SheetCheck(record, VARIANT_CITES[table.variant], plan.target)
    played = play_games(plan, replayed, start, seat_game,
                        (lambda i, r: sheet.as_written(r, record.deals[i]))
                        if rules.sheet_errors_stand else None)
    results: list[SeatDealResult] = []
    findings: list[Finding] = []
    running: list[Scores] = []
    last: tuple[int, Scores] | None = (1, start)   # the game and score before the deal
    for deal, result, laws, at in zip(record.deals, played.deals, played.laws, played.running):
        assert at is not None and last is not None   # no rubber at a table of n: all scored
        game, after = at
        before = last[1] if last[0] == game else played.start_of(game)
        last = at
        result = sheet.deal(result, deal, before, after, game, None if laws is result else laws)
        results.append(result)
        if result.findings:
            findings.extend(result.findings)
        running.append(after)
    games = played.games
    if not games:   # no deal of a game yet (none, or only void deals): game 1 is open
        games.append(SeatGameResult(1, 1, len(record.deals), start, start, None, False))
    return SeatReplayResult(rules, table, tuple(results), tuple(games), tuple(findings),
                            tuple(running), tuple(notes + played.notes))
