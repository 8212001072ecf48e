"""nbgrader autograde with the learner's code run by the isolated grader, never by the kernel.

The course's nbgrader settings (`settings.course_settings`) set two pipelines of small steps:

- sanitizing (`SANITIZE_PREPROCESSORS`): `sanitize.SetAsideExtraFiles` and `sanitize.RestoreFromRelease` first, so
  that nothing of the submission but the learner's solution-cell sources reaches the later steps, then nbgrader's own;
- autograding (`AUTOGRADE_PREPROCESSORS`): nbgrader's, with `IsolatedExecute` in the place of `Execute`.

For a notebook, `IsolatedExecute`

1. turns every notebook of the learner's submission, each restored from its release copy, into a module (given cells
   as released, the learner's solution cells as written: `course.notebooks.to_module`), and grades that package once with
   `grader.api.grade`, in the grader's isolated child process, which cannot read the course folder;
2. starts a fresh kernel of this interpreter in isolated mode (`python -I`) in an empty folder, whatever the notebook's
   kernelspec says, and runs ONLY the autograded test cells, each with its source swapped for a verdict that is a pure
   function of the grader's result (`print` on success, `print` the diagnosis and `raise` on failure), then puts the
   visible source back. No learner cell or file runs in that kernel, so monkeypatches, input transformers, `os._exit`
   or a shadowing module cannot touch a verdict: learner code runs only in the grader's child, where it costs the
   learner's checks.
"""
from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import asdict
from pathlib import Path

import nbformat
from jupyter_client.manager import AsyncKernelManager
from nbconvert.exporters import NotebookExporter
from nbformat import NotebookNode
from nbgrader import utils
from nbgrader.api import Gradebook
from nbgrader.converters.autograde import Autograde
from nbgrader.coursedir import CourseDirectory
from nbgrader.preprocessors import Execute
from traitlets import Bool

from course.notebooks import notebook_cells, to_module

from .course import KERNEL_NAME, check_cell_id
from .package import grade_modules
from .sanitize import (
    RestoreFromRelease,
    SetAsideExtraFiles,
    add_notes,
    release_notebook,
    restore,
)

# What reading a file that is not a notebook raises: not JSON, JSON of the wrong shape, or failing nbformat's schema.
NOT_A_NOTEBOOK = (nbformat.reader.NotJSONError, nbformat.ValidationError, AttributeError, TypeError, KeyError,
                  ValueError, RecursionError, UnicodeDecodeError)
RESULT_KEY = "grader_result"  # test cell metadata: the grader's result, for `attn nbgrader report`
MAX_NOTEBOOK_BYTES = 20_000_000  # far above any notebook of the course; a larger file is not read


class VerdictKernelManager(AsyncKernelManager):
    """Starts the verdict kernel as this interpreter in isolated mode, `python -I -m ipykernel_launcher`: no current
    folder, user site-packages or PYTHON* variables on its path, whatever kernelspec the notebook names; and with an
    IPython folder of its own inside its empty working folder, so that grading neither reads the instructor's IPython
    profile (startup files) nor writes one into their home."""

    def format_kernel_cmd(self, extra_arguments: list[str] | None = None) -> list[str]:
        return [sys.executable, "-I", "-m", "ipykernel_launcher", "-f", os.path.realpath(self.connection_file),
                *(extra_arguments or [])]

    async def _async_pre_start_kernel(self, **kw):
        kernel_cmd, kw = await super()._async_pre_start_kernel(**kw)
        folder = kw["cwd"]     # IsolatedExecute's empty temporary folder (nbclient passes it as the kernel's cwd)
        kw["env"] = {**(kw.get("env") or os.environ), "IPYTHONDIR": os.path.join(folder, ".ipython")}
        return kernel_cmd, kw


