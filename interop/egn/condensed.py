"""EGN's condensed deals: one deal as a Base64URL bit stream (docs/binary-format.md) <-> the deal
as an EGN JSON object.

Layout: 4 bits version (1, 2 or 3); the dealer, 2 bits in version 1 and 3 bits after; (v2+) 3 bits players - 1 and 2 bits min-rank code; the up-card as an index into the
pack; (v3) 1 bit "hands follow", then for each player 4 bits count and the cards as pack
indices; 3 bits number of phases; the phases; 1 bit "alternative lines follow" (8 bits count;
each 16 bits branch index, 4 bits phase count, the phases); 4 bits end marker ``1010``.

A bidding phase (type bit 0): one bit per seat from the dealer's left (1: order up, and the
round ends), if all passed two bits per seat (0 pass, 1-3 the suit named among the three the
up-card is not), 1 bit alone; (v2+) when alone 1 bit "defender" and 3 bits his seat; (v3) 1 bit
"discard" and the discard as a pack index; the annotations. A trick-play
phase (type bit 1): 3 bits tricks, then each card as an index into the cards not yet played
(``ceil(log2(n))`` bits for n cards left; the up-card stays in until played); the annotations.
Annotations: 1 bit present; 8 bits count; each 8 bits index, 8 bits count, each text 16 bits
length and its UTF-8 bytes.

What the files show and the document does not say (checked against every binary sample): the
pack is ordered by rank 9 T J Q K A and, within a rank, by suit **s h c d** (the document says
c d h s), which is also the order of the suits named in the second round; the dealer takes 2 bits in version 1 (the document
says 3); the hands come one per
player with no count of players before them; the "discard" bit follows every bidding phase, not
only one where the up-card was taken.

Player counts (version 2 and later): the 3-bit field holds players - 1, so 1 to 8 players
decode; every seat loop (the two bidding rounds, the hands, a trick's cards) runs over that
count. The count of a deal must be the file's (``metadata.ruleset.num_players``, 4 when absent):
:func:`decode_deal` refuses a deal that says otherwise; whether the game is one we play is for
the record readers to say (1, 6, 7 and 8 are refused there by name). :func:`encode_deal` writes
version 2 or 3 whenever the count is not 4 or the pack not the 24-card one (version 1 has no
field for either).

Contract: :func:`decode_deal` returns the deal object or raises :class:`BinaryError` naming the
deal and the bit offset; :func:`encode_deal` raises UnsupportedRules for what the condensed form
cannot hold (a bidding that stops part-way or goes on after trump is made, card exchanges, an
unknown card, more than 255 annotations ...).
"""

from __future__ import annotations

import base64
import binascii
from typing import Any

from euchre_records.errors import UnsupportedRules

from .protobuf import BinaryError

__all__ = ["decode_deal", "encode_deal", "pack_order"]

_RANKS = ("9", "T", "J", "Q", "K", "A")
_LOW_RANKS = {0: (), 1: ("8",), 2: ("7", "8"), 3: ("6", "7", "8")}
_SUITS = ("s", "h", "c", "d")
_END = 0b1010


def pack_order(min_rank_code: int = 0) -> list[str]:
    """The pack in the order the bit stream indexes it.

    >>> pack_order()[:6], len(pack_order(2))
    (['9s', '9h', '9c', '9d', 'Ts', 'Th'], 32)
    """
    ranks = _LOW_RANKS[min_rank_code] + _RANKS
    return [r + s for r in ranks for s in _SUITS]


def _bits_for(n: int) -> int:
    return max(0, (n - 1).bit_length())


class _Bits:
    def __init__(self, data: bytes, where: str) -> None:
        self.data, self.pos, self.where = data, 0, where

    def read(self, n: int) -> int:
        if self.pos + n > len(self.data) * 8:
            raise BinaryError(f"the deal's bit stream ends early (bit {self.pos}, {n} more wanted)",
                              self.where)
        value = 0
        for _ in range(n):
            byte = self.data[self.pos >> 3]
            value = value << 1 | (byte >> (7 - (self.pos & 7)) & 1)
            self.pos += 1
        return value

    def fail(self, what: str) -> BinaryError:
        return BinaryError(f"{what} (bit {self.pos})", self.where)

    def index(self, size: int, what: str, past: str) -> int:
        """An index into ``size`` items (``ceil(log2(size))`` bits), refused past them:
        ``<what> index <i> is past <past>``, ``past`` formatted with ``size`` (only then)."""
        i = self.read(_bits_for(size))
        if i >= size:
            raise self.fail(f"{what} index {i} is past {past.format(size)}")
        return i


