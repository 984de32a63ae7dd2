"""Documentation that runs: the shell sessions of README.md and docs/*.md are executed and their
output compared with what the page shows, so the docs cannot drift from the program.

What counts as a session (any Markdown file, so pages added later are tested the same way):

- a fenced code block whose first line starts with ``$ ``; each ``$ `` line is a command
  (a line ending in ``\\`` continues it), the lines up to the next ``$ `` line its output;
- the sessions of one page run in order, in ONE bash shell (files and variables made by one
  command are there for the next), in a fresh folder holding a copy of ``examples/``;
- a fenced block preceded by ``<!-- file: NAME -->``, or by prose that says ``save it as
  `NAME` `` since the previous block, is written to that folder as NAME before the sessions run;
- ``http://127.0.0.1:8080`` in a command is a real server: ``euchre serve --db club.db`` started
  by the test in that folder on a free port (the URL is rewritten to it);
- ``<!-- doctest: copy PATH -->`` (PATH relative to the repository) copies that file, or every
  file of that folder, into the session folder first: for inputs too long to show on the page;
- a page can opt out with ``<!-- doctest: skip -->`` anywhere in it (say why next to it).

A command's output on the page is what the terminal shows (standard output and error) or standard
output alone; a last line ``[exit N]`` is its exit status (otherwise the status is not compared).
Output matching: ``...`` stands for anything (doctest's ELLIPSIS) and runs of white space are
equal (NORMALIZE_WHITESPACE). When both the page and the program show JSON, they are compared as
JSON: objects by key (key order and layout do not matter; ``...`` as a member allows more
members), arrays in order (``...`` as an element allows more elements there), ``{...}``, ``[...]``
or ``...`` as a value match any value, and a trailing ``# comment`` on the page is ignored. An
HTTP answer shown with ``curl -i`` gives the status line, then any headers that must be there,
then the body.
"""

from __future__ import annotations

import doctest
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
URL = "http://127.0.0.1:8080"
FENCE = re.compile(r"^(```+|~~~+)")


@dataclass
class Step:
    command: str
    expected: str
    line: int          # where the command is on the page (1-based)


@dataclass
class Page:
    path: Path
    files: dict[str, str] = field(default_factory=dict)
    steps: list[Step] = field(default_factory=list)
    skip: str | None = None
    copies: list[str] = field(default_factory=list)


