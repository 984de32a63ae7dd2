"""EMN, the Euchre Match Notation (../shared/egn-spec/docs/emn/): match files in and out.

Public face: :func:`emn_to_match`, :func:`match_to_emn` and the :class:`Match` value (module
:mod:`.document`). Names are imported on first use."""

from euchre_records.lazy_exports import lazy_exports

_HOMES = {
    "FILE_TYPE": "document", "VERSION": "document", "is_emn": "document", "MatchPlayer": "document",
    "MatchGame": "document", "Match": "document", "emn_to_match": "document",
    "match_to_emn": "document", "game_where": "document", "rounds_of": "document",
    "EMN_FORMATS": "document",
}
__all__ = sorted(_HOMES)
__getattr__ = lazy_exports(__name__, _HOMES)
