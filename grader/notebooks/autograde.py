"""nbgrader autograde with the learner's code run by the isolated grader, never by the kernel.

`IsolatedExecute` takes the place of nbgrader's `Execute` in `Autograde.autograde_preprocessors` (it runs after
nbgrader's sanitizing: outputs cleared, locked cells and points restored). For a notebook it

1. turns every notebook of the learner's submission into a module: given cells from the gradebook (never the learner's
   copy), the learner's solution cells as submitted (`cells.to_module`), and grades that package once with
   `grader.api.grade`, in the grader's isolated child process;
2. starts a fresh kernel and runs ONLY the autograded test cells, each with its source swapped for a verdict that is a
   pure function of the grader's result (`print` on success, `print` the diagnosis and `raise` on failure), then puts
   the visible source back. No learner cell runs in that kernel, so monkeypatches, input transformers or `os._exit`
   in a learner cell cannot touch a verdict: they happen in the grader's child, where they cost the learner's checks.
"""
from __future__ import annotations

from dataclasses import asdict
from pathlib import Path

import nbformat
from nbconvert.exporters import NotebookExporter
from nbformat import NotebookNode
from nbgrader import utils
from nbgrader.api import Gradebook
from nbgrader.converters.autograde import Autograde
from nbgrader.coursedir import CourseDirectory
from nbgrader.preprocessors import Execute

from .cells import CodeCell, to_module
from .course import check_cell_id
from .package import grade_modules

# What reading a file that is not a notebook raises: not JSON, JSON of the wrong shape, or failing nbformat's schema.
NOT_A_NOTEBOOK = (nbformat.reader.NotJSONError, nbformat.ValidationError, AttributeError, TypeError, KeyError)


class IsolatedExecute(Execute):
    """nbgrader's Execute, except that the kernel runs only test cells, each replaced by the grader's verdict."""

    def preprocess(self, nb: NotebookNode, resources: dict) -> tuple[NotebookNode, dict]:
        info = resources["nbgrader"]
        results, notes = grade_submission(CourseDirectory(config=self.config), info["db_url"], info["assignment"],
                                          info["student"], info["notebook"], nb)
        test_cells = [cell.metadata.nbgrader["grade_id"] for cell in nb.cells
                      if cell.cell_type == "code" and utils.is_grade(cell)]
        self._verdicts = {grade_id: verdict_code(results.get(grade_id)) for grade_id in test_cells}
        for cell in nb.cells:
            grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
            note = notes.get(grade_id)
            if note:
                cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=note + "\n")]
            if grade_id in self._verdicts:  # for `attn nbgrader report`; replaces whatever the learner's copy held
                cell.metadata["grader_result"] = asdict(results[grade_id]) if grade_id in results else None
        self._minimal_tracebacks = False
        return super().preprocess(nb, resources)

    def preprocess_cell(self, cell: NotebookNode, resources: dict, index: int) -> tuple[NotebookNode, dict]:
        if not (cell.cell_type == "code" and utils.is_grade(cell)):
            return cell, resources  # learner and given cells are graded out of the kernel, never run in it
        if not self._minimal_tracebacks:  # a failing verdict shows its error line, not the verdict's code
            self.wait_for_reply(self.kc.execute("%xmode Minimal", silent=True, store_history=False))
            self._minimal_tracebacks = True
        shown = cell.source
        cell.source = self._verdicts[cell.metadata.nbgrader["grade_id"]]
        cell.metadata.pop("tags", None)  # a learner's "skip-execution" tag would otherwise skip the verdict
        try:
            cell, resources = super().preprocess_cell(cell, resources, index)
        finally:
            cell.source = shown
        return cell, resources


