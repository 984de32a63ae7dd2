"""The two error types of the core.

- :class:`NotationError`: the text is not well-formed notation (shape, tokens, types).
- :class:`InconsistentRecord`: the record is well-formed but cannot have happened (a card dealt
  twice, a card played by a seat that does not hold it, a call by the wrong seat ...).

Both carry a list of :class:`Problem` s, each with a ``where`` (a JSON-path-like location such as
``deals[3].tricks[2][1]``) and a ``what``. Breaches of the laws that happened at the table are
*not* errors: they are findings (see ``model.Finding``).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Problem", "RecordError", "NotationError", "InconsistentRecord", "UnsupportedRules",
           "SearchBudgetExceeded", "join_path"]


@dataclass(frozen=True, slots=True)
class Problem:
    """One located problem: ``where`` is a path into the record, ``what`` says what is wrong."""

    where: str
    what: str

    def __str__(self) -> str:
        return f"{self.where}: {self.what}" if self.where else self.what


class RecordError(Exception):
    """Base class: a record that cannot be replayed. ``problems`` lists every located problem."""

    kind = "error"

    def __init__(self, what: str | list[Problem], where: str = "") -> None:
        if isinstance(what, list):
            self.problems: list[Problem] = what
        else:
            self.problems = [Problem(where, what)]
        super().__init__("; ".join(str(p) for p in self.problems))

    def located(self, prefix: str) -> RecordError:
        """The same error with ``prefix`` put in front of every location."""
        moved = [Problem(join_path(prefix, p.where), p.what) for p in self.problems]
        return type(self)(moved)


def join_path(prefix: str, where: str) -> str:
    """``prefix`` + ``where`` as one path: ``join_path("deals[2]", "tricks[1]")`` is
    ``"deals[2].tricks[1]"``; an index joins without a dot."""
    if not prefix:
        return where
    if not where:
        return prefix
    return prefix + ("" if where.startswith("[") else ".") + where


class NotationError(RecordError, ValueError):
    """The text is not valid notation (a bad token, a missing field, a wrong type)."""

    kind = "notation"


class InconsistentRecord(RecordError):
    """The record is well-formed but impossible: it cannot be replayed."""

    kind = "inconsistent"


class UnsupportedRules(RecordError):
    """The record asks for a rule (or an outside format's flag) this engine does not implement."""

    kind = "unsupported"


class SearchBudgetExceeded(RecordError):
    """Checking the record (its claims) would cost more search than the caller allowed."""

    kind = "too-costly"
