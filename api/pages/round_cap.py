"""The most deals a sitting takes, and the refusal of one more (docs/PAGES.md "Drafts",
docs/EVENTS.md §3.2).

Contract:
- :func:`deal_cap` is the number of deals a draft's sitting plays, or None when it is open-ended:
  the ``fixed_deals`` of its rules (a game of that many deals), and for the sitting of a table
  link of a progressive event with a fixed number of deals a round, that number (the smaller
  of the two when both are set). The page already shows such a sitting as over once its deals
  are in; this is the same count (every deal entered), checked on the server.
- :func:`beyond_cap` is the problem of adding deal ``position + 1`` (0-based ``position``) past
  the cap — naming the deal refused, how many deals the sitting or round plays and what to do —
  or None. Every view that adds a deal (the deal form, the offline queue's sends, keeping one's
  own deal in a clash, card by card) refuses with it: 422 and nothing stored. Changing or taking
  back a deal is never refused by it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..db import get_db

__all__ = ["DealCap", "deal_cap", "beyond_cap", "REFUSED_STATUS"]

REFUSED_STATUS = 422
"""The status of the page (and of the JSON answer) that refuses a deal past the cap."""


@dataclass(frozen=True, slots=True)
class DealCap:
    """How many deals the sitting plays, and the sentence that says why."""

    deals: int
    why: str


def _fixed_deals(data: Mapping[str, Any]) -> int | None:
    overrides = (data.get("rules") or {}).get("overrides") or {}
    value = overrides.get("fixed_deals") if isinstance(overrides, Mapping) else None
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def _round_of_link(draft_id: int) -> DealCap | None:
    """The cap of a table link's sitting: its progressive round's fixed number of deals."""
    row = get_db().conn.execute(
        "SELECT l.round, t.name, t.format, t.deals_per_round FROM table_links l "
        "JOIN tournaments t ON t.id = l.tournament_id WHERE l.draft_id = ? "
        "ORDER BY l.id DESC LIMIT 1", (draft_id,)).fetchone()
    if row is None or row[2] != "progressive" or not row[3]:
        return None
    n = int(row[3])
    return DealCap(n, f"round {row[0]} of {row[1]} plays {n} deal{'s' if n != 1 else ''}")


def deal_cap(draft_id: int, data: Mapping[str, Any]) -> DealCap | None:
    """The most deals the draft's sitting takes (see the module contract), or None."""
    fixed = _fixed_deals(data)
    caps = [c for c in (_round_of_link(draft_id),
                        None if fixed is None else DealCap(
                            fixed, f"the sitting is a game of {fixed} deal"
                                   f"{'s' if fixed != 1 else ''}"))
            if c is not None]
    return min(caps, key=lambda c: c.deals) if caps else None


def beyond_cap(draft_id: int, data: Mapping[str, Any], position: int) -> str | None:
    """Why deal ``position + 1`` may not be added, or None (see the module contract)."""
    cap = deal_cap(draft_id, data)
    if cap is None or position < cap.deals:
        return None
    return (f"deal {position + 1} is refused: {cap.why}, and {position} "
            f"{'are' if position != 1 else 'is'} entered; nothing was stored. Store the "
            "sitting, or change or take back a deal")
