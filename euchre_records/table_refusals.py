"""The options and the laws of irregularities of the four-handed game that a table of two, three
or five refuses, each with the rule that forbids it there (docs/TABLES.md "Every capability at
every table").

Contract: :func:`refusal` gives, for an option set (true, or a value other than ``off``) at a
table, the message of its refusal citing the rule book, or None when the table takes the
option. The loader (``schema.per_table``) refuses at ``rules.overrides.<option>`` with it, and
the JSON schema of the table (``schema.jsonschema_rules``) allows the option only off. Every
other option of the preset's :class:`~euchre_records.rules.Rules` is taken, applied to n hands
(VARIANTS.md, "Everything not said here"). Pure.

:func:`law_refusal` gives, for an irregularity kind of the four-handed notation and the record's
rules, the refusal of a law written for the partnership game only: its penalty falls on the
offender's partner or side, or needs a lone player's partner, and the books give no form of it
for n hands; the message cites the law under the record's preset. None: the kind is not refused
by a law (the table takes it). The loader (``schema.per_table``) refuses at
``deals[i].irregularities[j].kind`` with it.

>>> from euchre_records.table import table_for
>>> print(refusal(table_for(2), "canadian"))
canadian: the Canadian loner is the dealer's partner's; the two-handed player has no partner (Keller 1887 ch. VII; VARIANTS.md two-handed)
>>> refusal(table_for(5), "fast_break") is None
True
>>> from euchre_records.rules import PRESETS
>>> print(law_refusal(table_for(3), PRESETS["somerset-1888"], "lead-out-of-turn"))
lead-out-of-turn: Somerset 52-53 gives the adversaries a suit called from the offender or his partner at their next lead; the law is given for the partnership game only, with no form for 3 hands (VARIANTS.md, "Everything not said here")
"""

from __future__ import annotations

from .model import IrregularityKind
from .rules import BeforeDiscard, ExposedPlay, Rules, TurnedSuitNamed
from .table import Table, Variant

__all__ = ["REFUSED", "refusal", "refused_options", "LAWS_TAKEN", "LAWS_REFUSED", "law_refusal"]

_TWO = "Keller 1887 ch. VII; VARIANTS.md two-handed"
_THREE = "VARIANTS.md three-handed; Keller 1887 ch. VII"
_FIVE = "VARIANTS.md five-handed"

_NO_PARTNER = {
    Variant.TWO_HANDED: f"the two-handed player has no partner ({_TWO})",
    Variant.CUTTHROAT: f"the cut-throat maker has no partner: he plays alone against the other "
                       f"two ({_THREE})",
}

REFUSED: dict[str, dict[Variant, str]] = {
    "canadian": {
        **{v: f"the Canadian loner is the dealer's partner's; {why}" for v, why in _NO_PARTNER.items()},
        Variant.CALL_PARTNER: "the Canadian loner is the dealer's partner's; the five-handed "
                              "dealer has none in the bidding: a partner is called only after "
                              f"trump is made ({_FIVE})",
    },
    "partners_best": {
        **{v: f"partner's best is passed by the lone player's partner; {why}"
           for v, why in _NO_PARTNER.items()},
        Variant.CALL_PARTNER: "partner's best is passed by the lone player's partner; a "
                              "five-handed maker who goes alone names no card and has no partner "
                              f"({_FIVE})",
    },
    "four_trick_tokens": {
        Variant.TWO_HANDED: "tokens go to makers not playing alone; the two-handed maker always "
                            f"plays alone against the other ({_TWO}), so no deal could earn one",
        Variant.CUTTHROAT: "tokens go to makers not playing alone; the cut-throat maker always "
                           f"plays alone against the other two ({_THREE}), so no deal could earn one",
    },
    "defend_alone": {
        Variant.TWO_HANDED: f"there are no lone hands in the two-handed game ({_TWO})",
        Variant.CUTTHROAT: "the maker plays alone against the other two, who play together for "
                           f"the deal ({_THREE})",
        Variant.CALL_PARTNER: "the five-handed sides are not known in the bidding: the holder of "
                              "the called card must not say so until it is played, and the card "
                              f"is named only after trump is made ({_FIVE}); its scoring has no "
                              "lone defender",
    },
    "partner_takes_lone": {
        **{v: f"no partner to take the hand over: {why}" for v, why in _NO_PARTNER.items()},
        Variant.CALL_PARTNER: "the partner must not say so until the called card falls "
                              f"({_FIVE}), so he cannot take the hand over",
    },
}
"""Option -> variant -> why the table refuses it (the rule and its source)."""


def refusal(table: Table, option: str) -> str | None:
    """The refusal of ``option`` at ``table``, citing the rule; None: the table takes it."""
    why = REFUSED.get(option, {}).get(table.variant)
    return None if why is None else f"{option}: {why}"


def refused_options(table: Table) -> tuple[str, ...]:
    """The options ``table`` refuses when set (only off is taken)."""
    return tuple(k for k, by in REFUSED.items() if table.variant in by)


