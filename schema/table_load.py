"""Load a record at a table of two, three or five (docs/FORMAT.md "Tables of two, three and
five"); re-exported by :mod:`.tables`.

- :func:`load_table_record` (a parsed JSON value -> :class:`Record`) reports every shape
  problem at once in one :class:`NotationError`, each located by its JSON path, as
  :func:`schema.notation.load_record` does for four hands.
- :func:`load_any` reads either model by ``rules.seats``.

Contract: ``load_table_record(dump_table_record(r)) == r`` for every record this module loads
(:mod:`.canonical`). These records are walked here in plain Python; what the notation writes the
same at every table is read by the four-handed readers (issue 32, toward one loader): the event
and the players by the schemas, every card token and card string by :mod:`.cardfields` (the same
spellings and messages), every call and trick's leader by the one grammar of :mod:`.playfields`
(with the table's :func:`.playfields.play_words`), a trump by ``SuitField``, a row of scores by
:func:`.basefields.whole_figures` (n wide). The msgspec fast path of :mod:`.wire` takes
four-handed records only.
"""

from __future__ import annotations

import sys
from typing import Any

from marshmallow import ValidationError, missing

from euchre_records.cards import Card, effective_suit, make_pack
from euchre_records.errors import NotationError, Problem, join_path
from euchre_records.model import (
    DealKind, Event, ExchangeKind, Player, Record, Scores, Call, Deal, Exchange,
    Irregularity, IrregularityKind, Outcome, RecordedScore, Trick,
)
from euchre_records.rules import Rules, resolve_rules
from euchre_records.table import Table, table_for, variant_options
from euchre_records.table_refusals import LAWS_TAKEN, law_refusal, refusal, refused_options

from .basefields import SEAT_SCORE_LIMIT, SUIT_BY_TEXT, CompactField, SuitField, whole_figures, within
from .cardfields import CardField, parse_cards
from .playfields import play_words, read_call, trick_parts
from .lean import UNKNOWN_FIELD, lean_load, plan_of
from .numbers import holds_whole_float, whole_numbers
from .schemas import PLAYER_SCHEMA, RECORD_SCHEMA, EventSchema, RulesSchema

__all__ = ["load_table_record", "load_any"]

_EVENT_SCHEMA = EventSchema()
_EVENT_PLAN = plan_of(_EVENT_SCHEMA)
_PLAYER_PLAN = plan_of(PLAYER_SCHEMA)
_RECORD_FIELDS = RECORD_SCHEMA.fields   # format and version, as the four-handed record reads them
_PRESET = RulesSchema().fields["preset"]

_RECORD_KEYS = ("format", "version", "event", "players", "rules", "start_score", "deals")
_DEAL_KEYS = ("kind", "dealer", "turned", "joker_suit", "hands", "kitty", "exchanges", "calls", "called", "partner",
              "discard", "tricks", "result", "irregularities", "scoresheet", "unfinished", "points")
_NOT_YET = ("annotations", "alternatives", "provenance")
_TAKEN = ", ".join(repr(k.value) for k in LAWS_TAKEN)
_EXCHANGE_KINDS = {"farmers": ExchangeKind.FARMERS, "go-under": ExchangeKind.GO_UNDER}

_SUIT = SuitField()   # a result's trump, read as the four-handed one is
_CARD, _CARD_OR_UNKNOWN = CardField(), CardField(unknown_ok=True)   # and every card



class _Problems:
    """Collects located problems."""

    def __init__(self) -> None:
        self.items: list[Problem] = []

    def add(self, where: str, what: str) -> None:
        self.items.append(Problem(where, what))


# --- loading ---------------------------------------------------------------------------------

def load_any(data: object) -> Record:
    """A :class:`Record` of any table, read by ``rules.seats``: the four-handed reader at four."""
    from .notation import load_record
    if holds_whole_float(data):
        data = whole_numbers(data)   # 3.0 seats is 3 (schema/numbers.py)
    rules = data.get("rules") if isinstance(data, dict) else None
    seats = rules.get("seats", 4) if isinstance(rules, dict) else 4
    if seats == 4 or isinstance(seats, bool) or not isinstance(seats, int):
        return load_record(data)
    return load_table_record(data)


