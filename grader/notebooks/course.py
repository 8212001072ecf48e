"""Write an nbgrader course from the registry and `solutions/`: `nbgrader_config.py` and
`source/<assignment>/<exercise>.ipynb`.

Each notebook is the exercise's lesson (markdown, from the course registry), its given code (locked cells), one
solution cell per function the learner writes, then one autograded test cell per hidden check, worth that check's
points. A test cell names its hidden check and runs the exercise's visible tests on the learner's saved notebook
(`exercises.tests.selfcheck`); it never holds the hidden check, and at autograde it is replaced by the isolated
grader's verdict (see `grader.notebooks.autograde`). No cell imports the reference or the grader: an earlier exercise
comes from the learner's own notebook (`course.my_notebooks`). `source/` holds notebooks only, so
nbgrader has no instructor file to copy over a submission.
"""
from __future__ import annotations

import re
from pathlib import Path

import nbformat
from nbformat import v4

import course
from course import files

from .cells import CodeCell, sibling_imports, split_module

KERNEL_NAME = "python3"
MONOSPACE_SECTIONS = ("Formula", "Shapes")  # lesson sections whose line breaks and spacing carry meaning
SCHEMA_VERSION = 3

CONFIG_FILE = '''\
"""nbgrader configuration of the attention course. Written by `attn nbgrader build`: rebuild rather than edit.
The settings are `grader.notebooks.settings.course_settings`."""
from grader.notebooks.settings import course_settings

c = get_config()  # noqa: F821 - provided by nbgrader when it reads this file
c.merge(course_settings({course_id!r}))
'''


def kernelspec() -> dict[str, str]:
    """Notebook metadata for the `python3` kernel, which must exist here (the grading machine)."""
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    try:
        spec = KernelSpecManager().get_kernel_spec(KERNEL_NAME)
    except NoSuchKernel:
        raise RuntimeError(f"no {KERNEL_NAME!r} Jupyter kernel on this machine: install the instructor extra "
                           "(pip install 'attention-course[instructor]'), which brings ipykernel") from None
    return {"name": KERNEL_NAME, "display_name": spec.display_name, "language": spec.language}


def build_course(out_dir: Path, assignment: str = "attention", exercises: list[str] | None = None) -> list[Path]:
    """Write the course into `out_dir`; returns the notebooks written. Old notebooks of the assignment are replaced."""
    if not re.fullmatch(r"[A-Za-z0-9_-]+", assignment):
        raise ValueError(f"assignment must be letters, digits, '_' or '-', got {assignment!r}")
    from grader.api import list_checks

    exercises = list(exercises or course.NAMES)
    missing = [name for name in exercises if not files.solution(name).is_file()]
    if missing:
        raise ValueError(f"exercises {missing} have no model answer in {files.package_dir('solutions')}")
    split = {name: split_module(name, files.solution(name).read_text()) for name in exercises}
    for name, cells in split.items():
        outside = sorted(sibling_imports(cells) - set(exercises))
        if outside:
            raise ValueError(f"exercise {name!r} imports {outside}, which the course leaves out: add them to exercises")
    spec = kernelspec()
    source = Path(out_dir) / "source" / assignment
    source.mkdir(parents=True, exist_ok=True)
    for old in source.glob("*.ipynb"):
        old.unlink()
    (Path(out_dir) / "nbgrader_config.py").write_text(
        CONFIG_FILE.format(course_id=Path(out_dir).resolve().name))
    written = []
    for exercise, cells in split.items():
        notebook = exercise_notebook(exercise, course.lesson_text(exercise), cells, list_checks(exercise), spec)
        path = source / f"{exercise}.ipynb"
        nbformat.write(notebook, path)
        written.append(path)
    return written


def exercise_notebook(exercise: str, lesson: str, cells: list[CodeCell], checks: list, spec: dict[str, str]):
    """The source notebook of one exercise; `checks` are the grader's CheckInfo (id, exercise, points, description)."""
    if not checks:
        raise ValueError(f"the grader has no checks for exercise {exercise!r}: a notebook would have nothing to grade")
    notebook = v4.new_notebook(metadata={"kernelspec": spec, "language_info": {"name": "python"}})
    notebook.cells.append(_markdown(f"{exercise}-lesson", lesson_markdown(lesson)))
    for cell in cells:
        metadata = _nbgrader(cell.cell_id, solution=cell.solution, locked=not cell.solution)
        notebook.cells.append(v4.new_code_cell(cell.source, metadata=metadata))
    total = sum(check.points for check in checks)
    notebook.cells.append(_markdown(f"{exercise}-checks", CHECKS_INTRO.format(count=len(checks), total=total)))
    for check in checks:
        metadata = _nbgrader(check_cell_id(check.id), grade=True, locked=True, points=check.points)
        notebook.cells.append(v4.new_code_cell(_test_source(check), metadata=metadata))
    nbformat.validate(notebook)
    return notebook


