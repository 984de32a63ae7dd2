"""The CPU one client can take: costly requests share a few slots per process.

Every costly computation goes through it: a record's claims, a large body, and the double-dummy
analysis of a record (api/store/analysis_cache.py), and any added later.

A record's claims are checked by searching every line of play (euchre_records/claims.py),
bounded per request (``DEFAULT_REQUEST_BUDGET``, about a second of CPU), and a large body costs
its parse and replay. That bounded one request, not eight: eight claim-heavy bodies at once took
every worker thread and the interpreter's lock for seconds, and a plain GET waited up to 10 s.
The gate bounds them together.

Contract (:class:`ClaimGate`; one per app, used by every request through api/app.py):
- A request is costly once its body is larger than :data:`LARGE_BODY` (64 KiB; a long rubber in
  full detail is a few KiB to a few tens), checked before the body is read, or once its claim
  searches pass :data:`FREE_POSITIONS` (a few tens of milliseconds: an ordinary record's claims
  never get there). Cheap requests never meet the gate.
- An analysis not yet cached is costly from the start (:meth:`Pacer.take`); a request that asks
  for an analysis another request is computing waits for its end as one of the queue
  (:meth:`ClaimGate.follow`), under the same bounds.
- A costly request needs one of ``slots`` (:data:`SLOTS`) to go on, and holds it until it ends.
- At most ``queue`` (:data:`QUEUE`) requests wait for a slot, each at most ``wait`` seconds,
  sleeping (the interpreter's lock is free meanwhile). A request that finds the queue full, or
  waits in vain, is refused at once with :class:`ServerBusy` (answered 503 ``busy`` with
  ``Retry-After``): it holds no thread the others need.
With the defaults at most 1 + 2 of the server's 8 threads are given to costly requests and one
of them computes at a time (the interpreter runs one thread at once anyway: a second would only
halve the share of everyone else); ``benchmarks/probe_dos.py`` times a GET beside eight such
bodies.
"""

from __future__ import annotations

import threading

__all__ = ["ClaimGate", "ServerBusy", "Pacer", "SLOTS", "QUEUE", "WAIT_SECONDS",
           "FREE_POSITIONS", "LARGE_BODY"]

SLOTS = 1
QUEUE = 2
WAIT_SECONDS = 5.0
FREE_POSITIONS = 20_000
"""Positions searched before a request must hold a slot: ~40 ms of CPU, ten times what a claim
before the first trick costs on average (benchmarks/bench_claims.py)."""
LARGE_BODY = 64 * 1024
"""A body larger than this (bytes) makes its request costly from the start."""


class ServerBusy(Exception):
    """Other requests are checking claims at length now: try again in ``retry_after`` seconds."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class ClaimGate:
    """Slots for long claim searches, shared by the threads of one process (see the module)."""

    def __init__(self, slots: int = SLOTS, queue: int = QUEUE, wait: float = WAIT_SECONDS,
                 free: int = FREE_POSITIONS, large_body: int = LARGE_BODY) -> None:
        self.slots, self.queue, self.wait, self.free = slots, queue, wait, free
        self.large_body = large_body
        self._slots = threading.BoundedSemaphore(slots)
        self._lock = threading.Lock()
        self._waiting = 0

    def pacer(self) -> "Pacer":
        """The pace of one request's searches (give it to ``search_budget``; release at the end)."""
        return Pacer(self)

    def _acquire(self) -> None:
        if self._slots.acquire(blocking=False):
            return
        with self._lock:
            if self._waiting >= self.queue:
                raise ServerBusy(self._busy("others wait for it already"), 1)
            self._waiting += 1
        try:
            if not self._slots.acquire(timeout=self.wait):
                raise ServerBusy(self._busy(f"none was free within {self.wait:g} s"),
                                 max(1, round(self.wait)))
        finally:
            with self._lock:
                self._waiting -= 1

    def follow(self, done: threading.Event) -> None:
        """Wait, as one of the queue, for another request's computation to end (``done`` set).
        ServerBusy at once when the queue is full, or when it has not ended within ``wait``."""
        with self._lock:
            if self._waiting >= self.queue:
                raise ServerBusy(self._busy("others wait for it already"), 1)
            self._waiting += 1
        try:
            if not done.wait(self.wait):
                raise ServerBusy(self._busy(f"the same analysis, asked for by another request, "
                                            f"did not end within {self.wait:g} s"),
                                 max(1, round(self.wait)))
        finally:
            with self._lock:
                self._waiting -= 1

    def _busy(self, why: str) -> str:
        return (f"the server is busy with other costly requests (large bodies, long claim "
                f"searches or analyses) and has no slot for this one ({why}); send it again in "
                f"a moment")

    def _release(self) -> None:
        self._slots.release()


class Pacer:
    """One request's use of a :class:`ClaimGate`: called with the positions spent so far."""

    __slots__ = ("gate", "held")

    def __init__(self, gate: ClaimGate) -> None:
        self.gate, self.held = gate, False

    def __call__(self, spent: int) -> None:
        """The claim search's pace (``search_budget(pace=...)``): a slot past the allowance."""
        if not self.held and spent > self.gate.free:
            self.take()

    def body(self, length: int | None) -> None:
        """A request body of ``length`` bytes is coming: a slot if it is large."""
        if not self.held and length is not None and length > self.gate.large_body:
            self.take()

    def take(self) -> None:
        """Hold a slot from now to :meth:`release` (ServerBusy if none can be had)."""
        self.gate._acquire()
        self.held = True

    def release(self) -> None:
        """Give the slot back (at the end of the request); nothing if none was taken."""
        if self.held:
            self.held = False
            self.gate._release()