def load_table_record(data: object) -> Record:
    """Load a record of 2, 3 or 5 seats. Raises NotationError listing every problem found."""
    if not isinstance(data, dict):
        raise NotationError(f"a record is a JSON object, not {type(data).__name__}")
    if holds_whole_float(data):
        data = whole_numbers(data)   # a whole-number float is its integer (schema/numbers.py)
    out = _Problems()
    for key in data:
        if key in _NOT_YET:
            out.add(key, f"{key!r} is not yet taken at tables of two, three and five")
        elif key not in _RECORD_KEYS:
            out.add(key, UNKNOWN_FIELD)
    for key in ("format", "version"):   # read by the four-handed record's own fields
        _given(_RECORD_FIELDS[key], data, key, key, out)
    if "rules" not in data:
        raise NotationError(out.items + [Problem("rules", "required field is missing")])
    table, rules, options, variant_raw = _rules(data["rules"], out)
    if table is None or rules is None:
        raise NotationError(out.items)
    event = Event()
    if "event" in data:
        try:
            event = lean_load(_EVENT_SCHEMA, data["event"], _EVENT_PLAN)
        except ValidationError as exc:
            _marshmallow(out, "event", exc.messages)
    players = _players(data.get("players"), table, out)
    start = _scores(data["start_score"], table, "start_score", out) if "start_score" in data else None
    deals_raw = data.get("deals")
    deals: list[Deal] = []
    if not isinstance(deals_raw, list):
        out.add("deals", "required field is missing" if deals_raw is None else "expected an array of deals")
    else:
        for i, raw in enumerate(deals_raw):
            deal = _deal(raw, table, rules, f"deals[{i}]", out)
            if deal is not None:
                deals.append(deal)
    if out.items:
        raise NotationError(out.items)
    assert options is not None
    return Record(rules, tuple(deals), event, players, start or (0,) * table.seats, "1.0",
                  table=table, options=options, variant_overrides=variant_raw)


def _marshmallow(out: _Problems, where: str, messages: Any) -> None:
    from .notation import problems_from_messages
    out.items.extend(problems_from_messages(messages, where))


def _read(field: CompactField, raw: object, where: str, out: _Problems) -> Any:
    """``raw`` read by the four-handed ``field`` (the same reading, the same message), or None
    with the field's problem located at ``where``."""
    try:
        return field._deserialize(raw, None, None)
    except ValidationError as exc:
        _marshmallow(out, where, exc.messages)
        return None


def _given(field: CompactField, raw: dict[str, Any], key: str, where: str, out: _Problems) -> Any:
    """``raw[key]`` read by the four-handed ``field`` as its schema reads it (a missing key, a
    null), or None with the field's problem located at ``where``."""
    try:
        return field.deserialize(raw.get(key, missing))
    except ValidationError as exc:
        _marshmallow(out, where, exc.messages)
        return None


def _rules(raw: object, out: _Problems) -> tuple[Table | None, Rules | None, Any, tuple[tuple[str, object], ...]]:
    if not isinstance(raw, dict):
        out.add("rules", "expected an object")
        return None, None, None, ()
    for key in raw:
        if key not in ("preset", "seats", "overrides"):
            out.add(f"rules.{key}", UNKNOWN_FIELD)
    try:
        table = table_for(raw.get("seats", 4))
    except NotationError as exc:
        out.items.extend(exc.problems)
        return None, None, None, ()
    if table.seats == 4:
        out.add("rules.seats", "a four-handed record is read by schema.notation.load_record")
        return None, None, None, ()
    preset = _given(_PRESET, raw, "preset", "rules.preset", out)
    if preset is None:
        return None, None, None, ()
    overrides = raw.get("overrides", {})
    if not isinstance(overrides, dict):
        out.add("rules.overrides", "expected an object of rule options")
        return None, None, None, ()
    try:
        options, rest = variant_options(table, overrides)
    except NotationError as exc:
        out.items.extend(exc.problems)
        return None, None, None, ()
    bad = False
    for key in refused_options(table):   # each refused by the rule that forbids it there
        if rest.get(key) not in (None, False, "off"):
            out.add(f"rules.overrides.{key}", refusal(table, key) or key)
            bad = True
    if rest.get("rubber", "none") != "none":
        out.add("rules.overrides.rubber", "a rubber needs fixed partnerships: the "
                f"{table.variant.value} game has games of individual players, not rubbers")
        bad = True
    if bad:
        return None, None, None, ()
    try:
        rules = resolve_rules(preset, rest)
    except NotationError as exc:
        out.items.extend(exc.problems)
        return None, None, None, ()
    needed = 5 * table.seats + 1
    size = rules.pack + (1 if rules.joker else 0)
    if needed > size:
        out.add("rules.seats", f"a pack of {size} cards is too small for {table.seats} players: "
                f"5 cards each and the turned card need {needed}")
        return None, None, None, ()
    variant_raw = tuple(sorted((k, v) for k, v in overrides.items() if k not in rest))
    return table, rules, options, variant_raw


