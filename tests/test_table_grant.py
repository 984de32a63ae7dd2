"""A table link's grant holds the stored link itself (api/auth/table.TableGrant), not a copy of
its fields, and only a live link can be one: a revoked, expired, closed or used link grants
nothing. The links are issued through the director's page (test_table_links.night)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from euchre_records.api.auth.table import TableGrant
from euchre_records.api.store.table_links import LinkState, TableLink

from test_table_links import db_path, link_of, night  # noqa: F401  (fixtures)


def test_the_grant_is_the_live_link_and_a_dead_link_grants_nothing(night: dict[str, Any]) -> None:  # noqa: F811
    link = link_of(night["db"], night["secrets"]["1"])
    assert isinstance(link, TableLink) and link.state is LinkState.LIVE
    grant = TableGrant(link)
    assert grant.link is link and grant.link.table == "1" and grant.link.round == 1
    assert [f.name for f in dataclasses.fields(TableGrant)] == ["link"]
    for state in LinkState:
        if state is LinkState.LIVE:
            continue
        with pytest.raises(ValueError, match=f"is {state.value}, not live"):
            TableGrant(dataclasses.replace(link, state=state))


def test_the_current_link_answer_reads_the_grant(night: dict[str, Any]) -> None:  # noqa: F811
    client = night["app"].test_client()
    secret = night["secrets"]["2"]
    resp = client.get("/table-link", headers={"Authorization": f"Bearer {secret}"})
    assert resp.status_code == 200, resp.data
    body = resp.get_json()
    link = link_of(night["db"], secret)
    assert (body["id"], body["event"], body["round"], body["table"], body["draft"]) == \
        (link.id, night["event"], 1, "2", link.draft_id)
    assert body["expires_at"] == link.expires_at
