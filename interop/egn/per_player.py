"""EGN games of two, three and five players as our records at a table of n
(:class:`Record`): the part of the one EGN reader (:func:`.document.egn_to_any`) that
differs where scores are kept per player. The document's shared part (:mod:`.front`) is read
alike at every table; here each deal becomes a deal of our n-handed notation, which
``load_table_record`` then checks, its problems said in the EGN document's terms (:mod:`.where`).

EGN's players are numbered 0 .. n-1 clockwise, as our seats at a table of n are (docs/TABLES.md),
so EGN player i is our seat i, its ``dealer`` our dealer, its calls run from the dealer's left,
n to a round, and its tricks hold n cards in the order played. What EGN cannot carry at these
tables, item by item, is in docs/INTEROP.md "Tables of two, three and five": the five-handed
called card and lone maker are call annotations (:mod:`.called`); at two and three the maker
always plays alone, so ``isAlone: true`` or a lone defender is an invalid game, refused with the
rule; card exchanges with the kitty (going under, farmers) are read with the kitty at index n,
the first past the players (:func:`.exchanges.kitty_index`); alternative lines, play
annotations are refused as not yet taken, and a turned joker because EGN cannot say which suit
the dealer named (``joker_suit``), as the writer refuses it; the no-trump call ``"n"`` is read.

Contract: :func:`per_player_record` raises NotationError or UnsupportedRules, every problem
located in the EGN document (``deals[0].phases[1].tricks[2]``, ``metadata.ruleset.num_players``);
``egn_to_any(record_to_egn(r))`` equals ``r`` in everything EGN carries.
"""

from __future__ import annotations

from typing import Any

from euchre_records.cards import JOKER, Card, Suit, card_name
from euchre_records.errors import NotationError, Problem, RecordError, UnsupportedRules
from euchre_records.model import CallKind, Record
from euchre_records.rules import Rules, preset
from euchre_records.schema.tables import load_table_record
from euchre_records.table import Table
from euchre_records.deal import VARIANT_CITES
from euchre_records.interop.json_access import FLAG, LIST, OBJECT, field, typed

from .called import ALONE_NOTE, called_in, not_yet
from .cards import CardReader, egn_call
from .exchanges import kitty_kind, kitty_swaps_in
from .front import Front, deal_head, each_deal
from .where import egn_where

__all__ = ["per_player_record"]


def per_player_record(front: Front) -> Record:
    """The record at a table of 2, 3 or 5 of a document whose shared part is read (``front``;
    ``modern`` rules with the rule set's overrides, as for four hands)."""
    table = front.table
    assert table is not None
    bad, unsupported = front.bad, front.unsupported
    doc: dict[str, Any] = {"format": "euchre-records", "version": "1.0"}
    ev = front.event
    event = {k: getattr(ev, k) for k in ("event", "notes", "date", "game_id")
             if getattr(ev, k) is not None}
    if event:
        doc["event"] = event
    if front.players:
        doc["players"] = {str(i): _player(p) for i, p in front.players}
    if front.rules is not None:
        base = preset("modern").option_values()
        overrides = {k: v for k, v in front.rules.option_values().items() if base[k] != v}
        doc["rules"] = {"preset": "modern", "seats": table.seats, "overrides": overrides}
    if front.start is not None and any(front.start):
        doc["start_score"] = list(front.start)
    rules = front.rules if front.rules is not None else preset("modern")
    read = each_deal(front, lambda raw, where, _: _deal(raw, where, table, rules))
    deals = [deal for _, (deal, _) in read]
    phases_at = [at for _, (_, at) in read]
    if front.final is not None:
        if not deals:
            bad.append(Problem("metadata.finalScore", "a finalScore needs at least one deal"))
        else:
            deals[-1]["scoresheet"] = {"total": list(front.final)}
    if unsupported:
        raise UnsupportedRules(unsupported)
    if bad:
        raise NotationError(bad)
    doc["deals"] = deals
    try:
        return load_table_record(doc)  # type: ignore[no-any-return]
    except RecordError as exc:
        raise type(exc)([Problem(egn_where(p.where, phases_at), p.what)
                         for p in exc.problems]) from None


def _player(p: Any) -> dict[str, Any]:
    """A player as our n-handed notation writes him."""
    out: dict[str, Any] = {"name": p.name}
    if p.id is not None:
        out["id"] = p.id
    if p.ids:
        out["ids"] = [{"id": x.id, "source": x.source} for x in p.ids]
    return out


