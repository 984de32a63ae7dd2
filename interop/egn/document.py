"""EGN (Euchre Game Notation, JSON) in and out: :func:`egn_to_record`, :func:`record_to_egn`.

Seats: EGN numbers the players 0-3 clockwise, partnerships 0/2 and 1/3; we read player 0 as N,
1 as E, 2 as S, 3 as W, so EGN team "0/2" is N-S and team "1/3" is E-W (``initialScore`` and
``finalScore`` are ``[N-S, E-W]``). A deal without ``playerCards`` loads as ``DealKind.PLAYS``
(each hand inferred from the plays); with it as ``DealKind.FULL``, an empty or short hand being
unknown cards (``??``): a player who logs his own game knows his own hand only. ``finalScore``
becomes the scoresheet total recorded on the last deal, so a replay checks it. A record that
stops inside a deal (EGN's "partial games": the last deal, or one that deals follow) marks that
deal ``unfinished``. Versions 1.2 to 1.4 are read directly, 1.0 and 1.1 through EGN's documented upgrade (:mod:`.egn_legacy`).
The full mapping and what EGN cannot express are in docs/INTEROP.md.

Contracts: ``egn_to_record`` raises NotationError (malformed EGN; every problem located by an EGN
path such as ``deals[2].phases[0].calls[3]``) or UnsupportedRules (a rule-set flag or feature we
do not play). ``record_to_egn(egn_to_record(d))`` equals ``d`` up to formatting and default flags.
"""

from __future__ import annotations

import re
from typing import Any

from euchre_records.cards import SEATS, Card, Seat, Suit
from euchre_records.errors import NotationError, Problem, RecordError, UnsupportedRules
from euchre_records.model import (
    Annotation, Call, CallKind, Deal, DealKind, Event, Exchange, ExternalId, Player, RecordedScore,
    Record, Trick, replace,
)

from euchre_records.schema.basefields import POINTS_LIMIT, label_problem
from euchre_records.interop.json_access import FLAG, LIST, OBJECT, TEXT, WHOLE, field, items, typed
from .dates import date_in
from .cards import CardReader, egn_calls, egn_tricks, is_generic, is_partly_known
from .legacy import LEGACY_VERSION_RE, upgrade_legacy
from .lines import alternatives_in, annotations_in, bid_calls, split_phases, trump_of, with_alone
from .out import egn_document, egn_losses, not_read_back
from .exchanges import exchanges_in, settle_kinds
from .rules import to_rules
from euchre_records.schema.notation import parse_json

__all__ = [
    "FILE_TYPE", "VERSION_RE", "is_egn", "egn_to_record", "egn_text_to_record", "record_to_egn",
    "egn_losses", "egn_where", "in_egn_terms",
]

FILE_TYPE = "Euchre Game Notation"
VERSION_RE = re.compile(r"^1\.[234](?:\.\d+)?$")
"""The versions read directly (EGN's schema: ``^1\\.[234](?:\\.\\d+)?$``)."""
_TOP = {"fileType", "version", "metadata", "deals"}
_META = {"gameId", "title", "description", "players", "initialScore", "finalScore", "date", "ruleset"}


def record_to_egn(record: Record, lossy: bool = False) -> dict[str, Any]:
    """The EGN document of ``record`` (a dict ready for ``json.dumps``; :func:`.out.egn_document`).

    Raises UnsupportedRules listing every problem when the record holds something EGN cannot
    express at all, or (unless ``lossy``) something whose loss would change a replay; and, when
    ``lossy``, when the document written would not read back (our reader, then a replay, would
    refuse it): what --lossy writes always reads back."""
    doc = egn_document(record, lossy)
    if lossy:
        from euchre_records.match import replay
        try:
            replay(egn_to_record(doc))
        except RecordError as exc:
            raise not_read_back(exc) from None
    return doc


def is_egn(data: object) -> bool:
    """True when ``data`` (parsed JSON) declares itself an EGN document."""
    return isinstance(data, dict) and data.get("fileType") == FILE_TYPE


_WHERE_RE = re.compile(r"^(deals\[\d+\])\.(calls|tricks|discard|turned|hands\.[NESW]|dealer|unfinished)(.*)$")
_SEAT_INDEX = {"N": 0, "E": 1, "S": 2, "W": 3}


