"""The web pages: a second face of the app, on the same store (docs/PAGES.md).

``bp`` is the blueprint ``create_app`` registers with ``app.register_blueprint`` (not on the
flask-smorest Api, so pages stay out of /openapi.json); :func:`.errors.html_error` renders the
HTML error pages.
"""

from __future__ import annotations

from . import board, director, entry, login, reading  # noqa: F401  (they add their routes to bp)
from . import ratings  # noqa: F401  (the ladder page and the ratings on player and event pages)
from . import table_cards  # noqa: F401  (table links: issued, printed, revoked, opened)
from . import offline  # noqa: F401  (the service worker; keeping one's own deal in a clash)
from . import record_page  # noqa: F401  (the record page's globals: variant_title, seat_name)
from .blueprint import bp, is_page_path
from .errors import html_error, wants_html

__all__ = ["bp", "is_page_path", "html_error", "wants_html"]