def read_page(path: Path) -> Page:
    """The files to write and the session steps of one Markdown page."""
    page = Page(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    prose: list[str] = []
    i = 0
    while i < len(lines):
        if "<!-- doctest: skip" in lines[i]:
            page.skip = lines[i].strip()
        page.copies += re.findall(r"<!-- doctest: copy (\S+) -->", lines[i])
        fence = FENCE.match(lines[i])
        if not fence:
            prose.append(lines[i])
            i += 1
            continue
        start = i + 1
        end = start
        while end < len(lines) and not lines[end].startswith(fence.group(1)):
            end += 1
        block = lines[start:end]
        said = "\n".join(prose)
        name = re.findall(r"<!-- file: (\S+) -->", said) or re.findall(r"(?i)save it as `([^`]+)`", said)
        if name:
            page.files[name[-1]] = "\n".join(block) + "\n"
        elif block and block[0].startswith("$ "):
            page.steps += _steps(block, start + 1)
        prose = []
        i = end + 1
    return page


def _steps(block: list[str], first_line: int) -> list[Step]:
    steps: list[Step] = []
    j = 0
    while j < len(block):
        if not block[j].startswith("$ "):
            j += 1
            continue
        at = first_line + j
        command = block[j][2:]
        while command.endswith("\\") and j + 1 < len(block):
            j += 1
            command = command[:-1] + " " + block[j].strip()
        j += 1
        out: list[str] = []
        while j < len(block) and not block[j].startswith("$ "):
            out.append(block[j])
            j += 1
        steps.append(Step(command, "\n".join(out).strip("\n"), at))
    return steps


# --- matching ----------------------------------------------------------------------------------

_ANY = object()      # a value that matches anything ("...", "{...}", "[...]")
_MORE = object()     # "..." among the members of an object or the elements of an array


class _Template:
    """A parser of JSON in which ``...`` may stand for values, members or elements."""

    def __init__(self, text: str) -> None:
        self.s, self.i = text, 0

    def ws(self) -> None:
        while self.i < len(self.s) and self.s[self.i] in " \t\r\n":
            self.i += 1

    def value(self) -> Any:
        self.ws()
        s = self.s
        if s.startswith("...", self.i):
            self.i += 3
            return _ANY
        if s.startswith("{...}", self.i) or s.startswith("[...]", self.i):
            self.i += 5
            return _ANY
        c = s[self.i]
        if c == "{":
            return self.container("}", True)
        if c == "[":
            return self.container("]", False)
        decoded, end = json.JSONDecoder().raw_decode(s, self.i)
        self.i = end
        return decoded

    def container(self, close: str, is_object: bool) -> Any:
        self.i += 1
        items: list[Any] = []
        while True:
            self.ws()
            if self.s[self.i] == close:
                self.i += 1
                break
            if self.s.startswith("...", self.i):
                self.i += 3
                items.append(_MORE)
            elif is_object:
                key = self.value()
                self.ws()
                assert self.s[self.i] == ":", f"':' expected at {self.i}"
                self.i += 1
                items.append((key, self.value()))
            else:
                items.append(self.value())
            self.ws()
            if self.s[self.i] == ",":
                self.i += 1
        return ("object" if is_object else "array", items)


def json_template(text: str) -> Any:
    """The page's JSON (with ``...``) as a template; trailing ``# comments`` dropped."""
    cleaned = "\n".join(re.sub(r"\s+#\s.*$", "", ln) for ln in text.splitlines())
    parser = _Template(cleaned)
    value = parser.value()
    parser.ws()
    if parser.i != len(parser.s):
        raise ValueError(f"text after the JSON: {parser.s[parser.i:][:40]!r}")
    return value


def json_mismatch(want: Any, got: Any, where: str = "$") -> str | None:
    """None when ``got`` matches the template ``want``, else where and why not."""
    if want is _ANY:
        return None
    if isinstance(want, tuple) and want[0] == "object":
        if not isinstance(got, dict):
            return f"{where}: the page shows an object, the program gives {got!r}"
        more = _MORE in want[1]
        members = [m for m in want[1] if m is not _MORE]
        for key, value in members:
            if key not in got:
                return f"{where}: no member {key!r} (the program gives {sorted(got)})"
            problem = json_mismatch(value, got[key], f"{where}.{key}")
            if problem:
                return problem
        extra = set(got) - {k for k, _ in members}
        if extra and not more:
            return f"{where}: members the page does not show: {sorted(extra)}"
        return None
    if isinstance(want, tuple) and want[0] == "array":
        if not isinstance(got, list):
            return f"{where}: the page shows an array, the program gives {got!r}"
        items = want[1]
        if _MORE not in items:
            if len(items) != len(got):
                return f"{where}: {len(items)} elements on the page, {len(got)} from the program"
            pairs = list(zip(items, got))
        else:
            cut = items.index(_MORE)
            head, tail = items[:cut], [x for x in items[cut + 1:] if x is not _MORE]
            if len(head) + len(tail) > len(got):
                return f"{where}: more elements on the page than from the program ({len(got)})"
            pairs = list(zip(head, got)) + list(zip(tail, got[len(got) - len(tail):]))
        for k, (w, g) in enumerate(pairs):
            problem = json_mismatch(w, g, f"{where}[{k}]")
            if problem:
                return problem
        return None
    if want != got or type(want) is not type(got):
        return f"{where}: the page shows {want!r}, the program gives {got!r}"
    return None


_CHECKER = doctest.OutputChecker()
_FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def mismatch(expected: str, actual: str) -> str | None:
    """None when the program's output matches what the page shows (see the module docstring)."""
    if expected.startswith("HTTP/"):
        want_head, _, want_body = expected.partition("\n{")
        want_body = "{" + want_body if want_body else ""
        got_head, _, got_body = actual.replace("\r\n", "\n").partition("\n\n")
        want_lines, got_lines = want_head.splitlines(), got_head.splitlines()
        if not _CHECKER.check_output(want_lines[0] + "\n", got_lines[0] + "\n", _FLAGS):
            return f"status: the page shows {want_lines[0]!r}, the program gives {got_lines[0]!r}"
        headers = {ln.partition(":")[0].strip().lower(): ln.partition(":")[2].strip() for ln in got_lines[1:]}
        for ln in want_lines[1:]:
            name, _, value = ln.partition(":")
            got_value = headers.get(name.strip().lower())
            if got_value is None or not _CHECKER.check_output(value.strip() + "\n", got_value + "\n", _FLAGS):
                return f"header {name.strip()}: the page shows {value.strip()!r}, the program gives {got_value!r}"
        return mismatch(want_body, got_body) if want_body else None
    if expected.lstrip()[:1] in "{[" and expected.strip():
        try:
            got = json.loads(actual)
        except ValueError:
            got = None
        if got is not None:
            return json_mismatch(json_template(expected), got)
    if _CHECKER.check_output(expected + "\n", actual, _FLAGS):
        return None
    return f"the page shows:\n{expected}\nthe program gives:\n{actual}"


@dataclass
class Run:
    """What one command printed, on each stream, and its exit status."""

    out: str
    err: str
    status: int


def step_mismatch(expected: str, run: Run) -> str | None:
    """None when the run matches the page: an ``[exit N]`` last line is the exit status; the
    rest is what the terminal shows (both streams) or standard output alone."""
    lines = expected.splitlines()
    if lines and re.fullmatch(r"\[exit \d+\]", lines[-1].strip()):
        code = int(lines.pop().strip()[6:-1])
        if run.status != code:
            return f"exit status {run.status}, the page shows {code}\n{run.out}{run.err}"
    want = "\n".join(lines).strip("\n")
    if not want:
        return None
    seen = [run.out, run.out + run.err, run.err + run.out]
    problems = [mismatch(want, s.strip("\n")) for s in seen]
    return None if any(p is None for p in problems) else problems[1]


# --- running -----------------------------------------------------------------------------------

def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_for(port: int, proc: subprocess.Popen[bytes], seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"the server stopped: {proc.stderr.read().decode() if proc.stderr else ''}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError("the server did not start")


def run_page(page: Page, folder: Path) -> list[tuple[Step, str]]:
    """Run the page's steps in ``folder``; (step, its output) for each."""
    shutil.copytree(ROOT / "examples", folder / "examples")
    for name in page.copies:
        source = ROOT / name
        for f in ([source] if source.is_file() else sorted(source.iterdir())):
            if f.is_file():
                shutil.copy(f, folder / f.name)
    for name, text in page.files.items():
        (folder / name).write_text(text, encoding="utf-8")
    env = dict(os.environ, PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}",
               COLUMNS="200", NO_COLOR="1")
    env.pop("EUCHRE_DB", None)
    server: subprocess.Popen[bytes] | None = None
    port = _free_port()
    try:
        if any(URL in s.command for s in page.steps):
            server = subprocess.Popen(
                ["euchre", "serve", "--db", "club.db", "--port", str(port), "--threads", "2",
                 "--no-first-token"], cwd=folder, env=env,
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
            _wait_for(port, server)
        io = Path(tempfile.mkdtemp(prefix="doc-io-"))
        script = "".join(
            f"{{ {s.command.replace(URL, f'http://127.0.0.1:{port}')}\n}} >'{io}/{k}.out' 2>'{io}/{k}.err'"
            f" </dev/null\necho $? >'{io}/{k}.rc'\n" for k, s in enumerate(page.steps))
        subprocess.run(["bash", "--noprofile", "--norc"], input=script.encode(), cwd=folder,
                       env=env, capture_output=True, timeout=300)
        outputs = []
        for k, step in enumerate(page.steps):
            def read(ext: str) -> str:
                f = io / f"{k}.{ext}"
                text = f.read_text(encoding="utf-8", errors="replace") if f.exists() else ""
                return text.replace(f"127.0.0.1:{port}", "127.0.0.1:8080")
            rc = read("rc").strip()
            outputs.append((step, Run(read("out"), read("err"), int(rc) if rc else -1)))
        shutil.rmtree(io, ignore_errors=True)
        return outputs
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
            if server.stderr is not None:
                server.stderr.close()


RUNNABLE = [p for p in PAGES if read_page(p).steps]


def test_the_readme_and_api_pages_have_sessions() -> None:
    names = {p.name for p in RUNNABLE}
    assert {"README.md", "API.md"} <= names, names


@pytest.mark.slow   # a real shell, commands and a server per page: ~1 minute for all pages
@pytest.mark.parametrize("path", RUNNABLE, ids=[p.name for p in RUNNABLE])
def test_documented_sessions_give_the_documented_output(path: Path, tmp_path: Path) -> None:
    page = read_page(path)
    if page.skip:
        pytest.skip(page.skip)
    if any(URL in s.command for s in page.steps) and shutil.which("curl") is None:
        if os.environ.get("CI"):
            pytest.fail("curl is needed to run the documented requests")
        pytest.skip("curl is not installed")
    problems = []
    for step, run in run_page(page, tmp_path):
        problem = step_mismatch(step.expected, run)
        if problem:
            problems.append(f"{path.name}:{step.line}: $ {step.command}\n{problem}")
    assert not problems, "\n\n".join(problems)


# --- the harness itself --------------------------------------------------------------------------

def test_a_json_template_matches_with_ellipses_and_refuses_a_wrong_value() -> None:
    want = json_template('{"id": 1, "rubber": {"winner": "EW", ...}, "items": [{...}, ...]}  # note')
    assert json_mismatch(want, {"id": 1, "rubber": {"winner": "EW", "net": 4}, "items": [{}, 2]}) is None
    assert "winner" in (json_mismatch(want, {"id": 1, "rubber": {"winner": "NS"}, "items": [1]}) or "")
    assert "members the page does not show" in (json_mismatch(
        json_template('{"id": 1}'), {"id": 1, "more": 2}) or "")
    assert json_mismatch(json_template("[1, ..., 5]"), [1, 2, 3, 5]) is None
    assert json_mismatch(json_template("[1, ..., 5]"), [1, 2, 3, 4]) is not None


def test_sessions_files_and_continuations_are_read(tmp_path: Path) -> None:
    page_text = ("Save it as `a.json`:\n\n```json\n{\"x\": 1}\n```\n\n<!-- file: b.txt -->\n```\nhello\n```\n\n"
                 "```\n$ cat a.json \\\n    b.txt\n{\"x\": 1}\nhello\n$ echo done\ndone\n```\n")
    path = tmp_path / "page.md"
    path.write_text(page_text, encoding="utf-8")
    page = read_page(path)
    assert page.files == {"a.json": '{"x": 1}\n', "b.txt": "hello\n"}
    assert [(s.command, s.expected) for s in page.steps] == [
        ("cat a.json  b.txt", '{"x": 1}\nhello'), ("echo done", "done")]
    assert mismatch("one ... three", "one two three") is None
    assert mismatch("one two", "one three") is not None


def test_exit_status_and_streams() -> None:
    assert step_mismatch("ok\n[exit 3]", Run("ok\n", "a finding\n", 3)) is None   # stdout alone
    assert step_mismatch("ok\na finding", Run("ok\n", "a finding\n", 1)) is None   # the terminal
    assert step_mismatch("[exit 3]", Run("", "", 1)) is not None
    assert step_mismatch("ok", Run("not ok\n", "", 0)) is not None
