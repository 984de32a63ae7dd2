"""Individual standings: events of games in which each player scores for himself (cut-throat,
the two-handed game, five-handed call-your-partner; docs/EVENTS.md §2.1).

Each game at a table of n players gives every player a **place** 1..n by the points he ended
the game with (more points, better place). Players level on points **share** the better place
(standard competition ranking: 10, 7, 7 are places 1, 2, 2; nobody is third). A finished game's
winner is always first alone (match.replay: the first to reach the game's points wins; two past
it at once, the one with more; an exact tie plays on), so the place agrees with the engine.

Each place earns **place points**, the duplicate-bridge matchpoint count applied to one table:
2 for every other player at the table with fewer points, 1 for every one with as many, 0 for
every one with more. At a table of three: first 4, second 2, third 0; two tied first 3 each;
two tied second 1 each. Every game hands out exactly n(n-1) of them, whatever the ties, so
tables are worth the same and nobody gains from the order in which games are played.

Contract:
- Pure: no I/O. The store builds one :class:`GameScore` per placed game from stored rows;
  :func:`places` and :func:`place_points` place one game; :func:`rank_individual` totals the
  games per player (:class:`PlayerTotals`) and orders them by the criteria of the chosen
  :class:`PlaceScoring` (default :attr:`PlaceScoring.PLACES`), sharing the place of players equal
  on all of them, each line explaining its tie-break as :func:`.tournament.rank` does.
- The standings depend only on the multiset of games (the order they arrive in changes nothing).
- :func:`next_individual_seating` is the ladder movement for tables of n (docs/EVENTS.md §4.1).

>>> places((10, 7, 7)), place_points((10, 7, 7))
((1, 2, 2), (4, 1, 1))
>>> places((5, 9)), place_points((5, 9))
((2, 1), (0, 2))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .tournament import Criterion, MovementTie, PlaceScoring, ranked

__all__ = [
    "PlaceScoring", "GameScore", "PlayerTotals", "IndividualStanding", "PLACE_CRITERIA",
    "places", "place_points", "individual_totals", "rank_individual", "NTableSeating",
    "NTableResult", "next_individual_seating",
]


def places(scores: Sequence[int]) -> tuple[int, ...]:
    """The place of each player of one game: 1 + the number of players with more points."""
    return tuple(1 + sum(1 for other in scores if other > mine) for mine in scores)


def place_points(scores: Sequence[int]) -> tuple[int, ...]:
    """The place points of each player of one game: 2 per other player with fewer points, 1 per
    other player with as many (the player himself not counted)."""
    return tuple(sum(2 if mine > other else 1 if mine == other else 0
                     for j, other in enumerate(scores) if j != i)
                 for i, mine in enumerate(scores))


@dataclass(frozen=True, slots=True)
class GameScore:
    """One placed game: where it was played, and by seat the entrant (player key) and the points
    he ended the game with."""

    round: int
    table: str
    game: int
    players: tuple[str, ...]
    scores: tuple[int, ...]

    def __post_init__(self) -> None:
        if len(self.players) != len(self.scores) or len(self.players) < 2:
            raise ValueError(f"round {self.round}, table {self.table}, game {self.game}: "
                             f"{len(self.players)} players and {len(self.scores)} scores; a game "
                             "has two or more players, each with a score")
        if len(set(self.players)) != len(self.players):
            raise ValueError(f"round {self.round}, table {self.table}: a player sits twice")


@dataclass(frozen=True, slots=True)
class PlayerTotals:
    """A player's totals over his placed games (the values the criteria compare); ``places`` are
    his places game by game, in (round, table, game) order, for display."""

    entrant: str
    games: int
    place_points: int
    wins: int
    points: int
    places: tuple[int, ...]

    def value(self, key: str) -> int:
        return int(getattr(self, key))


PLACE_CRITERIA: dict[PlaceScoring, tuple[Criterion, ...]] = {
    PlaceScoring.PLACES: (
        Criterion("place_points", "place points",
                  "2 for each player with fewer points at the table, 1 for each level, every game"),
        Criterion("wins", "games won", "games in which the player placed first alone"),
        Criterion("points", "points", "points the player scored, every game"),
    ),
    PlaceScoring.POINTS: (
        Criterion("points", "points", "points the player scored, every game"),
        Criterion("place_points", "place points",
                  "2 for each player with fewer points at the table, 1 for each level, every game"),
        Criterion("wins", "games won", "games in which the player placed first alone"),
    ),
    PlaceScoring.WINS: (
        Criterion("wins", "games won", "games in which the player placed first alone"),
        Criterion("place_points", "place points",
                  "2 for each player with fewer points at the table, 1 for each level, every game"),
        Criterion("points", "points", "points the player scored, every game"),
    ),
}
"""The criteria of each individual scoring, in order; after the last, players share the place."""


def individual_totals(games: Iterable[GameScore]) -> dict[str, PlayerTotals]:
    """Each player's totals over ``games``."""
    acc: dict[str, tuple[int, int, int, int, list[tuple[tuple[int, str, int], int]]]] = {}
    for g in games:
        where = (g.round, g.table, g.game)
        for player, score, place, pp in zip(g.players, g.scores, places(g.scores),
                                            place_points(g.scores)):
            n, total_pp, wins, points, seen = acc.get(player, (0, 0, 0, 0, []))
            alone_first = place == 1 and sum(1 for s in g.scores if s == score) == 1
            acc[player] = (n + 1, total_pp + pp, wins + int(alone_first), points + score,
                           [*seen, (where, place)])
    return {k: PlayerTotals(k, n, pp, w, pts, tuple(p for _, p in sorted(seen)))
            for k, (n, pp, w, pts, seen) in acc.items()}


