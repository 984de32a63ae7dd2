"""Events, pure: formats, standings with explained tie-breaks, checks of sittings and the movement
of progressive tournaments, and individual standings and the ladder movement for games in
which each player scores for himself (docs/EVENTS.md). The store of events is :mod:`euchre_records.api.store`;
this package holds only the computations on values, with no I/O. Names are imported on first use."""

from euchre_records.lazy_exports import lazy_exports

_HOMES = {
    "Format": "tournament", "Pairing": "tournament", "Tournament": "tournament",
    "SittingScore": "tournament", "Criterion": "tournament", "CRITERIA": "tournament",
    "Totals": "tournament", "Standing": "tournament", "rank": "tournament", "totals": "tournament",
    "EventFinding": "tournament", "SittingFacts": "tournament", "check_sitting": "tournament",
    "check_round": "tournament", "TableSeating": "tournament", "TableResult": "tournament",
    "MovementTie": "tournament", "next_seating": "tournament", "RULES": "tournament",
    "ranked": "tournament",
    "PlaceScoring": "tournament", "seat_tokens": "tournament",
    "INDIVIDUAL_FORMATS": "tournament", "GameScore": "individual", "PlayerTotals": "individual",
    "IndividualStanding": "individual", "PLACE_CRITERIA": "individual", "places": "individual",
    "place_points": "individual", "individual_totals": "individual",
    "rank_individual": "individual", "NTableSeating": "individual", "NTableResult": "individual",
    "next_individual_seating": "individual",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_exports(__name__, _HOMES)
