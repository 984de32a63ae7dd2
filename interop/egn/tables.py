"""EGN games of two, three and five players <-> our records at a table of n (:class:`TableRecord`).

EGN's ``metadata.ruleset.num_players`` says how many play (default 4); its players are numbered
0 .. n-1 clockwise, as our seats at a table of n are (docs/TABLES.md), so EGN player i is our
seat i, its ``dealer`` our dealer, its calls run from the dealer's left, n to a round, and its
tricks hold n cards in the order played. :func:`egn_to_any` reads a document of any count: 4 as
:func:`~.document.egn_to_record` does, 2, 3 and 5 here; 1, 6, 7 and 8 are refused by name
(``EGN game with 6 players: six-handed euchre is not specified here; see VARIANTS.md``) at
``metadata.ruleset.num_players``.

What EGN as published cannot carry, item by item (docs/INTEROP.md "Tables of two, three and
five"; its schema forbids fields of its own, ``additionalProperties: false`` everywhere):

- **the five-handed called card, and a five-handed maker going alone**: EGN has no field for
  either, and its ``isAlone`` means that the maker's partner sits out (a trick of n - 1 cards,
  docs/binary-format.md), which is not the five-handed lone hand (nobody sits out; VARIANTS.md).
  Without the called card a five-handed deal cannot be scored at all, so we write it as a call
  annotation on the maker's call (:data:`CALLED_NOTE`, :data:`ALONE_NOTE`): text EGN has a place
  for, which another EGN reader shows as a comment. Reading needs it: a five-handed deal whose
  maker neither goes alone nor names a card in such a note is refused, located.
- **cut-throat's and the two-handed game's "maker alone"**: nothing to carry. At these tables
  the maker always plays against all the others, nobody sits out, so EGN's ``isAlone`` is false
  and a trick holds n cards; ``isAlone: true`` (or a lone defender) there is an invalid game, refused
  with the rule (NotationError: the two-handed and cut-throat games have no lone hands).
- **per-player scores**: ``initialScore`` and ``finalScore`` are two team scores. With two
  players they are the two players' scores (team 0/2 is player 0, team 1/3 player 1) and are
  carried; with three and five they are written empty (``[]``) and read only empty or zero. A
  start score of ours at three or five, a scoresheet total, and the points of a deal are lost
  (refused unless ``lossy``, as for four hands).
- **the variant's own options** (``cutthroat_euchre``, ``cutthroat_march``, ``two_handed_march``,
  ``call_partner_lone_march``): no EGN flag; a value other than the default is a loss that
  matters (refused unless ``lossy``) and reads back as the default.
- the kitty, the club, table and round: no field, lost without changing a replay.

Contracts: ``egn_to_table_record`` raises NotationError or UnsupportedRules, every problem
located in the EGN document (``deals[0].phases[1].tricks[2]``, ``metadata.ruleset.num_players``);
``egn_to_table_record(table_record_to_egn(r))`` equals ``r`` in everything EGN carries; and
``table_record_to_egn(egn_to_table_record(d))`` equals ``d`` up to default flags.
"""

from __future__ import annotations

import re
from typing import Any

from euchre_records.cards import JOKER, Card, card_name
from euchre_records.errors import NotationError, Problem, RecordError, UnsupportedRules
from euchre_records.model import CallKind, DealKind, Record
from euchre_records.rules import Rules, preset
from euchre_records.schema.tables import load_table_record
from euchre_records.table import Variant, VariantOptions
from euchre_records.table_model import TableDeal, TableRecord
from euchre_records.table_replay import VARIANT_CITES, game_points_of, replay_table
from euchre_records.interop.json_access import FLAG, LIST, OBJECT, WHOLE, field, typed

from .cards import CardReader, EGN_SUITS, card_token
from .rules import EGN_DEFAULTS, TABLE_COUNTS, from_rules, players_refusal, rules_loss, to_rules
from .dates import date_in
from .limits import fit, limit_losses, too_many
from .out import date_and_description, date_losses, not_read_back

__all__ = ["egn_to_any", "egn_to_table_record", "table_record_to_egn", "table_egn_losses",
           "egn_players", "table_egn_where", "table_in_egn_terms", "CALLED_NOTE", "ALONE_NOTE"]

