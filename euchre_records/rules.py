"""Rule sets: the frozen :class:`Rules` value, the three named presets and per-record overrides.

Every choice the rule books leave open is an explicit option here (see docs/RULES.md for the table
of presets, values and sources). ``Rules.cite(topic)`` gives the rule citation findings print.

>>> preset("somerset-1888").lone_euchred
4
>>> preset("modern").with_overrides({"stick_the_dealer": True}).stick_the_dealer
True
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from enum import Enum
from typing import Any, Mapping, get_type_hints

from .errors import NotationError

__all__ = [
    "Rules", "LoneLead", "RevokeTo", "RubberSystem", "JokerUpcard", "Election", "RevokeLone",
    "OutOfTurnCall", "TurnedSuitNamed", "WrongCards", "BeforeDiscard", "ExposedPlay",
    "FarmersHand", "HOUSE_RULES", "PRESETS", "preset", "resolve_rules", "rebase", "OPTION_DOCS",
]


class LoneLead(Enum):
    """Who leads to the first trick when someone plays alone."""

    ELDEST = "eldest"              # left of the dealer, skipping the seat that sits out
    LEFT_OF_LONE = "left-of-lone"  # the player on the lone player's left


class RevokeTo(Enum):
    """How a revoke penalty is scored by default."""

    ADD = "add"        # added to the non-offenders' score
    DEDUCT = "deduct"  # deducted from the offenders' score


class Election(Enum):
    """What the non-offenders chose after a revoke, where the laws give them a choice."""

    ADD = "add"        # take the penalty, added to their score
    DEDUCT = "deduct"  # take the penalty, deducted from the offenders
    HAND = "hand"      # no penalty: score the hand as played


class RevokeLone(Enum):
    """When the larger (lone) revoke penalty applies."""

    LONE_HAND = "lone-hand"        # any revoke in a lone hand (Somerset 63)
    AGAINST_LONE = "against-lone"  # a revoke by an opponent of the lone player (Hoyle)


class RubberSystem(Enum):
    """How games form a rubber."""

    SOMERSET = "somerset"  # 3 games always played, lap -> 4th; 1 or 2 per game, +2 (Somerset 1, 7)
    WHIST = "whist"        # first to two games; 3/2/1 per game, +2, net (Hoyle)
    NONE = "none"          # single games, no rubber points


class JokerUpcard(Enum):
    """What happens when the joker is the turned card."""

    DEALER_NAMES = "dealer-names"  # the dealer names the trump suit before looking at his hand
    REDEAL = "redeal"              # the deal is void and the same dealer deals again


class OutOfTurnCall(Enum):
    """What a trump-making call out of turn (or after passing) costs."""

    PARTNER_PASSES = "partner-passes"      # void; the offender's partner must pass (Somerset 79-80)
    SIDE_LOSES_RIGHT = "side-loses-right"  # void; the offending side may not make trump (Hoyle)
    VOID = "void"                          # void, no further penalty


class TurnedSuitNamed(Enum):
    """What naming the turned-down suit in the second round means."""

    PASS = "pass"                          # counts as a pass (Somerset 78)
    SIDE_LOSES_RIGHT = "side-loses-right"  # void; that side may not make trump (Hoyle)


class WrongCards(Enum):
    """A hand with more or fewer than five cards, found during the deal."""

    FORFEIT = "forfeit"                      # deal stands; offenders forfeit 2 (4 lone), score nothing (Somerset 90)
    REDEAL_OR_NOTHING = "redeal-or-nothing"  # before the first trick is quitted: redeal; later: offenders score nothing (Hoyle)


class BeforeDiscard(Enum):
    """A dealer who took up the turned card and played before discarding."""

    FORFEIT = "forfeit"        # as a wrong number of cards (Somerset 90)
    FIVE_CARDS = "five-cards"  # he plays his five dealt cards, without the turned card (Hoyle)


class ExposedPlay(Enum):
    """When an exposed card must be played."""

    WHEN_CALLED = "when-called"              # the opponents may call it (Somerset 46, 56)
    FIRST_OPPORTUNITY = "first-opportunity"  # at the first legal opportunity (Hoyle)


class FarmersHand(Enum):
    """House rule: what a declared farmer's hand (three or more nines and tens) brings."""

    OFF = "off"            # no such rule: a declaration is impossible
    MISDEAL = "misdeal"    # the deal is void, as a misdeal (misdeal_loses_deal decides who deals)
    EXCHANGE = "exchange"  # the farmer swaps three of his nines and tens for three kitty cards


