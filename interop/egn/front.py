"""The walk of an EGN document every table shares (docs/INTEROP.md): the file type and version
(1.0 and 1.1 through EGN's upgrade), the fields EGN allows, the rule set (``num_players`` says
the table), the event, the players, EGN's scores and the list of deals, each deal's dealer and
phases. What differs per table is data of the table (:class:`~euchre_records.table.Table`): the
number of players, and whether ``initialScore``/``finalScore`` are the table's two score
columns (team 0/2 and team 1/3 at four, the two players at two) or cannot be (three and five).

Contract: :func:`read_front` collects every problem it finds into ``bad`` (NotationError) and
``unsupported`` (UnsupportedRules), each located in the EGN document, and raises only when the
document is no EGN or has no ``metadata`` object; the deals themselves are left to the reader
of the table (:mod:`.document`, :mod:`.per_player`).
"""

from __future__ import annotations

import re
from typing import Any, Callable, NamedTuple, TypeVar

from euchre_records.errors import NotationError, Problem, UnsupportedRules
from euchre_records.model import Event, ExternalId, Player
from euchre_records.rules import Rules
from euchre_records.schema.basefields import POINTS_LIMIT, label_problem
from euchre_records.table import Table, table_for
from euchre_records.interop.json_access import (LIST, OBJECT, TEXT, WHOLE, extra_fields, field,
                                                typed, unknown_keys)

from .dates import date_in
from .legacy import LEGACY_VERSION_RE, upgrade_legacy
from .lines import split_phases
from .rules import TABLE_COUNTS, to_rules

__all__ = ["FILE_TYPE", "VERSION_RE", "is_egn", "egn_players", "Front", "read_front", "each_deal",
           "deal_head"]

T = TypeVar("T")

FILE_TYPE = "Euchre Game Notation"
VERSION_RE = re.compile(r"^1\.[234](?:\.\d+)?$")
"""The versions read directly (EGN's schema: ``^1\\.[234](?:\\.\\d+)?$``)."""
_TOP = {"fileType", "version", "metadata", "deals"}
_META = {"gameId", "title", "description", "players", "initialScore", "finalScore", "date", "ruleset"}


def is_egn(data: object) -> bool:
    """True when ``data`` (parsed JSON) declares itself an EGN document."""
    return isinstance(data, dict) and data.get("fileType") == FILE_TYPE


def egn_players(data: object) -> int:
    """The number of players an EGN document declares (``metadata.ruleset.num_players``; 4 when
    absent or not an integer: the readers then report the bad value, located)."""
    meta = data.get("metadata") if isinstance(data, dict) else None
    rules = meta.get("ruleset") if isinstance(meta, dict) else None
    count = rules.get("num_players", 4) if isinstance(rules, dict) else 4
    return count if isinstance(count, int) and not isinstance(count, bool) else 4


class Front(NamedTuple):
    """What every table reads alike; ``table`` is None for a count we do not play (refused in
    ``unsupported``), and then the four-handed reader goes on to report the rest."""

    rules: Rules | None
    table: Table | None
    event: Event
    players: tuple[tuple[int, Player], ...]
    start: tuple[int, ...] | None
    final: tuple[int, ...] | None
    raw_deals: list[Any]
    provenance: list[str]
    bad: list[Problem]
    unsupported: list[Problem]


def read_front(data: object, tables: bool) -> Front:
    """Read the document's shared part (``tables``: 2, 3 and 5 players are read too, else
    refused at ``metadata.ruleset.num_players`` as for the four-handed reader)."""
    if not is_egn(data):
        raise NotationError(f"not an EGN document: fileType must be {FILE_TYPE!r}", "fileType")
    assert isinstance(data, dict)
    bad: list[Problem] = []
    unsupported: list[Problem] = []
    data, provenance = _version(data, bad)
    bad += unknown_keys(data, _TOP, "", "unknown EGN field")
    try:
        meta = field(data, "metadata", "", OBJECT, optional=False)
    except NotationError as exc:
        raise NotationError(bad + list(exc.problems)) from None
    bad += unknown_keys(meta, _META, "metadata", "unknown EGN metadata field")
    rules: Rules | None = None
    try:
        rules = to_rules(meta.get("ruleset"), tables=tables)
    except UnsupportedRules as exc:
        unsupported += exc.problems
    except NotationError as exc:
        bad += exc.problems
    count = egn_players(data)
    table = table_for(count) if count == 4 or (tables and count in TABLE_COUNTS) else None
    try:
        date, notes = date_in(_egn_date(meta), _text(meta, "description"))
        event = Event(event=_label(meta, "title"), notes=notes, date=date,
                      game_id=_label(meta, "gameId"))
    except NotationError as exc:
        bad += exc.problems
        event = Event()
    players = _players(meta.get("players"), table.seats if table else 4, bad, unsupported)
    per_player = table is not None and not table.fixed_sides
    read = _player_scores if per_player else _team_scores
    start = read(meta.get("initialScore"), "metadata.initialScore", count, bad, True)
    final = read(meta.get("finalScore"), "metadata.finalScore", count, bad, False)
    try:
        raw_deals = field(data, "deals", "", LIST, optional=False, what="a list of deals")
    except NotationError as exc:
        bad += exc.problems
        raw_deals = []
    return Front(rules, table, event, players, start, final, raw_deals, provenance, bad, unsupported)


