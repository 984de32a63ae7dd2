"""Compact fields for the bidding and the play: call strings and trick strings.

Call grammar: ``[SEAT ":"] WORD [" alone"]``; trick grammar: ``[SEAT ":"] CARD CARD [CARD [CARD]]``
(see docs/FORMAT.md). Input is case-insensitive; output is canonical.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any, Mapping

from marshmallow import ValidationError

from euchre_records.cards import Card, Seat
from euchre_records.model import Call, CallKind, Trick
from euchre_records.table import Table

from .basefields import SEAT_BY_TEXT, SEAT_RE, SUIT_BY_TEXT, TableField, load_each
from .card_text import tricks_text as _tricks_text
from .cardfields import CARD_BY_TOKEN, CARD_NAME, CARD_RE, cards_text, parse_cards

__all__ = ["CallsField", "TricksField", "parse_call", "call_text", "parse_trick", "trick_text",
           "tricks_text", "PlayWords", "FOUR_HANDED_WORDS", "play_words", "read_call", "split_leader",
           "trick_parts", "tricks_fast", "TRICK_MIN", "TRICK_MAX",
           "CALL_RE", "TRICK_RE", "written_call", "call_pattern_at", "trick_pattern_at"]


_WORDS: dict[str, CallKind] = {
    "pass": CallKind.PASS, "p": CallKind.PASS, "order": CallKind.ORDER,
    "assist": CallKind.ASSIST, "take": CallKind.TAKE,
    "partner": CallKind.PARTNER_ALONE, "defend": CallKind.DEFEND_ALONE, "nt": CallKind.NO_TRUMP,
}
_CALL_WORD = {CallKind.PASS: "pass", CallKind.ORDER: "order", CallKind.ASSIST: "assist",
              CallKind.TAKE: "take", CallKind.PARTNER_ALONE: "partner",
              CallKind.DEFEND_ALONE: "defend", CallKind.NO_TRUMP: "NT"}
_MUST_BE_ALONE = (CallKind.PARTNER_ALONE, CallKind.DEFEND_ALONE)
CALL_RE = (f"^\\s*(?:{SEAT_RE}\\s*:\\s*)?(?:(?:[Pp][Aa][Ss][Ss]|[Pp])"
           "|(?:[Oo][Rr][Dd][Ee][Rr]|[Aa][Ss][Ss][Ii][Ss][Tt]|[Tt][Aa][Kk][Ee]|[SHDCshdc]|[Nn][Tt])"
           "(?:\\s+[Aa][Ll][Oo][Nn][Ee])?"
           "|(?:[Pp][Aa][Rr][Tt][Nn][Ee][Rr]|[Dd][Ee][Ff][Ee][Nn][Dd])\\s+[Aa][Ll][Oo][Nn][Ee])\\s*$")
_CALL_CACHE: dict[str, Call] = {}


@dataclass(frozen=True)
class PlayWords:
    """How one table writes the bidding and the leader of a trick: the grammar of a call
    (``[SEAT ":"] WORD [" alone"]``) and of a trick's leader is the same at every table; the
    seat tokens and the words are the table's (:func:`play_words`).

    ``seats``: token -> seat; ``expected``: the tokens as a message names them; ``words``: word ->
    kind (a suit letter names that suit at every table); ``spelled``: the words as the message of
    a call that is not one lists them; ``refused``: a word of another table -> why not here (its
    ``{text!r}`` filled in with the call)."""

    seats: Mapping[str, Any]
    expected: str
    words: Mapping[str, CallKind]
    spelled: str
    refused: Mapping[str, str] = field(default_factory=dict)


FOUR_HANDED_WORDS = PlayWords(SEAT_BY_TEXT, "N, E, S or W", _WORDS,
                              "pass, order, assist, take, a suit letter, NT (no trump), partner "
                              "alone or defend alone, each optionally 'alone'")
"""The table of four: seats N E S W (any case), every word of the partnership game."""

_N_WORDS = {w: k for w, k in _WORDS.items() if w not in ("assist", "partner", "defend")}
_PLAY_WORDS: dict[int, PlayWords] = {4: FOUR_HANDED_WORDS}


def play_words(table: Table) -> PlayWords:
    """The words of ``table``: at a table of n the seats ``"0" .. "n-1"`` and no word of the
    partnership game (``assist`` is the dealer's partner's; ``partner alone`` and ``defend alone``
    go alone for or against a side)."""
    found = _PLAY_WORDS.get(table.seats)
    if found is None:
        not_here = f"not a call at a {table.variant.value} table: {{text!r}}"
        found = _PLAY_WORDS[table.seats] = PlayWords(
            {str(i): i for i in table.all_seats}, f'"0" to "{table.seats - 1}"', _N_WORDS,
            "pass, order, take, a suit letter or NT (no trump), each optionally 'alone'",
            {"assist": "'assist' is the four-handed dealer's partner's word: at this table the "
                       "dealer says 'take' and the others 'order'",
             "partner": not_here, "defend": not_here})
    return found


def split_leader(text: str, words: PlayWords = FOUR_HANDED_WORDS) -> tuple[Any, str]:
    """Split an optional ``"SEAT:"`` prefix off a call or trick string (the seat a token of
    ``words``); a prefix that is not a seat raises ValidationError naming the table's tokens."""
    head, colon, rest = text.partition(":")
    if not colon:
        return None, text
    seat = words.seats.get(head.strip())
    if seat is None:
        raise ValidationError(f"{head.strip()!r} before ':' is not a seat (expected {words.expected})")
    return seat, rest


