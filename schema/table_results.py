"""The JSON of a replay at a table of two, three or five (:class:`TableReplay`): the four-handed
result's shape (:mod:`.results`), scores as arrays of n; re-exported by :mod:`.tables`."""

from __future__ import annotations

from typing import Any

from euchre_records.table_model import TableFinding, TableReplay

__all__ = ["dump_table_result"]


def dump_table_result(result: TableReplay) -> dict[str, Any]:
    """The JSON of a replay at a table of n: as the four-handed result, scores as arrays of n."""
    table = result.table

    def seat(s: int | None) -> str | None:
        return None if s is None else table.token(s)

    def finding(f: TableFinding) -> dict[str, Any]:
        return {"kind": f.kind.value, "message": f.message, "rule": f.rule, "deal": f.deal,
                "trick": f.trick, "seat": seat(f.seat), "card": None if f.card is None else f.card.name,
                "points": list(f.points), "recorded": None if f.recorded is None else list(f.recorded),
                "computed": None if f.computed is None else list(f.computed),
                "held": [c.name for c in f.held], "status": f.status}

    return {
        "rules": {"preset": result.rules.name, "seats": table.seats, "variant": table.variant.value},
        "clean": result.clean,
        "deals": [{
            "number": d.number, "kind": d.kind.value, "dealer": seat(d.dealer),
            # NT: house rule allow_no_trump, as the four-handed result JSON (schema/results.py)
            "trump": "NT" if d.no_trump else None if d.trump is None else d.trump.value,
            "maker": seat(d.maker),
            "alone": d.alone, "makers": [seat(s) for s in d.makers],
            "defenders": [seat(s) for s in d.defenders],
            "called": None if d.called is None else d.called.name, "partner": seat(d.partner),
            "partner_known": d.partner_known, "thrown_in": d.thrown_in, "void": d.void,
            "unfinished": d.unfinished, "next_dealer": seat(d.next_dealer),
            "leaders": [seat(s) for s in d.leaders], "winners": [seat(s) for s in d.winners],
            "maker_tricks": d.maker_tricks, "hand_points": list(d.hand_points),
            "penalty": list(d.penalty), "points": list(d.points),
            "findings": [finding(f) for f in d.findings], "notes": list(d.notes),
        } for d in result.deals],
        "games": [{"number": g.number, "first_deal": g.first_deal, "last_deal": g.last_deal,
                   "start": list(g.start), "score": list(g.score), "winner": seat(g.winner),
                   "finished": g.finished} for g in result.games],
        "rubber": None,
        "findings": [finding(f) for f in result.findings],
        "notes": list(result.notes),
    }
