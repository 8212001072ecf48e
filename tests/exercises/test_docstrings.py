"""Every exercise function tells the learner its shapes; every module opens with a lesson and a hint ladder."""
import importlib
import inspect
import re
from pathlib import Path

import pytest

from course import CODED as EXERCISES
import course

EXERCISES_DIR = Path(__file__).resolve().parents[2] / "exercises"
# A shape such as (..., D, N), (B, C*P*P, N), (V,) or (D, V).
SHAPE = re.compile(r"\((?:\.\.\.|[\w*+/ -]+)(?:, ?(?:\.\.\.|[\w*+/ -]+))+\)|\(\w+,\)")
LESSON_PARTS = ("Difficulty:", "Time:", "What", "Shapes", "trap", "Hints")


def functions(name: str):
    module = importlib.import_module(f"exercises.{name}")
    members = inspect.getmembers(module, inspect.isfunction)
    return [(fname, f) for fname, f in members if f.__module__ == module.__name__ and not fname.startswith("_")]


@pytest.mark.parametrize("name", EXERCISES)
def test_every_function_states_its_shapes(name):
    for fname, function in functions(name):
        doc = inspect.getdoc(function)
        assert doc, f"exercises/{name}.py: {fname} has no docstring"
        takes_tensors = "Tensor" in str(inspect.signature(function))
        if takes_tensors:
            assert SHAPE.search(doc), f"exercises/{name}.py: {fname}'s docstring states no shape like (..., D, N)"
        else:
            assert "Shapes" in doc or SHAPE.search(doc), f"exercises/{name}.py: {fname}'s docstring omits shapes"


@pytest.mark.parametrize("name", EXERCISES)
def test_every_module_opens_with_a_lesson(name):
    doc = importlib.import_module(f"exercises.{name}").__doc__
    missing = [part for part in LESSON_PARTS if part not in doc]
    assert not missing, f"exercises/{name}.py's lesson lacks {missing}"
    hints = course.get(name).hints
    assert len(hints) >= 3, f"the registry should give {name} a ladder of at least 3 hints, found {len(hints)}"
    for number, hint in enumerate(hints, start=1):
        assert f"{number}. {hint.split()[0]}" in doc, f"exercises/{name}.py's lesson should show hint {number}"

