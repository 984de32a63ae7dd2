"""Counts and rule settings in the words a player uses, for the CLI and the pages alike.

Contract: :func:`counted` writes ``1 deal`` and ``2 deals`` (never a bracketed plural, nor
``1 pts``);
:func:`override_words` writes a record's rule overrides as a scorer reads them (``4 deals a
round``, ``game to 7``), never as ``key=value`` internals. Both are pure functions of their
arguments.
"""

from __future__ import annotations

from typing import Any, Mapping

__all__ = ["counted", "override_words"]

_PLURALS = {"pt": "pts", "match": "matches", "deal": "deals", "point": "points",
            "finding": "findings", "sitting": "sittings", "round": "rounds",
            "problem": "problems", "game": "games", "record": "records", "link": "links",
            "place pt": "place pts"}


def counted(n: int, singular: str, plural: str | None = None) -> str:
    """``n`` and the noun in the number it needs: ``counted(1, "deal")`` is ``"1 deal"``,
    ``counted(3, "finding")`` ``"3 findings"``, ``counted(0, "sitting")`` ``"0 sittings"``.

    >>> counted(1, "pt"), counted(2, "pt"), counted(1, "match"), counted(2, "match")
    ('1 pt', '2 pts', '1 match', '2 matches')
    """
    if n == 1:
        return f"{n} {singular}"
    return f"{n} {plural or _PLURALS.get(singular) or singular + 's'}"


def _override(key: str, value: Any) -> str | None:
    if key == "fixed_deals" and value:
        return f"{value} deals a round"
    if key == "game_points":
        return None if value is None else f"game to {value}"
    if isinstance(value, bool):
        return key.replace("_", " ") + ("" if value else ": no")
    return f"{key.replace('_', ' ')} {value}"


def override_words(overrides: Mapping[str, Any] | None) -> list[str]:
    """The overrides a record's rules name, each in words; ``game_points`` None (no game: the
    round is its fixed deals) says nothing, the deals a round say it.

    >>> override_words({"fixed_deals": 4, "game_points": None})
    ['4 deals a round']
    >>> override_words({"game_points": 7, "stick_the_dealer": True})
    ['game to 7', 'stick the dealer']
    """
    out = []
    for key, value in (overrides or {}).items():
        said = _override(str(key), value)
        if said:
            out.append(said)
    return out