@dataclass(frozen=True, slots=True)
class Rules:
    """A complete rule set. Build with :func:`preset` and :meth:`with_overrides`."""

    name: str
    label: str                      # short name used in citations: "Somerset", "Hoyle", "Modern"
    pack: int = 24                  # 24 (9-A), 28 (8-A) or 32 (7-A)
    joker: bool = False
    joker_upcard: JokerUpcard = JokerUpcard.DEALER_NAMES
    game_points: int | None = 10    # points to win a game; None with fixed_deals
    fixed_deals: int | None = None  # a game of a fixed number of deals instead of a target
    stick_the_dealer: bool = False
    lone_lead: LoneLead = LoneLead.LEFT_OF_LONE
    defend_alone: bool = False
    partner_takes_lone: bool = False
    turned_card_discard: bool = False  # the dealer may discard the card he took up (modern, EGN)
    make: int = 1
    march: int = 2
    lone_make: int = 1
    lone_march: int = 4
    euchre: int = 2
    lone_euchred: int = 2
    lone_defender_euchre: int = 4   # a lone defender euchres the makers
    revoke_penalty: int = 2
    revoke_penalty_lone: int = 2
    revoke_lone: RevokeLone = RevokeLone.LONE_HAND
    revoke_to: RevokeTo = RevokeTo.ADD
    revoke_election: bool = False   # non-offenders may elect penalty (add/deduct) or hand as played
    revoke_hand_scores: bool = False  # with a penalty, the hand's own points still score
    revokes_cancel: bool = False    # equal numbers of revokes on both sides cancel (Somerset 71)
    lap: bool = False               # points beyond the game carry into the next game
    rubber: RubberSystem = RubberSystem.NONE
    misdeal_loses_deal: bool = False  # a misdeal passes the deal to the left (Somerset 41)
    out_of_turn_call: OutOfTurnCall = OutOfTurnCall.VOID
    dealer_pass_binds: bool = False  # the dealer's pass out of turn binds his partner (Somerset 82)
    turned_suit_named: TurnedSuitNamed = TurnedSuitNamed.PASS
    wrong_cards: WrongCards = WrongCards.REDEAL_OR_NOTHING
    wrong_cards_forfeit: int = 2
    wrong_cards_forfeit_lone: int = 4
    played_before_discard: BeforeDiscard = BeforeDiscard.FIVE_CARDS
    exposed_play: ExposedPlay = ExposedPlay.FIRST_OPPORTUNITY
    lone_lead_penalised: bool = False  # a lone player's lead out of turn carries the usual penalty
    lone_exposed_penalised: bool = False  # a lone player's exposed card may be called
    called_breach_is_revoke: bool = False  # failing a called card/suit or a win/lose demand: revoke penalty
    sheet_errors_stand: bool = False  # a scoring error not corrected in time stands (Somerset 5)
    lone_abandoned: int = 4         # to a lone hand whose opponent throws down or fails to play
    lone_partner_exposed_march: int | None = None  # a lone march's value after the partner exposed a card
    # house rules (EGN alternate rules; off in every preset; docs/RULES.md "House rules")
    canadian: bool = False          # the dealer's partner who orders up must play alone
    allow_no_trump: bool = False    # second round: "NT" names no trump (no bowers)
    fast_break: bool = False        # defenders take tricks 1-2 and lose 3-5: 0 for both
    four_trick_tokens: bool = False  # makers (not alone) with exactly 4 tricks get a token; 4 = 1 point
    partners_best: bool = False     # the lone player's partner passes him a card; he discards one
    go_under: bool = False          # a player swaps three cards with the kitty before the bidding
    farmers: FarmersHand = FarmersHand.OFF
    overrides: tuple[tuple[str, Any], ...] = field(default=())
    citations: tuple[tuple[str, str], ...] = field(default=(), repr=False, compare=False)

    def cite(self, topic: str) -> str:
        """The rule citation for ``topic`` under this rule set, e.g. ``"Somerset 62-64"``."""
        for key, text in self.citations:
            if key == topic:
                return f"{self.label} {text}"
        return f"{self.label} (no rule; documented default)"

    def with_overrides(self, overrides: Mapping[str, Any], where: str = "rules.overrides") -> Rules:
        """A copy with the named options changed; values in notation form (strings for enums)."""
        if not overrides:
            return self
        changes: dict[str, Any] = {}
        problems = []
        for key, raw in overrides.items():
            spec = _OPTION_TYPES.get(key)
            if spec is None:
                problems.append((f"{where}.{key}", f"unknown rule option {key!r}"))
                continue
            try:
                changes[key] = _coerce(spec, raw)
            except ValueError as exc:
                problems.append((f"{where}.{key}", str(exc)))
        if problems:
            from .errors import Problem
            raise NotationError([Problem(w, m) for w, m in problems])
        merged = dict(self.overrides)
        merged.update({k: to_notation(v) for k, v in changes.items()})
        new = replace(self, overrides=tuple(sorted(merged.items())), **changes)
        new.check(where)
        return new

    def check(self, where: str = "rules") -> None:
        """Raise NotationError if the options contradict each other."""
        if self.pack not in (24, 28, 32):
            raise NotationError(f"pack must be 24, 28 or 32, not {self.pack}", f"{where}.pack")
        if (self.game_points is None) == (self.fixed_deals is None):
            raise NotationError("give exactly one of game_points and fixed_deals", where)
        for name in ("game_points", "fixed_deals"):
            if getattr(self, name) == 0:
                raise NotationError(f"{name} must be at least 1", f"{where}.{name}")
        if self.fixed_deals is not None and self.rubber is not RubberSystem.NONE:
            raise NotationError("a fixed number of deals cannot form a rubber (set rubber: none)", where)
        if self.allow_no_trump and self.joker:
            raise NotationError("no-trump with the joker is not supported: EGN ranks the joker only "
                                "as the highest trump, and a no-trump deal has none (turn off "
                                "joker or allow_no_trump)", f"{where}.allow_no_trump")

    def option_values(self) -> dict[str, Any]:
        """Every option in notation form (enums as strings), for docs and dumps."""
        return {f.name: to_notation(getattr(self, f.name)) for f in fields(self)
                if f.name not in _NOT_OPTIONS}


