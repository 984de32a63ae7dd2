"""Deals that carry a browser's id (issue 18, entry that survives the connection), through the
Flask test client: the first send stores the deal, a resend of the same id is answered as a
duplicate with the first send's deal number and revision and never stored again — in the same
app, in a second app on the same file (another process would open it so) and after the draft
moved on or was finished; a clash of two writers answers both versions and lets either be kept;
a refused deal is a located 422; the table of ids is append-only; the service worker is served
with the static files it keeps and a policy of its own.

Expected deal numbers and revisions by hand: a new draft is revision 1; each stored deal adds one
revision (docs/PAGES.md "Drafts"); deal numbers count from 1.
"""

from __future__ import annotations

import re
import sqlite3
import threading
from typing import Any

import pytest
from bs4 import BeautifulSoup

from pages_support import build_db, csrf_of, make_app, make_token

HEADER = {"player_N": "Ann", "player_E": "Bob", "player_S": "Cy", "player_W": "Di",
          "preset": "modern", "game_points": "5", "club": "Riverside", "date": "2026-11-27",
          "table": "4"}
JSON = {"Accept": "application/json"}
ID_A = "0b5e3c1e-7f43-4d5a-9a51-4f2a6c1d8e01"
ID_B = "5d7f0a42-1c9e-4b7a-8e36-2f0d9c4b7a10"
ID_C = "9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f"


@pytest.fixture
def db_path(tmp_path):
    path = tmp_path / "offline.db"
    build_db(path, examples=False)
    return path


@pytest.fixture
def token(db_path):
    return make_token(db_path, "Riverside")


def signed_in(app, token):
    client = app.test_client()
    csrf = csrf_of(client.get("/login").data)
    resp = client.post("/login", data={"token": token, "csrf_token": csrf, "next": "/"})
    assert resp.status_code == 303
    return client, csrf_of(client.get("/web/sittings/new").data)


@pytest.fixture
def scorer(db_path, token):
    return signed_in(make_app(db_path), token)


def start(client, csrf) -> str:
    resp = client.post("/web/sittings/new", data={**HEADER, "csrf_token": csrf})
    assert resp.status_code == 303
    return resp.headers["Location"]


def send(client, csrf, url, deal_id, revision, headers=JSON, **deal):
    fields = {"dealer": "N", "maker": "E", "trump": "H", "tricks": "3", **deal}
    return client.post(url + "/deals", headers=headers, data={
        "csrf_token": csrf, "revision": str(revision), "deal_id": deal_id, **fields})


def stored_deals(db_path, draft_id):
    conn = sqlite3.connect(db_path)
    try:
        row = conn.execute("SELECT r.data FROM drafts d JOIN draft_revisions r ON r.draft_id = "
                           "d.id AND r.revision = d.revision WHERE d.id = ?",
                           (draft_id,)).fetchone()
        import json
        return json.loads(row[0]).get("deals", [])
    finally:
        conn.close()


def draft_of(url) -> int:
    return int(re.search(r"/web/drafts/(\d+)", url).group(1))


def test_a_resend_is_a_duplicate_never_a_second_deal(scorer, db_path, token):
    client, csrf = scorer
    url = start(client, csrf)
    first = send(client, csrf, url, ID_A, 1)
    assert first.status_code == 201
    assert first.get_json() == {"draft": draft_of(url), "deal": 1, "revision": 2,
                                "deal_id": ID_A, "duplicate": False}
    again = send(client, csrf, url, ID_A, 1)        # the answer was lost: the same send again
    assert again.status_code == 200
    assert again.get_json() == {"draft": draft_of(url), "deal": 1, "revision": 2,
                                "deal_id": ID_A, "duplicate": True}
    # the next deal over revision 2, then the first one once more: still deal 1, revision 2
    assert send(client, csrf, url, ID_B, 2, dealer="E", maker="S").get_json()["deal"] == 2
    late = send(client, csrf, url, ID_A, 1)
    assert (late.status_code, late.get_json()["deal"], late.get_json()["revision"]) == (200, 1, 2)
    # a second app on the same file (as a second server process opens it) knows the id too
    other, other_csrf = signed_in(make_app(db_path), token)
    across = send(other, other_csrf, url, ID_A, 3)
    assert across.status_code == 200 and across.get_json()["duplicate"] is True
    assert [d["result"]["maker"] for d in stored_deals(db_path, draft_of(url))] == ["E", "S"]