def egn_where(where: str) -> str:
    """Translate a location in our model (as the engine reports it) into the EGN document's.

    Assumes EGN's usual layout: the bidding phase first, then the trick play.

    >>> egn_where("deals[3].tricks[2][1]"), egn_where("deals[0].hands.S[4]")
    ('deals[3].phases[1].tricks[2][1]', 'deals[0].initialState.playerCards[2][4]')
    """
    m = _WHERE_RE.match(where)
    if m is None:
        return where
    deal, field, rest = m.groups()
    if field.startswith("hands."):
        return f"{deal}.initialState.playerCards[{_SEAT_INDEX[field[-1]]}]{rest}"
    mapped = {"calls": "phases[0].calls", "discard": "phases[0].discard", "tricks": "phases[1].tricks",
              "turned": "initialState.upCard", "dealer": "initialState.dealer",
              "unfinished": "phases"}[field]
    return f"{deal}.{mapped}{rest}"


def egn_text_to_record(text: str | bytes) -> Record:
    """An EGN document given as JSON text (syntax errors: NotationError with line and column)."""
    return egn_to_record(parse_json(text))


def _version(data: dict[str, Any], bad: list[Problem]) -> tuple[dict[str, Any], list[str]]:
    """The document in 1.4 form and the notes of an upgrade (``version`` problems into ``bad``)."""
    version = data.get("version")
    if isinstance(version, str) and VERSION_RE.fullmatch(version):
        return data, []
    if isinstance(version, str) and LEGACY_VERSION_RE.fullmatch(version):
        return upgrade_legacy(data)
    bad.append(Problem("version", f"EGN version {version!r} is not one this reader knows: it reads "
                                  "1.2, 1.3 and 1.4 directly and 1.0 and 1.1 through EGN's upgrade; "
                                  "convert the file to EGN 1.4 (EGN's egn-upgrade tool) and read it "
                                  "again"))
    return data, []


def egn_to_record(data: object) -> Record:
    """Convert a parsed EGN document (a dict, as an EMN file embeds it) into a :class:`Record`
    (rules: ``modern`` + overrides).

    Every deal is converted even when an earlier one fails, so that all problems are reported
    at once; UnsupportedRules wins over NotationError when both occur.
    """
    if not is_egn(data):
        raise NotationError(f"not an EGN document: fileType must be {FILE_TYPE!r}", "fileType")
    assert isinstance(data, dict)
    bad: list[Problem] = []
    unsupported: list[Problem] = []
    data, provenance = _version(data, bad)
    for key in data:
        if key not in _TOP:
            bad.append(Problem(str(key), "unknown EGN field"))
    try:
        meta = field(data, "metadata", "", OBJECT, optional=False)
    except NotationError as exc:
        raise NotationError(bad + list(exc.problems)) from None
    for key in meta:
        if key not in _META:
            bad.append(Problem(f"metadata.{key}", "unknown EGN metadata field"))
    rules = None
    try:
        rules = to_rules(meta.get("ruleset"))
    except UnsupportedRules as exc:
        unsupported += _problems(exc)
    except NotationError as exc:
        bad += _problems(exc)
    players = _players(meta.get("players"), bad, unsupported)
    start = _score(meta.get("initialScore"), "metadata.initialScore", bad, required=True)
    final = _score(meta.get("finalScore"), "metadata.finalScore", bad, required=False)
    deals: list[Deal] = []
    stops: list[tuple[int, str]] = []
    try:
        raw_deals = field(data, "deals", "", LIST, optional=False, what="a list of deals")
    except NotationError as exc:
        bad += _problems(exc)
        raw_deals = []
    for i, raw in enumerate(raw_deals):
        try:
            deal, stop, notes = _deal(raw, f"deals[{i}]", i + 1)
        except UnsupportedRules as exc:
            unsupported += _problems(exc)
        except NotationError as exc:
            bad += _problems(exc)
        else:
            deals.append(deal)
            provenance += notes
            if stop is not None:
                stops.append((i, stop))
    for i, stop in stops:   # a deal broken off inside the game: unfinished, and the game goes on
        if i != len(raw_deals) - 1:
            provenance.append(f"deals[{i}]: the deal stops {stop} and deals follow: read as "
                              "unfinished (nothing scored for it); the game goes on with the next deal")
    if unsupported:
        raise UnsupportedRules(unsupported)
    if bad:
        raise NotationError(bad)
    assert rules is not None
    deals = settle_kinds(deals, rules)   # a kitty exchange is a farmer's or going under, by the rules
    if final is not None:
        if not deals:
            raise NotationError("a finalScore needs at least one deal", "metadata.finalScore")
        last = deals[-1]
        deals[-1] = replace(last, recorded=RecordedScore(total=final))
    try:
        date, description = date_in(_egn_date(meta), _text(meta, "description"))
        event = Event(event=_label(meta, "title"), notes=description, date=date,
                      game_id=_label(meta, "gameId"))
    except NotationError as exc:
        raise NotationError(bad + list(exc.problems)) from None
    return Record(rules=rules, deals=tuple(deals), event=event, players=players,
                  start_score=start or (0, 0), provenance=tuple(provenance))


