"""The dataset's tables as plain rows: a pure function of one record text, no I/O.

Contract: :func:`tables_of` turns one ``(source, text)`` into the rows it adds to each table of
:data:`COLUMNS` (tuples in column order). A valid record (findings or not) fills ``records``,
``players``, ``games``, ``deals``, ``calls``, ``plays`` and ``findings``; an invalid or impossible
one adds one ``errors`` row per located problem and nothing else. It never raises for a bad
record. The rows of the store tables (``calls`` included) are the store's own (``api/store/rows.py``,
docs/STORE.md),
keyed by the record's content hash instead of database ids, so the tables join with each other
and with a SQLite store made from the same records (``records.hash``).
"""

from __future__ import annotations

import json
from typing import Any

from euchre_records.cards import LEFT_OF, Seat, Suit, make_pack, power_table, trick_winner
from euchre_records.enum_text import SEAT_NAME, SUIT_VALUE
from euchre_records.errors import RecordError
from euchre_records.model import Deal, DealResult, FindingKind, Record, ReplayResult
from euchre_records.api.store.dump import unwrap
from euchre_records.api.store.ingest import prepare
from euchre_records.api.store.rows import Rows, rows_of

from .analysis_rows import ANALYSIS_COLUMNS, ANALYSIS_TABLES, analysis_rows

__all__ = ["DATASET_VERSION", "COLUMNS", "TABLES", "ALL_COLUMNS", "tables_for", "tables_of",
           "empty_tables"]

DATASET_VERSION = "2"
"""Version of the table layout (docs/DATASET.md); bumped whenever a column or table changes
(2: the optional analysis tables of ``--analysis``; 1 had none)."""

Row = tuple[Any, ...]
TableRows = dict[str, list[Row]]

# (name, type) per column; types: str, int, bool (nullable unless the docs say otherwise)
COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    "records": (
        ("record_id", "str"), ("source", "str"), ("format_version", "str"), ("rules", "str"),
        ("overrides", "str"), ("club", "str"), ("event", "str"), ("date", "str"),
        ("table", "str"), ("round", "str"), ("deals", "int"), ("findings", "int"),
        ("system", "str"), ("games", "int"), ("games_ns", "int"), ("games_ew", "int"),
        ("rubber_points_ns", "int"), ("rubber_points_ew", "int"), ("net", "int"),
        ("winner", "str"), ("finished", "bool"), ("canonical", "str")),
    "players": (
        ("record_id", "str"), ("seat", "str"), ("side", "str"), ("name", "str"), ("ref", "str")),
    "games": (
        ("record_id", "str"), ("game", "int"), ("first_deal", "int"), ("last_deal", "int"),
        ("start_ns", "int"), ("start_ew", "int"), ("score_ns", "int"), ("score_ew", "int"),
        ("winner", "str"), ("finished", "bool"), ("carried_ns", "int"), ("carried_ew", "int"),
        ("rubber_points_ns", "int"), ("rubber_points_ew", "int")),
    "deals": (
        ("record_id", "str"), ("game", "int"), ("deal", "int"), ("kind", "str"),
        ("dealer", "str"), ("turned", "str"), ("trump", "str"), ("maker", "str"),
        ("maker_side", "str"), ("alone", "bool"), ("defender_alone", "str"),
        ("thrown_in", "bool"), ("redeal", "bool"), ("euchred", "bool"), ("marched", "bool"),
        ("tricks_ns", "int"), ("tricks_ew", "int"), ("hand_points_ns", "int"),
        ("hand_points_ew", "int"), ("penalty_ns", "int"), ("penalty_ew", "int"),
        ("points_ns", "int"), ("points_ew", "int"), ("score_ns", "int"), ("score_ew", "int"),
        ("rules", "str"), ("overrides", "str")),
    "calls": (
        ("record_id", "str"), ("deal", "int"), ("call", "int"), ("round", "int"),
        ("seat", "str"), ("kind", "str"), ("suit", "str"), ("alone", "bool")),
    "plays": (
        ("record_id", "str"), ("deal", "int"), ("trick", "int"), ("position", "int"),
        ("seat", "str"), ("card", "str"), ("suit", "str"), ("led_suit", "str"),
        ("trump", "str"), ("follows", "bool"), ("winner", "str"), ("wins", "bool"),
        ("revoke", "bool")),
    "findings": (
        ("record_id", "str"), ("finding", "int"), ("deal", "int"), ("trick", "int"),
        ("seat", "str"), ("card", "str"), ("kind", "str"), ("status", "str"), ("rule", "str"),
        ("message", "str"), ("points_ns", "int"), ("points_ew", "int")),
    "errors": (
        ("source", "str"), ("kind", "str"), ("where", "str"), ("what", "str")),
}
TABLES = tuple(COLUMNS)
"""The tables every run writes; ``--analysis`` adds ``bulk.analysis_rows.ANALYSIS_TABLES``."""

ALL_COLUMNS = {**COLUMNS, **ANALYSIS_COLUMNS}


def tables_for(analysis: bool) -> tuple[str, ...]:
    """The tables a run writes: the core ones, and the analysis ones with ``analysis``."""
    return TABLES + ANALYSIS_TABLES if analysis else TABLES

_BOOL_FIELDS = {name: {i for i, (_, t) in enumerate(cols) if t == "bool"}
                for name, cols in COLUMNS.items()}


def empty_tables(analysis: bool = False) -> TableRows:
    """One empty row list per table (the analysis tables too with ``analysis``)."""
    return {name: [] for name in tables_for(analysis)}


