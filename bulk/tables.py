"""The dataset's tables as rows: a pure function of one record text, no I/O.

Contract: :func:`tables_of` turns one ``(source, text)`` into the rows it adds to each table of
:data:`COLUMNS` (tuples in column order). A valid record (findings or not) fills ``records``,
``players``, ``games``, ``deals``, ``calls``, ``plays``, ``findings``, ``deal_scores`` and
``game_scores``; an invalid or impossible one adds one ``errors`` row per located problem and
nothing else. It never raises for a bad record. The rows of a four-handed record's store tables
(``calls`` included) are the store's own (``api/store/rows.py``, docs/STORE.md), keyed by the
record's content hash instead of database ids, so the tables join with each other and with a
SQLite store made from the same records (``records.hash``), and end with the layout-3 columns.
A record of 2, 3 or 5 seats, which the four-handed reader refuses at ``rules.seats``, is read,
replayed and turned into rows by ``bulk.table_rows`` (its key: the sha256 of
``schema.tables.dumps_table``); the dispatch is that refusal, so the four-handed path does no
extra work. :class:`Batch` gathers the same rows for many records, the cards of ``plays``, the
four-handed per-seat scores and the four-handed ``deals`` and ``calls`` as columns
(``bulk.plays``, ``bulk.score_columns``, ``bulk.deal_columns``), each table's four-handed rows
before the others' (docs/DATASET.md "Row order"): what ``parquet.write_shard`` writes;
``tables_of`` is one record's Batch as tuples.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from euchre_records.errors import RecordError
from euchre_records.model import FindingKind, Record, ReplayResult
from euchre_records.api.store.dump import unwrap
from euchre_records.api.store.ingest import prepare
from euchre_records.api.store.rows import rows_of

from .analysis_rows import ANALYSIS_COLUMNS, ANALYSIS_TABLES, analysis_rows
from .plays import TEXT_OF, PlayColumns
from .deal_columns import FourDeals
from .score_columns import FourScores
from .table_rows import (DEAL_COLUMNS, FOUR_HANDED, SCORE_COLUMNS, VARIANT_COLUMNS, add_table_rows,
                         is_seats_refusal, prepare_table)

__all__ = ["DATASET_VERSION", "COLUMNS", "TABLES", "ALL_COLUMNS", "tables_for", "tables_of",
           "empty_tables", "Batch", "FLAGGED", "DEAL_TABLES", "bool_column"]

DATASET_VERSION = "3"
"""Version of the table layout (docs/DATASET.md); bumped whenever a column or table changes
(3: records of 2, 3 and 5 seats, the ``seats``/``variant`` columns and the per-seat tables
``deal_scores``, ``game_scores`` of ``bulk.table_rows``; 2: the optional analysis tables of
``--analysis``; 1 had none)."""

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
# layout 3: every record's table ends with its variant; deals with the making side; per-seat points
for _name in COLUMNS:
    if _name != "errors":
        COLUMNS[_name] += VARIANT_COLUMNS
COLUMNS["deals"] += DEAL_COLUMNS
COLUMNS.update(SCORE_COLUMNS)
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


class Batch:
    """The rows a batch of records adds to each table: plain tuples for every table but
    ``plays``, whose cards are gathered column by column (``bulk.plays``), a shard's batch being
    mostly cards. ``keys`` holds the content hash of each valid record added, in order (the
    ``record_id`` the play columns index)."""

    def __init__(self, analysis: bool = False) -> None:
        self.analysis = analysis
        self.rows = empty_tables(analysis)
        self.keys: list[str] = []
        self.plays = PlayColumns()
        self.deals = FourDeals()     # deals, calls of four-handed records
        self.scores = FourScores(self.deals)   # their deal_scores, game_scores

    def add(self, source: str, text: str) -> None:
        """Add the rows of one record text (see module contract)."""
        _add(self, source, text)

    def clear(self) -> None:
        """Forget the rows added (a written batch)."""
        for rows in self.rows.values():
            rows.clear()
        self.keys.clear()
        self.plays.clear()
        self.scores.clear()
        self.deals.clear()

    def play_rows(self) -> list[Row]:
        """The ``plays`` rows added, as tuples in column order (``tables_of``, the tests)."""
        columns = self.plays.columns()
        values: list[list[Any]] = []
        count = len(self.plays)
        for name, _ in COLUMNS["plays"]:
            if name not in columns:   # the variant columns: every card here is four-handed
                values.append([FOUR_HANDED[name == "variant"]] * count)
                continue
            col = columns[name].tolist()
            names = self.keys if name == "record_id" else TEXT_OF.get(name)
            values.append([names[i] for i in col] if names is not None else col)
        return list(zip(*values)) + self.rows["plays"]   # then the cards of tables of 2, 3, 5

    def score_rows(self, table: str) -> list[Row]:
        """The ``deal_scores`` or ``game_scores`` rows added, as tuples in column order: the
        four-handed ones (``bulk.score_columns``), then those of tables of 2, 3 and 5."""
        arrays = self.scores.arrays(self.keys)[table]
        return list(zip(*(a.to_pylist() for a in arrays))) + self.rows[table]


def tables_of(source: str, text: str, into: TableRows | None = None,
              analysis: bool = False) -> TableRows:
    """The rows one record text adds to each table (see module contract), appended to ``into``;
    with ``analysis``, the double-dummy analysis tables too (``bulk.analysis_rows``)."""
    out = into if into is not None else empty_tables(analysis)
    batch = Batch(analysis)
    batch.add(source, text)
    four = batch.deals.rows(batch.keys)
    for table, rows in batch.rows.items():
        if table in DEAL_TABLES:   # the four-handed rows, then those of tables of 2, 3 and 5
            rows = four[table] + rows
        elif table in _COLUMNWISE:   # plays and the score tables: given below, all of them
            continue
        out[table].extend([_bools(table, row) for row in rows] if table in FLAGGED else rows)
    out["plays"].extend(batch.play_rows())
    for table in SCORE_COLUMNS:
        out[table].extend(batch.score_rows(table))
    return out


DEAL_TABLES = ("deals", "calls")
"""The tables a batch holds the four-handed rows of as the store's (``bulk.deal_columns``)."""