def parse_call(text: Any) -> Call:
    """One call string (``"S: partner alone"``, ``"h"``, ``"pass"``) to a :class:`Call`.

    ``partner alone`` and ``defend alone`` load with ``alone=True``. Raises ValidationError.
    """
    if not isinstance(text, str):
        raise ValidationError(f"expected a call string, not {text!r}")
    found = _CALL_CACHE.get(text)
    if found is not None:
        return found
    call = read_call(text, FOUR_HANDED_WORDS)
    if len(_CALL_CACHE) < 4096:
        _CALL_CACHE[text] = call
        _CALL_TEXT[id(call)] = (call, _written(call))
    return call


def read_call(text: Any, words: PlayWords) -> Call:
    """One call string at the table of ``words``: the one grammar of a call at every table
    (:func:`parse_call` at four, cached). Raises ValidationError saying what is wrong."""
    if not isinstance(text, str):
        raise ValidationError(f"expected a call string, not {text!r}")
    seat, rest = split_leader(text, words)
    said = rest.lower().split()
    if not said or len(said) > 2 or (len(said) == 2 and said[1] != "alone"):
        raise ValidationError(f"not a call: {text!r} (expected {words.spelled})")
    alone = len(said) == 2
    refused = words.refused.get(said[0])
    if refused is not None:
        raise ValidationError(refused.format(text=text))
    suit = SUIT_BY_TEXT.get(said[0])
    kind = CallKind.NAME if suit is not None else words.words.get(said[0])
    if kind is None:
        raise ValidationError(f"not a call: {said[0]!r} in {text!r}")
    if kind is CallKind.PASS and alone:
        raise ValidationError(f"'pass alone' is not a call: {text!r}")
    if kind in _MUST_BE_ALONE and not alone:
        raise ValidationError(f"{said[0]!r} must be followed by 'alone': {text!r}")
    return Call(kind, seat, suit, alone)


_CALL_TEXT: dict[int, tuple[Call, str]] = {}
"""The canonical text of each call in _CALL_CACHE, by identity (a Call hashes its enum fields
in Python): no larger than that cache, and holding no call it does not hold."""


def call_text(call: Call) -> str:
    """The canonical string of a call, e.g. ``"E: order alone"``, ``"H"``, ``"partner alone"``."""
    found = _CALL_TEXT.get(id(call))  # the loader's calls: the few dozen of _CALL_CACHE
    if found is not None and found[0] is call:
        return found[1]
    return _written(call)


