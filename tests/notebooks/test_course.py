"""The source notebooks' structure and metadata, the autograde verdicts, the lesson markdown and the leak scan."""
from __future__ import annotations

import contextlib
import io

import nbformat
import pytest
from nbgrader.nbgraderformat import MetadataValidator

from grader.api import CheckInfo
from grader.notebooks.autograde import verdict_code
import course
from grader.notebooks.cells import split_module
from course.files import package_dir
from grader.notebooks.course import check_cell_id, exercise_notebook, kernelspec, lesson_markdown
from grader.notebooks.leaks import scan
from grader.report import CheckResult

CHECKS = [CheckInfo("softmax::test_sums", "softmax", 2, "Every column sums to 1."),
          CheckInfo("softmax::test_large[float32]", "softmax", 1, "Large scores do not overflow.")]


@pytest.fixture(scope="module")
def notebook():
    lesson = course.lesson_text("softmax")
    cells = split_module("softmax", (package_dir("solutions") / "softmax.py").read_text())
    return exercise_notebook("softmax", lesson, cells, CHECKS, kernelspec())


def nbgrader_cells(notebook, **wanted):
    return [cell for cell in notebook.cells
            if all(cell.metadata["nbgrader"].get(key) == value for key, value in wanted.items())]


def test_metadata_is_what_nbgraders_schema_wants(notebook):
    MetadataValidator().validate_nb(notebook)  # raises on anything nbgrader would reject
    for cell in notebook.cells:
        meta = cell.metadata["nbgrader"]
        assert meta["schema_version"] == 3 and meta["task"] is False
        assert set(meta) >= {"grade", "solution", "locked", "grade_id"}


def test_one_test_cell_per_check_worth_its_points(notebook):
    tests = nbgrader_cells(notebook, grade=True)
    assert [(c.metadata.nbgrader["grade_id"], c.metadata.nbgrader["points"]) for c in tests] == \
           [(check_cell_id(check.id), check.points) for check in CHECKS]
    assert all(c.metadata.nbgrader["locked"] and not c.metadata.nbgrader["solution"] for c in tests)


def test_test_cells_show_a_self_check_not_the_hidden_check(notebook):
    for cell, check in zip(nbgrader_cells(notebook, grade=True), CHECKS):
        assert check.description in cell.source and f"run_visible_tests({check.exercise!r})" in cell.source
        assert "assert" not in cell.source and "reference" not in cell.source and "grader" not in cell.source


def test_solution_and_given_cells(notebook):
    solutions = nbgrader_cells(notebook, solution=True)
    assert [c.metadata.nbgrader["grade_id"] for c in solutions] == ["softmax-softmax_cols"]
    assert not solutions[0].metadata.nbgrader["locked"] and "### BEGIN SOLUTION" in solutions[0].source
    given = [c for c in nbgrader_cells(notebook, solution=False, grade=False) if c.cell_type == "code"]
    assert given and all(c.metadata.nbgrader["locked"] for c in given)


def test_kernelspec_exists_on_this_machine(notebook):
    from jupyter_client.kernelspec import KernelSpecManager

    name = notebook.metadata.kernelspec["name"]
    assert KernelSpecManager().get_kernel_spec(name).language == "python"


def test_notebook_round_trips_through_nbformat(notebook, tmp_path):
    nbformat.write(notebook, tmp_path / "softmax.ipynb")
    nbformat.validate(nbformat.read(tmp_path / "softmax.ipynb", as_version=4))


def run_verdict(result) -> tuple[str, object]:
    """Run a verdict as the kernel would: (stdout, value of a final expression or the exception raised)."""
    out = io.StringIO()
    *body, last = verdict_code(result).splitlines()
    namespace: dict = {}
    with contextlib.redirect_stdout(out):
        try:
            exec("\n".join(body), namespace)
            outcome = eval(last, namespace) if not last.startswith(("print", "raise")) else exec(last, namespace)
        except AssertionError as error:
            outcome = error
    return out.getvalue(), outcome


def test_verdict_of_a_passed_check_prints_and_raises_nothing():
    stdout, outcome = run_verdict(CheckResult("softmax::t", "softmax", 2, 2, True))
    assert stdout == "passed (2/2 points)\n" and outcome is None


def test_verdict_of_a_failed_check_prints_the_diagnosis_and_raises():
    result = CheckResult("softmax::t", "softmax", 0, 2, False, "columns do not sum to 1", "softmax over rows")
    stdout, outcome = run_verdict(result)
    assert "columns do not sum to 1" in stdout and "Likely mistake: softmax over rows" in stdout
    assert isinstance(outcome, AssertionError), "a failed check must raise, or nbgrader gives it full points"


def test_verdict_of_partial_points_ends_in_the_score():
    stdout, outcome = run_verdict(CheckResult("softmax::t", "softmax", 0.5, 2, False, "half the shapes fail"))
    assert "half the shapes fail" in stdout and outcome == 0.5


def test_verdict_with_no_result_fails():
    stdout, outcome = run_verdict(None)
    assert "out of date" in stdout and isinstance(outcome, AssertionError)


def test_verdict_quotes_learner_text_safely():
    message = "got '); import os; os._exit(0) #\nand \"quotes\""
    stdout, outcome = run_verdict(CheckResult("softmax::t", "softmax", 0, 1, False, message))
    assert message in stdout and isinstance(outcome, AssertionError)


def test_lesson_markdown_headings_formulas_and_escapes():
    text = lesson_markdown("Demo · BPE\n\nWhat\n    Each word ends in \"</w>\", see `</w>`.\n\n"
                           "Formula\n    a * b = c_i\n    second line\n")
    assert text.startswith("# Demo · BPE\n")
    assert "### What" in text and '"&lt;/w>"' in text and "`</w>`" in text
    assert "```text\na * b = c_i\nsecond line\n```" in text


def test_scan_finds_forbidden_lines_in_notebooks_and_html(tmp_path):
    leaked = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x = 1\nexps = torch.exp(scores - m)")])
    nbformat.write(leaked, tmp_path / "softmax.ipynb")
    (tmp_path / "feedback.html").write_text("<pre>ok &amp; def test_hidden_check(learner):</pre>")
    (tmp_path / "clean.ipynb").write_text(nbformat.writes(nbformat.v4.new_notebook()))
    forbidden = {"exps = torch.exp(scores - m)": ("solution", "softmax"),
                 "def test_hidden_check(learner):": ("suite", "softmax")}
    found = {(leak.path.name, leak.kind) for leak in scan(tmp_path, forbidden)}
    assert found == {("softmax.ipynb", "solution"), ("feedback.html", "suite")}
