"""Settling a tied table of a progressive round (docs/EVENTS.md §4.2): the movement with the
director's settlements, worked by hand, and the cut's rules (Somerset Club 1888, rules 8-14:
the jack highest in cutting, equal cards cut again)."""

from __future__ import annotations

import pytest

from euchre_records.events.tie_cut import CUT_ORDER, cut_for_tie
from euchre_records.events.tournament import (MovementTie, TableResult, TableSeating,
                                              next_seating)

ROUND = [TableResult(TableSeating(1, ("a", "b", "c", "d")), (5, 2)),
         TableResult(TableSeating(2, ("e", "f", "g", "h")), (3, 3)),
         TableResult(TableSeating(3, ("i", "j", "k", "l")), (1, 1))]


def test_every_unsettled_tie_is_named_at_once() -> None:
    with pytest.raises(MovementTie) as caught:
        next_seating(ROUND)
    assert caught.value.tables == ((2, (3, 3)), (3, (1, 1)))
    assert "table 2: the round is tied 3-3; table 3: the round is tied 1-1" in str(caught.value)
    with pytest.raises(MovementTie) as caught:
        next_seating(ROUND, {2: "EW"})
    assert caught.value.tables == ((3, (1, 1)),)


def test_settled_ties_move_as_winners_and_the_untied_table_keeps_the_movement() -> None:
    # by hand: winners a-c (1), f-h (2, settled E-W), i-k (3, settled N-S); losers b-d, e-g,
    # j-l. Head: a c stay, f h arrive; table 2: e g stay, i k arrive; foot: j l stay, b d arrive
    seats = [s.seats for s in next_seating(ROUND, {2: "EW", 3: "NS"})]
    assert seats == [("a", "c", "f", "h"), ("e", "g", "i", "k"), ("j", "l", "b", "d")]
    # a settlement names a tied table only: the untied head table is not turned round
    assert next_seating(ROUND, {1: "EW", 2: "EW", 3: "NS"}) == \
        next_seating(ROUND, {2: "EW", 3: "NS"})


@pytest.mark.parametrize("seed", range(1, 300))
def test_a_cut_is_its_seeds_and_the_higher_card_wins(seed: int) -> None:
    cut = cut_for_tie(seed)
    assert cut == cut_for_tie(seed)
    *recuts, (ns, ew) = cut.cards
    for a, b in recuts:   # a re-cut only after equal cards
        assert a[0] == b[0]
    assert ns[0] != ew[0]
    assert cut.winners == ("NS" if CUT_ORDER.index(ns[0]) < CUT_ORDER.index(ew[0]) else "EW")


def test_the_jack_is_the_highest_card_in_the_cut() -> None:
    assert CUT_ORDER[0] == "J" and CUT_ORDER[1] == "A"
    jacks = [c for c in (cut_for_tie(s) for s in range(1, 400)) if "J" in (c.cards[-1][0][0],
                                                                            c.cards[-1][1][0])]
    assert jacks and all(("J" == c.cards[-1][0][0]) == (c.winners == "NS") for c in jacks)


def _tied_night(path: str) -> int:
    """An event of three tables whose round 1 ended: table 1 N-S 3-2, tables 2 and 3 tied 2-2
    (table 2's N-S point a lone hand made)."""
    import json
    from euchre_records.api.store import events
    from euchre_records.api.store.ingest import prepare
    from euchre_records.api.store.migrations import migrate, open_db
    from euchre_records.api.store.store import Store
    plans = {"1": [("E", 3, False), ("S", 5, False), ("N", 3, False), ("W", 4, False)],
             "2": [("N", 3, True), ("E", 3, False), ("S", 3, False), ("W", 3, False)],
             "3": [("N", 3, False), ("E", 3, False), ("S", 3, False), ("W", 3, False)]}
    names = {"1": "Ann Bob Cy Di", "2": "Ed Flo Gus Hal", "3": "Ivy Jo Kit Lou"}
    db = open_db(path)
    try:
        migrate(db)
        event_id = events.create_event(db, {"name": "Night", "format": "progressive",
                                            "rounds": 2, "deals_per_round": 4,
                                            "players": " ".join(names.values()).split()})
        for table, plan in plans.items():
            record = {"format": "euchre-records", "version": "1.0",
                      "event": {"event": "Night", "round": "1", "table": table},
                      "players": {s: {"name": n} for s, n in zip("NESW", names[table].split())},
                      "rules": {"preset": "modern",
                                "overrides": {"fixed_deals": 4, "game_points": None}},
                      "deals": [{"kind": "result", "dealer": d,
                                 "result": {"maker": m, "trump": "H", "tricks": k,
                                            **({"alone": True} if alone else {})}}
                                for d, (m, k, alone) in zip("NESW", plan)]}
            saved = Store(db).save(prepare(json.dumps(record)))
            events.attach_sitting(db, event_id, saved.id)
    finally:
        db.close()
    return event_id


def test_next_seating_settles_ties_from_the_command_line(tmp_path: object) -> None:
    from click.testing import CliRunner
    from euchre_records.cli.main import main
    db = str(tmp_path) + "/night.db"   # type: ignore[operator]
    event_id = _tied_night(db)
    runner = CliRunner()
    refused = runner.invoke(main, ["event", "next-seating", str(event_id), "1", "--db", db])
    assert refused.exit_code == 1 and "table 2: the round is tied 2-2; table 3: the round " \
        "is tied 2-2" in refused.output, refused.output
    half = runner.invoke(main, ["event", "next-seating", str(event_id), "1", "--settle", "2=NS",
                                "--db", db])
    assert half.exit_code == 1 and "Table 3 is tied 2–2" in half.output, half.output
    bad = runner.invoke(main, ["event", "next-seating", str(event_id), "1", "--settle", "2=up",
                               "--db", db])
    assert bad.exit_code == 2 and "write TABLE=HOW" in bad.output, bad.output
    done = runner.invoke(main, ["event", "next-seating", str(event_id), "1", "--settle",
                                "2=tiebreak", "--settle", "3=EW", "--save", "--db", db])
    assert done.exit_code == 0, done.output
    assert done.output.splitlines()[-3:] == ["table 1: N Ann, E Cy, S Ed, W Gus",
                                              "table 2: N Flo, E Hal, S Jo, W Lou",
                                              "table 3: N Ivy, E Kit, S Bob, W Di"]
    assert "ties settled: table 2 by the event's tie-break, lone hands made (N-S 1, E-W 0)" \
        in done.output