def _seat(raw: object, table: Table, where: str, out: _Problems) -> int | None:
    try:
        return table.parse_seat(raw)
    except ValueError as exc:
        out.add(where, str(exc))
        return None


def _players(raw: object, table: Table, out: _Problems) -> tuple[tuple[int, Player], ...]:
    if raw is None:
        return ()
    if not isinstance(raw, dict):
        out.add("players", f"expected an object keyed by seat (\"0\" to \"{table.seats - 1}\")")
        return ()
    found: list[tuple[int, Player]] = []
    for key, value in raw.items():
        seat = _seat(key, table, f"players.{key}", out)
        if seat is None:
            continue
        try:
            found.append((seat, lean_load(PLAYER_SCHEMA, value, _PLAYER_PLAN)))
        except ValidationError as exc:
            _marshmallow(out, f"players.{key}", exc.messages)
    return tuple(sorted(found, key=lambda sp: sp[0]))


def _scores(raw: object, table: Table, where: str, out: _Problems) -> Scores | None:
    """A row of scores, one per seat (the one reading of :func:`whole_figures`, n wide)."""
    figures = whole_figures(raw, table.seats)
    if figures is None or not within(figures, SEAT_SCORE_LIMIT):
        out.add(where, f"expected an array of {table.seats} integers, one per seat")
        return None
    return figures


def _card(raw: object, where: str, out: _Problems, unknown: bool = False) -> Card | None:
    """One card token, read by the four-handed :class:`CardField` (one reading of a card at
    every table: the same spellings, the same messages), or None with its problem at ``where``."""
    return _read(_CARD_OR_UNKNOWN if unknown else _CARD, raw, where, out)  # type: ignore[no-any-return]


def _cards(raw: object, where: str, out: _Problems, unknown: bool) -> tuple[Card | None, ...] | None:
    """A card string, read by the four-handed :func:`parse_cards` (each bad token located at
    ``where[i]``); the number of cards is the caller's to check, in the table's terms."""
    try:
        return parse_cards(raw, unknown, 0, sys.maxsize)
    except ValidationError as exc:
        _marshmallow(out, where, exc.messages)
        return None


def _call(raw: object, table: Table, where: str, out: _Problems) -> Call | None:
    """A call string, read by the one call grammar (:func:`.playfields.read_call`) with the
    table's seats and words."""
    try:
        return read_call(raw, play_words(table))
    except ValidationError as exc:
        _marshmallow(out, where, exc.messages)
        return None


def _trick(raw: object, table: Table, where: str, out: _Problems, short_ok: bool) -> Trick | None:
    """A trick string: its leader by the one reading (:func:`.playfields.trick_parts`), its
    cards by :func:`_cards`; every seat plays to it (``short_ok``: the last trick of an unfinished
    deal may stop short)."""
    try:
        leader, text = trick_parts(raw, play_words(table))
    except ValidationError as exc:
        _marshmallow(out, where, exc.messages)
        return None
    cards = _cards(text, where, out, unknown=False)
    if cards is None:
        return None
    if len(cards) != table.seats and not (short_ok and 0 < len(cards) < table.seats):
        out.add(where, f"a trick at a table of {table.seats} holds {table.seats} cards, not "
                f"{len(cards)} (nobody sits out at this table)")
        return None
    return Trick(tuple(c for c in cards if c is not None), leader)


