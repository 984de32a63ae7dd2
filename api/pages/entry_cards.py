"""Card-by-card entry of a deal (kind ``full``): the hands, calls, discard and tricks.

Contracts: the form's own mistakes are found by ``card_form.full_deal_from_form``; the cards are read
and checked by the notation and the engine through ``replay_draft``, and each problem comes back
at its field with its place in the deal (``tricks[2][1]: ...``). Nothing is saved with a problem.
"""

from __future__ import annotations

import json
from typing import Any

from flask import abort, render_template, request

from ..auth.table import table_view
from ..store import drafts as store_drafts
from ..store.ingest import Submission
from .blueprint import bp
from .draft_access import ID, own_draft, writer_required
from .draft_view import next_dealer, replay_draft, save_revision, score_note
from .card_form import form_of_full_deal, full_deal_from_form
from .forms import Problems
from .round_cap import REFUSED_STATUS, beyond_cap
from .seats import seat_tokens, seats_of

__all__ = ["add_cards", "edit_cards"]


_CARD_PATHS = (("hands.N", "hand_N"), ("hands.E", "hand_E"), ("hands.S", "hand_S"),
               ("hands.W", "hand_W"), ("hands", "hand_N"), ("turned", "turned"),
               ("joker_suit", "turned"), ("calls", "calls"), ("discard", "discard"),
               ("tricks", "tricks"), ("dealer", "dealer"), ("kitty", "hand_N"))


_TABLE_PATHS = (("hands.", "hand_"), ("hands", "hand_0"), ("called", "called"),
                ("partner", "called"), ("kitty", "hand_0"))


def _card_fields(problems: list[dict[str, str]], deal_index: int, n: int = 4) -> Problems:
    """Problems of a card-level deal as (field, message); the message keeps its place in the
    deal (``tricks[2][1]: ...``) since a field holds many cards."""
    out: Problems = []
    prefix = f"deals[{deal_index}]"
    for p in problems:
        where = p["where"]
        if not where.startswith(prefix):
            out.append(("general", f"{where}: {p['what']}"))
            continue
        rest = where[len(prefix):].lstrip(".")
        field = next((f for path, f in _CARD_PATHS if rest.startswith(path)), "general")
        if n != 4:   # a table of n: hands.2[3] is the field hand_2
            table = next((f for path, f in _TABLE_PATHS if rest.startswith(path)), None)
            if table == "hand_":
                field = "hand_" + rest[len("hands."):].split("[")[0].split(".")[0]
            elif table is not None:
                field = table
        out.append((field, f"{rest}: {p['what']}" if rest else p["what"]))
    return out


def _cards_page(found: store_drafts.Draft, form: dict[str, str], problems: Problems,
                number: int, editing: bool) -> str:
    errors: dict[str, list[str]] = {}
    for field, message in problems:
        errors.setdefault(field, []).append(message)
    players = {seat: p["name"] for seat, p in (found.data.get("players") or {}).items()}
    n = seats_of(found.data)
    return render_template("cards.html", draft=found, form=form, errors=errors,
                           problems=problems, number=number, editing=editing,
                           seats=seat_tokens(n), players=players,
                           table_n=None if n == 4 else n)


def _cards(draft_id: int, number: int | None) -> Any:
    """Add (number None) or change a card-level deal from the card form."""
    found = own_draft(draft_id)
    deals = found.data.get("deals") or []
    n = seats_of(found.data)
    kinds = ("full",) if n == 4 else ("full", "plays")   # a table's hands are optional
    if number is not None and (number > len(deals) or deals[number - 1].get("kind") not in kinds):
        abort(404, description=f"draft {draft_id} has no card-level deal {number}")
    shown = number or len(deals) + 1
    if request.method == "GET":
        if number is not None:
            form = form_of_full_deal(deals[number - 1])
        else:
            sub, _ = replay_draft(found.data)
            form = {"dealer": next_dealer(found.data, sub)}
        return _cards_page(found, form, [], shown, number is not None)
    if found.status != "open":
        abort(409, description=f"draft {draft_id} is {found.status}")
    deal, problems = full_deal_from_form(request.form, n)
    data = json.loads(json.dumps(found.data))
    position = len(data.setdefault("deals", [])) if number is None else number - 1
    past = beyond_cap(found.id, found.data, position) if number is None else None
    if past is not None:   # the sitting's deals are in: refused, whatever the form says
        return _cards_page(found, dict(request.form), [("general", past)], shown,
                           False), REFUSED_STATUS
    sub: Submission | None = None
    if not problems:
        if number is None:
            data["deals"].append(deal)
        else:
            data["deals"][position] = deal
        sub, found_problems = replay_draft(data)
        problems = _card_fields(found_problems, position, n)
    if not problems:
        what = "added" if number is None else "changed"
        done = save_revision(found, data, f"Deal {position + 1} {what}{score_note(sub)}.")
        if done is not None:
            return done
        found = own_draft(draft_id)
    return _cards_page(found, dict(request.form), problems, shown, number is not None)


@bp.route(f"/web/drafts/<{ID}:draft_id>/cards", methods=["GET", "POST"])
@table_view
@writer_required
def add_cards(draft_id: int) -> Any:
    return _cards(draft_id, None)


@bp.route(f"/web/drafts/<{ID}:draft_id>/cards/<int(min=1,max=999):number>",
          methods=["GET", "POST"])
@table_view
@writer_required
def edit_cards(draft_id: int, number: int) -> Any:
    return _cards(draft_id, number)
