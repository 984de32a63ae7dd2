"""The canonical dict and text of a record, at every table: the one dumper of the notation.

- :func:`dump_record` / :func:`dumps`: a four-handed :class:`Record` (the marshmallow schemas'
  fields, through :func:`.lean.lean_dump`);
- :func:`dump_table_record` / :func:`dumps_table`: a :class:`Record` at a table of two,
  three or five (docs/FORMAT.md "Tables of two, three and five"), written with the four-handed
  writers wherever the fields are the same: the event and the players (their schemas), card
  strings and tricks (:mod:`.card_text`, compiled where built), calls (:func:`.playfields.written_call`),
  the one text writer (:func:`indented_json`); only the seat tokens ("0" .. "n-1") differ.

Contracts: ``load_record(dump_record(r)) == r`` and ``dumps(loads(t)) == t`` for every
four-handed record and canonical text; ``load_table_record(dump_table_record(r)) == r`` and
``dumps_table(load_table_record(json.loads(t))) == t`` at the other tables: keys in documented
order, empty values left out. :mod:`.notation` re-exports the four-handed pair, :mod:`.tables`
the n-handed one.
"""

from __future__ import annotations

from typing import Any

from euchre_records.model import Record, Deal, Exchange, Irregularity, Outcome
from euchre_records.table import Table

from .cardfields import cards_text
from .json_text import indented
from .lean import lean_dump, plan_of
from .playfields import tricks_text, written_call
from .schemas import PLAYER_SCHEMA, RECORD_SCHEMA, EventSchema

__all__ = ["dump_record", "dumps", "indented_json", "dump_table_record", "dumps_table",
           "written_overrides"]

_RECORD_PLAN = plan_of(RECORD_SCHEMA)
_EVENT_SCHEMA = EventSchema()
_EVENT_PLAN = plan_of(_EVENT_SCHEMA)
_PLAYER_PLAN = plan_of(PLAYER_SCHEMA)


def dump_record(record: Record) -> dict[str, Any]:
    """The canonical dict of a record: fields in documented order, empty/None fields omitted."""
    out: dict[str, Any] = lean_dump(RECORD_SCHEMA, record, _RECORD_PLAN)
    return out


def dumps(record: Record) -> str:
    """The canonical text of a record: 2-space indented JSON, UTF-8 characters kept, final newline.

    Exactly ``json.dumps(dump_record(record), indent=2, ensure_ascii=False) + "\\n"`` (a test
    holds them equal), written by orjson (schema/json_text.py): the canonical text is made for
    every record stored."""
    return indented_json(dump_record(record)) + "\n"


def indented_json(value: Any) -> str:
    """``json.dumps(value, indent=2, ensure_ascii=False)`` for float-free values of dicts with
    string keys, lists, strings, integers, booleans and None (schema/json_text.py)."""
    return indented(value)


def dump_table_record(record: Record) -> dict[str, Any]:
    """The canonical dict of a record at a table of n: keys in documented order, empty values
    left out."""
    table = record.table
    out: dict[str, Any] = {"format": "euchre-records", "version": record.version}
    event = lean_dump(_EVENT_SCHEMA, record.event, _EVENT_PLAN)
    if event:
        out["event"] = event
    if record.players:
        out["players"] = {table.token(s): lean_dump(PLAYER_SCHEMA, p, _PLAYER_PLAN)
                          for s, p in record.players}
    rules: dict[str, Any] = {"preset": record.rules.name, "seats": table.seats}
    overrides = written_overrides(record)
    if overrides:
        rules["overrides"] = dict(sorted(overrides.items()))
    out["rules"] = rules
    if any(record.start_score):
        out["start_score"] = list(record.start_score)
    prefixes = {s: f"{table.token(s)}: " for s in table.all_seats}
    out["deals"] = [_dump_deal(d, table, prefixes) for d in record.deals]
    return out


def written_overrides(record: Record) -> dict[str, Any]:
    """The record's ``rules.overrides`` as its canonical text writes them (at any table; key
    order aside): the rule options written, and at a table of n the variant's options as
    written (``Record.variant_overrides``, always empty at four), read from the record without
    dumping it."""
    return dict(record.rules.overrides) | dict(record.variant_overrides)


def dumps_table(record: Record) -> str:
    """The canonical text of a record at a table of n: as :func:`dumps`'s."""
    return indented_json(dump_table_record(record)) + "\n"


def _seat(seat: int | None, table: Table) -> str | None:
    return None if seat is None else table.token(seat)


def _dump_deal(deal: Deal, table: Table, prefixes: dict[Any, str]) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": deal.kind.value, "dealer": table.token(deal.dealer)}
    if deal.turned is not None:
        out["turned"] = deal.turned.name
    if deal.joker_suit is not None:
        out["joker_suit"] = deal.joker_suit.value
    if deal.hands is not None:
        out["hands"] = {table.token(s): cards_text(h) for s, h in enumerate(deal.hands)}
    if deal.kitty is not None:
        out["kitty"] = cards_text(deal.kitty)
    if deal.exchanges:
        out["exchanges"] = [_dump_exchange(x, table) for x in deal.exchanges]
    if deal.calls:
        out["calls"] = [written_call(c, _seat(c.seat, table)) for c in deal.calls]
    if deal.called is not None:
        out["called"] = deal.called.name
    if deal.partner_stated:
        out["partner"] = _seat(deal.partner, table)
    if deal.discard is not None:
        out["discard"] = deal.discard.name
    if deal.tricks:
        out["tricks"] = tricks_text(deal.tricks, prefixes)
    if deal.outcome is not None:
        out["result"] = _dump_outcome(deal.outcome, table)
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


def _dump_outcome(o: Outcome, table: Table) -> dict[str, Any]:
    result: dict[str, Any] = {"maker": _seat(o.maker, table)}
    if o.maker is not None:
        if o.trump is not None:
            result["trump"] = o.trump.value
        result["tricks"] = o.tricks
        if o.alone:
            result["alone"] = True
        if o.called is not None:
            result["called"] = o.called.name
        if o.partner_stated:
            result["partner"] = _seat(o.partner, table)
    return result


def _dump_exchange(x: Exchange, table: Table) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": x.kind.value, "seat": table.token(x.seat)}
    for key in ("gave", "took"):
        if getattr(x, key):
            out[key] = cards_text(getattr(x, key))
    return out


def _dump_irregularity(i: Irregularity, table: Table) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": i.kind.value}
    if i.seat is not None:
        out["seat"] = table.token(i.seat)
    for key in ("trick", "tricks", "election", "cause", "note"):
        if getattr(i, key) is not None:
            out[key] = getattr(i, key)
    if i.card is not None:
        out["card"] = i.card.name
    if i.points is not None:
        out["points"] = list(i.points)
    if i.late:
        out["late"] = True
    return out