def _deal(raw: object, table: Table, rules: Rules, where: str, out: _Problems) -> Deal | None:
    if not isinstance(raw, dict):
        out.add(where, "expected a deal object")
        return None
    before = len(out.items)
    for key in raw:
        if key in _NOT_YET:
            out.add(join_path(where, key), f"{key!r} is not yet taken at tables of two, three and five")
        elif key not in _DEAL_KEYS:
            out.add(join_path(where, key), UNKNOWN_FIELD)
    try:
        kind = DealKind(raw.get("kind"))
    except ValueError:
        out.add(f"{where}.kind", "expected 'full', 'plays', 'result' or 'points'")
        return None
    dealer = _seat(raw.get("dealer"), table, f"{where}.dealer", out)
    if kind is DealKind.POINTS:
        return _points_deal(raw, table, dealer, where, out, before)
    if "points" in raw:
        out.add(f"{where}.points", f"not with kind {kind.value!r} (only in a points-only deal)")
    pack = make_pack(rules.pack, rules.joker)

    def in_pack(c: Card | None, at: str) -> None:
        if c is not None and c not in pack:
            out.add(at, f"{c.name} is not in the pack of {rules.pack}{' and the joker' if rules.joker else ''}")

    turned = None
    if "turned" in raw:
        turned = _card(raw["turned"], f"{where}.turned", out)
        in_pack(turned, f"{where}.turned")
    elif kind is not DealKind.RESULT:
        out.add(f"{where}.turned", f"required with kind {kind.value!r}")
    joker_suit = None   # the joker turned: the suit the dealer named (the replay requires it)
    if "joker_suit" in raw:
        joker_suit = SUIT_BY_TEXT.get(raw["joker_suit"]) if isinstance(raw["joker_suit"], str) else None
        if joker_suit is None:
            out.add(f"{where}.joker_suit", "expected S, H, D or C")
        elif turned is None or not turned.is_joker:
            out.add(f"{where}.joker_suit", "only when the turned card is the joker (JK)")
    forbid = {DealKind.FULL: ("result",), DealKind.PLAYS: ("hands", "kitty", "result"),
              DealKind.RESULT: ("hands", "kitty", "exchanges", "calls", "called", "partner",
                                "discard", "tricks")}[kind]
    for key in forbid:
        if key in raw:
            out.add(f"{where}.{key}", f"not with kind {kind.value!r}")
    if not table.called_partner:
        for key in ("called", "partner"):
            if key in raw:
                out.add(f"{where}.{key}", f"only in the five-handed game (a {table.variant.value} "
                        "maker has no partner)")
    hands = None
    if kind is DealKind.FULL:
        hands = _hands(raw.get("hands"), table, f"{where}.hands", out)
        for s, hand in enumerate(hands or ()):
            for i, c in enumerate(hand):
                in_pack(c, f"{where}.hands.{s}[{i}]")
    kitty = None
    if "kitty" in raw and kind is DealKind.FULL:
        kitty = _cards(raw["kitty"], f"{where}.kitty", out, unknown=True)
        expected = table.kitty(rules.pack) + (1 if rules.joker else 0)
        if kitty is not None and len(kitty) != expected:
            out.add(f"{where}.kitty", f"the kitty of a {table.seats}-handed deal from {rules.pack} cards"
                    f"{' and the joker' if rules.joker else ''} holds {expected} cards, not {len(kitty)}")
        for i, c in enumerate(kitty or ()):
            in_pack(c, f"{where}.kitty[{i}]")
    exchanges: tuple[Exchange, ...] = ()
    if "exchanges" in raw and kind is not DealKind.RESULT:
        exchanges = _exchanges(raw["exchanges"], table, f"{where}.exchanges", out)
        for x in exchanges:
            for c in x.gave + x.took:
                in_pack(c, f"{where}.exchanges")
    calls: list[Call] = []
    if "calls" in raw and kind is not DealKind.RESULT:
        if not isinstance(raw["calls"], list):
            out.add(f"{where}.calls", "expected an array of call strings")
        else:
            for i, c in enumerate(raw["calls"]):
                call = _call(c, table, f"{where}.calls[{i}]", out)
                if call is not None:
                    calls.append(call)
    called = None
    if "called" in raw and table.called_partner and kind is not DealKind.RESULT:
        called = _card(raw["called"], f"{where}.called", out)
        in_pack(called, f"{where}.called")
    partner, stated = None, "partner" in raw and table.called_partner and kind is not DealKind.RESULT
    if stated and raw["partner"] is not None:
        partner = _seat(raw["partner"], table, f"{where}.partner", out)
    if stated and called is None and "called" not in raw:
        out.add(f"{where}.partner", "a partner only with a called card")
    discard = None
    if "discard" in raw and kind is not DealKind.RESULT:
        discard = _card(raw["discard"], f"{where}.discard", out, unknown=True)
        in_pack(discard, f"{where}.discard")
    unfinished = raw.get("unfinished", False)
    if not isinstance(unfinished, bool):
        out.add(f"{where}.unfinished", "expected true or false")
        unfinished = False
    tricks: list[Trick] = []
    if "tricks" in raw and kind is not DealKind.RESULT:
        if not isinstance(raw["tricks"], list) or len(raw["tricks"]) > 5:
            out.add(f"{where}.tricks", "expected an array of at most 5 trick strings")
        else:
            last = len(raw["tricks"]) - 1
            for i, t in enumerate(raw["tricks"]):
                trick = _trick(t, table, f"{where}.tricks[{i}]", out, unfinished and i == last)
                if trick is not None:
                    for j, c in enumerate(trick.cards):
                        in_pack(c, f"{where}.tricks[{i}][{j}]")
                    tricks.append(trick)
    outcome = None
    if kind is DealKind.RESULT:
        outcome = _outcome(raw.get("result"), table, rules, f"{where}.result", out)
    irregularities = _irregularities(raw.get("irregularities"), table, rules,
                                     f"{where}.irregularities", out)
    recorded = None
    if "scoresheet" in raw:
        recorded = _scoresheet(raw["scoresheet"], table, f"{where}.scoresheet", out)
    if len(out.items) > before or dealer is None:
        return None
    return Deal(kind, dealer, turned, joker_suit, hands, kitty, tuple(calls), discard, tuple(tricks),
                outcome, irregularities, recorded, unfinished=unfinished, exchanges=exchanges,
                called=called, partner=partner, partner_stated=stated)


