"""Check the scorer's sheet against the replay: each deal's points and running score.

Every disagreement is a finding with the deal, the recorded and computed values and the likely
cause (a missed revoke penalty, a lone march scored as a march, points to the wrong side ...).
Running scores are those of the current game after the deal, before a finished game is reset.
"""

from __future__ import annotations

from .model import (
    DealResult, Finding, FindingKind, Irregularity, IrregularityKind, Points, Record, RecordedScore,
)
from .rules import Rules
from .scoring import hand_outcome, hand_points

__all__ = ["check_scoresheet", "likely_cause", "sheet_as_corrected"]


def _cited(cause: str, cite: str) -> str:
    """The cause with a citation: its own when it has one, else the scoresheet rule."""
    return cause if cause.endswith(")") else f"{cause} ({cite})"


def _fmt(p: Points) -> str:
    return f"{p[0]}-{p[1]}"


def likely_cause(rules: Rules, r: DealResult, recorded: Points) -> str:
    """A short guess at why ``recorded`` differs from the computed deal points."""
    computed = r.points
    if recorded == (computed[1], computed[0]):
        return "the points were given to the wrong side"
    if r.void is not None:
        return f"the deal was void ({r.void}) and scores nothing"
    if r.thrown_in:
        return f"the deal was thrown in and scores nothing ({rules.cite('thrown_in')})"
    if r.maker is None:
        return "unknown cause"
    side = r.maker.side
    maker_tricks = r.tricks[0] if side.value == "NS" else r.tricks[1]
    as_played = hand_points(rules, side, r.alone, r.defender_alone, maker_tricks)
    if r.penalty != (0, 0) and recorded == as_played:
        return f"the revoke penalty was not scored ({rules.cite('revoke_penalty')})"
    if r.penalty != (0, 0) and recorded == r.penalty and r.hand_points != (0, 0):
        return f"the hand's own points were left out; they still score ({rules.cite('revoke_precedence')})"
    name, points, to_makers = hand_outcome(rules, r.alone, r.defender_alone is not None, maker_tricks)
    got = recorded[0] if (side.value == "NS") == to_makers else recorded[1]
    if name == "lone march" and got == rules.march:
        return f"a lone march scored as a march ({rules.march} instead of {points}, {rules.cite('lone_march')})"
    if name == "lone hand euchred" and got == rules.euchre and points != rules.euchre:
        return (f"a euchred lone hand scored as a plain euchre ({rules.euchre} instead of {points}, "
                f"{rules.cite('lone_euchred')})")
    if name in ("march", "lone march") and got == rules.make:
        return f"a march scored as 3 or 4 tricks ({rules.cite('march')})"
    if name == "euchred" and got == rules.make:
        return f"a euchre scored as 1 ({rules.cite('score')})"
    return "unknown cause"


def sheet_as_corrected(rules: Rules, sheet: RecordedScore | None, events: tuple[Irregularity, ...],
               number: int) -> tuple[RecordedScore | None, Finding | None]:
    """The sheet as it stands after score corrections (Somerset 5: allowed until the trump card
    is turned in the next deal; a later correction is void and the original entry stands)."""
    late: Finding | None = None
    for e in events:
        if e.kind is not IrregularityKind.SCORE_CORRECTION or e.points is None:
            continue
        rule = rules.cite("score_correction")
        if e.late:
            late = Finding(FindingKind.SCORESHEET,
                           f"deal {number}: the score was corrected to {_fmt(e.points)} after the trump "
                           f"card was turned in the next deal — too late, the entry as first written "
                           f"stands ({rule})", rule, number, recorded=e.points, status="too late")
            continue
        sheet = RecordedScore(e.points, sheet.total if sheet is not None else None)
    return sheet, late


def _added_wrong(points: Points, total: Points, before: Points | None) -> bool:
    return before is not None and (before[0] + points[0], before[1] + points[1]) != total


