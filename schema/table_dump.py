"""The canonical dict and text of a record at a table of two, three or five (docs/FORMAT.md
"Tables of two, three and five"); re-exported by :mod:`.tables`.

Contract: ``dumps_table(load_table_record(json.loads(t))) == t`` for every canonical text ``t``
(:mod:`.table_load`): keys in documented order, empty values left out.
"""

from __future__ import annotations

from typing import Any

from euchre_records.cards import Card, card_name
from euchre_records.model import CallKind
from euchre_records.table import Table
from euchre_records.table_model import (
    TableCall, TableDeal, TableExchange, TableIrregularity, TableRecord,
)

from .json_text import indented
from .lean import lean_dump, plan_of
from .schemas import PLAYER_SCHEMA, EventSchema

__all__ = ["dump_table_record", "dumps_table"]

_EVENT_SCHEMA = EventSchema()
_EVENT_PLAN = plan_of(_EVENT_SCHEMA)
_PLAYER_PLAN = plan_of(PLAYER_SCHEMA)


def dump_table_record(record: TableRecord) -> dict[str, Any]:
    """The canonical dict: keys in documented order, empty values left out."""
    table = record.table
    out: dict[str, Any] = {"format": "euchre-records", "version": record.version}
    event = lean_dump(_EVENT_SCHEMA, record.event, _EVENT_PLAN)
    if event:
        out["event"] = event
    if record.players:
        out["players"] = {table.token(s): lean_dump(PLAYER_SCHEMA, p, _PLAYER_PLAN)
                          for s, p in record.players}
    rules: dict[str, Any] = {"preset": record.rules.name, "seats": table.seats}
    overrides = dict(record.rules.overrides) | dict(record.variant_overrides)
    if overrides:
        rules["overrides"] = dict(sorted(overrides.items()))
    out["rules"] = rules
    if any(record.start_score):
        out["start_score"] = list(record.start_score)
    out["deals"] = [_dump_deal(d, table) for d in record.deals]
    return out


def dumps_table(record: TableRecord) -> str:
    """The canonical text: 2-space indented JSON, UTF-8 kept, a final newline."""
    return indented(dump_table_record(record)) + "\n"


def _cards_text(cards: tuple[Card | None, ...]) -> str:
    return " ".join(card_name(c) for c in cards)


def _call_text(call: TableCall, table: Table) -> str:
    prefix = "" if call.seat is None else f"{table.token(call.seat)}: "
    word = ("NT" if call.kind is CallKind.NO_TRUMP else call.kind.value) if call.suit is None \
        else call.suit.value
    return prefix + word + (" alone" if call.alone else "")


def _dump_deal(deal: TableDeal, table: Table) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": deal.kind.value, "dealer": table.token(deal.dealer)}
    if deal.turned is not None:
        out["turned"] = deal.turned.name
    if deal.joker_suit is not None:
        out["joker_suit"] = deal.joker_suit.value
    if deal.hands is not None:
        out["hands"] = {table.token(s): _cards_text(h) for s, h in enumerate(deal.hands)}
    if deal.kitty is not None:
        out["kitty"] = _cards_text(deal.kitty)
    if deal.exchanges:
        out["exchanges"] = [_dump_exchange(x, table) for x in deal.exchanges]
    if deal.calls:
        out["calls"] = [_call_text(c, table) for c in deal.calls]
    if deal.called is not None:
        out["called"] = deal.called.name
    if deal.partner_stated:
        out["partner"] = None if deal.partner is None else table.token(deal.partner)
    if deal.discard is not None:
        out["discard"] = deal.discard.name
    if deal.tricks:
        out["tricks"] = [("" if t.leader is None else f"{table.token(t.leader)}: ") + _cards_text(t.cards)
                         for t in deal.tricks]
    if deal.outcome is not None:
        o = deal.outcome
        result: dict[str, Any] = {"maker": None if o.maker is None else table.token(o.maker)}
        if o.maker is not None:
            if o.trump is not None:
                result["trump"] = o.trump.value
            result["tricks"] = o.tricks
            if o.alone:
                result["alone"] = True
            if o.called is not None:
                result["called"] = o.called.name
            if o.partner_stated:
                result["partner"] = None if o.partner is None else table.token(o.partner)
        out["result"] = result
    if deal.irregularities:
        out["irregularities"] = [_dump_irregularity(i, table) for i in deal.irregularities]
    if deal.points is not None:
        out["points"] = list(deal.points)
    if deal.recorded is not None:
        sheet = {k: list(v) for k, v in (("points", deal.recorded.points), ("total", deal.recorded.total))
                 if v is not None}
        out["scoresheet"] = sheet
    if deal.unfinished:
        out["unfinished"] = True
    return out


def _dump_exchange(x: TableExchange, table: Table) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": x.kind.value, "seat": table.token(x.seat)}
    for key in ("gave", "took"):
        if getattr(x, key):
            out[key] = _cards_text(getattr(x, key))
    return out


def _dump_irregularity(i: TableIrregularity, table: Table) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": i.kind.value}
    if i.seat is not None:
        out["seat"] = table.token(i.seat)
    for key in ("trick", "tricks", "election", "cause", "note"):
        if getattr(i, key) is not None:
            out[key] = getattr(i, key)
    if i.card is not None:
        out["card"] = i.card.name
    return out
