"""What the deal form posts, turned into a result-only (or points-only) deal, at every table.

One form for every table size (``_deal_form.html``): the dealer, who made trump (or all passed),
the trump, the tricks the making side took, a misdeal or a revoke claimed. Four-handed it also
takes *alone*, "Points only" (each side's points, docs/FORMAT.md) and the scoresheet's own
figures; five-handed the maker goes alone or names a card (tapped as a suit, then a rank) and
who held it; at two and three the maker always plays alone.

Contracts: as ``forms.py`` — each function takes the posted form (field name -> text) and returns
notation data plus ``(field, message)`` problems; the data means something only when the list is
empty. Only what a form can get wrong is checked here (a missing choice, a number that is not
one, a seat that is not at the table); the record is then validated and replayed by
``ingest.prepare`` as ``POST /records`` does, which locates the rest (``deals[2].result.called``).
"""

from __future__ import annotations

from typing import Any, Mapping

from .forms import Problems, _int
from .seats import VARIANT_PACKS, seat_tokens, seats_of

__all__ = ["UNDEALT", "PACK_RANKS", "called_ranks", "deal_from_form", "form_of_deal"]

UNDEALT = "undealt"
"""The partner choice that says the called card was not dealt (``"partner": null``)."""

SUITS = ("S", "H", "D", "C")

PACK_RANKS = {24: ("9", "T", "J", "Q", "K", "A"), 28: ("8", "9", "T", "J", "Q", "K", "A"),
              32: ("7", "8", "9", "T", "J", "Q", "K", "A")}
"""The ranks of each pack, lowest first (the notation's letters: T the ten): the rank buttons of
the five-handed called card."""


