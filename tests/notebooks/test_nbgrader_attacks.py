"""Real `nbgrader autograde` on a class of attackers: nothing a learner submits runs outside the grader's sandbox.

One notebook (softmax). Learners: `right` (the model answer), `blank` (the release as given), `wrong` (a catalogued
mistake that earns part of the points) and, each with that same wrong answer plus one attack:

- files handed in beside the notebook that a kernel or the grader would import or read if they were on its path or
  in its working folder (`ipykernel_launcher.py` starting a real kernel with an input transformer that passes every
  cell, `sitecustomize.py`, `usercustomize.py`, a `.pth` file, `conftest.py`, modules named like what the kernel or
  grader imports, a `kernel.json`, an `.ipython` profile and IPython config files, symbolic links out of the folder);
  each file, if it ever runs, writes a canary file and turns every later cell into a pass;
- edited notebook metadata (kernelspec and language, points, grade flags, cell ids, deleted, duplicated or edited test
  cells, cells with the ids of hidden ones, an old nbgrader schema), and forged outputs and execution counts;
- every cheat of the grader's corpus (`tests/grader/cheats/`) as the learner's solution cell.

Every attacker must score exactly what `wrong` scores (a cheat: zero, as its softmax is wrong), no canary may appear,
no file outside the learner's own autograded folder may change, and the batch must complete. Two more learners:
`honest_deleted` (the right answers, test cells deleted by accident: full marks, from their own notebook) and
`aborted`, whose grading fails mid-way (a failure injected through the course's own config): the export must say so.
"""
from __future__ import annotations

import csv
import hashlib
import html
import json
import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from grader.catalogue import overlay_source, variants
from grader.sandbox import default_server
from grader.notebooks.course import answered

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[2]
ASSIGNMENT, EXERCISE = "ps1", "softmax"
SOLUTION_CELL = f"{EXERCISE}-softmax_cols"
WRONG = "softmax_without_max_subtraction"  # right on ordinary scores, wrong on large ones and on -inf
CHEATS = sorted(path.stem for path in (REPO / "tests" / "grader" / "cheats").glob("*.py"))
NEEDS_FULL_ISOLATION = {"import_reference", "read_hidden_files", "fake_result_files", "fork_bomb", "kill_everything"}

PAYLOAD = """\
import pathlib
pathlib.Path({canary!r}, {name!r}).write_text("this file ran while grading")
try:
    get_ipython().input_transformers_post.append(lambda lines: ['print("passed")\\n'])
except Exception:
    pass
"""

LAUNCHER = """\
{payload}
from ipykernel.kernelapp import IPKernelApp
app = IPKernelApp.instance()
app.initialize()
app.shell.input_transformers_post.append(lambda lines: ['print("passed")\\n'])
app.start()
"""


def file_attacks(canary: Path) -> dict[str, dict[str, str]]:
    """learner -> {path relative to their submission folder: text}; a text starting with '->' is a symbolic link."""
    def payload(name: str) -> str:
        return PAYLOAD.format(canary=str(canary), name=name)

    kernel = json.dumps({"argv": [sys.executable, "-c", payload("kernel_json")], "display_name": "Python 3",
                         "language": "python"})
    return {
        "launcher": {"ipykernel_launcher.py": LAUNCHER.format(payload=payload("launcher"))},
        "sitecustomize": {"sitecustomize.py": payload("sitecustomize")},
        "usercustomize": {"usercustomize.py": payload("usercustomize")},
        "pth_file": {"zz-attack.pth": f"import os; exec({payload('pth_file')!r})\n"},
        "conftest": {"conftest.py": payload("conftest")},
        "shadow_modules": {f"{name}.py": payload(f"shadow_{name}") for name in
                           ("torch", "json", "nbformat", "traitlets", "zmq", "softmax", "IPython", "ipykernel")}
                          | {"grader/__init__.py": payload("shadow_grader"), "encodings/__init__.py": payload("enc")},
        "kernel_json": {"kernel.json": kernel, "kernels/python3/kernel.json": kernel,
                        "share/jupyter/kernels/python3/kernel.json": kernel},
        "ipython_profile": {".ipython/profile_default/startup/00-attack.py": payload("profile_startup"),
                            ".ipython/profile_default/ipython_kernel_config.py": payload("profile_config"),
                            "ipython_config.py": payload("ipython_config"),
                            "ipython_kernel_config.py": payload("ipython_kernel_config"),
                            "jupyter_config.py": payload("jupyter_config")},
        "symlinks": {"hostname.txt": "->/etc/hostname", "solutions": f"->{REPO / 'solutions'}"},
    }


