"""The domain model: what a record holds (Record, Deal, Call, Trick, Irregularity ...) and what a
replay produces (Finding, DealResult, GameResult, RubberResult, ReplayResult), at every table.

All values are frozen, slotted ``msgspec.Struct`` classes, built in C at about a tenth of a
frozen dataclass's ``__init__`` (every load and every replay builds them by the thousand). They
are made by keyword or position as the dataclasses they were, and compare, hash, pickle and print
as those did (``Deal(kind=..., dealer=...)``). Copy one with changes by :func:`replace` (for any
model value, and any dataclass elsewhere), never ``dataclasses.replace``, which refuses them. They
are not tracked by the cycle collector (``gc=False``): a frozen value made of tuples, enums and
other values cannot be part of a reference cycle, and the collector's passes over millions of them
cost a bulk run dearly.

One record type serves every table (docs/TABLES.md): a :class:`Record` carries its
:class:`~euchre_records.table.Table` (the table of four unless said) and the variant's options.
At the table of four, seats are :class:`~euchre_records.cards.Seat` (N E S W, an IntEnum whose
values are 0..3) and scores ``(ns, ew)`` tuples (:data:`Points`); at a table of n the same
fields hold plain ``int`` seat indexes 0..n-1 (:data:`SeatIndex`) and one score per seat
(:data:`Scores`). The fields a table of n adds (``Deal.called``, ``Record.table``,
``DealResult.makers`` ...) come last with defaults, so four-handed values are built, compared and
pickled as before. One result type serves every table too: a :class:`ReplayResult` carries its
table, and its scores are tuples of the table's score columns (two sides at four, a seat each at
n). Trick and deal numbers in findings are 1-based, as a scorer counts
them; paths into the notation (``deals[0].tricks[2]``) are 0-based.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

import msgspec
from msgspec import Struct, field

from .cards import Card, Seat, Side, Suit
from .rules import Election, Rules
from .table import SeatIndex, Table, VariantOptions, table_for

__all__ = [
    "Points", "Scores", "AnySeat", "CallKind", "Call", "ExchangeKind", "Exchange", "Trick", "DealKind", "Outcome", "IrregularityKind",
    "Irregularity", "RecordedScore", "Annotation", "Alternative", "Deal", "ExternalId", "Player", "Event",
    "Record", "MISDEAL_CAUSES", "NEW_DEAL_CAUSES", "FindingKind", "Finding", "DealResult", "GameResult", "RubberResult",
    "ReplayResult", "FOUR_SIDES", "four_handed_sides", "seat_deal_result", "FOUR", "FORMAT_NAME", "FORMAT_VERSION", "replace", "MODEL_TYPES",
]

FORMAT_NAME = "euchre-records"
FORMAT_VERSION = "1.0"

Points = tuple[int, int]
"""A score or a change of score at the table of four: (N-S, E-W)."""

Scores = tuple[int, ...]
"""Points at any table: (N-S, E-W) at four, one per seat (``scores[i]`` seat i's) at n."""

if TYPE_CHECKING:
    AnySeat: TypeAlias = Seat
else:
    AnySeat = Seat | SeatIndex
"""A seat of a record: a :class:`Seat` at the table of four, an index 0..n-1 (:data:`SeatIndex`)
at a table of n. The type checker reads it as :class:`Seat`, an ``int`` subclass: the
four-handed engine uses the seat's side and partner, which only a table of four has, and the
code of n uses only what a ``Seat`` shares with an ``int`` (an index, ``+ 1 mod n``); the
tests of every table (tests/test_fastpath_every_table.py, test_variants*.py) replay both."""

FOUR = table_for(4)
"""The table of four, every record's table unless it says otherwise."""


class CallKind(Enum):
    """What a player says in the bidding. ORDER/ASSIST/TAKE all accept the turned card."""

    __hash__ = object.__hash__  # as Suit.__hash__ (cards.py)

    PASS = "pass"
    ORDER = "order"            # an opponent of the dealer orders the card up
    ASSIST = "assist"          # the dealer's partner assists
    TAKE = "take"              # the dealer takes the card up
    NAME = "name"              # second round: names a suit
    PARTNER_ALONE = "partner-alone"  # the maker's partner takes the hand over alone (Somerset 74-75)
    DEFEND_ALONE = "defend-alone"    # a defender plays alone against the makers
    NO_TRUMP = "no-trump"            # second round: no trump named (house rule allow_no_trump)

    @property
    def accepts(self) -> bool:
        return self in (CallKind.ORDER, CallKind.ASSIST, CallKind.TAKE)


class Call(Struct, frozen=True, gc=False):
    """One call. ``seat`` is None when the record leaves it to the turn order. ``alone`` at a
    table of n only in the five-handed game (the maker goes alone instead of calling a partner)."""

    kind: CallKind
    seat: AnySeat | None = None
    suit: Suit | None = None
    alone: bool = False


class Trick(Struct, frozen=True, gc=False):
    """The cards of one trick in playing order. ``leader`` is None when left to the laws."""

    cards: tuple[Card, ...]
    leader: AnySeat | None = None


class ExchangeKind(Enum):
    """A house rule's card exchange (EGN ``cardExchanges``; docs/FORMAT.md "Exchanges")."""

    __hash__ = object.__hash__  # as Suit.__hash__ (cards.py)

    FARMERS = "farmers"              # a farmer's hand declared (before the bidding)
    GO_UNDER = "go-under"            # three cards swapped with the kitty (before the bidding)
    PARTNERS_BEST = "partners-best"  # the lone player takes his partner's card, discards one


class Exchange(Struct, frozen=True, gc=False):
    """One exchange by ``seat``: the cards he gave up and the cards he took (None: unknown).
    Farmers and go-under take from the kitty; partner's best takes one card from the partner and
    gives one out of play. A farmer's declaration under 'misdeal' gives and takes nothing."""

    kind: ExchangeKind
    seat: AnySeat
    gave: tuple[Card | None, ...] = ()
    took: tuple[Card | None, ...] = ()


class DealKind(Enum):
    """How much of a deal the record knows."""

    __hash__ = object.__hash__  # as Suit.__hash__ (cards.py)

    FULL = "full"      # the four hands (and perhaps the kitty) are known
    PLAYS = "plays"    # only the calls and plays: hands are inferred from the plays
    RESULT = "result"  # only the outcome: maker, alone, tricks (a club scoresheet)
    POINTS = "points"  # only the points each side scored (a sheet of points; Deal.points)


class Outcome(Struct, frozen=True, gc=False):
    """The outcome of a result-only deal. ``maker`` None means thrown in (all passed).
    Five-handed: ``called`` the named card, ``partner`` its holder; ``partner_stated`` whether
    the record said who (``partner: null`` with a called card states that the card was undealt:
    the maker was alone)."""

    maker: AnySeat | None
    trump: Suit | None = None
    alone: bool = False
    defender_alone: Seat | None = None
    tricks: int = 0  # tricks won by the makers
    called: Card | None = None
    partner: AnySeat | None = None
    partner_stated: bool = False


class IrregularityKind(Enum):
    """Events at the table the notation records (see docs/FORMAT.md and docs/LAWS.md)."""

    __hash__ = object.__hash__  # as Suit.__hash__ (cards.py)

    REVOKE_CLAIMED = "revoke-claimed"
    REVOKE_CORRECTED = "revoke-corrected"
    LEAD_OUT_OF_TURN = "lead-out-of-turn"
    PLAY_OUT_OF_TURN = "play-out-of-turn"
    EXPOSED_CARD = "exposed-card"
    CALLED_CARD = "called-card"
    CALL_OUT_OF_TURN = "call-out-of-turn"
    MISDEAL = "misdeal"
    NEW_DEAL = "new-deal"
    DEAL_OUT_OF_TURN = "deal-out-of-turn"
    TURNED_SUIT_NAMED = "turned-suit-named"
    WRONG_NUMBER_OF_CARDS = "wrong-number-of-cards"
    PLAYED_BEFORE_DISCARD = "played-before-discard"
    HAND_THROWN_DOWN = "hand-thrown-down"
    LONE_PARTNER_EXPOSED = "lone-partner-exposed"
    CLAIM = "claim"
    CONCESSION = "concession"
    SCORE_CORRECTION = "score-correction"


class Irregularity(Struct, frozen=True, gc=False):
    """One recorded event. Which fields matter depends on ``kind`` (docs/FORMAT.md; a table of n
    states only the kinds its loader admits, :mod:`.table_refusals`)."""

    kind: IrregularityKind
    seat: AnySeat | None = None      # the offender (or the claimer)
    trick: int | None = None      # 1-based trick number
    card: Card | None = None      # the card concerned (played in error, exposed ...)
    election: str | None = None   # the non-offenders' election, where the laws give one
    tricks: int | None = None     # claim/concession: tricks the claimer's side takes of the rest
    points: Scores | None = None  # score correction: the corrected deal points (one per seat at n)
    note: str | None = None
    cause: str | None = None      # misdeal / new deal: why (see MISDEAL_CAUSES, NEW_DEAL_CAUSES)
    suit: Suit | None = None      # a suit called from the offender or his partner
    count: int | None = None      # wrong number of cards: how many the offender held
    late: bool = False            # score correction made after the next trump card was turned

    @property
    def revoke_election(self) -> Election | None:
        try:
            return Election(self.election) if self.election else None
        except ValueError:
            return None


MISDEAL_CAUSES = ("wrong-count", "packets")
"""Somerset 42: not five cards each; packets not 2-then-3 or 3-then-2."""
NEW_DEAL_CAUSES = ("imperfect-pack", "faced-card", "exposed-in-dealing", "exposed-turning")
"""Somerset 33-39 (and Hoyle): the same dealer deals again."""


class RecordedScore(Struct, frozen=True, gc=False):
    """What the scorer wrote for a deal: the points and/or the running score of the game (a
    pair at the table of four, one per seat at n)."""

    points: Scores | None = None
    total: Scores | None = None


class Annotation(Struct, frozen=True, gc=False):
    """Free text attached to a call (``at = "call 3"``), a trick (``"trick 2"``), a card played
    (``"card 7"``: the 7th card played in the deal, counted across its tricks) or the deal."""

    at: str
    text: str


class Alternative(Struct, frozen=True, gc=False):
    """An alternative line for analysis: replaces the record from ``at`` on. Never scored.

    ``at = "card N"`` departs at the N-th card played in the deal: the line's first trick then
    holds only the rest of that trick. ``annotations`` are placed within the line itself
    (``"call 1"`` is the line's first call, ``"card 1"`` its first card)."""

    at: str
    calls: tuple[Call, ...] = ()
    tricks: tuple[Trick, ...] = ()
    note: str | None = None
    discard: Card | None = None
    annotations: tuple[Annotation, ...] = ()


class Deal(Struct, frozen=True, gc=False):
    """One deal as recorded. Hands are indexed by seat (N, E, S, W at four; 0..n-1); ``None`` is
    an unknown card. A points-only deal (kind ``points``) has only its ``dealer``, ``points`` and,
    perhaps, ``recorded``. Five-handed: ``called`` the card named by the maker, ``partner`` who
    the record says held it, ``partner_stated`` whether it has a ``partner`` key (null: undealt)."""

    kind: DealKind
    dealer: AnySeat
    turned: Card | None = None
    joker_suit: Suit | None = None   # the suit the dealer named when the joker was turned
    hands: tuple[tuple[Card | None, ...], ...] | None = None
    kitty: tuple[Card | None, ...] | None = None
    calls: tuple[Call, ...] = ()
    discard: Card | None = None      # None: unknown, or no discard
    tricks: tuple[Trick, ...] = ()
    outcome: Outcome | None = None   # result-only deals
    irregularities: tuple[Irregularity, ...] = ()
    recorded: RecordedScore | None = None
    annotations: tuple[Annotation, ...] = ()
    alternatives: tuple[Alternative, ...] = ()
    unfinished: bool = False         # the record stops inside this deal (a partial game): not scored
    exchanges: tuple[Exchange, ...] = ()   # house-rule card exchanges, in the order made
    points: Scores | None = None     # points-only deals: the points each side (seat) scored, as written
    called: Card | None = None
    partner: AnySeat | None = None
    partner_stated: bool = False


class ExternalId(Struct, frozen=True, gc=False):
    """A player's identifier in another system (``source``: a site, a tournament registry)."""

    id: str
    source: str


class Player(Struct, frozen=True, gc=False):
    name: str
    id: str | None = None
    ids: tuple[ExternalId, ...] = ()


class Event(Struct, frozen=True, gc=False):
    club: str | None = None
    event: str | None = None
    date: str | None = None
    table: str | None = None
    round: str | None = None
    notes: str | None = None
    game_id: str | None = None       # the game's identifier in its source (EGN ``gameId``)


class Record(Struct, frozen=True, gc=False):
    """A whole record: metadata, players by seat, the rule set and the deals in order, at its
    ``table`` (the table of four unless said) with the variant's ``options`` and, as written,
    ``variant_overrides``. ``start_score`` is a pair at four, n scores (or ``()``: none) at n."""

    rules: Rules
    deals: tuple[Deal, ...]
    event: Event = field(default_factory=Event)
    players: tuple[tuple[Seat | SeatIndex, Player], ...] = ()
    start_score: Scores = (0, 0)
    version: str = FORMAT_VERSION
    provenance: tuple[str, ...] = ()   # what reading it from another notation changed or dropped
    table: Table = FOUR
    options: VariantOptions = VariantOptions()
    variant_overrides: tuple[tuple[str, object], ...] = ()  # the variant's options as written

    @property
    def fixed_partnerships(self) -> bool:
        """Whether partnerships are fixed for the game (the table of four): the one test that
        sends a record to the four-handed replay, dumper and views (docs/TABLES.md)."""
        return self.table.fixed_sides

    def player(self, seat: AnySeat) -> Player | None:
        for s, p in self.players:
            if s is seat:
                return p
        return None


# --- replay results --------------------------------------------------------------------------

class FindingKind(Enum):
    """Kinds of breach or disagreement a replay reports. The record stays valid."""

    __hash__ = object.__hash__  # as Suit.__hash__ (cards.py)

    REVOKE = "revoke"
    WRONG_DEALER = "wrong-dealer"
    SCORESHEET = "scoresheet"
    EXTRA_DEALS = "extra-deals"
    IRREGULARITY = "irregularity"
    CLAIM = "claim"


class Finding(Struct, frozen=True, gc=False):
    """A breach of the laws (or a scoresheet disagreement) with where, what and which rule, at
    any table. The replay of a table of n gives ``points`` only where the finding moved points
    (else ``()``, which its JSON writes as ``[]``: schema/results.py)."""

    kind: FindingKind
    message: str
    rule: str
    deal: int | None = None        # 1-based, within the record
    trick: int | None = None       # 1-based
    seat: Seat | SeatIndex | None = None
    card: Card | None = None
    held: tuple[Card, ...] = ()    # revokes: the cards of the suit led he held (or played later)
    status: str | None = None      # revokes: "established", "corrected", "claimed", "not borne out"
    points: Scores = (0, 0)        # points this finding moved (penalties); at n: per seat, or ()
    recorded: Scores | None = None  # scoresheet: what the scorer wrote
    computed: Scores | None = None  # scoresheet: what the engine computes

    def __str__(self) -> str:
        return self.message


class DealResult(Struct, frozen=True, gc=False):
    """What a deal's replay computes, at every table (docs/TABLES.md "The replay").

    Seats are the table's (a :class:`Seat` at four, an index 0..n-1 at n); ``hand_points``,
    ``penalty`` and ``points`` (= ``penalty`` + ``hand_points``) hold one entry per **score
    column** (N-S, E-W at four; one per seat at n). ``makers``: the making side's seats, the
    maker first (at four he and his partner unless he plays alone; five-handed he and the
    called card's holder, once known); ``defenders``: the seats that play against them (at four
    the other side, or its lone defender); both empty when nobody made trump.
    ``maker_tricks``: the makers' tricks (0 when nobody made trump). ``tricks``: the tricks of
    each side where sides are fixed (N-S, E-W); ``()`` at a table of n, where only the makers'
    count is recorded in general. ``turned`` the card turned up; ``defender_alone`` and
    ``redeal`` are the four-handed laws' (None, False at n); ``called``, ``partner`` and
    ``partner_known`` the call-your-partner game's card, its holder and whether the record
    tells him (None, None, True elsewhere). The fields after ``no_trump`` come last with
    defaults, so a four-handed result is built by position as before."""

    number: int
    kind: DealKind
    dealer: AnySeat
    turned: Card | None
    trump: Suit | None
    maker: AnySeat | None
    alone: bool
    defender_alone: Seat | None
    thrown_in: bool
    leaders: tuple[AnySeat, ...]
    winners: tuple[AnySeat, ...]
    tricks: Scores                  # tricks won (N-S, E-W) at four; () at n
    hand_points: Scores             # the hand's own points as played (after the revoke rules)
    penalty: Scores                 # revoke (and other) penalties, scored first (Somerset 4)
    points: Scores
    findings: tuple[Finding, ...] = ()
    redeal: bool = False            # the same dealer deals again (joker turned with 'redeal')
    void: str | None = None         # why the deal was void (misdeal, new deal ...); None if played
    next_dealer: AnySeat | None = None  # who deals next when the laws say so; None: the left neighbour
    notes: tuple[str, ...] = ()     # what the laws did that is no breach (a verified claim ...)
    unfinished: bool = False        # the record stops inside this deal: replayed so far, not scored
    no_trump: bool = False          # played at no trump (house rule allow_no_trump); trump is None
    makers: tuple[AnySeat, ...] = ()
    defenders: tuple[AnySeat, ...] = ()
    maker_tricks: int = 0
    called: Card | None = None      # call-your-partner: the card the maker named
    partner: AnySeat | None = None  # call-your-partner: its holder, when known
    partner_known: bool = True      # False: the partner cannot be known from the record

    @property
    def maker_side(self) -> Side | None:
        """The maker's side at the table of four (None when nobody made trump)."""
        return None if self.maker is None else self.maker.side


def _sides(maker: Seat, alone: bool, defender: Seat | None) -> tuple[tuple[Seat, ...], tuple[Seat, ...]]:
    return ((maker,) if alone else (maker, maker.partner),
            (defender,) if defender is not None else tuple(s for s in Seat if s.side is not maker.side))


FOUR_SIDES: tuple[tuple[tuple[Seat, ...], tuple[Seat, ...]], ...] = tuple(
    _sides(maker, bool(alone), None if slot == 0 else Seat(slot - 1))
    for maker in Seat for alone in (0, 1) for slot in range(5))
"""The ``makers`` and ``defenders`` of every four-handed deal, at ``maker * 10 + alone * 5 +
(0 if defender_alone is None else defender_alone + 1)`` (:func:`four_handed_sides`; the fast
path indexes it inline). A lone defender of the maker's own side is no deal: its entries are
never read."""


def four_handed_sides(maker: Seat, alone: bool, defender_alone: Seat | None
                      ) -> tuple[tuple[Seat, ...], tuple[Seat, ...]]:
    """The ``makers`` and ``defenders`` of a four-handed deal made by ``maker``: he and his
    partner unless he plays alone (the maker first); the other side in seat order, or its lone
    defender."""
    return FOUR_SIDES[maker * 10 + alone * 5 + (0 if defender_alone is None else defender_alone + 1)]


def seat_deal_result(number: int, kind: DealKind, dealer: SeatIndex, trump: Suit | None,
                     maker: SeatIndex | None, alone: bool, makers: tuple[SeatIndex, ...],
                     defenders: tuple[SeatIndex, ...], called: Card | None,
                     partner: SeatIndex | None, partner_known: bool, thrown_in: bool,
                     leaders: tuple[SeatIndex, ...], winners: tuple[SeatIndex, ...],
                     maker_tricks: int, hand_points: Scores, penalty: Scores, points: Scores,
                     findings: tuple[Finding, ...] = (), void: str | None = None,
                     next_dealer: SeatIndex | None = None, notes: tuple[str, ...] = (),
                     unfinished: bool = False, no_trump: bool = False,
                     turned: Card | None = None) -> DealResult:
    """The :class:`DealResult` of a deal at a table of n, given in the order the per-seat replay
    computes it (seats as indexes; no sides' ``tricks``, no ``defender_alone`` or ``redeal``)."""
    build: Callable[..., DealResult] = DealResult   # seat indexes, which the checker reads as Seat
    return build(number, kind, dealer, turned, trump, maker, alone, None, thrown_in, leaders,
                 winners, (), hand_points, penalty, points, findings, False, void, next_dealer,
                 notes, unfinished, no_trump, makers, defenders, maker_tricks, called, partner,
                 partner_known)


class GameResult(Struct, frozen=True, gc=False):
    """One game at every table: its deals (1-based numbers), the score per score column at its
    start (a lap carried in) and end (uncapped), and ``winner``, the winning column as the table
    names it: a :class:`Side` at four, a seat at n (None: unfinished, or a game of fixed deals).
    ``carried`` (the lap into the next game) and ``rubber_points`` per column: zero at n, where
    there are no laps or rubbers."""

    number: int
    first_deal: int                 # 1-based deal numbers
    last_deal: int
    start: Scores                   # score at the start (lap carried in)
    score: Scores                   # final score (uncapped)
    winner: Side | SeatIndex | None  # None: unfinished, or a game of fixed deals (no winner)
    finished: bool
    carried: Scores = (0, 0)        # lap carried into the next game
    rubber_points: Scores = (0, 0)


class RubberResult(Struct, frozen=True, gc=False):
    system: str
    games_won: Points
    winner: Side | None
    finished: bool
    rubber_points: Points           # including the rubber bonus
    net: int                        # rubber points of the winner minus the loser's (whist: net)


class ReplayResult(Struct, frozen=True, gc=False):
    """The replay of a record of any table (``match.replay``): its deals and games, the rubber
    (fixed partnerships only; None at a table of n), every finding in record order (the deals'
    included), ``running`` per deal (the game's number and its score after the deal; None for a
    deal after the rubber ended), notes about the record as a whole, and its ``table``."""

    rules: Rules
    deals: tuple[DealResult, ...]
    games: tuple[GameResult, ...]
    rubber: RubberResult | None
    findings: tuple[Finding, ...]   # every finding, deals' included, in record order
    running: tuple[tuple[int, Scores] | None, ...] = ()  # per deal: (game number, score after it)
    notes: tuple[str, ...] = ()     # about the record as a whole (its provenance, a partial game)
    table: Table = FOUR

    @property
    def clean(self) -> bool:
        return not self.findings


# --- copying ---------------------------------------------------------------------------------

_T = TypeVar("_T")


def replace(value: _T, /, **changes: Any) -> _T:
    """A copy of ``value`` with ``changes`` (field name -> new value), like ``dataclasses.replace``.

    The one copying helper of the project: for the model's values (msgspec Structs, on which
    ``dataclasses.replace`` fails) and for any dataclass (``Rules``, the store's rows ...) alike.
    An unknown field name raises TypeError, as ``dataclasses.replace`` does."""
    if isinstance(value, Struct):
        return msgspec.structs.replace(value, **changes)
    return dataclasses.replace(value, **changes)  # type: ignore[type-var]


MODEL_TYPES: tuple[type[Struct], ...] = (
    Call, Trick, Exchange, Outcome, Irregularity, RecordedScore, Annotation, Alternative, Deal,
    ExternalId, Player, Event, Record, Finding, DealResult, GameResult, RubberResult, ReplayResult)
"""Every value class of the model (tests hold each to the construction/equality/pickle contract)."""
