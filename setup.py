"""The optional compiled accelerators of the hot paths (C against the CPython API, no other library).

Everything else of the build is in pyproject.toml. Each extension is ``optional``: where no C
compiler is present the build goes on without it and the package runs its pure-Python path,
which is also the oracle the tests hold each compiled function equal to (README.md,
"Compiled accelerators"). An editable install builds them in place; after editing a ``.c`` file run
``pip install --no-deps -e .`` again (its isolated build brings the setuptools pyproject.toml
asks for; ``python setup.py build_ext --inplace`` works only where that setuptools is installed).
``.ci/run`` fails when an extension whose source is here did not build.
"""

from pathlib import Path

from setuptools import Extension, setup

_HERE = Path(__file__).resolve().parent

_SOURCES = {
    "euchre_records.schema._cwire": "schema/_cwire.c",     # card, hand and trick strings (schema/wire.py)
    "euchre_records._cplay": "euchre_records/_cplay.c",    # the fast replay's trick play (fastpath.py)
    "euchre_records.schema._cdump": "schema/_cdump.c",     # card strings of the canonical text (schema/card_text.py)
}

setup(ext_modules=[Extension(name, [source], optional=True, extra_compile_args=["-O2"])
                   for name, source in _SOURCES.items() if (_HERE / source).exists()])
