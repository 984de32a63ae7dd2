"""Games and rubbers: replay every deal, pass the deal to the left, end games at the target (or
after a fixed number of deals), carry the lap, and score the rubber under the active system.

Contract: :func:`replay` returns a :class:`~euchre_records.model.ReplayResult` or raises
:class:`~euchre_records.errors.InconsistentRecord` for the first impossible deal. It replays the
table of four (fixed partnerships); :func:`replay_any` is the one entry for a record of any table,
which sends a table of 2, 3 or 5 to ``table_replay.replay_table`` (the detailed replay of n,
until there is one replay: issue 32).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain
from typing import cast

from .cards import Side
from .deal import replay_in_detail
from .deal_passing import dealer_findings
from .fastpath import fast_replay
from .games import GamePlan, Rubber, play_games
from .model import (
    DealResult, Finding, GameResult, Points, Record, ReplayResult,
    RubberResult, SeatReplayResult, replace,
)
from .rules import Rules
from .scoresheet import as_written, check_sheet
from .table_replay import replay_table

__all__ = ["replay", "replay_any"]



def replay_any(record: Record) -> ReplayResult | SeatReplayResult:
    """The replay of a record of any table: :func:`replay` at the table of four, the per-seat
    replay (``table_replay.replay_table``) at a table of 2, 3 or 5."""
    return replay(record) if record.table.fixed_sides else replay_table(record)


def replay(record: Record, rules: Rules | None = None) -> ReplayResult:
    """Replay the whole four-handed record under ``rules`` (default: the record's own rule set).
    ValueError for a record at another table (:func:`replay_any` replays those)."""
    if not record.table.fixed_sides:
        raise ValueError(f"a record at a table of {record.table.seats} is replayed per seat "
                         "(match.replay_any), not by the four-handed replay")
    rules = rules or record.rules
    results: list[DealResult] = []
    per_deal: list[list[Finding]] = []
    for i, deal in enumerate(record.deals):
        result = None if deal.unfinished else fast_replay(deal, rules, i + 1)
        if result is None:
            result = replay_in_detail(deal, rules, i + 1, f"deals[{i}]")
        results.append(result)
        per_deal.append(list(result.findings))
    for i, f in dealer_findings(record.table, rules, record.deals, results):
        per_deal[i].insert(0, f)   # before the deal's own findings
    plan = GamePlan.of(record.table, rules)
    written: Callable[[int, DealResult], DealResult | None] | None = (
        (lambda i, r: as_written(rules, record.deals[i], r)) if rules.sheet_errors_stand and any(
            d.recorded is not None or d.irregularities for d in record.deals) else None)
    played = play_games(plan, results, record.start_score, GameResult, written)   # may rescore deals
    games = played.games
    running = cast(list[tuple[int, Points] | None], played.running)   # pairs at the table of four
    for i, f in check_sheet(rules, record, played, rules.game_points):
        per_deal[i].append(f)
    for i, f in played.findings:
        per_deal[i].append(f)
    findings = tuple(chain.from_iterable(per_deal))
    notes = record.provenance + tuple(played.notes)
    if results and results[-1].unfinished and games:
        notes += (f"a partial game: the record stops inside deal {results[-1].number}, which is "
                  f"replayed as far as it goes and not scored; game {games[-1].number} is "
                  "unfinished",)
    official = _goes_on(played.deals, running)
    return ReplayResult(rules, tuple(official), tuple(games), _rubber(played.rubber), findings,
                        tuple(running), notes)


def _goes_on(results: list[DealResult], running: list[tuple[int, Points] | None]) -> list[DealResult]:
    """The deals, each unfinished one followed by another noting that the record goes on from the
    score it has, the unfinished deal adding nothing (a deal stopped in the middle of a record)."""
    out = list(results)
    for i, r in enumerate(results[:-1]):
        if not r.unfinished:
            continue
        at = running[i]
        score = f"N-S {at[1][0]}, E-W {at[1][1]}" if at is not None else "the score before it"
        note = (f"deal {r.number}: the record goes on with deal {r.number + 1} from {score}, the "
                f"score the record gives without deal {r.number}")
        out[i] = replace(r, notes=r.notes + (note,))
    return out


def _rubber(r: Rubber | None) -> RubberResult | None:
    """The rubber of the table of four, its winner by side."""
    if r is None:
        return None
    return RubberResult(r.system.value, cast(Points, r.games_won),
                        None if r.winner is None else (Side.NS, Side.EW)[r.winner], r.finished,
                        cast(Points, r.rubber_points), r.net)