def _exchanges(raw: object, table: Table, where: str, out: _Problems) -> tuple[Exchange, ...]:
    """The exchanges with the kitty (docs/FORMAT.md "Exchanges"): ``farmers`` and ``go-under``;
    partner's best is refused by the rule (no partner to pass it, :mod:`table_refusals`)."""
    if not isinstance(raw, list):
        out.add(where, "expected an array of exchanges")
        return ()
    found: list[Exchange] = []
    for i, item in enumerate(raw):
        at = f"{where}[{i}]"
        if not isinstance(item, dict):
            out.add(at, "expected an object")
            continue
        for key in item:
            if key not in ("kind", "seat", "gave", "took"):
                out.add(f"{at}.{key}", UNKNOWN_FIELD)
        name = item.get("kind")
        kind = _EXCHANGE_KINDS.get(name) if isinstance(name, str) else None
        if kind is None:
            out.add(f"{at}.kind", refusal(table, "partners_best") or "" if name == "partners-best"
                    else "expected 'farmers' or 'go-under'")
            continue
        seat = _seat(item.get("seat"), table, f"{at}.seat", out)
        cards: dict[str, tuple[Card | None, ...]] = {}
        for key in ("gave", "took"):
            value = () if key not in item else _cards(item[key], f"{at}.{key}", out, unknown=True)
            if value is not None and len(value) > 3:
                out.add(f"{at}.{key}", "expected 1 to 3 cards")
            cards[key] = value or ()
        if seat is not None:
            found.append(Exchange(kind, seat, cards["gave"], cards["took"]))
    return tuple(found)


def _points_deal(raw: dict[str, Any], table: Table, dealer: int | None, where: str, out: _Problems,
                 before: int) -> Deal | None:
    """A points-only deal (docs/FORMAT.md "Points-only deals"): ``kind``, ``dealer``, ``points``
    (one integer per seat, required) and perhaps ``scoresheet``; nothing of the play."""
    for key in raw:
        if key in _DEAL_KEYS and key not in ("kind", "dealer", "points", "scoresheet"):
            out.add(f"{where}.{key}", "not with kind 'points' (a points-only deal keeps only the "
                    "points each player scored)")
    points = None
    if "points" not in raw:
        out.add(f"{where}.points", f"required with kind 'points': an array of {table.seats} "
                "integers, one per seat")
    else:
        points = _scores(raw["points"], table, f"{where}.points", out)
    recorded = None
    if "scoresheet" in raw:
        recorded = _scoresheet(raw["scoresheet"], table, f"{where}.scoresheet", out)
    if len(out.items) > before or dealer is None or points is None:
        return None
    return Deal(DealKind.POINTS, dealer, recorded=recorded, points=points)


