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

from euchre_records.cards import SEATS, JOKER
from euchre_records.errors import Problem, RecordError, UnsupportedRules
from euchre_records.model import CallKind, Deal, DealKind, Record

from .cards import call_token, card_token
from .dates import DATE_NOTE, DESCRIPTION_MAX, date_note, date_out
from .limits import fit, limit_losses, too_many
from .lines import alternatives_out, annotations_out, bid_calls
from .exchanges import exchanges_out
from .rules import from_rules, rules_loss

__all__ = ["egn_document", "egn_losses", "not_read_back", "date_losses", "date_and_description",
           "EGN_VERSION"]

EGN_VERSION = "1.4"


def _impossible(record: Record) -> list[Problem]:
    out = too_many([(i, d) for i, d in enumerate(record.deals) if d.kind is not DealKind.POINTS])
    for i, deal in enumerate(record.deals):
        where = f"deals[{i}]"
        if deal.kind is DealKind.POINTS:
            continue   # a loss that matters (egn_losses): written only with lossy, left out
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
        for j, x in enumerate(deal.exchanges):
            if not x.gave and not x.took:
                out.append(Problem(f"{where}.exchanges[{j}]", "EGN cannot record a farmer's hand "
                                                              "declared without an exchange"))
            elif deal.calls == ():
                out.append(Problem(f"{where}.exchanges[{j}]", "EGN records exchanges in the bidding "
                                                              "phase: the deal needs its calls"))
        for j, alt in enumerate(deal.alternatives):
            if not alt.at.startswith(("call ", "trick ", "card ", "deal")):
                out.append(Problem(f"{where}.alternatives[{j}].at", f"cannot place {alt.at!r} in EGN"))
    return out


def egn_losses(record: Record) -> list[tuple[Problem, bool]]:
    """What an EGN export of ``record`` leaves out: ``(problem, matters_to_replay)`` pairs."""
    out: list[tuple[Problem, bool]] = []
    lost = rules_loss(record.rules)
    if lost:
        out.append((Problem("rules", "EGN has no rule-set flag for " + ", ".join(lost)), True))
    if record.provenance:
        out.append((Problem("provenance", "EGN has no field for notes on how the record was "
                                          "converted"), False))
    ev = record.event
    for name in ("club", "table", "round"):
        if getattr(ev, name):
            out.append((Problem(f"event.{name}", "EGN has no field for it"), False))
    out += date_losses(ev.date, ev.notes)
    out += limit_losses(ev, record.players, [(i, d) for i, d in enumerate(record.deals)
                                             if d.kind is not DealKind.POINTS])
    last = len(record.deals) - 1
    opening = _opening_points(record)
    for i, deal in enumerate(record.deals):
        where = f"deals[{i}]"
        if deal.kind is DealKind.POINTS:
            out.append((Problem(where, _points_loss(i, deal, i < opening, True)), True))
            continue
        if deal.kitty:
            out.append((Problem(f"{where}.kitty", "EGN has no kitty"), False))
        if deal.irregularities:
            out.append((Problem(f"{where}.irregularities", "EGN cannot record irregularities"), True))
        rec = deal.recorded
        if rec is not None and (rec.points is not None or (rec.total is not None and i != last)):
            out.append((Problem(f"{where}.recorded", "EGN records only the final score"), True))
        for j, a in enumerate(deal.annotations):
            if a.at.startswith("trick "):
                out.append((Problem(f"{where}.annotations[{j}]", "EGN annotates single plays: a "
                                    "note on a whole trick goes on the trick's lead"), False))
            elif not a.at.startswith(("call ", "card ")):
                out.append((Problem(f"{where}.annotations[{j}]", "EGN annotates calls and plays only"), False))
        for j, alt in enumerate(deal.alternatives):
            for k, a in enumerate(alt.annotations):
                if not a.at.startswith(("call ", "card ", "trick ")):
                    out.append((Problem(f"{where}.alternatives[{j}].annotations[{k}]",
                                        "EGN annotates calls and plays only"), False))
        if deal.hands is not None and deal.kind is DealKind.FULL:
            for seat, hand in zip(SEATS, deal.hands):
                if len(hand) != 5:
                    out.append((Problem(f"{where}.hands.{seat.name}", f"a hand of {len(hand)} cards "
                                        "(a wrong number dealt) cannot be written as EGN playerCards: "
                                        "with --lossy it is written as an unknown hand ([])"), True))
    for seat, player in record.players:
        if not player.name:
            out.append((Problem(f"players.{seat.name}.name", "an empty name is written as no player"), False))
    return out