_CALLS_TEXT: dict[tuple[Call, ...], tuple[str, ...]] = {}
_CALLS_TEXT_MAX = 4096


def calls_text(calls: tuple[Call, ...]) -> list[str]:
    """``[call_text(c) for c in calls]``, looked up by the whole bidding: a call's text is a
    function of its fields, by which a Call hashes and compares (in C), and a club's deals
    repeat few biddings. Bounded (cleared when full): memory stays flat in the input."""
    try:
        found = _CALLS_TEXT.get(calls)
    except TypeError:   # an unhashable value in a call (never made by the loader)
        return [call_text(c) for c in calls]
    if found is None:
        found = tuple(map(call_text, calls))
        if len(_CALLS_TEXT) >= _CALLS_TEXT_MAX:
            _CALLS_TEXT.clear()
        _CALLS_TEXT[calls] = found
    return list(found)


def _written(call: Call) -> str:
    return written_call(call, None if call.seat is None else call.seat.name)


def written_call(call: Any, seat: str | None) -> str:
    """The canonical string of a call at any table (a :class:`Call`: ``kind``,
    ``suit``, ``alone``), its seat written ``seat`` (a token; None: no ``"SEAT: "`` prefix)."""
    word = call.suit.value if call.kind is CallKind.NAME and call.suit else _CALL_WORD[call.kind]
    if call.alone or call.kind in _MUST_BE_ALONE:
        word += " alone"
    return word if seat is None else f"{seat}: {word}"