CALLED_NOTE = "euchre-records: calls the {card} for a partner"
"""The call annotation (on the maker's call) that carries a five-handed called card; EGN card
token. ``; player N holds it`` or ``; it was not dealt`` may follow (the record's ``partner``)."""
ALONE_NOTE = "euchre-records: goes alone, no partner called"
"""The call annotation that carries a five-handed maker going alone."""
_CALLED_RE = re.compile(r"^euchre-records: calls the (\S{1,2}) for a partner"
                        r"(?:; player (\d) holds it|; (it was not dealt))?$")
_TOP = {"fileType", "version", "metadata", "deals"}
_META = {"gameId", "title", "description", "players", "initialScore", "finalScore", "date", "ruleset"}
_FLAG_OF_OPTION = {"stick_the_dealer": "std", "pack": "min_rank", "lone_lead": "loner_lead",
                   "lone_march": "loner_march_score", "lone_euchred": "loner_euchred_score",
                   "game_points": "winning_score", "fixed_deals": "num_deals"}
_WORDS = {2: "two", 3: "three", 5: "five"}


def egn_players(data: object) -> int:
    """The number of players an EGN document declares (``metadata.ruleset.num_players``; 4 when
    absent or not an integer: the readers then report the bad value, located)."""
    meta = data.get("metadata") if isinstance(data, dict) else None
    rules = meta.get("ruleset") if isinstance(meta, dict) else None
    count = rules.get("num_players", 4) if isinstance(rules, dict) else 4
    return count if isinstance(count, int) and not isinstance(count, bool) else 4


def egn_to_any(data: object) -> Record | TableRecord:
    """A parsed EGN document of any player count: four-handed a :class:`Record`, two, three
    and five a :class:`TableRecord`; other counts refused by name."""
    from .document import egn_to_record
    if egn_players(data) in TABLE_COUNTS:
        return egn_to_table_record(data)
    return egn_to_record(data)


# --- reading --------------------------------------------------------------------------------

def egn_to_table_record(data: object) -> TableRecord:
    """A parsed EGN document of 2, 3 or 5 players as a record at a table of n (``modern`` rules
    with the rule set's overrides, as for four hands). Every problem is located in the EGN
    document; UnsupportedRules wins over NotationError when both occur."""
    from .document import FILE_TYPE, _egn_date, _label, _text, _version, is_egn
    if not is_egn(data):
        raise NotationError(f"not an EGN document: fileType must be {FILE_TYPE!r}", "fileType")
    assert isinstance(data, dict)
    bad: list[Problem] = []
    unsupported: list[Problem] = []
    data, _notes = _version(data, bad)
    bad += [Problem(str(k), "unknown EGN field") for k in data if k not in _TOP]
    try:
        meta = field(data, "metadata", "", OBJECT, optional=False)
    except NotationError as exc:
        raise NotationError(bad + list(exc.problems)) from None
    bad += [Problem(f"metadata.{k}", "unknown EGN metadata field") for k in meta if k not in _META]
    rules: Rules | None = None
    try:
        rules = to_rules(meta.get("ruleset"), tables=True)
    except UnsupportedRules as exc:
        unsupported += exc.problems
    except NotationError as exc:
        bad += exc.problems
    count = egn_players(data)
    if count not in TABLE_COUNTS:
        raise UnsupportedRules(players_refusal(count) or f"EGN game with {count} players: read it "
                               "with the four-handed reader", "metadata.ruleset.num_players")
    doc: dict[str, Any] = {"format": "euchre-records", "version": "1.0"}
    try:
        date, notes = date_in(_egn_date(meta), _text(meta, "description"))
        event = {"event": _label(meta, "title"), "notes": notes, "date": date,
                 "game_id": _label(meta, "gameId")}
    except NotationError as exc:
        bad += exc.problems
        event = {}
    event = {k: v for k, v in event.items() if v is not None}
    if event:
        doc["event"] = event
    players = _players(meta.get("players"), count, bad)
    if players:
        doc["players"] = players
    start = _scores(meta.get("initialScore"), "metadata.initialScore", count, bad, required=True)
    final = _scores(meta.get("finalScore"), "metadata.finalScore", count, bad, required=False)
    if rules is not None:
        base = preset("modern").option_values()
        overrides = {k: v for k, v in rules.option_values().items() if base[k] != v}
        doc["rules"] = {"preset": "modern", "seats": count, "overrides": overrides}
    if start is not None and any(start):
        doc["start_score"] = list(start)
    deals: list[dict[str, Any]] = []
    phases_at: list[tuple[int | None, int | None]] = []
    try:
        raw_deals = field(data, "deals", "", LIST, optional=False, what="a list of deals")
    except NotationError as exc:
        bad += exc.problems
        raw_deals = []
    for i, raw in enumerate(raw_deals):
        try:
            deal, at = _deal(raw, f"deals[{i}]", count)
        except UnsupportedRules as exc:
            unsupported += exc.problems
        except NotationError as exc:
            bad += exc.problems
        else:
            deals.append(deal)
            phases_at.append(at)
    if final is not None:
        if not deals:
            bad.append(Problem("metadata.finalScore", "a finalScore needs at least one deal"))
        else:
            deals[-1]["scoresheet"] = {"total": list(final)}
    if unsupported:
        raise UnsupportedRules(unsupported)
    if bad:
        raise NotationError(bad)
    doc["deals"] = deals
    try:
        return load_table_record(doc)
    except RecordError as exc:
        raise type(exc)([Problem(table_egn_where(p.where, phases_at), p.what)
                         for p in exc.problems]) from None


