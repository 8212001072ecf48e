"""`from course.my_notebooks.softmax import softmax_cols`: a notebook imports an earlier exercise from the learner's own
saved notebook of it, never from a library.

`course.my_notebooks.<exercise>` is `<exercise>.ipynb` in the folder of the notebook this kernel serves
(`course.notebooks.notebook_folder`), turned into a module exactly as grading does (`course.notebooks.to_module`): its
given cells and the learner's solution cells, each solution cell in its own `try`, so a cell that raises costs only
what it defines. Its own sibling imports come from this package too. Python reads a module once per kernel: after
saving a change to an earlier notebook, restart the kernel of the notebook that imports it.
"""
from __future__ import annotations

import importlib.abc
import importlib.machinery
import linecache
import sys
from pathlib import Path

from ..notebooks import notebook_folder, read_cells, to_module

__path__: list[str] = []  # no files here: every submodule is a notebook, found by `NotebookFinder`


class NotebookFinder(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Finds `course.my_notebooks.<name>` as `<name>.ipynb` and loads it as a module."""

    def find_spec(self, fullname: str, path=None, target=None):
        package, _, name = fullname.rpartition(".")
        if package != __name__:
            return None
        notebook = notebook_folder() / f"{name}.ipynb"
        if not notebook.is_file():
            raise ModuleNotFoundError(f"this notebook imports your {name} notebook, and there is no {name}.ipynb in "
                                      f"{notebook.parent}: keep the course's notebooks together in one folder",
                                      name=fullname)
        return importlib.machinery.ModuleSpec(fullname, self, origin=str(notebook))

    def create_module(self, spec):
        return None  # the default module

    def exec_module(self, module) -> None:
        notebook = Path(module.__spec__.origin)
        text, _ = to_module(notebook.stem, read_cells(notebook))
        filename = f"{notebook} (as a module)"
        linecache.cache[filename] = (len(text), None, text.splitlines(keepends=True), filename)  # for tracebacks
        exec(compile(text, filename, "exec"), module.__dict__)


if not any(isinstance(finder, NotebookFinder) for finder in sys.meta_path):
    sys.meta_path.append(NotebookFinder())
