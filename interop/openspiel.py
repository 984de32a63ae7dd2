"""OpenSpiel's ``euchre`` game as an outside truth: our deals to its action sequences and back.

Pure: nothing here imports ``open_spiel``. The encoding follows OpenSpiel 2.x
(``open_spiel/games/euchre/euchre.{h,cc}``):

- players and seats: 0 North, 1 East, 2 South, 3 West (clockwise, as our :class:`Seat`);
- a card is ``rank * 4 + suit`` with ranks 9 T J Q K A = 0..5 and suits C D H S = 0..3;
- the history of a deal is: the dealer (a chance action 0-3); the 20 dealt cards, the ``i``-th going
  to seat ``(dealer + i) % 4`` (one at a time, the dealer first); the turned card; the bids from the
  dealer's left (24 pass, 25-28 clubs/diamonds/hearts/spades; first round only the turned suit,
  second round only another); after a first-round acceptance the dealer's discard (any card but the
  turned one); the maker's alone decision (29 alone, 30 with partner); with ``allow_lone_defender``
  each defender in turn from the dealer's left (29/30, the second asked only if the first declines);
  then the cards played, trick by trick.

:func:`openspiel_actions` refuses (``UnsupportedRules``) any deal that OpenSpiel could not replay,
or would score differently from the record's rules; docs/INTEROP.md lists where its rules depart
from the rule books.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from euchre_records.cards import SEATS, Card, Rank, Seat, Side, Suit, card
from euchre_records.errors import InconsistentRecord, UnsupportedRules
from euchre_records.model import Call, CallKind, Deal, DealKind, DealResult, Trick
from euchre_records.rules import Rules

__all__ = [
    "PASS", "TRUMP_ACTIONS", "GO_ALONE", "WITH_PARTNER", "card_action", "action_card",
    "openspiel_game_params", "openspiel_actions", "deal_from_openspiel", "openspiel_points",
]

PASS = 24
GO_ALONE = 29
WITH_PARTNER = 30
_OS_SUITS = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)
_OS_RANKS = (Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE)
TRUMP_ACTIONS: dict[Suit, int] = {s: 25 + i for i, s in enumerate(_OS_SUITS)}
_SUIT_OF_ACTION = {a: s for s, a in TRUMP_ACTIONS.items()}
_CARD_OF_ACTION: tuple[Card, ...] = tuple(card(_OS_RANKS[a // 4], _OS_SUITS[a % 4]) for a in range(24))
_ACTION_OF_CARD: dict[Card, int] = {c: a for a, c in enumerate(_CARD_OF_ACTION)}


def card_action(c: Card) -> int:
    """OpenSpiel's action (and card index) of a card of the 24-card pack.

    >>> from euchre_records.cards import parse_card
    >>> card_action(parse_card("9C")), card_action(parse_card("JD")), card_action(parse_card("AS"))
    (0, 9, 23)
    """
    try:
        return _ACTION_OF_CARD[c]
    except KeyError:
        raise UnsupportedRules(f"{c} is not in OpenSpiel's 24-card pack (9 to A, no joker)") from None


def action_card(action: int) -> Card:
    """The card of an OpenSpiel card action 0-23."""
    if not 0 <= action < 24:
        raise ValueError(f"{action} is not an OpenSpiel card action (0-23)")
    return _CARD_OF_ACTION[action]


def openspiel_game_params(rules: Rules) -> dict[str, bool]:
    """The ``pyspiel.load_game("euchre", params)`` parameters matching ``rules``.

    Raises UnsupportedRules when OpenSpiel's euchre cannot play under these rules at all (another
    pack or the joker). Score-table differences are checked per deal by :func:`openspiel_actions`.
    """
    problems = []
    if rules.pack != 24:
        problems.append(("pack", f"OpenSpiel plays the 24-card pack, these rules the {rules.pack}-card pack"))
    if rules.joker:
        problems.append(("joker", "OpenSpiel's euchre has no joker"))
    if problems:
        from euchre_records.errors import Problem
        raise UnsupportedRules([Problem(f"rules.{k}", w) for k, w in problems])
    return {"stick_the_dealer": rules.stick_the_dealer, "allow_lone_defender": rules.defend_alone}


def openspiel_points(maker: Side, alone: bool, defender_alone: bool, maker_tricks: int) -> tuple[int, int]:
    """The deal points OpenSpiel's ``ComputeScore`` gives, as our (N-S, E-W) pair.

    Makers: 1 for 3-4 tricks, 2 for a march, 4 for a lone march; euchred: 2 to the defenders,
    4 when a defender played alone (whether or not the maker was alone).
    """
    if maker_tricks <= 2:
        points, side = (4 if defender_alone else 2), maker.other
    elif maker_tricks <= 4:
        points, side = 1, maker
    else:
        points, side = (4 if alone else 2), maker
    return (points, 0) if side is Side.NS else (0, points)


def _out_seats(result: DealResult) -> set[Seat]:
    out = set()
    if result.alone and result.maker is not None:
        out.add(result.maker.partner)
    if result.defender_alone is not None:
        out.add(result.defender_alone.partner)
    return out


def _next_in_play(seat: Seat, out: set[Seat]) -> Seat:
    """The first seat to the left of ``seat`` not sitting out (``out``); after the dealer,
    eldest hand."""
    seat = seat.left
    while seat in out:
        seat = seat.left
    return seat


def _players(deal: Deal, result: DealResult) -> list[list[Seat]]:
    """The seat that played each card of each trick."""
    out = _out_seats(result)
    order = []
    for trick, leader in zip(deal.tricks, result.leaders):
        seats, seat = [], leader
        for _ in trick.cards:
            seats.append(seat)
            seat = _next_in_play(seat, out)
        order.append(seats)
    return order


def _dealt_hands(deal: Deal, result: DealResult) -> tuple[tuple[Card, ...], ...]:
    """The four hands as dealt: recorded, or rebuilt from the plays (and the discard)."""
    if deal.hands is not None and all(c is not None for h in deal.hands for c in h):
        return tuple(tuple(c for c in h if c is not None) for h in deal.hands)
    played: dict[Seat, list[Card]] = {s: [] for s in SEATS}
    for trick, seats in zip(deal.tricks, _players(deal, result)):
        for c, seat in zip(trick.cards, seats):
            played[seat].append(c)
    took_up = result.maker is not None and _took_up(deal)
    hands = []
    for seat in SEATS:
        cards = list(played[seat])
        if seat is deal.dealer and took_up:
            if deal.discard is None:
                raise UnsupportedRules("OpenSpiel needs the dealer's hand as dealt: record the discard "
                                       "or the hands", "discard")
            cards = [c for c in cards if c is not deal.turned] + [deal.discard]
        if len(cards) != 5:
            raise UnsupportedRules(f"OpenSpiel needs every hand as dealt; {seat.name}'s is not known "
                                   "(record the hands)", "hands")
        hands.append(tuple(cards))
    return tuple(hands)


def _took_up(deal: Deal) -> bool:
    return any(c.kind.accepts for c in deal.calls)


def openspiel_actions(deal: Deal, rules: Rules) -> list[int]:
    """The full OpenSpiel action history of ``deal`` (a terminal state once applied).

    The deal is replayed by our engine first (so an impossible deal raises InconsistentRecord).
    Raises UnsupportedRules, saying why, for a deal OpenSpiel cannot express or would score
    otherwise: another pack or the joker; hands not known (nor rebuildable from the plays and the
    discard); a discard not known when the dealer took up; the partner taking over a lone hand; a
    lone defender when ``rules.defend_alone`` is off; a turned card discarded; a revoke or any
    irregularity; tricks not played out; a first lead that is not OpenSpiel's (eldest hand,
    skipping the seat that sits out); deal points that differ from OpenSpiel's score table.
    """
    from euchre_records.deal import replay_deal

    if (deal.hands is not None and len(deal.hands) != 4) or deal.called is not None or deal.partner_stated:
        raise UnsupportedRules("OpenSpiel's euchre is the four-handed partnership game: a deal at a "
                               "table of two, three or five is not exported", "rules.seats")
    params = openspiel_game_params(rules)
    if deal.kind is DealKind.RESULT:
        raise UnsupportedRules("a result-only deal has no cards to export to OpenSpiel", "kind")
    if deal.kind is DealKind.POINTS:
        raise UnsupportedRules("a points-only deal has no cards to export to OpenSpiel", "kind")
    if deal.irregularities:
        raise UnsupportedRules("OpenSpiel cannot express irregularities", "irregularities")
    if any(c.kind is CallKind.PARTNER_ALONE for c in deal.calls):
        raise UnsupportedRules("OpenSpiel has no partner taking over the lone hand", "calls")
    if any(c.kind is CallKind.NO_TRUMP for c in deal.calls):
        raise UnsupportedRules("OpenSpiel's euchre has no no-trump call (house rule allow_no_trump)", "calls")
    if deal.exchanges:
        raise UnsupportedRules("OpenSpiel has no card exchanges (house rules farmers, go_under, "
                               "partners_best)", "exchanges")
    result = replay_deal(deal, rules)
    if result.findings:
        raise UnsupportedRules(f"OpenSpiel only accepts legal plays: {result.findings[0].message}", "tricks")
    if deal.turned is None:
        raise InconsistentRecord("the turned card is missing", "turned")
    hands = _dealt_hands(deal, result)
    actions = [int(deal.dealer)]
    for i in range(20):
        seat = deal.dealer.after(i)
        actions.append(card_action(hands[seat][i // 4]))
    actions.append(card_action(deal.turned))
    passes = 0
    for call in deal.calls:
        if call.kind is CallKind.PASS:
            actions.append(PASS)
            passes += 1
        elif call.kind.accepts or call.kind is CallKind.NAME:
            trump = result.trump
            assert trump is not None
            actions.append(TRUMP_ACTIONS[trump])
            break
    if result.thrown_in:
        return actions
    maker = result.maker
    assert maker is not None
    if passes < 4:
        discard = deal.discard
        if discard is None:   # the dealer's sixth card that he did not play
            held = set(hands[deal.dealer]) | {deal.turned}
            left = held - {c for t in deal.tricks for c in t.cards}
            if deal.dealer in _out_seats(result) or len(left) != 1:
                raise UnsupportedRules("OpenSpiel needs the dealer's discard: record it", "discard")
            discard = left.pop()
        if discard is deal.turned:
            raise UnsupportedRules("OpenSpiel forbids discarding the turned card", "discard")
        actions.append(card_action(discard))
    actions.append(GO_ALONE if result.alone else WITH_PARTNER)
    if params["allow_lone_defender"]:
        first = deal.dealer.left
        if first.side is maker.side:
            first = first.left
        if result.defender_alone is first:
            actions.append(GO_ALONE)
        else:
            actions.append(WITH_PARTNER)
            actions.append(GO_ALONE if result.defender_alone is not None else WITH_PARTNER)
    elif result.defender_alone is not None:
        raise UnsupportedRules("a lone defender needs OpenSpiel's allow_lone_defender", "calls")
    if len(deal.tricks) != 5:
        raise UnsupportedRules("OpenSpiel plays all five tricks: a claim cannot be exported", "tricks")
    eldest = _next_in_play(deal.dealer, _out_seats(result))
    if result.leaders and result.leaders[0] is not eldest:
        raise UnsupportedRules(
            f"OpenSpiel's first lead is eldest hand's ({eldest.name}); "
            f"under these rules {result.leaders[0].name} leads (lone_lead {rules.lone_lead.value!r})",
            "tricks[0]")
    for trick in deal.tricks:
        actions.extend(card_action(c) for c in trick.cards)
    theirs = openspiel_points(maker.side, result.alone, result.defender_alone is not None,
                              result.tricks[0] if maker.side is Side.NS else result.tricks[1])
    if theirs != result.points:
        raise UnsupportedRules(f"OpenSpiel scores this deal {list(theirs)}, these rules "
                               f"{list(result.points)} (N-S, E-W)", "rules")
    return actions


def deal_from_openspiel(actions: Sequence[int], params: Mapping[str, Any] | None = None) -> Deal:
    """A full deal (hands, kitty, calls, discard, tricks) from a terminal OpenSpiel history.

    ``params`` are the game parameters (``allow_lone_defender`` matters: it adds the defenders'
    decisions to the history). Raises ValueError on a history that is not a complete deal.
    """
    lone_defender_asked = bool((params or {}).get("allow_lone_defender", False))
    acts = list(actions)
    if len(acts) < 30:
        raise ValueError(f"an OpenSpiel euchre history has at least 30 actions, not {len(acts)}")
    dealer = SEATS[acts[0]]
    hands: list[list[Card]] = [[], [], [], []]
    for i, a in enumerate(acts[1:21]):
        hands[(dealer + i) % 4].append(action_card(a))
    turned = action_card(acts[21])
    pos = 22
    seat, passes = dealer.left, 0
    calls: list[Call] = []
    maker_index = -1
    while pos < len(acts) and passes < 8:
        a = acts[pos]
        pos += 1
        if a == PASS:
            calls.append(Call(CallKind.PASS, seat))
            passes += 1
            seat = seat.left
            continue
        suit = _SUIT_OF_ACTION[a]
        if passes < 4:
            kind = (CallKind.TAKE if seat is dealer else
                    CallKind.ASSIST if seat is dealer.partner else CallKind.ORDER)
            calls.append(Call(kind, seat))
        else:
            calls.append(Call(CallKind.NAME, seat, suit))
        maker_index = len(calls) - 1
        break
    dealt = {c for h in hands for c in h} | {turned}
    kitty = tuple(c for c in _CARD_OF_ACTION if c not in dealt)
    if maker_index < 0:
        return Deal(DealKind.FULL, dealer, turned, hands=tuple(map(tuple, hands)), kitty=kitty,
                    calls=tuple(calls))
    maker = seat
    discard = None
    if passes < 4:
        discard = action_card(acts[pos])
        pos += 1
    alone = acts[pos] == GO_ALONE
    pos += 1
    calls[maker_index] = Call(calls[maker_index].kind, maker, calls[maker_index].suit, alone)
    out = {maker.partner} if alone else set()
    if lone_defender_asked:
        asked = dealer.left if dealer.left.side is not maker.side else dealer.after(2)
        while True:
            a = acts[pos]
            pos += 1
            if a == GO_ALONE:
                calls.append(Call(CallKind.DEFEND_ALONE, asked, alone=True))
                out.add(asked.partner)
                break
            if asked in (dealer.left, dealer.after(2)):
                asked = asked.partner
            else:
                break
    n = 4 - len(out)
    plays = [action_card(a) for a in acts[pos:]]
    if len(plays) != 5 * n:
        raise ValueError(f"expected {5 * n} cards played, found {len(plays)}")
    tricks = tuple(Trick(tuple(plays[i:i + n])) for i in range(0, len(plays), n))
    return Deal(DealKind.FULL, dealer, turned, hands=tuple(map(tuple, hands)), kitty=kitty,
                calls=tuple(calls), discard=discard, tricks=tricks)
