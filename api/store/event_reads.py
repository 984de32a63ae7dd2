"""Events read back: listings, one event, its standings, rounds, findings and the next movement.

Contract: :func:`standings` is a query over stored rows (``tournament_seat_scores``), never a
replay; the ranking and its explanations come from the pure
:func:`euchre_records.events.tournament.rank`. Readers return plain JSON-ready dicts, or None for
an unknown tournament.
"""

from __future__ import annotations

import sqlite3
from typing import Any, Iterable, Mapping

import sqlite_utils

from euchre_records.events.individual import NTableSeating
from euchre_records.events.tournament import (
    CRITERIA, EventFinding, Format, MovementTie, Pairing, PlaceScoring, SittingFacts,
    SittingScore, TableResult, TableSeating, Tournament, check_round, check_sitting,
    next_seating, rank, seat_tokens,
)

from ..whole_numbers import is_whole
from .event_rows import (SEATS, EventError, closed_at, fetch_rows, round_deals,
                         tournament_row)
from .events_schema import SEAT_SCORES_SQL
from .players import player_names
from .queries import club_clauses

__all__ = ["list_events", "get_event", "standings", "round_detail", "event_findings", "movement",
           "tournament_of", "seat_scores", "current_seating", "event_sittings"]


def tournament_of(row: Mapping[str, Any]) -> Tournament:
    """The core value of a ``tournaments`` row."""
    return Tournament(
        name=row["name"], format=Format(row["format"]), club=row["club"],
        date_from=row["date_from"], date_to=row["date_to"],
        pairing=Pairing(row["pairing"]) if row["pairing"] else None, rounds=row["rounds"],
        deals_per_round=row["deals_per_round"],
        scoring=Format(row["scoring"]) if row["scoring"] else None,
        seats=int(row.get("seats") or 4),
        place_scoring=PlaceScoring(row["place_scoring"]) if row.get("place_scoring") else None)


def _scope(row: Mapping[str, Any]) -> tuple[str, list[Any]]:
    if row["format"] == "league":
        return ("AND ts.tournament_id IN (SELECT id FROM tournaments WHERE league_id = ?)",
                [row["id"]])
    return "AND ts.tournament_id = ?", [row["id"]]


def seat_scores(db: sqlite_utils.Database, event_id: int) -> list[dict[str, Any]]:
    """The ``tournament_seat_scores`` rows of a tournament (a league: of its nights), with the
    points of a progressive round counted over its fixed number of deals only
    (:func:`_round_deals_only`)."""
    row = tournament_row(db.conn, event_id)
    where, params = _scope(row)
    rows = fetch_rows(db.conn, SEAT_SCORES_SQL.format(where=where)
                      + ' ORDER BY latest.tournament_id, latest.round, latest."table", '
                        "instr('NESW', seats.seat)", params)
    return _round_deals_only(db.conn, rows)


_COUNTED_DEAL = "NOT (maker IS NULL AND thrown_in = 0 AND redeal = 0)"
"""A deal that counts as one (void deals, misdeals and new deals, are none: EVENTS §3.2)."""


def last_round_deal(conn: sqlite3.Connection, record_id: int, cap: int) -> int | None:
    """The number of a four-handed record's ``cap``-th counted deal (the last a progressive
    round of ``cap`` deals plays), or None when it has no more than ``cap``."""
    found = conn.execute(f"SELECT number FROM deals WHERE record_id = ? AND {_COUNTED_DEAL} "
                         "ORDER BY number LIMIT 1 OFFSET ?", (record_id, cap)).fetchone()
    if found is None:   # no deal past the cap: nothing to stop
        return None
    return int(conn.execute(f"SELECT number FROM deals WHERE record_id = ? AND {_COUNTED_DEAL} "
                            "ORDER BY number LIMIT 1 OFFSET ?", (record_id, cap - 1)
                            ).fetchone()[0])


