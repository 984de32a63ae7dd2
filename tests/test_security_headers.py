"""Every answer carries the security headers (issue 22): pages, the JSON API, static files,
redirects and errors of every status, and the errors waitress answers itself (api/headers.py).

The expected values are the policy of docs/PAGES.md written out here, not read from the code.
"""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import pytest

from euchre_records.api.app import MAX_CONTENT_LENGTH, create_app
from euchre_records.api.server import make_server
from pages_support import run_in_thread, stop_loop

PAGE_CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
            "worker-src 'self'; form-action 'self'; frame-ancestors 'none'")
DATA_CSP = "default-src 'none'; frame-ancestors 'none'"
HTML = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}


@pytest.fixture(scope="module")
def app(tmp_path_factory: Any) -> Any:
    app = create_app({"DATABASE": str(tmp_path_factory.mktemp("h") / "h.db")})

    @app.route("/boom")  # an unexpected failure: the 500 must carry the headers too
    def boom() -> Any:
        raise RuntimeError("a bug")
    return app


def _expect(resp: Any, html: bool) -> None:
    assert resp.headers.get("X-Content-Type-Options") == "nosniff", resp.status
    assert resp.headers.get("Content-Security-Policy") == (PAGE_CSP if html else DATA_CSP)
    assert resp.headers.get("Referrer-Policy") == "same-origin"


CASES = [  # (method, path, kwargs, status, html)
    ("GET", "/", {}, 200, True),
    ("GET", "/no/such/page", {"headers": HTML}, 404, True),
    ("GET", "/no/such/page", {}, 404, False),
    ("GET", "/web/no-such-page", {}, 404, True),
    ("GET", "/web/rubbers/999", {}, 404, True),
    ("GET", "/rubbers/999", {}, 404, False),
    ("GET", "/validate", {}, 405, False),
    ("DELETE", "/login", {}, 405, True),
    ("POST", "/validate", {"data": b"x" * (MAX_CONTENT_LENGTH + 1),
                           "content_type": "application/json"}, 413, False),
    ("POST", "/validate", {"data": "{", "content_type": "text/plain"}, 415, False),
    ("POST", "/validate", {"data": "{", "content_type": "application/json"}, 400, False),
    ("POST", "/validate", {"data": "{}", "content_type": "application/json"}, 422, False),
    ("POST", "/records", {"data": "{}", "content_type": "application/json"}, 401, False),
    ("GET", "/rubbers?page=0", {}, 422, False),
    ("GET", "/login?next=/web/x", {}, 200, True),
    ("GET", "/openapi.json", {}, 200, False),
    ("GET", "/boom", {}, 500, False),
]


@pytest.mark.parametrize("method, path, kwargs, status, html", CASES,
                         ids=[f"{c[0]} {c[1][:30]} {c[3]}" for c in CASES])
def test_every_answer_of_the_app_has_the_security_headers(app: Any, method: str, path: str,
                                                          kwargs: dict[str, Any], status: int,
                                                          html: bool) -> None:
    resp = app.test_client().open(path, method=method, **kwargs)
    assert resp.status_code == status, resp.get_data(as_text=True)[:200]
    _expect(resp, html)


def test_static_files_and_redirects_too(app: Any) -> None:
    client = app.test_client()
    page = client.get("/").get_data(as_text=True)
    css = page.split('href="/web/static/', 1)[1].split('"', 1)[0]
    static = client.get("/web/static/" + css)
    static.close()
    assert static.status_code == 200
    _expect(static, html=False)
    redirect = client.post("/logout", headers={"Sec-Fetch-Site": "same-origin"})
    assert redirect.status_code == 303
    _expect(redirect, html=True)


def _raw(port: int, payload: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
        sock.sendall(payload)
        data = b""
        while True:
            try:
                chunk = sock.recv(65536)
            except (ConnectionResetError, socket.timeout):  # closed after its error answer
                break
            if not chunk:
                break
            data += chunk
    return data


def test_the_errors_waitress_answers_itself_have_them(tmp_path: Path) -> None:
    server = make_server(create_app({"DATABASE": str(tmp_path / "w.db")}), host="127.0.0.1",
                         port=0, threads=2)
    run_in_thread(server)
    try:
        for payload in (b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n",
                        b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 70_000 + b"\r\n\r\n"):
            head = _raw(server.effective_port, payload).split(b"\r\n\r\n", 1)[0].decode()
            assert head.split()[1] in ("400", "431"), head
            assert "X-Content-Type-Options: nosniff" in head
            assert f"Content-Security-Policy: {DATA_CSP}" in head
    finally:
        stop_loop(server)
