"""The top-level folders are installed inside the package, never as generic top-level names."""

import importlib
import importlib.util

import pytest


@pytest.mark.parametrize("name", ["api", "cli", "schema"])
def test_generic_names_are_not_importable(name: str) -> None:
    assert importlib.util.find_spec(name) is None


@pytest.mark.parametrize("name", ["euchre_records.api", "euchre_records.cli", "euchre_records.schema",
                                  "euchre_records.api.pages"])
def test_folders_are_subpackages(name: str) -> None:
    assert importlib.import_module(name).__name__ == name


def test_pages_templates_and_static_files_are_package_data() -> None:
    import tomllib
    from importlib.resources import files
    from pathlib import Path

    pages = files("euchre_records.api.pages")
    assert pages.joinpath("templates/base.html").is_file()
    assert pages.joinpath("static/pages.css").is_file()
    data = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
    tool = data["tool"]["setuptools"]
    assert "euchre_records.api.pages" in tool["packages"]
    assert set(tool["package-data"]["euchre_records.api.pages"]) >= {"templates/*.html",
                                                                   "static/*"}
