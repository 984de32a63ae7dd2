"""Card strings of the canonical text: the compiled writer (schema/_cdump.c) and its twin.

Every record stored has its hands, kitty and tricks written as card strings (``"QC 9D ??"``);
a join of a map per string was the largest part of writing a deal's canonical text. The three
functions here are the contract of ``schema/_cdump.c`` written in Python: the fallback where the
extension is not built, and the oracle tests/test_card_text.py holds the compiled ones equal
to (on valid deals and on arbitrary objects). :data:`cards_text`, :data:`hands_text` and
:data:`tricks_text` are the compiled functions when present, else these twins.

- ``cards_text_py(cards, names)``: ``" ".join(names[c] for c in cards)`` for a tuple whose every
  card is a key of the dict ``names`` with a str value; else None.
- ``hands_text_py(hands, names)``: the four cards_text of a tuple of four tuples; else None.
- ``tricks_text_py(tricks, names, prefixes)``: per trick (an object with ``cards`` and
  ``leader``), ``prefixes[leader]`` (when the leader is not None) and its cards_text; None when
  anything is not of that shape.

A ``names`` or ``prefixes`` that is not exactly a dict raises TypeError; nothing else raises (a lookup that raises
counts as a missing key).
"""

from __future__ import annotations

from typing import Any, Callable

__all__ = ["cards_text_py", "hands_text_py", "tricks_text_py", "cards_text", "hands_text",
           "tricks_text", "COMPILED"]


def _need_dict(value: object, what: str) -> None:
    if type(value) is not dict:   # exactly a dict, as the C (no __missing__ of a subclass)
        raise TypeError(f"{what} must be a dict, not {type(value).__name__}")


def _joined(cards: tuple[Any, ...], names: dict[Any, Any], prefix: str = "") -> str | None:
    try:   # the join refuses a value that is not a str (TypeError), as the C does
        return prefix + " ".join(map(names.__getitem__, cards))
    except Exception:   # noqa: BLE001 - a lookup that raises is a card not known (contract)
        return None


def cards_text_py(cards: Any, names: dict[Any, Any]) -> str | None:
    """The card string of a tuple of cards, or None (module contract)."""
    _need_dict(names, "names")
    return _joined(cards, names) if isinstance(cards, tuple) else None


def hands_text_py(hands: Any, names: dict[Any, Any]) -> tuple[str, str, str, str] | None:
    """The strings of four hands, or None (module contract)."""
    _need_dict(names, "names")
    if not isinstance(hands, tuple) or len(hands) != 4 or not all(
            isinstance(h, tuple) for h in hands):
        return None
    n, e, s, w = (_joined(h, names) for h in hands)
    if n is None or e is None or s is None or w is None:
        return None
    return (n, e, s, w)


def tricks_text_py(tricks: Any, names: dict[Any, Any],
                   prefixes: dict[Any, Any]) -> list[str] | None:
    """The strings of a deal's tricks, or None (module contract)."""
    _need_dict(names, "names")
    _need_dict(prefixes, "prefixes")
    if not isinstance(tricks, tuple):
        return None
    out: list[str] = []
    for trick in tricks:
        try:
            cards, leader = trick.cards, trick.leader
        except Exception:   # noqa: BLE001 - a missing (or raising) attribute: not a trick
            return None
        if not isinstance(cards, tuple):
            return None
        prefix = ""
        if leader is not None:
            try:
                prefix = prefixes[leader]
            except Exception:   # noqa: BLE001 - as a card lookup
                return None
            if not isinstance(prefix, str):
                return None
        text = _joined(cards, names, prefix)
        if text is None:
            return None
        out.append(text)
    return out


cards_text: Callable[[Any, dict[Any, Any]], str | None]
hands_text: Callable[[Any, dict[Any, Any]], tuple[str, str, str, str] | None]
tricks_text: Callable[[Any, dict[Any, Any], dict[Any, Any]], list[str] | None]
try:
    from . import _cdump
except ImportError:   # not built (no compiler): the twins
    COMPILED = False
    cards_text, hands_text, tricks_text = cards_text_py, hands_text_py, tricks_text_py
else:
    COMPILED = True
    cards_text, hands_text, tricks_text = _cdump.cards_text, _cdump.hands_text, _cdump.tricks_text