def test_one_deal_id_sent_to_two_drafts_is_stored_in_each(scorer, db_path):
    """A deal id names a deal *of a draft*: the same id arriving at a second draft (two sittings
    scored from one browser, or an id that happens to repeat) is a new deal there, stored as
    deal 1 at revision 2 of that draft, never answered with the first draft's receipt (which
    would lose the deal from the second draft). Kills the mutant whose id look-up
    (api/store/drafts._receipt) ignores the draft."""
    client, csrf = scorer
    first_url = start(client, csrf)
    second_url = start(client, csrf)
    assert draft_of(first_url) != draft_of(second_url)
    assert send(client, csrf, first_url, ID_A, 1).status_code == 201
    assert send(client, csrf, first_url, ID_B, 2, dealer="E", maker="S").status_code == 201
    other = send(client, csrf, second_url, ID_A, 1, maker="W", trump="S")
    assert other.status_code == 201, other.get_json()
    assert other.get_json() == {"draft": draft_of(second_url), "deal": 1, "revision": 2,
                                "deal_id": ID_A, "duplicate": False}
    assert [(d["result"]["maker"], d["result"]["trump"])
            for d in stored_deals(db_path, draft_of(second_url))] == [("W", "S")]
    assert [d["result"]["maker"] for d in stored_deals(db_path, draft_of(first_url))] == \
        ["E", "S"]
    # each draft still answers a resend of the id with its own receipt
    again = send(client, csrf, second_url, ID_A, 1, maker="W", trump="S")
    assert (again.status_code, again.get_json()["draft"], again.get_json()["deal"],
            again.get_json()["revision"]) == (200, draft_of(second_url), 1, 2)
    late = send(client, csrf, first_url, ID_A, 1)
    assert (late.status_code, late.get_json()["draft"], late.get_json()["deal"]) == \
        (200, draft_of(first_url), 1)


def test_a_form_sent_twice_is_stored_once(scorer, db_path):
    client, csrf = scorer
    url = start(client, csrf)
    page = BeautifulSoup(client.get(url).data, "html.parser")
    deal_id = page.find("input", {"name": "deal_id"})["value"]   # the page's own id (no script)
    assert re.fullmatch(r"[0-9a-f-]{36}", deal_id)
    html = {"Accept": "text/html"}
    assert send(client, csrf, url, deal_id, 1, headers=html).status_code == 303
    resp = send(client, csrf, url, deal_id, 1, headers=html)
    assert resp.status_code == 303
    page = BeautifulSoup(client.get(resp.headers["Location"]).data, "html.parser")
    assert "Deal 1 had already arrived" in page.find(id="messages").text
    assert len(stored_deals(db_path, draft_of(url))) == 1
    # the next page's form carries a new id
    assert page.find("input", {"name": "deal_id"})["value"] != deal_id


def test_two_sends_of_one_id_at_once_store_one_deal(db_path, token):
    app = make_app(db_path)
    client, csrf = signed_in(app, token)
    url = start(client, csrf)
    answers: list[int] = []
    # the apps (and their Jinja environments) are made here, one after another: compiling
    # templates in four threads at once once hit CPython 3.11's "AST constructor recursion
    # depth mismatch"; the point is four sends at once, so the threads only send, released
    # together by the barrier so the duplicates still race on the server
    phones = [signed_in(make_app(db_path), token) for _ in range(4)]
    for c, _k in phones:   # every page template compiled before the race, too
        c.get(url).close()
    gate = threading.Barrier(len(phones))

    def one(c: Any, k: str) -> None:
        gate.wait()
        answers.append(send(c, k, url, ID_C, 1).status_code)
    threads = [threading.Thread(target=one, args=phone) for phone in phones]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(answers) == [200, 200, 200, 201]
    assert len(stored_deals(db_path, draft_of(url))) == 1


