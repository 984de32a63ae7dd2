"""House-rule card exchanges (EGN ``cardExchanges``): checked against the cards, applied to the
hands before the play, so that the revoke laws see each hand as it was after the exchange.

Contracts (docs/FORMAT.md "Exchanges", docs/RULES.md "House rules"):

- ``farmers`` under 'exchange' and ``go_under``: before the bidding, one player gives three cards
  of his dealt hand and takes three cards of the kitty (never the turned card). A farmer gives
  three of his nines and tens; going under gives any three (the house judges a poor hand; the
  engine does not). At most one kitty exchange per deal: the kitty's three cards are then gone.
- ``farmers`` under 'misdeal': a declaration with no cards voids the deal (:func:`farmer_ruling`);
  the deal passes as after a misdeal (``misdeal_loses_deal``). The declarer must hold three or
  more nines and tens when his hand is known.
- ``go_under`` judged: EGN lets a player go under with "a remarkably poor hand (e.g., three 9s
  and 10s, or no face cards)". :func:`going_under_findings` reports (a finding, the record stands)
  a player whose known hand as dealt is neither: fewer than three nines and tens, and a jack, queen
  or king (:func:`remarkably_poor`).
- ``partners_best``: after the bidding (and the dealer's discard), the lone player takes one card
  from his partner, who sits out, and gives one card out of play. The card passed must be the
  partner's best: the highest by the power of the deal (the highest trump by the trump order when
  he holds one; else a card of his highest rank, any suit): a known card of his that beats it
  makes the record impossible (:func:`best_card`).

At a table of two, three or five (docs/TABLES.md "Every capability at every table") the same
rules hold for ``farmers`` and ``go_under`` (``partners_best`` needs a partner: refused there),
by the same code (issue 32): :func:`apply_exchanges` swaps with the kitty on any table's
``card_places.CardPlaces`` (the kitty must hold three cards: a five-handed deal from 28 cards
leaves two), :func:`farmer_ruling` rules a farmer's void deal (``deal.replay_in_detail`` words it per
table, as its goldens pin) and :func:`going_under_findings` reports a hand not poor; the seats are named by the
walk's labels (``N``, ``seat 1``).

Every impossible exchange raises InconsistentRecord at ``exchanges[i]`` (``.gave[j]``,
``.took[j]``) saying where the card really is. :func:`apply_exchanges` works on the replay's
card locations through the small :class:`CardState` protocol.
"""

from __future__ import annotations

from typing import Protocol

from typing import Any, Callable, Iterable, Sequence

from .cards import Card, Rank, Seat, Suit, power_table
from .errors import InconsistentRecord, Problem, join_path
from .house_rules import farm_cards, house_cite
from .model import Deal, Exchange, ExchangeKind, Finding, FindingKind, Scores
from .rules import FarmersHand, Rules

__all__ = ["CardState", "apply_exchanges", "BEFORE_BIDDING", "KITTY_SWAP",
           "best_card", "remarkably_poor", "going_under_findings", "FACE_RANKS",
           "declared_farmer", "farmer_ruling", "swap_problem"]

FACE_RANKS = (Rank.JACK, Rank.QUEEN, Rank.KING)
"""The face cards (EGN's "no face cards"): jacks, queens and kings; aces and the joker are not."""

BEFORE_BIDDING = (ExchangeKind.FARMERS, ExchangeKind.GO_UNDER)
KITTY_SWAP = 3
"""Cards a farmer or a player going under swaps with the kitty."""

_OPTION = {ExchangeKind.FARMERS: "farmers", ExchangeKind.GO_UNDER: "go_under",
           ExchangeKind.PARTNERS_BEST: "partners_best"}


