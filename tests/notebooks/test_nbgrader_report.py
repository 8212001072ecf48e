"""`attn nbgrader report` on a real nbgrader course: built, released, handed in, autograded, fed back.

One exercise (softmax), three learners who hand in (`amy_complete`, `ben_mistake` with a catalogued softmax
mistake, `cy_crasher` whose solution cell ends the process) and one (`zed_absent`) who does not. The report's
scores must be the gradebook's, the mistake named with the catalogue's explanation, the crash listed as broken, and
each learner linked to their feedback.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from grader.api import SUITES
from grader.catalogue import overlay_source, variants
from grader.notebooks.cli import main as nbgrader_main
from grader.notebooks.course import answered

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
ASSIGNMENT = "ps1"
EXERCISE = "softmax"
SOLUTION_CELL = "softmax-softmax_cols"
MISTAKE = variants(EXERCISE, correct=False)[0]
CRASH = "import os\nos._exit(3)\n"


def run(args: list[str], cwd: Path, check: bool = True) -> subprocess.CompletedProcess:
    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"  # nbgrader runs alembic, kernels
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    if check and done.returncode != 0:
        raise AssertionError(f"{' '.join(args)} exited {done.returncode}:\n{done.stdout[-3000:]}\n"
                             f"{done.stderr[-5000:]}")
    return done


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> Path:
    if not (SUITES / EXERCISE / f"test_{EXERCISE}.py").exists():
        pytest.skip("no hidden softmax suite")
    from nbgrader.api import Gradebook

    course = tmp_path_factory.mktemp("nbgrader-report") / "course"
    run([sys.executable, "-m", "attn", "nbgrader", "build", str(course), "--assignment", ASSIGNMENT,
         "--exercises", EXERCISE], REPO)
    run([sys.executable, "-m", "nbgrader", "generate_assignment", ASSIGNMENT], course)
    release = nbformat.read(course / "release" / ASSIGNMENT / f"{EXERCISE}.ipynb", as_version=4)
    source = nbformat.read(course / "source" / ASSIGNMENT / f"{EXERCISE}.ipynb", as_version=4)
    answers = {"amy_complete": {}, "ben_mistake": {SOLUTION_CELL: overlay_source(MISTAKE)},
               "cy_crasher": {SOLUTION_CELL: CRASH}}
    for learner, replace in answers.items():
        folder = course / "submitted" / learner / ASSIGNMENT
        folder.mkdir(parents=True)
        nbformat.write(answered(release, source, replace), folder / f"{EXERCISE}.ipynb")
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        gradebook.add_student("zed_absent")  # on the roll, handed nothing in
    run([sys.executable, "-m", "nbgrader", "autograde", ASSIGNMENT], course)
    run([sys.executable, "-m", "nbgrader", "generate_feedback", ASSIGNMENT], course)
    return course


def gradebook_totals(course: Path) -> dict[str, float]:
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gradebook:
        return {s.student.id: s.score for s in gradebook.find_assignment(ASSIGNMENT).submissions}


def report(course: Path, page: Path, *args: str) -> dict:
    """`attn nbgrader report COURSE --out PAGE ...` in this process (the first test runs the command itself)."""
    assert nbgrader_main(["report", str(course), "--out", str(page), *args]) == 0
    return json.loads(page.with_suffix(".json").read_text())


def test_the_report_holds_the_gradebook_scores_the_mistake_and_the_crash(course):
    run([sys.executable, "-m", "attn", "nbgrader", "report"], course)  # defaults: the course here, class.html in it
    summary = json.loads((course / "class.json").read_text())
    rows = {row["learner"]: row for row in summary["table"]}
    assert summary["learners"] == 3 and summary["absent"] == [{"learner": "zed_absent", "reason": "no submission"}]
    assert {learner: row["score"] for learner, row in rows.items()} == pytest.approx(gradebook_totals(course))
    assert rows["amy_complete"]["percent"] == 100 and rows["ben_mistake"]["score"] < rows["amy_complete"]["score"]

    [named] = summary["misconceptions"]
    assert (named["name"], named["exercise"], named["learners"]) == (MISTAKE.name, EXERCISE, 1)
    assert named["explanation"] == " ".join(MISTAKE.explanation.split()) and named["examples"]
    assert rows["ben_mistake"]["misconceptions"] == [MISTAKE.name]
    assert [(row["learner"], row["error"]) for row in summary["broken"]] == [("cy_crasher", "crash")]

    assert all(row["id"].startswith(f"{EXERCISE}::") and row["description"] for row in summary["checks"])
    assert rows["amy_complete"]["report"] == f"feedback/amy_complete/{ASSIGNMENT}/"
    assert (course / rows["amy_complete"]["report"] / f"{EXERCISE}.html").is_file()
    assert "<svg class=histogram" in (course / "class.html").read_text()


def test_notebooks_autograded_without_stored_results_give_the_printed_diagnosis(course, tmp_path):
    path = course / "autograded" / "ben_mistake" / ASSIGNMENT / f"{EXERCISE}.ipynb"
    original = path.read_text()
    nb = nbformat.reads(original, as_version=4)
    for cell in nb.cells:
        cell.metadata.pop("grader_result", None)
    nbformat.write(nb, path)
    try:
        summary = report(course, tmp_path / "printed.html")
    finally:
        path.write_text(original)
    [named] = summary["misconceptions"]
    assert (named["name"], named["learners"]) == (MISTAKE.name, 1)
    assert named["explanation"] == " ".join(MISTAKE.explanation.split())


def test_anonymised_report_names_nobody(course, tmp_path):
    report(course, tmp_path / "shared.html", "--anonymise")
    text = (tmp_path / "shared.html").read_text() + (tmp_path / "shared.json").read_text()
    assert not [name for name in ("amy_complete", "ben_mistake", "cy_crasher", "zed_absent") if name in text]


def test_a_course_without_a_gradebook_is_a_clear_error(tmp_path, capsys):
    assert nbgrader_main(["report", str(tmp_path)]) == 2
    assert "no gradebook" in capsys.readouterr().err
