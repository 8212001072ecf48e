"""The self-check a test cell runs in the learner's kernel: grades the saved notebook as autograde would."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # starts the grader in a fresh interpreter

SCRIPT = """\
import sys
from pathlib import Path
import nbformat
from grader.api import list_checks
import course
from grader.notebooks.cells import split_module
from course.files import package_dir
from grader.notebooks.course import exercise_notebook, kernelspec
from grader.notebooks.selfcheck import check

folder, answer = Path(sys.argv[1]), sys.argv[2]
checks = list_checks("softmax")
lesson = course.lesson_text("softmax")
cells = split_module("softmax", (package_dir("solutions") / "softmax.py").read_text())
notebook = exercise_notebook("softmax", lesson, cells, checks, kernelspec())
for cell in notebook.cells:
    if cell.metadata.nbgrader["solution"]:
        cell.source = cell.source if answer == "model" else "def softmax_cols(scores):\\n    return scores.softmax(-1)"
nbformat.write(notebook, folder / "softmax.ipynb")
check(checks[0].id, notebook=folder / "softmax.ipynb")
"""


def self_check(tmp_path: Path, answer: str) -> subprocess.CompletedProcess:
    environment = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    return subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path), answer], capture_output=True, text=True,
                          env=environment, timeout=300)


def test_the_model_answer_passes(tmp_path):
    done = self_check(tmp_path, "model")
    assert done.returncode == 0 and "passed" in done.stdout, done.stderr[-2000:]


def test_a_wrong_answer_fails_with_the_diagnosis(tmp_path):
    done = self_check(tmp_path, "rows")
    assert done.returncode != 0 and "AssertionError" in done.stderr
    assert "Likely mistake" in done.stdout, "the learner is not told what is likely wrong"


def test_it_refuses_to_run_inside_nbgrader_autograde(monkeypatch):
    from grader.notebooks.selfcheck import check

    monkeypatch.setenv("NBGRADER_EXECUTION", "autograde")
    with pytest.raises(RuntimeError, match="nbgrader_config.py was not loaded"):
        check("softmax::any", notebook="not-read.ipynb")
