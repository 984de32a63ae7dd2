"""Games and rubbers: replay every deal, pass the deal to the left, end games at the target (or
after a fixed number of deals), carry the lap, and score the rubber under the active system.

Contract: :func:`replay`, the one entry for a record of any table, returns its
:class:`~euchre_records.model.ReplayResult` (scores per score column: N-S, E-W at four; a seat at
n, with no rubber) or raises :class:`~euchre_records.errors.InconsistentRecord`: at the table of
four (fixed partnerships) for the first impossible deal, at a table of 2, 3 or 5 with every
located problem together. Both tables replay each deal by the one deal walk (``deal.py``; the
fast path first), pass the deal by ``deal_passing``, score games by the one game loop
(``games.play_games``) and check the sheet by the one sheet check (``scoresheet.check_sheet``).
Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain
from typing import Any, cast

from .cards import Side
from .deal import VARIANT_CITES, replay_in_detail
from .errors import InconsistentRecord, Problem
from .deal_passing import dealer_findings, reported_first
from .fastpath import fast_replay, fast_table_deal
from .games import GamePlan, Rubber, play_games, target_of
from .model import (
    DealResult, Finding, GameResult, Points, Record, ReplayResult, RubberResult, Scores, replace,
)
from .rules import Rules
from .scoresheet import as_written, check_sheet
from .table_refusals import law_refusal

__all__ = ["replay", "game_points_of"]



def replay(record: Record, rules: Rules | None = None) -> ReplayResult:
    """Replay the whole record, of any table, under ``rules`` (default: the record's own rule
    set): the four-handed replay (:func:`_replay_four`) where partnerships are fixed, the
    per-seat replay (:func:`_replay_seats`) at a table of 2, 3 or 5."""
    if record.table.fixed_sides:
        return _replay_four(record, rules or record.rules)
    if rules is not None and rules is not record.rules:
        _laws_taken(record, rules)
        record = replace(record, rules=rules)
    return _replay_seats(record)


def _laws_taken(record: Record, rules: Rules) -> None:
    """A record at a table of n replayed under other ``rules`` than its own: each irregularity
    it states must be one whose law ``rules`` gives a form at this table, as the loader checks
    under the record's own (``table_refusals.law_refusal``: a law given for the partnership
    game only is refused). Raises :class:`InconsistentRecord` with every refusal located."""
    problems = [Problem(f"deals[{i}].irregularities[{j}].kind", why)
                for i, deal in enumerate(record.deals) for j, e in enumerate(deal.irregularities)
                if (why := law_refusal(record.table, rules, e.kind.value)) is not None]
    if problems:
        raise InconsistentRecord(problems)


def _replay_four(record: Record, rules: Rules) -> ReplayResult:
    """The replay of a record at the table of four under ``rules``."""
    results: list[DealResult] = []
    per_deal: list[list[Finding]] = []
    for i, deal in enumerate(record.deals):
        result = None if deal.unfinished else fast_replay(deal, rules, i + 1)
        if result is None:
            result = replay_in_detail(record.table, deal, rules, i + 1, f"deals[{i}]")
        results.append(result)
        per_deal.append(list(result.findings))
    for i, f in dealer_findings(record.table, rules, record.deals, results):
        per_deal[i].insert(0, f)   # before the deal's own findings
    plan = GamePlan.of(record.table, rules)
    played = play_games(plan, results, record.start_score, _sheet_standing(rules, record))
    games = played.games   # play_games may rescore deals
    running = played.running
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


def _sheet_standing(rules: Rules, record: Record) -> Callable[[int, Any], Any] | None:
    """``play_games``'s ``written``: deal ``i`` as the sheet wrote it, where uncorrected errors
    stand (Somerset 5, ``sheet_errors_stand``) and some deal has a sheet entry or a correction;
    None (nothing to ask) otherwise. One for every table."""
    if not rules.sheet_errors_stand or not any(
            d.recorded is not None or d.irregularities for d in record.deals):
        return None
    fixed = record.table.fixed_sides
    return lambda i, r: as_written(rules, record.deals[i], r, fixed)


def _goes_on(results: list[DealResult], running: list[tuple[int, Scores] | None]) -> list[DealResult]:
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


def game_points_of(record: Record) -> int | None:
    """The game's target of ``record`` (``games.target_of``): None for a sitting of
    ``fixed_deals`` deals."""
    return target_of(record.table, record.rules)


def _replay_seats(record: Record) -> ReplayResult:
    """Replay every deal of a record at a table of 2, 3 or 5 (docs/RULES.md "Tables of two, three
    and five": everything the variant does not say is the preset's four-handed rule applied to n
    hands; a penalty or award of a side is scored by each player of that side) and score its
    games by the one game loop of every table (``games.play_games``, docs/RULES.md "Games"), a
    score column per seat:
    a game ends when a player reaches the target, or after its N-th deal with the rule option
    ``fixed_deals`` N (no winner, a note says so; EGN 1.4 ``num_deals``). No lap and no rubber
    (a rubber needs fixed partnerships): a note says so where the preset has them. The sheet
    is checked against the scores by the one sheet check of every table (``scoresheet.check_sheet``)."""
    table, rules = record.table, record.rules
    plan = GamePlan.of(table, rules)
    problems: list[Problem] = []
    notes: list[str] = []
    if rules.rubber.value != "none":
        notes.append(f"the preset's rubber ({rules.rubber.value}) is not played: a rubber needs fixed "
                     f"partnerships, and the {table.variant.value} game has individual games")
    if rules.lap:
        notes.append("points beyond the game are not carried (lap) at this table: only by agreement "
                     "(VARIANTS.md), not implemented")
    replayed: list[DealResult] = []
    for i, deal in enumerate(record.deals):
        result = fast_table_deal(record, deal, i + 1)   # None: not a clean deal
        if result is None:
            try:
                result = replay_in_detail(record, deal, rules, i + 1, f"deals[{i}]")
            except InconsistentRecord as exc:   # every deal's problems, raised together
                problems.extend(exc.problems)
                continue
        replayed.append(result)
    if problems:
        raise InconsistentRecord(problems)
    for i, passed in dealer_findings(table, rules, record.deals, replayed):
        found = replayed[i].findings
        replayed[i] = replace(replayed[i], findings=(passed,) + found
                              if reported_first(table, passed) else found + (passed,))
    start = record.start_score or (0,) * table.seats
    played = play_games(plan, replayed, start, _sheet_standing(rules, record))
    sheet: dict[int, list[Finding]] = {}
    for i, f in check_sheet(rules, record, played, plan.target, VARIANT_CITES[table.variant]):
        sheet.setdefault(i, []).append(f)
    results: list[DealResult] = []
    findings: list[Finding] = []
    for i, result in enumerate(played.deals):
        if i in sheet:
            result = replace(result, findings=result.findings + tuple(sheet[i]))
        results.append(result)
        if result.findings:
            findings.extend(result.findings)
    games = played.games
    if not games:   # no deal of a game yet (none, or only void deals): game 1 is open
        zero = (0,) * table.seats
        games.append(GameResult(1, 1, len(record.deals), start, start, None, False, zero, zero))
    return ReplayResult(rules, tuple(results), tuple(games), None, tuple(findings),
                        tuple(played.running), tuple(notes + played.notes), table)
