"""What the card form posts (a deal card by card), turned into a ``full`` or ``plays`` deal, at
every table.

Contracts: as ``forms.py`` — the posted form in, notation data and ``(field, message)`` problems
out. Only the form's own mistakes are found here (a missing hand); the cards are read and checked
by the notation and the engine, which locate their problems (``deals[3].hands.E[4]``).
"""

from __future__ import annotations

from typing import Any, Mapping

from .forms import Problems
from .seats import seat_tokens

__all__ = ["full_deal_from_form", "form_of_full_deal"]


def _lines(form: Mapping[str, str], name: str) -> list[str]:
    """The non-empty lines of a text area, each with its spaces made single."""
    return [c for c in (" ".join(line.split()) for line in (form.get(name) or "").splitlines()) if c]


def full_deal_from_form(form: Mapping[str, str], n: int = 4) -> tuple[dict[str, Any], Problems]:
    """A card-level deal at a table of ``n``: the dealer, the turned card, the calls and the
    tricks one per line, the discard; five-handed the called card. Four-handed every hand is
    written (kind ``full``); at a table of n the hands are optional: every hand written is
    ``full``, none is ``plays`` (the cards as they fell), some but not all a problem at the
    first empty hand."""
    tokens = seat_tokens(n)
    problems: Problems = []
    dealer = form.get("dealer") or ""
    if dealer not in tokens:
        problems.append(("dealer", "choose the dealer"))
    hands = {s: " ".join((form.get(f"hand_{s}") or "").split()) for s in tokens}
    given = [s for s in tokens if hands[s]]
    deal: dict[str, Any] = {"kind": "full" if given or n == 4 else "plays", "dealer": dealer}
    turned = " ".join((form.get("turned") or "").split())
    if turned:
        deal["turned"] = turned
    else:
        problems.append(("turned", "write the card turned up (e.g. JH)"))
    if n == 4:
        problems.extend((f"hand_{s}", f"write {s}'s five cards (?? for one not seen)")
                        for s in tokens if not hands[s])
        deal["hands"] = {s: hands[s] for s in given}
    elif given and len(given) < n:
        missing = next(s for s in tokens if not hands[s])
        problems.append((f"hand_{missing}", f"write seat {missing}'s five cards (?? for one not "
                                            "seen), or leave every hand empty"))
    if given and n != 4:
        deal["hands"] = {s: hands[s] for s in tokens}
    if _lines(form, "calls"):
        deal["calls"] = _lines(form, "calls")
    called = " ".join((form.get("called") or "").upper().split())
    if called and n == 5:
        deal["called"] = called
    elif called and n != 4:   # (the four-handed form has no such field)
        problems.append(("called", "only the five-handed maker names a card"))
    discard = " ".join((form.get("discard") or "").split())
    if discard:
        deal["discard"] = discard
    if _lines(form, "tricks"):
        deal["tricks"] = _lines(form, "tricks")
    return deal, problems


def form_of_full_deal(deal: Mapping[str, Any]) -> dict[str, str]:
    """The card form's fields filled from a ``full`` or ``plays`` deal of any table."""
    out = {"dealer": str(deal.get("dealer", "")), "turned": deal.get("turned", ""),
           "discard": deal.get("discard", ""), "calls": "\n".join(deal.get("calls", [])),
           "tricks": "\n".join(deal.get("tricks", [])), "called": deal.get("called") or ""}
    for seat, cards in (deal.get("hands") or {}).items():
        out[f"hand_{seat}"] = cards
    return out
