"""The course, end to end, with nbgrader's own commands and real kernels.

`attn nbgrader build` -> `nbgrader generate_assignment` -> leak scan of release/ -> six learners' submissions ->
`nbgrader autograde` -> `nbgrader generate_feedback` -> `nbgrader export`. Every test cell's score in the gradebook
must equal the isolated grader's result on the same code handed in as plain modules (`grader.api.grade`, run in a
separate process), and the CSV must hold the same totals.

Learners: `complete` (the model answers), `untouched` (the release as given), `mistake` (a catalogued mistake in
attention), `cheat` (a softmax from the grader's cheat corpus), `kernel_attack` (the release plus cells that rewrite
the kernel: an input transformer, `skip-execution` tags, `os._exit`), `unreadable` (one notebook is not JSON).
"""
from __future__ import annotations

import csv
import html
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

from grader.api import SUITES
from grader.catalogue import overlay_source, variants
from grader.notebooks.course import answered, check_cell_id

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
ASSIGNMENT = "ps1"
COURSE = ("softmax", "masking", "attention")  # attention imports the other two: grading uses the learner's own
MISTAKE = ("attention", "scaled_dot_product_attention", "no_scaling")
UNREADABLE = "attention"  # no other notebook imports it
CHEAT = REPO / "tests" / "grader" / "cheats" / "monkeypatch_allclose.py"  # attacks softmax
LEARNERS = ("complete", "untouched", "mistake", "cheat", "kernel_attack", "unreadable")

INPUT_TRANSFORMER = """\
# Rewrites every later cell of this kernel, test cells included, into a pass.
get_ipython().input_transformers_post.append(lambda lines: ['print("passed")\\n'])
"""


def environment() -> dict[str, str]:
    """nbgrader runs `alembic` and kernels from PATH: put this interpreter's bin first."""
    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    return env


def run(args: list[str], cwd: Path, check: bool = True) -> subprocess.CompletedProcess:
    done = subprocess.run(args, cwd=cwd, env=environment(), capture_output=True, text=True, timeout=600)
    if check and done.returncode != 0:
        raise AssertionError(f"{' '.join(args)} exited {done.returncode}:\n{done.stdout[-3000:]}\n"
                             f"{done.stderr[-5000:]}")
    return done


def nbgrader(*args: str, cwd: Path, check: bool = True) -> subprocess.CompletedProcess:
    return run([sys.executable, "-m", "nbgrader", *args], cwd, check)


def attack_kernel(nb: nbformat.NotebookNode) -> None:
    """Cells that would raise the score if learner code ran in the grading kernel."""
    nb.cells.insert(1, nbformat.v4.new_code_cell(INPUT_TRANSFORMER))
    for cell in nb.cells:
        meta = cell.metadata.get("nbgrader", {})
        if meta.get("grade"):
            cell.metadata["tags"] = ["skip-execution"]
        if meta.get("solution"):
            cell.source = INPUT_TRANSFORMER + cell.source + "\nimport os\nos._exit(0)\n"


def write_submissions(course: Path) -> dict[str, Path]:
    """Each learner's notebooks under submitted/, and each one's code as plain modules (for the expected grades)."""
    release, source = course / "release" / ASSIGNMENT, course / "source" / ASSIGNMENT
    mistake = next(v for v in variants(MISTAKE[0], correct=False) if v.name == MISTAKE[2])
    replace = {"mistake": {f"{MISTAKE[0]}-{MISTAKE[1]}": overlay_source(mistake)},
               "cheat": {"softmax-softmax_cols": CHEAT.read_text()}}
    modules = {}
    for learner in LEARNERS:
        folder = course / "submitted" / learner / ASSIGNMENT
        folder.mkdir(parents=True)
        for exercise in COURSE:
            given = nbformat.read(release / f"{exercise}.ipynb", as_version=4)
            nb = given if learner in ("untouched", "kernel_attack") else \
                answered(given, nbformat.read(source / f"{exercise}.ipynb", as_version=4), replace.get(learner, {}))
            if learner == "kernel_attack":
                attack_kernel(nb)
            nbformat.write(nb, folder / f"{exercise}.ipynb")
        modules[learner] = folder
    (course / "submitted" / "unreadable" / ASSIGNMENT / f"{UNREADABLE}.ipynb").write_text('{"cells": [')
    return modules


