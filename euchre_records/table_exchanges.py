"""House-rule exchanges with the kitty at a table of two, three or five (``farmers``,
``go_under``; docs/RULES.md "House rules", docs/TABLES.md "Every capability at every table"),
checked against the cards and applied to the hands before the play, so that the revoke laws see
each hand as it was after the exchange — as :mod:`.exchanges` does for four hands, whose tests
of a hand (:func:`~.house_rules.farm_cards`, :func:`~.exchanges.not_poor`) these share.

Contracts:

- :func:`farmers_void`: under ``farmers: misdeal`` a farmer's declaration (no cards) voids the
  deal as a misdeal (``misdeal_loses_deal`` passes it left); the declarer must hold three or more
  nines and tens when his hand is known, and nothing may follow it.
- :func:`swap_with_kitty`: under ``farmers: exchange`` or ``go_under``, one player gives three
  cards of his hand (a farmer: three nines and tens) and takes three undealt cards, never the
  turned card; at most one such exchange a deal. The kitty must hold three cards (a five-handed
  deal from 28 cards leaves two: refused, located). Every card is checked where it really is.
- :func:`going_under_findings`: a known hand as dealt that is neither three nines and tens nor
  without a face card gets a finding (status ``hand not poor``); the exchange and score stand.

Every impossibility is a located :class:`~.errors.Problem` at ``deals[i].exchanges[j]``. Pure.
"""

from __future__ import annotations

from .cards import Card
from .errors import Problem
from .exchanges import KITTY_SWAP, not_poor
from .house_rules import farm_cards, house_cite
from .model import ExchangeKind, FindingKind
from .rules import FarmersHand
from .table_model import TableDeal, TableExchange, TableFinding, TableRecord

__all__ = ["farmers_void", "swap_with_kitty", "going_under_findings"]

_OPTION = {ExchangeKind.FARMERS: "farmers", ExchangeKind.GO_UNDER: "go_under"}


def farmers_void(record: TableRecord, deal: TableDeal, number: int, where: str,
                 problems: list[Problem]) -> tuple[str, bool] | None:
    """(why the deal is void, whether the same dealer deals again) when a farmer's hand under
    'misdeal' ended it; None otherwise (or with a located problem appended)."""
    rules = record.rules
    declared = [(i, x) for i, x in enumerate(deal.exchanges) if x.kind is ExchangeKind.FARMERS]
    if not declared or rules.farmers is not FarmersHand.MISDEAL:
        return None
    i, x = declared[0]
    at = f"{where}.exchanges[{i}]"
    rule = house_cite("farmers")
    who = f"seat {record.table.token(x.seat)}"
    if len(deal.exchanges) > 1:
        problems.append(Problem(f"{where}.exchanges", "a farmer's hand under 'misdeal' ends the "
                                "deal: no other exchange can follow"))
    elif x.gave or x.took:
        problems.append(Problem(at, f"under farmers 'misdeal' a farmer's hand is declared, not "
                                f"exchanged: give no cards ({rule})"))
    elif deal.hands is not None and len(farm_cards(deal.hands[x.seat])) + \
            sum(1 for c in deal.hands[x.seat] if c is None) < 3:
        farm = farm_cards(deal.hands[x.seat])
        problems.append(Problem(at, f"{who} declared a farmer's hand holding {len(farm)} nines and "
                                f"tens ({' '.join(c.name for c in farm) or 'none'}); it needs three "
                                f"or more ({rule})"))
    else:
        for key in ("calls", "tricks", "discard"):
            if getattr(deal, key):
                problems.append(Problem(f"{where}.{key}", f"{key} recorded, but {who}'s farmer's "
                                        f"hand made the deal void ({rule})"))
                return None
        again = not rules.misdeal_loses_deal
        return (f"{who} declared a farmer's hand ({rule}): the deal is void as a misdeal "
                f"({rules.cite('misdeal')}); "
                f"{'the same dealer deals again' if again else 'the deal passes to the left'}", again)
    return None