def _hands(raw: object, table: Table, where: str, out: _Problems) -> tuple[tuple[Card | None, ...], ...] | None:
    if not isinstance(raw, dict):
        out.add(where, "required with kind 'full': an object of the hands keyed by seat" if raw is None
                else "expected an object keyed by seat")
        return None
    found: dict[int, tuple[Card | None, ...]] = {}
    ok = True
    for key, value in raw.items():
        seat = _seat(key, table, f"{where}.{key}", out)
        hand = _cards(value, f"{where}.{key}", out, unknown=True)
        if seat is None or hand is None:
            ok = False
            continue
        if len(hand) != 5:
            out.add(f"{where}.{key}", f"a hand is five cards, not {len(hand)}")
            ok = False
            continue
        found[seat] = hand
    missing = [table.token(s) for s in table.all_seats if s not in found]
    if ok and missing:
        out.add(where, f"every seat's hand is needed: missing {', '.join(missing)}")
        ok = False
    return tuple(found[s] for s in table.all_seats) if ok else None


def _outcome(raw: object, table: Table, rules: Rules, where: str, out: _Problems) -> Outcome | None:
    if not isinstance(raw, dict):
        out.add(where, "required with kind 'result': an object" if raw is None else "expected an object")
        return None
    allowed = ("maker", "trump", "tricks", "alone", "called", "partner") if table.called_partner \
        else ("maker", "trump", "tricks")
    for key in raw:
        if key not in allowed:
            out.add(f"{where}.{key}", UNKNOWN_FIELD if key != "defender_alone" else
                    "no lone defender at this table")
            if key in ("alone", "called", "partner"):
                out.items[-1] = Problem(f"{where}.{key}", f"only in the five-handed game (a "
                                        f"{table.variant.value} maker always plays alone)")
    if "maker" not in raw:
        out.add(f"{where}.maker", "required field is missing (null: thrown in)")
        return None
    if raw["maker"] is None:
        for key in allowed[1:]:
            if raw.get(key) is not None:
                out.add(f"{where}.{key}", "only with a maker (maker null means the deal was thrown in)")
        return Outcome(None)
    maker = _seat(raw["maker"], table, f"{where}.maker", out)
    tricks = raw.get("tricks")
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 5:
        out.add(f"{where}.tricks", "required with a maker: the tricks the making side won, 0 to 5")
        tricks = 0
    trump = None
    if raw.get("trump") is not None:
        trump = _read(_SUIT, raw["trump"], f"{where}.trump", out)
    alone = raw.get("alone", False) or False
    if not isinstance(alone, bool):
        out.add(f"{where}.alone", "expected true or false")
        alone = False
    called = None
    if raw.get("called") is not None:
        called = _card(raw["called"], f"{where}.called", out)
        if called is not None and called not in make_pack(rules.pack, rules.joker):
            out.add(f"{where}.called", f"{called.name} is not in the pack of {rules.pack}")
        if called is not None and trump is not None and effective_suit(called, trump) is trump:
            out.add(f"{where}.called", f"{called.name} is of the trump suit: the maker names a card "
                    "not of the trump suit")
    stated = "partner" in raw
    partner = None
    if stated and raw["partner"] is not None:
        partner = _seat(raw["partner"], table, f"{where}.partner", out)
    if table.called_partner and maker is not None:
        if alone and (called is not None or partner is not None):
            out.add(where, "a maker who goes alone names no card and has no partner")
        if stated and called is None:
            out.add(f"{where}.partner", "a partner only with a called card")
        if partner is not None and partner == maker:
            out.add(f"{where}.partner", "the maker cannot be his own partner")
    return Outcome(maker, trump, alone, tricks=tricks, called=called, partner=partner,
                   partner_stated=stated)


