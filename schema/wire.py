"""The fast path of loading: record text decoded by msgspec into typed wire objects, then into the
model, for every record the marshmallow schemas accept in the shape it covers.

msgspec (C) parses the JSON and checks its types against the wire classes below, which mirror the
notation's objects key for key: unknown keys, wrong types, nulls where none is allowed and numbers
out of range all fail there, at a fraction of the cost of a parse and a schema walk in Python.
What msgspec cannot state (card strings, call and trick strings, the rules, labels and dates,
the shape rules of a deal) is checked here with the very parsers and fields the schemas use; the
rarer parts of a deal (its result, irregularities, annotations, alternatives and exchanges) are
loaded by the schemas' own fields. The schemas (schema/schemas.py) stay the notation of record:
the JSON Schema, the OpenAPI document and the located list of every problem of an invalid record
come from them.

Contract: :func:`decode_record` returns exactly the :class:`Record` that
``load_record(parse_json(text))`` returns (equal, with the same canonical text and hash), or
None: the text is invalid, or valid in a shape this path leaves to the schemas (a string with a
backslash escape, a number beyond 64 bits ...). It never raises, and never accepts what the
schemas refuse. Callers load a None through the schemas, which report the problems.
tests/test_wire.py holds the two paths equal.

Repeated keys: msgspec keeps the last value of a key written twice, where the notation refuses
the record. In a text with no backslash every ``"`` opens or closes a string, so the compiled
scan (``_cwire.repeated_key``) reads each object's keys straight from the text and compares them;
its Python twin counts instead: the decoded value written back holds as many ``"`` as the text
exactly when no key was repeated (a repeated key drops at least its own two). Where the scan
cannot tell (nesting deeper than 64, an object of more than 64 keys) the count decides.

The compiled path (schema/_cwire.c, built by setup.py where a C compiler is present): the card
strings of a deal (the four hands, the kitty, the trick strings) and the repeated-key scan are
done in C when the module was built, each by a function with a Python twin here (``_hands``,
``_cards``, ``_tricks``, ``_repeated_key``) that stays as the fallback and the oracle. The C
holds no table of its own: ``_cwire.init`` hands it the schemas' token -> card tables, the
seats, the model's Trick and the bounds of a hand and a trick. It takes a string only in the
canonical shape (upper-case two-character tokens, one space apart, ``"E: "`` before a trick's
cards) and answers None for anything else, which the Python twin then parses as before: the
compiled path changes no result, only its speed (tests/test_cwire.py holds them equal, on
canonical, respelled and arbitrary input). ``use_compiled(False)`` turns it off for tests and
benchmarks; an import that fails (no compiler at build time) leaves the pure path.
"""

from __future__ import annotations

from typing import Annotated, Any, cast

import msgspec
from marshmallow import ValidationError
from msgspec import UNSET, Meta, Struct, UnsetType

from euchre_records.cards import JOKER, SEATS, Card, Seat
from euchre_records.errors import NotationError
from euchre_records.model import (
    Call, Deal, DealKind, Event, ExternalId, Player, Record, RecordedScore, Trick,
)
from euchre_records.rules import Rules, resolve_rules

from .basefields import _CONTROL, POINTS_LIMIT, SEAT_BY_TEXT, SUIT_BY_TEXT, DateField, load_each
from .cardfields import (
    CARD_BY_TOKEN, CARD_OR_UNKNOWN_BY_TOKEN, HAND_MAX, HAND_MIN, CardsField, hand_fast,
    parse_cards,
)
from .playfields import _LEADER, TRICK_MAX, TRICK_MIN, parse_call, parse_trick, tricks_fast
from .schemas import DEAL_SCHEMA

try:
    from . import _cwire
except ImportError:   # no compiler where the package was built: the pure-Python path
    _cwire = None  # type: ignore[assignment]

__all__ = ["decode_record", "use_compiled"]

