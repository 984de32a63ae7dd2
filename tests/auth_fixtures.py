"""Shared helpers of the tests that write over HTTP: tokens made in the store the way
``euchre token create`` makes them (api/store/tokens.py), and the header that carries one."""

from __future__ import annotations

from pathlib import Path

from flask import Flask

from euchre_records.api.store import tokens
from euchre_records.api.store.migrations import migrate, open_db


def make_token(db_path: str | Path, club: str = "Taunton", admin: bool = False,
               label: str | None = None) -> tuple[int, str]:
    """A new token of ``club`` in the database file: (its id, its text)."""
    db = open_db(db_path)
    try:
        migrate(db)
        row, text = tokens.create_token(db, club, admin=admin, label=label)
    finally:
        db.close()
    return row.id, text


def bearer(text: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {text}"}


def writing_client(app: Flask, club: str = "Taunton"):  # type: ignore[no-untyped-def]
    """A test client of ``app`` whose every request carries a new token of ``club``."""
    client = app.test_client()
    _, text = make_token(app.config["DATABASE"], club)
    client.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {text}"
    return client