def test_two_phones_on_one_draft_see_both_versions_and_keep_either(db_path, token):
    phone_a, csrf_a = signed_in(make_app(db_path), token)
    phone_b, csrf_b = signed_in(make_app(db_path), token)
    url = start(phone_a, csrf_a)
    assert send(phone_a, csrf_a, url, ID_A, 1).status_code == 201     # A: E made hearts, 3
    # B entered deal 1 over revision 1 too, differently: S made spades alone, 5 tricks
    clash = send(phone_b, csrf_b, url, ID_B, 1, maker="S", trump="S", tricks="5", alone="yes")
    assert clash.status_code == 409
    error = clash.get_json()["error"]
    assert (error["code"], error["revision"], error["seen"], error["position"]) == \
        ("stale-draft", 2, 1, 0)
    assert error["stored"] == [{"deal": 1, "summary": "dealt by N Ann: E Bob made ♥ hearts, "
                                                     "3 tricks"}]
    assert error["mine"] == [{"deal": 1, "summary": "dealt by N Ann: S Cy made ♠ spades alone, "
                                                   "5 tricks"}]
    assert len(stored_deals(db_path, draft_of(url))) == 1               # nothing of B stored
    # the same clash on the page (no script): both versions, a way to keep either
    page = BeautifulSoup(send(phone_b, csrf_b, url, ID_B, 1, headers={"Accept": "text/html"},
                              maker="S", trump="S", tricks="5", alone="yes").data, "html.parser")
    panel = page.find(id="conflict")
    assert "E Bob made ♥ hearts, 3 tricks" in panel.text
    assert "S Cy made ♠ spades alone, 5 tricks" in panel.text
    assert panel.find("a", string="Keep the stored version")["href"].startswith(url)
    keep = panel.find("form")
    fields = {i["name"]: i["value"] for i in keep.find_all("input")}
    assert (fields["base_revision"], fields["revision"], fields["deal_id"]) == ("1", "2", ID_B)
    resp = phone_b.post(keep["action"], data=fields)
    assert resp.status_code == 303
    deals = stored_deals(db_path, draft_of(url))
    assert [(d["result"]["maker"], d["result"]["tricks"]) for d in deals] == [("S", 5)]
    # A's version stays in the history: revision 2 holds it, revision 3 is B's
    conn = sqlite3.connect(db_path)
    revs = conn.execute("SELECT revision FROM draft_revisions WHERE draft_id = ? ORDER BY 1",
                        (draft_of(url),)).fetchall()
    conn.close()
    assert revs == [(1,), (2,), (3,)]
    # keeping mine again (a second tap) is the duplicate it is
    again = phone_b.post(keep["action"], data=fields, headers=JSON)
    assert again.status_code == 200 and again.get_json()["deal"] == 1
    assert again.get_json()["duplicate"] is True


def test_a_refused_deal_is_located_and_nothing_is_stored(scorer, db_path):
    client, csrf = scorer
    url = start(client, csrf)
    resp = send(client, csrf, url, ID_A, 1, trump="", tricks="")
    assert resp.status_code == 422
    error = resp.get_json()["error"]
    assert error["code"] == "deal-refused" and error["deal"] == 1
    assert {p["where"] for p in error["problems"]} == {"trump", "tricks"}
    bad = send(client, csrf, url, "not an id!", 1)
    assert bad.status_code == 422
    assert "deal_id: a deal id is 8 to 64 letters" in bad.get_json()["error"]["problems"][0]["what"]
    assert stored_deals(db_path, draft_of(url)) == []
    # the refused id was not spent: the deal, corrected, goes with it
    assert send(client, csrf, url, ID_A, 1).status_code == 201


