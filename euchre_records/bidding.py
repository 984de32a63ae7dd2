"""The bidding of one deal: two rounds of calls, lone hands, and the laws of bidding errors.

Contract: :func:`run_bidding` returns the :class:`Bidding` and the findings of the bidding, or
raises :class:`~euchre_records.errors.InconsistentRecord` for a call that cannot have happened.
A call by the wrong seat is impossible *unless* the record says it happened (a
``call-out-of-turn`` irregularity for that seat); naming the turned-down suit likewise needs a
``turned-suit-named`` irregularity. Those calls are void and cost what the rules say
(Somerset 78-80, 82; Hoyle, errors in the bidding).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import JOKER, LEFT_OF, SEATS, Seat, Side, Suit
from .errors import InconsistentRecord, join_path
from .model import Call, CallKind, Deal, Finding, FindingKind, Irregularity, IrregularityKind
from .house_rules import house_cite
from .rules import JokerUpcard, OutOfTurnCall, Rules, TurnedSuitNamed

__all__ = ["Bidding", "Bidders", "FOUR", "run_bidding", "turned_suit_named_text"]


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
    no_trump: bool = False  # a no-trump call made (house rule allow_no_trump): trump is None


_WORDS = {CallKind.ORDER: "order", CallKind.ASSIST: "assist", CallKind.TAKE: "take"}


class _Events:
    """The bidding irregularities of a deal, each usable once, matched by kind and seat."""

    def __init__(self, events: tuple[Irregularity, ...]) -> None:
        self.pool = [(i, e) for i, e in enumerate(events)
                     if e.kind in (IrregularityKind.CALL_OUT_OF_TURN, IrregularityKind.TURNED_SUIT_NAMED)]

    def take(self, kind: IrregularityKind, seat: Seat) -> Irregularity | None:
        for n, (i, e) in enumerate(self.pool):
            if e.kind is kind and (e.seat is None or e.seat == seat):
                del self.pool[n]
                return e
        return None


def turned_suit_named_text(who: str, suit: Suit, rules: Rules, side: str | None = None) -> str:
    """A void call naming the turned-down ``suit``: a pass (Somerset 78), or, given the
    offender's ``side``, that side loses the right to make trump (Hoyle). At any table."""
    text = "it counts as a pass" if side is None else f"void; {side} lose the right to make trump"
    return f"{who} named {suit.word}, the turned-down suit — {text} ({rules.cite('turned_suit_named')})"


@dataclass(frozen=True, slots=True)
class Bidders:
    """The table as the bidding sees it: ``left[seat]`` the next to speak, ``labels[seat]`` a
    seat in messages; ``fixed`` the partnership game of four (partners, sides, 'assist', the
    laws of bidding errors by a side: Somerset 79-82, Hoyle); ``lone_refused`` why nobody may
    go alone at a table where the maker always plays alone (None: alone is a call)."""

    left: tuple[Any, ...]
    labels: tuple[str, ...]
    fixed: bool = True
    lone_refused: str | None = None

    @property
    def seats(self) -> int:
        return len(self.left)


FOUR = Bidders(LEFT_OF, tuple(s.name for s in SEATS))
"""The table of four."""


