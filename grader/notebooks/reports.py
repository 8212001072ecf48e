"""`attn nbgrader report`: per-learner reports rebuilt from an nbgrader course after `nbgrader autograde`.

The points of every test cell come from nbgrader's gradebook (so a score changed by hand in formgrader counts); what
went wrong comes from the autograded notebook `autograded/<learner>/<assignment>/<exercise>.ipynb`: at autograde,
`grader.notebooks.autograde` stores the grader's result for the check in the test cell's metadata
(`grader_result`: id, message, diagnosis, error). A notebook autograded before that was stored gives what its
output printed: the message, then "Likely mistake: <diagnosis>" (and no error kind).
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import nbformat
from nbgrader.api import Gradebook, MissingEntry

from grader.classreport.build import relative_link, write_class_report
from grader.notebooks.autograde import NOT_A_NOTEBOOK, RESULT_KEY
from grader.report import CheckResult, Report

LIKELY_MISTAKE = "\n\nLikely mistake: "


@dataclass
class CourseReports:
    assignment: str
    reports: dict[str, Report]   # learner -> report
    links: dict[str, Path]       # learner -> their feedback folder (or autograded folder)
    absent: dict[str, str]       # learner -> why there is no report


def read_course(course: Path, assignment: str | None = None, db_url: str | None = None) -> CourseReports:
    """Every learner of the gradebook: a Report per submission of `assignment` (default: the only one there is)."""
    db_url = db_url or f"sqlite:///{(course / 'gradebook.db').resolve()}"
    if db_url.startswith("sqlite:///") and not Path(db_url.removeprefix("sqlite:///")).exists():
        raise ValueError(f"no gradebook at {db_url.removeprefix('sqlite:///')}: run nbgrader's commands in {course} "
                         "first, or name the database with --db")
    with Gradebook(db_url) as gradebook:
        names = sorted(a.name for a in gradebook.assignments)
        if assignment is None:
            if len(names) != 1:
                raise ValueError(f"the gradebook has {len(names)} assignments ({', '.join(names) or 'none'}): "
                                 "name one with --assignment")
            assignment = names[0]
        elif assignment not in names:
            raise ValueError(f"no assignment {assignment!r} in the gradebook; it has {', '.join(names) or 'none'}")
        out = CourseReports(assignment, {}, {}, {})
        for student in sorted(s.id for s in gradebook.students):
            try:
                submission = gradebook.find_submission(assignment, student)
            except MissingEntry:
                out.absent[student] = "no submission"
                continue
            checks = []
            for notebook in submission.notebooks:
                path = course / "autograded" / student / assignment / f"{notebook.name}.ipynb"
                results = _cell_results(path)
                checks += [_check(notebook.name, grade, results.get(grade.name)) for grade in notebook.grades]
            out.reports[student] = Report(str(course / "submitted" / student / assignment), checks)
            feedback = course / "feedback" / student / assignment
            out.links[student] = feedback if feedback.is_dir() else course / "autograded" / student / assignment
    return out


def _check(exercise: str, grade, stored: dict | None) -> CheckResult:
    """One test cell as a check: the gradebook's points, the autograded notebook's account of what went wrong."""
    stored = stored or {}
    points, maximum = float(grade.score or 0.0), float(grade.max_score)
    return CheckResult(id=stored.get("id") or grade.name, exercise=exercise, points=points, max=maximum,
                       passed=points >= maximum, message=stored.get("message", ""),
                       diagnosis=stored.get("diagnosis"), error=stored.get("error"))


def _cell_results(path: Path) -> dict[str, dict]:
    """grade_id -> what the test cell recorded at autograde (empty if the notebook is missing or unreadable)."""
    try:
        nb = nbformat.read(path, as_version=4)
    except (OSError, *NOT_A_NOTEBOOK):
        return {}
    found = {}
    for cell in nb.cells:
        meta = cell.get("metadata", {})
        grade_id = meta.get("nbgrader", {}).get("grade_id")
        if not (grade_id and meta.get("nbgrader", {}).get("grade")):
            continue
        if isinstance(meta.get(RESULT_KEY), dict):
            found[grade_id] = meta[RESULT_KEY]
        else:  # autograded before results were stored: the printed verdict
            printed = "".join(o.get("text", "") for o in cell.get("outputs", []) if o.get("output_type") == "stream")
            message, _, diagnosis = printed.strip().partition(LIKELY_MISTAKE)
            found[grade_id] = {"message": message.strip(), "diagnosis": diagnosis.strip() or None}
    return found


def nbgrader_report(course: Path, assignment: str | None, out: Path | None, anonymise: bool, db_url: str | None) -> int:
    """`attn nbgrader report [COURSE]`: the class report of an autograded nbgrader assignment."""
    page = out or course / "class.html"
    if page.suffix.lower() not in (".html", ".htm"):
        print(f"attn nbgrader report: --out must name an .html file, got {page}", file=sys.stderr)
        return 2
    try:
        found = read_course(course, assignment, db_url)
    except ValueError as error:
        print(f"attn nbgrader report: {error}", file=sys.stderr)
        return 2
    links = {learner: relative_link(path, page) + "/" for learner, path in found.links.items()}
    summary = write_class_report(page, found.reports, links=links, absent=found.absent, anonymise=anonymise,
                                 title=f"Class report: nbgrader assignment {found.assignment}")
    print(f"wrote {page} and {page.with_suffix('.json')}: {summary['learners']} learners with a submission"
          + (f", {len(found.absent)} without" if found.absent else ""))
    return 0
