"""Who is making a request: the :class:`Actor` a valid token stands for, and what it may change.

Contract: an actor is always derived from a stored, unrevoked token (a Bearer header or the
signed session of a browser that signed in with one), never from a header the client names
itself. ``may_modify`` is the one rule of ownership: a record belongs to the club of its first
version; its own club or an admin may correct or withdraw it.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..store.tokens import TokenRow

__all__ = ["Actor", "may_modify", "actor_of"]


@dataclass(frozen=True, slots=True)
class Actor:
    """The club and token behind a request; ``admin`` tokens may act on any club's records."""

    club_id: int
    club: str
    token_id: int
    admin: bool


def actor_of(row: TokenRow) -> Actor:
    return Actor(club_id=row.club_id, club=row.club, token_id=row.id, admin=row.admin)


def may_modify(actor: Actor | None, record_club_id: int | None) -> bool:
    """Whether ``actor`` may correct or withdraw a record owned by ``record_club_id``.

    A record with no owning club (stored by a local command such as ``euchre import``) may be
    changed over HTTP by an admin only."""
    if actor is None:
        return False
    return actor.admin or (record_club_id is not None and record_club_id == actor.club_id)
