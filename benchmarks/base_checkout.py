"""The package as it was at another commit, importable in a subprocess beside the current one.

Contract: :func:`checkout(rev, into)` writes the tree of git revision ``rev`` (``git archive``,
nothing of the work tree) under ``into`` laid out as the installed package
(``into/euchre_records`` holding the core, with ``schema``, ``api``, ``cli``, ``bulk``,
``interop``, ``events`` and ``testkit`` inside it, as pyproject's package-dir maps them) and
returns ``into``. :func:`python_env(root)` is an environment in which ``python -c`` imports
``euchre_records`` from ``root``; :func:`run_python` runs code there, with the editable
install's finder taken out of ``sys.meta_path`` first, and checks it did import from ``root``.

Used to compare this branch with the commit it started from in one run: the before/after
benchmark of ``euchre dataset`` (bench_dataset.py ``--before``) and the test that four-handed
tables keep their values (tests/test_bulk_variants.py).
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import tarfile
from pathlib import Path

__all__ = ["checkout", "python_env", "run_python", "SUBPACKAGES", "ROOT"]

ROOT = Path(__file__).resolve().parents[1]
SUBPACKAGES = ("schema", "api", "cli", "bulk", "interop", "events", "testkit")


def checkout(rev: str, into: Path) -> Path:
    """The package of ``rev`` under ``into`` (see the module contract)."""
    paths = ["euchre_records", *SUBPACKAGES]
    tar = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", rev, *paths],
                         check=True, capture_output=True).stdout
    staging = into / "_tree"
    with tarfile.open(fileobj=io.BytesIO(tar)) as archive:
        archive.extractall(staging, filter="data")
    package = into / "euchre_records"
    (staging / "euchre_records").rename(package)
    for name in SUBPACKAGES:
        (staging / name).rename(package / name)
    return into


def python_env(root: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(root), *filter(None, [env.get("PYTHONPATH")])])
    return env


def run_python(root: Path, code: str, timeout: float = 600) -> str:
    """Run ``code`` with ``euchre_records`` imported from ``root``; its standard output."""
    # the editable install's finder (a sys.meta_path entry) would find this work tree's package
    guard = ("import sys\nsys.meta_path[:] = [f for f in sys.meta_path "
             "if '__editable__' not in getattr(f, '__module__', '')]\n"
             "sys.path_hooks[:] = [h for h in sys.path_hooks "
             "if '__editable__' not in getattr(h, '__module__', '')]\n"
             f"import euchre_records, pathlib; assert pathlib.Path(euchre_records.__file__)"
             f".resolve().is_relative_to(pathlib.Path({str(root.resolve())!r})), "
             f"euchre_records.__file__\n")
    done = subprocess.run([sys.executable, "-c", guard + code], env=python_env(root), cwd=root,
                          capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        raise RuntimeError(f"the base checkout failed: {done.stderr[-3000:]}")
    return done.stdout
