"""EGN 1.0 and 1.1 documents brought to 1.4 by the upgrade EGN's changelog documents.

The changelog (1.1.0 and 1.2.0; EGN's ``egn-upgrade`` tool) describes it: snake_case keys become
camelCase (``match_id``/``matchId`` -> ``gameId``, ``initial_state`` -> ``initialState``,
``player_cards`` -> ``playerCards``, ``card_exchanges`` -> ``cardExchanges``,
``calls_annotations`` -> ``callAnnotations``, ``tricks_annotations`` -> ``playAnnotations`` ...;
the rule-set flags keep their snake_case names), and the fields 1.2 removed as redundant go:
the deal's ``kitty`` and the trick play's ``initialLead`` (derivable from the dealer, the bidding
and ``loner_lead``). Files written by EGN's logger and renderer also carry ``timings``,
``views``, ``viewSwitches`` and ``videoUrl`` at the top level: presentation data that 1.4 has no
place for, dropped too.

Contract: :func:`upgrade_legacy` returns the 1.4 document and one note per kind of thing it
dropped (to go into ``Record.provenance``); it never fails: what it does not recognise is left
for the 1.4 reader to report with its place. A dropped ``initialLead`` that disagrees with the
lead the rules give is named in the notes (the replay follows the rules, as EGN 1.4 does).
"""

from __future__ import annotations

import re
from typing import Any

from euchre_records.words import counted

__all__ = ["LEGACY_VERSION_RE", "upgrade_legacy"]

LEGACY_VERSION_RE = re.compile(r"^1\.[01](?:\.\d+)?$")
"""The versions read through the upgrade: ``1.0``, ``1.0.0``, ``1.1`` ... ``1.1.x``."""

_RENAMED = {"match_id": "gameId", "matchId": "gameId", "calls_annotations": "callAnnotations",
            "tricks_annotations": "playAnnotations"}
_DROPPED_TOP = ("timings", "views", "viewSwitches", "videoUrl")
_CAMEL = re.compile(r"_([a-z0-9])")


def _camel(key: str) -> str:
    return _RENAMED.get(key) or _CAMEL.sub(lambda m: m.group(1).upper(), key)


def _keys(value: Any, in_ruleset: bool = False) -> Any:
    """The value with every object key camelCased (not inside the rule set)."""
    if isinstance(value, list):
        return [_keys(v) for v in value]
    if not isinstance(value, dict):
        return value
    out: dict[str, Any] = {}
    for key, item in value.items():
        new = key if in_ruleset or not isinstance(key, str) else _camel(key)
        out[new] = _keys(item, in_ruleset=new == "ruleset")
    return out


def _lead(deal: dict[str, Any], loner_lead: object) -> int | None:
    """The first lead the rules give (docs/replayer-logic.md), or None when it cannot be told."""
    state, phases = deal.get("initialState"), deal.get("phases")
    if not isinstance(state, dict) or not isinstance(phases, list):
        return None
    dealer = state.get("dealer")
    bidding = next((p for p in phases if isinstance(p, dict) and p.get("type") == "EUCHRE_BIDDING"), None)
    if not isinstance(dealer, int) or bidding is None or not isinstance(bidding.get("calls"), list):
        return None
    makers = [i for i, c in enumerate(bidding["calls"]) if c != "Pass"]
    if not makers:
        return None
    maker = (dealer + 1 + makers[0]) % 4
    if bidding.get("isAlone") is True:
        if loner_lead == "LEFT_OF_LONER":
            return (maker + 1) % 4
        if (maker + 2) % 4 == (dealer + 1) % 4:
            return (dealer + 2) % 4
    return (dealer + 1) % 4


def upgrade_legacy(data: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The EGN 1.4 form of a 1.0/1.1 document and the notes of what the upgrade dropped."""
    version = data.get("version")
    doc = _keys(data)
    notes: list[str] = []
    dropped = [k for k in _DROPPED_TOP if k in doc]
    for key in dropped:
        del doc[key]
    if dropped:
        notes.append(f"EGN {version} upgraded to 1.4: dropped {', '.join(dropped)} (presentation "
                     "data: timings, overlay views, video link), which 1.4 has no place for")
    meta = doc.get("metadata")
    ruleset = meta.get("ruleset") if isinstance(meta, dict) else None
    loner_lead = ruleset.get("loner_lead", "LEFT_OF_DEALER") if isinstance(ruleset, dict) else None
    kitties = leads = 0
    disagree: list[str] = []
    deals = doc.get("deals")
    for i, deal in enumerate(deals if isinstance(deals, list) else []):
        if not isinstance(deal, dict):
            continue
        state = deal.get("initialState")
        if isinstance(state, dict) and "kitty" in state:
            del state["kitty"]
            kitties += 1
        lines = [deal] + [line for line in _list(deal.get("alternativeLines"))
                          if isinstance(line, dict)]
        for n, line in enumerate(lines):
            for phase in _list(line.get("phases")):
                if isinstance(phase, dict) and "initialLead" in phase:
                    given = phase.pop("initialLead")
                    leads += 1
                    rule = _lead(deal, loner_lead) if n == 0 else None
                    if rule is not None and given != rule:
                        disagree.append(f"deal {i + 1}: initialLead {given!r}, the rules give {rule}")
    if kitties:
        notes.append(f"EGN {version} upgraded to 1.4: dropped the kitty of {counted(kitties, 'deal')} "
                     "(1.2 removed it as redundant)")
    if leads:
        text = (f"EGN {version} upgraded to 1.4: dropped initialLead from {leads} trick-play "
                "phase(s) (1.2 removed it: the first lead follows from the dealer, the bidding and "
                "loner_lead)")
        if disagree:
            text += "; it disagreed with the rules in " + "; ".join(disagree)
        notes.append(text)
    doc["version"] = "1.4"
    return doc, notes


def _list(value: object) -> list[Any]:
    """``value`` when it is a list, else none: the upgrade only drops what 1.4 has no place for,
    and a field of the wrong type is refused, at its path, by the reader that reads it next."""
    return value if isinstance(value, list) else []
