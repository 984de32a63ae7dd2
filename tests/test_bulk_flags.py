"""The writer's column-wise flags (bulk.parquet._bool_array) against a hand-written oracle:
nonzero is true, None stays null, booleans of the tables of 2, 3 and 5 pass as they are."""

from __future__ import annotations

from typing import Any

from hypothesis import given, strategies as st

from euchre_records.bulk.parquet import _bool_array
from euchre_records.bulk.tables import bool_column

_FLAGS = st.one_of(st.none(), st.integers(min_value=0, max_value=1), st.booleans())


def _oracle(values: tuple[Any, ...]) -> list[bool | None]:
    out: list[bool | None] = []
    for v in values:
        if v is None:
            out.append(None)
        elif v in (1, True):
            out.append(True)
        else:
            out.append(False)
    return out


def test_store_flags_become_booleans() -> None:
    assert _bool_array((0, 1, None, 1)).to_pylist() == [False, True, None, True]
    assert _bool_array((True, None, 0)).to_pylist() == [True, None, False]
    assert _bool_array(()).to_pylist() == []
    assert str(_bool_array((0,)).type) == "bool"


@given(st.lists(_FLAGS, max_size=40).map(tuple))
def test_cast_equals_the_row_by_row_oracle(values: tuple[Any, ...]) -> None:
    assert _bool_array(values).to_pylist() == _oracle(values)
    assert bool_column(values) == _oracle(values)
