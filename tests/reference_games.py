"""An independent reference for the games of a table of n (2, 3 or 5 players), written from
docs/RULES.md ("Penalties first", "Games") and ../shared/VARIANTS.md, and from nothing in the
engine (``euchre_records/games.py``), for tests/test_games_properties.py.

Each player scores for himself: a score is a list of n. The rules, as the books give them:

- Somerset 4: the revoke penalty takes precedence of all other scores. A deal's penalties are
  scored first; if a player has then won the game, he keeps his own points for the hand and
  every other player's points for the hand are not scored (RULES.md: "the losers' points from
  that hand are not scored", the four-handed law applied to n hands, VARIANTS.md).
- VARIANTS.md (three-handed, "our rule"): the first player to reach the game's points wins; a
  deal that takes two players past it at once goes to the one with more points, and an exact
  tie at the top plays on.
- A record's start score that has already won the game settles it before the first deal.
- ``fixed_deals`` N: the game ends after its N-th deal with no winner (EGN 1.4 ``num_deals``).
- No laps and no rubbers at these tables (VARIANTS.md): a new game starts from nothing.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class RefGame:
    start: list[int]
    score: list[int]
    winner: int | None
    finished: bool


def _has_won(score: list[int], target: int | None) -> int | None:
    """The player who has won at ``score``: alone at the top, and at or past the target."""
    if target is None:
        return None
    top = max(score)
    if top < target or score.count(top) > 1:
        return None
    return score.index(top)


def score_games(deals: list[tuple[list[int], list[int]]], start: list[int], target: int | None,
                fixed: int | None) -> tuple[list[RefGame], list[list[int]]]:
    """The games of the deals, each given as (its hand's points, its penalties), per player;
    and every deal's points as the game scored them."""
    n = len(start)
    games: list[RefGame] = []
    game_start, score = list(start), list(start)
    played = 0   # deals of the game so far
    scored: list[list[int]] = []
    for hand, penalty in deals:
        if played == 0:
            already = _has_won(score, target)
            if already is not None:   # the start score won it
                games.append(RefGame(game_start, score, already, True))
                game_start, score = [0] * n, [0] * n
        played += 1
        score = [s + p for s, p in zip(score, penalty)]
        first = _has_won(score, target) if any(penalty) else None
        counted = hand if first is None else [h if i == first else 0 for i, h in enumerate(hand)]
        score = [s + h for s, h in zip(score, counted)]
        scored.append([p + h for p, h in zip(penalty, counted)])
        won = _has_won(score, target)
        if won is not None or played == fixed:
            games.append(RefGame(game_start, score, won, True))
            game_start, score, played = [0] * n, [0] * n, 0
    if played:
        games.append(RefGame(game_start, score, None, False))
    return games, scored
