"""Records at tables of two, three and five in the command line: the scoresheet text (one
column per player: the scores are kept per player), the verdict's findings, and the refusal of
targets that only take four-handed records. Reads the table view (euchre_records/table_view.py).
"""

from __future__ import annotations

from typing import Any

from ..table_model import TableRecord, TableReplay
from ..table_view import DealView, RecordView, view_of

__all__ = ["render_table_replay", "table_findings", "table_result_json", "four_handed_only"]


def table_result_json(result: TableReplay) -> dict[str, Any]:
    """The replay result's JSON (schema.tables.dump_table_result)."""
    from ..schema.tables import dump_table_result
    return dump_table_result(result)


def table_findings(result: TableReplay) -> list[dict[str, Any]]:
    """The findings as validate's verdict lists them (kind, deal, trick, seat, rule, message)."""
    return list(table_result_json(result)["findings"])


def four_handed_only(record: TableRecord, what: str, why: str) -> str:
    """The reason a four-handed-only target refuses a record at a table of n."""
    return (f"{what} takes four-handed records only ({why}); this is a "
            f"{record.table.variant.value} record of {record.table.seats} players")


def _deal_row(d: DealView, called_partner: bool) -> list[str]:
    """deal, dealer, trump (or why none), maker, alone (five-handed only: elsewhere the maker
    always plays alone), the making side, its tricks."""
    what = (f"void: {d.void}" if d.void is not None else "thrown in" if d.thrown_in
            else "unfinished" if d.maker is None and d.unfinished else d.trump or "")
    makers = " ".join(d.makers)
    if d.called is not None:
        makers += f" (called {d.called}" + ("" if d.partner_known else ", partner unknown") + ")"
    return [str(d.number), d.dealer, what, d.maker or "",
            "yes" if called_partner and d.alone else "", makers,
            "" if d.maker_tricks is None else str(d.maker_tricks)]


def render_table_replay(label: str, record: TableRecord, result: TableReplay) -> str:
    """The scoresheet of a table of n: one row per deal with each player's points and running
    score, then each game's score and winner, then the findings and notes."""
    view: RecordView = view_of(record, result)
    ev = record.event
    title = ", ".join(x for x in (ev.club, ev.event, ev.date) if x)
    lines = [f"{label}" + (f" — {title}" if title else "") +
             f"  ({view.variant}, {view.seats} players; rules: {result.rules.name})"]
    lines.append("players: " + ", ".join(f"{c.key} {c.label}" for c in view.columns))
    for note in result.notes:
        lines.append(f"note: {note}")
    head = ["deal", "dealer", "trump", "maker", "alone", "makers", "tricks"]
    head += [f"{c.key}:pts" for c in view.columns] + [f"{c.key}:score" for c in view.columns]
    rows = [_deal_row(d, view.table.called_partner) + [str(p) for p in d.points] + [str(s) for s in d.running]
            for d in view.deals]
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h)
              for i, h in enumerate(head)]
    lines.append("  ".join(h.ljust(w) for h, w in zip(head, widths)).rstrip())
    notes: dict[int, list[str]] = {}
    for f in result.findings:
        if f.deal is not None:
            notes.setdefault(f.deal, []).append("! " + f.message)
    for r in result.deals:
        for n in r.notes:
            notes.setdefault(r.number, []).append("· " + n)
    for d, row in zip(view.deals, rows):
        lines.append("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
        lines.extend(f"    {n}" for n in notes.get(d.number, []))
    for g in view.games:
        score = ", ".join(f"{c.label} {s}" for c, s in zip(view.columns, g.score))
        winner = next((c.label for c in view.columns if c.key == g.winner), None)
        lines.append(f"game {g.number} (deals {g.first_deal}-{g.last_deal}): {score}; " +
                     (f"won by {winner}" if winner else "not finished"))
    for f in result.findings:
        if f.deal is None:
            lines.append("! " + f.message)
    return "\n".join(lines)


def stored_table_deals(db: Any, record_id: int) -> tuple[list[dict[str, Any]], list[str]]:
    """The deal rows of a stored record at a table of n (table_deals, with each seat's points
    and running score from deal_scores as columns ``points_0``, ``score_0`` ...), and the
    column names in order."""
    seats = [row[0] for row in db.execute(
        "SELECT DISTINCT seat FROM deal_scores WHERE record_id = ? ORDER BY seat", [record_id])]
    rows = []
    for deal in db.query("SELECT number, dealer, trump, maker, alone, called, partner, "
                         "maker_tricks, thrown_in, void FROM table_deals WHERE record_id = ? "
                         "ORDER BY number", [record_id]):
        scores = {s: (p, r) for s, p, r in db.execute(
            "SELECT seat, points, score FROM deal_scores WHERE record_id = ? AND deal = ?",
            [record_id, deal["number"]])}
        row = dict(deal)
        row.update({f"points_{s}": scores.get(s, (None, None))[0] for s in seats})
        row.update({f"score_{s}": scores.get(s, (None, None))[1] for s in seats})
        rows.append(row)
    columns = ["number", "dealer", "trump", "maker", "alone", "called", "partner", "maker_tricks"]
    columns += [f"points_{s}" for s in seats] + [f"score_{s}" for s in seats]
    return rows, columns


def stored_table_findings(db: Any, record_id: int) -> list[dict[str, Any]]:
    return list(db.query("SELECT deal, trick, seat, kind, rule, message FROM table_findings "
                         "WHERE record_id = ? ORDER BY id", [record_id]))