_COLUMNWISE = ("plays", *SCORE_COLUMNS, *DEAL_TABLES)


def _add_table(batch: Batch, source: str, text: str) -> None:
    """A record the four-handed reader refused at ``rules.seats``: read by the n-handed one."""
    try:
        sub = prepare_table(text)
    except RecordError as exc:
        batch.rows["errors"].extend((source, exc.kind, p.where, p.what) for p in exc.problems)
        return
    except RecursionError:
        batch.rows["errors"].append((source, "notation", "", "the document is nested too deeply"))
        return
    add_table_rows(sub.hash, source, sub, batch.rows, batch.analysis)


def _add(batch: Batch, source: str, text: str) -> None:
    out = batch.rows
    try:
        # a line of a store's dump: the record it holds; no table holds the result's text
        text = unwrap(text)[0]
        sub = prepare(text, result_text=False)
    except RecordError as exc:
        if is_seats_refusal(exc, text):   # a table of 2, 3 or 5 (bulk.table_rows)
            _add_table(batch, source, text)
            return
        out["errors"].extend((source, exc.kind, p.where, p.what) for p in exc.problems)
        return
    except RecursionError:  # defensive: the parser refuses deep nesting, this is a last guard
        out["errors"].append((source, "notation", "", "the document is nested too deeply"))
        return
    if not isinstance(sub.record, Record):   # a store whose ingest takes every table
        add_table_rows(sub.hash, source, sub, out, batch.analysis)
        return
    rows = rows_of(sub)
    key = rows.hash
    record, result = sub.record, sub.result
    overrides = json.dumps(dict(record.rules.overrides), sort_keys=True, ensure_ascii=False,
                           separators=(",", ":"))
    head = rows.record  # hash, canonical, result, version, rules, club, event, date, table, round, deals, findings
    rb = rows.rubber    # system, games, games_ns, games_ew, rp_ns, rp_ew, net, winner, finished
    out["records"].append((key, source, head[3], head[4], overrides, *head[5:12],
                           *rb[:8], bool(rb[8]), head[1], *FOUR_HANDED))
    out["players"] += [(key, *seat, *FOUR_HANDED) for seat in rows.seats]
    # flags as the store keeps them (0/1): typed as booleans column-wise (bool_column)
    out["games"] += [(key, *g, *FOUR_HANDED) for g in rows.games]
    out["findings"] += [(key, i, *f, *FOUR_HANDED) for i, f in enumerate(rows.findings, 1)]
    # deals and calls: the store's own rows, made columns when the batch is written
    batch.deals.add(len(batch.keys), head[4], overrides, rows.deals, rows.calls)
    batch.scores.add(len(batch.keys), rows.games)
    _plays(len(batch.keys), record, result, batch.plays)
    batch.keys.append(key)
    if batch.analysis:
        analysis_rows(key, record, result, out)


_BOOL_INDEXES = {name: tuple(sorted(idx)) for name, idx in _BOOL_FIELDS.items()}

FLAGGED = ("games", "deals")
"""The tables whose rows hold a four-handed record's flags as the store keeps them, 0/1 (None
where unknown), beside the booleans of the rows of tables of 2, 3 and 5: the dataset types
them as booleans, column by column when the batch is written (:func:`bool_column`)."""


def bool_column(values: Sequence[Any]) -> list[bool | None]:
    """A flag column as booleans: 0/1 or False/True, None kept (the oracle of the writer's
    column-wise cast, ``parquet._bool_array``)."""
    return [None if v is None else bool(v) for v in values]


def _bools(table: str, row: Row) -> Row:
    """One row of a :data:`FLAGGED` table with its flags as booleans (``tables_of``)."""
    out = list(row)
    for i in _BOOL_INDEXES[table]:
        if out[i] is not None:
            out[i] = bool(out[i])
    return tuple(out)


def _plays(index: int, record: Record, result: ReplayResult, plays: PlayColumns) -> None:
    """The cards of every replayed deal of the record (its key at ``index``) into ``plays``;
    a card the replay found a revoke with is marked (same deal, trick and seat)."""
    revokes = {(f.deal, f.trick, f.seat) for f in result.findings
               if f.kind is FindingKind.REVOKE and f.seat is not None}
    plays.add(index, record.deals, result.deals, revokes)
