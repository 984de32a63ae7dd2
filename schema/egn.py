"""EGN 1.4 (Euchre Game Notation, JSON) in and out: :func:`egn_to_record`, :func:`record_to_egn`.

Seats: EGN numbers the players 0-3 clockwise, partnerships 0/2 and 1/3; we read player 0 as N,
1 as E, 2 as S, 3 as W, so EGN team "0/2" is N-S and team "1/3" is E-W (``initialScore`` and
``finalScore`` are ``[N-S, E-W]``). EGN records no hands unless ``playerCards`` is given: without
it a deal loads as ``DealKind.PLAYS`` (hands inferred from the plays, discard often unknown); with
it as ``DealKind.FULL``. ``finalScore`` becomes the scoresheet total recorded on the last deal, so
a replay checks it. The full mapping and what EGN cannot express are in docs/INTEROP.md.

Contracts: ``egn_to_record`` raises NotationError (malformed EGN; every problem located by an EGN
path such as ``deals[2].phases[0].calls[3]``) or UnsupportedRules (a rule-set flag or feature we
do not play). ``record_to_egn(egn_to_record(d))`` equals ``d`` up to formatting and default flags.
"""

from __future__ import annotations

import re
from typing import Any

from euchre_records.cards import SEATS, Seat, Suit
from euchre_records.errors import NotationError, Problem, RecordError, UnsupportedRules
from euchre_records.model import (
    Annotation, Call, CallKind, Deal, DealKind, Event, Player, RecordedScore, Record, Trick,
)

from .basefields import POINTS_LIMIT
from .egn_cards import egn_calls, egn_card, egn_tricks
from .egn_lines import alternatives_in, annotations_in, split_phases, trump_of
from .egn_out import record_to_egn, egn_losses
from .egn_rules import to_rules

__all__ = [
    "FILE_TYPE", "is_egn", "egn_to_record", "record_to_egn", "egn_losses", "egn_where", "in_egn_terms",
]

FILE_TYPE = "Euchre Game Notation"
_TOP = {"fileType", "version", "metadata", "deals"}
_META = {"gameId", "title", "description", "players", "initialScore", "finalScore", "date", "ruleset"}


def is_egn(data: object) -> bool:
    """True when ``data`` (parsed JSON) declares itself an EGN document."""
    return isinstance(data, dict) and data.get("fileType") == FILE_TYPE


_WHERE_RE = re.compile(r"^(deals\[\d+\])\.(calls|tricks|discard|turned|hands\.[NESW]|dealer)(.*)$")
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
              "turned": "initialState.upCard", "dealer": "initialState.dealer"}[field]
    return f"{deal}.{mapped}{rest}"


def _problems(exc: RecordError) -> list[Problem]:
    return list(exc.problems)


def egn_to_record(data: object) -> Record:
    """Convert a parsed EGN document into a :class:`Record` (rules: ``modern`` + overrides).

    Every deal is converted even when an earlier one fails, so that all problems are reported
    at once; UnsupportedRules wins over NotationError when both occur.
    """
    if not is_egn(data):
        raise NotationError(f"not an EGN document: fileType must be {FILE_TYPE!r}", "fileType")
    assert isinstance(data, dict)
    bad: list[Problem] = []
    unsupported: list[Problem] = []
    for key in data:
        if key not in _TOP:
            bad.append(Problem(str(key), "unknown EGN field"))
    version = data.get("version")
    if not isinstance(version, str) or not version.startswith("1."):
        bad.append(Problem("version", f"expected an EGN 1.x version string, not {version!r}"))
    meta = data.get("metadata")
    if not isinstance(meta, dict):
        raise NotationError(bad + [Problem("metadata", "expected an object")])
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
    players = _players(meta.get("players"), bad)
    start = _score(meta.get("initialScore"), "metadata.initialScore", bad, required=True)
    final = _score(meta.get("finalScore"), "metadata.finalScore", bad, required=False)
    raw_deals = data.get("deals")
    deals: list[Deal] = []
    if not isinstance(raw_deals, list):
        bad.append(Problem("deals", "expected a list of deals"))
        raw_deals = []
    for i, raw in enumerate(raw_deals):
        try:
            deals.append(_deal(raw, f"deals[{i}]"))
        except UnsupportedRules as exc:
            unsupported += _problems(exc)
        except NotationError as exc:
            bad += _problems(exc)
    if unsupported:
        raise UnsupportedRules(unsupported)
    if bad:
        raise NotationError(bad)
    assert rules is not None
    if final is not None:
        if not deals:
            raise NotationError("a finalScore needs at least one deal", "metadata.finalScore")
        last = deals[-1]
        deals[-1] = Deal(**{**_fields(last), "recorded": RecordedScore(total=final)})
    event = Event(event=_text(meta, "title"), notes=_text(meta, "description"), date=_egn_date(meta))
    return Record(rules=rules, deals=tuple(deals), event=event, players=players,
                  start_score=start or (0, 0))


