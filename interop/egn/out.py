"""Our records written as EGN 1.4: :func:`egn_document` (public as ``document.record_to_egn``,
which reads a lossy document back before giving it out) and :func:`egn_losses`.

EGN carries less than our notation. :func:`egn_losses` lists what an export leaves out, each
item marked as mattering to a replay (rule options, irregularities, per-deal scoresheet entries,
deal-level annotations) or not (the kitty, club/table/round metadata). ``egn_document`` refuses
(UnsupportedRules) a record with losses that matter unless ``lossy=True``, and always refuses
what EGN cannot hold at all: result-only deals, the partner taking over a lone hand, a turned
joker (EGN cannot say which suit the dealer named).

Points-only deals: an EGN deal needs its up card and play, so a points-only deal is a loss that
matters, refused unless ``lossy``. With ``lossy`` it is left out: the points of the points-only
deals that open the record (while the first game is still going) are added to ``initialScore``,
as EGN writes a partial game (EGN README, "Partial Games"); any other points-only deal is dropped
with its points. Each is named in :func:`egn_losses` (the CLI prints them on stderr) and in a note
appended to ``metadata.description``.
"""

from __future__ import annotations

from typing import Any

from euchre_records.cards import JOKER
from euchre_records.errors import Problem, RecordError, UnsupportedRules
from euchre_records.model import CallKind, Deal, DealKind, Record
from euchre_records.rules import Rules
from euchre_records.table import Table, VariantOptions
from euchre_records.table_view import columns_of, table_of

from .called import called_out
from .cards import call_token, card_token
from .dates import DATE_NOTE, DESCRIPTION_MAX, date_note, date_out
from .limits import fit, limit_losses, too_many
from .lines import (active_players, alternatives_out, annotations_out, bid_calls, bidding_out,
                    play_out)
from .exchanges import exchanges_out
from .rules import from_rules, rules_loss

__all__ = ["egn_document", "egn_losses", "not_read_back", "date_losses", "date_and_description",
           "EGN_VERSION", "egn_rules"]

EGN_VERSION = "1.4"


def _two_scores(table: Table) -> bool:
    """Whether EGN's two team scores (``initialScore``, ``finalScore``) are this table's score
    columns: N-S and E-W at four, the two players at two; at three and five they cannot be."""
    return len(columns_of(table, ())) == 2


def _written(record: Record) -> list[tuple[int, Deal]]:
    """The deals an EGN document holds, by index: all but the points-only ones."""
    return [(i, d) for i, d in enumerate(record.deals) if d.kind is not DealKind.POINTS]


def egn_rules(record: Record) -> Rules:
    """The record's rules with the game's target made explicit: a variant's default (10 points
    at cut-throat and five-handed) is the table's, not the preset's, and EGN's ``winning_score``
    says the target itself."""
    rules, default = record.rules, table_of(record).default_game_points
    if (default is None or rules.fixed_deals is not None or "game_points" in dict(rules.overrides)
            or rules.game_points == default):
        return rules
    return rules.with_overrides({"game_points": default})


def _impossible(record: Record) -> list[Problem]:
    out = too_many(_written(record))
    per_player = not table_of(record).fixed_sides
    for i, deal in enumerate(record.deals):
        where = f"deals[{i}]"
        if deal.kind is DealKind.POINTS:
            if per_player:   # no lossy reading as a start score at these tables
                out.append(Problem(where, "a points-only deal cannot be written in EGN (it needs the "
                                          "turned card, the calls and the plays)"))
            continue   # at four a loss that matters (egn_losses): written only with lossy, left out
        if deal.kind is DealKind.RESULT:
            out.append(Problem(where, "a result-only deal cannot be written in EGN (it needs the "
                                      "turned card, the calls and the plays)"))
        elif deal.turned is None:
            out.append(Problem(f"{where}.turned", "EGN needs the turned card"))
        elif deal.turned is JOKER:
            out.append(Problem(f"{where}.turned", "EGN cannot record the suit named for a turned joker"))
        for j, call in enumerate(deal.calls):
            if call.kind is CallKind.PARTNER_ALONE:
                out.append(Problem(f"{where}.calls[{j}]", "EGN cannot record the partner taking over "
                                                          "the lone hand"))
        for j, x in enumerate(getattr(deal, "exchanges", ())):
            if not x.gave and not x.took:
                out.append(Problem(f"{where}.exchanges[{j}]", "EGN cannot record a farmer's hand "
                                   "declared without an exchange (EGN alternate-rules.md, "
                                   "`farmers`: a flag, and `cardExchanges` holds only cards "
                                   "exchanged)"))
            elif deal.calls == ():
                out.append(Problem(f"{where}.exchanges[{j}]", "EGN records exchanges in the bidding "
                                                              "phase: the deal needs its calls"))
        for j, alt in enumerate(getattr(deal, "alternatives", ())):
            if not alt.at.startswith(("call ", "trick ", "card ", "deal")):
                out.append(Problem(f"{where}.alternatives[{j}].at", f"cannot place {alt.at!r} in EGN"))
    return out