@dataclass(frozen=True, slots=True)
class IndividualStanding:
    """One line of individual standings: the shared place, the player's totals and why."""

    place: int
    entrant: str
    totals: PlayerTotals
    explanation: str


def rank_individual(games: Iterable[GameScore], scoring: PlaceScoring = PlaceScoring.PLACES,
                    names: Mapping[str, str] | None = None,
                    entrants: Iterable[str] = ()) -> tuple[IndividualStanding, ...]:
    """The individual standings over ``games`` by ``scoring``'s criteria. ``entrants`` adds
    players without a placed game (all zero); ``names`` names them in explanations."""
    table = individual_totals(games)
    for e in entrants:
        table.setdefault(e, PlayerTotals(e, 0, 0, 0, 0, ()))

    def label(entrant: str) -> str:
        return names.get(entrant, entrant) if names else entrant

    return tuple(IndividualStanding(place, t.entrant, t, why)
                 for place, t, why in ranked(table.values(), PLACE_CRITERIA[scoring], label))


# --- the ladder movement for tables of n ---------------------------------------------------

@dataclass(frozen=True, slots=True)
class NTableSeating:
    """Who sits where at one table of n: player keys by seat 0..n-1 (nobody partners anybody)."""

    table: int
    seats: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class NTableResult:
    """A table's round: its seating and each seat's points."""

    seating: NTableSeating
    points: tuple[int, ...]


def next_individual_seating(results: Sequence[NTableResult]) -> tuple[NTableSeating, ...]:
    """The ladder movement for individual tables (docs/EVENTS.md §4.1).

    Tables are numbered 1 (the head) up. After a round the player placed first at each table
    moves up one table and the player placed last moves down one; the head table's first and
    the foot table's last stay; everybody else stays. At the new table the stayers take the
    first seats in their old seat order, then the one who came up (from the table below), then
    the one who came down (from the table above), so a player who stays moves round the table
    when others arrive. A table whose first or last place is shared cannot say who moves:
    :class:`MovementTie`, and the director seats the round.

    >>> r1 = NTableResult(NTableSeating(1, ("a", "b", "c")), (10, 4, 7))
    >>> r2 = NTableResult(NTableSeating(2, ("d", "e", "f")), (3, 10, 6))
    >>> [s.seats for s in next_individual_seating([r1, r2])]
    [('a', 'c', 'e'), ('d', 'f', 'b')]
    """
    by_table = sorted(results, key=lambda r: r.seating.table)
    numbers = [r.seating.table for r in by_table]
    if numbers != list(range(1, len(by_table) + 1)):
        raise ValueError(f"tables must be numbered 1 to {len(by_table)}, got {numbers}")
    sizes = {len(r.seating.seats) for r in by_table}
    if len(sizes) != 1 or min(sizes) < 2:
        raise ValueError(f"every table must seat the same number of players (two or more), "
                         f"got {sorted(sizes)}")
    firsts: list[str] = []
    lasts: list[str] = []
    stayers: list[list[str]] = []
    for r in by_table:
        seats, pts = r.seating.seats, r.points
        if len(pts) != len(seats):
            raise ValueError(f"table {r.seating.table}: {len(seats)} seats, {len(pts)} scores")
        top, bottom = max(pts), min(pts)
        if pts.count(top) > 1 or pts.count(bottom) > 1:
            shared = "first" if pts.count(top) > 1 else "last"
            raise MovementTie(f"table {r.seating.table}: the {shared} place is shared "
                              f"({', '.join(map(str, pts))}); record the director's seating "
                              "for the next round")
        first, last = seats[pts.index(top)], seats[pts.index(bottom)]
        firsts.append(first)
        lasts.append(last)
        stayers.append([p for p in seats if p not in (first, last)])
    count = len(by_table)
    out = []
    for i in range(count):
        up_from_below = firsts[i + 1] if i + 1 < count else None
        down_from_above = lasts[i - 1] if i > 0 else None
        staying = set(stayers[i])
        if i == 0:
            staying.add(firsts[0])
        if i == count - 1:
            staying.add(lasts[i])
        keep_order = [p for p in by_table[i].seating.seats if p in staying]
        arrivals = [p for p in (up_from_below, down_from_above) if p is not None]
        out.append(NTableSeating(i + 1, tuple(keep_order + arrivals)))
    return tuple(out)
