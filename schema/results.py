"""The JSON shape of a replay result at every table (``euchre replay --format json``, the HTTP API).

:func:`dump_result` turns a :class:`ReplayResult` of any table (at two, three or five:
:func:`dump_table_result`) into plain JSON-ready dicts. The shape is
documented in docs/FORMAT.md ("Replay result", "Tables of two, three and five"). Conventions:

- every key is always present (``null`` when there is no value), so consumers need no guessing;
- four-handed, a score or a change of score is ``{"ns": int, "ew": int}``; at a table of n it is
  an array of n integers, seat 0 first (a finding's ``points``: empty when it moved none);
- seats are ``"N" "E" "S" "W"`` (sides ``"NS" "EW"``), or the tokens ``"0" .. "n-1"``; suits
  ``"S" "H" "D" "C"``, cards their canonical token (``"JH"``), enums their string value
  (``"revoke"``, ``"full"``);
- deal, game and trick numbers are 1-based, as a scorer counts them.

One :func:`dump_finding` for both, its keys in each kind's order (four-handed: ``held`` and
``status`` before the scores).
"""

from __future__ import annotations

from typing import Any, Sequence

from euchre_records.cards import Card, Seat, Side, Suit
from euchre_records.enum_text import (  # Enum .name and .value are slow descriptors
    DEAL_KIND_VALUE, FINDING_KIND_VALUE, SEAT_NAME, SEAT_SIDE, SIDE_VALUE, SUIT_VALUE,
)
from euchre_records.model import DealResult, Finding, GameResult, ReplayResult, RubberResult
from euchre_records.rules import Rules
from euchre_records.table_view import tokens_of

__all__ = ["dump_result", "dump_table_result", "dump_findings", "dump_rules", "dump_deal_result",
           "dump_game", "dump_rubber", "dump_finding", "points"]


def points(value: tuple[int, ...] | None) -> dict[str, int] | None:
    """``(ns, ew)`` (a four-handed score, two columns) -> ``{"ns": ns, "ew": ew}``; None stays
    None."""
    return None if value is None else {"ns": value[0], "ew": value[1]}


_SEAT_NAME = SEAT_NAME.__getitem__


_FOUR_TOKENS = tuple(SEAT_NAME[s] for s in Seat)


def _at(tokens: Sequence[str], seat: int | None) -> str | None:
    """A seat index's token (``tokens`` by index); None stays None."""
    return None if seat is None else tokens[seat]


def _winner(winner: Side | int | None, tokens: Sequence[str]) -> str | None:
    """A game's winning column: a side's value (``"NS"``) at four, a seat's token at n."""
    if winner is None:
        return None
    return SIDE_VALUE[winner] if isinstance(winner, Side) else tokens[winner]


def _suit(suit: Suit | None) -> str | None:
    return None if suit is None else SUIT_VALUE[suit]


def _card(card: Card | None) -> str | None:
    return None if card is None else card.name


_OPTIONS: dict[int, tuple[Rules, dict[str, Any]]] = {}


def _option_values(rules: Rules) -> dict[str, Any]:
    """A new copy of ``rules.option_values()`` (plain values), computed once per rule set (keyed
    by identity, the instance kept: a frozen Rules hashes all its fields)."""
    entry = _OPTIONS.get(id(rules))
    if entry is None or entry[0] is not rules:
        if len(_OPTIONS) > 64:
            _OPTIONS.clear()
        entry = _OPTIONS[id(rules)] = (rules, rules.option_values())
    return dict(entry[1])


def dump_rules(rules: Rules) -> dict[str, Any]:
    """The rule set: preset name, the record's overrides and the value of every option."""
    return {"preset": rules.name, "overrides": dict(rules.overrides),
            "options": _option_values(rules)}


def _scores(value: tuple[int, ...] | None) -> list[int] | None:
    return None if value is None else list(value)


def dump_finding(finding: Finding, tokens: Sequence[str] = _FOUR_TOKENS) -> dict[str, Any]:
    """One finding (a breach of the laws, or a scoresheet disagreement) of the replay of the
    table whose seat ``tokens`` are given (the four-handed ones by default): points as pairs
    ``{"ns", "ew"}`` at four, as arrays of n (``[]``: none moved) at n, in each one's key order."""
    head = {"kind": FINDING_KIND_VALUE[finding.kind], "message": finding.message,
            "rule": finding.rule, "deal": finding.deal, "trick": finding.trick,
            "seat": _at(tokens, finding.seat), "card": _card(finding.card)}
    revoke = {"held": [c.name for c in finding.held], "status": finding.status}
    if len(tokens) != 4:
        return {**head, "points": list(finding.points), "recorded": _scores(finding.recorded),
                "computed": _scores(finding.computed), **revoke}
    return {**head, **revoke, "points": points(finding.points),
            "recorded": points(finding.recorded), "computed": points(finding.computed)}


