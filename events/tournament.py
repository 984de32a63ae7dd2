"""Tournaments (club nights, progressive evenings, pairs events, league seasons): formats,
standings with explained tie-breaks, findings on sittings, and the progressive movement.

The name: :class:`~euchre_records.model.Event` is already the record's own club/event/date/
table/round block, so the thing that groups records is a *tournament* here (an "event" in the
API's URLs and the CLI, as a director says it).

Contract:
- Pure: no I/O. The store gathers one :class:`SittingScore` per entrant and sitting from stored
  rows; :func:`rank` orders the entrants by the format's criteria (:data:`CRITERIA`), gives
  shared places to entrants equal on every criterion, and explains each tie-break in words.
- :func:`rank` depends only on the multiset of scores: the order in which sittings arrive never
  changes the standings (ties are listed by entrant key, not by arrival).
- :func:`check_sitting` returns :class:`EventFinding`s for a sitting that does not fit its
  tournament; it never raises on bad data.
- :func:`next_seating` is the traditional progressive movement; :class:`MovementTie` is raised
  when a table's round is tied, because the movement then needs the director's seating.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Callable, Iterable, Mapping, Protocol, Sequence, TypeVar

from euchre_records.words import counted

__all__ = [
    "Format", "Pairing", "Tournament", "SittingScore", "Criterion", "CRITERIA", "Totals",
    "Standing", "rank", "ranked", "totals", "EventFinding", "SittingFacts", "check_sitting",
    "check_round", "seat_tokens", "INDIVIDUAL_FORMATS", "PlaceScoring", "TableSeating",
    "TableResult", "MovementTie", "next_seating", "RULES",
]


class Format(Enum):
    """How a tournament is played and ranked (docs/EVENTS.md, "Formats")."""

    RUBBERS = "rubbers"          # rubbers at fixed tables (a club night)
    PROGRESSIVE = "progressive"  # fixed-deal rounds, partners change, individual points
    PAIRS = "pairs"              # fixed partnerships over rounds (round robin or Swiss)
    LEAGUE = "league"            # a season: several tournaments, standings over their union
    GAMES = "games"              # games at tables of 2, 3 or 5, each player for himself: places


class PlaceScoring(Enum):
    """How an individual event ranks its players (its ``place_scoring``; events/individual.py)."""

    PLACES = "places"   # default: place points, then games won, then points
    POINTS = "points"   # total points first (a club that adds up its sheets), then place points
    WINS = "wins"       # games won first (first places alone), then place points, then points


class Pairing(Enum):
    """How the pairs of a pairs tournament meet; the names are EMN's match formats."""

    ROUND_ROBIN = "ROUND_ROBIN"
    SWISS = "SWISS"


RULES = {
    "deals": "EVENTS §3.2 (a progressive round is a fixed number of deals)",
    "round": "EVENTS §3.1 (the rounds of the tournament)",
    "seating": "EVENTS §3.3 (the sitting matches the round's recorded seating)",
    "registry": "EVENTS §3.4 (only the tournament's players sit)",
    "twice": "EVENTS §3.5 (a player sits once per round)",
    "pairs": "EVENTS §3.6 (pairs play in their registered partnerships)",
    "seats": "EVENTS §3.7 (a sitting has a known player in every seat)",
    "table": "EVENTS §3.8 (a sitting is played at the event's table: its number of players)",
}
"""The tournament rules that findings cite (the sections of docs/EVENTS.md)."""


INDIVIDUAL_FORMATS = (Format.GAMES, Format.PROGRESSIVE)
"""The formats an event at tables of 2, 3 or 5 may have (nobody partners anybody for a game, so
there are no pairs and no rubbers; docs/EVENTS.md §2.1)."""


