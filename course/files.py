"""Where the course's files are: one way, through the installed packages, for editable and regular installs alike.

`package_dir("solutions")` is the folder Python imports `solutions` from (the checkout with `pip install -e .`,
site-packages with `pip install .`); it never imports the package. Every other location is derived from it.
"""
from __future__ import annotations

import importlib.util
from pathlib import Path


def package_dir(package: str) -> Path:
    """The folder of an installed top-level package of the course (found, not imported)."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise FileNotFoundError(f"the course package {package!r} is not installed: run `pip install -e .` (or "
                                "`pip install .`) in the course checkout")
    return Path(list(spec.submodule_search_locations)[0])


def solution(name: str) -> Path:
    """The model answer `solutions/<name>.py`."""
    return package_dir("solutions") / f"{name}.py"


def stub(name: str) -> Path:
    """The generated stub `exercises/<name>.py`."""
    return package_dir("exercises") / f"{name}.py"


def visible_tests(name: str) -> Path:
    """The learner's visible tests `exercises/tests/test_<name>.py`."""
    return package_dir("exercises") / "tests" / f"test_{name}.py"


def hidden_dir(name: str) -> Path:
    """The hidden side of an exercise: `grader/exercises/<name>/` (its suite and catalogue)."""
    return package_dir("grader") / "exercises" / name


def hidden_suite(name: str) -> Path:
    return hidden_dir(name) / f"test_{name}.py"


def reference_module(name: str) -> Path:
    """The reference implementation `reference/<name>.py` of an exercise's functions."""
    return package_dir("reference") / f"{name}.py"
