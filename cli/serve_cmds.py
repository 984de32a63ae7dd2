"""The ``serve`` command: the service (pages and HTTP API) on a SQLite store, on waitress (one
process) or gunicorn (``--workers N``), filling a new default database from ./examples on its
first start.

Thin: the app is ``euchre_records.api.app.create_app``, the server ``api.server``; the examples
load through ``store_cmds.run_import``. Exit codes: 0 stopped by Ctrl-C; 1 a port that cannot be
listened on, a file that is not a store; 2 usage errors (click's own).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from .store_access import DEFAULT_DB
from .store_access import open_for_command as _open
from .store_cmds import _print_report, run_import

COMMANDS: list[click.Command] = []


@click.command()
@click.option("--db", "db_path", type=click.Path(dir_okay=False), default=DEFAULT_DB,
              show_default=True, envvar="EUCHRE_DB",
              help="The SQLite database file (also from $EUCHRE_DB). Without it, a new default "
                   "database is filled from ./examples on first start.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Interface to listen on.")
@click.option("--port", default=8080, show_default=True, type=click.IntRange(0, 65535),
              help="TCP port.")
@click.option("--threads", default=8, show_default=True, type=click.IntRange(1),
              help="Worker threads of the WSGI server (per process).")
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1),
              help="Worker processes: 1 runs waitress; more run gunicorn (Unix; the 'serve' "
                   "extra), which uses every core: on 2 cores, 2 workers.")
@click.option("--private", is_flag=True, envvar="EUCHRE_PRIVATE",
              help="Every request needs a token, reads too (also $EUCHRE_PRIVATE=1).")
@click.option("--secret", default=None, envvar="EUCHRE_SECRET", metavar="TEXT",
              help="The key that signs browser sessions, 16+ characters (prefer "
                   "$EUCHRE_SECRET: a command line is visible to others). Default: a random "
                   "key kept in the database.")
@click.option("--open", "open_browser", is_flag=True,
              help="Open the home page (or, on the first start, the sign-in URL) in a browser.")
@click.option("--first-token/--no-first-token", default=True, show_default=True,
              help="On a database without any token, make an admin token and print its "
                   "sign-in URL once.")
@click.pass_context
def serve(ctx: click.Context, db_path: str, host: str, port: int, threads: int, workers: int,
          private: bool, secret: str | None, first_token: bool, open_browser: bool) -> None:
    """Run the service: the web pages (docs/PAGES.md) and the HTTP API (docs/API.md).

    It runs on waitress, a production WSGI server (--workers N: gunicorn).

    Without --db (and $EUCHRE_DB) it uses ./euchre-records.db and, when that file is new,
    loads every record of ./examples into it, so a fresh install shows a working service.

    Writes need a club's token (docs/AUTH.md). On a database without any token, the first start
    makes an admin token and prints a sign-in URL with it, once (--no-first-token: not).

    \b
    Example:
      euchre serve --open
      euchre serve --db club.db --port 8080
      curl http://127.0.0.1:8080/rubbers
    """
    from ..api.app import create_app
    from ..api.auth.setup import MIN_SECRET_LENGTH
    from ..api.server import make_server, run_until_interrupted
    from .token_cmds import browser_host, first_start_token

    if secret is not None and len(secret) < MIN_SECRET_LENGTH:
        raise click.BadParameter(f"needs at least {MIN_SECRET_LENGTH} characters",
                                 param_hint="--secret")
    _check_port(host, port)  # before the examples load: a port in use is told at once
    first_start = not Path(db_path).exists()
    if ctx.get_parameter_source("db_path") is ParameterSource.DEFAULT and first_start:
        _load_examples(db_path)
    else:  # a file that is not a store (or cannot be written) is one line, as in every command
        _open(db_path, must_exist=False).close()
    config: dict[str, Any] = {"DATABASE": db_path, "PRIVATE": private}
    if secret:
        config["SECRET_KEY"] = secret
    app = create_app(config)
    if workers > 1:  # several processes on gunicorn (docs/CLI.md, "Serving")
        _serve_processes(app, db_path, host, port, workers, threads, first_token, open_browser)
        return
    try:
        server = make_server(app, host=host, port=port, threads=threads)
    except OSError as exc:  # address in use, unknown host, no permission for the port
        raise click.ClickException(f"cannot listen on {host}:{port}: "
                                   f"{exc.strerror or exc}") from None
    bound = int(getattr(server, "effective_port", port))
    # only once the port is ours, so the printed URL works
    sign_in = first_start_token(db_path, host, bound) if first_token else None
    click.echo(f"serving {db_path} on http://{host}:{bound}/ (pages at /, OpenAPI at "
               "/openapi.json); Ctrl-C stops", err=True)
    if open_browser:
        _open_in_browser(sign_in or f"http://{browser_host(host)}:{bound}/")
    run_until_interrupted(server)


def _check_port(host: str, port: int) -> None:
    """Refuse at once (one line, exit 1) a ``host:port`` that cannot be listened on (in use, an
    unknown host, a port that needs privileges), by binding it and letting it go: the server
    binds it again a moment later. Port 0 (any free port) is not checked."""
    import socket
    if port == 0:
        return
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host, port, socket.AF_UNSPEC, socket.SOCK_STREAM, 0, socket.AI_PASSIVE)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as waitress binds
            probe.bind(address)
    except OSError as exc:
        raise click.ClickException(f"cannot listen on {host}:{port}: "
                                   f"{exc.strerror or exc}") from None


def _open_in_browser(url: str) -> None:
    """Open ``url`` in the user's browser from a thread (a text browser must not hold the server);
    on a machine without one, say where to go instead."""
    import threading
    import webbrowser

    def run() -> None:
        try:
            opened = webbrowser.open(url)
        except Exception:  # any browser launcher failing is no reason to stop serving
            opened = False
        if not opened:
            click.echo(f"no browser found here: open {url}", err=True)

    threading.Thread(target=run, daemon=True).start()


def _serve_processes(app: Any, db_path: str, host: str, port: int, workers: int, threads: int,
                     first_token: bool, open_browser: bool = False) -> None:
    try:
        from ..api.gunicorn_server import serve_gunicorn
    except ImportError:
        raise click.ClickException("--workers needs gunicorn (Unix only): pip install "
                                   "'euchre-records[serve]'") from None
    from .token_cmds import browser_host, first_start_token

    def ready(bound: int) -> None:
        sign_in = first_start_token(db_path, host, bound) if first_token else None
        if open_browser:
            _open_in_browser(sign_in or f"http://{browser_host(host)}:{bound}/")
        click.echo(f"serving {db_path} on http://{host}:{bound}/ with {workers} gunicorn "
                   "workers (OpenAPI: /openapi.json); Ctrl-C stops", err=True)

    serve_gunicorn(app, host=host, port=port, workers=workers, threads=threads, on_ready=ready)


def _load_examples(db_path: str) -> None:
    folder = Path.cwd() / "examples"
    if not folder.is_dir():
        click.echo("no ./examples folder here: starting with an empty database", err=True)
        return
    db = _open(db_path, must_exist=False)
    try:
        report = run_import(db, [str(folder)], "examples", 500, progress=False)
    finally:
        db.close()
    click.echo(f"loaded examples from {folder}:", err=True)
    _print_report(report)


COMMANDS.append(serve)
