"""The model of records at tables of two, three and five (docs/FORMAT.md "Tables of two, three
and five"; docs/TABLES.md): what such a record holds and what its replay produces.

Four-handed records stay :class:`~euchre_records.model.Record` (seats :class:`Seat`, scores
``(ns, ew)``); the values here use plain ``int`` seat indexes 0..n-1 and per-player scores
(:data:`Scores`: a tuple of n integers, one per seat). They are frozen msgspec Structs like the
rest of the model, and reuse its enums (:class:`CallKind`, :class:`DealKind`,
:class:`FindingKind`) and its :class:`Player`/:class:`Event` values.
"""

from __future__ import annotations

from enum import Enum

from msgspec import Struct, field

from .cards import Card, Suit
from .model import FORMAT_VERSION, CallKind, DealKind, Event, ExchangeKind, FindingKind, Player
from .rules import Rules
from .table import SeatIndex, Table, VariantOptions

__all__ = [
    "Scores", "TableCall", "TableTrick", "TableExchange", "TableOutcome", "TableIrregularityKind",
    "TableIrregularity", "TableScore", "TableDeal", "TableRecord", "TableFinding",
    "TableDealResult", "TableGameResult", "TableReplay", "TABLE_MODEL_TYPES",
]

Scores = tuple[int, ...]
"""Points per seat: ``scores[i]`` belongs to seat i (n entries)."""


class TableCall(Struct, frozen=True, gc=False):
    """One call: ``seat`` None when the record leaves it to the turn order. ``alone`` only in
    the five-handed game (the maker goes alone instead of calling a partner)."""

    kind: CallKind
    seat: SeatIndex | None = None
    suit: Suit | None = None
    alone: bool = False


class TableTrick(Struct, frozen=True, gc=False):
    """The n cards of one trick in playing order; ``leader`` None: left to the rules."""

    cards: tuple[Card, ...]
    leader: SeatIndex | None = None


class TableExchange(Struct, frozen=True, gc=False):
    """A house-rule exchange with the kitty by ``seat`` before the bidding (``farmers`` under
    'exchange', ``go-under``): the three cards he gave and the three he took (None: unknown); a
    farmer's declaration under 'misdeal' gives and takes nothing (docs/FORMAT.md "Exchanges")."""

    kind: ExchangeKind
    seat: SeatIndex
    gave: tuple[Card | None, ...] = ()
    took: tuple[Card | None, ...] = ()


class TableOutcome(Struct, frozen=True, gc=False):
    """A result-only deal. ``maker`` None: thrown in. Five-handed: ``called`` the named card,
    ``partner`` its holder; ``partner_stated`` whether the record said who (``partner: null``
    with a called card states that the card was undealt: the maker was alone)."""

    maker: SeatIndex | None
    trump: Suit | None = None
    alone: bool = False
    tricks: int = 0                   # tricks won by the making side
    called: Card | None = None
    partner: SeatIndex | None = None
    partner_stated: bool = False


class TableIrregularityKind(Enum):
    """The irregularities a record at a table of n may state (a subset of the four-handed ones)."""

    __hash__ = object.__hash__  # as Suit.__hash__ (cards.py)

    REVOKE_CLAIMED = "revoke-claimed"
    MISDEAL = "misdeal"
    NEW_DEAL = "new-deal"
    CLAIM = "claim"                  # the claimer's side takes ``tricks`` of the rest
    CONCESSION = "concession"        # the conceder's side gives up the rest (keeps ``tricks``)
    DEAL_OUT_OF_TURN = "deal-out-of-turn"    # ``seat`` whose deal it was; ``election`` stopped/stands
    TURNED_SUIT_NAMED = "turned-suit-named"  # ``seat`` named the turned-down suit: a pass (Somerset 78)
    PLAYED_BEFORE_DISCARD = "played-before-discard"  # the dealer plays his five dealt cards (Hoyle)
    EXPOSED_CARD = "exposed-card"    # ``seat`` exposed ``card`` at ``trick``: played at the first opportunity (Hoyle)
    REVOKE_CORRECTED = "revoke-corrected"    # ``seat`` took back ``card`` played in error at ``trick`` (Hoyle)
    SCORE_CORRECTION = "score-correction"    # the deal's entry corrected to ``points``; ``late``: void (Somerset 5)


class TableIrregularity(Struct, frozen=True, gc=False):
    """One irregularity; ``tricks`` (claim, concession): how many of the remaining tricks the
    claimer's side takes, None all of them; ``election`` (deal out of turn): ``stopped`` before
    the trump card was turned, or ``stands``; ``card`` (exposed card): the card exposed, (revoke
    corrected) the card played in error; ``points`` (score correction): the deal's entry as
    corrected, one per seat, and ``late`` whether it came after the next trump card was turned
    (docs/FORMAT.md)."""

    kind: TableIrregularityKind
    seat: SeatIndex | None = None
    trick: int | None = None
    cause: str | None = None
    note: str | None = None
    tricks: int | None = None
    election: str | None = None
    card: Card | None = None
    points: Scores | None = None
    late: bool = False


