"""The game loop of every table (issue 32): a record's replayed deals split into games, each
deal's points added to the game's score columns, games ended at the target (or after a fixed
number of deals), the lap carried, and the rubber scored.

A score column is a side where partnerships are fixed for the game (the table of four: N-S,
E-W) and a seat otherwise (tables of 2, 3 and 5: each scores for himself). What differs between
tables is data, :class:`GamePlan`: how many columns, their labels, whether laps and rubbers are
played (fixed partnerships only: at n a note says they are not, VARIANTS.md). The rules, one
for every table (docs/RULES.md "Games"):

- **Penalties first** (Somerset 4, ``revoke_precedence``): a deal's penalty is added before its
  hand's points; if that wins the game, the winner keeps his own hand points and every other
  column's are lost (the four-handed law applied to n hands, VARIANTS.md: "everything not said
  here is the four-handed game").
- **The winner** (:func:`winner`): the column that reaches the target; two or more past it at
  once: the one with more points; an exact tie at the top plays on (VARIANTS.md three-handed,
  "our rule"; at four hands only a start score or penalties to both sides can bring it).
- A game already won by the score carried into it (a lap, or the record's start score) is
  settled before its first deal. Void deals are no deals of the game; an unfinished deal is one
  and scores nothing. A game of ``fixed_deals`` deals ends after its N-th deal with no winner.
- Four-trick tokens (house rule) are held per column (``house_rules.Tokens``); where the
  sheet's uncorrected errors stand (Somerset 5, ``sheet_errors_stand``) the caller's
  ``written`` gives the deal as the sheet wrote it, and that is what the game scores.

Contract: :func:`play_games` is pure and total on replayed deals; it never raises.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import add
from typing import Any

from msgspec import Struct

from .cards import Side
from .deal_passing import no_winner_note
from .house_rules import Tokens
from .model import DealResult, Finding, FindingKind, GameResult, Scores, replace
from .rules import Rules, RubberSystem
from .scoring import add_scores
from .table import Table

__all__ = ["GamePlan", "Games", "Rubber", "play_games", "winner", "target_of",
           "game_rubber_points"]

_NEVER = 1 << 62
"""A target no score reaches: the game of fixed deals, which no score ends."""


def target_of(table: Table, rules: Rules) -> int | None:
    """The game's target: ``game_points`` when the rules override it, else the table's default
    (10 for cut-throat and five-handed), else the preset's. None for a sitting of
    ``fixed_deals`` deals (``game_points: null``): no points target, the game is the deals."""
    if rules.fixed_deals is not None:
        return None
    if "game_points" in dict(rules.overrides) or table.default_game_points is None:
        return rules.game_points
    return table.default_game_points


@dataclass(frozen=True, slots=True)
class GamePlan:
    """What a table and its rules say about games, made once by :meth:`of`: the score columns
    and their labels as the notes name them (``fixed_sides``: a column per side, else per
    seat) and ``winners``, each column's winner as the game result names him (a side, a seat
    index), the target, the lap and the rubber (fixed partnerships only), and ``whose``, the
    pronoun of a column's tokens in their note."""

    rules: Rules
    fixed_sides: bool
    labels: tuple[str, ...]
    winners: tuple[Any, ...]   # a game's winner by column, as its result names him
    target: int | None
    lap: bool
    rubber: RubberSystem
    whose: str

    @staticmethod
    def of(table: Table, rules: Rules) -> GamePlan:
        """The plan of ``table`` under ``rules``: at fixed partnerships a column per side, at
        a table of n a column per seat, and no lap or rubber there (VARIANTS.md)."""
        entry = _PLANS.get(id(rules))   # by identity: a frozen Rules hashes all its fields
        if entry is None or entry[0] is not rules or entry[1] is not table:
            if len(_PLANS) > 64:
                _PLANS.clear()
            entry = _PLANS[id(rules)] = (rules, table, _plan(table, rules))
        return entry[2]

    def column(self, seat: int) -> int:
        """The score column of ``seat``: its side (N, S: 0; E, W: 1) at fixed partnerships,
        else its own."""
        return seat % 2 if self.fixed_sides else seat


