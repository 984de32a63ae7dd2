"""The scoreboard a scorer keeps on screen while entering deals, and whether the sitting is over.

Contract: :func:`scoreboard` reads only the engine's replay of the draft (its games, rubber and
rules) and the names at the seats; it scores nothing itself. ``score`` is the current game's;
once the sitting is over it is the score the last game ended on (never a fresh 0-0). ``over`` is True when no further
deal belongs to the record: the rubber is decided, or the fixed number of deals of the rule set
is reached. Single games (rubber ``none``) are never over: a sheet may run on into the next game,
so ``game_won`` only says that the last game was won and the record may be stored.
:func:`table_scoreboard` is the same board at a table of two, three or five, read from the table
view: one score a player (its ``columns``), games won by a player, no rubber.
"""

from __future__ import annotations

from typing import Any, Mapping

from euchre_records.table_view import RecordView

from .seats import seat_name

__all__ = ["PRESET_TITLES", "preset_title", "scoreboard", "table_scoreboard"]

PRESET_TITLES = {"somerset-1888": "Somerset Club, 1888", "hoyle": "Hoyle-style",
                 "modern": "Modern rules"}
"""The rule sets by the names players know them by (docs/RULES.md, "Sources")."""


def preset_title(name: str | None) -> str:
    """``"Somerset Club, 1888"`` for ``"somerset-1888"``; an unknown name as it is."""
    return PRESET_TITLES.get(name or "", name or "")


def _side_names(players: Mapping[str, str]) -> tuple[str, str]:
    return (f"{players.get('N', 'N')} & {players.get('S', 'S')}",
            f"{players.get('E', 'E')} & {players.get('W', 'W')}")


def scoreboard(result: Any, players: Mapping[str, str], next_dealer: str,
               deals_entered: int) -> dict[str, Any]:
    """The running state of a draft's replay (a :class:`~euchre_records.model.ReplayResult`)."""
    rules = result.rules
    ns, ew = _side_names(players)
    games = result.games
    current = games[-1] if games else None
    won = [sum(1 for g in games if g.winner is not None and g.winner.name == side)
           for side in ("NS", "EW")]
    rubber = result.rubber
    fixed = getattr(rules, "fixed_deals", None)
    if rubber is not None and rubber.system != "none":
        over = rubber.finished
        why = "the rubber is decided" if over else ""
    elif fixed:
        over = deals_entered >= fixed
        why = f"all {fixed} deals are played" if over else ""
    else:
        over, why = False, ""
    last = games[-1] if games else None
    # a finished game gives way to the next one at 0-0, unless nothing follows: the end of a
    # progressive round (its fixed deals) or of the rubber shows the score it ended on
    score = ((0, 0) if current is None else
             current.score if not current.finished or over else (0, 0))
    game_won = (None if last is None or not last.finished or last.winner is None else
                {"number": last.number, "side": ns if last.winner.name == "NS" else ew})
    return {
        "sides": (ns, ew), "score": score, "games_won": tuple(won),
        "target": rules.game_points, "fixed_deals": fixed, "deals": deals_entered,
        "next_dealer": next_dealer, "next_dealer_name": players.get(next_dealer, next_dealer),
        "over": over, "why_over": why, "game_won": game_won,
        "rubber": None if rubber is None or rubber.system == "none" else rubber.system,
    }


def table_scoreboard(view: RecordView, players: Mapping[str, str], next_dealer: str,
                     target: int | None, fixed_deals: int | None = None,
                     deals_entered: int = 0) -> dict[str, Any]:
    """The score of the game in play, per player, and who deals next (nothing scored here).

    A sitting of ``fixed_deals`` deals (``target`` None) shows "deal k of N" with k the deals
    entered, as the four-handed board does (:func:`.scoreboard.scoreboard`), and is ``over``
    once N are entered: the score is then the one its game ended on, not a fresh 0, and the
    page offers to store it (one more deal is refused by :mod:`.round_cap`)."""
    games = view.games
    current = games[-1] if games else None
    zero = [0] * len(view.columns)
    over = bool(fixed_deals) and deals_entered >= (fixed_deals or 0)
    score = (list(current.score) if current is not None and (not current.finished or over)
             else zero)
    last = games[-1] if games else None
    label = {c.key: c.label for c in view.columns}
    won = (None if last is None or not last.finished or last.winner is None else
           {"number": last.number, "side": label.get(last.winner, last.winner)})
    return {"columns": [{"key": c.key, "label": c.label} for c in view.columns],
            "score": score, "target": target, "next_dealer": next_dealer,
            "next_dealer_name": seat_name(players, next_dealer), "game_won": won,
            "fixed_deals": fixed_deals, "deals": deals_entered, "over": over,
            "why_over": f"all {fixed_deals} deals are played" if over else "",
            "games_won": [sum(1 for g in games if g.finished and g.winner == c.key)
                          for c in view.columns]}
