"""Datasette metadata for a store file, generated for the name Datasette gives that file.

Contract: :func:`metadata` returns the metadata document (``datasette FILE -m META``) whose one
database key is the name Datasette serves ``FILE`` under (the file name without its extension:
``club.db`` is ``club``), with a description (and facets, sorts, column notes) of every table
and view of the store in :data:`TABLES`. Tables of :data:`~.backup.PRIVATE_TABLES` are hidden,
and so is any table of the file that :data:`TABLES` does not describe. Hiding is not
protection: Datasette's SQL reads hidden tables too, so serve a ``euchre backup --public`` copy
(docs/STORE.md). ``euchre datasette-metadata --db FILE`` prints it.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any
from urllib.parse import quote

from .backup import PRIVATE_TABLES

__all__ = ["TABLES", "database_name", "metadata"]

TABLES: dict[str, dict[str, Any]] = {
 'records': {'description': 'One row per submitted record and version: canonical JSON text, '
                            'SHA-256 hash, stored replay result, who submitted it and when, '
                            'the record it supersedes.',
             'sort_desc': 'id',
             'facets': ['status', 'rules', 'club', 'variant', 'seats'],
             'columns': {'status': 'current, superseded or withdrawn: only current records '
                                   'count in listings and standings',
                         'supersedes': 'the record this version corrects'}},
 'players': {'description': 'Players as named in records (exact names; the registry_players '
                            'table matches them after NFC and case folding).',
             'label_column': 'name',
             'sort': 'name'},
 'seats': {'description': 'Who sat where (N E S W; 0 .. n-1 at tables of two, three and '
                          'five, where side is empty) in each record.',
           'facets': ['seat', 'side']},
 'rubbers': {'description': 'One row per record: games won, rubber points, winner (system none '
                            '= single games: games, not a rubber, so never a winner).',
             'facets': ['system', 'winner', 'finished'],
             'columns': {'finished': '1 = the rubber (or every game) is finished, 0 = not'}},
 'games': {'description': 'Games of every record: deal range, winner, finished; four-handed: '
                          'start score (lap), final score, rubber points per side (_ns/_ew). '
                          'Scores per seat are in game_scores.',
           'facets': ['winner', 'finished'],
           'columns': {'finished': '1 = finished, 0 = not (unfinished or the record stops)',
                       'winner': 'NS or EW, or the winning seat 0..4 at a table of n'}},
 'deals': {'description': 'One row per deal of every record: dealer, trump, maker, alone, '
                          'euchred, marched; four-handed: turned card, tricks, points and the '
                          'running game score per side (_ns/_ew: North-South/East-West); at '
                          'tables of n: the called card and partner (five-handed), the makers\' '
                          'tricks, why a deal was void. Points per seat are in deal_scores.',
           'facets': ['trump', 'maker_side', 'alone', 'euchred'],
           'columns': {'alone': '1 = the maker played alone, 0 = with his partner',
                       'thrown_in': '1 = all passed, the hand was thrown in',
                       'redeal': '1 = the same dealer dealt again (four-handed)',
                       'euchred': '1 = the makers took fewer than 3 tricks',
                       'marched': '1 = the makers took all 5 tricks',
                       'partner_known': '0 = the partner cannot be known from the record'}},
 'findings': {'description': 'Breaches of the laws and scoresheet disagreements found by the '
                             'replay, with the rule cited and the points moved (_ns/_ew, or per '
                             'seat as a JSON array at tables of n).',
              'facets': ['kind', 'rule']},
 'game_scores': {'description': 'Per game and seat of every record (N E S W: its side\'s; 0..4 '
                                'at tables of n): the score at its start and its final (or '
                                'current) score.',
                 'facets': ['seat']},
 'deal_scores': {'description': "Per deal and seat of every record: the seat's role (maker, "
                                'partner, defender), hand points, penalty, points and running '
                                "game score (four-handed: its side's).",
                 'facets': ['seat', 'role']},
 'table_games': {'description': 'Old name (until migration 19) of the games of tables of two, '
                                'three and five: a view of games, for one release.',
                 'facets': ['winner', 'finished']},
 'table_deals': {'description': 'Old name (until migration 19) of the deals of tables of two, '
                                'three and five: a view of deals, for one release.',
                 'facets': ['trump', 'maker', 'alone', 'euchred']},
 'table_findings': {'description': 'Old name (until migration 19) of the findings of tables of '
                                   'two, three and five: a view of findings, for one release.',
                    'facets': ['kind', 'rule']},
 'registry_players': {'description': 'The player registry: one stable id per person (display '
                                     'name as first registered).',
                      'label_column': 'display_name',
                      'sort': 'id'},
 'registry_names': {'description': 'Display names and aliases of registry players, with their '
                                   'matching key (NFC + casefold). Never changed: a rename is '
                                   'a new row.',
                    'facets': ['kind']},
 'registry_refs': {'description': "Other ids of registry players: the notation's player id "
                                  '(source notation) and EMN playerIds.',
                   'facets': ['source']},
 'registry_changes': {'description': "Director's merges (player_id now counts as other_id) and "
                                     'splits (undoes names the merge undone), in order; never '
                                     'changed.',
                      'facets': ['kind']},
 'seat_bindings': {'description': 'The registry player of each seat of each record, and how it '
                                  "was bound (by the record's player id, or by name).",
                   'facets': ['how', 'seat']},
 'tournaments': {'description': 'Events: club nights (rubbers), progressive evenings, pairs '
                                'events, league seasons, games at tables of 2, 3 or 5 (seats).',
                 'label_column': 'name',
                 'sort_desc': 'id',
                 'facets': ['format', 'club']},
 'tournament_players': {'description': 'The players registered for each event (pair: the pair '
                                       'number of a pairs event).'},
 'tournament_seatings': {'description': "Seatings of rounds, by table and seat; a round's "
                                        'current seating is its highest version.'},
 'tournament_sittings': {'description': 'Records attached as sittings (round, table) of '
                                        'events; the latest attachment at a place counts, with '
                                        'the current version of its record.'},
 'registry_effective': {'description': 'Each registry player and the player it counts as after '
                                       'merges (itself unless merged).',
                        'sort': 'player_id'},
 'tournament_seat_scores': {'description': "Per seat of every counted sitting: the side's "
                                           'points for and against, games won, sitting won, '
                                           'net rubber points, lone hands made.',
                            'sort': 'tournament_id'},
 'tournament_standings': {'description': 'Per event and player: the totals standings rank (the '
                                         'ranking and its tie-breaks are explained by GET '
                                         '/events/{id}/standings).',
                          'sort': 'tournament_id',
                          'facets': ['tournament_id']},
 'tournament_partnerships': {'description': 'Per event, player and partner: sittings together, '
                                            'won, points for and against.',
                             'sort': 'tournament_id'},
 'tournament_game_scores': {'description': 'Per seat and game of every counted sitting at a table '
                                           'of 2, 3 or 5: the player, the score and the place '
                                           '(1 + players with more points: docs/EVENTS.md 2.1).',
                            'sort': 'tournament_id',
                            'facets': ['tournament_id', 'place']},
 'rubber_standings': {'description': 'Rubbers of current records with the players of each '
                                     'side.',
                      'sort_desc': 'date',
                      'facets': ['club', 'winner']},
 'player_statistics': {'description': 'Per player over current four-handed records: rubbers and games '
                                      'played and won, net rubber points, deals made, euchres '
                                      'suffered and inflicted, lone hands, revokes.',
                       'sort': 'name'},
 'player_deals': {'description': 'Every four-handed deal with the player, seat and side of '
                                 'each participant.',
                  'sort': 'player_id',
                  'facets': ['seat', 'side']},
 'record_versions': {'description': 'Correction chains: version 1, 2, ... of each record.',
                     'sort': 'first_id'},
 'tokens': {'description': 'Club tokens (stored as hashes, never as text).', 'hidden': True},
 'settings': {'description': 'Server settings: not for browsing (nothing secret since '
                             'migration 14: the session key is in its own file).',
              'hidden': True},
 'sessions': {'description': 'Browser sessions kept by the server (hashes of their ids, never '
                             'the ids): not for browsing.',
              'hidden': True},
 'input_hashes': {'description': 'Hashes of submitted inputs.', 'hidden': True},
 'drafts': {'description': 'Sittings being entered on the web pages.', 'hidden': True},
 'draft_revisions': {'description': 'Every saved revision of a draft.', 'hidden': True},
 'table_links': {'description': "Capability links for an event's tables (hashes of their "
                                'secrets, never the secrets): not for browsing.', 'hidden': True},
 'table_link_revocations': {'description': 'When each revoked table link was revoked, and by '
                                           'whom.', 'hidden': True},
 'table_link_sessions': {'description': 'Browser sessions opened from table links (hashes of '
                                        'their ids).', 'hidden': True},
 'draft_deal_ids': {'description': 'The ids browsers gave the deals they sent to a draft (a '
                                   'resend is a duplicate, never a second deal).',
                    'hidden': True},
 'clubs': {'description': 'Clubs: one row per club that holds tokens (records.club_id, '
                          'tokens.club_id and drafts.club_id point here); never renamed or '
                          "deleted. The free-text records.club is the record's own event "
                          'label, which any club may write.',
           'label_column': 'name',
           'sort': 'name'},
 'calls': {'description': 'One row per recorded call of the two rounds of bidding: round 1 '
                          '(the turned card: pass, order, assist, take) and round 2 (naming a '
                          'suit), the seat in turn when the record gives none. The same rows '
                          "as the dataset's calls table (docs/DATASET.md).",
           'facets': ['round', 'kind', 'suit'],
           'columns': {'round': '1 = the turned card, 2 = naming a suit',
                       'alone': '1 = the caller played alone'}},
 'analysis_cache': {'description': 'Double-dummy analyses (docs/ANALYSIS.md) of canonical '
                                   'texts, by records.hash, as JSON.',
                    'hidden': True},
 'tournament_closures': {'description': 'Events closed by their director: when, and by whom '
                                        '(no sittings after it).'},
 'tournament_draws': {'description': "The seed of each round's seating made by a draw, "
                                     'beside the seating version it made (docs/EVENTS.md).'},
 'analysis_seats': {'description': 'Per seat of an analysed record: deals, cards played, '
                                   'costly plays, tricks lost (docs/ANALYSIS.md).'}}
"""Per table and view: its Datasette metadata (description, facets, sort, label column, column
notes, hidden)."""


def database_name(path: str | Path) -> str:
    """The name Datasette serves a database file under: the file name without its extension."""
    return Path(path).stem


def _tables_of(path: Path) -> list[str]:
    conn = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True)
    try:
        return [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') "
            "AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    finally:
        conn.close()


def metadata(path: str | Path) -> dict[str, Any]:
    """The metadata document for the store file ``path`` (see module contract)."""
    where = Path(path)
    name = database_name(where)
    tables: dict[str, dict[str, Any]] = {}
    for table, meta in TABLES.items():
        tables[table] = dict(meta, hidden=True) if table in PRIVATE_TABLES else dict(meta)
    for table in _tables_of(where):
        if table not in tables:
            tables[table] = {"description": "Not described by this version of euchre-records: "
                                            "hidden.", "hidden": True}
    return {
        "title": f"euchre-records: {name}",
        "description": (f"Euchre records stored by euchre-records in {where.name}: docs/STORE.md "
                        "describes every table and column, docs/EVENTS.md the events and the "
                        "player registry. Generated by: euchre datasette-metadata --db "
                        f"{where.name}"),
        "databases": {name: {
            "description": "One club's (or one researcher's) store of Euchre records.",
            "tables": tables}},
    }