class _Out:
    def __init__(self) -> None:
        self.bits: list[int] = []

    def write(self, value: int, n: int) -> None:
        self.bits.extend((value >> (n - 1 - i)) & 1 for i in range(n))

    def text(self) -> str:
        bits = self.bits + [0] * (-len(self.bits) % 8)
        data = bytes(int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8))
        return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


class _Ctx:
    """What decoding a line needs: the pack, the dealer, the player count, cards left."""

    def __init__(self, pack: list[str], dealer: int, players: int, version: int) -> None:
        self.pack, self.dealer, self.players, self.version = pack, dealer, players, version
        self.remaining = list(pack)
        self.up_suit = ""
        self.alone = False
        self.defender = False
        self.calls = 0

    def per_trick(self) -> int:
        return self.players - self.alone - self.defender

    def line(self, phases: list[dict[str, Any]], branch: int, main_calls: int) -> _Ctx:
        """The context of an alternative line branching at action ``branch`` of the main line
        (``phases``): the main line's up-card suit and lone players, the cards not yet played."""
        alt = _Ctx(self.pack, self.dealer, self.players, self.version)
        alt.up_suit, alt.alone, alt.defender = self.up_suit, self.alone, self.defender
        alt.remaining = _remaining_at(self.pack, phases, branch, main_calls)
        return alt


# --- decoding ---------------------------------------------------------------------------------

def decode_deal(text: object, where: str, number: int, players_expected: int = 4) -> dict[str, Any]:
    """One condensed deal (Base64URL text) as an EGN deal object numbered ``number``; its player
    count must be ``players_expected`` (the file's ``num_players``)."""
    if not isinstance(text, str):
        raise BinaryError("a condensed deal must be text", where)
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise BinaryError("not Base64URL text", where) from None
    bits = _Bits(data, where)
    version = bits.read(4)
    if version not in (1, 2, 3):
        raise bits.fail(f"bit-stream version {version}: this reader knows versions 1, 2 and 3 "
                        "(the legacy version 0 has no header and is not read)")
    dealer = bits.read(2 if version == 1 else 3)
    players, code = 4, 0
    if version >= 2:
        players = bits.read(3) + 1
        code = bits.read(2)
    if players != players_expected:
        raise BinaryError(f"the deal's bit stream is for {players} players, but the file's rule "
                          f"set says {players_expected} (metadata.ruleset.num_players)", where)
    pack = pack_order(code)
    up = bits.index(len(pack), "up-card", "the {}-card pack")
    ctx = _Ctx(pack, dealer, players, version)
    ctx.up_suit = pack[up][1]
    state: dict[str, Any] = {"dealer": dealer, "upCard": pack[up]}
    if version >= 3 and bits.read(1):
        hands = []
        for _ in range(players):
            count = bits.read(4)
            hand = []
            for _ in range(count):   # a hot loop: index's checks written out
                i = bits.read(_bits_for(len(pack)))
                if i >= len(pack):
                    raise bits.fail(f"card index {i} is past the {len(pack)}-card pack")
                hand.append(pack[i])
            hands.append(hand)
        state["playerCards"] = hands
    phases = _phases(bits, ctx, bits.read(3), start=0)
    deal: dict[str, Any] = {"dealNumber": number, "initialState": state, "phases": phases}
    if bits.read(1):
        main_calls = ctx.calls
        lines = []
        for _ in range(bits.read(8)):
            branch = bits.read(16)
            count = bits.read(4)
            lines.append({"branchIndex": branch,
                          "phases": _phases(bits, ctx.line(phases, branch, main_calls), count,
                                            branch, main_calls)})
        deal["alternativeLines"] = lines
    if bits.read(4) != _END:
        raise bits.fail("no end marker 1010 after the deal: not a condensed EGN deal")
    return deal


def _remaining_at(pack: list[str], phases: list[dict[str, Any]], branch: int, calls: int) -> list[str]:
    """The cards not yet played when a line branches at action ``branch`` of the main line."""
    left = list(pack)
    plays = max(0, branch - calls)
    for ph in phases:
        for trick in ph.get("tricks", []):
            for c in trick:
                if plays <= 0:
                    return left
                left.remove(c)
                plays -= 1
    return left