CHECKS_INTRO = """\
## Checks ({count} hidden checks, {total} points)

Each cell below stands for one hidden check, worth the points it names. When your notebook is graded, the grader runs
the code of your solution cells (and of your other notebooks that this one imports) in a separate, isolated process;
what you ran in this kernel does not count. The hidden checks are not in this notebook: running a cell below runs
this exercise's visible tests on your saved notebook (save it first), which is a good sign but not the grade.
Feedback shows, for each hidden check, `passed` or what went wrong and the likely mistake.
"""


def lesson_markdown(lesson: str) -> str:
    """A solution module's docstring as markdown: the first line is the title; an unindented line followed by an
    indented block is a section heading; formula and shape sections stay monospace; `<` is escaped outside code
    spans."""
    lines = lesson.splitlines()
    out = [f"# {_escape(lines[0].strip())}"] if lines else []
    number = 1
    while number < len(lines):
        line = lines[number]
        following = lines[number + 1] if number + 1 < len(lines) else ""
        if not (line.strip() and not line[0].isspace() and following.startswith(" ")):
            out.append(_escape(line))
            number += 1
            continue
        end = number + 1
        while end < len(lines) and (not lines[end].strip() or lines[end][0].isspace()):
            end += 1
        body = "\n".join(text[4:] if text.startswith("    ") else text.strip() for text in lines[number + 1:end])
        body = body.strip("\n")
        out += ["", f"### {_escape(line.strip())}", ""]
        out.append(f"```text\n{body}\n```" if line.startswith(MONOSPACE_SECTIONS) else _escape(body))
        out.append("")
        number = end
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip() + "\n"


def _escape(text: str) -> str:
    """Escape `<` (as in "</w>", which markdown would take for an HTML tag) outside backtick code spans."""
    parts = text.split("`")
    return "`".join(part if index % 2 else part.replace("<", "&lt;") for index, part in enumerate(parts))


def answered(release, source, replace: dict[str, str] | None = None):
    """A release notebook with its solution cells as the source notebook's (the model answers) or, for the grade_ids
    in `replace`, that text: what a learner hands in, for trying a course out (tests, benchmarks)."""
    replace = replace or {}
    answers = {cell.metadata.nbgrader["grade_id"]: cell.source for cell in source.cells
               if cell.metadata.get("nbgrader", {}).get("solution")}
    notebook = nbformat.from_dict(nbformat.reads(nbformat.writes(release), as_version=4))
    for cell in notebook.cells:
        grade_id = cell.metadata.get("nbgrader", {}).get("grade_id")
        if grade_id in answers:
            cell.source = replace.get(grade_id, answers[grade_id])
    return notebook


def check_cell_id(check_id: str) -> str:
    """A grade_id for a check: its id with characters other than letters, digits, '_' and '-' turned into '-'."""
    slug = re.sub(r"[^A-Za-z0-9_-]+", "-", check_id).strip("-")
    if len(slug) > 120:  # nbgrader stores grade ids in 128 characters
        raise ValueError(f"check id too long for an nbgrader grade_id: {check_id!r}")
    return f"check-{slug}"


def _test_source(check) -> str:
    description = "\n".join(f"# {line}".rstrip() for line in check.description.strip().splitlines())
    points = f"{check.points:g} point" + ("" if check.points == 1 else "s")
    return (f"# Hidden check {check.id} ({points}):\n{description}\n"
            f"# It runs when your notebook is graded. This cell runs the visible tests of {check.exercise} on your "
            f"saved notebook.\n"
            f"from exercises.tests.selfcheck import run_visible_tests\n"
            f"run_visible_tests({check.exercise!r})")


def _nbgrader(grade_id: str, grade: bool = False, solution: bool = False, locked: bool = False,
              points: float | None = None) -> dict:
    """Cell metadata exactly as nbgrader's schema version 3 wants it."""
    meta = {"grade": grade, "grade_id": grade_id, "locked": locked, "schema_version": SCHEMA_VERSION,
            "solution": solution, "task": False}
    if grade:
        meta["points"] = points
    return {"nbgrader": meta}


def _markdown(grade_id: str, text: str):
    return v4.new_markdown_cell(text, metadata=_nbgrader(grade_id, locked=True))
