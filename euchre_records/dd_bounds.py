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

        - the sure tricks of its best hand: its sure trump tricks (:func:`_trump_floor`: its
          trumps less those the opposing higher trumps can beat one by one; at least its trumps
          above every opposing trump, each winning its own trick whoever leads), and, when the
          opponents hold no trump and no other live trump is above the hand's lowest, its plain
          cards above every other live card of their suit too (:meth:`_tops`): until it wins a
          trick it plays only its other cards (following with a top card wins, and void in the
          suit led it trumps), and once on lead it leads its trumps and top cards, each winning
          (a partner void in a top card's suit with only trumps left must trump it, RULES.md,
          common ground, and then, holding every trump, takes each trick after);
        - the leader's cashing tricks, for the leader's side: the trumps he holds above every
          other live trump, each led in turn and winning; then, in each plain suit, the cards
          he holds above every other live card of it, led in turn after, as many as every
          opponent still holding trumps after those leads holds cards of that suit (it must
          follow, so cannot ruff; all of them when the trump leads drew every opposing trump).
          A partner of the leader void in the suit may discard rather than trump (RULES.md,
          common ground: "otherwise may trump or discard"), so his trumps stop nothing while he
          holds a plain card for each plain lead.
        """
        trumps = self.trumps
        ours = self.ours
        side = ours[lead]
        hand = state[lead]
        live = our_t = their_t = 0
        most = 0   # the most trumps another hand holds
        mine = theirs = 0
        if trumps:
            for i, h in enumerate(state):
                live |= h
                t = h & trumps
                if t:
                    if ours[i]:
                        our_t |= t
                    else:
                        their_t |= t
                    if i != lead:
                        c = t.bit_count()
                        if c > most:
                            most = c
            all_t = our_t | their_t
            for i, h in enumerate(state):
                t = h & trumps
                if not t:
                    continue
                our_hand = ours[i]
                against = their_t if our_hand else our_t
                low = (t & -t).bit_length()
                # no opposing trump above the hand's lowest: each of its trumps wins a trick
                sure = _trump_floor(t, against) if against >> low else t.bit_count()
                if not against and not (all_t & ~t) >> low:
                    sure += self._tops(h, live & ~h)
                if our_hand:
                    if sure > mine:
                        mine = sure
                elif sure > theirs:
                    theirs = sure
        else:
            for h in state:
                live |= h
        others = live & ~hand
        cash = 0
        if trumps:
            t = hand & trumps
            o = others & trumps
            cash = (t >> o.bit_length()).bit_count() if o else t.bit_count()
        plain = free = 0   # free: cut by the opponents' ruffs only
        for m in self.plain_masks:
            h = hand & m
            if h:
                o = others & m
                tops = (h >> o.bit_length()).bit_count() if o else h.bit_count()
                kept = tops
                if tops and most > cash:
                    # a hand still holding trumps after the trump leads ruffs a top card
                    # once void in its suit: the j-th lead of it is safe while each holds j
                    for i, g in enumerate(state):
                        if i != lead and (g & trumps).bit_count() > cash:
                            k = (g & m).bit_count()
                            if k < tops:
                                tops = k
                            if k < kept and ours[i] is not side:
                                kept = k
                plain += tops
                free += kept
        if free > plain:
            # a partner void in the suit may discard instead (RULES.md, common ground: "otherwise
            # may trump or discard") while he has a plain card: each one still holding trumps
            # after the trump leads must hold as many plain cards as there are plain leads
            for i, g in enumerate(state):
                if i != lead and ours[i] is side and (g & trumps).bit_count() > cash \
                        and (g & ~trumps).bit_count() < free:
                    break
            else:
                plain = free
        cash += plain
        if side:
            if cash > mine:
                mine = cash
        elif cash > theirs:
            theirs = cash
        return mine, left - theirs

    def _tops(self, hand: int, others: int) -> int:
        """How many plain cards of ``hand`` lie above every card of their suit in ``others``
        (the other hands' live cards)."""
        count = 0
        for m in self.plain_masks:
            h = hand & m
            if h:
                o = others & m
                count += (h >> o.bit_length()).bit_count() if o else h.bit_count()
        return count
