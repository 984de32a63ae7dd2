"""Serving the app on gunicorn: several worker processes, for machines with more than one core.

Contract: :func:`serve_gunicorn` runs ``app`` on gunicorn (``workers`` processes of ``threads``
threads each, the gthread worker) until the master is stopped (Ctrl-C or SIGTERM), then returns.
The app is built once in the master and forked (``preload_app``): every worker shares its
configuration and secret key; connections to SQLite are opened per request, after the fork.
``on_ready(port)`` is called in the master once the socket is bound (the port is the real one
when 0 was asked). gunicorn runs on Unix only; ``euchre serve`` keeps waitress by default.
"""

from __future__ import annotations

import sys
from typing import Any, Callable

__all__ = ["serve_gunicorn"]

REQUEST_TIMEOUT_S = 30
"""A worker busy longer than this with one request is restarted (gunicorn's ``timeout``)."""


def serve_gunicorn(app: Any, *, host: str, port: int, workers: int, threads: int,
                   on_ready: Callable[[int], None] | None = None) -> None:
    """Serve ``app`` on gunicorn (see module contract)."""
    from gunicorn.app.base import BaseApplication

    from .server import SWITCH_INTERVAL
    sys.setswitchinterval(SWITCH_INTERVAL)  # inherited by the forked workers (api/server.py)

    def when_ready(arbiter: Any) -> None:
        if on_ready is not None:
            sock = arbiter.LISTENERS[0].sock
            on_ready(int(sock.getsockname()[1]))

    settings: dict[str, Any] = {
        "bind": f"[{host}]:{port}" if ":" in host else f"{host}:{port}",
        "workers": workers, "worker_class": "gthread", "threads": threads,
        "worker_connections": 1000, "timeout": REQUEST_TIMEOUT_S, "graceful_timeout": 10,
        "keepalive": 5, "limit_request_line": 8190, "limit_request_fields": 100,
        "limit_request_field_size": 8190, "preload_app": True, "accesslog": None,
        "loglevel": "warning", "proc_name": "euchre-records", "when_ready": when_ready,
    }

    class _Server(BaseApplication):  # type: ignore[misc]
        def load_config(self) -> None:
            for key, value in settings.items():
                self.cfg.set(key, value)

        def load(self) -> Any:
            return app

    _Server().run()
