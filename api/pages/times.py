"""Times on the pages: stored in UTC, shown in the viewer's own time zone.

``utc_time(iso)`` (a template global) renders ``<time datetime="...Z" title="... UTC">`` whose
text is the UTC time; localtime.js rewrites the text to the browser's time zone and keeps the UTC
time in the title. Without JavaScript the UTC text stays, saying so.

``with_times(text)`` (a template filter) is for a sentence that names a moment as the store keeps
it (``... was revoked at 2026-11-27T20:15:03.120Z: ...``, the same sentence the JSON API
answers): the text is escaped and every ISO 8601 UTC time in it (``YYYY-MM-DDTHH:MM[:SS[.fff]]Z``)
becomes the ``<time>`` element of :func:`utc_time`.
"""

from __future__ import annotations

import re

from markupsafe import Markup, escape

from .blueprint import bp

__all__ = ["utc_time", "with_times"]

_UTC_TIME = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z")


def utc_time(iso: str | None) -> Markup:
    """``2026-11-27T20:15:03.120Z`` as a ``<time>`` element (empty for None)."""
    if not iso:
        return Markup("")
    shown = f"{iso[:16].replace('T', ' ')} UTC"
    return Markup('<time class="utc" datetime="{0}" title="{1}">{1}</time>').format(
        escape(iso), escape(shown))


def with_times(text: object) -> Markup:
    """``text`` escaped, each UTC time in it shown as :func:`utc_time` (see the module)."""
    plain = str(text)
    parts: list[Markup] = []
    at = 0
    for found in _UTC_TIME.finditer(plain):
        parts.append(escape(plain[at:found.start()]))
        parts.append(utc_time(found.group(0)))
        at = found.end()
    parts.append(escape(plain[at:]))
    return Markup("").join(parts)


bp.add_app_template_global(utc_time, "utc_time")
bp.add_app_template_filter(with_times, "with_times")
