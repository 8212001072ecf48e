"""The course's nbgrader settings as a traitlets `Config`. `attn nbgrader build` writes an `nbgrader_config.py` that
merges `course_settings(course_id)`, so the settings live here, in code, and a rebuild never edits them."""
from __future__ import annotations

from traitlets.config import Config


def course_settings(course_id: str) -> Config:
    """Everything nbgrader needs to grade the course through the isolated grader."""
    from .autograde import AUTOGRADE_PREPROCESSORS, SANITIZE_PREPROCESSORS, SubmissionExporter
    from .export import GradesCsvExport

    c = Config()
    c.CourseDirectory.course_id = course_id
    # Only the learner's solution-cell sources are taken from a submission: extra files are set aside, every other
    # cell and all metadata come from the release.
    c.Autograde.sanitize_preprocessors = SANITIZE_PREPROCESSORS
    # Learner code never runs in the kernel: the isolated grader runs it, the kernel only replays the verdicts.
    c.Autograde.autograde_preprocessors = AUTOGRADE_PREPROCESSORS
    # A submitted notebook that is not a notebook is reported and graded as the release; the others are still graded.
    c.Autograde.exporter_class = SubmissionExporter
    # Bounds each cell run by the kernel (the verdicts); the isolated grader has its own limits.
    c.Execute.timeout = 60
    # A test cell's grade is carried by its error output; stray stderr (kernel warnings) must not zero it.
    c.IgnorePattern.pattern = r"[\s\S]*"
    # Test cells are put back by RestoreFromRelease already; nbgrader's own repair stays on as a second line.
    c.OverwriteCells.add_missing_cells = True
    c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\nraise NotImplementedError()"}
    # The export says, per learner, whether autograde graded every notebook.
    c.ExportApp.plugin_class = GradesCsvExport
    return c
