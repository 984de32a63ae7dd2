"""euchre serve --workers 2: the API on gunicorn, two processes, the default (waitress) intact."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _euchre() -> str:
    exe = Path(sys.executable).with_name("euchre")
    if not exe.exists():
        pytest.skip("the euchre entry point is not installed next to this Python")
    return str(exe)


def test_serve_with_two_gunicorn_workers(tmp_path):
    if os.environ.get("CI") is None:
        pytest.importorskip("gunicorn")
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    proc = subprocess.Popen([_euchre(), "serve", "--port", "0", "--workers", "2", "--threads", "2"],
                            cwd=tmp_path, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            text=True)
    try:
        port = None
        deadline = time.monotonic() + 60
        seen = []
        while time.monotonic() < deadline and port is None:
            line = proc.stderr.readline()
            if not line:
                break
            seen.append(line)
            found = re.search(r"on http://127\.0\.0\.1:(\d+)/ with 2 gunicorn workers", line)
            port = int(found.group(1)) if found else None
        assert port, "".join(seen)
        assert any("sign-in" in s.lower() or "token" in s.lower() for s in seen), seen
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/rubbers", timeout=10) as resp:
            body = json.loads(resp.read())
        assert resp.status == 200 and body["total"] >= 5  # the examples, loaded on first start
        assert resp.headers["X-Content-Type-Options"] == "nosniff"  # the app's, on gunicorn too
        # gunicorn's own parser (22+) refuses what api/http_framing.py refuses on waitress:
        # Content-Length with Transfer-Encoding, answered once and closed
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.sendall(b"POST /validate HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n"
                         b"Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
                         b"GET /rubbers HTTP/1.1\r\nHost: x\r\n\r\n")
            data = b""
            while chunk := sock.recv(65536):
                data += chunk
        assert re.findall(rb"HTTP/1\.[01] ([0-9]{3}) ", data) == [b"400"], data[:300]
        children: list[str] = []
        for _ in range(100):  # the master forks its workers after binding
            children = subprocess.run(["pgrep", "-P", str(proc.pid)], capture_output=True,
                                      text=True).stdout.split()
            if len(children) == 2:
                break
            time.sleep(0.1)
        assert len(children) == 2
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        proc.stderr.close()
    assert proc.returncode == 0