def egn_losses(record: Record) -> list[tuple[Problem, bool]]:
    """What an EGN export of ``record`` leaves out: ``(problem, matters_to_replay)`` pairs. The
    five-handed called card is listed too (it is carried, but as a call annotation that other
    EGN readers show as a comment), as not mattering."""
    out: list[tuple[Problem, bool]] = []
    table = table_of(record)
    two = _two_scores(table)
    lost = rules_loss(egn_rules(record))
    if lost:
        out.append((Problem("rules", "EGN has no rule-set flag for " + ", ".join(lost)), True))
    if getattr(record, "provenance", ()):
        out.append((Problem("provenance", "EGN has no field for notes on how the record was "
                                          "converted"), False))
    if not record.fixed_partnerships:
        out += _options_losses(record.options)
    if not two and any(record.start_score):
        out.append((Problem("start_score", f"EGN's initialScore is two team scores: the "
                            f"{table.seats} players' start score cannot be written"), True))
    ev = record.event
    for name in ("club", "table", "round"):
        if getattr(ev, name):
            out.append((Problem(f"event.{name}", "EGN has no field for it"), False))
    out += date_losses(ev.date, ev.notes)
    out += limit_losses(ev, record.players, _written(record))
    last = len(record.deals) - 1
    opening = _opening_points(record)
    sheet = "recorded" if table.fixed_sides else "scoresheet"   # the field as each notation names it
    for i, deal in enumerate(record.deals):
        where = f"deals[{i}]"
        if deal.kind is DealKind.POINTS and table.fixed_sides:   # else refused (_impossible)
            out.append((Problem(where, _points_loss(i, deal, i < opening, True)), True))
            continue
        if deal.kitty:
            out.append((Problem(f"{where}.kitty", "EGN has no kitty"), False))
        if deal.irregularities:
            out.append((Problem(f"{where}.irregularities", "EGN cannot record irregularities"), True))
        rec = deal.recorded
        if rec is not None and (rec.points is not None or (rec.total is not None and (i != last or not two))):
            what = ("EGN records only the final score" if two else "EGN's finalScore is two team "
                    f"scores: no scoresheet of {table.seats} players can be written")
            out.append((Problem(f"{where}.{sheet}", what), True))
        for j, a in enumerate(getattr(deal, "annotations", ())):
            if a.at.startswith("trick "):
                out.append((Problem(f"{where}.annotations[{j}]", "EGN annotates single plays: a "
                                    "note on a whole trick goes on the trick's lead"), False))
            elif not a.at.startswith(("call ", "card ")):
                out.append((Problem(f"{where}.annotations[{j}]", "EGN annotates calls and plays only"), False))
        for j, alt in enumerate(getattr(deal, "alternatives", ())):
            for k, a in enumerate(alt.annotations):
                if not a.at.startswith(("call ", "card ", "trick ")):
                    out.append((Problem(f"{where}.alternatives[{j}].annotations[{k}]",
                                        "EGN annotates calls and plays only"), False))
        if deal.hands is not None and deal.kind is DealKind.FULL:
            for seat, hand in enumerate(deal.hands):
                if len(hand) != 5:
                    out.append((Problem(f"{where}.hands.{table.token(seat)}", f"a hand of {len(hand)} "
                                        "cards (a wrong number dealt) cannot be written as EGN "
                                        "playerCards: with --lossy it is written as an unknown hand "
                                        "([])"), True))
        if table.called_partner and (getattr(deal, "called", None) is not None
                                     or any(c.alone for c in deal.calls)):
            out.append((Problem(f"{where}.called" if getattr(deal, "called", None) is not None
                                else f"{where}.calls",
                                "EGN has no field for the five-handed called card or lone maker: "
                                "written as a call annotation on the maker's call (other EGN "
                                "readers show it as a comment)"), False))
    for seat, player in record.players:
        if not player.name:
            out.append((Problem(f"players.{table.token(seat)}.name", "an empty name is written as "
                                "no player"), False))
    return out