def called_ranks(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The ranks the five-handed form offers for the called card: those of the draft's pack
    (``rules.overrides.pack``, else the variant's 28 cards). The engine still refuses a card
    not in the pack or of the trump suit."""
    overrides = (data.get("rules") or {}).get("overrides") or {}
    pack = overrides.get("pack", VARIANT_PACKS.get(seats_of(data), 24))
    return PACK_RANKS.get(pack, PACK_RANKS[32]) if isinstance(pack, int) else PACK_RANKS[32]


def deal_from_form(form: Mapping[str, str], n: int = 4) -> tuple[dict[str, Any], Problems]:
    """A result-only deal at a table of ``n``: dealer, maker (or all passed), trump, tricks won
    by the making side, a misdeal or a revoke claimed against a seat. Four-handed also *alone*,
    the revoke's election and the scoresheet's own figures, or a points-only deal when the maker
    chosen is "points" (:func:`_points_deal_from_form`); five-handed *alone* or the called card
    and its holder (a seat, or *undealt*)."""
    tokens = seat_tokens(n)
    problems: Problems = []
    dealer = form.get("dealer") or ""
    if dealer not in tokens:
        problems.append(("dealer", "choose the dealer"))
    maker = form.get("maker") or ""
    deal: dict[str, Any] = {"kind": "result", "dealer": dealer}
    irregularities: list[dict[str, Any]] = []
    misdeal = form.get("misdeal") == "yes"
    if n == 4 and maker == "points" and not misdeal:
        return _points_deal_from_form(form, dealer, problems)
    if misdeal:
        deal["result"] = {"maker": None}
        irregularities.append({"kind": "misdeal", "seat": dealer,
                               "cause": form.get("misdeal_cause") or "wrong-count"})
    elif maker == "none":
        deal["result"] = {"maker": None}
    elif maker in tokens:
        result: dict[str, Any] = {"maker": maker}
        trump = form.get("trump") or ""
        if trump in SUITS:
            result["trump"] = trump
        else:
            problems.append(("trump", f"'{trump}' is not a suit" if trump
                             else "choose the trump suit"))
        if n == 4 and form.get("alone") == "yes":
            result["alone"] = True
        tricks = _int(form, "tricks", problems, 0, 5)
        if tricks is None and not any(p[0] == "tricks" for p in problems):
            problems.append(("tricks", "choose how many tricks the makers won"))
        result["tricks"] = tricks
        if n == 5:
            _partner_of(form, result, maker, problems)
        elif n != 4 and (form.get("alone") or form.get("called") or form.get("partner")):
            problems.append(("maker", "at this table the maker always plays alone: there is no "
                                      "partner to call"))
        deal["result"] = result
    else:
        problems.append(("maker", "choose who made trump, or 'all passed'"))
        # every problem at once: a deal made needs its trump and tricks too
        if not form.get("trump"):
            problems.append(("trump", "choose the trump suit"))
        if not form.get("tricks"):
            problems.append(("tricks", "choose how many tricks the makers won"))
    revoke = form.get("revoke_seat") or ""
    if revoke in tokens:
        entry: dict[str, Any] = {"kind": "revoke-claimed", "seat": revoke}
        election = form.get("revoke_election") or ""
        if n == 4 and election in ("add", "deduct", "hand"):   # elections: four-handed only
            entry["election"] = election
        irregularities.append(entry)
    elif revoke:
        problems.append(("revoke_seat", f"'{revoke}' is not a seat"
                                        + ("" if n == 4 else " of this table")))
    if irregularities:
        deal["irregularities"] = irregularities
    if n == 4:   # the scoresheet's figures: one pair of sides
        sheet = _sheet_figures(form, problems, ("points", "total"))
        if sheet:
            deal["scoresheet"] = sheet
    return deal, problems


def _sheet_figures(form: Mapping[str, str], problems: Problems,
                   keys: tuple[str, ...]) -> dict[str, list[int]]:
    """The scorer's own figures (``sheet_points_ns``/``_ew``, ``sheet_total_ns``/``_ew``) of
    ``keys``: each pair written whole, or neither."""
    sheet: dict[str, list[int]] = {}
    for key in keys:
        ns = _int(form, f"sheet_{key}_ns", problems)
        ew = _int(form, f"sheet_{key}_ew", problems)
        if (ns is None) != (ew is None):
            problems.append((f"sheet_{key}_ns", f"write both sides' {key} or neither"))
        elif ns is not None and ew is not None:
            sheet[key] = [ns, ew]
    return sheet


def _points_deal_from_form(form: Mapping[str, str], dealer: str, problems: Problems
                           ) -> tuple[dict[str, Any], Problems]:
    """A points-only deal (docs/FORMAT.md): "Points only" chosen as the maker, each side's
    points written; the sheet's running score may go with it, nothing of the play."""
    deal: dict[str, Any] = {"kind": "points", "dealer": dealer}
    ns = _int(form, "points_ns", problems, -99, 99)   # negative: a penalty deducted
    ew = _int(form, "points_ew", problems, -99, 99)
    if ns is None or ew is None:
        if not any(p[0] in ("points_ns", "points_ew") for p in problems):
            problems.append(("points_ns", "write each side's points (0 for a side that scored none)"))
    else:
        deal["points"] = [ns, ew]
    for name, what in (("trump", "the trump suit"), ("tricks", "the tricks"), ("alone", "alone"),
                       ("revoke_seat", "a revoke"), ("sheet_points_ns", "the scorer's points")):
        if form.get(name):
            problems.append((name, f"not with 'points only': {what} is not recorded (choose who "
                                   "made trump instead to enter the deal as played)"))
    sheet = _sheet_figures(form, problems, ("total",))
    if sheet:
        deal["scoresheet"] = sheet
    return deal, problems


def _partner_of(form: Mapping[str, str], result: dict[str, Any], maker: str,
                problems: Problems) -> None:
    """The five-handed maker's choice: alone, or the called card and who held it. The card is
    tapped as a suit (``called_suit``) then a rank (``called_rank``); a written ``called``
    (``AC``: what the form posted before the taps, and what a script may post) is taken when
    nothing is tapped. Either is then checked by the engine (in the pack, not of the trump suit)."""
    called = " ".join((form.get("called") or "").upper().split())
    suit, rank = form.get("called_suit") or "", form.get("called_rank") or ""
    if suit or rank:   # the taps, when there are any, are what the scorer chose last
        if suit not in SUITS:
            problems.append(("called", f"'{suit}' is not a suit" if suit else
                             f"choose the suit of the card named (its rank is {rank})"))
            return
        if rank not in PACK_RANKS[32]:
            problems.append(("called", f"'{rank}' is not a rank" if rank else
                             "choose the rank of the card named, after its suit"))
            return
        called = rank + suit
    partner = form.get("partner") or ""
    if form.get("alone") == "yes":
        result["alone"] = True
        if called or partner:
            problems.append(("called", "a maker who goes alone names no card: clear the card "
                                       "or 'alone'"))
        return
    if not called:
        problems.append(("called", "choose the card the maker named (its suit, then its rank), "
                                   "or tick 'alone'"))
        return
    result["called"] = called
    if partner == UNDEALT:
        result["partner"] = None
    elif partner in seat_tokens(5) and partner != maker:
        result["partner"] = partner
    elif partner == maker:
        problems.append(("partner", "the maker cannot be his own partner"))
    else:
        problems.append(("partner", "choose who held the named card, or 'not dealt'"))


def form_of_deal(deal: Mapping[str, Any]) -> dict[str, str]:
    """The deal form's fields filled from a result-only or points-only deal of any table (to
    change it)."""
    out = {"dealer": str(deal.get("dealer", ""))}
    if deal.get("kind") == "points":
        out["maker"] = "points"
        points = deal.get("points") or ["", ""]
        out["points_ns"], out["points_ew"] = str(points[0]), str(points[1])
        total = (deal.get("scoresheet") or {}).get("total")
        if total:
            out["sheet_total_ns"], out["sheet_total_ew"] = str(total[0]), str(total[1])
        return out
    result = deal.get("result") or {}
    irregularities = deal.get("irregularities") or []
    if any(i.get("kind") == "misdeal" for i in irregularities):
        out["misdeal"] = "yes"
    elif result.get("maker") is None:
        out["maker"] = "none"
    else:
        out.update(maker=result["maker"], trump=result.get("trump") or "",
                   tricks=str(result.get("tricks", "")),
                   alone="yes" if result.get("alone") else "")
        called = str(result.get("called") or "")
        if len(called) == 2:   # the taps: a rank letter and a suit letter
            out.update(called_rank=called[0], called_suit=called[1])
        elif called:
            out["called"] = called
        if "partner" in result:
            out["partner"] = UNDEALT if result["partner"] is None else result["partner"]
    for i in irregularities:
        if i.get("kind") == "revoke-claimed":
            out["revoke_seat"] = i.get("seat") or ""
            out["revoke_election"] = i.get("election") or ""
        if i.get("kind") == "misdeal":
            out["misdeal_cause"] = i.get("cause") or ""
    for key, pair in (deal.get("scoresheet") or {}).items():
        if pair:
            out[f"sheet_{key}_ns"], out[f"sheet_{key}_ew"] = str(pair[0]), str(pair[1])
    return out