def swap_with_kitty(record: TableRecord, deal: TableDeal, hands: list[list[Card | None]] | None,
                    where: str, problems: list[Problem]) -> bool:
    """Check the exchanges with the kitty and apply them to ``hands`` (each seat's cards as
    dealt, None unknown; None when the hands are not recorded). False with a problem appended."""
    rules, table = record.rules, record.table
    swaps = 0
    for i, x in enumerate(deal.exchanges):
        at = f"{where}.exchanges[{i}]"
        option = _OPTION[x.kind]
        rule = house_cite(option)
        on = rules.farmers is FarmersHand.EXCHANGE if x.kind is ExchangeKind.FARMERS else rules.go_under
        if not on:
            value = f"'{rules.farmers.value}'" if x.kind is ExchangeKind.FARMERS else "off"
            problems.append(Problem(at, f"a {x.kind.value} exchange is recorded, but house rule "
                                    f"{option} is {value} under these rules"))
            return False
        swaps += 1
        kitty = table.kitty(rules.pack) + (1 if rules.joker else 0)
        if swaps > 1:
            problem: tuple[str, str] | None = (at, "a second exchange with the kitty: its cards "
                                               "were already taken")
        elif kitty < KITTY_SWAP:
            problem = (at, f"the kitty holds {kitty} cards at a table of {table.seats} from a pack "
                       f"of {rules.pack}: three cannot be swapped")
        else:
            problem = _check(record, deal, hands, x, at)
        if problem is not None:
            problems.append(Problem(problem[0], f"{problem[1]} ({rule})"))
            return False
        if hands is not None:
            hand = hands[x.seat]
            for c in x.gave:
                hand.remove(c)   # _check: each known card is held, each unknown one a None
            hand.extend(x.took)
    return True


def _check(record: TableRecord, deal: TableDeal, hands: list[list[Card | None]] | None,
           x: TableExchange, at: str) -> tuple[str, str] | None:
    """(where, what) of the first impossible card of one kitty swap, or None."""
    who = f"seat {record.table.token(x.seat)}"
    for key in ("gave", "took"):
        if len(getattr(x, key)) != KITTY_SWAP:
            return (f"{at}.{key}", f"{who} {key} {len(getattr(x, key))} cards; this exchange is "
                    f"{KITTY_SWAP} for {KITTY_SWAP}")
    hand = None if hands is None else list(hands[x.seat])
    for j, c in enumerate(x.gave):
        if c is not None and x.kind is ExchangeKind.FARMERS and not farm_cards([c]):
            return (f"{at}.gave[{j}]", f"{who} gave {c.name} for a farmer's hand; a farmer gives "
                    "three of his nines and tens")
        if hand is not None:
            if c in hand:
                hand.remove(c)
            else:
                return (f"{at}.gave[{j}]", f"{who} does not hold {c.name}" if c is not None else
                        f"{who}'s hand is known: name the card he gave")
    kitty = deal.kitty if deal.kitty is not None and None not in deal.kitty else None
    for j, c in enumerate(x.took):
        if c is None:
            continue
        held = [s for s, h in enumerate(hands or ()) if c in h]
        place = (f"it is in seat {record.table.token(held[0])}'s hand" if held else
                 "it is the turned card, which stays face up" if c is deal.turned else
                 "it is taken twice" if x.took.index(c) != j else
                 "it is not in the kitty as recorded" if kitty is not None and c not in kitty else None)
        if place is not None:
            return (f"{at}.took[{j}]", f"{who} took {c.name} from the kitty, but {place}")
    return None


def going_under_findings(record: TableRecord, deal: TableDeal, number: int) -> list[TableFinding]:
    """A finding for each player who went under with a known hand (as dealt) that is not
    remarkably poor by EGN's examples; the record stands (the table allowed it)."""
    rule = house_cite("go_under")
    return [TableFinding(FindingKind.IRREGULARITY, text, rule, number, seat=seat,
                         status="hand not poor")
            for seat, text in not_poor(deal.exchanges, deal.hands, number,
                                       lambda s: f"seat {record.table.token(s)}")]
