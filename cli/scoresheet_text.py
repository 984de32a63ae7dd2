"""Render a replay as a readable scoresheet (plain text, fixed-width columns), at every table:
``euchre replay``'s table format.

:func:`render_replay` takes a record of any table with its own replay and reads it through the
table view (euchre_records/table_view.py): the title, the players, the record's notes, each
deal's findings and notes under its row, the columns' widths and the findings are one code for
both. The layout follows the view's score columns:

- per side (four-handed): one table per game (dealer, turned card, trump, maker, alone, tricks,
  points and running score as ``ns-ew``), each game's total, winner, rubber points and lap, the
  rubber, then the count of findings and each finding;
- per player (tables of two, three and five): one table of every deal (the making side, its
  tricks, then each player's points and running score, one column each), each game's score and
  winner, then the findings not of one deal.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from ..model import DealKind, DealResult, Record, ReplayResult
from ..table_view import DealView, RecordView, view_of

__all__ = ["render_replay"]

_HEAD = ("deal", "dealer", "turned", "trump", "maker", "alone", "tricks", "points", "score")


def render_replay(label: str, record: Record, result: ReplayResult) -> str:
    """The whole scoresheet of ``record`` replayed to ``result`` (see the module docstring)."""
    view = view_of(record, result)
    ev = record.event
    title = ", ".join(x for x in (ev.club, ev.event, ev.date) if x)
    lines = [f"{label}" + (f" — {title}" if title else "") + f"  ({_rules_text(view, result)})"]
    if view.per_player:
        lines.append("players: " + ", ".join(f"{c.key} {c.label}" for c in view.columns))
    elif any(p is not None for p in view.players):
        lines.append("players: " + ", ".join(f"{t} {p.name}" for t, p in zip(view.tokens, view.players)
                                             if p is not None))
    lines.extend(f"note: {note}" for note in result.notes)  # provenance (an EGN upgrade ...)
    notes: dict[int, list[str]] = {}
    for f in result.findings:
        if f.deal is not None:
            notes.setdefault(f.deal, []).append("! " + f.message)
    for r in result.deals:
        for n in r.notes:
            notes.setdefault(r.number, []).append("· " + n)
    if view.per_player:
        lines += _per_player(view, result, notes)
    else:
        lines += _per_side(view, result, notes)
    return "\n".join(lines)


def _rules_text(view: RecordView, result: ReplayResult) -> str:
    rules = result.rules
    if view.per_player:
        return f"{view.variant}, {view.seats} players; rules: {rules.name}"
    return f"rules: {rules.name}" + (", overrides: " + ", ".join(f"{k}={v}" for k, v in rules.overrides)
                                     if rules.overrides else "")


def _widths(rows: Iterable[Sequence[str]], head: Sequence[str]) -> list[int]:
    widths = [len(h) for h in head]
    for row in rows:
        widths = [max(w, len(c)) for w, c in zip(widths, row)]
    return widths


def _line(row: Sequence[str], widths: Sequence[int]) -> str:
    return "  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip()


# --- per player: tables of two, three and five ------------------------------------------------

def _player_row(d: DealView, called_partner: bool) -> list[str]:
    """deal, dealer, trump (or why none), maker, alone (five-handed only: elsewhere the maker
    always plays alone), the making side, its tricks, then each column's points and score."""
    what = (f"void: {d.void}" if d.void is not None else "thrown in" if d.thrown_in
            else "unfinished" if d.maker is None and d.unfinished else d.trump or "")
    makers = " ".join(d.makers)
    if d.called is not None:
        makers += f" (called {d.called}" + ("" if d.partner_known else ", partner unknown") + ")"
    return [str(d.number), d.dealer, what, d.maker or "", "yes" if called_partner and d.alone else "",
            makers, "" if d.maker_tricks is None else str(d.maker_tricks),
            *(str(p) for p in d.points), *(str(s) for s in d.running)]


def _per_player(view: RecordView, result: ReplayResult, notes: dict[int, list[str]]) -> list[str]:
    head = ["deal", "dealer", "trump", "maker", "alone", "makers", "tricks"]
    head += [f"{c.key}:pts" for c in view.columns] + [f"{c.key}:score" for c in view.columns]
    rows = [_player_row(d, view.table.called_partner) for d in view.deals]
    widths = _widths(rows, head)
    lines = [_line(head, widths)]
    for d, row in zip(view.deals, rows):
        lines.append(_line(row, widths))
        lines.extend(f"    {n}" for n in notes.get(d.number, []))
    for g in view.games:
        score = ", ".join(f"{c.label} {s}" for c, s in zip(view.columns, g.score))
        winner = next((c.label for c in view.columns if c.key == g.winner), None)
        lines.append(f"game {g.number} (deals {g.first_deal}-{g.last_deal}): {score}; " +
                     (f"won by {winner}" if winner else "not finished"))
    lines.extend("! " + f.message for f in result.findings if f.deal is None)
    return lines