def _players(value: object, count: int, bad: list[Problem]) -> dict[str, Any]:
    """EGN ``players`` (names or objects, player 0 first) as our players keyed by seat."""
    from euchre_records.schema.basefields import label_problem
    if value is None:
        return {}
    if not isinstance(value, list):
        bad.append(Problem("metadata.players", "expected a list of player names (player 0 first)"))
        return {}
    if len(value) > count:
        bad.append(Problem("metadata.players", f"{len(value)} players named for a game of {count} "
                                               "(metadata.ruleset.num_players)"))
        return {}
    out: dict[str, Any] = {}
    for i, p in enumerate(value):
        where = f"metadata.players[{i}]"
        name = p if isinstance(p, str) else p.get("name") if isinstance(p, dict) else None
        if not isinstance(name, str):
            bad.append(Problem(where, "expected a name or an object with a name"))
            continue
        problem = label_problem(name)
        if problem:
            bad.append(Problem(where if isinstance(p, str) else f"{where}.name", problem))
            continue
        if isinstance(p, str):
            if p:
                out[str(i)] = {"name": p}
            continue
        assert isinstance(p, dict)
        extra = sorted(str(k) for k in set(p) - {"id", "name", "playerIds"})
        if extra:
            bad.append(Problem(where, f"unknown player field(s): {', '.join(extra)}"))
            continue
        player: dict[str, Any] = {"name": name}
        if p.get("id") is not None:
            player["id"] = p["id"]
        ids = p.get("playerIds")
        if ids is not None:
            if not isinstance(ids, list) or not all(
                    isinstance(x, dict) and set(x) == {"id", "source"} for x in ids):
                bad.append(Problem(f"{where}.playerIds", "expected a list of {id, source} objects"))
                continue
            if ids:
                player["ids"] = ids
        out[str(i)] = player
    return out


def _scores(value: object, where: str, count: int, bad: list[Problem], required: bool
            ) -> tuple[int, ...] | None:
    """``initialScore`` / ``finalScore``: two players' scores at a table of two; at three and
    five (no teams) only ``[]`` or zeros, read as no score."""
    if value is None:
        if required:
            bad.append(Problem(where, "missing: the scores (for two players, [player 0, player 1]; "
                                      "for three or five, [])"))
        return None
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool)
                                              and abs(v) <= 10**6 for v in value):
        bad.append(Problem(where, f"expected a list of integers, not {value!r}"))
        return None
    if count == 2:
        if value == []:
            return (0, 0) if required else None
        if len(value) != 2:
            bad.append(Problem(where, "expected [player 0, player 1]: two scores for two players"))
            return None
        return (value[0], value[1])
    if any(value):
        bad.append(Problem(where, f"EGN's scores are two team scores, and a game of {count} "
                                  f"players has no teams: {value!r} cannot be given to the "
                                  f"{count} players (write [])"))
        return None
    return (0,) * count if required else None


