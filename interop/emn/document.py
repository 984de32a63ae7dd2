"""EMN 1.0 (Euchre Match Notation, ../shared/egn-spec/docs/emn/match-specification.md) in and out:
:func:`emn_to_match` reads a match file into a :class:`Match` (a tournament, its player
registry and its games as records), :func:`match_to_emn` writes one back.

Mapping (docs/EVENTS.md, "EMN"):
- ``metadata.players`` is the tournament's registry: each master ``id`` becomes the player id
  of every seat it takes (so the store binds seats by id), ``playerIds`` are kept as the
  player's other ids.
- ``matchFormat.type``: ``PROGRESSIVE`` is a progressive tournament (``target``: its rounds);
  ``ROUND_ROBIN`` and ``SWISS`` are pairs tournaments with that pairing; every other type
  (``BEST_OF_N``, ``FIXED_GAMES``, ``TARGET_SCORE``, ``SINGLE_GAME``, ``ELIMINATION``, ``TIMED``,
  ``CUSTOM``) is a rubbers tournament. The type and target are kept and written back as read.
- EMN has no rounds or tables: games in ``gameIndex`` order fill round 1's tables (1, 2, ...)
  until a player already seated in the round appears again, which opens the next round. So a
  progressive night's games listed round by round, table by table, read as they were played,
  and a series at one table is one game per round. :func:`match_to_emn` writes the games in
  round then table order, so the reading is reproduced.
- Each ``gameData`` is an EGN 1.x game read by the EGN reader (schema.egn.egn_to_record); the
  seats are the game's ``players`` (index 0 North, 1 East, 2 South, 3 West).

Contract: :func:`emn_to_match` raises NotationError (or UnsupportedRules from an embedded game)
with every problem located in the EMN document, e.g. ``games[2].gameData.deals[0].phases``.
It does not replay; the importer replays every game and locates replay errors the same way
(:func:`game_where`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from euchre_records.cards import SEATS
from euchre_records.errors import NotationError, Problem, RecordError, UnsupportedRules
from euchre_records.model import ExternalId, Player, Record, replace
from euchre_records.events.tournament import Format, Pairing, Tournament
from euchre_records.schema.basefields import label_problem
from euchre_records.interop.json_access import LIST, OBJECT, TEXT, extra_fields, typed, unknown_keys
from euchre_records.interop.json_access import field as json_field

from euchre_records.interop.egn.document import egn_to_record, egn_where, record_to_egn

__all__ = ["FILE_TYPE", "VERSION", "is_emn", "MatchPlayer", "MatchGame", "Match",
           "emn_to_match", "match_to_emn", "game_where", "rounds_of", "EMN_FORMATS"]

FILE_TYPE = "Euchre Match Notation"
VERSION = "1.0"
EMN_FORMATS = ("BEST_OF_N", "PROGRESSIVE", "ROUND_ROBIN", "CUSTOM", "FIXED_GAMES",
               "TARGET_SCORE", "ELIMINATION", "SWISS", "TIMED", "SINGLE_GAME")
_TOP = {"fileType", "version", "metadata", "games"}
_META = {"matchId", "title", "description", "date", "players", "matchFormat", "result"}
_LIMITS = {"matchId": 64, "title": 128, "description": 1024, "date": 64}


def is_emn(data: object) -> bool:
    """True when ``data`` (parsed JSON) declares itself an EMN document."""
    return isinstance(data, dict) and data.get("fileType") == FILE_TYPE


@dataclass(frozen=True, slots=True)
class MatchPlayer:
    """A registry entry of the match: master id, name, other ids (``playerIds``)."""

    id: str
    name: str
    ids: tuple[ExternalId, ...] = ()


@dataclass(frozen=True, slots=True)
class MatchGame:
    """One game: its index, round and table (derived, see module doc), seats and record."""

    index: int
    round: int
    table: str
    players: tuple[str, str, str, str]
    record: Record


@dataclass(frozen=True, slots=True)
class Match:
    """An EMN match as a tournament with its registry and games."""

    tournament: Tournament
    players: tuple[MatchPlayer, ...]
    games: tuple[MatchGame, ...]
    match_id: str | None = None
    description: str | None = None
    emn_format: str | None = None
    target: int | None = None
    result: dict[str, Any] | None = field(default=None)


def rounds_of(seatings: list[tuple[str, ...]]) -> list[tuple[int, str]]:
    """(round, table) of each game, in order: a player seen again opens the next round.

    >>> rounds_of([("a", "b", "c", "d"), ("e", "f", "g", "h"), ("a", "e", "b", "f")])
    [(1, '1'), (1, '2'), (2, '1')]
    """
    out: list[tuple[int, str]] = []
    seen: set[str] = set()
    rnd, table = 1, 0
    for seats in seatings:
        if seen & set(seats):
            rnd, table, seen = rnd + 1, 0, set()
        table += 1
        seen |= set(seats)
        out.append((rnd, str(table)))
    return out


def game_where(index: int, exc: RecordError) -> list[Problem]:
    """The problems of embedded game ``index`` located in the EMN document."""
    return [Problem(f"games[{index}].gameData" + (f".{egn_where(p.where)}" if p.where else ""),
                    p.what) for p in exc.problems]


def _text(meta: dict[str, Any], key: str, bad: list[Problem]) -> str | None:
    value = _read(bad, json_field, meta, key, "metadata", TEXT)
    if value is None:
        return None
    if len(value) > _LIMITS[key]:
        bad.append(Problem(f"metadata.{key}", f"longer than {_LIMITS[key]} characters"))
    return value


def _read(bad: list[Problem], read: Any, *args: Any, **kwargs: Any) -> Any:
    """``read(*args, **kwargs)`` (an accessor of interop/json_access.py); its NotationError goes
    into ``bad`` (the reader reports every problem at once) and None comes back."""
    try:
        return read(*args, **kwargs)
    except NotationError as exc:
        bad.extend(exc.problems)
        return None


def _registry(value: object, bad: list[Problem]) -> tuple[MatchPlayer, ...]:
    value = _read(bad, typed, value, "metadata.players", LIST,
                  what="a list of at least one player")
    if value is not None and not value:
        bad.append(Problem("metadata.players", "expected a list of at least one player"))
    if not value:
        return ()
    out: list[MatchPlayer] = []
    seen: set[str] = set()
    for i, p in enumerate(value):
        where = f"metadata.players[{i}]"
        if not isinstance(p, dict):
            bad.append(Problem(where, "expected an object {id, name, playerIds}"))
            continue
        bad += extra_fields(p, ("id", "name", "playerIds"), where, "player field(s)")
        pid, name = p.get("id"), p.get("name")
        if not isinstance(pid, str) or not pid or len(pid) > 64:
            bad.append(Problem(f"{where}.id", "expected the player's master id (text, 1-64 characters)"))
            continue
        if not isinstance(name, str) or not name.strip() or len(name) > 64:
            bad.append(Problem(f"{where}.name", "expected a name (1-64 characters)"))
            continue
        if label_problem(name) or label_problem(pid):
            bad.append(Problem(f"{where}.name" if label_problem(name) else f"{where}.id",
                               str(label_problem(name) or label_problem(pid))))
            continue
        if pid in seen:
            bad.append(Problem(f"{where}.id", f"master id {pid!r} is given twice"))
            continue
        seen.add(pid)
        ids: list[ExternalId] = []
        raw = p.get("playerIds", [])
        if not isinstance(raw, list) or len(raw) > 10:
            bad.append(Problem(f"{where}.playerIds", "expected a list of at most 10 {id, source}"))
            raw = []
        for j, x in enumerate(raw):
            if (not isinstance(x, dict) or set(x) != {"id", "source"}
                    or not all(isinstance(x[k], str) and len(x[k]) <= 64 for k in x)):
                bad.append(Problem(f"{where}.playerIds[{j}]", "expected {id, source} as text"))
                continue
            ids.append(ExternalId(x["id"], x["source"]))
        out.append(MatchPlayer(pid, name, tuple(ids)))
    return tuple(out)


def _format(value: object, bad: list[Problem]) -> tuple[str | None, int | None]:
    if value is None:
        return None, None
    value = _read(bad, typed, value, "metadata.matchFormat", OBJECT, what="{type, target}")
    if value is None:
        return None, None
    if not set(value) <= {"type", "target"}:
        bad.append(Problem("metadata.matchFormat", "expected {type, target}"))
        return None, None
    kind, target = value.get("type"), value.get("target")
    if kind not in EMN_FORMATS:
        bad.append(Problem("metadata.matchFormat.type",
                           f"unknown match format {kind!r}; one of " + ", ".join(EMN_FORMATS)))
        kind = None
    if target is not None and (not isinstance(target, int) or isinstance(target, bool)
                               or not 1 <= target <= 10**9):
        bad.append(Problem("metadata.matchFormat.target",
                           "expected a whole number from 1 to 1000000000"))
        target = None
    return kind, target


def _tournament(title: str | None, date: str | None, kind: str | None,
                target: int | None) -> Tournament:
    name = title or "EMN match"
    day = date[:10] if date and re.match(r"\d{4}-\d{2}-\d{2}", date) else None  # else not a day
    if kind == "PROGRESSIVE":
        return Tournament(name, Format.PROGRESSIVE, date_from=day, date_to=day, rounds=target)
    if kind in ("ROUND_ROBIN", "SWISS"):
        return Tournament(name, Format.PAIRS, date_from=day, date_to=day, pairing=Pairing(kind),
                          rounds=target if kind == "SWISS" else None)
    return Tournament(name, Format.RUBBERS, date_from=day, date_to=day)


MAX_GAME_INDEX = 1_000_000
"""The largest ``gameIndex`` read: the store keeps it as an SQLite integer, and no match has a
million games."""


def emn_to_match(data: object) -> Match:
    """Read a parsed EMN document (see module doc)."""
    if not is_emn(data):
        raise NotationError(f"not an EMN document: fileType must be {FILE_TYPE!r}", "fileType")
    assert isinstance(data, dict)
    bad: list[Problem] = []
    unsupported: list[Problem] = []
    version = data.get("version")
    if not isinstance(version, str) or not (version == "1.0" or version.startswith("1.0.")):
        bad.append(Problem("version", f"EMN version {version!r} is not one this reader knows "
                                      "(it reads 1.0)"))
    bad += unknown_keys(data, _TOP, "", "unknown EMN field")
    meta = _read(bad, json_field, data, "metadata", "", OBJECT, optional=False)
    if meta is None:
        raise NotationError(bad)
    bad += unknown_keys(meta, _META, "metadata", "unknown EMN metadata field")
    title = _text(meta, "title", bad)
    date = _text(meta, "date", bad)
    match_id = _text(meta, "matchId", bad)
    description = _text(meta, "description", bad)
    registry = _registry(meta.get("players"), bad)
    kind, target = _format(meta.get("matchFormat"), bad)
    result = meta.get("result")
    if result is not None and not isinstance(result, dict):
        bad.append(Problem("metadata.result", "expected an object {status, winner, scores}"))
        result = None
    by_id = {p.id: p for p in registry}
    raw_games = _read(bad, json_field, data, "games", "", LIST, optional=False,
                      what="a list of games") or []
    parsed: list[tuple[int, tuple[str, str, str, str], Record]] = []
    indexes: set[int] = set()
    for i, g in enumerate(raw_games):
        where = f"games[{i}]"
        if not isinstance(g, dict):
            bad.append(Problem(where, "expected an object {gameIndex, players, gameData}"))
            continue
        bad += extra_fields(g, ("gameIndex", "players", "gameData"), where, "game field(s)")
        index, seats, game = g.get("gameIndex"), g.get("players"), g.get("gameData")
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index <= MAX_GAME_INDEX:
            bad.append(Problem(f"{where}.gameIndex",
                               f"expected a whole number from 0 to {MAX_GAME_INDEX}"))
            continue
        if index in indexes:
            bad.append(Problem(f"{where}.gameIndex", f"gameIndex {index} is given twice"))
            continue
        indexes.add(index)
        if (not isinstance(seats, list) or len(seats) != 4
                or not all(isinstance(s, str) for s in seats) or len(set(seats)) != 4):
            bad.append(Problem(f"{where}.players", "expected 4 different master ids (N, E, S, W)"))
            continue
        unknown = [s for s in seats if s not in by_id]
        if unknown:
            bad.append(Problem(f"{where}.players", "not in metadata.players: " + ", ".join(unknown)))
            continue
        if _read(bad, typed, game, f"{where}.gameData", OBJECT, what="an EGN game object") is None:
            continue
        try:
            record = egn_to_record(_with_players(game, [by_id[s] for s in seats]))
        except UnsupportedRules as exc:
            unsupported += game_where(i, exc)
            continue
        except NotationError as exc:
            bad += game_where(i, exc)
            continue
        players = tuple((seat, Player(by_id[s].name, s, by_id[s].ids))
                        for seat, s in zip(SEATS, seats))
        parsed.append((index, (seats[0], seats[1], seats[2], seats[3]),
                       replace(record, players=players)))
    if unsupported:
        raise UnsupportedRules(unsupported + bad)
    if bad:
        raise NotationError(bad)
    parsed.sort(key=lambda t: t[0])
    places = rounds_of([seats for _, seats, _ in parsed])
    tournament = _tournament(title, date, kind, target)
    games = []
    for (index, seats, record), (rnd, table) in zip(parsed, places):
        event = replace(record.event, event=record.event.event or tournament.name,
                                    round=str(rnd), table=table,
                                    date=record.event.date or tournament.date_from)
        games.append(MatchGame(index, rnd, table, seats, replace(record, event=event)))
    return Match(tournament, registry, tuple(games), match_id, description, kind, target, result)


def _with_players(game: dict[str, Any], players: list[MatchPlayer]) -> dict[str, Any]:
    """The EGN game with the EMN seats' players as its ``metadata.players`` when it names none
    (an EMN game need not repeat them)."""
    meta = game.get("metadata")
    if not isinstance(meta, dict) or "players" in meta:
        return game
    named = [{"id": p.id, "name": p.name} for p in players]
    return {**game, "metadata": {**meta, "players": named}}


def match_to_emn(match: Match, *, result: dict[str, Any] | None = None) -> dict[str, Any]:
    """The EMN document of ``match`` (games in round, then table order; ``gameIndex`` from 0).
    ``result`` (``{status, winner, scores}``) replaces the match's own. Raises UnsupportedRules
    when a game cannot be written in EGN (a result-only deal)."""
    t = match.tournament
    meta: dict[str, Any] = {}
    if match.match_id:
        meta["matchId"] = match.match_id[:64]
    meta["title"] = t.name[:128]
    if match.description:
        meta["description"] = match.description[:1024]
    if t.date_from:
        meta["date"] = t.date_from
    meta["players"] = [
        {"id": p.id, "name": p.name[:64],
         **({"playerIds": [{"id": x.id, "source": x.source} for x in p.ids[:10]]} if p.ids else {})}
        for p in match.players]
    kind = match.emn_format or {Format.PROGRESSIVE: "PROGRESSIVE",
                                Format.PAIRS: (t.pairing or Pairing.ROUND_ROBIN).value,
                                }.get(t.format, "FIXED_GAMES")
    fmt: dict[str, Any] = {"type": kind}
    target = match.target or (t.rounds if kind in ("PROGRESSIVE", "SWISS") else None)
    if target is None and kind == "FIXED_GAMES" and match.games:
        target = len(match.games)
    if target:
        fmt["target"] = target
    meta["matchFormat"] = fmt
    chosen = result if result is not None else match.result
    if chosen:
        meta["result"] = chosen
    problems: list[Problem] = []
    games = []
    ordered = sorted(match.games, key=lambda g: (g.round, _table_key(g.table), g.index))
    for n, g in enumerate(ordered):
        try:
            egn = record_to_egn(g.record)
        except UnsupportedRules as exc:
            problems += [Problem(f"games[{n}]" + (f".{p.where}" if p.where else ""), p.what)
                         for p in exc.problems]
            continue
        games.append({"gameIndex": n, "players": list(g.players), "gameData": egn})
    if problems:
        raise UnsupportedRules(problems)
    return {"fileType": FILE_TYPE, "version": VERSION, "metadata": meta, "games": games}


def _table_key(label: str) -> tuple[int, str]:
    return (int(label), "") if label.isascii() and label.isdigit() else (10**9, label)   # not '²'
