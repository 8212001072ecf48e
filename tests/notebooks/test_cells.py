"""Solution modules -> notebook cells -> the module the grader imports: structure, round trip, broken cells."""
from __future__ import annotations

import types

import pytest

from course import NAMES as EXERCISES
from course.files import package_dir
from course.notebooks import CodeCell, sibling_import, to_module
from grader.notebooks.cells import sibling_imports, split_module


@pytest.mark.parametrize("exercise", EXERCISES)
def test_every_solution_splits_into_given_and_solution_cells(exercise):
    cells = split_module(exercise, (package_dir("solutions") / f"{exercise}.py").read_text())
    assert not any('"""Model answer' in cell.source for cell in cells), "the module docstring is not a cell"
    solution = [cell for cell in cells if cell.solution]
    assert solution, "no solution cell: the BEGIN SOLUTION markers were not found"
    for cell in solution:
        assert cell.source.count("BEGIN SOLUTION") == cell.source.count("END SOLUTION") >= 1, \
            f"{cell.cell_id} does not hold whole marked regions: the split cut a function's body"
        assert "(todo:" not in cell.source, "the todo pointer stayed on the marker line, where nbgrader would drop it"
    for cell in cells:
        if not cell.solution:
            assert "SOLUTION" not in cell.source, f"given cell {cell.cell_id} holds a solution marker"
            assert "from ." not in cell.source, f"given cell {cell.cell_id} keeps a relative import a kernel cannot run"
    assert len({cell.cell_id for cell in cells}) == len(cells), "cell ids (nbgrader grade_ids) are not unique"


def test_sibling_imports_use_the_learners_own_notebook_and_grade_with_the_learners_own_module():
    cells = split_module("attention", (package_dir("solutions") / "attention.py").read_text())
    assert sibling_imports(cells) == {"masking", "softmax"}
    assert any(sibling_import("softmax", "softmax_cols") in c.source for c in cells)
    assert not any("reference" in c.source or "grader" in c.source for c in cells if not c.solution), \
        "a given cell names the reference or the grader, which learners do not have"
    module, _ = to_module("attention", cells)
    assert "from .softmax import softmax_cols" in module and "reference" not in module and "my_notebooks" not in \
        module, "the graded module must import the learner's sibling module beside it, never the reference"


def test_round_trip_module_defines_the_same_functions():
    text = (package_dir("solutions") / "softmax.py").read_text()
    module, left_out = to_module("softmax", split_module("softmax", text))
    assert left_out == {}
    namespace: dict = {}
    exec(compile(module, "softmax_notebook.py", "exec"), namespace)
    assert callable(namespace["softmax_cols"]) and namespace["_broken_cells"] == {}


def _run(cells: list[CodeCell]) -> tuple[types.SimpleNamespace, dict]:
    module, left_out = to_module("toy", cells)
    namespace: dict = {}
    exec(compile(module, "toy.py", "exec"), namespace)
    return types.SimpleNamespace(**namespace), left_out


def test_a_cell_that_raises_costs_only_what_it_defines():
    module, left_out = _run([
        CodeCell("toy-given-1", "import math", solution=False),
        CodeCell("toy-f", "def f():\n    return math.pi", solution=True),
        CodeCell("toy-g", "def g():\n    return 2\nraise SystemExit(0)", solution=True),
        CodeCell("toy-h", "undefined_name\ndef h():\n    return 3", solution=True),
    ])
    assert left_out == {}
    assert module.f() == pytest.approx(3.14159, abs=1e-5) and module.g() == 2, "a later broken cell hid earlier work"
    assert not hasattr(module, "h"), "statements after the failing line ran"
    assert set(module._broken_cells) == {"toy-g", "toy-h"}


def test_a_cell_that_does_not_compile_is_left_out_and_said_why():
    module, left_out = _run([
        CodeCell("toy-f", "def f(:\n    pass", solution=True),
        CodeCell("toy-g", "def g():\n    return 2", solution=True),
    ])
    assert module.g() == 2 and not hasattr(module, "f")
    assert list(left_out) == ["toy-f"] and "SyntaxError" in left_out["toy-f"]


def test_ipython_syntax_becomes_python_and_multiline_strings_keep_their_text():
    source = 'TEXT = """a\nb"""\ndef f():\n    return TEXT\n%timeit f()'
    module, left_out = _run([CodeCell("toy-f", source, solution=True)])
    assert left_out == {} and module.f() == "a\nb", "indenting the cell changed a multi-line string"
    assert "toy-f" in module._broken_cells, "the magic should fail at run time (no IPython), after f is defined"