def each_deal(front: Front, read: Callable[[object, str, int], T]) -> list[tuple[int, T]]:
    """Each deal of the document read by ``read(raw, where, index)``, by index, in order; a deal
    whose reading fails adds its problems to the front's and is left out, so that every deal's
    problems are reported at once."""
    out: list[tuple[int, T]] = []
    for i, raw in enumerate(front.raw_deals):
        try:
            out.append((i, read(raw, f"deals[{i}]", i)))
        except UnsupportedRules as exc:
            front.unsupported.extend(exc.problems)
        except NotationError as exc:
            front.bad.extend(exc.problems)
    return out


def deal_head(raw: object, where: str, count: int
              ) -> tuple[dict[str, Any], int, list[Any], Any, Any]:
    """One EGN deal's frame at a table of ``count``: its ``initialState``, the dealer's index, its
    phases and the (bidding, its path) and (trick play, its path) among them (each or None)."""
    if isinstance(raw, str):
        raise UnsupportedRules("a condensed (bitpacked) deal inside JSON: read the .egnb file "
                               "itself, or expand the deal into an object", where)
    typed(raw, where, OBJECT, what="a deal object")
    assert isinstance(raw, dict)
    problems = unknown_keys(raw, ("dealNumber", "initialState", "phases", "alternativeLines"),
                            where, "unknown EGN deal field")
    if problems:
        raise NotationError(problems)
    state = field(raw, "initialState", where, OBJECT, optional=False,
                  what="the initialState object (dealer and upCard)")
    for k in state:
        if k not in ("dealer", "upCard", "playerCards"):
            raise NotationError("unknown EGN field", f"{where}.initialState.{k}")
    dealer = field(state, "dealer", f"{where}.initialState", WHOLE, optional=False,
                   what=f"a player index 0-{count - 1}")
    if not 0 <= dealer < count:
        raise NotationError(f"expected a player index 0-{count - 1}, not {dealer!r}",
                            f"{where}.initialState.dealer")
    phases = field(raw, "phases", where, LIST, optional=False, what="a list of at most two phases")
    if len(phases) > 2:
        raise NotationError("expected a list of at most two phases", f"{where}.phases")
    bidding, play = split_phases(phases, f"{where}.phases")
    return state, dealer, phases, bidding, play


def _version(data: dict[str, Any], bad: list[Problem]) -> tuple[dict[str, Any], list[str]]:
    """The document in 1.4 form and the notes of an upgrade (``version`` problems into ``bad``)."""
    version = data.get("version")
    if isinstance(version, str) and VERSION_RE.fullmatch(version):
        return data, []
    if isinstance(version, str) and LEGACY_VERSION_RE.fullmatch(version):
        return upgrade_legacy(data)
    bad.append(Problem("version", f"EGN version {version!r} is not one this reader knows: it reads "
                                  "1.2, 1.3 and 1.4 directly and 1.0 and 1.1 through EGN's upgrade; "
                                  "convert the file to EGN 1.4 (EGN's egn-upgrade tool) and read it "
                                  "again"))
    return data, []


def _egn_date(meta: dict[str, Any]) -> str | None:
    """EGN's date-time (``2026-06-02 19:02`` allowed) in our ISO 8601 form (``T`` before a time)."""
    value = _text(meta, "date")
    if value is not None and len(value) > 11 and value[10] == " " and value[:4].isdigit():
        value = value[:10] + "T" + value[11:]
    return value


def _text(meta: dict[str, Any], key: str) -> str | None:
    return field(meta, key, "metadata", TEXT)  # type: ignore[no-any-return]


def _label(meta: dict[str, Any], key: str) -> str | None:
    """A one-line text of the metadata (a title, a game id): as the notation's labels, no
    control, bidirectional or invisible characters (schema/basefields.label_problem)."""
    value = _text(meta, key)
    problem = label_problem(value) if value is not None else None
    if problem:
        raise NotationError(problem, f"metadata.{key}")
    return value


