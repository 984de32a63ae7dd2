"""Where to go after signing in: a ``next`` target read as a browser reads a URL, kept only when
it is a path on this site.

Contract: :func:`local_path` answers the target as the ``Location`` to send, or None when a
browser would not stay on this site with it (or when it is empty). The target is first read the
way the WHATWG URL standard's parser reads a relative URL against an ``http(s)`` base (the
browsers' parser, so the decision is about where a browser really goes, not about the text):

- leading and trailing C0 controls and spaces are stripped, every tab, CR and LF is removed
  (``/<TAB>/host`` is ``//host``: another host);
- in the path (before the first ``?`` or ``#``) a backslash is a slash (``/\\host`` too).

What is left must begin with one ``/`` and not two (``//host`` names a host). The answer is
that text with non-ASCII characters, spaces and control characters percent-encoded as UTF-8,
as a browser encodes them, so the header carries ASCII only and cannot be split. A property
test checks all of it against ada, an implementation of the standard
(tests/test_web_sessions.py).
"""

from __future__ import annotations

from urllib.parse import quote

__all__ = ["local_path"]

_C0_OR_SPACE = "".join(chr(c) for c in range(0x21))
_TAB_OR_NEWLINE = str.maketrans("", "", "\t\n\r")
# printable ASCII stays as it is (a browser's parser decides on it, and does so alike for
# our answer and for the text given); the rest is percent-encoded
_KEEP = "".join(chr(c) for c in range(0x21, 0x7F))


def local_path(target: str | None) -> str | None:
    """The same-site path a browser would reach with ``target`` (see the module), or None."""
    if not target:
        return None
    text = target.strip(_C0_OR_SPACE).translate(_TAB_OR_NEWLINE)
    cut = min((i for i in (text.find("?"), text.find("#")) if i >= 0), default=len(text))
    text = text[:cut].replace("\\", "/") + text[cut:]
    if not text.startswith("/") or text.startswith("//"):
        return None
    try:
        return quote(text, safe=_KEEP, encoding="utf-8", errors="strict")
    except UnicodeEncodeError:  # a lone surrogate: not a character, not a place
        return None
