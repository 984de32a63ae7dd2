"""Matching player names: one key per name, so "ann", "Ann" and "ANN " are one player.

Contract: :func:`name_key` is Unicode NFC normalisation, then case folding (which is stronger
than lower-casing: "Straße" and "STRASSE" share a key), then NFC again (folding may decompose),
with runs of white space collapsed to one space and the ends trimmed. It is idempotent. Nothing
else is merged: accents stay ("José" is not "Jose"), so two different people are never made one
by the key alone; a director merges entries explicitly (docs/EVENTS.md, "Players").
"""

from __future__ import annotations

import unicodedata

__all__ = ["name_key", "clean_name"]


def clean_name(name: str) -> str:
    """The name as displayed: NFC, white space collapsed and trimmed (case kept).

    >>> clean_name("  Ann   Lee ")
    'Ann Lee'
    """
    return " ".join(unicodedata.normalize("NFC", name).split())


def name_key(name: str) -> str:
    """The matching key of a name (see module contract).

    >>> name_key("ANN  lee") == name_key("ann Lee")
    True
    >>> name_key("Jose\u0301") == name_key("Jos\u00e9"), name_key("José") == name_key("Jose")
    (True, False)
    >>> name_key("Straße") == name_key("STRASSE")
    True
    """
    folded = unicodedata.normalize("NFC", clean_name(name).casefold())
    return " ".join(folded.split())