class CardState(Protocol):
    """What the exchanges need of a replay at any table (``card_places.CardPlaces``): where each
    known card is, the known cards and the count of unknown cards each seat holds, whether the
    hands are known, and each seat's words (``N``, ``seat 1``)."""

    location: dict[Card, str]
    hand: list[set[Card]]
    unknown: list[int]
    known_hands: bool
    where: str
    pack: frozenset[Card]
    labels: Sequence[str]

    def take_from(self, seat: int, c: Card, at: str, verb: str = "discarded") -> None: ...


def _fail(state: CardState, what: str, at: str) -> InconsistentRecord:
    return InconsistentRecord(what, join_path(state.where, at))


def _enabled(rules: Rules, kind: ExchangeKind) -> bool:
    if kind is ExchangeKind.FARMERS:
        return rules.farmers is FarmersHand.EXCHANGE
    return bool(getattr(rules, _OPTION[kind]))


def _off(rules: Rules, kind: ExchangeKind) -> str | None:
    """Why an exchange of ``kind`` cannot be recorded under ``rules`` (its house rule is off),
    or None. At every table."""
    if _enabled(rules, kind):
        return None
    value = f"'{rules.farmers.value}'" if kind is ExchangeKind.FARMERS else "off"
    return f"a {kind.value} exchange is recorded, but house rule {_OPTION[kind]} is {value} under these rules"


def _second_swap(kind: ExchangeKind) -> str:
    return f"a second exchange with the kitty: its cards were already taken ({house_cite(_OPTION[kind])})"


def declared_farmer(deal: Deal, rules: Rules, name: Callable[[Any], str],
                    where: str) -> tuple[Exchange, Problem | None] | None:
    """The farmer's declaration that voids ``deal`` under farmers 'misdeal', with the first
    problem that makes it impossible (``name`` names a seat), or None when none is recorded or
    the rule is not 'misdeal'. One check for every table."""
    declared = [(i, x) for i, x in enumerate(deal.exchanges) if x.kind is ExchangeKind.FARMERS]
    if not declared or rules.farmers is not FarmersHand.MISDEAL:
        return None
    i, x = declared[0]
    at = join_path(where, f"exchanges[{i}]")
    rule = house_cite("farmers")
    if len(deal.exchanges) > 1:
        return x, Problem(join_path(where, "exchanges"), "a farmer's hand under 'misdeal' ends "
                          "the deal: no other exchange can follow")
    if x.gave or x.took:
        return x, Problem(at, f"under farmers 'misdeal' a farmer's hand is declared, not "
                          f"exchanged: give no cards ({rule})")
    if deal.hands is not None:
        hand: Sequence[Card | None] = deal.hands[x.seat]
        farm = farm_cards(hand)
        unknown = sum(1 for c in hand if c is None)
        if len(farm) + unknown < 3:
            held = " ".join(c.name for c in farm) or "none"
            return x, Problem(at, f"{name(x.seat)} declared a farmer's hand holding {len(farm)} "
                              f"nines and tens ({held}); it needs three or more ({rule})")
    for key in ("calls", "tricks"):
        if getattr(deal, key):
            return x, Problem(join_path(where, key), f"{key} recorded, but {name(x.seat)}'s "
                              f"farmer's hand made the deal void ({rule})")
    if deal.discard is not None:
        return x, Problem(join_path(where, "discard"), "a discard is recorded, but the deal was "
                          "void (farmer's hand)")
    return x, None


def farmer_ruling(deal: Deal, rules: Rules, where: str, labels: Sequence[str],
                  left: Sequence[int]) -> tuple[str, int] | None:
    """(who declared, the next dealer) when a farmer's hand under 'misdeal' voids ``deal``: the
    deal passes as after a misdeal (``misdeal_loses_deal``: to ``left[dealer]``, else the same
    dealer deals again); None when none is declared. One ruling for every table, ``labels``
    naming the seats. Raises InconsistentRecord when the declaration is impossible."""
    found = declared_farmer(deal, rules, labels.__getitem__, where)
    if found is None:
        return None
    x, problem = found
    if problem is not None:
        raise InconsistentRecord([problem])
    return labels[x.seat], left[deal.dealer] if rules.misdeal_loses_deal else deal.dealer


