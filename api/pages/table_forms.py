"""What the entry forms post at a table of two, three or five, turned into the notation.

The four-handed forms are ``forms.py`` (seats N E S W, two sides); these are their counterparts
for the tables of docs/FORMAT.md "Tables of two, three and five": seats are the tokens ``"0"`` to
``"n-1"`` clockwise, each player scores for himself, and the five-handed maker goes alone or names
a card whose holder partners him.

Contracts: as ``forms.py`` — each function takes the posted form (field name -> text) and returns
notation data plus ``(field, message)`` problems; the data means something only when the list is
empty. Only what a form can get wrong is checked here (a missing choice, a number that is not
one, a seat that is not at the table); the record is then validated and replayed by
``ingest.prepare`` as ``POST /records`` does, which locates the rest (``deals[2].result.called``).
"""

from __future__ import annotations

from typing import Any, Mapping

from euchre_records.table import SEAT_COUNTS

from .forms import Problems, _int, sitting_from_form

__all__ = ["TABLE_SIZES", "VARIANT_TITLES", "VARIANT_NAMES", "variant_title", "seat_tokens", "table_size", "seats_of",
           "table_sitting_from_form", "table_deal_from_form", "form_of_table_deal",
           "table_full_deal_from_form", "form_of_table_full_deal", "table_next_seat",
           "VARIANT_FIELDS", "UNDEALT"]

TABLE_SIZES = tuple(n for n in SEAT_COUNTS if n != 4)
"""The tables entered by these forms: 2, 3 and 5 (four-handed: forms.py)."""

VARIANT_TITLES = {2: "Two-handed", 3: "Three-handed cut-throat", 4: "Four-handed partnerships",
                  5: "Five-handed call your partner"}

VARIANT_NAMES = {"two-handed": 2, "cut-throat": 3, "four-handed": 4, "call-your-partner": 5}
"""The variants by name (``table.Variant`` values) and their table sizes."""


def variant_title(name: str) -> str:
    """``"Three-handed cut-throat"`` for ``"cut-throat"``; an unknown name as it is."""
    n = VARIANT_NAMES.get(name)
    return VARIANT_TITLES[n] if n is not None else name


VARIANT_FIELDS: dict[int, dict[str, tuple[str, ...]]] = {
    3: {"cutthroat_euchre": ("each-opponent-2", "maker-minus-2")},
}
"""The variant's own options the sitting form offers, by table size ('' = the default)."""

TABLE_OVERRIDES: dict[str, tuple[str, ...]] = {
    "game_points": (),
    "stick_the_dealer": ("yes", "no"),
    "pack": ("24", "28", "32"),
}
"""The preset's overrides offered at these tables (no lone lead: the maker's side has no
partner who sits out; no joker: not yet taken at these tables, docs/FORMAT.md)."""

VARIANT_PACKS = {5: 28}
"""The pack a variant is played with when the form leaves it as it is (VARIANTS.md: five hands
of five and the turned card need 26 cards, so the five-handed game takes the eights: 28)."""

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


def seat_tokens(n: int) -> tuple[str, ...]:
    """The seat tokens of a table of ``n``: N E S W at four, "0" .. "n-1" otherwise."""
    return ("N", "E", "S", "W") if n == 4 else tuple(str(i) for i in range(n))


def table_size(text: object) -> int | None:
    """The table size a form or a query names (2, 3, 4 or 5), else None."""
    return int(text) if isinstance(text, str) and text in {str(n) for n in SEAT_COUNTS} else None


def seats_of(data: Mapping[str, Any]) -> int:
    """The number of seats of a (draft) record: ``rules.seats``, 4 when absent or not a number."""
    seats = (data.get("rules") or {}).get("seats", 4)
    return seats if isinstance(seats, int) and not isinstance(seats, bool) else 4


def table_next_seat(seat: str, n: int) -> str:
    """The seat on ``seat``'s left at a table of ``n`` (the deal passes to the left)."""
    tokens = seat_tokens(n)
    return tokens[(tokens.index(seat) + 1) % n] if seat in tokens else tokens[0]


def table_sitting_from_form(form: Mapping[str, str], n: int) -> tuple[dict[str, Any], Problems]:
    """The header of a sitting at a table of ``n`` (2, 3 or 5): the players by seat token,
    ``rules.seats``, the preset with the overrides offered here and the variant's options, the
    event. Names, one seat a player, the preset and the event are read as for four hands
    (``forms.sitting_from_form`` over this table's seats)."""
    header, problems = sitting_from_form(form, seat_tokens(n), TABLE_OVERRIDES)
    rules = header["rules"]
    overrides = dict(rules.get("overrides") or {})
    if n in VARIANT_PACKS and not form.get("pack"):
        overrides["pack"] = VARIANT_PACKS[n]   # the variant's pack, not the preset's 24
    for name, choices in VARIANT_FIELDS.get(n, {}).items():
        value = form.get(name) or ""
        if value and value not in choices:
            problems.append((name, f"'{value}' is not one of {', '.join(choices)}"))
        elif value:
            overrides[name] = value
    header["rules"] = {"preset": rules["preset"], "seats": n}
    if overrides:
        header["rules"]["overrides"] = overrides
    return header, problems


