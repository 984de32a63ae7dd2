"""The sitting page of a draft at a table of two, three or five: the same page as four hands
(``draft.html``), with one score column per player, the n seats in the forms and the five-handed
called card.

Contracts: :func:`table_draft_page` renders from the engine's replay of the draft (through
``replay_draft``, i.e. ``ingest.prepare``) and its table view (``euchre_records.table_view``);
nothing is scored here. The form's field for a problem is found from the record path the engine
names (``draft_view.fields_of`` with :data:`TABLE_FIELD_OF_PATH`), as for four hands.
"""

from __future__ import annotations

from typing import Any

from flask import render_template

from euchre_records.table_view import view_of

from ..store import drafts as store_drafts
from ..store.ingest import Submission
from . import deal_ids
from .deal_form import UNDEALT, called_ranks, form_of_deal
from .forms import Problems
from .scoreboard import table_scoreboard
from .seats import VARIANT_TITLES, next_dealer, seat_tokens, seats_of
from .sheet import build_sheet, running_of

__all__ = ["table_draft_page", "TABLE_FIELD_OF_PATH", "players_of", "game_target"]

TABLE_FIELD_OF_PATH = (("result.tricks", "tricks"), ("result.trump", "trump"),
                       ("result.maker", "maker"), ("result.alone", "called"),
                       ("result.called", "called"), ("result.partner", "partner"),
                       ("result", "maker"), ("dealer", "dealer"), ("irregularities", "revoke_seat"))
"""A record path under a deal -> the field of the table form it belongs to (draft_view.fields_of)."""


def players_of(data: dict[str, Any]) -> dict[str, str]:
    """The players' names by seat token."""
    return {seat: p.get("name", "") for seat, p in (data.get("players") or {}).items()}


def game_target(sub: Submission | None) -> int | None:
    """The points that win a game at this table (the variant's default or the override)."""
    if sub is None:
        return None
    from euchre_records.table_replay import game_points_of
    return game_points_of(sub.record)  # type: ignore[arg-type]


def table_draft_page(draft: store_drafts.Draft, sub: Submission | None,
                     record_problems: list[dict[str, str]], *, form: dict[str, str] | None,
                     problems: Problems, editing: int | None, status: int,
                     conflict: deal_ids.Conflict | None, deal_id: str) -> tuple[str, int]:
    data = draft.data
    n = seats_of(data)
    players = players_of(data)
    deals = data.get("deals") or []
    sheet = board = None
    dealer = next_dealer(data, sub)
    if sub is not None:
        view = view_of(sub.record, sub.result)
        from euchre_records.schema.results import dump_result
        sheet = build_sheet(dump_result(sub.result), running_of(sub.result), players)
        board = table_scoreboard(view, players, dealer, game_target(sub),
                                 sub.record.rules.fixed_deals, len(deals))
    if form is None:
        form = form_of_deal(deals[editing - 1]) if editing else {"dealer": dealer}
    errors: dict[str, list[str]] = {}
    for field, message in problems:
        errors.setdefault(field, []).append(message)
    return render_template(
        "draft.html", draft=draft, data=data, sheet=sheet, chart=None,
        record_problems=record_problems, form=form, errors=errors, problems=list(problems),
        players=players, seats=seat_tokens(n), editing=editing, board=board, table_n=n,
        variant_title=VARIANT_TITLES[n], undealt=UNDEALT, called_ranks=called_ranks(data),
        conflict=conflict, deal_id=deal_id), status