def _fields(deal: Deal) -> dict[str, Any]:
    return {name: getattr(deal, name) for name in deal.__dataclass_fields__}


def _egn_date(meta: dict[str, Any]) -> str | None:
    """EGN's date-time (``2026-06-02 19:02`` allowed) in our ISO 8601 form (``T`` before a time)."""
    value = _text(meta, "date")
    if value is not None and len(value) > 11 and value[10] == " " and value[:4].isdigit():
        value = value[:10] + "T" + value[11:]
    return value


def _text(meta: dict[str, Any], key: str) -> str | None:
    value = meta.get(key)
    if value is not None and not isinstance(value, str):
        raise NotationError(f"expected a string, not {value!r}", f"metadata.{key}")
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


def _players(value: object, bad: list[Problem]) -> tuple[tuple[Seat, Player], ...]:
    if not isinstance(value, list):
        bad.append(Problem("metadata.players", "expected a list of player names (player 0 first)"))
        return ()
    if len(value) > 4:
        bad.append(Problem("metadata.players", f"{len(value)} players; the four-handed game has 4"))
        return ()
    out = []
    for i, p in enumerate(value):
        where = f"metadata.players[{i}]"
        if isinstance(p, str):
            if p:
                out.append((SEATS[i], Player(p)))
        elif isinstance(p, dict) and isinstance(p.get("name"), str):
            extra = set(p) - {"id", "name", "playerIds"}
            if extra:
                bad.append(Problem(where, f"unknown player field(s): {', '.join(sorted(extra))}"))
            pid = p.get("id")
            if pid is not None and not isinstance(pid, str):
                bad.append(Problem(f"{where}.id", "expected a string"))
            out.append((SEATS[i], Player(p["name"], pid)))
        else:
            bad.append(Problem(where, "expected a name or an object with a name"))
    return tuple(out)