_Score = Annotated[int, Meta(ge=-POINTS_LIMIT, le=POINTS_LIMIT)]
_Points = tuple[_Score, _Score]
_Option = bool | Annotated[int, Meta(ge=-(2 ** 62), le=2 ** 62)] | str | None
"""A rule option's value as ``resolve_rules`` takes it (it checks the option's own type)."""


# The notation's objects as written: unknown keys refused, UNSET where a key is absent.

class _ExternalId(Struct, forbid_unknown_fields=True, frozen=True, gc=False):
    id: str
    source: str


class _Player(Struct, forbid_unknown_fields=True, frozen=True, gc=False):
    name: str
    id: str | None | UnsetType = UNSET
    ids: list[_ExternalId] | UnsetType = UNSET


class _Players(Struct, forbid_unknown_fields=True, frozen=True, gc=False):
    N: _Player | UnsetType = UNSET
    E: _Player | UnsetType = UNSET
    S: _Player | UnsetType = UNSET
    W: _Player | UnsetType = UNSET


class _Event(Struct, forbid_unknown_fields=True, frozen=True, gc=False):
    club: str | None | UnsetType = UNSET
    event: str | None | UnsetType = UNSET
    date: str | None | UnsetType = UNSET
    table: str | None | UnsetType = UNSET
    round: str | None | UnsetType = UNSET
    notes: str | None | UnsetType = UNSET
    game_id: str | None | UnsetType = UNSET


class _Rules(Struct, forbid_unknown_fields=True, frozen=True, gc=False):
    preset: str
    overrides: dict[str, _Option] | UnsetType = UNSET


class _Hands(Struct, forbid_unknown_fields=True, frozen=True, gc=False):
    N: str
    E: str
    S: str
    W: str


class _Scoresheet(Struct, forbid_unknown_fields=True, frozen=True, gc=False):
    points: _Points | None | UnsetType = UNSET
    total: _Points | None | UnsetType = UNSET


class _Deal(Struct, forbid_unknown_fields=True, frozen=True, gc=False):
    kind: DealKind
    dealer: str
    turned: str | UnsetType = UNSET
    joker_suit: str | UnsetType = UNSET
    hands: _Hands | UnsetType = UNSET
    kitty: str | UnsetType = UNSET
    calls: list[str] | UnsetType = UNSET
    discard: str | UnsetType = UNSET
    tricks: list[str] | UnsetType = UNSET
    result: dict[str, Any] | UnsetType = UNSET
    irregularities: list[Any] | UnsetType = UNSET
    scoresheet: _Scoresheet | UnsetType = UNSET
    annotations: list[Any] | UnsetType = UNSET
    alternatives: list[Any] | UnsetType = UNSET
    unfinished: bool | UnsetType = UNSET
    exchanges: list[Any] | UnsetType = UNSET
    points: _Points | UnsetType = UNSET


class _Record(Struct, forbid_unknown_fields=True, frozen=True, gc=False):
    format: str
    version: str
    rules: _Rules
    deals: list[_Deal]
    event: _Event | UnsetType = UNSET
    players: _Players | UnsetType = UNSET
    start_score: _Points | UnsetType = UNSET
    provenance: list[str] | UnsetType = UNSET


_DECODE = msgspec.json.Decoder(_Record).decode
_ENCODE = msgspec.json.Encoder().encode


class _Refused(Exception):
    """A value the schemas refuse, or a shape this path leaves to them."""


_SLOW = (_Refused, KeyError, ValueError, TypeError, AttributeError, IndexError, ValidationError,
         NotationError, RecursionError)
"""What the conversion may raise on a value it does not take: the record goes to the schemas."""


def decode_record(text: str | bytes) -> Record | None:
    """The record of ``text`` if this path takes it, else None (see the module contract)."""
    try:
        if (b"\\" in text) if isinstance(text, bytes) else ("\\" in text):
            return None
        wire = _DECODE(text)
        repeated = _C_REPEATED_KEY(text)
        if repeated is None:
            repeated = _repeated_key(text, wire)
        if repeated:
            return None
        return _record(wire)
    except (msgspec.DecodeError, msgspec.ValidationError, UnicodeError, *_SLOW):
        return None


