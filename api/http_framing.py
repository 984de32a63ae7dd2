"""Request framing checked in front of waitress: a request whose length is ambiguous or absurd is
answered 400 and its connection closed, so nothing after it on the connection is read as a
request (request smuggling; RFC 9112 §6.1, §6.3, §7.1).

Contract (:class:`StrictRequestParser`, the parser of every connection of api/server.py):
- ``Content-Length`` together with ``Transfer-Encoding``: 400, closed. RFC 9112 §6.3 says such
  a message "ought to be handled as an error" and the connection closed; waitress would let
  Transfer-Encoding win and keep the connection open, so a front proxy that framed the message
  by its Content-Length and this server would disagree on where the next request starts.
- ``Transfer-Encoding`` in an HTTP/1.0 request: 400, closed (§6.1: the framing is faulty).
- A chunk size of 2^64 or more (a 17th hex digit; no body has so many bytes), or a chunk-size
  line longer than 4 KiB: 400, closed at once,
  instead of waiting for the bytes such a size announces until the channel times out; a chunk
  that would take the body past the server's body limit: 413, closed at once.
Errors are answered by api/server.py's error task (the one JSON error shape, ``Connection:
close``); waitress drops whatever the client had sent after the faulty request.
"""

from __future__ import annotations

from typing import Any

from waitress.parser import HTTPRequestParser, ParsingError
from waitress.receiver import ChunkedReceiver
from waitress.utilities import BadRequest, RequestEntityTooLarge

__all__ = ["StrictRequestParser", "MAX_CHUNK_SIZE_DIGITS"]

MAX_CHUNK_SIZE_DIGITS = 16
"""A chunk size of 16^16 (2^64) or more is refused: no body has so many bytes."""
MAX_CONTROL_LINE = 4096
"""Longest chunk-size line (with its extensions) read before its CR LF."""


class StrictRequestParser(HTTPRequestParser):  # type: ignore[misc]
    """waitress's request parser with the framing checks of the module contract."""

    def parse_header(self, header_plus: bytes) -> None:
        te_line = any(line.split(b":", 1)[0].strip().lower() == b"transfer-encoding"
                      for line in header_plus.split(b"\n")[1:])
        super().parse_header(header_plus)
        if te_line and "CONTENT_LENGTH" in self.headers:
            raise ParsingError("both Content-Length and Transfer-Encoding: the length of the "
                               "body is ambiguous (RFC 9112 section 6.3)")
        if te_line and self.version == "1.0":
            raise ParsingError("Transfer-Encoding in an HTTP/1.0 request (RFC 9112 section 6.1)")
        if self.chunked:
            self.body_rcv = BoundedChunkedReceiver(self.body_rcv.buf,
                                                   self.adj.max_request_body_size)


class BoundedChunkedReceiver(ChunkedReceiver):  # type: ignore[misc]
    """A chunked body whose chunk sizes are checked as soon as they are read."""

    def __init__(self, buf: Any, max_body: int) -> None:
        super().__init__(buf)
        self.max_body = max_body

    def received(self, s: bytes) -> int:
        consumed: int = super().received(s)
        if self.error is not None:
            return consumed
        if self.chunk_remainder >= 16 ** MAX_CHUNK_SIZE_DIGITS or \
                len(self.control_line) > MAX_CONTROL_LINE:
            self.error = BadRequest(f"a chunk size of more than {MAX_CHUNK_SIZE_DIGITS} hex "
                                    "digits")
        elif len(self.buf) + self.chunk_remainder >= self.max_body:
            self.error = RequestEntityTooLarge(f"exceeds max_body of {self.max_body}")
        if self.error is not None:
            self.all_chunks_received = True
        return consumed
