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


NO_TRUMP = "N"
"""``trump`` of a deal played at no trump (house rule allow_no_trump): no trumps, no bowers."""


def suit_of(card: str, trump: str) -> str:
    """The suit a card belongs to in play: the joker and the left bower are trumps (at no trump
    every card is of its printed suit; the joker is not played with it)."""
    if trump == NO_TRUMP:
        return card[1]
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
    if trump == NO_TRUMP:
        return plain.index(card[0])
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


def play_trick(hands: dict[str, list[str]], order: list[str], trump: str, rng: random.Random,
               revoke_rate: float, revokes: list[tuple[str, int]], number: int) -> list[str]:
    """One trick played by ``order`` from ``hands`` (cards removed): each player follows suit
    when he can, except that with probability ``revoke_rate`` one who could follow plays a card
    he may not, recorded in ``revokes`` as (seat, trick ``number``)."""
    trick: list[str] = []
    led = None
    for s in order:
        legal = [c for c in hands[s] if may_play(hands[s], c, led, trump)]
        illegal = [c for c in hands[s] if c not in legal]
        if illegal and rng.random() < revoke_rate:
            card = rng.choice(illegal)
            revokes.append((s, number))
        else:
            card = rng.choice(legal)
        hands[s].remove(card)
        trick.append(card)
        if led is None:
            led = suit_of(card, trump)
    return trick


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
        trick = play_trick(hands, order, trump, rng, revoke_rate, made.revokes, t + 1)
        win = order[winner(trick, trump)]
        made.winners.append(win)
        tricks_won[side(win)] += 1
        played.append(" ".join(trick))
        leader = win
    deal["tricks"] = played
    made.tricks = (tricks_won[0], tricks_won[1])
    made.points = points(preset, maker, alone, tricks_won[side(maker)])
    return made


# --- Two, three and five hands (../shared/VARIANTS.md) ---------------------------------------
#
# Everything above is the four-handed partnership game and stays as it is (the properties of
# tests/test_deal_properties.py use it). Below, the same card laws (suit_of, strength, may_play,
# winner: they know nothing of seats) for tables of n players, written from VARIANTS.md and the
# digest, and from nothing in the engine:
#
# - seats are "0" .. "n-1" clockwise: seat k+1 sits on seat k's left; deal, bidding and play pass
#   to the left;
# - five cards each, the next card is turned (card 5n of the shuffled pack), the rest undealt;
# - bidding over two rounds from the dealer's left, the dealer last (two hands: the non-dealer,
#   then the dealer); the dealer who takes the card up discards one (never the turned card here,
#   which every preset allows);
# - the player on the dealer's left leads the first trick (two hands: the non-dealer, "whoever
#   made trump"); nobody sits out, so every trick holds n cards;
# - the sides of a deal: two and three hands, the maker against the rest; five hands, the maker
#   and the holder of the called card (none when the card was undealt or the maker went alone)
#   against the rest;
# - scoring per VARIANTS.md (below, ``variant_points``) and revokes charged to each player of
#   the offended side (``revoke_charges``).

VARIANTS = (2, 3, 5)
"""The table sizes VARIANTS.md specifies besides four."""

REFUSED_BY_NAME = (1, 6, 7, 8)
"""Counts the Hoyle chapter or EGN name but VARIANTS.md does not specify: refused by name."""

VARIANT_PACKS = {2: (24, 28, 32), 3: (24, 28, 32), 5: (28, 32)}
"""Packs each table can be dealt from: 5n cards and a turned card must fit (5 x 5 + 1 = 26 > 24)."""

GAME_POINTS = {2: None, 3: 10, 5: 10}
"""VARIANTS.md: two hands play to 5 "or the preset's points" (None: the preset's), cut-throat
and five hands to 10."""

PRESET_GAME_POINTS = {"somerset-1888": 5, "hoyle": 5, "modern": 10}   # docs/RULES.md, game_points
REVOKE = {"somerset-1888": 3, "hoyle": 2, "modern": 2}                # Somerset 63; Hoyle renege; modern §7
REVOKE_LONE = {"somerset-1888": 5, "hoyle": 4, "modern": 2}
REVOKE_LONE_WHEN = {"somerset-1888": "lone-hand", "hoyle": "against-lone", "modern": "lone-hand"}
REVOKES_CANCEL = {"somerset-1888": True, "hoyle": False, "modern": False}   # Somerset 71
REVOKE_HAND_SCORES = {"somerset-1888": True, "hoyle": False, "modern": False}  # Somerset 4; Hoyle, modern: instead