class CallsField(TableField):
    """A list of call strings <-> ``tuple[Call, ...]``; errors keyed by list index. At a table
    of n (``table``) each is read by :func:`read_call` with the table's :func:`play_words`."""

    def json_schema(self) -> dict[str, Any]:
        pattern = CALL_RE if self.table is None else call_pattern_at(self.table)
        return {"type": "array", "items": {"type": "string", "pattern": pattern}}

    def _deserialize_at(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        words = play_words(self.table)  # type: ignore[arg-type]
        if not isinstance(value, list):
            raise ValidationError("expected an array of call strings")
        return load_each(value, lambda text: read_call(text, words))

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, list):
            raise ValidationError("expected a list of call strings")
        return load_each(value, parse_call)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return calls_text(value) if value else None

    def _serialize_at(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        tokens = self.tokens
        return [written_call(c, None if c.seat is None else tokens[c.seat]) for c in value] if value else None


# --- tricks ----------------------------------------------------------------------------------

TRICK_RE = f"^\\s*(?:{SEAT_RE}\\s*:\\s*)?{CARD_RE}(?:\\s+{CARD_RE}){{1,3}}\\s*$"


def _ci(word: str) -> str:
    """A case-insensitive regex for ``word``."""
    return "".join(f"[{c.upper()}{c.lower()}]" if c.isalpha() else c for c in word)


def _leader_at(table: Table) -> str:
    """The optional ``"SEAT: "`` prefix of a call or a trick at a table of n."""
    return f"(?:[0-{table.seats - 1}]\\s*:\\s*)?"


def call_pattern_at(table: Table) -> str:
    """The JSON Schema pattern of a call at a table of n: ``pass``/``p``, or ``order``, ``take``,
    a suit or ``nt``, each perhaps ``alone``; the words a table does not take (the bidding's)
    are the reader's to refuse."""
    bid = f"(?:{_ci('order')}|{_ci('take')}|[SHDCshdc]|{_ci('nt')})"
    words = f"(?:{_ci('pass')}|{_ci('p')}|{bid}(?:\\s+{_ci('alone')})?)"
    return f"^\\s*{_leader_at(table)}{words}\\s*$"


def trick_pattern_at(table: Table, full: bool) -> str:
    """The JSON Schema pattern of a trick at a table of n: its n cards (``full``), or 1 to n
    (the last trick of an unfinished deal may stop short)."""
    more = f"{{{table.seats - 1}}}" if full else f"{{0,{table.seats - 1}}}"
    return f"^\\s*{_leader_at(table)}{CARD_RE}(?:\\s+{CARD_RE}){more}\\s*$"


def parse_trick(text: Any) -> Trick:
    """A trick string (``"E: AS KS QS 9S"``; 2 to 4 cards) to a :class:`Trick`."""
    leader, rest = trick_parts(text, FOUR_HANDED_WORDS)
    cards = parse_cards(rest, False, TRICK_MIN, TRICK_MAX)
    return Trick(cards, leader)  # type: ignore[arg-type]


def trick_parts(text: Any, words: PlayWords) -> tuple[Any, str]:
    """A trick string's leader (a seat of ``words``, or None) and its card string, the one
    reading of a trick's leader at every table; its cards are then read by :func:`parse_cards`,
    their number counted in the table's terms. Raises ValidationError."""
    if not isinstance(text, str):
        raise ValidationError(f"expected a trick string, not {text!r}")
    return split_leader(text, words) if ":" in text else (None, text)


_PAIRS: dict[str, tuple[Card, Card]] = {
    f"{a.name} {b.name}": (a, b) for a in set(CARD_BY_TOKEN.values()) for b in set(CARD_BY_TOKEN.values())}
"""Two canonical card tokens and a space (``"AS KS"``) -> the two cards."""


_LEADER: dict[str, Seat] = {seat.name: seat for seat in Seat}
TRICK_MIN, TRICK_MAX = 2, 4   # parse_trick's bounds (TricksField): a lone hand's trick has 3

_LEAD_PAIRS: dict[str, tuple[Seat, tuple[Card, Card]]] = {
    f"{seat.name}: {pair}": (seat, cards) for seat in Seat for pair, cards in _PAIRS.items()}
"""A canonical trick's first eight characters (``"E: AS KS"``: leader and two cards, 4 x 33 x 33
entries) -> the leader and the two cards."""


def tricks_fast(value: list[Any]) -> tuple[Trick, ...]:
    """All tricks of a list of strings in canonical shape (upper-case tokens, ``"E: "`` before
    a trick's cards), by lookups of two-card pieces (``"E: AS KS QS 9S"``: the leader with two
    cards, then the last two; ``"AS KS QS 9S"`` by pairs; a lone hand's ``"E: AS KS QS"`` and
    ``"AS KS QS"``, the last card alone) in one pass, checking the spaces the lookups do not.
    Accepts exactly what :func:`parse_trick` accepts in that shape and gives the same tricks;
    anything else raises (KeyError, IndexError, AttributeError, TypeError; ValueError: 2 to 4
    cards a trick):
    the caller reads it trick by trick. The Python twin of ``_cwire.tricks`` (schema/wire.py)."""
    card, leader, pair, lead_pair = CARD_BY_TOKEN.__getitem__, _LEADER, _PAIRS.get, _LEAD_PAIRS
    out: list[Trick] = []
    append = out.append
    for t in value:
        size = len(t)
        if size == 11:   # "AS KS QS 9S", or a lone hand's "E: AS KS QS"
            first = pair(t[:5])
            if first is not None:
                second = pair(t[6:])
                if second is not None and t[5] == " ":
                    append(Trick(first + second))
                    continue
            elif t[8] == " ":
                head = lead_pair.get(t[:8])
                if head is not None:
                    append(Trick(head[1] + (card(t[9:]),), head[0]))
                    continue
        elif size == 14 and t[8] == " ":
            head = lead_pair.get(t[:8])
            if head is not None:
                append(Trick(head[1] + _PAIRS[t[9:]], head[0]))
                continue
        elif size == 8 and t[5] == " ":   # a lone hand's trick, "AS KS QS"
            first = pair(t[:5])
            if first is not None:
                append(Trick(first + (card(t[6:]),)))
                continue
        if t[1:3] == ": ":
            cards, seat = tuple(map(card, t[3:].split())), leader[t[0]]
        else:
            cards, seat = tuple(map(card, t.split())), None
        if not TRICK_MIN <= len(cards) <= TRICK_MAX:
            raise ValueError(f"{len(cards)} cards in a trick")
        append(Trick(cards, seat))
    return tuple(out)


_LEADER_PREFIX = {seat: seat.name + ": " for seat in Seat}


def trick_text(trick: Trick, prefixes: dict[Any, str] = _LEADER_PREFIX) -> str:
    """The canonical trick string, with the ``"SEAT: "`` prefix only when the leader is known.
    ``prefixes``: each seat's prefix (default the four-handed seats'; a table of n passes its
    tokens' for its ``Trick``)."""
    body = cards_text(trick.cards)
    return body if trick.leader is None else prefixes[trick.leader] + body


def tricks_text(tricks: tuple[Any, ...], prefixes: dict[Any, str] = _LEADER_PREFIX) -> list[str]:
    """``[trick_text(t, prefixes) for t in tricks]``, with the card names looked up in place."""
    texts = _tricks_text(tricks, CARD_NAME, prefixes)   # in C where built (card_text.py)
    if texts is not None:
        return texts
    return [trick_text(t, prefixes) for t in tricks]  # a card not from the interned pack (never loaded)


class TricksField(TableField):
    """A list of trick strings <-> ``tuple[Trick, ...]``; errors keyed by trick then card index.

    At a table of n (``table``), each leader written by its token (``prefixes``): at most five
    tricks, each leader a seat of the table's :func:`play_words`, and every seat plays to each trick (nobody sits out) but the last of a
    deal marked ``unfinished`` in the same object, which may stop short."""

    def __init__(self, table: Table | None = None, **kwargs: Any) -> None:
        super().__init__(table, **kwargs)
        self.prefixes = _LEADER_PREFIX if self.table is None else {
            s: f"{token}: " for s, token in enumerate(self.tokens)}

    def json_schema(self) -> dict[str, Any]:
        """At four: 2 to 4 cards a trick. At a table of n: at most five tricks of 1 to n cards
        (the deal's ``json_schema_rules`` ask n where it is not ``unfinished``:
        :func:`trick_pattern_at`)."""
        if self.table is None:
            return {"type": "array", "items": {"type": "string", "pattern": TRICK_RE}}
        return {"type": "array", "maxItems": 5,
                "items": {"type": "string", "pattern": trick_pattern_at(self.table, False)}}

    def _deserialize_at(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        unfinished = isinstance(data, dict) and data.get("unfinished") is True
        return _tricks_at(self.table, value, unfinished)  # type: ignore[arg-type]

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, list):
            raise ValidationError("expected a list of trick strings")
        try:
            return tricks_fast(value)
        except (KeyError, IndexError, AttributeError, ValueError, TypeError):
            return load_each(value, parse_trick)

    def _serialize(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return tricks_text(value) if value else None

    def _serialize_at(self, value: Any, attr: str | None, obj: Any, **kwargs: Any) -> Any:
        return tricks_text(value, self.prefixes) if value else None




def _tricks_at(table: Table, value: Any, unfinished: bool) -> tuple[Trick, ...]:
    """The tricks at a table of n (see :class:`TricksField`)."""
    if not isinstance(value, list) or len(value) > 5:
        raise ValidationError("expected an array of at most 5 trick strings")
    words, n, last = play_words(table), table.seats, len(value) - 1

    def one(i: int, text: Any) -> Trick:
        leader, rest = trick_parts(text, words)
        cards = parse_cards(rest, False, 0, sys.maxsize)
        if len(cards) != n and not (unfinished and i == last and 0 < len(cards) < n):
            raise ValidationError(f"a trick at a table of {n} holds {n} cards, not {len(cards)} "
                                  "(nobody sits out at this table)")
        return Trick(cards, leader)  # type: ignore[arg-type]

    return load_each(list(enumerate(value)), lambda item: one(*item))