def tables_of(source: str, text: str, into: TableRows | None = None,
              analysis: bool = False) -> TableRows:
    """The rows one record text adds to each table (see module contract), appended to ``into``;
    with ``analysis``, the double-dummy analysis tables too (``bulk.analysis_rows``)."""
    out = into if into is not None else empty_tables(analysis)
    try:
        sub = prepare(unwrap(text)[0])   # a line of a store's dump: the record it holds
    except RecordError as exc:
        out["errors"].extend((source, exc.kind, p.where, p.what) for p in exc.problems)
        return out
    except RecursionError:  # defensive: the parser refuses deep nesting, this is a last guard
        out["errors"].append((source, "notation", "", "the document is nested too deeply"))
        return out
    rows = rows_of(sub)
    key = rows.hash
    record, result = sub.record, sub.result
    overrides = json.dumps(dict(record.rules.overrides), sort_keys=True, ensure_ascii=False,
                           separators=(",", ":"))
    head = rows.record  # hash, canonical, result, version, rules, club, event, date, table, round, deals, findings
    rb = rows.rubber    # system, games, games_ns, games_ew, rp_ns, rp_ew, net, winner, finished
    out["records"].append((key, source, head[3], head[4], overrides, *head[5:12],
                           *rb[:8], bool(rb[8]), head[1]))
    out["players"].extend((key, *seat) for seat in rows.seats)
    out["games"].extend(_bools("games", (key, *g)) for g in rows.games)
    out["deals"].extend(_bools("deals", (key, *d, head[4], overrides)) for d in rows.deals)
    out["findings"].extend((key, i, *f) for i, f in enumerate(rows.findings, 1))
    _calls_and_plays(key, rows, record, result, out)
    if analysis:
        analysis_rows(key, record, result, out)
    return out


_BOOL_INDEXES = {name: tuple(sorted(idx)) for name, idx in _BOOL_FIELDS.items()}


def _bools(table: str, row: Row) -> Row:
    """The store keeps flags as 0/1; the dataset types them as booleans."""
    out = list(row)
    for i in _BOOL_INDEXES[table]:
        if out[i] is not None:
            out[i] = bool(out[i])
    return tuple(out)


def _calls_and_plays(key: str, rows: Rows, record: Record, result: ReplayResult,
                     out: TableRows) -> None:
    revokes = {(f.deal, f.trick, f.seat) for f in result.findings
               if f.kind is FindingKind.REVOKE and f.seat is not None}
    out["calls"].extend((key, *c) for c in rows.calls)   # the store's own calls rows
    for d in result.deals:
        if not 1 <= d.number <= len(record.deals):
            continue
        deal = record.deals[d.number - 1]
        out["plays"].extend(play_rows(deal, d, revokes, (key, d.number)))


_CARD_NAME = {card: card.name for card in make_pack(32, joker=True)}
_EFFECTIVE = {trump: {card: SUIT_VALUE[suit] for card, (suit, _) in power_table(trump).items()}
              for trump in Suit}
"""By trump: every card's suit letter under it (bowers and the joker are trumps)."""


def _seat_orders(skip: frozenset[Seat]) -> dict[Seat, tuple[Seat, ...]]:
    """By leader: the seats that play to a trick in turn, clockwise, past the ``skip`` seats."""
    orders = {}
    for leader in Seat:
        seats, seat = [], leader
        for _ in range(4):
            seats.append(seat)
            seat = LEFT_OF[seat]
            while seat in skip:
                seat = LEFT_OF[seat]
        orders[leader] = tuple(seats)
    return orders


_ORDERS = {skip: _seat_orders(skip) for skip in (
    frozenset(), *(frozenset((s,)) for s in Seat), *(frozenset((a, b)) for a in Seat for b in Seat
                                                        if a < b and a.side is not b.side))}
"""By the seats that sit out (none, a lone hand's partner, or one partner of each side)."""


def play_rows(deal: Deal, d: DealResult, revokes: set[tuple[int | None, int | None, Seat | None]],
              head: Row = ()) -> list[Row]:
    """``head + (trick, position, seat, card, suit, led_suit, trump, follows, winner, wins,
    revoke)`` per card played. Seats follow the trick's leader as the replay found it
    (``DealResult.leaders``) clockwise, skipping the partners of a lone maker and of a lone
    defender; ``suit`` is the card's suit under trump (bowers and the joker are trumps);
    ``revoke`` marks a card the replay found a revoke with (same deal, trick and seat)."""
    trump = d.trump
    if trump is None or not deal.tricks or len(d.leaders) < len(deal.tricks):
        return []
    skip: frozenset[Seat] = frozenset()
    if d.alone and d.maker is not None:
        skip = frozenset((d.maker.partner,))
    if d.defender_alone is not None:
        skip = skip | {d.defender_alone.partner}
    orders = _ORDERS.get(skip) or _seat_orders(skip)
    effective, name, seat_name, trump_letter = _EFFECTIVE[trump], _CARD_NAME, SEAT_NAME, SUIT_VALUE[trump]
    number, leaders = d.number, d.leaders
    rows: list[Row] = []
    append = rows.append
    for t, trick in enumerate(deal.tricks, 1):
        cards = trick.cards
        if not cards:
            continue
        seats = orders[leaders[t - 1]]
        win = trick_winner(cards, trump)
        led = effective[cards[0]]
        winner = seat_name[seats[win]]
        for j, c in enumerate(cards):
            own = effective[c]
            s = seats[j]
            append((*head, t, j + 1, seat_name[s], name[c], own, led, trump_letter, own == led,
                    winner, j == win, bool(revokes) and (number, t, s) in revokes))
    return rows
