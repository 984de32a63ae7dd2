"""The game's date between our records and EGN's ``metadata.date``.

EGN's schema accepts a date in two forms only (schemas/egn-schema-v1.json, ``date``: ``anyOf``
the JSON Schema format ``date-time`` — RFC 3339, seconds and offset required — or the pattern
``YYYY-MM-DD[T ]HH:MM[:SS[.f]]``, a time without an offset; README, "Flexible Date Formats").
Ours (docs/FORMAT.md) also has a year (``1888``), a month (``1888-05``), a day (``2024-10-15``)
and a time with an offset but no seconds (``2024-10-15T19:02+01:00``). Neither is an EGN date.

Written (:func:`egn_date`): a year, a month or a day becomes midnight of its first day, with no
offset (``1888-01-01T00:00``: EGN's time-zone-less form, as a calendar date has no zone); a time
with an offset and no seconds gets ``:00`` seconds (``2024-10-15T19:02:00+01:00``, the same
instant). Every other date of ours is already one of EGN's and is written as it is.

The date as recorded is then carried in the description, the one free-text field of EGN's
metadata, as the sentence :data:`DATE_NOTE` at its end, so that our reader gives back the
record's own date (:func:`date_in`) and another EGN reader shows the sentence as the text it
reads as. The note is taken only when it agrees with the date field (the field is the
note's date written as above); otherwise the description is read as it stands.
"""

from __future__ import annotations

import re

from euchre_records.schema.basefields import DATE_PATTERN

__all__ = ["egn_date", "DATE_NOTE", "with_date_note", "date_in", "date_out", "date_note", "EGN_DATE_MAX",
           "DESCRIPTION_MAX"]

EGN_DATE_MAX = 64
"""``metadata.date``: ``maxLength`` 64 in EGN's schema."""

DATE_NOTE = "(euchre-records: the date as recorded is {date})"
"""The sentence that ends an EGN description when the date field is not the record's own."""

_NOTE_RE = re.compile(r"\(euchre-records: the date as recorded is ([0-9T:.+Z-]{4,64})\)\Z")
_OURS = re.compile(DATE_PATTERN)
_OFFSET_NO_SECONDS = re.compile(r"^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(Z|[+-]\d{2}:\d{2})$")


def egn_date(date: str) -> str:
    """Our date (docs/FORMAT.md) as an EGN date (see the module docstring).

    >>> [egn_date(d) for d in ("1888", "1888-05", "2024-10-15", "2024-10-15T19:02+01:00")]
    ['1888-01-01T00:00', '1888-05-01T00:00', '2024-10-15T00:00', '2024-10-15T19:02:00+01:00']
    >>> egn_date("2024-10-15T19:02"), egn_date("2024-10-15T19:02:05.5Z")
    ('2024-10-15T19:02', '2024-10-15T19:02:05.5Z')
    """
    if len(date) == 4:
        return f"{date}-01-01T00:00"
    if len(date) == 7:
        return f"{date}-01T00:00"
    if len(date) == 10:
        return f"{date}T00:00"
    m = _OFFSET_NO_SECONDS.match(date)
    if m:
        return f"{m.group(1)}:00{m.group(2)}"
    return date


def with_date_note(description: str | None, date: str) -> str:
    """``description`` with the note that the date as recorded is ``date`` at its end."""
    note = DATE_NOTE.format(date=date)
    return note if description is None else f"{description} {note}"


def date_in(egn_date_field: str | None, description: str | None) -> tuple[str | None, str | None]:
    """``(date, description)`` of our record from EGN's (the date already in our ``T`` form):
    the date as recorded and the description without the note, when the description ends with
    :data:`DATE_NOTE` for a date written as ``egn_date_field``; else both as they are."""
    if description is None or egn_date_field is None:
        return egn_date_field, description
    m = _NOTE_RE.search(description)
    if m is None or not _OURS.fullmatch(m.group(1)) or egn_date(m.group(1)) != egn_date_field:
        return egn_date_field, description
    rest = description[:m.start()]
    if rest == "":
        return m.group(1), None
    if not rest.endswith(" "):
        return egn_date_field, description
    return m.group(1), rest[:-1]


DESCRIPTION_MAX = 1024
"""``metadata.description``: ``maxLength`` 1024 in EGN's schema."""


def _kind(date: str) -> str:
    return {4: "a year", 7: "a month", 10: "a day"}.get(len(date), "a time with an offset but no seconds")


def date_out(date: str, description: str | None) -> tuple[str, str | None, str | None]:
    """``(EGN date, EGN description, loss)`` for our ``date`` and description (``None``: none).

    ``loss`` is None when the date reads back as it is: written as it is, or written as EGN
    allows with the note of the date as recorded at the end of the description. The note is
    also written for a date written as it is when the description itself ends with a note our
    reader would take (its own date written the same): the reader takes off only the last one. Otherwise it
    says what is lost: the description has no room left for the note (EGN's 1024 characters),
    or the date is longer than EGN's 64 characters (its fraction of a second is cut to fit)."""
    written = egn_date(date)
    if len(written) > EGN_DATE_MAX:
        head, dot, rest = written.partition(".")
        digits = len(rest) - len(rest.lstrip("0123456789"))
        keep = max(1, digits - (len(written) - EGN_DATE_MAX))
        cut = head + dot + rest[:keep] + rest[digits:]
        return cut, description, (f"EGN's date holds at most {EGN_DATE_MAX} characters: "
                                  f"{date!r} is written {cut!r}")
    if written == date and date_in(written, description) == (date, description):
        return written, description, None   # no note needed (nor one to protect, see below)
    noted = with_date_note(description, date)
    if len(noted) > DESCRIPTION_MAX:
        return written, description, (f"EGN has no date of {_kind(date)} ({date!r}): it is "
                                      f"written {written!r}, and the description has no room "
                                      f"left (EGN's {DESCRIPTION_MAX} characters) for the note "
                                      "of the date as recorded")
    return written, noted, None


def date_note(date: str) -> str | None:
    """What the stderr of an export says of ``date`` when it is written otherwise than as it
    is but carried (see :func:`date_out`); None when written as it is."""
    written = egn_date(date)
    if written == date:
        return None
    return (f"EGN has no date of {_kind(date)}: written {written!r}, the date as recorded "
            f"kept at the end of metadata.description")