def table_deal_from_form(form: Mapping[str, str], n: int) -> tuple[dict[str, Any], Problems]:
    """A result-only deal at a table of ``n``: dealer, maker (or all passed), trump, tricks won
    by the making side; five-handed also *alone* or the called card and its holder (a seat, or
    *undealt*); a misdeal or a revoke claimed against a seat."""
    tokens = seat_tokens(n)
    problems: Problems = []
    dealer = form.get("dealer") or ""
    if dealer not in tokens:
        problems.append(("dealer", "choose the dealer"))
    deal: dict[str, Any] = {"kind": "result", "dealer": dealer}
    irregularities: list[dict[str, Any]] = []
    maker = form.get("maker") or ""
    if form.get("misdeal") == "yes":
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
        tricks = _int(form, "tricks", problems, 0, 5)
        if tricks is None and not any(p[0] == "tricks" for p in problems):
            problems.append(("tricks", "choose how many tricks the makers won"))
        result["tricks"] = tricks
        if n == 5:
            _partner_of(form, result, maker, problems)
        elif form.get("alone") or form.get("called") or form.get("partner"):
            problems.append(("maker", "at this table the maker always plays alone: there is no "
                                      "partner to call"))
        deal["result"] = result
    else:
        problems.append(("maker", "choose who made trump, or 'all passed'"))
        if not form.get("trump"):
            problems.append(("trump", "choose the trump suit"))
        if not form.get("tricks"):
            problems.append(("tricks", "choose how many tricks the makers won"))
    revoke = form.get("revoke_seat") or ""
    if revoke in tokens:
        irregularities.append({"kind": "revoke-claimed", "seat": revoke})
    elif revoke:
        problems.append(("revoke_seat", f"'{revoke}' is not a seat of this table"))
    if irregularities:
        deal["irregularities"] = irregularities
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


def form_of_table_deal(deal: Mapping[str, Any]) -> dict[str, str]:
    """The deal form's fields filled from a result-only deal of a table of n (to change it)."""
    out = {"dealer": str(deal.get("dealer", ""))}
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
        if i.get("kind") == "misdeal":
            out["misdeal_cause"] = i.get("cause") or ""
    return out


def table_full_deal_from_form(form: Mapping[str, str], n: int
                              ) -> tuple[dict[str, Any], Problems]:
    """A card-by-card deal at a table of ``n``: the dealer, the turned card, the calls and the
    tricks (n cards each) one per line, the discard; five-handed the called card. The hands are
    optional: with every hand written the deal is kind ``full``, with none it is ``plays`` (the
    cards as they fell); some but not all is a problem at the first empty hand."""
    tokens = seat_tokens(n)
    problems: Problems = []
    dealer = form.get("dealer") or ""
    if dealer not in tokens:
        problems.append(("dealer", "choose the dealer"))
    hands = {s: " ".join((form.get(f"hand_{s}") or "").split()) for s in tokens}
    given = [s for s in tokens if hands[s]]
    deal: dict[str, Any] = {"kind": "full" if given else "plays", "dealer": dealer}
    turned = " ".join((form.get("turned") or "").split())
    if turned:
        deal["turned"] = turned
    else:
        problems.append(("turned", "write the card turned up (e.g. JH)"))
    if given and len(given) < n:
        missing = next(s for s in tokens if not hands[s])
        problems.append((f"hand_{missing}", f"write seat {missing}'s five cards (?? for one not "
                                            "seen), or leave every hand empty"))
    if given:
        deal["hands"] = {s: hands[s] for s in tokens}
    calls = [" ".join(line.split()) for line in (form.get("calls") or "").splitlines()]
    if any(calls):
        deal["calls"] = [c for c in calls if c]
    called = " ".join((form.get("called") or "").upper().split())
    if called and n == 5:
        deal["called"] = called
    elif called:
        problems.append(("called", "only the five-handed maker names a card"))
    discard = " ".join((form.get("discard") or "").split())
    if discard:
        deal["discard"] = discard
    tricks = [" ".join(line.split()) for line in (form.get("tricks") or "").splitlines()]
    if any(tricks):
        deal["tricks"] = [t for t in tricks if t]
    return deal, problems


def form_of_table_full_deal(deal: Mapping[str, Any]) -> dict[str, str]:
    """The card form's fields filled from a ``full`` or ``plays`` deal of a table of n."""
    out = {"dealer": str(deal.get("dealer", "")), "turned": deal.get("turned", ""),
           "discard": deal.get("discard", ""), "calls": "\n".join(deal.get("calls", [])),
           "tricks": "\n".join(deal.get("tricks", [])), "called": deal.get("called") or ""}
    for seat, cards in (deal.get("hands") or {}).items():
        out[f"hand_{seat}"] = cards
    return out


def table_form_of_sitting(data: Mapping[str, Any]) -> dict[str, str]:
    """The sitting form's fields filled from the header of a (draft) record at a table of n."""
    from .forms import form_of_sitting
    out = form_of_sitting(dict(data))
    n = seats_of(data)
    out["seats"] = str(n)
    overrides = (data.get("rules") or {}).get("overrides") or {}
    for name in VARIANT_FIELDS.get(n, {}):
        if overrides.get(name) is not None:
            out[name] = str(overrides[name])
    return out


def with_table_sitting(data: Mapping[str, Any], header: Mapping[str, Any]) -> dict[str, Any]:
    """``forms.with_sitting`` at a table of n: the offered overrides and the variant's options
    are replaced, every other override kept; the table size and the deals are untouched."""
    from .forms import with_sitting
    n = seats_of(data)
    out = with_sitting(dict(data), dict(header))
    overrides = dict((out.get("rules") or {}).get("overrides") or {})
    for name in VARIANT_FIELDS.get(n, {}):
        overrides.pop(name, None)
    overrides.update({k: v for k, v in (header["rules"].get("overrides") or {}).items()
                      if k in VARIANT_FIELDS.get(n, {})})
    rules: dict[str, Any] = {"preset": header["rules"]["preset"], "seats": n}
    if overrides:
        rules["overrides"] = overrides
    out["rules"] = rules
    return out