def _deal(raw: object, where: str, count: int) -> tuple[dict[str, Any], tuple[int | None, int | None]]:
    """One EGN deal as a deal of our n-handed notation, with the index of its bidding phase and
    of its trick-play phase (for locating problems)."""
    if isinstance(raw, str):
        raise UnsupportedRules("a condensed (bitpacked) deal inside JSON: read the .egnb file "
                               "itself, or expand the deal into an object", where)
    typed(raw, where, OBJECT, what="a deal object")
    assert isinstance(raw, dict)
    problems = [Problem(f"{where}.{k}", "unknown EGN deal field") for k in raw
                if k not in ("dealNumber", "initialState", "phases", "alternativeLines")]
    if problems:
        raise NotationError(problems)
    if raw.get("alternativeLines"):
        raise UnsupportedRules(_not_yet("alternative lines"), f"{where}.alternativeLines")
    state = field(raw, "initialState", where, OBJECT, optional=False,
                  what="the initialState object (dealer and upCard)")
    for k in state:
        if k not in ("dealer", "upCard", "playerCards"):
            raise NotationError("unknown EGN field", f"{where}.initialState.{k}")
    dealer = field(state, "dealer", f"{where}.initialState", WHOLE, optional=False,
                   what=f"a player index 0-{count - 1}")
    if not 0 <= dealer < count:
        raise NotationError(f"expected a player index 0-{count - 1}, not {dealer!r}",
                            f"{where}.initialState.dealer")
    phases = field(raw, "phases", where, LIST, optional=False, what="a list of at most two phases")
    from .lines import split_phases
    if len(phases) > 2:
        raise NotationError("expected a list of at most two phases", f"{where}.phases")
    bidding, play = split_phases(phases, f"{where}.phases")
    calls: list[str] = []
    maker_at: int | None = None
    trump = None
    up = state.get("upCard")
    up_at = f"{where}.initialState.upCard"
    turned = CardReader(None, False).card(up, up_at)
    if turned is JOKER:
        raise UnsupportedRules("a turned joker is not yet taken at tables of two, three and five",
                               up_at)
    out: dict[str, Any] = {"kind": "plays", "dealer": str(dealer), "turned": card_name(turned)}
    b_index = p_index = None
    notes: dict[str, Any] = {}
    if bidding is not None:
        b, bw = bidding
        b_index = phases.index(b)
        tokens = field(b, "calls", bw, LIST, optional=False, what="a list of calls")
        for k, token in enumerate(tokens):
            seat = (dealer + 1 + k) % count
            if token == "Pass":
                calls.append("pass")
                continue
            if maker_at is not None:
                raise NotationError("a call after trump was made", f"{bw}.calls[{k}]")
            if token == "Order":
                calls.append("take" if seat == dealer else "order")
                trump = turned.suit if turned is not None else None
            elif isinstance(token, str) and token in EGN_SUITS:
                calls.append(EGN_SUITS[token].value)
                trump = EGN_SUITS[token]
            elif token == "n":   # no trump (house rule allow_no_trump; the replay checks it is on)
                calls.append("NT")
                trump = None
            elif token == "x":
                raise UnsupportedRules("call 'x' (an unnamed bid) is not taken at tables of two, "
                                       "three and five", f"{bw}.calls[{k}]")
            else:
                raise NotationError(f"not an EGN call: {token!r} (expected 'Pass', 'Order' or a suit "
                                    "letter s h d c)", f"{bw}.calls[{k}]")
            maker_at = k
        if _flag(b, "isAlone", bw):
            _refuse_alone(count, f"{bw}.isAlone")
        defender = b.get("aloneDefender", -1)
        if defender not in (-1, None):
            if count in _NO_LONE_HANDS:
                raise NotationError(f"no lone defender in the {_NO_LONE_HANDS[count]}: the defenders "
                                    "have no partner to leave out (the maker plays alone against the "
                                    f"rest; {VARIANT_CITES[_VARIANT[count]]}; VARIANTS.md)",
                                    f"{bw}.aloneDefender")
            raise UnsupportedRules("no lone defender at a table of two, three or five",
                                   f"{bw}.aloneDefender")
        if b.get("cardExchanges"):
            raise UnsupportedRules(_not_yet("card exchanges (house rules of the four-handed game)"),
                                   f"{bw}.cardExchanges")
        reader = CardReader(trump, False)
        if "discard" in b:
            out["discard"] = card_name(reader.card(b["discard"], f"{bw}.discard", unknown_ok=True))
        notes = typed(b.get("callAnnotations"), f"{bw}.callAnnotations", OBJECT, optional=True,
                      default={}, what="an object of annotations keyed by index")
        if calls:
            out["calls"] = calls
        _called(notes, maker_at, count, f"{bw}.callAnnotations", reader, out)
    reader = CardReader(trump, False)
    hands = state.get("playerCards")
    if hands is not None:
        h_at = f"{where}.initialState.playerCards"
        typed(hands, h_at, LIST, what=f"the {count} hands as dealt (player 0 first)")
        assert isinstance(hands, list)
        if len(hands) > count:
            raise NotationError(f"{len(hands)} hands for {count} players", h_at)
        out["kind"] = "full"
        found: dict[str, str] = {}
        for i in range(count):
            hand = typed(hands[i] if i < len(hands) else [], f"{h_at}[{i}]", LIST,
                         what="a hand of at most 5 cards as dealt")
            if len(hand) > 5:
                raise NotationError("expected a hand of at most 5 cards as dealt", f"{h_at}[{i}]")
            known = [reader.card(c, f"{h_at}[{i}][{j}]", unknown_ok=True) for j, c in enumerate(hand)]
            found[str(i)] = " ".join(card_name(c) for c in known + [None] * (5 - len(known)))
        out["hands"] = found
    tricks: list[list[Card]] = []
    if play is not None:
        p, pw = play
        p_index = phases.index(p)
        if _flag(p, "isAlone", pw):
            _refuse_alone(count, f"{pw}.isAlone")
        if p.get("playAnnotations"):
            raise UnsupportedRules(_not_yet("annotations"), f"{pw}.playAnnotations")
        raw_tricks = field(p, "tricks", pw, LIST, optional=False, what="a list of tricks")
        for t, trick in enumerate(raw_tricks):
            typed(trick, f"{pw}.tricks[{t}]", LIST, what=f"a trick of {count} cards")
            if not 1 <= len(trick) <= count:
                raise NotationError(f"a trick of {count} players holds 1 to {count} cards, not "
                                    f"{len(trick)}", f"{pw}.tricks[{t}]")
            cards = [reader.card(c, f"{pw}.tricks[{t}][{j}]") for j, c in enumerate(trick)]
            tricks.append([c for c in cards if c is not None])
        if tricks:
            out["tricks"] = [" ".join(c.name for c in t) for t in tricks]
    if _stops(bidding is not None, calls, maker_at, tricks, count):
        out["unfinished"] = True
    return out, (b_index, p_index)


