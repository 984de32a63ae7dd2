"""The package as it was at another commit, importable in a subprocess beside the current one.

Contract: :func:`checkout(rev, into)` writes the tree of git revision ``rev`` (``git archive``,
nothing of the work tree) under ``into`` laid out as the installed package
(``into/euchre_records`` holding the core, with ``schema``, ``api``, ``cli``, ``bulk``,
``interop``, ``events`` and ``testkit`` inside it, as pyproject's package-dir maps them) and
returns ``into``; with ``compiled``, the C accelerators of that tree (its ``*.c`` files beside
their modules, as setup.py builds them) are compiled in place too, so that a benchmark compares
the package as it runs installed, not its pure-Python fallback against this tree's compiled
path (a missing compiler leaves the fallback, as an install would). :func:`python_env(root)` is an environment in which ``python -c`` imports
``euchre_records`` from ``root``; :func:`run_python` runs code there, with the editable
install's finder taken out of ``sys.meta_path`` first, and checks it did import from ``root``.

Used to compare this branch with the commit it started from in one run: the before/after
benchmark of ``euchre dataset`` (bench_dataset.py ``--before``) and the test that four-handed
tables keep their values (tests/test_bulk_dataset.py).
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


def checkout(rev: str, into: Path, compiled: bool = False) -> Path:
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
    if compiled:
        _build_extensions(into)
    return into


def _build_extensions(into: Path) -> None:
    """Compile every C source of the checked-out package in place (``-O2``, optional each)."""
    modules = {".".join(c.relative_to(into).with_suffix("").parts): str(c.relative_to(into))
               for c in sorted((into / "euchre_records").rglob("*.c"))}
    if not modules:
        return
    code = ("from setuptools import Extension, setup\n"
            f"setup(script_args=['build_ext', '--inplace', '--build-temp', '_build'], "
            f"ext_modules=[Extension(n, [s], optional=True, extra_compile_args=['-O2']) "
            f"for n, s in {modules!r}.items()])\n")
    subprocess.run([sys.executable, "-c", code], cwd=into, check=True, capture_output=True)


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
