"""Binary EGN files (``.egnb``) <-> the EGN document (a dict) <-> our records.

docs/binary-format.md: the first byte tells the form — ``0x00`` expanded (the whole document as
a protobuf ``EgnFile`` of schemas/egn-expanded.proto), ``0x01`` condensed (a protobuf
``EgnFile`` of schemas/egn.proto whose deals are Base64URL bit streams, see
:mod:`.egn_condensed`); a file starting with neither is a legacy condensed file without the
byte. Both share the metadata messages of egn-common.proto. Decoding gives the same JSON
document EGN's own converter writes, which :func:`~.egn.egn_to_record` then reads; encoding
writes what a record's EGN export holds.

Untrusted input: files above 8 MiB are refused (as EGN's converter does); every decoding error
is a :class:`~.egn_protobuf.BinaryError` (a NotationError) with the byte or bit offset and the
path of the field, never a crash. The protobuf messages carry less than the JSON: a player
object's ``id`` and a trick-play phase's ``isAlone`` have no field there (EGN's own schema
gap), so they are lost in binary; the condensed form also drops the deal number.
"""

from __future__ import annotations

from typing import Any, Callable, Iterator

from euchre_records.errors import UnsupportedRules
from euchre_records.model import Record

from .condensed import decode_deal, encode_deal
from .front import egn_players
from .protobuf import BinaryError, Field, Writer, as_int32, as_text, read_message, varints

__all__ = ["EXPANDED", "CONDENSED", "MAX_SIZE", "is_egn_binary", "egnb_to_egn", "egn_to_egnb",
           "egnb_to_record", "record_to_egnb", "egnb_to_any"]

EXPANDED, CONDENSED = 0x00, 0x01
MAX_SIZE = 8 * 1024 * 1024
_FILE_TYPE = "Euchre Game Notation"

# egn-common.proto Ruleset: field number -> (flag, kind)
_RULESET: dict[int, tuple[str, str]] = {
    1: ("std", "bool"), 2: ("min_rank", "int"), 3: ("winning_score", "int"), 4: ("canadian", "bool"),
    5: ("loner_lead", "enum"), 6: ("farmers", "bool"), 7: ("partners_best", "bool"),
    8: ("go_under", "bool"), 9: ("joker", "bool"), 10: ("allow_no_trump", "bool"),
    11: ("fast_break", "bool"), 12: ("four_trick_tokens", "bool"), 13: ("loner_march_score", "int"),
    14: ("loner_euchred_score", "int"), 15: ("defend_alone", "bool"), 16: ("num_players", "int"),
    17: ("num_deals", "int"),
}
_LONER_LEAD = ("LEFT_OF_DEALER", "LEFT_OF_LONER")
_META_TEXTS = ((1, "gameId"), (2, "title"), (3, "description"))
"""egn-common.proto Metadata's text fields: number, EGN key."""
_SCHEMA_ORDER = ("std", "min_rank", "winning_score", "num_deals", "canadian", "loner_lead",
                 "loner_march_score", "loner_euchred_score", "defend_alone", "farmers",
                 "partners_best", "go_under", "joker", "num_players", "allow_no_trump",
                 "fast_break", "four_trick_tokens")
"""The flags in the order of EGN's JSON Schema (decoded rule sets are written in it)."""


def is_egn_binary(data: bytes) -> bool:
    """True when ``data`` starts like a binary EGN file: the magic byte, then a protobuf field 1
    (the file type, ``0x0a``)."""
    return len(data) >= 2 and data[0] in (EXPANDED, CONDENSED) and data[1] == 0x0A


# --- decoding ---------------------------------------------------------------------------------

def _one(fields: list[Field], number: int) -> Field | None:
    found = [f for f in fields if f[0] == number]
    return found[-1] if found else None   # protobuf: the last value of a field wins


def _text(fields: list[Field], number: int, path: str) -> str | None:
    f = _one(fields, number)
    return None if f is None else as_text(f[2], path, f[3])


def _int(fields: list[Field], number: int, path: str) -> int | None:
    f = _one(fields, number)
    return None if f is None else as_int32(f[2], path, f[3])


def _each(fields: list[Field], number: int) -> list[tuple[int | bytes, int]]:
    """The (value, offset) of every occurrence of a repeated field, in the order written."""
    return [(f[2], f[3]) for f in fields if f[0] == number]


def _texts(fields: list[Field], number: int, path: str) -> list[str]:
    """Every string of a repeated string field."""
    return [as_text(f[2], path, f[3]) for f in fields if f[0] == number]