def _called(notes: dict[str, Any], maker_at: int | None, count: int, where: str,
            reader: CardReader, out: dict[str, Any]) -> None:
    """The five-handed called card or lone hand from its call annotation (see the module
    docstring); any other annotation is refused (our records at these tables hold none)."""
    found = False
    for key, texts in notes.items():
        at = f"{where}.{key}"
        mine = count == 5 and maker_at is not None and key == str(maker_at)
        if not mine or not isinstance(texts, list) or len(texts) != 1 or not isinstance(texts[0], str):
            raise UnsupportedRules(_not_yet("annotations"), at)
        text = texts[0]
        if text == ALONE_NOTE:
            out["calls"][-1] += " alone"
            found = True
            continue
        m = _CALLED_RE.fullmatch(text)
        if m is None:
            raise UnsupportedRules(_not_yet("annotations") + " (but the five-handed called card, "
                                   f"written {CALLED_NOTE.format(card='Ac')!r}, or "
                                   f"{ALONE_NOTE!r})", at)
        called = reader.card(m.group(1), f"{at}[0]")
        out["called"] = card_name(called)
        if m.group(2) is not None:
            out["partner"] = m.group(2)
        elif m.group(3) is not None:
            out["partner"] = None
        found = True
    if count == 5 and maker_at is not None and not found:
        raise UnsupportedRules("a five-handed maker names a card for his partner or goes alone, and "
                               "EGN has no field for either: this deal says neither, so it cannot "
                               "be scored (write the called card as the call annotation "
                               f"{CALLED_NOTE.format(card='Ac')!r}, or {ALONE_NOTE!r}; "
                               "docs/INTEROP.md)", f"{where}.{maker_at}")