def _options_losses(options: VariantOptions) -> list[tuple[Problem, bool]]:
    """The variant's own options that differ from their defaults: no EGN flag says them."""
    out: list[tuple[Problem, bool]] = []
    default = VariantOptions()
    for name in ("cutthroat_euchre", "cutthroat_march", "two_handed_march", "call_partner_lone_march"):
        value = getattr(options, name)
        if value != getattr(default, name):
            shown = getattr(value, "value", value)
            out.append((Problem(f"rules.overrides.{name}", f"EGN has no rule-set flag for "
                                f"{name}={shown!r} (read back as the default)"), True))
    return out


def egn_document(record: Record, lossy: bool = False) -> dict[str, Any]:
    """The EGN document of ``record`` at any table (a dict ready for ``json.dumps``), as written:
    the public :func:`.document.record_to_egn` also reads a lossy one back before giving it out.
    The table says what differs: ``num_players`` (written when not 4), EGN's two team scores
    (carried where the table has two score columns, else ``[]``), ``isAlone`` (a partner sitting
    out: only where sides are fixed) and the five-handed called card (:mod:`.called`).

    Raises UnsupportedRules listing every problem when the record holds something EGN cannot
    express at all, or (unless ``lossy``) something whose loss would change a replay.
    """
    problems = _impossible(record)
    if not lossy:
        problems += [p for p, matters in egn_losses(record) if matters]
    if problems:
        raise UnsupportedRules(problems)
    meta: dict[str, Any] = {}
    ev = record.event
    if ev.game_id is not None:
        meta["gameId"] = ev.game_id
    if ev.event is not None:
        meta["title"] = ev.event
    opening = _opening_points(record)
    lost = [_points_loss(i, d, i < opening, False) for i, d in enumerate(record.deals) if d.kind is DealKind.POINTS]
    note = ("Left out by the export from euchre-records (--lossy): " + "; ".join(lost) + "."
            if lost else None)
    date, description = date_and_description(ev.date, ev.notes, note)
    if description is not None:
        meta["description"] = description
    if date is not None:
        meta["date"] = date
    table = table_of(record)
    two = _two_scores(table)
    meta["players"] = _players(record, table)
    start = record.start_score
    for deal in record.deals[:opening]:
        assert deal.points is not None
        start = (start[0] + deal.points[0], start[1] + deal.points[1])
    meta["initialScore"] = list(start) if two else []
    last = record.deals[-1].recorded if record.deals else None
    if two and last is not None and last.total is not None:
        meta["finalScore"] = list(last.total)
    meta["ruleset"] = from_rules(egn_rules(record), table.seats)
    doc = {"fileType": "Euchre Game Notation", "version": EGN_VERSION, "metadata": meta,
           "deals": [_deal(i, d, table) for i, (_, d) in enumerate(_written(record))]}
    if lossy:
        fit(doc)   # texts and lists cut to EGN's limits (named by egn_losses)
    return doc


def not_read_back(exc: RecordError) -> UnsupportedRules:
    """The refusal of a lossy export whose document our own reader refuses (``exc``, from reading
    it back and replaying it): a record less what EGN cannot carry may no longer be a game that
    can have been played (calls that stand only by an irregularity left out, a lead out of turn
    ...). Such a record has no EGN form; the problem is named at its place."""
    return UnsupportedRules([Problem(p.where, "EGN cannot carry this record, even with --lossy: "
                                     "without what EGN cannot hold, the EGN document would be a "
                                     f"game that cannot have been played: {p.what}")
                             for p in exc.problems])


def date_losses(date: str | None, notes: str | None) -> list[tuple[Problem, bool]]:
    """What becomes of the record's date in EGN (interop/egn/dates.py): a date written otherwise
    but carried whole is named as not mattering; one that cannot be carried whole (no room
    left in the description, or longer than EGN allows) is a loss refused unless lossy."""
    if date is None:
        return []
    _, _, loss = date_out(date, notes)
    if loss is not None:
        return [(Problem("event.date", loss), True)]
    said = date_note(date)
    return [(Problem("event.date", said), False)] if said is not None else []


