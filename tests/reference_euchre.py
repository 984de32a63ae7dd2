"""A tiny, naive reference of the euchre laws the property tests check the engine against.

Written apart from ``euchre_records.cards`` (it imports nothing from the engine), from the
digest ../shared/RULES.md, "Common ground": the right bower (jack of trumps) is the highest
trump, then the left bower (the other jack of the same colour), then A K Q 10 9 (8 7); with a
joker, the joker is above both bowers. The left bower belongs to the trump suit for every purpose,
following suit included. Plain suits rank A K Q J 10 9 (8 7). A player must follow the suit led
when he can; the highest trump wins a trick, else the highest card of the suit led.

Cards are strings in the notation (``"AH"``, ``"TD"``, ``"JK"`` for the joker), so that the
reference shares no code, and no bug, with the engine. It also deals random legal deals of its
own (and deals with revokes made on purpose) as notation records, with what the laws say
happened in them: trick winners, tricks, points and the revokes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

SEATS = "NESW"                       # clockwise: E sits on N's left
SUITS = "SHDC"
PARTNER_SUIT = {"S": "C", "C": "S", "H": "D", "D": "H"}   # same colour
JOKER = "JK"


def pack(size: int, joker: bool) -> list[str]:
    ranks = {24: "9TJQKA", 28: "89TJQKA", 32: "789TJQKA"}[size]
    return [r + s for s in SUITS for r in ranks] + ([JOKER] if joker else [])


def left(seat: str, steps: int = 1) -> str:
    return SEATS[(SEATS.index(seat) + steps) % 4]


def side(seat: str) -> int:
    """0 for N-S, 1 for E-W."""
    return SEATS.index(seat) % 2


def suit_of(card: str, trump: str) -> str:
    """The suit a card belongs to in play: the joker and the left bower are trumps."""
    if card == JOKER:
        return trump
    if card[0] == "J" and card[1] == PARTNER_SUIT[trump]:
        return trump
    return card[1]


def strength(card: str, trump: str) -> int:
    """A number that orders cards of one suit in play (higher wins); trumps above all plain cards."""
    plain = "789TJQKA"
    if card == JOKER:
        return 300
    if card == "J" + trump:
        return 200
    if card == "J" + PARTNER_SUIT[trump]:
        return 199
    value = plain.index(card[0])
    return 100 + value if suit_of(card, trump) == trump else value


def may_play(hand: list[str], card: str, led: str | None, trump: str) -> bool:
    """Whether playing ``card`` from ``hand`` follows suit (``led``: the suit led, None to lead)."""
    if led is None or suit_of(card, trump) == led:
        return True
    return not any(suit_of(c, trump) == led for c in hand)


def winner(cards: list[str], trump: str) -> int:
    """The index in ``cards`` (playing order) of the card that wins the trick."""
    led = suit_of(cards[0], trump)
    best = 0
    for i, c in enumerate(cards):
        b = cards[best]
        c_trump, b_trump = suit_of(c, trump) == trump, suit_of(b, trump) == trump
        if c_trump and not b_trump:
            best = i
        elif suit_of(c, trump) == suit_of(b, trump) and strength(c, trump) > strength(b, trump):
            best = i   # the best card so far is always of the suit led or a trump
    assert suit_of(cards[best], trump) in (led, trump)
    return best


# RULES.md: made 1, march 2, lone made 1, lone march 4, euchred 2 -- a euchred lone hand 4 under
# Somerset 3, 2 under the others
LONE_EUCHRED = {"somerset-1888": 4, "hoyle": 2, "modern": 2}
LONE_LEAD_LEFT = {"somerset-1888": False, "hoyle": False, "modern": True}   # else eldest leads


def points(preset: str, maker: str, alone: bool, maker_tricks: int) -> tuple[int, int]:
    if maker_tricks == 5:
        value, to_makers = (4 if alone else 2), True
    elif maker_tricks >= 3:
        value, to_makers = 1, True
    else:
        value, to_makers = (LONE_EUCHRED[preset] if alone else 2), False
    gets = side(maker) if to_makers else 1 - side(maker)
    return (value, 0) if gets == 0 else (0, value)


@dataclass
class Made:
    """A deal made by :func:`random_record` and what the laws say happened in it."""

    record: dict[str, object]
    thrown_in: bool = False
    winners: list[str] = field(default_factory=list)
    tricks: tuple[int, int] = (0, 0)
    points: tuple[int, int] = (0, 0)
    revokes: list[tuple[str, int]] = field(default_factory=list)   # (seat, trick 1-5)
    held: list[dict[str, list[str]]] = field(default_factory=list)  # each seat's cards before each trick
    trump: str | None = None


def random_record(rng: random.Random, preset: str, size: int = 24, joker: bool = False,
                  revoke_rate: float = 0.0, pass_rate: float = 0.5,
                  alone_rate: float = 0.2) -> Made:
    """A random deal as a one-deal notation record (full hands, calls, discard, tricks).

    Every play follows suit, except that with probability ``revoke_rate`` a player who could
    follow plays another suit instead (a revoke, listed in ``revokes``)."""
    cards = pack(size, joker)
    rng.shuffle(cards)
    while cards[20] == JOKER:    # keep the joker out of the turned position
        rng.shuffle(cards)
    dealer = rng.choice(SEATS)
    hands = {s: cards[i * 5:(i + 1) * 5] for i, s in enumerate(left(dealer, k) for k in range(1, 5))}
    turned, kitty = cards[20], cards[21:]
    dealt = {s: list(h) for s, h in hands.items()}
    calls: list[str] = []
    maker = trump = None
    alone = False
    seat = left(dealer)
    for n in range(8):
        if rng.random() > pass_rate:
            maker = seat
            if n < 4:
                trump = turned[1]
                word = "take" if seat == dealer else "assist" if seat == left(dealer, 2) else "order"
            else:
                trump = rng.choice([s for s in SUITS if s != turned[1]])
                word = trump
            # no lone hand for the dealer's partner in the first round: the dealer would take up
            # a card and then sit out
            alone = rng.random() < alone_rate and not (n < 4 and seat == left(dealer, 2))
            calls.append(word + (" alone" if alone else ""))
            break
        calls.append("pass")
        seat = left(seat)
    record: dict[str, object] = {
        "format": "euchre-records", "version": "1.0",
        "rules": {"preset": preset, "overrides": {"pack": size, "joker": joker}},
    }
    deal: dict[str, object] = {"kind": "full", "dealer": dealer, "turned": turned,
                               "hands": {s: " ".join(dealt[s]) for s in SEATS},
                               "kitty": " ".join(kitty), "calls": calls}
    record["deals"] = [deal]
    if maker is None or trump is None:
        return Made(record, thrown_in=True)
    if len(calls) <= 4:   # accepted in the first round: the dealer takes the card, discards one
        hands[dealer].append(turned)
        discard = rng.choice([c for c in hands[dealer] if c != turned])   # never the turned card
        hands[dealer].remove(discard)
        deal["discard"] = discard
    out = left(maker, 2) if alone else None
    if alone and LONE_LEAD_LEFT[preset]:
        leader = left(maker)
    else:
        leader = left(dealer)
        if leader == out:
            leader = left(leader)
    made = Made(record, trump=trump)
    tricks_won = [0, 0]
    played: list[str] = []
    for t in range(5):
        order = [s for s in (left(leader, k) for k in range(4)) if s != out]
        made.held.append({s: list(h) for s, h in hands.items()})
        trick: list[str] = []
        led = None
        for s in order:
            legal = [c for c in hands[s] if may_play(hands[s], c, led, trump)]
            illegal = [c for c in hands[s] if c not in legal]
            if illegal and rng.random() < revoke_rate:
                card = rng.choice(illegal)
                made.revokes.append((s, t + 1))
            else:
                card = rng.choice(legal)
            hands[s].remove(card)
            trick.append(card)
            if led is None:
                led = suit_of(card, trump)
        win = order[winner(trick, trump)]
        made.winners.append(win)
        tricks_won[side(win)] += 1
        played.append(" ".join(trick))
        leader = win
    deal["tricks"] = played
    made.tricks = (tricks_won[0], tricks_won[1])
    made.points = points(preset, maker, alone, tricks_won[side(maker)])
    return made
