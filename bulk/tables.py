"""The dataset's tables as rows: a pure function of one record text, no I/O.

Contract: :func:`tables_of` turns one ``(source, text)`` into the rows it adds to each table of
:data:`COLUMNS` (tuples in column order). A valid record (findings or not) fills ``records``,
``players``, ``games``, ``deals``, ``calls``, ``plays``, ``findings``, ``deal_scores`` and
``game_scores``; an invalid or impossible one adds one ``errors`` row per located problem and
nothing else. It never raises for a bad record. The rows of a four-handed record's store tables
(``calls`` included) are the store's own (``api/store/rows.py``, docs/STORE.md), keyed by the
record's content hash instead of database ids, so the tables join with each other and with a
SQLite store made from the same records (``records.hash``), and end with the layout-3 columns.
Every record is read, replayed and keyed by the store's one ingest (``ingest.prepare``: the
sha256 of its canonical text, ``schema.tables.dumps_table`` at a table of 2, 3 or 5), and its
``records`` and ``players`` rows come from the store's ``rows_of`` whatever its table; the other
tables of a record of 2, 3 or 5 seats are read from its table view (``table_view.view_of``,
built once per record: ``Submission.view``, which ``rows_of`` reads too): seat columns hold the
notation's seat tokens (``"0"`` .. ``"n-1"``; four-handed ``N E S W`` are seats 0..3), side
columns (``side``, ``maker_side``, ``partnership``) and the ``_ns``/``_ew`` pairs are null, the per-deal making side is ``deals.makers`` and ``deal_scores.side``; the
table layout is ``bulk.columns``. :class:`Batch` gathers the same rows for many records, the cards of ``plays``, the
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
from euchre_records.schema.canonical import written_overrides
from euchre_records.table_view import RecordView
from euchre_records.api.store.dump import unwrap
from euchre_records.api.store.ingest import prepare
from euchre_records.api.store.rows import call_rows, rows_of

from .analysis_rows import ANALYSIS_COLUMNS, ANALYSIS_TABLES, analysis_rows
from .columns import COLUMNS, FOUR_HANDED, SCORE_COLUMNS
from .plays import TEXT_OF, PlayColumns, seat_play_rows
from .deal_columns import FourDeals
from .score_columns import FourScores

__all__ = ["DATASET_VERSION", "COLUMNS", "TABLES", "ALL_COLUMNS", "tables_for", "tables_of",
           "empty_tables", "Batch", "FLAGGED", "DEAL_TABLES", "bool_column"]

DATASET_VERSION = "4"
"""Version of the table layout (docs/DATASET.md); bumped whenever a column or table changes
(4: the analysis tables of ``--analysis`` at every table, with the variant columns, the making
side and the per-seat table ``analysis_scores`` of ``bulk.analysis_rows``; 3: records of 2, 3
and 5 seats, the ``seats``/``variant`` columns and the per-seat tables ``deal_scores``, ``game_scores`` of ``bulk.columns``; 2: the optional analysis tables of
``--analysis``; 1 had none)."""

Row = tuple[Any, ...]
TableRows = dict[str, list[Row]]

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


def _add(batch: Batch, source: str, text: str) -> None:
    out = batch.rows
    try:
        # a line of a store's dump: the record it holds; no table holds the result's text
        text = unwrap(text)[0]
        sub = prepare(text, result_text=False)
    except RecordError as exc:
        out["errors"].extend((source, exc.kind, p.where, p.what) for p in exc.problems)
        return
    except RecursionError:  # defensive: the parser refuses deep nesting, this is a last guard
        out["errors"].append((source, "notation", "", "the document is nested too deeply"))
        return
    rows = rows_of(sub)
    key = rows.hash
    record, result = sub.record, sub.result
    var = (rows.seat_count, rows.variant)
    # the overrides as the canonical text writes them, read from the record at every table
    overrides = json.dumps(written_overrides(record), sort_keys=True, ensure_ascii=False,
                           separators=(",", ":"))
    head = rows.record  # hash, canonical, result, version, rules, club, event, date, table, round, deals, findings
    rb = rows.rubber or _no_rubber(result)
    # rb: system, games, games_ns, games_ew, rp_ns, rp_ew, net, winner, finished
    out["records"].append((key, source, head[3], head[4], overrides, *head[5:12],
                           *rb[:8], bool(rb[8]), head[1], *var))
    out["players"] += [(key, *seat, *var) for seat in rows.seats]
    if not record.fixed_partnerships:
        _add_seats(out, key, record, result, sub.view, overrides, var)
        if batch.analysis:
            analysis_rows(key, record, result, sub.view, out)
        return
    # flags as the store keeps them (0/1): typed as booleans column-wise (bool_column)
    out["games"] += [(key, *g, *var) for g in rows.games]
    # the store's findings rows end with the per-seat points of a table of n (None here)
    out["findings"] += [(key, i, *f[:-1], *var) for i, f in enumerate(rows.findings, 1)]
    # deals and calls: the store's own rows, made columns when the batch is written
    batch.deals.add(len(batch.keys), head[4], overrides, rows.deals, rows.calls)
    batch.scores.add(len(batch.keys), rows.games)
    _plays(len(batch.keys), record, result, batch.plays)
    batch.keys.append(key)
    if batch.analysis:
        analysis_rows(key, record, result, sub.view, out)


def _no_rubber(result: ReplayResult) -> Row:
    """The rubber values of a record without a rubber row (a table of 2, 3 or 5): no system's
    rubber, its games, the side columns null, finished when every game is."""
    finished = bool(result.games) and all(g.finished for g in result.games)
    return ("none", len(result.games), None, None, None, None, None, None, finished)


_MAKERS, _DEFENDERS = "makers", "defenders"


def _add_seats(out: TableRows, key: str, record: Record, result: ReplayResult,
               view: RecordView, overrides: str, var: tuple[int, str]) -> None:
    """The games, per-seat scores, deals, calls, plays and findings of a record of 2, 3 or 5
    seats (see the module contract), read from its table ``view`` (the submission's, which
    ``rows_of`` read: built once per record)."""
    table = record.table
    tokens = view.tokens
    for g in view.games:
        won = g.winner
        out["games"].append((key, g.number, g.first_deal, g.last_deal, None, None, None, None,
                             won, g.finished, None, None, None, None, *var))
        for s, token in enumerate(tokens):
            out["game_scores"].append((key, g.number, token, None, g.start[s], g.score[s],
                                       (won == token) if g.finished else None, g.finished, *var))
    starts = {g.first_deal: g.start for g in result.games}
    previous: tuple[int, ...] | None = None
    rules_name = record.rules.name
    revokes = _revokes(result)
    for v, d in zip(view.deals, result.deals):
        deal = record.deals[d.number - 1] if 1 <= d.number <= len(record.deals) else None
        made = v.maker is not None
        played = made and not d.thrown_in and d.void is None
        out["deals"].append((
            key, v.game, d.number, v.kind, v.dealer,
            None if deal is None or deal.turned is None else deal.turned.name,
            "NT" if d.no_trump else v.trump, v.maker, None, d.alone, None, d.thrown_in,
            d.void is not None and d.next_dealer == d.dealer,
            played and d.maker_tricks < 3, played and d.maker_tricks == 5,
            *([None] * 10), rules_name, overrides, *var,
            list(v.makers) if made else None, v.maker_tricks, v.called, v.partner,
            v.partner_known if table.called_partner and made else None))
        score = v.running
        # as scored: a penalty that won the game stopped the hand's points
        before = starts.get(d.number, previous if previous is not None else (0,) * table.seats)
        points = tuple(a - b for a, b in zip(score, before))
        hand = tuple(p - q for p, q in zip(points, d.penalty))
        previous = score
        for s, token in enumerate(tokens):
            side = None if not made else (_MAKERS if token in v.makers else _DEFENDERS)
            out["deal_scores"].append((key, v.game, d.number, token, side, None, hand[s],
                                       d.penalty[s], points[s], score[s], *var))
        if deal is not None:
            out["calls"].extend((key, d.number, *c, *var) for c in call_rows(deal, table))
            if (d.trump is not None or d.no_trump) and d.leaders:
                out["plays"].extend(seat_play_rows(key, d.number, deal, d.trump, d.leaders,
                                                   d.winners, table, revokes, var))
    for i, f in enumerate(result.findings, 1):
        out["findings"].append((
            key, i, f.deal, f.trick, None if f.seat is None else table.token(f.seat),
            None if f.card is None else f.card.name, f.kind.value, f.status,
            f.rule, f.message, None, None, *var))


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
    plays.add(index, record.deals, result.deals, _revokes(result))


def _revokes(result: ReplayResult) -> set[Any]:
    """(deal, trick, seat) of every revoke the replay found with a seat: the cards ``plays``
    marks."""
    return {(f.deal, f.trick, f.seat) for f in result.findings
            if f.kind is FindingKind.REVOKE and f.seat is not None}
