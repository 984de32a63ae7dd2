"""The dataset's rows for records at tables of two, three and five, and the columns every table
gains in layout 3 (docs/DATASET.md). Pure, no I/O.

Contract:
- :data:`VARIANT_COLUMNS` (``seats``, ``variant``) end every table of a record (all but
  ``errors``); :data:`DEAL_COLUMNS` end ``deals`` after them; :data:`SCORE_COLUMNS` are the two
  long tables ``deal_scores`` and ``game_scores``: one row per seat of every deal and game, for
  every variant, so that one ``GROUP BY variant`` reads points per player at any table.
- :func:`four_deal_extras` gives the new ``deals`` values of a four-handed record from the
  store's own row (``api/store/rows.py``), so a four-handed row keeps every value it had in
  layout 2 and only gains columns; its ``deal_scores``/``game_scores`` are made column-wise
  (``bulk.score_columns``).
- :func:`prepare_table` parses, replays and canonicalises a record of 2, 3 or 5 seats (the
  n-handed reader ``schema.tables``, ``table_replay.replay_table``); its ``hash`` is the sha256 of
  ``schema.tables.dumps_table``, the record's content key as the store keeps it.
- :func:`add_table_rows` appends the rows of such a record to every table: seat columns hold the
  notation's seat tokens (``"0"`` .. ``"n-1"``; four-handed ``N E S W`` are seats 0..3), side
  columns (``side``, ``maker_side``, ``partnership``) and the ``_ns``/``_ew`` pairs are null, the
  per-deal making side is ``deals.makers`` and ``deal_scores.side``. It never raises for a
  record :func:`prepare_table` accepted.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from euchre_records.cards import Suit, power_table
from euchre_records.errors import NotationError, RecordError
from euchre_records.model import CallKind
from euchre_records.table import Table
from euchre_records.table_model import TableDeal, TableRecord, TableReplay
from euchre_records.table_replay import replay_table
from euchre_records.schema.tables import dump_table_record, load_table_record
from euchre_records.schema.json_text import indented

__all__ = ["VARIANT_COLUMNS", "DEAL_COLUMNS", "SCORE_COLUMNS", "FOUR_HANDED", "TableSubmission",
           "prepare_table", "is_seats_refusal", "add_table_rows", "four_deal_extras",
           "NO_ANALYSIS"]

Row = tuple[Any, ...]
Rows = dict[str, list[Row]]

VARIANT_COLUMNS: tuple[tuple[str, str], ...] = (("seats", "int"), ("variant", "str"))
"""The last two columns of every table but ``errors``: the number of seats and the variant
(``table.Variant``: two-handed, cut-throat, four-handed, call-your-partner)."""

DEAL_COLUMNS: tuple[tuple[str, str], ...] = (
    ("makers", "strs"), ("maker_tricks", "int"), ("called", "str"), ("partner", "str"),
    ("partner_known", "bool"))
"""``deals`` after its variant columns: the seats that played on the making side (maker first),
the tricks they took, and five-handed the called card, its holder and whether the record lets
him be known."""

SCORE_COLUMNS: dict[str, tuple[tuple[str, str], ...]] = {
    "deal_scores": (
        ("record_id", "str"), ("game", "int"), ("deal", "int"), ("seat", "str"),
        ("side", "str"), ("partnership", "str"), ("hand_points", "int"), ("penalty", "int"),
        ("points", "int"), ("score", "int"), *VARIANT_COLUMNS),
    "game_scores": (
        ("record_id", "str"), ("game", "int"), ("seat", "str"), ("partnership", "str"),
        ("start", "int"), ("score", "int"), ("won", "bool"), ("finished", "bool"),
        *VARIANT_COLUMNS),
}
"""Points per player, one row per seat: a four-handed player carries his partnership's figures
(VARIANTS.md: points given to a side are given to each of its players)."""

FOUR_HANDED = (4, "four-handed")
"""The variant columns' values of a four-handed record."""

NO_ANALYSIS = "the double-dummy analysis is of four-handed deals only"

_PARTNER4 = {"N": "S", "S": "N", "E": "W", "W": "E"}
_SUIT = {s: s.value for s in Suit}
_MAKERS, _DEFENDERS = "makers", "defenders"