def run_bidding(deal: Deal, rules: Rules, number: int, where: str,
                table: Bidders = FOUR) -> tuple[Bidding, list[Finding]]:
    """Replay the calls of ``deal`` at ``table``; see the module docstring for the contract.

    One bidding at every table (issue 32): two rounds of one call a seat from the dealer's
    left, the stuck dealer, the turned-down suit, no trump. At a table of n (``table.fixed``
    false) the calls of the partnership game's laws (a call out of turn, 'assist', a take-over,
    defending alone) are refused by the loader (``table_refusals``), a word other than the
    seat's or a call after trump is made is refused here, and the findings move no points
    (``()``, one figure per seat being none)."""
    def fail(what: str, at: str) -> InconsistentRecord:
        return InconsistentRecord(what, join_path(where, at))

    turned = deal.turned
    assert turned is not None
    findings: list[Finding] = []
    n, left, name, fixed = table.seats, table.left, table.labels, table.fixed
    if turned is JOKER:
        if rules.joker_upcard is JokerUpcard.REDEAL:
            if deal.calls or deal.tricks:
                raise fail("the joker was turned: under 'redeal' the deal is void, so no calls or "
                           "tricks can follow", "calls")
            return Bidding(None, None, False, None, False, True, redeal=True), findings
        if deal.joker_suit is None:
            raise fail("the joker was turned: record the suit the dealer named (joker_suit"
                       + (")" if fixed else f"; joker_upcard 'dealer-names', {rules.cite('joker')})"),
                       "joker_suit")
        turned_suit = deal.joker_suit
    else:
        assert turned.suit is not None
        turned_suit = turned.suit
    events = _Events(deal.irregularities)
    passed: set[Seat] = set()           # seats that have passed (Somerset 79-80 need it)
    barred: dict[Seat, str] = {}        # seat -> why he must pass
    lost: dict[Side, str] = {}          # side -> why it may not make trump
    dealer = deal.dealer
    seat = left[dealer]
    passes = 0
    maker: Seat | None = None
    trump: Suit | None = None
    alone = took_up = thrown = partner_took = no_trump = False
    defender: Seat | None = None
    points = {} if fixed else {"points": ()}   # at n a finding moves no points: ()
    dealer_last, all_passed = 2 * n - 1, 2 * n   # the stuck dealer's turn; thrown in

    def note(i: int, who: Seat, text: str, rule: str, status: str) -> None:
        findings.append(Finding(FindingKind.IRREGULARITY, f"deal {number}, call {i + 1}: {text}",
                                rule, number, None, who, status=status, **points))  # type: ignore[arg-type]

    def may_make(i: int, who: Seat) -> None:
        if who in barred:
            raise fail(f"{name[who]} is bound to pass: {barred[who]}", f"calls[{i}]")
        if lost and who.side in lost:
            raise fail(f"{who.side.label} may not make trump this deal: {lost[who.side]}", f"calls[{i}]")

    for i, call in enumerate(deal.calls):
        at = f"calls[{i}]"
        if maker is None and not thrown:
            if call.seat is not None and call.seat != seat:
                if not fixed:   # (a call out of turn is a law of the partnership game only)
                    raise fail(f"call by {name[call.seat]}, but it is {name[seat]}'s turn to speak "
                               "(the bidding passes to the left from the dealer's left)", at)
                _out_of_turn(i, call, seat, events, rules, passed, barred, lost, note, fail,
                             dealer, passes >= n)
                continue
            if call.alone and table.lone_refused is not None:
                raise fail(table.lone_refused, at)
            kind = call.kind
            if kind is CallKind.PASS:
                if passes == dealer_last and rules.stick_the_dealer:
                    raise fail(f"the dealer {name[seat]} passed, but under stick-the-dealer he must "
                               f"name a suit ({rules.cite('stick_the_dealer')})" if fixed else
                               "stick the dealer: the dealer may not pass in the second round "
                               f"({rules.cite('stick_the_dealer')})", at)
                passed.add(seat)
                passes += 1
                thrown = passes == all_passed
                seat = left[seat]
            elif kind.accepts:
                if passes >= n:
                    raise fail("the turned card was turned down after the first round; in the "
                               "second round a suit is named", at)
                may_make(i, seat)
                proper = (CallKind.TAKE if seat == dealer else
                          CallKind.ASSIST if fixed and seat is dealer.partner else CallKind.ORDER)
                if kind is not proper:
                    if not fixed:   # no law of the partnership game to make it an acceptance
                        raise fail(f"{name[seat]} said '{_WORDS[kind]}' where the word is "
                                   f"'{_WORDS[proper]}'", at)
                    note(i, seat, f"{seat.name} said '{_WORDS[kind]}' where the word is "
                         f"'{_WORDS[proper]}' — it counts as accepting the turned card "
                         f"({rules.cite('call_word')})", rules.cite("call_word"), "counts as acceptance")
                if rules.canadian and fixed and seat is dealer.partner and not call.alone:
                    raise fail(f"{seat.name}, the dealer's partner, accepted the turned card: under "
                               f"the Canadian loner he must play alone ({house_cite('canadian')}); "
                               "write 'assist alone'", at)
                maker, trump, alone, took_up = seat, turned_suit, call.alone, True
            elif kind is CallKind.NO_TRUMP:
                if not rules.allow_no_trump:
                    raise fail(f"{name[seat]} called no trump, which these rules do not allow (house "
                               "rule allow_no_trump is off)" if fixed else
                               "no trump is named only under the house rule allow_no_trump, which is "
                               f"off ({house_cite('allow_no_trump')})", at)
                if passes < n:
                    raise fail(f"{name[seat]} called no trump in the first round; no trump is named "
                               f"in the second round only ({house_cite('allow_no_trump')})", at)
                may_make(i, seat)
                maker, trump, alone, no_trump = seat, None, call.alone, True
            elif kind is CallKind.NAME:
                if passes < n:
                    raise fail(f"{name[seat]} named a suit in the first round; only the turned card's "
                               "suit can be accepted there", at)
                if call.suit is turned_suit:
                    if events.take(IrregularityKind.TURNED_SUIT_NAMED, seat) is None:
                        raise fail(f"void call: {name[seat]} named {turned_suit.word}, the suit of the "
                                   f"turned-down card ({rules.cite('turned_suit_named')}); if it was "
                                   "said at the table, record a turned-suit-named irregularity" if fixed
                                   else f"{turned_suit.value} is the turned-down suit: it may not be "
                                   f"named ({rules.cite('turned_suit_named')}); if it was said at the "
                                   "table, record a turned-suit-named irregularity", at)
                    rule = rules.cite("turned_suit_named")
                    loses = rules.turned_suit_named is TurnedSuitNamed.SIDE_LOSES_RIGHT
                    if loses:   # (at n refused: table_refusals.law_refusal, by the loader and match.replay)
                        lost[seat.side] = f"{seat.name} named the turned-down suit ({rule})"
                    note(i, seat, turned_suit_named_text(name[seat], turned_suit, rules,
                                                         seat.side.label if loses else None),
                         rule, "void")
                    passed.add(seat)
                    if passes == dealer_last and rules.stick_the_dealer:
                        continue   # the dealer is stuck: he must still name a suit
                    passes += 1
                    thrown = passes == all_passed
                    seat = left[seat]
                    continue
                may_make(i, seat)
                maker, trump, alone = seat, call.suit, call.alone
            else:
                raise fail(f"'{kind.value}' before anyone made trump", at)
        elif thrown:
            raise fail("call after the bidding ended: all passed twice", at)
        elif call.kind is CallKind.PASS and fixed:
            assert maker is not None
            who = call.seat.name if call.seat is not None else "a player"
            note(i, call.seat or maker.partner, f"{who} passed after {maker.name} had made trump "
                 f"(not hearing the call) — the call stands ({rules.cite('call_stands')})",
                 rules.cite("call_stands"), "call stands")
        elif call.kind is CallKind.PARTNER_ALONE and fixed:
            assert maker is not None
            if not rules.partner_takes_lone:
                raise fail("under these rules the partner cannot take the lone hand over (option "
                           f"partner_takes_lone; {rules.cite('partner_takes_lone')})", at)
            if call.seat is not None and call.seat is not maker.partner:
                raise fail(f"only the maker's partner {maker.partner.name} can take the lone hand, "
                           f"not {call.seat.name}", at)
            if partner_took or defender is not None:
                raise fail("the lone hand was already settled", at)
            if not took_up or maker not in (dealer.left, dealer.partner):
                raise fail("only third hand may take over from eldest, and the dealer from second "
                           f"hand, when the turned card is ordered up or assisted "
                           f"({rules.cite('partner_takes_lone')})", at)
            maker, alone, partner_took = maker.partner, True, True
        elif call.kind is CallKind.DEFEND_ALONE and fixed:
            assert maker is not None
            if not rules.defend_alone:
                raise fail(f"these rules forbid defending alone ({rules.cite('defend_alone')}; "
                           "option defend_alone)", at)
            if call.seat is None or call.seat.side is maker.side:
                raise fail("'defend alone' needs the seat of a defender, e.g. 'E: defend alone'", at)
            if defender is not None:
                raise fail(f"{defender.name} already defends alone", at)
            defender = call.seat
        else:
            assert maker is not None
            made = "no trump" if no_trump else f"{trump.word} trump" if trump else "trump"
            raise fail(f"call after the bidding ended: {name[maker]} already made {made}", at)
    if maker is None and not thrown and not deal.unfinished:   # a partial game may stop here
        raise fail(f"the bidding is incomplete: {len(deal.calls)} calls, and nobody made trump", "calls")
    return Bidding(trump, maker, alone, defender, took_up, thrown, no_trump=no_trump), findings