def _repeated_key(text: str | bytes, wire: _Record) -> bool:
    """Whether a key of ``text`` (valid JSON, no backslash, decoded as ``wire``) is written twice:
    the quotes of the text and of the value written back differ (the Python twin of
    ``_cwire.repeated_key``; see the module docstring)."""
    quotes = text.count(b'"') if isinstance(text, bytes) else text.count('"')
    return quotes != _ENCODE(wire).count(b'"')


# --- the record and its metadata -------------------------------------------------------------

_DATE = DateField()
_ASTUPLE = msgspec.structs.astuple


def _record(w: _Record) -> Record:
    if w.format != "euchre-records" or w.version != "1.0":
        raise _Refused
    event = Event() if w.event is UNSET else _event(w.event)
    players: tuple[tuple[Seat, Player], ...] = ()
    if w.players is not UNSET:   # the seats as keys: msgspec refuses any other
        p = w.players
        players = tuple((seat, _player(player)) for seat, player in zip(SEATS, (p.N, p.E, p.S, p.W))
                        if player is not UNSET)
    start = (0, 0) if w.start_score is UNSET else w.start_score
    provenance = () if w.provenance is UNSET else tuple(w.provenance)
    return Record(_rules(w.rules), tuple(map(_deal, w.deals)), event, players, start, "1.0",
                  provenance)


_DATES: set[str] = set()


def _event(w: _Event) -> Event:
    club, event, date, table, round_, notes, game_id = _ASTUPLE(w)
    # LabelField's rule on the four labels at once (absent and None are falsy; a control
    # character is one character, so one is in the four exactly when it is in their join)
    labels = f"{club or ''}{event or ''}{table or ''}{round_ or ''}"
    if not labels.isprintable() and _CONTROL.search(labels):
        raise _Refused
    if date is UNSET:
        date = None
    elif date is not None and date not in _DATES:   # the few dates of a file's events, once each
        _DATE._deserialize(date, None, None)          # raises ValidationError
        if len(_DATES) >= 4096:
            _DATES.clear()
        _DATES.add(date)
    return Event(None if club is UNSET else club, None if event is UNSET else event, date,
                 None if table is UNSET else table, None if round_ is UNSET else round_,
                 None if notes is UNSET else notes, None if game_id is UNSET else game_id)


def _label(text: str | None | UnsetType) -> str | None:
    """LabelField's rule: one line, no control character (``isprintable`` is true of nearly
    every label, in C; only a label it refuses is searched for one)."""
    if text is UNSET or text is None:
        return None
    if not text.isprintable() and _CONTROL.search(text):
        raise _Refused
    return text


_PLAYERS: dict[tuple[str, str | None | UnsetType], Player] = {}


def _player(w: _Player) -> Player:
    """A player, one Player shared by every record of the same name and id without external ids
    (a club's records name the same few players over and over)."""
    if w.ids is not UNSET:
        return _new_player(w)
    key = (w.name, w.id)
    found = _PLAYERS.get(key)
    if found is None:
        found = _new_player(w)
        if len(_PLAYERS) >= 4096:
            _PLAYERS.clear()
        _PLAYERS[key] = found
    return found


def _new_player(w: _Player) -> Player:
    name = _label(w.name)
    if not name or not name.strip():   # NameField: a label with a character that is not a space
        raise _Refused
    ids = () if w.ids is UNSET else tuple(ExternalId(i.id, i.source) for i in w.ids)
    return Player(name, _label(w.id), ids)


_RULES: dict[tuple[Any, ...], Rules] = {}


