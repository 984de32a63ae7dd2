"""Ratings of players and partnerships: rated contests replayed in time order through openskill's
Plackett-Luce model (docs/RATINGS.md).

Contracts:
- :class:`Match` is one rated contest: the teams (registry player ids, one tuple per side), their
  ranks (0 the winners; equal ranks a draw), what was rated (a game, a rubber, a progressive
  sitting: :class:`Kind`), the variant of the game (its own ladder) and the key that places it in
  time. The win rules, :func:`side_ranks`, :func:`points_ranks`, are here in one place.
- :func:`rate` is a pure function of the matches: it sorts them by :attr:`Match.order` (ties
  broken by the rest of the match, so the input order never matters) and replays them from
  new ratings. The same matches give the same numbers, float for float, whatever happened
  before: that is what makes a correction, a withdrawal, a merge or a split recompute exactly.
- Every player of a match has a rating in the ladder of its variant; a partnership (two players
  as one side) has its own rating, only where every side of the match is a pair (four-handed
  partnerships), rated against the other partnership as two entrants.
- The model and its parameters are :data:`MODEL_PARAMETERS` (openskill's defaults, so the
  library's own documented example holds for our ladders); :data:`ORDINAL_Z` is the width of the
  conservative rating a ladder is ordered by (``mu - 3 sigma``, openskill's ``ordinal()``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Iterable, Mapping, Sequence

from openskill.models import PlackettLuce, PlackettLuceRating

__all__ = ["FOUR_HANDED", "Kind", "Outcome", "Match", "Point", "Entry", "Ladder", "Book",
           "MODEL_PARAMETERS", "ORDINAL_Z", "new_model", "plain_words", "rate", "side_ranks", "points_ranks"]

FOUR_HANDED = "four-handed"
"""The four-handed partnership game's variant. Each variant (``table.Variant``'s values:
``two-handed``, ``cut-throat``, ``four-handed``, ``call-your-partner``) has its own ladder;
at the tables of 2, 3 and 5 every player is a team of one."""

MODEL_PARAMETERS: Mapping[str, float] = {
    "mu": 25.0, "sigma": 25.0 / 3.0, "beta": 25.0 / 6.0, "kappa": 0.0001, "tau": 25.0 / 300.0}
"""Plackett-Luce's parameters, as openskill ships them (docs/RATINGS.md says why)."""

ORDINAL_Z = 3.0
"""A ladder ranks by ``mu - ORDINAL_Z * sigma``: a new player starts at 0 and climbs with evidence."""


def plain_words() -> tuple[str, ...]:
    """What a rating, mu and sigma mean, for a club player (docs/RATINGS.md §1), one sentence
    each, with the model's starting values (:data:`MODEL_PARAMETERS`)."""
    p = MODEL_PARAMETERS
    return (
        "The rating is a cautious score: how well a player plays, counting only what the "
        "results so far prove. Everyone starts at 0; it rises with wins and as more matches "
        "make it surer, and falls with losses.",
        f"μ (mu) is the best guess of a player's strength: everyone starts at {p['mu']:.0f}, "
        f"above it is better than a newcomer, below it worse.",
        f"σ (sigma) is how unsure that guess still is: {p['sigma']:.1f} for a newcomer, smaller "
        f"with every match. The rating is μ less {ORDINAL_Z:.0f} σ, a strength the player is "
        f"almost surely above.",
    )


class Kind(Enum):
    """What a match rated."""

    GAME = "game"          # one game of a record of single games: its winner
    RUBBER = "rubber"      # a rubber: the side the rubber's system makes winner
    SITTING = "sitting"    # a progressive sitting: the side with more points; equal is a draw


class Outcome(Enum):
    WON = "won"
    LOST = "lost"
    DRAWN = "drawn"


@dataclass(frozen=True, slots=True)
class Match:
    """One rated contest.

    ``order`` is (date, round, first version's record id, game number): a record's place in time
    is its date, then the round of its event (or its own numeric round), then the first version
    of its correction chain (so a correction keeps the place of the record it corrects), then
    the game within the record. ``events`` are the events whose counted sitting it is (a league
    night: the night and its league)."""

    order: tuple[str, int, int, int]
    variant: str
    kind: Kind
    record_id: int
    date: str | None
    teams: tuple[tuple[int, ...], ...]
    ranks: tuple[int, ...]
    game: int | None = None
    events: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if len(self.teams) < 2 or len(self.ranks) != len(self.teams):
            raise ValueError("a match has two or more teams and one rank for each")
        players = [p for team in self.teams for p in team]
        if not all(self.teams) or len(set(players)) != len(players):
            raise ValueError("every team has players and no player is on two teams or twice")

    def outcome(self, team: int) -> Outcome:
        """How team ``team`` (an index of :attr:`teams`) fared: won (alone at the best rank),
        drawn (sharing the best rank) or lost."""
        best = min(self.ranks)
        if self.ranks[team] != best:
            return Outcome.LOST
        return Outcome.DRAWN if self.ranks.count(best) > 1 else Outcome.WON


def side_ranks(winner: int | None, sides: int = 2) -> tuple[int, ...] | None:
    """The ranks of a contest the engine gives a winner (``winner``: the index of the winning
    side): a game won (first to the game's points, penalties included, as the engine scored it)
    or a rubber won (as its system decides: Somerset two games of the first three, whist-style
    the first to two). None -- not rated -- when there is no winner (unfinished)."""
    if winner is None:
        return None
    return tuple(0 if i == winner else 1 for i in range(sides))