@dataclass(frozen=True, slots=True)
class TableSubmission:
    """A valid record of 2, 3 or 5 seats, replayed, with its canonical text and content hash."""

    record: TableRecord
    result: TableReplay
    canonical: str
    hash: str
    data: dict[str, Any]   # the canonical text as data (schema.tables.dump_table_record)


def is_seats_refusal(exc: RecordError, text: str) -> bool:
    """``exc`` is the four-handed reader refusing a record of another number of seats (a problem
    at ``rules.seats``) and ``text`` is a record in our notation: the n-handed reader is the one
    to read it, and its problems are the ones to report."""
    if not isinstance(exc, NotationError) or not any(p.where == "rules.seats" for p in exc.problems):
        return False
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return False
    rules = data.get("rules") if isinstance(data, dict) else None
    seats = rules.get("seats") if isinstance(rules, dict) else None
    return (data.get("format") == "euchre-records" and isinstance(seats, int)
            and not isinstance(seats, bool) and seats != 4)


def prepare_table(text: str) -> TableSubmission:
    """Parse, validate, replay and canonicalise a record of 2, 3 or 5 seats. Raises
    RecordError (located) for an invalid one."""
    from euchre_records.interop.detect import parse_json   # strict: repeated keys, depth
    record = load_table_record(parse_json(text))
    result = replay_table(record)
    data = dump_table_record(record)
    canonical = indented(data) + "\n"    # schema.tables.dumps_table
    digest = hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    return TableSubmission(record, result, canonical, digest, data)


def four_deal_extras(row: Row) -> Row:
    """The layout-3 columns of a four-handed ``deals`` row of the store (``rows._deal_row``:
    maker at 6, its side at 7, alone at 8, tricks at 14 and 15): the variant, the seats that
    played on the making side (the maker and, unless he went alone, his partner), their tricks;
    the five-handed columns null."""
    maker = row[6]
    if maker is None:
        return (*FOUR_HANDED, None, None, None, None, None)
    makers = [maker] if row[8] else [maker, _PARTNER4[maker]]
    return (*FOUR_HANDED, makers, row[14] if row[7] == "NS" else row[15], None, None, None)


def add_table_rows(key: str, source: str, sub: Any, out: Rows, analysis: bool = False) -> None:
    """Append the rows of a replayed record of 2, 3 or 5 seats (``sub``: a
    :class:`TableSubmission`, or the store's Submission holding a TableRecord) to ``out``."""
    record: TableRecord = sub.record
    result: TableReplay = sub.result
    table = record.table
    tok = table.token
    var = (table.seats, table.variant.value)
    data = getattr(sub, "data", None) or dump_table_record(record)
    overrides = json.dumps(data["rules"].get("overrides", {}), sort_keys=True, ensure_ascii=False,
                           separators=(",", ":"))
    ev = record.event
    finished = bool(result.games) and all(g.finished for g in result.games)
    out["records"].append((
        key, source, record.version, record.rules.name, overrides, ev.club, ev.event, ev.date,
        ev.table, ev.round, len(result.deals), len(result.findings), "none", len(result.games),
        None, None, None, None, None, None, finished, sub.canonical, *var))
    out["players"].extend((key, tok(s), None, p.name, p.id, *var) for s, p in record.players)
    game_of: dict[int, int] = {}
    for g in result.games:
        for n in range(g.first_deal, g.last_deal + 1):
            game_of[n] = g.number
        won = g.winner
        out["games"].append((key, g.number, g.first_deal, g.last_deal, None, None, None, None,
                             None if won is None else tok(won), g.finished, None, None, None, None,
                             *var))
        for s in table.all_seats:
            out["game_scores"].append((key, g.number, tok(s), None, g.start[s], g.score[s],
                                       (won == s) if g.finished else None, g.finished, *var))
    running = result.running if len(result.running) == len(result.deals) else None
    starts = {g.first_deal: g.start for g in result.games}
    previous: tuple[int, ...] | None = None
    rules_name = record.rules.name
    revokes: set[tuple[int, int, int]] = set()
    for f in result.findings:
        if f.kind.value == "revoke" and f.deal is not None and f.trick is not None and f.seat is not None:
            revokes.add((f.deal, f.trick, f.seat))
    for i, d in enumerate(result.deals):
        game = game_of.get(d.number)
        deal = record.deals[d.number - 1] if 1 <= d.number <= len(record.deals) else None
        maker = d.maker
        played = maker is not None and not d.thrown_in and d.void is None
        out["deals"].append((
            key, game, d.number, d.kind.value, tok(d.dealer),
            None if deal is None or deal.turned is None else deal.turned.name,
            "NT" if d.no_trump else None if d.trump is None else _SUIT[d.trump],
            None if maker is None else tok(maker), None, d.alone, None, d.thrown_in,
            d.void is not None and d.next_dealer == d.dealer,
            played and d.maker_tricks < 3, played and d.maker_tricks == 5,
            *([None] * 10), rules_name, overrides, *var,
            None if maker is None else [tok(s) for s in d.makers],
            None if maker is None else d.maker_tricks,
            None if d.called is None else d.called.name,
            None if d.partner is None else tok(d.partner),
            d.partner_known if table.called_partner and maker is not None else None))
        score = running[i] if running is not None else None
        points, hand = d.points, d.hand_points
        if score is not None:   # as scored: a penalty that won the game stopped the hand's points
            before = starts.get(d.number, previous if previous is not None else (0,) * table.seats)
            points = tuple(a - b for a, b in zip(score, before))
            hand = tuple(p - q for p, q in zip(points, d.penalty))
        previous = score
        makers = set(d.makers)
        for s in table.all_seats:
            side = None if maker is None else (_MAKERS if s in makers else _DEFENDERS)
            out["deal_scores"].append((key, game, d.number, tok(s), side, None, hand[s],
                                       d.penalty[s], points[s],
                                       None if score is None else score[s], *var))
        if deal is not None:
            out["calls"].extend((key, d.number, *c, *var) for c in _calls(deal, table))
            if (d.trump is not None or d.no_trump) and d.leaders:
                out["plays"].extend(_plays(key, d.number, deal, d.trump, d.leaders, d.winners,
                                           table, revokes, var))
        if analysis:
            out["analysis"].append((key, d.number, False, NO_ANALYSIS, *([None] * 19)))
    for i, f in enumerate(result.findings, 1):
        out["findings"].append((
            key, i, f.deal, f.trick, None if f.seat is None else tok(f.seat),
            None if f.card is None else f.card.name, f.kind.value, getattr(f, "status", None),
            f.rule, f.message, None, None, *var))


