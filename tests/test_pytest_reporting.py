"""The test run's own reporting: a failing hypothesis test is reported by name under this
project's pytest configuration (filterwarnings = error), not swallowed by an INTERNALERROR; the
one warning let through for that is let through from its one module only; and the CI profile of
hypothesis keeps every example count while drawing fresh examples.

The failing tests are written to a temporary file and run by a pytest in a subprocess with this
project's pyproject.toml as its configuration, so what is checked is the report a developer or CI
would read."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from hypothesis import settings

ROOT = Path(__file__).resolve().parent.parent

FAILING = textwrap.dedent('''
    import warnings

    import pytest
    from hypothesis import given, strategies as st


    @given(st.integers())
    def test_a_property_that_fails_on_purpose(n):
        assert n < 5


    def test_the_same_warning_from_elsewhere_is_still_an_error():
        with pytest.raises(DeprecationWarning):
            warnings.warn_explicit("mypy_extensions.TypedDict is deprecated, and will be removed",
                                   DeprecationWarning, "elsewhere.py", 1, module="elsewhere")


    def test_the_warning_from_libcst_is_let_through():
        warnings.warn_explicit("mypy_extensions.TypedDict is deprecated, and will be removed",
                               DeprecationWarning, "type_inference_provider.py", 19,
                               module="libcst.metadata.type_inference_provider")
''')


def run_pytest(tmp_path: Path, *options: str) -> subprocess.CompletedProcess[str]:
    test_file = tmp_path / "test_on_purpose.py"
    test_file.write_text(FAILING, encoding="utf-8")
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTEST_", "HYPOTHESIS_")) and k != "COV_CORE_SOURCE"}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-c", str(ROOT / "pyproject.toml"), "--rootdir", str(tmp_path),
         "-o", "addopts=--import-mode=importlib -p no:benchmark", "-p", "no:cacheprovider", "-q", *options,
         str(test_file)],
        cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)


def test_a_failing_hypothesis_test_is_reported_by_name(tmp_path: Path) -> None:
    done = run_pytest(tmp_path)
    report = done.stdout + done.stderr
    assert "INTERNALERROR" not in report, report[-3000:]
    assert done.returncode == 1, report[-3000:]   # 1 = tests failed; 3 would be an internal error
    assert "FAILED" in report and "test_a_property_that_fails_on_purpose" in report, report[-3000:]
    # older hypothesis releases print "Falsifying example", newer ones (6.170 in CI's fresh venv) "Failing test case"
    assert "Falsifying example" in report or "Failing test case" in report, report[-3000:]
    assert "1 failed, 2 passed" in report, report[-3000:]


def test_the_ci_profile_draws_fresh_examples_and_keeps_the_counts() -> None:
    ci = settings.get_profile("ci")
    default = settings.get_profile("default")
    assert ci.derandomize is False
    assert ci.deadline is None
    assert ci.max_examples == default.max_examples == 100
