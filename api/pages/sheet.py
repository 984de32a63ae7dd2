"""The scoresheet a page shows, built from a replay result in its JSON form, at every table size.

One builder for every face of a sheet: a stored rubber (its stored result JSON and the running
scores of its ``deals`` rows, no replay), a stored record at a table of n and a draft being
entered (``dump_result`` of the replay and :func:`running_of` it). The result JSON is either
kind (``schema.results.dump_result``): four-handed, scores per side (``{"ns", "ew"}``) and a
rubber; at a table of two, three or five, one score per player, games won by a player, no rubber.
Nothing here scores: every number comes from the engine's result.

Contract: :func:`build_sheet` returns plain dicts and lists that ``_sheet.html`` and the chart
read. ``per_player`` says which layout: False (four-handed) a points and a score column of the
two sides, True one column per player (``columns``: key the seat token, label the player's name
or "seat 2"). ``points`` and ``score`` of a row, ``start`` and ``score`` of a game are lists in
column order (N-S first). ``running`` has one entry per deal of the result: the scores after it
in column order (None: none).
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from euchre_records.model import ReplayResult

from .seats import seat_name

__all__ = ["SUIT_NAMES", "SUIT_SIGNS", "SEAT_NAMES", "SIDE_NAMES", "build_sheet", "running_of"]

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SUIT_SIGNS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
SIDE_NAMES = {"NS": "N-S", "EW": "E-W"}

_EDIT = {False: {"result": "deal", "points": "deal", "full": "cards"},
         True: {"result": "deal", "full": "cards", "plays": "cards"}}
"""The form that changes a deal of a draft, by layout (per player?) and the deal's kind."""


def running_of(result: ReplayResult) -> list[tuple[int, ...]]:
    """A replay's running scores, one per deal, in column order: a four-handed deal recorded
    after the rubber ended (``running`` None) repeats the score before it."""
    out: list[tuple[int, ...]] = []
    last: tuple[int, ...] = (0, 0)
    for item in result.running:
        if item is not None:
            last = tuple(item[1])
        out.append(last)
    return out


def _scores(value: Any) -> list[int] | None:
    """A score of the result JSON (``{"ns", "ew"}`` or a list per seat) as a list; None stays."""
    if value is None or isinstance(value, list):
        return value
    return [value["ns"], value["ew"]]


def _made(d: Mapping[str, Any]) -> int | None:
    """The tricks the making side took; None when nobody made trump or no hand was played."""
    if d["thrown_in"] or d["maker"] is None:
        return None
    if "maker_tricks" in d:   # a table of n
        return None if d["void"] else int(d["maker_tricks"])
    return int(d["tricks"]["ns"] if d["maker_side"] == "NS" else d["tricks"]["ew"])


def _partner(d: Mapping[str, Any], players: Mapping[str, str]) -> dict[str, str] | None:
    """Five-handed: the called card and its holder, or why none partnered the maker."""
    called = d.get("called")
    if d["maker"] is None or d["thrown_in"] or d["void"] or (d["alone"] and called is None):
        return None   # no hand, or he went alone: the row's tag says so
    if d["partner"] is not None:
        holder = seat_name(players, d["partner"])
        return {"text": f"{called} held by {holder}" if called else holder, "note": ""}
    if d["partner_known"]:
        return {"text": f"{called or 'the card'} not dealt",
                "note": "the maker played alone without knowing it"}
    return {"text": f"{called or 'the card'} called",
            "note": "partner unknown: the record cannot tell who held it; scored as alone"}


def _namer(players: Mapping[str, str], per_player: bool) -> Callable[[str | None], str]:
    """How the sheet names a seat: per player its name or "seat 2"; four-handed its name or ""."""
    if per_player:
        return lambda token: seat_name(players, token)
    return lambda token: players.get(token or "", "")


def _row(d: dict[str, Any], score: Sequence[int] | None, players: Mapping[str, str],
         name: Callable[[str | None], str], five: bool, per_player: bool,
         findings: list[dict[str, Any]]) -> dict[str, Any]:
    made = _made(d)
    trump = d["trump"]
    return {
        "number": d["number"], "kind": d["kind"], "edit": _EDIT[per_player].get(d["kind"]),
        "dealer": d["dealer"], "dealer_name": name(d["dealer"]),
        "maker": d["maker"], "maker_name": name(d["maker"]),
        "maker_side": d.get("maker_side"), "makers": [name(t) for t in d.get("makers", [])],
        # the tag "alone": four-handed any lone hand, five-handed a lone hand by choice
        "alone": d["alone"] and (not per_player or five and d.get("called") is None),
        "defender_alone": d.get("defender_alone"), "called": d.get("called"),
        "partner": _partner(d, players) if five else None, "trump": trump,
        "trump_sign": SUIT_SIGNS.get(trump or "", ""), "trump_name": SUIT_NAMES.get(trump or "", ""),
        "thrown_in": d["thrown_in"], "redeal": d.get("redeal"), "void": d["void"],
        "made": made, "euchred": made is not None and made < 3, "marched": made == 5,
        "points": _scores(d["points"]), "penalty": _scores(d["penalty"]),
        "score": None if score is None else list(score), "findings": findings,
        "notes": d.get("notes") or [], "turned": d.get("turned"),
    }


def build_sheet(result: dict[str, Any], running: Sequence[Sequence[int] | None],
                players: Mapping[str, str]) -> dict[str, Any]:
    """The sheet: its columns, games with their deal rows, deals outside any game, the rubber
    (four-handed) and the findings; ``players`` the names by seat token."""
    rules = result["rules"]
    seats = rules.get("seats", 4)
    per_player = seats != 4
    tokens = [str(s) for s in range(seats)] if per_player else ["NS", "EW"]
    label = _namer(players, True) if per_player else SIDE_NAMES.get
    runs = list(running) + [None] * (len(result["deals"]) - len(running))
    # every finding of a deal (four-handed scoresheet ones are only in the record's list)
    of_deal: dict[int, list[dict[str, Any]]] = {}
    for f in result["findings"]:
        of_deal.setdefault(f.get("deal"), []).append(f)
    name = _namer(players, per_player)
    rows = [_row(d, run, players, name, seats == 5, per_player, of_deal.get(d["number"], []))
            for d, run in zip(result["deals"], runs)]
    by_number = {r["number"]: r for r in rows}
    games = []
    in_game: set[int] = set()
    for g in result["games"]:
        deals = [by_number[n] for n in range(g["first_deal"], g["last_deal"] + 1) if n in by_number]
        in_game.update(r["number"] for r in deals)
        start = _scores(g["start"]) or []
        games.append({
            "number": g["number"], "deals": deals, "start": start, "score": _scores(g["score"]),
            "winner": g["winner"], "finished": g["finished"],
            "winner_name": None if g["winner"] is None else label(g["winner"]),
            "carried": _scores(g.get("carried")), "rubber_points": _scores(g.get("rubber_points")),
            "lap_in": not per_player and any(start),   # n: a tie played on is no lap
        })
    rubber = result.get("rubber")
    return {
        "per_player": per_player,
        "columns": [{"key": t, "label": label(t)} for t in tokens],
        "games": games,
        "loose": [r for r in rows if r["number"] not in in_game],
        "rows": rows,
        "rubber": None if rubber is None else {
            "system": rubber["system"], "games_won": _scores(rubber["games_won"]),
            "winner": rubber["winner"], "finished": rubber["finished"],
            "rubber_points": _scores(rubber["rubber_points"]), "net": rubber["net"]},
        "findings": result["findings"],
        "rules": rules,
        "game_points": rules.get("options", {}).get("game_points"),
        "players": dict(players),
    }