class TableScore(Struct, frozen=True, gc=False):
    """What the scorer wrote for a deal: per-seat points and/or the running totals."""

    points: Scores | None = None
    total: Scores | None = None


class TableDeal(Struct, frozen=True, gc=False):
    """One deal at a table of n. ``hands`` indexed by seat (``None`` an unknown card). A
    points-only deal (kind ``points``) has only its ``dealer``, ``points`` (one entry per seat)
    and, perhaps, ``recorded``."""

    kind: DealKind
    dealer: SeatIndex
    turned: Card | None = None
    hands: tuple[tuple[Card | None, ...], ...] | None = None
    kitty: tuple[Card | None, ...] | None = None
    calls: tuple[TableCall, ...] = ()
    called: Card | None = None        # five-handed: the card named by the maker
    partner: SeatIndex | None = None  # five-handed: who the record says held it
    partner_stated: bool = False      # the record has a ``partner`` key (null: card undealt)
    discard: Card | None = None
    tricks: tuple[TableTrick, ...] = ()
    outcome: TableOutcome | None = None
    irregularities: tuple[TableIrregularity, ...] = ()
    recorded: TableScore | None = None
    unfinished: bool = False
    points: Scores | None = None      # kind ``points``: the points each seat scored, as written
    exchanges: tuple[TableExchange, ...] = ()   # house rules farmers, go_under: before the bidding
    joker_suit: Suit | None = None    # the joker turned: the suit the dealer named (RULES.md "The joker")


class TableRecord(Struct, frozen=True, gc=False):
    """A whole record at a table of 2, 3 or 5: the preset's rules, the table and its options."""

    rules: Rules
    table: Table
    options: VariantOptions
    deals: tuple[TableDeal, ...]
    event: Event = field(default_factory=Event)
    players: tuple[tuple[SeatIndex, Player], ...] = ()
    start_score: Scores = ()
    version: str = FORMAT_VERSION
    variant_overrides: tuple[tuple[str, object], ...] = ()  # the variant's options as written


# --- replay results --------------------------------------------------------------------------

class TableFinding(Struct, frozen=True, gc=False):
    """A breach (revoke ...) or a scoresheet disagreement, located and with its rule."""

    kind: FindingKind
    message: str
    rule: str
    deal: int | None = None
    trick: int | None = None
    seat: SeatIndex | None = None
    card: Card | None = None
    points: Scores = ()
    recorded: Scores | None = None
    computed: Scores | None = None
    held: tuple[Card, ...] = ()     # revokes: the cards of the suit led he held (or played later)
    status: str | None = None       # revokes: "established", "claimed" or "not borne out", as model.Finding's

    def __str__(self) -> str:
        return self.message


class TableDealResult(Struct, frozen=True, gc=False):
    """What one deal's replay computes. ``makers``: the making side's seats (maker first);
    ``defenders`` the rest. ``points`` = ``penalty`` + ``hand_points``, one entry per seat."""

    number: int
    kind: DealKind
    dealer: SeatIndex
    trump: Suit | None
    maker: SeatIndex | None
    alone: bool
    makers: tuple[SeatIndex, ...]
    defenders: tuple[SeatIndex, ...]
    called: Card | None
    partner: SeatIndex | None
    partner_known: bool             # False: the partner cannot be known from the record
    thrown_in: bool
    leaders: tuple[SeatIndex, ...]
    winners: tuple[SeatIndex, ...]
    maker_tricks: int
    hand_points: Scores
    penalty: Scores
    points: Scores
    findings: tuple[TableFinding, ...] = ()
    void: str | None = None
    next_dealer: SeatIndex | None = None
    notes: tuple[str, ...] = ()
    unfinished: bool = False
    no_trump: bool = False          # played at no trump (house rule allow_no_trump): trump None


class TableGameResult(Struct, frozen=True, gc=False):
    number: int
    first_deal: int
    last_deal: int
    start: Scores
    score: Scores
    winner: SeatIndex | None        # a player; None: unfinished
    finished: bool


class TableReplay(Struct, frozen=True, gc=False):
    rules: Rules
    table: Table
    deals: tuple[TableDealResult, ...]
    games: tuple[TableGameResult, ...]
    findings: tuple[TableFinding, ...]
    running: tuple[Scores, ...] = ()   # per deal: the game's score after it
    notes: tuple[str, ...] = ()

    @property
    def clean(self) -> bool:
        return not self.findings


TABLE_MODEL_TYPES: tuple[type[Struct], ...] = (
    TableCall, TableTrick, TableExchange, TableOutcome, TableIrregularity, TableScore, TableDeal, TableRecord,
    TableFinding, TableDealResult, TableGameResult, TableReplay)