def _stops(has_bidding: bool, calls: list[str], maker_at: int | None, tricks: list[list[Card]],
           count: int) -> bool:
    """Whether the record stops inside the deal (EGN partial games): our ``unfinished``."""
    if not has_bidding:
        return True
    if maker_at is None:
        return len(calls) < 2 * count
    return len(tricks) < 5 or len(tricks[-1]) < count


def _flag(obj: dict[str, Any], key: str, where: str) -> bool:
    return bool(field(obj, key, where, FLAG, optional=True, default=False))


def _not_yet(what: str) -> str:
    return f"{what}: not yet taken at tables of two, three and five (our records of them hold none)"


_VARIANT = {2: Variant.TWO_HANDED, 3: Variant.CUTTHROAT, 5: Variant.CALL_PARTNER}
_NO_LONE_HANDS = {2: "two-handed game", 3: "cut-throat game"}
"""The games with no lone hand to declare (VARIANTS.md: Keller, "no lone hands in the two-handed
game in the sense of the four-handed game"; cut-throat's maker "plays alone against the other
two ... there is no further 'alone' to declare")."""


def _refuse_alone(count: int, where: str) -> None:
    """``isAlone: true`` at a table of ``count``: an invalid game where the rules have no lone
    hand (two-handed, cut-throat), with the rule; at five hands not EGN's way of writing the lone
    maker (it would seat a player out)."""
    if count in _NO_LONE_HANDS:
        raise NotationError(f"the {_NO_LONE_HANDS[count]} has no lone hands: the maker always plays "
                            f"alone against the rest, nobody sits out and every trick holds {count} "
                            f"cards ({VARIANT_CITES[_VARIANT[count]]}; VARIANTS.md), so isAlone "
                            "must be false", where)
    raise UnsupportedRules(_sits_out(count), where)


def _sits_out(count: int) -> str:
    game = {2: "two-handed", 3: "cut-throat", 5: "five-handed"}[count]
    return (f"isAlone seats the maker's partner out (a trick of {count - 1} cards); the {game} "
            "game has no such hand: nobody sits out, every trick holds "
            f"{count} cards (VARIANTS.md)" + (", and a five-handed maker going alone is written "
                                             f"as the call annotation {ALONE_NOTE!r}" if count == 5 else ""))


_OURS = re.compile(r"^(deals\[(\d+)\])\.(calls|tricks|discard|turned|hands\.(\d)|dealer|unfinished|"
                   r"called|partner|scoresheet|kind)(.*)$")


def table_egn_where(where: str, phases: list[tuple[int | None, int | None]] | None = None) -> str:
    """A location in our n-handed notation as the EGN document's (``phases``: per deal the index
    of its bidding and trick-play phases; EGN's usual 0 and 1 when not given).

    >>> table_egn_where("deals[1].tricks[2][0]"), table_egn_where("rules.overrides.pack")
    ('deals[1].phases[1].tricks[2][0]', 'metadata.ruleset.min_rank')
    >>> table_egn_where("deals[0].hands.3[4]")
    'deals[0].initialState.playerCards[3][4]'
    """
    if where.startswith("rules.overrides."):
        option = where[len("rules.overrides."):]
        return f"metadata.ruleset.{_FLAG_OF_OPTION.get(option, option)}"
    if where == "rules.seats":
        return "metadata.ruleset.num_players"
    if where.startswith("players."):
        key, _, rest = where[len("players."):].partition(".")
        return f"metadata.players[{key}]" + (f".{rest}" if rest else "")
    if where.startswith("start_score"):
        return "metadata.initialScore" + where[len("start_score"):]
    if where.startswith("event."):
        name = where[len("event."):]
        return "metadata." + {"event": "title", "notes": "description", "game_id": "gameId"}.get(name, name)
    m = _OURS.match(where)
    if m is None:
        return where
    deal, index, what, hand, rest = m.groups()
    b, p = phases[int(index)] if phases is not None and int(index) < len(phases) else (0, 1)
    b, p = 0 if b is None else b, (1 if b is not None else 0) if p is None else p
    if hand is not None:
        return f"{deal}.initialState.playerCards[{hand}]{rest}"
    mapped = {"calls": f"phases[{b}].calls", "discard": f"phases[{b}].discard",
              "called": f"phases[{b}].callAnnotations", "partner": f"phases[{b}].callAnnotations",
              "tricks": f"phases[{p}].tricks", "turned": "initialState.upCard",
              "dealer": "initialState.dealer", "unfinished": "phases", "kind": "initialState",
              "scoresheet": "metadata.finalScore"}[what]
    if what == "scoresheet":
        return mapped
    return f"{deal}.{mapped}{rest}"


