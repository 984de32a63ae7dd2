"""Render the replay of a record at a table of two, three or five as a readable scoresheet:
one points column and one running-score column per player (euchre_records/table_scoresheet.py),
fixed-width, as ``euchre replay`` prints the four-handed sheet (cli/scoresheet_text.py)."""

from __future__ import annotations

from ..table_model import TableRecord, TableReplay
from ..table_scoresheet import SheetRow, table_sheet

__all__ = ["render_table_replay"]

_HEAD = ("deal", "dealer", "turned", "trump", "maker", "partner", "tricks", "outcome")


def _scores(values: tuple[int, ...]) -> str:
    return " ".join(str(v) for v in values)


def _row(r: SheetRow) -> tuple[str, ...]:
    partner = ""
    if r.called is not None:
        partner = f"{r.called} {r.partner if r.partner is not None else '-'}"
    elif r.alone:
        partner = "alone"
    return (str(r.deal), r.dealer, r.turned or "", r.trump or "", r.maker or "", partner,
            "" if r.tricks is None else str(r.tricks), r.outcome, _scores(r.points),
            _scores(r.running))


def render_table_replay(label: str, record: TableRecord, result: TableReplay) -> str:
    """The whole sheet: a header naming each player's column, one table per game with each
    player's points and running score, the game's winner, then every finding."""
    sheet = table_sheet(record, result)
    ev = record.event
    title = ", ".join(x for x in (ev.club, ev.event, ev.date) if x)
    lines = [f"{label}" + (f" — {title}" if title else "")
             + f"  ({sheet.table.variant.value}, {sheet.table.seats} players; rules: {result.rules.name})"]
    lines.append("columns: " + ", ".join(f"{c.key} {c.label}" for c in sheet.columns)
                 + " (points and score are given in this order)")
    for note in sheet.notes:
        lines.append(f"note: {note}")
    head = _HEAD + ("points", "score")
    rows = [_row(r) for r in sheet.rows]
    widths = [max([len(h)] + [len(row[i]) for row in rows]) for i, h in enumerate(head)]

    def fmt(row: tuple[str, ...]) -> str:
        return "  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip()

    labels = {c.key: c.label for c in sheet.columns}
    for game in sheet.games:
        lines.append("")
        lines.append(f"Game {game.number}")
        game_rows = [(r, row) for r, row in zip(sheet.rows, rows) if r.game == game.number]
        if game_rows:
            lines.append(fmt(head))
        for r, row in game_rows:
            lines.append(fmt(row))
            for f in r.findings:
                lines.append(f"      ! {f}")
            for n in r.notes:
                lines.append(f"      · {n}")
        score = ", ".join(f"{labels[c.key]} {s}" for c, s in zip(sheet.columns, game.score))
        if game.finished and game.winner_label is not None:
            lines.append(f"Game {game.number}: {score} — {game.winner_label} wins")
        else:
            lines.append(f"Game {game.number}: {score} — unfinished")
    lines.append("")
    lines.append(f"{len(result.findings)} finding{'s' if len(result.findings) != 1 else ''}"
                 + (":" if result.findings else "."))
    for f in result.findings:
        lines.append(f"  - {f.message}")
    return "\n".join(lines)
