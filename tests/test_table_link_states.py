"""A property of the table links' states, against a model written here (not the store's code):
after any sequence of issuing (all tables or one), revoking, closing the event and letting time
pass, every secret ever issued is in the state the model says.

The model: issuing for a table revokes that table's live links and makes a new one expiring
``hours`` later; revoking marks one link; closing kills every link (closed wins over expired,
revoked over both, as docs/AUTH.md orders them); a link past its expiry is expired.
"""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

from hypothesis import example, given, settings
from hypothesis import strategies as st

from euchre_records.api.store import events, table_links
from euchre_records.api.store.table_links import LinkState

from events_support import fresh

SEATING = [{"table": "1", "seats": {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}},
           {"table": "2", "seats": {"N": "Ed", "E": "Flo", "S": "Gus", "W": "Hal"}}]

STEPS = st.lists(st.one_of(
    st.tuples(st.just("issue"), st.sampled_from([None, "1", "2"]), st.sampled_from([1, 2, 5])),
    st.tuples(st.just("revoke"), st.integers(0, 9), st.just(0)),
    st.tuples(st.just("wait"), st.sampled_from([30, 90, 200]), st.just(0)),
    st.tuples(st.just("close"), st.just(None), st.just(0))), max_size=10)


@settings(max_examples=40, deadline=None)
@given(STEPS)
@example([("issue", None, 1), ("wait", 90, 0)])   # found once by chance: an expired link stays live
@example([("issue", "1", 5), ("wait", 90, 0), ("issue", "2", 1), ("wait", 90, 0)])  # 1 live, 2 not
def test_every_link_is_in_the_state_the_model_says(steps: list[tuple]) -> None:
    clock = [datetime(2026, 12, 1, 19, 0, tzinfo=timezone.utc)]
    real = table_links._now
    table_links._now = lambda: clock[0]
    try:
        db = fresh()
        eid = events.create_event(db, {"name": "Night", "format": "progressive", "rounds": 2,
                                       "players": [n for t in SEATING for n in t["seats"].values()]})
        events.add_seating(db, eid, 1, SEATING)
        model: list[dict] = []        # secret, table, expires (minutes), revoked
        closed = False
        for kind, arg, hours in steps:
            if kind == "issue" and not closed:
                for link in model:
                    if (arg is None or link["table"] == arg) and not link["revoked"]:
                        link["revoked"] = True
                made = table_links.issue_links(db, eid, 1, club_id=1, token_id=None,
                                               created_by="test", hours=hours,
                                               tables=None if arg is None else [arg])
                for m in made:
                    model.append({"secret": m.secret, "table": m.link.table, "revoked": False,
                                  "expires": clock[0] + timedelta(hours=hours)})
            elif kind == "revoke" and model:
                link = model[arg % len(model)]
                lid = int(link["secret"].split("_")[1])
                table_links.revoke_link(db, eid, 1, lid, revoked_by="test")
                link["revoked"] = True
            elif kind == "wait":
                clock[0] += timedelta(minutes=arg)
            elif kind == "close" and not closed:
                events.close_event(db, eid)
                closed = True
        for link in model:
            expected = (LinkState.REVOKED if link["revoked"] else LinkState.CLOSED if closed
                        else LinkState.EXPIRED if clock[0] >= link["expires"] else LinkState.LIVE)
            assert table_links.check_link(db, link["secret"]).state is expected, link
        live_tables = [link["table"] for link in model if table_links.check_link(
            db, link["secret"]).state is LinkState.LIVE]
        assert len(live_tables) == len(set(live_tables))   # one live link a table at most
        db.close()
    finally:
        table_links._now = real