def round_points(conn: sqlite3.Connection, record_id: int, cap: int) -> tuple[int, int] | None:
    """N-S and E-W points of a record's first ``cap`` counted deals, or None when it has no
    more than ``cap`` (its points are then all its deals')."""
    last = last_round_deal(conn, record_id, cap)
    if last is None:
        return None
    ns, ew = conn.execute("SELECT coalesce(sum(points_ns), 0), coalesce(sum(points_ew), 0) "
                          "FROM deals WHERE record_id = ? AND number <= ?",
                          (record_id, last)).fetchone()
    return int(ns), int(ew)


def _round_deals_only(conn: sqlite3.Connection,
                      rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows with the sittings of a progressive round of ``deals_per_round`` deals that
    recorded more counted over their first ``deals_per_round`` deals only: points for and
    against and lone hands made stop at the last deal the round plays; ``deals`` stays the
    number recorded (its finding, §3.2, says so). A table link refuses such a deal since it was
    found (docs/EVENTS.md); this keeps one a store already holds out of the standings."""
    caps: dict[int, int | None] = {}
    for r in rows:
        tid = int(r["tournament_id"])
        if tid not in caps:
            caps[tid] = round_deals(conn, tid)
        cap = caps[tid]
        if cap is None or r["seat"] is None or r["record_id"] is None or r["deals"] <= cap:
            continue
        last = last_round_deal(conn, int(r["record_id"]), cap)
        if last is None:
            continue
        ns, ew, lone = conn.execute(
            "SELECT coalesce(sum(points_ns), 0), coalesce(sum(points_ew), 0), "
            "coalesce(sum(maker = ? AND alone = 1 AND thrown_in = 0 AND redeal = 0 "
            "AND euchred = 0), 0) FROM deals WHERE record_id = ? AND number <= ?",
            (r["seat"], r["record_id"], last)).fetchone()
        r["points_for"], r["points_against"] = (ns, ew) if r["side"] == "NS" else (ew, ns)
        r["lone_hands_made"] = lone
    return rows


def _event_summary(conn: sqlite3.Connection, row: Mapping[str, Any]) -> dict[str, Any]:
    out = {k: row[k] for k in ("id", "name", "club", "date_from", "date_to", "format",
                               "pairing", "scoring", "rounds", "deals_per_round", "description",
                               "match_id", "created_at", "created_by", "seats",
                               "place_scoring")}
    out["league"] = row["league_id"]
    out["closed_at"] = closed_at(conn, row["id"])
    out["sittings"] = conn.execute(
        "SELECT count(DISTINCT round || '/' || \"table\") FROM tournament_sittings WHERE "
        "tournament_id = ?", (row["id"],)).fetchone()[0]
    return out


def list_events(db: sqlite_utils.Database, *, club: str | None = None, page: int = 1,
                per_page: int = 20, club_label: str | None = None
                ) -> tuple[list[dict[str, Any]], int]:
    """One page of tournaments, newest first, and the total.

    ``club`` is the club that **owns** an event — the club of the token that created it
    (``tournaments.club_id``), found by its name in ``clubs`` — or, for an event no club owns
    (made by a local command), its label; the label (``tournaments.club``) is free text its
    writer chose, so it never puts an event under a club that did not make it. ``club_label``
    filters by the label alone, whoever made the event (as ``/records`` does, docs/API.md)."""
    clauses, params = club_clauses("tournaments", club, club_label)
    where = f"WHERE {' AND '.join(clauses)}" if clauses else ""
    total = db.conn.execute(f"SELECT count(*) FROM tournaments {where}", params).fetchone()[0]
    rows = fetch_rows(db.conn, f"SELECT * FROM tournaments {where} ORDER BY id DESC LIMIT ? OFFSET ?",
                 [*params, per_page, (page - 1) * per_page])
    return [_event_summary(db.conn, r) for r in rows], int(total)


def _players_of(conn: sqlite3.Connection, event_id: int) -> list[dict[str, Any]]:
    rows = conn.execute(
        "SELECT e.effective_id, tp.pair FROM tournament_players tp JOIN registry_effective e "
        "ON e.player_id = tp.player_id WHERE tp.tournament_id = ? ORDER BY tp.id",
        (event_id,)).fetchall()
    names = player_names(conn, [r[0] for r in rows])
    return [{"id": pid, "name": names.get(pid), "pair": pair} for pid, pair in rows]


def get_event(db: sqlite_utils.Database, event_id: int) -> dict[str, Any] | None:
    """A tournament: settings, players, rounds (seatings and sittings) and findings."""
    try:
        row = tournament_row(db.conn, event_id)
    except EventError:
        return None
    out = _event_summary(db.conn, row)
    out["players"] = _players_of(db.conn, event_id)
    out["events"] = [_event_summary(db.conn, r) for r in fetch_rows(
        db.conn, "SELECT * FROM tournaments WHERE league_id = ? ORDER BY id", (event_id,))]
    rounds = sorted({r[0] for r in db.conn.execute(
        "SELECT round FROM tournament_sittings WHERE tournament_id = ? UNION "
        "SELECT round FROM tournament_seatings WHERE tournament_id = ?", (event_id, event_id))})
    out["rounds_recorded"] = rounds
    out["findings"] = [_finding(f) for f in event_findings(db, event_id)]
    return out


def _finding(f: EventFinding) -> dict[str, Any]:
    return {"round": f.round, "table": f.table, "record_id": f.record_id, "what": f.what,
            "rule": f.rule}


def current_seating(conn: sqlite3.Connection, event_id: int,
                    round_no: int) -> dict[str, dict[str, int]]:
    """The round's current seating: table -> seat -> player id (empty when none is recorded)."""
    rows = conn.execute(
        'SELECT "table", seat, e.effective_id FROM tournament_seatings ts JOIN registry_effective e '
        "ON e.player_id = ts.player_id WHERE tournament_id = ? AND round = ? AND version = "
        "(SELECT max(version) FROM tournament_seatings WHERE tournament_id = ? AND round = ?)",
        (event_id, round_no, event_id, round_no)).fetchall()
    out: dict[str, dict[str, int]] = {}
    for table, seat, pid in rows:
        out.setdefault(str(table), {})[seat] = int(pid)
    return out


def _sittings(rows: Iterable[Mapping[str, Any]]) -> dict[int, dict[str, Any]]:
    """Seat-score rows grouped by sitting: round, table, record, seats, points per side."""
    out: dict[int, dict[str, Any]] = {}
    for r in rows:
        s = out.setdefault(r["sitting_id"], {
            "tournament_id": r["tournament_id"], "round": r["round"], "table": r["table"],
            "record_id": r["record_id"], "attached_id": r["attached_id"], "deals": r["deals"],
            "seats": {}, "points": {}, "won": {}, "lone": {}, "net": {}, "games": {}})
        if r["seat"] is None:  # a record without players
            continue
        s["seats"][r["seat"]] = r["player_id"]
        s["points"][r["side"]] = (r["points_for"], r["points_against"])
        s["won"][r["side"]] = bool(r["won"])
        s["net"][r["side"]] = r["net_rubber_points"]
        s["games"][r["side"]] = r["games_won"]
        s["lone"][r["seat"]] = r["lone_hands_made"]
    return out


def event_findings(db: sqlite_utils.Database, event_id: int,
                   rows: list[dict[str, Any]] | None = None) -> list[EventFinding]:
    """The sittings (of a league: of its nights) that do not fit their tournament (``rows``:
    its seat scores, when the caller has read them already)."""
    conn = db.conn
    rows = seat_scores(db, event_id) if rows is None else rows
    sittings = _sittings(rows)
    names = player_names(conn, [r["player_id"] for r in rows if r["player_id"] is not None])
    cache: dict[int, tuple[Tournament, frozenset[str], frozenset[frozenset[str]]]] = {}
    out: list[EventFinding] = []
    by_round: dict[tuple[int, int], list[SittingFacts]] = {}
    for s in sittings.values():
        tid = s["tournament_id"]
        if tid not in cache:
            trow = tournament_row(conn, tid)
            players = _players_of(conn, tid)
            pairs: dict[int, set[str]] = {}
            for p in players:
                if p["pair"] is not None:
                    pairs.setdefault(p["pair"], set()).add(str(p["id"]))
            cache[tid] = (tournament_of(trow), frozenset(str(p["id"]) for p in players),
                          frozenset(frozenset(v) for v in pairs.values()))
        t, registered, pairs_set = cache[tid]
        ids = tuple(None if s["seats"].get(seat) is None else str(s["seats"][seat])
                    for seat in SEATS)
        facts = SittingFacts(s["round"], s["table"], s["record_id"], ids,  # type: ignore[arg-type]
                             tuple(names.get(s["seats"].get(seat), "?") for seat in SEATS),  # type: ignore[arg-type]
                             s["deals"])
        seating = current_seating(conn, tid, s["round"]).get(s["table"])
        want = None if seating is None else [str(seating.get(seat)) for seat in SEATS]
        want_names = None if seating is None else [
            player_names(conn, [seating[seat]]).get(seating[seat], "?") for seat in SEATS]
        out.extend(check_sitting(t, facts, seating=want, registered=registered, pairs=pairs_set,
                                 seating_names=want_names))
        by_round.setdefault((tid, s["round"]), []).append(facts)
    from .event_individual import game_rows, individual_facts, individual_sittings
    n_sittings = individual_sittings(game_rows(db, event_id))
    n_names = player_names(conn, [p for s in n_sittings.values() for p in s["seats"].values()
                                  if p is not None])
    for tid, facts in individual_facts(n_sittings, n_names):
        if tid not in cache:
            trow = tournament_row(conn, tid)
            players = _players_of(conn, tid)
            cache[tid] = (tournament_of(trow), frozenset(str(p["id"]) for p in players),
                          frozenset())
        t, registered, pairs_set = cache[tid]
        seating = current_seating(conn, tid, facts.round).get(facts.table)
        tokens = seat_tokens(len(facts.players))
        want = None if seating is None else [str(seating.get(seat)) for seat in tokens]
        want_names = None if seating is None else [
            n_names.get(seating[k]) or player_names(conn, [seating[k]]).get(seating[k], "?")
            if k in seating else "?" for k in tokens]
        out.extend(check_sitting(t, facts, seating=want, registered=registered,
                                 pairs=pairs_set, seating_names=want_names))
        by_round.setdefault((tid, facts.round), []).append(facts)
    for facts_list in by_round.values():
        out.extend(check_round(facts_list))
    out.sort(key=lambda f: (f.round, f.table, f.record_id or 0, f.what))
    return out


def _entrant_scores(fmt: Format, sittings: Mapping[int, Mapping[str, Any]]
                    ) -> tuple[list[SittingScore], dict[str, list[int]]]:
    """One score per entrant and sitting: a player (rubbers, progressive) or a pair."""
    scores: list[SittingScore] = []
    members: dict[str, list[int]] = {}
    for s in sittings.values():
        for side, (a, b) in (("NS", ("N", "S")), ("EW", ("E", "W"))):
            if side not in s["points"]:
                continue
            pf, pa = s["points"][side]
            common = dict(round=s["round"], table=s["table"], points_for=pf, points_against=pa,
                          won=s["won"][side], net_rubber_points=s["net"][side],
                          games_won=s["games"][side])
            present = [seat for seat in (a, b) if s["seats"].get(seat) is not None]
            if fmt is Format.PAIRS:
                ids = sorted(s["seats"][seat] for seat in present)
                if not ids:
                    continue
                key = "+".join(str(i) for i in ids)
                members[key] = ids
                scores.append(SittingScore(key, lone_hands_made=sum(
                    s["lone"].get(seat, 0) for seat in present), **common))
            else:
                for seat in present:
                    key = str(s["seats"][seat])
                    members[key] = [s["seats"][seat]]
                    scores.append(SittingScore(key, lone_hands_made=s["lone"].get(seat, 0),
                                               **common))
    return scores, members


def standings(db: sqlite_utils.Database, event_id: int) -> dict[str, Any] | None:
    """The standings of a tournament (a league: over the union of its nights), each line with
    its place, entrant, totals and the tie-break that placed it; the order of criteria; and
    the findings on sittings. None for an unknown tournament."""
    conn = db.conn
    try:
        row = tournament_row(conn, event_id)
    except EventError:
        return None
    t = tournament_of(row)
    if t.individual:
        from .event_individual import individual_standings
        body = individual_standings(db, t, event_id, _players_of(conn, event_id))
        return {"event": _event_summary(conn, row), **body,
                "findings": [_finding(f) for f in event_findings(db, event_id)]}
    fmt = t.ranking
    rows = seat_scores(db, event_id)
    sittings = _sittings(rows)
    scores, members = _entrant_scores(fmt, sittings)
    registered = _players_of(conn, event_id) if t.format is not Format.LEAGUE else []
    extra: list[str] = []
    if fmt is Format.PAIRS:
        pairs: dict[int, list[int]] = {}
        for p in registered:
            if p["pair"] is not None:
                pairs.setdefault(p["pair"], []).append(p["id"])
        for ids in pairs.values():
            key = "+".join(str(i) for i in sorted(ids))
            members.setdefault(key, sorted(ids))
            extra.append(key)
    else:
        for p in registered:
            members.setdefault(str(p["id"]), [p["id"]])
            extra.append(str(p["id"]))
    names = player_names(conn, [i for ids in members.values() for i in ids])
    labels = {k: " & ".join(names.get(i, "?") for i in ids) for k, ids in members.items()}
    ranked = rank(fmt, scores, labels, extra)
    criteria = CRITERIA[fmt]
    lines = []
    for st in ranked:
        tot = st.totals
        line: dict[str, Any] = {
            "place": st.place, "entrant": labels.get(st.entrant, st.entrant),
            "players": [{"id": i, "name": names.get(i)} for i in members.get(st.entrant, [])],
            "sittings": tot.sittings, "points": tot.points, "points_against": tot.points_against,
            "difference": tot.difference, "wins": tot.wins, "rounds_won": tot.rounds_won,
            "net_rubber_points": tot.net_rubber_points, "games_won": tot.games_won,
            "lone_hands_made": tot.lone_hands_made, "tie_break": st.explanation}
        lines.append(line)
    return {"event": _event_summary(conn, row), "format": fmt.value,
            "order": [f"{i + 1}. {c.label}: {c.meaning}" for i, c in enumerate(criteria)]
            + [f"{len(criteria) + 1}. otherwise the place is shared (listed by name)"],
            "standings": lines,
            "findings": [_finding(f) for f in event_findings(db, event_id, rows)]}


def event_sittings(db: sqlite_utils.Database, event_id: int) -> list[dict[str, Any]]:
    """The event's own current sittings at its table size, whatever it is: round, table,
    record_id, attached_id, deals, ``seats`` (seat token -> player id) and ``points_list`` (the
    points of N-S and E-W at a table of four; else each seat's, in seat order). Sittings at a
    table of another size are left out (a finding names them, §3.8)."""
    row = tournament_row(db.conn, event_id)
    seats = int(row.get("seats") or 4)
    keep = ("tournament_id", "round", "table", "record_id", "attached_id", "deals", "seats")
    if seats == 4:
        return [{**{k: s[k] for k in keep},
                 "points_list": [s["points"].get("NS", (0, 0))[0],
                                 s["points"].get("EW", (0, 0))[0]]}
                for s in _sittings(seat_scores(db, event_id)).values()
                if s["tournament_id"] == event_id]
    from .event_individual import game_rows, individual_sittings, sitting_points
    out = []
    for s in individual_sittings(game_rows(db, event_id)).values():
        if int(s["table_seats"]) != seats:
            continue
        points = sitting_points(s)
        out.append({**{k: s[k] for k in keep},
                    "points_list": [points.get(k, 0) for k in seat_tokens(seats)]})
    return out


def round_detail(db: sqlite_utils.Database, event_id: int, number: int) -> dict[str, Any] | None:
    """One round: its current seating by table, its sittings with the points of each side, its
    findings and, for a progressive tournament whose round is complete, the movement's seating
    for the next round. None for an unknown tournament."""
    conn = db.conn
    try:
        row = tournament_row(conn, event_id)
    except EventError:
        return None
    seating = current_seating(conn, event_id, number)
    sittings = [s for s in event_sittings(db, event_id) if s["round"] == number]
    tokens = seat_tokens(int(row.get("seats") or 4))
    ids = [p for t in seating.values() for p in t.values()]
    ids += [p for s in sittings for p in s["seats"].values() if p is not None]
    names = player_names(conn, ids)

    def seats(m: Mapping[str, Any]) -> dict[str, Any]:
        return {seat: (None if m.get(seat) is None else
                       {"id": m[seat], "name": names.get(m[seat])}) for seat in tokens}

    out: dict[str, Any] = {
        "event": event_id, "round": number, "seats": len(tokens),
        "seating": [{"table": t, "seats": seats(m)} for t, m in sorted(seating.items(), key=_table_order)],
        "sittings": [{"table": s["table"], "record_id": s["record_id"],
                      "attached_id": s["attached_id"], "deals": s["deals"],
                      "seats": seats(s["seats"]), "points": s["points_list"]}
                     for s in sorted(sittings, key=lambda s: _table_order((s["table"], None)))],
        "findings": [_finding(f) for f in event_findings(db, event_id) if f.round == number],
        "draw": _draw_of(conn, event_id, number),
    }
    moves = row["format"] == "progressive" or len(tokens) != 4
    if moves and (row["rounds"] is None or number < row["rounds"]):
        try:
            out["next_seating"] = [
                {"table": str(s.table), "seats": seats(dict(zip(tokens, (int(p) for p in s.seats))))}
                for s in movement(db, event_id, number)]
        except EventError as exc:
            out["next_seating"] = None
            out["next_seating_why"] = exc.what
    return out


def _draw_of(conn: sqlite3.Connection, event_id: int, number: int) -> dict[str, Any] | None:
    """The seed of the round's current seating when a draw made it (None: typed or moved)."""
    row = conn.execute(
        "SELECT d.seed, d.created_at FROM tournament_draws d WHERE d.tournament_id = ? AND "
        "d.round = ? AND d.version = (SELECT max(version) FROM tournament_seatings WHERE "
        "tournament_id = ? AND round = ?)", (event_id, number, event_id, number)).fetchone()
    return None if row is None else {"seed": row[0], "at": row[1]}


def _table_order(item: tuple[str, Any]) -> tuple[int, str]:
    label = item[0]
    return (int(label), "") if is_whole(label) else (10**9, label)


def movement(db: sqlite_utils.Database, event_id: int, number: int,
             settled: Mapping[int, str] | None = None
             ) -> tuple[TableSeating, ...] | tuple[NTableSeating, ...]:
    """The traditional movement's seating for round ``number + 1`` from the sittings of round
    ``number`` (player ids as text); at tables of 2, 3 or 5 the ladder movement
    (:func:`.event_individual.individual_movement`). ``settled``: for a tied table's number, the
    pair that moves as its winners ("NS" or "EW"; :func:`next_seating`). EventError when the
    round is incomplete, its tables are not numbered 1..n, or a tied table is left unsettled
    (every one named; the director settles them or records a seating)."""
    if int(tournament_row(db.conn, event_id).get("seats") or 4) != 4:
        from .event_individual import individual_movement
        return individual_movement(db, event_id, number)
    try:
        return next_seating(_round_results(db, event_id, number), settled)
    except MovementTie as exc:
        raise EventError(str(exc), "round") from None
    except ValueError as exc:
        raise EventError(f"round {number}: {exc}", "round") from None


def round_ties(db: sqlite_utils.Database, event_id: int, number: int
               ) -> list[dict[str, Any]]:
    """The tied tables of a four-handed round, in table order: ``{"table", "points": (N-S,
    E-W), "seats": {seat: player id}, "lone": (lone hands made by N-S, by E-W)}`` (the lone
    hands: the progressive format's tie-break after points, docs/EVENTS.md §2 and §4.2); empty
    when none is tied or the round cannot move (incomplete, tables not numbered, tables of n)."""
    if int(tournament_row(db.conn, event_id).get("seats") or 4) != 4:
        return []
    try:
        results = _round_results(db, event_id, number)
    except EventError:
        return []
    lone = {int(s["table"]): s["lone"] for s in _sittings(seat_scores(db, event_id)).values()
            if s["round"] == number and s["tournament_id"] == event_id
            and is_whole(str(s["table"]))}
    out = []
    for r in sorted(results, key=lambda r: r.seating.table):
        if r.points[0] != r.points[1]:
            continue
        made = lone.get(r.seating.table, {})
        out.append({"table": r.seating.table, "points": r.points,
                    "seats": dict(zip(SEATS, (int(p) for p in r.seating.seats))),
                    "lone": (int(made.get("N") or 0) + int(made.get("S") or 0),
                             int(made.get("E") or 0) + int(made.get("W") or 0))})
    return out


TIES_SETTLED = "; ties settled: "
"""Between the director and the note of the tied tables settled, in a seating's ``created_by``
(the seating is append-only: the note is kept with the version it made)."""


def ties_settled(db: sqlite_utils.Database, event_id: int, number: int) -> str | None:
    """How the tied tables of round ``number - 1`` were settled when the movement seated round
    ``number`` (each table: by the director or by a cut, with its seed and cards); None when
    the round's current seating settled no tie."""
    row = db.conn.execute(
        "SELECT created_by FROM tournament_seatings WHERE tournament_id = ? AND round = ? "
        "ORDER BY version DESC LIMIT 1", (event_id, number)).fetchone()
    by = str(row[0]) if row and row[0] else ""
    return by.split(TIES_SETTLED, 1)[1] if TIES_SETTLED in by else None


def _round_results(db: sqlite_utils.Database, event_id: int, number: int
                   ) -> list[TableResult]:
    """Each table's seating and points (N-S, E-W) in round ``number``, for the movement."""
    sittings = [s for s in _sittings(seat_scores(db, event_id)).values()
                if s["round"] == number and s["tournament_id"] == event_id]
    if not sittings:
        raise EventError(f"round {number} has no sittings", "round")
    results = []
    for s in sittings:
        if not is_whole(str(s["table"])):
            raise EventError(f"table {s['table']!r} is not a number; the movement needs tables "
                             "numbered 1 (the head) up", "table")
        if any(s["seats"].get(seat) is None for seat in SEATS):
            raise EventError(f"table {s['table']} has an unknown player", "table")
        results.append(TableResult(
            TableSeating(int(s["table"]), tuple(str(s["seats"][seat]) for seat in SEATS)),  # type: ignore[arg-type]
            (s["points"]["NS"][0], s["points"]["EW"][0])))
    return results
