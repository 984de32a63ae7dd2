"""The SQL of the player statistics, shared by the ``player_statistics`` view (migration 3) and
:func:`queries.player <euchre_records.api.store.queries.player>` (one player, by name).

A module of its own so that the queries do not import the migrations (which import the events
schema, which imports the registry, which imports the queries: a cycle).
"""

__all__ = ["PLAYER_STATISTICS_SQL", "PLAYER_DEALS_SQL", "VARIANT_STATISTICS_SQL"]

PLAYER_STATISTICS_SQL = """
    WITH played AS (
        SELECT players.id AS player_id, players.name, seats.record_id, seats.seat, seats.side
        FROM players JOIN seats ON seats.player_id = players.id
        JOIN records ON records.id = seats.record_id AND records.status = 'current'
        {where}
    )
    SELECT played.name,
      (SELECT count(*) FROM played p JOIN rubbers r ON r.record_id = p.record_id
        WHERE p.player_id = played.player_id AND r.system != 'none') AS rubbers_played,
      (SELECT count(*) FROM played p JOIN rubbers r ON r.record_id = p.record_id
        WHERE p.player_id = played.player_id AND r.system != 'none' AND r.winner = p.side)
        AS rubbers_won,
      (SELECT coalesce(sum(CASE p.side WHEN 'NS' THEN r.rubber_points_ns - r.rubber_points_ew
                                  ELSE r.rubber_points_ew - r.rubber_points_ns END), 0)
        FROM played p JOIN rubbers r ON r.record_id = p.record_id
        WHERE p.player_id = played.player_id) AS net_rubber_points,
      (SELECT count(*) FROM played p JOIN games g ON g.record_id = p.record_id AND p.side IS NOT NULL
        WHERE p.player_id = played.player_id) AS games_played,
      (SELECT count(*) FROM played p JOIN games g ON g.record_id = p.record_id AND p.side IS NOT NULL
        WHERE p.player_id = played.player_id AND g.winner = p.side) AS games_won,
      count(d.id) AS deals_played,
      coalesce(sum(d.maker = played.seat), 0) AS deals_made,
      coalesce(sum(d.maker_side = played.side AND d.euchred), 0) AS euchres_suffered,
      coalesce(sum(d.maker_side != played.side AND d.euchred), 0) AS euchres_inflicted,
      coalesce(sum(d.maker = played.seat AND d.alone), 0) AS lone_hands_tried,
      coalesce(sum(d.maker = played.seat AND d.alone AND d.marched), 0) AS lone_hands_marched,
      (SELECT count(*) FROM played p JOIN findings f ON f.record_id = p.record_id AND p.side IS NOT NULL
        WHERE p.player_id = played.player_id AND f.kind = 'revoke' AND f.seat = p.seat)
        AS revokes
    FROM played LEFT JOIN deals d ON d.record_id = played.record_id AND played.side IS NOT NULL
    GROUP BY played.player_id
"""
"""Player statistics over current four-handed records; ``{where}`` narrows the players (e.g.
by name). Since migration 19 ``games``, ``deals`` and ``findings`` hold the rows of every table
size: a seat with a side (``seats.side`` is NULL where sides are not fixed) is a seat of the
four-handed game, and only those count, so a player of tables of n alone is listed with zeros as
before. Migration 3 made the view with this text before any such row existed (the same
answers); migration 19 makes it again."""

PLAYER_DEALS_SQL = """
    SELECT players.id AS player_id, players.name, seats.seat, seats.side, deals.id,
           deals.record_id, deals.game_id, deals.number, deals.kind, deals.dealer, deals.turned,
           deals.trump, deals.maker, deals.maker_side, deals.alone, deals.defender_alone,
           deals.thrown_in, deals.redeal, deals.euchred, deals.marched, deals.tricks_ns,
           deals.tricks_ew, deals.hand_points_ns, deals.hand_points_ew, deals.penalty_ns,
           deals.penalty_ew, deals.points_ns, deals.points_ew, deals.score_ns, deals.score_ew
    FROM players JOIN seats ON seats.player_id = players.id AND seats.side IS NOT NULL
    JOIN records ON records.id = seats.record_id AND records.status = 'current'
    JOIN deals ON deals.record_id = seats.record_id
"""
"""The ``player_deals`` view as migration 19 makes it again: every four-handed deal with each
participant's seat and side, the columns migration 3's ``deals.*`` gave (the deals of tables
of n, and their new columns, are not in it: their per-seat rows are ``deal_scores``)."""

TABLE_DEAL_COUNTS = """count(ds.deal) AS deals_played,
      coalesce(sum(ds.role = 'maker'), 0) AS deals_made,
      coalesce(sum(ds.role = 'partner'), 0) AS called_as_partner,
      coalesce(sum(ds.points), 0) AS points_scored,
      coalesce(sum(ds.role IN ('maker', 'partner') AND td.euchred), 0) AS euchres_suffered,
      coalesce(sum(ds.role = 'defender' AND td.euchred), 0) AS euchres_inflicted,
      coalesce(sum(ds.role = 'maker' AND td.marched), 0) AS marches_made,
      coalesce(sum(ds.role = 'maker' AND td.alone), 0) AS lone_hands_tried"""
"""A player's deals at tables of n, over ``s`` (his seats) joined by :data:`TABLE_DEAL_JOINS`:
deals made are his as maker, ``called_as_partner`` the deals he held the five-handed called
card, euchres suffered count the makers' side (maker or called partner), inflicted the
defenders'; marches and lone hands are his as maker. Shared by the per-variant statistics and
the registry's listing (players.py)."""

TABLE_DEAL_JOINS = """
    FROM s LEFT JOIN deal_scores ds ON ds.record_id = s.record_id AND ds.seat = s.seat
    LEFT JOIN deals td ON td.record_id = ds.record_id AND td.number = ds.deal
"""

VARIANT_STATISTICS_SQL = ('''
    WITH s AS (
        SELECT seats.record_id, seats.seat, records.variant FROM seats
        JOIN records ON records.id = seats.record_id AND records.status = 'current'
          AND records.seats != 4
        JOIN seat_bindings b ON b.record_id = seats.record_id AND b.seat = seats.seat
        JOIN registry_effective e ON e.player_id = b.player_id AND e.effective_id = ?
        {where}
    )
    SELECT s.variant, count(DISTINCT s.record_id) AS records,
      (SELECT count(*) FROM s s2 JOIN games g ON g.record_id = s2.record_id
        WHERE s2.variant = s.variant) AS games_played,
      (SELECT count(*) FROM s s2 JOIN games g ON g.record_id = s2.record_id
        AND g.winner = s2.seat WHERE s2.variant = s.variant) AS games_won,
''' + TABLE_DEAL_COUNTS + ''',
      (SELECT count(*) FROM s s2 JOIN findings f ON f.record_id = s2.record_id
        AND f.kind = 'revoke' AND f.seat = s2.seat WHERE s2.variant = s.variant) AS revokes
''' + TABLE_DEAL_JOINS + '''    GROUP BY s.variant ORDER BY s.variant
''')
"""A registry player's record at tables of two, three and five, one row per variant (migration
17); ``?`` is the player's effective id and ``{where}`` narrows the records (e.g. to an event).
Scores are per player there, so a player's games are won by himself (``games.winner``
is his seat); a maker's partner (five-handed) shares the maker's euchres."""
