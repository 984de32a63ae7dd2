"""Double-dummy search: with every remaining card seen and every player playing best, how many of
the remaining tricks does a side take?

:class:`DoubleDummy` is built once for a deal's cards, trump and side, and answers
:meth:`DoubleDummy.tricks` for any position of that deal (a trick boundary or part-way through a
trick), sharing one transposition table across the questions, so that analysing every card of a
played line costs little more than solving the deal once; :meth:`DoubleDummy.reaches` asks one
yes/no question of the same search ("does the side take k?") for a caller that only compares
the value with a threshold (the calls, :mod:`.call_tricks`). The method is the one bridge solvers
use, scaled down to five tricks:

- cards are bits: each card in play gets one bit, laid out suit by suit (trumps highest), each
  suit from low to high in power, so following suit is ``hand & suit`` and a trick's winner is
  the numerically largest card of the suit led or of trumps;
- the question asked is yes/no ("can the side take ``k``?", a null-window search); the exact
  value comes from a few of them, starting from cheap bounds (each hand's sure trump tricks:
  its trumps less those the opposing higher trumps can beat one by one, and its top plain cards
  too against opponents with no trump; the leader's cashing tricks, which only an opponent's
  trumps can ruff; the tricks left: :mod:`.dd_bounds`) and moving one trick at a time (MTD(f));
- a transposition table keyed at trick boundaries by the cards still held, each squeezed to its
  rank among the live cards of its suit (so positions differing only by which small cards went
  already share an entry) and the seat to lead, storing bounds;
- touching cards of one hand (no live card of another hand between them; a follower's cards
  with only cards already played to the trick between them, the trick's best card aside) are
  one move;
- moves in a sensible order: the leads leaving the other side the fewest legal cards first (a
  suit they must follow with one card each gives the fewest replies to try or to refute), among
  equals the leader's high cards first; a follower wins as cheaply as he can (first with a card
  no opponent still to play can beat), or plays low when his partner holds the trick above
  every card an opponent still to play could take it with, or he cannot win. With five hands,
  three of them on one side, this order decides most of the search (issue 32);
- part-way through a trick, a trick already settled (no opponent still to play can beat its
  best card) answers the question when it is the trick the makers still need or the one they
  cannot lose, before any later card is tried; and a follower with one legal card (often, with
  five hands) plays it in the same call, the next seat's position searched there (still counted
  as a position).

Contract: :meth:`DoubleDummy.tricks` equals the plain minimax value (every legal line tried),
which ``tests/test_double_dummy.py`` checks against a brute force written apart. The work is
bounded like the claim search: inside :func:`analysis_budget` every position costs one unit and
past the limit :class:`~euchre_records.errors.SearchBudgetExceeded` is raised (``too-costly``).

Any table: seats are ints in the order of play, and the side is a set of seats (three-handed,
the maker 1 alone against 0 and 2):

>>> from euchre_records.cards import parse_card as c, Seat, Side, Suit
>>> solve(Position(((c("AS"),), (c("9H"),), (c("KS"),)), frozenset({1}), 0, Suit.HEARTS))
1
>>> hands = {Seat.N: [c("JH"), c("9S")], Seat.E: [c("AH"), c("AS")], Seat.S: [c("9C"), c("TC")],
...          Seat.W: [c("KS"), c("QS")]}
>>> DoubleDummy(hands, Suit.HEARTS, Side.NS).tricks(hands, Seat.N)
1
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, Collection, Iterator, Mapping, Sequence

from .cards import SEATS, Card, Side, Suit, power_table
from .dd_bounds import CheapBounds
from .dd_endgame import LastTricks
from .errors import SearchBudgetExceeded

__all__ = ["DoubleDummy", "Position", "solve", "Hands", "analysis_budget", "AnalysisBudget", "DEFAULT_ANALYSIS_BUDGET"]

DEFAULT_ANALYSIS_BUDGET = 1_000_000
"""Search positions one request may spend on analysis, all its deals together: about three
seconds of CPU (a position costs ~3 µs). A full deal with its calls and every play cost about
3,300 at four, 15,600 at five, 800 at three and 200 at two (40 random full deals a size, issue
32's calls asked by yes/no questions: ``call_tricks``), and the leads ordered by the other
side's replies (issue 32) cut the analyses of examples/ and tests/golden/ by a further 13% at
four and 30% at five; so a record of some three hundred and forty four-handed deals fits (about
ninety at five); a 2 MiB body of thousands is refused 422 ``too-costly`` after about three
seconds, and nothing is cached."""


class AnalysisBudget:
    """A mutable count of search positions left (one per request; not shared across threads)."""

    __slots__ = ("left", "limit")

    def __init__(self, limit: int) -> None:
        self.left = self.limit = limit

    def spend(self, n: int) -> None:
        self.left -= n
        if self.left < 0:
            raise SearchBudgetExceeded(
                f"analysing this record needs more than {self.limit} search positions; "
                "analyse fewer deals per request (euchre analyse has no limit)", "")


_BUDGET: ContextVar[AnalysisBudget | None] = ContextVar("analysis_budget", default=None)


@contextmanager
def analysis_budget(limit: int | None = None) -> Iterator[AnalysisBudget]:
    """Bound every double-dummy search inside the ``with`` block to ``limit`` positions in
    total (default :data:`DEFAULT_ANALYSIS_BUDGET`)."""
    budget = AnalysisBudget(DEFAULT_ANALYSIS_BUDGET if limit is None else limit)
    token = _BUDGET.set(budget)
    try:
        yield budget
    finally:
        _BUDGET.reset(token)


@dataclass(frozen=True, slots=True)
class Position:
    """A position of any table, as the solver sees it: ``hands[i]`` the cards seat ``i`` holds
    (seats 0 .. n-1 in the order of play), ``makers`` the seats whose tricks are counted (the
    maker, and his partner where there is one), ``leader`` the seat that led (or is to lead)
    the trick, ``trump`` None for no trump, ``table`` the cards already down in the trick in
    progress (the leader's first), ``out`` seats that take no part (a lone hand's partner)."""

    hands: tuple[tuple[Card, ...], ...]
    makers: frozenset[int]
    leader: int
    trump: Suit | None
    table: tuple[Card, ...] = ()
    out: frozenset[int] = frozenset()


def solve(position: Position) -> int:
    """The makers' tricks of the rest of the deal (the trick in progress included) with best
    play by every seat (ValueError for a position that cannot arise)."""
    cards = {i: h for i, h in enumerate(position.hands) if i not in position.out}
    solver = DoubleDummy({i: list(h) + [c for c in _played_by(position, i)] for i, h in cards.items()},
                         position.trump, position.makers)
    return solver.tricks(cards, position.leader, position.table)


def _played_by(position: Position, seat: int) -> tuple[Card, ...]:
    """The card ``seat`` has put on the table in the trick in progress (none or one)."""
    order = [s for s in range(len(position.hands)) if s not in position.out]
    k = order.index(position.leader)
    for j, c in enumerate(position.table):
        if order[(k + j) % len(order)] == seat:
            return (c,)
    return ()


Hands = Mapping[Any, Sequence[Card]]
"""Cards by seat: the keys are int seats 0 .. n-1 (a four-handed :class:`~.cards.Seat` is one;
``Any`` because a mapping's key type is invariant)."""


def _low_bits(mask: int) -> Iterator[int]:
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


class DoubleDummy(CheapBounds, LastTricks):
    """The double-dummy value of every position of one deal's play, for one side.

    ``cards`` maps each active seat (an int, 0 .. n-1 in the order of play: a four-handed
    :class:`~.cards.Seat` is one) to the cards it holds at the earliest position that will be
    asked about (typically the start of play); ``sitting_out`` seats take no part (lone hands);
    ``side`` is the side counted: a four-handed :class:`~.cards.Side`, or the seats of the side
    (the makers of a deal at a table of n); ``trump`` None is a no-trump deal. Raises ValueError
    for a card held twice.
    """

    SQUEEZE_FROM = 3
    """Positions with fewer tricks left than this are filed by their cards only: they are many,
    cheap to search again, and squeezing them costs more than it saves."""

    def __init__(self, cards: Hands, trump: Suit | None,
                 side: Side | Collection[int], sitting_out: Collection[int] = frozenset()) -> None:
        self.active: tuple[int, ...] = tuple(sorted(s for s in cards if s not in sitting_out))
        self.side = side
        self.trump = trump
        if isinstance(side, Side):
            ours = tuple(SEATS[s].side is side for s in self.active)
        else:
            ours = tuple(s in side for s in self.active)
        table = power_table(trump)
        every = [c for s in self.active for c in cards[s]]
        if len(set(every)) != len(every):
            raise ValueError("a card is held twice")
        # the bit layout: suits by block (trumps last, so highest), in each block low to high
        order = sorted(every, key=lambda c: (table[c][0] is trump, table[c][0].value, table[c][1]))
        self.bit: dict[Card, int] = {c: 1 << i for i, c in enumerate(order)}
        self.card_of: dict[int, Card] = {b: c for c, b in self.bit.items()}
        blocks: dict[Suit, int] = {}
        for c, b in self.bit.items():
            blocks[table[c][0]] = blocks.get(table[c][0], 0) | b
        self.trumps = blocks.get(trump, 0) if trump is not None else 0
        self.block_masks = tuple(blocks.values())
        self.plain_masks = tuple(m for m in self.block_masks if m != self.trumps)
        self.block_of: dict[int, int] = {b: m for m in self.block_masks for b in _low_bits(m)}
        self.ours = ours
        self.memo: dict[tuple[int, ...], tuple[int, int]] = {}     # by the cards as they are
        self.two: dict[tuple[int, ...], tuple[int, int]] = {}      # two tricks left: bounds, then exact
        self.ranked: dict[tuple[int, ...], tuple[int, int]] = {}   # by the squeezed position
        self.win_of: dict[int, int] = {b: self.block_of[b] | self.trumps for b in self.block_of}
        self.visited = 0
        self.runs: dict[int, tuple[tuple[int, int], ...]] = {}

    # --- the public questions ------------------------------------------------------------
    def mask(self, cards: Sequence[Card]) -> int:
        """The cards as one bit mask (KeyError for a card not of this deal)."""
        bit = self.bit
        out = 0
        for c in cards:
            out |= bit[c]
        return out

    def tricks(self, hands: Hands, leader: int,
               trick: Sequence[Card] = ()) -> int:
        """Tricks the side takes of the rest of the deal (the trick in progress included) from
        the position where each active seat holds ``hands[seat]`` and the cards ``trick`` are
        already down in the current trick, ``leader`` having led it. Raises ValueError for a
        position that cannot arise (hands of the wrong sizes, a card not of this deal)."""
        state, lead = self._state(hands, leader, trick)
        return self.value(state, lead, tuple(self.bit[c] for c in trick))

    def reaches(self, hands: Hands, leader: int, need: int) -> bool:
        """Whether the side takes at least ``need`` of the rest of the deal from the trick
        boundary where each active seat holds ``hands[seat]``, ``leader`` to lead: one yes/no
        question of the MTD(f) in :meth:`tricks` (``tricks(hands, leader) >= need``), sharing its
        table and its budget; a caller that only compares the value with a threshold asks this
        (an exact value often costs two or more). ValueError as :meth:`tricks`."""
        state, lead = self._state(hands, leader, ())
        budget = _BUDGET.get()
        before = self.visited
        try:
            return self._wins(state, lead, need)
        finally:
            if budget is not None:
                budget.spend(self.visited - before)

    def _state(self, hands: Hands, leader: int, trick: Sequence[Card]) -> tuple[tuple[int, ...], int]:
        """The hands as masks by active index, and the leader's index (ValueError for hands of
        the wrong sizes for a position with ``trick`` down)."""
        state = tuple(self.mask(hands[s]) for s in self.active)
        lead = self.active.index(leader)
        n = len(self.active)
        if len(trick) >= n:
            raise ValueError("a trick in progress has fewer cards than there are players")
        full = len(hands[leader]) + (1 if trick else 0)
        for k in range(n):
            size = len(hands[self.active[(lead + k) % n]])
            if size != (full - 1 if k < len(trick) else full):
                raise ValueError("the hands are not the sizes this position needs")
        return state, lead

    def value(self, state: tuple[int, ...], lead: int, table: tuple[int, ...] = ()) -> int:
        """:meth:`tricks` on the solver's own terms: hands as masks by active index."""
        n = len(self.active)
        left = state[lead].bit_count() + (1 if table else 0)
        if not left:
            return 0
        low, high = 0, left
        if not table:
            low, high = self._bounds(state, lead, left)
        guess = high if high - low <= 1 else (low + high + 1) // 2
        budget = _BUDGET.get()
        before = self.visited
        try:
            while low < high:   # MTD(f) on tricks: each test moves one bound
                if self._test(state, lead, table, guess, n):
                    low = guess
                    guess = guess + 1
                else:
                    high = guess - 1
                    guess = guess - 1
            return low
        finally:
            if budget is not None:
                budget.spend(self.visited - before)

    def _test(self, state: tuple[int, ...], lead: int, table: tuple[int, ...], need: int, n: int) -> bool:
        if not table:
            return self._wins(state, lead, need)
        led = self.block_of[table[0]]
        best_bit, best_pos = table[0], 0
        for i, b in enumerate(table[1:], 1):
            if b & (led | self.trumps) and b > best_bit:
                best_bit, best_pos = b, i
        live = best_bit
        for h in state:
            live |= h
        return self._trick(state, lead, need, len(table), led, best_bit, (lead + best_pos) % n, live)

    # --- the search ------------------------------------------------------------------------
    def _key(self, state: tuple[int, ...], lead: int, live: int) -> tuple[int, ...]:
        """The position squeezed to ranks: each held card replaced by its rank among the live
        cards of its suit (from the bottom of the suit's block), so positions that differ only in which
        cards are gone share an entry, whatever went before."""
        runs = self.runs.get(live)
        if runs is None:
            runs = self.runs[live] = self._runs(live)
        out = []
        for h in state:
            squeezed = 0
            for m, shift in runs:
                squeezed |= (h & m) >> shift
            out.append(squeezed)
        out.append(lead)
        return tuple(out)

    def _runs(self, live: int) -> tuple[tuple[int, int], ...]:
        """The squeeze of ``live``: (mask of a run of consecutive live bits within a suit,
        right shift that moves it to its rank from the bottom of the suit's block)."""
        runs: list[tuple[int, int]] = []
        for m in self.block_masks:
            base = (m & -m).bit_length() - 1   # the block's first bit: ranks count from there
            rank = 0
            lm = live & m
            while lm:
                low = lm & -lm
                start = low.bit_length() - 1
                run = lm & ~(lm + low)       # the run of ones from ``low`` up
                length = run.bit_count()
                runs.append((run, start - (base + rank)))
                rank += length
                lm ^= run
        return tuple(runs)

    def _wins(self, state: tuple[int, ...], lead: int, need: int) -> bool:
        """Can the side take ``need`` of the tricks left, ``lead`` (an active index) to lead?

        The table is looked up first by the cards as they are (cheap); on a miss, by the
        position squeezed to ranks (:meth:`_key`); an entry made is filed under both keys."""
        if need <= 0:
            return True
        left = state[0].bit_count()
        if need > left:
            return False
        if left == 1:
            return self._last(state, lead) >= need
        if left == 2:
            raw2 = state + (lead,)
            known2 = self.two.get(raw2)
            if known2 is None:
                known2 = self.two[raw2] = self._bounds(state, lead, 2)
            if need <= known2[0]:
                return True
            if need > known2[1]:
                return False
            two = self._last_two(state, lead, *known2)
            self.two[raw2] = (two, two)
            return two >= need
        raw = state + (lead,)
        memo = self.memo
        known = memo.get(raw)
        live = 0
        for h in state:
            live |= h
        squeezed = None
        if known is None:
            # the cheap bounds first: when they answer, no key is squeezed and nothing filed
            known = self._bounds(state, lead, left)
            if need <= known[0]:
                return True
            if need > known[1]:
                return False
            if left >= self.SQUEEZE_FROM:
                squeezed = self._key(state, lead, live)
                ranked = self.ranked.get(squeezed)
                if ranked is not None:
                    known = (max(known[0], ranked[0]), min(known[1], ranked[1]))
            memo[raw] = known
        low, high = known
        if need <= low:
            return True
        if need > high:
            return False
        answer = self._trick(state, lead, need, 0, 0, 0, 0, live)
        if answer:
            if need > low:
                low = need
        elif need - 1 < high:
            high = need - 1
        known = memo[raw] = (low, high)
        if left >= self.SQUEEZE_FROM:
            if squeezed is None:
                squeezed = self._key(state, lead, live)
            self.ranked[squeezed] = known
        return answer

    def _trick(self, state: tuple[int, ...], lead: int, need: int, pos: int, led: int,
               best: int, best_seat: int, live: int) -> bool:
        """Part-way through a trick: ``pos`` cards down, ``best`` winning it for ``best_seat``;
        ``led`` is the mask of the suit led; ``live`` every card held and ``best`` (the other
        cards on the table can neither win this trick nor separate two cards of a hand). The
        last card of a trick is played here directly into the next trick boundary."""
        self.visited += 1
        n = len(state)
        seat = (lead + pos) % n
        hand = state[seat]
        ours = self.ours
        our_turn = ours[seat]
        if pos == 0:
            block_of = self.block_of
            moves = self._leads(state, seat, live)
            for b in moves:
                nstate = state[:seat] + (hand & ~b,) + state[seat + 1:]
                if self._trick(nstate, lead, need, 1, block_of[b], b, seat, live) is our_turn:
                    return our_turn
            return not our_turn
        win = led | self.trumps
        while True:
            # the trick already settled for the side holding it (no opponent still to play can
            # beat ``best``) settles the question when that trick is the one the makers still
            # need, or the one they cannot lose: no card played after it changes the answer
            takes = ours[best_seat]
            if (need == 1) if takes else (need == hand.bit_count()):
                if self._threat(state, lead, pos - 1, led, takes) < best:
                    return takes
            legal = hand & led or hand
            if legal & (legal - 1) or pos == n - 1:
                break
            # one legal card (often, with five hands), not the trick's last: played here, the
            # next seat's position searched in this call
            if legal & win and legal > best:
                live = (live & ~(best | legal)) | legal
                best, best_seat = legal, seat
            else:
                live = (live & ~(best | legal)) | best
            state = state[:seat] + (hand & ~legal,) + state[seat + 1:]
            pos += 1
            self.visited += 1   # a position all the same (the budget counts positions)
            seat = (lead + pos) % n
            hand = state[seat]
            our_turn = ours[seat]
        if not legal & (legal - 1):   # one legal card, the trick's last
            moves = [legal]
        else:
            moves = self._order(state, lead, pos, led, legal, live, best,
                                ours[best_seat] is our_turn, our_turn)
        last = pos == n - 1
        for b in moves:
            if b & win and b > best:
                nbest, nseat = b, seat
            else:
                nbest, nseat = best, best_seat
            nstate = state[:seat] + (hand & ~b,) + state[seat + 1:]
            if last:
                result = self._wins(nstate, nseat, need - 1 if ours[nseat] else need)
            else:
                result = self._trick(nstate, lead, need, pos + 1, led, nbest, nseat,
                                     (live & ~(best | b)) | nbest)
            if result is our_turn:
                return our_turn
        return not our_turn

    def _leads(self, state: tuple[int, ...], seat: int, live: int) -> list[int]:
        """The leader's moves in order: one card of each run of his hand (:meth:`_reps`), those
        leaving the other side the fewest legal cards first (each opponent's cards of the suit
        led, or his whole hand when void in it: a suit they must follow with one card each gives
        the fewest replies to try, or to refute); among equals (and two-handed, where the order
        gains nothing and is not asked), a card that is the highest live card of its suit first,
        high to low (a top trump or a sure winner settles most), then the others from the
        lowest."""
        hand = state[seat]
        moves = self._reps(hand, live)
        tops = 0
        for m in self.block_masks:
            lm = live & m
            if lm:
                tops |= 1 << (lm.bit_length() - 1)
        if hand & tops:
            winners = [b for b in moves if b & tops]
            if len(winners) < len(moves):
                winners.reverse()
                moves = winners + [b for b in moves if not b & tops]
            else:
                moves.reverse()
        if len(moves) > 1 and len(state) > 2:
            block_of = self.block_of
            ours = self.ours
            mine = ours[seat]
            width: dict[int, int] = {}
            for b in moves:
                m = block_of[b]
                if m not in width:
                    w = 0
                    for i, h in enumerate(state):
                        if ours[i] is not mine:
                            w += (h & m or h).bit_count()
                    width[m] = w
            if len(width) > 1:
                moves.sort(key=lambda b: width[block_of[b]])   # stable: the order above among equals
        return moves

    def _threat(self, state: tuple[int, ...], lead: int, pos: int, led: int, mine: bool) -> int:
        """The highest card an opponent of ``mine``'s side still to play in this trick (after
        ``pos``) could take it with: his best card of the suit led, or his best trump when he has
        none of it (0: none)."""
        n = len(state)
        ours = self.ours
        threat = 0
        for k in range(pos + 1, n):
            i = (lead + k) % n
            if ours[i] is not mine:
                h = state[i]
                c = h & led or h & self.trumps
                if c > threat:
                    threat = c
        return 1 << (threat.bit_length() - 1) if threat else 0

    def _order(self, state: tuple[int, ...], lead: int, pos: int, led: int, legal: int,
               live: int, best: int, partner_holds: bool, mine: bool) -> list[int]:
        """A follower's moves in order: one card of each run among ``legal``. Low first when
        the partner holds the trick above every card a later opponent could take it with
        (:meth:`_threat`, asked only when the order depends on it); else the cards that would
        take it from ``best`` first, the cheapest that no later opponent can beat before the
        rest, then the others from the lowest."""
        reps = self._reps(legal, live)
        win = led | self.trumps
        beaters = [b for b in reps if b & win and b > best]
        mixed = 0 < len(beaters) < len(reps)
        if not (partner_holds and mixed) and len(beaters) < 2:
            return beaters + [b for b in reps if b not in beaters] if mixed else reps
        threat = self._threat(state, lead, pos, led, mine)
        if partner_holds and best > threat:
            return [b for b in reps if b not in beaters] + beaters if mixed else reps
        safe = [b for b in beaters if b > threat]
        if safe and len(safe) < len(beaters):
            beaters = safe + [b for b in beaters if b <= threat]
        return beaters + [b for b in reps if not (b & win and b > best)] if mixed else beaters

    def _reps(self, legal: int, live: int) -> list[int]:
        """One card of each run of touching cards among ``legal`` (a run: cards of one suit with
        no other live card between them), lowest run first; the lowest card stands for its run."""
        out: list[int] = []
        block_of = self.block_of
        prev = 0
        while legal:
            b = legal & -legal
            legal ^= b
            # b continues prev's run when no live card lies between them in the same block
            if prev and not (live & (b - 1) & ~((prev << 1) - 1)) and block_of[b] == block_of[prev]:
                prev = b
                continue
            out.append(b)
            prev = b
        return out