def _phases(bits: _Bits, ctx: _Ctx, count: int, start: int, main_calls: int = 0) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    first = True
    for _ in range(count):
        if bits.read(1) == 0:
            out.append(_bidding(bits, ctx, 0, start if first else 0))
        else:
            skip = (start - main_calls) % ctx.per_trick() if first and start >= main_calls else 0
            out.append(_play(bits, ctx, 1, skip))   # EGN numbers the trick play 1
        first = False
    return out


def _bidding(bits: _Bits, ctx: _Ctx, number: int, start: int) -> dict[str, Any]:
    calls: list[str] = []
    p = ctx.players
    ordered = False
    if start < p:
        for _ in range(start, p):
            if bits.read(1):
                calls.append("Order")
                ordered = True
                break
            calls.append("Pass")
    if not ordered:
        others = [s for s in _SUITS if s != ctx.up_suit]
        for _ in range(max(0, start - p), p):
            choice = bits.read(2)
            if choice:
                if choice > len(others):
                    raise bits.fail(f"second-round choice {choice} names no suit")
                calls.append(others[choice - 1])
                break
            calls.append("Pass")
    phase: dict[str, Any] = {"phaseNumber": number, "type": "EUCHRE_BIDDING", "calls": calls}
    alone = bool(bits.read(1))
    phase["isAlone"] = alone
    ctx.alone = alone
    ctx.calls = start + len(calls)
    if ctx.version >= 2 and alone and bits.read(1):
        phase["aloneDefender"] = bits.read(3)
        ctx.defender = True
    if ctx.version >= 3 and bits.read(1):   # the files carry this bit after every bidding
        phase["discard"] = ctx.pack[bits.index(len(ctx.pack), "discard", "the pack")]
    notes = _annotations(bits)
    if notes is not None:
        phase["callAnnotations"] = notes
    return phase


def _play(bits: _Bits, ctx: _Ctx, number: int, skip: int) -> dict[str, Any]:
    tricks = []
    for t in range(bits.read(3)):
        size = ctx.per_trick() - (skip if t == 0 else 0)
        trick = []
        for _ in range(size):
            if not ctx.remaining:
                raise bits.fail("more cards played than the pack holds")
            i = bits.read(_bits_for(len(ctx.remaining)))   # the hot loop: no call of index
            if i >= len(ctx.remaining):
                raise bits.fail(f"card index {i} is past the {len(ctx.remaining)} cards left")
            trick.append(ctx.remaining.pop(i))
        tricks.append(trick)
    phase: dict[str, Any] = {"phaseNumber": number, "type": "TRICK_PLAY", "tricks": tricks}
    notes = _annotations(bits)
    if notes is not None:
        phase["playAnnotations"] = notes
    return phase


def _annotations(bits: _Bits) -> dict[str, list[str]] | None:
    if not bits.read(1):
        return None
    out: dict[str, list[str]] = {}
    for _ in range(bits.read(8)):
        key = str(bits.read(8))
        texts = out.setdefault(key, [])
        for _ in range(bits.read(8)):
            length = bits.read(16)
            raw = bytes(bits.read(8) for _ in range(length))
            try:
                texts.append(raw.decode("utf-8"))
            except UnicodeDecodeError:
                raise bits.fail("an annotation that is not UTF-8 text") from None
    return out


# --- encoding ---------------------------------------------------------------------------------

def _version_for(deal: dict[str, Any], players: int = 4, code: int = 0) -> int:
    """The smallest bit-stream version that holds the deal (as EGN's converter chooses): 3 with
    hands or a discard, 2 with a lone defender or a table of other than four or a pack of other
    than 24 cards, else 1."""
    lines = [deal] + list(deal.get("alternativeLines") or [])
    phases = [ph for line in lines for ph in line.get("phases", [])]
    if "playerCards" in deal["initialState"] or any("discard" in ph for ph in phases):
        return 3
    if any(ph.get("aloneDefender", -1) not in (-1, None) for ph in phases) or players != 4 or code:
        return 2
    return 1


MIN_RANK_CODES = {9: 0, 8: 1, 7: 2, 6: 3}
"""EGN ``min_rank`` -> the 2-bit min-rank code of the version 2 header."""