def _calls(deal: TableDeal, table: Table) -> list[Row]:
    """``(call, round, seat, kind, suit, alone)`` per recorded call, as the store's
    ``rows.call_rows`` for four hands: the seat as recorded, else the seat in turn while the
    bidding is open (the dealer's left first); round 2 after n in-turn passes."""
    rows: list[Row] = []
    turn = table.eldest(deal.dealer)
    passes = 0
    open_ = True
    for i, call in enumerate(deal.calls, 1):
        seat = call.seat
        rnd = 1 if passes < table.seats else 2
        if open_ and (seat is None or seat == turn):
            seat = turn
            if call.kind is CallKind.PASS:
                passes += 1
                turn = table.left(turn)
            else:
                open_ = False
        rows.append((i, rnd, None if seat is None else table.token(seat), call.kind.value,
                     None if call.suit is None else _SUIT[call.suit], call.alone))
    return rows


def _plays(key: str, number: int, deal: TableDeal, trump: Suit | None, leaders: tuple[int, ...],
           winners: tuple[int, ...], table: Table, revokes: set[tuple[int, int, int]],
           var: tuple[int, str]) -> list[Row]:
    """One ``plays`` row per card: the seats follow the trick's leader clockwise (nobody sits
    out at these tables); the winner is the replay's. ``trump`` None: a no-trump deal (house rule
    allow_no_trump), its trump written ``NT`` and each card of its printed suit."""
    powers = power_table(trump)
    tok = table.token
    rows: list[Row] = []
    t_trump = "NT" if trump is None else _SUIT[trump]
    for t, (trick, leader) in enumerate(zip(deal.tricks, leaders), 1):
        if not trick.cards:
            continue
        winner = winners[t - 1] if t <= len(winners) else None
        led = powers[trick.cards[0]][0]
        for p, card in enumerate(trick.cards):
            seat = (leader + p) % table.seats
            suit = powers[card][0]
            rows.append((key, number, t, p + 1, tok(seat), card.name, _SUIT[suit], _SUIT[led],
                         t_trump, suit is led, None if winner is None else tok(winner),
                         seat == winner, (number, t, seat) in revokes, *var))
    return rows