def _rules(w: _Rules) -> Rules:
    """``resolve_rules`` as RulesSchema calls it, remembered for the few rule sets records use
    (keyed by each value's type too: ``True`` and ``1`` are not one option value)."""
    overrides = None if w.overrides is UNSET else w.overrides
    key = (w.preset, *((k, type(v), v) for k, v in overrides.items())) if overrides else (w.preset,)
    found = _RULES.get(key)
    if found is None:
        found = resolve_rules(w.preset, overrides)
        if len(_RULES) >= 1024:
            _RULES.clear()
        _RULES[key] = found
    return found


# --- deals -----------------------------------------------------------------------------------

_FULL, _RESULT, _POINTS = DealKind.FULL, DealKind.RESULT, DealKind.POINTS
_CARD = CARD_BY_TOKEN.__getitem__
_CARD_OR_UNKNOWN = CARD_OR_UNKNOWN_BY_TOKEN.__getitem__
_LOADERS = {name: DEAL_SCHEMA.load_fields[name] for name in (
    "outcome", "irregularities", "annotations", "alternatives", "exchanges")}


_KITTY = cast(CardsField, DEAL_SCHEMA.fields["kitty"])
KITTY_MIN, KITTY_MAX = _KITTY.low, _KITTY.high   # the schema's bounds (CardsField), 1 to 12


def _cards(text: str, low: int, high: int) -> tuple[Card | None, ...]:
    """A card string of ``low`` to ``high`` tokens, ``??`` allowed (CardsField's parse)."""
    return parse_cards(text, True, low, high)


def _hands(n: str, e: str, s: str, w: str) -> tuple[tuple[Card | None, ...], ...]:
    """The four hands (the Python twin of ``_cwire.hands``: :func:`.cardfields.hand_fast`)."""
    return (hand_fast(n), hand_fast(e), hand_fast(s), hand_fast(w))


def _nested(name: str, value: Any) -> Any:
    """A rarer part of a deal, loaded by the schema's own field (raises ValidationError)."""
    return _LOADERS[name]._deserialize(value, name, None)


def _deal(w: _Deal) -> Deal:
    kind = w.kind
    if kind is _FULL:   # most deals: DealSchema.check's rules for kind full, inline
        if w.hands is UNSET or w.turned is UNSET or w.result is not UNSET or w.points is not UNSET:
            raise _Refused
    else:
        _check_shape(w, kind)
    hands = None
    if w.hands is not UNSET:
        h = w.hands
        hands = _C_HANDS(h.N, h.E, h.S, h.W)
        if hands is None:
            hands = _hands(h.N, h.E, h.S, h.W)
    kitty = None
    if w.kitty is not UNSET:
        kitty = _C_CARDS(w.kitty, KITTY_MIN, KITTY_MAX)
        if kitty is None:
            kitty = _cards(w.kitty, KITTY_MIN, KITTY_MAX)
    tricks: tuple[Trick, ...] = ()
    if w.tricks is not UNSET:
        tricks = _C_TRICKS(w.tricks)
        if tricks is None:
            tricks = _tricks(w.tricks)
    turned = None if w.turned is UNSET else _CARD(w.turned)
    joker_suit = None
    if w.joker_suit is not UNSET:
        if turned is not JOKER:
            raise _Refused
        joker_suit = SUIT_BY_TEXT[w.joker_suit]
    recorded = None
    if w.scoresheet is not UNSET:
        sheet = w.scoresheet
        points = None if sheet.points is UNSET else sheet.points
        total = None if sheet.total is UNSET else sheet.total
        if points is None and total is None:
            raise _Refused
        recorded = RecordedScore(points, total)
    return Deal(
        kind, SEAT_BY_TEXT[w.dealer], turned, joker_suit, hands,
        kitty,
        () if w.calls is UNSET else _calls(w.calls),
        None if w.discard is UNSET else _CARD_OR_UNKNOWN(w.discard),
        tricks,
        None if w.result is UNSET else _nested("outcome", w.result),
        () if w.irregularities is UNSET else _nested("irregularities", w.irregularities),
        recorded,
        () if w.annotations is UNSET else _nested("annotations", w.annotations),
        () if w.alternatives is UNSET else _nested("alternatives", w.alternatives),
        False if w.unfinished is UNSET else w.unfinished,
        () if w.exchanges is UNSET else _nested("exchanges", w.exchanges),
        None if w.points is UNSET else w.points)