EXPECTED_SCRIPT = """\
import json, shutil, sys, tempfile
from pathlib import Path
from grader.api import grade
from grader.catalogue import overlay_source, variants

repo, course, mistake_exercise, mistake_name, cheat, unreadable = Path(sys.argv[1]), sys.argv[2].split(","), \\
    sys.argv[3], sys.argv[4], Path(sys.argv[5]), sys.argv[6]
solutions = {name: (repo / "solutions" / f"{name}.py").read_text() for name in course}
variant = next(v for v in variants(mistake_exercise, correct=False) if v.name == mistake_name)
mistaken = solutions[mistake_exercise] + "\\n\\n" + overlay_source(variant)  # the later definition wins
cases = {"mistake": {**solutions, mistake_exercise: mistaken},
         "cheat": {**solutions, "softmax": cheat.read_text()},
         "unreadable": {name: text for name, text in solutions.items() if name != unreadable}}
out = {}
for learner, modules in cases.items():
    with tempfile.TemporaryDirectory() as folder:
        for name, text in modules.items():
            (Path(folder) / f"{name}.py").write_text(text)
        out[learner] = {c.id: [c.exercise, c.points, c.max] for c in grade(folder, course).checks}
print(json.dumps(out))
"""


def expected_points(course_dir: Path, cells: dict[str, tuple[str, float]]) -> dict[str, dict[str, float]]:
    """learner -> test cell grade_id -> points: what the isolated grader gives the same code as plain modules."""
    done = run([sys.executable, "-c", EXPECTED_SCRIPT, str(REPO), ",".join(COURSE), MISTAKE[0], MISTAKE[2],
                str(CHEAT), UNREADABLE], course_dir)
    graded = json.loads(done.stdout.strip().splitlines()[-1])
    full = {cell: points for cell, (_, points) in cells.items()}
    expected = {"complete": full, "untouched": dict.fromkeys(full, 0.0), "kernel_attack": dict.fromkeys(full, 0.0)}
    for learner, results in graded.items():
        expected[learner] = {check_cell_id(check_id): info[1] for check_id, info in results.items()}
        assert set(expected[learner]) == set(cells), f"the grader's checks for {learner} differ from the course's"
    return expected


@pytest.fixture(scope="module")
def course(tmp_path_factory) -> dict:
    missing = [name for name in COURSE if not (SUITES / name / f"test_{name}.py").exists()]
    if missing:
        pytest.skip(f"the hidden suites of {missing} are not written yet")
    course = tmp_path_factory.mktemp("nbgrader") / "course"
    run([sys.executable, "-m", "attn", "nbgrader", "build", str(course), "--assignment", ASSIGNMENT,
         "--exercises", ",".join(COURSE)], REPO)
    nbgrader("generate_assignment", ASSIGNMENT, cwd=course)
    cells = {cell.metadata.nbgrader["grade_id"]: (exercise, cell.metadata.nbgrader["points"]) for exercise in COURSE
             for cell in nbformat.read(course / "source" / ASSIGNMENT / f"{exercise}.ipynb", as_version=4).cells
             if cell.metadata.nbgrader["grade"]}
    write_submissions(course)
    start = time.perf_counter()
    autograde = nbgrader("autograde", ASSIGNMENT, cwd=course)
    seconds = time.perf_counter() - start
    nbgrader("generate_feedback", ASSIGNMENT, cwd=course)
    nbgrader("export", "--to", "grades.csv", cwd=course)
    print(f"\nnbgrader autograde: {seconds:.1f} s for {len(LEARNERS)} submissions of {len(COURSE)} notebooks")
    return {"dir": course, "cells": cells, "autograde": autograde, "expected": expected_points(course, cells),
            "maximum": sum(points for _, points in cells.values())}


def gradebook_points(course_dir: Path, learner: str) -> dict[str, float]:
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course_dir / 'gradebook.db'}") as gradebook:
        return {grade.name: grade.score for exercise in COURSE
                for grade in gradebook.find_submission_notebook(exercise, ASSIGNMENT, learner).grades}


def test_source_holds_notebooks_only(course):
    files = sorted(p.name for p in (course["dir"] / "source" / ASSIGNMENT).rglob("*") if p.is_file())
    assert files == sorted(f"{name}.ipynb" for name in COURSE), \
        "nbgrader would copy any other file of source/ over every submission at autograde"


def test_release_leaks_nothing(course):
    release = course["dir"] / "release" / ASSIGNMENT
    done = run([sys.executable, "-m", "attn", "nbgrader", "scan", str(release)], REPO, check=False)
    assert done.returncode == 0 and "0 leak(s)" in done.stdout, done.stdout[-3000:]
    source = run([sys.executable, "-m", "attn", "nbgrader", "scan", str(course["dir"] / "source")], REPO, check=False)
    assert source.returncode == 1 and "solution text" in source.stdout and "marker text" in source.stdout, \
        "the scan finds nothing in source/, which holds the solutions: it cannot be trusted on release/"