def _deal(raw: object, where: str, table: Table, rules: Rules
          ) -> tuple[dict[str, Any], tuple[int | None, int | None]]:
    """One EGN deal as a deal of our n-handed notation, with the index of its bidding phase and
    of its trick-play phase (for locating problems)."""
    count = table.seats
    state, dealer, phases, bidding, play = deal_head(raw, where, count)
    assert isinstance(raw, dict)
    if raw.get("alternativeLines"):
        raise UnsupportedRules(not_yet("alternative lines"), f"{where}.alternativeLines")
    calls: list[str] = []
    maker_at: int | None = None
    trump = None
    up = state.get("upCard")
    up_at = f"{where}.initialState.upCard"
    turned = CardReader(None, False).card(up, up_at)
    if turned is JOKER:
        raise UnsupportedRules("a turned joker: EGN cannot record the suit the dealer named "
                               "(joker_suit), so the deal cannot be replayed", up_at)
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
            said = egn_call(token, f"{bw}.calls[{k}]",
                            "is not taken at tables of two, three and five")
            if said is CallKind.ORDER:
                calls.append("take" if seat == dealer else "order")
                trump = turned.suit if turned is not None else None
            elif said is CallKind.NO_TRUMP:   # house rule allow_no_trump; the replay checks it is on
                calls.append("NT")
                trump = None
            else:
                assert isinstance(said, Suit)
                calls.append(said.value)
                trump = said
            maker_at = k
        if _flag(b, "isAlone", bw):
            _refuse_alone(table, f"{bw}.isAlone")
        defender = b.get("aloneDefender", -1)
        if defender not in (-1, None):
            if table.maker_alone:
                raise NotationError(f"no lone defender in the {table.variant.value} game: the "
                                    "defenders have no partner to leave out (the maker plays alone "
                                    f"against the rest; {VARIANT_CITES[table.variant]}; VARIANTS.md)",
                                    f"{bw}.aloneDefender")
            raise UnsupportedRules("no lone defender at a table of two, three or five",
                                   f"{bw}.aloneDefender")
        reader = CardReader(trump, False)
        if b.get("cardExchanges"):   # with the kitty: the kind (farmers, go-under) by the rules
            out["exchanges"] = [
                {"kind": kitty_kind(rules, gave).value, "seat": str(seat),
                 "gave": " ".join(card_name(c) for c in gave),
                 "took": " ".join(card_name(c) for c in took)}
                for seat, gave, took in kitty_swaps_in(b["cardExchanges"], f"{bw}.cardExchanges",
                                                       reader, count)]
        if "discard" in b:
            out["discard"] = card_name(reader.card(b["discard"], f"{bw}.discard", unknown_ok=True))
        notes = typed(b.get("callAnnotations"), f"{bw}.callAnnotations", OBJECT, optional=True,
                      default={}, what="an object of annotations keyed by index")
        if calls:
            out["calls"] = calls
        called_in(notes, maker_at, table, f"{bw}.callAnnotations", reader, out)
    reader = CardReader(trump, False)
    hands = state.get("playerCards")
    if hands is not None:
        h_at = f"{where}.initialState.playerCards"
        typed(hands, h_at, LIST, what=f"the {count} hands as dealt (player 0 first)")
        assert isinstance(hands, list)
        if len(hands) > count:
            raise NotationError(f"{len(hands)} hands for {count} players", h_at)
        out["kind"] = "full"
        out["hands"] = {str(i): " ".join(card_name(c) for c in
                                         reader.hand(hands[i] if i < len(hands) else [], f"{h_at}[{i}]"))
                        for i in range(count)}
    tricks: list[list[Card]] = []
    if play is not None:
        p, pw = play
        p_index = phases.index(p)
        if _flag(p, "isAlone", pw):
            _refuse_alone(table, f"{pw}.isAlone")
        if p.get("playAnnotations"):
            raise UnsupportedRules(not_yet("annotations"), f"{pw}.playAnnotations")
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


def _refuse_alone(table: Table, where: str) -> None:
    """``isAlone: true`` at ``table``: an invalid game where the rules have no lone hand (the
    maker always alone: two-handed, cut-throat; VARIANTS.md: Keller, "no lone hands in the
    two-handed game in the sense of the four-handed game"; cut-throat's maker "plays alone
    against the other two"), with the rule; at five hands not EGN's way of writing the lone
    maker (it would seat a player out)."""
    count = table.seats
    if table.maker_alone:
        raise NotationError(f"the {table.variant.value} game has no lone hands: the maker always "
                            f"plays alone against the rest, nobody sits out and every trick holds "
                            f"{count} cards ({VARIANT_CITES[table.variant]}; VARIANTS.md), so isAlone "
                            "must be false", where)
    raise UnsupportedRules(f"isAlone seats the maker's partner out (a trick of {count - 1} cards); "
                           "the five-handed game has no such hand: nobody sits out, every trick "
                           f"holds {count} cards (VARIANTS.md), and a five-handed maker going alone "
                           f"is written as the call annotation {ALONE_NOTE!r}", where)
