"""Places in our notation as places in an EGN document, at any table: what a loader or the
engine reports about a record read from EGN is said where the EGN document holds it
(``deals[0].tricks[2]`` is ``deals[0].phases[1].tricks[2]``, ``hands.S`` / ``hands.2`` are
``initialState.playerCards[2]``, ``rules.overrides.pack`` is ``metadata.ruleset.min_rank``).
A place EGN has no counterpart for is left as it is.
"""

from __future__ import annotations

import re
from typing import Sequence

from euchre_records.errors import Problem, RecordError

__all__ = ["egn_where", "in_egn_terms"]

_WHERE_RE = re.compile(r"^(deals\[(\d+)\])\.(calls|tricks|discard|turned|hands\.([NESW]|\d)|dealer|"
                       r"unfinished|called|partner|scoresheet|kind)(.*)$")
_SEAT_INDEX = {"N": 0, "E": 1, "S": 2, "W": 3}
_FLAG_OF_OPTION = {"stick_the_dealer": "std", "pack": "min_rank", "lone_lead": "loner_lead",
                   "lone_march": "loner_march_score", "lone_euchred": "loner_euchred_score",
                   "game_points": "winning_score", "fixed_deals": "num_deals"}
_EVENT_FIELD = {"event": "title", "notes": "description", "game_id": "gameId"}


def egn_where(where: str, phases: Sequence[tuple[int | None, int | None]] | None = None) -> str:
    """Translate a location in our notation, at any table (as the loader or the engine reports
    it), into the EGN document's. ``phases``: per deal the index of its bidding and trick-play
    phases; without it EGN's usual layout, the bidding phase first, then the trick play.

    >>> egn_where("deals[3].tricks[2][1]"), egn_where("deals[0].hands.S[4]")
    ('deals[3].phases[1].tricks[2][1]', 'deals[0].initialState.playerCards[2][4]')
    >>> egn_where("deals[0].hands.3[4]"), egn_where("rules.overrides.pack")
    ('deals[0].initialState.playerCards[3][4]', 'metadata.ruleset.min_rank')
    """
    if where.startswith("rules.overrides."):
        option = where[len("rules.overrides."):]
        return f"metadata.ruleset.{_FLAG_OF_OPTION.get(option, option)}"
    if where == "rules.seats":
        return "metadata.ruleset.num_players"
    if where.startswith("players."):
        key, _, rest = where[len("players."):].partition(".")
        return f"metadata.players[{_SEAT_INDEX.get(key, key)}]" + (f".{rest}" if rest else "")
    if where.startswith("start_score"):
        return "metadata.initialScore" + where[len("start_score"):]
    if where.startswith("event."):
        name = where[len("event."):]
        return "metadata." + _EVENT_FIELD.get(name, name)
    m = _WHERE_RE.match(where)
    if m is None:
        return where
    deal, index, what, hand, rest = m.groups()
    b, p = phases[int(index)] if phases is not None and int(index) < len(phases) else (0, 1)
    b, p = 0 if b is None else b, (1 if b is not None else 0) if p is None else p
    if hand is not None:
        return f"{deal}.initialState.playerCards[{_SEAT_INDEX.get(hand, hand)}]{rest}"
    if what == "scoresheet":
        return "metadata.finalScore"
    mapped = {"calls": f"phases[{b}].calls", "discard": f"phases[{b}].discard",
              "called": f"phases[{b}].callAnnotations", "partner": f"phases[{b}].callAnnotations",
              "tricks": f"phases[{p}].tricks", "turned": "initialState.upCard",
              "dealer": "initialState.dealer", "unfinished": "phases", "kind": "initialState"}[what]
    return f"{deal}.{mapped}{rest}"


def in_egn_terms(exc: RecordError) -> RecordError:
    """The same error located in the EGN document (``deals[0].phases[1].tricks[1][0]``) instead
    of in our notation (``deals[0].tricks[1][0]``), at any table: for errors found replaying a
    record read from EGN (EGN's usual phases: bidding 0, play 1)."""
    return type(exc)([Problem(egn_where(p.where), p.what) for p in exc.problems])