def _problems(exc: RecordError) -> list[Problem]:
    return list(exc.problems)


def _egn_date(meta: dict[str, Any]) -> str | None:
    """EGN's date-time (``2026-06-02 19:02`` allowed) in our ISO 8601 form (``T`` before a time)."""
    value = _text(meta, "date")
    if value is not None and len(value) > 11 and value[10] == " " and value[:4].isdigit():
        value = value[:10] + "T" + value[11:]
    return value


def _text(meta: dict[str, Any], key: str) -> str | None:
    return field(meta, key, "metadata", TEXT)  # type: ignore[no-any-return]


def _label(meta: dict[str, Any], key: str) -> str | None:
    """A one-line text of the metadata (a title, a game id): as the notation's labels, no
    control, bidirectional or invisible characters (schema/basefields.label_problem)."""
    value = _text(meta, key)
    problem = label_problem(value) if value is not None else None
    if problem:
        raise NotationError(problem, f"metadata.{key}")
    return value


def _score(value: object, where: str, bad: list[Problem], required: bool) -> tuple[int, int] | None:
    if value is None:
        if required:
            bad.append(Problem(where, "missing: the scores of team 0/2 and team 1/3"))
        return None
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        bad.append(Problem(where, f"expected [team 0/2, team 1/3] as two integers, not {value!r}"))
        return None
    if not all(-POINTS_LIMIT <= v <= POINTS_LIMIT for v in value):
        bad.append(Problem(where, f"scores out of range: each must be within -{POINTS_LIMIT} "
                                  f"to {POINTS_LIMIT}"))
        return None
    return (value[0], value[1])


def _players(value: object, bad: list[Problem], unsupported: list[Problem]) -> tuple[tuple[Seat, Player], ...]:
    if not isinstance(value, list):
        bad.append(Problem("metadata.players", "expected a list of player names (player 0 first)"))
        return ()
    if len(value) > 4:
        unsupported.append(Problem("metadata.players", f"{len(value)} players: only the four-handed "
                                                       "partnership game is supported"))
        return ()
    out = []
    for i, p in enumerate(value):
        where = f"metadata.players[{i}]"
        name = p if isinstance(p, str) else p.get("name") if isinstance(p, dict) else None
        problem = label_problem(name) if isinstance(name, str) else None
        if problem:  # as the notation refuses it: a newline or a bidi control in a name
            bad.append(Problem(where if isinstance(p, str) else f"{where}.name", problem))
        elif isinstance(p, str):
            if p:
                out.append((SEATS[i], Player(p)))
        elif isinstance(p, dict) and isinstance(p.get("name"), str):
            extra = set(p) - {"id", "name", "playerIds"}
            if extra:
                bad.append(Problem(where, f"unknown player field(s): {', '.join(sorted(map(str, extra)))}"))
            pid = p.get("id")
            if pid is not None and (not isinstance(pid, str) or label_problem(pid)):
                bad.append(Problem(f"{where}.id", "expected a string" if not isinstance(pid, str)
                                   else str(label_problem(pid))))
                pid = None
            out.append((SEATS[i], Player(p["name"], pid, _ids(p.get("playerIds"), where, bad))))
        else:
            bad.append(Problem(where, "expected a name or an object with a name"))
    return tuple(out)


