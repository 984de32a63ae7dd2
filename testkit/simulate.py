"""Random legal deals, for property tests, benchmarks and demonstrations.

Contract: :func:`random_deal` returns a FULL deal that replays under ``rules`` with no finding:
cards dealt from the rules' pack, legal calls (lone hands, partner take-overs and lone defenders
where the rules allow them), a legal discard and plays that always follow suit. Under the house
rules it also makes their moves: a farmer's hand declared (void deal) or exchanged, a player
going under, a no-trump call, the Canadian loner, partner's best (docs/RULES.md "House rules").
"""

from __future__ import annotations

import random

from euchre_records.cards import SEATS, Card, Seat, Suit, legal_plays, power_table, trick_winner
from euchre_records.exchanges import best_card, remarkably_poor
from euchre_records.house_rules import farm_cards
from euchre_records.model import Call, CallKind, Deal, DealKind, Exchange, ExchangeKind, Trick
from euchre_records.rules import FarmersHand, LoneLead, Rules

__all__ = ["random_deal", "shuffled_pack"]


def shuffled_pack(rng: random.Random, rules: Rules) -> list[Card]:
    from euchre_records.cards import make_pack
    pack = sorted(make_pack(rules.pack, rules.joker))
    rng.shuffle(pack)
    return pack


def random_deal(rng: random.Random, rules: Rules, dealer: Seat = Seat.N,
                pass_rate: float = 0.6, alone_rate: float = 0.2) -> Deal:
    """A random legal full deal (possibly thrown in). Never turns the joker up."""
    pack = shuffled_pack(rng, rules)
    if pack[20].is_joker:   # keep the joker out of the turned position: swap it into a hand
        pack[20], pack[0] = pack[0], pack[20]
    hands = {s: pack[i * 5:(i + 1) * 5] for i, s in enumerate(SEATS)}
    turned, kitty = pack[20], pack[21:]
    original = _hands(hands, rng)   # as dealt, before any exchange
    exchanges: list[Exchange] = []
    farmer = next((s for s in (dealer.after(k) for k in range(1, 5))
                   if len(farm_cards(hands[s])) >= 3), None)
    if farmer is not None and rules.farmers is FarmersHand.MISDEAL and rng.random() < 0.5:
        return Deal(DealKind.FULL, dealer, turned, None, original, tuple(kitty),
                    exchanges=(Exchange(ExchangeKind.FARMERS, farmer),))
    if farmer is not None and rules.farmers is FarmersHand.EXCHANGE and rng.random() < 0.7:
        exchanges.append(_swap(rng, hands, kitty, farmer, ExchangeKind.FARMERS))
    elif rules.go_under and rng.random() < 0.3:
        poor = [s for s in SEATS if remarkably_poor(hands[s])]   # EGN: a remarkably poor hand
        if poor:
            exchanges.append(_swap(rng, hands, kitty, rng.choice(poor), ExchangeKind.GO_UNDER))
    calls: list[Call] = []
    seat = dealer.left
    maker: Seat | None = None
    trump: Suit | None = None
    alone = no_trump = False
    for n in range(8):
        last = n == 7
        if rules.stick_the_dealer and last:
            choose = True
        else:
            choose = rng.random() > pass_rate
        if choose:
            alone = rng.random() < alone_rate
            if n < 4:
                kind = (CallKind.TAKE if seat is dealer else
                        CallKind.ASSIST if seat is dealer.partner else CallKind.ORDER)
                alone = alone or (rules.canadian and kind is CallKind.ASSIST)   # Canadian loner
                calls.append(Call(kind, alone=alone))
                trump = turned.suit
            elif rules.allow_no_trump and rng.random() < 0.25:
                calls.append(Call(CallKind.NO_TRUMP, alone=alone))
                trump, no_trump = None, True
            else:
                suits = [s for s in Suit if s is not turned.suit]
                trump = rng.choice(suits)
                calls.append(Call(CallKind.NAME, suit=trump, alone=alone))
            maker = seat
            break
        calls.append(Call(CallKind.PASS))
        seat = seat.left
    if maker is None or (trump is None and not no_trump):
        return Deal(DealKind.FULL, dealer, turned, None, original, tuple(kitty), tuple(calls),
                    exchanges=tuple(exchanges))
    discard: Card | None = None
    if len(calls) <= 4:   # accepted in the first round: the dealer takes up and discards
        held = hands[dealer] + [turned]
        options = held if rules.turned_card_discard else [c for c in held if c is not turned]
        discard = rng.choice(options)
        held.remove(discard)
        hands[dealer] = held
    may_take_over = len(calls) <= 4 and maker in (dealer.left, dealer.partner)   # Somerset 74-75
    if rules.partner_takes_lone and may_take_over and rng.random() < alone_rate / 2:
        calls.append(Call(CallKind.PARTNER_ALONE))
        maker, alone = maker.partner, True
    defender: Seat | None = None
    if rules.defend_alone and rng.random() < alone_rate / 2:
        defender = rng.choice([maker.left, maker.partner.left])
        calls.append(Call(CallKind.DEFEND_ALONE, seat=defender))
    if rules.partners_best and alone and rng.random() < 0.7:
        best = rng.choice(best_card(hands[maker.partner], trump))   # his best (any of a tie)
        hands[maker.partner].remove(best)
        hands[maker].append(best)
        gave = rng.choice(hands[maker])
        hands[maker].remove(gave)
        exchanges.append(Exchange(ExchangeKind.PARTNERS_BEST, maker, (gave,), (best,)))
    out = set()
    if alone:
        out.add(maker.partner)
    if defender is not None:
        out.add(defender.partner)
    leader = maker.left if alone and rules.lone_lead is LoneLead.LEFT_OF_LONE else dealer.left
    while leader in out:
        leader = leader.left
    table = power_table(trump)
    tricks: list[Trick] = []
    for _ in range(5):
        seat = leader
        cards: list[Card] = []
        order: list[Seat] = []
        led: Suit | None = None
        for _ in range(4 - len(out)):
            c = rng.choice(legal_plays(hands[seat], led, trump))
            hands[seat].remove(c)
            if led is None:
                led = table[c][0]
            cards.append(c)
            order.append(seat)
            seat = seat.left
            while seat in out:
                seat = seat.left
        tricks.append(Trick(tuple(cards)))
        leader = order[trick_winner(cards, trump)]
    return Deal(DealKind.FULL, dealer, turned, None, original, tuple(kitty), tuple(calls), discard,
                tuple(tricks), exchanges=tuple(exchanges))


def _swap(rng: random.Random, hands: dict[Seat, list[Card]], kitty: list[Card], seat: Seat,
          kind: ExchangeKind) -> Exchange:
    """Three cards of ``seat``'s hand (nines and tens for a farmer) for three of the kitty."""
    pool = farm_cards(hands[seat]) if kind is ExchangeKind.FARMERS else list(hands[seat])
    gave = rng.sample(sorted(pool), 3)
    took = rng.sample(sorted(kitty), 3)
    for c in gave:
        hands[seat].remove(c)
    hands[seat].extend(took)   # one kitty exchange per deal: the kitty itself is not needed again
    return Exchange(kind, seat, tuple(gave), tuple(took))


def _hands(hands: dict[Seat, list[Card]], rng: random.Random) -> tuple[tuple[Card | None, ...], ...]:
    return tuple(tuple(sorted(hands[s])) for s in SEATS)
