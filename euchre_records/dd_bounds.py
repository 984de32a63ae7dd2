"""The cheap bounds of the double-dummy search (:mod:`.double_dummy`): at a trick boundary, the
side's tricks lie between its sure winners and the tricks left less the other side's sure
winners. Sound at every table size (``tests/test_double_dummy.py`` holds them to the brute-force
minimax for either side); a search cuts by them before any card is tried."""

from __future__ import annotations

__all__ = ["CheapBounds"]


def _trump_floor(mine: int, theirs: int) -> int:
    """The tricks a hand's trumps ``mine`` take at least against the other side's trumps
    ``theirs`` (bit masks, higher bit = higher trump), whoever leads: every card of the hand is
    played, each in a trick of its own, and a trump loses its trick only to a higher trump of the
    other side in that trick, each of which beats one of the hand's at most. So at least the
    hand's trumps less the most of them the other side's higher trumps can be set against one
    by one (taken from the hand's highest down, each against an opposing trump above it not yet
    used: the most, since a lower trump has every higher opposing trump of a higher one above it)."""
    lost = 0
    count = 0
    while mine:
        top = 1 << (mine.bit_length() - 1)
        mine ^= top
        count += 1
        if (theirs & ~((top << 1) - 1)).bit_count() > lost:
            lost += 1
    return count - lost


class CheapBounds:
    """The bounds as a part of :class:`~.double_dummy.DoubleDummy` (which sets these)."""

    trumps: int
    ours: tuple[bool, ...]
    plain_masks: tuple[int, ...]

    def _bounds(self, state: tuple[int, ...], lead: int, left: int) -> tuple[int, int]:
        """Cheap bounds on the side's tricks at a trick boundary: at least the sure winners of
        its side, at most the tricks left less the other side's. A side's sure winners are the
        more of two counts:

        - the sure trump tricks of its best hand (:func:`_trump_floor`: its trumps less those
          the opposing higher trumps can beat one by one; at least its trumps above every
          opposing trump, each winning its own trick whoever leads);
        - the leader's cashing tricks, for the leader's side: the trumps he holds above every
          other live trump, each led in turn and winning; then, in each plain suit, the cards
          he holds above every other live card of it, led in turn after, as many as every
          other hand still holding trumps after those leads holds cards of that suit (it must
          follow, so cannot ruff; all of them when the trump leads drew every other trump).
        """
        trumps = self.trumps
        ours = self.ours
        mine = theirs = 0
        if trumps:
            our_t = their_t = 0
            for i, h in enumerate(state):
                if ours[i]:
                    our_t |= h & trumps
                else:
                    their_t |= h & trumps
            for i, h in enumerate(state):
                t = h & trumps
                if not t:
                    continue
                against = their_t if ours[i] else our_t
                # no opposing trump above the hand's lowest: each of its trumps wins a trick
                sure = _trump_floor(t, against) if against >> (t & -t).bit_length() else t.bit_count()
                if ours[i]:
                    if sure > mine:
                        mine = sure
                elif sure > theirs:
                    theirs = sure
        hand = state[lead]
        others = 0
        most = 0   # the most trumps another hand holds
        for i, h in enumerate(state):
            if i != lead:
                others |= h
                if trumps:
                    c = (h & trumps).bit_count()
                    if c > most:
                        most = c
        cash = 0
        if trumps:
            t = hand & trumps
            o = others & trumps
            cash = (t >> o.bit_length()).bit_count() if o else t.bit_count()
        plain = 0
        for m in self.plain_masks:
            h = hand & m
            if h:
                o = others & m
                tops = (h >> o.bit_length()).bit_count() if o else h.bit_count()
                if tops and most > cash:
                    # a hand still holding trumps after the trump leads ruffs a top card
                    # once void in its suit: the j-th lead of it is safe while each holds j
                    for i, g in enumerate(state):
                        if i != lead and (g & trumps).bit_count() > cash:
                            k = (g & m).bit_count()
                            if k < tops:
                                tops = k
                plain += tops
        cash += plain
        if ours[lead]:
            if cash > mine:
                mine = cash
        elif cash > theirs:
            theirs = cash
        return mine, left - theirs
