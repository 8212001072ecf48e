"""What a test cell runs in the learner's own kernel: grade the saved notebook now, as grading will.

`check(check_id)` reads the saved notebook (and its sibling notebooks in the same folder), builds the same modules as
autograde does (`cells.to_module`), grades them with the isolated grader and prints this check's result; it raises on
failure. At autograde these cells never run: `autograde.IsolatedExecute` swaps them for the grader's verdict. If one
runs under `nbgrader autograde` anyway, the course's `nbgrader_config.py` was not loaded, and it fails loudly rather
than grade learner code inside the learner's kernel.
"""
from __future__ import annotations

import os
from pathlib import Path

import nbformat

from .cells import notebook_cells, to_module
from .package import grade_modules


def check(check_id: str, notebook: str | os.PathLike | None = None) -> None:
    """Grade the saved notebook on one hidden check; print the result, raise AssertionError if it fails."""
    if os.environ.get("NBGRADER_EXECUTION") == "autograde":
        raise RuntimeError("this test cell ran inside `nbgrader autograde`, so the course's nbgrader_config.py was not "
                           "loaded (see the log); grading must go through grader.notebooks.autograde")
    path = Path(notebook or _session_notebook())
    modules = {}
    for sibling in sorted(path.parent.glob("*.ipynb")):
        try:
            modules[sibling.stem], _ = to_module(sibling.stem, notebook_cells(nbformat.read(sibling, as_version=4)))
        except (OSError, ValueError):
            continue  # not a notebook of the course; grading would skip it too
    results = grade_modules(modules, [path.stem])
    if check_id not in results:
        raise AssertionError(f"the grader has no check {check_id!r} for {path.stem}: is the course package current?")
    result = results[check_id]
    if result.passed:
        print(f"passed ({result.points:g}/{result.max:g} points)")
        return
    print(result.message + (f"\n\nLikely mistake: {result.diagnosis}" if result.diagnosis else ""))
    raise AssertionError(f"check {check_id} failed: see the message above")


def _session_notebook() -> str:
    """The path of the notebook this kernel serves, as Jupyter (JPY_SESSION_NAME) or VS Code tells it."""
    path = os.environ.get("JPY_SESSION_NAME")
    if not path:
        from IPython import get_ipython

        shell = get_ipython()
        path = shell.user_ns.get("__vsc_ipynb_file__") if shell else None
    if not path or not Path(path).is_file():
        raise FileNotFoundError("cannot tell which notebook this is: call check(check_id, notebook='path/to/it.ipynb')")
    return path