_PLANS: dict[int, tuple[Rules, Table, GamePlan]] = {}
"""The plans made, by the identity of their rules (as ``fastpath._rules_table``)."""


def _plan(table: Table, rules: Rules) -> GamePlan:
    if table.fixed_sides:
        return GamePlan(rules, True, ("N-S", "E-W"), (Side.NS, Side.EW), target_of(table, rules),
                        rules.lap, rules.rubber, "their")
    labels = tuple(f"seat {table.token(s)}" for s in table.all_seats)
    return GamePlan(rules, False, labels, table.all_seats, target_of(table, rules), False,
                    RubberSystem.NONE, "his")


def _pair_step(score: Scores, points: Scores, reach: int) -> tuple[Scores, int | None]:
    """:func:`_step` of two columns (the table of four, the hot path): one call a deal."""
    a, b = score[0] + points[0], score[1] + points[1]
    if a < reach and b < reach:
        return (a, b), None
    return (a, b), (0 if a > b else 1 if b > a else None)


def _step(score: Scores, points: Scores, reach: int) -> tuple[Scores, int | None]:
    """``points`` added to ``score``, and the column that has then won (:func:`winner`)."""
    after = tuple(map(add, score, points))   # scoring.add_scores, without its call
    return after, (winner(after, reach) if max(after) >= reach else None)


class Rubber(Struct, frozen=True, gc=False):
    """The rubber over the finished games: games won and rubber points per column (the bonus
    included), its winning column, whether it is over, and the winner's net points."""

    system: RubberSystem
    games_won: Scores
    winner: int | None
    finished: bool
    rubber_points: Scores
    net: int


class Games:
    """The games of a record as :func:`play_games` scored them.

    ``deals``: each deal as scored (tokens, a penalty that won the game, the sheet's entry
    where it stands); ``laws``: the same, but the laws' figures where the sheet's stood (what
    the sheet check compares against); ``games``: the game results; ``running``: per
    deal the game's number and its score after the deal, None for a deal after the rubber
    ended; ``findings``: (deal index, finding) of the deals after the rubber; ``notes``: one
    per finished game of fixed deals; ``next_start``: the score a game after the last one
    would start from. Mutable while :func:`play_games` fills it (a plain slotted class: it is
    made once a record)."""

    __slots__ = ("deals", "laws", "games", "running", "findings", "notes", "rubber", "next_start")

    def __init__(self, deals: list[DealResult], start: Scores) -> None:
        self.deals: list[DealResult] = deals
        self.laws: list[DealResult] = list(deals)
        self.games: list[GameResult] = []
        self.running: list[tuple[int, Scores] | None] = []
        self.findings: list[tuple[int, Finding]] = []
        self.notes: list[str] = []
        self.rubber: Rubber | None = None
        self.next_start = start

    def start_of(self, game: int) -> Scores:
        """The score game ``game`` starts from (the record's start for the first; for the game
        after the last, the lap carried into it)."""
        return self.games[game - 1].start if game <= len(self.games) else self.next_start


def winner(score: Scores, target: int) -> int | None:
    """The column that has won at ``score``: the only one with the most points, at or past
    ``target``; None below it, or at an exact tie at the top (it plays on: VARIANTS.md
    three-handed, "our rule", docs/RULES.md "Games")."""
    top = max(score)
    if top < target or score.count(top) > 1:
        return None
    return score.index(top)