def encode_deal(deal: dict[str, Any], where: str, players: int = 4, min_rank: int = 9) -> str:
    """An EGN deal object (``players`` players, the pack from ``min_rank`` up) as condensed
    Base64URL text, in the smallest version that holds it."""
    if not 1 <= players <= 8 or min_rank not in MIN_RANK_CODES:
        raise UnsupportedRules(f"the condensed form holds 1 to 8 players and packs from the 6, 7, 8 "
                               f"or 9 up, not {players} players from the {min_rank}", where)
    code = MIN_RANK_CODES[min_rank]
    pack = pack_order(code)
    out = _Out()
    state = deal["initialState"]
    version = _version_for(deal, players, code)
    out.write(version, 4)
    if version == 1:
        out.write(state["dealer"], 2)
    else:
        out.write(state["dealer"], 3)
        out.write(players - 1, 3)
        out.write(code, 2)
    up = _index(pack, state["upCard"], f"{where}.initialState.upCard")
    out.write(up, _bits_for(len(pack)))
    ctx = _Ctx(pack, state["dealer"], players, version)
    ctx.up_suit = pack[up][1]
    hands = state.get("playerCards")
    if version >= 3:
        out.write(1 if hands is not None else 0, 1)
    if hands is not None:
        if len(hands) != players:
            raise UnsupportedRules(f"the condensed form holds the hands of all {players} players",
                                   f"{where}.initialState.playerCards")
        for i, hand in enumerate(hands):
            out.write(len(hand), 4)
            for j, c in enumerate(hand):
                out.write(_index(pack, c, f"{where}.initialState.playerCards[{i}][{j}]"),
                          _bits_for(len(pack)))
    phases = deal["phases"]
    out.write(len(phases), 3)
    _write_phases(out, ctx, phases, f"{where}.phases", 0, 0)
    lines = deal.get("alternativeLines") or []
    out.write(1 if lines else 0, 1)
    if lines:
        if len(lines) > 255:
            raise UnsupportedRules("more than 255 alternative lines", f"{where}.alternativeLines")
        out.write(len(lines), 8)
        main_calls = ctx.calls
        for k, line in enumerate(lines):
            at = f"{where}.alternativeLines[{k}]"
            branch = line["branchIndex"]
            if branch > 0xFFFF or len(line["phases"]) > 15:
                raise UnsupportedRules("an alternative line too long for the condensed form", at)
            out.write(branch, 16)
            out.write(len(line["phases"]), 4)
            _write_phases(out, ctx.line(phases, branch, main_calls), line["phases"], f"{at}.phases",
                          branch, main_calls)
    out.write(_END, 4)
    return out.text()


def _index(pack: list[str], token: object, where: str) -> int:
    if isinstance(token, str) and len(token) == 2:
        norm = ("9" if token[0] == "N" else token[0]) + token[1].lower()
        if norm in pack:
            return pack.index(norm)
    raise UnsupportedRules(f"the condensed form holds only plain cards of the {len(pack)}-card "
                           f"pack, not {token!r} (write it expanded)", where)


def _write_phases(out: _Out, ctx: _Ctx, phases: list[dict[str, Any]], where: str, start: int,
                  main_calls: int) -> None:
    first = True
    for n, ph in enumerate(phases):
        at = f"{where}[{n}]"
        if ph["type"] == "EUCHRE_BIDDING":
            out.write(0, 1)
            _write_bidding(out, ctx, ph, at, start if first else 0)
        else:
            out.write(1, 1)
            skip = (start - main_calls) % ctx.per_trick() if first and start >= main_calls else 0
            _write_play(out, ctx, ph, at, skip)
        first = False