def table_in_egn_terms(exc: RecordError) -> RecordError:
    """The same error located in the EGN document instead of in our n-handed notation: for
    errors found replaying a record read from EGN (EGN's usual phases: bidding 0, play 1)."""
    return type(exc)([Problem(table_egn_where(p.where), p.what) for p in exc.problems])


# --- writing --------------------------------------------------------------------------------

def _egn_rules(record: TableRecord) -> Rules:
    """The record's rules with the game's target made explicit (a variant's default of 10
    points is the table's, not the preset's: EGN's ``winning_score`` says the target itself)."""
    target = game_points_of(record)
    if record.rules.game_points == target:
        return record.rules
    return record.rules.with_overrides({"game_points": target})


def _impossible(record: TableRecord) -> list[Problem]:
    out = too_many(list(enumerate(record.deals)))
    for i, deal in enumerate(record.deals):
        where = f"deals[{i}]"
        if deal.kind is DealKind.RESULT:
            out.append(Problem(where, "a result-only deal cannot be written in EGN (it needs the "
                                      "turned card, the calls and the plays)"))
        elif deal.kind is DealKind.POINTS:
            out.append(Problem(where, "a points-only deal cannot be written in EGN (it needs the "
                                      "turned card, the calls and the plays)"))
        elif deal.turned is None:
            out.append(Problem(f"{where}.turned", "EGN needs the turned card"))
    return out


def table_egn_losses(record: TableRecord) -> list[tuple[Problem, bool]]:
    """What an EGN export of ``record`` leaves out: ``(problem, matters_to_replay)`` pairs; the
    five-handed called card is listed too (it is carried, but as a call annotation that other
    EGN readers show as a comment), as not mattering."""
    out: list[tuple[Problem, bool]] = []
    n = record.table.seats
    lost = rules_loss(_egn_rules(record))
    if lost:
        out.append((Problem("rules", "EGN has no rule-set flag for " + ", ".join(lost)), True))
    default = VariantOptions()
    for name in ("cutthroat_euchre", "cutthroat_march", "two_handed_march", "call_partner_lone_march"):
        value = getattr(record.options, name)
        if value != getattr(default, name):
            shown = getattr(value, "value", value)
            out.append((Problem(f"rules.overrides.{name}", f"EGN has no rule-set flag for "
                                f"{name}={shown!r} (read back as the default)"), True))
    if n != 2 and any(record.start_score):
        out.append((Problem("start_score", f"EGN's initialScore is two team scores: the {n} "
                            "players' start score cannot be written"), True))
    ev = record.event
    for name in ("club", "table", "round"):
        if getattr(ev, name):
            out.append((Problem(f"event.{name}", "EGN has no field for it"), False))
    out += date_losses(ev.date, ev.notes)
    out += limit_losses(ev, record.players)
    last = len(record.deals) - 1
    for i, deal in enumerate(record.deals):
        where = f"deals[{i}]"
        if deal.kitty:
            out.append((Problem(f"{where}.kitty", "EGN has no kitty"), False))
        if deal.irregularities:
            out.append((Problem(f"{where}.irregularities", "EGN cannot record irregularities"), True))
        if deal.exchanges:
            out.append((Problem(f"{where}.exchanges", "card exchanges at tables of two, three and "
                                "five are not written to EGN yet"), True))
        rec = deal.recorded
        if rec is not None and (rec.points is not None or (rec.total is not None and (i != last or n != 2))):
            what = ("EGN records only the final score" if n == 2 else
                    f"EGN's finalScore is two team scores: no scoresheet of {n} players can be written")
            out.append((Problem(f"{where}.scoresheet", what), True))
        if deal.called is not None or any(c.alone for c in deal.calls):
            out.append((Problem(f"{where}.called" if deal.called is not None else f"{where}.calls",
                                "EGN has no field for the five-handed called card or lone maker: "
                                "written as a call annotation on the maker's call (other EGN "
                                "readers show it as a comment)"), False))
    for seat, player in record.players:
        if not player.name:
            out.append((Problem(f"players.{seat}.name", "an empty name is written as no player"), False))
    return out


