"""Settling the tied tables of a progressive round, so the movement can seat the next one
(docs/EVENTS.md §4.2). The round page and ``euchre event next-seating --settle`` both call it.

Contract: :func:`settle_ties` takes, for each tied table's number, a choice — ``NS`` or ``EW``
(the director names the pair that moves as the winners), ``tiebreak`` (the progressive format's
tie-break after points: more lone hands made in the round) or ``cut`` (a cut drawn now by
events/tie_cut.py from a fresh seed) — and returns the settlements for
:func:`~euchre_records.events.tournament.next_seating` and a note for each in words (a cut's
seed and cards included), which the caller records with the seating it saves. Every choice is
checked before any cut is drawn: an EventError (``where`` ``settle``) names every tied table
left without a choice, or one whose tie-break is level; then nothing is drawn. A choice for a
table that is not tied is ignored: it keeps the movement's seating.
"""

from __future__ import annotations

import secrets
from typing import Mapping

import sqlite_utils

from euchre_records.events.tie_cut import cut_for_tie
from euchre_records.words import counted

from .event_reads import round_ties
from .event_rows import EventError
from .players import player_names

__all__ = ["settle_ties", "CHOICES"]

CHOICES = ("NS", "EW", "tiebreak", "cut")


def settle_ties(db: sqlite_utils.Database, event_id: int, number: int,
                choices: Mapping[int, str]) -> tuple[dict[int, str], list[str]]:
    """The tied tables of round ``number`` settled by ``choices`` (see the module contract)."""
    ties = round_ties(db, event_id, number)
    unsettled = [f"Table {t['table']} is tied {t['points'][0]}–{t['points'][1]}"
                 for t in ties if choices.get(t["table"]) not in CHOICES]
    if unsettled:
        raise EventError("; ".join(unsettled) + ": for each, choose the pair that moves as the "
                         "winners (or the tie-break, or a cut)", "settle")
    for t in ties:
        if choices.get(t["table"]) == "tiebreak" and t["lone"][0] == t["lone"][1]:
            raise EventError(f"Table {t['table']}: the event's tie-break cannot settle it, both "
                             f"pairs made {counted(t['lone'][0], 'lone hand')}; choose the pair "
                             "or a cut", "settle")
    settled: dict[int, str] = {}
    notes: list[str] = []
    names = player_names(db.conn, [p for t in ties for p in t["seats"].values()])
    for tie in ties:
        table, seats = tie["table"], tie["seats"]
        pair = {"NS": f"N-S ({names.get(seats['N'])} & {names.get(seats['S'])})",
                "EW": f"E-W ({names.get(seats['E'])} & {names.get(seats['W'])})"}
        choice = choices[table]
        if choice in ("NS", "EW"):
            settled[table] = choice
            notes.append(f"table {table} by the director: {pair[choice]} move as the winners")
        elif choice == "tiebreak":
            side = "NS" if tie["lone"][0] > tie["lone"][1] else "EW"
            settled[table] = side
            notes.append(f"table {table} by the event's tie-break, lone hands made (N-S "
                         f"{tie['lone'][0]}, E-W {tie['lone'][1]}): {pair[side]} move as the "
                         "winners")
        else:
            cut = cut_for_tie(secrets.randbelow(1_000_000) + 1)
            settled[table] = cut.winners
            notes.append(f"table {table} by a cut (seed {cut.seed}): {cut.words()}")
    return settled, notes