class SubmissionExporter(NotebookExporter):
    """Reads submitted notebooks for autograde. One that is not a notebook (not JSON, not valid) is reported in the log
    and graded as the untouched release notebook, headed by a note saying why; the learner's other notebooks are still
    graded (nbgrader alone would drop the learner's whole assignment)."""

    def from_filename(self, filename: str, resources: dict | None = None, **kw) -> tuple[NotebookNode, dict]:
        try:
            return super().from_filename(filename, resources, **kw)
        except NOT_A_NOTEBOOK as error:
            info = resources["nbgrader"]
            coursedir = self.parent.coursedir
            release = Path(coursedir.format_path(coursedir.release_directory, ".", info["assignment"]))
            self.log.error("%s is not a readable notebook (%s); grading it as the release notebook",
                           filename, str(error).splitlines()[0])
            nb = nbformat.read(release / f"{info['notebook']}.ipynb", as_version=4)
            nb.cells.insert(0, nbformat.v4.new_markdown_cell(
                f"**This notebook could not be read when it was graded** ({type(error).__name__}: "
                f"{str(error).splitlines()[0][:200]}), so it was graded as the unchanged notebook you were given."))
            return self.from_notebook_node(nb, resources, **kw)


AUTOGRADE_PREPROCESSORS = [IsolatedExecute if step is Execute else step
                           for step in Autograde.class_traits()["autograde_preprocessors"].default()]


def verdict_code(result) -> str:
    """The code a test cell runs at autograde: a pure function of the grader's result for its check (None: no result).

    Full points print `passed`; no points print the message and diagnosis and raise; partial points print them and end
    in the score, which nbgrader reads as partial credit.
    """
    if result is None:
        return ("print('The grader returned no result for this check: the course is out of date; "
                "tell your instructor.')\nraise AssertionError('no result for this check')")
    if result.passed and result.points >= result.max:
        return f"print({f'passed ({result.points:g}/{result.max:g} points)'!r})"
    text = result.message.strip()
    if result.diagnosis:
        text += f"\n\nLikely mistake: {result.diagnosis.strip()}"
    if result.points > 0:
        return f"print({text!r})\n{float(result.points)!r}"
    return f"print({text!r})\nraise AssertionError('hidden check failed: see the message above')"


def grade_submission(coursedir: CourseDirectory, db_url: str, assignment: str, student: str, notebook: str,
                     current: NotebookNode) -> tuple[dict[str, object], dict[str, str]]:
    """Grade a learner's whole submission once (its notebooks import each other). Returns (test cell grade_id ->
    check result, solution cell grade_id -> a note for the learner on the cells of `notebook` left out)."""
    submitted = Path(coursedir.format_path(coursedir.submitted_directory, student, assignment))
    modules: dict[str, str] = {}
    notes: dict[str, str] = {}
    with Gradebook(db_url) as gradebook:
        for entry in gradebook.find_assignment(assignment).notebooks:
            nb = current if entry.name == notebook else _read(submitted / f"{entry.name}.ipynb")
            if nb is None:
                continue
            modules[entry.name], left_out = to_module(entry.name, learner_cells(gradebook, entry, nb))
            if entry.name == notebook:
                notes = {cell_id: f"Grading left this cell out: {why}" for cell_id, why in left_out.items()}
    results = grade_modules(modules, list(modules))
    return {check_cell_id(check_id): result for check_id, result in results.items()}, notes


def learner_cells(gradebook: Gradebook, entry, nb: NotebookNode) -> list[CodeCell]:
    """The code a learner's notebook contributes, in notebook order: solution cells as the learner wrote them, given
    (locked) code cells as the gradebook stored them; given cells the learner deleted come first. Test cells, cells
    without nbgrader metadata and unknown cells contribute nothing."""
    solution_ids = {cell.name for cell in entry.solution_cells}
    given = {cell.name: cell.source for cell in entry.source_cells
             if cell.locked and cell.cell_type == "code" and cell.name not in {g.name for g in entry.grade_cells}}
    cells: dict[str, CodeCell] = {}
    for cell in nb.cells:
        grade_id = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
        if cell.get("cell_type") != "code" or grade_id in cells:
            continue
        if grade_id in solution_ids:
            cells[grade_id] = CodeCell(grade_id, cell.get("source", ""), solution=True)
        elif grade_id in given:
            cells[grade_id] = CodeCell(grade_id, given[grade_id], solution=False)
    missing = [CodeCell(name, given[name], solution=False) for name in sorted(given) if name not in cells]
    return missing + list(cells.values())


def _read(path: Path) -> NotebookNode | None:
    """A sibling notebook, or None if it is missing or not a notebook (nbgrader reports it when it gets there)."""
    try:
        return nbformat.read(path, as_version=4)
    except (OSError, *NOT_A_NOTEBOOK):
        return None
