"""The fast path of the deal replay at every table: the common case, verified with integer bit masks.

The four-handed game's :func:`fast_replay` and the tables of two, three and five's
:func:`fast_table_deal` (at the end of this module) check their cards with the same kernels
(:mod:`.fast_kernels`: the bidding walk ``_bid``, :func:`hand_masks` and :func:`play_known`),
called with n seats; this module binds each kernel to its compiled twin in ``_cplay.c`` where
that is built (``_c_bid`` ...), the pure-Python one otherwise.

Contract: :func:`fast_replay` either returns exactly the :class:`DealResult` the detailed replay
(``deal.DealWalk``) would return, or None — whenever the deal is anything but a clean, complete,
fully known deal: irregularities, unknown cards, the joker turned, a claim, a wrong call word,
any error or any revoke. The caller then runs the detailed replay, which explains. So the fast
path decides nothing the detailed path would decide differently; it only skips the bookkeeping
that explanations need. A property test holds the two to the same results.
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import JOKER, SEATS, Card, Seat, Side, Suit, make_pack
from .fast_kernels import (
    _ASSIST, _BIT, _CANADIAN, _DEFEND, _DEFEND_ALONE, _EFF, _NAME, _NO_LONE, _NOT_A_CARD,
    _ORDER, _PARTNER_ALONE, _PASS, _STICK, _SUITS, _TAKE, _TAKES_LONE, _TRUMP, PlayedTrick,
    _bid, _hand_masks, _play_inferred, _play_known,
)
from .deal_score import unplayed_result
from .model import FOUR_SIDES, DealKind, Deal, DealResult, Scores, Record
from .house_rules import fast_break
from .rules import LoneLead, Rules
from .scoring import hand_points, seat_points

__all__ = ["COMPILED", "fast_replay", "fast_table_deal", "hand_masks", "orders_of_table",
           "play_known"]


try:   # the compiled twins of _bid, _hand_masks, _play_known and _play_inferred (_cplay.c)
    from . import _cplay
except ImportError:   # no compiler at install: the pure-Python kernels (fast_kernels) run alone
    _cplay = None   # type: ignore[assignment]
COMPILED = _cplay is not None
"""Whether the compiled kernels (``euchre_records._cplay``) are in use."""


def _orders(out: int) -> tuple[tuple[int, ...], ...]:
    """For each leader, the active seats in playing order, when the seats in ``out`` sit out."""
    result: list[tuple[int, ...]] = []
    for lead in range(4):
        start = lead
        while out >> start & 1:
            start = (start + 1) & 3
        result.append(tuple(s for s in ((start + k) & 3 for k in range(4)) if not out >> s & 1))
    return tuple(result)


def orders_of_table(seats: int) -> tuple[tuple[int, ...], ...]:
    """For each leader at a table of ``seats`` where every seat plays, the seats in playing order
    (to the left, seat + 1 modulo the table)."""
    found = _TABLE_ORDERS.get(seats)
    if found is None:
        found = _TABLE_ORDERS[seats] = tuple(tuple((lead + k) % seats for k in range(seats))
                                             for lead in range(seats))
    return found


_TABLE_ORDERS: dict[int, tuple[tuple[int, ...], ...]] = {}
_ORDERS = tuple(_orders(out) if out.bit_count() <= 2 else () for out in range(16))   # at most 2 sit out
_RULES: dict[int, tuple[Rules, int, dict[tuple[bool, bool, bool, int], tuple[int, int]], int]] = {}
_RESULT, _POINTS = DealKind.RESULT, DealKind.POINTS
_LONE_LEFT = LoneLead.LEFT_OF_LONE
_THROWN_IN = ((), (), (0, 0), (0, 0), (0, 0), (0, 0))


def _rules_table(rules: Rules) -> tuple[int, dict[tuple[bool, bool, bool, int], tuple[int, int]], int]:
    """(the pack as a mask, scoring.hand_points for every case, the bidding's options as _bid's
    flags), tabled once per rule set (keyed by identity: a frozen Rules hashes all its fields)."""
    entry = _RULES.get(id(rules))
    if entry is None or entry[0] is not rules:
        pack = sum(_BIT[c] for c in make_pack(rules.pack, rules.joker))
        table = {(alone, lone_def, ns, tricks): hand_points(rules, Side.NS if ns else Side.EW, alone,
                                                            Seat.N if lone_def else None, tricks)
                 for alone in (False, True) for lone_def in (False, True) for ns in (False, True)
                 for tricks in range(6)}
        if len(_RULES) > 64:
            _RULES.clear()
        flags = ((_STICK if rules.stick_the_dealer else 0) | (_CANADIAN if rules.canadian else 0)
                 | (_TAKES_LONE if rules.partner_takes_lone else 0)
                 | (_DEFEND if rules.defend_alone else 0))
        entry = _RULES[id(rules)] = (rules, pack, table, flags)
    return entry[1], entry[2], entry[3]


def fast_replay(deal: Deal, rules: Rules, number: int) -> DealResult | None:
    """The result of a clean deal, or None (see the module docstring)."""
    if deal.irregularities or deal.kind is _RESULT or deal.kind is _POINTS or deal.exchanges:
        return None   # exchanges (house rules) are checked by the detailed replay
    turned = deal.turned
    if turned is None or turned is JOKER:
        return None
    bit = _BIT
    pack, points, flags = _rules_table(rules)
    turned_bit = bit.get(turned, 0)
    hands = deal.hands
    full = hands is not None
    masks: list[int] = [0, 0, 0, 0]
    if hands is not None:
        if len(hands) != 4:
            return None   # not one hand per seat: left to the detailed replay
        try:
            known = _c_hand_masks(hands, deal.kitty, turned_bit, pack)
        except TypeError:
            known = _hand_masks(hands, deal.kitty, turned_bit, pack)
        if known is None:
            return None
        masks = known
    elif not turned_bit & pack:
        return None

    # --- bidding (the plain case only) ---
    dealer = deal.dealer
    turned_suit = turned.suit
    assert turned_suit is not None
    try:
        bid = _c_bid(deal.calls, SEATS, dealer, turned_suit, flags)
    except TypeError:
        bid = _bid(deal.calls, SEATS, dealer, turned_suit, flags)
    if bid is None:
        return None
    maker, trump, alone, took_up, thrown, defender = bid
    if thrown:
        if deal.tricks or deal.discard is not None:
            return None
        return DealResult(number, deal.kind, dealer, turned, None, None, False, None, True,
                                 *_THROWN_IN)
    if maker is None or trump is None:
        return None

    # --- discard ---
    used = turned_bit      # cards that can no longer be played (PLAYS records)
    d = deal.discard
    if took_up:
        if full:
            masks[dealer] += turned_bit
            if d is None:
                return None   # the dealer's unknown discard: left to the detailed replay
        used = 0
        if d is not None:
            db = bit.get(d, 0)
            if d is turned and not rules.turned_card_discard:
                return None
            if full:
                if not masks[dealer] & db:
                    return None
                masks[dealer] -= db
            elif not db & pack:
                return None
            used |= db
    elif d is not None:
        return None

    # --- play (seats as ints 0-3 from here on) ---
    out = 0
    if alone:
        out |= 1 << ((maker + 2) & 3)
    if defender is not None:
        out |= 1 << ((defender + 2) & 3)
    first = (maker + 1) & 3 if alone and rules.lone_lead is _LONE_LEFT else (dealer + 1) & 3
    orders = _ORDERS[out]
    lead = orders[first][0]
    tricks = deal.tricks
    if len(tricks) != 5:
        return None
    if full:
        try:
            winners = _c_play_known(tricks, orders, lead, trump, masks)
        except TypeError:
            winners = _play_known(tricks, orders, lead, trump, masks)
    else:
        try:
            inferred = _c_play_inferred(tricks, orders, lead, trump, pack, used, turned_bit,
                                        int(dealer))
        except TypeError:
            inferred = _play_inferred(tricks, orders, lead, trump, pack, used, turned_bit,
                                      int(dealer))
        if inferred is None:
            return None
        winners, used = inferred
        if took_up and not out >> dealer & 1 and not used & turned_bit:
            return None   # the dealer never played the card he took up: the detailed replay says so
    if winners is None:
        return None
    w0, w1, w2, w3, w4 = winners[0], winners[1], winners[2], winners[3], winners[4]
    makers_ns = not maker & 1
    ns = 5 - ((w0 & 1) + (w1 & 1) + (w2 & 1) + (w3 & 1) + (w4 & 1))
    maker_tricks = ns if makers_ns else 5 - ns
    if (rules.fast_break and maker_tricks == 3 and (w0 & 1) != (maker & 1)
            and (w1 & 1) != (maker & 1)):
        return None   # a fast break (house rule): the detailed replay scores it and says so
    hand = points[alone, defender is not None, makers_ns, maker_tricks]
    z = SEATS
    sides = FOUR_SIDES[maker * 10 + 5 * alone if defender is None else maker * 10 + 5 * alone + defender + 1]
    return DealResult(number, deal.kind, dealer, turned, trump, maker, alone, defender, False,
                      (z[lead], z[w0], z[w1], z[w2], z[w3]), (z[w0], z[w1], z[w2], z[w3], z[w4]),
                      (ns, 5 - ns), hand, (0, 0), hand, (), False, None, None, (), False, False,
                      sides[0], sides[1], maker_tricks)   # by position: keywords cost (issue 32)


def hand_masks(hands: tuple[tuple[Card | None, ...], ...], kitty: tuple[Card | None, ...] | None,
               turned_bit: int, pack: int) -> list[int] | None:
    """:func:`_hand_masks`, compiled where the kernels are built: one per seat at any table."""
    try:
        return _c_hand_masks(hands, kitty, turned_bit, pack)
    except TypeError:
        return _hand_masks(hands, kitty, turned_bit, pack)


def play_known(tricks: tuple[PlayedTrick, ...], orders: tuple[tuple[int, ...], ...], lead: int,
               trump: Suit, masks: list[int]) -> list[int] | None:
    """:func:`_play_known`, compiled where the kernels are built, at any table (``orders``: per
    seat, the seats in playing order when it leads). ``masks`` may be consumed."""
    try:
        return _c_play_known(tricks, orders, lead, trump, masks)
    except TypeError:
        return _play_known(tricks, orders, lead, trump, masks)


if _cplay is not None:
    # the tables the C reads, from cards.py's: the cards in bit order, per trump their
    # effective suit index and power (the C holds no euchre knowledge of its own)
    _BY_BIT = tuple(sorted(_BIT, key=_BIT.__getitem__))
    assert [_BIT[c] for c in _BY_BIT] == [1 << i for i in range(len(_BY_BIT))]
    _cplay.init(_BY_BIT, _SUITS, tuple(tuple(_EFF[t][c][0] for c in _BY_BIT) for t in _SUITS),
                tuple(tuple(_EFF[t][c][1] for c in _BY_BIT) for t in _SUITS))
    assert all(int(s) == i for i, s in enumerate(SEATS))   # the C's seat arithmetic (& 3)
    _cplay.init_bidding((_PASS, _ORDER, _ASSIST, _TAKE, _NAME, _PARTNER_ALONE, _DEFEND_ALONE))
    _c_bid = _cplay.bid
    _c_hand_masks = _cplay.hand_masks
    _c_play_known = _cplay.play_known
    _c_play_inferred = _cplay.play_inferred
else:
    _c_bid, _c_hand_masks, _c_play_known, _c_play_inferred = (_bid, _hand_masks, _play_known,
                                                              _play_inferred)


# --- tables where each scores for himself (2, 3, 5) ---------------------------------------------
# The fast path of match.replay at a table of n (docs/TABLES.md "The fast path"): the same kernels
# (hand_masks, play_known) with n seats; the bidding and the called card are the table's own.

_FULL = DealKind.FULL
_BY_INDEX: Callable[..., DealResult] = DealResult   # built with seat indexes, which the type checker reads as Seat
# (maker, partner, lone, makers' tricks) -> (the makers, the defenders, scoring.seat_points)
_SeatPoints = dict[tuple[int, int | None, bool, int], tuple[tuple[int, ...], tuple[int, ...], Scores]]
# per record's rules (keyed by identity, holding rules, options and table as _rules_table):
# (the pack as a mask, the table's orders of play, the zero score, the seats, _bid's flags, the
# sides and points remembered)
_TableEntry = tuple[int, tuple[tuple[int, ...], ...], Scores, tuple[int, ...], int, _SeatPoints]
_TABLES: dict[int, tuple[object, object, object, _TableEntry]] = {}


def _table_entry(record: Record) -> _TableEntry:
    """What fast_table_deal reads of the record's table, rules and options, tabled once per rule
    set: the pack as a mask, :func:`orders_of_table`, the zero score, the seats (0 .. n-1) and
    the bidding's flags for :func:`_bid`, and the makers, defenders and scoring.seat_points
    remembered per (maker, partner, lone, makers' tricks)."""
    rules, options, table = record.rules, record.options, record.table
    entry = _TABLES.get(id(rules))
    if entry is None or entry[0] is not rules or entry[1] is not options or entry[2] is not table:
        if len(_TABLES) > 64:
            _TABLES.clear()
        pack = sum(_BIT[c] for c in make_pack(rules.pack, rules.joker))
        flags = ((_STICK if rules.stick_the_dealer else 0)
                 | (0 if table.called_partner else _NO_LONE))   # lone hands: five-handed only
        entry = _TABLES[id(rules)] = (rules, options, table, (
            pack, orders_of_table(table.seats), (0,) * table.seats, tuple(range(table.seats)),
            flags, {}))
    return entry[3]


def fast_table_deal(record: Record, deal: Deal, number: int) -> DealResult | None:
    """The result of a clean deal at a table of n, or None.

    Contract: either exactly the :class:`DealResult` the detailed replay
    (``deal.replay_in_detail``) would return for the deal, or None — whenever the deal is
    anything but a clean, complete, fully known one: a kind other than ``full``, an unfinished
    deal, an irregularity, an unknown card in a hand, a kitty given in part, the joker turned, a
    wrong call or turn, a dealer who took the card up without a recorded discard, any card not
    held and any revoke. A five-handed maker who called a card he holds himself plays alone, with
    the detailed replay's note. The caller (:func:`match.replay`) then runs the
    detailed replay, which explains or refuses: the fast path decides nothing the detailed replay
    would decide differently. It gives what bulk tables and the store read (maker, trump, makers
    and defenders, partner, leaders and winners, the makers' tricks, the points per seat); the
    game's end is scored by ``match.replay``. Held equal to the detailed replay by
    tests/test_fastpath_every_table.py."""
    if deal.kind is not _FULL or deal.unfinished or deal.irregularities or deal.exchanges:
        return None   # exchanges (house rules): the detailed replay checks them
    turned, hands = deal.turned, deal.hands
    if turned is None or turned is JOKER or hands is None:
        return None
    table, rules = record.table, record.rules
    n = table.seats
    if len(hands) != n:
        return None
    entry = _TABLES.get(id(rules))   # _table_entry's look-up, inline on the hot path
    if (entry is None or entry[0] is not rules or entry[1] is not record.options
            or entry[2] is not table):
        pack, orders, zero, seats, flags, known = _table_entry(record)
    else:
        pack, orders, zero, seats, flags, known = entry[3]
    # --- the deal: every card known, each once, all in the pack (the one kernel of every table,
    # fastpath.hand_masks); a kitty given in part is left to the detailed replay ---
    kitty = deal.kitty
    if kitty is not None and (len(kitty) != pack.bit_count() - 5 * n - 1 or None in kitty):
        return None
    turned_bit = _BIT.get(turned, 0)
    try:
        masks = _c_hand_masks(hands, kitty, turned_bit, pack)
    except TypeError:
        masks = _hand_masks(hands, kitty, turned_bit, pack)
    if masks is None:
        return None

    # --- the bidding: the plain case only (the four-handed walk, _bid, at n seats) ---
    dealer = deal.dealer
    calls = deal.calls
    turned_suit = turned.suit
    assert turned_suit is not None
    try:
        bid = _c_bid(calls, seats, dealer, turned_suit, flags)
    except TypeError:
        bid = _bid(calls, seats, dealer, turned_suit, flags)
    if bid is None:
        return None
    maker_seat, trump, alone, taken, thrown, _ = bid
    called_partner = table.called_partner
    if thrown:
        if deal.tricks or deal.discard is not None or deal.called is not None:
            return None
        return unplayed_result(table, number, deal, thrown_in=True,
                               notes=(f"deal {number}: every player passed twice: thrown in "
                                      f"({rules.cite('thrown_in')})",))
    if maker_seat is None or trump is None:
        return None   # the bidding stops short
    maker = maker_seat

    # --- the dealer's take-up and discard ---
    discard = deal.discard
    if taken:
        if discard is None or (discard is turned and not rules.turned_card_discard):
            return None
        db = _BIT.get(discard, 0)
        held = masks[dealer] + _BIT[turned]
        if not held & db:
            return None
        masks[dealer] = held - db
    elif discard is not None:
        return None

    # --- five hands: the called card and its holder ---
    called = deal.called
    partner: int | None = None
    notes: tuple[str, ...] = ()
    info, _, trump_i = _TRUMP[trump]
    if called_partner:
        if alone:
            if called is not None or deal.partner_stated:
                return None
        else:
            if called is None or info.get(called, _NOT_A_CARD)[1] == trump_i:
                return None
            cb = _BIT.get(called, 0)
            holder: int | None = None
            for s, m in enumerate(masks):
                if m & cb:
                    holder = s
                    break
            if holder == maker:   # he plays alone, and the replay says so (as the detailed one)
                if deal.partner_stated and deal.partner is not None:
                    return None
                notes = (f"deal {number}: the maker holds the card he called ({called.name}): "
                         "he plays alone",)
            elif deal.partner_stated and deal.partner != holder:
                return None
            else:
                partner = holder
    elif called is not None or deal.partner_stated:
        return None

    # --- the play: every card held, suit followed (the kernel of every table) ---
    tricks = deal.tricks
    if len(tricks) != 5:
        return None
    lead = (dealer + 1) % n
    try:
        winners = _c_play_known(tricks, orders, lead, trump, masks)
    except TypeError:
        winners = _play_known(tricks, orders, lead, trump, masks)
    if winners is None:
        return None

    # --- the score ---
    maker_tricks = winners.count(maker) + (0 if partner is None else winners.count(partner))
    if rules.fast_break and maker_tricks == 3 and fast_break((maker, partner), winners, 3):
        return None   # a fast break (house rule): the detailed replay scores it and says so
    lone = alone or table.maker_alone or (called_partner and partner is None)
    side = known.get((maker, partner, lone, maker_tricks))
    if side is None:
        makers: tuple[int, ...] = (maker,) if partner is None else (maker, partner)
        side = known[maker, partner, lone, maker_tricks] = (
            makers, tuple(s for s in range(n) if s not in makers),
            seat_points(table, rules, record.options, makers, lone, maker_tricks)[0])
    makers, defenders, points = side
    # by position, as model.seat_deal_result builds it (the hot path: no call, no keywords)
    return _BY_INDEX(number, deal.kind, dealer, turned, trump, maker, lone, None,
                      False, (lead, winners[0], winners[1], winners[2], winners[3]),
                      tuple(winners), (), points, zero, points, (), False, None, None, notes,
                      False, False, makers, defenders, maker_tricks, called, partner, True)
