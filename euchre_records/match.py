"""Games and rubbers: replay every deal, pass the deal to the left, end games at the target (or
after a fixed number of deals), carry the lap, and score the rubber under the active system.

Contract: :func:`replay` returns a :class:`~euchre_records.model.ReplayResult` or raises
:class:`~euchre_records.errors.InconsistentRecord` for the first impossible deal. It replays the
table of four (fixed partnerships); :func:`replay_any` is the one entry for a record of any table,
which sends a table of 2, 3 or 5 to ``table_replay.replay_table`` (the detailed replay of n,
until there is one replay: issue 32).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import chain
from typing import cast

from .cards import Side
from .deal import replay_in_detail
from .deal_passing import dealer_findings, no_winner_note
from .fastpath import fast_replay
from .house_rules import Tokens
from .model import (
    DealResult, Finding, FindingKind, GameResult, Points, Record, ReplayResult,
    RubberResult, SeatReplayResult, replace,
)
from .rules import Rules, RubberSystem
from .scoresheet import check_scoresheet, sheet_as_corrected, stands_note
from .table_replay import replay_table

__all__ = ["replay", "replay_any", "score_games", "game_rubber_points", "GameTrack"]



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
    start = cast(Points, record.start_score)   # a pair at the table of four
    track = score_games(rules, results, start)   # may rescore deals (Somerset 4)
    official = _sheet_stands(rules, record, results) if rules.sheet_errors_stand else results
    if official is not results:
        track = score_games(rules, official, start)
    starts = {g.number: g.start for g in track.games}
    open_game = len(track.games) + 1
    starts.setdefault(open_game, start if open_game == 1 else track.games[-1].carried)
    for i, f in check_scoresheet(rules, record, results, track.running, starts):
        per_deal[i].append(f)
    for i, f in track.findings:
        per_deal[i].append(f)
    findings = tuple(chain.from_iterable(per_deal))
    notes = record.provenance + _no_winner_notes(rules, track.games)
    if results and results[-1].unfinished and track.games:
        notes += (f"a partial game: the record stops inside deal {results[-1].number}, which is "
                  f"replayed as far as it goes and not scored; game {track.games[-1].number} is "
                  "unfinished",)
    official = _goes_on(official, track.running)
    return ReplayResult(rules, tuple(official), tuple(track.games), track.rubber, findings,
                        tuple(track.running), notes)


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


def _no_winner_notes(rules: Rules, games: list[GameResult]) -> tuple[str, ...]:
    """A note per finished game of a fixed number of deals: it has no winner, whatever the score
    (EGN 1.4 changelog, ``num_deals``); the points count, side by side."""
    if rules.fixed_deals is None:
        return ()
    return tuple(no_winner_note(g.number, rules.fixed_deals, f"N-S {g.score[0]}, E-W {g.score[1]}")
                 for g in games if g.finished)


def _sheet_stands(rules: Rules, record: Record, results: list[DealResult]) -> list[DealResult]:
    """The deals as scored when uncorrected sheet errors stand (Somerset 5): a deal whose sheet
    (after timely corrections) differs from the laws' points counts as written. The scoresheet
    findings still report each difference."""
    official = list(results)
    for i, (deal, r) in enumerate(zip(record.deals, results)):
        sheet = deal.recorded
        if deal.irregularities:   # without any, no correction: the sheet as written
            sheet, _ = sheet_as_corrected(rules, sheet, deal.irregularities, r.number)
        if sheet is None or sheet.points is None or sheet.points == r.points:
            continue
        note = stands_note(rules, r.number, f"{sheet.points[0]}-{sheet.points[1]}",
                           f"{r.points[0]}-{r.points[1]}")
        official[i] = replace(r, hand_points=sheet.points, penalty=(0, 0), points=sheet.points,
                              notes=r.notes + (note,))
    return official if official != results else results


def game_rubber_points(rules: Rules, loser_score: int) -> int:
    """Rubber points for winning one game, by the losers' score in it."""
    if rules.rubber is RubberSystem.SOMERSET:
        return 2 if loser_score <= 0 else 1          # Somerset 7: a love game counts double
    if rules.rubber is RubberSystem.WHIST:
        return 3 if loser_score <= 0 else 2 if loser_score <= 2 else 1
    return 0


@dataclass
class GameTrack:
    """The running state of games across the deals (mutable while scoring, then read)."""

    games: list[GameResult] = field(default_factory=list)
    running: list[tuple[int, Points] | None] = field(default_factory=list)  # (game, score) per deal
    findings: list[tuple[int, Finding]] = field(default_factory=list)
    rubber: RubberResult | None = None


def _add(a: Points, b: Points) -> Points:
    return (a[0] + b[0], a[1] + b[1])


@dataclass
class _Open:
    """The game being played: its score, its start, its first deal, deals so far."""

    score: Points
    game_start: Points
    first: int = 1
    in_game: int = 0
    over: bool = False      # the rubber is over
    tokens: Tokens = field(default_factory=Tokens)   # house rule four_trick_tokens


