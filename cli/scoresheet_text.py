"""Render a replay as a readable scoresheet (plain text, fixed-width columns)."""

from __future__ import annotations

from ..model import DealKind, DealResult, Record, ReplayResult

__all__ = ["render_replay"]

_HEAD = ("deal", "dealer", "turned", "trump", "maker", "alone", "tricks", "points", "score")


def _pts(p: tuple[int, int] | None) -> str:
    return "" if p is None else f"{p[0]}-{p[1]}"


def _row(r: DealResult, running: tuple[int, tuple[int, int]] | None) -> tuple[str, ...]:
    if r.void is not None or r.thrown_in:
        return (str(r.number), r.dealer.name, r.turned.name if r.turned else "",
                f"void: {r.void}" if r.void is not None else "thrown in",
                "", "", "", _pts(r.points), _pts(running[1]) if running else "")
    if r.kind is DealKind.POINTS:
        return (str(r.number), r.dealer.name, "", "points only", "", "", "", _pts(r.points),
                _pts(running[1]) if running else "")
    alone = "yes" if r.alone else ""
    if r.defender_alone is not None:
        alone = (alone + " " if alone else "") + f"def {r.defender_alone.name}"
    return (str(r.number), r.dealer.name, r.turned.name if r.turned else "",
            r.trump.value if r.trump is not None else "NT" if r.no_trump else "?", r.maker.name if r.maker is not None else "", alone,
            _pts(r.tricks), _pts(r.points), _pts(running[1]) if running else "")


def render_replay(label: str, record: Record, result: ReplayResult) -> str:
    """The whole scoresheet: header, one table per game, game and rubber totals, findings."""
    lines: list[str] = []
    ev = record.event
    title = ", ".join(x for x in (ev.club, ev.event, ev.date) if x)
    lines.append(f"{label}" + (f" — {title}" if title else "") + f"  (rules: {result.rules.name}"
                 + (", overrides: " + ", ".join(f"{k}={v}" for k, v in result.rules.overrides)
                    if result.rules.overrides else "") + ")")
    names = {s.name: p.name for s, p in record.players}
    if names:
        lines.append("players: " + ", ".join(f"{s} {n}" for s, n in names.items()))
    for note in result.notes:   # the record's provenance (an EGN upgrade ...), a partial game
        lines.append(f"note: {note}")
    running = list(result.running) + [None] * (len(result.deals) - len(result.running))
    widths = [len(h) for h in _HEAD]
    rows_by_game: dict[int, list[tuple[str, ...]]] = {}
    notes: dict[int, list[str]] = {}
    for r, run in zip(result.deals, running):
        game = run[0] if run else 0
        row = _row(r, run)
        widths = [max(w, len(c)) for w, c in zip(widths, row)]
        rows_by_game.setdefault(game, []).append(row)
    for f in result.findings:
        if f.deal is not None:
            notes.setdefault(f.deal, []).append("! " + f.message)
    for r in result.deals:
        for n in r.notes:
            notes.setdefault(r.number, []).append("· " + n)

    def fmt(row: tuple[str, ...]) -> str:
        return "  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip()

    games = {g.number: g for g in result.games}
    order = sorted(set(rows_by_game) | set(games), key=lambda n: (n == 0, n))
    for game_no in order:
        rows = rows_by_game.get(game_no, [])
        lines.append("")
        lines.append(f"Game {game_no}" if game_no else "After the rubber")
        if rows:
            lines.append(fmt(_HEAD))
        else:
            lines.append("(no deal: won by the points carried into it)")
        for row in rows:
            lines.append(fmt(row))
            for note in notes.get(int(row[0]), []):
                lines.append(f"      {note}")
        g = games.get(game_no)
        if g is not None:
            if g.finished and g.winner is not None:
                extra = []
                if any(g.rubber_points):
                    extra.append(f"{max(g.rubber_points)} rubber point{'s' if max(g.rubber_points) != 1 else ''}")
                if any(g.carried):
                    extra.append(f"lap {max(g.carried)} carried")
                lines.append(f"Game {g.number}: N-S {g.score[0]}, E-W {g.score[1]} — {g.winner.label} win"
                             + (f" ({', '.join(extra)})" if extra else ""))
            elif g.finished and result.rules.fixed_deals is not None:
                lines.append(f"Game {g.number}: N-S {g.score[0]}, E-W {g.score[1]} — no winner "
                             f"(a game of {result.rules.fixed_deals} deals: the points count)")
            elif g.finished:
                lines.append(f"Game {g.number}: N-S {g.score[0]}, E-W {g.score[1]} — drawn")
            else:
                lines.append(f"Game {g.number}: N-S {g.score[0]}, E-W {g.score[1]} — unfinished")
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
    for f in result.findings:
        lines.append(f"  - {f.message}")
    return "\n".join(lines)