def _penalty_won(plan: GamePlan, r: DealResult, kept: Scores, won: int) -> DealResult:
    """The deal as scored when its penalty won the game for column ``won``: every other
    column's hand points are lost (Somerset 4); the note names the columns that had some."""
    others = [f"{label}'s" for c, label in enumerate(plan.labels) if c != won and r.hand_points[c]]
    losers = others[0] if len(others) == 1 else ", ".join(others[:-1]) + " and " + others[-1]
    note = (f"deal {r.number}: the penalty is scored first and wins the game for "
            f"{plan.labels[won]}; {losers} points for the hand are not scored "
            f"({plan.rules.cite('revoke_precedence')})")
    return replace(r, hand_points=kept, points=add_scores(r.penalty, kept), notes=r.notes + (note,))


def _tokens(plan: GamePlan, tokens: Tokens, r: DealResult) -> DealResult:
    """The deal with its four-trick tokens (house rule ``four_trick_tokens``, per column): the
    makers' columns (their side at four, each maker's own at n) hold them."""
    if r.maker is None or r.void is not None or r.thrown_in or r.alone or r.unfinished:
        return r
    if r.maker_tricks != 4 or r.hand_points[plan.column(r.maker)] <= 0:
        return r   # not a four-trick make that scored (a revoke may have cancelled it)
    columns = tuple(dict.fromkeys(map(plan.column, r.makers)))
    return tokens.apply(r, columns, [plan.labels[c] for c in columns], plan.whose)


def play_games(plan: GamePlan, deals: Sequence[DealResult], start: Scores,
               written: Callable[[int, DealResult], DealResult | None] | None = None) -> Games:
    """Split ``deals`` into games and score them (the module contract), each game a
    ``model.GameResult`` whose winner is named as ``plan.winners`` names him (a side at four, a
    seat at n). ``written(i, deal)``: the deal as the sheet wrote it, where uncorrected errors
    stand (Somerset 5), else None."""
    rules, target, fixed = plan.rules, plan.target, plan.rules.fixed_deals
    zero: Scores = (0,) * len(plan.labels)
    step = _pair_step if len(zero) == 2 else _step
    out = Games(list(deals), start)
    games, running, names = out.games, out.running, plan.winners
    tokens = Tokens() if rules.four_trick_tokens else None
    system = plan.rubber
    rubber = _RubberCount(zero) if system is not RubberSystem.NONE else None
    score, game_start, first, in_game, over = start, start, 1, 0, False
    reach = target if target is not None else _NEVER   # no target: a game of fixed deals

    def finish(won: int | None, last_deal: int) -> None:
        nonlocal score, game_start, first, in_game, over
        carried = rubber_points = zero
        if won is not None:
            if plan.lap and score[won] > reach:
                carried = _one(zero, won, score[won] - reach)
            if rubber is not None:
                loser = max(score[:won] + score[won + 1:])   # the best of the others
                rubber_points = _one(zero, won, game_rubber_points(rules, loser))
        games.append(GameResult(len(games) + 1, first, last_deal, game_start, score,
                          None if won is None else names[won], True, carried, rubber_points))
        if won is None and fixed is not None:
            out.notes.append(no_winner_note(len(games), fixed, ", ".join(
                f"{label} {score[c] - game_start[c]}" for c, label in enumerate(plan.labels))))
        score = game_start = carried
        if tokens is not None:
            tokens.reset()   # tokens count within a game
        first, in_game = last_deal + 1, 0
        if rubber is not None:
            over = rubber.add(system, won, carried, rubber_points)

    for i, r in enumerate(deals):
        while not in_game and not over and max(score) >= reach:
            already = winner(score, reach)   # won by the lap (or the start score) alone
            if already is None:
                break
            finish(already, r.number - 1)
        if over:
            running.append(None)
            out.findings.append((i, Finding(
                FindingKind.EXTRA_DEALS,
                f"deal {r.number} is recorded after the rubber ended ({rules.cite('rubber')}); not scored",
                rules.cite("rubber"), r.number)))
            continue
        if r.void is not None:   # a misdeal or new deal is no deal of the game
            running.append((len(games) + 1, score))
            continue
        in_game += 1
        if r.unfinished:   # a partial game stops here: the game goes on, nothing is scored
            running.append((len(games) + 1, score))
            continue
        if tokens is not None:
            r = out.deals[i] = out.laws[i] = _tokens(plan, tokens, r)
        before = score
        if r.penalty == zero:
            score, won = step(score, r.hand_points, reach)
        else:   # penalties first (Somerset 4)
            score, won = step(score, r.penalty, reach)
            if won is None:
                score, won = step(score, r.hand_points, reach)
            else:   # the penalty won the game: only the winner's hand points count
                kept = _one(zero, won, r.hand_points[won])
                score = add_scores(score, kept)
                if kept != r.hand_points:
                    r = out.deals[i] = out.laws[i] = _penalty_won(plan, r, kept, won)
        if written is not None:
            as_written = written(i, r)
            if as_written is not None:   # uncorrected sheet errors stand (Somerset 5)
                out.deals[i] = as_written
                score, won = step(before, as_written.points, reach)
        running.append((len(games) + 1, score))
        if won is not None:
            finish(won, r.number)
        elif in_game == fixed:
            # EGN 1.4 changelog: "games set to num_deals do not have a winner, but rather count
            # the number of points scored by each player individually" (progressive euchre)
            finish(None, r.number)
    if in_game:
        games.append(GameResult(len(games) + 1, first, deals[-1].number, game_start, score, None,
                          False, zero, zero))
        out.next_start = zero
    else:
        out.next_start = score
    if rubber is not None:
        out.rubber = rubber.result(system, over)
    return out