_NOT_OPTIONS = ("name", "label", "overrides", "citations")
"""The fields of :class:`Rules` that are not options a record may override."""


def to_notation(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _coerce(spec: Any, raw: Any) -> Any:
    if isinstance(spec, type) and issubclass(spec, Enum):
        try:
            return spec(raw)
        except ValueError:
            allowed = ", ".join(repr(m.value) for m in spec)
            raise ValueError(f"{raw!r} is not one of {allowed}") from None
    if spec == int | None:
        if raw is None:
            return None
        spec = int
    if spec is bool:
        if not isinstance(raw, bool):
            raise ValueError(f"expected true or false, not {raw!r}")
        return raw
    if spec is int:
        if isinstance(raw, bool) or not isinstance(raw, int):
            raise ValueError(f"expected an integer, not {raw!r}")
        if raw < 0:
            raise ValueError(f"expected a non-negative integer, not {raw}")
        return raw
    raise AssertionError(spec)


_OPTION_TYPES: dict[str, Any] = {name: hint for name, hint in get_type_hints(Rules).items()
                                  if name not in _NOT_OPTIONS}
"""Each option's type as :class:`Rules` declares it (int, bool, ``int | None`` or an Enum):
what :func:`_coerce` reads an override's value as."""

HOUSE_RULES = ("canadian", "allow_no_trump", "fast_break", "four_trick_tokens", "partners_best",
               "go_under", "farmers")
"""The house-rule options (EGN's alternate rules): off in every preset."""

OPTION_DOCS: dict[str, str] = {
    "pack": "cards in the pack: 24 (9-A), 28 (8-A) or 32 (7-A)",
    "joker": "a joker is added as the highest trump (best bower, benny)",
    "joker_upcard": "when the joker is turned: 'dealer-names' (dealer names trump before looking) or 'redeal'",
    "game_points": "points that win a game (5, 7, 10 ...); null when fixed_deals is set",
    "fixed_deals": "a game of this many deals instead of a points target (it has no winner: the points count, EGN 1.4 num_deals); null otherwise",
    "stick_the_dealer": "when all pass twice the dealer must name a suit",
    "lone_lead": "first lead against a lone hand: 'eldest' (left of dealer, skipping the sitting-out seat) or 'left-of-lone'",
    "defend_alone": "one defender may play alone against the makers",
    "partner_takes_lone": "the maker's partner may take the hand over and play it alone (Somerset 74-75)",
    "turned_card_discard": "the dealer may discard the turned card he took up, as any of his six cards (modern, EGN base rules); Somerset 88 and the Hoyle chapter forbid it",
    "make": "points for the makers taking 3 or 4 tricks",
    "march": "points for the makers taking all 5 tricks",
    "lone_make": "points for a lone hand taking 3 or 4 tricks",
    "lone_march": "points for a lone hand taking all 5 tricks",
    "euchre": "points to the defenders when the makers take fewer than 3 tricks",
    "lone_euchred": "points to the defenders when a lone hand is euchred",
    "lone_defender_euchre": "points to a lone defender who euchres the makers",
    "revoke_penalty": "points per revoke",
    "revoke_penalty_lone": "points per revoke when the lone penalty applies (see revoke_lone)",
    "revoke_lone": "when the lone penalty applies: 'lone-hand' (any revoke in a lone hand) or 'against-lone' (by an opponent of the lone player)",
    "revoke_to": "default scoring of the penalty: 'add' to the non-offenders or 'deduct' from the offenders",
    "revoke_election": "the non-offenders elect: penalty added, penalty deducted, or the hand as played",
    "revoke_hand_scores": "when a penalty is taken, the hand's own points still score",
    "revokes_cancel": "equal numbers of revokes by both sides cancel",
    "lap": "points beyond those needed to win a game carry into the next game",
    "rubber": "'somerset', 'whist' or 'none'",
    "misdeal_loses_deal": "a misdeal passes the deal to the next player; otherwise the same dealer deals again",
    "out_of_turn_call": "a trump-making call out of turn or after passing: 'partner-passes', 'side-loses-right' or 'void'",
    "dealer_pass_binds": "the dealer's pass out of turn (turning the trump card down, or throwing his cards down in the second round) binds his partner to pass",
    "turned_suit_named": "naming the turned-down suit: 'pass' (counts as a pass) or 'side-loses-right'",
    "wrong_cards": "a hand of the wrong size: 'forfeit' or 'redeal-or-nothing'",
    "wrong_cards_forfeit": "points forfeited for a wrong number of cards (under 'forfeit')",
    "wrong_cards_forfeit_lone": "the same when a lone hand is played",
    "played_before_discard": "a dealer who played before discarding: 'forfeit' or 'five-cards'",
    "exposed_play": "an exposed card is played 'when-called' by the opponents or at the 'first-opportunity'",
    "lone_lead_penalised": "a lone player's lead out of turn carries the usual penalty",
    "lone_exposed_penalised": "a lone player's exposed card may be called like any other",
    "called_breach_is_revoke": "failing to play a called card, lead a called suit or win/lose a trick when required is charged as a revoke",
    "sheet_errors_stand": "a scoring error not corrected before the next trump card is turned stands: the game is scored from the sheet",
    "lone_abandoned": "points to a lone hand whose opponent throws his cards down or fails to play",
    "lone_partner_exposed_march": "what a lone march scores after the lone player's partner exposed a card; null: no law",
    "canadian": "house rule (Canadian loner): the dealer's partner who accepts the turned card must play alone",
    "allow_no_trump": "house rule: in the second round a player may name no trump ('NT'); the highest card of the suit led wins, no bowers",
    "fast_break": "house rule: the defenders take the first two tricks and lose the last three: 0 points to both sides",
    "four_trick_tokens": "house rule: makers (not alone) taking exactly four tricks get a token; at four tokens a side turns them in for 1 extra point (tokens count per side within a game)",
    "partners_best": "house rule (call for best): the lone player's partner passes him his best card (his highest trump when he holds one) face down and he discards one",
    "go_under": "house rule: before the bidding a player with a remarkably poor hand (three or more nines and tens, or no face card) may swap three cards of his hand for three kitty cards",
    "farmers": "house rule (farmer's hand: three or more nines and tens): 'off', 'misdeal' (the deal is void) or 'exchange' (three of them swapped for three kitty cards)",
}


_SOMERSET = Rules(
    name="somerset-1888", label="Somerset", pack=32, game_points=5,
    lone_lead=LoneLead.ELDEST, defend_alone=False, partner_takes_lone=True,
    lone_euchred=4, revoke_penalty=3, revoke_penalty_lone=5, revoke_lone=RevokeLone.LONE_HAND,
    revoke_to=RevokeTo.ADD, revoke_election=False, revoke_hand_scores=True, revokes_cancel=True,
    lap=True, rubber=RubberSystem.SOMERSET,
    misdeal_loses_deal=True, out_of_turn_call=OutOfTurnCall.PARTNER_PASSES, dealer_pass_binds=True,
    turned_suit_named=TurnedSuitNamed.PASS, wrong_cards=WrongCards.FORFEIT,
    played_before_discard=BeforeDiscard.FORFEIT, exposed_play=ExposedPlay.WHEN_CALLED,
    lone_lead_penalised=True, lone_exposed_penalised=False, called_breach_is_revoke=True,
    sheet_errors_stand=True, lone_abandoned=5, lone_partner_exposed_march=2,
    citations=(
        ("misdeal", "41-42"), ("new_deal", "33-39"), ("deal_out_of_turn", "40"),
        ("out_of_turn_call", "79-80, 82"), ("dealer_pass_binds", "82 (second half)"),
        ("turned_suit_named", "78"),
        ("wrong_cards", "90"), ("played_before_discard", "90"), ("lead_out_of_turn", "52-53"),
        ("play_out_of_turn", "58-59"), ("exposed_card", "46, 56"), ("called_card", "54-57"),
        ("hand_thrown_down", "48-49"), ("lone_abandoned", "50"), ("lone_partner_exposed", "102"),
        ("lone_player_penalty", "preface and 104 (the text of 104 is missing: the usual penalty of 52)"),
        ("lone_exposed", "preface (a lone player's exposed card is not penalised)"),
        ("claim", "49"), ("score_correction", "5"), ("call_word", "74-76"), ("call_stands", "81"),
        ("revoke", "62-64"), ("revoke_penalty", "63"), ("revoke_established", "64"),
        ("revoke_corrected", "69"), ("revokes_cancel", "71"), ("revoke_precedence", "4"),
        ("score", "2-3"), ("lone_euchred", "3"), ("march", "2"), ("lone_march", "3"),
        ("thrown_in", "77"), ("turned_card_discard", "88"), ("deal_passes", "41"),
        ("rubber", "1, 7"), ("lap", "1 (glossary: lap)"), ("game", "2"),
        ("making_trump", "74-78"), ("alone", "93-97"), ("defend_alone", "95"),
        ("partner_takes_lone", "74-75"), ("discard", "86-88"), ("follow_suit", "62"),
        ("lone_lead", "(no rule in the text; eldest hand leads by default)"),
        ("scoresheet", "5-6"), ("joker", "(no joker in these laws; documented default)"),
    ),
)

_HOYLE = Rules(
    name="hoyle", label="Hoyle", pack=32, game_points=5,
    lone_lead=LoneLead.ELDEST, defend_alone=False, partner_takes_lone=False,
    lone_euchred=2, revoke_penalty=2, revoke_penalty_lone=4, revoke_lone=RevokeLone.AGAINST_LONE,
    revoke_to=RevokeTo.ADD, revoke_election=True, revoke_hand_scores=False, revokes_cancel=False,
    lap=False, rubber=RubberSystem.WHIST,
    misdeal_loses_deal=False, out_of_turn_call=OutOfTurnCall.SIDE_LOSES_RIGHT,
    turned_suit_named=TurnedSuitNamed.SIDE_LOSES_RIGHT, wrong_cards=WrongCards.REDEAL_OR_NOTHING,
    played_before_discard=BeforeDiscard.FIVE_CARDS, exposed_play=ExposedPlay.FIRST_OPPORTUNITY,
    lone_lead_penalised=False, lone_exposed_penalised=False, called_breach_is_revoke=False,
    sheet_errors_stand=False, lone_abandoned=4, lone_partner_exposed_march=None,
    citations=(
        ("misdeal", "misdeal"), ("new_deal", "misdeal"), ("deal_out_of_turn", "(no rule; default)"),
        ("out_of_turn_call", "errors in the bidding"), ("turned_suit_named", "errors in the bidding"),
        ("wrong_cards", "wrong number of cards"), ("played_before_discard", "wrong number of cards"),
        ("lead_out_of_turn", "lead out of turn"), ("play_out_of_turn", "lead out of turn"),
        ("exposed_card", "exposed cards"), ("called_card", "exposed cards"),
        ("hand_thrown_down", "exposed cards"), ("lone_abandoned", "(no rule; default: a lone march)"),
        ("lone_partner_exposed", "(no rule)"), ("lone_player_penalty", "the lone player"),
        ("lone_exposed", "the lone player"),
        ("claim", "(no rule; claims as agreed)"), ("score_correction", "scoring"),
        ("call_word", "errors in the bidding (counts as acceptance)"),
        ("call_stands", "(no rule; default: the call stands)"),
        ("revoke", "renege"), ("revoke_penalty", "renege (2, or 4 against a lone hand)"),
        ("revoke_established", "renege (established when the cards are mixed)"),
        ("revoke_corrected", "renege (corrected before the trick is quitted)"),
        ("revoke_precedence", "renege"), ("score", "scoring table"),
        ("lone_euchred", "scoring table"), ("march", "scoring table"),
        ("lone_march", "scoring table"), ("thrown_in", "making the trump"),
        ("turned_card_discard", "turning the trump (the turned card is exchanged for a card of "
                                "his hand and left on the pack until played)"),
        ("deal_passes", "the deal"),
        ("rubber", "rubber (whist-style)"), ("game", "game"), ("lap", "game"),
        ("making_trump", "making the trump"), ("alone", "playing alone"),
        ("defend_alone", "playing alone"), ("discard", "discarding"),
        ("follow_suit", "the play"), ("lone_lead", "playing alone (eldest leads)"),
        ("scoresheet", "scoring"), ("joker", "the joker (best bower)"),
    ),
)

_MODERN = Rules(
    name="modern", label="Modern", pack=24, game_points=10, turned_card_discard=True,
    lone_lead=LoneLead.LEFT_OF_LONE, defend_alone=False, partner_takes_lone=False,
    lone_euchred=2, revoke_penalty=2, revoke_penalty_lone=2, revoke_lone=RevokeLone.LONE_HAND,
    revoke_to=RevokeTo.ADD, revoke_election=False, revoke_hand_scores=False, revokes_cancel=False,
    lap=False, rubber=RubberSystem.NONE,
    citations=(
        ("misdeal", "(no rule; default: same dealer)"), ("new_deal", "(no rule; default)"),
        ("deal_out_of_turn", "(no rule; default)"), ("out_of_turn_call", "(no rule; default: void)"),
        ("turned_suit_named", "§4 (not allowed; default: counts as a pass)"),
        ("wrong_cards", "(no rule; default as Hoyle)"), ("played_before_discard", "(no rule; default as Hoyle)"),
        ("lead_out_of_turn", "(no rule; default as Hoyle)"), ("play_out_of_turn", "(no rule; default)"),
        ("exposed_card", "(no rule; default as Hoyle)"), ("called_card", "(no rule; default)"),
        ("hand_thrown_down", "(no rule; default)"), ("lone_abandoned", "(no rule; default: a lone march)"),
        ("lone_partner_exposed", "(no rule)"), ("lone_player_penalty", "(no rule; default: no penalty)"),
        ("lone_exposed", "(no rule; default: no penalty)"),
        ("claim", "(no rule; claims as agreed)"), ("score_correction", "(no rule; default)"),
        ("call_word", "(no rule; default: counts as acceptance)"),
        ("call_stands", "(no rule; default: the call stands)"),
        ("revoke", "§7 (renege)"), ("revoke_penalty", "§7 (renege: 2 points)"),
        ("revoke_established", "§7 (renege)"), ("revoke_corrected", "§7 (renege)"),
        ("revoke_precedence", "§7"), ("score", "§6"), ("lone_euchred", "§6"),
        ("march", "§6"), ("lone_march", "§6"), ("thrown_in", "§4"),
        ("stick_the_dealer", "§7-8 (stick the dealer)"),
        ("turned_card_discard", "§3 (the dealer takes it and discards one card)"),
        ("deal_passes", "§3"), ("game", "§1, §8"), ("rubber", "(single games)"),
        ("lap", "(no lap)"), ("making_trump", "§4"), ("alone", "§7"),
        ("defend_alone", "(variant)"), ("discard", "§4"), ("follow_suit", "§5"),
        ("lone_lead", "§7 (left of the lone player)"), ("scoresheet", "§6"),
        ("joker", "§8 (benny)"),
    ),
)

PRESETS: dict[str, Rules] = {r.name: r for r in (_SOMERSET, _HOYLE, _MODERN)}


def preset(name: str) -> Rules:
    """The named preset: ``somerset-1888``, ``hoyle`` or ``modern``."""
    try:
        return PRESETS[name]
    except KeyError:
        raise NotationError(
            f"unknown rule set {name!r}; choose one of {', '.join(sorted(PRESETS))}", "rules.preset"
        ) from None


def resolve_rules(name: str, overrides: Mapping[str, Any] | None = None) -> Rules:
    """A preset with overrides applied and checked."""
    return preset(name).with_overrides(overrides or {})


def rebase(rules: Rules, name: str) -> tuple[Rules, tuple[str, ...], tuple[tuple[str, str], ...]]:
    """``rules``' own overrides carried over to the preset ``name``: (the new rules, the
    overrides that applied, (override, why not) for each that could not). The largest set of
    overrides the new preset accepts together is kept (options that only make sense together,
    like ``fixed_deals`` with ``game_points: null``, stay together); each one left out is
    refused with the reason the new preset gives for the whole set.

    >>> r, kept, refused = rebase(preset("modern").with_overrides({"game_points": 5}), "hoyle")
    >>> r.name, r.game_points, kept, refused
    ('hoyle', 5, ('game_points=5',), ())
    """
    from itertools import combinations
    base = preset(name)
    items = list(rules.overrides)

    def attempt(chosen: tuple[tuple[str, Any], ...]) -> Rules | str:
        try:
            return base.with_overrides(dict(chosen))
        except NotationError as exc:
            return "; ".join(p.what for p in exc.problems)

    sizes = range(len(items), -1, -1) if len(items) <= 10 else (len(items),)
    for size in sizes:
        for chosen in combinations(items, size):
            new = attempt(chosen)
            if isinstance(new, Rules):
                left = [kv for kv in items if kv not in chosen]
                why = str(attempt(tuple(items)))   # what the new preset says to the whole set
                refused = tuple((f"{k}={v}", why) for k, v in left)
                return new, tuple(f"{k}={v}" for k, v in chosen), refused
    kept: tuple[tuple[str, Any], ...] = ()   # many overrides: one at a time, in name order
    for kv in items:
        if isinstance(attempt(kept + (kv,)), Rules):
            kept += (kv,)
    left = [kv for kv in items if kv not in kept]
    return (base.with_overrides(dict(kept)), tuple(f"{k}={v}" for k, v in kept),
            tuple((f"{k}={v}", str(attempt(kept + (kv,)))) for kv in left for k, v in (kv,)))
