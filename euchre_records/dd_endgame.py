"""The last two tricks of the double-dummy search (:mod:`.double_dummy`): with two tricks left
the side's exact tricks come from one small alpha-beta search in the window the cheap bounds
leave (the second trick has no choice); with one left, the trick is played out."""

from __future__ import annotations

__all__ = ["LastTricks"]


class LastTricks:
    """The endgame as a part of :class:`~.double_dummy.DoubleDummy` (which sets these)."""

    visited: int
    ours: tuple[bool, ...]
    trumps: int
    block_of: dict[int, int]
    win_of: dict[int, int]

    def _last_two(self, state: tuple[int, ...], lead: int, low: int, high: int) -> int:
        """The side's exact tricks of the last two, from a trick boundary, known to lie in
        [low, high] (:meth:`_bounds`): an alpha-beta search in that window (the highest live
        trump, say, wins its trick, so its side takes one at least: the search then only tells
        one trick from two), a narrower window that cuts more. :meth:`_wins` files the bounds
        first and searches only for a question they do not answer."""
        return min(high, max(low, self._two(state, lead, 0, 0, 0, 0, low, high)))

    def _two(self, state: tuple[int, ...], lead: int, pos: int, led: int, best: int,
             best_seat: int, alpha: int, beta: int, gone: int = 0) -> int:
        """The side's exact tricks of the last two, ``pos`` cards of the first of them down
        (``gone`` the cards played to it, still in ``state``), when it lies within
        [alpha, beta] (else a bound past the window): alpha-beta on a small tree.
        :meth:`_wins` files the exact value by the cards as they are, so the questions "one?"
        and "two?" cost one search. The second trick has no choice: it is played out at once
        from the cards each hand kept."""
        self.visited += 1
        n = len(state)
        seat = (lead + pos) % n
        hand = state[seat] & ~gone
        ours = self.ours
        trumps = self.trumps
        if pos == 0:
            legal = hand
        else:
            legal = hand & led or hand
            while not legal & (legal - 1) and pos < n - 1:   # one legal card: played here
                if legal & (led | trumps) and legal > best:
                    best, best_seat = legal, seat
                gone |= legal
                pos += 1
                self.visited += 1   # a position all the same (the budget counts positions)
                seat = (lead + pos) % n
                hand = state[seat] & ~gone
                legal = hand & led or hand
        mine = ours[seat]
        value = -1 if mine else 3
        last = pos == n - 1
        while legal:
            b = legal & -legal
            legal ^= b
            if pos == 0:
                nled, nbest, nseat = self.block_of[b], b, seat
            else:
                nled = led
                if b & (led | trumps) and b > best:
                    nbest, nseat = b, seat
                else:
                    nbest, nseat = best, best_seat
            if last:
                kept = gone | b
                first = state[nseat] & ~kept
                win = self.win_of[first]
                top, at = first, nseat
                for k in range(1, n):
                    i = (nseat + k) % n
                    c = state[i] & ~kept
                    if c & win and c > top:
                        top, at = c, i
                v = (1 if ours[nseat] else 0) + (1 if ours[at] else 0)
            else:
                v = self._two(state, lead, pos + 1, nled, nbest, nseat, alpha, beta, gone | b)
            if mine:
                if v > value:
                    value = v
                    if value >= beta:
                        break
                    if value > alpha:
                        alpha = value
            elif v < value:
                value = v
                if value <= alpha:
                    break
                if value < beta:
                    beta = value
        return value

    def _last(self, state: tuple[int, ...], lead: int) -> int:
        """The last trick: one card each, no choice."""
        n = len(state)
        first = state[lead]
        win = self.win_of[first]
        best, seat = first, lead
        for k in range(1, n):
            i = (lead + k) % n
            b = state[i]
            if b & win and b > best:
                best, seat = b, i
        return 1 if self.ours[seat] else 0
