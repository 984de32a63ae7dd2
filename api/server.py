"""The production server: waitress with limits that keep slow or greedy clients from stalling it.

Contracts:
- :func:`make_server` binds the socket (an ``OSError`` such as "address in use" or an unknown
  host is raised here, before anything is printed) and returns the waitress server; ``run()``
  serves until interrupted. :func:`serve` does both.
- The server's own request-body limit is the app's (:data:`~.app.MAX_CONTENT_LENGTH`, 2 MiB):
  a larger body is answered 413 as soon as its length is known, never buffered up to waitress's
  default of 1 GiB first.
- Errors waitress answers itself (400 malformed request, 413 body too large, 431 headers too
  large, 500) are JSON of the one error shape (:mod:`.errors`), as every answer of the app is.
- A request whose framing is ambiguous (``Content-Length`` with ``Transfer-Encoding``) or
  absurd (a chunk size past 2^64) is answered 400 and its connection closed, so nothing behind
  it is read as a request (:mod:`.http_framing`, RFC 9112).
- Costly requests (large bodies, long claim searches) share a slot (api/cpu_gate.py), and a
  computing thread yields the interpreter's lock within :data:`SWITCH_INTERVAL`: a GET beside
  eight claim-heavy bodies is answered in tens of milliseconds, not seconds.
- Idle connections cost a socket each, not a thread: :data:`LIMITS` allows 1,000 connections
  (waitress's default of 100 let 100 slow clients lock everyone out) and closes a connection that
  sends nothing for 30 s. See docs/DEPLOY.md for running behind a reverse proxy.
"""

from __future__ import annotations

import json
import os
import socket
import sys
from dataclasses import asdict, dataclass
from typing import Any

from waitress.channel import HTTPChannel
from waitress.server import BaseWSGIServer, MultiSocketServer, create_server
from waitress.task import ErrorTask

from .app import MAX_CONTENT_LENGTH
from .errors import CODES
from .headers import security_headers
from .http_framing import StrictRequestParser

__all__ = ["Limits", "LIMITS", "make_server", "serve", "run_until_interrupted", "error_body"]


@dataclass(frozen=True)
class Limits:
    """The waitress settings that bound what one client can hold (names as waitress's)."""

    connection_limit: int = 1000          # open connections at once (each a socket, no thread)
    channel_timeout: int = 30             # seconds a connection may send nothing before it is closed
    cleanup_interval: int = 10            # how often idle connections are looked for (seconds)
    max_request_body_size: int = MAX_CONTENT_LENGTH + 1   # waitress refuses a body >= this
    max_request_header_size: int = 64 * 1024
    backlog: int = 1024                   # connections the kernel queues before accept()
    asyncore_use_poll: bool = True        # poll(), not select(): no FD_SETSIZE ceiling


LIMITS = Limits()

SWITCH_INTERVAL = 0.001
"""Seconds a thread computing may keep the interpreter's lock while another asks for it
(Python's default is 0.005). A GET releases and takes the lock again at every socket and SQLite
call, each time waiting up to this long behind a thread that computes: with the default, a GET
beside one claim search took up to ~275 ms, with 1 ms 82 ms (benchmarks/probe_dos.py, on a
machine at load 7)."""

_WAITRESS_CODES = {400: "bad-request", 413: "too-large", 431: "headers-too-large",
                   500: "internal-error", 501: "not-implemented"}


def error_body(status: int, reason: str, detail: str) -> bytes:
    """The one error shape for an error waitress answers before the app sees the request."""
    if status == 413:
        message = f"request body larger than {LIMITS.max_request_body_size - 1} bytes"
    elif status == 431:
        message = f"request headers larger than {LIMITS.max_request_header_size} bytes"
    else:
        message = f"{reason.lower()}: {detail}" if detail else reason.lower()
    code = _WAITRESS_CODES.get(status) or CODES.get(status, "error")
    body = {"error": {"status": status, "code": code, "message": message, "problems": []}}
    return json.dumps(body).encode("utf-8")


class JsonErrorTask(ErrorTask):  # type: ignore[misc]
    """waitress's error answer, with a JSON body of the one error shape."""

    def execute(self) -> None:
        error = self.request.error
        body = error_body(error.code, error.reason, str(error.body or ""))
        self.status = f"{error.code} {error.reason}"
        self.response_headers.append(("Content-Type", "application/json"))
        self.response_headers.extend(security_headers("application/json"))
        self.set_close_on_finish()
        self.content_length = len(body)
        self.write(body)


class JsonErrorChannel(HTTPChannel):  # type: ignore[misc]
    """A connection whose server-level errors are answered by :class:`JsonErrorTask`."""

    error_task_class = JsonErrorTask
    parser_class = StrictRequestParser  # framing checked before waitress trusts it (smuggling)


def make_server(app: Any, host: str = "127.0.0.1", port: int = 8080, threads: int = 8,
                limits: Limits = LIMITS, **options: Any) -> BaseWSGIServer | MultiSocketServer:
    """Bind ``host:port`` and return the waitress server (``.run()`` serves; ``.close()`` stops).

    ``options`` go to waitress as they are. ``$EUCHRE_TRUSTED_PROXY`` (an address, e.g.
    ``127.0.0.1``) makes waitress trust that proxy's ``X-Forwarded-*`` headers (docs/DEPLOY.md).
    """
    proxy = os.environ.get("EUCHRE_TRUSTED_PROXY")
    if proxy and "trusted_proxy" not in options:
        options.update(trusted_proxy=proxy, trusted_proxy_headers={
            "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port"},
            clear_untrusted_proxy_headers=True)
    sock = _bind(host, port)
    sys.setswitchinterval(SWITCH_INTERVAL)
    try:
        server = create_server(app, sockets=[sock], threads=threads, ident="euchre-records",
                               **asdict(limits), **options)
    except BaseException:
        sock.close()
        raise
    for one in _listeners(server):
        one.channel_class = JsonErrorChannel
    return server


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port`` (bound here, so an address in use or an unknown host
    fails before waitress starts its threads; the socket is closed on failure)."""
    family, kind, proto, _, address = socket.getaddrinfo(
        host, port, socket.AF_UNSPEC, socket.SOCK_STREAM, 0, socket.AI_PASSIVE)[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
    except BaseException:
        sock.close()
        raise
    return sock


def _listeners(server: Any) -> list[Any]:
    if isinstance(server, MultiSocketServer):
        return [s for s in server.map.values() if isinstance(s, BaseWSGIServer)]
    return [server]


def serve(app: Any, host: str = "127.0.0.1", port: int = 8080, threads: int = 8,
          limits: Limits = LIMITS, **options: Any) -> None:
    """Bind and serve until interrupted (Ctrl-C)."""
    run_until_interrupted(make_server(app, host, port, threads, limits, **options))


def run_until_interrupted(server: Any) -> None:
    """Serve on an already bound server until Ctrl-C, then close its sockets."""
    try:
        server.run()
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
