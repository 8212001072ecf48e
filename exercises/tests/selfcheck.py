"""What a notebook's check cells run in the learner's kernel: the exercise's visible tests, on the saved notebook.

`run_visible_tests("softmax")` turns the saved notebooks of the notebook's folder into modules the way grading does
(`course.notebooks.to_module`), runs the visible tests `exercises/tests/test_softmax.py` on them in a fresh
interpreter, with the board of `pytest exercises`, prints the exercise's line of the board (DONE, TODO or FAIL, the
first failing check and a hint) and raises AssertionError unless every visible test passes. The same saved notebooks
are tested once per kernel, however many check cells run.

The hidden checks are not here: they run when the notebook is graded, where nbgrader's autograde (with the course's
settings) replaces each check cell by the grader's verdict. If a check cell runs under `nbgrader autograde` anyway, the
course's `nbgrader_config.py` was not loaded, and this refuses to run rather than grade with the visible tests.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import course
from course.notebooks import notebook_folder, read_cells, to_module

TESTS_DIR = Path(__file__).resolve().parent
PACKAGE = "your_notebooks"  # the package the saved notebooks become, as the visible tests' --target
BOARD_ROW = re.compile(r"^\s*\d+  (\w+)\s")
_RUNS: dict[str, tuple[bool, str]] = {}  # hash of (exercise, modules) -> (all passed, the board's lines)


def run_visible_tests(exercise: str, folder: str | os.PathLike | None = None) -> None:
    """Run the visible tests of `exercise` on the saved notebooks in `folder` (default: this notebook's folder); print
    the result, raise AssertionError unless all pass."""
    if os.environ.get("NBGRADER_EXECUTION") == "autograde":
        raise RuntimeError("this check cell ran inside `nbgrader autograde`, so the course's nbgrader_config.py was "
                           "not loaded (see the log); grading must go through grader.notebooks.autograde")
    course.get(exercise)  # ValueError naming the course's exercises
    folder = Path(folder) if folder is not None else notebook_folder()
    if not (folder / f"{exercise}.ipynb").is_file():
        raise FileNotFoundError(f"there is no {exercise}.ipynb in {folder}: save the notebook, or pass its folder")
    modules = {}
    for path in sorted(folder.glob("*.ipynb")):
        if path.stem in course.NAMES:
            try:
                modules[path.stem], _ = to_module(path.stem, read_cells(path))
            except (OSError, ValueError):
                continue  # not readable as a notebook of the course; grading would take the release copy
    key = hashlib.sha256(json.dumps([exercise, modules], sort_keys=True).encode()).hexdigest()
    if key not in _RUNS:
        _RUNS[key] = _run(exercise, modules)
    passed, board = _RUNS[key]
    print(board)
    if not passed:
        raise AssertionError(f"the visible tests of {exercise} do not all pass on your saved notebook: see above")


def _run(exercise: str, modules: dict[str, str]) -> tuple[bool, str]:
    """Write the modules as package PACKAGE and run the exercise's visible tests on it -> (all passed, the board's
    lines for this exercise, with the notebooks named instead of the generated modules)."""
    with tempfile.TemporaryDirectory(prefix="visible-tests-") as work:
        package = Path(work) / PACKAGE
        package.mkdir()
        (package / "__init__.py").write_text("")
        for name, text in modules.items():
            (package / f"{name}.py").write_text(text)
        env = {**os.environ, "ATTN_TARGET": PACKAGE,
               "PYTHONPATH": os.pathsep.join(filter(None, [work, os.environ.get("PYTHONPATH")]))}
        command = [sys.executable, "-m", "pytest", str(TESTS_DIR / f"test_{exercise}.py"), "-p", "no:cacheprovider",
                   "--import-mode=importlib", "--color=no", "--rootdir", str(TESTS_DIR.parent.parent)]
        done = subprocess.run(command, cwd=work, env=env, capture_output=True, text=True, timeout=900)
    lines = _board_lines(done.stdout, exercise)
    if not lines:
        raise RuntimeError(f"the visible tests of {exercise} did not run (pytest exited {done.returncode}):\n"
                           f"{done.stdout[-2000:]}\n{done.stderr[-2000:]}")
    text = "\n".join(lines)
    for name in modules:
        text = text.replace(f"{PACKAGE}/{name}.py", f"{name}.ipynb (as a module)")
    return lines[0].split()[2:3] == ["DONE"], text  # the row: number, name, status, counts


def _board_lines(stdout: str, exercise: str) -> list[str]:
    """The exercise's row of the board and the indented lines under it."""
    lines = stdout.splitlines()
    for index, line in enumerate(lines):
        match = BOARD_ROW.match(line)
        if match and match[1] == exercise:
            rest = lines[index + 1:]
            end = next((i for i, text in enumerate(rest) if not text.startswith("      ")), len(rest))
            return [line.strip(), *(text[4:] for text in rest[:end])]
    return []
