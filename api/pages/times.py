"""Times on the pages: stored in UTC, shown in the viewer's own time zone.

``utc_time(iso)`` (a template global) renders ``<time datetime="...Z" title="... UTC">`` whose
text is the UTC time; localtime.js rewrites the text to the browser's time zone and keeps the UTC
time in the title. Without JavaScript the UTC text stays, saying so.
"""

from __future__ import annotations

from markupsafe import Markup, escape

from .blueprint import bp

__all__ = ["utc_time"]


def utc_time(iso: str | None) -> Markup:
    """``2026-11-27T20:15:03.120Z`` as a ``<time>`` element (empty for None)."""
    if not iso:
        return Markup("")
    shown = f"{iso[:16].replace('T', ' ')} UTC"
    return Markup('<time class="utc" datetime="{0}" title="{1}">{1}</time>').format(
        escape(iso), escape(shown))


bp.add_app_template_global(utc_time, "utc_time")