def _write_bidding(out: _Out, ctx: _Ctx, ph: dict[str, Any], where: str, start: int) -> None:
    calls = list(ph.get("calls", []))
    if ph.get("cardExchanges"):
        raise UnsupportedRules("the condensed form has no field for card exchanges (going under, "
                               "partner's best, a farmer's hand; docs/binary-format.md): without "
                               "them the cards played are not the hands held. Write it expanded "
                               "(--to egnb-expanded)", f"{where}.cardExchanges")
    made = next((i for i, c in enumerate(calls) if c != "Pass"), None)
    if made is not None and made < len(calls) - 1:
        raise UnsupportedRules("the condensed form ends the bidding at the call that makes trump: "
                               f"the {len(calls) - 1 - made} call(s) after it cannot be written. "
                               "Write it expanded (--to egnb-expanded)", f"{where}.calls[{made + 1}]")
    p = ctx.players
    others = [s for s in _SUITS if s != ctx.up_suit]
    seat = start
    for i, call in enumerate(calls):
        if call == "Pass":
            out.write(0, 1 if seat < p else 2)
        elif call == "Order" and seat < p:
            out.write(1, 1)
        elif isinstance(call, str) and call in others and seat >= p:
            out.write(others.index(call) + 1, 2)
        else:
            raise UnsupportedRules(f"the condensed form cannot hold the call {call!r} here"
                                   + (" (no trump has no condensed code): write it expanded "
                                      "(--to egnb-expanded)" if call == "n" else ""),
                                   f"{where}.calls[{i}]")
        seat += 1
        if call != "Pass":
            break
    else:
        if seat not in (p, 2 * p):
            raise UnsupportedRules("the condensed form holds a bidding only when it ends (a call "
                                   "made, or every seat passed)", f"{where}.calls")
        if seat == p:   # first round all passed, second round not written: not representable
            raise UnsupportedRules("the condensed form holds a bidding only when it ends (a call "
                                   "made, or every seat passed twice)", f"{where}.calls")
    ctx.calls = start + len(calls)
    alone = bool(ph.get("isAlone"))
    out.write(1 if alone else 0, 1)
    ctx.alone = alone
    defender = ph.get("aloneDefender", -1)
    if defender not in (-1, None) and not alone:
        raise UnsupportedRules("the condensed form holds a lone defender only against a lone "
                               "maker (write it expanded)", f"{where}.aloneDefender")
    if alone and ctx.version >= 2:
        out.write(1 if defender not in (-1, None) else 0, 1)
        if defender not in (-1, None):
            out.write(defender, 3)
            ctx.defender = True
    if ctx.version >= 3:   # the discard bit follows every bidding (as the sample files show)
        out.write(1 if "discard" in ph else 0, 1)
        if "discard" in ph:
            out.write(_index(ctx.pack, ph["discard"], f"{where}.discard"), _bits_for(len(ctx.pack)))
    _write_annotations(out, ph.get("callAnnotations"), f"{where}.callAnnotations")


def _write_play(out: _Out, ctx: _Ctx, ph: dict[str, Any], where: str, skip: int) -> None:
    tricks = ph.get("tricks", [])
    if len(tricks) > 7:
        raise UnsupportedRules("more than 7 tricks", f"{where}.tricks")
    out.write(len(tricks), 3)
    for t, trick in enumerate(tricks):
        size = ctx.per_trick() - (skip if t == 0 else 0)
        if len(trick) != size and t != len(tricks) - 1:
            raise UnsupportedRules(f"the condensed form needs {size} cards in this trick",
                                   f"{where}.tricks[{t}]")
        if len(trick) != size:
            raise UnsupportedRules("the condensed form cannot hold a trick stopped part-way",
                                   f"{where}.tricks[{t}]")
        for j, c in enumerate(trick):
            at = f"{where}.tricks[{t}][{j}]"
            i = _index(ctx.pack, c, at)
            card_ = ctx.pack[i]
            if card_ not in ctx.remaining:
                raise UnsupportedRules(f"{c} is played twice", at)
            out.write(ctx.remaining.index(card_), _bits_for(len(ctx.remaining)))
            ctx.remaining.remove(card_)
    _write_annotations(out, ph.get("playAnnotations"), f"{where}.playAnnotations")


def _write_annotations(out: _Out, notes: dict[str, list[str]] | None, where: str) -> None:
    if not notes:
        out.write(0, 1)
        return
    if len(notes) > 255:
        raise UnsupportedRules("more than 255 annotated actions", where)
    out.write(1, 1)
    out.write(len(notes), 8)
    for key, texts in notes.items():
        if int(key) > 255 or len(texts) > 255:
            raise UnsupportedRules("an annotation index or count above 255", f"{where}.{key}")
        out.write(int(key), 8)
        out.write(len(texts), 8)
        for text in texts:
            raw = text.encode("utf-8")
            if len(raw) > 0xFFFF:
                raise UnsupportedRules("an annotation longer than 65535 bytes", f"{where}.{key}")
            out.write(len(raw), 16)
            for b in raw:
                out.write(b, 8)