def _deal(raw: object, where: str) -> Deal:
    if isinstance(raw, str):
        raise UnsupportedRules("compact (string-encoded) EGN deals are not supported; expand them "
                               "into objects", where)
    if not isinstance(raw, dict):
        raise NotationError("expected a deal object", where)
    problems = [Problem(f"{where}.{k}", "unknown EGN deal field") for k in raw
                if k not in ("dealNumber", "initialState", "phases", "alternativeLines")]
    if problems:
        raise NotationError(problems)
    state = raw.get("initialState")
    if not isinstance(state, dict):
        raise NotationError("missing initialState (dealer and upCard)", f"{where}.initialState")
    for k in state:
        if k not in ("dealer", "upCard", "playerCards"):
            raise NotationError("unknown EGN field", f"{where}.initialState.{k}")
    dealer_i = state.get("dealer")
    if isinstance(dealer_i, bool) or not isinstance(dealer_i, int) or not 0 <= dealer_i <= 3:
        raise NotationError(f"expected a player index 0-3, not {dealer_i!r}", f"{where}.initialState.dealer")
    dealer = SEATS[dealer_i]
    turned = egn_card(state.get("upCard"), f"{where}.initialState.upCard")
    hands = _hands(state.get("playerCards"), f"{where}.initialState.playerCards")
    phases = raw.get("phases")
    if not isinstance(phases, list) or len(phases) > 2:
        raise NotationError("expected a list of at most two phases", f"{where}.phases")
    bidding, play = split_phases(phases, f"{where}.phases")
    calls: list[Call] = []
    alone = False
    discard = None
    annotations: list[Annotation] = []
    trump: Suit | None = None
    if bidding is not None:
        b, bw = bidding
        calls = egn_calls(b.get("calls"), f"{bw}.calls", dealer)
        trump = trump_of(calls, turned)
        alone = _flag(b, "isAlone", bw)
        if b.get("cardExchanges"):
            raise UnsupportedRules("card exchanges (farmer's hand, partner's best) are not supported",
                                   f"{bw}.cardExchanges")
        if "discard" in b:
            discard = egn_card(b["discard"], f"{bw}.discard", trump)
        annotations += annotations_in(b.get("callAnnotations"), "call", f"{bw}.callAnnotations")
        calls = _with_alone(calls, alone, b.get("aloneDefender"), bw)
    tricks: list[Trick] = []
    if play is not None:
        p, pw = play
        tricks = egn_tricks(p, pw, trump, 2)
        if _flag(p, "isAlone", pw) and not alone:
            calls = _with_alone(calls, True, None, pw)
        annotations += annotations_in(p.get("playAnnotations"), "trick", f"{pw}.playAnnotations")
    alternatives = alternatives_in(raw.get("alternativeLines"), f"{where}.alternativeLines", dealer,
                                   turned, calls, tricks)
    return Deal(kind=DealKind.FULL if hands is not None else DealKind.PLAYS, dealer=dealer,
                turned=turned, hands=hands, calls=tuple(calls), discard=discard, tricks=tuple(tricks),
                annotations=tuple(annotations), alternatives=tuple(alternatives))


def _flag(obj: dict[str, Any], key: str, where: str) -> bool:
    value = obj.get(key, False)
    if not isinstance(value, bool):
        raise NotationError(f"expected true or false, not {value!r}", f"{where}.{key}")
    return value


def _with_alone(calls: list[Call], alone: bool, defender: object, where: str) -> list[Call]:
    """Put the EGN ``isAlone`` flag on the maker's call; add the lone defender's call."""
    out = list(calls)
    makers = [i for i, c in enumerate(out) if c.kind.accepts or c.kind is CallKind.NAME]
    if alone:
        if not makers:
            raise NotationError("isAlone is set, but nobody made trump", f"{where}.isAlone")
        m = out[makers[0]]
        out[makers[0]] = Call(m.kind, m.seat, m.suit, True)
    if defender is not None and defender != -1:
        if isinstance(defender, bool) or not isinstance(defender, int) or not 0 <= defender <= 3:
            raise NotationError(f"expected a player index 0-3 or -1, not {defender!r}", f"{where}.aloneDefender")
        out.append(Call(CallKind.DEFEND_ALONE, SEATS[defender], alone=True))
    return out


def _hands(value: object, where: str) -> tuple[tuple[Any, ...], ...] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 4:
        raise NotationError("expected the four hands as dealt (player 0 first)", where)
    hands = []
    for i, hand in enumerate(value):
        if not isinstance(hand, list) or len(hand) != 5:
            raise NotationError("expected a hand of 5 cards as dealt", f"{where}[{i}]")
        hands.append(tuple(egn_card(c, f"{where}[{i}][{j}]", unknown_ok=True) for j, c in enumerate(hand)))
    return tuple(hands)


def in_egn_terms(exc: RecordError) -> RecordError:
    """The same error located in the EGN document (``deals[0].phases[1].tricks[1][0]``) instead
    of in our model (``deals[0].tricks[1][0]``): for errors found replaying a record read from EGN."""
    return type(exc)([Problem(egn_where(p.where), p.what) for p in exc.problems])