def remarkably_poor(hand: Iterable[Card]) -> bool:
    """EGN's examples of a hand poor enough to go under: three or more nines and tens (the farm
    cards), or no face card (no jack, queen or king).

    >>> from euchre_records.cards import parse_card as c
    >>> remarkably_poor(map(c, "9S TH 9D AC KC".split())), remarkably_poor(map(c, "AS AH TD 9C 8C".split()))
    (True, True)
    >>> remarkably_poor(map(c, "9S TH AD KC QC".split()))
    False
    """
    cards = list(hand)
    return len(farm_cards(cards)) >= 3 or not any(c.rank in FACE_RANKS for c in cards)


def going_under_findings(deal: Deal, number: int, labels: Sequence[str],
                         points: Scores = (0, 0)) -> list[Finding]:
    """A finding for each player who went under with a fully known hand (as dealt) that is not
    remarkably poor by EGN's examples; a hand not fully known cannot be judged, and the record
    stands (the table allowed it). At every table: ``labels`` name the seats, ``points`` the
    findings' moved points (``()`` at n)."""
    rule = house_cite("go_under")
    out = []
    for x in deal.exchanges:
        hand = () if deal.hands is None else deal.hands[x.seat]
        if x.kind is not ExchangeKind.GO_UNDER or not hand or None in hand:
            continue
        known = [c for c in hand if c is not None]
        if remarkably_poor(known):
            continue
        farm = len(farm_cards(known))
        faces = " ".join(c.name for c in known if c.rank in FACE_RANKS)
        text = (f"deal {number}: {labels[x.seat]} went under holding "
                f"{' '.join(c.name for c in known)}: not a remarkably poor hand by EGN's "
                f"examples (nines and tens: {farm}, fewer than three; face cards: {faces}) — "
                f"reported, the exchange stands ({rule})")
        out.append(Finding(FindingKind.IRREGULARITY, text, rule, number, seat=x.seat,
                           status="hand not poor", points=points))
    return out


def best_card(cards: Iterable[Card], trump: Suit | None) -> list[Card]:
    """The best cards of ``cards`` in a deal with ``trump`` (None: no trump): the highest trump
    by the trump order (joker, right and left bower, A K Q T 9 ...) when there is one, else the
    cards of the highest rank (several, of different suits, may tie).

    >>> from euchre_records.cards import parse_card as c
    >>> [x.name for x in best_card(map(c, "AH KS JD 9C".split()), Suit.HEARTS)]
    ['JD']
    >>> [x.name for x in best_card(map(c, "AS AC KD".split()), Suit.HEARTS)]
    ['AS', 'AC']
    """
    table = power_table(trump)
    held = list(cards)
    top = max((table[c][1] for c in held), default=None)
    return [c for c in held if table[c][1] == top]


def apply_exchanges(state: CardState, deal: Deal, rules: Rules, before_bidding: bool,
                    lone: Seat | None = None, trump: Suit | None = None) -> None:
    """Check and apply the exchanges of one phase: those made before the bidding
    (``before_bidding``: the swaps with the kitty, at every table; the kitty must hold three
    cards) or partner's best after it (four-handed: ``lone`` the lone player, or None;
    ``trump`` the deal's trump, None in a no-trump deal)."""
    kitty_swaps = 0
    for i, x in enumerate(deal.exchanges):
        at = f"exchanges[{i}]"
        if (x.kind in BEFORE_BIDDING) is not before_bidding:
            continue
        off = _off(rules, x.kind)
        if off is not None:
            raise _fail(state, off, at)
        if x.kind is ExchangeKind.PARTNERS_BEST:
            _partners_best(state, x, lone, trump, at, _may_discard(state, deal, rules))
            continue
        kitty_swaps += 1
        if kitty_swaps > 1:
            raise _fail(state, _second_swap(x.kind), at)
        seats = len(state.hand)
        kitty = len(state.pack) - 5 * seats - 1
        if kitty < KITTY_SWAP:   # five hands from 28 cards
            raise _fail(state, f"the kitty holds {kitty} cards at a table of {seats} from a pack "
                        f"of {rules.pack}: three cannot be swapped ({house_cite(_OPTION[x.kind])})", at)
        _kitty_swap(state, x, at, deal.kitty is not None and None not in deal.kitty)