def _meta(cell) -> dict:
    return cell.metadata.get("nbgrader", {})


def _tests(nb) -> list:
    return [cell for cell in nb.cells if _meta(cell).get("grade")]


def kernelspec(nb):
    nb.metadata["kernelspec"] = {"name": "attack", "display_name": "Attack", "language": "R"}
    nb.metadata["language_info"] = {"name": "R"}


def points(nb):
    for cell in _tests(nb):
        cell.metadata["nbgrader"]["points"] = 1000


def grade_flags(nb):
    for cell in _tests(nb):
        cell.metadata["nbgrader"]["grade"] = False  # ungraded tests would get nbgrader's default: no score at all
    for cell in nb.cells:
        if _meta(cell).get("solution"):
            cell.metadata["nbgrader"].update(grade=True, points=1000)  # a solution cell graded as a passing test


def cell_ids(nb):
    for cell in _tests(nb):
        cell.metadata["nbgrader"]["grade_id"] += "-renamed"


def deleted_tests(nb):
    nb.cells = [cell for cell in nb.cells if not _meta(cell).get("grade")]


def duplicated_tests(nb):
    copies = []
    for cell in _tests(nb):
        copy = nbformat.from_dict(json.loads(json.dumps(cell)))
        copy.source, copy.id = 'print("passed")', cell.id + "x"
        copies.append(copy)
    nb.cells = copies + nb.cells  # the copies come first: nbgrader's own dedup would keep them


def hidden_ids(nb):
    fakes = [nbformat.v4.new_code_cell('print("passed")', metadata={"nbgrader": dict(_meta(cell), points=1000)})
             for cell in _tests(nb)]
    nb.cells = fakes + nb.cells


def edited_tests(nb):
    for cell in _tests(nb):
        cell.source = 'print("passed")'  # the checksum no longer matches


def old_schema(nb):
    for cell in nb.cells:
        if "nbgrader" in cell.metadata:
            cell.metadata["nbgrader"]["schema_version"] = 1  # nbgrader alone aborts the whole batch on this


def forged_outputs(nb):
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.execution_count = 7
            cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text="passed\n"),
                            nbformat.v4.new_output("execute_result", data={"text/plain": "1000"}, execution_count=7)]


METADATA_ATTACKS = {f.__name__: f for f in (kernelspec, points, grade_flags, cell_ids, deleted_tests,
                                            duplicated_tests, hidden_ids, edited_tests, old_schema, forged_outputs)}

INJECTED_FAILURE = """

# Added by the test: one learner's grading fails mid-way, standing for any error nbgrader meets while grading.
from nbgrader.preprocessors import NbGraderPreprocessor


class FailForOneLearner(NbGraderPreprocessor):
    def preprocess(self, nb, resources):
        if resources["nbgrader"]["student"] == "aborted":
            raise RuntimeError("injected failure")
        return nb, resources


c.Autograde.autograde_preprocessors = [FailForOneLearner, *c.Autograde.autograde_preprocessors]
"""


def run(args: list[str], cwd: Path, check: bool = True) -> subprocess.CompletedProcess:
    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1")
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    done = subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, timeout=900)
    if check and done.returncode != 0:
        raise AssertionError(f"{' '.join(args)} exited {done.returncode}:\n{done.stdout[-3000:]}\n{done.stderr[-5000:]}")
    return done


def nbgrader(*args: str, cwd: Path, check: bool = True) -> subprocess.CompletedProcess:
    return run([sys.executable, "-m", "nbgrader", *args], cwd, check)


def fingerprint(root: Path, skip: tuple[str, ...] = ()) -> dict[str, str]:
    """relative path -> sha256 of every file (link: its target) under root, except the relative paths in `skip`."""
    found = {}
    for path in sorted(root.rglob("*")) if root.exists() else []:
        relative = path.relative_to(root).as_posix()
        if relative.startswith(skip) or "__pycache__" in path.parts or ".hypothesis" in path.parts:
            continue
        if path.is_symlink():
            found[relative] = "-> " + os.readlink(path)
        elif path.is_file():
            found[relative] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def watched() -> dict[str, dict[str, str]]:
    """What an attack could change outside the course folder: the course's code, and the grading user's Jupyter and
    IPython configuration."""
    home = Path.home()
    roots = [REPO / name for name in ("grader", "reference", "solutions", "exercises", "attn", "quizzes")]
    roots += [home / ".ipython", home / ".jupyter", home / ".local" / "share" / "jupyter"]
    return {str(root): fingerprint(root) for root in roots}