def table_record_to_egn(record: TableRecord, lossy: bool = False) -> dict[str, Any]:
    """The EGN document of a record at a table of 2, 3 or 5 (a dict ready for ``json.dumps``).

    Raises UnsupportedRules listing every problem when the record holds something EGN cannot
    express at all (a result-only or points-only deal), or (unless ``lossy``) something whose loss would
    change a replay (see :func:`table_egn_losses`)."""
    problems = _impossible(record)
    if not lossy:
        problems += [p for p, matters in table_egn_losses(record) if matters]
    if problems:
        raise UnsupportedRules(problems)
    n = record.table.seats
    meta: dict[str, Any] = {}
    ev = record.event
    for key, name in (("gameId", "game_id"), ("title", "event")):
        if getattr(ev, name) is not None:
            meta[key] = getattr(ev, name)
    date, description = date_and_description(ev.date, ev.notes)
    if description is not None:
        meta["description"] = description
    if date is not None:
        meta["date"] = date
    meta["players"] = _players_out(record)
    meta["initialScore"] = list(record.start_score) if n == 2 else []
    last = record.deals[-1].recorded if record.deals else None
    if n == 2 and last is not None and last.total is not None:
        meta["finalScore"] = list(last.total)
    ruleset = from_rules(_egn_rules(record))
    ruleset["num_players"] = n
    meta["ruleset"] = {k: ruleset[k] for k in EGN_DEFAULTS if k in ruleset}   # the schema's order
    doc = {"fileType": "Euchre Game Notation", "version": "1.4", "metadata": meta,
           "deals": [_deal_out(i, d, n) for i, d in enumerate(record.deals)]}
    if lossy:
        fit(doc)          # texts cut to EGN's limits (named by table_egn_losses)
        try:              # what --lossy writes must read back
            replay_table(egn_to_table_record(doc))
        except RecordError as exc:
            raise not_read_back(exc) from None
    return doc


def _players_out(record: TableRecord) -> list[Any]:
    if not record.players:
        return []
    by_seat = dict(record.players)
    out: list[Any] = []
    for seat in record.table.all_seats:
        p = by_seat.get(seat)
        if p is None:
            out.append("")
        elif p.id is not None or p.ids:
            player: dict[str, Any] = {"id": p.id} if p.id is not None else {}
            player["name"] = p.name
            if p.ids:
                player["playerIds"] = [{"id": x.id, "source": x.source} for x in p.ids]
            out.append(player)
        else:
            out.append(p.name)
    return out


def _deal_out(number: int, deal: TableDeal, n: int) -> dict[str, Any]:
    assert deal.turned is not None
    state: dict[str, Any] = {"dealer": deal.dealer, "upCard": card_token(deal.turned)}
    if deal.kind is DealKind.FULL and deal.hands is not None:
        state["playerCards"] = [[] if all(c is None for c in hand) else [card_token(c) for c in hand]
                                for hand in deal.hands]
    phases: list[dict[str, Any]] = []
    if deal.calls:
        tokens = ["Pass" if c.kind is CallKind.PASS else
                  "Order" if c.kind in (CallKind.ORDER, CallKind.TAKE) else
                  "n" if c.kind is CallKind.NO_TRUMP else _suit_token(c.suit)
                  for c in deal.calls]
        bid: dict[str, Any] = {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": tokens,
                               "isAlone": False}
        if deal.discard is not None:
            bid["discard"] = card_token(deal.discard)
        maker = next((k for k, c in enumerate(deal.calls) if c.kind is not CallKind.PASS), None)
        note = None
        if maker is not None and deal.calls[maker].alone:
            note = ALONE_NOTE
        elif deal.called is not None:
            note = CALLED_NOTE.format(card=card_token(deal.called))
            if deal.partner_stated:
                note += ("; it was not dealt" if deal.partner is None
                         else f"; player {deal.partner} holds it")
        if note is not None and maker is not None:
            bid["callAnnotations"] = {str(maker): [note]}
        phases.append(bid)
    if deal.tricks:
        phases.append({"phaseNumber": len(phases), "type": "TRICK_PLAY",
                       "tricks": [[card_token(c) for c in t.cards] for t in deal.tricks]})
    return {"dealNumber": number, "initialState": state, "phases": phases}


def _suit_token(suit: object) -> str:
    return next(k for k, v in EGN_SUITS.items() if v is suit)
