"""The five-handed called card and lone maker as EGN call annotations (docs/INTEROP.md, "Tables
of two, three and five"): EGN has no field for either, and its ``isAlone`` means that the
maker's partner sits out, which is not the five-handed lone hand (nobody sits out; VARIANTS.md).
Without the called card a five-handed deal cannot be scored at all, so it is written as a call
annotation on the maker's call (:data:`CALLED_NOTE`, :data:`ALONE_NOTE`): text EGN has a place
for, which another EGN reader shows as a comment.

Contract: :func:`called_in` of what :func:`called_out` writes gives the deal's ``called``,
``partner`` and lone call back; a five-handed maker's call with neither note is refused, located
(the deal cannot be scored), as is any other annotation at a table of other than four.
"""

from __future__ import annotations

import re
from typing import Any, Sequence

from euchre_records.cards import card_name
from euchre_records.errors import UnsupportedRules
from euchre_records.model import CallKind, Call, Deal
from euchre_records.table import Table

from .cards import CardReader, card_token

__all__ = ["CALLED_NOTE", "ALONE_NOTE", "called_out", "called_in", "not_yet"]

CALLED_NOTE = "euchre-records: calls the {card} for a partner"
"""The call annotation (on the maker's call) that carries a five-handed called card; EGN card
token. ``; player N holds it`` or ``; it was not dealt`` may follow (the record's ``partner``)."""
ALONE_NOTE = "euchre-records: goes alone, no partner called"
"""The call annotation that carries a five-handed maker going alone."""
_CALLED_RE = re.compile(r"^euchre-records: calls the (\S{1,2}) for a partner"
                        r"(?:; player (\d) holds it|; (it was not dealt))?$")


def not_yet(what: str) -> str:
    """Why ``what`` of an EGN game of 2, 3 or 5 players is refused as unsupported."""
    return f"{what}: not yet taken at tables of two, three and five (our records of them hold none)"


def called_out(deal: Deal, calls: Sequence[Call]) -> dict[str, list[str]]:
    """The call annotation of a five-handed deal's maker (``calls`` as EGN lists them): his lone
    hand or his called card, with who held it when the record says so; ``{}`` without either."""
    maker = next((k for k, c in enumerate(calls) if c.kind is not CallKind.PASS), None)
    if maker is None:
        return {}
    if calls[maker].alone:
        return {str(maker): [ALONE_NOTE]}
    if deal.called is None:
        return {}
    note = CALLED_NOTE.format(card=card_token(deal.called))
    if deal.partner_stated:
        note += "; it was not dealt" if deal.partner is None else f"; player {deal.partner} holds it"
    return {str(maker): [note]}


def called_in(notes: dict[str, Any], maker_at: int | None, table: Table, where: str,
              reader: CardReader, out: dict[str, Any]) -> None:
    """The five-handed called card or lone hand from its call annotation into ``out`` (a deal of
    our n-handed notation); any other annotation is refused (our records at these tables hold
    none)."""
    found = False
    for key, texts in notes.items():
        at = f"{where}.{key}"
        mine = table.called_partner and maker_at is not None and key == str(maker_at)
        if not mine or not isinstance(texts, list) or len(texts) != 1 or not isinstance(texts[0], str):
            raise UnsupportedRules(not_yet("annotations"), at)
        text = texts[0]
        if text == ALONE_NOTE:
            out["calls"][-1] += " alone"
            found = True
            continue
        m = _CALLED_RE.fullmatch(text)
        if m is None:
            raise UnsupportedRules(not_yet("annotations") + " (but the five-handed called card, "
                                   f"written {CALLED_NOTE.format(card='Ac')!r}, or "
                                   f"{ALONE_NOTE!r})", at)
        out["called"] = card_name(reader.card(m.group(1), f"{at}[0]"))
        if m.group(2) is not None:
            out["partner"] = m.group(2)
        elif m.group(3) is not None:
            out["partner"] = None
        found = True
    if table.called_partner and maker_at is not None and not found:
        raise UnsupportedRules("a five-handed maker names a card for his partner or goes alone, and "
                               "EGN has no field for either: this deal says neither, so it cannot "
                               "be scored (write the called card as the call annotation "
                               f"{CALLED_NOTE.format(card='Ac')!r}, or {ALONE_NOTE!r}; "
                               "docs/INTEROP.md)", f"{where}.{maker_at}")