@dataclass(frozen=True, slots=True)
class Tournament:
    """A tournament's settings. ``rounds`` and ``deals_per_round`` are None when not fixed;
    ``scoring`` is the format a league ranks its union by (None for other formats). ``seats``
    is the number of players at each table (4: partnerships; 2, 3, 5: each for himself, ranked
    by individual places with ``place_scoring``, default places: events/individual.py)."""

    name: str
    format: Format
    club: str | None = None
    date_from: str | None = None
    date_to: str | None = None
    pairing: Pairing | None = None
    rounds: int | None = None
    deals_per_round: int | None = None
    scoring: Format | None = None
    seats: int = 4
    place_scoring: PlaceScoring | None = None

    @property
    def individual(self) -> bool:
        """Each player scores for himself (tables of 2, 3 or 5): individual places."""
        return self.seats != 4

    def settings_problem(self) -> tuple[str, str] | None:
        """Why these settings cannot make an event, as (what, field); None when they can."""
        if self.seats not in (2, 3, 4, 5):
            return (f"an event's tables seat 2, 3, 4 or 5 players, not {self.seats}", "seats")
        if self.individual and self.format not in INDIVIDUAL_FORMATS:
            return (f"a {self.format.value} event needs partnerships: at tables of {self.seats} "
                    "each player scores for himself; use the format "
                    + " or ".join(f.value for f in INDIVIDUAL_FORMATS), "format")
        if not self.individual and self.format is Format.GAMES:
            return ("the games format is for tables of 2, 3 or 5 (individual places); a "
                    "four-handed club night is the rubbers format", "format")
        if self.place_scoring is not None and not self.individual:
            return ("place_scoring ranks individual events only (tables of 2, 3 or 5)",
                    "place_scoring")
        return None

    @property
    def ranking(self) -> Format:
        """The format whose criteria rank this tournament (a league's ``scoring``)."""
        if self.format is Format.LEAGUE:
            return self.scoring or Format.PROGRESSIVE
        return self.format


@dataclass(frozen=True, slots=True)
class SittingScore:
    """One entrant's share of one sitting, as read from the stored rows.

    ``points_for``/``points_against``: the points of the entrant's side and of the other side
    over every deal of the sitting (penalties included); ``won``: the sitting's winner is the
    entrant's side (rubber won, or more single games won); ``lone_hands_made``: lone hands the
    entrant (or, for a pair, either partner) played and did not lose."""

    entrant: str
    round: int
    table: str
    points_for: int
    points_against: int
    won: bool
    net_rubber_points: int = 0
    games_won: int = 0
    lone_hands_made: int = 0


@dataclass(frozen=True, slots=True)
class Totals:
    """An entrant's totals over its sittings (the values the criteria compare)."""

    entrant: str
    sittings: int
    points: int
    points_against: int
    wins: int
    rounds_won: int
    net_rubber_points: int
    games_won: int
    lone_hands_made: int

    @property
    def difference(self) -> int:
        return self.points - self.points_against

    def value(self, key: str) -> int:
        return int(getattr(self, key))


@dataclass(frozen=True, slots=True)
class Criterion:
    key: str       # attribute of Totals
    label: str     # as written in an explanation: "points", "rounds won" ...
    meaning: str   # one line for the standings' "order"


CRITERIA: dict[Format, tuple[Criterion, ...]] = {
    Format.RUBBERS: (
        Criterion("wins", "rubbers won", "rubbers won (a sitting's winner by the rule book)"),
        Criterion("net_rubber_points", "net rubber points",
                  "rubber points of the entrant's side minus the other side's"),
        Criterion("games_won", "games won", "games won in those rubbers"),
    ),
    Format.PROGRESSIVE: (
        Criterion("points", "points", "points the entrant's side made, every round"),
        Criterion("rounds_won", "rounds won",
                  "rounds in which the entrant's side made more points than the other"),
        Criterion("lone_hands_made", "lone hands made",
                  "lone hands the entrant played and was not euchred"),
    ),
    Format.PAIRS: (
        Criterion("wins", "wins", "sittings won (rubber or match winner)"),
        Criterion("difference", "points difference", "points made minus points conceded"),
        Criterion("points", "points", "points made"),
    ),
}
"""The ranking criteria of each format, in order; after the last, entrants share the place."""