def _out_of_turn(i: int, call: Call, turn: Seat, events: _Events, rules: Rules, passed: set[Seat],
                 barred: dict[Seat, str], lost: dict[Side, str], note: object, fail: object,
                 dealer: Seat, second_round: bool) -> None:
    """A call by ``call.seat`` when it was ``turn``'s turn: void, with the rules' consequence.

    Somerset 82: "No player can take away another's right by passing, ordering up or assisting
    out of turn; but if the dealer turns down the trump card, or in the second round throws his
    cards on the table, that action binds his partner." So under ``dealer_pass_binds`` the
    dealer's pass out of turn (a turn-down in the first round, his cards thrown down in the
    second) binds his partner to pass, as a partner is bound under 79-80."""
    who = call.seat
    assert who is not None
    event = events.take(IrregularityKind.CALL_OUT_OF_TURN, who)
    if event is None:
        raise fail(f"call by {who.name}, but it is {turn.name}'s turn to speak (if it was said at "  # type: ignore[operator]
                   "the table, record a call-out-of-turn irregularity)", f"calls[{i}]")
    rule = rules.cite("out_of_turn_call")
    if call.kind is CallKind.PASS and who is dealer and rules.dealer_pass_binds:
        bind = rules.cite("dealer_pass_binds")
        act = ("threw his cards on the table in the second round" if second_round
               else "turned down the trump card")
        barred[who.partner] = f"the dealer {who.name} {act} out of turn ({bind})"
        text = f"the dealer {act} out of turn — it binds his partner {who.partner.name} to pass"
        note(i, who, f"{who.name} passed out of turn ({turn.name} was to speak): {text} ({bind})",  # type: ignore[operator]
             bind, "binds partner")
        return
    if call.kind is CallKind.PASS or event.election == "waived":
        text = ("a pass out of turn is void and takes no one's right" if call.kind is CallKind.PASS
                else "void; the opponents let the bidding go on without penalty")
    elif rules.out_of_turn_call is OutOfTurnCall.PARTNER_PASSES and who not in passed:
        text = "void; a call before one's turn takes no one's right"   # Somerset 82
    elif rules.out_of_turn_call is OutOfTurnCall.PARTNER_PASSES:
        barred[who.partner] = f"{who.name} called after passing ({rule})"
        text = f"void; {who.name} had passed, so {who.partner.name} is bound to pass"
    elif rules.out_of_turn_call is OutOfTurnCall.SIDE_LOSES_RIGHT:
        lost[who.side] = f"{who.name} called out of turn ({rule})"
        text = f"void; {who.side.label} lose the right to make trump"
    else:
        text = "void"
    said = call.suit.word if call.kind is CallKind.NAME and call.suit else call.kind.value
    note(i, who, f"{who.name} said '{said}' out of turn ({turn.name} was to speak) — {text} "  # type: ignore[operator]
         f"({rule})", rule, "void")