def egn_document(record: Record, lossy: bool = False) -> dict[str, Any]:
    """The EGN document of ``record`` (a dict ready for ``json.dumps``), as written: the public
    :func:`.document.record_to_egn` also reads a lossy one back before giving it out.

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
    meta["players"] = _players(record)
    start = record.start_score
    for deal in record.deals[:opening]:
        assert deal.points is not None
        start = (start[0] + deal.points[0], start[1] + deal.points[1])
    meta["initialScore"] = list(start)
    if record.deals and record.deals[-1].recorded and record.deals[-1].recorded.total is not None:
        meta["finalScore"] = list(record.deals[-1].recorded.total)
    meta["ruleset"] = from_rules(record.rules)
    played = [d for d in record.deals if d.kind is not DealKind.POINTS]
    doc = {"fileType": "Euchre Game Notation", "version": EGN_VERSION, "metadata": meta,
           "deals": [_deal(i, d) for i, d in enumerate(played)]}
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
    a game would end (the target reached, or the fixed number of deals played)."""
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


def _players(record: Record) -> list[Any]:
    if not record.players:
        return []
    out: list[Any] = []
    for seat in SEATS:
        p = record.player(seat)
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


def _active(deal: Deal) -> int:
    bids = bid_calls(deal.calls)
    return 4 - any(c.alone for c in bids) - any(c.kind is CallKind.DEFEND_ALONE for c in deal.calls)


def _deal(number: int, deal: Deal) -> dict[str, Any]:
    state: dict[str, Any] = {"dealer": int(deal.dealer), "upCard": card_token(deal.turned)}
    if deal.kind is DealKind.FULL and deal.hands is not None:
        state["playerCards"] = [[] if len(hand) != 5 or all(c is None for c in hand)   # the hand of
                                else [card_token(c) for c in hand]      # a wrong number: --lossy
                                for hand in deal.hands]
    phases: list[dict[str, Any]] = []
    bids = bid_calls(deal.calls)
    if deal.calls:
        bid: dict[str, Any] = {"phaseNumber": 0, "type": "EUCHRE_BIDDING",
                               "calls": [call_token(c) for c in bids],
                               "isAlone": any(c.alone for c in bids)}
        for c in deal.calls:
            if c.kind is CallKind.DEFEND_ALONE and c.seat is not None:
                bid["aloneDefender"] = int(c.seat)
        if deal.discard is not None:
            bid["discard"] = card_token(deal.discard)
        if deal.exchanges:
            bid["cardExchanges"] = exchanges_out(deal.exchanges)
        notes = annotations_out(deal.annotations, "call")
        if notes:
            bid["callAnnotations"] = notes
        phases.append(bid)
    if deal.tricks:
        play: dict[str, Any] = {"phaseNumber": len(phases), "type": "TRICK_PLAY",
                                "tricks": [[card_token(c) for c in t.cards] for t in deal.tricks]}
        notes = annotations_out(deal.annotations, "card", _active(deal))
        if notes:
            play["playAnnotations"] = notes
        phases.append(play)
    out: dict[str, Any] = {"dealNumber": number, "initialState": state, "phases": phases}
    lines = alternatives_out(deal)
    if lines:
        out["alternativeLines"] = lines
    return out
