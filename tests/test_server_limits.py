"""The production server's limits (api/server.py): slow or idle clients do not lock others out,
and the answers waitress gives itself are JSON of the one error shape.

Each test starts the real waitress server on 127.0.0.1 (a free port) in a thread.
"""

from __future__ import annotations

import http.client
import json
import re
import socket
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterator

import pytest

from euchre_records.api.app import MAX_CONTENT_LENGTH, create_app
from euchre_records.api.server import LIMITS, Limits, make_server
from pages_support import run_in_thread, stop_loop


def _start(tmp_path: Path, limits: Limits = LIMITS) -> tuple[Any, int]:
    app = create_app({"DATABASE": str(tmp_path / "limits.db")})
    server = make_server(app, host="127.0.0.1", port=0, threads=4, limits=limits)
    run_in_thread(server)
    return server, server.effective_port


@pytest.fixture
def live(tmp_path: Path) -> Iterator[int]:
    server, port = _start(tmp_path)
    yield port
    stop_loop(server)


def _raw(port: int, payload: bytes, timeout: float = 5.0) -> tuple[int, dict[str, str], bytes]:
    """Send ``payload`` as is and read the whole answer (the server closes after an error)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(payload)
        data = b""
        while True:
            try:
                chunk = sock.recv(65536)
            except (ConnectionResetError, socket.timeout):
                break
            if not chunk:
                break
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.lower(): v.strip() for k, v in (ln.split(":", 1) for ln in lines[1:] if ":" in ln)}
    return status, headers, body


def _error(body: bytes) -> dict[str, Any]:
    doc = json.loads(body)
    assert set(doc) == {"error"}
    assert set(doc["error"]) >= {"status", "code", "message", "problems"}
    return doc["error"]  # type: ignore[no-any-return]


def test_150_idle_connections_do_not_stop_a_normal_request(live: int) -> None:
    # Each idle client has sent half a request line and then nothing, as a slow client does.
    idle = []
    try:
        for _ in range(150):
            s = socket.create_connection(("127.0.0.1", live), timeout=5)
            s.sendall(b"GET /rubbers HTTP/1.1\r\nHost: x\r\n")
            idle.append(s)
        time.sleep(0.3)  # let the server accept them all
        started = time.monotonic()
        conn = http.client.HTTPConnection("127.0.0.1", live, timeout=5)
        conn.request("GET", "/rubbers")
        response = conn.getresponse()
        body = response.read()
        elapsed = time.monotonic() - started
        conn.close()
    finally:
        for s in idle:
            s.close()
    assert response.status == 200, body
    assert elapsed < 5.0
    assert json.loads(body)["total"] == 0


def test_a_body_over_the_limit_is_refused_by_the_server_in_json(live: int) -> None:
    # The length alone decides: waitress refuses before reading (let alone buffering) the body.
    too_big = MAX_CONTENT_LENGTH + 1
    status, headers, body = _raw(live, (
        f"POST /validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        f"Content-Length: {too_big}\r\n\r\n{{").encode())
    assert status == 413
    assert headers["content-type"] == "application/json"
    error = _error(body)
    assert (error["status"], error["code"]) == (413, "too-large")
    assert str(MAX_CONTENT_LENGTH) in error["message"]


def test_a_body_at_the_limit_reaches_the_app(live: int) -> None:
    # Exactly 2 MiB passes the server; the app reads it and answers (here: not JSON -> 400).
    body = b"x" * MAX_CONTENT_LENGTH
    conn = http.client.HTTPConnection("127.0.0.1", live, timeout=30)
    conn.request("POST", "/validate", body=body, headers={"Content-Type": "application/json"})
    response = conn.getresponse()
    error = _error(response.read())
    conn.close()
    assert (response.status, error["code"]) == (400, "malformed-json")


def test_headers_over_the_limit_are_refused_in_json(live: int) -> None:
    big = "a" * (LIMITS.max_request_header_size + 1000)
    status, headers, body = _raw(live, f"GET /rubbers HTTP/1.1\r\nHost: x\r\nX-Big: {big}\r\n\r\n".encode())
    assert status == 431
    assert headers["content-type"] == "application/json"
    assert _error(body)["code"] == "headers-too-large"


def test_a_malformed_request_is_answered_400_in_json(live: int) -> None:
    status, headers, body = _raw(live, b"GET /rubbers HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n")
    assert status == 400
    assert headers["content-type"] == "application/json"
    assert _error(body)["code"] == "bad-request"


def test_a_silent_connection_is_closed_after_the_channel_timeout(tmp_path: Path) -> None:
    server, port = _start(tmp_path, replace(LIMITS, channel_timeout=1, cleanup_interval=1))
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(b"GET /rubbers HTTP/1.1\r\n")
            started = time.monotonic()
            try:
                closed = sock.recv(1024) == b""
            except ConnectionResetError:
                closed = True
            waited = time.monotonic() - started
    finally:
        stop_loop(server)
    assert closed
    assert waited < 8


def test_the_port_in_use_fails_at_bind_before_serving(live: int, tmp_path: Path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "other.db")})
    with pytest.raises(OSError):
        make_server(app, host="127.0.0.1", port=live)


def test_an_unknown_host_fails_at_bind(tmp_path: Path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "other.db")})
    with pytest.raises(OSError):
        make_server(app, host="no-such-host.invalid", port=0)


# --- framing: what could smuggle a request is refused and its connection closed ---------------

def _answers(port: int, payload: bytes) -> tuple[list[bytes], float]:
    """Every status line the server sends on one connection, and the seconds until it closed."""
    started = time.monotonic()
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(payload)
        data = b""
        while True:
            try:
                chunk = sock.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            data += chunk
    return re.findall(rb"HTTP/1\.[01] ([0-9]{3}) ", data), time.monotonic() - started


SMUGGLED = b"GET /rubbers HTTP/1.1\r\nHost: x\r\n\r\n"
CHUNKED = (b"POST /validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
           b"Transfer-Encoding: chunked\r\n")


@pytest.mark.parametrize("name, payload, status", [
    ("CL and TE", CHUNKED + b"Content-Length: 5\r\n\r\n0\r\n\r\n" + SMUGGLED, b"400"),
    ("TE and CL", b"POST /validate HTTP/1.1\r\nHost: x\r\nContent-Length: 40\r\n"
                  b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + SMUGGLED, b"400"),
    ("TE in HTTP/1.0", b"POST /validate HTTP/1.0\r\nHost: x\r\nConnection: keep-alive\r\n"
                       b"Transfer-Encoding: chunked\r\nContent-Length: 0\r\n\r\n" + SMUGGLED,
     b"400"),
    ("CL and TE, any case", b"POST /validate HTTP/1.1\r\nHost: x\r\ncontent-length: 3\r\n"
                            b"transfer-encoding: CHUNKED\r\n\r\n0\r\n\r\n" + SMUGGLED, b"400"),
    ("two Content-Lengths", b"POST /validate HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n"
                            b"Content-Length: 3\r\n\r\n{}x" + SMUGGLED, b"400"),
    ("a space before the colon", b"POST /validate HTTP/1.1\r\nHost: x\r\nTransfer-Encoding :"
                                 b" chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n" + SMUGGLED,
     b"400"),
    ("a coding other than chunked", b"POST /validate HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: "
                                    b"chunked\r\nTransfer-Encoding: identity\r\n\r\n0\r\n\r\n"
                                    + SMUGGLED, b"501"),
    ("25-digit chunk size", CHUNKED + b"\r\n" + b"1" * 25 + b"\r\nabc", b"400"),
    ("a chunk past the body limit", CHUNKED + b"\r\n" + b"%x" % (MAX_CONTENT_LENGTH + 10)
     + b"\r\nabc", b"413"),
])
def test_faulty_framing_is_answered_once_and_closed(live: int, name: str, payload: bytes,
                                                    status: bytes) -> None:
    statuses, seconds = _answers(live, payload)
    assert statuses == [status], name
    assert seconds < 3, name  # closed at once, not at the channel timeout (30 s)


def test_a_clean_chunked_request_and_keep_alive_still_work(live: int) -> None:
    body = b'{"format": "no"}'
    chunked = CHUNKED + b"\r\n" + b"%x\r\n" % len(body) + body + b"\r\n0\r\n\r\n"
    leading_zeros = CHUNKED + b"\r\n" + b"0" * 20 + b"%x\r\n" % len(body) + body + b"\r\n0\r\n\r\n"
    last = b"GET /rubbers HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    statuses, _ = _answers(live, chunked + leading_zeros + SMUGGLED + last)
    assert statuses == [b"422", b"422", b"200", b"200"]