@pytest.fixture(scope="module")
def full_isolation() -> bool:
    info = default_server().info
    return info["root"] and info["namespaces"]


@pytest.fixture(scope="module")
def graded(tmp_path_factory) -> dict:
    base = tmp_path_factory.mktemp("nbgrader-attacks")
    course, canary = base / "course", base / "canary"
    canary.mkdir()
    run([sys.executable, "-m", "attn", "nbgrader", "build", str(course), "--assignment", ASSIGNMENT,
         "--exercises", EXERCISE], REPO)
    nbgrader("generate_assignment", ASSIGNMENT, cwd=course)
    with open(course / "nbgrader_config.py", "a") as handle:
        handle.write(INJECTED_FAILURE)
    release = nbformat.read(course / "release" / ASSIGNMENT / f"{EXERCISE}.ipynb", as_version=4)
    source = nbformat.read(course / "source" / ASSIGNMENT / f"{EXERCISE}.ipynb", as_version=4)
    wrong = next(v for v in variants(EXERCISE, correct=False) if v.name == WRONG)

    def notebook(answer: str | None):
        nb = answered(release, source) if answer == "right" else \
            answered(release, source, {SOLUTION_CELL: answer}) if answer else nbformat.from_dict(release)
        return nbformat.from_dict(json.loads(nbformat.writes(nb)))

    def hand_in(learner: str, nb, files: dict[str, str] | None = None) -> None:
        folder = course / "submitted" / learner / ASSIGNMENT
        folder.mkdir(parents=True)
        nbformat.write(nb, folder / f"{EXERCISE}.ipynb")
        for name, text in (files or {}).items():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            if text.startswith("->"):
                (folder / name).symlink_to(text[2:])
            else:
                (folder / name).write_text(text)

    wrong_source = overlay_source(wrong)
    hand_in("right", notebook("right"))
    hand_in("blank", notebook(None))
    hand_in("wrong", notebook(wrong_source))
    hand_in("aborted", notebook("right"))
    honest = notebook("right")
    deleted_tests(honest)
    hand_in("honest_deleted", honest)
    for learner, files in file_attacks(canary).items():
        hand_in(learner, notebook(wrong_source), files)
    for learner, attack in METADATA_ATTACKS.items():
        nb = notebook(wrong_source)
        attack(nb)
        hand_in(learner, nb)
    for cheat in CHEATS:
        text = (REPO / "tests" / "grader" / "cheats" / f"{cheat}.py").read_text()
        hand_in(f"cheat_{cheat}", notebook(text.replace("__REPO__", str(REPO)).replace("__OUT__", str(course))))
    (course / "submitted" / "linked" / ASSIGNMENT).mkdir(parents=True)
    (course / "submitted" / "linked" / ASSIGNMENT / f"{EXERCISE}.ipynb").symlink_to(
        course / "submitted" / "right" / ASSIGNMENT / f"{EXERCISE}.ipynb")  # another learner's work, by a link

    before_course = fingerprint(course, skip=("autograded", "gradebook.db"))
    before_outside = watched()
    autograde = nbgrader("autograde", ASSIGNMENT, cwd=course, check=False)
    nbgrader("generate_feedback", ASSIGNMENT, cwd=course)
    nbgrader("export", "--to", "grades.csv", cwd=course)
    with open(course / "grades.csv", newline="") as handle:
        rows = {row["student_id"]: row for row in csv.DictReader(handle)}
    return {"course": course, "canary": canary, "autograde": autograde, "rows": rows,
            "changed_in_course": _changes(before_course, fingerprint(course, skip=("autograded", "gradebook.db",
                                                                                    "feedback", "grades.csv"))),
            "changed_outside": {root: _changes(before, fingerprint(Path(root)))
                                for root, before in before_outside.items()}}


def _changes(before: dict[str, str], after: dict[str, str]) -> list[str]:
    return sorted(path for path in before.keys() | after.keys() if before.get(path) != after.get(path))


def score(graded: dict, learner: str) -> float:
    return float(graded["rows"][learner]["score"])