def test_released_notebooks_import_neither_the_reference_nor_the_grader(course):
    """Learners' Jupyter environments have the learner distribution only: a released notebook imports earlier
    exercises from the learner's own notebooks and self-checks with the visible tests."""
    imports = re.compile(r"^\s*(?:from|import)\s+(reference|grader|solutions)\b", re.MULTILINE)
    for path in sorted((course["dir"] / "release" / ASSIGNMENT).glob("*.ipynb")):
        code = [cell.source for cell in nbformat.read(path, as_version=4).cells if cell.cell_type == "code"]
        assert not [match[0] for text in code for match in imports.finditer(text)], path.name
        assert any("run_visible_tests" in text for text in code), f"{path.name} has no self-check"
    attention = nbformat.read(course["dir"] / "release" / ASSIGNMENT / "attention.ipynb", as_version=4)
    assert any("from course.my_notebooks.softmax import softmax_cols" in cell.source for cell in attention.cells)


@pytest.mark.parametrize("learner", LEARNERS)
def test_every_test_cell_scores_what_the_isolated_grader_gives(course, learner):
    got = gradebook_points(course["dir"], learner)
    expected = course["expected"][learner]
    wrong = {cell: (got.get(cell), points) for cell, points in expected.items() if got.get(cell) != points}
    assert not wrong, f"{learner}: test cell -> (nbgrader score, grader's points) where they differ: {wrong}"


def test_scores_have_the_shape_the_issue_asks_for(course):
    def points(learner: str, exercise: str | None = None) -> float:
        return sum(p for cell, p in course["expected"][learner].items()
                   if exercise in (None, course["cells"][cell][0]))

    assert points("complete") == course["maximum"] and points("untouched") == points("kernel_attack") == 0
    assert 0 < points("mistake") < course["maximum"] and points("mistake", "softmax") > 0
    assert points("cheat", "softmax") == 0 and points("cheat", "masking") > 0
    assert points("unreadable", UNREADABLE) == 0 and points("unreadable", "softmax") > 0


def test_csv_export_holds_each_learners_total(course):
    with open(course["dir"] / "grades.csv", newline="") as handle:
        rows = {row["student_id"]: row for row in csv.DictReader(handle)}
    assert set(rows) == set(LEARNERS)
    for learner in LEARNERS:
        assert float(rows[learner]["score"]) == pytest.approx(sum(course["expected"][learner].values())), learner
        assert float(rows[learner]["max_score"]) == pytest.approx(course["maximum"])


def test_unreadable_notebook_is_reported_and_the_rest_graded(course):
    log = course["autograde"].stdout + course["autograde"].stderr
    assert f"unreadable/{ASSIGNMENT}/{UNREADABLE}.ipynb is not a readable notebook" in log
    feedback = (course["dir"] / "feedback" / "unreadable" / ASSIGNMENT / f"{UNREADABLE}.html").read_text()
    assert "could not be read when it was graded" in feedback
    assert gradebook_points(course["dir"], "unreadable") == course["expected"]["unreadable"]


def test_feedback_names_the_mistake_and_hides_the_hidden_suite(course):
    exercise, function, name = MISTAKE
    html_text = (course["dir"] / "feedback" / "mistake" / ASSIGNMENT / f"{exercise}.html").read_text()
    feedback = " ".join(html.unescape(html_text).split())
    explanation = next(v for v in variants(exercise, correct=False) if v.name == name).explanation
    first_sentence = " ".join(explanation.split(". ")[0].split())
    assert name in feedback and first_sentence in feedback, \
        "the catalogued mistake is not named in the learner's feedback"
    assert "AssertionError" in feedback
    done = run([sys.executable, "-m", "attn", "nbgrader", "scan", "--feedback", str(course["dir"] / "feedback")],
               REPO, check=False)
    assert done.returncode == 0, done.stdout[-3000:]


def test_kernel_attacks_never_ran_in_the_grading_kernel(course):
    nb = nbformat.read(course["dir"] / "autograded" / "kernel_attack" / ASSIGNMENT / "softmax.ipynb", as_version=4)
    verdicts = [cell for cell in nb.cells if cell.metadata.get("nbgrader", {}).get("grade")]
    assert verdicts and all(cell.outputs for cell in verdicts), "a test cell was skipped instead of graded"
    assert not any("passed" in output.get("text", "") for cell in verdicts for output in cell.outputs)
    assert all(cell.source.startswith("# Hidden check") for cell in verdicts), "feedback must show the visible cell"