def _sub(value: int | bytes, path: str, offset: int) -> list[Field]:
    if not isinstance(value, bytes):
        raise BinaryError(f"expected a message, found a number (at byte {offset})", path)
    return read_message(value, path, offset)


def _messages(fields: list[Field], number: int, path: Callable[[int], str]
              ) -> Iterator[tuple[list[Field], str]]:
    """Each message of a repeated message field with its path (``path(i)``), decoded one at a
    time as it is read (so that the first problem in the file is the one reported)."""
    for i, (value, offset) in enumerate(_each(fields, number)):
        at = path(i)
        yield _sub(value, at, offset), at


def _metadata(fields: list[Field], path: str) -> dict[str, Any]:
    meta: dict[str, Any] = {}
    for number, key in _META_TEXTS:
        value = _text(fields, number, f"{path}.{key}")
        if value is not None:
            meta[key] = value
    date = _text(fields, 6, f"{path}.date")
    players: list[Any] = []
    for choice, at in _messages(fields, 4, lambda i: f"{path}.players[{i}]"):
        name = _text(choice, 1, at)
        rich = _one(choice, 2)
        if rich is None:
            players.append(name or "")
            continue
        inner = _sub(rich[2], at, rich[3])
        player: dict[str, Any] = {"name": _text(inner, 1, f"{at}.name") or ""}
        ids = [{"id": _text(x, 1, f"{x_at}.id") or "", "source": _text(x, 2, f"{x_at}.source") or ""}
               for x, x_at in _messages(inner, 2, lambda j: f"{at}.playerIds[{j}]")]
        if ids:
            player["playerIds"] = ids
        players.append(player)
    meta["players"] = players
    for number, key in ((5, "initialScore"), (8, "finalScore")):
        values = [x for v, offset in _each(fields, number) for x in varints(v, f"{path}.{key}", offset)]
        if values or key == "initialScore":
            meta[key] = values
    if date is not None:
        meta["date"] = date
    rs = _one(fields, 7)
    if rs is not None:
        meta["ruleset"] = _ruleset(_sub(rs[2], f"{path}.ruleset", rs[3]), f"{path}.ruleset")
    return {k: meta[k] for k in ("gameId", "title", "description", "date", "players",
                                 "initialScore", "finalScore", "ruleset") if k in meta}