class IsolatedExecute(Execute):
    """nbgrader's Execute, except that the kernel runs only test cells, each replaced by the grader's verdict, in a
    kernel started in an empty folder (`VerdictKernelManager`)."""

    strict_composition = Bool(False, help="Grade later notebooks with the learner's own failed earlier functions "
                              "(by default those are replaced by correct ones: a mistake costs once).").tag(config=True)

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("kernel_manager_class", VerdictKernelManager)
        kwargs.setdefault("kernel_name", KERNEL_NAME)  # never the kernelspec a notebook names
        super().__init__(*args, **kwargs)

    def preprocess(self, nb: NotebookNode, resources: dict) -> tuple[NotebookNode, dict]:
        info = resources["nbgrader"]
        results, notes = grade_submission(CourseDirectory(config=self.config), info["db_url"], info["assignment"],
                                          info["student"], info["notebook"], nb, self.strict_composition)
        test_cells = [cell.metadata.nbgrader["grade_id"] for cell in nb.cells
                      if cell.cell_type == "code" and utils.is_grade(cell)]
        self._verdicts = {grade_id: verdict_code(results.get(grade_id)) for grade_id in test_cells}
        for cell in nb.cells:
            grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
            note = notes.get(grade_id)
            if note:
                cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=note + "\n")]
            if grade_id in self._verdicts:  # for `attn nbgrader report`; replaces whatever the learner's copy held
                cell.metadata[RESULT_KEY] = asdict(results[grade_id]) if grade_id in results else None
        self._minimal_tracebacks = False
        with tempfile.TemporaryDirectory(prefix="verdict-kernel-") as empty:
            resources = {**resources, "metadata": {**resources.get("metadata", {}), "path": empty}}
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
    """Reads submitted notebooks for autograde. One that is not a notebook (not JSON, not valid, a link, too large) is
    reported in the log and graded as the untouched release notebook, headed by a note saying why; the learner's other
    notebooks are still graded (nbgrader alone would drop the learner's whole assignment)."""

    def from_filename(self, filename: str, resources: dict | None = None, **kw) -> tuple[NotebookNode, dict]:
        why = unreadable(Path(filename))
        if why is None:
            try:
                return super().from_filename(filename, resources, **kw)
            except NOT_A_NOTEBOOK as error:
                why = f"{type(error).__name__}: {(str(error).splitlines() or [''])[0][:200]}"
        info = resources["nbgrader"]
        self.log.error("%s is not a readable notebook (%s); grading it as the release notebook", filename, why)
        nb = release_notebook(self.parent.coursedir, info["assignment"], info["notebook"])
        add_notes(nb, [f"This notebook could not be read when it was graded ({why}), so it was graded as the "
                       "unchanged notebook you were given."])
        return self.from_notebook_node(nb, resources, **kw)


def unreadable(path: Path) -> str | None:
    """Why a submitted notebook file is not read (a link, not a file, too large), or None."""
    if path.is_symlink():
        return "it is a symbolic link, not a file"
    if not path.is_file():
        return "it is not a file"
    if path.stat().st_size > MAX_NOTEBOOK_BYTES:
        return f"it is larger than {MAX_NOTEBOOK_BYTES // 1_000_000} MB"
    return None


SANITIZE_PREPROCESSORS = [SetAsideExtraFiles, RestoreFromRelease,
                          *Autograde.class_traits()["sanitize_preprocessors"].default()]
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
                     current: NotebookNode, strict_composition: bool = False
                     ) -> tuple[dict[str, object], dict[str, str]]:
    """Grade a learner's whole submission once (its notebooks import each other). `current` is `notebook` as the
    sanitizing steps left it; the others are read from submitted/ and restored from their release copies the same way.
    Returns (test cell grade_id -> check result, solution cell grade_id -> a note on the cells of `notebook` left
    out)."""
    submitted = Path(coursedir.format_path(coursedir.submitted_directory, student, assignment))
    with Gradebook(db_url) as gradebook:
        names = [entry.name for entry in gradebook.find_assignment(assignment).notebooks]
    modules: dict[str, str] = {}
    notes: dict[str, str] = {}
    for name in names:
        release = release_notebook(coursedir, assignment, name)
        nb = current if name == notebook else restore(_read(submitted / f"{name}.ipynb") or release, release)[0]
        modules[name], left_out = to_module(name, notebook_cells(nb))
        if name == notebook:
            notes = {cell_id: f"Grading left this cell out: {why}" for cell_id, why in left_out.items()}
    results = grade_modules(modules, list(modules), hide=(coursedir.root,), strict_composition=strict_composition)
    return {check_cell_id(check_id): result for check_id, result in results.items()}, notes


def _read(path: Path) -> NotebookNode | None:
    """A sibling notebook as submitted, or None if it is missing or not a notebook (graded as the release, as
    `SubmissionExporter` does when nbgrader reads it)."""
    try:
        return None if unreadable(path) else nbformat.read(path, as_version=4)
    except (OSError, *NOT_A_NOTEBOOK):
        return None