def date_and_description(date: str | None, notes: str | None, extra: str | None = None
                         ) -> tuple[str | None, str | None]:
    """EGN's ``metadata.date`` and ``description`` for our date and notes, with ``extra`` (the
    note of what a lossy export left out) after the notes: the note of the date as recorded,
    when it is needed and fits, comes last, ``extra`` being cut to leave it room."""
    base = notes if extra is None else (f"{notes} {extra}" if notes else extra)
    if date is None:
        written, loss, noted = None, None, False
    else:
        written, carried, loss = date_out(date, notes)
        noted = loss is None and carried != notes
    limit = DESCRIPTION_MAX - (len(DATE_NOTE.format(date=date)) + 1 if noted else 0)
    if base is not None and len(base) > limit and (extra is not None or len(base) > DESCRIPTION_MAX):
        base = base[:max(0, limit - 1)] + "…"
    if noted:
        assert date is not None
        base = f"{base} {DATE_NOTE.format(date=date)}" if base is not None else DATE_NOTE.format(date=date)
    return written, base


def _opening_points(record: Record) -> int:
    """How many points-only deals open the record while its first game is still going (their
    points can become EGN's ``initialScore``): the run of them from the first deal, stopped where
    a game would end (the target reached, or the fixed number of deals played). None at tables
    without fixed sides, where points-only deals are refused (:func:`_impossible`)."""
    if not table_of(record).fixed_sides:
        return 0
    rules = record.rules
    ns, ew = record.start_score
    count = 0
    for deal in record.deals:
        if deal.kind is not DealKind.POINTS or deal.points is None:
            break
        ns, ew = ns + deal.points[0], ew + deal.points[1]
        if rules.game_points is not None and max(ns, ew) >= rules.game_points:
            break
        if rules.fixed_deals is not None and count + 1 >= rules.fixed_deals:
            break
        count += 1
    return count


def _points_loss(i: int, deal: Deal, opening: bool, refusal: bool) -> str:
    """What becomes of points-only deal ``i`` in EGN (every EGN deal needs its up card and play):
    as the refusal and stderr say it (``refusal``), or as the written file's note says it."""
    assert deal.points is not None
    ns, ew = deal.points
    if refusal:
        fate = ("with --lossy it is left out and its points added to initialScore" if opening
                else "with --lossy it is left out, and its points with it")
        return (f"a points-only deal (N-S {ns}, E-W {ew}) cannot be written in EGN, which needs "
                f"each deal's up card and play; {fate}")
    fate = "its points added to initialScore" if opening else "its points lost"
    return f"deal {i + 1}, points only (N-S {ns}, E-W {ew}), {fate}"


def _players(record: Record, table: Table) -> list[Any]:
    if not record.players:
        return []
    by_seat: dict[int, Any] = dict(record.players)
    out: list[Any] = []
    for seat in table.all_seats:
        p = by_seat.get(seat)
        if p is None:
            out.append("")
        elif p.id is not None or p.ids:
            player: dict[str, Any] = {"id": p.id} if p.id is not None else {}
            player["name"] = p.name
            if p.ids:
                player["playerIds"] = [{"id": x.id, "source": x.source} for x in p.ids]
            out.append(player)
        else:
            out.append(p.name)
    return out


def _deal(number: int, deal: Deal, table: Table) -> dict[str, Any]:
    state: dict[str, Any] = {"dealer": int(deal.dealer), "upCard": card_token(deal.turned)}
    if deal.kind is DealKind.FULL and deal.hands is not None:
        state["playerCards"] = [[] if len(hand) != 5 or all(c is None for c in hand)   # the hand of
                                else [card_token(c) for c in hand]      # a wrong number: --lossy
                                for hand in deal.hands]
    phases: list[dict[str, Any]] = []
    if deal.calls:
        exchanges = exchanges_out(deal.exchanges, table.seats) if deal.exchanges else None
        notes = annotations_out(deal.annotations, "call")
        if table.called_partner:
            notes.update(called_out(deal, bid_calls(deal.calls)))
        phases.append(bidding_out(deal.calls, table.fixed_sides, deal.discard, exchanges, notes))
    if deal.tricks:
        phases.append(play_out(len(phases), deal.tricks,
                               annotations_out(deal.annotations, "card", active_players(deal.calls))))
    out: dict[str, Any] = {"dealNumber": number, "initialState": state, "phases": phases}
    lines = alternatives_out(deal) if table.fixed_sides else []
    if lines:
        out["alternativeLines"] = lines
    return out
