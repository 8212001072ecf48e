"""What a released notebook runs in the learner's kernel: earlier exercises from the learner's own notebooks
(`course.my_notebooks`) and the self-check with the visible tests (`exercises.tests.selfcheck`)."""
from __future__ import annotations

import importlib
import sys

import nbformat
import pytest
import torch

import course
from course.files import package_dir
from exercises.tests.selfcheck import run_visible_tests
from grader.api import CheckInfo
from grader.notebooks.cells import split_module
from grader.notebooks.course import exercise_notebook, kernelspec

ROWS = "def softmax_cols(scores):\n    return scores.softmax(dim=-1)\n"


def write_notebook(folder, exercise: str, answer: str | None = None) -> None:
    """A source notebook of `exercise` (model answers in its solution cells, or `answer` in its only one)."""
    cells = split_module(exercise, (package_dir("solutions") / f"{exercise}.py").read_text())
    checks = [CheckInfo(f"{exercise}::test_any", exercise, 1, "A check.")]
    notebook = exercise_notebook(exercise, course.lesson_text(exercise), cells, checks, kernelspec())
    if answer is not None:
        (cell,) = [cell for cell in notebook.cells if cell.metadata.nbgrader["solution"]]
        cell.source = answer
    nbformat.write(notebook, folder / f"{exercise}.ipynb")


@pytest.fixture
def notebooks(tmp_path, monkeypatch):
    """An empty notebook folder as the current one; modules loaded from notebooks are forgotten afterwards."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    yield tmp_path
    for name in [name for name in sys.modules if name.startswith("course.my_notebooks.")]:
        del sys.modules[name]


def test_an_earlier_exercise_comes_from_the_learners_own_notebook(notebooks):
    write_notebook(notebooks, "softmax", ROWS)
    mine = importlib.import_module("course.my_notebooks.softmax")
    scores = torch.tensor([[0.0, 1.0], [0.0, 0.0]])
    assert torch.equal(mine.softmax_cols(scores), scores.softmax(dim=-1)), "not the learner's (wrong) softmax"
    assert mine.__spec__.origin == str(notebooks / "softmax.ipynb")


def test_a_missing_notebook_is_named_with_its_folder(notebooks):
    with pytest.raises(ModuleNotFoundError, match=f"no masking.ipynb in {notebooks}"):
        importlib.import_module("course.my_notebooks.masking")


@pytest.mark.slow  # runs the visible tests twice in fresh interpreters
def test_the_self_check_runs_the_visible_tests_on_the_saved_notebook(notebooks, capsys):
    write_notebook(notebooks, "softmax")
    run_visible_tests("softmax")
    first = capsys.readouterr().out.splitlines()[0].split()
    assert first[1:3] == ["softmax", "DONE"], first
    write_notebook(notebooks, "softmax", ROWS)
    with pytest.raises(AssertionError, match="do not all pass"):
        run_visible_tests("softmax")
    shown = capsys.readouterr().out
    assert "FAIL" in shown and "first failing check" in shown, shown


def test_the_self_check_refuses_to_run_inside_nbgrader_autograde(monkeypatch):
    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    with pytest.raises(RuntimeError, match="nbgrader_config.py was not loaded"):
        run_visible_tests("softmax", folder="not-read")