def _ruleset(fields: list[Field], path: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for number, _, value, offset in fields:
        spec = _RULESET.get(number)
        if spec is None:
            continue   # a flag of a later version: the 1.4 reader cannot know it
        flag, kind = spec
        v = as_int32(value, f"{path}.{flag}", offset)
        if kind == "bool":
            out[flag] = bool(v)
        elif kind == "enum":
            out[flag] = _LONER_LEAD[v] if 0 <= v < len(_LONER_LEAD) else v
        else:
            out[flag] = v
    return {k: out[k] for k in _SCHEMA_ORDER if k in out}


def _annotations(fields: list[Field], number: int, path: str) -> dict[str, list[str]] | None:
    if _one(fields, number) is None:
        return None
    out: dict[str, list[str]] = {}
    for entry, _ in _messages(fields, number, lambda _: path):
        key = _int(entry, 1, path) or 0
        texts_f = _one(entry, 2)
        texts = []
        if texts_f is not None:
            texts = _texts(_sub(texts_f[2], f"{path}.{key}", texts_f[3]), 1, f"{path}.{key}")
        out[str(key)] = texts
    return out


def _bool(fields: list[Field], number: int, path: str) -> bool | None:
    value = _int(fields, number, path)
    return None if value is None else bool(value)


_BIDDING_EXTRAS = ((3, "isAlone", _bool, Writer.flag), (4, "aloneDefender", _int, Writer.varint),
                   (5, "discard", _text, Writer.text))
"""A bidding message's optional fields: number, EGN key, how it is read, how it is written."""


def _phase(fields: list[Field], path: str) -> dict[str, Any]:
    bid, play = _one(fields, 1), _one(fields, 2)
    if bid is not None:
        b = _sub(bid[2], path, bid[3])
        out: dict[str, Any] = {"phaseNumber": _int(b, 1, f"{path}.phaseNumber") or 0,
                               "type": "EUCHRE_BIDDING", "calls": _texts(b, 2, f"{path}.calls")}
        for number, key, read, _ in _BIDDING_EXTRAS:
            value = read(b, number, f"{path}.{key}")
            if value is not None:
                out[key] = value
        exchanges = []
        for e, at in _messages(b, 6, lambda k: f"{path}.cardExchanges[{k}]"):
            item: dict[str, Any] = {}
            sender = _int(e, 1, f"{at}.sender")
            if sender is not None:
                item["sender"] = sender
            item["receiver"] = _int(e, 2, f"{at}.receiver") or 0
            item["cards"] = _texts(e, 3, f"{at}.cards")
            exchanges.append(item)
        if exchanges:
            out["cardExchanges"] = exchanges
        notes = _annotations(b, 7, f"{path}.callAnnotations")
        if notes is not None:
            out["callAnnotations"] = notes
        return out
    if play is not None:
        p = _sub(play[2], path, play[3])
        tricks = [_texts(trick, 1, at) for trick, at in _messages(p, 3, lambda t: f"{path}.tricks[{t}]")]
        out = {"phaseNumber": _int(p, 1, f"{path}.phaseNumber") or 0, "type": "TRICK_PLAY",
               "tricks": tricks}
        notes = _annotations(p, 4, f"{path}.playAnnotations")
        if notes is not None:
            out["playAnnotations"] = notes
        return out
    raise BinaryError("a phase that is neither bidding nor trick play", path)


def _expanded_deal(fields: list[Field], path: str) -> dict[str, Any]:
    deal: dict[str, Any] = {"dealNumber": _int(fields, 1, f"{path}.dealNumber") or 0}
    st = _one(fields, 2)
    state: dict[str, Any] = {}
    if st is not None:
        at = f"{path}.initialState"
        s = _sub(st[2], at, st[3])
        dealer = _int(s, 1, f"{at}.dealer")
        state["dealer"] = dealer if dealer is not None else 0
        up = _text(s, 2, f"{at}.upCard")
        if up is not None:
            state["upCard"] = up
        hands = [_texts(hand, 1, h_at) for hand, h_at in _messages(s, 4, lambda i: f"{at}.playerCards[{i}]")]
        if hands:
            state["playerCards"] = hands
    deal["initialState"] = state
    deal["phases"] = [_phase(ph, at) for ph, at in _messages(fields, 3, lambda i: f"{path}.phases[{i}]")]
    lines = [{"branchIndex": _int(line, 1, f"{at}.branchIndex") or 0,
              "phases": [_phase(ph, p_at) for ph, p_at in _messages(line, 2, lambda i: f"{at}.phases[{i}]")]}
             for line, at in _messages(fields, 4, lambda k: f"{path}.alternativeLines[{k}]")]
    if lines:
        deal["alternativeLines"] = lines
    return deal


def egnb_to_egn(data: bytes) -> dict[str, Any]:
    """A binary EGN file as the EGN JSON document (see the module docstring)."""
    if len(data) > MAX_SIZE:
        raise BinaryError(f"{len(data)} bytes: binary EGN files are limited to 8 MiB", "binary")
    if not data:
        raise BinaryError("an empty file", "binary")
    form = data[0]
    body, base = (data[1:], 1) if form in (EXPANDED, CONDENSED) else (data, 0)
    condensed = form != EXPANDED
    fields = read_message(body, "", base)
    doc: dict[str, Any] = {"fileType": _text(fields, 1, "fileType"),
                           "version": _text(fields, 2, "version")}
    if doc["fileType"] is None:
        raise BinaryError("not a binary EGN file: no file type after the header byte (an empty or "
                          "cut-off file?)", "fileType")
    if doc["fileType"] != _FILE_TYPE:
        raise BinaryError(f"not a binary EGN file: its file type is {doc['fileType']!r}", "fileType")
    meta = _one(fields, 3)
    doc["metadata"] = _metadata(_sub(meta[2], "metadata", meta[3]), "metadata") if meta else {}
    deals: list[Any] = []
    players = egn_players(doc)
    for i, (value, offset) in enumerate(_each(fields, 4)):
        where = f"deals[{i}]"
        if condensed:
            deals.append(decode_deal(as_text(value, where, offset), where, i, players))
        else:
            deals.append(_expanded_deal(_sub(value, where, offset), where))
    doc["deals"] = deals
    return doc


# --- encoding ---------------------------------------------------------------------------------

def _w_metadata(meta: dict[str, Any]) -> Writer:
    w = Writer()
    for number, key in _META_TEXTS:
        if key in meta:
            w.text(number, meta[key])
    for p in meta.get("players", []):
        choice = Writer()
        if isinstance(p, str):
            choice.text(1, p)
        else:
            inner = Writer().text(1, p.get("name", ""))
            for x in p.get("playerIds", []):
                inner.message(2, Writer().text(1, x["id"]).text(2, x["source"]))
            choice.message(2, inner)
        w.message(4, choice)
    for v in meta.get("initialScore", []):
        w.varint(5, v)
    if "date" in meta:
        w.text(6, meta["date"])
    if "ruleset" in meta:
        rs = Writer()
        numbers = {flag: (n, kind) for n, (flag, kind) in _RULESET.items()}
        for flag, value in meta["ruleset"].items():
            n, kind = numbers[flag]
            if kind == "enum":
                rs.varint(n, _LONER_LEAD.index(value))
            else:
                rs.varint(n, int(value))
        w.message(7, rs)
    for v in meta.get("finalScore", []):
        w.varint(8, v)
    return w


def _w_annotations(w: Writer, number: int, notes: dict[str, list[str]] | None) -> None:
    for key, texts in (notes or {}).items():
        w.message(number, Writer().varint(1, int(key)).message(2, Writer().texts(1, texts)))


def _w_phase(ph: dict[str, Any]) -> Writer:
    if ph["type"] == "EUCHRE_BIDDING":
        b = Writer().varint(1, ph.get("phaseNumber", 0)).texts(2, ph.get("calls", []))
        for number, key, _, write in _BIDDING_EXTRAS:
            if key in ph:
                write(b, number, ph[key])
        for e in ph.get("cardExchanges", []):
            ew = Writer()
            if "sender" in e:
                ew.varint(1, e["sender"])
            ew.varint(2, e["receiver"]).texts(3, e["cards"])
            b.message(6, ew)
        _w_annotations(b, 7, ph.get("callAnnotations"))
        return Writer().message(1, b)
    p = Writer().varint(1, ph.get("phaseNumber", 1))
    for trick in ph.get("tricks", []):
        p.message(3, Writer().texts(1, trick))
    _w_annotations(p, 4, ph.get("playAnnotations"))
    return Writer().message(2, p)


def _w_deal(deal: dict[str, Any]) -> Writer:
    w = Writer().varint(1, deal["dealNumber"])
    state = deal["initialState"]
    s = Writer().varint(1, state["dealer"]).text(2, state["upCard"])
    for hand in state.get("playerCards", []):
        s.message(4, Writer().texts(1, hand))
    w.message(2, s)
    for ph in deal["phases"]:
        w.message(3, _w_phase(ph))
    for line in deal.get("alternativeLines", []):
        lw = Writer().varint(1, line["branchIndex"])
        for ph in line["phases"]:
            lw.message(2, _w_phase(ph))
        w.message(4, lw)
    return w


def egn_to_egnb(doc: dict[str, Any], condensed: bool = True) -> bytes:
    """An EGN JSON document (as :func:`~.egn_out.record_to_egn` writes it) as a binary file.
    Raises UnsupportedRules for what the condensed form cannot hold (use expanded then)."""
    w = Writer().text(1, doc["fileType"]).text(2, doc["version"]).message(3, _w_metadata(doc["metadata"]))
    rules = doc["metadata"].get("ruleset") or {}
    players, min_rank = egn_players(doc), rules.get("min_rank", 9)
    for i, deal in enumerate(doc["deals"]):
        if condensed:
            w.text(4, encode_deal(deal, f"deals[{i}]", players, min_rank))
        else:
            w.message(4, _w_deal(deal))
    out = bytes([CONDENSED if condensed else EXPANDED]) + bytes(w)
    if len(out) > MAX_SIZE:
        raise UnsupportedRules("the binary file would exceed EGN's 8 MiB limit")
    return out


def egnb_to_record(data: bytes) -> Record:
    """A binary EGN file as a record (through the EGN JSON reader)."""
    from .document import egn_to_record
    return egn_to_record(egnb_to_egn(data))


def record_to_egnb(record: Record, condensed: bool = True, lossy: bool = False) -> bytes:
    """A record at any table as a binary EGN file (condensed by default)."""
    from .document import record_to_egn
    return egn_to_egnb(record_to_egn(record, lossy=lossy), condensed)


def egnb_to_any(data: bytes) -> Record:
    """A binary EGN file as a four-handed record or, for 2, 3 or 5 players, a record at a table
    of n (:func:`.document.egn_to_any`)."""
    from .document import egn_to_any
    return egn_to_any(egnb_to_egn(data))