def _irregularities(raw: object, table: Table, rules: Rules, where: str,
                    out: _Problems) -> tuple[Irregularity, ...]:
    """The deal's irregularities: the kinds a table of n takes; a law of the partnership game
    only is refused citing it (``table_refusals.law_refusal``), any other kind as not yet taken."""
    if raw is None:
        return ()
    if not isinstance(raw, list):
        out.add(where, "expected an array")
        return ()
    found = []
    for i, item in enumerate(raw):
        at = f"{where}[{i}]"
        if not isinstance(item, dict):
            out.add(at, "expected an object")
            continue
        try:
            kind = IrregularityKind(item.get("kind"))
            if kind not in LAWS_TAKEN:
                raise ValueError(kind)
        except ValueError:
            name = item.get("kind")
            why = law_refusal(table, rules, name) if isinstance(name, str) else None
            out.add(f"{at}.kind", why or f"{name!r}: not yet taken at tables of two, three and "
                    f"five; the irregularities taken are {_TAKEN}")
            continue
        refused = law_refusal(table, rules, kind.value)   # taken under some presets only
        if refused is not None:
            out.add(f"{at}.kind", refused)
            continue
        settles = kind in (IrregularityKind.CLAIM, IrregularityKind.CONCESSION)
        stopped = kind is IrregularityKind.DEAL_OUT_OF_TURN
        exposed = kind in (IrregularityKind.EXPOSED_CARD, IrregularityKind.REVOKE_CORRECTED)
        corrects = kind is IrregularityKind.SCORE_CORRECTION
        for key in item:
            if key not in ("kind", "seat", "trick", "cause", "note") and not (settles and key == "tricks") \
                    and not (stopped and key == "election") and not (exposed and key == "card") \
                    and not (corrects and key in ("points", "late")):
                out.add(f"{at}.{key}", f"not taken with {kind.value!r} at this table")
        election = item.get("election") if stopped else None
        if election is not None and election not in ("stopped", "stands"):
            out.add(f"{at}.election", "expected 'stopped' (before the trump card was turned) or 'stands'")
            election = None
        tricks = item.get("tricks") if settles else None
        if tricks is not None and (isinstance(tricks, bool) or not isinstance(tricks, int)
                                   or not 0 <= tricks <= 5):
            out.add(f"{at}.tricks", "expected 0 to 5")
            tricks = None
        seat = None if item.get("seat") is None else _seat(item["seat"], table, f"{at}.seat", out)
        trick = item.get("trick")
        if trick is not None and (isinstance(trick, bool) or not isinstance(trick, int) or not 1 <= trick <= 5):
            out.add(f"{at}.trick", "expected 1 to 5")
            trick = None
        cause, note = item.get("cause"), item.get("note")
        for key, value in (("cause", cause), ("note", note)):
            if value is not None and not isinstance(value, str):
                out.add(f"{at}.{key}", "expected a string")
        card = None
        if exposed:
            card = _card(item.get("card"), f"{at}.card", out)   # required
            if item.get("seat") is None:
                out.add(f"{at}.seat", "the seat that exposed the card is needed"
                        if kind is IrregularityKind.EXPOSED_CARD else
                        "the seat that played the card in error is needed")
            if kind is IrregularityKind.REVOKE_CORRECTED and trick is None:
                out.add(f"{at}.trick", "the trick at which the revoke was corrected is needed")
        points, late = _correction(item, table, at, out) if corrects else (None, False)
        found.append(Irregularity(kind, seat, trick, card, election, tricks, points,
                                  note=note if isinstance(note, str) else None,
                                  cause=cause if isinstance(cause, str) else None, late=late))
    return tuple(found)


def _correction(item: dict[str, Any], table: Table, at: str,
                out: _Problems) -> tuple[Scores | None, bool]:
    """A score correction's ``points`` (required: the deal's entry as corrected, one per seat,
    as the sheet's) and ``late`` (after the next trump card was turned: void, Somerset 5)."""
    points = None
    if item.get("points") is None:
        out.add(f"{at}.points", f"required with 'score-correction': the deal's entry as corrected, "
                f"an array of {table.seats} integers, one per seat")
    else:
        points = _scores(item["points"], table, f"{at}.points", out)
    late = item.get("late", False)
    if late is not None and not isinstance(late, bool):
        out.add(f"{at}.late", "expected true or false")
    return points, late is True


def _scoresheet(raw: object, table: Table, where: str, out: _Problems) -> RecordedScore | None:
    if not isinstance(raw, dict):
        out.add(where, "expected an object")
        return None
    for key in raw:
        if key not in ("points", "total"):
            out.add(f"{where}.{key}", UNKNOWN_FIELD)
    points = None if raw.get("points") is None else _scores(raw["points"], table, f"{where}.points", out)
    total = None if raw.get("total") is None else _scores(raw["total"], table, f"{where}.total", out)
    return RecordedScore(points, total)
