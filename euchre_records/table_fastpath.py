"""The fast path of the replay at tables of two, three and five: a clean deal verified with
integer bit masks (docs/TABLES.md "The fast path").

Contract: :func:`fast_table_deal` either returns exactly the :class:`TableDealResult` the
detailed replay (``table_replay._deal_result``) would return for the deal, or None — whenever
the deal is anything but a clean, complete, fully known one: a kind other than ``full``, an
unfinished deal, an irregularity, an unknown card in a hand, the joker turned, a wrong call or
turn, a dealer who took the card up without a recorded discard, any card not held and any
revoke. A five-handed maker who called a card he holds himself plays alone, with the detailed
replay's note. The
caller (:func:`table_replay.replay_table`) then runs the detailed replay, which explains or
refuses. So the fast path decides nothing the detailed replay would decide differently; it only
skips the findings, notes and located problems a clean deal does not need. A property test
(tests/test_table_fastpath.py) holds the two equal on generated legal deals and the goldens.

What the fast path gives is what bulk tables and the store read: the maker, trump, makers and
defenders, the partner, the leaders and winners of the five tricks, the makers' tricks and the
points per seat; the game's end is then scored by ``replay_table`` from those points. Pure.
"""

from __future__ import annotations

from .cards import JOKER, Suit, make_pack
from .fastpath import _BIT, _NOT_A_CARD, _TRUMP, hand_masks, orders_of_table, play_known
from .model import CallKind, DealKind
from .table_model import Scores, TableDeal, TableDealResult, TableRecord
from .scoring import seat_points

__all__ = ["fast_table_deal"]

_PACKS: dict[tuple[int, bool], int] = {}
_PASS, _ORDER, _TAKE, _NAME = CallKind.PASS, CallKind.ORDER, CallKind.TAKE, CallKind.NAME
_FULL = DealKind.FULL


def _pack_mask(size: int, joker: bool) -> int:
    mask = _PACKS.get((size, joker))
    if mask is None:
        mask = _PACKS[(size, joker)] = sum(_BIT[c] for c in make_pack(size, joker))
    return mask


def fast_table_deal(record: TableRecord, deal: TableDeal, number: int) -> TableDealResult | None:
    """The result of a clean deal at a table of n, or None (see the module docstring)."""
    if deal.kind is not _FULL or deal.unfinished or deal.irregularities:
        return None
    turned, hands = deal.turned, deal.hands
    if turned is None or turned is JOKER or hands is None:
        return None
    table, rules = record.table, record.rules
    n = table.seats
    if len(hands) != n:
        return None
    pack = _pack_mask(rules.pack, rules.joker)
    # --- the deal: every card known, each once, all in the pack (the one kernel of every table,
    # fastpath.hand_masks); a kitty given in part is left to the detailed replay ---
    kitty = deal.kitty
    if kitty is not None and (len(kitty) != pack.bit_count() - 5 * n - 1 or None in kitty):
        return None
    masks = hand_masks(hands, kitty, _BIT.get(turned, 0), pack)
    if masks is None:
        return None

    # --- the bidding: the plain case only ---
    dealer = deal.dealer
    calls = deal.calls
    turned_suit = turned.suit
    maker = -1
    trump: Suit | None = None
    alone = taken = False
    seat = (dealer + 1) % n
    last = len(calls) - 1
    for i, call in enumerate(calls):
        if i >= 2 * n or (call.seat is not None and call.seat != seat):
            return None
        if call.alone and not table.called_partner:
            return None
        kind = call.kind
        if kind is _PASS:
            if i >= n and seat == dealer and rules.stick_the_dealer:
                return None
            seat = (seat + 1) % n
            continue
        if i != last:
            return None
        if kind is _ORDER or kind is _TAKE:
            if i >= n or (kind is _TAKE) != (seat == dealer):
                return None
            maker, trump, alone, taken = seat, turned_suit, call.alone, True
        elif kind is _NAME:
            if i < n or call.suit is turned_suit or call.suit is None:
                return None
            maker, trump, alone = seat, call.suit, call.alone
        else:
            return None
    if trump is None:
        if len(calls) != 2 * n or deal.tricks or deal.discard is not None or deal.called is not None:
            return None
        zero = (0,) * n
        return TableDealResult(number, deal.kind, dealer, None, None, False, (), (), None, None,
                               True, True, (), (), 0, zero, zero, zero,
                               notes=(f"deal {number}: every player passed twice: thrown in "
                                      f"({rules.cite('thrown_in')})",))

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
    if table.called_partner:
        if alone:
            if called is not None or deal.partner_stated:
                return None
        else:
            if called is None or info.get(called, _NOT_A_CARD)[1] == trump_i:
                return None
            cb = _BIT.get(called, 0)
            holder = next((s for s in range(n) if masks[s] & cb), None)
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
    found = play_known(tricks, orders_of_table(n), lead, trump, masks)
    if found is None:
        return None
    winners = found
    leaders = [lead, *winners[:4]]

    # --- the score ---
    makers = (maker,) if partner is None else (maker, partner)
    lone = alone or table.maker_alone or (table.called_partner and partner is None)
    defenders = tuple(s for s in range(n) if s not in makers)
    maker_tricks = sum(1 for w in winners if w in makers)
    points: Scores = seat_points(table, rules, record.options, makers, lone, maker_tricks)[0]
    return TableDealResult(number, deal.kind, dealer, trump, maker, lone, makers, defenders,
                           called, partner, True, False, tuple(leaders), tuple(winners),
                           maker_tricks, points, (0,) * n, points, notes=notes)