def _size_problem(x: Exchange, who: str, n: int, at: str, rule: str) -> tuple[str, str] | None:
    """(where, what) when ``x`` gave or took other than ``n`` cards, else None."""
    for key in ("gave", "took"):
        got = len(getattr(x, key))
        if got != n:
            return f"{at}.{key}", f"{who} {key} {got} cards; this exchange is {n} for {n} ({rule})"
    return None


def _unnamed(state: CardState, seat: int, verb: str, at: str) -> None:
    """A card ``seat`` gave without naming it: one unknown card fewer in his hand, when the hands
    are known (then he must have an unknown card left)."""
    if state.known_hands:
        if state.unknown[seat] == 0:
            raise _fail(state, f"{state.labels[seat]}'s hand is known: name the card he {verb}", at)
        state.unknown[seat] -= 1


def _give(state: CardState, seat: int, cards: tuple[Card | None, ...], to: str, at: str) -> None:
    for j, c in enumerate(cards):
        if c is None:
            _unnamed(state, seat, "gave", f"{at}.gave[{j}]")
            continue
        state.take_from(seat, c, f"{at}.gave[{j}]", verb="gave")
        state.location[c] = to


def _receive(state: CardState, seat: int, c: Card) -> None:
    state.location[c] = f"hand:{state.labels[seat]}"
    state.hand[seat].add(c)


def _describe(place: str) -> str:
    if place.startswith("hand:"):
        return f"it is in {place[5:]}'s hand"
    if place.startswith("played:"):
        return f"it was played in trick {place[7:]}"
    return {"turned": "it is the turned card, which stays face up",
            "discard": "it was discarded"}.get(place, f"it is {place}")


def _kitty_swap(state: CardState, x: Exchange, at: str, kitty_known: bool) -> None:
    def place_of(c: Card) -> str | None:
        place = state.location.get(c)
        return "not in the kitty as recorded" if place is None and kitty_known else place

    problem = swap_problem(x, state.labels[x.seat], at, state.pack, place_of)
    if problem is not None:
        raise _fail(state, problem[1], problem[0])
    if state.known_hands:   # an unknown card taken: one more unknown card in his hand
        state.unknown[x.seat] += sum(1 for c in x.took if c is None)
    _give(state, x.seat, x.gave, "kitty", at)
    for c in x.took:
        if c is not None:
            _receive(state, x.seat, c)


def swap_problem(x: Exchange, who: str, at: str, pack: frozenset[Card],
                 place_of: Callable[[Card], str | None]) -> tuple[str, str] | None:
    """(where, what) of the first impossible part of one swap with the kitty (``farmers`` under
    'exchange', ``go_under``) at any table, or None; ``what`` cites the house rule.

    Three cards given and three taken; a farmer gives nines and tens; each card taken is in the
    pack and in the kitty: ``place_of`` says where it really is (``"hand:N"``, ``"turned"``,
    ``"discard"``, ``"not in the kitty as recorded"``; ``"kitty"`` or None: it may be in the
    kitty). That each card given is held is the hand's check, as the cards are taken from it
    (``CardState.take_from``). ``who`` names the player (``"N"``, ``"seat 1"``), ``at`` is the
    exchange's path."""
    rule = house_cite(_OPTION[x.kind])
    size = _size_problem(x, who, KITTY_SWAP, at, rule)
    if size is not None:
        return size
    for j, c in enumerate(x.gave):
        if c is not None and x.kind is ExchangeKind.FARMERS and not farm_cards([c]):
            return (f"{at}.gave[{j}]", f"{who} gave {c.name} for a farmer's hand; a farmer gives "
                    f"three of his nines and tens ({rule})")
    for j, c in enumerate(x.took):
        if c is None:
            continue
        if c not in pack:
            return (f"{at}.took[{j}]", f"{c.name} is not in the pack of these rules")
        place = "taken twice" if x.took.index(c) != j else place_of(c)
        if place is not None and place != "kitty":
            return (f"{at}.took[{j}]", f"{who} took {c.name} from the kitty, but "
                    f"{_describe(place)} ({rule})")
    return None