def points_ranks(points: Sequence[int]) -> tuple[int, ...]:
    """The ranks of a progressive sitting from each side's points over its deals: more points
    ranks higher; equal points rank equal (a draw)."""
    distinct = sorted(set(points), reverse=True)
    return tuple(distinct.index(p) for p in points)


@dataclass(frozen=True, slots=True)
class Point:
    """One step of an entrant's history: the rating after a match, and its change; ``place``
    is where the entrant finished among the ``of`` teams of the match (1 + the teams ranked
    better: level teams share a place), the outcome said as a place at tables of n."""

    record_id: int
    date: str | None
    kind: Kind
    game: int | None
    outcome: Outcome
    mu: float
    sigma: float
    ordinal: float
    change: float          # of the ordinal, by this match
    events: tuple[int, ...]
    place: int = 1
    of: int = 2


@dataclass(frozen=True, slots=True)
class Entry:
    """An entrant's rating: a player ``(id,)`` or a partnership ``(lower id, higher id)``."""

    key: tuple[int, ...]
    mu: float
    sigma: float
    ordinal: float
    won: int
    lost: int
    drawn: int
    history: tuple[Point, ...]

    @property
    def matches(self) -> int:
        return len(self.history)


@dataclass(frozen=True, slots=True)
class Ladder:
    """The ratings of one variant: players and partnerships, each in ladder order (best first:
    ordinal, then more matches, then the key)."""

    variant: str
    players: tuple[Entry, ...]
    partnerships: tuple[Entry, ...]


@dataclass(frozen=True, slots=True)
class Book:
    """Every ladder, by variant, and the number of matches rated."""

    ladders: Mapping[str, Ladder] = field(default_factory=dict)
    matches: int = 0


def new_model() -> PlackettLuce:
    """The rating model with :data:`MODEL_PARAMETERS`."""
    p = MODEL_PARAMETERS
    return PlackettLuce(mu=p["mu"], sigma=p["sigma"], beta=p["beta"], kappa=p["kappa"],
                        tau=p["tau"])


def _sort_key(m: Match) -> tuple[object, ...]:
    return (m.order, m.record_id, m.game or 0, m.variant, m.kind.value, m.teams, m.ranks)


class _Track:
    """An entrant's running rating and history while matches are replayed."""

    __slots__ = ("rating", "history", "won", "lost", "drawn")

    def __init__(self, rating: PlackettLuceRating) -> None:
        self.rating = rating
        self.history: list[Point] = []
        self.won = self.lost = self.drawn = 0

    def step(self, m: Match, team: int, new: PlackettLuceRating) -> None:
        before = self.rating.ordinal(z=ORDINAL_Z)
        self.rating = new
        after = new.ordinal(z=ORDINAL_Z)
        outcome = m.outcome(team)
        if outcome is Outcome.WON:
            self.won += 1
        elif outcome is Outcome.LOST:
            self.lost += 1
        else:
            self.drawn += 1
        place = 1 + sum(1 for r in m.ranks if r < m.ranks[team])
        self.history.append(Point(m.record_id, m.date, m.kind, m.game, outcome, new.mu,
                                  new.sigma, after, after - before, m.events, place,
                                  len(m.teams)))

    def entry(self, key: tuple[int, ...]) -> Entry:
        r = self.rating
        return Entry(key, r.mu, r.sigma, r.ordinal(z=ORDINAL_Z), self.won, self.lost,
                     self.drawn, tuple(self.history))


def _ordered(tracks: Mapping[tuple[int, ...], _Track]) -> tuple[Entry, ...]:
    entries = [t.entry(k) for k, t in tracks.items()]
    entries.sort(key=lambda e: (-e.ordinal, -e.matches, e.key))
    return tuple(entries)


def rate(matches: Iterable[Match]) -> Book:
    """Replay ``matches`` in time order from new ratings (see the module contract)."""
    model = new_model()
    players: dict[str, dict[tuple[int, ...], _Track]] = {}
    pairs: dict[str, dict[tuple[int, ...], _Track]] = {}
    count = 0
    for m in sorted(matches, key=_sort_key):
        count += 1
        ranks = [float(r) for r in m.ranks]
        mine = players.setdefault(m.variant, {})
        tracks = [[mine.setdefault((p,), _Track(model.rating())) for p in team]
                  for team in m.teams]
        rated = model.rate([[t.rating for t in team] for team in tracks], ranks=ranks)
        for i, (team, new_team) in enumerate(zip(tracks, rated)):
            for track, new in zip(team, new_team):
                track.step(m, i, new)
        if all(len(team) == 2 for team in m.teams):
            ours = pairs.setdefault(m.variant, {})
            sides = [ours.setdefault(tuple(sorted(team)), _Track(model.rating()))
                     for team in m.teams]
            rated = model.rate([[t.rating] for t in sides], ranks=ranks)
            for i, (track, new_team) in enumerate(zip(sides, rated)):
                track.step(m, i, new_team[0])
    ladders = {v: Ladder(v, _ordered(players[v]), _ordered(pairs.get(v, {})))
               for v in sorted(players)}
    return Book(ladders, count)