def _one(zero: Scores, column: int, points: int) -> Scores:
    """``points`` in ``column``, 0 in every other."""
    return zero[:column] + (points,) + zero[column + 1:]


def game_rubber_points(rules: Rules, loser_score: int) -> int:
    """Rubber points for winning one game, by the (best) loser's score in it."""
    if rules.rubber is RubberSystem.SOMERSET:
        return 2 if loser_score <= 0 else 1          # Somerset 7: a love game counts double
    if rules.rubber is RubberSystem.WHIST:
        return 3 if loser_score <= 0 else 2 if loser_score <= 2 else 1
    return 0


class _RubberCount:
    """The rubber as the games finish (mutable while :func:`play_games` runs): games won and
    rubber points per column, and the games won among the first three (Somerset 1)."""

    __slots__ = ("zero", "games", "won", "first_three", "points")

    def __init__(self, zero: Scores) -> None:
        self.zero, self.games = zero, 0
        self.won, self.first_three = [0] * len(zero), [0] * len(zero)
        self.points = zero

    def add(self, system: RubberSystem, won: int | None, carried: Scores,
            rubber_points: Scores) -> bool:
        """One more finished game; whether the rubber is over with it."""
        self.games += 1
        if won is not None:
            self.won[won] += 1
            if self.games <= 3:
                self.first_three[won] += 1
        self.points = add_scores(self.points, rubber_points)
        if system is RubberSystem.SOMERSET:
            # Somerset 1: the third game is always played; a lapped third game brings a fourth
            return not any(carried) if self.games == 3 else self.games >= 4
        return system is RubberSystem.WHIST and max(self.won) >= 2

    def result(self, system: RubberSystem, over: bool) -> Rubber:
        """The rubber: its winner, where it is over, with the bonus of 2 (Somerset 7)."""
        top: int | None = None
        if over:
            # Somerset 1: "a rubber is two games out of three"; a fourth game, played only when
            # the third laps, plays the lap out: it scores its game points (7) but cannot turn
            # the rubber, which belongs to the side that won two of the first three games
            top = winner(tuple(self.first_three if system is RubberSystem.SOMERSET
                               else self.won), 1)
        points = self.points if top is None else add_scores(self.points, _one(self.zero, top, 2))
        net = max(points) - min(points) if top is not None else 0
        return Rubber(system, tuple(self.won), top, over, points, net)