def totals(scores: Iterable[SittingScore]) -> dict[str, Totals]:
    """The totals of each entrant over its sittings."""
    acc: dict[str, list[int]] = {}
    for s in scores:
        row = acc.setdefault(s.entrant, [0] * 8)
        row[0] += 1
        row[1] += s.points_for
        row[2] += s.points_against
        row[3] += int(s.won)
        row[4] += int(s.points_for > s.points_against)
        row[5] += s.net_rubber_points
        row[6] += s.games_won
        row[7] += s.lone_hands_made
    return {k: Totals(k, *v) for k, v in acc.items()}


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings: the place (shared places repeat: 1, 2, 2, 4), the totals and
    why this entrant is placed where it is against its neighbours."""

    place: int
    entrant: str
    totals: Totals
    explanation: str


class _Valued(Protocol):
    """Totals that criteria compare: an entrant key and a value per criterion key."""

    @property
    def entrant(self) -> str: ...

    def value(self, key: str) -> int: ...


V = TypeVar("V", bound=_Valued)


def _key(t: _Valued, criteria: Sequence[Criterion]) -> tuple[int, ...]:
    return tuple(-t.value(c.key) for c in criteria)


def ranked(table: Iterable[V], criteria: Sequence[Criterion],
           label: Callable[[str], str]) -> list[tuple[int, V, str]]:
    """``table``'s totals ordered by ``criteria`` (higher first), each with its place (equal on
    every criterion: the same place, listed by ``label`` then key) and the explanation of its
    tie-breaks: the one ordering of :func:`rank` and of individual standings."""
    ordered = sorted(table, key=lambda t: (_key(t, criteria), label(t.entrant), t.entrant))
    out: list[tuple[int, V, str]] = []
    place = 0
    for i, t in enumerate(ordered):
        if i == 0 or _key(ordered[i - 1], criteria) != _key(t, criteria):
            place = i + 1
        out.append((place, t, _explain(ordered, i, criteria, label)))
    return out


def rank(fmt: Format, scores: Iterable[SittingScore],
         names: Mapping[str, str] | None = None, entrants: Iterable[str] = ()) -> tuple[Standing, ...]:
    """The standings of ``fmt`` over ``scores``. ``entrants`` adds entrants without sittings
    (all zero); ``names`` gives the names used in explanations (default: the keys)."""
    criteria = CRITERIA[Format.PROGRESSIVE if fmt is Format.LEAGUE else fmt]
    table = totals(scores)
    for e in entrants:
        table.setdefault(e, Totals(e, 0, 0, 0, 0, 0, 0, 0, 0))
    def label(entrant: str) -> str:
        return names.get(entrant, entrant) if names else entrant

    return tuple(Standing(place, t.entrant, t, why)
                 for place, t, why in ranked(table.values(), criteria, label))


def _explain(ordered: Sequence[_Valued], i: int, criteria: Sequence[Criterion],
             name: Callable[[str], str]) -> str:
    """Why ``ordered[i]`` stands where it does against the entrants just above and below."""
    me = ordered[i]
    first = criteria[0]
    parts: list[str] = [f"{first.label} {me.value(first.key)}"]
    for other, word in ((ordered[i - 1] if i > 0 else None, "below"),
                        (ordered[i + 1] if i + 1 < len(ordered) else None, "above")):
        if other is None:
            continue
        decided = _decider(me, other, criteria)
        if decided is None:
            parts.append(f"shares the place with {name(other.entrant)}: equal on "
                         + ", ".join(f"{c.label} ({me.value(c.key)})" for c in criteria))
        elif decided != 0:
            equal = ", ".join(f"{c.label} ({me.value(c.key)})" for c in criteria[:decided])
            c = criteria[decided]
            parts.append(f"{word} {name(other.entrant)} on the tie-break {c.label} "
                         f"({me.value(c.key)} to {other.value(c.key)}) after equal {equal}")
    return "; ".join(parts)


def _decider(a: _Valued, b: _Valued, criteria: Sequence[Criterion]) -> int | None:
    """The index of the first criterion on which ``a`` and ``b`` differ; None if none does."""
    for n, c in enumerate(criteria):
        if a.value(c.key) != b.value(c.key):
            return n
    return None


# --- sittings that do not fit --------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class EventFinding:
    """A sitting that does not fit its tournament: where (round, table, record), what, which rule."""

    round: int
    table: str
    record_id: int | None
    what: str
    rule: str


@dataclass(frozen=True, slots=True)
class SittingFacts:
    """What the store knows of one sitting: its players by seat (N, E, S, W at a table of four,
    else seats 0 .. n-1; entrant keys, None when a seat has no player) and names, and its
    number of deals."""

    round: int
    table: str
    record_id: int | None
    players: tuple[str | None, ...]
    names: tuple[str, ...]
    deals: int


_SEATS = ("N", "E", "S", "W")


def seat_tokens(seats: int) -> tuple[str, ...]:
    """The seat tokens of a table of ``seats``: N E S W, else "0" .. "n-1" (the notation's)."""
    return _SEATS if seats == 4 else tuple(str(i) for i in range(seats))


def check_sitting(t: Tournament, facts: SittingFacts, *,
                  seating: Sequence[str | None] | None = None,
                  registered: frozenset[str] = frozenset(),
                  pairs: frozenset[frozenset[str]] = frozenset(),
                  seating_names: Sequence[str] | None = None) -> list[EventFinding]:
    """Findings for one sitting (see :data:`RULES`). ``seating`` is the round's recorded seating
    at this table (N, E, S, W), ``registered`` the tournament's players (empty: anyone),
    ``pairs`` its registered partnerships (pairs format). A sitting at a table of another size
    than the event's is that one finding alone (§3.8): it is not ranked."""
    out: list[EventFinding] = []

    def add(what: str, rule: str) -> None:
        out.append(EventFinding(facts.round, facts.table, facts.record_id, what, RULES[rule]))

    where = f"round {facts.round}, table {facts.table}"
    tokens = seat_tokens(len(facts.players))
    if len(facts.players) != t.seats:
        add(f"{where}: a game of {len(facts.players)} players, the event is played at tables "
            f"of {t.seats}; it is not ranked", "table")
        return out
    if t.rounds is not None and not 1 <= facts.round <= t.rounds:
        add(f"{where}: the tournament has {counted(t.rounds, 'round')}", "round")
    if t.ranking is Format.PROGRESSIVE and t.deals_per_round is not None \
            and facts.deals != t.deals_per_round:
        kept = ("the points count as recorded" if facts.deals < t.deals_per_round else
                f"only the points of the first {t.deals_per_round} count")
        add(f"{where}: {counted(facts.deals, 'deal')} recorded, the tournament plays "
            f"{t.deals_per_round} per round; {kept}", "deals")
    for seat, pid, name in zip(tokens, facts.players, facts.names):
        if pid is None:
            add(f"{where}: seat {seat} has no player", "seats")
        elif registered and pid not in registered:
            add(f"{where}: {name} ({seat}) is not a player of this tournament", "registry")
    if seating is not None:
        for n, (seat, want, got) in enumerate(zip(tokens, seating, facts.players)):
            if want != got:
                wanted = seating_names[n] if seating_names else str(want)
                add(f"{where}: {seat} is {facts.names[n]} in the record, the round's seating "
                    f"has {wanted}", "seating")
    if t.ranking is Format.PAIRS and pairs:
        for a, b, side in ((0, 2, "N-S"), (1, 3, "E-W")):
            pa, pb = facts.players[a], facts.players[b]
            if pa is not None and pb is not None and frozenset((pa, pb)) not in pairs:
                add(f"{where}: {side} {facts.names[a]} & {facts.names[b]} are not a registered "
                    "pair", "pairs")
    return out


def check_round(sittings: Sequence[SittingFacts]) -> list[EventFinding]:
    """Findings across one round's sittings: a player who sits at two tables."""
    seen: dict[str, str] = {}
    out: list[EventFinding] = []
    for f in sorted(sittings, key=lambda s: (s.table, s.record_id or 0)):
        for pid, name in zip(f.players, f.names):
            if pid is None:
                continue
            if pid in seen and seen[pid] != f.table:
                out.append(EventFinding(
                    f.round, f.table, f.record_id,
                    f"round {f.round}: {name} sits at table {seen[pid]} and at table {f.table}",
                    RULES["twice"]))
            seen.setdefault(pid, f.table)
    return out


# --- the progressive movement --------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class TableSeating:
    """Who sits where at one table: players N, E, S, W (N-S and E-W are partners)."""

    table: int
    seats: tuple[str, str, str, str]


@dataclass(frozen=True, slots=True)
class TableResult:
    """A table's round: its seating and the points (N-S, E-W) each side made."""

    seating: TableSeating
    points: tuple[int, int]


class MovementTie(ValueError):
    """Tied tables the director has not settled: the movement cannot tell winners from losers.
    ``tables`` names every one of them (table number, (N-S points, E-W points)), in order."""

    def __init__(self, message: str, tables: Sequence[tuple[int, tuple[int, int]]] = ()):
        super().__init__(message)
        self.tables = tuple(tables)


def next_seating(results: Sequence[TableResult],
                 settled: Mapping[int, str] | None = None) -> tuple[TableSeating, ...]:
    """The traditional progressive movement (docs/EVENTS.md, "The movement").

    Tables are numbered 1 (the head table) up. After a round the winners of every table but the
    head move up one table, the head table's winners stay, the losers stay at their table, and
    the head table's losers go to the foot (last) table. Every pair at a table splits: the two
    who stay sit N and E, the two who arrive S and W, so each stayer gets an arriver as partner
    (N with S, E with W). The stayers keep their order (the one who sat N or E before, first);
    so do the arrivers.

    A tied table has no winners of its own: ``settled`` names, for a tied table's number, the
    pair that moves as its winners (``"NS"`` or ``"EW"``: the director's word, a cut, or the
    event's tie rule; docs/EVENTS.md §4.2). Every tied table left unsettled is named in one
    :class:`MovementTie`; ``settled`` says nothing about an untied table, which keeps the
    movement's seating.

    >>> r1 = TableResult(TableSeating(1, ("a", "b", "c", "d")), (5, 2))
    >>> r2 = TableResult(TableSeating(2, ("e", "f", "g", "h")), (1, 6))
    >>> [s.seats for s in next_seating([r1, r2])]
    [('a', 'c', 'f', 'h'), ('e', 'g', 'b', 'd')]
    """
    by_table = sorted(results, key=lambda r: r.seating.table)
    numbers = [r.seating.table for r in by_table]
    if numbers != list(range(1, len(by_table) + 1)):
        raise ValueError(f"tables must be numbered 1 to {len(by_table)}, got {numbers}")
    winners: list[tuple[str, str]] = []
    losers: list[tuple[str, str]] = []
    chosen = dict(settled or {})
    open_ties = [(r.seating.table, r.points) for r in by_table
                 if r.points[0] == r.points[1] and chosen.get(r.seating.table) not in ("NS", "EW")]
    if open_ties:
        raise MovementTie("; ".join(f"table {t}: the round is tied {ns}-{ew}"
                                    for t, (ns, ew) in open_ties)
                          + "; settle each tie (who moves as the winners) or record the "
                          "director's seating for the next round", open_ties)
    for r in by_table:
        ns, ew = r.points
        n, e, s, w = r.seating.seats
        pair_ns, pair_ew = (n, s), (e, w)
        ns_won = ns > ew if ns != ew else chosen[r.seating.table] == "NS"
        winners.append(pair_ns if ns_won else pair_ew)
        losers.append(pair_ew if ns_won else pair_ns)
    count = len(by_table)
    out: list[TableSeating] = []
    for i in range(count):
        if count == 1:
            stay, arrive = winners[0], losers[0]
        elif i == 0:
            stay, arrive = winners[0], winners[1]
        elif i == count - 1:
            stay, arrive = losers[i], losers[0]
        else:
            stay, arrive = losers[i], winners[i + 1]
        out.append(TableSeating(i + 1, (stay[0], stay[1], arrive[0], arrive[1])))
    return tuple(out)