def _ran_on(points: Points | None, total: Points, before: Points | None) -> bool:
    """Whether the sheet kept adding to the game the replay had closed: this running score is
    its previous one plus the deal's points (its sums are right, no new game was opened)."""
    return points is not None and before is not None and not _added_wrong(points, total, before)


def check_scoresheet(rules: Rules, record: Record, results: list[DealResult],
                     running: list[tuple[int, Points] | None],
                     starts: dict[int, Points] | None = None) -> list[tuple[int, Finding]]:
    """(deal index, finding) for each disagreement between the sheet and the replay.
    ``starts`` gives each game's opening score (a lap, or the record's start score), against
    which the sheet's first running score of a game is checked. A sheet that ran on past the
    end of a game (its own running score had won it, and it kept adding instead of opening
    the next game) is diagnosed as such, not as an addition error."""
    out: list[tuple[int, Finding]] = []
    cite = rules.cite("scoresheet")
    prev_recorded_total: Points | None = None
    prev_game: int | None = None
    prev_number = 0
    ran_on: tuple[int, int] | None = None     # (game, its last deal) the sheet ran on past
    saw_end = True                            # whether the sheet's own figures had won it
    for i, (deal, r) in enumerate(zip(record.deals, results)):
        sheet = deal.recorded
        state = running[i] if i < len(running) else None
        sheet, late = sheet_as_corrected(rules, sheet, deal.irregularities, r.number)
        if late is not None:
            out.append((i, late))
        if sheet is None:
            prev_recorded_total = None
            ran_on = None
            prev_number = r.number
            continue
        points_ok = True
        if sheet.points is not None and sheet.points != r.points:
            points_ok = False
            out.append((i, Finding(
                FindingKind.SCORESHEET,
                f"deal {r.number}: the scoresheet gives {_fmt(sheet.points)} for the deal, the replay "
                f"computes {_fmt(r.points)} — {_cited(likely_cause(rules, r, sheet.points), cite)}",
                cite, r.number, recorded=sheet.points, computed=r.points)))
        if sheet.total is not None and state is not None and sheet.total != state[1]:
            game, total = state
            if ran_on is not None and sheet.points is not None and not _added_wrong(
                    sheet.points, sheet.total, prev_recorded_total):
                pass   # still running on past the same game end
            elif (points_ok and prev_game is not None and prev_game != game
                  and _ran_on(sheet.points, sheet.total, prev_recorded_total)):
                ran_on = (prev_game, prev_number)
                assert prev_recorded_total is not None
                target = rules.game_points
                # the sheet's own figures had won the game (it missed the end), or an earlier
                # error kept them short of it (it could not see the end)
                saw_end = target is None or max(prev_recorded_total) >= target
            else:
                ran_on = None
            if ran_on is not None:
                cause = (f"game {ran_on[0]} ended at deal {ran_on[1]} and the sheet ran on"
                         + (" instead of opening game " + str(ran_on[0] + 1) if saw_end
                            else "; an earlier error hid the end")
                         + f" ({rules.cite('game')})")
            elif not points_ok:
                cause = "it follows from the deal's points above"
            elif broken := [before.number for before, run in zip(results[:i], running)
                            if before.unfinished and run is not None and run[0] == game]:
                cause = (f"deal {broken[-1]} is unfinished in the record and scored nothing, "
                         "whatever the table scored for it")
            elif sheet.points is not None and _added_wrong(
                    sheet.points, sheet.total,
                    prev_recorded_total if prev_game == game else (starts or {}).get(game)):
                cause = "an addition error on the sheet"
            else:
                cause = "an earlier error carried forward"
            out.append((i, Finding(
                FindingKind.SCORESHEET,
                f"deal {r.number}: the scoresheet's running score is {_fmt(sheet.total)}, the replay "
                f"has {_fmt(total)} in game {game} — {_cited(cause, cite)}",
                cite, r.number, recorded=sheet.total, computed=total)))
        else:
            ran_on = None
        prev_recorded_total = sheet.total
        prev_game = state[0] if state else None
        prev_number = r.number
    return out