def seat_names(n: int) -> list[str]:
    """The seat tokens of a table of ``n``: "0" .. "n-1", clockwise."""
    return [str(i) for i in range(n)]


def left_of(seat: str, n: int, steps: int = 1) -> str:
    """The seat ``steps`` places to the left (clockwise) of ``seat`` at a table of ``n``."""
    return str((int(seat) + steps) % n)


def bidding_order(n: int, dealer: str) -> list[str]:
    """One round of the bidding: from the dealer's left round to the dealer (VARIANTS.md)."""
    return [left_of(dealer, n, k) for k in range(1, n + 1)]


def first_leader(n: int, dealer: str) -> str:
    """Who leads the first trick: the dealer's left (for two hands, the non-dealer)."""
    return left_of(dealer, n)


def may_call(card: str, trump: str, pack_cards: list[str]) -> bool:
    """Five hands: the maker names one card of the pack not of the trump suit; the left bower
    and the joker belong to the trump suit for every purpose (RULES.md common ground)."""
    return card in pack_cards and suit_of(card, trump) != trump


def variant_points(n: int, makers: list[str], alone: bool, maker_tricks: int,
                   cutthroat_euchre: str = "each-opponent-2") -> list[int]:
    """The hand's points per seat, VARIANTS.md.

    ``makers``: the maker first, then his partner if he has one (five hands). ``alone``: five
    hands, the maker went alone or the called card was undealt.
    - two hands: 3-4 tricks 1, march 2, euchred 2 to the other player;
    - three hands: 3-4 tricks 1, march 3, euchred 2 to each of the other two
      (``each-opponent-2``) or 2 taken from the maker (``maker-minus-2``);
    - five hands: a making side 3-4 tricks 1 each, march 2 each; alone 3-4 tricks 1, a lone
      march 5; a making side euchred (alone or not) 2 to each defender."""
    out = [0] * n
    maker = int(makers[0])
    defenders = [s for s in range(n) if str(s) not in makers]
    made, march = maker_tricks >= 3, maker_tricks == 5
    if n == 2:
        if made:
            out[maker] = 2 if march else 1
        else:
            out[1 - maker] = 2
    elif n == 3:
        if made:
            out[maker] = 3 if march else 1
        elif cutthroat_euchre == "maker-minus-2":
            out[maker] = -2
        else:
            for s in defenders:
                out[s] = 2
    elif n == 5:
        if made:
            value = (5 if march else 1) if alone else (2 if march else 1)
            for s in makers:
                out[int(s)] = value
        else:
            for s in defenders:
                out[s] = 2
    else:
        raise ValueError(f"no variant for {n} hands")
    return out


def revoke_charges(preset: str, n: int, makers: list[str], lone_hand: bool,
                   revokes: list[tuple[str, int]],
                   revoke_to: str = "add") -> tuple[list[int], list[list[int]], bool]:
    """What the laws charge for the revokes ``(seat, trick)`` of a deal at a table of ``n``.

    VARIANTS.md: the four-handed penalty of the preset goes to **each player of the offended
    side** (a maker's revoke: each other player; a defender's: the maker and his partner).
    Size: the preset's (Somerset 63: 3, Hoyle renege: 2, modern §7: 2); the lone rate (Somerset
    5 in a lone hand, Hoyle 4 against a lone hand) only where the five-handed maker plays alone,
    by choice or because the called card was undealt (VARIANTS.md calls him alone and scores
    him so either way) -- our reading: the two- and three-handed maker's playing alone is the
    form of those games, not a lone hand (Keller: no lone hands at two). Repeats are charged
    again (63); under Somerset 71 equal numbers of revokes by the two sides cancel, the first
    of each side first. Added to each non-offender (``revoke_to`` "add", every preset's
    default; no election here), or with "deduct" taken from each player of the offending side.

    Returns (penalty per seat, the points each revoke moved -- zero for a cancelled one, in the
    order given, whether the hand's own points still score)."""
    charged = [True] * len(revokes)
    if REVOKES_CANCEL[preset]:
        by_makers = [i for i, (s, _) in enumerate(revokes) if s in makers]
        by_defenders = [i for i, (s, _) in enumerate(revokes) if s not in makers]
        for i in by_makers[:len(by_defenders)] + by_defenders[:len(by_makers)]:
            charged[i] = False
    total = [0] * n
    moved: list[list[int]] = []
    for (seat, _), on in zip(revokes, charged):
        points = [0] * n
        if on:
            lone = lone_hand and (REVOKE_LONE_WHEN[preset] == "lone-hand" or seat not in makers)
            size = REVOKE_LONE[preset] if lone else REVOKE[preset]
            if revoke_to == "deduct":
                charged_seats = [s for s in range(n) if (str(s) in makers) == (seat in makers)]
                size = -size
            else:
                charged_seats = [s for s in range(n) if (str(s) in makers) != (seat in makers)]
            for s in charged_seats:
                points[s] = size
                total[s] += size
        moved.append(points)
    hand_scores = REVOKE_HAND_SCORES[preset] or not any(charged)
    return total, moved, hand_scores