ATTACKERS = [*file_attacks(Path("/nonexistent")), *METADATA_ATTACKS]


def test_the_baseline_scores_are_meaningful(graded):
    maximum = float(graded["rows"]["right"]["max_score"])
    assert score(graded, "right") == maximum > 0 and score(graded, "blank") == 0
    assert 0 < score(graded, "wrong") < maximum, "the wrong answer should earn part of the points"


@pytest.mark.parametrize("learner", ATTACKERS)
def test_an_attack_scores_what_the_wrong_answer_earns(graded, learner):
    assert score(graded, learner) == score(graded, "wrong"), \
        f"{learner}: {score(graded, learner)} points where the same wrong answer without the attack earns " \
        f"{score(graded, 'wrong')}"
    assert graded["rows"][learner]["autograde_status"] == "graded"


@pytest.mark.parametrize("cheat", CHEATS)
def test_a_cheat_from_the_corpus_scores_zero(graded, cheat, full_isolation):
    if cheat in NEEDS_FULL_ISOLATION and not full_isolation:
        pytest.skip("needs root and namespaces (the sandbox user and hidden files)")
    assert score(graded, f"cheat_{cheat}") == 0
    assert graded["rows"][f"cheat_{cheat}"]["autograde_status"] == "graded"


def test_no_attack_file_ever_ran(graded):
    assert sorted(os.listdir(graded["canary"])) == [], "a file handed in beside the notebooks ran while grading"


def test_nothing_outside_each_learners_autograded_folder_changed(graded):
    assert graded["changed_in_course"] == [], "files of the course changed while grading"
    changed = {root: paths for root, paths in graded["changed_outside"].items() if paths}
    assert not changed, f"files outside the course changed while grading: {changed}"


def test_autograded_folders_hold_only_the_notebooks(graded):
    autograded = graded["course"] / "autograded"
    extra = {learner.name: sorted(p.name for p in (learner / ASSIGNMENT).iterdir() if p.name != f"{EXERCISE}.ipynb")
             for learner in autograded.iterdir() if (learner / ASSIGNMENT).is_dir()}
    assert not any(extra.values()), f"files other than the notebook reached the autograded folders: {extra}"


def test_files_set_aside_are_named_in_the_feedback(graded):
    feedback = html.unescape((graded["course"] / "feedback" / "launcher" / ASSIGNMENT / f"{EXERCISE}.html")
                             .read_text())
    assert "ipykernel_launcher.py" in feedback and "set aside" in feedback


def test_test_cells_deleted_by_an_honest_learner_are_put_back_and_their_answers_graded(graded):
    assert score(graded, "honest_deleted") == score(graded, "right")
    feedback = html.unescape((graded["course"] / "feedback" / "honest_deleted" / ASSIGNMENT / f"{EXERCISE}.html")
                             .read_text())
    assert "put back" in feedback


def test_a_notebook_linked_from_elsewhere_is_not_read(graded):
    assert score(graded, "linked") == 0
    assert "symbolic link" in graded["autograde"].stdout + graded["autograde"].stderr


def test_a_learner_whose_grading_failed_is_flagged_in_the_export_and_the_summary(graded):
    log = graded["autograde"].stdout + graded["autograde"].stderr
    assert graded["autograde"].returncode != 0, "nbgrader must exit non-zero when a learner could not be graded"
    assert f"There was an error processing assignment '{ASSIGNMENT}' for student 'aborted'" in log
    failed = [line for line in log.splitlines() if "There was an error processing assignment '" in line]
    assert len(failed) == 1, f"only the injected failure may fail: {failed}"
    assert graded["rows"]["aborted"]["autograde_status"].startswith("NOT AUTOGRADED")
    assert all(row["autograde_status"] == "graded" for learner, row in graded["rows"].items() if learner != "aborted")


def test_feedback_quotes_no_hidden_check_or_reference(graded):
    """The scan finds no line of the hidden suite or the reference; no seed and no verdict code shows."""
    done = run([sys.executable, "-m", "attn", "nbgrader", "scan", "--feedback", str(graded["course"] / "feedback")],
               REPO, check=False)
    assert done.returncode == 0, done.stdout[-3000:]
    feedback = " ".join(html.unescape(path.read_text()) for path in (graded["course"] / "feedback").rglob("*.html"))
    assert "manual_seed" not in feedback
    assert "raise AssertionError('hidden check failed" not in feedback, "a verdict's code shows in the feedback"