def dump_deal_result(deal: DealResult) -> dict[str, Any]:
    """What the replay computed for one deal."""
    maker, turned, trump = deal.maker, deal.turned, deal.trump
    defender, next_dealer = deal.defender_alone, deal.next_dealer
    tricks, hand, penalty, scored = deal.tricks, deal.hand_points, deal.penalty, deal.points
    # points() written out in place: this runs for every deal stored
    return {
        "number": deal.number,
        "kind": DEAL_KIND_VALUE[deal.kind],
        "dealer": SEAT_NAME[deal.dealer],
        "turned": None if turned is None else turned.name,
        # NT: house rule allow_no_trump
        "trump": "NT" if deal.no_trump else None if trump is None else SUIT_VALUE[trump],
        "maker": None if maker is None else SEAT_NAME[maker],
        "maker_side": None if maker is None else SEAT_SIDE[maker],
        "alone": deal.alone,
        "defender_alone": None if defender is None else SEAT_NAME[defender],
        "thrown_in": deal.thrown_in,
        "redeal": deal.redeal,
        "void": deal.void,
        "unfinished": deal.unfinished,
        "next_dealer": None if next_dealer is None else SEAT_NAME[next_dealer],
        "leaders": list(map(_SEAT_NAME, deal.leaders)),
        "winners": list(map(_SEAT_NAME, deal.winners)),
        "tricks": None if tricks is None else {"ns": tricks[0], "ew": tricks[1]},
        "hand_points": None if hand is None else {"ns": hand[0], "ew": hand[1]},
        "penalty": None if penalty is None else {"ns": penalty[0], "ew": penalty[1]},
        "points": None if scored is None else {"ns": scored[0], "ew": scored[1]},
        "findings": [dump_finding(f) for f in deal.findings] if deal.findings else [],
        "notes": list(deal.notes),
    }


def dump_game(game: GameResult) -> dict[str, Any]:
    """One game of the record: its deals, scores, winner and rubber points."""
    start, score, carried, rubber = game.start, game.score, game.carried, game.rubber_points
    winner = game.winner
    return {
        "number": game.number,
        "first_deal": game.first_deal,
        "last_deal": game.last_deal,
        "start": None if start is None else {"ns": start[0], "ew": start[1]},
        "score": None if score is None else {"ns": score[0], "ew": score[1]},
        "winner": _winner(winner, _FOUR_TOKENS),
        "finished": game.finished,
        "carried": None if carried is None else {"ns": carried[0], "ew": carried[1]},
        "rubber_points": None if rubber is None else {"ns": rubber[0], "ew": rubber[1]},
    }


def dump_rubber(rubber: RubberResult | None) -> dict[str, Any] | None:
    """The rubber (None when the rule set plays single games)."""
    if rubber is None:
        return None
    return {
        "system": rubber.system,
        "games_won": points(rubber.games_won),
        "winner": _winner(rubber.winner, _FOUR_TOKENS),
        "finished": rubber.finished,
        "rubber_points": points(rubber.rubber_points),
        "net": rubber.net,
    }


def dump_result(result: ReplayResult) -> dict[str, Any]:
    """The whole replay as JSON-ready dicts (see docs/FORMAT.md, "Replay result"); one at a
    table of two, three or five as :func:`dump_table_result`.

    ``findings`` lists every finding in record order (the deals' included); ``clean`` is true
    when there are none.
    """
    if not result.table.fixed_sides:
        return dump_table_result(result)
    return {
        "rules": dump_rules(result.rules),
        "clean": result.clean,
        "deals": [dump_deal_result(d) for d in result.deals],
        "games": [dump_game(g) for g in result.games],
        "rubber": dump_rubber(result.rubber),
        "findings": [dump_finding(f) for f in result.findings],
        "notes": list(result.notes),
    }


def dump_findings(result: ReplayResult) -> list[dict[str, Any]]:
    """The findings of a replay of any table as :func:`dump_result` lists them (``findings``)."""
    tokens = _FOUR_TOKENS if result.table.fixed_sides else tokens_of(result.table)
    return [dump_finding(f, tokens) for f in result.findings]


# --- tables of two, three and five: seat tokens, a score per player, no rubber ---------------

def dump_table_result(result: ReplayResult) -> dict[str, Any]:
    """The JSON of a replay at a table of n (docs/FORMAT.md "Tables of two, three and five"):
    the four-handed result's keys but ``tricks``, ``turned``, the sides and the rubber's; scores
    as arrays of n; each deal's ``makers``, ``defenders``, ``called``, ``partner``,
    ``partner_known`` and ``maker_tricks``; a game's ``winner`` a seat; ``rubber`` null."""
    table = result.table
    tokens = tokens_of(table)
    return {
        "rules": {"preset": result.rules.name, "seats": table.seats, "variant": table.variant.value},
        "clean": result.clean,
        "deals": [_table_deal(d, tokens) for d in result.deals],
        "games": [_table_game(g, tokens) for g in result.games],
        "rubber": None,
        "findings": [dump_finding(f, tokens) for f in result.findings],
        "notes": list(result.notes),
    }


def _table_deal(d: DealResult, tokens: Sequence[str]) -> dict[str, Any]:
    return {
        "number": d.number, "kind": DEAL_KIND_VALUE[d.kind], "dealer": tokens[d.dealer],
        "trump": "NT" if d.no_trump else _suit(d.trump),   # NT: house rule allow_no_trump
        "maker": _at(tokens, d.maker), "alone": d.alone, "makers": [tokens[s] for s in d.makers],
        "defenders": [tokens[s] for s in d.defenders],
        "called": _card(d.called), "partner": _at(tokens, d.partner),
        "partner_known": d.partner_known, "thrown_in": d.thrown_in, "void": d.void,
        "unfinished": d.unfinished, "next_dealer": _at(tokens, d.next_dealer),
        "leaders": [tokens[s] for s in d.leaders], "winners": [tokens[s] for s in d.winners],
        "maker_tricks": d.maker_tricks, "hand_points": list(d.hand_points),
        "penalty": list(d.penalty), "points": list(d.points),
        "findings": [dump_finding(f, tokens) for f in d.findings], "notes": list(d.notes),
    }


def _table_game(g: GameResult, tokens: Sequence[str]) -> dict[str, Any]:
    return {"number": g.number, "first_deal": g.first_deal, "last_deal": g.last_deal,
            "start": list(g.start), "score": list(g.score), "winner": _winner(g.winner, tokens),
            "finished": g.finished}
