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

from typing import Any

from euchre_records.cards import SEATS, Card, Suit
from euchre_records.errors import NotationError, RecordError, UnsupportedRules
from euchre_records.model import (
    Annotation, Call, CallKind, Deal, DealKind, Exchange, RecordedScore, Record, ReplayResult,
    Trick, replace,
)

from euchre_records.interop.json_access import FLAG, LIST, field, items, typed
from .cards import CardReader, egn_calls, egn_tricks, is_generic, is_partly_known
from .front import FILE_TYPE, VERSION_RE, Front, deal_head, each_deal, egn_players, is_egn, read_front
from .per_player import per_player_record
from .where import egn_where, in_egn_terms
from .lines import (active_players, alternatives_in, annotations_in, bid_calls, trump_of,
                    with_alone)
from .out import egn_document, egn_losses, not_read_back
from .exchanges import exchanges_in, settle_kinds
from euchre_records.schema.notation import parse_json

__all__ = [
    "FILE_TYPE", "VERSION_RE", "is_egn", "egn_to_any", "egn_to_record", "egn_text_to_record",
    "record_to_egn", "egn_losses", "egn_where", "in_egn_terms", "egn_players",
]

def record_to_egn(record: Record, lossy: bool = False) -> dict[str, Any]:
    """The EGN document of ``record``, at any table (a dict ready for ``json.dumps``;
    :func:`.out.egn_document`).

    Raises UnsupportedRules listing every problem when the record holds something EGN cannot
    express at all, or (unless ``lossy``) something whose loss would change a replay; and, when
    ``lossy``, when the document written would not read back (our reader, then a replay, would
    refuse it): what --lossy writes always reads back."""
    doc = egn_document(record, lossy)
    if lossy:
        try:
            _replayed(egn_to_any(doc))
        except RecordError as exc:
            raise not_read_back(exc) from None
    return doc


def _replayed(record: Record) -> ReplayResult:
    """The replay of a record at any table (a RecordError when it cannot have happened)."""
    from euchre_records.match import replay
    return replay(record)


def egn_text_to_record(text: str | bytes) -> Record:
    """An EGN document given as JSON text (syntax errors: NotationError with line and column)."""
    return egn_to_record(parse_json(text))


def egn_to_any(data: object) -> Record:
    """A parsed EGN document of any player count as our :class:`Record` at its table (two,
    three and five read by :mod:`.per_player`); 1, 6, 7 and 8 refused by
    name at ``metadata.ruleset.num_players``. Every deal is read even when an earlier one fails,
    so that all problems are reported at once, each located in the EGN document;
    UnsupportedRules wins over NotationError when both occur."""
    front = read_front(data, tables=True)
    if front.table is not None and not front.table.fixed_sides:
        return per_player_record(front)
    return _four_handed(front)


def egn_to_record(data: object) -> Record:
    """A parsed EGN document (a dict, as an EMN file embeds it) of the four-handed game as a
    :class:`Record` (rules: ``modern`` + overrides); other counts refused at
    ``metadata.ruleset.num_players`` (read them with :func:`egn_to_any`)."""
    return _four_handed(read_front(data, tables=False))


def _four_handed(front: Front) -> Record:
    """The four-handed record of a document whose shared part is read (``front``)."""
    bad, unsupported, provenance = front.bad, front.unsupported, front.provenance
    deals: list[Deal] = []
    stops: list[tuple[int, str]] = []
    raw_deals = front.raw_deals
    for i, (deal, stop, notes) in each_deal(front, lambda raw, where, i: _deal(raw, where, i + 1)):
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
    rules = front.rules
    assert rules is not None
    deals = settle_kinds(deals, rules)   # a kitty exchange is a farmer's or going under, by the rules
    if front.final is not None:
        if not deals:
            raise NotationError("a finalScore needs at least one deal", "metadata.finalScore")
        ns, ew = front.final
        deals[-1] = replace(deals[-1], recorded=RecordedScore(total=(ns, ew)))
    ns, ew = front.start or (0, 0)
    return Record(rules=rules, deals=tuple(deals), event=front.event,
                  players=tuple((SEATS[i], p) for i, p in front.players),
                  start_score=(ns, ew), provenance=tuple(provenance))


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
    state, dealer_i, _, bidding, play = deal_head(raw, where, 4)
    assert isinstance(raw, dict)
    dealer = SEATS[dealer_i]
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
    if len(tricks[-1].cards) < active_players(calls):
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
    return tuple(cards.hand(value[i] if i < len(value) else [], f"{where}[{i}]") for i in range(4))