def _ids(value: object, where: str, bad: list[Problem]) -> tuple[ExternalId, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        bad.append(Problem(f"{where}.playerIds", "expected a list of {id, source} objects"))
        return ()
    out = []
    for j, item in enumerate(value):
        if (not isinstance(item, dict) or set(item) != {"id", "source"}
                or not all(isinstance(item[k], str) for k in ("id", "source"))):
            bad.append(Problem(f"{where}.playerIds[{j}]", "expected {\"id\": text, \"source\": text}"))
            continue
        out.append(ExternalId(item["id"], item["source"]))
    return tuple(out)


def _tokens(raw: dict[str, Any], where: str) -> list[object]:
    """Every card token written in a deal (to tell whether it writes its suits generically);
    the lists it walks are typed (a number where a list of lines belongs: NotationError there)."""
    out: list[object] = []
    state = raw.get("initialState")
    if isinstance(state, dict):
        out.append(state.get("upCard"))
        hands = state.get("playerCards")
        if isinstance(hands, list):
            out += [c for h in hands if isinstance(h, list) for c in h]
    lines = [(raw, where)] + [(x, at) for x, at in items(raw.get("alternativeLines"),
                                                          f"{where}.alternativeLines")
                              if isinstance(x, dict)]
    for line, at in lines:
        for ph, _ in items(line.get("phases"), f"{at}.phases"):
            if isinstance(ph, dict):
                out.append(ph.get("discard"))
                tricks = ph.get("tricks")
                if isinstance(tricks, list):
                    out += [c for t in tricks if isinstance(t, list) for c in t]
    return out


def _deal(raw: object, where: str, number: int) -> tuple[Deal, str | None, list[str]]:
    """One deal: the Deal, where it stops when the record stops inside it (else None), and the
    notes of what reading it changed (generic suits mapped, partly known cards)."""
    if isinstance(raw, str):
        raise UnsupportedRules("a condensed (bitpacked) deal inside JSON: read the .egnb file "
                               "itself, or expand the deal into an object", where)
    typed(raw, where, OBJECT, what="a deal object")
    assert isinstance(raw, dict)
    problems = [Problem(f"{where}.{k}", "unknown EGN deal field") for k in raw
                if k not in ("dealNumber", "initialState", "phases", "alternativeLines")]
    if problems:
        raise NotationError(problems)
    state = field(raw, "initialState", where, OBJECT, optional=False,
                  what="the initialState object (dealer and upCard)")
    for k in state:
        if k not in ("dealer", "upCard", "playerCards"):
            raise NotationError("unknown EGN field", f"{where}.initialState.{k}")
    dealer_i = field(state, "dealer", f"{where}.initialState", WHOLE, optional=False,
                     what="a player index 0-3")
    if not 0 <= dealer_i <= 3:
        raise NotationError(f"expected a player index 0-3, not {dealer_i!r}", f"{where}.initialState.dealer")
    dealer = SEATS[dealer_i]
    phases = field(raw, "phases", where, LIST, optional=False,
                   what="a list of at most two phases")
    if len(phases) > 2:
        raise NotationError("expected a list of at most two phases", f"{where}.phases")
    bidding, play = split_phases(phases, f"{where}.phases")
    tokens = _tokens(raw, where)
    generic = any(is_generic(t) for t in tokens)
    up = state.get("upCard")
    up_at = f"{where}.initialState.upCard"
    calls: list[Call] = []
    if bidding is not None:
        b, bw = bidding
        calls = egn_calls(b.get("calls"), f"{bw}.calls", dealer)
    turned_suit = _turned_suit(up, up_at, generic, calls)
    trump = trump_of(calls, turned_suit)
    cards = CardReader(trump, generic)
    if generic and trump is None and turned_suit is None and any(c.kind.accepts for c in calls):
        trump = cards.trump = cards.suits["t"]   # the turned card (written "?t") was ordered up
    turned = cards.card(up, up_at)
    notes: list[str] = []
    if generic:
        read_as = ", ".join(f"{k}={v.value}" for k, v in cards.suits.items())
        notes.append(f"deal {number}: the suits are written generically (t trump, n next, g h the "
                     f"others); read as {read_as}" + (" (no real suit is named, so trump is taken "
                                                      "as spades)" if cards.trump_guessed else ""))
    if any(is_partly_known(t) for t in tokens):
        notes.append(f"deal {number}: partly known cards (such as 'Xc', 'Jx') are read as unknown "
                     "cards (??); the suit or rank they tell is not kept")
    hands = _hands(state.get("playerCards"), f"{where}.initialState.playerCards", cards)
    alone = False
    discard = None
    annotations: list[Annotation] = []
    exchanges: list[Exchange] = []
    if bidding is not None:
        b, bw = bidding
        alone = _flag(b, "isAlone", bw)
        exchanges = _exchanges(b, bw, cards)
        if "discard" in b:
            discard = cards.card(b["discard"], f"{bw}.discard", unknown_ok=True)
        annotations += annotations_in(b.get("callAnnotations"), "call", f"{bw}.callAnnotations")
        calls = with_alone(calls, alone, b.get("aloneDefender"), bw)
    tricks: list[Trick] = []
    if play is not None:
        p, pw = play
        tricks = egn_tricks(p, pw, cards, 1)
        if _flag(p, "isAlone", pw) and not alone:
            calls = with_alone(calls, True, None, pw)
        annotations += annotations_in(p.get("playAnnotations"), "card", f"{pw}.playAnnotations")
    alternatives = alternatives_in(raw.get("alternativeLines"), f"{where}.alternativeLines", dealer,
                                   turned_suit, calls, cards)
    stop = _stops(bidding is not None, calls, tricks)
    deal = Deal(kind=DealKind.FULL if hands is not None else DealKind.PLAYS, dealer=dealer,
                turned=turned, hands=hands, calls=tuple(calls), discard=discard, tricks=tuple(tricks),
                annotations=tuple(annotations), alternatives=tuple(alternatives),
                unfinished=stop is not None, exchanges=tuple(exchanges))
    return deal, stop, notes


def _turned_suit(up: object, where: str, generic: bool, calls: list[Call]) -> Suit | None:
    """The real suit of the turned card, or None when it is written generically (or is the joker)."""
    if not isinstance(up, str) or len(up) != 2 or up[0] == "X" or up[1] in "xX":
        if isinstance(up, str) and len(up) == 2:
            raise NotationError(f"the turned card must be known, not {up!r}", where)
        return None
    letter = up[1]
    if generic and letter in "tngh":
        named = next((c.suit for c in calls if c.kind is CallKind.NAME), None)
        if any(c.kind.accepts for c in calls) and letter != "t":
            raise NotationError(f"the turned card {up!r} is ordered up, so its suit is trump: "
                                "written generically it is 't'", where)
        if named is None:
            return None
        return CardReader(named, True).suits[letter]
    return CardReader(None, False).suit(letter)


def _exchanges(phase: dict[str, Any], where: str, cards: CardReader) -> list[Exchange]:
    """EGN ``cardExchanges`` (farmer's hand, partner's best, going under): schema/egn_exchanges.py."""
    return exchanges_in(phase.get("cardExchanges"), f"{where}.cardExchanges", cards)


def _stops(has_bidding: bool, calls: list[Call], tricks: list[Trick]) -> str | None:
    """Where the record stops inside the deal (EGN partial games), or None for a whole deal."""
    if not has_bidding:
        return "before the bidding"
    bids = bid_calls(calls)
    made = [c for c in bids if c.kind is not CallKind.PASS]
    if not made:
        return None if len(bids) >= 8 else f"during the bidding, after {len(bids)} call(s)"
    if not tricks:
        return "after the bidding"
    active = 4 - any(c.alone for c in made) - any(c.kind is CallKind.DEFEND_ALONE for c in calls)
    if len(tricks[-1].cards) < active:
        return f"inside trick {len(tricks)}"
    if len(tricks) < 5:
        return f"after trick {len(tricks)}"
    return None


def _flag(obj: dict[str, Any], key: str, where: str) -> bool:
    return field(obj, key, where, FLAG, optional=key not in obj,  # type: ignore[no-any-return]
                 default=False)


def _hands(value: object, where: str, cards: CardReader) -> tuple[tuple[Card | None, ...], ...] | None:
    """``playerCards``: up to four hands as dealt (player 0 first); an empty, short or missing
    hand is unknown cards (``None``), as are ``Xx``/``Xc``/``Jx`` tokens."""
    if value is None:
        return None
    typed(value, where, LIST, what="up to four hands as dealt (player 0 first)")
    assert isinstance(value, list)
    if len(value) > 4:
        raise NotationError("expected up to four hands as dealt (player 0 first)", where)
    hands = []
    for i in range(4):
        hand = typed(value[i] if i < len(value) else [], f"{where}[{i}]", LIST,
                     what="a hand of at most 5 cards as dealt")
        if len(hand) > 5:
            raise NotationError("expected a hand of at most 5 cards as dealt", f"{where}[{i}]")
        known = [cards.card(c, f"{where}[{i}][{j}]", unknown_ok=True) for j, c in enumerate(hand)]
        hands.append(tuple(known) + (None,) * (5 - len(known)))
    return tuple(hands)


def in_egn_terms(exc: RecordError) -> RecordError:
    """The same error located in the EGN document (``deals[0].phases[1].tricks[1][0]``) instead
    of in our model (``deals[0].tricks[1][0]``): for errors found replaying a record read from EGN."""
    return type(exc)([Problem(egn_where(p.where), p.what) for p in exc.problems])