@dataclass
class VariantMade:
    """A deal at a table of n made by :func:`random_variant_record`, and what the laws say."""

    record: dict[str, object]
    seats: int
    thrown_in: bool = False
    trump: str | None = None
    maker: str | None = None
    alone: bool = False                # five hands: declared alone, or the called card undealt
    declared_alone: bool = False
    called: str | None = None
    partner: str | None = None         # the holder of the called card, None when undealt
    makers: list[str] = field(default_factory=list)    # the maker, then his partner if any
    winners: list[str] = field(default_factory=list)
    leaders: list[str] = field(default_factory=list)
    maker_tricks: int = 0
    hand_points: list[int] = field(default_factory=list)
    penalty: list[int] = field(default_factory=list)
    points: list[int] = field(default_factory=list)
    revokes: list[tuple[str, int]] = field(default_factory=list)   # (seat, trick 1-5)
    revoke_points: list[list[int]] = field(default_factory=list)   # per revoke, per seat
    held: list[dict[str, list[str]]] = field(default_factory=list)
    fast_break: bool = False           # the house rule fast_break was on and the deal was one


def random_variant_record(rng: random.Random, seats: int, preset: str, size: int | None = None,
                          joker: bool = False, revoke_rate: float = 0.0, pass_rate: float = 0.5,
                          alone_rate: float = 0.2, undealt_rate: float = 0.15,
                          cutthroat_euchre: str = "each-opponent-2",
                          revoke_to: str = "add", fast_break: bool = False,
                          no_trump: bool = False, joker_turned: bool = False) -> VariantMade:
    """A random deal at a table of ``seats`` (2, 3 or 5) as a one-deal notation record in the
    n-handed notation (``rules.seats``, seat tokens "0".., ``called``), and what the laws say
    happened: winners, the makers' tricks, the points per seat and the revokes.

    Every play follows suit, except that with probability ``revoke_rate`` a player who could
    follow plays another suit (a revoke, listed). Five hands: the maker goes alone with
    probability ``alone_rate``; otherwise he names a card not of the trump suit that he does
    not hold, one left undealt (in the kitty, the dealer's discard, or the turned-down card)
    with probability ``undealt_rate`` when there is one to name. ``fast_break``: the house rule
    on (RULES.md "House rules"): makers who took only the last three tricks score nothing, the
    penalties stand (``made.fast_break`` says whether the deal was one). ``no_trump``: the house
    rule allow_no_trump on; a maker in the second round names no trump (``NT``, ``made.trump``
    :data:`NO_TRUMP`) half the time (no joker with it). ``joker_turned`` (with ``joker``): the
    joker is the turned card and the dealer names the suit it stands for (``joker_suit``; RULES.md
    joker_upcard 'dealer-names'): that suit is accepted in the first round, and may not be named
    in the second."""
    if seats not in VARIANTS:
        raise ValueError(f"no variant for {seats} hands")
    size = size or VARIANT_PACKS[seats][0]
    names = seat_names(seats)
    cards = pack(size, joker)
    rng.shuffle(cards)
    if joker and joker_turned:           # the joker to the turned position
        at = cards.index(JOKER)
        cards[at], cards[5 * seats] = cards[5 * seats], cards[at]
    while cards[5 * seats] == JOKER and not joker_turned:   # else keep it out of there
        rng.shuffle(cards)
    dealer = rng.choice(names)
    order = bidding_order(seats, dealer)
    hands = {s: cards[i * 5:(i + 1) * 5] for i, s in enumerate(order)}
    turned, kitty = cards[5 * seats], cards[5 * seats + 1:]
    turned_suit = rng.choice(SUITS) if turned == JOKER else turned[1]   # the dealer names it
    dealt = {s: list(h) for s, h in hands.items()}
    calls: list[str] = []
    maker = trump = None
    declared_alone = False
    for n in range(2 * seats):
        seat = order[n % seats]
        if rng.random() > pass_rate:
            maker = seat
            if n < seats:
                trump = turned_suit
                word = "take" if seat == dealer else "order"
            elif no_trump and rng.random() < 0.5:
                trump, word = NO_TRUMP, "NT"
            else:
                trump = rng.choice([s for s in SUITS if s != turned_suit])
                word = trump
            declared_alone = seats == 5 and rng.random() < alone_rate
            calls.append(word + (" alone" if declared_alone else ""))
            break
        calls.append("pass")
    overrides: dict[str, object] = {"pack": size, "joker": joker}
    if seats == 3 and cutthroat_euchre != "each-opponent-2":
        overrides["cutthroat_euchre"] = cutthroat_euchre
    if revoke_to != "add":
        overrides["revoke_to"] = revoke_to
    if fast_break:
        overrides["fast_break"] = True
    if no_trump:
        overrides["allow_no_trump"] = True
    record: dict[str, object] = {
        "format": "euchre-records", "version": "1.0",
        "rules": {"preset": preset, "seats": seats, "overrides": overrides},
    }
    deal: dict[str, object] = {"kind": "full", "dealer": dealer, "turned": turned,
                               **({"joker_suit": turned_suit} if turned == JOKER else {}),
                               "hands": {s: " ".join(dealt[s]) for s in names},
                               "kitty": " ".join(kitty), "calls": calls}
    record["deals"] = [deal]
    made = VariantMade(record, seats)
    if maker is None or trump is None:
        made.thrown_in = True
        made.hand_points = made.penalty = made.points = [0] * seats
        return made
    undealt = list(kitty)
    if len(calls) <= seats:   # accepted in the first round: the dealer takes the card, discards one
        hands[dealer].append(turned)
        discard = rng.choice([c for c in hands[dealer] if c != turned])
        hands[dealer].remove(discard)
        deal["discard"] = discard
        undealt.append(discard)
    else:
        undealt.append(turned)   # turned down: out of play
    made.trump, made.maker, made.declared_alone = trump, maker, declared_alone
    made.makers = [maker]
    if seats == 5 and not declared_alone:
        callable_ = [c for c in pack(size, joker) if may_call(c, trump, pack(size, joker))
                     and c not in hands[maker]]
        left_out = [c for c in callable_ if c in undealt]
        if left_out and rng.random() < undealt_rate:
            called = rng.choice(left_out)
        else:
            called = rng.choice([c for c in callable_ if c not in undealt])
        deal["called"] = called
        made.called = called
        holder = [s for s in names if called in hands[s]]
        made.partner = holder[0] if holder else None
        if made.partner is not None:
            made.makers.append(made.partner)
    made.alone = seats == 5 and len(made.makers) == 1
    leader = first_leader(seats, dealer)
    played: list[str] = []
    for t in range(5):
        turn = [left_of(leader, seats, k) for k in range(seats)]
        made.held.append({s: list(h) for s, h in hands.items()})
        made.leaders.append(leader)
        trick = play_trick(hands, turn, trump, rng, revoke_rate, made.revokes, t + 1)
        win = turn[winner(trick, trump)]
        made.winners.append(win)
        played.append(" ".join(trick))
        leader = win
    deal["tricks"] = played
    made.maker_tricks = sum(1 for w in made.winners if w in made.makers)
    made.hand_points = variant_points(seats, made.makers, made.alone, made.maker_tricks,
                                      cutthroat_euchre)
    made.fast_break = (fast_break and made.maker_tricks == 3
                       and not {made.winners[0], made.winners[1]} & set(made.makers))
    if made.fast_break:
        made.hand_points = [0] * seats
    made.penalty, made.revoke_points, hand_scores = revoke_charges(
        preset, seats, made.makers, made.alone, made.revokes, revoke_to)
    made.points = [p + (h if hand_scores else 0) for p, h in zip(made.penalty, made.hand_points)]
    return made