def _team_scores(value: object, where: str, count: int, bad: list[Problem], required: bool
                 ) -> tuple[int, ...] | None:
    """``initialScore`` / ``finalScore`` as EGN means them: team 0/2 and team 1/3 (N-S, E-W)."""
    if value is None:
        if required:
            bad.append(Problem(where, "missing: the scores of team 0/2 and team 1/3"))
        return None
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        bad.append(Problem(where, f"expected [team 0/2, team 1/3] as two integers, not {value!r}"))
        return None
    if not all(-POINTS_LIMIT <= v <= POINTS_LIMIT for v in value):
        bad.append(Problem(where, f"scores out of range: each must be within -{POINTS_LIMIT} "
                                  f"to {POINTS_LIMIT}"))
        return None
    return (value[0], value[1])


def _player_scores(value: object, where: str, count: int, bad: list[Problem], required: bool
                   ) -> tuple[int, ...] | None:
    """``initialScore`` / ``finalScore`` at a table scored per player: the two players' scores at
    two (``[]`` for none); at three and five (no teams) only ``[]`` or zeros, read as no score."""
    if value is None:
        if required:
            bad.append(Problem(where, "missing: the scores (for two players, [player 0, player 1]; "
                                      "for three or five, [])"))
        return None
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool)
                                              and abs(v) <= 10**6 for v in value):
        bad.append(Problem(where, f"expected a list of integers, not {value!r}"))
        return None
    if count == 2:
        if value == []:
            return (0, 0) if required else None
        if len(value) != 2:
            bad.append(Problem(where, "expected [player 0, player 1]: two scores for two players"))
            return None
        return (value[0], value[1])
    if any(value):
        bad.append(Problem(where, f"EGN's scores are two team scores, and a game of {count} "
                                  f"players has no teams: {value!r} cannot be given to the "
                                  f"{count} players (write [])"))
        return None
    return (0,) * count if required else None


def _players(value: object, count: int, bad: list[Problem], unsupported: list[Problem]
             ) -> tuple[tuple[int, Player], ...]:
    """EGN ``players`` (names or objects, player 0 first) as our players by seat index."""
    if not isinstance(value, list):
        bad.append(Problem("metadata.players", "expected a list of player names (player 0 first)"))
        return ()
    if len(value) > count:   # at four (or a count we do not play): more players, another game
        problems = unsupported if count == 4 else bad
        problems.append(Problem("metadata.players", f"{len(value)} players: only the four-handed "
                                                    "partnership game is supported" if count == 4 else
                                f"{len(value)} players named for a game of {count} "
                                "(metadata.ruleset.num_players)"))
        return ()
    out = []
    for i, p in enumerate(value):
        where = f"metadata.players[{i}]"
        name = p if isinstance(p, str) else p.get("name") if isinstance(p, dict) else None
        problem = label_problem(name) if isinstance(name, str) else None
        if problem:  # as the notation refuses it: a newline or a bidi control in a name
            bad.append(Problem(where if isinstance(p, str) else f"{where}.name", problem))
        elif isinstance(p, str):
            if p:
                out.append((i, Player(p)))
        elif isinstance(p, dict) and isinstance(p.get("name"), str):
            bad += extra_fields(p, ("id", "name", "playerIds"), where, "player field(s)")
            pid = p.get("id")
            if pid is not None and (not isinstance(pid, str) or label_problem(pid)):
                bad.append(Problem(f"{where}.id", "expected a string" if not isinstance(pid, str)
                                   else str(label_problem(pid))))
                pid = None
            out.append((i, Player(p["name"], pid, _ids(p.get("playerIds"), where, bad))))
        else:
            bad.append(Problem(where, "expected a name or an object with a name"))
    return tuple(out)


def _ids(value: object, where: str, bad: list[Problem]) -> tuple[ExternalId, ...]:
    if value is None:
        return ()
    if not isinstance(value, list):
        bad.append(Problem(f"{where}.playerIds", "expected a list of {id, source} objects"))
        return ()
    out = []
    for j, item in enumerate(value):
        if (not isinstance(item, dict) or set(item) != {"id", "source"}
                or not all(isinstance(item[k], str) for k in ("id", "source"))):
            bad.append(Problem(f"{where}.playerIds[{j}]", "expected {\"id\": text, \"source\": text}"))
            continue
        out.append(ExternalId(item["id"], item["source"]))
    return tuple(out)