def _check_shape(w: _Deal, kind: DealKind) -> None:
    """DealSchema.check's rules on which keys go with which kind."""
    if kind is _POINTS:
        if (w.points is UNSET or w.turned is not UNSET or w.joker_suit is not UNSET
                or w.hands is not UNSET or w.kitty is not UNSET or w.calls is not UNSET
                or w.discard is not UNSET or w.tricks is not UNSET or w.result is not UNSET
                or w.irregularities is not UNSET or w.alternatives is not UNSET
                or w.exchanges is not UNSET or w.unfinished is not UNSET):
            raise _Refused
        return
    if w.points is not UNSET:
        raise _Refused
    if kind is _FULL:
        if w.hands is UNSET:
            raise _Refused
    elif w.hands is not UNSET or w.kitty is not UNSET:
        raise _Refused
    if kind is _RESULT:
        if (w.result is UNSET or w.calls is not UNSET or w.discard is not UNSET
                or w.tricks is not UNSET or w.alternatives is not UNSET or w.exchanges is not UNSET):
            raise _Refused
    elif w.result is not UNSET or w.turned is UNSET:
        raise _Refused
    if w.joker_suit is not UNSET and w.turned is UNSET:
        raise _Refused


_CALLS: dict[tuple[str, ...], tuple[Call, ...]] = {}


def _calls(value: list[str]) -> tuple[Call, ...]:
    """The calls of a list of call strings, one tuple shared by every deal bid the same way (a
    few hundred biddings make nearly every record); raises on a string that is not a call."""
    key = tuple(value)
    found = _CALLS.get(key)
    if found is None:
        found = tuple(map(parse_call, key))
        if len(_CALLS) >= 4096:
            _CALLS.clear()
        _CALLS[key] = found
    return found


def _tricks(value: list[str]) -> tuple[Trick, ...]:
    """TricksField's parse (``parse_trick`` on each): canonical strings by
    :func:`.playfields.tricks_fast`, anything else trick by trick."""
    try:
        return tricks_fast(value)
    except KeyError:
        return load_each(value, parse_trick)


# --- the compiled twins (schema/_cwire.c) ----------------------------------------------------

def _none(*args: Any) -> None:
    """The compiled functions' stand-in on the pure path: every string goes to the Python twin."""
    return None


_C_HANDS: Any = _none
_C_CARDS: Any = _none
_C_TRICKS: Any = _none
_C_REPEATED_KEY: Any = _none
COMPILED = False
"""Whether the card strings of a deal are parsed by ``_cwire`` (else by the Python twins)."""


def use_compiled(on: bool) -> bool:
    """Parse card strings with ``_cwire`` (``on``, where it was built) or with the Python twins
    alone; returns whether the compiled path is now in use. For tests and benchmarks, which hold
    the two paths equal and compare their speed in one run; the results are the same either way."""
    global _C_HANDS, _C_CARDS, _C_TRICKS, _C_REPEATED_KEY, COMPILED
    if on and _cwire is not None:
        _C_HANDS, _C_CARDS, _C_TRICKS = _cwire.hands, _cwire.cards, _cwire.tricks
        _C_REPEATED_KEY, COMPILED = _cwire.repeated_key, True
    else:
        _C_HANDS = _C_CARDS = _C_TRICKS = _C_REPEATED_KEY = _none
        COMPILED = False
    return COMPILED


if _cwire is not None:
    # everything the C knows comes from here: the tables of the schemas' card fields, the seats
    # a trick's prefix names, the model's Trick and the bounds of a hand and of a trick
    _cwire.init(CARD_OR_UNKNOWN_BY_TOKEN, CARD_BY_TOKEN, _LEADER, Trick, HAND_MIN, HAND_MAX,
                TRICK_MIN, TRICK_MAX)
    use_compiled(True)