def test_a_finished_draft_still_answers_a_resend(scorer, db_path):
    client, csrf = scorer
    url = start(client, csrf)
    assert send(client, csrf, url, ID_A, 1).status_code == 201
    assert client.post(url + "/finish", data={"csrf_token": csrf, "revision": "2"}).status_code \
        == 303
    resend = send(client, csrf, url, ID_A, 1)
    assert resend.status_code == 200 and resend.get_json()["duplicate"] is True
    late = send(client, csrf, url, ID_B, 2)
    assert late.status_code == 409 and late.get_json()["error"]["code"] == "draft-closed"


def test_the_ids_are_append_only(scorer, db_path):
    client, csrf = scorer
    url = start(client, csrf)
    send(client, csrf, url, ID_A, 1)
    conn = sqlite3.connect(db_path)
    try:
        for sql in ("UPDATE draft_deal_ids SET deal_number = 2", "DELETE FROM draft_deal_ids"):
            with pytest.raises(sqlite3.IntegrityError, match="never changed or removed"):
                conn.execute(sql)
    finally:
        conn.close()


def test_the_service_worker_and_what_it_keeps(scorer):
    client, _ = scorer
    resp = client.get("/sw.js")
    assert resp.status_code == 200 and resp.mimetype == "text/javascript"
    assert resp.headers["Content-Security-Policy"] == \
        "default-src 'none'; connect-src 'self'; frame-ancestors 'none'"
    assert resp.headers["Cache-Control"] == "no-cache"
    body = resp.data.decode()
    assets = re.findall(r'"(/web/static/[^"]+)"', body)
    assert {a.split("?")[0].rsplit("/", 1)[1] for a in assets} == \
        {"pages.css", "print.css", "entry.js", "offline.js", "localtime.js"}
    for asset in assets:
        answer = client.get(asset)
        answer.close()   # a file response holds the file open until closed
        assert answer.status_code == 200, asset
    page = client.get("/")
    assert "worker-src 'self'" in page.headers["Content-Security-Policy"]


@pytest.mark.parametrize("revision", [str(2**63), str(2**70), "9" * 5000, "²"],
                         ids=["2^63", "2^70", "nines", "sup2"])
@pytest.mark.parametrize("headers", [JSON, {"Accept": "text/html"}], ids=["json", "page"])
def test_a_revision_no_draft_has_is_a_stale_page_never_a_500(scorer, db_path, revision, headers):
    """A deal sent over a revision past SQLite's integers (or no whole number) is sent over no
    revision the draft has: the clash of a stale page (409 in JSON, the page with both versions
    otherwise), and nothing is stored (issue 32: the clash's lookup of that revision was a 500)."""
    client, csrf = scorer
    url = start(client, csrf)
    assert send(client, csrf, url, ID_A, 1).status_code == 201
    resp = send(client, csrf, url, ID_B, revision, headers=headers, maker="S")
    assert resp.status_code == (409 if headers is JSON else 200), resp.status_code
    if headers is JSON:
        assert resp.get_json()["error"]["code"] == "stale-draft"
    assert len(stored_deals(db_path, draft_of(url))) == 1


@pytest.mark.parametrize("base_revision, revision", [
    ("x", "y"), ("99", "2"), ("", ""),
    # past SQLite's integers, either sign, and past int()'s 4,300 digits: 500s before (issue 32)
    (str(2**63), "2"), (str(-2**70), "2"), ("9" * 5000, "2"), ("²", "2")],
    ids=["words", "unknown", "blank", "2^63", "-2^70", "nines", "sup2"])
def test_keep_mine_with_nonsense_is_a_located_refusal(scorer, db_path, base_revision, revision):
    client, csrf = scorer
    url = start(client, csrf)
    assert send(client, csrf, url, ID_A, 1).status_code == 201
    resp = client.post(url + "/keep-mine", headers=JSON, data={
        "csrf_token": csrf, "revision": revision, "base_revision": base_revision,
        "deal_id": ID_B, "dealer": "N", "maker": "S", "trump": "S", "tricks": "4"})
    assert resp.status_code == 422
    (problem,) = resp.get_json()["error"]["problems"]
    assert problem["what"] == f"base_revision: draft {draft_of(url)} has no revision " \
                              f"{base_revision!r}"
    assert len(stored_deals(db_path, draft_of(url))) == 1
