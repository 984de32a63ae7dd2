"""The scoresheet and scoreboard of a record at a table where each player scores for himself
(two-handed, cut-throat, five-handed call your partner), built from the engine's replay.

Contracts:
- Nothing here scores: every number is the replay's. One score column per player (the player's
  name as its heading, else "seat 2"); a deal row names the dealer, the makers (the maker first;
  five-handed the called card, its holder, or *partner unknown* / *card not dealt*), the trump,
  the tricks the making side took, each player's points and the running score.
- Games are won by a player; there is no rubber (rubbers need fixed partnerships).
- :func:`build_table_sheet` returns plain dicts/lists for ``_table_sheet.html``;
  :func:`table_scoreboard` those of ``_scoreboard.html`` (its ``columns``: one score a player).
"""

from __future__ import annotations

from typing import Any, Mapping

from euchre_records.table_view import RecordView

from .seats import seat_name
from .sheet import SUIT_NAMES, SUIT_SIGNS

__all__ = ["build_table_sheet", "table_scoreboard"]


_name = seat_name


def _row(view: RecordView, d: Any, players: Mapping[str, str],
         kinds: Mapping[int, str]) -> dict[str, Any]:
    trump = d.trump
    made = None if d.thrown_in or d.void or d.maker is None else d.maker_tricks
    partner = None
    if view.table.called_partner and d.maker is not None and not d.thrown_in and not d.void:
        if d.alone and d.called is None:
            partner = None   # he went alone: the row's tag says so
        elif d.partner is not None:
            partner = {"text": f"{d.called} held by {_name(players, d.partner)}"
                               if d.called else _name(players, d.partner), "note": ""}
        elif d.partner_known:
            partner = {"text": f"{d.called or 'the card'} not dealt",
                       "note": "the maker played alone without knowing it"}
        else:
            partner = {"text": f"{d.called or 'the card'} called",
                       "note": "partner unknown: the record cannot tell who held it; scored "
                               "as alone"}
    return {
        "number": d.number, "kind": kinds.get(d.number, d.kind), "dealer": d.dealer,
        "dealer_name": _name(players, d.dealer), "maker": d.maker,
        "maker_name": _name(players, d.maker),
        "makers": [_name(players, t) for t in d.makers],
        "alone": d.alone and view.table.called_partner and d.called is None,  # by choice
        "called": d.called, "partner": partner,
        "trump": trump, "trump_sign": SUIT_SIGNS.get(trump or "", ""),
        "trump_name": SUIT_NAMES.get(trump or "", ""),
        "thrown_in": d.thrown_in, "void": d.void, "made": made,
        "euchred": made is not None and made < 3, "marched": made == 5,
        "points": list(d.points), "score": list(d.running), "findings": list(d.findings),
    }


def build_table_sheet(view: RecordView, players: Mapping[str, str],
                      deal_kinds: Mapping[int, str] | None = None) -> dict[str, Any]:
    """The sheet of a record at a table of n: columns, games with their deal rows, findings."""
    columns = [{"key": c.key, "label": c.label} for c in view.columns]
    label = {c.key: c.label for c in view.columns}
    rows = [_row(view, d, players, deal_kinds or {}) for d in view.deals]
    by_number = {r["number"]: r for r in rows}
    games, in_game = [], set()
    for g in view.games:
        deals = [by_number[n] for n in range(g.first_deal, g.last_deal + 1) if n in by_number]
        in_game.update(r["number"] for r in deals)
        games.append({"number": g.number, "deals": deals, "start": list(g.start),
                      "score": list(g.score), "finished": g.finished,
                      "winner": None if g.winner is None else label.get(g.winner, g.winner),
                      "lap_in": any(g.start)})
    findings = [f for d in view.deals for f in d.findings]
    return {"columns": columns, "games": games, "rows": rows,
            "loose": [r for r in rows if r["number"] not in in_game], "findings": findings,
            "players": dict(players)}


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
            "next_dealer_name": _name(players, next_dealer), "game_won": won,
            "fixed_deals": fixed_deals, "deals": deals_entered, "over": over,
            "why_over": f"all {fixed_deals} deals are played" if over else "",
            "games_won": [sum(1 for g in games if g.finished and g.winner == c.key)
                          for c in view.columns]}
