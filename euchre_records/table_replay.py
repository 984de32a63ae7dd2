"""Replay a record at a table of two, three or five (docs/TABLES.md, docs/RULES.md "Tables of
two, three and five"): every call and card checked, revokes found, deals and games scored per
player.

Contract: :func:`replay_table` raises :class:`InconsistentRecord` (each problem located, e.g.
``deals[2].tricks[1][3]``) for a record that cannot have happened, and otherwise returns a
:class:`SeatReplayResult` whose findings cite the rule (``"Modern §7 (renege)"``,
``"VARIANTS.md (cut-throat scoring)"``). Pure: no I/O.

The rules (VARIANTS.md): everything not said by the variant is the preset's four-handed rule,
applied to n hands; each side is made per deal (the makers, the defenders) and every penalty or
award the four-handed game gives a side is scored by each player of that side.

The game loop only (issue 32): each deal is replayed by the one deal walk,
``seat_deal.replay_seat_deal`` (imported here as ``_deal_result``), when the fast path
(``fastpath.fast_table_deal``) declines it.
"""

from __future__ import annotations

from .deal import VARIANT_CITES
from .seat_deal import replay_seat_deal as _deal_result
from .errors import InconsistentRecord, Problem
from .model import (
    replace, Scores, SeatDealResult, Finding, SeatGameResult, Record, SeatReplayResult,
)
from .fastpath import fast_table_deal
from .games import GamePlan, play_games, seat_game, target_of
from .scoring import seat_points as hand_points
from .scoresheet import as_written, check_sheet
from .deal_passing import dealer_findings, reported_first

__all__ = ["replay_table", "game_points_of", "hand_points", "VARIANT_CITES"]


def game_points_of(record: Record) -> int | None:
    """The game's target of ``record`` (``games.target_of``): None for a sitting of
    ``fixed_deals`` deals."""
    return target_of(record.table, record.rules)


def replay_table(record: Record) -> SeatReplayResult:
    """Replay every deal of a record at a table of 2, 3 or 5 and score its games by the one game
    loop of every table (``games.play_games``, docs/RULES.md "Games"), a score column per seat:
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
    replayed: list[SeatDealResult] = []
    for i, deal in enumerate(record.deals):
        result = fast_table_deal(record, deal, i + 1)   # None: not a clean deal
        if result is None:
            result = _deal_result(record, deal, i + 1, f"deals[{i}]", problems)
        if result is not None:
            replayed.append(result)
    if problems:
        raise InconsistentRecord(problems)
    for i, passed in dealer_findings(table, rules, record.deals, replayed):
        found = replayed[i].findings
        replayed[i] = replace(replayed[i], findings=(passed,) + found
                              if reported_first(table, passed) else found + (passed,))
    start = record.start_score or (0,) * table.seats
    played = play_games(plan, replayed, start, seat_game,
                        (lambda i, r: as_written(rules, record.deals[i], r))
                        if rules.sheet_errors_stand else None)
    sheet: dict[int, list[Finding]] = {}
    for i, f in check_sheet(rules, record, played, plan.target, VARIANT_CITES[table.variant]):
        sheet.setdefault(i, []).append(f)
    results: list[SeatDealResult] = []
    findings: list[Finding] = []
    running: list[Scores] = []
    for i, (result, at) in enumerate(zip(played.deals, played.running)):
        assert at is not None   # no rubber at a table of n: every deal scored
        if i in sheet:
            result = replace(result, findings=result.findings + tuple(sheet[i]))
        results.append(result)
        if result.findings:
            findings.extend(result.findings)
        running.append(at[1])
    games = played.games
    if not games:   # no deal of a game yet (none, or only void deals): game 1 is open
        games.append(SeatGameResult(1, 1, len(record.deals), start, start, None, False))
    return SeatReplayResult(rules, table, tuple(results), tuple(games), tuple(findings),
                            tuple(running), tuple(notes + played.notes))
