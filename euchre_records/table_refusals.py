"""The options of the four-handed game that a table of two, three or five refuses, each with
the rule that forbids it there (docs/TABLES.md "Every capability at every table").

Contract: :func:`refusal` gives, for an option set (true, or a value other than ``off``) at a
table, the message of its refusal citing the rule book, or None when the table takes the
option. The loader (``schema.table_load``) refuses at ``rules.overrides.<option>`` with it, and
the JSON schema of the table (``schema.jsonschema_rules``) allows the option only off. Every
other option of the preset's :class:`~euchre_records.rules.Rules` is taken, applied to n hands
(VARIANTS.md, "Everything not said here"). Pure.

>>> from euchre_records.table import table_for
>>> print(refusal(table_for(2), "canadian"))
canadian: the Canadian loner is the dealer's partner's; the two-handed player has no partner (Keller 1887 ch. VII; VARIANTS.md two-handed)
>>> refusal(table_for(5), "fast_break") is None
True
"""

from __future__ import annotations

from .table import Table, Variant

__all__ = ["REFUSED", "refusal", "refused_options"]

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