_SIDES_LATER = "; at this table the sides are made only when trump is made"

LAWS_TAKEN: tuple[IrregularityKind, ...] = (
    IrregularityKind.REVOKE_CLAIMED, IrregularityKind.MISDEAL, IrregularityKind.NEW_DEAL,
    IrregularityKind.CLAIM,            # the claimer's side takes ``tricks`` of the rest
    IrregularityKind.CONCESSION,       # the conceder's side gives up the rest (keeps ``tricks``)
    IrregularityKind.DEAL_OUT_OF_TURN,  # ``seat`` whose deal it was; ``election`` stopped/stands
    IrregularityKind.TURNED_SUIT_NAMED,  # ``seat`` named the turned-down suit: a pass (Somerset 78)
    IrregularityKind.PLAYED_BEFORE_DISCARD,  # the dealer plays his five dealt cards (Hoyle)
    IrregularityKind.EXPOSED_CARD,     # ``seat`` exposed ``card`` at ``trick``: played at the first opportunity (Hoyle)
    IrregularityKind.REVOKE_CORRECTED,  # ``seat`` took back ``card`` played in error at ``trick`` (Hoyle)
    IrregularityKind.SCORE_CORRECTION,  # the deal's entry corrected to ``points``; ``late``: void (Somerset 5)
)
"""The irregularities a record at a table of n may state, in the order the loader lists them
(with ``seat``, ``trick``, ``cause``, ``note``; ``tricks`` for a claim or concession,
``election`` for a deal out of turn, ``card`` for an exposed card or a corrected revoke,
``points`` (one per seat) and ``late`` for a score correction). Of the others, a law given for
the partnership game only is refused by :func:`law_refusal`; the rest are not yet taken."""

LAWS_REFUSED: dict[str, tuple[str, str]] = {
    "lead-out-of-turn": ("lead_out_of_turn", "gives the adversaries a suit called from the "
                         "offender or his partner at their next lead"),
    "play-out-of-turn": ("play_out_of_turn", "binds the offender's partner to win or lose the "
                         "trick"),
    "call-out-of-turn": ("out_of_turn_call", "binds the offender's partner to pass, or costs his "
                         f"side the right to make trump{_SIDES_LATER}"),
    "wrong-number-of-cards": ("wrong_cards", "makes the offending side forfeit points to the "
                              "adversaries, or score nothing for the deal"),
    "played-before-discard": ("played_before_discard", "charges the dealer's side as for a wrong "
                              "number of cards: it forfeits points to the adversaries"),
    "hand-thrown-down": ("hand_thrown_down", "lets the adversaries call the cards thrown down, and "
                         "gives a lone hand's side its score when an opponent of the lone player "
                         "throws down"),
    "lone-partner-exposed": ("lone_partner_exposed", "limits a lone hand whose partner exposes a "
                             "card; a lone player here has no partner"),
    "turned-suit-named": ("turned_suit_named", "costs the side of the player who named the "
                          f"turned-down suit the right to make trump{_SIDES_LATER}"),
    "exposed-card": ("exposed_card", "lets the adversaries call an exposed card, an election of "
                     "the offender's adversaries as one side"),
    "called-card": ("called_card", "lets the adversaries call an exposed card, an election of "
                    "the offender's adversaries as one side"),
    "revoke-corrected": ("revoke_corrected", "makes the corrected card an exposed card the "
                         "adversaries may call, an election of the offender's adversaries as one side"),
}
"""Irregularity kind -> (the rule's topic in :meth:`Rules.cite`, what the partnership law does)."""

_CALLED = ("exposed-card", "revoke-corrected")
"""Refused only where an exposed card waits to be called (``exposed_play: when-called``); a
called card is the adversaries' call under every preset."""


def law_refusal(table: Table, rules: Rules, kind: str) -> str | None:
    """The refusal of the law of irregularity ``kind`` at ``table`` under ``rules``, citing the
    law; None: no law refuses it there. Under a preset whose law for the kind has no partner or
    side in it (naming the turned-down suit as a pass, Somerset 78; a dealer who played before
    discarding playing his five dealt cards, Hoyle; an exposed card, or a corrected revoke's
    card, played at the first legal opportunity, Hoyle), that kind is not refused."""
    if kind == "turned-suit-named" and rules.turned_suit_named is TurnedSuitNamed.PASS:
        return None
    if kind == "played-before-discard" and rules.played_before_discard is BeforeDiscard.FIVE_CARDS:
        return None
    if kind in _CALLED and rules.exposed_play is not ExposedPlay.WHEN_CALLED:
        return None   # Hoyle: an exposed card is played at the first legal opportunity
    law = LAWS_REFUSED.get(kind)
    if law is None:
        return None
    topic, does = law
    return (f"{kind}: {rules.cite(topic)} {does}; the law is given for the partnership game only, "
            f"with no form for {table.seats} hands (VARIANTS.md, \"Everything not said here\")")