def _may_discard(state: CardState, deal: Deal, rules: Rules) -> tuple[Seat, frozenset[Card]] | None:
    """(the dealer, the cards his unrecorded discard may have been) when he took up the turned
    card and the record does not say what he discarded; None otherwise."""
    turned = deal.turned
    if deal.discard is not None or turned is None:
        return None
    if state.location.get(turned) != f"hand:{deal.dealer.name}":
        return None   # he did not take it up (or played it before discarding, five cards kept)
    cards = frozenset(state.hand[deal.dealer])
    return deal.dealer, cards if rules.turned_card_discard else cards - {turned}


def _partners_best(state: CardState, x: Exchange, lone: Seat | None, trump: Suit | None,
                   at: str, discard: tuple[Seat, frozenset[Card]] | None = None) -> None:
    rule = house_cite("partners_best")
    if lone is None:
        raise _fail(state, f"partner's best is recorded, but nobody plays alone ({rule})", at)
    if x.seat is not lone:
        raise _fail(state, f"partner's best is the lone player's ({lone.name}), not "
                           f"{x.seat.name}'s ({rule})", f"{at}.seat")
    size = _size_problem(x, x.seat.name, 1, at, rule)
    if size is not None:
        raise _fail(state, size[1], size[0])
    partner = lone.partner
    c = x.took[0]
    if c is not None:
        if c in state.pack and c in state.hand[partner]:
            loose = discard[1] if discard is not None and discard[0] is partner else frozenset()
            _check_best(state, partner, c, trump, rule, f"{at}.took[0]", loose)
        state.take_from(partner, c, f"{at}.took[0]", verb="passed")
        _receive(state, lone, c)
    elif state.known_hands:
        _unnamed(state, partner, "passed", f"{at}.took[0]")
        state.unknown[lone] += 1
    _give(state, lone, x.gave, "out of play", at)


def _check_best(state: CardState, partner: Seat, c: Card, trump: Suit | None, rule: str,
                at: str, loose: frozenset[Card] = frozenset()) -> None:
    """Refuse ``c`` when a known card of the partner's beats it (see :func:`best_card`). When he
    is the dealer and his discard is not recorded, ``loose`` holds the cards it may have been:
    one of them may have gone before he passed, so ``c`` is refused only if a better card is
    left whichever one that was."""
    table = power_table(trump)
    better = sorted(b for b in state.hand[partner] if table[b][1] > table[c][1])
    if not better or (len(better) == 1 and better[0] in loose):
        return
    best = best_card(sorted(state.hand[partner]), trump)
    top = best[0]
    what = ("the highest trump he holds" if trump is not None and table[top][0] is trump
            else "a card of the highest rank he holds, as he holds no trump" if trump is not None
            else "a card of the highest rank he holds (no trump)")
    names = " or ".join(b.name for b in best)
    unknown = (f" (his discard is not recorded, but it was one card: {' '.join(b.name for b in better)} "
               "beat it)" if loose else "")
    raise _fail(state, f"{partner.name} passed {c.name}, but his best card is {names}, {what}"
                       f"{unknown}: partner's best is the partner's best card ({rule}: \"their "
                       f"partner pass them their best card\")", at)
