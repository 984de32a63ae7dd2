"""The scoreboard a scorer keeps on screen while entering deals, and whether the sitting is over.

Contract: :func:`scoreboard` reads only the table view of the draft's replay
(:class:`~euchre_records.table_view.RecordView`: its score columns, games and players), the
rules' game target and fixed deals, and the rubber's state where the table has rubbers; it scores
nothing itself, and is the same board at every table: one score per column (the two sides at
four, each player at two, three and five).

- ``score`` is the current game's per column; once the sitting is over it is the score the last
  game ended on (never a fresh 0); after a finished game the next one starts at 0.
- ``over`` is True when no further deal belongs to the record: the rubber is decided, or the
  fixed number of deals of the rule set is entered. Single games (no rubber) are never over: a
  sheet may run on into the next game, so ``game_won`` only says that the last game was won and
  the record may be stored (None once the rubber is decided: the board says that instead).
- A column is named by its players ("Ann & Cy" for a side); a seat nobody is named at by its
  token at four ("N") and as "seat 2" at a table of n (:func:`seat_label`).
"""

from __future__ import annotations

from typing import Any

from euchre_records.model import RubberResult
from euchre_records.table_view import RecordView, ScoreColumn

__all__ = ["PRESET_TITLES", "preset_title", "scoreboard", "seat_label"]

PRESET_TITLES = {"somerset-1888": "Somerset Club, 1888", "hoyle": "Hoyle-style",
                 "modern": "Modern rules"}
"""The rule sets by the names players know them by (docs/RULES.md, "Sources")."""


def preset_title(name: str | None) -> str:
    """``"Somerset Club, 1888"`` for ``"somerset-1888"``; an unknown name as it is."""
    return PRESET_TITLES.get(name or "", name or "")


def seat_label(view: RecordView, token: str) -> str:
    """A seat by its player's name; where the record names nobody, the four-handed seat by its
    letter (``"N"``) and a numbered seat as ``"seat 2"``; a token not at the table as it is."""
    if token not in view.tokens:
        return token
    seat = view.tokens.index(token)
    player = view.players[seat]
    if player is not None:
        return player.name
    return f"seat {token}" if view.per_player else token


def _column_name(view: RecordView, column: ScoreColumn) -> str:
    return " & ".join(seat_label(view, view.tokens[s]) for s in column.seats)


def scoreboard(view: RecordView, next_dealer: str, *, target: int | None,
               fixed_deals: int | None, deals_entered: int,
               rubber: RubberResult | None = None) -> dict[str, Any]:
    """The running state of a draft's replay at any table (see the module docstring).

    ``target`` is the game's points target (None for a sitting of fixed deals), ``rubber`` the
    replay's rubber (four-handed; None or system ``none``: single games)."""
    games = view.games
    columns = [{"key": c.key, "label": _column_name(view, c)} for c in view.columns]
    system = None if rubber is None or rubber.system == "none" else rubber.system
    if system is not None:
        over = rubber is not None and rubber.finished
        why = "the rubber is decided" if over else ""
    elif fixed_deals:
        over = deals_entered >= fixed_deals
        why = f"all {fixed_deals} deals are played" if over else ""
    else:
        over, why = False, ""
    last = games[-1] if games else None
    # a finished game gives way to the next one at 0, unless nothing follows: the end of a
    # progressive round (its fixed deals) or of the rubber shows the score it ended on
    score = (list(last.score) if last is not None and (not last.finished or over)
             else [0] * len(columns))
    label = {c["key"]: c["label"] for c in columns}
    game_won = (None if last is None or not last.finished or last.winner is None
                or (system is not None and over) else
                {"number": last.number, "side": label.get(last.winner, last.winner)})
    return {
        "columns": columns, "per_player": view.per_player, "score": score,
        "games_won": [sum(1 for g in games if g.finished and g.winner == c["key"])
                      for c in columns],
        "target": target, "fixed_deals": fixed_deals, "deals": deals_entered,
        "next_dealer": next_dealer, "next_dealer_name": seat_label(view, next_dealer),
        "over": over, "why_over": why, "game_won": game_won, "rubber": system,
    }