def score_games(rules: Rules, deals: list[DealResult], start: Points = (0, 0)) -> GameTrack:
    """Split the deals into games and score the rubber. Penalties are scored before the hand's
    points (Somerset 4): if a penalty wins the game, the losers' points for that hand are lost,
    and the deal's entry in ``deals`` is replaced by the deal as actually scored. A game already
    won by the score carried into it (a lap, or ``start``) is settled before its first deal."""
    track = GameTrack()
    target = rules.game_points
    tokens, fixed = rules.four_trick_tokens, rules.fixed_deals
    running = track.running
    state = _Open(start, start)

    def finish(winner: Side | None, last_deal: int) -> None:
        score = state.score
        carried: Points = (0, 0)
        if rules.lap and target is not None and winner is not None:
            surplus = (score[0] if winner is Side.NS else score[1]) - target
            if surplus > 0:
                carried = (surplus, 0) if winner is Side.NS else (0, surplus)
        loser = score[1] if winner is Side.NS else score[0]
        rp = game_rubber_points(rules, loser) if winner is not None else 0
        rubber_points: Points = (rp, 0) if winner is Side.NS else (0, rp)
        track.games.append(GameResult(len(track.games) + 1, state.first, last_deal,
                                             state.game_start, score, winner, True, carried,
                                             rubber_points))
        state.score = state.game_start = carried
        if tokens:
            state.tokens.reset()   # tokens count within a game (house_rules.Tokens)
        state.first, state.in_game = last_deal + 1, 0
        state.over = _rubber_over(rules, track.games)

    for idx, r in enumerate(deals):
        while target is not None and not state.in_game and not state.over:
            already = _reached(state.score, target)   # won by the lap alone
            if already is None:
                break
            finish(already, r.number - 1)
        if state.over:
            track.running.append(None)
            track.findings.append((idx, Finding(
                FindingKind.EXTRA_DEALS,
                f"deal {r.number} is recorded after the rubber ended ({rules.cite('rubber')}); not scored",
                rules.cite("rubber"), r.number)))
            continue
        if r.unfinished:   # a partial game stops here: the game goes on, nothing is scored
            state.in_game += 1
            track.running.append((len(track.games) + 1, state.score))
            continue
        if r.void is not None:   # a misdeal or new deal is no deal of the game
            track.running.append((len(track.games) + 1, state.score))
            continue
        state.in_game += 1
        if tokens:
            r = deals[idx] = state.tokens.apply(r)
        winner: Side | None = None
        penalty, hand = r.penalty, r.hand_points
        if penalty == (0, 0):
            score = state.score
            score = (score[0] + hand[0], score[1] + hand[1])
            if target is not None:
                winner = _reached(score, target)
        else:
            score = _add(state.score, penalty)
            if target is not None:
                winner = _reached(score, target)
                if winner is not None:   # the penalty won the game: only the winner's hand points count
                    keep = hand[0] if winner is Side.NS else hand[1]
                    kept: Points = (keep, 0) if winner is Side.NS else (0, keep)
                    score = _add(score, kept)
                    if kept != hand:
                        r = deals[idx] = _penalty_won(rules, r, kept, winner)
                else:
                    score = _add(score, hand)
                    winner = _reached(score, target)
            else:
                score = _add(score, hand)
        state.score = score
        running.append((len(track.games) + 1, score))
        if winner is not None:
            finish(winner, r.number)
        elif fixed is not None and state.in_game == fixed:
            # EGN 1.4 changelog: "games set to num_deals do not have a winner, but rather count
            # the number of points scored by each player individually" (progressive euchre)
            finish(None, r.number)
    if state.in_game:
        track.games.append(GameResult(len(track.games) + 1, state.first, deals[-1].number,
                                             state.game_start, state.score, None, False))
    track.rubber = _rubber(rules, track.games)
    return track


def _penalty_won(rules: Rules, r: DealResult, kept: Points, winner: Side) -> DealResult:
    """The deal as scored when its penalty won the game: the losers' hand points are lost."""
    note = (f"deal {r.number}: the penalty is scored first and wins the game for {winner.label}; "
            f"{winner.other.label}'s points for the hand are not scored ({rules.cite('revoke_precedence')})")
    return replace(r, hand_points=kept, points=_add(r.penalty, kept), notes=r.notes + (note,))


def _reached(score: Points, target: int) -> Side | None:
    if score[0] >= target and score[0] >= score[1]:
        return Side.NS
    if score[1] >= target:
        return Side.EW
    return None


def _won(games: list[GameResult]) -> Points:
    ns = sum(1 for g in games if g.winner is Side.NS)
    ew = sum(1 for g in games if g.winner is Side.EW)
    return (ns, ew)


def _rubber_over(rules: Rules, games: list[GameResult]) -> bool:
    if rules.rubber is RubberSystem.NONE:
        return False
    finished = [g for g in games if g.finished]
    if rules.rubber is RubberSystem.SOMERSET:
        # Somerset 1: the third game is always played; a lapped third game brings a fourth
        if len(finished) == 3:
            return finished[2].carried == (0, 0)
        return len(finished) >= 4
    if rules.rubber is RubberSystem.WHIST:
        return max(_won(finished)) >= 2
    return False


def _rubber(rules: Rules, games: list[GameResult]) -> RubberResult | None:
    if rules.rubber is RubberSystem.NONE:
        return None
    finished = [g for g in games if g.finished]
    won = _won(finished)
    points = (sum(g.rubber_points[0] for g in finished), sum(g.rubber_points[1] for g in finished))
    done = _rubber_over(rules, finished)
    winner: Side | None = None
    if done:
        # Somerset 1: "a rubber is two games out of three"; a fourth game, played only when the
        # third laps, plays the lap out: it scores its game points (7) but cannot turn the rubber,
        # which belongs to the side that won two of the first three games
        decisive = _won(finished[:3]) if rules.rubber is RubberSystem.SOMERSET else won
        if decisive[0] != decisive[1]:
            winner = Side.NS if decisive[0] > decisive[1] else Side.EW
    if winner is not None:
        points = _add(points, (2, 0) if winner is Side.NS else (0, 2))
    net = abs(points[0] - points[1]) if winner is not None else 0
    return RubberResult(rules.rubber.value, won, winner, done, points, net)