# --- per side: the four-handed game -----------------------------------------------------------

def _pts(p: Sequence[int] | None) -> str:
    return "" if p is None else f"{p[0]}-{p[1]}"


def _side_row(d: DealView, r: DealResult) -> tuple[str, ...]:
    """One deal: the view's number, dealer, maker, points and running score (none after the
    rubber), the replay's turned card, trump, alone (and a lone defender) and tricks."""
    score = "" if d.game is None else _pts(d.running)
    if r.void is not None or r.thrown_in:
        return (str(d.number), d.dealer, r.turned.name if r.turned else "",
                f"void: {r.void}" if r.void is not None else "thrown in",
                "", "", "", _pts(d.points), score)
    if r.kind is DealKind.POINTS:
        return (str(d.number), d.dealer, "", "points only", "", "", "", _pts(d.points), score)
    alone = "yes" if r.alone else ""
    if r.defender_alone is not None:
        alone = (alone + " " if alone else "") + f"def {r.defender_alone.name}"
    return (str(d.number), d.dealer, r.turned.name if r.turned else "",
            r.trump.value if r.trump is not None else "NT" if r.no_trump else "?", d.maker or "",
            alone, _pts(r.tricks), _pts(d.points), score)


def _per_side(view: RecordView, result: ReplayResult, notes: dict[int, list[str]]) -> list[str]:
    lines: list[str] = []
    rows_by_game: dict[int, list[tuple[str, ...]]] = {}
    for d, r in zip(view.deals, result.deals):
        rows_by_game.setdefault(d.game or 0, []).append(_side_row(d, r))
    widths = _widths((row for rows in rows_by_game.values() for row in rows), _HEAD)
    games = {g.number: g for g in result.games}
    order = sorted(set(rows_by_game) | set(games), key=lambda n: (n == 0, n))
    for game_no in order:
        rows = rows_by_game.get(game_no, [])
        lines.append("")
        lines.append(f"Game {game_no}" if game_no else "After the rubber")
        lines.append(_line(_HEAD, widths) if rows else "(no deal: won by the points carried into it)")
        for row in rows:
            lines.append(_line(row, widths))
            lines.extend(f"      {note}" for note in notes.get(int(row[0]), []))
        g = games.get(game_no)
        if g is None:
            continue
        total = f"Game {g.number}: N-S {g.score[0]}, E-W {g.score[1]} — "
        if g.finished and g.winner is not None:
            extra = []
            if any(g.rubber_points):
                extra.append(f"{max(g.rubber_points)} rubber point{'s' if max(g.rubber_points) != 1 else ''}")
            if any(g.carried):
                extra.append(f"lap {max(g.carried)} carried")
            lines.append(total + f"{g.winner.label} win" + (f" ({', '.join(extra)})" if extra else ""))
        elif g.finished and result.rules.fixed_deals is not None:
            lines.append(total + f"no winner (a game of {result.rules.fixed_deals} deals: the points count)")
        else:
            lines.append(total + ("drawn" if g.finished else "unfinished"))
    rb = result.rubber
    if rb is not None:
        lines.append("")
        won = f"{rb.games_won[0]}-{rb.games_won[1]} in games"
        if rb.winner is not None:
            lines.append(f"Rubber ({rb.system}): {rb.winner.label} win, {won}; rubber points "
                         f"N-S {rb.rubber_points[0]}, E-W {rb.rubber_points[1]} (net {rb.net})")
        else:
            lines.append(f"Rubber ({rb.system}): {'undecided' if rb.finished else 'unfinished'}, {won}; "
                         f"rubber points N-S {rb.rubber_points[0]}, E-W {rb.rubber_points[1]}")
    lines.append("")
    lines.append(f"{len(result.findings)} finding{'s' if len(result.findings) != 1 else ''}"
                 + (":" if result.findings else "."))
    lines.extend(f"  - {f.message}" for f in result.findings)
    return lines
